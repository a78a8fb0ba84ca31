#!/usr/bin/env python3
"""Check the rendered voice lines of a language (Assets/voices/<lang>/).

For every line of the source (same default source as tools/make_voices.py):
  * the file <key>.ogg exists and decodes;
  * it is not silent (RMS level above MIN_RMS_DB) and not clipped (peak <= MAX_PEAK_DB);
  * its length is sensible for its text: between 0.3 s and 6 s, and within bounds
    scaled by the number of characters spoken;
  * index.tsv lists it with its real duration (±0.02 s) and its displayed text.
Files that no source line names are reported too. Prints a table; exit 1 on problems.

--transcribe (English): runs pocketsphinx (Debian 12: pocketsphinx_continuous with the
pocketsphinx-en-us model) on each line, resampled to 16 kHz mono, and reports the
share of the spoken words it recognised (aligned word hits / words). It is a rough
listener: it never fails the check unless --min-accuracy is given.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import unicodedata

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_voices as mv  # noqa: E402

MIN_LEN, MAX_LEN = 0.3, 6.0
MIN_RMS_DB = -30.0
MAX_PEAK_DB = -0.5


def length_bounds(text):
    # Letters, plus combining marks: in vowelled Arabic the short vowels are marks.
    n = len(re.sub(r"[^\w']", "", text)) + sum(unicodedata.category(c) == "Mn" for c in text)
    lo = max(MIN_LEN, 0.025 * n)
    hi = min(MAX_LEN, 0.9 + 0.11 * n)
    return lo, hi


# Spellings the recogniser's dictionary uses for the same spoken word.
SAME_WORD = {"hurray": "hooray", "yea": "yay", "its": "it's"}


def words(text):
    text = text.lower().replace("\u2019", "'")
    return [SAME_WORD.get(w, w) for w in re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text)]


def word_hits(ref, hyp):
    """Number of reference words matched in an optimal alignment (longest common
    subsequence of words)."""
    m, n = len(ref), len(hyp)
    dp = [[0] * (n + 1) for _ in range(m + 1)]
    for i in range(m):
        for j in range(n):
            dp[i + 1][j + 1] = dp[i][j] + 1 if ref[i] == hyp[j] else max(dp[i][j + 1], dp[i + 1][j])
    return dp[m][n]


def transcribe(path):
    """pocketsphinx transcript of an audio file (any format sox reads)."""
    with tempfile.TemporaryDirectory(prefix="asr-") as tmp:
        wav = os.path.join(tmp, "16k.wav")
        # A short silence either side helps the recogniser's voice activity detection.
        subprocess.run(["sox", "-R", path, "-b", "16", "-e", "signed-integer", wav,
                        "remix", "-", "rate", "16000", "pad", "0.3", "0.3"], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        r = subprocess.run(["pocketsphinx_continuous", "-infile", wav, "-logfn", "/dev/null"],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        return " ".join(r.stdout.decode(errors="replace").split())


def accuracy(text, hyp):
    ref = words(text)
    return (word_hits(ref, words(hyp)) / len(ref)) if ref else 1.0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lang", choices=mv.LANGS, required=True)
    ap.add_argument("--source")
    ap.add_argument("--dir", help="folder of the .ogg files (default Assets/voices/<lang>)")
    ap.add_argument("--transcribe", action="store_true", help="pocketsphinx word recognition (en)")
    ap.add_argument("--min-accuracy", type=float, default=None,
                    help="with --transcribe: fail when the mean recognition is below this (0-1)")
    args = ap.parse_args(argv)

    src = args.source or mv.default_source(args.lang)
    if not src:
        print(f"{args.lang}: no source"); return 1
    lines = mv.read_source(src, args.lang)
    d = args.dir or os.path.join(mv.VOICES_DIR, args.lang)
    index = mv.read_index(os.path.join(d, "index.tsv"))
    if args.transcribe and args.lang != "en":
        print("note: --transcribe uses the US English model; results for other languages mean nothing")

    problems, accs = [], []
    hdr = f"{'key':32s} {'len s':>6s} {'range':>11s} {'RMS dB':>7s} {'peak':>6s}"
    if args.transcribe:
        hdr += f" {'words':>5s}  heard"
    print(hdr)
    for ln in lines:
        path = os.path.join(d, f"{ln.key}.ogg")
        if not os.path.exists(path):
            problems.append(f"{ln.key}: missing file")
            print(f"{ln.key:32s} MISSING")
            continue
        try:
            st = mv.sox_stats(path)
        except RuntimeError as e:
            problems.append(f"{ln.key}: does not decode ({e})")
            continue
        lo, hi = length_bounds(ln.say)
        flags = []
        if st["rms_db"] < MIN_RMS_DB:
            flags.append("silent")
        if st["peak_db"] > MAX_PEAK_DB:
            flags.append("clipped")
        if not lo <= st["length"] <= hi:
            flags.append("length")
        if ln.key not in index:
            flags.append("not-in-index")
        else:
            idur, itext = index[ln.key]
            if abs(float(idur) - st["length"]) > 0.02:
                flags.append("index-duration")
            if itext != re.sub(r"[\t\r\n]+", " ", ln.text):
                flags.append("index-text")
        row = (f"{ln.key:32s} {st['length']:6.3f} {lo:4.1f}-{hi:4.1f} s "
               f"{st['rms_db']:7.1f} {st['peak_db']:6.1f}")
        if args.transcribe:
            hyp = transcribe(path)
            acc = accuracy(ln.say, hyp)
            accs.append(acc)
            row += f" {acc * 100:4.0f}%  {hyp}"
        if flags:
            row += "   <-- " + ",".join(flags)
            problems.append(f"{ln.key}: {', '.join(flags)}")
        print(row)
    known = {f"{ln.key}.ogg" for ln in lines}
    for f in sorted(os.listdir(d)) if os.path.isdir(d) else []:
        if f.endswith(".ogg") and f not in known:
            problems.append(f"{f}: no source line names it")
    print(f"\n{len(lines)} lines, {len(problems)} problem(s)")
    if accs:
        mean = sum(accs) / len(accs)
        print(f"pocketsphinx word recognition: {mean * 100:.1f}% mean over {len(accs)} lines")
        if args.min_accuracy is not None and mean < args.min_accuracy:
            problems.append(f"mean recognition {mean:.2f} < {args.min_accuracy}")
    for p in problems:
        print("problem:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
