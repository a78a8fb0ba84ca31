#!/usr/bin/env python3
"""Put the translations of the menu entry and the software centre's page into
packaging/<id>.desktop (Name[xx]=, GenericName[xx]=, Comment[xx]=, Keywords[xx]=) and
packaging/<id>.metainfo.xml (<summary xml:lang="xx">, <p xml:lang="xx">, <li ...>).

Standard library only. The English texts come from po/desktop-en.tsv (they must be the
ones in the two files: the script checks); the translations from the msgstr of each key
in po/<lang>.po (qps, the pseudo-language, is left out). Untranslated keys get no line.
Both files are rewritten in place, deterministically: earlier translated lines are
dropped and written anew after their English line.

Usage:
  tools/make_desktop.py            # rewrites both files
  tools/make_desktop.py --check    # exit 1 if either file is out of date
"""

import argparse
import glob
import os
import re
import sys
from xml.sax.saxutils import escape

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APP_ID = "io.github.kidsjoycenter.KidsJoyCenter"
DESKTOP = os.path.join(ROOT, "packaging", APP_ID + ".desktop")
METAINFO = os.path.join(ROOT, "packaging", APP_ID + ".metainfo.xml")
TSV = os.path.join(ROOT, "po", "desktop-en.tsv")
DESKTOP_KEYS = {"Name": "desktop.name", "GenericName": "desktop.generic-name",
                "Comment": "desktop.comment", "Keywords": "desktop.keywords"}


def english():
    texts = {}
    with open(TSV, encoding="utf-8") as f:
        for row in f.read().splitlines()[1:]:
            if row.strip() and not row.startswith("#"):
                key, text = row.split("\t")[:2]
                texts[key.strip()] = text.strip()
    return texts


def unquote(s):
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), s)


def po_translations(path):
    """msgctxt -> msgstr of the live, non-fuzzy entries."""
    out = {}
    with open(path, encoding="utf-8") as f:
        blocks = f.read().split("\n\n")
    for b in blocks:
        if b.lstrip().startswith("#~") or re.search(r"^#,.*\bfuzzy\b", b, re.M):
            continue
        ctx = re.search(r'^msgctxt "((?:[^"\\]|\\.)*)"', b, re.M)
        m = re.search(r'^msgstr ((?:"(?:[^"\\]|\\.)*"\n?)+)', b, re.M)
        if ctx and m:
            text = "".join(unquote(p) for p in re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(1)))
            if text:
                out[unquote(ctx.group(1))] = text
    return out


def languages():
    langs = {}
    for path in sorted(glob.glob(os.path.join(ROOT, "po", "*.po"))):
        lang = os.path.basename(path)[:-3]
        if lang != "qps":
            langs[lang] = po_translations(path)
    return langs


def desktop(text, en, langs):
    out = []
    for line in text.splitlines():
        m = re.match(r"^(\w+)(\[[^\]]+\])?=(.*)$", line)
        if m and m.group(1) in DESKTOP_KEYS and m.group(2):
            continue  # a translation: written anew below
        out.append(line)
        if m and m.group(1) in DESKTOP_KEYS:
            key = DESKTOP_KEYS[m.group(1)]
            if m.group(3) != en[key]:
                raise SystemExit(f"{DESKTOP}: {m.group(1)}= is not po/desktop-en.tsv's {key}")
            for lang, tr in langs.items():
                if key in tr:
                    out.append(f"{m.group(1)}[{lang}]={tr[key]}")
    return "\n".join(out) + "\n"


def norm(s):
    return " ".join(s.split())


def metainfo(text, en, langs):
    # Drop earlier translations (whole lines holding an element with xml:lang).
    text = re.sub(r'\n[ \t]*<(summary|p|li) xml:lang="[^"]+">.*?</\1>', "", text, flags=re.S)
    by_text = {norm(v): k for k, v in en.items() if k.startswith(("metainfo.", "desktop.comment"))}

    def add(m):
        indent, tag, body = m.group(1), m.group(2), m.group(3)
        key = by_text.get(norm(body))
        if tag == "summary":
            key = "desktop.comment" if norm(body) == norm(en["desktop.comment"]) else None
        if key is None:
            if tag in ("summary", "p", "li") and "<release" not in m.string[max(0, m.start() - 200):m.start()]:
                raise SystemExit(f"{METAINFO}: <{tag}> '{norm(body)[:50]}...' has no key in po/desktop-en.tsv")
            return m.group(0)
        lines = [m.group(0)]
        for lang, tr in langs.items():
            if key in tr:
                lines.append(f'{indent}<{tag} xml:lang="{lang}">{escape(tr[key])}</{tag}>')
        return "\n".join(lines)

    # Only the component's own <summary> and <description> (not the releases' notes).
    head, sep, tail = text.partition("<releases>")
    head = re.sub(r'^([ \t]*)<(summary|p|li)>(.*?)</\2>', add, head, flags=re.S | re.M)
    return head + sep + tail


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="fail if a file is out of date")
    args = ap.parse_args(argv)
    en, langs = english(), languages()
    stale = []
    for path, make in ((DESKTOP, desktop), (METAINFO, metainfo)):
        with open(path, encoding="utf-8") as f:
            old = f.read()
        new = make(old, en, langs)
        if new == old:
            continue
        if args.check:
            stale.append(os.path.relpath(path, ROOT))
        else:
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(new)
            print(f"wrote {os.path.relpath(path, ROOT)}")
    if stale:
        print("out of date (run tools/make_desktop.py): " + ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
