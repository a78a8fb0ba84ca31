#!/usr/bin/env bash
# Plays a whole Hard Memory game to a win, headless, the way a tester would from outside:
#   1. run the game once to Home -> Memory -> Hard -> Play and `dump` the cards for a seed;
#   2. read the faces from that dump and write a tap script that finds every pair
#      (with one deliberate mismatch first, and screenshots mid-game and of the win alert);
#   3. run that script with the same seed and check the log ends in `gameover` won.
# Usage: tools/scripts/memory-hard-win.sh [SEED] [OUTPUT_DIR]
#   SEED defaults to 7; OUTPUT_DIR (logs, scripts, screenshots) to /tmp/memory-hard-win.
#   KJC_BIN overrides the binary (default .build/debug/kids-joy-center, built if missing).
set -euo pipefail

cd "$(dirname "$0")/../.."
seed="${1:-7}"
out="${2:-/tmp/memory-hard-win}"
bin="${KJC_BIN:-.build/debug/kids-joy-center}"
if [ ! -x "$bin" ]; then swift build >/dev/null; fi
mkdir -p "$out"
data="$(mktemp -d)"
trap 'rm -rf "$data"' EXIT

# Home: game tile Memory, level tile Hard, Play (tapped by their dump ids). The cards are
# dealt in the game's first second (the log's `cards` `end`), and its clock starts after: the
# dump and every tap come one second later than before the deal, so the game's events, scores
# and timer lines are those of before, each 1.000 s later.
cat > "$out/start.txt" <<'SCRIPT'
0.2 tap-item game-memory
0.4 tap-item level-hard
0.6 tap-item play
2.0 dump
SCRIPT

"$bin" --headless --seed "$seed" --data-dir "$data/learn" --script "$out/start.txt" --log "$out/learn.jsonl"

python3 - "$out" <<'PYTHON'
import json, sys
out = sys.argv[1]
dumps = [e for e in map(json.loads, open(f"{out}/learn.jsonl")) if e["event"] == "dump"]
if not dumps or dumps[-1]["scene"] != "memory":
    sys.exit("memory-hard-win: the first run did not reach the Memory game")
cards = [i for i in dumps[-1]["items"] if i["kind"] == "card"]
if len(cards) != 20:
    sys.exit(f"memory-hard-win: expected 20 cards on Hard, the dump has {len(cards)}")

def centre(card):
    # Tapped by id: the game finds the card's centre in its own dump.
    return card["id"]

pairs = {}
for card in cards:
    pairs.setdefault(card["face"], []).append(card)
order = sorted(pairs.values(), key=lambda p: p[0]["id"])

lines = [open(f"{out}/start.txt").read().rstrip()]
t = 2.5
# A mismatch first: the two cards close again 1 s later.
lines += [f"{t:.2f} tap-item {centre(order[0][0])}", f"{t + 0.4:.2f} tap-item {centre(order[1][0])}"]
t += 1.8
for n, (a, b) in enumerate(order):
    lines.append(f"{t:.2f} tap-item {centre(a)}")
    if n == 5:
        # Mid-game: matched, open and hidden cards together.
        lines.append(f"{t + 0.45:.2f} screenshot {out}/memory-mid.png")
    lines.append(f"{t + 0.6:.2f} tap-item {centre(b)}")
    if n == 5:
        lines.append(f"{t + 0.95:.2f} screenshot {out}/memory-match.png")
    t += 1.2
# The last pair bounces for 1.2 s, then the alert scales in and the confetti falls.
lines += [f"{t + 1.7:.2f} dump", f"{t + 1.7:.2f} screenshot {out}/memory-win.png"]
open(f"{out}/play.txt", "w").write("\n".join(lines) + "\n")
PYTHON

"$bin" --headless --seed "$seed" --data-dir "$data/play" --script "$out/play.txt" --log "$out/play.jsonl"

python3 - "$out" <<'PYTHON'
import json, sys
out = sys.argv[1]
log = list(map(json.loads, open(f"{out}/play.jsonl")))
def events(name): return [e for e in log if e["event"] == name]
over = events("gameover")
problems = []
if len(over) != 1 or over[0]["result"] != "won" or over[0]["reason"] != "all-found":
    problems.append(f"gameover: {over}")
if len(events("match")) != 10: problems.append(f"{len(events('match'))} matches, not 10")
if len(events("mismatch")) != 1 or len(events("close")) != 1: problems.append("the deliberate mismatch did not close once")
else:
    gap = events("close")[0]["t"] - events("mismatch")[0]["t"]
    if abs(gap - 1.0) > 1e-6: problems.append(f"mismatch closed after {gap:.3f} s, not 1 s")
alerts = [e for e in events("alert") if e["title"] == "You won!"]
if not alerts: problems.append("no 'You won!' alert")
deal = [e for e in events("cards") if e["motion"] == "deal"]
if [e["action"] for e in deal] != ["start", "end"] or any("by" in e for e in deal):
    problems.append(f"the cards were not dealt before the first tap: {deal}")
elif events("flip") and events("flip")[0]["t"] < deal[1]["t"]:
    problems.append("a card turned during the deal")
if problems:
    sys.exit("memory-hard-win: FAILED: " + "; ".join(problems))
g = over[0]
print(f"memory-hard-win: won Hard with seed {log[0]['seed']}: score {g['score']}, recorded {g['recorded']} "
      f"(rank {g['rank']}), at t={g['t']:.3f} s; screenshots in {out}")
PYTHON
