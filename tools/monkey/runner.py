"""Runs the real game binary headless on a script, each time in a fresh data folder, so the
same seed and script always give the same log (TESTING.md)."""

import json
import os
import shutil
import subprocess
import tempfile
import time

import layout as L


class AppRun:
    """What one run of the game left: exit status (None when it hung), log, stderr, seconds."""

    def __init__(self, status, log, stderr, wall):
        self.status = status
        self.log = log
        self.stderr = stderr
        self.wall = wall

    @property
    def crashed(self):
        return self.status != 0

    def events(self):
        out = []
        for raw in self.log.splitlines():
            if raw.strip():
                try:
                    out.append(json.loads(raw))
                except ValueError:
                    break
        return out


def demo_for(seed):
    """Every fourth seed plays with `--demo`: each game's show-me demo the first time it opens."""
    return seed % 4 == 3


def switch_for(seed):
    """Every sixth seed (5, 11, ...) plays under one-switch scanning (`--switch 0.8`): every
    key but m, f11 and escape, every press and every pad button taps what the ring shows."""
    return seed % 6 == 5


def run_app(binary, seed, script_text, workdir, draw=False, timeout=None, keep_as=None):
    """Runs `binary` headless on `script_text` with `seed`. A fresh data folder each time:
    high scores and the mute setting of one run never leak into the next."""
    os.makedirs(workdir, exist_ok=True)
    run_dir = tempfile.mkdtemp(prefix="run-", dir=workdir)
    try:
        script = os.path.join(run_dir, "script.txt")
        log = os.path.join(run_dir, "log.jsonl")
        data = os.path.join(run_dir, "data")
        os.makedirs(data)
        with open(script, "w") as f:
            f.write(script_text)
        args = [binary, "--headless", "--seed", str(seed), "--script", script, "--log", log, "--data-dir", data]
        if seed % 2 == 1:
            # Odd seeds play as a child (her avatar and sticker book on Home, the picker).
            args += ["--profile", "monkey"]
        if not draw:
            args.append("--no-draw")
        if demo_for(seed):
            args.append("--demo")
        if switch_for(seed):
            args += ["--switch", "0.8"]
        env = dict(os.environ)
        env["SDL_AUDIODRIVER"] = "dummy"
        env.pop("XDG_DATA_HOME", None)
        if timeout is None:
            # Generous: a debug build on a loaded machine simulates some 500 game seconds a
            # second; a hang is minutes, not seconds.
            frames = script_length_frames(script_text)
            timeout = 120 + frames / L.FPS / 50
        started = time.monotonic()
        try:
            done = subprocess.run(args, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE, timeout=timeout)
            status, stderr = done.returncode, done.stderr.decode("utf-8", "replace")
        except subprocess.TimeoutExpired as e:
            status, stderr = None, (e.stderr or b"").decode("utf-8", "replace") + "\n(timed out after %.0f s)" % timeout
        wall = time.monotonic() - started
        text = ""
        if os.path.exists(log):
            with open(log, encoding="utf-8", errors="replace") as f:
                text = f.read()
        if keep_as:
            os.makedirs(os.path.dirname(keep_as) or ".", exist_ok=True)
            shutil.copy(script, keep_as + ".script.txt")
            shutil.copy(log, keep_as + ".log.jsonl") if os.path.exists(log) else None
        return AppRun(status, text, stderr, wall)
    finally:
        shutil.rmtree(run_dir, ignore_errors=True)


def script_length_frames(text):
    last = 0
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            try:
                last = max(last, float(line.split()[0]))
            except ValueError:
                pass
    return int(last * L.FPS) + 1
