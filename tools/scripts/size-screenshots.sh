#!/usr/bin/env bash
# Takes the screenshots of other screen shapes (docs/screens.md, "Screens and resolutions"), headless
# at the real pixel size (`--size`): Home, each game, an end screen and the grown-ups' corner
# at 800x1280 (portrait tablet), 1280x800 (16:10 laptop), 1920x1080 (16:9) and 2560x1080
# (21:9), and memory-2880x1800-crop.png, a 1:1 crop of a Memory card on a 2880x1800 laptop.
# The canvas follows the screen's shape, so the frames differ per size: each run first dumps
# Home and taps the centres of the frames it reports.
# Usage: tools/scripts/size-screenshots.sh [OUTPUT_DIR]   (default docs/screenshots)
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
run() { # SIZE NAME SCRIPT-FILE
    "$bin" --headless --seed 7 --size "$1" --data-dir "$work/data-$2" --script "$3" --log "$work/$2.jsonl"
}
# The centre of a dumped item: centre SIZE ID [DUMP-INDEX] (from $work/probe-SIZE.jsonl).
centre() {
    /usr/bin/python3 - "$work/probe-$1.jsonl" "$2" "${3:-0}" <<'PYTHON'
import json, sys
dumps = [l for l in map(json.loads, open(sys.argv[1])) if l["event"] == "dump"]
for item in dumps[int(sys.argv[3])]["items"]:
    if item["id"] == sys.argv[2]:
        x, y, w, h = item["frame"]
        print("%d %d" % (x + w // 2, y + h // 2))
PYTHON
}
for size in 800x1280 1280x800 1920x1080 2560x1080; do
    # Home's frames, and the corner's (the logo held 3 s, then the gate's sum answered).
    printf '0.2 dump\n' > "$work/probe.txt"
    run $size probe-$size "$work/probe.txt"
    home="$(grep '"dump"' "$work/probe-$size.jsonl" | head -1)"
    g() { centre $size "$1"; }
    printf '1.5 screenshot %s\n' "$out/home-$size.png" > "$work/home.txt"
    run $size home "$work/home.txt"
    for game in memory sorting balloons; do
        level=easy; at=3.5
        [ $game = balloons ] && { level=hard; at=6; }
        printf '0.3 tap %s\n0.6 tap %s\n0.9 tap %s\n%s screenshot %s\n' "$(g game-$game)" "$(g level-$level)" "$(g play)" \
            "$at" "$out/$game-$size.png" > "$work/$game.txt"
        run $size $game "$work/$game.txt"
    done
    # An end screen: Balloons Easy left to run out of time (60 s), the alert up at 63 s.
    printf '0.3 tap %s\n0.6 tap %s\n0.9 tap %s\n64 screenshot %s\n' "$(g game-balloons)" "$(g level-easy)" "$(g play)" \
        "$out/end-$size.png" > "$work/end.txt"
    run $size end "$work/end.txt"
    # The corner: hold the logo, answer the gate's sum on its keys, then Grown-ups' corner.
    /usr/bin/python3 - "$bin" "$size" "$work" "$out/corner-$size.png" "$(g logo)" <<'PYTHON'
import json, re, subprocess, sys
bin_, size, work, shot, logo = sys.argv[1:6]
def run(lines):
    open(work + "/c.txt", "w").write("\n".join(lines) + "\n")
    subprocess.run([bin_, "--headless", "--seed", "7", "--size", size, "--data-dir", work + "/data-corner-" + size,
                    "--script", work + "/c.txt", "--log", work + "/c.jsonl"], check=True)
    return [l for l in map(json.loads, open(work + "/c.jsonl")) if l["event"] == "dump"]
def centre(dump, id_):
    x, y, w, h = next(i["frame"] for i in dump["items"] if i["id"] == id_)
    return "%d %d" % (x + w // 2, y + h // 2)
hold = ["0.3 down " + logo, "3.6 up " + logo]
gate = run(hold + ["4 dump"])[-1]
a, op, b = re.match(r"\s*(\d+)\s*(\S)\s*(\d+)", gate["question"]).groups()
answer = str(int(a) + int(b) if op == "+" else int(a) * int(b))
taps = ["%.1f tap %s" % (4.5 + 0.4 * k, centre(gate, "gate-key-" + d)) for k, d in enumerate(answer)]
taps.append("%.1f tap %s" % (4.5 + 0.4 * len(answer), centre(gate, "gate-ok")))
t = 5.0 + 0.4 * len(answer)
unlocked = run(hold + taps + ["%.1f dump" % t])[-1]
run(hold + taps + ["%.1f tap %s" % (t + 0.3, centre(unlocked, "gate-corner")), "%.1f screenshot %s" % (t + 1.5, shot)])
PYTHON
done
shoot2880() {
    printf '0.2 dump\n' > "$work/probe.txt"
    run 2880x1800 probe-2880x1800 "$work/probe.txt"
    printf '0.3 tap %s\n0.6 tap %s\n0.9 tap %s\n3.5 screenshot %s\n' "$(centre 2880x1800 game-memory)" "$(centre 2880x1800 level-easy)" \
        "$(centre 2880x1800 play)" "$work/memory-2880x1800.png" > "$work/laptop.txt"
    run 2880x1800 laptop "$work/laptop.txt"
}
shoot2880
# The first card and the edge of its neighbours, 800x520 pixels at 1:1.
/usr/bin/python3 - "$work/memory-2880x1800.png" "$out/memory-2880x1800-crop.png" <<'PYTHON'
import sys
from PIL import Image
Image.open(sys.argv[1]).crop((840, 180, 1640, 700)).save(sys.argv[2], optimize=True)
PYTHON
echo "screenshots in $out"
