#!/usr/bin/env python3
"""Render the game's spoken lines to Assets/voices/<lang>/<key>.ogg.

Standard library only; every speech engine, sox and oggenc is called as a separate
program. `make voices` (tools/voices.mk) installs them: festival festvox-us-slt-hts
flite espeak-ng sox libsox-fmt-all vorbis-tools from Debian main, and SVOX Pico
(libttspico-utils), RHVoice (rhvoice, rhvoice-english, rhvoice-brazilian-portuguese) and
MBROLA (contrib mbrola, non-free mbrola-ar2, mbrola-ar1) from Debian contrib and non-free through a
private apt list (tools/voices-apt/install.sh). Arabic is espeak-ng speaking through the
MBROLA voice ar2 (ar1 for the lines naming a picture) with a fixed phoneme table compiled into
a private espeak-ng data folder under .build/ (espeak_data_for, MBROLA_TABLE_ADD).

Sources (the first that exists, unless --source is given):
  en:    po/voice-lines-en.tsv, then po/kids-joy-center.pot
  other: po/<lang>.po (po/pt_BR.po for pt-BR, gettext's spelling)
A TSV has a header line and the columns key, text and optionally spoken.
A .po/.pot entry is a voice line when its msgctxt starts with "voice.": msgctxt is
the key, msgid the English text, msgstr the translation (for a .pot, or for en,
the msgid is the text). An entry whose msgctxt is "<key>|spoken" holds the form to
be spoken when it differs from the displayed one (e.g. Arabic with vowel marks). A
spoken form in espeak-ng's phoneme notation ([[...]]) is used only by espeak-ng.

A human recording wins: Assets/voices/recorded/<lang>/<key>.(wav|ogg|flac) is
used instead of the engine, through the same processing chain.

Chain per line: engine (its voice, rate and pitch from VOICES) -> WAV -> sox (mono,
22050 Hz, high-pass 70 Hz, the voice's own shaping, silence trimmed at both ends,
loudness set to a fixed RMS level (-20 dBFS) with a limiter, peak <= -1 dBFS, 0.05 s
padding) -> oggenc at the voice's quality with a serial number derived from the key
(deterministic output, no date comments).
Writes Assets/voices/<lang>/index.tsv: key<TAB>duration (s, 3 decimals)<TAB>text, and
Assets/voices/<lang>/render.tsv: key<TAB>stamp, the SHA-256 of everything that makes
the file (chain version, engine, voice, rate, pitch, shaping, quality, the text as
spoken, and the recording's bytes if there is one).

Incremental: a line is rendered again only when its .ogg is missing or its stamp
differs from render.tsv's (its spoken text, its recording or its voice settings
changed); --force renders every line. Lines no longer in the source lose their file.
A machine without an engine keeps the committed files of the lines that need no work
and stops with a message naming what to install (make voices installs it).

Usage:
  tools/make_voices.py --all [--force]   # every language whose source exists
  tools/make_voices.py --lang en [--source FILE] [--only KEY ...] [--engine E]
"""

import argparse
import concurrent.futures
import hashlib
import json
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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import languages  # noqa: E402

# The languages: the game's languages table (tools/languages.json, exported by
# `kids-joy-center --describe-languages`); each language's engine and voice are its row's.
LANGS = languages.codes()

# The voice of each language, chosen by the machine ear (tools/check_voices.py --whisper,
# Whisper base, on the whole catalog, quiet and in pink noise; see tools/credits/voices.md):
#   engine, voice, rate, praise pitch, shaping, Vorbis quality.
# rate: the engine's own unit (Pico <speed level>, % of normal; RHVoice -r, % of normal;
#   espeak-ng -s, words per minute; festival Duration_Stretch as a percent of normal length
#   inverted: 100 = normal, 80 = slower). Aimed at a median of <= 2.5 words/s for lines of 4+
#   words: slow enough for three-year-olds.
# praise_pitch: the pitch for praise lines (PRAISE_RE) where the engine allows it (Pico
#   <pitch level>, RHVoice -t, espeak-ng -p), a rise that sounds glad; None: unchanged.
# shape: sox effects after the 70 Hz high-pass, before the level is set.
# trim: the level under the peak below which the ends are silence (default 0.1%, -60 dB;
#   Pico leaves faint clicks around -50 dB at both ends, so 0.5%, -46 dB, for it).
# quality: oggenc -q (Vorbis at -q -1 costs Pico's French words, so Pico and RHVoice use 2).
# Pico's 16 kHz voice is dull and bass-heavy: a 250 Hz high-pass and +10 dB of treble keep
# its consonants audible over a room's noise (measured by the judge, see the credits).
PICO_SHAPE = ["highpass", "250", "treble", "10"]
# Stronger (a 400 Hz high-pass, +12 dB of treble) for French, German and English: it moves the
# voice's energy up, where a room's noise (pink: most of its energy low) covers less of the
# consonants; with Pico at 85-90 % speed and pauses at commas instead of 60-82 % speed it took
# French in noise from 0.15 to 0.36 on a sample (see the credits).
CLEAR_SHAPE = ["highpass", "400", "treble", "12"]
# German: CLEAR_SHAPE then a fast, syllable-rate compressor (SoX compand: attack 2 ms, decay
# 30 ms, about 2:1 above -40 dB with quiet sounds lifted): the weak consonants between louder
# vowels come up, so at the same RMS level more of the speech stands above a room's noise.
# Measured by the judge on the whole German catalog (140 lines): in noise 0.50 -> 0.69, quiet
# 0.85 -> 0.84, median rate unchanged (2.38 -> 2.37 words/s). On French's 31 lines of 1-2 words
# it lost words quiet (15 -> 11 heard right), so French has none (see the credits).
COMPAND = ["compand", "0.002,0.03", "-60,-60,-40,-22,-20,-10,0,-5", "0", "-90", "0.003"]
# French (issue #48): steeper still (an 800 Hz high-pass, +18 dB of treble), then COMPAND, on lines
# of 3+ words; the 31 lines of 1-2 words keep CLEAR_SHAPE (0.42 quiet, 0.07 in noise; shaped so
# and compressed 0.36 quiet, 0.32 in noise: words lost quiet). Whisper base hears Pico's French consonants over pink noise only when the vowels'
# low energy is cut this far. Sample of 28 lines (every 5th), its 24 lines of 3+ words, quiet /
# in noise: CLEAR_SHAPE 0.86 / 0.36; + COMPAND 0.82 / 0.49; 600 Hz, +15 dB 0.82 / 0.57, with
# COMPAND 0.83 / 0.62; 800 Hz, +18 dB with COMPAND 0.87 / 0.74; 1000 Hz, +20 dB with COMPAND
# 0.87 / 0.71; Pico at 80 % + COMPAND 0.80 / 0.52; espeak-ng through MBROLA fr1 0.75 / 0.53, fr4
# 0.73 / 0.21. Pico at 85 % with this shaping: sample 0.87 / 0.77, whole catalog 0.724 quiet
# (lost), 0.606 in noise, 2.33 words/s, so French stays at 90 % (see the credits).
TREBLE_SHAPE = ["highpass", "800", "treble", "18"]
# The French lines of 3 words that keep CLEAR_SHAPE (TUNING's fr): those the judge heard better
# quiet so than with TREBLE_SHAPE + COMPAND (their picture's name was misheard: "chat" as
# "short", "pomme" lost), measured line by line on 2026-11-29.
FR_CLEAR_KEYS = (
    "voice.animal.cat", "voice.animal.fox", "voice.animal.tiger", "voice.animal.monkey",
    "voice.vehicle.rocket", "voice.vehicle.bicycle", "voice.animal.pig", "voice.fruit.apple",
    "voice.fruit.grapes", "voice.animal.bee", "voice.thing.tree", "voice.thing.house",
    "voice.praise.6", "voice.picker.animal",
)
TUNING = {
    # English: RHVoice slt (the CMU ARCTIC SLT speaker, like festival's HTS voice, but clearer
    # and slow enough; see the credits for the measurements and why not Piper).
    "en": {"rate": 72, "praise_pitch": 115,
           "shape": CLEAR_SHAPE, "quality": "2"},
    # Spanish: German's shaping for a noisy room (CLEAR_SHAPE + COMPAND, issue #48) instead of
    # PICO_SHAPE; whole catalog: quiet 0.89 -> 0.90, in noise 0.43 -> 0.68,
    # median rate 2.18 -> 2.17 words/s (see the credits).
    "es": {"trim": "0.5%", "rate": 84, "praise_pitch": 115,
           "shape": CLEAR_SHAPE + COMPAND, "quality": "2"},
    # French: pause 420 ms (was 350): with the sticker lines' "gommette" (po/fr.po, was
    # "autocollant", which Whisper hears as "auto-colon") the median rate was 2.50+ words/s,
    # over the limit; at 420 ms, whole catalog: 0.751 quiet, 0.357 in noise, 2.44 words/s
    # (at 350 ms 0.751, 0.328, 2.50+; without "gommette" 0.745, 0.350, 2.34). Lines of 1-2
    # words at 80 %, padded to 1 s (short_rate, min_seconds, below). Issue #48: lines of 3+ words
    # TREBLE_SHAPE + COMPAND, lines of 1-2 words CLEAR_SHAPE as before; whole catalog (heard again
    # the same day before the change: 0.736 quiet, 0.327 in noise): 0.736 quiet (0.7358 -> 0.7356),
    # 0.585 in noise, 2.44 words/s.
    # 2026-11-29, the whole catalog of 191 lines (the content sets' 51 lines came after the figures
    # above), heard the same day by the same judge, quiet / in noise, median words/s: the files
    # before #48 (git 194ae0c) 0.766 / 0.407, 2.58; with TREBLE_SHAPE + COMPAND on every line of
    # 3+ words 0.759 / 0.627, 2.58 (quiet lost: "C'est un chat !" heard "C'est un short."); the 74
    # lines of 3 words all kept as before (short_shape_words 3) 0.776 / 0.575. Taken: the 14 lines
    # of 3 words that the judge heard better quiet as before keep CLEAR_SHAPE (short_shape_keys,
    # FR_CLEAR_KEYS), the other 60 are shaped; and the 10 lines of 4+ words that name a picture
    # ("C'est un poisson tropical !") are said at 75 % (naming_rate: those lines took the median
    # over 2.5 words/s; with a 150 ms gap between words "C'est" was heard "7"): 0.787 / 0.609,
    # 2.48 words/s (see the credits).
    "fr": {"trim": "0.5%", "rate": 90, "pause": 420,
           "short_rate": 80, "min_seconds": 1.0, "naming_rate": 75,
           "praise_pitch": 115, "shape": TREBLE_SHAPE + COMPAND, "short_shape": CLEAR_SHAPE,
           "short_shape_keys": FR_CLEAR_KEYS, "quality": "2"},
    # German: the content sets' 73 lines naming a picture ("Das ist ein Hund!") took the median
    # rate to 2.51 words/s; said at 85 % (naming_rate, as French's), whole catalog (191 lines),
    # quiet / in noise / median words/s: 0.832 / 0.723 / 2.51 -> 0.833 / 0.722 / 2.41.
    "de": {"trim": "0.5%", "rate": 90, "pause": 350, "naming_rate": 85,
           "praise_pitch": 115, "shape": CLEAR_SHAPE + COMPAND, "quality": "2"},
    # Brazilian Portuguese: German's shaping for a noisy room (CLEAR_SHAPE + COMPAND, issue #48)
    # on lines of 4+ words; lines of up to 3 words ("Fácil", "Início", "É um avião!") keep none:
    # shaped, Whisper heard them worse quiet (whole catalog shaped: quiet 0.87 -> 0.85, in noise
    # 0.52 -> 0.74; shaped from 4 words on, as here: quiet 0.87 -> 0.87, in noise 0.52 -> 0.61).
    "pt-BR": {"rate": 82, "praise_pitch": 115,
              "shape": CLEAR_SHAPE + COMPAND, "short_shape": [], "short_shape_words": 3,
              "quality": "2"},
    # Arabic: espeak-ng through the MBROLA diphone voice ar2 with the fixed phoneme table
    # (MBROLA_TABLE_ADD), the hand vowels of po/ar.po kept. Whole catalog, quiet, Whisper base:
    # espeak-ng's own ar 0.03, MBROLA ar1 0.10, ar2 0.18 (62 lines better than espeak-ng's,
    # 8 worse); lines of 1-2 words slowed to 125 and padded to 1 s as French's: 0.07 -> 0.09 on
    # those 51 lines (see the credits). Issue #48: the 24 sticker lines vowelled too (written
    # without the nunation inside the phrase, which espeak-ng says as "-un"): 0.17 -> 0.26 on
    # them; whole catalog 0.194 -> 0.209 quiet, 0.04 in noise, 2.03 words/s, 65 lines better
    # than the previous voice, 7 worse.
    # The content sets' 51 lines (50 of them naming a picture, "هذا خروف!") came after and were
    # heard 0.02 quiet: the whole catalog of 191 lines 0.16. The 75 lines naming a picture
    # (NAMING_RE) are said by MBROLA ar1 (naming_voice; also male) with the ta marbuta said as
    # in a pause, -a (po/ar.po's spoken forms end such a word with ه, not ة, which espeak-ng says
    # "-at"): those 75 lines 0.02 -> 0.18, whole catalog 0.16 -> 0.22, 72 lines better than the
    # previous voice, 7 worse (see the credits). ar1 has no diphone from an emphatic a to a glottal
    # stop (MBROLA says silence): "طائر" is spoken "طَايِر" in those lines.
    "ar": {"rate": 150, "short_rate": 125, "naming_voice": "mb-ar1",
           "min_seconds": 1.0, "praise_pitch": 60, "shape": [], "quality": "2"},
}
# Each language's voice: the table's engine and voice, with its tuning above.
VOICES = {code: {"engine": languages.row(code)["voice-engine"], "voice": languages.row(code)["voice"], **TUNING[code]}
          for code in LANGS}
# short_shape: the shaping of a line of at most short_shape_words words (default SHORT_WORDS),
#   and of the lines named in short_shape_keys, instead of `shape`.
# short_rate: the rate of a line of at most SHORT_WORDS words (a button's name, a number, "Bravo !"),
#   said more slowly than the sentences; min_seconds: a clip shorter than this (in practice
#   such a line) is padded with silence, evenly at both ends, to this length, instead of to
#   MIN_SECONDS. Whisper base turns a
#   French word under about half a second into a made-up sentence ("Un !" -> "Je suis très très
#   ..."); measured on French (see the credits): the 31 lines of 1-2 words went from 10 to 15
#   heard right quiet (80 % was the best of the rates tried; padding helped at every rate),
#   the whole catalog 0.70 -> 0.742 quiet, 0.34 -> 0.345 in noise.
SHORT_WORDS = 2
# naming_rate: the rate of a line of 4+ words naming a picture (NAMING_RE: "C'est un poisson
#   tropical !", "C'est une soucoupe volante !"), a long name said more slowly.
# naming_voice: the engine's voice for every line naming a picture (NAMING_RE), instead of
#   `voice` (Arabic: MBROLA ar1, which Whisper base hears far better on "هذا قط!" than ar2).
NAMING_RE = re.compile(r"^voice\.(animal|vehicle|fruit|thing)\.")
# Lines said with a glad rise in pitch.
PRAISE_RE = re.compile(r"^voice\.(praise\.\d+|won|highscore\.\d+|finished\.[a-z]+)$")
# What --engine uses for a language when it overrides the table.
DEFAULT_VOICE = {
    "festival": {"en": "cmu_us_slt_arctic_hts"},
    "flite": {"en": "slt"},
    "espeak-ng": {"en": "en-us", "es": "es", "fr": "fr", "de": "de", "pt-BR": "pt-br", "ar": "ar"},
    "pico": {"en": "en-US", "es": "es-ES", "fr": "fr-FR", "de": "de-DE"},
    "rhvoice": {"en": "slt", "pt-BR": "Leticia-F123"},
}
DEFAULT_RATE = {"festival": 100, "flite": 100, "espeak-ng": 150, "pico": 100, "rhvoice": 100}
ENGINE_NAMES = sorted(DEFAULT_RATE)
# The program each engine needs, and the Debian package that has it.
ENGINE_PROGRAM = {"festival": ("text2wave", "festival festvox-us-slt-hts"),
                  "flite": ("flite", "flite"), "espeak-ng": ("espeak-ng", "espeak-ng"),
                  "pico": ("pico2wave", "libttspico-utils (non-free)"),
                  "rhvoice": ("RHVoice-test", "rhvoice rhvoice-english rhvoice-brazilian-portuguese (non-free)")}
# Bump when the processing chain changes in a way that changes the files.
CHAIN_VERSION = 2

# ---------------------------------------------------------------- MBROLA through espeak-ng
# espeak-ng speaks with an MBROLA database (voice "mb-ar2": Debian contrib `mbrola`, non-free
# `mbrola-ar2`) by turning its own phonemes into the database's through a table,
# espeak-ng-data/mbrola_ph/<db>_phtrans. Debian's tables for ar1 and ar2 leave out two of the
# phonemes espeak-ng's Arabic uses: `R` (ر, 163 times in the catalog) and `Q` (غ in إِغْلَاق,
# اضغط, تَشْغِيل). MBROLA has no diphone for a name it does not know and says silence instead,
# so every ر was a hole in the word. The rows below are added to a copy of Debian's table,
# which is compiled by espeak-ng itself (--compile-mbrola) into a private data folder under
# .build/ (ESPEAK_DATA_PATH): nothing system-wide changes. Row: espeak-ng phoneme -> the
# database's phoneme (ar1 and ar2 share their phoneme set: r is the tapped ر, G is غ).
MBROLA_TABLE_ADD = {
    "ar1": [("R", "r"), ("Q", "G")],
    "ar2": [("R", "r"), ("Q", "G")],
}
MBROLA_DATA_DIR = os.path.join(ROOT, ".build", "espeak-ng-mbrola")
MBROLA_VOICES = "/usr/share/mbrola"   # Debian's mbrola-<db> packages install <db>/<db> here


def mbrola_db(voice):
    """The MBROLA database of an espeak-ng voice ("mb-ar2" -> "ar2"), or None."""
    return voice[3:] if voice.startswith("mb-") else None


def espeak_system_data():
    """espeak-ng's own data folder ("Data at: ..." of espeak-ng --version)."""
    out = run(["espeak-ng", "--version"]).stdout.decode(errors="replace")
    m = re.search(r"Data at:\s*(\S+)", out)
    if not m or not os.path.isdir(m.group(1)):
        raise SystemExit(f"cannot find espeak-ng's data folder in {out!r}")
    return m.group(1)


def _word(x):
    return bytes((x >> (8 * i)) & 0xFF for i in range(4)).rstrip(b"\0").decode("latin-1")


def read_mbrola_table(path):
    """A compiled espeak-ng MBROLA table as the rows of its source format: (volume, rows),
    a row being (control, phoneme, next phoneme or NULL/VWL, percent, name1 or NULL, name2)."""
    import struct
    with open(path, "rb") as f:
        data = f.read()
    (volume,) = struct.unpack_from("<i", data, 0)
    rows = []
    for off in range(4, len(data) - 23, 24):
        name, nxt, mbr1, mbr2, percent, control = struct.unpack_from("<6i", data, off)
        if name == 0:
            break
        rows.append((control, _word(name), {0: "NULL", 2: "VWL"}.get(nxt) or _word(nxt), percent,
                     _word(mbr1) or "NULL", _word(mbr2)))
    return volume, rows


def mbrola_table_source(volume, rows, add):
    """The table's source text with the added rows (phoneme -> database phoneme), each one
    only if the table has no row of its own for that phoneme."""
    have = {r[1] for r in rows}
    extra = [(0, ph, "NULL", 0, db, "") for ph, db in add if ph not in have]
    out = [f"volume {volume}", ""]
    for control, ph, nxt, percent, n1, n2 in rows + extra:
        out.append(f"{control} {ph} {nxt} {percent} {n1} {n2}".rstrip())
    return "\n".join(out) + "\n"


def espeak_data_for(voice):
    """ESPEAK_DATA_PATH for an espeak-ng voice: None for espeak-ng's own voices; for an
    MBROLA voice with rows in MBROLA_TABLE_ADD, a private copy of espeak-ng's data folder
    (links to the system's files) whose table for that database has the added rows, compiled
    by espeak-ng --compile-mbrola. Made again on every call (it takes milliseconds)."""
    db = mbrola_db(voice)
    if not db or db not in MBROLA_TABLE_ADD:
        return None
    system = espeak_system_data()
    home = os.path.join(MBROLA_DATA_DIR, db)
    data = os.path.join(home, "espeak-ng-data")
    if os.path.isdir(home):
        shutil.rmtree(home)
    os.makedirs(os.path.join(data, "mbrola_ph"))
    for name in os.listdir(system):
        if name != "mbrola_ph":
            os.symlink(os.path.join(system, name), os.path.join(data, name))
    tables = os.path.join(system, "mbrola_ph")
    for name in os.listdir(tables):
        if name != f"{db}_phtrans":   # never a link there: the compiler writes through it
            os.symlink(os.path.join(tables, name), os.path.join(data, "mbrola_ph", name))
    volume, rows = read_mbrola_table(os.path.join(tables, f"{db}_phtrans"))
    src = os.path.join(home, db)   # the compiler names its output after the file
    with open(src, "w", encoding="latin-1") as f:
        f.write(mbrola_table_source(volume, rows, MBROLA_TABLE_ADD[db]))
    run(["espeak-ng", "--compile-mbrola=" + src], env=dict(os.environ, ESPEAK_DATA_PATH=home))
    out = os.path.join(data, "mbrola_ph", f"{db}_phtrans")
    if not os.path.isfile(out) or os.path.islink(out):
        raise SystemExit(f"espeak-ng --compile-mbrola did not write {out}")
    return home


def engine_label(lang):
    v = VOICES[lang]
    naming = f", {v['naming_voice']} naming a picture" if v.get("naming_voice") else ""
    return f"{v['engine']} {v['voice']} (rate {v['rate']}{naming})"


RATE = 22050
TARGET_RMS_DB = -20.0   # RMS level of every line after processing (dBFS)
PEAK_DB = -1.0          # the peak never goes above this (dBFS)
MIN_SECONDS = 0.35      # no line is shorter (padding included)
BUDGET_EN = 3 * 1024 * 1024
BUDGET_ALL = 15 * 1024 * 1024
KEY_RE = re.compile(r"^voice\.[a-z0-9][a-z0-9.\-]*$")


# ---------------------------------------------------------------- sources

class Line:
    __slots__ = ("key", "text", "spoken")

    def __init__(self, key, text, spoken=None):
        self.key, self.text, self.spoken = key, text, spoken

    @property
    def say(self):
        return self.spoken or self.text

    def say_with(self, engine):
        """The words an engine reads: the spoken form, unless it is espeak-ng's phoneme
        notation and the engine is another one."""
        if self.spoken and (engine == "espeak-ng" or "[[" not in self.spoken):
            return self.spoken
        return self.text


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


def xml_escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


PAUSE_RE = re.compile(r"([,;:.!?\u2026])\s+(?=\S)")


def synthesize(engine, voice, text, wav, tmpdir, rate=None, pitch=None, pause=None, gap=None,
               data_path=None):
    """Writes the engine's raw output for `text` to `wav` (rate and pitch in the
    engine's own units, see VOICES; None: the engine's default). pause (Pico only): ms of
    silence after a comma or a sentence's end inside the line, on top of the engine's own;
    gap (Pico only): ms of silence between words, so a line is slow without slow words;
    data_path (espeak-ng only): ESPEAK_DATA_PATH, a private data folder (espeak_data_for)."""
    rate = DEFAULT_RATE[engine] if rate is None else rate
    if engine == "festival":
        txt = os.path.join(tmpdir, "line.txt")
        with open(txt, "w", encoding="utf-8") as f:
            f.write(text + "\n")
        cmd = ["text2wave", "-eval", f"(voice_{voice})"]
        if rate != 100:
            cmd += ["-eval", f"(Parameter.set 'Duration_Stretch {100.0 / rate:.3f})"]
        run(cmd + [txt, "-o", wav])
    elif engine == "flite":
        run(["flite", "-voice", voice, "--setf", f"duration_stretch={100.0 / rate:.3f}",
             "-t", text, "-o", wav])
    elif engine == "espeak-ng":
        cmd = ["espeak-ng", "-v", voice, "-s", str(rate)]
        if pitch is not None:
            cmd += ["-p", str(pitch)]
        env = None
        if data_path:
            env = dict(os.environ, ESPEAK_DATA_PATH=data_path)
        run(cmd + ["-w", wav, "--", text], env=env)
    elif engine == "pico":
        # SVOX Pico's markup: <speed level> and <pitch level> in percent of normal. Pico
        # reads "¡" and "¿" as half a second of near-silence: left out.
        body = xml_escape(text.replace("\u00a1", "").replace("\u00bf", "").strip())
        if gap:
            body = re.sub(r"(?<=[\w\u00a0'’!?.,;:])\s+(?=[\w\u00ab\u00bb\"])",
                          f' <break time="{gap}ms"/> ', body)
        if pause:
            body = PAUSE_RE.sub(lambda m: f'{m.group(1)} <break time="{pause}ms"/> ', body)
        if pitch is not None:
            body = f'<pitch level="{pitch}">{body}</pitch>'
        if rate != 100:
            body = f'<speed level="{rate}">{body}</speed>'
        run(["pico2wave", "-l", voice, "-w", wav, body])
    elif engine == "rhvoice":
        cmd = ["RHVoice-test", "-p", voice, "-r", str(rate)]
        if pitch is not None:
            cmd += ["-t", str(pitch)]
        run(cmd + ["-o", wav], input=(text + "\n").encode("utf-8"))
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
def trim_effects(level="0.1%"):
    return ["silence", "1", "0.02", level, "reverse", "silence", "1", "0.02", level, "reverse"]


def process(src, out_wav, tmpdir, shape=(), trim="0.1%", min_seconds=MIN_SECONDS):
    """sox chain: mono, 22050 Hz, trimmed, set to TARGET_RMS_DB with a limiter, peak
    at most PEAK_DB, padded. (A compand stage was tried and dropped: the RMS gain
    with the limiter alone keeps every English line within about 1 dB RMS, and
    pocketsphinx recognised slightly fewer words with it. German's shaping has a fast one
    for noise, COMPAND, measured by Whisper.)"""
    a = os.path.join(tmpdir, "a.wav")
    run(["sox", "-R", src, "-b", "16", a, "remix", "-", "rate", "-v", str(RATE),
         "highpass", "70"] + list(shape) + ["gain", "-n", "-1"] + trim_effects(trim))
    st = sox_stats(a)
    gain = TARGET_RMS_DB - st["rms_db"]
    b = os.path.join(tmpdir, "b.wav")
    # gain -l: a limiter keeps the peaks below full scale; then cap the peak level.
    run(["sox", "-R", a, b, "gain", "-l", f"{gain:.2f}"])
    st = sox_stats(b)
    cap = ["gain", "-n", str(PEAK_DB)] if st["peak_db"] > PEAK_DB else []
    # 0.05 s of silence either side; a very short word (French "Un !" at Pico's speed) gets
    # more, so that no line is shorter than MIN_SECONDS (tools/check_voices.py's floor).
    # A voice's min_seconds (VOICES) raises that floor.
    pad = max(0.05, (min_seconds - st["length"]) / 2)
    run(["sox", "-R", b, out_wav] + cap + ["pad", f"{pad:.3f}", f"{pad:.3f}", "dither", "-s"])


def encode(wav, ogg, key, quality):
    serial = str(zlib.crc32(key.encode("utf-8")) & 0x7FFFFFFF)
    run(["oggenc", "-Q", "-q", str(quality), "--serial", serial, "-o", ogg, wav])


def duration(path):
    return float(run(["soxi", "-D", path]).stdout.decode().strip())


def recorded_file(lang, key):
    for ext in ("wav", "flac", "ogg"):
        p = os.path.join(RECORDED_DIR, lang, f"{key}.{ext}")
        if os.path.exists(p):
            return p
    return None


def word_count(text):
    """Words of a line as the judge counts them (tools/check_voices.py)."""
    return len(re.findall(r"\w+", text.replace("\u2019", "'").replace("'", "")))


def is_short(line):
    return word_count(line.text) <= SHORT_WORDS


def line_settings(lang, line, v):
    """Everything that makes a line's file: the engine's call and the chain's settings,
    or the recording's bytes."""
    rec = recorded_file(lang, line.key)
    if rec:
        with open(rec, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
        src = {"recorded": os.path.basename(rec), "sha256": digest}
    else:
        rate = v["rate"]
        if v.get("short_rate") and is_short(line):
            rate = v["short_rate"]
        elif v.get("naming_rate") and NAMING_RE.match(line.key) and word_count(line.text) >= 4:
            rate = v["naming_rate"]
        voice = v["voice"]
        if v.get("naming_voice") and NAMING_RE.match(line.key):
            voice = v["naming_voice"]
        src = {"engine": v["engine"], "voice": voice, "rate": rate,
               "pitch": v["praise_pitch"] if PRAISE_RE.match(line.key) else None,
               "text": line.say_with(v["engine"])}
        if v.get("pause"):
            src["pause"] = v["pause"]   # only when set: the other voices' stamps stay
        if v.get("gap"):
            src["gap"] = v["gap"]
        db = mbrola_db(voice) if v["engine"] == "espeak-ng" else None
        if db in MBROLA_TABLE_ADD:
            src["mbrola_table_add"] = [list(r) for r in MBROLA_TABLE_ADD[db]]
    shape = v["shape"]
    if "short_shape" in v and (word_count(line.text) <= v.get("short_shape_words", SHORT_WORDS)
                               or line.key in v.get("short_shape_keys", ())):
        shape = v["short_shape"]
    out = {"chain": CHAIN_VERSION, "rate_hz": RATE, "rms": TARGET_RMS_DB, "peak": PEAK_DB,
           "shape": shape if not rec else [], "trim": "0.1%" if rec else v.get("trim", "0.1%"),
           "quality": v["quality"], "source": src}
    if v.get("min_seconds"):
        out["min_seconds"] = v["min_seconds"]   # only when set: the other voices' stamps stay
    return out


def stamp_of(settings):
    return hashlib.sha256(json.dumps(settings, sort_keys=True, ensure_ascii=False)
                          .encode("utf-8")).hexdigest()[:16]


def render_line(lang, line, settings, out_dir, data_paths=None):
    ogg = os.path.join(out_dir, f"{line.key}.ogg")
    src = settings["source"]
    with tempfile.TemporaryDirectory(prefix="voice-") as tmp:
        if "recorded" in src:
            raw = recorded_file(lang, line.key)
            origin = "recorded"
        else:
            raw = os.path.join(tmp, "raw.wav")
            synthesize(src["engine"], src["voice"], src["text"], raw, tmp, src["rate"], src["pitch"],
                       src.get("pause"), src.get("gap"), (data_paths or {}).get(src["voice"]))
            origin = f"{src['engine']}:{src['voice']}"
        wav = os.path.join(tmp, "final.wav")
        process(raw, wav, tmp, settings["shape"], settings["trim"],
                settings.get("min_seconds", MIN_SECONDS))
        encode(wav, ogg + ".tmp", line.key, settings["quality"])
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
            encode(quieter, ogg + ".tmp", line.key, settings["quality"])
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


def read_stamps(path):
    stamps = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for row in f.read().splitlines()[1:]:
                cols = row.split("\t")
                if len(cols) >= 2:
                    stamps[cols[0]] = cols[1]
    return stamps


def write_stamps(path, lines, stamps):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("key\tstamp\n")
        for ln in lines:
            if ln.key in stamps:
                f.write(f"{ln.key}\t{stamps[ln.key]}\n")


def voice_for(lang, engine_override=None, rate=None, voice=None):
    v = dict(VOICES[lang])
    if engine_override and engine_override != v["engine"]:
        v.update(engine=engine_override, rate=DEFAULT_RATE[engine_override], shape=[],
                 voice=DEFAULT_VOICE.get(engine_override, {}).get(lang) or v["voice"],
                 praise_pitch=None)
    if rate is not None:
        v["rate"] = rate
    if voice is not None:
        v["voice"] = voice
    return v


def prepare_engines(lang, v, todo, settings):
    """Stops with a message when an engine the lines need is missing; returns the private
    ESPEAK_DATA_PATH of each MBROLA voice the lines use (espeak_data_for): {voice: path}."""
    engines = {settings[ln.key]["source"].get("engine") for ln in todo} - {None}
    for e in sorted(engines):
        prog, pkg = ENGINE_PROGRAM[e]
        if not shutil.which(prog):
            raise SystemExit(f"{lang}: {len(todo)} line(s) need {prog}, which is missing "
                             f"(Debian {pkg}; `make voices` installs it). Nothing was changed.")
    voices = sorted({settings[ln.key]["source"]["voice"] for ln in todo
                     if settings[ln.key]["source"].get("engine") == "espeak-ng"})
    paths = {}
    for voice in voices:
        db = mbrola_db(voice)
        if not db:
            continue
        if not shutil.which("mbrola") or not os.path.exists(os.path.join(MBROLA_VOICES, db, db)):
            raise SystemExit(f"{lang}: {len(todo)} line(s) need MBROLA and its voice {db}, which are "
                             f"missing (Debian contrib mbrola, non-free mbrola-{db}; `make voices` "
                             "installs them). Nothing was changed.")
        paths[voice] = espeak_data_for(voice)
    return paths


def verify_language(lang, only, jobs):
    """Renders the language's lines (all, or `only`) again into a temporary folder with the
    settings their stamps say and compares the bytes with the committed files: the chain is
    deterministic and the files are what it makes. Returns the keys that differ."""
    source = default_source(lang)
    lines = read_source(source, lang)
    if only:
        unknown = set(only) - {ln.key for ln in lines}
        if unknown:
            raise SystemExit(f"{lang}: not in {source}: {' '.join(sorted(unknown))}")
        lines = [ln for ln in lines if ln.key in only]
    v = voice_for(lang)
    settings = {ln.key: line_settings(lang, ln, v) for ln in lines}
    data_paths = prepare_engines(lang, v, lines, settings)
    differ = []
    with tempfile.TemporaryDirectory(prefix="voices-verify-") as tmp:
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
            futs = [ex.submit(render_line, lang, ln, settings[ln.key], tmp, data_paths) for ln in lines]
            for fut in futs:
                fut.result()
        for ln in lines:
            committed = os.path.join(VOICES_DIR, lang, f"{ln.key}.ogg")
            again = os.path.join(tmp, f"{ln.key}.ogg")
            same = os.path.exists(committed) and open(committed, "rb").read() == open(again, "rb").read()
            if not same:
                differ.append(ln.key)
    print(f"{lang}: {len(lines) - len(differ)} of {len(lines)} line(s) rendered again byte for byte"
          + (f"; differ: {' '.join(differ)}" if differ else ""))
    return differ


def make_language(lang, source, only, engine_override, jobs, out_base=None, force=False,
                  dry_run=False, rate=None, voice=None):
    if not source:
        print(f"{lang}: no source, skipped")
        return True
    lines = read_source(source, lang)
    v = voice_for(lang, engine_override, rate, voice)
    out_dir = os.path.join(out_base or VOICES_DIR, lang)
    os.makedirs(out_dir, exist_ok=True)
    index_path = os.path.join(out_dir, "index.tsv")
    stamp_path = os.path.join(out_dir, "render.tsv")
    old_index, old_stamps = read_index(index_path), read_stamps(stamp_path)
    todo = lines
    if only:
        unknown = set(only) - {ln.key for ln in lines}
        if unknown:
            raise SystemExit(f"{lang}: not in {source}: {' '.join(sorted(unknown))}")
        todo = [ln for ln in lines if ln.key in only]
    settings = {ln.key: line_settings(lang, ln, v) for ln in lines}
    stamps = {ln.key: stamp_of(settings[ln.key]) for ln in lines}
    if not force:
        todo = [ln for ln in todo
                if old_stamps.get(ln.key) != stamps[ln.key] or ln.key not in old_index
                or not os.path.exists(os.path.join(out_dir, f"{ln.key}.ogg"))]
    print(f"{lang}: {len(todo)} of {len(lines)} lines to render from "
          f"{os.path.relpath(source, ROOT)} with {v['engine']} ({v['voice']}, rate {v['rate']})")
    if dry_run:
        for ln in todo:
            print(f"  would render {ln.key}")
        return True
    data_paths = prepare_engines(lang, v, todo, settings)
    durations = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        futs = [ex.submit(render_line, lang, ln, settings[ln.key], out_dir, data_paths) for ln in todo]
        for fut in futs:
            key, d, origin = fut.result()
            durations[key] = d
            print(f"  {key:32s} {d:6.3f} s  {origin}")
    write_index(index_path, lines, durations, old_index)
    kept = {k: old_stamps[k] for k in old_stamps if k not in durations}
    kept.update({k: stamps[k] for k in durations})
    write_stamps(stamp_path, lines, kept)
    if not only:
        keep = {f"{ln.key}.ogg" for ln in lines}
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
    ap.add_argument("--engine", choices=ENGINE_NAMES, help="override the language's engine")
    ap.add_argument("--rate", type=int, help="override the voice's rate (the engine's unit)")
    ap.add_argument("--voice", help="override the engine's voice (e.g. mb-ar1 for espeak-ng)")
    ap.add_argument("--force", action="store_true", help="render every line, changed or not")
    ap.add_argument("-n", "--dry-run", action="store_true", help="only say which lines would be rendered")
    ap.add_argument("--out", help="base folder instead of Assets/voices (for tests)")
    ap.add_argument("--verify", action="store_true",
                    help="render the lines (--lang, --only) again into a temporary folder and "
                         "compare the bytes with the committed files; exit 1 if any differ")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args(argv)
    for tool in ("sox", "soxi", "oggenc"):
        if not shutil.which(tool):
            raise SystemExit(f"{tool} is missing: apt-get install sox libsox-fmt-all vorbis-tools")
    langs = [args.lang] if args.lang else LANGS
    if args.verify:
        differ = [k for lang in langs for k in verify_language(lang, args.only, max(1, args.jobs))]
        return 1 if differ else 0
    for lang in langs:
        src = args.source if args.source else default_source(lang)
        make_language(lang, src, args.only, args.engine, max(1, args.jobs), args.out,
                      force=args.force, dry_run=args.dry_run, rate=args.rate, voice=args.voice)
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
