#!/usr/bin/env python3
"""Database-damage soak (issue #28): the progress database under attack while the game
records rounds. Each run starts the game's crash-test driver (`--stress-record N`, which
prints "saved N" once a round is committed, "waiting N" while another program holds the
lock, "set-aside PATH" when it sets damage aside), and meanwhile does one or more of:

  corrupt   overwrite random bytes of random pages of progress.db (not the header page)
  truncate  cut progress.db to a random length
  lock      hold the write lock from another program (sqlite3's BEGIN IMMEDIATE) for 0.2-2 s
  kill      SIGKILL the game at a random moment

An attack strikes at a random moment of the recording: right after the game reports its
k-th saved round (k drawn at random; its next save is then under way), never after a fixed
wait, so a slow machine moves the attacks with the game.

Then it checks: every round reported "saved" is in progress.db, or the game set the file
aside after it was saved (damage: the set-aside file is named on stdout and stderr), or
the harness damaged the file after the round was saved and the game has not met the damage
yet (it sets it aside at its next error or daily check). A round reported saved that is in
none of these is LOST: the run fails.

    db_soak.py --binary .build/release/kids-joy-center --runs 500 [--seed 1] [--summary FILE]

Standard library only (sqlite3 is Python's own module)."""
import argparse
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time


def scores_in(path):
    """The scores in a database file; None when it cannot be read (damaged)."""
    try:
        con = sqlite3.connect("file:%s?mode=ro" % path, uri=True, timeout=5)
        try:
            rows = con.execute("SELECT score FROM rounds").fetchall()
            ok = con.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        finally:
            con.close()
        return set(r[0] for r in rows) if ok else None
    except sqlite3.DatabaseError:
        return None


def rows_in(path):
    """The scores that can still be read from a file (a damaged one: as many as SQLite
    reads before it stops); None when none can be read."""
    try:
        con = sqlite3.connect("file:%s?mode=ro" % path, uri=True, timeout=5)
    except sqlite3.DatabaseError:
        return None
    found = set()
    try:
        for (score,) in con.execute("SELECT score FROM rounds ORDER BY rowid"):
            found.add(score)
    except sqlite3.DatabaseError:
        if not found:
            return None
    finally:
        con.close()
    return found


def attack(kind, db, rng, proc, log, stop, progress):
    """One attack, at a random moment while the game runs: right after its k-th "saved" line
    (k = 0: at once); notes when it damaged the file."""
    wanted = rng.randint(0, 40)
    with progress:
        progress.wait_for(lambda: progress.saved >= wanted or stop.is_set() or proc.poll() is not None, timeout=120)
    if stop.is_set() or proc.poll() is not None:
        return
    if kind == "corrupt":
        try:
            size = os.path.getsize(db)
            pages = size // 4096
            if pages > 1:
                with open(db, "r+b") as f:
                    for _ in range(rng.randint(1, 4)):
                        page = rng.randint(1, pages - 1)
                        f.seek(page * 4096 + rng.randint(0, 4000))
                        f.write(bytes(rng.randint(0, 255) for _ in range(rng.randint(8, 96))))
                log.append(("damaged", time.monotonic()))
        except OSError:
            pass
    elif kind == "truncate":
        try:
            size = os.path.getsize(db)
            if size > 4096:
                os.truncate(db, rng.randint(4096, size - 1))
                log.append(("damaged", time.monotonic()))
        except OSError:
            pass
    elif kind == "lock":
        try:
            con = sqlite3.connect(db, timeout=2, isolation_level=None)
            con.execute("BEGIN IMMEDIATE")
            time.sleep(rng.uniform(0.2, 2.0))
            con.execute("ROLLBACK")
            con.close()
        except sqlite3.DatabaseError:
            pass
    elif kind == "kill":
        try:
            proc.send_signal(signal.SIGKILL)
        except OSError:
            pass


def one_run(binary, seed, keep):
    rng = random.Random(seed)
    data = tempfile.mkdtemp(prefix="kjc-dbsoak-")
    db = os.path.join(data, "progress.db")
    env = dict(os.environ, SDL_AUDIODRIVER="dummy")
    # A database with rounds in it first (damage has something to hit).
    subprocess.run([binary, "--data-dir", data, "--stress-record", "300"], env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
    kinds = rng.sample(["corrupt", "truncate", "lock", "lock", "kill"], rng.randint(1, 3))
    count = rng.randint(200, 1500)
    err_path = os.path.join(data, "stderr.txt")
    lines = []  # (monotonic time read, line)
    # The rounds reported saved so far; the attacks wait on it (notified at every line and at the end).
    progress = threading.Condition()
    progress.saved = 0

    def read(stream):
        for line in stream:
            lines.append((time.monotonic(), line.strip()))
            with progress:
                progress.saved += line.startswith("saved ")
                progress.notify_all()
        with progress:
            progress.notify_all()

    with open(err_path, "w") as err:
        proc = subprocess.Popen([binary, "--data-dir", data, "--stress-record", str(count)], env=env,
                                stdout=subprocess.PIPE, stderr=err, text=True)
        reader = threading.Thread(target=read, args=(proc.stdout,))
        reader.start()
        log, stop = [], threading.Event()
        threads = [threading.Thread(target=attack, args=(k, db, random.Random(rng.random()), proc, log, stop, progress))
                   for k in kinds]
        for t in threads:
            t.start()
        try:
            proc.wait(timeout=180)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            stop.set()
            with progress:
                progress.notify_all()
            return {"seed": seed, "kinds": kinds, "error": "the game hung (no exit in 180 s)", "dir": data, "saved": 0, "lost": []}
        stop.set()
        with progress:
            progress.notify_all()
        for t in threads:
            t.join()
        reader.join()
    crashed = proc.returncode not in (0, -9)
    saved, set_aside_times = [], []
    for when, line in lines:
        if line.startswith("saved "):
            saved.append((int(line.split()[1]), when))
        elif line.startswith("set-aside"):
            set_aside_times.append(when)
    damage_times = [t for k, t in log if k == "damaged"]
    present = rows_in(db)
    # Every set-aside file's rounds count as kept (the log names the file).
    aside = set()
    for name in os.listdir(data):
        if name.startswith("progress.db.damaged-") and not name.endswith(("-wal", "-shm")):
            aside |= rows_in(os.path.join(data, name)) or set()
    lost, in_damage, unverifiable = [], 0, 0
    for score, when in saved:
        if present is not None and score in present:
            continue
        if score in aside:
            continue
        if any(t >= when - 0.05 for t in damage_times + set_aside_times):
            # Saved, then the harness damaged the file (or the game set it aside): named.
            in_damage += 1
            continue
        if present is None:
            unverifiable += 1
            continue
        lost.append(score)
    result = {"seed": seed, "kinds": kinds, "saved": len(saved), "lost": lost, "in_damage": in_damage,
              "unverifiable": unverifiable, "set_aside": bool(set_aside_times), "crashed": crashed, "status": proc.returncode,
              "stderr": open(err_path).read()[-400:] if (lost or crashed) else "", "dir": data}
    if not (lost or crashed) and not keep:
        shutil.rmtree(data, ignore_errors=True)
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", required=True)
    ap.add_argument("--runs", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--summary")
    ap.add_argument("--keep", action="store_true")
    a = ap.parse_args()
    started = time.time()
    results = []
    for n in range(a.runs):
        r = one_run(a.binary, a.seed + n, a.keep)
        results.append(r)
        if r.get("error") or r["lost"] or r["crashed"]:
            print("run %d (seed %d, %s): %s" % (n, r["seed"], "+".join(r["kinds"]), r), flush=True)
    bad = [r for r in results if r.get("error") or r.get("lost") or r.get("crashed")]
    kinds = {}
    for r in results:
        for k in r["kinds"]:
            kinds[k] = kinds.get(k, 0) + 1
    text = "\n".join([
        "Database-damage soak: %d runs, seeds %d-%d" % (a.runs, a.seed, a.seed + a.runs - 1),
        "  attacks:            %s" % ", ".join("%s %d" % kv for kv in sorted(kinds.items())),
        "  rounds saved:       %d reported saved" % sum(r.get("saved", 0) for r in results),
        "  rounds lost:        %d (reported saved, then missing from an undamaged database)" % sum(len(r.get("lost", [])) for r in results),
        "  in damaged files:   %d (saved, then the file was damaged by the harness; the game names the set-aside file)" % sum(r.get("in_damage", 0) for r in results),
        "  unverifiable:       %d (the final file too damaged to read, no set-aside yet)" % sum(r.get("unverifiable", 0) for r in results),
        "  set aside:          %d runs" % sum(1 for r in results if r.get("set_aside")),
        "  crashes or hangs:   %d" % sum(1 for r in results if r.get("crashed") or r.get("error")),
        "  failed runs:        %d" % len(bad),
        "  wall time:          %.1f s" % (time.time() - started),
    ]) + "\n"
    sys.stdout.write(text)
    if a.summary:
        with open(a.summary, "w") as f:
            f.write(text)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
