#!/usr/bin/env bash
# Takes the screenshots of the grown-ups' answers (docs/parents.md, "The grown-ups' corner"),
# headless, in English and Arabic, from a data folder with three children (Ana, Ben, Zoe):
# Ana and Ben have 15 sample games each, spread over the last two weeks; Zoe has not played.
#   home-padlock.png, home-padlock-ar.png            Home: the padlock and its caption by the logo
#   corner-progress.png, corner-progress-ar.png      Ana's Progress, after "Save report" (the folder named)
#   corner-progress-notplayed.png                    Zoe's page: "Not played yet"
# The report is saved into a temporary home folder ($HOME is pointed there), never yours.
# Usage: tools/scripts/progress-screens.sh [OUTPUT_DIR]   (default docs/screenshots)
#   KJC_BIN overrides the binary (default .build/debug/kids-joy-center, built if missing).
set -euo pipefail

cd "$(dirname "$0")/../.."
out="$(realpath -m "${1:-docs/screenshots}")"
bin="$(realpath "${KJC_BIN:-.build/debug/kids-joy-center}")"
if [ ! -x "$bin" ]; then swift build >/dev/null; fi
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export SDL_AUDIODRIVER=dummy
export HOME="$work/home/ana"
mkdir -p "$HOME"
data="$work/data"
echo "0.1 dump" > "$work/empty.txt"
for name in Ana Ben Zoe; do "$bin" --headless --data-dir "$data" --profile "$name" --script "$work/empty.txt" >/dev/null; done
"$bin" report --data-dir "$data" --make-sample 2x15 >/dev/null
# The sample's games are dated 1970: spread them over the last 15 days, 8 hours apart.
python3 - "$data/progress.db" <<'PY'
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1])
n = db.execute("SELECT count(*) FROM rounds").fetchone()[0]
now = time.time()
db.execute("UPDATE rounds SET played = ? - (? - id) * 8 * 3600", (now, n))
db.commit()
PY

# $1 language, $2 "mirror" for right to left; prints the script's lines after the gate.
shoot() {
  local lang=$1 suffix=$2
  rm -rf "$work/d"; cp -r "$data" "$work/d"
  # Ana (the picker's first tile), then the logo held: learn the gate's question.
  local pick_x=323; [ "$lang" = ar ] && pick_x=$((1024 - 323))
  local start="0.4 tap $pick_x 250
0.9 screenshot $out/home-padlock$suffix.png
1.0 down 512 32
4.2 up 512 32"
  printf '%s\n4.6 dump\n' "$start" > "$work/g.txt"
  "$bin" --headless --language "$lang" --data-dir "$work/d" --script "$work/g.txt" --log "$work/g.jsonl" >/dev/null
  rm -rf "$work/d"; cp -r "$data" "$work/d"
  python3 - "$work/g.jsonl" "$lang" "$out" "$suffix" > "$work/c.txt" <<'PY'
import json, sys
log, lang, out, suffix = sys.argv[1:]
q = [json.loads(l) for l in open(log) if '"gate"' in l and '"open"' in l][0]["question"]
a, op, b = q.split(" ")
answer = int(a) * int(b) if op == "×" else int(a) + int(b)
mirror = (lambda x: 1024 - x) if lang == "ar" else (lambda x: x)
pad = {d: (350 + ((d - 1) % 3) * 112 + 50, 348 + ((d - 1) // 3) * 88 + 38) for d in range(1, 10)}
pad[0] = (512, 650)
lines = [f"0.4 tap {mirror(323)} 250", "1.0 down 512 32", "4.2 up 512 32"]
t = 4.8
def tap(x, y, mirrored=True):
    global t
    lines.append(f"{t:.1f} tap {mirror(x) if mirrored else x} {y}"); t += 0.3
# The gate's number pad reads left to right in every language: not mirrored.
for ch in str(answer):
    tap(*pad[int(ch)], mirrored=False)
tap(624, 650, mirrored=False)        # OK
tap(512, 680)        # the corner
tap(124, 480)        # Progress
tap(838, 136)        # Save report
tap(232, 235)        # the home folder
t += 0.5
lines.append(f"{t:.1f} screenshot {out}/corner-progress{suffix}.png"); t += 0.2
if lang == "en":
    tap(938, 704); tap(938, 704)   # Zoe's page
    t += 0.5
    lines.append(f"{t:.1f} screenshot {out}/corner-progress-notplayed.png")
print("\n".join(lines))
PY
  "$bin" --headless --language "$lang" --data-dir "$work/d" --script "$work/c.txt" --log "$work/c.jsonl" >/dev/null
}
shoot en ""
shoot ar "-ar"
ls "$out" | grep -E "home-padlock|corner-progress" | sed 's/^/  /'
