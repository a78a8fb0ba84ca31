#!/usr/bin/env python3
"""The languages table, as the game exports it (issue #49, item 3).

The table is Swift's (Sources/TextCatalogs/Languages.swift): code, locale prefix, name,
direction, font, voice engine and voice, the machine ear's code. `kids-joy-center
--describe-languages` prints it; its output is committed as tools/languages.json (a test keeps
the two equal), so the tools read the table without building the game. No tool keeps a list
of languages of its own: their per-language tuning (a voice's rate, the judge's number words)
is keyed by the table's codes, and `--check` says when a tuning table misses a language or
names one the table lacks.

  tools/languages.py codes        # the codes, space-separated (make: VOICE_LANGS)
  tools/languages.py --check      # every tool's per-language table matches the codes
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PATH = os.path.join(HERE, "languages.json")


def table():
    """Every row of the table, in the language picker's order."""
    with open(PATH, encoding="utf-8") as f:
        return json.load(f)


def codes():
    return [row["code"] for row in table()]


def row(code):
    for r in table():
        if r["code"] == code:
            return r
    raise KeyError(f"{code}: not in the languages table ({PATH})")


def check():
    """Problems: a tool's per-language table that misses a language or names an unknown one."""
    sys.path.insert(0, HERE)
    import make_voices
    import check_voices
    known = set(codes())
    problems = []
    for name, tuning in (("tools/make_voices.py TUNING", make_voices.TUNING),
                         ("tools/check_voices.py NUMBER_WORDS", check_voices.NUMBER_WORDS)):
        missing, unknown = known - set(tuning), set(tuning) - known
        if missing:
            problems.append(f"{name}: no entry for {', '.join(sorted(missing))}")
        if unknown:
            problems.append(f"{name}: {', '.join(sorted(unknown))} not in the languages table")
    for code in check_voices.HOLE_LANGS:
        if code not in known:
            problems.append(f"tools/check_voices.py HOLE_LANGS: {code} not in the languages table")
    return problems


def main(argv):
    if argv == ["codes"]:
        print(" ".join(codes()))
        return 0
    if argv == ["--check"]:
        problems = check()
        for p in problems:
            print(p, file=sys.stderr)
        return 1 if problems else 0
    print(__doc__.strip(), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
