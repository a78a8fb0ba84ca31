#!/usr/bin/env bash
# Runs the XCTest suite headless and ends with one plain summary line ("N passed, N failed,
# N skipped"), the figure CI reads. Exit status is swift test's.
set -uo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
SDL_AUDIODRIVER=dummy ${SWIFT:-swift} test --disable-swift-testing "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
summary=$(grep -E "^[[:space:]]*Executed [0-9]+ tests?, with" "$log" | tail -1)
if [[ $summary =~ Executed\ ([0-9]+)\ tests?,\ with\ (([0-9]+)\ tests?\ skipped\ and\ )?([0-9]+)\ failures? ]]; then
    total=${BASH_REMATCH[1]}; skipped=${BASH_REMATCH[3]:-0}; failed=${BASH_REMATCH[4]}
    echo "$((total - skipped - failed)) passed, $failed failed, $skipped skipped"
else
    echo "0 passed, 1 failed"
    [ "$status" -eq 0 ] && status=1
fi
exit "$status"
