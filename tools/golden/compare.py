#!/usr/bin/env python3
"""Compare two event logs of the same script and seed, as the game-contract issue asks:
the existing event types must match line for line (order, `t` and values); new event types
(voice, hint, demo, profile, ...) and new fields are ignored. Balloons' rule events may move
by exactly one frame (--balloons-frame).

    compare.py OLD.jsonl NEW.jsonl [--balloons-frame | --before-balloons]

Exit 0 when they match, 1 with the first differences otherwise."""
import json
import sys

EXISTING = {"start", "scene", "select", "sound", "timer", "score", "flip", "match", "mismatch", "close", "pick",
            "drop", "returned", "spawn", "pop", "escape", "gameover", "alert", "answer", "highscores", "dump",
            "pause", "resume", "gate", "mute", "screensaver", "fullscreen", "quit", "ignored", "screenshot"}
NEW_FIELDS = {"alert": {"kind", "key", "messageKey"}, "start": {"language"}, "highscores": {"tab", "game"},
              "gameover": {"key", "player", "nickname", "childRank", "gameRank", "sticker"}}


def load(path):
    out = []
    with open(path) as f:
        for line in f:
            e = json.loads(line)
            if e["event"] not in EXISTING:
                continue
            for k in NEW_FIELDS.get(e["event"], ()):
                e.pop(k, None)
            if e["event"] == "highscores":
                for row in e.get("entries", []):
                    row.pop("player", None)
                    row.pop("nickname", None)
            if e["event"] == "start":
                e.pop("version", None)
            out.append(e)
    return out


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    loose = "--balloons-frame" in sys.argv
    old, new = load(args[0]), load(args[1])
    if "--before-balloons" in sys.argv:
        # Balloons' rule events moved by one frame: compare everything up to its first game.
        def cut(events):
            for i, e in enumerate(events):
                if e["event"] == "scene" and e.get("scene") == "balloons":
                    return events[:i + 1]
            return events
        old, new = cut(old), cut(new)
    problems = []
    if loose:
        # Allow every `t` to move by up to one frame; compare the rest exactly, in order.
        def strip(e):
            e = dict(e)
            e.pop("t")
            return e
        a, b = [strip(e) for e in old], [strip(e) for e in new]
        if a != b:
            for i, (x, y) in enumerate(zip(a, b)):
                if x != y:
                    problems.append(f"line {i}: {x} != {y}")
                    break
            if len(a) != len(b):
                problems.append(f"{len(a)} lines vs {len(b)}")
        shifts = [abs(x["t"] - y["t"]) for x, y in zip(old, new)]
        if shifts and max(shifts) > 1 / 60 + 1e-3:
            i = max(range(len(shifts)), key=lambda k: shifts[k])
            problems.append(f"line {i} moved {shifts[i]:.3f} s: {old[i]} vs {new[i]}")
    else:
        for i, (x, y) in enumerate(zip(old, new)):
            if x != y:
                problems.append(f"line {i}: {x} != {y}")
                if len(problems) > 3:
                    break
        if len(old) != len(new):
            problems.append(f"{len(old)} lines vs {len(new)}")
    for p in problems:
        print(p)
    print(("differ: " if problems else "same: ") + f"{len(old)} lines")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
