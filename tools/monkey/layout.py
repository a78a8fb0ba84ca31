"""Frames and numbers of Kids Joy Center, as the monkey needs them to aim.

The games, their levels' numbers and their frames come from the game itself:
`load(binary)` runs `kids-joy-center --describe-games` (the registry as JSON) and fills in
GAMES, TITLES, HOME_GAME, MEMORY_*, SORTING_* and BALLOON_* below; monkey.py calls it before
anything else. Only the frames of screens that are not games (alerts, the gate, the
high-score popup, the top bar) are written here.

Every frame here was read from `dump` events of the real game (1024x768 logical canvas)
and from the constants they come from (HomeLayout, TopBar, AlertScene, HighScoresPopup,
AdultGateScene, MemoryLayout, SortingLayout, BalloonLayout). The generator aims with them
(adaptive runs prefer the frames a dump shows); the checker trusts only the log, apart from
the level rules it checks (counts, time limits, speeds, zones). If a layout changes, taps
land elsewhere and the monkey still plays, only less well.
"""

WIDTH, HEIGHT = 1024, 768
TOP_BAR = 64
FPS = 60

# Filled in by load() from --describe-games.
GAMES = ()
LEVELS = ("easy", "medium", "hard")
# Score thresholds of one, two and three stars per (game, level) (`--describe-games`).
STARS = {}
TITLES = {}
OVERLAYS = ("alert", "highscores", "gate")

# Home (HomeLayout): tiles 220 wide, 44 apart, centred; Play and High Scores below.
HOME_GAME = {}
HOME_LEVEL = {}
HOME_PLAY = (512, 646)
HOME_HIGHSCORES = (804, 652)
# The logo (262, 4, 500, 56): held for 3 s it opens the adult gate.
LOGO = (512, 32)
GATE_HOLD = 3.0

# Top bar (TopBar): Back on games, pause on games, mute everywhere.
BACK = (75, 32)
PAUSE = (900, 32)
MUTE = (982, 32)
# "Hear it again" (games): says the intro; twice within 1.5 s starts the show-me demo.
HEAR_AGAIN = (354, 32)
HEAR_AGAIN_DOUBLE = 1.5
# The show-me demo lasts this long unless a tap ends it; the game's time stands still.
DEMO_FRAMES = 216

# Alerts (AlertScene.panelFrame (192, 194, 640, 380), buttons 200x88, 48 apart).
ALERT_YES = (388, 498)
ALERT_NO = (636, 498)

# High scores popup: Close (412, 568, 200, 76).
HS_CLOSE = (512, 606)

# Adult gate (AdultGateScene): number pad of 100x76 keys, 12 apart, at (350, 348).
GATE_CANCEL = (717, 130)
GATE_QUIT = (512, 308)
GATE_RESET = (512, 438)
GATE_CORNER = (512, 680)
# Home's bar with children: the player's avatar (picker) and her sticker book.
PLAYER = (46, 32)
STICKERS = (134, 32)
# The children's screens and the grown-ups' corner: played from their dumps' items.
PROFILE_SCREENS = ("picker", "corner", "nickname", "stickers", "savereport", "rest", "language")


def gate_key(name):
    """Centre of a number-pad key: a digit 0-9, 'erase' or 'ok'."""
    if name == "erase":
        row, col = 3, 0
    elif name == "ok":
        row, col = 3, 2
    elif name == 0:
        row, col = 3, 1
    else:
        row, col = (name - 1) // 3, (name - 1) % 3
    return (350 + 112 * col + 50, 348 + 88 * row + 38)


# Memory (MemoryLayout in the play area below the top bar): (columns, rows, card side,
# left, top, step between cards).
# Filled in by load(): per level, the cards' frames, the time on the clock, and so on.
MEMORY_GRID = {}      # level -> (columns, rows)
MEMORY_CARDS = {}     # level -> [frame, ...]
MEMORY_TIME = {}
MEMORY_MISMATCH_CLOSE = 1.0
MEMORY_WIN_DELAY = 1.2


def memory_frames(level):
    return MEMORY_CARDS[level]


SORTING_COUNT = {}
SORTING_TIME = {}
SORTING_SLOTS = {}
SORTING_ZONES = {}    # category -> frame (the bounding box of its painted area)
SORTING_AREAS = {}    # category -> [rect, ...]: the painted region drops are judged by
SORTING_MIN_SHARE = 0.4
SORTING_GLIDE = 2.5
SORTING_WIN_DELAY = 0.8


def sorting_slots(level):
    """The home frames of the row of vehicles (SortingLayout.slots)."""
    return SORTING_SLOTS[level]


BALLOON_TIME = {}
BALLOON_SPEED = {}
BALLOON_SIZE = (96.0, 144.0)
BALLOON_SPOTS = []
BALLOON_BODY = (6.4, 3.2, 83.2, 105.6)
BALLOON_HIT_MARGIN = 12
BALLOON_IDLE = 10.0
BALLOON_KILLER_ALERT_DELAY = 0.9


def load(binary):
    """Reads the registry of games from the game (`--describe-games`)."""
    import json
    import subprocess
    out = subprocess.run([binary, "--describe-games"], check=True, capture_output=True, text=True, timeout=60).stdout
    describe(json.loads(out))


def load_file(path):
    """Reads the registry of games from a saved `--describe-games` document."""
    import json
    with open(path, encoding="utf-8") as f:
        describe(json.load(f))


# Every game's own description (`--describe-games`, issue #25), for games without a plugin
# of their own here: how a round can end, its levels' numbers (a `timeLimit` if it has
# one, frames of what is on screen), what its dump items are, its intro's voice key.
ENDINGS = {}
GAME_LEVELS = {}
ITEMS = {}
INTRO = {}


def describe(registry):
    """Fills in the module's game constants from a `--describe-games` document."""
    global GAMES, LEVELS, BALLOON_SIZE, BALLOON_SPOTS, BALLOON_BODY, BALLOON_HIT_MARGIN, BALLOON_IDLE
    global BALLOON_KILLER_ALERT_DELAY, MEMORY_MISMATCH_CLOSE, MEMORY_WIN_DELAY, SORTING_GLIDE, SORTING_WIN_DELAY
    GAMES = tuple(g["id"] for g in registry["games"])
    LEVELS = tuple(lv["id"] for lv in registry["levels"])
    TITLES.clear()
    for item in registry["games"] + registry["levels"]:
        TITLES[item["id"]] = item["title"]
    HOME_GAME.clear()
    HOME_GAME.update({g["id"]: centre(g["homeTile"]) for g in registry["games"]})
    HOME_LEVEL.clear()
    HOME_LEVEL.update({lv["id"]: centre(lv["homeTile"]) for lv in registry["levels"]})
    games = {g["id"]: g["levels"] for g in registry["games"]}
    GAME_LEVELS.clear()
    GAME_LEVELS.update(games)
    ENDINGS.clear()
    ENDINGS.update({g["id"]: {(e["result"], e["reason"]) for e in g.get("endings", [])} for g in registry["games"]})
    ITEMS.clear()
    ITEMS.update({g["id"]: list(g.get("items", [])) for g in registry["games"]})
    INTRO.clear()
    INTRO.update({g["id"]: g.get("voice", {}).get("intro", "voice.intro." + g["id"]) for g in registry["games"]})
    STARS.clear()
    STARS.update({(g["id"], level): list(t) for g in registry["games"] for level, t in g.get("stars", {}).items()})
    for level, data in games.get("memory", {}).items():
        MEMORY_GRID[level] = (data["columns"], data["rows"])
        MEMORY_CARDS[level] = [tuple(f) for f in data["cards"]]
        MEMORY_TIME[level] = data["timeLimit"]
        MEMORY_MISMATCH_CLOSE, MEMORY_WIN_DELAY = data["mismatchClose"], data["winDelay"]
    for level, data in games.get("sorting", {}).items():
        SORTING_COUNT[level] = data["vehicles"]
        SORTING_TIME[level] = data["timeLimit"]
        SORTING_SLOTS[level] = [tuple(f) for f in data["slots"]]
        SORTING_ZONES.update({z["category"]: tuple(z["frame"]) for z in data["zones"]})
        SORTING_AREAS.update({z["category"]: [tuple(r) for r in z.get("area", [z["frame"]])] for z in data["zones"]})
        SORTING_GLIDE, SORTING_WIN_DELAY = data["glide"], data["winDelay"]
    for level, data in games.get("balloons", {}).items():
        BALLOON_TIME[level] = data["timeLimit"]
        BALLOON_SPEED[level] = data["speed"]
        BALLOON_SIZE = tuple(data["balloonSize"])
        BALLOON_SPOTS = list(data["spotX"])
        BALLOON_BODY = tuple(data["bodyInFrame"])
        BALLOON_HIT_MARGIN = data["hitMargin"]
        BALLOON_IDLE = data["idleLimit"]
        BALLOON_KILLER_ALERT_DELAY = data["killerAlertDelay"]


def balloon_spot_x(spot):
    return BALLOON_SPOTS[spot]


def balloon_body_centre(spot, top):
    """Centre of the body of a balloon whose image top edge is at `top`."""
    x, y, w, h = BALLOON_BODY
    return (balloon_spot_x(spot) + x + w / 2, top + y + h / 2)


def time_limit(game, level):
    """The level's time limit in seconds; None for a game without one."""
    known = {"memory": MEMORY_TIME, "sorting": SORTING_TIME, "balloons": BALLOON_TIME}.get(game)
    if known is not None:
        return known[level]
    return GAME_LEVELS.get(game, {}).get(level, {}).get("timeLimit")


PLUGGED = ("memory", "sorting", "balloons")


def tappable_frames(game, level):
    """Frames of what a child taps in a game without a plugin: the level's layout entries
    named after its tappable dump items (`--describe-games` items, `tappable`)."""
    ids = {i["id"] for i in ITEMS.get(game, []) if i.get("tappable")}
    out = []
    for key, value in GAME_LEVELS.get(game, {}).get(level, {}).items():
        if key not in ids or not isinstance(value, list):
            continue
        if len(value) == 4 and all(isinstance(v, (int, float)) for v in value):
            out.append(tuple(value))
        else:
            out += [tuple(v) for v in value if isinstance(v, list) and len(v) == 4]
    return out


def item_matches(game, item_id):
    """Whether a dump item's id is one of the game's tappable items (`card-N` matches
    `card-3`, `zone-CATEGORY` matches `zone-sky`)."""
    import re
    for i in ITEMS.get(game, []):
        if not i.get("tappable"):
            continue
        pattern = "^" + re.sub(r"[A-Z]+", r"[A-Za-z0-9_-]+", re.escape(i["id"])) + "$"
        if re.match(pattern, item_id or ""):
            return True
    return False


def centre(frame):
    x, y, w, h = frame
    return (x + w / 2, y + h / 2)


def sorting_judge(frame):
    """The category a vehicle covering `frame` lands in: the one whose painted area covers the
    largest share of it, if at least 40% (TESTING.md, decision 9); else None."""
    x, y, w, h = frame
    if w <= 0 or h <= 0:
        return None
    best, best_share = None, 0.0
    for cat, rects in SORTING_AREAS.items():
        covered = 0.0
        for rx, ry, rw, rh in rects:
            cw = min(rx + rw, x + w) - max(rx, x)
            ch = min(ry + rh, y + h) - max(ry, y)
            if cw > 0 and ch > 0:
                covered += cw * ch
        share = covered / (w * h)
        if share > best_share:
            best, best_share = cat, share
    return best if best_share >= SORTING_MIN_SHARE - 1e-9 else None


def contains(frame, p):
    x, y, w, h = frame
    return x <= p[0] <= x + w and y <= p[1] <= y + h
