"""Fixed frames and numbers of Kids Joy Center, as the monkey needs them to aim.

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

GAMES = ("memory", "sorting", "balloons")
LEVELS = ("easy", "medium", "hard")
TITLES = {"memory": "Memory", "sorting": "Sorting", "balloons": "Balloons",
          "easy": "Easy", "medium": "Medium", "hard": "Hard"}
OVERLAYS = ("alert", "highscores", "gate")

# Home (HomeLayout): tiles 220 wide, 44 apart, centred; Play and High Scores below.
HOME_GAME = {"memory": (248, 224), "sorting": (512, 224), "balloons": (776, 224)}
HOME_LEVEL = {"easy": (248, 440), "medium": (512, 440), "hard": (776, 440)}
HOME_PLAY = (512, 646)
HOME_HIGHSCORES = (804, 652)
# The logo (262, 4, 500, 56): held for 3 s it opens the adult gate.
LOGO = (512, 32)
GATE_HOLD = 3.0

# Top bar (TopBar): Back on games, pause on games, mute everywhere.
BACK = (75, 32)
PAUSE = (900, 32)
MUTE = (982, 32)

# Alerts (AlertScene.panelFrame (192, 194, 640, 380), buttons 200x88, 48 apart).
ALERT_YES = (388, 498)
ALERT_NO = (636, 498)

# High scores popup: Close (412, 568, 200, 76).
HS_CLOSE = (512, 606)

# Adult gate (AdultGateScene): number pad of 100x76 keys, 12 apart, at (350, 348).
GATE_CANCEL = (717, 130)
GATE_QUIT = (512, 308)
GATE_RESET = (512, 438)


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
MEMORY_GRID = {
    "easy": (4, 3, 213, 68, 84, 225),
    "medium": (4, 4, 159, 180, 84, 168),
    "hard": (5, 4, 159, 96, 84, 168),
}
MEMORY_TIME = {"easy": 120, "medium": 105, "hard": 90}
MEMORY_MISMATCH_CLOSE = 1.0
MEMORY_WIN_DELAY = 1.2


def memory_frames(level):
    columns, rows, side, left, top, step = MEMORY_GRID[level]
    return [(left + c * step, top + r * step, side, side) for r in range(rows) for c in range(columns)]


# Sorting (SortingLayout): vehicles in one row at the top, three zones.
SORTING_COUNT = {"easy": 8, "medium": 10, "hard": 12}
SORTING_TIME = {"easy": 60, "medium": 45, "hard": 30}
SORTING_ZONES = {
    "air": (24, 196, 976, 200),
    "water": (24, 424, 440, 320),
    "land": (496, 424, 504, 320),
}
SORTING_GLIDE = 2.5
SORTING_WIN_DELAY = 0.8


def sorting_slots(level):
    """The home frames of the row of vehicles (SortingLayout.slots)."""
    count = SORTING_COUNT[level]
    size = float(int(min(100.0, 118.0, (WIDTH - (count + 1) * 12.0) / count)))
    gap = (WIDTH - count * size) / (count + 1)
    y = 72 + 118 / 2 - size / 2
    return [(gap + i * (size + gap), y, size, size) for i in range(count)]


# Balloons (BalloonLayout, BalloonRules): ten entrance spots, images 96x144.
BALLOON_TIME = {"easy": 60, "medium": 45, "hard": 30}
BALLOON_SPEED = {"easy": 110, "medium": 150, "hard": 200}
BALLOON_SIZE = (96.0, 144.0)
BALLOON_SPOT_GAP = (WIDTH - 10 * BALLOON_SIZE[0]) / 11
# The body inside the image frame (8, 4, 104, 132) scaled by 0.8, and the hit margin.
BALLOON_BODY = (6.4, 3.2, 83.2, 105.6)
BALLOON_HIT_MARGIN = 12
BALLOON_IDLE = 10.0
BALLOON_KILLER_ALERT_DELAY = 0.9


def balloon_spot_x(spot):
    return BALLOON_SPOT_GAP + spot * (BALLOON_SIZE[0] + BALLOON_SPOT_GAP)


def balloon_body_centre(spot, top):
    """Centre of the body of a balloon whose image top edge is at `top`."""
    x, y, w, h = BALLOON_BODY
    return (balloon_spot_x(spot) + x + w / 2, top + y + h / 2)


def time_limit(game, level):
    return {"memory": MEMORY_TIME, "sorting": SORTING_TIME, "balloons": BALLOON_TIME}[game][level]


def centre(frame):
    x, y, w, h = frame
    return (x + w / 2, y + h / 2)


def contains(frame, p):
    x, y, w, h = frame
    return x <= p[0] <= x + w and y <= p[1] <= y + h
