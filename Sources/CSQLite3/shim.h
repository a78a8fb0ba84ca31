#include <sqlite3.h>

/// SQLITE_TRANSIENT is a cast macro Swift cannot import: binds copy their text and blobs.
static inline sqlite3_destructor_type kjc_sqlite_transient(void) { return SQLITE_TRANSIENT; }
