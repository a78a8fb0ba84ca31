"""A script being written: lines of TESTING.md's `TIME VERB ARGS...`, kept on whole frames.

The game runs a line at the first frame whose time is >= TIME, so times are written rounded
down to the millisecond: frame f is `floor(f * 1000 / 60)` ms, which still falls after frame
f - 1. The planners think in frames; the script never drifts by a frame.
"""

import collections

import layout as L

INPUT_VERBS = ("tap", "down", "move", "up", "drag", "touch-tap", "key", "pad", "finger-down", "finger-move", "finger-up")


def ftime(frame):
    ms = frame * 1000 // L.FPS
    return "%d.%03d" % (ms // 1000, ms % 1000)


def line_frame(line):
    """The frame a script line runs at."""
    t = float(line.split(None, 1)[0])
    return int(-(-round(t * 1000) * L.FPS // 1000))


def coord(v):
    return str(int(round(v)))


class Script:
    def __init__(self):
        self.lines = []
        self.frame = 0
        self.events = 0
        self.verbs = collections.Counter()
        # Called after each input line (the monkey takes the odd screenshot there).
        self.after_event = None

    # -- time -------------------------------------------------------------------------------

    def wait(self, frames):
        self.frame += max(0, int(frames))

    def wait_s(self, seconds):
        self.wait(int(round(seconds * L.FPS)))

    def at(self, frame):
        self.frame = max(self.frame, int(frame))

    # -- lines ------------------------------------------------------------------------------

    def _add(self, verb, args, event=True):
        self.lines.append(ftime(self.frame) + " " + verb + ("" if not args else " " + " ".join(args)))
        if event:
            self.events += 1
            self.verbs[verb] += 1
            if self.after_event is not None:
                self.after_event()

    def tap(self, p):
        self._add("tap", [coord(p[0]), coord(p[1])])

    def touch_tap(self, p):
        self._add("touch-tap", [coord(p[0]), coord(p[1])])

    def down(self, p):
        self._add("down", [coord(p[0]), coord(p[1])])

    def move(self, p):
        self._add("move", [coord(p[0]), coord(p[1])])

    def up(self, p):
        self._add("up", [coord(p[0]), coord(p[1])])

    def drag(self, a, b, frames):
        """Press at a, one move a frame towards b, release at b `frames` frames later."""
        frames = max(1, int(frames))
        self._add("drag", [coord(a[0]), coord(a[1]), coord(b[0]), coord(b[1]), "%.4f" % (frames / L.FPS)])

    def key(self, name):
        self._add("key", [name])

    def pad(self, button):
        """A game-controller button pressed and released."""
        self._add("pad", [button])

    def finger(self, phase, fid, p):
        """One touch finger (`phase`: down, move or up); several may be down at once."""
        self._add("finger-" + phase, [str(int(fid)), coord(p[0]), coord(p[1])])

    def dump(self):
        self._add("dump", [], event=False)

    def screenshot(self, path):
        self._add("screenshot", [path], event=False)

    def quit(self):
        self._add("quit", [], event=False)

    def text(self):
        return "\n".join(self.lines) + "\n"


def count_events(lines, last_frame=None):
    """Input lines of a script (those at or before `last_frame`, when given)."""
    n = 0
    for line in lines:
        parts = line.split()
        if len(parts) >= 2 and parts[1] in INPUT_VERBS:
            if last_frame is None or line_frame(line) <= last_frame:
                n += 1
    return n
