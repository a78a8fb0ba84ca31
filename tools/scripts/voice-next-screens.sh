#!/usr/bin/env bash
# Takes the screenshots of issue 45's "what the voice says is what happens" (docs/parents.md,
# Balloons and "The end of a round"), headless, seed 7:
#   balloons-idle-warning.png  Balloons Easy, one balloon popped, then nothing: the sleeping
#                              balloon counts down the seconds left before the game stops
#   end-idle.png               the same game stopped by waiting: why, and the points kept
#   end-suggest.png            Mia lost Memory Medium twice by time: the voice suggests Easy,
#                              and ↻ shows Easy's star (it plays Easy)
# Usage: tools/scripts/voice-next-screens.sh [OUTPUT_DIR]   (default docs/screenshots)
#   KJC_BIN overrides the binary (default .build/debug/kids-joy-center, built if missing).
set -euo pipefail

cd "$(dirname "$0")/../.."
out="$(realpath -m "${1:-docs/screenshots}")"
bin="${KJC_BIN:-.build/debug/kids-joy-center}"
if [ ! -x "$bin" ]; then swift build >/dev/null; fi
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export SDL_AUDIODRIVER=dummy
run() { "$bin" --headless --seed 7 --data-dir "$1" --script "$2" --log "$work/log.jsonl" "${@:3}"; }

# Balloons: the first balloon popped at 3 s, then nobody pops: the warning from 8 s (3 left
# at 10.5 s), the end at 13 s.
cat > "$work/idle.txt" <<SCRIPT
0.2 tap-item game-balloons
0.4 tap-item level-easy
0.6 tap-item play
3 tap-item balloon-0
10.5 screenshot $out/balloons-idle-warning.png
15 screenshot $out/end-idle.png
SCRIPT
run "$work/idle-data" "$work/idle.txt"

# Two losses in a row at Medium (1:45 each): "Let's try an easier level!", ↻ shows Easy.
cat > "$work/suggest.txt" <<SCRIPT
0.2 tap-item game-memory
0.4 tap-item level-medium
0.6 tap-item play
110 tap-item alert-yes
222 screenshot $out/end-suggest.png
SCRIPT
run "$work/suggest-data" "$work/suggest.txt" --profile Mia
grep -q '"event":"suggest".*"level":"easy"' "$work/log.jsonl" || { echo "voice-next-screens: no suggestion of Easy in the log" >&2; exit 1; }

echo "voice-next-screens: balloons-idle-warning.png end-idle.png end-suggest.png in $out"
