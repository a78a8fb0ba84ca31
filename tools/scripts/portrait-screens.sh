#!/usr/bin/env bash
# Takes the screenshots of the children's and grown-ups' screens on a portrait tablet (docs/screens.md,
# "Screens and resolutions"), headless at 800x1280 (canvas 768x1229), in English and Arabic,
# from a data folder with three children (Ana, Ben, Zoe) and 40 sample games each:
#   upright-picker-LANG.png       who's playing (12 to a page, 3 columns)
#   upright-animal-LANG.png       "+" through the gate: the animal stage
#   upright-stickers-LANG.png     Ana's sticker book (4 x 6)
#   upright-highscores-LANG.png   the high scores, tabs and games in one row on top
#   upright-nickname-LANG.png     the nickname keyboard (7 keys a row)
#   upright-pin-LANG.png          the classroom PIN pad, full size
#   upright-savereport-LANG.png   "Save the report in", two tiles a row
# Every tap goes to the centre of a frame the previous run's dump reported (the canvas follows
# the screen's shape, so no position is written down here); the gate's sum is read from it too.
# Usage: tools/scripts/portrait-screens.sh [OUTPUT_DIR]   (default docs/screenshots)
#   KJC_BIN overrides the binary (default .build/debug/kids-joy-center, built if missing).
set -euo pipefail

cd "$(dirname "$0")/../.."
out="$(realpath -m "${1:-docs/screenshots}")"
bin="$(realpath "${KJC_BIN:-.build/debug/kids-joy-center}")"
if [ ! -x "$bin" ]; then swift build >/dev/null; bin="$(realpath .build/debug/kids-joy-center)"; fi
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export SDL_AUDIODRIVER=dummy
echo "0.1 dump" > "$work/empty.txt"
for name in Ana Ben Zoe; do "$bin" --headless --data-dir "$work/data" --profile "$name" --script "$work/empty.txt" >/dev/null; done
"$bin" report --data-dir "$work/data" --make-sample 3x40 >/dev/null

/usr/bin/python3 - "$bin" "$work" "$out" <<'PYTHON'
import json, os, re, shutil, subprocess, sys
binary, work, out = sys.argv[1:4]
SIZE = "800x1280"


class Walk:
    """A script grown one step at a time: each step runs the script so far and returns its last dump."""
    def __init__(self, lang):
        self.lang, self.lines, self.t = lang, ["0.3 dump"], 0.3

    def at(self, step=0.4):
        self.t += step
        return "%.1f" % self.t

    def run(self):
        folder = os.path.join(work, "d")
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(os.path.join(work, "data"), folder)
        with open(os.path.join(work, "s.txt"), "w") as f:
            f.write("\n".join(self.lines) + "\n")
        log = os.path.join(work, "l.jsonl")
        r = subprocess.run([binary, "--headless", "--seed", "7", "--size", SIZE, "--language", self.lang, "--data-dir", folder,
                            "--script", os.path.join(work, "s.txt"), "--log", log], capture_output=True, text=True)
        if r.returncode:
            sys.exit(f"portrait-screens: the game failed ({self.lang}): {r.stderr}")
        dumps = [e for e in map(json.loads, open(log)) if e["event"] == "dump"]
        return dumps[-1]

    def tap(self, dump, item, wait=0.4):
        frames = {i["id"]: i["frame"] for i in dump["items"]}
        if item not in frames:
            sys.exit(f"portrait-screens: no {item} on {dump['scene']} ({self.lang})")
        x, y, w, h = frames[item]
        self.lines.append("%s tap %d %d" % (self.at(wait), x + w // 2, y + h // 2))

    def dump(self, wait=0.6):
        self.lines.append(self.at(wait) + " dump")
        return self.run()

    def shot(self, name):
        self.lines.append("%s screenshot %s/upright-%s-%s.png" % (self.at(0.1), out, name, self.lang))

    def visit(self, dump, item, shot=None, wait=0.4):
        """Taps `item` of `dump`, dumps what it opened (and takes its screenshot as `shot`)."""
        self.tap(dump, item, wait)
        opened = self.dump()
        if shot:
            self.shot(shot)
        return opened

    def through_gate(self, gate):
        a, op, b = re.match(r"\s*(\d+)\s*(\S)\s*(\d+)", gate["question"]).groups()
        for digit in str(int(a) * int(b) if op == "×" else int(a) + int(b)):
            self.tap(gate, "gate-key-" + digit, 0.2)
        self.tap(gate, "gate-ok", 0.2)


for lang in ["en", "ar"]:
    # The picker; Ana's Home, her sticker book, the high scores.
    w = Walk(lang)
    picker = w.run()
    w.shot("picker")
    home = w.visit(picker, "player-child-1")
    stickers = w.visit(home, "stickers", "stickers")
    w.tap(stickers, "back")
    w.visit(home, "highscores", "highscores", 0.6)
    w.run()
    # "+" on the picker, through the gate, to the animal stage.
    w = Walk(lang)
    w.through_gate(w.visit(picker, "add-child"))
    w.dump()
    w.shot("animal")
    w.run()
    # The corner (the logo held 3 s, the gate), a nickname, the classroom PIN, the report's folders.
    w = Walk(lang)
    home = w.visit(picker, "player-child-1")
    x, y, wd, ht = next(i["frame"] for i in home["items"] if i["id"] == "logo")
    w.lines += ["%s down %d %d" % (w.at(), x + wd // 2, y + ht // 2), "%s up %d %d" % (w.at(3.4), x + wd // 2, y + ht // 2)]
    w.through_gate(w.dump())
    unlocked = w.dump()
    w.tap(unlocked, "gate-corner")
    corner = w.dump(0.8)
    nickname = w.visit(corner, next(i["id"] for i in corner["items"] if i["id"].startswith("name-")), "nickname")
    w.tap(nickname, "back")
    classroom = w.visit(corner, "section-classroom", wait=0.6)
    pin = w.visit(classroom, "pin-set", "pin")
    w.tap(pin, "back")
    progress = w.visit(corner, "section-progress", wait=0.6)
    w.visit(progress, next(i["id"] for i in progress["items"] if "save" in i["id"] or "report" in i["id"]), "savereport")
    w.run()
print("\n".join("  " + f for f in sorted(os.listdir(out)) if f.startswith("upright-")))
PYTHON
