#!/usr/bin/env python3
"""Render the game's spoken lines to Assets/voices/<lang>/<key>.ogg.

Standard library only; the speech engines and sox/oggenc are called as separate
programs (Debian packages: festival festvox-us-slt-hts flite espeak-ng sox
libsox-fmt-all vorbis-tools; `make -f tools/voices.mk voices` installs them).

Sources (the first that exists, unless --source is given):
  en:    po/voice-lines-en.tsv, then po/kids-joy-center.pot
  other: po/<lang>.po (po/pt_BR.po for pt-BR, gettext's spelling)
A TSV has a header line and the columns key, text and optionally spoken.
A .po/.pot entry is a voice line when its msgctxt starts with "voice.": msgctxt is
the key, msgid the English text, msgstr the translation (for a .pot, or for en,
the msgid is the text). An entry whose msgctxt is "<key>|spoken" holds the form to
be spoken when it differs from the displayed one (e.g. Arabic with vowel marks).

A human recording wins: Assets/voices/recorded/<lang>/<key>.(wav|ogg|flac) is
used instead of the engine, through the same processing chain.

Chain per line: engine -> WAV -> sox (mono, 22050 Hz, high-pass 70 Hz, silence
trimmed at both ends, loudness set to a fixed RMS level (-20 dBFS) with a limiter,
peak <= -1 dBFS, 0.05 s padding) -> oggenc -q -1 with a serial number
derived from the key (deterministic output, no date comments).
Writes Assets/voices/<lang>/index.tsv: key<TAB>duration (s, 3 decimals)<TAB>text.

Usage:
  tools/make_voices.py --lang en [--source FILE] [--only KEY ...] [--engine E]
  tools/make_voices.py --all          # every language whose source exists
"""

import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PO_DIR = os.path.join(ROOT, "po")
VOICES_DIR = os.path.join(ROOT, "Assets", "voices")
RECORDED_DIR = os.path.join(VOICES_DIR, "recorded")

LANGS = ["en", "es", "fr", "de", "pt-BR", "ar"]

# Per-language engine and voice. English: festival with the CMU ARCTIC SLT HTS
# voice won the comparison in Assets/CREDITS.md ("## Voices"). Debian 12 main has no
# festival voice and no MBROLA voice for the other languages, so they use espeak-ng.
ENGINES = {
    "en": ("festival", "cmu_us_slt_arctic_hts"),
    "es": ("espeak-ng", "es"),
    "fr": ("espeak-ng", "fr"),
    "de": ("espeak-ng", "de"),
    "pt-BR": ("espeak-ng", "pt-br"),
    "ar": ("espeak-ng", "ar"),
}
# espeak-ng speed (words per minute) per language; default 150, a little slower than
# espeak-ng's 175, for children. Arabic at 150 came out about 50% longer than the other
# languages (mean 1.96 s against 1.26-1.52 s per line), so it is read a little faster.
ESPEAK_SPEED = {"ar": 170}
# The voice each engine uses when --engine overrides the table.
DEFAULT_VOICE = {
    "festival": {"en": "cmu_us_slt_arctic_hts"},
    "flite": {"en": "slt"},
    "espeak-ng": {"en": "en-us", "pt-BR": "pt-br"},
}

RATE = 22050
TARGET_RMS_DB = -20.0   # RMS level of every line after processing (dBFS)
PEAK_DB = -1.0          # the peak never goes above this (dBFS)
OGG_QUALITY = "-1"
BUDGET_EN = 3 * 1024 * 1024
BUDGET_ALL = 12 * 1024 * 1024
KEY_RE = re.compile(r"^voice\.[a-z0-9][a-z0-9.\-]*$")


# ---------------------------------------------------------------- sources

class Line:
    __slots__ = ("key", "text", "spoken")

    def __init__(self, key, text, spoken=None):
        self.key, self.text, self.spoken = key, text, spoken

    @property
    def say(self):
        return self.spoken or self.text


def read_tsv(path):
    lines = []
    with open(path, encoding="utf-8") as f:
        rows = f.read().splitlines()
    if not rows:
        return lines
    header = rows[0].split("\t")
    if header[:2] != ["key", "text"]:
        raise SystemExit(f"{path}: the first line must be 'key<TAB>text[<TAB>spoken]'")
    for n, row in enumerate(rows[1:], 2):
        if not row.strip() or row.startswith("#"):
            continue
        cols = row.split("\t")
        if len(cols) < 2 or not cols[1].strip():
            raise SystemExit(f"{path}:{n}: expected key<TAB>text")
        spoken = cols[2].strip() if len(cols) > 2 and cols[2].strip() else None
        lines.append(Line(cols[0].strip(), cols[1].strip(), spoken))
    return lines


_PO_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\",
               "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


def _po_unquote(s, path, n):
    s = s.strip()
    if len(s) < 2 or s[0] != '"' or s[-1] != '"':
        raise SystemExit(f"{path}:{n}: expected a quoted string, got {s!r}")
    out, i, body = [], 0, s[1:-1]
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            e = body[i + 1]
            if e in _PO_ESCAPES:
                out.append(_PO_ESCAPES[e]); i += 2; continue
            m = re.match(r"[0-7]{1,3}", body[i + 1:])
            if m:
                out.append(chr(int(m.group(0), 8))); i += 1 + len(m.group(0)); continue
            if e == "x":
                m = re.match(r"[0-9a-fA-F]+", body[i + 2:])
                if m:
                    out.append(chr(int(m.group(0), 16))); i += 2 + len(m.group(0)); continue
            out.append(e); i += 2; continue
        out.append(c); i += 1
    return "".join(out)


def parse_po(path):
    """A small gettext .po/.pot parser: returns a list of dicts with the keys
    msgctxt, msgid, msgid_plural, msgstr (msgstr[0] for plurals), fuzzy, obsolete."""
    entries, cur, field = [], None, None

    def flush():
        nonlocal cur
        if cur is not None and ("msgid" in cur):
            entries.append(cur)
        cur = None

    with open(path, encoding="utf-8-sig") as f:
        raw = f.read().splitlines()
    for n, line in enumerate(raw, 1):
        s = line.strip()
        obsolete = s.startswith("#~")
        if obsolete:
            s = s[2:].strip()
        if not s:
            flush(); field = None; continue
        if s.startswith("#"):
            if cur is not None and field is not None and "msgid" in cur:
                flush(); field = None
            if cur is None:
                cur = {"fuzzy": False, "obsolete": False}
            if s.startswith("#,") and "fuzzy" in [x.strip() for x in s[2:].split(",")]:
                cur["fuzzy"] = True
            continue
        m = re.match(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(\".*\")\s*$", s)
        if m:
            kw = m.group(1)
            if kw == "msgctxt" or (kw == "msgid" and cur is not None and
                                    ("msgid" in cur or "msgstr" in cur)):
                if cur is not None and "msgid" in cur:
                    flush()
            if cur is None:
                cur = {"fuzzy": False, "obsolete": False}
            if obsolete:
                cur["obsolete"] = True
            if kw.startswith("msgstr["):
                kw = "msgstr" if m.group(2) == "0" else "msgstr_" + m.group(2)
            cur[kw] = _po_unquote(m.group(3), path, n)
            field = kw
            continue
        if s.startswith('"'):
            if cur is None or field is None:
                raise SystemExit(f"{path}:{n}: continuation line without a keyword")
            cur[field] += _po_unquote(s, path, n)
            continue
        raise SystemExit(f"{path}:{n}: cannot parse {line!r}")
    flush()
    return entries


def read_po(path, lang):
    template = path.endswith(".pot") or lang == "en"
    texts, spoken, order = {}, {}, []
    for e in parse_po(path):
        ctx = e.get("msgctxt")
        if not ctx or e.get("obsolete") or not ctx.startswith("voice."):
            continue
        text = e.get("msgid", "") if template else e.get("msgstr", "")
        if not template and (e.get("fuzzy") or not text):
            continue   # untranslated or fuzzy: no voice rather than a wrong one
        if ctx.endswith("|spoken"):
            spoken[ctx[:-len("|spoken")]] = text
        else:
            texts[ctx] = text
            order.append(ctx)
    return [Line(k, texts[k], spoken.get(k) or None) for k in order]


def default_source(lang):
    cands = []
    if lang == "en":
        cands += [os.path.join(PO_DIR, "voice-lines-en.tsv"),
                  os.path.join(PO_DIR, "kids-joy-center.pot")]
    else:
        # gettext names a regional variant with "_" (po/pt_BR.po for pt-BR).
        cands += [os.path.join(PO_DIR, f"{lang}.po"),
                  os.path.join(PO_DIR, f"{lang.replace('-', '_')}.po"),
                  os.path.join(PO_DIR, f"voice-lines-{lang}.tsv")]
    for c in cands:
        if os.path.exists(c):
            return c
    return None


def read_source(path, lang):
    lines = read_tsv(path) if path.endswith(".tsv") else read_po(path, lang)
    seen = set()
    for ln in lines:
        if not KEY_RE.match(ln.key):
            raise SystemExit(f"{path}: bad key {ln.key!r} (dotted lowercase, starting 'voice.')")
        if ln.key in seen:
            raise SystemExit(f"{path}: duplicate key {ln.key}")
        seen.add(ln.key)
    return lines


# ---------------------------------------------------------------- engines

def run(cmd, **kw):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({r.returncode}): {r.stderr.decode(errors='replace')[-400:]}")
    return r


def synthesize(engine, voice, text, wav, tmpdir, lang=None):
    """Writes the engine's raw output for `text` to `wav`."""
    if engine == "festival":
        txt = os.path.join(tmpdir, "line.txt")
        with open(txt, "w", encoding="utf-8") as f:
            f.write(text + "\n")
        run(["text2wave", "-eval", f"(voice_{voice})", txt, "-o", wav])
    elif engine == "flite":
        run(["flite", "-voice", voice, "-t", text, "-o", wav])
    elif engine == "espeak-ng":
        # -s 150: a little slower than the default 175 words per minute, for children.
        speed = ESPEAK_SPEED.get(lang, 150)
        run(["espeak-ng", "-v", voice, "-s", str(speed), "-w", wav, "--", text])
    else:
        raise SystemExit(f"unknown engine {engine}")


def sox_stats(path):
    """Length (s), RMS level (dBFS) and peak level (dBFS) from `sox FILE -n stats`."""
    r = run(["sox", "-R", path, "-n", "stats"])
    out = {}
    for row in r.stderr.decode().splitlines():
        parts = row.rsplit(None, 1) if row.strip() else []
        if len(parts) == 2:
            out[parts[0].strip()] = parts[1]

    def num(k, default=-200.0):
        try:
            return float(out.get(k, default))
        except ValueError:
            return default
    return {"length": num("Length s", 0.0), "rms_db": num("RMS lev dB"),
            "peak_db": num("Pk lev dB"), "rms_pk_db": num("RMS Pk dB")}


# Silence below -60 dB under the peak is trimmed at both ends (the signal is peak-
# normalised first). A higher threshold or a longer duration cuts the weak final
# stops of the HTS voice ("eight", "back"): measured with pocketsphinx.
TRIM = ["silence", "1", "0.02", "0.1%", "reverse", "silence", "1", "0.02", "0.1%", "reverse"]


def process(src, out_wav, tmpdir):
    """sox chain: mono, 22050 Hz, trimmed, set to TARGET_RMS_DB with a limiter, peak
    at most PEAK_DB, padded. (A compand stage was tried and dropped: the RMS gain
    with the limiter alone keeps every English line within about 1 dB RMS, and
    pocketsphinx recognised slightly fewer words with it.)"""
    a = os.path.join(tmpdir, "a.wav")
    run(["sox", "-R", src, "-b", "16", a, "remix", "-", "rate", "-v", str(RATE),
         "highpass", "70", "gain", "-n", "-1"] + TRIM)
    st = sox_stats(a)
    gain = TARGET_RMS_DB - st["rms_db"]
    b = os.path.join(tmpdir, "b.wav")
    # gain -l: a limiter keeps the peaks below full scale; then cap the peak level.
    run(["sox", "-R", a, b, "gain", "-l", f"{gain:.2f}"])
    st = sox_stats(b)
    cap = ["gain", "-n", str(PEAK_DB)] if st["peak_db"] > PEAK_DB else []
    run(["sox", "-R", b, out_wav] + cap + ["pad", "0.05", "0.05", "dither", "-s"])


def encode(wav, ogg, key):
    serial = str(zlib.crc32(key.encode("utf-8")) & 0x7FFFFFFF)
    run(["oggenc", "-Q", "-q", OGG_QUALITY, "--serial", serial, "-o", ogg, wav])


def duration(path):
    return float(run(["soxi", "-D", path]).stdout.decode().strip())


def recorded_file(lang, key):
    for ext in ("wav", "flac", "ogg"):
        p = os.path.join(RECORDED_DIR, lang, f"{key}.{ext}")
        if os.path.exists(p):
            return p
    return None


def render_line(lang, line, engine, voice, out_dir):
    ogg = os.path.join(out_dir, f"{line.key}.ogg")
    with tempfile.TemporaryDirectory(prefix="voice-") as tmp:
        raw = recorded_file(lang, line.key)
        origin = "recorded" if raw else f"{engine}:{voice}"
        if not raw:
            raw = os.path.join(tmp, "raw.wav")
            synthesize(engine, voice, line.say, raw, tmp, lang)
        wav = os.path.join(tmp, "final.wav")
        process(raw, wav, tmp)
        encode(wav, ogg + ".tmp", line.key)
        # Lossy coding can push a peak up by a dB or two: attenuate and encode again
        # (a few times at most: the new encoding can overshoot a little again).
        cut = 0.0
        for _ in range(3):
            peak = sox_stats(ogg + ".tmp")["peak_db"]
            if peak <= PEAK_DB + 0.5:
                break
            cut += PEAK_DB - peak - (0.3 if cut else 0.0)
            quieter = os.path.join(tmp, "quieter.wav")
            run(["sox", "-R", wav, quieter, "gain", f"{cut:.2f}"])
            encode(quieter, ogg + ".tmp", line.key)
        os.replace(ogg + ".tmp", ogg)
    return line.key, duration(ogg), origin


# ---------------------------------------------------------------- index

def read_index(path):
    rows = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for row in f.read().splitlines()[1:]:
                cols = row.split("\t")
                if len(cols) >= 3:
                    rows[cols[0]] = (cols[1], cols[2])
    return rows


def write_index(path, lines, durations, old):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("key\tduration\ttext\n")
        for ln in lines:
            if ln.key in durations:
                d = f"{durations[ln.key]:.3f}"
            elif ln.key in old:
                d = old[ln.key][0]
            else:
                continue
            text = re.sub(r"[\t\r\n]+", " ", ln.text)
            f.write(f"{ln.key}\t{d}\t{text}\n")


def dir_size(path):
    total = 0
    for dp, _, files in os.walk(path):
        if os.path.relpath(dp, VOICES_DIR).split(os.sep)[0] == "recorded":
            continue
        total += sum(os.path.getsize(os.path.join(dp, f)) for f in files)
    return total


def make_language(lang, source, only, engine_override, jobs, out_base=None):
    if not source:
        print(f"{lang}: no source, skipped")
        return True
    lines = read_source(source, lang)
    engine, voice = ENGINES[lang]
    if engine_override and engine_override != engine:
        engine = engine_override
        voice = DEFAULT_VOICE.get(engine, {}).get(lang) or ENGINES[lang][1]
    out_dir = os.path.join(out_base or VOICES_DIR, lang)
    os.makedirs(out_dir, exist_ok=True)
    todo = lines
    if only:
        unknown = set(only) - {ln.key for ln in lines}
        if unknown:
            raise SystemExit(f"{lang}: not in {source}: {' '.join(sorted(unknown))}")
        todo = [ln for ln in lines if ln.key in only]
    print(f"{lang}: {len(todo)} of {len(lines)} lines from {os.path.relpath(source, ROOT)} "
          f"with {engine} ({voice})")
    durations = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        futs = [ex.submit(render_line, lang, ln, engine, voice, out_dir) for ln in todo]
        for fut in futs:
            key, d, origin = fut.result()
            durations[key] = d
            print(f"  {key:32s} {d:6.3f} s  {origin}")
    index = os.path.join(out_dir, "index.tsv")
    write_index(index, lines, durations, read_index(index))
    if not only:
        keep = {f"{ln.key}.ogg" for ln in lines} | {"index.tsv"}
        for f in sorted(os.listdir(out_dir)):
            if f not in keep and f.endswith(".ogg"):
                print(f"  removing stale {f}")
                os.remove(os.path.join(out_dir, f))
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--lang", choices=LANGS)
    g.add_argument("--all", action="store_true", help="every language whose source exists")
    ap.add_argument("--source", help="a .tsv, .po or .pot file (default: see the module doc)")
    ap.add_argument("--only", nargs="+", metavar="KEY", help="render only these keys")
    ap.add_argument("--engine", choices=["festival", "flite", "espeak-ng"],
                    help="override the language's engine")
    ap.add_argument("--out", help="base folder instead of Assets/voices (for tests)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args(argv)
    for tool in ("sox", "soxi", "oggenc"):
        if not shutil.which(tool):
            raise SystemExit(f"{tool} is missing: apt-get install sox libsox-fmt-all vorbis-tools")
    langs = [args.lang] if args.lang else LANGS
    for lang in langs:
        src = args.source if args.source else default_source(lang)
        make_language(lang, src, args.only, args.engine, max(1, args.jobs), args.out)
    ok = True
    total = 0
    for lang in LANGS:
        d = os.path.join(args.out or VOICES_DIR, lang)
        if os.path.isdir(d):
            size = dir_size(d)
            total += size
            print(f"size {lang}: {size / 1024:.1f} KiB")
            if lang == "en" and size > BUDGET_EN:
                print(f"error: English voices exceed {BUDGET_EN // 1024 // 1024} MB"); ok = False
    print(f"size all languages: {total / 1024:.1f} KiB (budget {BUDGET_ALL // 1024 // 1024} MB)")
    if total > BUDGET_ALL:
        print("error: the voices exceed the budget"); ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
