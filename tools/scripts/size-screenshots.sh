#!/usr/bin/env bash
# Takes the screenshots of other screen sizes (README, "Screens and resolutions"), headless
# at the real pixel size (`--size`):
#   home-1920x1080.png, balloons-1920x1080.png, memory-1920x1080.png   a 16:9 projector
#   home-800x1280.png, memory-800x1280.png, balloons-800x1280.png      a portrait tablet
#   memory-2880x1800-crop.png   a 1:1 crop of a Memory card on a 2880x1800 laptop
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
# Home's tiles and Play (logical units: the same at every size).
memory="0.3 tap 248 224"; balloons="0.3 tap 776 224"; easy="0.6 tap 248 440"; hard="0.6 tap 776 440"; play="0.9 tap 512 646"
shoot() { # SIZE NAME SCRIPT...
    local size=$1 name=$2; shift 2
    printf '%s\n' "$@" > "$work/$name.txt"
    "$bin" --headless --seed 7 --size "$size" --data-dir "$work/data-$name" --script "$work/$name.txt" --log "$work/$name.jsonl"
}
for size in 1920x1080 800x1280; do
    shoot $size home "1.5 screenshot $out/home-$size.png"
    shoot $size memory "$memory" "$easy" "$play" "3.5 screenshot $out/memory-$size.png"
    shoot $size balloons "$balloons" "$hard" "$play" "6 screenshot $out/balloons-$size.png"
done
shoot 2880x1800 laptop "$memory" "$easy" "$play" "3.5 screenshot $work/memory-2880x1800.png"
# The first card and the edge of its neighbours, 800x520 pixels at 1:1.
/usr/bin/python3 - "$work/memory-2880x1800.png" "$out/memory-2880x1800-crop.png" <<'PYTHON'
import sys
from PIL import Image
Image.open(sys.argv[1]).crop((840, 180, 1640, 700)).save(sys.argv[2], optimize=True)
PYTHON
echo "screenshots in $out"
