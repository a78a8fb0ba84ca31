#!/usr/bin/env bash
# Takes the screenshots of the games the README and the parents' guide show (docs/parents.md,
# "Home" and "The three games"), headless, seed 7, every tap aimed at a frame a dump reported:
#   home.png              Home with Memory and Easy chosen (Play ready)
#   memory.png            tools/scripts/memory-hard-win.sh 7's mid-game shot: pairs found
#   memory-deal.png       Memory Hard half a second into its deal
#   show-me-memory.png    the show-me demo in Memory (--demo): two cards open on the mascot
#   sorting.png           tools/scripts/sorting-hard-win.sh 7's mid-drag shot
#   any-hand-sorting.png  Sorting Easy by keys: a land vehicle lifted (Return), the focus
#                         ring moved with Tab to the land, where Return would send it
#   balloons.png          Balloons Hard four and a half seconds in
# Usage: tools/scripts/guide-screens.sh [OUTPUT_DIR]   (default docs/screenshots)
#   KJC_BIN overrides the binary (default .build/debug/kids-joy-center, built if missing).
set -euo pipefail

cd "$(dirname "$0")/../.."
out="$(realpath -m "${1:-docs/screenshots}")"
bin="$(realpath -m "${KJC_BIN:-.build/debug/kids-joy-center}")"
if [ ! -x "$bin" ]; then swift build >/dev/null; fi
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export SDL_AUDIODRIVER=dummy
run() { # NAME SCRIPT-FILE [OPTIONS...]: a fresh data folder each
    "$bin" --headless --seed 7 --data-dir "$work/data-$1" --script "$2" --log "$work/$1.jsonl" "${@:3}"
}

# Home: Memory and Easy chosen; the shot once Play has done its hops.
printf '0.5 tap-item game-memory\n0.9 tap-item level-easy\n5 screenshot %s\n' "$out/home.png" > "$work/home.txt"
run home "$work/home.txt"

# Memory and Sorting: the Hard wins' own shots.
KJC_BIN="$bin" tools/scripts/memory-hard-win.sh 7 "$work/memory" >/dev/null
cp "$work/memory/memory-mid.png" "$out/memory.png"
KJC_BIN="$bin" tools/scripts/sorting-hard-win.sh 7 "$work/sorting" >/dev/null
cp "$work/sorting/sorting-drag.png" "$out/sorting.png"

# Balloons Hard, four and a half seconds into the game (before the sleeping balloon's warning at 5 s).
printf '0.3 tap-item game-balloons\n0.6 tap-item level-hard\n0.9 tap-item play\n5.5 screenshot %s\n' "$out/balloons.png" > "$work/balloons.txt"
run balloons "$work/balloons.txt"

# Memory's deal and the show-me demo: when they start is read from a first run's log.
/usr/bin/python3 - "$bin" "$work" "$out" <<'PYTHON'
import json, subprocess, sys
bin_, work, out = sys.argv[1:4]
def run(name, lines, *extra):
    open(f"{work}/{name}.txt", "w").write("\n".join(lines) + "\n")
    subprocess.run([bin_, "--headless", "--seed", "7", "--data-dir", f"{work}/data-{name}", "--script", f"{work}/{name}.txt",
                    "--log", f"{work}/{name}.jsonl", *extra], check=True)
    return [json.loads(l) for l in open(f"{work}/{name}.jsonl")]
start = ["0.2 tap-item game-memory", "0.4 tap-item level-hard", "0.6 tap-item play"]
log = run("deal-probe", start + ["4 quit"])
dealt = next(e["t"] for e in log if e["event"] == "cards" and e.get("motion") == "deal" and e.get("action") == "start")
run("deal", start + ["%.3f screenshot %s/memory-deal.png" % (dealt + 0.5, out)])
log = run("demo-probe", start + ["12 quit"], "--demo")
demo = next(e["t"] for e in log if e["event"] == "demo" and e.get("action") == "start")
run("demo", start + ["%.3f screenshot %s/show-me-memory.png" % (demo + 1.6, out)], "--demo")
PYTHON

# Sorting by keys: tap-tap with Return and Tab. One run tabs and dumps after each press; the
# first dump with a land vehicle in the ring says how many presses it takes, and so again for
# the land once the vehicle is lifted.
/usr/bin/python3 - "$bin" "$work" "$out" <<'PYTHON'
import json, subprocess, sys
bin_, work, out = sys.argv[1:4]
def dumps(name, lines):
    open(f"{work}/{name}.txt", "w").write("\n".join(lines) + "\n")
    subprocess.run([bin_, "--headless", "--seed", "7", "--data-dir", f"{work}/data-{name}", "--script",
                    f"{work}/{name}.txt", "--log", f"{work}/{name}.jsonl"], check=True)
    return [e for e in map(json.loads, open(f"{work}/{name}.jsonl")) if e["event"] == "dump"]
def focused(dump):
    return next((i for i in dump["items"] if i.get("focused")), {})
def presses(name, lines, t, kind, category, most):
    probe = lines + sum((["%.1f key tab" % (t + 0.2 * k), "%.1f dump" % (t + 0.2 * k + 0.1)] for k in range(1, most + 1)), [])
    for k, dump in enumerate(dumps(name, probe)[-most:], 1):
        item = focused(dump)
        if item.get("kind") == kind and item.get("category") == category:
            return lines + ["%.1f key tab" % (t + 0.2 * j) for j in range(1, k + 1)], t + 0.2 * k
    sys.exit("guide-screens: the focus never reached a %s of the %s" % (kind, category))
lines, t = presses("keys-vehicle", ["0.3 tap-item game-sorting", "0.6 tap-item level-easy", "0.9 tap-item play"], 3.0,
                   "vehicle", "land", 40)
lines, t = presses("keys-zone", lines + ["%.1f key return" % (t + 0.3)], t + 0.3, "zone", "land", 12)
dumps("keys", lines + ["%.1f screenshot %s/any-hand-sorting.png" % (t + 0.5, out)])
PYTHON
echo "screenshots in $out"
