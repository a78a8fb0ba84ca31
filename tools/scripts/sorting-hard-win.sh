#!/usr/bin/env bash
# Plays a whole Hard Sorting game to a win, headless, by dragging - with one wrong drop
# on the way that glides back and is sorted again at the end.
#   1. runs the game once with a dump to learn which vehicles the seed draws;
#   2. writes the drag script with python3 (each vehicle from its frame centre to a spot
#      inside its zone), with screenshots mid-drag, mid-glide and of the win alert;
#   3. runs it and checks the log: a wrong drop, a glide home, and gameover won.
# Usage: tools/scripts/sorting-hard-win.sh [SEED] [OUTDIR]   (binary: $KJC_BIN or .build/debug)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${KJC_BIN:-$ROOT/.build/debug/kids-joy-center}
SEED=${1:-7}
OUT=${2:-/tmp/kjc-sorting-hard-win}
mkdir -p "$OUT"
DATA=$(mktemp -d)
trap 'rm -rf "$DATA"' EXIT

# Home: the Sorting tile, the Hard tile, Play.
HOME_TAPS='0.2 tap-item game-sorting
0.4 tap-item level-hard
0.6 tap-item play'

printf '%s\n1.0 dump\n' "$HOME_TAPS" > "$OUT/learn.script"
"$BIN" --headless --seed "$SEED" --data-dir "$DATA" --script "$OUT/learn.script" --log "$OUT/learn.log"

python3 - "$OUT/learn.log" "$OUT" "$HOME_TAPS" > "$OUT/play.script" <<'PY'
import json, sys

log_path, out, home_taps = sys.argv[1], sys.argv[2], sys.argv[3]
dump = [json.loads(l) for l in open(log_path) if '"event":"dump"' in l][-1]
items = dump["items"]
vehicles = [i for i in items if i["kind"] == "vehicle"]
zones = {i["category"]: i["frame"] for i in items if i["kind"] == "zone"}

def centre(frame):
    x, y, w, h = frame
    return (x + w / 2, y + h / 2)

def spot(category, k):
    """The k-th drop point of a category: spread out, clear of the zone's badge."""
    x, y, w, h = zones[category]
    if category == "air":
        return (x + 230 + (k % 5) * 170, y + 70 + (k // 5) * 70 + (k % 2) * 50)
    return (x + 80 + (k % 3) * (w - 160) / 2, y + 130 + (k // 3) * 120 + (k % 2) * 30)

wrong_for = {"air": "land", "water": "air", "land": "water"}
lines = []          # (time, text); sorted by time at the end, file order kept for ties
t = 1.0
used = {"air": 0, "water": 0, "land": 0}

def drag(frm, to, secs=0.3):
    global t
    lines.append((t, f"{t:.2f} drag {frm[0]:.0f} {frm[1]:.0f} {to[0]:.0f} {to[1]:.0f} {secs}"))
    t += secs + 0.15

# A wrong drop first: vehicle-0 into another category's zone; it glides home (2.5 s)
# while the others are sorted, and a screenshot catches it on the way.
first = vehicles[0]
wrong_zone = zones[wrong_for[first["category"]]]
drag(centre(first["frame"]), (wrong_zone[0] + wrong_zone[2] / 2, wrong_zone[1] + wrong_zone[3] / 2), 0.4)
glide_shot = t + 1.1
lines.append((glide_shot, f"{glide_shot:.2f} screenshot {out}/sorting-glide.png"))

order = vehicles[1:] + [first]
for n, v in enumerate(order):
    if v is first:
        t = max(t, glide_shot + 1.6)     # wait until it is home again
    cat = v["category"]
    to = spot(cat, used[cat])
    used[cat] += 1
    if n == 3:
        # One drag by hand, with a screenshot while the vehicle is held.
        a = centre(v["frame"])
        lines.append((t, f"{t:.2f} down {a[0]:.0f} {a[1]:.0f}"))
        for s in range(1, 21):
            f = s / 20
            lines.append((t + 0.02 * s, f"{t + 0.02 * s:.2f} move {a[0] + (to[0] - a[0]) * f:.0f} {a[1] + (to[1] - a[1]) * f:.0f}"))
            if s == 14:
                lines.append((t + 0.02 * s, f"{t + 0.02 * s:.2f} screenshot {out}/sorting-drag.png"))
        lines.append((t + 0.45, f"{t + 0.45:.2f} up {to[0]:.0f} {to[1]:.0f}"))
        t += 0.6
    else:
        drag(centre(v["frame"]), to)

lines.append((t + 1.0, f"{t + 1.0:.2f} dump"))
lines.append((t + 2.0, f"{t + 2.0:.2f} screenshot {out}/sorting-won.png"))
lines.sort(key=lambda line: round(line[0], 2))
print(home_taps)
print("\n".join(text for _, text in lines))
PY

"$BIN" --headless --seed "$SEED" --data-dir "$DATA" --script "$OUT/play.script" --log "$OUT/play.log"

python3 - "$OUT/play.log" <<'PY'
import json, sys
events = [json.loads(l) for l in open(sys.argv[1])]
def named(n): return [e for e in events if e["event"] == n]
wrong = [e for e in named("drop") if not e["correct"]]
assert wrong, "expected a wrong drop on the way"
assert named("returned"), "the wrong drop should glide home"
over = named("gameover")
assert over and over[-1]["result"] == "won" and over[-1]["reason"] == "all-placed", f"no win: {over}"
print(f"won: score {over[-1]['score']}, recorded {over[-1]['recorded']}, "
      f"{len(named('drop'))} drops ({len(wrong)} wrong), {len(named('pick'))} picks")
PY
echo "log and screenshots in $OUT"
