#!/usr/bin/env bash
# Takes the screenshots of locked controls and of a voice that cannot be heard (docs/schools.md,
# "Games, levels, picture sets and the session limit"; docs/parents.md, "Voice and sound"), headless:
#   corner-settings-locked.png    Settings with voice and relaxed mode locked by a school
#   corner-classroom-locked.png   Classroom with the session limit, games and levels locked
#   languages-locked.png          the language tiles when the language is fixed (--language)
#   corner-settings-locked-ar-800x1280.png, corner-classroom-locked-ar-800x1280.png  the same in
#                                 Arabic on a portrait tablet
#   silent-muted.png              a game muted by the child: the muted speaker and the muted
#                                 ear; "hear it again" was just tapped, so the speaker wiggles
#   silent-voice-off.png          the voice switched off (effects on): the muted ear on both
#   silent-locked.png             Home with `[locked] mute = true`: the padlocked speaker and no
#                                 big "unmute" speaker
# A lock counts only in a root-owned system file (docs/schools.md, "Configuration in /etc, and locks"), so the locked
# runs need root and `unshare`: they lay a private /etc/xdg (a bind mount seen by this script's
# runs alone; the machine's /etc is never written). Without them those screenshots are skipped.
# ALL=1 also writes the locked screens in all six languages at 1024x768 and 800x1280 to
# OUTPUT_DIR/locked-check/ (to look at; the guides do not show them).
# Usage: tools/scripts/locked-screens.sh [OUTPUT_DIR]   (default docs/screenshots)
#   KJC_BIN overrides the binary (default .build/debug/kids-joy-center, built if missing).
set -euo pipefail

cd "$(dirname "$0")/../.."
out="$(realpath -m "${1:-docs/screenshots}")"
bin="$(realpath "${KJC_BIN:-.build/debug/kids-joy-center}")"
if [ ! -x "$bin" ]; then swift build >/dev/null; bin="$(realpath .build/debug/kids-joy-center)"; fi
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export SDL_AUDIODRIVER=dummy XDG_CONFIG_HOME="$work/home-config"
unset XDG_CONFIG_DIRS

# The school's file: locks for the corner, and one for the speaker.
mkdir -p "$work/xdg-corner/kids-joy-center" "$work/xdg-mute/kids-joy-center"
cat > "$work/xdg-corner/kids-joy-center/config.toml" <<'EOF'
[locked]
voice = true
relaxed = false
session-minutes = 30
games = ["memory", "sorting", "balloons"]
levels = ["easy", "medium", "hard"]
EOF
printf '[locked]\nmute = true\n' > "$work/xdg-mute/kids-joy-center/config.toml"
chmod -R go-w "$work"

locks=1
if [ "$(id -u)" != 0 ] || ! unshare -m true 2>/dev/null; then
    locks=0
    echo "locked-screens: not root or no unshare: the locked screenshots are skipped" >&2
fi

/usr/bin/python3 - "$bin" "$work" "$out" "$locks" "${ALL:-0}" <<'PYTHON'
import json, os, re, shutil, subprocess, sys
sys.path.insert(0, "tools")
import languages
binary, work, out, locks, every = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == "1", sys.argv[5] == "1"


class Walk:
    """A script grown one step at a time: each step runs the script so far and returns its last dump."""
    def __init__(self, lang, size="1024x768", xdg=None, flags=()):
        self.lang, self.size, self.xdg, self.flags = lang, size, xdg, list(flags)
        self.lines, self.t = ["0.3 dump"], 0.3

    def at(self, step=0.4):
        self.t += step
        return "%.1f" % self.t

    def run(self):
        folder = os.path.join(work, "d")
        shutil.rmtree(folder, ignore_errors=True)
        with open(os.path.join(work, "s.txt"), "w") as f:
            f.write("\n".join(self.lines) + "\n")
        log = os.path.join(work, "l.jsonl")
        game = [binary, "--headless", "--seed", "7", "--size", self.size, "--language", self.lang, "--data-dir", folder,
                "--script", os.path.join(work, "s.txt"), "--log", log] + self.flags
        if self.xdg:
            # A private /etc/xdg holding the school's file, for this run only.
            game = ["unshare", "-m", "sh", "-c", 'mount --bind "$0" /etc/xdg && exec "$@"', os.path.join(work, self.xdg)] + game + ["--system-config"]
        r = subprocess.run(game, capture_output=True, text=True, stdin=subprocess.DEVNULL)
        if r.returncode:
            sys.exit(f"locked-screens: the game failed ({self.lang}): {r.stderr}")
        dumps = [e for e in map(json.loads, open(log)) if e["event"] == "dump"]
        return dumps[-1]

    def tap(self, dump, item, wait=0.4):
        frames = {i["id"]: i["frame"] for i in dump["items"]}
        if item not in frames:
            sys.exit(f"locked-screens: no {item} on {dump['scene']} ({self.lang})")
        x, y, w, h = frames[item]
        self.lines.append("%s tap %d %d" % (self.at(wait), x + w // 2, y + h // 2))

    def dump(self, wait=0.6):
        self.lines.append(self.at(wait) + " dump")
        return self.run()

    def shot(self, path, wait=0.1):
        self.lines.append("%s screenshot %s" % (self.at(wait), path))

    def through_gate(self, gate):
        a, op, b = re.match(r"\s*(\d+)\s*(\S)\s*(\d+)", gate["question"]).groups()
        for digit in str(int(a) * int(b) if op == "×" else int(a) + int(b)):
            self.tap(gate, "gate-key-" + digit, 0.2)
        self.tap(gate, "gate-ok", 0.2)

    def corner(self):
        """The logo held 3 s, the gate answered, the corner opened: its dump."""
        home = self.run()
        x, y, wd, ht = next(i["frame"] for i in home["items"] if i["id"] == "logo")
        self.lines += ["%s down %d %d" % (self.at(), x + wd // 2, y + ht // 2), "%s up %d %d" % (self.at(3.4), x + wd // 2, y + ht // 2)]
        self.through_gate(self.dump())
        unlocked = self.dump()
        self.tap(unlocked, "gate-corner")
        return self.dump(0.8)


def locked_screens(lang, size, names):
    """Settings and Classroom under the school's locks, then the languages (fixed by --language)."""
    w = Walk(lang, size, xdg="xdg-corner")
    corner = w.corner()
    w.tap(corner, "section-settings")
    w.dump()
    w.shot(names["settings"])
    w.tap(corner, "section-classroom")
    w.dump()
    w.shot(names["classroom"])
    if "languages" in names:
        w.tap(corner, "language")
        w.dump()
        w.shot(names["languages"])
    w.run()


if locks:
    locked_screens("en", "1024x768", {"settings": f"{out}/corner-settings-locked.png",
                                      "classroom": f"{out}/corner-classroom-locked.png",
                                      "languages": f"{out}/languages-locked.png"})
    locked_screens("ar", "800x1280", {"settings": f"{out}/corner-settings-locked-ar-800x1280.png",
                                      "classroom": f"{out}/corner-classroom-locked-ar-800x1280.png"})
    if every:
        check = os.path.join(out, "locked-check")
        os.makedirs(check, exist_ok=True)
        for size in ["1024x768", "800x1280"]:
            for lang in languages.codes():
                locked_screens(lang, size, {k: f"{check}/{k}-{lang}-{size}.png" for k in ["settings", "classroom", "languages"]})

# Muted by the child: Memory, "hear it again" tapped (the speaker wiggles).
w = Walk("en", flags=["--mute"])
home = w.run()
w.tap(home, "game-memory")
w.tap(home, "level-easy")
w.tap(home, "play")
game = w.dump(1.0)
w.tap(game, "hear-again", 0.2)
w.shot(f"{out}/silent-muted.png", 0.1)
w.run()
# The voice switched off (a user's config file; effects still sound).
with open(os.path.join(work, "voice-off.toml"), "w") as f:
    f.write("voice = false\n")
w = Walk("en", flags=["--config", os.path.join(work, "voice-off.toml")])
w.tap(home, "game-memory")
w.tap(home, "level-easy")
w.tap(home, "play")
w.dump(1.0)
w.shot(f"{out}/silent-voice-off.png")
w.run()
# Locked muted: Home shows the padlocked speaker and no big "unmute" speaker.
if locks:
    w = Walk("en", xdg="xdg-mute")
    w.dump()
    w.shot(f"{out}/silent-locked.png")
    w.run()
PYTHON
ls "$out" | grep -E "locked|silent-" | sed 's/^/  /'
