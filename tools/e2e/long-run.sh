#!/bin/sh
# The long run: MINUTES simulated minutes (default 30 = 108,000 frames) of Balloons Hard,
# headless but drawing every frame (textures and cached texts only exist when frames are
# drawn), played by the blind script of balloons-script.sh. Prints the figures: peak RSS
# after a WARMUP-minute run of the same script (same seed and the same script with an early
# quit, so the long run's first minutes are the same frames and the parsed script weighs
# the same) against the long run's peak, the growth, the RSS seen while the long run goes
# on, how many games it played, the runtime, and the text-texture cache size after
# the same number of frames of the built-in Balloons Hard benchmark (--bench, which floods
# the sky with 40+ balloons and answers "Play again?" too).
#
#   tools/e2e/long-run.sh [MINUTES] [WARMUP_MINUTES]
#   BIN=path/to/kids-joy-center tools/e2e/long-run.sh 30 3
#
# BIN defaults to the release build when there is one (swift build -c release), else the
# debug build. Exit status 1 when the growth is 5 MB or more, or the game stopped playing.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
minutes=${1:-30}
warmup=${2:-3}
if [ -z "${BIN:-}" ]; then
    BIN="$root/.build/release/kids-joy-center"
    [ -x "$BIN" ] || BIN="$root/.build/debug/kids-joy-center"
fi
[ -x "$BIN" ] || { echo "long-run: no binary at $BIN (run swift build first)" >&2; exit 1; }
export SDL_AUDIODRIVER=dummy
work=$(mktemp -d "${TMPDIR:-/tmp}/kjc-long-run.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
seed=5

# Prints the integer value of "field" from the last line of a JSON Lines file holding it.
field() { grep "\"event\":\"$2\"" "$1" | tail -n 1 | sed -n "s/.*\"$3\":\([0-9]*\).*/\1/p"; }

"$here/balloons-script.sh" "$minutes" "$warmup" > "$work/warmup.txt"
"$here/balloons-script.sh" "$minutes" > "$work/long.txt"

echo "binary: $BIN"
echo "warm-up: $warmup simulated minutes..."
start=$(date +%s)
"$BIN" --headless --process-stats --seed $seed --script "$work/warmup.txt" --log "$work/warmup.jsonl" --data-dir "$work/data-warmup"
warm_peak=$(field "$work/warmup.jsonl" quit peakRSSkB)
echo "  peak RSS after warm-up: $warm_peak kB ($(( $(date +%s) - start )) s)"

echo "long run: $minutes simulated minutes ($(( minutes * 3600 )) frames)..."
start=$(date +%s)
"$BIN" --headless --process-stats --seed $seed --script "$work/long.txt" --log "$work/long.jsonl" --data-dir "$work/data-long" &
pid=$!
# RSS now, sampled every 30 s of wall time (the log is buffered, so the simulated time
# shown is where the last flushed line was).
tick=0
while kill -0 $pid 2>/dev/null; do
    sleep 1
    tick=$(( tick + 1 ))
    [ $(( tick % 30 )) -eq 0 ] || continue
    rss=$(sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\).*/\1/p' /proc/$pid/status 2>/dev/null || true)
    [ -n "$rss" ] || break
    t=$(tail -n 1 "$work/long.jsonl" 2>/dev/null | sed -n 's/^{"t":\([0-9.]*\).*/\1/p')
    echo "  $(( $(date +%s) - start )) s: RSS $rss kB (simulated ~${t:-0} s)"
done
wait $pid
runtime=$(( $(date +%s) - start ))
end_peak=$(field "$work/long.jsonl" quit peakRSSkB)
games=$(grep -c '"event":"gameover"' "$work/long.jsonl" || true)
answers=$(grep -c '"event":"answer","button":"yes"' "$work/long.jsonl" || true)
pops=$(grep -c '"event":"pop"' "$work/long.jsonl" || true)
homes=$(grep -c '"stack":\["home"\]}' "$work/long.jsonl" || true)
growth=$(( end_peak - warm_peak ))
echo "  peak RSS at the end: $end_peak kB"
echo "  growth after warm-up: $growth kB (target < 5120 kB)"
echo "  games: $games game overs, $answers answered Yes, $pops balloons popped; runtime $runtime s"

echo "text cache: $(( minutes * 3600 )) frames of --bench balloons-hard..."
start=$(date +%s)
bench=$("$BIN" --headless --seed $seed --bench balloons-hard --bench-frames $(( minutes * 3600 )) --data-dir "$work/data-bench")
echo "  cached texts: $(echo "$bench" | sed -n 's/.*"cachedTexts":\([0-9]*\).*/\1/p') (the canvas keeps at most 200 after each frame)"
echo "  bench peak RSS: $(echo "$bench" | sed -n 's/.*"peakRSSkB":\([0-9]*\).*/\1/p') kB ($(( $(date +%s) - start )) s)"

status=0
[ "$growth" -lt 5120 ] || { echo "FAIL: RSS grew by $growth kB" >&2; status=1; }
# Home shows only at the start (its first push); a game that stopped being replayed would show it again.
[ "$homes" -le 1 ] || { echo "FAIL: the run went back Home $homes times" >&2; status=1; }
[ "$games" -ge $(( minutes )) ] || { echo "FAIL: only $games games in $minutes minutes" >&2; status=1; }
exit $status
