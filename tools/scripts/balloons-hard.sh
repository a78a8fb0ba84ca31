#!/usr/bin/env bash
# Plays a whole Hard Balloons game headless, by iteration, from the game's own dumps.
#
# A script is fixed in advance, but the game is deterministic for a seed: run it with a
# `dump` every 0.3 s, compute from the dumps where to tap next (a balloon's frame moves up
# at its known speed, so aim where it will be at the tap time), rerun with the longer
# script, and repeat until the game ends. Popping a regular balloon never changes what
# appears later, so each round adds every tap up to the next star or skull balloon.
#
#   tools/scripts/balloons-hard.sh [--killer] [--seed N] [--shots DIR] [--out DIR]
#
# Default goal: pop balloons for the whole game, pop one star (bonus) balloon, never the
# skull, and end at time out with the score recorded. --killer: pop balloons until the skull
# appears, then pop it (the game ends lost, nothing recorded). --shots DIR adds screenshots
# of the final run (balloons rising, a number flying to the score, the "slow" indicator).
# Leaves script.txt and log.jsonl in --out (default: a temporary directory); exits 0 when
# the goal was reached. Needs python3 and a built binary (swift build).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BIN="${KJC_BIN:-$ROOT/.build/debug/kids-joy-center}"
MODE=time SEED=7 SHOTS="" OUT=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --killer) MODE=killer; shift ;;
        --seed) SEED="$2"; shift 2 ;;
        --shots) SHOTS="$2"; shift 2 ;;
        --out) OUT="$2"; shift 2 ;;
        -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
        *) echo "balloons-hard.sh: unknown option '$1'" >&2; exit 2 ;;
    esac
done
[[ -x "$BIN" ]] || { echo "balloons-hard.sh: no binary at $BIN (run 'swift build' first)" >&2; exit 1; }
OUT="${OUT:-$(mktemp -d /tmp/balloons-hard.XXXXXX)}"
mkdir -p "$OUT"
[[ -n "$SHOTS" ]] && mkdir -p "$SHOTS"

exec python3 - "$BIN" "$MODE" "$SEED" "$OUT" "$SHOTS" <<'PY'
import json, os, shutil, subprocess, sys, time

binary, mode, seed, out, shots = sys.argv[1:6]
FPS = 60
DUMP_EVERY = 0.3          # seconds between dumps
LEAD = 0.1                # tap this long after the dump it was computed from
END = 33.0                # Hard lasts 30 s from Play
MAX_ROUNDS = 40
HEADER = ["0.2 tap-item game-balloons", "0.4 tap-item level-hard", "0.6 tap-item play"]
PLAY_TOP = 64             # the top bar's height: nothing above it can be touched
started = time.time()


def frame_time(t):
    """Script times run at the first frame at or after them: snap to whole frames."""
    return round(t * FPS) / FPS


def run(taps, extra=()):
    """Runs the game with the taps, a dump every DUMP_EVERY s and extra lines; answers the log."""
    lines = [(0.0, i, l) for i, l in enumerate(HEADER)]
    t = 0.7
    while t < END:
        lines.append((frame_time(t), 1, "%.4f dump" % frame_time(t)))
        t += DUMP_EVERY
    for tap in taps:
        lines.append((tap["t"], 0, "%.4f tap %.1f %.1f" % (tap["t"], tap["x"], tap["y"])))
    lines += [(t, 2, l) for t, l in extra]
    lines.sort(key=lambda x: (x[0], x[1]))
    data = os.path.join(out, "data")
    shutil.rmtree(data, ignore_errors=True)
    script = os.path.join(out, "script.txt")
    with open(script, "w") as f:
        f.write("\n".join(l for _, _, l in lines) + "\n")
    args = [binary, "--headless", "--seed", seed, "--script", script, "--log", os.path.join(out, "log.jsonl"),
            "--data-dir", data, "--no-draw"]  # screenshots still draw their frame
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(out, "log.jsonl")) as f:
        return [json.loads(l) for l in f if l.strip()]


def aim(item, dump_t, tap_t):
    """Where the balloon's touchable frame centre will be at tap_t, or None if it will not be
    fully in view then (a frame cut by the screen's edges does not move by speed × dt)."""
    x, y, w, h = item["frame"]
    if h < 120:  # cut by the bottom edge or the top bar: wait for a better dump
        return None
    dy = item["speed"] * (tap_t - dump_t)
    cy = y + h / 2 - dy
    if y - dy < PLAY_TOP + 4:
        return None
    return (x + w / 2, cy)


def plan(log, taps):
    """Adds taps from the dumps after the last tap, up to (and including) the next special
    pop, which changes what happens later and so needs a fresh run."""
    popped = {p["balloon"] for p in log if p["event"] == "pop"}
    tapped = {t["id"] for t in taps} | popped
    bonus_done = any(p["event"] == "pop" and p["type"] == "bonus" for p in log)
    after = taps[-1]["t"] if taps else 0.0
    over = next((e["t"] for e in log if e["event"] == "gameover"), float("inf"))
    added = []
    for d in (e for e in log if e["event"] == "dump" and e["scene"] == "balloons"):
        tap_t = frame_time(d["t"] + LEAD)
        if d["t"] <= after + 1e-6:
            continue
        if tap_t >= over - 1e-6:  # a game that is over takes no more taps
            break
        balloons = [i for i in d["items"] if i["kind"] == "balloon" and i["id"] not in tapped]
        choice = None
        for kind in (["killer"] if mode == "killer" else []) + (["bonus"] if mode == "time" and not bonus_done else []):
            for b in balloons:
                if b["type"] == kind and aim(b, d["t"], tap_t):
                    choice = b
                    break
            if choice:
                break
        if choice is None:
            # The biggest number first: a nicer score.
            for b in sorted((b for b in balloons if b["type"] == "regular"), key=lambda b: -b["number"]):
                if aim(b, d["t"], tap_t):
                    choice = b
                    break
        if choice is None:
            continue
        x, y = aim(choice, d["t"], tap_t)
        tap = {"t": tap_t, "x": x, "y": y, "id": choice["id"], "type": choice["type"]}
        added.append(tap)
        tapped.add(choice["id"])
        after = tap_t
        if choice["type"] != "regular":
            break
    return added


taps = []
log = run(taps)
for round_ in range(1, MAX_ROUNDS + 1):
    pops = {p["balloon"]: p for p in log if p["event"] == "pop"}
    missed = [t for t in taps if t["id"] not in pops]
    if missed:
        # Cannot happen while the rules stay deterministic; drop the miss and plan again.
        print("round %d: tap at %.3f missed %s; replanning" % (round_, missed[0]["t"], missed[0]["id"]), file=sys.stderr)
        taps = [t for t in taps if t["t"] < missed[0]["t"]]
        log = run(taps)
        continue
    if time.time() - started > 100:
        break
    # Keep popping until the dumps run out: the whole game, not just until the goal is met.
    added = plan(log, taps)
    if not added:
        break
    taps += added
    print("round %d: %d taps (+%d, last %s at %.2f s)" % (round_, len(taps), len(added), added[-1]["type"], added[-1]["t"]),
          file=sys.stderr)
    log = run(taps)

if shots:
    # Balloons rising (a run without taps, so the sky is full), then in the played run: a far
    # balloon's number on its way to the score, the star's magic and the slow indicator.
    run([], [(6.0, "6.0000 screenshot %s/balloons-rising.png" % shots)])
    extra = []
    far = [t for t in taps if t["type"] == "regular" and t["y"] > 520 and 6 < t["t"] < 18]
    if far:
        t = frame_time(far[0]["t"] + 0.3)
        extra.append((t, "%.4f screenshot %s/balloons-pop.png" % (t, shots)))
    bonus = [t for t in taps if t["type"] == "bonus"]
    if bonus:
        t = frame_time(bonus[0]["t"] + 1.5)
        extra.append((t, "%.4f screenshot %s/balloons-slow.png" % (t, shots)))
        t = frame_time(bonus[0]["t"] + 0.2)
        extra.append((t, "%.4f screenshot %s/balloons-magic.png" % (t, shots)))
    killer = [t for t in taps if t["type"] == "killer"]
    if killer:
        t = frame_time(killer[0]["t"] + 0.1)
        extra.append((t, "%.4f screenshot %s/balloons-boom.png" % (t, shots)))
    extra.append((END - 0.5, "%.4f screenshot %s/balloons-end.png" % (END - 0.5, shots)))
    extra.sort()
    log = run(taps, extra)

over = next((e for e in log if e["event"] == "gameover"), None)
pops = [e for e in log if e["event"] == "pop"]
print("%s: %d taps, %d pops (%d bonus, %d killer), gameover %s, %.1f s"
      % (mode, len(taps), len(pops), sum(p["type"] == "bonus" for p in pops), sum(p["type"] == "killer" for p in pops),
         json.dumps(over), time.time() - started))
print("script and log: %s" % out)
if mode == "killer":
    ok = over and over["reason"] == "killer" and not over["recorded"]
else:
    ok = (over and over["reason"] == "time" and over["recorded"]
          and sum(p["type"] == "bonus" for p in pops) == 1 and not any(p["type"] == "killer" for p in pops))
sys.exit(0 if ok else 1)
PY
