#!/usr/bin/env python3
"""Human recordings of the game's lines: a family or a teacher records a language (Arabic
first: no speech engine here says it well), without touching code.

  voices_record.py list --lang ar [--sheet FILE]
      The lines of the language that have no recording yet: key, the text shown, and the
      form to read (Arabic with its vowel marks). --sheet writes them as a TSV to print or
      to hand to the reader. Record each line into a file named <key>.wav (or .flac, .ogg),
      e.g. voice.animal.cat.wav: any sample rate, mono or stereo, a quiet room, the
      microphone a hand's width away, a short silence before and after.

  voices_record.py add --lang ar FOLDER [--replace] [--no-judge]
      Takes the recordings in FOLDER: checks every name against the catalog and that the
      file decodes and is not silent, copies them to Assets/voices/recorded/<lang>/
      (an existing recording is kept unless --replace), renders those lines through the
      same chain as the engines (tools/make_voices.py: trim, level, Vorbis), and lets the
      machine ear (Whisper base, tools/check_voices.py --whisper) report each line's word
      recall, quiet and in noise. Nothing in FOLDER is changed; a file that is not taken
      is named with the reason.

`make voices-record VOICE_LANG=ar [DIR=FOLDER]` runs it with the Whisper venv installed.
"""

import argparse
import os
import shutil
import subprocess
import sys

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, TOOLS)
import make_voices as mv  # noqa: E402

EXTS = ("wav", "flac", "ogg")


def catalog(lang):
    src = mv.default_source(lang)
    if not src:
        raise SystemExit(f"{lang}: no catalog (po/<lang>.po) to record from")
    return mv.read_source(src, lang)


def cmd_list(args):
    lines = catalog(args.lang)
    missing = [ln for ln in lines if not mv.recorded_file(args.lang, ln.key)]
    print(f"{args.lang}: {len(lines) - len(missing)} of {len(lines)} lines recorded; "
          f"{len(missing)} to record (file name, then the words to read):")
    for ln in missing:
        read = ln.spoken if ln.spoken and "[[" not in ln.spoken else ln.text
        print(f"  {ln.key}.wav\t{read}" + (f"\t({ln.text})" if read != ln.text else ""))
    if args.sheet:
        with open(args.sheet, "x", encoding="utf-8", newline="\n") as f:
            f.write("file\ttext\tread\n")
            for ln in missing:
                read = ln.spoken if ln.spoken and "[[" not in ln.spoken else ln.text
                f.write(f"{ln.key}.wav\t{ln.text}\t{read}\n")
        print(f"wrote {args.sheet}")
    return 0


def audio_problem(path):
    """None when sox reads the file and it is not silent, else the reason."""
    try:
        st = mv.sox_stats(path)
    except RuntimeError as e:
        return f"does not decode ({str(e)[-120:]})"
    if st["length"] < 0.2:
        return f"too short ({st['length']:.2f} s)"
    if st["length"] > 20:
        return f"too long ({st['length']:.1f} s; one line a file)"
    if st["rms_db"] < -55:
        return f"silent (RMS {st['rms_db']:.1f} dBFS)"
    return None


def cmd_add(args):
    lines = {ln.key: ln for ln in catalog(args.lang)}
    if not os.path.isdir(args.folder):
        raise SystemExit(f"{args.folder}: not a folder")
    dest = os.path.join(mv.RECORDED_DIR, args.lang)
    taken, skipped = [], []
    for name in sorted(os.listdir(args.folder)):
        path = os.path.join(args.folder, name)
        key, _, ext = name.rpartition(".")
        if not os.path.isfile(path) or ext.lower() not in EXTS:
            skipped.append((name, f"not a {'/'.join(EXTS)} file"))
            continue
        if key not in lines:
            skipped.append((name, f"no line {key} in the {args.lang} catalog"))
            continue
        problem = audio_problem(path)
        if problem:
            skipped.append((name, problem))
            continue
        old = mv.recorded_file(args.lang, key)
        if old and not args.replace:
            skipped.append((name, f"{os.path.relpath(old, mv.ROOT)} exists (--replace to take the new one)"))
            continue
        os.makedirs(dest, exist_ok=True)
        if old:
            os.remove(old)
        target = os.path.join(dest, f"{key}.{ext.lower()}")
        shutil.copyfile(path, target + ".tmp")
        os.replace(target + ".tmp", target)
        taken.append(key)
    for name, why in skipped:
        print(f"not taken: {name}: {why}")
    print(f"{args.lang}: {len(taken)} recording(s) taken into {os.path.relpath(dest, mv.ROOT)}")
    if not taken:
        return 1 if skipped else 0
    r = subprocess.run([sys.executable, os.path.join(TOOLS, "make_voices.py"), "--lang", args.lang,
                        "--only"] + taken)
    if r.returncode != 0:
        return r.returncode
    if args.no_judge:
        return 0
    return subprocess.run([sys.executable, os.path.join(TOOLS, "check_voices.py"), "--whisper",
                           args.lang, "--sample"] + taken).returncode


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("list", help="the lines still to record")
    a.add_argument("--lang", choices=mv.LANGS, required=True)
    a.add_argument("--sheet", help="also write them to this new TSV file")
    b = sub.add_parser("add", help="take a folder of recordings")
    b.add_argument("--lang", choices=mv.LANGS, required=True)
    b.add_argument("folder")
    b.add_argument("--replace", action="store_true", help="a new recording replaces an old one")
    b.add_argument("--no-judge", action="store_true", help="skip the machine ear")
    args = ap.parse_args(argv)
    return cmd_list(args) if args.cmd == "list" else cmd_add(args)


if __name__ == "__main__":
    sys.exit(main())
