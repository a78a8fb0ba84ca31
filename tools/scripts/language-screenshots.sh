#!/usr/bin/env bash
# Screenshots of Home and of a won end screen in every language, for the parents' guide
# (docs/parents.md, "Languages"): for each language, a first headless run dumps Home and
# the Memory board (Easy, seed 3), then a second run taps Memory, Easy and Play where that language
# draws them (Arabic is mirrored), finds every pair from the dump and saves Home and the
# end screen.
# Usage: tools/scripts/language-screenshots.sh [OUTPUT_DIR]
#   OUTPUT_DIR defaults to docs/screenshots (files languages/<lang>-home.png, <lang>-won.png).
#   KJC_BIN overrides the binary (default .build/debug/kids-joy-center, built if missing).
set -euo pipefail

cd "$(dirname "$0")/../.."
out="${1:-docs/screenshots}/languages"
bin="${KJC_BIN:-.build/debug/kids-joy-center}"
if [ ! -x "$bin" ]; then swift build >/dev/null; fi
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

for lang in $(python3 tools/languages.py codes); do
  printf '0.5 dump\n' > "$work/home.txt"
  SDL_AUDIODRIVER=dummy "$bin" --headless --seed 3 --language "$lang" --data-dir "$work/d-$lang-0" \
    --script "$work/home.txt" --log "$work/home-$lang.jsonl"
  python3 - "$work" "$lang" <<'PYTHON'
import json, sys
work, lang = sys.argv[1], sys.argv[2]
def centre(item):
    x, y, w, h = item["frame"]
    return f"{x + w // 2} {y + h // 2}"
home = [e for e in map(json.loads, open(f"{work}/home-{lang}.jsonl")) if e["event"] == "dump"][-1]
items = {i["id"]: i for i in home["items"]}
start = [f"0.5 screenshot {work}/{lang}-home.png",
         f"0.8 tap {centre(items['game-memory'])}", f"1.1 tap {centre(items['level-easy'])}",
         f"1.4 tap {centre(items['play'])}", "3.0 dump"]
open(f"{work}/start-{lang}.txt", "w").write("\n".join(start) + "\n")
PYTHON
  SDL_AUDIODRIVER=dummy "$bin" --headless --seed 3 --language "$lang" --data-dir "$work/d-$lang-1" \
    --script "$work/start-$lang.txt" --log "$work/learn-$lang.jsonl"
  python3 - "$work" "$lang" <<'PYTHON'
import json, sys
work, lang = sys.argv[1], sys.argv[2]
def centre(item):
    x, y, w, h = item["frame"]
    return f"{x + w // 2} {y + h // 2}"
dumps = [e for e in map(json.loads, open(f"{work}/learn-{lang}.jsonl")) if e["event"] == "dump"]
board = dumps[-1]
if board["scene"] != "memory":
    sys.exit(f"language-screenshots: {lang}: the first run did not reach Memory ({board['scene']})")
pairs = {}
for card in (i for i in board["items"] if i["kind"] == "card"):
    pairs.setdefault(card["face"], []).append(card)
lines = open(f"{work}/start-{lang}.txt").read().splitlines()[:-1]
t = 3.5
for a, b in sorted(pairs.values(), key=lambda p: p[0]["id"]):
    lines += [f"{t:.2f} tap {centre(a)}", f"{t + 0.5:.2f} tap {centre(b)}"]
    t += 1.5
lines += [f"{t + 3:.2f} screenshot {work}/{lang}-won.png", f"{t + 3.2:.2f} quit"]
open(f"{work}/play-{lang}.txt", "w").write("\n".join(lines) + "\n")
PYTHON
  SDL_AUDIODRIVER=dummy "$bin" --headless --seed 3 --language "$lang" --data-dir "$work/d-$lang-2" \
    --script "$work/play-$lang.txt" --log "$work/play-$lang.jsonl"
  grep -q '"event":"gameover".*"result":"won"' "$work/play-$lang.jsonl" || { echo "language-screenshots: $lang did not win" >&2; exit 1; }
  cp "$work/$lang-home.png" "$out/$lang-home.png"
  cp "$work/$lang-won.png" "$out/$lang-won.png"
  echo "wrote $out/$lang-home.png $out/$lang-won.png"
done
