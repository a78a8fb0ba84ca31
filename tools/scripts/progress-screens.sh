#!/usr/bin/env bash
# Takes the screenshots of the grown-ups' answers (docs/parents.md, "The grown-ups' corner"),
# headless, in English and Arabic, from a data folder with three children (Ana, Ben, Zoe):
# Ana and Ben have 15 sample games each, spread over the two weeks before 2026-11-27 14:05 UTC;
# Zoe has not played.
#   home-padlock.png, home-padlock-ar.png            Home: the padlock and its caption by the logo
#   corner-progress.png, corner-progress-ar.png      Ana's Progress page
#   corner-progress-notplayed.png                    Zoe's page: "Not played yet"
# The pages show dates and the time played in the last 7 days, so the game runs under
# faketime (Debian's faketime, which make test-deps installs) at that fixed moment, in UTC: the
# same script draws the same pictures on any day (DocsTests compares them). "Save report" is
# not shown: its worker thread finishes in real time, so where a headless run's frames are
# then differs from run to run. $HOME is a temporary folder, never yours.
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
export SDL_AUDIODRIVER=dummy TZ=UTC
command -v faketime >/dev/null || { echo "progress-screens: faketime is needed (apt install faketime, or make test-deps)" >&2; exit 1; }
# The wall clock fixed (the monotonic one, SDL's, left alone).
kjc() { FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f "@2026-11-27 14:05:00" "$bin" "$@"; }
export HOME="$work/home/ana"
mkdir -p "$HOME"
data="$work/data"
echo "0.1 dump" > "$work/empty.txt"
for name in Ana Ben Zoe; do kjc --headless --data-dir "$data" --profile "$name" --script "$work/empty.txt" >/dev/null; done
kjc report --data-dir "$data" --make-sample 2x15 >/dev/null
# The sample's games are dated 1970: spread them over the 15 days before the fixed moment,
# 8 hours apart, the last an hour before it.
python3 - "$data/progress.db" <<'PY'
import calendar, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
n = db.execute("SELECT count(*) FROM rounds").fetchone()[0]
now = calendar.timegm((2026, 11, 27, 14, 5, 0)) - 3600
db.execute("UPDATE rounds SET played = ? - (? - id) * 8 * 3600", (now, n))
db.commit()
PY

# $1 language, $2 suffix of the file names. Every tap names the item a dump reported
# (`tap-item`), so the pictures follow the screens wherever they place their tiles; only the
# logo's hold (a press and a release) is given by its place.
shoot() {
  local lang=$1 suffix=$2
  rm -rf "$work/d"; cp -r "$data" "$work/d"
  # Ana (the picker's first child), then the logo held: learn the gate's question.
  local start="0.4 tap-item player-child-1
0.9 screenshot $out/home-padlock$suffix.png
1.0 down 512 32
4.2 up 512 32"
  printf '%s\n4.6 dump\n' "$start" > "$work/g.txt"
  kjc --headless --language "$lang" --data-dir "$work/d" --script "$work/g.txt" --log "$work/g.jsonl" >/dev/null
  rm -rf "$work/d"; cp -r "$data" "$work/d"
  python3 - "$work/g.jsonl" "$lang" "$out" "$suffix" > "$work/c.txt" <<'PY'
import json, re, sys
log, lang, out, suffix = sys.argv[1:]
gate = [e for e in map(json.loads, open(log)) if e["event"] == "dump" and e["scene"] == "gate"][-1]
a, op, b = re.match(r"\s*(\d+)\s*(\S)\s*(\d+)", gate["question"]).groups()
answer = int(a) * int(b) if op == "×" else int(a) + int(b)
lines = ["0.4 tap-item player-child-1", "1.0 down 512 32", "4.2 up 512 32"]
t = 4.8
def tap(item, after=0.3):
    global t
    lines.append(f"{t:.1f} tap-item {item}"); t += after
for digit in str(answer):
    tap(f"gate-key-{digit}")
tap("gate-ok", 0.4)
tap("gate-corner", 0.8)
tap("section-progress", 0.5)
lines.append(f"{t:.1f} screenshot {out}/corner-progress{suffix}.png"); t += 0.2
if lang == "en":
    tap("page-next"); tap("page-next")   # Zoe's page
    t += 0.5
    lines.append(f"{t:.1f} screenshot {out}/corner-progress-notplayed.png")
print("\n".join(lines))
PY
  kjc --headless --language "$lang" --data-dir "$work/d" --script "$work/c.txt" --log "$work/c.jsonl" >/dev/null
}
shoot en ""
shoot ar "-ar"
ls "$out" | grep -E "home-padlock|corner-progress" | sed 's/^/  /'
