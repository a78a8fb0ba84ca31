"""The monkey: writes one long, valid input script per seed that plays Kids Joy Center the way
a chaotic child would, but well enough that games are really played, won and lost, on every
game and level.

A script is fixed before it runs, and what the screen shows is only known after running. So
the monkey writes in chunks and looks before each one (adaptive mode): it runs the game on
the script so far plus a `dump` (a *probe*; the game is deterministic, so the prefix replays
exactly) and aims the next chunk at what the dump shows: Memory's faces, Sorting's vehicle
categories, the alert on top, the adult gate's sum. For Balloons the probe also plays the
rest of the game blindly past the dump, which reveals every balloon that will appear (pops
of numbered balloons do not change what appears later; a popped star does, so the schedule
is trusted only up to the probe's first star pop). The dump lines stay in the final script,
so the final run can be compared line for line with every probe (determinism).

Blind mode (no probes) plays from a belief of what is on top and the fixed frames in
layout.py; it is cheaper and messier. Both write only valid lines (TESTING.md).

Each planner models the game just enough to aim (clock steps, locks, glides, balloon
heights); the model can be wrong after noise, and that is fine: the checker judges the game
from its log, never the model.
"""

import hashlib
import math
import random

import layout as L
from runner import demo_for, run_app, switch_for
from script import Script, ftime

HOME_ROWS = [["game-memory", "game-sorting", "game-balloons"],
             ["level-easy", "level-medium", "level-hard"],
             ["play", "highscores"]]
KEYS_HARMLESS = ["left", "right", "up", "down", "tab", "m", "f11"]
# A pad's d-pad moves the focus ring like the arrows; A (= Return) taps what the ring shows,
# which in a game is an allowed change of what a key does (TESTING decision 1): rare here.
PAD_HARMLESS = ["up", "down", "left", "right"]


def log_digest(lines):
    """How many log lines and their hash, screenshots left out (a probe does not take them)."""
    kept = [x for x in lines if '"event":"screenshot"' not in x]
    return len(kept), hashlib.sha1("\n".join(kept).encode()).hexdigest()


def frame_of(t):
    return int(round(t * L.FPS))


def ease_in_out_cubic(t):
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2



def gate_answer(question):
    """The adult gate's answer from its dump's `question` ("27 + 35" or "6 × 7"); None for a PIN."""
    if not question or question == "pin":
        return None
    if "×" in question:
        a, b = (int(x) for x in question.split("×"))
        return a * b
    a, b = (int(x) for x in question.split("+"))
    return a + b

class Clock:
    """Maps script frames to the game clock of the game on top: the number of updates the
    game has counted before the input of a frame (pauses stop it)."""

    def __init__(self, push_frame, paused=0):
        self.push = push_frame
        self.paused = paused

    def steps(self, frame):
        return frame - self.push - self.paused

    def frame(self, steps):
        return steps + self.push + self.paused


class Monkey:
    def __init__(self, seed, target_events, binary=None, workdir=None, adaptive=True, shots_dir=None, shot_rate=1 / 400):
        self.seed = seed
        self.target = target_events
        self.binary = binary
        self.workdir = workdir
        self.adaptive = adaptive and binary is not None
        self.shots_dir = shots_dir
        self.rng = random.Random("kjc-monkey-%d" % seed)
        self.s = Script()
        self.belief = {"scene": "home"}
        self.probes = []
        self.probe_runs = 0
        self.failed_probe = None
        self.done = False
        self.played = {(g, lv): 0 for g in L.GAMES for lv in L.LEVELS}
        self.plan = {}
        self.shots = 0
        self.home_selection = (None, None)
        self.shot_rate = shot_rate
        self.shot_rng = random.Random("kjc-monkey-shots-%d" % seed)
        self.s.after_event = self.maybe_screenshot
        # `--demo` runs: the first game of each kind opens with its show-me demo.
        self.demo = demo_for(seed)
        self.demo_seen = set()

    # ======================================================================================
    # Driving
    # ======================================================================================

    def generate(self):
        if switch_for(self.seed):
            self.switch_play()
            return self.s
        while not self.done and self.s.events < self.target:
            # A probe costs a whole run of the game so far: look only when the next chunk
            # needs to see (a new game's cards or vehicles, an unsure screen).
            state = self.probe() if self.adaptive and not self.belief.get("sure") else dict(self.belief)
            if self.done:
                break
            self.step(state)
        if self.failed_probe is None:
            self.ending()
        return self.s

    def switch_play(self):
        """A run under one-switch scanning (`--switch 0.8`): whatever is pressed taps what the
        ring shows, so aiming means nothing. The child presses its switch (a key, a tap, a
        finger, a pad button) after watching the ring for a while; now and then a burst of
        presses, the mute key, a dump. No Escape: on Home it opens the quit panel, where the
        next press would quit. It ends with `quit`."""
        switch_keys = ["space", "return", "left", "tab", "pause"]
        while self.s.events < self.target:
            self.s.wait(self.rng.randint(10, 200))
            r = self.rng.random()
            if r < 0.35:
                self.s.key(self.rng.choice(switch_keys))
            elif r < 0.6:
                self.press(self.random_point(outside=0))
            elif r < 0.75:
                self.s.pad(self.rng.choice(["a", "b", "start", "up", "down", "left", "right"]))
            elif r < 0.85:
                self.fingers(lambda: self.random_point(outside=0))
            elif r < 0.9:
                for _ in range(self.rng.randint(2, 6)):
                    self.s.key("space")
                    self.s.wait(self.rng.randint(2, 12))
            elif r < 0.93:
                self.s.key("m")
            else:
                self.s.dump()
            self.count("switch-presses")
        self.s.wait(self.rng.randint(1, 60))
        self.s.quit()

    def maybe_screenshot(self):
        """Now and then a screenshot: frames are not drawn in monkey runs (--no-draw), so this
        is where the drawing code meets the chaos."""
        if self.shots_dir and self.shot_rng.random() < self.shot_rate:
            self.shots += 1
            self.s.screenshot("%s/monkey-%d-%d.png" % (self.shots_dir, self.seed, self.shots))
            self.count("screenshot")

    def count(self, key, n=1):
        self.plan[key] = self.plan.get(key, 0) + n

    def chance(self, p):
        return self.rng.random() < p

    def step(self, st):
        top = st.get("scene")
        if top == "quit":
            self.done = True
        elif top == "home":
            self.plan_home(st)
        elif top in L.GAMES:
            self.plan_game(st)
        elif top == "alert":
            self.plan_alert(st)
        elif top == "highscores":
            self.plan_highscores(st)
        elif top == "gate":
            self.plan_gate(st)
        elif top in L.PROFILE_SCREENS:
            self.plan_screen(st)
        else:
            self.noise_burst(3)
            self.belief = {"scene": "home"}

    # ======================================================================================
    # Probes
    # ======================================================================================

    def probe(self):
        """Runs the script so far plus a dump; answers what the dump shows."""
        frame = self.s.frame
        dump_line = ftime(frame) + " dump"
        tail = self.balloon_tail(frame + 1) if self.belief.get("scene") == "balloons" else []
        # Screenshots only draw: the probe skips them (see `log_digest`).
        text = "\n".join([x for x in self.s.lines if " screenshot " not in x] + [dump_line] + tail) + "\n"
        run = run_app(self.binary, self.seed, text, self.workdir)
        self.probe_runs += 1
        if run.crashed:
            # The probe itself is a reproducible failing script: it becomes the run.
            self.failed_probe = text
            self.done = True
            return {"scene": "quit"}
        raw = [line for line in run.log.splitlines() if line.strip()]
        events = run.events()
        index = None
        for i in range(len(events) - 1, -1, -1):
            if events[i].get("event") == "dump":
                index = i
                break
        if index is None or frame_of(events[index]["t"]) != frame:
            # The game quit before the dump (a quit the chaos asked for): nothing more runs.
            self.done = True
            return {"scene": "quit"}
        self.s.lines.append(dump_line)
        self.s.frame = frame + 1
        self.probes.append(log_digest(raw[:index + 1]))
        return self.state_from(events, index)

    def balloon_tail(self, frame):
        """Blind taps past the probe's dump that keep a Balloons game alive to its end, so the
        probe logs every balloon that will appear. Thrown away after the probe."""
        lines = []
        rng = random.Random(frame)
        end = frame + 64 * L.FPS
        while frame < end:
            spot = rng.randrange(10)
            x = L.balloon_spot_x(spot) + L.BALLOON_SIZE[0] / 2
            lines.append("%s tap %d %d" % (ftime(frame), x, rng.randint(260, 720)))
            frame += rng.randint(8, 20)
        return lines

    def state_from(self, events, index):
        dump = events[index]
        top = dump.get("scene")
        st = {"scene": top, "stack": dump.get("stack"), "dump": dump, "frame": frame_of(dump["t"]),
              "items": {i.get("id"): i for i in dump.get("items") or []}}
        if top not in L.GAMES:
            return st
        push_index = None
        for i in range(index - 1, -1, -1):
            e = events[i]
            if e.get("event") == "scene" and e.get("scene") == top and e.get("action") in ("push", "replace"):
                push_index = i
                break
        if push_index is None:
            return st
        push = frame_of(events[push_index]["t"])
        paused, paused_at = 0, None
        demo_at, demo_logged = None, False
        level = None
        for e in events[max(push_index - 1, 0):index]:
            name = e.get("event")
            if name == "demo":
                demo_logged = True
                if e.get("action") == "start":
                    demo_at = frame_of(e["t"])
                elif demo_at is not None:
                    # The demo's last update ends it: that frame's clock stood still too.
                    paused += frame_of(e["t"]) - demo_at + (1 if e.get("reason") == "done" else 0)
                    demo_at = None
            elif name == "pause":
                paused_at = frame_of(e["t"])
            elif name == "resume" and paused_at is not None:
                paused += frame_of(e["t"]) - paused_at
                paused_at = None
            elif name == "timer" and level is None:
                for lv in L.LEVELS:
                    if L.time_limit(top, lv) == e.get("left"):
                        level = lv
        if level is None and top == "balloons":
            for e in events[index:]:
                if e.get("event") == "timer":
                    level = next((lv for lv in L.LEVELS if L.time_limit(top, lv) == e.get("left")), None)
                    break
        pops = [e for e in events[push_index:index] if e.get("event") == "pop"]
        clock = Clock(push, paused)
        st.update(push=push, paused=paused, paused_at=paused_at, level=level, demo_at=demo_at, demo_logged=demo_logged,
                  over=any(e.get("event") == "gameover" for e in events[push_index:index]),
                  last_pop=clock.steps(frame_of(pops[-1]["t"])) / L.FPS if pops else 0.0)
        if top == "balloons":
            st["schedule"], st["horizon"] = self.balloon_schedule(events, push_index, index, clock)
        return st

    def balloon_schedule(self, events, push_index, dump_index, clock):
        """Balloons of this game from the probe log, with the game step each appeared at, and
        the last step up to which the list is complete and will stay true."""
        schedule = []
        horizon = None
        popped_before = set()
        for i in range(push_index + 1, len(events)):
            e = events[i]
            name = e.get("event")
            f = frame_of(e["t"])
            if name == "spawn":
                schedule.append({"id": e["balloon"], "type": e["type"], "number": e.get("number"),
                                 "spot": e["spot"], "speed": e["speed"], "n": clock.steps(f) + 1})
            elif name == "pop":
                if i < dump_index:
                    popped_before.add(e["balloon"])
                elif e.get("type") == "bonus":
                    horizon = clock.steps(f)
                    break
            elif name == "gameover" or (name == "scene" and e.get("action") in ("pop", "replace")
                                        and (len(e.get("stack") or []) < 2 or e.get("action") == "replace")):
                horizon = clock.steps(f)
                break
            elif name in ("pause",) and i > dump_index:
                horizon = clock.steps(f)
                break
        if horizon is None:
            horizon = clock.steps(frame_of(events[-1]["t"])) if events else 0
        for b in schedule:
            b["popped"] = b["id"] in popped_before
        return schedule, horizon

    # ======================================================================================
    # Small gestures and noise
    # ======================================================================================

    def press(self, p, touch_ok=True):
        """One tap: mostly the mouse, sometimes a finger (which must count once)."""
        if touch_ok and self.chance(0.15):
            self.s.touch_tap(p)
        else:
            self.s.tap(p)
        self.s.wait(1)

    def jitter(self, p, r=6):
        return (p[0] + self.rng.uniform(-r, r), p[1] + self.rng.uniform(-r, r))

    def think(self, lo=0.15, hi=0.6):
        """A pause between two aimed gestures. A long one is often filled with fidgeting:
        taps on the title in the top bar, which no screen answers (Home only starts and
        stops its logo hold; overlays begin below it)."""
        frames = int(round(self.rng.uniform(lo, hi) * L.FPS))
        end = self.s.frame + frames
        if frames > 40 and self.chance(0.3):
            while self.s.frame + 8 < end:
                self.s.wait(self.rng.randint(8, 30))
                if self.s.frame + 2 >= end:
                    break
                # The title only: "hear it again" (318-390) and the pills answer.
                p = (self.rng.uniform(400, 690), self.rng.uniform(8, 56))
                (self.s.touch_tap if self.chance(0.2) else self.s.tap)(p)
                self.count("fidget-taps")
        self.s.at(end)

    def random_point(self, outside=0.08):
        if self.chance(outside):
            return (self.rng.uniform(-60, L.WIDTH + 60), self.rng.uniform(-60, L.HEIGHT + 60))
        return (self.rng.uniform(0, L.WIDTH), self.rng.uniform(0, L.HEIGHT))

    def noise_action(self, area=None, keys=True):
        """One random but valid gesture: a tap, a finger, a drag (sometimes off the screen), a
        press-move-release, a burst of fast taps, or a harmless key."""
        def pt():
            if area is None:
                return self.random_point()
            x, y, w, h = area
            return (self.rng.uniform(x, x + w), self.rng.uniform(y, y + h))
        r = self.rng.random()
        if r < 0.35:
            self.press(pt())
        elif r < 0.5:
            a = pt()
            b = self.random_point(outside=0.5)
            self.s.drag(a, b, self.rng.randint(2, 40))
            self.count("drag-noise")
        elif r < 0.62:
            a = pt()
            self.s.down(a)
            for _ in range(self.rng.randint(0, 4)):
                self.s.wait(self.rng.randint(1, 6))
                a = self.jitter(a, 80)
                self.s.move(a)
            self.s.wait(self.rng.randint(1, 6))
            if self.chance(0.9):
                self.s.up(a)
            self.count("down-move-up")
        elif r < 0.75:
            a = pt()
            for _ in range(self.rng.randint(3, 8)):
                self.s.tap(self.jitter(a, 4))
                self.s.wait(6)
            self.count("fast-taps")
        elif r < 0.82:
            self.s.up(pt())
        elif r < 0.88:
            self.fingers(pt)
        elif keys and self.chance(0.35):
            self.s.pad("a" if self.chance(0.05) else self.rng.choice(PAD_HARMLESS))
            self.count("pad-noise")
        elif keys:
            self.s.key(self.rng.choice(KEYS_HARMLESS))
        else:
            self.press(pt())
        self.s.wait(self.rng.randint(1, 12))

    def fingers(self, pt):
        """Two or three fingers on the screen at once (a touch table): down in one frame,
        some moves, then up one by one. The first one down drives the pointer; the others
        are their own events (Home and overlays ignore them; games use them)."""
        n = self.rng.randint(2, 3)
        ids = self.rng.sample(range(0, 6), n)
        spots = [pt() for _ in range(n)]
        for fid, p in zip(ids, spots):
            self.s.finger("down", fid, p)
        for _ in range(self.rng.randint(0, 3)):
            self.s.wait(self.rng.randint(1, 5))
            spots = [self.jitter(p, 60) for p in spots]
            for fid, p in zip(ids, spots):
                self.s.finger("move", fid, p)
        for fid, p in zip(ids, spots):
            self.s.wait(self.rng.randint(0, 3))
            self.s.finger("up", fid, p)
        self.count("fingers")

    def noise_burst(self, n, area=None, keys=True):
        for _ in range(n):
            self.noise_action(area, keys)

    def extras(self, game_clock=None):
        """Now and then: mute, fullscreen, a dump; in a game, sometimes a pause."""
        r = self.rng.random()
        if r < 0.04:
            if self.chance(0.5):
                self.press(L.MUTE)
            else:
                self.s.key("m")
            self.count("mute")
        elif r < 0.05:
            self.s.key("f11")
        elif r < 0.09:
            self.s.dump()
        elif r < 0.11 and game_clock is not None:
            self.pause_break(game_clock)
        elif r < 0.13 and game_clock is not None:
            self.hear_again(game_clock)

    def hear_again(self, clock):
        """"Hear it again": once (the intro), or twice quickly (the show-me demo, which the
        next tap ends; the game's clock stands still from the second tap's release to it)."""
        self.s.tap(L.HEAR_AGAIN)
        self.count("hear-again")
        if self.chance(0.5):
            self.s.wait(self.rng.randint(120, 200))
            return
        self.s.wait(self.rng.randint(2, int(L.HEAR_AGAIN_DOUBLE * L.FPS) - 10))
        self.s.tap(L.HEAR_AGAIN)
        started = self.s.frame + 1
        self.s.wait(self.rng.randint(2, L.DEMO_FRAMES + 40))
        if self.s.frame - started < L.DEMO_FRAMES:
            # Any tap ends it and goes no further.
            self.s.tap(self.random_point(outside=0))
            clock.paused += self.s.frame - started
            self.count("demo-ended-by-tap")
        else:
            clock.paused += L.DEMO_FRAMES
        self.s.wait(2)
        self.count("demo")

    def pause_break(self, clock):
        """Pause with the button, the P key or a pad's Start; wait; resume by a tap, Return,
        Space, the button, P or Start again. The game clock stops for exactly the frames
        between the two."""
        by = self.rng.random()
        if by < 0.15:
            self.s.key("pause")
            paused_at = self.s.frame
        elif by < 0.3:
            self.s.pad("start")
            paused_at = self.s.frame
        else:
            self.s.tap(L.PAUSE)
            paused_at = self.s.frame + 1
        self.s.wait(self.rng.randint(3, 120))
        how = self.rng.random()
        if how < 0.1:
            self.s.key("pause") if self.chance(0.5) else self.s.pad("start")
            resumed = self.s.frame
        elif how < 0.4:
            self.s.tap(self.random_point(outside=0))
            resumed = self.s.frame + 1
        elif how < 0.6:
            self.s.key(self.rng.choice(["return", "space"]))
            resumed = self.s.frame
        elif how < 0.8:
            self.s.tap(L.PAUSE)
            resumed = self.s.frame + 1
        else:
            self.s.touch_tap(self.random_point(outside=0))
            resumed = self.s.frame + 1
        clock.paused += resumed - paused_at
        self.s.wait(2)
        self.count("pause")

    # ======================================================================================
    # Home
    # ======================================================================================

    def choose_game(self):
        least = min(self.played.values())
        if self.chance(0.75):
            choices = [k for k, v in self.played.items() if v == least]
        else:
            choices = list(self.played)
        return self.rng.choice(sorted(choices))

    def resync(self):
        """Blind, the monkey may be wrong about the screen. No, Back, Yes, Escape, No brings
        every screen to Home: an end screen answers No; a game asks at Back and its door (Yes)
        leaves; the high scores and the gate close with Escape; on Home, Escape asks to quit
        and No stays. The taps that do not apply land on nothing (the gap between two level
        tiles, the bar of Home), or on a game, which Back then leaves. Each waits out the tap
        guard (0.3 s) of the one before."""
        for action in ("no", "back", "yes", "escape", "no"):
            if action == "escape":
                self.s.key("escape")
            else:
                self.s.tap({"back": L.BACK, "yes": L.ALERT_YES, "no": L.ALERT_NO}[action])
            self.s.wait(self.rng.randint(20, 26))
        self.count("resync")

    def plan_home(self, st):
        if not self.adaptive and not st.get("sure"):
            self.resync()
        items = st.get("items") or {}
        dump = st.get("dump") or {}
        # Home keeps the last choice: the dump shows it, or the monkey remembers what it chose.
        selected_game, selected_level = (dump.get("game"), dump.get("level")) if dump else self.home_selection
        focus = None
        for rid, row in enumerate(HOME_ROWS):
            for cid, name in enumerate(row):
                if items.get(name, {}).get("focused"):
                    focus = (rid, cid)
        if self.chance(0.15):
            self.extras()
        r = self.rng.random()
        if r < 0.07:
            self.press(L.HOME_HIGHSCORES)
            # The popup needs no looking at: it is closed blind.
            self.belief = {"scene": "highscores", "sure": True}
            return
        if r < 0.13:
            self.hold_logo()
            self.belief = {"scene": "gate"}
            return
        if r < 0.14:
            self.s.key("escape")
            self.s.wait(self.rng.randint(2, 20))
            self.belief = {"scene": "alert", "kind": "quit"}
            return
        if r < 0.19:
            self.noise_burst(self.rng.randint(2, 8))
            self.home_selection = (None, None)
            self.belief = {"scene": "home"}
            return
        if r < 0.25 and "player" in items:
            # Children exist: who's playing, or her sticker book.
            self.press(L.STICKERS if "stickers" in items and self.chance(0.4) else L.PLAYER)
            self.belief = {"scene": "picker"}
            self.count("home-profile")
            return
        game, level = self.choose_game()
        if self.chance(0.25):
            self.keyboard_play(game, level, selected_game, selected_level, focus)
        else:
            self.pointer_play(game, level, selected_game, selected_level)
        self.played[(game, level)] += 1
        self.count("play.%s.%s" % (game, level))
        self.s.wait(self.rng.randint(2, 10))
        self.home_selection = (game, level)
        self.belief = {"scene": game, "level": level, "push": self.s.frame - 2, "fresh": True}

    def pointer_play(self, game, level, selected_game, selected_level):
        if (selected_game is None or selected_level is None) and self.chance(0.3):
            # Press Play too early: it stays grey and boings.
            self.press(self.jitter(L.HOME_PLAY, 60))
            self.think()
        if self.chance(0.15):
            # A drag off a tile selects nothing.
            self.s.drag(L.HOME_GAME[self.rng.choice(L.GAMES)], self.random_point(outside=0.5), self.rng.randint(4, 20))
            self.think()
        if selected_game != game or not self.adaptive or self.chance(0.3):
            if self.chance(0.3):
                self.press(self.jitter(L.HOME_GAME[self.rng.choice(L.GAMES)], 60))
                self.think(0.05, 0.3)
            self.press(self.jitter(L.HOME_GAME[game], 60))
            self.think()
        self.press(self.jitter(L.HOME_LEVEL[level], 60))
        self.think()
        self.press(self.jitter(L.HOME_PLAY, 70))

    def keyboard_play(self, game, level, selected_game, selected_level, focus):
        """Arrows and Tab move the focus ring, Return and Space press: mirrors HomeScene."""
        state = {"focus": focus, "game": selected_game}

        def key(k):
            self.s.key(k)
            self.s.wait(self.rng.randint(3, 15))
            f = state["focus"]
            if f is None:
                if k in ("left", "right", "up", "down", "tab"):
                    g = state["game"]
                    state["focus"] = (0, L.GAMES.index(g) if g else 0)
                return
            r, c = f
            if k == "left":
                c = max(c - 1, 0)
            elif k == "right":
                c = min(c + 1, len(HOME_ROWS[r]) - 1)
            elif k == "up":
                r = max(r - 1, 0)
                c = min(c, len(HOME_ROWS[r]) - 1)
            elif k == "down":
                r = min(r + 1, 2)
                c = min(c, len(HOME_ROWS[r]) - 1)
            elif k == "tab":
                flat = [(i, j) for i, row in enumerate(HOME_ROWS) for j in range(len(row))]
                r, c = flat[(flat.index((r, c)) + 1) % len(flat)]
            elif k in ("return", "space") and r == 0:
                state["game"] = L.GAMES[c]
            state["focus"] = (r, c)

        def go(target):
            if state["focus"] is None:
                key(self.rng.choice(["tab", "right", "down"]))
            while state["focus"][0] != target[0]:
                key("down" if state["focus"][0] < target[0] else "up")
            while state["focus"][1] != target[1]:
                key("right" if state["focus"][1] < target[1] else "left")
            key(self.rng.choice(["return", "space"]))

        go((0, L.GAMES.index(game)))
        go((1, L.LEVELS.index(level)))
        go((2, 0))

    def hold_logo(self):
        """Press and hold the logo for three seconds: the adult gate opens."""
        p = (self.rng.uniform(280, 740), self.rng.uniform(10, 55))
        self.s.down(p)
        self.s.wait(int(L.GATE_HOLD * L.FPS) + self.rng.randint(2, 30))
        self.s.up(p)
        self.s.wait(self.rng.randint(5, 20))
        self.count("gate-hold")

    # ======================================================================================
    # Overlays
    # ======================================================================================

    def answer(self, button, buttons=("yes", "no")):
        """Answers an alert: a tap or finger on the button, Return/Space with the focus moved
        by arrows, or Escape for No."""
        if self.chance(0.2):
            self.noise_burst(self.rng.randint(1, 3), area=(172, 84, 680, 320), keys=False)  # above the picture buttons
        r = self.rng.random()
        if r < 0.65:
            self.press(self.jitter(L.ALERT_YES if button == "yes" else L.ALERT_NO, 40))
        elif r < 0.85:
            # Arrows start from no focus: the first press focuses the first button.
            index = buttons.index(button) if button in buttons else 0
            if index > 0:
                for _ in range(index + 1):
                    self.s.key(self.rng.choice(["right", "down", "tab"]))
                    self.s.wait(self.rng.randint(3, 12))
            self.s.key(self.rng.choice(["return", "space"]))
        elif button == "no":
            self.s.key("escape")
        else:
            self.press(L.ALERT_YES)
        self.count("answer.%s" % button)

    def plan_alert(self, st):
        dump = st.get("dump") or {}
        title = dump.get("title") or ""
        kind = self.belief.get("kind")
        if title.startswith("Quit") or kind == "quit":
            self.answer("no")
            self.belief = {"scene": "home", "sure": True}
        elif title.startswith("Reset") or kind == "reset":
            self.answer("yes" if self.chance(0.6) else "no")
            self.belief = {"scene": "gate"}
        else:
            yes = self.chance(0.5)
            self.answer("yes" if yes else "no")
            game = self.belief.get("game") or (st.get("stack") or ["", ""])[1]
            if yes and game in L.GAMES:
                self.belief = {"scene": game, "level": self.belief.get("level"), "push": self.s.frame, "fresh": True}
            else:
                self.belief = {"scene": "home", "sure": True}
        self.s.wait(self.rng.randint(2, 12))

    def plan_highscores(self, st):
        self.s.wait(self.rng.randint(10, 60))
        if self.chance(0.3):
            self.noise_burst(self.rng.randint(1, 4), area=(162, 104, 700, 450), keys=False)
        r = self.rng.random()
        if r < 0.6:
            self.press(self.jitter(L.HS_CLOSE, 30))
        elif r < 0.8:
            self.s.key("escape")
        else:
            self.s.key(self.rng.choice(["return", "space"]))
        self.s.wait(self.rng.randint(2, 12))
        self.belief = {"scene": "home", "sure": True}

    def plan_gate(self, st):
        dump = st.get("dump") or {}
        stage = dump.get("stage", "question")
        if stage == "unlocked":
            if self.chance(0.6):
                self.press(self.jitter(L.GATE_CORNER, 30))
                self.belief = {"scene": "corner"}
                self.count("gate-corner")
            elif self.chance(0.6):
                self.press(self.jitter(L.GATE_RESET, 40))
                self.belief = {"scene": "alert", "kind": "reset"}
                self.count("gate-reset")
            else:
                self.press(L.GATE_CANCEL) if self.chance(0.5) else self.s.key("escape")
                self.belief = {"scene": "home"}
            self.s.wait(self.rng.randint(3, 15))
            return
        right = gate_answer(dump.get("question"))
        r = self.rng.random()
        if r < 0.55:
            answer = right if right is not None else self.rng.randint(6, 18)
        elif r < 0.8:
            answer = self.rng.randint(0, 99)
        else:
            self.press(L.GATE_CANCEL) if self.chance(0.5) else self.s.key("escape")
            self.belief = {"scene": "home"}
            self.s.wait(self.rng.randint(3, 15))
            return
        for _ in range(len(dump.get("typed") or "")):
            self.press(L.gate_key("erase"))
            self.think(0.1, 0.3)
        if self.chance(0.3):
            self.press(L.gate_key(self.rng.randint(0, 9)))
            self.think(0.1, 0.3)
            self.press(L.gate_key("erase"))
            self.think(0.1, 0.3)
        for digit in str(answer):
            self.press(self.jitter(L.gate_key(int(digit)), 30))
            self.think(0.1, 0.4)
        self.press(self.jitter(L.gate_key("ok"), 30))
        self.s.wait(self.rng.randint(3, 15))
        self.belief = {"scene": "gate"} if answer == right else {"scene": "home", "sure": True}
        self.count("gate-answer.%s" % ("right" if answer == right else "wrong"))

    # The items of these screens the monkey leaves alone: relaxed mode changes the rules the
    # checker follows, and "Save report" would write into the real home folder.
    AVOID = ("switch-relaxed", "save-report")

    def plan_screen(self, st):
        """The picker, the corner, the nickname keyboard, the sticker book, the rest screen:
        a few taps on what the dump shows (adaptive runs), then Back or Escape."""
        top = st.get("scene")
        items = [i for i in ((st.get("dump") or {}).get("items") or [])
                 if i.get("frame") and i.get("enabled", True) and i.get("id") not in self.AVOID
                 and not str(i.get("id", "")).startswith("delete-") and i.get("id") != "mute"]
        self.count("screen." + str(top))
        if top == "rest":
            # Only the gate ends it: hold the logo.
            self.hold_logo()
            self.belief = {"scene": "gate"}
            return
        for _ in range(self.rng.randint(1, 4)):
            if items and self.chance(0.8):
                item = self.rng.choice(items)
                x, y, w, h = item["frame"]
                self.press(self.jitter((x + w / 2, y + h / 2), min(w, h) / 4))
                self.count("tap." + str(item.get("id", "")).split("-")[0])
            else:
                self.noise_action(keys=False)
            self.think(0.3, 0.9)
        if self.chance(0.6):
            self.press(L.BACK) if self.chance(0.5) else self.s.key("escape")
        self.s.wait(self.rng.randint(3, 12))
        self.belief = {"scene": "home"}

    # ======================================================================================
    # Games
    # ======================================================================================

    def plan_game(self, st):
        kind = st["scene"]
        level = st.get("level") or self.belief.get("level") or self.rng.choice(L.LEVELS)
        push = st.get("push", self.belief.get("push", self.s.frame))
        clock = Clock(push, st.get("paused", 0))
        if st.get("paused_at") is not None:
            # Left paused by chaos: resume first.
            self.s.tap(self.random_point(outside=0))
            clock.paused += self.s.frame + 1 - st["paused_at"]
            self.s.wait(2)
        if st.get("over"):
            # Over, waiting for its alert (the skull's boom): let the alert come.
            self.s.wait(self.rng.randint(30, 70))
            self.belief = {"scene": "alert", "game": kind, "level": level}
            return
        if st.get("demo_at") is not None:
            # A probe saw the demo still running (the first game of its kind, or "hear it
            # again" twice): a tap ends it.
            self.demo_seen.add(kind)
            self.s.tap(self.random_point(outside=0))
            clock.paused += self.s.frame - st["demo_at"]
            self.s.wait(2)
            self.count("demo-ended-by-tap")
        elif self.demo and kind not in self.demo_seen and not st.get("demo_logged"):
            # The first game of this kind opens with its demo (it started with the game):
            # end it with a tap unless it is over.
            self.demo_seen.add(kind)
            if self.s.frame - push < L.DEMO_FRAMES:
                self.s.tap((self.rng.uniform(400, 690), 32) if self.chance(0.5) else self.random_point(outside=0))
                clock.paused += self.s.frame - push
                self.s.wait(2)
                self.count("demo-ended-by-tap")
            else:
                clock.paused += L.DEMO_FRAMES
            self.count("demo")
        # A game without a plugin here plays by what its module says is tappable.
        game = {"memory": self.play_memory, "sorting": self.play_sorting, "balloons": self.play_balloons}.get(kind, self.play_generic)
        end = game(st, level, clock)
        if end == "look again":
            return
        self.after_game(kind, level, end)

    def play_generic(self, st, level, clock):
        """A game without a plugin (issue #25): tap what it says is tappable, from the probe's
        dump (items whose ids its `--describe-games` items mark tappable) or, blind, from its
        level's layout frames; miss now and then; then look again (adaptive) or bring the
        screen back Home (blind: `resync`), as the monkey cannot know when it ends."""
        kind = st["scene"]
        items = st.get("items") or {}
        frames = [tuple(i["frame"]) for iid, i in sorted(items.items())
                  if L.item_matches(kind, iid) and i.get("enabled", True) is not False and i.get("frame")]
        if not frames:
            frames = L.tappable_frames(kind, level)
        self.count("generic-game.%s" % kind)
        for _ in range(self.rng.randint(2, 12)):
            if frames and self.chance(0.85):
                self.press(self.jitter(L.centre(self.rng.choice(frames)), 10))
            else:
                self.press(self.random_point(outside=0))
            self.think(0.1, 0.8)
            if self.chance(0.05):
                self.extras()
        self.s.wait(self.rng.randint(30, 90))
        # Over or not, unknown: the next chunk looks (adaptive) or resyncs (blind).
        self.belief = {"scene": "home"}
        return "look again"

    def abandon_time(self, limit):
        """Most games are played to the end; some are left with Back or Escape midway."""
        if self.chance(0.08):
            return self.s.frame + int(self.rng.uniform(1, limit) * L.FPS)
        return None

    def leave_game(self):
        if self.chance(0.6):
            self.press(self.jitter(L.BACK, 25))
        else:
            self.s.key("escape")
        self.count("back")
        # Back asks first (issue 26): past the tap guard, the door leaves.
        self.s.wait(self.rng.randint(20, 30))
        self.answer("yes")
        self.s.wait(self.rng.randint(2, 10))
        self.belief = {"scene": "home", "sure": True}

    def after_game(self, kind, level, end):
        """`end` is the frame the game's alert appears, None if the game was left."""
        if end is None:
            return
        self.s.at(end)
        self.s.wait(self.rng.randint(6, 90))
        if self.chance(0.1):
            self.noise_burst(self.rng.randint(1, 3), area=(172, 84, 680, 320), keys=False)  # above the picture buttons
        if self.adaptive and self.chance(0.1):
            # Look before answering: the next probe shows the alert.
            self.belief = {"scene": "alert", "game": kind, "level": level}
            return
        yes = self.chance(0.5)
        self.answer("yes" if yes else "no")
        self.s.wait(self.rng.randint(2, 10))
        if yes:
            self.played[(kind, level)] += 1
            self.belief = {"scene": kind, "level": level, "push": self.s.frame - 2, "fresh": True}
        else:
            self.belief = {"scene": "home", "sure": True}

    def impatient_back(self, frame, delay_frames):
        """A child who taps Back while the game is showing that it ended (the last pair's hop,
        the last vehicle's bounce, the skull's boom), before the alert comes."""
        if self.chance(0.06):
            self.s.at(frame + self.rng.randint(1, max(1, delay_frames - 2)))
            self.leave_game()
            self.count("impatient-back")
            return True
        return False

    # -- Memory -----------------------------------------------------------------------------

    def play_memory(self, st, level, clock):
        frames = L.memory_frames(level)
        items = st.get("items") or {}
        n = len(frames)
        faces = [items.get("card-%d" % i, {}).get("face") for i in range(n)]
        states = [items.get("card-%d" % i, {}).get("state", "hidden") for i in range(n)]
        limit_steps = L.MEMORY_TIME[level] * L.FPS
        if any(f is None for f in faces):
            return self.play_memory_blind(level, clock, frames, limit_steps)
        waiting = [i for i, s in enumerate(states) if s == "open"]
        lock = None
        if len(waiting) == 2:
            # A mismatch is waiting to close: give it a second.
            self.s.wait(int(1.1 * L.FPS))
            states = ["hidden" if s == "open" else s for s in states]
            waiting = []
        waiting = waiting[0] if waiting else None
        style = self.rng.choice(["fast", "steady", "slow", "child", "child", "dawdle"])
        mistakes = {"fast": 0.05, "steady": 0.15, "slow": 0.1, "child": 0.45, "dawdle": 0.3}[style]
        quit_at = self.abandon_time(L.MEMORY_TIME[level])
        self.count("memory-style.%s" % style)
        next_dump = self.s.frame + self.rng.randint(60, 240)

        def card_at(p):
            for i, f in enumerate(frames):
                if L.contains(f, p):
                    return i
            return None

        def point_in(i):
            x, y, w, h = frames[i]
            return (self.rng.uniform(x + 4, x + w - 4), self.rng.uniform(y + 4, y + h - 4))

        def tap_effect(card, up_frame):
            """What MemoryRules does with a tap released at `up_frame`; answers the frame the
            win alert appears when this tap found the last pair."""
            nonlocal waiting, lock
            u = clock.steps(up_frame)
            if lock is not None and u >= lock[2] + L.FPS + 1:
                states[lock[0]] = states[lock[1]] = "hidden"
                lock = None
            if card is None or lock is not None or states[card] != "hidden" or u > limit_steps:
                return None
            states[card] = "open"
            if waiting is None:
                waiting = card
                return None
            first, waiting = waiting, None
            if faces[first] == faces[card]:
                states[first] = states[card] = "matched"
                if all(s == "matched" for s in states):
                    return clock.frame(u + int(L.MEMORY_WIN_DELAY * L.FPS))
            else:
                lock = (first, card, u)
            return None

        def tap_card(p):
            touch = self.chance(0.12)
            (self.s.touch_tap if touch else self.s.tap)(p)
            result = tap_effect(card_at(p), self.s.frame + 1)
            self.s.wait(1)
            return result

        while True:
            if self.s.events >= self.target + 200:
                return None
            if quit_at is not None and self.s.frame >= quit_at:
                self.leave_game()
                return None
            if clock.steps(self.s.frame) > limit_steps:
                self.count("memory-timeout")
                return clock.frame(limit_steps) + 1
            if self.s.frame >= next_dump:
                self.s.dump()
                next_dump = self.s.frame + self.rng.randint(60, 240)
            if self.chance(0.08):
                self.extras(clock)
            if self.chance(0.2):
                # Noise on the grid: taps on found or open cards, fast taps, drags between cards.
                r = self.rng.random()
                if r < 0.5:
                    win = tap_card(point_in(self.rng.randrange(n)) if self.chance(0.8)
                                   else (self.rng.uniform(0, L.WIDTH), self.rng.uniform(70, L.HEIGHT)))
                elif r < 0.7:
                    i = self.rng.randrange(n)
                    p = point_in(i)
                    win = None
                    for _ in range(self.rng.randint(3, 6)):
                        win = win or tap_card(self.jitter(p, 3))
                        self.s.wait(5)
                else:
                    a, b = self.rng.randrange(n), self.rng.randrange(n)
                    pa, pb = point_in(a), point_in(b)
                    k = self.rng.randint(3, 20)
                    self.s.drag(pa, pb, k)
                    win = tap_effect(a if a == b else None, self.s.frame + k)
                    self.s.wait(k + 1)
                if win is not None:
                    return self.memory_won(win)
                continue
            # A turn: the first card, then its partner or (a mistake) another.
            hidden = [i for i, s in enumerate(states) if s == "hidden"]
            if not hidden:
                return None
            if lock is not None:
                self.s.at(clock.frame(lock[2] + L.FPS + 1) + self.rng.randint(0, 8))
            if waiting is None:
                first = self.rng.choice(hidden)
                if tap_card(point_in(first)) is not None:
                    return None
                self.pace(style, within_pair=True)
            else:
                first = waiting
            partner = next(i for i in range(n) if i != first and faces[i] == faces[first])
            others = [i for i in hidden if i not in (first, partner)]
            second = self.rng.choice(others) if others and self.chance(mistakes) else partner
            win = tap_card(point_in(second))
            if win is not None:
                return self.memory_won(win)
            if lock is not None:
                unlock = clock.frame(lock[2] + L.FPS + 1)
                if self.chance(0.5):
                    # An impatient child taps other cards while the pair waits to close:
                    # none may open (the checker's memory-rule).
                    self.count("taps-during-lock")
                    while self.s.frame + 12 < unlock:
                        self.s.wait(self.rng.randint(6, 18))
                        if self.s.frame + 2 < unlock:
                            tap_card(point_in(self.rng.randrange(n)))
                self.s.at(unlock + self.rng.randint(0, 20))
            self.pace(style, within_pair=False)

    def memory_won(self, alert_frame):
        self.count("memory-won-planned")
        if self.impatient_back(alert_frame - int(L.MEMORY_WIN_DELAY * L.FPS), int(L.MEMORY_WIN_DELAY * L.FPS)):
            return None
        return alert_frame

    def pace(self, style, within_pair):
        if style == "fast":
            self.think(0.05, 0.5)
        elif style == "steady":
            self.think(0.3, 1.5 if within_pair else 2.5)
        elif style == "slow":
            self.think(0.5, 2.0 if within_pair else 8.0)
        elif style == "dawdle":
            self.think(1.0, 4.0 if within_pair else 10.0)
        else:
            self.think(0.1, 1.2 if within_pair else 4.0)

    def play_memory_blind(self, level, clock, frames, limit_steps):
        """Faces unknown: tap pairs of cards in turn, waiting out each possible mismatch."""
        n = len(frames)
        pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
        self.rng.shuffle(pairs)
        for i, j in pairs:
            if clock.steps(self.s.frame) > limit_steps or self.s.events >= self.target + 200:
                break
            for k in (i, j):
                self.press(L.centre(frames[k]), touch_ok=True)
                self.think(0.05, 0.3)
            self.think(1.05, 1.3)
            if self.chance(0.05):
                self.extras(clock)
        return clock.frame(limit_steps) + 1

    # -- Sorting ----------------------------------------------------------------------------

    def play_sorting(self, st, level, clock):
        items = st.get("items") or {}
        slots = L.sorting_slots(level)
        count = len(slots)
        limit_steps = L.SORTING_TIME[level] * L.FPS
        vehicles = []
        for i in range(count):
            item = items.get("vehicle-%d" % i)
            home = tuple(item["home"]) if item else slots[i]
            vehicles.append({"i": i, "home": home, "frame": tuple(item["frame"]) if item else home,
                             "category": item.get("category") if item else None,
                             "state": item.get("state", "waiting") if item else "waiting",
                             "glide": None, "order": i})
        order = [count]
        blind = any(v["category"] is None for v in vehicles)
        style = self.rng.choice(["fast", "steady", "slow", "child", "dawdle"])
        correct_rate = {"fast": 0.95, "steady": 0.85, "slow": 0.85, "child": 0.6, "dawdle": 0.7}[style]
        quit_at = self.abandon_time(L.SORTING_TIME[level])
        self.count("sorting-style.%s" % style)
        tried = {}
        next_dump = self.s.frame + self.rng.randint(60, 240)

        def frame_at(v, steps):
            if v["state"] == "returning" and v["glide"] is not None:
                start, origin = v["glide"]
                progress = (steps - start) / (L.SORTING_GLIDE * L.FPS)
                if progress >= 1 - 1e-9:
                    v["state"], v["glide"], v["frame"] = "waiting", None, v["home"]
                else:
                    e = ease_in_out_cubic(max(progress, 0))
                    hx, hy, w, h = v["home"]
                    return (origin[0] + (hx - origin[0]) * e, origin[1] + (hy - origin[1]) * e, w, h)
            return v["frame"] if v["state"] != "returning" else v["home"]

        def pick_at(p, down_frame):
            # Sprites were last moved by the update before this input.
            steps = clock.steps(down_frame) - 1
            hits = [v for v in vehicles if v["state"] in ("waiting", "returning")
                    and L.contains(frame_at(v, steps), p)]
            return max(hits, key=lambda v: v["order"]) if hits else None

        def drag(v, a, b, k, path=False):
            """Drags from a to b over k frames (a straight `drag`, or down/moves/up along a
            wobbly path); answers the frame the win alert appears if this placed the last one."""
            down = self.s.frame
            held = pick_at(a, down)
            if path:
                self.s.down(a)
                for step in range(1, k + 1):
                    self.s.wait(1)
                    t = step / k
                    q = (a[0] + (b[0] - a[0]) * t + self.rng.uniform(-15, 15),
                         a[1] + (b[1] - a[1]) * t + self.rng.uniform(-15, 15))
                    self.s.move(q if step < k else b)
                self.s.up(b)
            else:
                self.s.drag(a, b, k)
                self.s.wait(k)
            release = down + k
            self.s.wait(1)
            if held is None:
                return None
            held["order"] = order[0]
            order[0] += 1
            grab = (a[0] - frame_at(held, clock.steps(down) - 1)[0], a[1] - frame_at(held, clock.steps(down) - 1)[1])
            u = clock.steps(release)
            if u >= limit_steps:
                held["state"], held["frame"], held["glide"] = "waiting", held["home"], None
                return None
            bx, by = min(max(b[0], 0), L.WIDTH), min(max(b[1], 0), L.HEIGHT)
            # Judged by the share of the vehicle's frame over the painting (decision 9).
            hx, hy, hw, hh = held["home"]
            landed = L.sorting_judge((bx - grab[0], by - grab[1], hw, hh))
            if held["category"] and landed == held["category"]:
                held["state"] = "placed"
                if all(x["state"] == "placed" for x in vehicles):
                    return clock.frame(u + int(L.SORTING_WIN_DELAY * L.FPS))
            else:
                held["state"] = "returning"
                held["glide"] = (u, (bx - grab[0], by - grab[1]))
            return None

        def zone_point(category, margin=45):
            x, y, w, h = L.SORTING_ZONES[category]
            return (self.rng.uniform(x + margin, x + w - margin), self.rng.uniform(y + margin, y + h - margin))

        while True:
            if self.s.events >= self.target + 200:
                return None
            if quit_at is not None and self.s.frame >= quit_at:
                self.leave_game()
                return None
            steps = clock.steps(self.s.frame)
            if steps >= limit_steps:
                self.count("sorting-timeout")
                return clock.frame(limit_steps) + 1
            if self.s.frame >= next_dump:
                self.s.dump()
                next_dump = self.s.frame + self.rng.randint(60, 240)
            if self.chance(0.06):
                self.extras(clock)
            movable = [v for v in vehicles if v["state"] in ("waiting", "returning")]
            if not movable:
                return None
            if self.chance(0.18):
                # Noise: a tap on a vehicle (a drop where it stands), a drag off the screen,
                # a finger while the mouse holds a vehicle, taps on the picture.
                r = self.rng.random()
                v = self.rng.choice(movable)
                p = L.centre(frame_at(v, steps))
                if r < 0.3:
                    win = drag(v, p, self.jitter(p, 2), 1)
                elif r < 0.6:
                    win = drag(v, p, (self.rng.choice([-80, L.WIDTH + 80]), self.rng.uniform(-80, L.HEIGHT + 80)),
                               self.rng.randint(5, 30))
                    self.count("drag-off-screen")
                elif r < 0.75:
                    self.s.down(p)
                    self.s.wait(2)
                    self.s.touch_tap(self.random_point(outside=0))
                    self.s.wait(2)
                    self.s.up(p)
                    win = None
                    held = pick_at(p, self.s.frame - 4)
                    if held is not None:
                        held["order"] = order[0]
                        order[0] += 1
                        held["state"], held["glide"] = "returning", (clock.steps(self.s.frame), held["frame"][:2])
                    self.s.wait(1)
                    self.count("two-pointers")
                else:
                    self.noise_action(area=(0, 200, L.WIDTH, 560), keys=True)
                    win = None
                if win is not None:
                    return self.sorting_won(win)
                continue
            waiting = [v for v in movable if v["state"] == "waiting"]
            if waiting and (self.chance(0.9) or len(waiting) == len(movable)):
                v = self.rng.choice(waiting)
            else:
                v = self.rng.choice(movable)
                self.count("grab-gliding")
            if v["state"] == "returning" and v["glide"] is None:
                v["state"] = "waiting"
            p = self.jitter(L.centre(frame_at(v, steps)), 8)
            if blind:
                cats = ["air", "water", "land"]
                k = tried.get(v["i"], self.rng.randrange(3))
                tried[v["i"]] = k + 1
                target = zone_point(cats[k % 3])
            elif self.chance(correct_rate):
                target = zone_point(v["category"])
            else:
                wrong = [c for c in L.SORTING_ZONES if c != v["category"]]
                target = zone_point(self.rng.choice(wrong)) if self.chance(0.8) else self.random_point(outside=0.3)
            win = drag(v, p, target, self.rng.randint(6, 45), path=self.chance(0.2))
            if win is not None:
                return self.sorting_won(win)
            self.pace(style, within_pair=False)

    def sorting_won(self, alert_frame):
        self.count("sorting-won-planned")
        if self.impatient_back(alert_frame - int(L.SORTING_WIN_DELAY * L.FPS), int(L.SORTING_WIN_DELAY * L.FPS)):
            return None
        return alert_frame

    # -- Balloons ---------------------------------------------------------------------------

    def play_balloons(self, st, level, clock):
        limit_steps = L.BALLOON_TIME[level] * L.FPS
        schedule = st.get("schedule") or []
        horizon = st.get("horizon", 0) if schedule else 0
        popped = {b["id"] for b in schedule if b.get("popped")}
        # Looking again past the horizon costs a probe; a few per game keep the aim true.
        again = self.belief.get("scene") == "balloons" and self.belief.get("looks")
        looks = self.belief.get("looks", 0) if again else 0
        # Whether this child goes for the skull is decided once a game, not once a look.
        pop_killer = self.belief.get("pop_killer", False) if again else self.chance(0.1)
        pop_bonus = self.chance(0.5)
        go_idle = self.chance(0.02 if again else 0.06)
        quit_at = self.abandon_time(L.BALLOON_TIME[level])
        last_pop = st.get("last_pop", 0.0)
        next_dump = self.s.frame + self.rng.randint(60, 180)
        burst = 0
        self.count("balloons-aimed" if schedule else "balloons-blind")

        def balloons_at(steps):
            now = steps / L.FPS
            out = []
            for b in schedule:
                if b["id"] in popped or b["n"] > steps:
                    continue
                t0 = (b["n"] - 0.5) / L.FPS
                top = L.HEIGHT - b["speed"] * (now - t0)
                if top + L.BALLOON_SIZE[1] <= L.TOP_BAR + 1:
                    continue
                out.append((b, top))
            return out

        def hit(p, steps):
            best, dist = None, None
            for b, top in balloons_at(steps):
                bx, by, bw, bh = L.BALLOON_BODY
                x0 = L.balloon_spot_x(b["spot"]) + bx - L.BALLOON_HIT_MARGIN
                y0 = max(top + by - L.BALLOON_HIT_MARGIN, L.TOP_BAR)
                x1 = x0 + bw + 2 * L.BALLOON_HIT_MARGIN
                y1 = top + by + bh + L.BALLOON_HIT_MARGIN
                if x0 <= p[0] <= x1 and y0 <= p[1] <= y1 and y1 > y0:
                    c = L.balloon_body_centre(b["spot"], top)
                    d = math.hypot(c[0] - p[0], c[1] - p[1])
                    if dist is None or d < dist:
                        best, dist = b, d
            return best

        while True:
            if self.s.events >= self.target + 200:
                return None
            if quit_at is not None and self.s.frame >= quit_at:
                self.leave_game()
                return None
            steps = clock.steps(self.s.frame)
            if steps + 1 >= limit_steps:
                self.count("balloons-timeout")
                return clock.frame(limit_steps - 1)
            if steps <= horizon and (steps + 1) / L.FPS - last_pop >= L.BALLOON_IDLE - 1e-9:
                self.count("balloons-idle")
                return clock.frame(int(math.ceil((last_pop + L.BALLOON_IDLE) * L.FPS)) - 1)
            if self.s.frame >= next_dump:
                self.s.dump()
                next_dump = self.s.frame + self.rng.randint(60, 180)
            if self.chance(0.04):
                self.extras(clock)
            if go_idle and steps > L.FPS * 3 and steps <= horizon:
                # Stop tapping: no pop for ten seconds ends the game.
                self.s.at(clock.frame(int(math.ceil((last_pop + L.BALLOON_IDLE) * L.FPS))))
                continue
            if schedule and steps > horizon and self.adaptive and looks < 3:
                self.belief = {"scene": "balloons", "level": level, "looks": looks + 1, "pop_killer": pop_killer}
                self.count("balloons-look-again")
                return "look again"
            if steps > horizon or not schedule:
                # Blind: every balloon enters at the bottom, so a sweep along the bottom row
                # meets most of them; the rest of the taps go anywhere in the sky.
                spot = self.rng.randrange(10)
                y = self.rng.uniform(640, 730) if self.chance(0.5) else self.rng.uniform(140, 720)
                self.press((L.balloon_spot_x(spot) + L.BALLOON_SIZE[0] / 2, y), touch_ok=True)
                self.s.wait(self.rng.randint(4, 18))
                continue
            wanted = []
            for b, top in balloons_at(steps):
                c = L.balloon_body_centre(b["spot"], top)
                if not 100 <= c[1] <= 740:
                    continue
                if b["type"] == "killer" and not pop_killer:
                    continue
                if b["type"] == "bonus" and not pop_bonus:
                    continue
                wanted.append((b, c))
            if not wanted or self.chance(0.1):
                p = self.random_point(outside=0.02)
                if p[1] < 80 and self.chance(0.8):
                    p = (p[0], p[1] + 100)
            else:
                b, c = self.rng.choice(wanted)
                p = (round(c[0] + self.rng.uniform(-10, 10)), round(c[1] + self.rng.uniform(-10, 10)))
            if len(wanted) >= 2 and self.chance(0.12):
                # Two fingers pop two balloons in one frame: both count.
                (b1, c1), (b2, c2) = self.rng.sample(wanted, 2)
                p1, p2 = (round(c1[0]), round(c1[1])), (round(c2[0]), round(c2[1]))
                t1 = hit(p1, steps)
                popped_before = set(popped)
                if t1 is not None:
                    popped.add(t1["id"])
                t2 = hit(p2, steps)
                popped.clear()
                popped.update(popped_before)
                if t1 is not None and t2 is not None and t1["id"] != t2["id"] and \
                        t1["type"] == "regular" and t2["type"] == "regular":
                    ids = self.rng.sample(range(0, 4), 2)
                    self.s.finger("down", ids[0], p1)
                    self.s.finger("down", ids[1], p2)
                    self.s.wait(1)
                    self.s.finger("up", ids[0], p1)
                    self.s.finger("up", ids[1], p2)
                    popped.update([t1["id"], t2["id"]])
                    last_pop = steps / L.FPS
                    self.count("two-finger-pops")
                    self.s.wait(self.rng.randint(5, 30))
                    continue
            target = hit(p, steps)
            if target is not None and target["type"] == "killer" and not pop_killer:
                # The skull is nearer than the aimed balloon: a careful child waits.
                self.s.wait(self.rng.randint(3, 10))
                continue
            self.press(p, touch_ok=True)
            if target is not None:
                popped.add(target["id"])
                last_pop = steps / L.FPS
                if target["type"] == "killer":
                    self.count("killer-planned")
                    alert = self.s.frame - 1 + int(L.BALLOON_KILLER_ALERT_DELAY * L.FPS)
                    if self.impatient_back(self.s.frame - 1, int(L.BALLOON_KILLER_ALERT_DELAY * L.FPS)):
                        return None
                    return alert
                if target["type"] == "bonus":
                    # Balloons after a star pop rise slower: the probe's list stops being true.
                    horizon = min(horizon, steps)
                    self.count("bonus-planned")
            if burst > 0:
                burst -= 1
                self.s.wait(5)
            elif self.chance(0.05):
                burst = self.rng.randint(4, 10)
                self.s.wait(5)
            else:
                self.s.wait(self.rng.randint(5, 30))

    # ======================================================================================
    # The end of a run
    # ======================================================================================

    def ending(self):
        """Most runs end with `quit`; some just run out of lines; some quit through the UI
        (Escape on Home, then Yes; or, looking, the adult gate's Quit)."""
        r = self.rng.random()
        if r < 0.15 and (not self.adaptive or self.belief.get("scene") == "home"):
            st = self.probe() if self.adaptive else {"scene": "home"}
            if st.get("scene") == "home" and self.adaptive and self.chance(0.3):
                self.hold_logo()
                gate = self.probe()
                question = (gate.get("dump") or {}).get("question") if gate.get("scene") == "gate" else None
                if gate_answer(question) is not None:
                    for digit in str(gate_answer(question)):
                        self.press(L.gate_key(int(digit)))
                        self.think(0.1, 0.3)
                    self.press(L.gate_key("ok"))
                    self.think(0.2, 0.6)
                    self.press(self.jitter(L.GATE_QUIT, 40))
                    self.count("quit-by-gate")
                    self.s.wait(5)
            elif st.get("scene") == "home":
                self.s.key("escape")
                self.s.wait(self.rng.randint(5, 30))
                if self.chance(0.5):
                    self.press(L.ALERT_YES)
                else:
                    self.s.key(self.rng.choice(["return", "space"]))
                self.count("quit-by-ui")
                self.s.wait(5)
        elif r < 0.4:
            self.s.wait(self.rng.randint(1, 60))
            self.s.dump()
            return
        self.s.wait(self.rng.randint(1, 60))
        self.s.quit()
