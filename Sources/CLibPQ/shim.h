// PostgreSQL's client library (Debian's libpq-dev): the school's server (README "A school's server").
#include <libpq-fe.h>
