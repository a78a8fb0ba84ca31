// PostgreSQL's client library (Debian's libpq-dev): the school's server (docs/schools.md, "The school's server").
#include <libpq-fe.h>
