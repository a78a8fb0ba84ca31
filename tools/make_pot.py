#!/usr/bin/env python3
"""Write the gettext template po/kids-joy-center.pot from the game's English catalog.

Standard library only. Sources:
  * every `Message("key", "English text")` literal in Sources/GameCore/**/*.swift, Sources/TextCatalogs/**/*.swift
    and Sources/Scenes/**/*.swift (a game module's folder may keep its own words, issue #44)
    (Messages/Messages.swift and the game titles in the games' rules files);
  * every line of po/voice-lines-en.tsv (the spoken lines, keys starting "voice.");
    Sources/TextCatalogs/VoiceLines.swift holds the same lines as catalog entries,
    and each must match the TSV's text (it is not listed twice).
  * every line of po/desktop-en.tsv (the desktop entry's and the metainfo's texts,
    keys starting "desktop." and "metainfo."; tools/make_desktop.py uses them).

Each entry: msgctxt = the key, msgid = the English text, msgstr = "". Comments:
  #. voice                  a spoken line (tools/make_voices.py renders it)
  #. placeholders: {score}  values filled in at run time; translations keep them
  #. never spoken           keys starting "gate." (the grown-ups' gate)
  #: <file>                 where the text comes from (file only: stable diffs)
  #, python-brace-format    on entries with {name} placeholders, so that
                            `msgfmt --check` verifies a translation keeps them
The output is deterministic: the header carries a fixed POT-Creation-Date.

Usage:
  tools/make_pot.py               # writes po/kids-joy-center.pot
  tools/make_pot.py --check       # exit 1 if the .pot on disk is out of date
  tools/make_pot.py --qps         # also writes po/qps.po, the pseudo-language
  tools/make_pot.py --update      # also msgmerge every po/*.po with the new .pot,
                                  # keeping their "<key>|spoken" entries
"""

import argparse
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PO_DIR = os.path.join(ROOT, "po")
POT = os.path.join(PO_DIR, "kids-joy-center.pot")
QPS = os.path.join(PO_DIR, "qps.po")
VOICE_TSV = os.path.join(PO_DIR, "voice-lines-en.tsv")
DESKTOP_TSV = os.path.join(PO_DIR, "desktop-en.tsv")
# The rules' own words (game titles), the text catalogs (issue #25 moved them out of GameCore)
# and the scenes, where a game module's folder keeps the words it declares (issue #44).
SWIFT_GLOBS = [os.path.join(ROOT, "Sources", target, "**", "*.swift") for target in ("GameCore", "TextCatalogs", "Scenes")]

# A fixed date keeps the template byte-identical from run to run.
CREATION_DATE = "2026-01-01 00:00+0000"

_STR = r'"((?:[^"\\\n]|\\.)*)"'
MESSAGE_RE = re.compile(r'\bMessage\(\s*' + _STR + r'\s*,\s*' + _STR + r'\s*\)')
PLACEHOLDER_RE = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
KEY_RE = re.compile(r"^[a-z0-9][a-z0-9.\-]*$")


class Entry:
    __slots__ = ("key", "text", "ref", "voice")

    def __init__(self, key, text, ref, voice=False):
        self.key, self.text, self.ref, self.voice = key, text, ref, voice

    @property
    def placeholders(self):
        seen = []
        for p in PLACEHOLDER_RE.findall(self.text):
            if p not in seen:
                seen.append(p)
        return seen


# ---------------------------------------------------------------- extraction

_SWIFT_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "'": "'", "\\": "\\", "0": "\0"}


def swift_unescape(s, where):
    out, i = [], 0
    while i < len(s):
        c = s[i]
        if c != "\\":
            out.append(c); i += 1; continue
        e = s[i + 1]
        if e in _SWIFT_ESCAPES:
            out.append(_SWIFT_ESCAPES[e]); i += 2; continue
        m = re.match(r"u\{([0-9a-fA-F]{1,8})\}", s[i + 1:])
        if m:
            out.append(chr(int(m.group(1), 16))); i += 1 + len(m.group(0)); continue
        if e == "(":
            raise SystemExit(f"{where}: string interpolation in a Message literal; use {{name}}")
        raise SystemExit(f"{where}: unknown escape \\{e}")
    return "".join(out)


def extract_swift():
    entries = []
    for path in sorted(p for g in SWIFT_GLOBS for p in glob.glob(g, recursive=True)):
        rel = os.path.relpath(path, ROOT)
        with open(path, encoding="utf-8") as f:
            src = f.read()
        for m in MESSAGE_RE.finditer(src):
            line = src.count("\n", 0, m.start()) + 1
            where = f"{rel}:{line}"
            key = swift_unescape(m.group(1), where)
            text = swift_unescape(m.group(2), where)
            entries.append(Entry(key, text, rel))
    return entries


def extract_voice_lines(path=VOICE_TSV, voice=True):
    rel = os.path.relpath(path, ROOT)
    entries = []
    with open(path, encoding="utf-8") as f:
        rows = f.read().splitlines()
    if not rows or rows[0].split("\t")[:2] != ["key", "text"]:
        raise SystemExit(f"{rel}: the first line must be 'key<TAB>text'")
    for n, row in enumerate(rows[1:], 2):
        if not row.strip() or row.startswith("#"):
            continue
        cols = row.split("\t")
        if len(cols) < 2 or not cols[1].strip():
            raise SystemExit(f"{rel}:{n}: expected key<TAB>text")
        entries.append(Entry(cols[0].strip(), cols[1].strip(), rel, voice=voice))
    return entries


def collect():
    voice = extract_voice_lines()
    spoken = {e.key: e for e in voice}
    swift = []
    for e in extract_swift():
        # The spoken lines are also catalog entries in Swift (TextCatalogs/VoiceLines.swift);
        # the TSV stays their source, so each must say exactly what the TSV says.
        if e.key.startswith("voice."):
            t = spoken.get(e.key)
            if t is None:
                raise SystemExit(f"{e.ref}: {e.key} is not in {os.path.relpath(VOICE_TSV, ROOT)}")
            if t.text != e.text:
                raise SystemExit(f"{e.ref}: {e.key} says {e.text!r} but the TSV says {t.text!r}")
            continue
        swift.append(e)
    entries = swift + voice + extract_voice_lines(DESKTOP_TSV, voice=False)
    seen = {}
    for e in entries:
        if not KEY_RE.match(e.key):
            raise SystemExit(f"{e.ref}: bad key {e.key!r}")
        if e.key in seen:
            raise SystemExit(f"duplicate key {e.key} ({seen[e.key]} and {e.ref})")
        seen[e.key] = e.ref
    if not entries:
        raise SystemExit("no messages found")
    return entries


# ---------------------------------------------------------------- writing

def po_quote(s):
    return '"' + (s.replace("\\", "\\\\").replace('"', '\\"')
                  .replace("\t", "\\t").replace("\r", "\\r").replace("\n", "\\n")) + '"'


def po_field(keyword, s):
    """A keyword and its string; a string with line breaks is split after each \\n."""
    if "\n" not in s.rstrip("\n"):
        return f"{keyword} {po_quote(s)}\n"
    parts = re.findall(r"[^\n]*\n|[^\n]+$", s)
    return f'{keyword} ""\n' + "".join(po_quote(p) + "\n" for p in parts)


def header(language=None, extra=""):
    fields = [
        "Project-Id-Version: kids-joy-center\n",
        "Report-Msgid-Bugs-To: \n",
        f"POT-Creation-Date: {CREATION_DATE}\n",
        "PO-Revision-Date: " + (CREATION_DATE if language else "YEAR-MO-DA HO:MI+ZONE") + "\n",
        "Last-Translator: " + ("generated by tools/make_pot.py --qps" if language
                               else "FULL NAME <EMAIL@ADDRESS>") + "\n",
        "Language-Team: " + ("none" if language else "LANGUAGE <LL@li.org>") + "\n",
        f"Language: {language or ''}\n",
        "MIME-Version: 1.0\n",
        "Content-Type: text/plain; charset=UTF-8\n",
        "Content-Transfer-Encoding: 8bit\n",
        "Plural-Forms: nplurals=2; plural=(n != 1);\n" if language else "",
    ]
    top = ("# Kids Joy Center: the game's words, shown and spoken.\n"
           "# This file is generated by tools/make_pot.py; do not edit it by hand.\n"
           "# How to translate: TRANSLATORS.md. Licence: CC0-1.0.\n") + extra
    if not language:
        top += "#\n#, fuzzy\n"
    return top + 'msgid ""\n' + po_field("msgstr", "".join(fields))


def render(entries, translate=None, language=None, extra=""):
    out = [header(language, extra)]
    for e in entries:
        block = ["\n"]
        if e.voice:
            block.append("#. voice\n")
        if e.placeholders:
            block.append("#. placeholders: " + " ".join(e.placeholders) + "\n")
        if e.key.startswith("gate."):
            block.append("#. never spoken\n")
        if e.key.startswith(("desktop.", "metainfo.")):
            block.append("#. not in the game: the menu entry and the software centre's page\n")
        if e.key == "desktop.keywords":
            block.append("#. search words separated by ';', ending with ';'\n")
        block.append(f"#: {e.ref}\n")
        if e.placeholders:
            block.append("#, python-brace-format\n")
        block.append(po_field("msgctxt", e.key))
        block.append(po_field("msgid", e.text))
        block.append(po_field("msgstr", translate(e.text) if translate else ""))
        out.append("".join(block))
    return "".join(out)


# ---------------------------------------------------------------- pseudo-language

_ACCENTS = {
    "a": "å", "b": "ƀ", "c": "ç", "d": "ð", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ",
    "i": "î", "j": "ĵ", "k": "ķ", "l": "ļ", "m": "ɱ", "n": "ñ", "o": "ö", "p": "þ",
    "q": "ǫ", "r": "ŕ", "s": "š", "t": "ţ", "u": "û", "v": "ṽ", "w": "ŵ", "x": "ẋ",
    "y": "ý", "z": "ž",
    "A": "Å", "B": "Ɓ", "C": "Ç", "D": "Ð", "E": "É", "F": "Ƒ", "G": "Ĝ", "H": "Ĥ",
    "I": "Î", "J": "Ĵ", "K": "Ķ", "L": "Ļ", "M": "Ṁ", "N": "Ñ", "O": "Ö", "P": "Þ",
    "Q": "Ǫ", "R": "Ŕ", "S": "Š", "T": "Ţ", "U": "Û", "V": "Ṽ", "W": "Ŵ", "X": "Ẋ",
    "Y": "Ý", "Z": "Ž",
}


def pseudo(text):
    """'[Çĥöõšé å ĝåɱé]': every letter accented, placeholders and line breaks kept,
    about a third longer (translations are often longer than English)."""
    out = []
    pos = 0
    letters = 0
    for m in PLACEHOLDER_RE.finditer(text):
        chunk = text[pos:m.start()]
        out.append("".join(_ACCENTS.get(c, c) for c in chunk))
        letters += sum(c.isalpha() for c in chunk)
        out.append(m.group(0))
        pos = m.end()
    chunk = text[pos:]
    out.append("".join(_ACCENTS.get(c, c) for c in chunk))
    letters += sum(c.isalpha() for c in chunk)
    pad = "~" * (letters // 3)
    lines = "".join(out).split("\n")
    lines[-1] += (" " + pad if pad else "")
    return "[" + "\n".join(lines) + "]"


# ---------------------------------------------------------------- msgmerge

def update_po(path):
    """msgmerge a translation with the template. Entries "<key>|spoken" are not in the
    template, so msgmerge marks them obsolete; they are made live again, right after
    their key's entry, while that key still exists."""
    with open(path, encoding="utf-8") as f:
        old = f.read()
    notes = {k: n for n, k in re.findall(r'^(#\. .*)\nmsgctxt "([^"]+\|spoken)"$', old, re.M)}
    subprocess.run(["msgmerge", "--quiet", "--update", "--backup=none", "--no-wrap",
                    "--add-location=file", path, POT], check=True)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    blocks = [b.strip("\n") for b in text.split("\n\n") if b.strip()]

    def ctx(block):
        m = re.search(r'^msgctxt "([^"]+)"$', block, re.M)
        return m.group(1) if m else None

    live_keys = {ctx(b) for b in blocks if ctx(b)}
    spoken, rest, dead = {}, [], []
    for b in blocks:
        m = re.search(r'^#~ msgctxt "(([^"]+)\|spoken)"$', b, re.M)
        if m and m.group(2) in live_keys:
            body = [l[3:] for l in b.split("\n") if l.startswith("#~ ")]
            note = notes.get(m.group(1))
            spoken[m.group(2)] = "\n".join(([note] if note else []) + body)
        elif b.startswith("#~"):
            dead.append(b)
        else:
            rest.append(b)
    out = []
    for b in rest:
        out.append(b)
        k = ctx(b)
        if k in spoken:
            out.append(spoken.pop(k))
    out += list(spoken.values()) + dead
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n\n".join(out) + "\n")


# ---------------------------------------------------------------- main

def write(path, text):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    print(f"wrote {os.path.relpath(path, ROOT)}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="fail if the .pot on disk is stale")
    ap.add_argument("--qps", action="store_true", help="also write po/qps.po")
    ap.add_argument("--update", action="store_true", help="also msgmerge every po/*.po")
    args = ap.parse_args(argv)
    entries = collect()
    pot = render(entries)
    if args.check:
        old = open(POT, encoding="utf-8").read() if os.path.exists(POT) else ""
        if old != pot:
            print(f"{os.path.relpath(POT, ROOT)} is out of date: run tools/make_pot.py")
            return 1
        print(f"{os.path.relpath(POT, ROOT)} is up to date ({len(entries)} entries)")
        return 0
    write(POT, pot)
    n_voice = sum(e.voice for e in entries)
    print(f"  {len(entries)} entries: {len(entries) - n_voice} on screen, {n_voice} spoken")
    if args.qps:
        write(QPS, render(entries, translate=pseudo, language="qps",
                          extra="# qps: the pseudo-language. Every string is accented and "
                                "bracketed so that\n# text the game shows without "
                                "translating stands out.\n"))
    if args.update:
        for path in sorted(glob.glob(os.path.join(PO_DIR, "*.po"))):
            if os.path.abspath(path) == QPS:
                continue
            update_po(path)
            print(f"updated {os.path.relpath(path, ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
