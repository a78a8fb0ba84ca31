#!/usr/bin/python3
"""Synthesize the sound effects of Kids Joy Center.

Every sound is generated from scratch with numpy (additive synthesis, ADSR
envelopes, pitch glides, vibrato and filtered noise), so the results are an
original work of the Kids Joy Center authors, released under CC0-1.0.

Output: Assets/sounds/NAME.ogg -- Ogg Vorbis (oggenc -q 6, Debian's
vorbis-tools), mono, 44100 Hz, from the 16-bit PCM the synthesis gives. OGG is a
sixth of the WAV's size (1.0 MiB installed before, issue #17); SDL_mixer decodes
each effect into memory once, right after the first frame shows, so an effect still
plays at once. Should
lossy coding push a peak above the -1 dBFS ceiling, the sound is encoded again a
little quieter.

The script is deterministic: all noise comes from numpy's legacy RandomState
(whose stream is frozen across numpy versions) with a fixed seed per sound, and
oggenc gets a serial number derived from the name (its output has no date).

Usage:  tools/make_sounds.py            # write all sounds
        tools/make_sounds.py coin boom  # write only some of them
"""

import io
import math
import os
import subprocess
import sys
import tempfile
import wave
import zlib

import numpy as np

SR = 44100
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(ROOT, "Assets", "sounds")

PEAK_LIMIT_DB = -1.2      # sample peak ceiling (brief: <= -1 dBFS)
PEAK_CEILING_DB = -1.0    # the encoded file's peak, decoded, stays below this
OGG_QUALITY = "6"         # oggenc -q: transients (pop, click, tick) stay clean
DEFAULT_TARGET_DB = -15.0  # gated, K-weighted RMS ("perceived loudness")


# --------------------------------------------------------------------------
# Basic building blocks
# --------------------------------------------------------------------------

def n_samples(dur):
    return int(round(dur * SR))


def times(dur):
    return np.arange(n_samples(dur)) / SR


def rng_for(name):
    """Fixed, per-sound random stream (independent of generation order)."""
    return np.random.RandomState(zlib.crc32(name.encode("utf-8")) & 0x7FFFFFFF)


def note(name):
    """Frequency of a note such as 'C5', 'F#4', 'Bb3' (A4 = 440 Hz)."""
    names = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    semis = names[name[0]]
    rest = name[1:]
    while rest and rest[0] in "#b":
        semis += 1 if rest[0] == "#" else -1
        rest = rest[1:]
    octave = int(rest)
    return 440.0 * 2.0 ** ((semis + 12 * (octave - 4)) / 12.0)


def phase_of(freq):
    """Running phase (radians) of a possibly time-varying frequency array."""
    return 2.0 * np.pi * np.cumsum(freq) / SR


def glide(f0, f1, dur, curve="exp"):
    """Frequency array moving from f0 to f1 over dur seconds."""
    x = np.linspace(0.0, 1.0, n_samples(dur))
    if curve == "exp":
        return f0 * (f1 / f0) ** x
    if curve == "fast":  # most of the movement happens early (bubbles)
        return f1 + (f0 - f1) * np.exp(-5.0 * x)
    return f0 + (f1 - f0) * x


def vibrato(freq, rate=5.5, depth=0.01, delay=0.0):
    """Apply a gentle vibrato (depth as a fraction of the frequency)."""
    t = np.arange(len(freq)) / SR
    ramp = np.clip((t - delay) / 0.12, 0.0, 1.0) if delay > 0 else 1.0
    return freq * (1.0 + depth * ramp * np.sin(2 * np.pi * rate * t))


def adsr(dur, a=0.005, d=0.05, s=0.7, r=0.05):
    """Linear-attack, exponential-ish decay/release ADSR of length dur."""
    n = n_samples(dur)
    t = np.arange(n) / SR
    env = np.empty(n)
    a = max(a, 1.0 / SR)
    att = t < a
    env[att] = t[att] / a
    dec = (~att)
    env[dec] = s + (1.0 - s) * np.exp(-(t[dec] - a) / max(d, 1e-4) * 3.0)
    rel_start = max(dur - r, a)
    rel = t >= rel_start
    if r > 0:
        x = np.clip((t[rel] - rel_start) / r, 0.0, 1.0)
        env[rel] *= 0.5 * (1.0 + np.cos(np.pi * x))
    return env


def perc(dur, tau, a=0.003):
    """Percussive envelope: short attack then exponential decay."""
    t = times(dur)
    env = np.exp(-t / tau)
    a_n = max(1, n_samples(a))
    env[:a_n] *= 0.5 * (1.0 - np.cos(np.pi * np.arange(a_n) / a_n))
    return env


def place(buf, sig, t0, gain=1.0):
    """Mix sig into buf starting at time t0 (seconds)."""
    i = n_samples(t0)
    j = min(len(buf), i + len(sig))
    buf[i:j] += gain * sig[: j - i]
    return buf


def additive(freq, partials):
    """Sum of partials [(ratio, amp), ...] on a (time-varying) frequency."""
    ph = phase_of(freq)
    out = np.zeros(len(freq))
    for ratio, amp in partials:
        # keep everything well below Nyquist and out of the piercing range
        mask = (freq * ratio) < 9000.0
        out += amp * np.sin(ratio * ph) * mask
    return out


# --------------------------------------------------------------------------
# Filters (plain python loops; signals here are short so this stays fast)
# --------------------------------------------------------------------------

def biquad(x, b, a):
    b0, b1, b2 = (v / a[0] for v in b)
    a1, a2 = a[1] / a[0], a[2] / a[0]
    y = [0.0] * len(x)
    x1 = x2 = y1 = y2 = 0.0
    for i, xi in enumerate(x.tolist()):
        yi = b0 * xi + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1 = x1, xi
        y2, y1 = y1, yi
        y[i] = yi
    return np.array(y)


def rbj(kind, f0, q=0.7071, gain_db=0.0):
    """RBJ audio-EQ-cookbook biquad coefficients."""
    w0 = 2 * math.pi * f0 / SR
    cw, sw = math.cos(w0), math.sin(w0)
    alpha = sw / (2 * q)
    A = 10 ** (gain_db / 40.0)
    if kind == "lowpass":
        b = [(1 - cw) / 2, 1 - cw, (1 - cw) / 2]
        a = [1 + alpha, -2 * cw, 1 - alpha]
    elif kind == "highpass":
        b = [(1 + cw) / 2, -(1 + cw), (1 + cw) / 2]
        a = [1 + alpha, -2 * cw, 1 - alpha]
    elif kind == "bandpass":  # constant 0 dB peak gain
        b = [alpha, 0.0, -alpha]
        a = [1 + alpha, -2 * cw, 1 - alpha]
    elif kind == "highshelf":
        sq = 2 * math.sqrt(A) * alpha
        b = [A * ((A + 1) + (A - 1) * cw + sq),
             -2 * A * ((A - 1) + (A + 1) * cw),
             A * ((A + 1) + (A - 1) * cw - sq)]
        a = [(A + 1) - (A - 1) * cw + sq,
             2 * ((A - 1) - (A + 1) * cw),
             (A + 1) - (A - 1) * cw - sq]
    else:
        raise ValueError(kind)
    return b, a


def filt(x, kind, f0, q=0.7071, gain_db=0.0):
    b, a = rbj(kind, f0, q, gain_db)
    return biquad(x, b, a)


def svf(x, fc, q=1.0, mode="band"):
    """Zavalishin TPT state-variable filter with time-varying cutoff fc.

    fc may be a scalar or an array as long as x.  Band output has unity
    peak gain at the centre frequency."""
    n = len(x)
    fc = np.broadcast_to(np.asarray(fc, dtype=float), (n,))
    g = np.tan(np.pi * np.clip(fc, 20.0, 0.45 * SR) / SR)
    k = 1.0 / q
    a1 = 1.0 / (1.0 + g * (g + k))
    a2 = g * a1
    a3 = g * a2
    ic1 = ic2 = 0.0
    y = [0.0] * n
    want = {"low": 0, "band": 1, "high": 2}[mode]
    for i, (v0, c1, c2, c3) in enumerate(zip(x.tolist(), a1.tolist(),
                                             a2.tolist(), a3.tolist())):
        v3 = v0 - ic2
        v1 = c1 * ic1 + c2 * v3
        v2 = ic2 + c2 * ic1 + c3 * v3
        ic1 = 2.0 * v1 - ic1
        ic2 = 2.0 * v2 - ic2
        if want == 1:
            y[i] = k * v1
        elif want == 0:
            y[i] = v2
        else:
            y[i] = v0 - k * v1 - v2
    return np.array(y)


def noise(rng, dur):
    return rng.uniform(-1.0, 1.0, n_samples(dur))


# --------------------------------------------------------------------------
# Instruments
# --------------------------------------------------------------------------

def bell(f, dur, tau=0.25, bright=1.0, a=0.003):
    """Soft bell / glockenspiel tone: slightly inharmonic decaying partials."""
    t = times(dur)
    partials = [(1.0, 1.0, 1.0), (2.0, 0.30 * bright, 0.55),
                (3.0, 0.10 * bright, 0.35), (4.16, 0.10 * bright, 0.18),
                (5.43, 0.04 * bright, 0.10)]
    out = np.zeros(len(t))
    for ratio, amp, ts in partials:
        if f * ratio > 9000:
            continue
        out += amp * np.sin(2 * np.pi * f * ratio * t) * np.exp(-t / (tau * ts))
    return out * perc(dur, 10.0, a)


def brass(freq, dur, level=1.0, attack=0.035, release=0.08, vib_delay=0.18):
    """Brass-like tone: harmonics whose brightness follows the envelope."""
    n = n_samples(dur)
    freq = np.broadcast_to(np.asarray(freq, dtype=float), (n,)).copy()
    freq = vibrato(freq, rate=5.5, depth=0.006, delay=vib_delay)
    env = adsr(dur, a=attack, d=0.12, s=0.78, r=release)
    # a little "blat" overshoot at the onset
    t = np.arange(n) / SR
    env = env * (1.0 + 0.25 * np.exp(-((t - attack) / 0.03) ** 2))
    env /= env.max()
    ph = phase_of(freq)
    out = np.zeros(n)
    for h in range(1, 16):
        if freq.max() * h > 7000:
            break
        out += (1.0 / h) * np.sin(h * ph) * env ** (1.0 + 0.35 * (h - 1))
    return level * out


def formant_voice(freq, formants, level=1.0):
    """Additive 'vowel': harmonics weighted by time-varying formant peaks.

    formants: list of (centre_freq_array_or_scalar, bandwidth, gain)."""
    n = len(freq)
    ph = phase_of(freq)
    out = np.zeros(n)
    for h in range(1, 30):
        fh = freq * h
        if fh.max() > 6000:
            break
        w = np.zeros(n)
        for fc, bw, gain in formants:
            w += gain / (1.0 + ((fh - fc) / (bw / 2.0)) ** 2)
        out += w * np.sin(h * ph) / math.sqrt(h)
    return level * out


# --------------------------------------------------------------------------
# The sounds
# --------------------------------------------------------------------------

def snd_click(rng):
    dur = 0.065
    f = glide(650, 1050, dur, "fast")
    body = additive(f, [(1, 1.0)]) * perc(dur, 0.012, a=0.0015)
    knock = additive(f, [(2.76, 0.35)]) * perc(dur, 0.004, a=0.0015)
    tap = filt(noise(rng, dur), "bandpass", 2500, q=1.2) * perc(dur, 0.0025, 0.0008)
    return body + knock + 0.25 * tap


def snd_select(rng):
    dur = 0.085
    f = glide(1150, 1750, dur, "fast")
    body = additive(f, [(1, 1.0), (2, 0.22), (3, 0.06)]) * perc(dur, 0.02, a=0.002)
    tap = filt(noise(rng, dur), "bandpass", 3500, q=1.5) * perc(dur, 0.002, 0.0008)
    return body + 0.15 * tap


def snd_nope(rng):
    """A soft, low double "bup": a tap that changes nothing (a locked card, empty sky)."""
    dur = 0.16
    out = np.zeros(n_samples(dur))
    for t0, f0 in ((0.0, 330), (0.07, 294)):
        d = 0.07
        f = glide(f0, f0 * 0.92, d, "fast")
        place(out, additive(f, [(1, 1.0), (2, 0.12)]) * perc(d, 0.025, a=0.004), t0)
    return out


def snd_whoosh(rng):
    dur = 0.42
    n = n_samples(dur)
    x = np.linspace(0.0, 1.0, n)
    fc = 300.0 * (3600.0 / 300.0) ** (x ** 1.2)
    src = noise(rng, dur)
    # two cascaded band-passes give a clearly audible, airy sweep
    air = svf(svf(src, fc, q=2.5), fc, q=2.5) + 0.4 * svf(svf(src, fc * 1.7, q=3.0), fc * 1.7, q=3.0)
    env = np.sin(np.pi * x ** 0.75) ** 2
    return filt(air * env, "lowpass", 6000)


def snd_popup(rng):
    dur = 0.2
    f = glide(280, 950, 0.2, "fast")
    # the pitch keeps rising slowly after the fast initial sweep
    f = f * (1.0 + 0.15 * np.linspace(0, 1, len(f)))
    tone = additive(f, [(1, 1.0), (2, 0.12)])
    env = adsr(dur, a=0.006, d=0.06, s=0.55, r=0.07)
    return tone * env


def _flick(rng, dur, f_from, f_to, thump_f, lowpass, second=0.035):
    n = n_samples(dur)
    x = np.linspace(0.0, 1.0, n)
    fc = f_from * (f_to / f_from) ** x
    src = noise(rng, dur)
    env = perc(dur, 0.014, a=0.002)
    env2 = np.zeros(n)
    place(env2, perc(dur - second, 0.011, a=0.002), second, 0.6)
    paper = svf(svf(src, fc, q=1.6), fc, q=1.6) * (env + env2)
    paper = filt(paper, "lowpass", lowpass)
    thump = additive(glide(thump_f * 1.3, thump_f, dur), [(1, 1.0), (2, 0.3)]) * perc(dur, 0.018, 0.002)
    return paper + 0.4 * thump


def snd_flip(rng):
    return _flick(rng, 0.12, 1800, 3800, 260, 6000)


def snd_close(rng):
    return _flick(rng, 0.12, 1300, 650, 170, 2500, second=0.045)


def snd_cheer(rng):
    dur = 0.56
    out = np.zeros(n_samples(dur))
    for i, nm in enumerate(["C5", "E5", "G5", "C6"]):
        t0 = 0.065 * i
        place(out, bell(note(nm), dur - t0, tau=0.22 if i < 3 else 0.3), t0,
              0.8 if i < 3 else 1.0)
    return out


def snd_boing(rng):
    dur = 0.42
    t = times(dur)
    base = 220.0 * (1.0 + 0.8 * np.exp(-t / 0.025))
    wobble = 1.0 + 0.16 * np.exp(-t / 0.18) * np.sin(2 * np.pi * 13.0 * t)
    f = base * wobble * (1.0 + 0.08 * t)
    tone = additive(f, [(1, 1.0), (2, 0.45), (3, 0.18), (4, 0.07)])
    return tone * perc(dur, 0.16, a=0.004)


def snd_pick(rng):
    dur = 0.1
    f = glide(620, 1250, 0.1, "exp")
    tone = additive(f, [(1, 1.0), (2, 0.15), (3, 0.12)])
    return tone * adsr(dur, a=0.004, d=0.03, s=0.6, r=0.035)


def snd_correct(rng):
    dur = 0.44
    out = np.zeros(n_samples(dur))
    place(out, bell(note("G5"), dur, tau=0.22), 0.0, 0.85)
    place(out, bell(note("D6"), dur - 0.11, tau=0.32), 0.11, 1.0)
    return out


def snd_oops(rng):
    dur = 0.47
    out = np.zeros(n_samples(dur))
    parts = [(note("A4"), 0.0, 0.15, 1.0), (note("F#4"), 0.17, 0.29, 0.95)]
    for f0, t0, d, g in parts:
        n = n_samples(d)
        f = np.full(n, f0)
        if t0 > 0:  # the "oh" sags a little at the end
            f *= 1.0 - 0.05 * np.linspace(0, 1, n) ** 2
        f = vibrato(f, rate=6.0, depth=0.012, delay=0.06)
        voice = formant_voice(f, [(550, 250, 1.0), (1000, 300, 0.45)])
        place(out, voice * adsr(d, a=0.015, d=0.08, s=0.75, r=0.07), t0, g)
    return out


def snd_pop(rng):
    dur = 0.15
    crack = filt(noise(rng, dur), "highpass", 1200) * perc(dur, 0.004, a=0.0006)
    crack = filt(crack, "lowpass", 6000)
    thump = additive(glide(170, 60, dur), [(1, 1.0)]) * perc(dur, 0.035, a=0.002)
    plop = additive(glide(900, 380, dur, "fast"), [(1, 1.0)]) * perc(dur, 0.015, a=0.001)
    return 0.9 * crack + 0.8 * thump + 0.35 * plop


def snd_magic(rng):
    dur = 0.85
    out = np.zeros(n_samples(dur))
    scale = ["C5", "D5", "E5", "G5", "A5", "C6", "D6", "E6", "G6", "A6", "C7"]
    for i, nm in enumerate(scale):
        t0 = 0.042 * i
        g = 0.55 + 0.45 * (i / (len(scale) - 1))
        f = note(nm)
        # a pair of slightly detuned bells gives a shimmering chorus
        b = bell(f, dur - t0, tau=0.2, bright=0.7) + 0.5 * bell(f * 1.004, dur - t0, tau=0.2, bright=0.5)
        place(out, b, t0, g * (1.0 - 0.35 * i / len(scale)))
    return out


def snd_boom(rng):
    dur = 0.62
    t = times(dur)
    thump = additive(glide(120, 42, dur), [(1, 1.0), (2, 0.25)]) * perc(dur, 0.16, a=0.005)
    # the descending "bwoom" tone carries the sound on small speakers
    f = 440.0 * (165.0 / 440.0) ** (t / dur) * (1.0 + 0.02 * np.sin(2 * np.pi * 7 * t))
    tone = additive(f, [(1, 1.0), (2, 0.45), (3, 0.2), (4, 0.08)]) * adsr(dur, a=0.02, d=0.15, s=0.45, r=0.3)
    rumble = filt(filt(noise(rng, dur), "lowpass", 350), "lowpass", 350) * perc(dur, 0.06, a=0.004)
    return thump + 0.7 * tone + 1.0 * rumble


def snd_coin(rng):
    dur = 0.32
    out = np.zeros(n_samples(dur))
    square = [(1, 1.0), (3, 0.22), (5, 0.08), (7, 0.03)]
    d1 = 0.075
    t1 = additive(np.full(n_samples(d1), note("B5")), square) * adsr(d1, a=0.003, d=0.05, s=0.9, r=0.01)
    d2 = dur - d1
    t2 = additive(np.full(n_samples(d2), note("E6")), square) * adsr(d2, a=0.003, d=0.04, s=0.8, r=0.02) * np.exp(-times(d2) / 0.12)
    place(out, t1, 0.0, 0.9)
    place(out, t2, d1, 1.0)
    return out


def snd_tick(rng):
    dur = 0.05
    f = np.full(n_samples(dur), 1250.0)
    block = additive(f, [(1, 1.0), (2.31, 0.35)]) * perc(dur, 0.008, a=0.001)
    tap = filt(noise(rng, dur), "bandpass", 3000, q=1.0) * perc(dur, 0.0015, 0.0005)
    return block + 0.2 * tap


def snd_fanfare(rng):
    dur = 1.55
    out = np.zeros(n_samples(dur))
    # "ta-ta-ta-taaaa": G4 C5 E5 then a held G5 over a C-major chord
    pickups = [("G4", 0.00), ("C5", 0.14), ("E5", 0.28)]
    for nm, t0 in pickups:
        place(out, brass(note(nm), 0.13, attack=0.02, release=0.04), t0, 0.9)
    t_hold = 0.44
    d_hold = dur - t_hold
    lead = brass(glide(note("G5") * 0.985, note("G5"), d_hold), d_hold,
                 attack=0.04, release=0.35, vib_delay=0.2)
    place(out, lead, t_hold, 1.0)
    for nm, g in [("E5", 0.45), ("C5", 0.4), ("C4", 0.3)]:
        place(out, brass(note(nm), d_hold - 0.03, attack=0.05, release=0.35), t_hold + 0.03, g)
    return out


def snd_sad_trombone(rng):
    dur = 1.85
    out = np.zeros(n_samples(dur))
    notes = [("D4", 0.00, 0.34), ("C#4", 0.36, 0.34), ("C4", 0.72, 0.34), ("B3", 1.08, 0.77)]
    for i, (nm, t0, d) in enumerate(notes):
        n = n_samples(d)
        t = np.arange(n) / SR
        f = np.full(n, note(nm))
        f *= 1.0 - 0.015 * (t / d)  # every "wah" droops slightly
        last = i == len(notes) - 1
        if last:  # long, wobbly and funny
            f = vibrato(f * (1.0 - 0.03 * (t / d) ** 2), rate=5.0, depth=0.03, delay=0.15)
        else:
            f = vibrato(f, rate=5.0, depth=0.004)
        # "wah": the mute opens and closes -> brightness sweeps up and down
        wah = np.sin(np.pi * np.clip(t / (d * (0.6 if last else 0.9)), 0, 1)) ** 1.5
        if last:
            wah = np.maximum(wah, 0.35 * (t > d * 0.3))
        fc = 350.0 + 1500.0 * wah
        ph = phase_of(f)
        tone = np.zeros(n)
        for h in range(1, 20):
            fh = f * h
            if fh.max() > 6000:
                break
            tone += np.sin(h * ph) / h / (1.0 + (fh / fc) ** 4)
        env = adsr(d, a=0.03, d=0.1, s=0.85, r=0.06 if not last else 0.4)
        place(out, tone * env, t0, 1.0)
    return out


def snd_applause(rng):
    dur = 1.55
    n = n_samples(dur)
    out = np.zeros(n)
    x = np.arange(n) / SR
    density = np.clip(x / 0.12, 0, 1) * np.clip((dur - x) / 0.7, 0, 1)
    # a crowd of small hands: ~170 claps, timed by the density curve
    cdf = np.cumsum(density)
    cdf /= cdf[-1]
    starts = np.sort(np.searchsorted(cdf, rng.uniform(0, 1, 170)))
    clap_len = n_samples(0.03)
    for s in starts:
        burst = rng.uniform(-1, 1, clap_len)
        env = np.exp(-np.arange(clap_len) / SR / rng.uniform(0.004, 0.008))
        env[:30] *= np.linspace(0, 1, 30)
        c = filt(burst * env, "bandpass", rng.uniform(900, 2300), q=rng.uniform(1.5, 2.5))
        g = rng.uniform(0.4, 1.0) * density[s]
        place(out, c, s / SR, g)
    out = filt(out, "lowpass", 6000)
    out /= np.sqrt(np.mean(out ** 2)) + 1e-9
    # gently squash the rare pile-ups of simultaneous claps (lower crest factor)
    out = 3.0 * np.tanh(out / 3.0)
    # a soft "yaaay": a vowel gliding up in pitch, from /i/ towards /e/
    yd = 0.6
    yt = times(yd)
    yf = vibrato(glide(380, 560, yd, "fast"), rate=6.0, depth=0.015, delay=0.15)
    f1 = 300 + 300 * np.clip(yt / 0.15, 0, 1)
    f2 = 2300 - 500 * np.clip(yt / 0.15, 0, 1)
    yay = formant_voice(yf, [(f1, 150, 1.0), (f2, 250, 0.5), (2800, 300, 0.25)])
    yay *= adsr(yd, a=0.03, d=0.2, s=0.6, r=0.3)
    yay /= np.sqrt(np.mean(yay ** 2)) + 1e-9
    place(out, yay, 0.05, 0.28)
    return out


def snd_bonus_arrive(rng):
    dur = 0.37
    out = np.zeros(n_samples(dur))
    seq = [("E6", 0.0, 1.0), ("B6", 0.07, 0.9), ("E6", 0.14, 0.55), ("B6", 0.21, 0.45)]
    for nm, t0, g in seq:
        f = note(nm)
        b = bell(f, dur - t0, tau=0.13, bright=0.5) + 0.6 * bell(f * 1.006, dur - t0, tau=0.13, bright=0.3)
        place(out, b, t0, g)
    return out


def snd_killer_arrive(rng):
    dur = 0.47
    out = np.zeros(n_samples(dur))
    for nm, t0, d, g in [("G3", 0.0, 0.18, 1.0), ("D3", 0.21, 0.26, 1.0)]:
        n = n_samples(d)
        f = np.full(n, note(nm)) * (1.0 + 0.04 * np.exp(-np.arange(n) / SR / 0.015))
        tone = additive(f, [(1, 1.0), (2, 0.5), (3, 0.3), (4, 0.12), (5, 0.05)])
        place(out, tone * adsr(d, a=0.008, d=0.07, s=0.45, r=0.08), t0, g)
    return out


SOUNDS = {
    # name: (generator, loudness target in dB[, final fade-out in s])
    # Ringing sounds get a longer final fade so their tails die away smoothly.
    "click": (snd_click, -18.0),
    "whoosh": (snd_whoosh, -16.0),
    "popup": (snd_popup, -15.0),
    "flip": (snd_flip, -17.0),
    "close": (snd_close, -17.0),
    "cheer": (snd_cheer, -15.0, 0.14),
    "boing": (snd_boing, -15.0, 0.08),
    "pick": (snd_pick, -16.0),
    "correct": (snd_correct, -15.0, 0.14),
    "oops": (snd_oops, -15.0),
    "pop": (snd_pop, -15.0),
    "magic": (snd_magic, -15.0, 0.22),
    "boom": (snd_boom, -15.0),
    "coin": (snd_coin, -15.0, 0.05),
    "tick": (snd_tick, -19.0),
    "fanfare": (snd_fanfare, -15.0),
    "sad-trombone": (snd_sad_trombone, -15.0),
    "applause": (snd_applause, -16.0),
    "bonus-arrive": (snd_bonus_arrive, -15.0, 0.12),
    "killer-arrive": (snd_killer_arrive, -15.0),
    "select": (snd_select, -17.0),
    "nope": (snd_nope, -24.0),
}


# --------------------------------------------------------------------------
# Mastering: DC removal, fades, loudness normalisation, peak ceiling
# --------------------------------------------------------------------------

def k_weight(x):
    """Approximate ITU-R BS.1770 K-weighting (for loudness measurement)."""
    y = filt(x, "highshelf", 1681.97, q=0.7072, gain_db=4.0)
    return filt(y, "highpass", 38.135, q=0.5003)


def gated_rms_db(x, weighted=True):
    """RMS over the 'active' part: 20 ms blocks within 20 dB of the loudest."""
    y = k_weight(x) if weighted else x
    blk = n_samples(0.02)
    nb = max(1, len(y) // blk)
    ms = np.array([np.mean(y[i * blk:(i + 1) * blk] ** 2) for i in range(nb)])
    keep = ms >= ms.max() * 10 ** (-20 / 10.0)
    return 10 * math.log10(np.mean(ms[keep]) + 1e-20)


def fades(x, fade_in=0.004, fade_out=0.015):
    x = x.copy()
    a = n_samples(fade_in)
    b = n_samples(fade_out)
    x[:a] *= 0.5 * (1 - np.cos(np.pi * np.arange(a) / a))
    x[-b:] *= 0.5 * (1 + np.cos(np.pi * np.arange(b) / b))
    x[0] = 0.0
    x[-1] = 0.0
    return x


def master(x, target_db, fade_out=0.015):
    x = np.asarray(x, dtype=float)
    x = filt(x, "highpass", 25.0, q=0.7071)  # remove DC / sub-sonic content
    x = fades(x, fade_out=fade_out)
    x *= 10 ** ((target_db - gated_rms_db(x)) / 20.0)
    peak = np.max(np.abs(x))
    ceiling = 10 ** (PEAK_LIMIT_DB / 20.0)
    if peak > ceiling:
        x *= ceiling / peak
    return x


def write_wav(path, x):
    pcm = np.clip(np.round(x * 32767.0), -32767, 32767).astype("<i2")
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SR)
        w.writeframes(pcm.tobytes())


def db(v):
    return 20 * math.log10(max(v, 1e-12))


def encoded_peak_db(ogg):
    """The peak (dBFS) of the OGG file decoded (oggdec to 16-bit WAV on stdout)."""
    raw = subprocess.run(["oggdec", "-Q", "-o", "-", ogg], check=True, capture_output=True).stdout
    with wave.open(io.BytesIO(raw), "rb") as w:
        pcm = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(float)
    return db(np.max(np.abs(pcm)) / 32767.0)


def write_ogg(path, x, name):
    """Encodes `x` to `path` (written aside, then renamed); answers the decoded peak."""
    serial = str(zlib.crc32(name.encode("utf-8")) & 0x7FFFFFFF)
    with tempfile.TemporaryDirectory(prefix="sound-") as tmp:
        wav = os.path.join(tmp, name + ".wav")
        for _ in range(4):
            write_wav(wav, x)
            subprocess.run(["oggenc", "-Q", "-q", OGG_QUALITY, "--serial", serial, "-o", path + ".tmp", wav], check=True)
            peak = encoded_peak_db(path + ".tmp")
            if peak <= PEAK_CEILING_DB:
                break
            x = x * 10 ** ((PEAK_CEILING_DB - 0.3 - peak) / 20.0)
        else:
            sys.exit("%s: the encoded peak stays at %.2f dBFS" % (name, peak))
    os.replace(path + ".tmp", path)
    return peak


def main(argv):
    names = argv[1:] or list(SOUNDS)
    unknown = [n for n in names if n not in SOUNDS]
    if unknown:
        sys.exit("unknown sound(s): %s (known: %s)" % (", ".join(unknown), ", ".join(SOUNDS)))
    for tool in ("oggenc", "oggdec"):
        if subprocess.run(["sh", "-c", "command -v " + tool], capture_output=True).returncode != 0:
            sys.exit("%s is missing: apt-get install vorbis-tools" % tool)
    os.makedirs(OUT_DIR, exist_ok=True)
    print("%-14s %6s %8s %8s %9s %8s" % ("sound", "secs", "peak dB", "RMS dB", "active dB", "ogg pk"))
    for name in names:
        gen, target, *fade = SOUNDS[name]
        x = master(gen(rng_for(name)), target, *fade)
        encoded = write_ogg(os.path.join(OUT_DIR, name + ".ogg"), x, name)
        print("%-14s %6.3f %8.1f %8.1f %9.1f %8.1f" % (
            name, len(x) / SR, db(np.max(np.abs(x))),
            db(math.sqrt(np.mean(x ** 2))), gated_rms_db(x), encoded))


if __name__ == "__main__":
    main(sys.argv)
