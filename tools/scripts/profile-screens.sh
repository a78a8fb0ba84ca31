#!/usr/bin/env bash
# Takes the screenshots of the children's profiles and the grown-ups' corner (docs/parents.md,
# "Your children's profiles and stickers", "The grown-ups' corner"; docs/screens.md), headless, from a data folder
# with three children (Ana, Ben, Zoe, made with --profile) and 15 sample games each:
#   picker.png, picker-animal.png, picker-colour.png   who's playing, and "+" in three taps
#   home-child.png     Home with the player's avatar and sticker book in the bar
#   stickers.png       Ana's sticker book
#   highscores-everyone.png, highscores-mine.png       the two tabs of the high scores
#   gate.png, gate-unlocked.png                        the stronger gate and its choices
#   corner-children.png, corner-settings.png, corner-classroom.png, nickname.png
#   (corner-progress*.png and home-padlock*.png: tools/scripts/progress-screens.sh)
#   rest.png           the session limit's rest screen
# The gate's answer is read from a first run's log (same seed, same taps).
# Usage: tools/scripts/profile-screens.sh [OUTPUT_DIR]   (default docs/screenshots)
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
data="$work/data"
echo "0.1 dump" > "$work/empty.txt"
for name in Ana Ben Zoe; do "$bin" --headless --data-dir "$data" --profile "$name" --script "$work/empty.txt" >/dev/null; done
"$bin" report --data-dir "$data" --make-sample 3x15 >/dev/null
fresh() { rm -rf "$work/d"; cp -r "$data" "$work/d"; }

# The picker at start, Ana (one tap), her Home, her sticker book, the high scores' tabs.
fresh
cat > "$work/a.txt" <<EOF
0.3 screenshot $out/picker.png
0.4 tap-item player-child-1
0.9 screenshot $out/home-child.png
1.0 tap-item stickers
1.5 screenshot $out/stickers.png
1.6 tap-item back
2.2 tap-item highscores
2.8 screenshot $out/highscores-everyone.png
3.0 tap-item tab-mine
3.5 screenshot $out/highscores-mine.png
EOF
"$bin" --headless --data-dir "$work/d" --script "$work/a.txt" --log "$work/a.jsonl"

# "+", an animal, a colour.
fresh
cat > "$work/b.txt" <<EOF
0.4 tap-item add-child
0.8 screenshot $out/picker-animal.png
1.0 tap 122 200
1.4 screenshot $out/picker-colour.png
EOF
"$bin" --headless --data-dir "$work/d" --script "$work/b.txt" --log "$work/b.jsonl"

# The gate: learn the question, then answer it and go to the corner.
gate_start="0.4 tap-item player-child-1
1.0 down 512 32
4.2 up 512 32"
fresh
printf '%s\n4.6 dump\n' "$gate_start" > "$work/g.txt"
"$bin" --headless --data-dir "$work/d" --script "$work/g.txt" --log "$work/g.jsonl"
answer=$(python3 - "$work/g.jsonl" <<'PY'
import json, sys
q = [json.loads(l) for l in open(sys.argv[1]) if '"gate"' in l and '"open"' in l][0]["question"]
a, op, b = q.split(" ")
print(int(a) * int(b) if op == "×" else int(a) + int(b))
PY
)
keys=$(python3 - "$answer" <<'PY'
import sys
t = 4.8
for ch in sys.argv[1]:
    print(f"{t:.1f} tap-item gate-key-{ch}"); t += 0.2
print(f"{t:.1f} tap-item gate-ok")
PY
)
fresh
cat > "$work/c.txt" <<EOF
$gate_start
4.6 screenshot $out/gate.png
$keys
6.0 screenshot $out/gate-unlocked.png
6.2 tap-item gate-corner
6.8 screenshot $out/corner-children.png
7.0 tap-item section-settings
7.4 screenshot $out/corner-settings.png
7.6 tap-item section-classroom
8.0 screenshot $out/corner-classroom.png
8.1 tap-item section-progress
8.6 tap-item section-children
9.0 tap-item name-child-1
9.4 screenshot $out/nickname.png
EOF
"$bin" --headless --data-dir "$work/d" --script "$work/c.txt" --log "$work/c.jsonl"

# The rest screen: a five-minute session limit, as a school's config would set it.
fresh
printf 'session-minutes = 5\nprofiles = false\n' > "$work/rest.toml"
printf '301 screenshot %s/rest.png\n' "$out" > "$work/r.txt"
"$bin" --headless --no-draw --config "$work/rest.toml" --data-dir "$work/d" --script "$work/r.txt" --log "$work/r.jsonl"
ls "$out" | grep -E "picker|home-child|stickers|highscores-|gate|corner-|nickname|rest" | sed 's/^/  /'
