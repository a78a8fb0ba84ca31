#!/usr/bin/env python3
"""Monkey play for Kids Joy Center: random but valid input, many seeds, invariants checked.

    monkey.py run   --binary B --seeds 1-4 --events 1000     generate, play, check; summary
    monkey.py soak  --binary B --events 1000000               many seeds in parallel; summary file
    monkey.py gen   --binary B --seed 7 --events 500 -o s.txt  just write one script
    monkey.py check LOG [--status N]                          check a log someone else made
    monkey.py shrink --binary B --seed 7 --script s.txt -o min.txt   smallest script that still fails

Python 3 standard library only. Exit status 1 when a run crashed or broke an invariant.
"""

import argparse
import collections
import concurrent.futures
import json
import os
import shutil
import sys
import tempfile
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import checker as C  # noqa: E402
import layout as L  # noqa: E402
from generator import Monkey, log_digest  # noqa: E402
from runner import run_app  # noqa: E402
from script import count_events, line_frame  # noqa: E402

# The coverage counters a summary prints, in this order.
COVERAGE = [
    ("games started", "games"),
    ("game overs", "gameover"),
    ("scores recorded", "recorded"),
    ("pairs found", "match"),
    ("mismatches", "mismatch"),
    ("vehicles placed", "placed"),
    ("wrong drops", "wrong-drop"),
    ("balloons popped", "pop.regular"),
    ("stars popped", "pop.bonus"),
    ("skulls popped", "pop.killer"),
    ("balloons escaped", "escape"),
    ("alerts", "alert"),
    ("high-score popups", "open.highscores"),
    ("adult gates", "open.gate"),
    ("gate right answers", "gate.right"),
    ("high-score resets", "gate.reset"),
    ("pauses", "pause"),
    ("mute toggles", "mute"),
    ("voice lines", "voice"),
    ("demos", "demo"),
    ("demos ended by a tap", "demo.tap"),
    ("nothing-here hints", "hint.nothing-here"),
    ("zone glows", "hint.zone-glow"),
    ("mismatch hints", "hint.mismatch"),
    ("tap-guarded presses", "log.ignored"),
    ("vehicles lifted by a tap", "lift"),
    ("tap-tap drops", "tap-tap drop"),
    ("scanning steps", "log.focus"),
    ("dumps", "dumps"),
    ("screenshots drawn", "log.screenshot"),
]


def parse_seeds(text):
    seeds = []
    for part in text.split(","):
        if "-" in part:
            a, b = part.split("-", 1)
            seeds.extend(range(int(a), int(b) + 1))
        elif part:
            seeds.append(int(part))
    return seeds


def last_frame(log_text):
    for raw in reversed(log_text.splitlines()):
        if raw.strip():
            try:
                return C.frame_of(json.loads(raw)["t"])
            except (ValueError, KeyError):
                return None
    return None


def without_quit(log_text):
    return [x for x in log_text.splitlines() if '"event":"quit"' not in x]


def play_seed(job):
    """Generates one seed's script, runs it, checks the log. Runs in a worker process. A bug
    in the monkey itself is reported as such (never as the game's failure) and the soak goes on."""
    try:
        return play_seed_checked(job)
    except Exception:  # noqa: BLE001 - reported, counted, and makes the command fail
        return {"seed": job[0], "adaptive": bool(job[4]), "draw": bool(job[5]), "status": None, "crashed": False,
                "events_written": 0, "events": 0, "lines": 0, "sim_seconds": 0, "probes": 0, "failures": [],
                "stats": {}, "plan": {}, "verbs": {}, "wall": 0, "monkey_error": traceback.format_exc()}


def play_seed_checked(job):
    seed, events, binary, workdir, adaptive, draw, keep_dir, replay = job
    started = time.monotonic()
    tmp = tempfile.mkdtemp(prefix="seed-%d-" % seed, dir=workdir)
    try:
        shots = os.path.join(tmp, "shots")
        os.makedirs(shots)
        monkey = Monkey(seed, events, binary=binary, workdir=tmp, adaptive=adaptive, shots_dir=shots)
        script = monkey.generate()
        text = monkey.failed_probe or script.text()
        lines = text.splitlines()
        run = run_app(binary, seed, text, tmp, draw=draw)
        check = C.check_log_text(run.log, 0 if run.status == 0 else run.status, run.stderr, name="seed %d" % seed)
        if run.status is None:
            check.failures.insert(0, {"invariant": "exit", "line": None, "t": None, "message": "hung (timed out)"})
        raw = [x for x in run.log.splitlines() if x.strip()]
        if monkey.failed_probe is None:
            kept = [x for x in raw if '"event":"screenshot"' not in x]
            for n, digest in monkey.probes:
                if log_digest(kept[:n]) != (n, digest):
                    check.fail("determinism", None, "the log differs from the probe's up to line %d" % n)
                    break
        if replay and not check.failures:
            again = run_app(binary, seed, text, tmp, draw=draw)
            # `quit` carries the peak memory, which differs from run to run.
            if without_quit(again.log) != without_quit(run.log) or again.status != run.status:
                check.fail("determinism", None, "a second run of the same script gave another log")
        end = last_frame(run.log)
        result = {
            "seed": seed,
            "adaptive": bool(adaptive),
            "draw": bool(draw),
            "status": run.status,
            "crashed": run.status != 0,
            "events_written": count_events(lines),
            "events": count_events(lines, end) if end is not None else 0,
            "lines": len(lines),
            "sim_seconds": (end or 0) / L.FPS,
            "probes": monkey.probe_runs,
            "failures": check.failures,
            "stats": dict(check.stats),
            "plan": monkey.plan,
            "verbs": dict(script.verbs),
            "wall": time.monotonic() - started,
        }
        if (check.failures or run.status != 0) and keep_dir:
            os.makedirs(keep_dir, exist_ok=True)
            base = os.path.join(keep_dir, "seed-%d" % seed)
            with open(base + ".script.txt", "w") as f:
                f.write(text)
            with open(base + ".log.jsonl", "w") as f:
                f.write(run.log)
            with open(base + ".failures.json", "w") as f:
                json.dump(check.failures, f, indent=1)
            result["kept"] = base
        return result
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def run_seeds(seeds, events, binary, jobs, adaptive_every, draw_every, keep_dir, replay_every, progress=None,
              adaptive_events=None):
    workdir = tempfile.mkdtemp(prefix="kjc-monkey-")
    jobs_list = []
    for i, seed in enumerate(seeds):
        adaptive = adaptive_every > 0 and i % adaptive_every == 0
        draw = draw_every > 0 and i % draw_every == draw_every - 1
        replay = replay_every > 0 and i % replay_every == replay_every - 1
        # Adaptive runs pay a probe (a replay of the whole run so far) per look: shorter runs.
        n = adaptive_events if adaptive and adaptive_events else events
        jobs_list.append((seed, n, binary, workdir, adaptive, draw, keep_dir, replay))
    results = []
    try:
        if jobs <= 1:
            for job in jobs_list:
                results.append(play_seed(job))
                if progress:
                    progress(results)
        else:
            with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) as pool:
                for result in pool.map(play_seed, jobs_list):
                    results.append(result)
                    if progress:
                        progress(results)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return results


def summarize(results, wall, title="Monkey play"):
    stats = collections.Counter()
    plan = collections.Counter()
    failures = collections.Counter()
    examples = {}
    for r in results:
        stats.update(r["stats"])
        plan.update(r["plan"])
        for f in r["failures"]:
            if f["invariant"] == "exit":
                continue
            failures[f["invariant"]] += 1
            examples.setdefault(f["invariant"], "seed %d, t=%s: %s" % (r["seed"], f.get("t"), f["message"]))
    crashes = [r["seed"] for r in results if r["crashed"]]
    events = sum(r["events"] for r in results)
    summary = {
        "runs": len(results),
        "adaptive_runs": sum(1 for r in results if r["adaptive"]),
        "drawn_runs": sum(1 for r in results if r["draw"]),
        "events": events,
        "events_written": sum(r["events_written"] for r in results),
        "log_events": sum(v for k, v in stats.items() if k.startswith("log.")),
        "sim_seconds": sum(r["sim_seconds"] for r in results),
        "probes": sum(r["probes"] for r in results),
        "crashes": len(crashes),
        "crashed_seeds": crashes,
        "invariant_failures": sum(failures.values()),
        "failures_by_invariant": dict(failures),
        "failure_examples": examples,
        "failing_seeds": sorted({r["seed"] for r in results if r["failures"]}),
        "monkey_errors": [(r["seed"], r["monkey_error"]) for r in results if r.get("monkey_error")],
        "wall_seconds": wall,
        "coverage": {label: stats.get(key, 0) for label, key in COVERAGE},
        "games": {"%s %s" % (g, lv): stats.get("game.%s.%s" % (g, lv), 0) for g in L.GAMES for lv in L.LEVELS},
        "game_overs": {k[len("gameover."):]: v for k, v in sorted(stats.items()) if k.startswith("gameover.")},
        "verbs": dict(sum((collections.Counter(r["verbs"]) for r in results), collections.Counter())),
        "plan": dict(plan),
    }
    lines = [
        "%s: %d runs (%d adaptive, %d drawn), seeds %s" % (
            title, summary["runs"], summary["adaptive_runs"], summary["drawn_runs"], seed_span(results)),
        "  input events played: %d (%s; %d of the taps fidget on the title bar)" % (
            events, ", ".join("%s %d" % kv for kv in sorted(summary["verbs"].items())), plan.get("fidget-taps", 0)),
        "  log events checked:  %d over %.0f simulated seconds (%.1f h), %d probe runs" % (
            summary["log_events"], summary["sim_seconds"], summary["sim_seconds"] / 3600, summary["probes"]),
        "  crashes:             %d%s" % (len(crashes), (" (seeds %s)" % crashes[:20]) if crashes else ""),
        "  invariant failures:  %d%s" % (summary["invariant_failures"], "".join(
            "\n    %s: %d, e.g. %s" % (k, v, examples[k]) for k, v in sorted(failures.items()))),
        "  wall time:           %.1f s" % wall,
    ] + [
        "  MONKEY ERROR (a bug in tools/monkey, not in the game), seed %d:\n%s" % e for e in summary["monkey_errors"][:3]
    ] + [
        "  games played:        " + ", ".join("%s %d" % kv for kv in summary["games"].items()),
        "  game overs:          " + ", ".join("%s %d" % kv for kv in summary["game_overs"].items()),
        "  coverage:            " + ", ".join("%s %d" % kv for kv in summary["coverage"].items()),
    ]
    return summary, "\n".join(lines)


def seed_span(results):
    seeds = sorted(r["seed"] for r in results)
    if not seeds:
        return "-"
    return "%d-%d" % (seeds[0], seeds[-1]) if len(seeds) > 1 else str(seeds[0])


def default_binary(release=False):
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return os.path.join(root, ".build", "release" if release else "debug", "kids-joy-center")


def cmd_run(args):
    seeds = parse_seeds(args.seeds)
    started = time.monotonic()
    results = run_seeds(seeds, args.events, args.binary, args.jobs, args.adaptive_every, args.draw_every,
                        args.keep, args.replay_every, adaptive_events=args.adaptive_events)
    summary, text = summarize(results, time.monotonic() - started)
    print(text)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"summary": summary, "runs": results}, f, indent=1)
    return 1 if summary["crashes"] or summary["invariant_failures"] or summary["monkey_errors"] else 0


def cmd_soak(args):
    per_run = args.events_per_run
    adaptive_per_run = args.adaptive_events or per_run
    share = 1 / args.adaptive_every if args.adaptive_every else 0
    runs = max(1, int(-(-args.events // (share * adaptive_per_run + (1 - share) * per_run))))
    seeds = list(range(args.first_seed, args.first_seed + runs))
    load = os.getloadavg()[0]
    started = time.monotonic()
    total = [0]

    def progress(results):
        total[0] = sum(r["events"] for r in results)
        if len(results) % max(1, runs // 20) == 0 or len(results) == runs:
            sys.stderr.write("  %d/%d runs, %d events, %.0f s\n" % (len(results), runs, total[0], time.monotonic() - started))
            sys.stderr.flush()

    results = run_seeds(seeds, per_run, args.binary, args.jobs, args.adaptive_every, args.draw_every,
                        args.keep, args.replay_every, progress, args.adaptive_events)
    # Runs end early when the chaos quits the game; top up until the total is reached.
    next_seed = seeds[-1] + 1
    while sum(r["events"] for r in results) < args.events:
        missing = args.events - sum(r["events"] for r in results)
        more = list(range(next_seed, next_seed + max(args.jobs, -(-missing // per_run))))
        next_seed = more[-1] + 1
        results += run_seeds(more, per_run, args.binary, args.jobs, 0, 0, args.keep, args.replay_every)
    summary, text = summarize(results, time.monotonic() - started, title="Monkey soak")
    text += "\n  settings:            %d input events a blind run, %s; every %s run played twice and compared" % (
        per_run, ("every %dth run adaptive with %d events" % (args.adaptive_every, adaptive_per_run))
        if args.adaptive_every else "no adaptive runs", ("%dth" % args.replay_every) if args.replay_every else "no")
    text += "\n  machine:             %d cores, %d parallel runs, %s build, load average %.1f at the start" % (
        os.cpu_count() or 0, args.jobs, "release" if "/release/" in args.binary else "debug", load)
    print(text)
    if args.summary:
        with open(args.summary, "w") as f:
            f.write(text + "\n")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"summary": summary, "runs": results}, f, indent=1)
    return 1 if summary["crashes"] or summary["invariant_failures"] or summary["monkey_errors"] else 0


def cmd_gen(args):
    workdir = tempfile.mkdtemp(prefix="kjc-monkey-gen-")
    try:
        monkey = Monkey(args.seed, args.events, binary=args.binary, workdir=workdir, adaptive=not args.blind)
        script = monkey.generate()
        text = monkey.failed_probe or script.text()
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as f:
            f.write(text)
    sys.stderr.write("%d input events, %d lines, %d probes\n" % (count_events(text.splitlines()), len(text.splitlines()),
                                                                monkey.probe_runs))
    return 0


def cmd_check(args):
    with open(args.log, encoding="utf-8", errors="replace") as f:
        text = f.read()
    check = C.check_log_text(text, args.status, "")
    for failure in check.failures:
        print("%s (line %s, t=%s): %s" % (failure["invariant"], failure["line"], failure["t"], failure["message"]))
    print("%d log events, %d failures" % (check.lines, len(check.failures)))
    return 1 if check.failures else 0


def failure_signature(binary, seed, text, workdir, invariant):
    run = run_app(binary, seed, text, workdir)
    check = C.check_log_text(run.log, run.status if run.status is not None else -1, run.stderr)
    found = [f for f in check.failures if invariant is None or f["invariant"] == invariant]
    return found


def cmd_shrink(args):
    """Delta debugging (ddmin) over the script's lines: the smallest script whose run still
    breaks the same invariant (or crashes)."""
    with open(args.script) as f:
        lines = [x for x in f.read().splitlines() if x.strip() and not x.lstrip().startswith("#")]
    workdir = tempfile.mkdtemp(prefix="kjc-monkey-shrink-")
    runs = [0]
    try:
        def fails(candidate):
            runs[0] += 1
            return bool(failure_signature(args.binary, args.seed, "\n".join(candidate) + "\n", workdir, args.invariant))

        found = failure_signature(args.binary, args.seed, "\n".join(lines) + "\n", workdir, args.invariant)
        if not found:
            print("the script does not fail%s" % (" on " + args.invariant if args.invariant else ""))
            return 2
        invariant = args.invariant or found[0]["invariant"]
        args.invariant = invariant
        first = found[0]
        if first.get("t") is not None:
            cut = C.frame_of(first["t"]) + 2
            shorter = [x for x in lines if line_frame(x) <= cut]
            if fails(shorter):
                lines = shorter
        n = 2
        while len(lines) >= 2:
            chunk = max(1, len(lines) // n)
            reduced = False
            for start in range(0, len(lines), chunk):
                candidate = lines[:start] + lines[start + chunk:]
                if candidate and fails(candidate):
                    lines = candidate
                    n = max(n - 1, 2)
                    reduced = True
                    break
            if not reduced:
                if chunk == 1:
                    break
                n = min(n * 2, len(lines))
        text = "\n".join(lines) + "\n"
        with open(args.output, "w") as f:
            f.write(text)
        again = failure_signature(args.binary, args.seed, text, workdir, invariant)
        print("%d lines still break %s (%d runs): %s" % (len(lines), invariant, runs[0], again[0]["message"] if again else "?"))
        return 0
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)

    def common(p, events):
        p.add_argument("--binary", default=default_binary())
        p.add_argument("--events", type=int, default=events, help="input events per seed (soak: in total)")
        p.add_argument("--jobs", type=int, default=2)
        p.add_argument("--adaptive-every", type=int, default=1, help="every Nth run probes and aims (0: none)")
        p.add_argument("--draw-every", type=int, default=0, help="every Nth run draws its frames (0: none)")
        p.add_argument("--replay-every", type=int, default=0, help="every Nth run is played twice and compared")
        p.add_argument("--keep", default=None, help="folder for the script and log of failing runs")
        p.add_argument("--adaptive-events", type=int, default=None, help="input events of each adaptive run")
        p.add_argument("--json", default=None, help="write the summary and every run as JSON")

    p = sub.add_parser("run")
    common(p, 1000)
    p.add_argument("--seeds", default="1-4")
    p.set_defaults(func=cmd_run)

    p = sub.add_parser("soak")
    common(p, 1_000_000)
    p.add_argument("--events-per-run", type=int, default=2500)
    p.add_argument("--first-seed", type=int, default=1000)
    p.add_argument("--summary", default=None, help="write the printed summary here too")
    p.set_defaults(func=cmd_soak)

    p = sub.add_parser("gen")
    p.add_argument("--binary", default=default_binary())
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--events", type=int, default=1000)
    p.add_argument("--blind", action="store_true")
    p.add_argument("--describe", default=None, help="the games from this --describe-games JSON (a blind script, no binary)")
    p.add_argument("-o", "--output", default="-")
    p.set_defaults(func=cmd_gen)

    p = sub.add_parser("check")
    p.add_argument("log")
    p.add_argument("--status", type=int, default=0)
    p.add_argument("--describe", default=None, help="the games from this --describe-games JSON instead of the binary's")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("shrink")
    p.add_argument("--binary", default=default_binary())
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--script", required=True)
    p.add_argument("--invariant", default=None)
    p.add_argument("-o", "--output", required=True)
    p.set_defaults(func=cmd_shrink)

    args = parser.parse_args(argv)
    if getattr(args, "describe", None):
        # A game registry of one's own (a test registers a game the binary does not have):
        # read from its `--describe-games` document; a script made this way is blind.
        L.load_file(args.describe)
        if hasattr(args, "blind"):
            args.blind, args.binary = True, None
        return args.func(args)
    if hasattr(args, "binary") and not os.access(args.binary, os.X_OK):
        parser.error("no game binary at %s (build it first)" % args.binary)
    # The games and their numbers come from the game's own registry (--describe-games).
    binary = getattr(args, "binary", None) or default_binary()
    if not os.access(binary, os.X_OK):
        parser.error("no game binary at %s to read the games from (build it first)" % binary)
    L.load(binary)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
