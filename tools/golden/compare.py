#!/usr/bin/env python3
"""Compare two event logs of the same script and seed, as the game-contract issue asks:
the existing event types must match line for line (order, `t` and values); new event types
(voice, hint, demo, profile, ...) and new fields are ignored. Balloons' rule events may move
by exactly one frame (--balloons-frame).

    compare.py OLD.jsonl NEW.jsonl [--balloons-frame | --before-balloons] [--memory-deal]

--memory-deal: Memory's cards are dealt in the game's first second and its clock starts after
(issue 45), so a script written before the deal taps one second later: every line of OLD after
a Memory game appears is compared one second later in NEW (its `scene` and first `timer` line
at the same time); a `dump` and a `screenshot` are compared by what they show, not their `t`
or path (the learning dump moved past the deal).

Exit 0 when they match, 1 with the first differences otherwise."""
import json
import sys

EXISTING = {"start", "scene", "select", "sound", "timer", "score", "flip", "match", "mismatch", "close", "pick",
            "drop", "returned", "spawn", "pop", "escape", "gameover", "alert", "answer", "highscores", "dump",
            "pause", "resume", "gate", "mute", "screensaver", "fullscreen", "quit", "ignored", "screenshot"}
NEW_FIELDS = {"alert": {"kind", "key", "messageKey", "stars", "reason", "sticker"}, "start": {"language", "canvas"},
              "highscores": {"tab", "game"}, "dump": {"canvas"}, "select": {"by"}, "screenshot": {"failed"},
              "gameover": {"key", "player", "nickname", "childRank", "gameRank", "sticker", "relaxed"}}


def centre(frame):
    return (frame[0] + frame[2] / 2, frame[1] + frame[3] / 2)


def kept(old, new):
    """`new` keeps what `old` says: dump items keep their ids, fields and frame centres
    (Decision 6); fields and items that are new (an item's `icon`, `key`; the end screen's
    mascot and stars; the pause screen's ▶) are ignored."""
    if isinstance(old, dict) and isinstance(new, dict):
        for k, v in old.items():
            if k not in new:
                return False
            if k == "frame" and isinstance(v, list) and len(v) == 4:
                if centre(v) != centre(new[k]):
                    return False
            elif k == "label" and old.get("id", "").startswith("alert-"):
                continue  # an alert button's caption (the picture says it now)
            elif not kept(v, new[k]):
                return False
        return True
    if isinstance(old, list) and isinstance(new, list):
        if all(isinstance(x, dict) and "id" in x for x in old + new):
            by_id = {x["id"]: x for x in new}
            order = [x["id"] for x in new if x["id"] in {y["id"] for y in old}]
            return order == [x["id"] for x in old] and all(kept(x, by_id[x["id"]]) for x in old)
        return len(old) == len(new) and all(kept(a, b) for a, b in zip(old, new))
    return old == new


def same(old, new):
    if old.get("event") == "dump":
        return old.get("t") == new.get("t") and kept(old, new)
    return old == new


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
    if "--memory-deal" in sys.argv:
        shift, entered = 0.0, None
        for e in old:
            if e["event"] == "scene" and e.get("scene") == "memory" and e.get("action") in ("push", "replace"):
                shift, entered = shift + 1.0, e["t"]
            elif entered is not None and e["t"] > entered:
                e["t"] = round(e["t"] + shift, 3)
        for o, n in zip(old, new):
            if o["event"] in ("dump", "screenshot"):
                n["t"] = o["t"]
            if o["event"] == "screenshot":
                n["path"] = o.get("path")
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
        if len(a) != len(b) or not all(same(x, y) for x, y in zip(a, b)):
            for i, (x, y) in enumerate(zip(a, b)):
                if not same(x, y):
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
            if not same(x, y):
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
