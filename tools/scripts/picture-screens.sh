#!/usr/bin/env bash
# Takes the screenshots of the screens a child who cannot read meets (docs/screens.md, "Screens
# for children who cannot read"; docs/parents.md), headless:
#   end-won.png   a Hard Memory game won by a child, Mia (tools/scripts/memory-hard-win.sh's
#                 play, seed 7): her stars, her score and the sticker she earned
#   end-lost.png  a Hard Memory game lost by time with one pair found: the clock, no stars
#   (end-idle.png: tools/scripts/voice-next-screens.sh, with the points kept)
#   leave.png     Back in a running Memory game: the door and the ▶
#   quit.png      Esc on Home: the door and the ▶
#   pause.png     a Balloons game paused
#   highscores.png the high-score table with four rows
#   highscores-empty.png a fresh install's table: the empty podium and "Play to be here!"
# Usage: tools/scripts/picture-screens.sh [OUTPUT_DIR]   (default docs/screenshots)
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

# Won: the Memory win script, its screenshot moved to when most confetti has fallen.
KJC_BIN="$bin" tools/scripts/memory-hard-win.sh 7 "$work/win" >/dev/null
grep -v screenshot "$work/win/play.txt" > "$work/won.txt"
last=$(tail -1 "$work/won.txt" | cut -d' ' -f1)
echo "$(python3 -c "print(f'{$last + 0.6:.2f}')") screenshot $out/end-won.png" >> "$work/won.txt"
run "$work/won-data" "$work/won.txt" --profile Mia

# Lost: the same deal; one pair found, then the 1:30 runs out.
python3 - "$work" "$out" <<'PYTHON'
import json, sys
work, out = sys.argv[1:]
dump = [e for e in map(json.loads, open(f"{work}/win/learn.jsonl")) if e["event"] == "dump"][-1]
cards = [i for i in dump["items"] if i["kind"] == "card"]
a = cards[0]
b = next(c for c in cards[1:] if c["face"] == a["face"])
start = open(f"{work}/win/start.txt").read().rstrip()
# (After the deal: the taps and the loss come a second later than before it.)
open(f"{work}/lost.txt", "w").write(start + f"\n2.5 tap-item {a['id']}\n3.1 tap-item {b['id']}\n94.5 screenshot {out}/end-lost.png\n")
PYTHON
run "$work/lost-data" "$work/lost.txt"

# Back in a running game asks: the door and the ▶.
printf '0.2 tap-item game-memory\n0.4 tap-item level-easy\n0.6 tap-item play\n2 tap-item back\n3 screenshot %s/leave.png\n' "$out" > "$work/leave.txt"
run "$work/leave-data" "$work/leave.txt"

# The quit panel over Home.
printf '0.5 key escape\n1.5 screenshot %s/quit.png\n' "$out" > "$work/quit.txt"
run "$work/quit-data" "$work/quit.txt"

# Pause: Balloons, Easy, paused after 2 s.
printf '0.2 tap-item game-balloons\n0.4 tap-item level-easy\n0.6 tap-item play\n2.5 tap-item pause\n3.2 screenshot %s/pause.png\n' "$out" > "$work/pause.txt"
run "$work/pause-data" "$work/pause.txt"

# The high scores with four rows.
mkdir -p "$work/scores"
cat > "$work/scores/highscores.json" <<'JSON'
{"version":1,"scores":[{"id":"a","game":"balloons","level":"hard","score":132,"recorded":1},
{"id":"b","game":"memory","level":"medium","score":40,"recorded":2},
{"id":"c","game":"sorting","level":"easy","score":34,"recorded":3},
{"id":"d","game":"memory","level":"easy","score":25,"recorded":4}]}
JSON
printf '0.5 tap-item highscores\n1.5 screenshot %s/highscores.png\n' "$out" > "$work/scores.txt"
run "$work/scores" "$work/scores.txt"

# A fresh install's high scores: no row of dashes, the empty podium.
printf '0.5 tap-item highscores\n1.5 screenshot %s/highscores-empty.png\n' "$out" > "$work/empty.txt"
run "$work/empty-data" "$work/empty.txt"

echo "picture-screens: end-won.png end-lost.png leave.png quit.png pause.png highscores.png highscores-empty.png in $out"
