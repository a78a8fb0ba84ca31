#!/usr/bin/env bash
# The summary of a `swift test` run's output (tools/run-tests.sh): one plain line at the end,
#   N passed, N failed, N skipped
# and before it one line for every skipped test or suite, with its reason.
#   tools/test-summary.sh LOG STATUS   (STATUS: swift test's exit status)
# XCTest's total and skipped count come from its last "Executed N tests, with K tests skipped
# and F failures" line; F counts failed assertions, not tests, so failed tests are counted
# from their "Test Case '...' failed (T seconds)" lines. Swift Testing's total comes from
# "Test run with N tests in M suites ..." (6.1 on) or "Test run with N tests ..." (6.0); it
# counts skipped tests in N, so skipped ones are counted from their "➜ Test x() skipped" lines
# and failed ones from their "✘ Test x() failed after ..." lines: one per failing test however
# many issues it recorded. Exits non-zero if anything failed, including a crash or a build
# error that leaves no summary.
#
# Tests cannot quietly skip (issue #46): with KJC_STRICT_SKIPS=1 (`make test` sets it), a
# skipped test or suite fails the run unless the "Tests that may skip" table of
# docs/developers.md (KJC_SKIPS_DOC names another file) lists it
# with a condition that holds on this machine ("as root", "not as root", or "always" for a
# test that is off on purpose); the summary says which and why.
set -uo pipefail
log=$1
status=$2
skipsdoc=${KJC_SKIPS_DOC:-$(dirname "$0")/../docs/developers.md}
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

# Every skipped test and suite, by name, with its reason: Swift Testing's
# '➜ Test name() skipped: "why"' and '➜ Suite Name skipped: "why"', XCTest's
# "Test Case 'X.name' skipped".
skips=$( { grep -aE "^[^[:space:]]+ (Test|Suite) .+ skipped(:|\.)" "$log" | sed -E 's/^[^[:space:]]+ (Test|Suite) (.+) skipped(: "?(.*[^"])"?|\.)?$/\1	\2	\4/'
           grep -aE "^[[:space:]]*Test Case '[^']+' skipped" "$log" | sed -E "s/^[[:space:]]*Test Case '([^']+)' skipped.*/Test	\1	/"; } | sort -u)

# The guide's table: | `name` | condition | why |, under the heading "Tests that may skip".
allowed() {
    awk '/^#+ Tests that may skip/ { on = 1; next } on && /^#/ { exit } on' "$skipsdoc" 2>/dev/null \
        | grep -aE '^\| *`' | sed -E 's/^\| *`([^`]+)` *\| *([^|]*[^| ]) *\|.*/\1	\2/'
}
uid=$(id -u)
holds() {
    case "$1" in
        always) return 0 ;;
        "as root") [ "$uid" -eq 0 ] ;;
        "not as root") [ "$uid" -ne 0 ] ;;
        *) return 1 ;;
    esac
}
unlisted=0
if [ -n "$skips" ]; then
    table=$(allowed)
    while IFS=$'\t' read -r kind name why; do
        [ -z "$name" ] && continue
        condition=$(printf '%s\n' "$table" | awk -F'\t' -v n="$name" '$1 == n { print $2; exit }')
        if [ -n "$condition" ] && holds "$condition"; then
            echo "Skipped: $kind $name ($why; docs/developers.md allows it $condition)"
        elif [ "${KJC_STRICT_SKIPS:-0}" = 1 ]; then
            echo "Skipped and not allowed: $kind $name ($why): docs/developers.md's \"Tests that may skip\" ${condition:+allows it only $condition}${condition:-does not list it}"
            unlisted=$((unlisted + 1))
        else
            echo "Skipped: $kind $name ($why)"
        fi
    done <<< "$skips"
fi
if [ "$unlisted" -gt 0 ]; then
    failed=$((failed + unlisted))
    echo "$unlisted skipped test(s) or suite(s) not allowed by docs/developers.md (KJC_STRICT_SKIPS=1): install what they need (make test-deps) or list why they may skip"
fi
[ "$failed" -gt 0 ] && [ "$status" -eq 0 ] && status=1
echo "$passed passed, $failed failed, $skipped skipped"
exit "$status"
