# Database-damage soak (tools/soak/db_soak.py), included by the Makefile. Not part of
# `make test` (500 runs take a while); the suite runs a short version (DatabaseSoakTests).
#
# `make db-soak` builds the release binary, then runs DB_SOAK_RUNS runs of the crash-test
# driver while the database is corrupted, truncated, locked by another program or the game
# killed, and checks that no round reported saved is lost (tools/soak/last-db-soak.txt).

DB_SOAK_RUNS    ?= 500
DB_SOAK_SEED    ?= 1
DB_SOAK_SUMMARY ?= tools/soak/last-db-soak.txt

db-soak: release
	@command -v python3 >/dev/null 2>&1 || { echo "error: the soak needs python3 (standard library only)"; exit 1; }
	nice -n 10 python3 tools/soak/db_soak.py --binary .build/release/$(BIN) --runs $(DB_SOAK_RUNS) \
	  --seed $(DB_SOAK_SEED) --summary $(DB_SOAK_SUMMARY)

.PHONY: db-soak
