#!/usr/bin/python3
"""Checks that the project's documentation cannot rot (issue #50). Standard library only.

  check_docs.py links [FILE.md ...]
      Every link between the docs resolves: a relative file link names a file or folder of
      the tree, an #anchor names a heading of that file (GitHub's slugs: lower case,
      punctuation dropped, spaces to hyphens, "-1", "-2" for repeats) or an <a id>, and an
      image (![..](..) or <img src>) is a file. Links inside code are not links. Web links
      (http, https, mailto) are not followed. Default files: README.md, docs/*.md,
      RELIABILITY.md, BENCHMARKS.md, TRANSLATORS.md.

  check_docs.py blocks [--list] [FILE.md ...]
      Runs every runnable command block of the guides (default: README.md and docs/*.md)
      with bash (-e -u -o pipefail), each in a scratch folder of its own: HOME, the XDG
      folders and the working folder are empty temporary folders, PATH starts with a folder
      holding `kids-joy-center` (KJC_BIN, default .build/debug/kids-joy-center), there is
      no display (DISPLAY and WAYLAND_DISPLAY unset, SDL_AUDIODRIVER=dummy), and each block
      has 120 seconds. The convention (docs/developers.md, "Documentation that cannot rot"):
      a block fenced ```sh runs; ```sh norun is shown but never run (it installs, needs
      root, changes the system, builds for minutes or opens a window); a block of another
      language (toml, sql, text, none) is not a command. A failing block is named with its
      file and line, its exit status and its output. --list prints the blocks instead.

  check_docs.py screenshots [--jobs N]
      Draws every screenshot again with the scripts of tools/scripts/ whose usage line is
      "# Usage: tools/scripts/NAME.sh [OUTPUT_DIR]" (each into a temporary folder of its
      own, two at a time, KJC_BIN as above) and compares each picture a guide shows
      with the committed one, pixel for pixel (Pillow; a PNG's bytes need not be equal, its
      pixels must). Fails when a picture differs, when a guide shows a PNG no script makes,
      or when a script fails. KJC_SCREENSHOTS_KEEP=DIR keeps the drawn pictures in DIR (to
      look at, or to copy over docs/screenshots when a change of the game is meant).
"""
import glob
import html
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", ".."))
LINK_FILES = ["README.md", "docs/*.md", "RELIABILITY.md", "BENCHMARKS.md", "TRANSLATORS.md"]
BLOCK_FILES = ["README.md", "docs/*.md"]
GUIDE_FILES = ["README.md", "docs/*.md", "RELIABILITY.md", "BENCHMARKS.md", "TRANSLATORS.md"]


def expand(patterns):
    out = []
    for p in patterns:
        found = sorted(glob.glob(os.path.join(ROOT, p))) if any(c in p for c in "*?[") else [os.path.join(ROOT, p)]
        out += [f for f in found if os.path.isfile(f)]
    return out


def rel(path):
    return os.path.relpath(path, ROOT)


FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})(.*)$")


def split_code(text):
    """Yields (line number, line, in_code, fence info or None) for every line."""
    fence = None
    for n, line in enumerate(text.split("\n"), 1):
        m = FENCE.match(line)
        if fence is None and m:
            fence = m.group(2)
            yield n, line, True, m.group(3).strip()
            continue
        if fence is not None and m and m.group(2).startswith(fence[0]) and len(m.group(2)) >= len(fence) and not m.group(3).strip():
            fence = None
            yield n, line, True, None
            continue
        yield n, line, fence is not None, None


def slug(heading):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"<[^>]+>", "", heading)           # tags
    text = re.sub(r"!\[([^\]]*)\]\([^)]*\)", r"\1", text)  # images
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)   # links keep their words
    text = text.replace("`", "").replace("*", "").strip().lower()
    out = []
    for ch in text:
        cat = unicodedata.category(ch)
        if ch in " -" or ch == "_" or cat[0] in "LMN" or cat == "Pc":
            out.append("-" if ch == " " else ch)
    return "".join(out)


def anchors(path, cache={}):
    if path in cache:
        return cache[path]
    text = open(path, encoding="utf-8").read()
    seen, names = {}, set()
    for _, line, in_code, _ in split_code(text):
        if in_code:
            continue
        m = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if m:
            s = slug(m.group(1))
            k = seen.get(s, 0)
            names.add(s if k == 0 else "%s-%d" % (s, k))
            seen[s] = k + 1
        for a in re.findall(r"<a\s+(?:id|name)=\"([^\"]+)\"", line):
            names.add(a)
    cache[path] = names
    return names


LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
IMG = re.compile(r"<img\s[^>]*src=\"([^\"]+)\"")
HREF = re.compile(r"<a\s[^>]*href=\"([^\"]+)\"")


def check_links(files):
    problems, count = [], 0
    for path in files:
        text = open(path, encoding="utf-8").read()
        for n, line, in_code, _ in split_code(text):
            if in_code:
                continue
            plain = re.sub(r"`[^`]*`", "", line)  # inline code is not a link
            for target in LINK.findall(plain) + IMG.findall(plain) + HREF.findall(plain):
                target = html.unescape(target)
                if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                    continue
                count += 1
                file_part, _, anchor = target.partition("#")
                dest = path if not file_part else os.path.normpath(os.path.join(os.path.dirname(path), file_part))
                where = "%s:%d" % (rel(path), n)
                inside = ROOT if (path + os.sep).startswith(ROOT + os.sep) else os.path.dirname(path)
                if not (dest + os.sep).startswith(inside + os.sep):
                    problems.append("%s: %s leaves the repository" % (where, target))
                    continue
                if not os.path.exists(dest):
                    problems.append("%s: %s: no such file" % (where, target))
                    continue
                if anchor:
                    if not dest.endswith(".md") or not os.path.isfile(dest):
                        problems.append("%s: %s: an anchor into a file that is not Markdown" % (where, target))
                    elif anchor not in anchors(dest):
                        problems.append("%s: %s: %s has no heading with that anchor" % (where, target, rel(dest)))
    return problems, count


def blocks(files):
    """Every fenced block: (file, first line of its body, info, body)."""
    out = []
    for path in files:
        text = open(path, encoding="utf-8").read()
        info, body, start, indent = None, [], 0, 0
        for n, line, in_code, fence_info in split_code(text):
            if fence_info is not None:
                # A fence inside a list item is indented: its lines lose that indentation (a
                # here-document's terminator must stand at the start of its line).
                info, body, start, indent = fence_info, [], n + 1, len(line) - len(line.lstrip(" "))
            elif in_code and info is not None and not FENCE.match(line):
                body.append(line[indent:] if line[:indent].strip() == "" else line.lstrip(" "))
            elif info is not None and FENCE.match(line):
                out.append((path, start, info, "\n".join(body) + "\n"))
                info = None
    return out


def runnable(info):
    words = info.split()
    return bool(words) and words[0] in ("sh", "bash", "shell", "console") and "norun" not in words[1:]


def binary():
    b = os.environ.get("KJC_BIN", os.path.join(ROOT, ".build", "debug", "kids-joy-center"))
    return os.path.realpath(b if os.path.isabs(b) else os.path.join(ROOT, b))


def run_blocks(files, list_only=False):
    found = [b for b in blocks(files) if b[2].split()[:1] and b[2].split()[0] in ("sh", "bash", "shell", "console")]
    problems = []
    bin_ = binary()
    if not list_only and not os.access(bin_, os.X_OK):
        return ["kids-joy-center is not built (%s): build it first (swift build)" % bin_], 0
    ran = 0
    for path, line, info, body in found:
        where = "%s:%d" % (rel(path), line)
        if not runnable(info):
            if list_only:
                print("%s: not run (%s)" % (where, info))
            continue
        if list_only:
            print("%s: runs" % where)
            continue
        scratch = tempfile.mkdtemp(prefix="kjc-doc-block-")
        try:
            bindir = os.path.join(scratch, "bin")
            os.mkdir(bindir)
            os.symlink(bin_, os.path.join(bindir, "kids-joy-center"))
            env = {"PATH": bindir + ":/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "SDL_AUDIODRIVER": "dummy"}
            for name, sub in [("HOME", "home"), ("XDG_CONFIG_HOME", "home/.config"), ("XDG_DATA_HOME", "home/.local/share"),
                              ("XDG_CACHE_HOME", "home/.cache"), ("XDG_STATE_HOME", "home/.local/state"),
                              ("XDG_RUNTIME_DIR", "run"), ("TMPDIR", "tmp")]:
                env[name] = os.path.join(scratch, sub)
                os.makedirs(env[name], mode=0o700, exist_ok=True)
            env["XDG_CONFIG_DIRS"] = os.path.join(scratch, "etc-xdg")
            cwd = os.path.join(scratch, "work")
            os.mkdir(cwd)
            started = time.monotonic()
            try:
                r = subprocess.run(["bash", "-euo", "pipefail", "-c", body], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
                status, output = r.returncode, r.stdout.decode("utf-8", "replace")
            except subprocess.TimeoutExpired as e:
                status, output = "timeout after 120 s", (e.stdout or b"").decode("utf-8", "replace")
            ran += 1
            took = time.monotonic() - started
            if status != 0:
                tail = "\n".join(output.rstrip("\n").split("\n")[-40:])
                problems.append("%s: the block failed (status %s, %.1f s):\n%s\n--- output (last 40 lines) ---\n%s" %
                                (where, status, took, body.rstrip("\n"), tail))
            else:
                print("ok %s (%.1f s)" % (where, took))
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    return problems, ran


def shown_pictures(files):
    """Every PNG under docs/screenshots a guide shows: {path relative to docs/screenshots: [where]}."""
    shown = {}
    for path in files:
        text = open(path, encoding="utf-8").read()
        for n, line, in_code, _ in split_code(text):
            if in_code:
                continue
            for target in LINK.findall(line) + IMG.findall(line):
                dest = os.path.normpath(os.path.join(os.path.dirname(path), target.split("#")[0]))
                base = os.path.join(ROOT, "docs", "screenshots") + os.sep
                if dest.startswith(base) and dest.endswith(".png"):
                    shown.setdefault(dest[len(base):], []).append("%s:%d" % (rel(path), n))
    return shown


def same_pixels(a, b):
    try:
        from PIL import Image, ImageChops
    except ImportError:
        raise SystemExit("python3-pil is needed to compare screenshots (make test-deps installs it)")
    with Image.open(a) as x, Image.open(b) as y:
        if x.size != y.size:
            return "size %dx%d, committed %dx%d" % (y.size + x.size)
        x, y = x.convert("RGBA"), y.convert("RGBA")
        box = ImageChops.difference(x, y).getbbox()
        if box is None:
            return None
        diff = ImageChops.difference(x, y)
        changed = sum(1 for p in diff.getdata() if p != (0, 0, 0, 0))
        return "%d pixels differ, within %s" % (changed, box)


def check_screenshots(jobs):
    scripts = sorted(glob.glob(os.path.join(ROOT, "tools", "scripts", "*.sh")))
    # The scripts that draw pictures for the guides say so in their usage line.
    usage = re.compile(r"^# Usage: tools/scripts/[\w.-]+\.sh \[OUTPUT_DIR\]", re.M)
    takers = [s for s in scripts if usage.search(open(s, encoding="utf-8").read())]
    problems = []
    bin_ = binary()
    if not os.access(bin_, os.X_OK):
        return ["kids-joy-center is not built (%s): build it first (swift build)" % bin_]
    keep = os.environ.get("KJC_SCREENSHOTS_KEEP")
    out = keep or tempfile.mkdtemp(prefix="kjc-shots-")
    os.makedirs(out, exist_ok=True)
    env = dict(os.environ, KJC_BIN=bin_, SDL_AUDIODRIVER="dummy")
    made = {}
    running = []
    pending = list(takers)
    started = time.monotonic()
    try:
        while pending or running:
            while pending and len(running) < jobs:
                s = pending.pop(0)
                d = os.path.join(out, os.path.basename(s)[:-3])
                os.makedirs(d, exist_ok=True)
                log = open(os.path.join(out, os.path.basename(s) + ".log"), "wb")
                p = subprocess.Popen([s, d], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
                running.append((s, d, p, log, time.monotonic()))
            time.sleep(0.2)
            for item in list(running):
                s, d, p, log, t0 = item
                if p.poll() is None:
                    continue
                running.remove(item)
                log.close()
                print("%s: %.0f s" % (rel(s), time.monotonic() - t0))
                if p.returncode != 0:
                    text = open(log.name, encoding="utf-8", errors="replace").read()
                    problems.append("%s failed (status %d):\n%s" % (rel(s), p.returncode, text[-3000:]))
                for f in glob.glob(os.path.join(d, "**", "*.png"), recursive=True):
                    made.setdefault(os.path.relpath(f, d), []).append((rel(s), f))
        shown = shown_pictures(expand(GUIDE_FILES))
        for name, where in sorted(shown.items()):
            committed = os.path.join(ROOT, "docs", "screenshots", name)
            if name not in made:
                problems.append("docs/screenshots/%s (shown at %s) is made by no script of tools/scripts" % (name, ", ".join(where)))
                continue
            for script, f in made[name]:
                if not os.path.exists(committed):
                    problems.append("docs/screenshots/%s: not committed (%s draws it)" % (name, script))
                    continue
                why = same_pixels(committed, f)
                if why:
                    problems.append("docs/screenshots/%s (shown at %s) differs from what %s draws: %s" % (name, where[0], script, why))
        print("%d pictures shown by the guides, %d drawn by %d scripts in %.0f s" %
              (len(shown), len(made), len(takers), time.monotonic() - started))
    finally:
        if not keep:
            shutil.rmtree(out, ignore_errors=True)
    return problems


def main(argv):
    if not argv or argv[0] not in ("links", "blocks", "screenshots"):
        print(__doc__)
        return 2
    what, rest = argv[0], argv[1:]
    if what == "links":
        files = [os.path.realpath(f) for f in rest] or expand(LINK_FILES)
        problems, count = check_links(files)
        print("%d links in %d files" % (count, len(files)))
    elif what == "blocks":
        list_only = "--list" in rest
        files = [os.path.realpath(f) for f in rest if f != "--list"] or expand(BLOCK_FILES)
        problems, count = run_blocks(files, list_only)
        if not list_only:
            print("%d runnable blocks run" % count)
    else:
        jobs = 2
        if "--jobs" in rest:
            jobs = int(rest[rest.index("--jobs") + 1])
        problems = check_screenshots(jobs)
    for p in problems:
        print("FAIL " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
