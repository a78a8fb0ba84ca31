"""Reads a Kids Joy Center event log (JSON Lines, TESTING.md) and checks the invariants that
must hold whatever a child does. It trusts nothing but the log: the monkey's own plan may
be wrong, the game must not be.

Each failure names its invariant, the log line and the time, so a soak summary can be
grouped and a failing run shrunk to the few lines that still break the same invariant.
"""

import collections
import json

import layout as L

# Every invariant the checker knows, with the sentence the docs and summaries print.
INVARIANTS = {
    "exit": "the process exits with status 0 (no crash, no hang)",
    "log-end": "the log is complete: it starts with `start` and ends with `quit`",
    "log-json": "every log line is one JSON object with `t` and `event`",
    "stderr": "nothing is printed on stderr",
    "time": "log time never goes back",
    "stack": "the scene stack is never empty, Home is at the bottom, at most one game sits on it, right above Home",
    "stack-log": "each `scene` event's stack is the previous stack after that push, pop or replace",
    "dump-stack": "a dump's scene and stack are the current ones",
    "play-selected": "Play starts the selected game at the selected level; Play again the same game at the level suggested, else the same",
    "outside-game": "game events happen only while a game is on the stack",
    "paused": "a paused game stands still: no time, spawns, flips or points",
    "pause-toggle": "pause and resume alternate",
    "score": "the score never decreases and equals the sum of its `score` deltas",
    "score-rule": "points follow the rules: 3-5 a pair or a vehicle, each popped number exactly once",
    "gameover-score": "a game over shows the game's score",
    "gameover-rule": "a game over has the right result and reason (all found, all placed, time, idle, killer)",
    "win-ends": "a game whose last pair is found or last vehicle placed ends in a won game over",
    "gameover-alert": "every game over is followed by its alert (within 1 s), before anything else ends",
    "timer": "time left starts at the level's limit and counts down one second at a time to 0, never rising",
    "memory-open": "at most two unmatched Memory cards are open at once",
    "memory-rule": "Memory cards flip only when hidden, match only equal faces, close 1 s after a mismatch",
    "memory-dump": "a Memory dump shows the level's cards, each face twice, as the events left them",
    "vehicle-count": "a Sorting game keeps the level's vehicles: none lost, none duplicated",
    "vehicle-placed": "a placed vehicle stays placed, inside a zone of its category",
    "vehicle-rule": "vehicles are picked one at a time, dropped once, glide home only after a wrong drop",
    "balloon-spots": "balloons that appear in the same second take different spots",
    "balloon-rule": "a balloon is popped or escapes at most once, after it appeared, with its own number and speed",
    "balloon-dump": "a Balloons dump shows only balloons that appeared and are still flying",
    "highscores": "the high-score table stays sorted, at most 5 long, and holds exactly the recorded scores",
    "record": "a won game is recorded exactly when its score makes the top 5, at the right rank; a lost one never",
    "mute": "every sound's `muted` flag is the mute state",
    "alert-answer": "No on a game-over alert goes Home; an answer comes only from an alert",
    "pictures": "every button in a dump names its picture; an end screen shows the stars its score earned, "
                "↻ and a house; the quit panel a door and ▶",
    "determinism": "replaying the same seed and script prefix gives the same log, line for line",
    "demo": "a show-me demo starts and ends once, in its game, which stands still meanwhile: no time, spawns, flips or points",
    "hint": "every `hint` has a known kind and names an item id or null",
    "voice": "every `voice` names a spoken line (`line` = `key`, `voice.`...) with its text and language",
    "voice-intro": "every game says its intro within 1 s of appearing (unless it is left or covered by a panel sooner)",
    "voice-gameover": "every game over is said at the moment it is logged",
}

HINT_KINDS = {"nothing-here", "zone-glow", "mismatch", "silent"}
# Why "hear it again" said nothing (a `hint` of kind `silent`, issue 45 item 4).
SILENT_WHY = {"muted", "locked", "voice-off"}
# The intro may wait for Home's "Let's play!", at most this long.
INTRO_WITHIN = 1.0
# A correct drop's release point lies within the vehicle's size of its zone (it is judged by
# the share of the vehicle's frame over the painting, so the point itself may lie outside).
VEHICLE_MAX = 100

# The alert comes with the game over, or after the skull's 0.9 s boom.
ALERT_WITHIN = 1.0

GAME_EVENTS = {"timer", "score", "flip", "match", "mismatch", "close", "pick", "drop", "returned",
               "lift", "putdown", "spawn", "pop", "escape", "gameover", "pause", "resume", "demo"}
STILL_WHEN_PAUSED = {"timer", "score", "flip", "match", "mismatch", "close", "pick", "drop", "returned",
                     "lift", "putdown",
                     "spawn", "pop", "escape", "gameover"}


def frame_of(t):
    return int(round(t * L.FPS))


class Game:
    """One game instance, from the scene event that put it on the stack until it leaves."""

    def __init__(self, kind, push_frame, index):
        self.kind = kind
        self.level = None
        self.index = index
        self.push_frame = push_frame
        self.paused = False
        self.pause_frame = None
        self.paused_frames = 0
        self.demo_frame = None
        self.intro_said = False
        self.total = 0
        self.deltas = []
        self.timer = None
        self.gameover = None
        self.decided_win = False
        # Memory
        self.cards = {}
        self.faces = {}
        self.matches = 0
        self.pending_close = None
        # Sorting
        self.vehicles = {}
        # Vehicles held, by hand: "pointer" or a finger's id (a `pick` with `finger`); several
        # fingers drag several at once, one hand holds one. And the one a tap lifted
        # (tap-tap: it waits for a tap on a zone).
        self.held = {}
        self.lifted = None
        self.correct_drops = 0
        self.dump_placed = set()
        self.categories = {}
        # Balloons
        self.balloons = {}
        self.alive = set()
        self.spots = collections.defaultdict(set)
        self.popped_numbers = []
        self.killer_popped = False

    def steps_before(self, frame):
        """Game clock steps completed before the update of `frame` (the game not paused)."""
        return frame - self.push_frame - self.paused_frames


class Checker:
    def __init__(self, name="run"):
        self.name = name
        self.failures = []
        self.stats = collections.Counter()
        self.stack = []
        self.game = None
        self.pending_gameover = None
        self.pending_gameover_t = 0.0
        self.last_gameover_game = None
        self.last_t = 0.0
        self.table = []
        self.muted = False
        self.home_game = None
        self.home_level = None
        self.previous_game = None
        self.enter_timer = None
        self.expect_home_after_no = None
        self.lines = 0
        self.saw_start = False
        self.saw_quit = False
        self.alert_kind = None
        self.gameover_voice_due = None

    # -- failures ---------------------------------------------------------------------------

    def fail(self, invariant, ev, message):
        self.failures.append({"invariant": invariant, "line": self.lines, "t": ev.get("t") if ev else None,
                              "message": message})

    # -- driving ----------------------------------------------------------------------------

    def check_text(self, text):
        events = []
        for raw in text.splitlines():
            if not raw.strip():
                continue
            try:
                ev = json.loads(raw)
            except ValueError:
                self.lines += 1
                self.fail("log-json", None, "not JSON: %r" % raw[:120])
                continue
            events.append(ev)
        self.check_events(events)
        return self

    def check_events(self, events):
        for i, ev in enumerate(events):
            nxt = events[i + 1] if i + 1 < len(events) else None
            self.feed(ev, nxt)
        return self

    def finish(self, exit_status=0, stderr=""):
        if exit_status != 0:
            self.fail("exit", None, "exit status %s" % exit_status)
        if stderr.strip():
            self.fail("stderr", None, "stderr: %s" % stderr.strip()[:300])
        if not self.saw_start or not self.saw_quit:
            self.fail("log-end", None, "the log does not start with `start` and end with `quit`")
        # A log may end (the script's last line, `quit`) in the moment between a game over and
        # its alert; `feed` already failed every alert later than that moment.
        return self

    # -- one event --------------------------------------------------------------------------

    def feed(self, ev, nxt=None):
        self.lines += 1
        if not isinstance(ev, dict) or "t" not in ev or "event" not in ev:
            self.fail("log-json", None, "line without t/event")
            return
        if self.saw_quit:
            self.fail("log-end", ev, "an event after `quit`")
        t = ev["t"]
        if t < self.last_t - 1e-9:
            self.fail("time", ev, "time went back from %.3f to %.3f" % (self.last_t, t))
        self.last_t = t
        name = ev["event"]
        self.stats["log." + name] += 1
        if self.pending_gameover is not None and t > self.pending_gameover_t + ALERT_WITHIN + 1e-9:
            self.fail("gameover-alert", ev, "no alert within %.1f s of the game over (line %d)" % (
                ALERT_WITHIN, self.pending_gameover))
            self.pending_gameover = None
        # A panel over the game before its intro (Back's question) holds the intro until it
        # closes: the voice asks one thing at a time.
        if self.game is not None and not self.game.intro_said and self.stack[-1:] == ["alert"] \
                and self.game.kind in self.stack:
            self.game.intro_said = True
        if self.game is not None and not self.game.intro_said \
                and t > self.game.push_frame / L.FPS + INTRO_WITHIN + 1e-6:
            self.fail("voice-intro", ev, "%s said no intro within %.0f s" % (self.game.kind, INTRO_WITHIN))
            self.game.intro_said = True
        if self.gameover_voice_due is not None and t > self.gameover_voice_due + 1e-9:
            self.fail("voice-gameover", ev, "the game over at %.3f was not said" % self.gameover_voice_due)
            self.gameover_voice_due = None
        if self.lines == 1 and name != "start":
            self.fail("log-end", ev, "the first event is %s" % name)
        if self.expect_home_after_no is not None and t > self.expect_home_after_no["t"] + 1e-9:
            self.fail("alert-answer", ev, "No on a game-over alert left the stack at %s" % self.stack)
            self.expect_home_after_no = None
        if name == "timer" and nxt is not None and nxt.get("event") == "scene" \
                and nxt.get("action") in ("push", "replace") and nxt.get("scene") in L.GAMES:
            # A game logs its first time left while entering, just before its scene event.
            self.enter_timer = ev
            return
        handler = getattr(self, "on_" + name.replace("-", "_"), None)
        if name in GAME_EVENTS:
            if self.game is None:
                self.fail("outside-game", ev, "%s with no game on the stack %s" % (name, self.stack))
                return
            if self.game.paused and name in STILL_WHEN_PAUSED:
                self.fail("paused", ev, "%s while the game is paused" % name)
            if self.game.demo_frame is not None and name in STILL_WHEN_PAUSED:
                self.fail("demo", ev, "%s during the show-me demo" % name)
        if handler:
            handler(ev)

    # -- bookkeeping events -----------------------------------------------------------------

    def on_start(self, ev):
        self.saw_start = True

    def on_quit(self, ev):
        self.saw_quit = True

    def on_setting(self, ev):
        # The grown-ups' corner's switches: effects off makes every sound silent.
        if ev.get("key") == "effects":
            self.effects_off = not ev.get("value")

    def on_sound(self, ev):
        if bool(ev.get("muted")) != (self.muted or getattr(self, "effects_off", False)):
            self.fail("mute", ev, "sound %s says muted=%s, mute state is %s" % (ev.get("name"), ev.get("muted"), self.muted))

    def on_mute(self, ev):
        self.muted = bool(ev.get("muted"))
        self.stats["mute"] += 1

    def on_select(self, ev):
        if ev.get("row") == "game":
            self.home_game = ev.get("value")
        else:
            self.home_level = ev.get("value")

    def on_suggest(self, ev):
        # Growing with the child suggests a level after a game over: ↻ plays it.
        game = self.game or self.previous_game
        if game is not None:
            game.suggested = ev.get("level")

    def on_gate(self, ev):
        self.stats["gate." + str(ev.get("action"))] += 1
        if ev.get("action") == "reset":
            self.table = []

    # -- the scene stack --------------------------------------------------------------------

    def on_scene(self, ev):
        action, scene, stack = ev.get("action"), ev.get("scene"), ev.get("stack")
        expected = list(self.stack)
        if action == "push":
            expected.append(scene)
        elif action == "pop":
            if len(expected) > 1:
                expected.pop()
        elif action == "replace":
            if expected:
                expected[-1] = scene
            else:
                expected = [scene]
        if not isinstance(stack, list) or stack != expected:
            self.fail("stack-log", ev, "%s %s: stack %s, expected %s" % (action, scene, stack, expected))
            stack = stack if isinstance(stack, list) else expected
        if not stack:
            self.fail("stack", ev, "empty stack")
        elif stack[0] != "home":
            self.fail("stack", ev, "bottom of the stack is %s" % stack[0])
        games = [i for i, s in enumerate(stack) if s in L.GAMES]
        if len(games) > 1 or (games and games[0] != 1):
            self.fail("stack", ev, "games at the wrong place: %s" % stack)
        if stack and stack[-1] != scene and action != "pop":
            self.fail("stack-log", ev, "%s %s but the top is %s" % (action, scene, stack[-1]))
        old_stack = self.stack
        self.stack = list(stack)

        # A game leaves when it is no longer at index 1 as the same instance.
        leaving = self.game is not None and (
            len(self.stack) < 2 or self.stack[1] != self.game.kind or (action == "replace" and scene in L.GAMES
                                                                       and len(self.stack) == 2))
        if leaving:
            self.end_game(ev)
        if action in ("push", "replace") and scene in L.GAMES:
            self.start_game(ev, scene, action, old_stack)
        if action == "push" and scene in L.OVERLAYS:
            self.stats["open." + scene] += 1
        if self.expect_home_after_no is not None and self.stack == ["home"]:
            self.expect_home_after_no = None

    def start_game(self, ev, kind, action, old_stack):
        frame = frame_of(ev["t"])
        game = Game(kind, frame, self.lines)
        self.game = game
        self.stats["games"] += 1
        self.stats["game.%s" % kind] += 1
        timer, self.enter_timer = self.enter_timer, None
        if action == "push":
            if self.home_game != kind:
                self.fail("play-selected", ev, "Play started %s, %s was selected" % (kind, self.home_game))
            self.expected_level = self.home_level
        else:
            prev = self.previous_game
            if prev is None or prev.kind != kind:
                self.fail("play-selected", ev, "Play again started %s after %s" % (kind, prev.kind if prev else None))
            # ↻ plays the level the voice suggested at the end (growing with the child), else the same.
            self.expected_level = (getattr(prev, "suggested", None) or prev.level) if prev else None
        if timer is not None:
            self.set_level_from_timer(timer)
            game.timer = timer.get("left")
        elif kind not in L.PLUGGED and not any(L.time_limit(kind, lv) for lv in L.LEVELS):
            # A game without a countdown (and without a plugin here): the level chosen.
            game.level = self.expected_level
            self.stats["game.%s.%s" % (kind, game.level)] += 1

    def set_level_from_timer(self, ev):
        game = self.game
        left = ev.get("left")
        level = None
        for lv in L.LEVELS:
            if L.time_limit(game.kind, lv) == left:
                level = lv
        if level is None:
            self.fail("timer", ev, "%s starts with %s s left, not a level's limit" % (game.kind, left))
            level = self.expected_level
        elif self.expected_level is not None and level != self.expected_level:
            self.fail("play-selected", ev, "%s started at %s, %s was expected" % (game.kind, level, self.expected_level))
        game.level = level
        self.stats["game.%s.%s" % (game.kind, level)] += 1

    def end_game(self, ev):
        game = self.game
        if game.decided_win and (game.gameover is None or game.gameover.get("result") != "won"):
            self.fail("win-ends", ev, "%s %s: all done but the game left without a won game over"
                      % (game.kind, game.level))
        if self.pending_gameover is not None and self.last_gameover_game is game:
            self.fail("gameover-alert", ev, "the %s game left the stack before the alert of its game over" % game.kind)
            self.pending_gameover = None
        if game.gameover is None:
            self.stats["left.%s" % game.kind] += 1
        self.previous_game = game
        self.game = None

    # -- dumps ------------------------------------------------------------------------------

    def on_dump(self, ev):
        self.stats["dumps"] += 1
        if ev.get("stack") != self.stack or (self.stack and ev.get("scene") != self.stack[-1]):
            self.fail("dump-stack", ev, "dump of %s %s, stack is %s" % (ev.get("scene"), ev.get("stack"), self.stack))
        items = ev.get("items") or []
        byid = {}
        for item in items:
            if item.get("id") in byid:
                self.fail("dump-stack", ev, "item %s twice in a dump" % item.get("id"))
            byid[item.get("id")] = item
        mute = byid.get("mute")
        if mute is not None and bool(mute.get("muted")) != self.muted:
            self.fail("mute", ev, "mute button shows %s, mute state is %s" % (mute.get("muted"), self.muted))
        for item in items:
            if item.get("kind") == "button" and not item.get("icon"):
                self.fail("pictures", ev, "button %s names no picture (icon)" % item.get("id"))
        scene = ev.get("scene")
        if scene == "alert":
            want = {"won": ("replay", "home"), "lost": ("replay", "home"), "quit": ("door", "play"),
                    "leave": ("door", "play")}.get(ev.get("kind"))
            got = tuple((byid.get(i) or {}).get("icon") for i in ("alert-yes", "alert-no"))
            if want is not None and got != want:
                self.fail("pictures", ev, "a %s alert shows %s, not %s" % (ev.get("kind"), got, want))
        if scene == "home":
            if ev.get("game") != self.home_game or ev.get("level") != self.home_level:
                self.fail("play-selected", ev, "Home shows %s/%s, selected %s/%s" % (
                    ev.get("game"), ev.get("level"), self.home_game, self.home_level))
        elif scene == "highscores":
            whole = self.whole_table(ev)
            self.check_table_rows(ev, ev.get("rows"), dumped=False, whole=whole)
            table = byid.get("rows")
            self.check_table_rows(ev, table.get("rows") if table else None, dumped=True, whole=whole,
                                  empty="empty-table" in byid)
        elif scene in L.GAMES and self.game is not None:
            game = self.game
            if ev.get("score") != game.total:
                self.fail("score", ev, "dump shows score %s, the score events add to %s" % (ev.get("score"), game.total))
            if game.timer is not None and ev.get("timeLeft") != game.timer:
                self.fail("timer", ev, "dump shows %s s left, the last timer said %s" % (ev.get("timeLeft"), game.timer))
            getattr(self, "dump_" + scene)(ev, items)

    def dump_memory(self, ev, items):
        game = self.game
        cards = [i for i in items if i.get("kind") == "card"]
        if game.level and len(cards) != L.MEMORY_GRID[game.level][0] * L.MEMORY_GRID[game.level][1]:
            self.fail("memory-dump", ev, "%d cards on %s" % (len(cards), game.level))
        faces = collections.Counter(c.get("face") for c in cards)
        if any(n != 2 for n in faces.values()):
            self.fail("memory-dump", ev, "faces not in pairs: %s" % dict(faces))
        open_cards = [c for c in cards if c.get("state") == "open"]
        if len(open_cards) > 2:
            self.fail("memory-open", ev, "%d cards open in a dump" % len(open_cards))
        for c in cards:
            cid = c.get("id")
            known = game.cards.get(cid, "hidden")
            if c.get("state") != known:
                self.fail("memory-dump", ev, "%s is %s in the dump, %s by the events" % (cid, c.get("state"), known))
            if cid in game.faces and game.faces[cid] != c.get("face"):
                self.fail("memory-dump", ev, "%s shows %s, it flipped as %s" % (cid, c.get("face"), game.faces[cid]))

    def dump_sorting(self, ev, items):
        game = self.game
        vehicles = [i for i in items if i.get("kind") == "vehicle"]
        ids = [v.get("id") for v in vehicles]
        if game.level and len(vehicles) != L.SORTING_COUNT[game.level]:
            self.fail("vehicle-count", ev, "%d vehicles on %s" % (len(vehicles), game.level))
        if len(set(ids)) != len(ids):
            self.fail("vehicle-count", ev, "a vehicle appears twice: %s" % ids)
        if game.categories and set(ids) != set(game.categories):
            self.fail("vehicle-count", ev, "the vehicles changed: %s" % sorted(set(ids) ^ set(game.categories)))
        placed = set()
        for v in vehicles:
            vid = v.get("id")
            cat = v.get("category")
            if game.categories.setdefault(vid, cat) != cat:
                self.fail("vehicle-count", ev, "%s changed category" % vid)
            if v.get("state") == "placed":
                placed.add(vid)
                zone = L.SORTING_ZONES.get(cat)
                x, y, w, h = v.get("frame")
                if zone is None or not (x >= zone[0] - 1 and y >= zone[1] - 1 and x + w <= zone[0] + zone[2] + 1
                                        and y + h <= zone[1] + zone[3] + 1):
                    self.fail("vehicle-placed", ev, "%s (%s) placed at %s, outside its zone" % (vid, cat, v.get("frame")))
            known = game.vehicles.get(vid, "waiting")
            if (v.get("state") == "placed") != (known == "placed"):
                self.fail("vehicle-placed", ev, "%s is %s in the dump, %s by the events" % (vid, v.get("state"), known))
        if not game.dump_placed <= placed:
            self.fail("vehicle-placed", ev, "placed vehicles went back: %s" % sorted(game.dump_placed - placed))
        game.dump_placed = placed

    def dump_balloons(self, ev, items):
        game = self.game
        for b in items:
            if b.get("kind") != "balloon":
                continue
            bid = b.get("id")
            if bid not in game.alive:
                self.fail("balloon-dump", ev, "%s is shown but is not flying" % bid)
            spawn = game.balloons.get(bid)
            if spawn and (spawn.get("number") != b.get("number") or spawn.get("type") != b.get("type")):
                self.fail("balloon-dump", ev, "%s changed: %s" % (bid, b))

    # -- game events ------------------------------------------------------------------------

    def on_demo(self, ev):
        game = self.game
        action = ev.get("action")
        if ev.get("game") != game.kind:
            self.fail("demo", ev, "a demo of %s in %s" % (ev.get("game"), game.kind))
        if action == "start":
            if game.demo_frame is not None:
                self.fail("demo", ev, "a demo started twice")
            game.demo_frame = frame_of(ev["t"])
            self.stats["demo"] += 1
        elif action == "end":
            if game.demo_frame is None:
                self.fail("demo", ev, "a demo ended that never started")
                return
            # Ended by its last update, that frame stood still too; ended by a tap, the tap's
            # frame is the game's.
            game.paused_frames += frame_of(ev["t"]) - game.demo_frame + (1 if ev.get("reason") == "done" else 0)
            game.demo_frame = None
            self.stats["demo." + str(ev.get("reason"))] += 1
        else:
            self.fail("demo", ev, "demo action %r" % action)

    def on_hint(self, ev):
        self.stats["hint." + str(ev.get("kind"))] += 1
        target = ev.get("target")
        if ev.get("kind") not in HINT_KINDS:
            self.fail("hint", ev, "unknown hint kind %r" % ev.get("kind"))
        if target is not None and (not isinstance(target, str) or not target):
            self.fail("hint", ev, "hint target %r" % target)
        if ev.get("kind") in ("zone-glow", "mismatch") and (self.game is None or self.game.kind not in ("sorting", "memory")):
            self.fail("hint", ev, "%s outside its game" % ev.get("kind"))
        if ev.get("kind") == "silent":
            # "Hear it again" tapped while the voice cannot be heard: in a game, with why; a
            # mute the log showed says so.
            why = ev.get("why")
            if target != "hear-again" or why not in SILENT_WHY or self.game is None:
                self.fail("hint", ev, "silent hint %s" % json.dumps(ev)[:160])
            elif why in ("muted", "locked") and not self.muted:
                self.fail("mute", ev, "silent because %s while not muted" % why)
            elif why == "voice-off" and self.muted:
                self.fail("mute", ev, "silent because the voice is off while muted (muted comes first)")

    def on_voice(self, ev):
        line = ev.get("line")
        self.stats["voice"] += 1
        if not isinstance(line, str) or not line.startswith("voice.") or ev.get("key") != line \
                or not isinstance(ev.get("text"), str) or not ev.get("text") or not isinstance(ev.get("language"), str):
            self.fail("voice", ev, "bad voice line %s" % json.dumps(ev)[:160])
            return
        if bool(ev.get("muted")) != self.muted and self.muted:
            self.fail("mute", ev, "voice %s heard while muted" % line)
        if self.game is not None and line == L.INTRO.get(self.game.kind, "voice.intro." + self.game.kind):
            self.game.intro_said = True
        if self.gameover_voice_due is not None and abs(ev["t"] - self.gameover_voice_due) < 1e-9:
            self.gameover_voice_due = None

    def on_pause(self, ev):
        game = self.game
        if game.paused:
            self.fail("pause-toggle", ev, "paused twice")
        game.paused = True
        game.pause_frame = frame_of(ev["t"])
        self.stats["pause"] += 1

    def on_resume(self, ev):
        game = self.game
        if not game.paused:
            self.fail("pause-toggle", ev, "resumed without a pause")
        else:
            game.paused_frames += frame_of(ev["t"]) - game.pause_frame
        game.paused = False

    def on_timer(self, ev):
        game = self.game
        left = ev.get("left")
        if game.timer is None:
            self.set_level_from_timer(ev)
        elif not isinstance(left, int) or left != game.timer - 1:
            self.fail("timer", ev, "time left went from %s to %s" % (game.timer, left))
        if isinstance(left, int) and left < 0:
            self.fail("timer", ev, "time left below 0: %s" % left)
        game.timer = left

    def on_score(self, ev):
        game = self.game
        delta, total = ev.get("delta"), ev.get("total")
        if not isinstance(delta, int) or delta <= 0:
            self.fail("score", ev, "score delta %s" % delta)
        elif total != game.total + delta:
            self.fail("score", ev, "score %s + %s gave %s" % (game.total, delta, total))
        if game.gameover is not None:
            self.fail("score", ev, "points after the game over")
        if isinstance(delta, int):
            game.deltas.append(delta)
            if game.kind in ("memory", "sorting") and delta not in (3, 4, 5):
                self.fail("score-rule", ev, "%s gave %s points" % (game.kind, delta))
            if game.kind == "memory" and len(game.deltas) > game.matches:
                self.fail("score-rule", ev, "more scores than pairs found")
            if game.kind == "sorting" and len(game.deltas) > game.correct_drops:
                self.fail("score-rule", ev, "more scores than vehicles placed")
        game.total = total if isinstance(total, int) else game.total
        self.stats["points"] += delta if isinstance(delta, int) else 0

    def on_gameover(self, ev):
        game = self.game
        self.gameover_voice_due = ev["t"]
        self.stats["gameover"] += 1
        self.stats["gameover.%s.%s.%s" % (game.kind, ev.get("result"), ev.get("reason"))] += 1
        if self.pending_gameover is not None:
            self.fail("gameover-alert", ev, "a second game over before the alert of the first (line %d)" % self.pending_gameover)
        if game.gameover is not None:
            self.fail("gameover-rule", ev, "the same game ended twice")
        game.gameover = ev
        self.pending_gameover = self.lines
        self.pending_gameover_t = ev["t"]
        self.last_gameover_game = game
        score = ev.get("score")
        if score != game.total:
            self.fail("gameover-score", ev, "game over with %s, the score shows %s" % (score, game.total))
        if ev.get("game") != game.kind or (game.level and ev.get("level") != game.level):
            self.fail("gameover-rule", ev, "game over of %s/%s in a %s/%s game" % (
                ev.get("game"), ev.get("level"), game.kind, game.level))
        result, reason = ev.get("result"), ev.get("reason")
        # The three games' endings are written here; any other game's come from its module
        # (`--describe-games` endings), never a KeyError.
        ok = {
            "memory": {("won", "all-found"), ("lost", "time")},
            "sorting": {("won", "all-placed"), ("lost", "time")},
            "balloons": {("won", "time"), ("lost", "idle"), ("lost", "killer")},
        }.get(game.kind) or L.ENDINGS.get(game.kind, set())
        if (result, reason) not in ok:
            self.fail("gameover-rule", ev, "%s ended %s/%s" % (game.kind, result, reason))
        if reason == "time" and game.timer not in (0, None):
            self.fail("gameover-rule", ev, "time is up with %s s left" % game.timer)
        if game.kind == "memory" and result == "won" and game.level:
            pairs = L.MEMORY_GRID[game.level][0] * L.MEMORY_GRID[game.level][1] // 2
            if game.matches != pairs:
                self.fail("gameover-rule", ev, "won with %d of %d pairs" % (game.matches, pairs))
        if game.kind == "sorting" and result == "won" and game.level:
            if game.correct_drops != L.SORTING_COUNT[game.level]:
                self.fail("gameover-rule", ev, "won with %d of %d vehicles" % (game.correct_drops, L.SORTING_COUNT[game.level]))
        if game.kind == "balloons":
            if (reason == "killer") != game.killer_popped:
                self.fail("gameover-rule", ev, "reason %s, killer popped: %s" % (reason, game.killer_popped))
            if sorted(game.deltas) != sorted(game.popped_numbers):
                self.fail("score-rule", ev, "points %s for popped numbers %s" % (sorted(game.deltas), sorted(game.popped_numbers)))
        if game.kind in ("memory", "sorting"):
            expected = game.matches if game.kind == "memory" else game.correct_drops
            if len(game.deltas) != expected:
                self.fail("score-rule", ev, "%d scores for %d successes" % (len(game.deltas), expected))
        self.check_record(ev)

    def check_record(self, ev):
        recorded, rank, score = ev.get("recorded"), ev.get("rank"), ev.get("score")
        if ev.get("relaxed"):
            # A relaxed game (a child's first of its kind with the demos on, issue 26) counts
            # for her own progress only, never for the everyone-table.
            if recorded or rank is not None:
                self.fail("record", ev, "a relaxed game was recorded")
            return
        if ev.get("result") != "won":
            if recorded or rank is not None:
                self.fail("record", ev, "a lost game was recorded")
            return
        accepts = len(self.table) < 5 or score > self.table[-1]["score"]
        if bool(recorded) != accepts:
            self.fail("record", ev, "score %s recorded=%s with table %s" % (score, recorded, [e["score"] for e in self.table]))
        if accepts:
            index = next((i for i, e in enumerate(self.table) if e["score"] < score), len(self.table))
            if rank != index + 1:
                self.fail("record", ev, "score %s got rank %s, expected %d" % (score, rank, index + 1))
            self.table.insert(index, {"game": L.TITLES.get(ev.get("game")), "level": L.TITLES.get(ev.get("level")),
                                      "score": score})
            del self.table[5:]
            self.stats["recorded"] += 1
        elif rank is not None:
            self.fail("record", ev, "not recorded but rank %s" % rank)

    def on_highscores(self, ev):
        self.check_table_rows(ev, ev.get("entries"), dumped=False, whole=self.whole_table(ev))

    @staticmethod
    def whole_table(ev):
        """The everyone / all-games table (the one the model follows); the popup's other tabs
        and games are checked for order only."""
        return ev.get("tab", "everyone") == "everyone" and ev.get("game", "all") == "all"

    def check_table_rows(self, ev, rows, dumped, whole=True, empty=False):
        if not isinstance(rows, list):
            self.fail("highscores", ev, "no rows")
            return
        if dumped:
            # A table with no score is a picture (item `empty-table`), not dash rows.
            if empty != (len(rows) == 0):
                self.fail("highscores", ev, "%d rows, empty-table picture %s" % (len(rows), empty))
            elif rows and len(rows) != 5:
                self.fail("highscores", ev, "%d rows in the popup" % len(rows))
            filled = [r for r in rows if r.get("score") != "-"]
            if rows[:len(filled)] != filled:
                self.fail("highscores", ev, "dash rows before score rows")
            rows = filled
        if len(rows) > 5:
            self.fail("highscores", ev, "%d entries" % len(rows))
        scores = [r.get("score") for r in rows]
        if any(not isinstance(s, int) for s in scores) or scores != sorted(scores, reverse=True):
            self.fail("highscores", ev, "not sorted best first: %s" % scores)
        if [r.get("rank") for r in rows] != list(range(1, len(rows) + 1)):
            self.fail("highscores", ev, "ranks %s" % [r.get("rank") for r in rows])
        if not whole:
            return
        mine = [(e["game"], e["level"], e["score"]) for e in self.table]
        theirs = [(r.get("game"), r.get("level"), r.get("score")) for r in rows]
        if mine != theirs:
            self.fail("highscores", ev, "table %s, the recorded scores make %s" % (theirs, mine))

    def on_alert(self, ev):
        self.stats["alert"] += 1
        title = ev.get("title", "")
        if self.pending_gameover is not None:
            go = self.last_gameover_game.gameover
            # The title's key, in any language (a grown-up may have changed it in the
            # corner); logs from before keys compare the English title.
            want = "You won!" if go.get("result") == "won" else "You lost the game"
            want_key = "gameover.won" if go.get("result") == "won" else "gameover.lost"
            if (ev.get("key") != want_key) if "key" in ev else (title != want):
                self.fail("gameover-alert", ev, "alert %r after a %s game over" % (title, go.get("result")))
            thresholds = L.STARS.get((go.get("game"), go.get("level")))
            if thresholds is not None and "stars" in ev:
                # Stars are for wins (and finished Balloons rounds) only (issue 26).
                stars = sum(1 for t in thresholds if go.get("score", 0) >= t) if go.get("result") == "won" else 0
                if ev["stars"] != stars:
                    self.fail("pictures", ev, "%s stars for %s points, the thresholds %s give %s" % (
                        ev["stars"], go.get("score"), thresholds, stars))
            self.pending_gameover = None
            self.alert_kind = "gameover"
        else:
            self.alert_kind = "other"

    def on_answer(self, ev):
        self.stats["answer.%s" % ev.get("button")] += 1
        if not self.stack or self.stack[-1] != "alert":
            self.fail("alert-answer", ev, "an answer with %s on top" % (self.stack[-1] if self.stack else None))
        # (No on Back's question, issue 26, stays in the game.)
        if self.stack[-2:-1] and self.stack[-2] in L.GAMES and ev.get("button") == "no" and self.alert_kind == "gameover":
            self.expect_home_after_no = ev

    # -- Memory -----------------------------------------------------------------------------

    def open_count(self, game):
        return sum(1 for s in game.cards.values() if s == "open")

    def on_flip(self, ev):
        game = self.game
        card, face = ev.get("card"), ev.get("face")
        if game.kind != "memory":
            self.fail("outside-game", ev, "flip in %s" % game.kind)
            return
        if game.cards.get(card, "hidden") != "hidden":
            self.fail("memory-rule", ev, "%s flipped while %s" % (card, game.cards.get(card)))
        if game.pending_close is not None:
            self.fail("memory-rule", ev, "%s flipped while a mismatch waits to close" % card)
        if game.faces.setdefault(card, face) != face:
            self.fail("memory-rule", ev, "%s was %s, now %s" % (card, game.faces[card], face))
        game.cards[card] = "open"
        self.stats["flip"] += 1
        if self.open_count(game) > 2:
            self.fail("memory-open", ev, "%d unmatched cards open" % self.open_count(game))

    def on_match(self, ev):
        game = self.game
        cards = ev.get("cards") or []
        if len(cards) != 2 or any(game.cards.get(c) != "open" for c in cards):
            self.fail("memory-rule", ev, "match of cards that are not open: %s" % cards)
        elif game.faces.get(cards[0]) != game.faces.get(cards[1]) or game.faces.get(cards[0]) != ev.get("face"):
            self.fail("memory-rule", ev, "match of %s and %s" % (game.faces.get(cards[0]), game.faces.get(cards[1])))
        for c in cards:
            game.cards[c] = "matched"
        game.matches += 1
        self.stats["match"] += 1
        if game.level and game.matches == L.MEMORY_GRID[game.level][0] * L.MEMORY_GRID[game.level][1] // 2:
            game.decided_win = True

    def on_mismatch(self, ev):
        game = self.game
        cards = ev.get("cards") or []
        if len(cards) != 2 or any(game.cards.get(c) != "open" for c in cards):
            self.fail("memory-rule", ev, "mismatch of cards that are not open: %s" % cards)
        elif game.faces.get(cards[0]) == game.faces.get(cards[1]):
            self.fail("memory-rule", ev, "equal faces mismatched: %s" % cards)
        game.pending_close = (cards, game.steps_before(frame_of(ev["t"])))
        self.stats["mismatch"] += 1

    def on_close(self, ev):
        game = self.game
        cards = ev.get("cards") or []
        if game.pending_close is None or sorted(game.pending_close[0]) != sorted(cards):
            self.fail("memory-rule", ev, "close of %s without a mismatch" % cards)
        else:
            waited = game.steps_before(frame_of(ev["t"])) - game.pending_close[1]
            if abs(waited - L.FPS * L.MEMORY_MISMATCH_CLOSE) > 1:
                self.fail("memory-rule", ev, "mismatched cards closed after %d frames of game time" % waited)
        for c in cards:
            if game.cards.get(c) != "open":
                self.fail("memory-rule", ev, "%s closed while %s" % (c, game.cards.get(c)))
            game.cards[c] = "hidden"
        game.pending_close = None

    # -- Sorting ----------------------------------------------------------------------------

    def on_pick(self, ev):
        game = self.game
        v = ev.get("vehicle")
        hand = ev.get("finger", "pointer")
        if v in game.held.values():
            self.fail("vehicle-rule", ev, "%s picked while it is held" % v)
        if hand in game.held:
            self.fail("vehicle-rule", ev, "%s picked while %s is held" % (v, game.held[hand]))
        if game.lifted is not None:
            # Taking another vehicle puts the lifted one down first (a `putdown` before).
            self.fail("vehicle-rule", ev, "%s picked while %s is lifted" % (v, game.lifted))
        if game.vehicles.get(v) == "placed":
            self.fail("vehicle-rule", ev, "%s picked after it was placed" % v)
        game.vehicles[v] = "held"
        game.held[hand] = v
        self.stats["pick"] += 1

    def on_lift(self, ev):
        game = self.game
        v = ev.get("vehicle")
        if v not in game.held.values():
            self.fail("vehicle-rule", ev, "%s lifted, held: %s" % (v, sorted(game.held.values())))
        game.held = {h: x for h, x in game.held.items() if x != v}
        game.lifted = v
        game.vehicles[v] = "lifted"
        self.stats["lift"] += 1

    def on_putdown(self, ev):
        game = self.game
        v = ev.get("vehicle")
        if game.lifted != v:
            self.fail("vehicle-rule", ev, "%s put down, lifted: %s" % (v, game.lifted))
        game.lifted = None
        game.vehicles[v] = "waiting"

    def on_drop(self, ev):
        game = self.game
        v = ev.get("vehicle")
        if v in game.held.values():
            game.held = {h: x for h, x in game.held.items() if x != v}
        elif game.lifted == v:
            # Tap-tap, keys, a pad or the switch: the lifted vehicle sent to a tapped zone.
            game.lifted = None
            self.stats["tap-tap drop"] += 1
        else:
            self.fail("vehicle-rule", ev, "%s dropped, held: %s, lifted: %s" % (v, sorted(game.held.values()), game.lifted))
        if ev.get("correct"):
            zone = ev.get("zone")
            at = ev.get("at")
            if not zone or zone.split("-")[1] not in L.SORTING_ZONES:
                self.fail("vehicle-rule", ev, "correct drop outside a zone: %s" % zone)
            else:
                cat = zone.split("-")[1]
                x, y, w, h = L.SORTING_ZONES[cat]
                grown = (x - VEHICLE_MAX, y - VEHICLE_MAX, w + 2 * VEHICLE_MAX, h + 2 * VEHICLE_MAX)
                if not isinstance(at, list) or len(at) != 2 or not L.contains(grown, at):
                    self.fail("vehicle-rule", ev, "dropped at %s, not in %s" % (at, zone))
                known = game.categories.get(v)
                if known is not None and known != cat:
                    self.fail("vehicle-placed", ev, "%s (%s) placed in %s" % (v, known, zone))
            game.vehicles[v] = "placed"
            game.correct_drops += 1
            self.stats["placed"] += 1
            if game.level and game.correct_drops == L.SORTING_COUNT[game.level]:
                game.decided_win = True
        else:
            game.vehicles[v] = "returning"
            self.stats["wrong-drop"] += 1
            known = game.categories.get(v)
            zone = ev.get("zone")
            if known is not None and zone and zone.split("-")[1] == known:
                self.fail("vehicle-rule", ev, "%s (%s) rejected by %s" % (v, known, zone))

    def on_returned(self, ev):
        game = self.game
        v = ev.get("vehicle")
        if game.vehicles.get(v) != "returning":
            self.fail("vehicle-rule", ev, "%s returned while %s" % (v, game.vehicles.get(v)))
        seconds = ev.get("seconds")
        if not isinstance(seconds, (int, float)) or abs(seconds - L.SORTING_GLIDE) > 1.5 / L.FPS:
            self.fail("vehicle-rule", ev, "glide took %s s" % seconds)
        game.vehicles[v] = "waiting"

    # -- Balloons ---------------------------------------------------------------------------

    def on_spawn(self, ev):
        game = self.game
        bid = ev.get("balloon")
        if bid in game.balloons:
            self.fail("balloon-rule", ev, "%s appeared twice" % bid)
        game.balloons[bid] = ev
        game.alive.add(bid)
        self.stats["spawn.%s" % ev.get("type")] += 1
        base = L.BALLOON_SPEED.get(game.level)
        if base is not None:
            allowed = {"regular": (base, base * 0.5), "bonus": (base * 1.5,), "killer": (base * 0.7,)}.get(ev.get("type"), ())
            if not any(abs(ev.get("speed", -1) - s) < 1e-6 for s in allowed):
                self.fail("balloon-rule", ev, "%s %s at %s px/s" % (ev.get("type"), bid, ev.get("speed")))
        number = ev.get("number")
        if (ev.get("type") == "regular") != (number is not None):
            self.fail("balloon-rule", ev, "%s %s has number %s" % (ev.get("type"), bid, number))
        spot = ev.get("spot")
        if not isinstance(spot, int) or not 0 <= spot <= 9:
            self.fail("balloon-spots", ev, "spot %s" % spot)
        # The update of frame k runs the rules at the frame's time n / 60, n = the game's steps
        # before it (input and update of a frame see one time); the balloon was due at a time
        # in ((n - 1) / 60, n / 60], so in second (n - 1) // 60.
        n = game.steps_before(frame_of(ev["t"]))
        second = (n - 1) // L.FPS
        if spot in game.spots[second]:
            self.fail("balloon-spots", ev, "%s took spot %s, already taken in second %d" % (bid, spot, second))
        game.spots[second].add(spot)

    def on_pop(self, ev):
        game = self.game
        bid = ev.get("balloon")
        if bid not in game.alive:
            self.fail("balloon-rule", ev, "%s popped but not flying" % bid)
        game.alive.discard(bid)
        spawn = game.balloons.get(bid, {})
        if spawn and (spawn.get("number") != ev.get("number") or spawn.get("type") != ev.get("type")):
            self.fail("balloon-rule", ev, "%s popped as %s/%s, appeared as %s/%s" % (
                bid, ev.get("type"), ev.get("number"), spawn.get("type"), spawn.get("number")))
        if isinstance(ev.get("number"), int):
            game.popped_numbers.append(ev["number"])
        if ev.get("type") == "killer":
            game.killer_popped = True
        self.stats["pop.%s" % ev.get("type")] += 1

    def on_escape(self, ev):
        game = self.game
        bid = ev.get("balloon")
        if bid not in game.alive:
            self.fail("balloon-rule", ev, "%s escaped but not flying" % bid)
        game.alive.discard(bid)
        self.stats["escape"] += 1


def check_log_text(text, exit_status=0, stderr="", name="run"):
    """Checks one whole log; answers the checker (failures and stats)."""
    checker = Checker(name)
    checker.check_text(text)
    checker.finish(exit_status, stderr)
    return checker
