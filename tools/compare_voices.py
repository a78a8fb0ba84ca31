#!/usr/bin/env python3
"""Compare the offline English speech engines of Debian 12 on the same lines.

Renders a fixed sample of po/voice-lines-en.tsv with RHVoice (slt), SVOX Pico (en-US),
festival (CMU ARCTIC SLT HTS),
flite (slt and the default kal) and espeak-ng (en-us); measures each raw output with
`sox stats` (length, RMS, peak) and lets pocketsphinx (pocketsphinx_continuous,
US English model) transcribe it, resampled to 16 kHz mono. Prints a Markdown table
(engine, lines, word recognition, mean length, mean RMS, peak) and, with -v, every
transcript. The raw WAVs are kept in --out (default /tmp/voice-compare).
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_voices as mv   # noqa: E402
import check_voices as cv  # noqa: E402

SAMPLE = [
    "voice.home.greeting", "voice.home.play", "voice.intro.memory", "voice.intro.sorting",
    "voice.intro.balloons", "voice.animal.cat", "voice.animal.rabbit", "voice.animal.monkey",
    "voice.animal.koala", "voice.vehicle.helicopter", "voice.vehicle.fire-engine",
    "voice.placed.sailboat", "voice.number.3", "voice.number.7", "voice.praise.1",
    "voice.praise.3", "voice.encourage.1", "voice.hurry", "voice.won", "voice.balloon.skull",
    "voice.highscore.1", "voice.paused",
]

ENGINES = [
    ("rhvoice", "slt", "RHVoice 1.8, slt (the game's English voice)"),
    ("pico", "en-US", "SVOX Pico, en-US"),
    ("festival", "cmu_us_slt_arctic_hts", "festival 2.5 + CMU SLT HTS"),
    ("flite", "slt", "flite 2.2, slt"),
    ("flite", "kal", "flite 2.2, kal (default)"),
    ("espeak-ng", "en-us", "espeak-ng 1.51, en-us"),
]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="/tmp/voice-compare")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    lines = {ln.key: ln for ln in mv.read_source(mv.default_source("en"), "en")}
    sample = [lines[k] for k in SAMPLE if k in lines]
    rows = []
    for engine, voice, label in ENGINES:
        d = os.path.join(args.out, f"{engine}-{voice}")
        os.makedirs(d, exist_ok=True)
        accs, lens, rms, peaks = [], [], [], []
        for ln in sample:
            wav = os.path.join(d, f"{ln.key}.wav")
            mv.synthesize(engine, voice, ln.say, wav, d)
            st = mv.sox_stats(wav)
            hyp = cv.transcribe(wav)
            acc = cv.accuracy(ln.say, hyp)
            accs.append(acc); lens.append(st["length"]); rms.append(st["rms_db"])
            peaks.append(st["peak_db"])
            if args.verbose:
                print(f"{label:28s} {ln.key:26s} {acc * 100:4.0f}%  {ln.say!r} -> {hyp!r}")
        rows.append((label, len(sample), sum(accs) / len(accs) * 100, sum(lens) / len(lens),
                     sum(rms) / len(rms), max(peaks), min(rms), max(rms)))
    print("| engine | lines | word recognition | mean length (s) | mean RMS (dBFS) | RMS range | max peak (dBFS) |")
    print("|---|---|---|---|---|---|---|")
    for label, n, acc, ln_, r, pk, rlo, rhi in rows:
        print(f"| {label} | {n} | {acc:.0f}% | {ln_:.2f} | {r:.1f} | {rlo:.1f} to {rhi:.1f} | {pk:.1f} |")


if __name__ == "__main__":
    sys.exit(main())
