#!/usr/bin/env bash
# Runs the whole suite headless (XCTest and Swift Testing, one after the other, as
# `swift test` does) and ends with one plain summary line, the figure CI reads:
#   N passed, N failed, N skipped
# XCTest's total and skipped count come from its last "Executed N tests, with K tests skipped
# and F failures" line; F counts failed assertions, not tests, so failed tests are counted
# from their "Test Case '...' failed (T seconds)" lines. Swift Testing's total comes from
# "Test run with N tests in M suites ..." (6.1 on) or "Test run with N tests ..." (6.0); it counts
# skipped tests in N, so skipped ones are counted from their "➜ Test x() skipped" lines and
# failed ones from their "✘ Test x() failed after ..." lines: one per failing test however
# many issues it recorded (tests with known issues only pass). The exit status is non-zero
# if anything failed, including a crash or a build error that leaves no summary.
set -uo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
SDL_AUDIODRIVER=dummy ${SWIFT:-swift} test "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}

passed=0 failed=0 skipped=0 found=0

# XCTest: the last summary is the whole run's.
summary=$(grep -aE "^[[:space:]]*Executed [0-9]+ tests?, with" "$log" | tail -1)
if [[ $summary =~ Executed\ ([0-9]+)\ tests?,\ with\ (([0-9]+)\ tests?\ skipped\ and\ )?([0-9]+)\ failures? ]]; then
    total=${BASH_REMATCH[1]}; xs=${BASH_REMATCH[3]:-0}
    # One per failed test, however many assertions failed in it.
    xf=$(grep -aE "^[[:space:]]*Test Case '[^']+' failed \(" "$log" | sed -E "s/^[[:space:]]*Test Case '([^']+)'.*/\1/" | sort -u | wc -l)
    # A failure the runner counted without a "failed" test line (a crash in setUp): one test.
    [ "$xf" -eq 0 ] && [ "${BASH_REMATCH[4]}" -gt 0 ] && xf=1
    passed=$((total - xs - xf)); failed=$xf; skipped=$xs; found=1
fi

# Swift Testing: "✔ Test run with N tests in M suites passed after T seconds." or
# "✘ Test run with N tests in M suites failed after T seconds with K issues."; Swift
# Testing 6.0 (Debian 13's swiftlang) leaves out "in M suites".
summary=$(grep -aE "^[^[:space:]]+ Test run with [0-9]+ tests? (in [0-9]+ suites? )?(passed|failed) " "$log" | tail -1)
if [[ $summary =~ Test\ run\ with\ ([0-9]+)\ tests?\  ]]; then
    total=${BASH_REMATCH[1]}
    ss=$(grep -acE "^[^[:space:]]+ Test .+ skipped(:|\.)" "$log")
    sf=$(grep -aE "^[^[:space:]]+ Test .+ failed after " "$log" | grep -vc " Test run with ")
    passed=$((passed + total - ss - sf)); failed=$((failed + sf)); skipped=$((skipped + ss)); found=1
fi

if [ "$found" -eq 0 ]; then
    failed=$((failed + 1))
elif [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
    failed=1   # swift test failed without a failing test: a crash, a build error
fi
[ "$failed" -gt 0 ] && [ "$status" -eq 0 ] && status=1
echo "$passed passed, $failed failed, $skipped skipped"
exit "$status"
