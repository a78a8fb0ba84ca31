# Monkey play (tools/monkey/README.md), included by the Makefile.
#
# `make soak` builds the release binary, then plays a million random but valid input events
# over hundreds of seeds, two runs at a time, checks every log against the invariants and
# prints a summary (also written to tools/monkey/last-soak.txt). It fails if a run crashed
# or broke an invariant; the failing scripts and logs are kept in .build/monkey-failures/
# (shrink one with: python3 tools/monkey/monkey.py shrink --seed N --script FILE -o min.txt).
# `make test` runs a short version (MonkeyTests).

MONKEY          ?= python3 tools/monkey/monkey.py
SOAK_EVENTS     ?= 1000000
SOAK_JOBS       ?= 2
SOAK_FIRST_SEED ?= 1000
SOAK_SUMMARY    ?= tools/monkey/last-soak.txt
SOAK_BINARY     ?= .build/release/$(BIN)

soak: release
	@command -v python3 >/dev/null 2>&1 || { echo "error: the monkey needs python3 (standard library only)"; exit 1; }
	$(MONKEY) soak --binary $(SOAK_BINARY) --events $(SOAK_EVENTS) --jobs $(SOAK_JOBS) \
	  --first-seed $(SOAK_FIRST_SEED) --events-per-run 2500 --adaptive-every 5 --adaptive-events 1000 \
	  --replay-every 25 --keep .build/monkey-failures --summary $(SOAK_SUMMARY)
