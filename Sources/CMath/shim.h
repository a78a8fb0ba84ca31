// The C library's maths (sin, cos, atan2, sqrt, pow, ...) and nothing else: what the scenes
// and Stage need of C (issue #44), where `import Glibc` would also give them files, the
// environment and processes.
#include <math.h>
