#!/usr/bin/env python3
"""Human recordings of the game's lines: a family or a teacher records a language (Arabic
first: no speech engine here says it well), without touching code.

  voices_record.py list --lang ar [--sheet FILE]
      The lines of the language that have no recording yet: key, the text shown, and the
      form to read (Arabic with its vowel marks). --sheet writes them as a TSV to print or
      to hand to the reader. Record each line into a file named <key>.wav (or .flac, .ogg),
      e.g. voice.animal.cat.wav: any sample rate, mono or stereo, a quiet room, the
      microphone a hand's width away, a short silence before and after.

  voices_record.py record --lang ar [--all] [--from KEY]
      A recording session at the computer (`make voices-record VOICE_LANG=ar`): for each line
      still to record (every line with --all) it shows the text on screen, the words to read
      (with vowel marks), the current voice's file (p plays it) and how long the line may be;
      Enter records (arecord, the default microphone) for that long, the take is trimmed
      (silence at both ends) and levelled, p plays it back, Enter keeps it, r records again,
      s skips the line, q ends the session. The kept takes wait in .build/voices-record/<lang>/
      (a session can stop and go on later) and are taken in as `add` does at the end: from
      then on the game says the recording instead of the engine's line.

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
import shlex
import shutil
import subprocess
import sys
import tempfile

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, TOOLS)
import make_voices as mv  # noqa: E402
import check_voices as cv  # noqa: E402

# The microphone: 16-bit mono at 44.1 kHz for {seconds} s into {out} (the chain resamples).
RECORDER = "arecord -q -f S16_LE -c 1 -r 44100 -d {seconds} {out}"
# A take is trimmed where it is 40 dB under its peak (a microphone's room noise stays under
# that; the chain trims again at -60 dB after levelling) and set to a -3 dBFS peak to listen to.
TAKE_TRIM = ["silence", "1", "0.05", "1%", "reverse", "silence", "1", "0.05", "1%", "reverse"]
SESSION_DIR = os.path.join(mv.ROOT, ".build", "voices-record")

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


def read_form(ln):
    """The words to read aloud: the spoken form (Arabic with vowel marks) unless it is
    espeak-ng's phoneme notation."""
    return ln.spoken if ln.spoken and "[[" not in ln.spoken else ln.text


def max_seconds(ln):
    """How long a line may be: the length check's upper bound for its words."""
    return cv.length_bounds(read_form(ln))[1]


def play(path, out):
    r = subprocess.run(["play", "-q", path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) \
        if shutil.which("play") else None
    if r is None or r.returncode != 0:
        print(f"  (cannot play sound here: the file is {path})", file=out)


def ask(prompt, out):
    print(prompt, end="", file=out, flush=True)
    reply = sys.stdin.readline()
    if not reply:
        return "q"   # end of input: stop the session
    return reply.strip().lower()


def record_take(ln, recorder, tmp, out):
    """Records one take and trims and levels it; returns (path, None) or (None, why)."""
    seconds = int(max_seconds(ln) + 1.99)   # the line's time and a moment to start
    raw = os.path.join(tmp, "raw.wav")
    take = os.path.join(tmp, "take.wav")
    for p in (raw, take):
        if os.path.exists(p):
            os.remove(p)
    print(f"  recording for {seconds} s: read the line now ...", file=out, flush=True)
    cmd = [a.format(seconds=seconds, out=raw) for a in shlex.split(recorder)]
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if r.returncode != 0 or not os.path.exists(raw):
        return None, f"the recorder failed ({' '.join(cmd[:1])}: {r.stderr.decode(errors='replace')[-200:].strip()})"
    r = subprocess.run(["sox", "-R", raw, "-b", "16", take, "remix", "-"] + TAKE_TRIM + ["gain", "-n", "-3"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if r.returncode != 0 or not os.path.exists(take):
        return None, "nothing was heard (only silence)"
    problem = audio_problem(take)
    if problem:
        return None, f"the take is {problem}: nothing or almost nothing was heard"
    length = mv.sox_stats(take)["length"]
    if length > max_seconds(ln):
        return None, f"the take is {length:.1f} s, longer than {max_seconds(ln):.1f} s: say it a little faster"
    return take, None


def cmd_record(args, out=sys.stdout):
    lines = catalog(args.lang)
    session = os.path.join(args.session or SESSION_DIR, args.lang)
    os.makedirs(session, exist_ok=True)
    if not args.all:
        lines = [ln for ln in lines if not mv.recorded_file(args.lang, ln.key)
                 and not os.path.exists(os.path.join(session, f"{ln.key}.wav"))]
    if args.start:
        keys = [ln.key for ln in lines]
        if args.start not in keys:
            raise SystemExit(f"{args.start}: not among the lines to record in {args.lang}")
        lines = lines[keys.index(args.start):]
    recorder = args.recorder or RECORDER
    if not args.recorder and not shutil.which("arecord"):
        raise SystemExit("arecord is missing: apt-get install alsa-utils (or give --recorder)")
    print(f"{args.lang}: {len(lines)} line(s) to record. A quiet room, the microphone a hand's "
          "width away; read each line as you would to a small child, gladly and not fast.",
          file=out)
    kept = 0
    with tempfile.TemporaryDirectory(prefix="voices-record-") as tmp:
        for n, ln in enumerate(lines, 1):
            current = os.path.join(mv.VOICES_DIR, args.lang, f"{ln.key}.ogg")
            print(f"\n[{n}/{len(lines)}] {ln.key}", file=out)
            print(f"  on screen: {ln.text}", file=out)
            if read_form(ln) != ln.text:
                print(f"  read:      {read_form(ln)}", file=out)
            if os.path.exists(current):
                print(f"  now:       {os.path.relpath(current, mv.ROOT)} ({mv.duration(current):.1f} s)", file=out)
            print(f"  at most:   {max_seconds(ln):.1f} s", file=out)
            reply = ""
            while True:
                reply = ask("  Enter: record   p: play the current voice   s: skip   q: stop > ", out)
                if reply == "p":
                    play(current, out) if os.path.exists(current) else print("  (no file yet)", file=out)
                    continue
                if reply in ("s", "q"):
                    break
                take, why = record_take(ln, recorder, tmp, out)
                if not take:
                    print(f"  {why}; again.", file=out)
                    continue
                print(f"  take: {mv.sox_stats(take)['length']:.1f} s, trimmed and levelled", file=out)
                reply = ask("  Enter: keep it   p: play it   r: record again   s: skip   q: stop > ", out)
                while reply == "p":
                    play(take, out)
                    reply = ask("  Enter: keep it   p: play it   r: record again   s: skip   q: stop > ", out)
                if reply == "r":
                    continue
                if reply in ("", "k"):
                    shutil.copyfile(take, os.path.join(session, f"{ln.key}.wav"))
                    kept += 1
                    print(f"  kept ({kept} this session)", file=out)
                break
            if reply == "q":
                break
    waiting = sorted(f for f in os.listdir(session) if f.endswith(".wav"))
    print(f"\n{args.lang}: {kept} line(s) recorded this session; {len(waiting)} take(s) in "
          f"{os.path.relpath(session, mv.ROOT)}", file=out)
    if not waiting or args.no_add:
        return 0
    status = cmd_add(argparse.Namespace(lang=args.lang, folder=session, replace=True,
                                        no_judge=args.no_judge))
    for f in waiting:
        key = f[:-4]
        if mv.recorded_file(args.lang, key):
            os.remove(os.path.join(session, f))
    return status


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
    return subprocess.run([sys.executable, os.path.join(TOOLS, "check_voices.py"), "--no-previous", "--whisper",
                           args.lang, "--sample"] + taken).returncode


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("list", help="the lines still to record")
    a.add_argument("--lang", choices=mv.LANGS, required=True)
    a.add_argument("--sheet", help="also write them to this new TSV file")
    r = sub.add_parser("record", help="record the lines at this computer, one by one")
    r.add_argument("--lang", choices=mv.LANGS, required=True)
    r.add_argument("--all", action="store_true", help="every line, also those recorded already")
    r.add_argument("--from", dest="start", metavar="KEY", help="start at this line")
    r.add_argument("--recorder", help=f"the recording command, with {{seconds}} and {{out}} (default: {RECORDER})")
    r.add_argument("--session", help=f"where the kept takes wait (default {os.path.relpath(SESSION_DIR, mv.ROOT)})")
    r.add_argument("--no-add", action="store_true", help="keep the takes in the session folder only")
    r.add_argument("--no-judge", action="store_true", help="skip the machine ear when taking them in")
    b = sub.add_parser("add", help="take a folder of recordings")
    b.add_argument("--lang", choices=mv.LANGS, required=True)
    b.add_argument("folder")
    b.add_argument("--replace", action="store_true", help="a new recording replaces an old one")
    b.add_argument("--no-judge", action="store_true", help="skip the machine ear")
    args = ap.parse_args(argv)
    return {"list": cmd_list, "add": cmd_add, "record": cmd_record}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
