#!/usr/bin/python3
"""Generate every image asset of Kids Joy Center into Assets/images/.

Run with Debian's Python (needs python3-pil and python3-numpy):

    /usr/bin/python3 tools/make_images.py              # every image, 1x
    /usr/bin/python3 tools/make_images.py --scale 2    # NAME@2x.webp of the drawn images
    /usr/bin/python3 tools/make_images.py --scale 3    # NAME@3x.webp of the same images

Everything is either drawn here with Pillow shapes (project-original art,
CC0-1.0) or is a glyph of Noto Color Emoji (Apache-2.0 images) that is only
ever scaled DOWN (except inside a @3x picture whose @2x fits the emoji's
bitmap: there it is enlarged at most 1.5 times, see emoji_fit).  Text uses
Andika Bold (SIL OFL 1.1).  The output is deterministic: all randomness uses
fixed seeds.
"""

import io
import math
import os
import random
import sys

import numpy as np
from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Assets", "images")
EMOJI_FONT = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
ANDIKA_BOLD = "/usr/share/fonts/truetype/andika/Andika-Bold.ttf"

SS = 4  # supersampling factor for small drawn images

_emoji_font = None
WRITTEN = []
EMOJI_UPSCALED = False  # set when emoji_fit is asked for more than the bitmap's size
# How much emoji_fit may enlarge Noto's bitmap (its only size, 136x128): 1 (never), except
# for the @3x pictures, 1.5 (the emoji of a picture whose @2x fits the bitmap).
EMOJI_MAX_ENLARGE = 1.0


# --------------------------------------------------------------------------
# generic helpers
# --------------------------------------------------------------------------

def rgb(h):
    h = h.lstrip("#")
    return tuple(int(h[i:i + 2], 16) for i in (0, 2, 4))


def mix(c1, c2, t):
    return tuple(int(round(a + (b - a) * t)) for a, b in zip(c1, c2))


def lighten(c, t):
    return mix(c, (255, 255, 255), t)


def darken(c, t):
    return mix(c, (0, 0, 0), t)


def new(w, h):
    return Image.new("RGBA", (w, h), (0, 0, 0, 0))


def down(im, size):
    """High quality downscale of an RGBA image (premultiplied to avoid halos)."""
    if im.size == tuple(size):
        return im
    if im.mode == "RGBA":
        return im.convert("RGBa").resize(size, Image.LANCZOS).convert("RGBA")
    return im.resize(size, Image.LANCZOS)


def qoi_bytes(im):
    """The image in the QOI format (https://qoiformat.org, "The Quite OK Image Format").

    The game decodes QOI in a few milliseconds where PNG took about 100 ms of its start-up.
    """
    rgba = im.convert("RGBA")
    w, h = rgba.size
    out = bytearray(b"qoif" + w.to_bytes(4, "big") + h.to_bytes(4, "big") + bytes([4, 0]))
    index = [(0, 0, 0, 0)] * 64
    prev = (0, 0, 0, 255)
    run = 0
    for px in rgba.getdata():
        if px == prev:
            run += 1
            if run == 62:
                out.append(0xC0 | (run - 1))
                run = 0
            continue
        if run:
            out.append(0xC0 | (run - 1))
            run = 0
        r, g, b, a = px
        slot = (r * 3 + g * 5 + b * 7 + a * 11) % 64
        if index[slot] == px:
            out.append(slot)
        else:
            index[slot] = px
            if a == prev[3]:
                dr, dg, db = (r - prev[0] + 128) % 256 - 128, (g - prev[1] + 128) % 256 - 128, (b - prev[2] + 128) % 256 - 128
                dr_dg, db_dg = dr - dg, db - dg
                if -2 <= dr <= 1 and -2 <= dg <= 1 and -2 <= db <= 1:
                    out.append(0x40 | (dr + 2) << 4 | (dg + 2) << 2 | (db + 2))
                elif -32 <= dg <= 31 and -8 <= dr_dg <= 7 and -8 <= db_dg <= 7:
                    out += bytes([0x80 | (dg + 32), (dr_dg + 8) << 4 | (db_dg + 8)])
                else:
                    out += bytes([0xFE, r, g, b])
            else:
                out += bytes([0xFF, r, g, b, a])
        prev = px
    if run:
        out.append(0xC0 | (run - 1))
    out += bytes([0, 0, 0, 0, 0, 0, 0, 1])
    return bytes(out)


def webp_bytes(im):
    """The image as lossless WebP (libwebp's slowest, smallest setting; deterministic).

    The @2x and @3x pictures: 60% smaller than QOI and 35% smaller than PNG, decoded by
    SDL_image (docs/screens.md, "Screens and resolutions", has the figures).
    """
    out = io.BytesIO()
    im.convert("RGBA").save(out, "WEBP", lossless=True, quality=100, method=6, exact=False)
    return out.getvalue()


def save(im, name):
    """Game images are written as QOI (fast to load), their @2x and @3x versions as lossless
    WebP (small); the desktop icons (app-icon*) as PNG."""
    if name.startswith("app-icon"):
        im.save(os.path.join(OUT, name), optimize=True)
    elif "@" in name:
        name = name[:-4] + ".webp"
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(webp_bytes(im))
    else:
        name = name[:-4] + ".qoi"
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(qoi_bytes(im))
    WRITTEN.append((name, im.size, im.mode))


def solid(size, color, alpha_mask):
    """A layer of one colour using alpha_mask (an 'L' image) as alpha."""
    layer = Image.new("RGBA", size, tuple(color) + (255,))
    layer.putalpha(alpha_mask)
    return layer


def scale_alpha(mask, f):
    return mask.point(lambda v: int(v * f + 0.5))


def grow(mask, px):
    """Dilate (px>0) an 'L' mask by about px pixels with rounded corners."""
    if px <= 0:
        return mask
    sigma = px / 1.5
    b = mask.filter(ImageFilter.GaussianBlur(sigma))
    return b.point(lambda v: 255 if v > 17 else 0)


def soften(mask, px):
    """Round off sharp corners of a hard mask (keeps size roughly)."""
    b = mask.filter(ImageFilter.GaussianBlur(px))
    return b.point(lambda v: 255 if v > 127 else 0)


def shadow_of(layer, offset=(0, 6), blur=6, opacity=0.35, color=(40, 30, 60)):
    """Return a soft shadow layer (same size) for an RGBA layer."""
    a = scale_alpha(layer.getchannel("A"), opacity)
    sh = solid(layer.size, color, a).filter(ImageFilter.GaussianBlur(blur))
    out = new(*layer.size)
    out.paste(sh, offset)
    return out


def with_shadow(layer, offset=(0, 6), blur=6, opacity=0.35, color=(40, 30, 60)):
    out = shadow_of(layer, offset, blur, opacity, color)
    out.alpha_composite(layer)
    return out


def clip(layer, mask):
    """Multiply a layer's alpha by mask."""
    a = ImageChops.multiply(layer.getchannel("A"), mask)
    out = layer.copy()
    out.putalpha(a)
    return out


def grad_array(w, h, stops, angle=90.0):
    """Linear gradient as float array (h, w, 3). angle 90 = top->bottom."""
    ang = math.radians(angle)
    dx, dy = math.cos(ang), math.sin(ang)
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    proj = xs * dx + ys * dy
    lo = min(0 * dx + 0 * dy, (w - 1) * dx, (h - 1) * dy, (w - 1) * dx + (h - 1) * dy)
    hi = max(0.0, (w - 1) * dx, (h - 1) * dy, (w - 1) * dx + (h - 1) * dy)
    t = (proj - lo) / max(hi - lo, 1e-6)
    pos = [s[0] for s in stops]
    out = np.zeros((h, w, 3), np.float32)
    for ch in range(3):
        out[..., ch] = np.interp(t, pos, [s[1][ch] for s in stops])
    return out


def gradient(w, h, stops, angle=90.0, mode="RGBA"):
    arr = grad_array(w, h, stops, angle)
    im = Image.fromarray(np.clip(arr + 0.5, 0, 255).astype(np.uint8), "RGB")
    return im.convert(mode)


def ellipse_mask(size, box):
    m = Image.new("L", size, 0)
    ImageDraw.Draw(m).ellipse(box, fill=255)
    return m


def star_points(cx, cy, R, r, n=5, rot=-90.0):
    pts = []
    for i in range(2 * n):
        a = math.radians(rot + i * 180.0 / n)
        rad = R if i % 2 == 0 else r
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return pts


# --------------------------------------------------------------------------
# emoji
# --------------------------------------------------------------------------

def emoji(ch):
    """The Noto Color Emoji bitmap of ch (native 136x128), trimmed to content."""
    global _emoji_font
    if _emoji_font is None:
        _emoji_font = ImageFont.truetype(EMOJI_FONT, 109)
    im = new(160, 160)
    ImageDraw.Draw(im).text((0, 0), ch, font=_emoji_font, embedded_color=True)
    bbox = im.getbbox()
    if bbox is None:
        raise RuntimeError("emoji %r missing from font" % ch)
    return im.crop(bbox)


def emoji_fit(ch, w, h=None, flip=False):
    """Emoji scaled DOWN so it fits in w x h; scaled up only by EMOJI_MAX_ENLARGE at most
    (Lanczos, premultiplied: Noto has no larger bitmap), else shown at its bitmap size and
    EMOJI_UPSCALED is set so that the picture is not written."""
    h = w if h is None else h
    im = emoji(ch)
    if flip:
        im = im.transpose(Image.FLIP_LEFT_RIGHT)
    global EMOJI_UPSCALED
    need = min(w / im.width, h / im.height)
    if need > EMOJI_MAX_ENLARGE + 1e-9:
        EMOJI_UPSCALED = True  # it would need to grow: it is shown at its bitmap size instead
    s = min(1.0 if need > EMOJI_MAX_ENLARGE + 1e-9 else EMOJI_MAX_ENLARGE, need)
    if abs(s - 1.0) > 1e-9:
        im = down(im, (max(1, round(im.width * s)), max(1, round(im.height * s))))
    return im


def centred(im, w, h, dx=0, dy=0):
    out = new(w, h)
    out.alpha_composite(im, ((w - im.width) // 2 + dx, (h - im.height) // 2 + dy))
    return out


def emoji_icon(ch, size, margin=0, flip=False):
    im = emoji_fit(ch, size - 2 * margin, size - 2 * margin, flip=flip)
    return centred(im, size, size)


# --------------------------------------------------------------------------
# golden star
# --------------------------------------------------------------------------

def gold_star_layer(size, cx, cy, R, outline=None, shadow=True, inner=0.48,
                    top=(255, 236, 110), bottom=(255, 178, 0),
                    edge=(232, 128, 0)):
    """Draw a shiny rounded golden star on a (size x size-ish) RGBA layer.
    size is (w, h) in final-resolution pixels * caller's supersampling."""
    w, h = size
    outline = R * 0.12 if outline is None else outline
    m = Image.new("L", size, 0)
    ImageDraw.Draw(m).polygon(star_points(cx, cy, R, R * inner), fill=255)
    m = soften(m, R * 0.045)
    om = grow(m, outline)
    layer = new(w, h)
    layer.alpha_composite(solid(size, edge, om))
    body = gradient(w, h, [(0, top), (1, bottom)])
    # restrict the gradient to the star's vertical extent
    g = gradient(w, int(2 * R) + 1, [(0, top), (0.55, mix(top, bottom, 0.5)), (1, bottom)])
    body = new(w, h)
    body.paste(g, (0, int(cy - R)))
    body.putalpha(m)
    layer.alpha_composite(body)
    # glossy facet: smaller star up-left, light
    hm = Image.new("L", size, 0)
    ImageDraw.Draw(hm).polygon(
        star_points(cx - R * 0.06, cy - R * 0.08, R * 0.62, R * 0.62 * inner), fill=255)
    hm = hm.filter(ImageFilter.GaussianBlur(R * 0.08))
    hm = ImageChops.multiply(hm, m)
    layer.alpha_composite(solid(size, (255, 255, 220), scale_alpha(hm, 0.45)))
    # small specular dot
    dm = Image.new("L", size, 0)
    ImageDraw.Draw(dm).ellipse((cx - R * 0.32, cy - R * 0.42, cx - R * 0.12, cy - R * 0.22), fill=255)
    dm = ImageChops.multiply(dm.filter(ImageFilter.GaussianBlur(R * 0.04)), m)
    layer.alpha_composite(solid(size, (255, 255, 255), scale_alpha(dm, 0.85)))
    if shadow:
        layer = with_shadow(layer, (0, int(R * 0.08)), R * 0.07, 0.35, (120, 60, 0))
    return layer


# --------------------------------------------------------------------------
# balloons
# --------------------------------------------------------------------------

BALLOON_COLORS = [
    ("red", "#F23A3A"),
    ("orange", "#FF8C1A"),
    ("yellow", "#FFD21A"),
    ("green", "#3DC952"),
    ("teal", "#14BFAE"),
    ("sky", "#5CC8FF"),
    ("blue", "#2453DB"),
    ("purple", "#9345E8"),
    ("pink", "#FF6EB4"),
    ("brown", "#9C5F34"),
]

BW, BH = 120, 180
BODY_TOP, BODY_BOTTOM = 4, 136
BODY_HALF_W = 52


def balloon_body_mask(s):
    """Egg-shaped (wider at the top) balloon body mask at scale s."""
    cx = BW * s / 2
    top, bottom = BODY_TOP * s, BODY_BOTTOM * s
    cy = top + (bottom - top) * 0.47
    bt, bb = cy - top, bottom - cy
    a = BODY_HALF_W * s / 1.03
    pts = []
    n = 360
    for i in range(n):
        t = 2 * math.pi * i / n
        c, sn = math.cos(t), math.sin(t)
        b = bt if c > 0 else bb
        x = cx + a * sn * (1 + (0.10 if c > 0 else 0.17) * c)
        y = cy - b * c
        pts.append((x, y))
    m = Image.new("L", (BW * s, BH * s), 0)
    ImageDraw.Draw(m).polygon(pts, fill=255)
    return m, cx, cy, a, bt, bb


def balloon(color, kind="plain", with_string=True, s=SS, scale=1):
    """Return a 120x180 balloon (at final resolution, times scale) of the given colour.
    kind: 'plain', 'star' or 'skull'."""
    s = s * scale
    k = scale
    W, H = BW * s, BH * s
    col = rgb(color) if isinstance(color, str) else color
    m, cx, cy, a, bt, bb = balloon_body_mask(s)
    out = new(W, H)

    # ---- string
    knot_bottom = BODY_BOTTOM * s + 9 * s
    if with_string:
        pts = []
        y0 = knot_bottom - 2 * s
        for i in range(121):
            y = y0 + (H - 1 * s - y0) * i / 120
            u = (y - y0) / (H - y0)
            x = cx + 4.0 * s * math.sin(u * 2 * math.pi * 1.25) * min(1, u * 4)
            pts.append((x, y))
        ImageDraw.Draw(out).line(pts, fill=(150, 150, 165, 255), width=int(1.6 * s), joint="curve")

    # ---- knot (small triangle, apex hidden under the body)
    km = Image.new("L", (W, H), 0)
    ky = BODY_BOTTOM * s
    ImageDraw.Draw(km).polygon(
        [(cx, ky - 7 * s), (cx - 7 * s, knot_bottom), (cx + 7 * s, knot_bottom)], fill=255)
    km = soften(km, 1.2 * s)
    knot_col = darken(col, 0.25) if kind != "skull" else (70, 70, 80)
    out.alpha_composite(solid((W, H), knot_col, km))

    # ---- outline / glow for special balloons
    if kind == "star":
        glow = grow(m, 5 * s).filter(ImageFilter.GaussianBlur(2.5 * s))
        out.alpha_composite(solid((W, H), (255, 250, 170), glow))
        out.alpha_composite(solid((W, H), (255, 255, 235), grow(m, 2.5 * s)))
    elif kind == "skull":
        out.alpha_composite(solid((W, H), (235, 30, 40), grow(m, 3.2 * s)))

    # ---- shaded body
    ys, xs = np.mgrid[0:H, 0:W].astype(np.float32)
    u = (xs - cx) / a
    v = np.where(ys < cy, (ys - cy) / bt, (ys - cy) / bb)
    # distance from the light spot (upper-left)
    d = np.sqrt((u + 0.38) ** 2 + (v + 0.45) ** 2)
    base = np.array(col, np.float32)
    if kind == "skull":
        light = np.array(mix(col, (255, 255, 255), 0.22), np.float32)
        dark = np.array(darken(col, 0.55), np.float32)
    else:
        light = np.array(lighten(col, 0.38), np.float32)
        dark = np.array(darken(col, 0.32), np.float32)
    t1 = np.clip(d / 0.75, 0, 1)[..., None]
    t2 = np.clip((d - 0.75) / 0.85, 0, 1)[..., None]
    c = light + (base - light) * t1
    c = c + (dark - c) * t2
    # rim darkening using a blurred mask
    mb = np.asarray(m.filter(ImageFilter.GaussianBlur(7 * s)), np.float32) / 255.0
    rim = np.clip((0.82 - mb) / 0.32, 0, 1)[..., None] * 0.28
    c = c * (1 - rim)
    # faint reflected light at lower right rim
    rl = np.clip(1 - np.sqrt((u - 0.55) ** 2 + (v - 0.62) ** 2) / 0.45, 0, 1)[..., None]
    c = c + (np.array(lighten(col, 0.25), np.float32) - c) * rl * 0.35
    body = Image.fromarray(np.clip(c + 0.5, 0, 255).astype(np.uint8), "RGB").convert("RGBA")
    body.putalpha(m)
    out.alpha_composite(body)

    # ---- specular highlight (upper-left), kept away from the centre
    hl = new(W, H)
    hw, hh = a * 0.17, bt * 0.36
    hx, hy = cx - a * 0.50, cy - bt * 0.40
    e = new(int(hw * 2 + 8 * s), int(hh * 2 + 8 * s))
    ImageDraw.Draw(e).ellipse((4 * s, 4 * s, 4 * s + 2 * hw, 4 * s + 2 * hh), fill=(255, 255, 255, 255))
    e = e.rotate(-32, resample=Image.BICUBIC, expand=True)
    hl.alpha_composite(e, (int(hx - e.width / 2), int(hy - e.height / 2)))
    hl = hl.filter(ImageFilter.GaussianBlur(2.2 * s))
    dot = new(W, H)
    dx, dy = cx - a * 0.70, cy + bt * 0.08
    ImageDraw.Draw(dot).ellipse((dx - 3.2 * s, dy - 4.2 * s, dx + 3.2 * s, dy + 4.2 * s), fill=(255, 255, 255, 255))
    dot = dot.filter(ImageFilter.GaussianBlur(1.2 * s))
    hl.alpha_composite(dot)
    # broad soft sheen behind the sharp highlight
    sheen = Image.new("L", (W, H), 0)
    ImageDraw.Draw(sheen).ellipse((cx - a * 0.85, cy - bt * 0.92, cx + a * 0.05, cy + bt * 0.05), fill=90)
    sheen = sheen.filter(ImageFilter.GaussianBlur(9 * s))
    hl.alpha_composite(solid((W, H), (255, 255, 255), sheen))
    hl = clip(hl, m)
    hl.putalpha(scale_alpha(hl.getchannel("A"), 0.85 if kind != "skull" else 0.5))
    out.alpha_composite(hl)

    # ---- decorations
    if kind == "star":
        rng = random.Random(7)
        for (px, py, r) in [(0.95, -0.55, 9), (-0.98, 0.05, 7), (0.88, 0.55, 7),
                            (-0.55, -0.98, 6), (0.35, -1.02, 8), (-0.80, 0.75, 6)]:
            sx = cx + px * a
            sy = cy + (py * bt if py < 0 else py * bb)
            out.alpha_composite(sparkle_layer((W, H), sx, sy, r * s, rng))
    FW, FH = BW * k, BH * k
    out = down(out, (FW, FH))
    if kind == "star":
        st = emoji_fit("\u2b50", 60 * k)
        halo = Image.new("L", (FW, FH), 0)
        hcx, hcy = FW // 2, int(cy / s * k) + 2 * k
        ImageDraw.Draw(halo).ellipse((hcx - 30 * k, hcy - 28 * k, hcx + 30 * k, hcy + 30 * k), fill=150)
        halo = halo.filter(ImageFilter.GaussianBlur(8 * k))
        out.alpha_composite(solid((FW, FH), (255, 255, 230), ImageChops.multiply(halo, down(m, (FW, FH)))))
        out.alpha_composite(st, (FW // 2 - st.width // 2, int(cy / s * k) - st.height // 2 + 2 * k))
    elif kind == "skull":
        sk = emoji_fit("\U0001F480", 60 * k)
        out.alpha_composite(sk, (FW // 2 - sk.width // 2, int(cy / s * k) - sk.height // 2 + 4 * k))
    return out


# --------------------------------------------------------------------------
# sparkles
# --------------------------------------------------------------------------

def astroid_points(cx, cy, rx, ry, rot=0.0, n=120, p=3.0):
    pts = []
    cr, sr = math.cos(math.radians(rot)), math.sin(math.radians(rot))
    for i in range(n):
        t = 2 * math.pi * i / n
        c, s_ = math.cos(t), math.sin(t)
        x = rx * math.copysign(abs(c) ** p, c)
        y = ry * math.copysign(abs(s_) ** p, s_)
        pts.append((cx + x * cr - y * sr, cy + x * sr + y * cr))
    return pts


def sparkle_layer(size, cx, cy, r, rng=None, color=(255, 255, 255), glow=(255, 225, 90)):
    layer = new(*size)
    gm = Image.new("L", size, 0)
    ImageDraw.Draw(gm).ellipse((cx - r * 0.7, cy - r * 0.7, cx + r * 0.7, cy + r * 0.7), fill=200)
    gm = gm.filter(ImageFilter.GaussianBlur(r * 0.35))
    layer.alpha_composite(solid(size, glow, gm))
    m = Image.new("L", size, 0)
    ImageDraw.Draw(m).polygon(astroid_points(cx, cy, r, r * 1.15), fill=255)
    layer.alpha_composite(solid(size, color, m))
    return layer


# --------------------------------------------------------------------------
# clouds
# --------------------------------------------------------------------------

def cloud_mask(size, cx, cy, w, h, rng, puffs=5):
    """Fluffy cloud: flat-ish bottom + row of puffs."""
    m = Image.new("L", size, 0)
    d = ImageDraw.Draw(m)
    base_h = h * 0.42
    d.rounded_rectangle((cx - w / 2, cy + h / 2 - base_h, cx + w / 2, cy + h / 2),
                        radius=base_h / 2, fill=255)
    for i in range(puffs):
        f = (i + 0.5) / puffs
        px = cx - w / 2 + w * (0.12 + 0.76 * f)
        mid = 1 - abs(f - 0.5) * 2  # 1 in the middle
        pr = h * (0.28 + 0.30 * mid) * rng.uniform(0.85, 1.1)
        py = cy + h / 2 - base_h * 0.55 - pr * 0.75
        d.ellipse((px - pr, py - pr, px + pr, py + pr), fill=255)
    return m


def cloud_layer(size, cx, cy, w, h, rng, alpha=1.0, shade=(205, 225, 245), puffs=5):
    m = cloud_mask(size, cx, cy, w, h, rng, puffs)
    m = m.filter(ImageFilter.GaussianBlur(max(1, h * 0.02)))
    layer = new(*size)
    # shading: bluish lower part
    y0, y1 = int(cy - h / 2), int(cy + h / 2) + 1
    g = gradient(size[0], max(2, y1 - y0), [(0, (255, 255, 255)), (0.55, (255, 255, 255)), (1, shade)])
    body = new(*size)
    body.paste(g, (0, y0))
    # fill above/below the gradient band
    if y0 > 0:
        body.paste((255, 255, 255, 255), (0, 0, size[0], y0))
    if y1 < size[1]:
        body.paste(shade + (255,), (0, y1, size[0], size[1]))
    body.putalpha(scale_alpha(m, alpha))
    sh = shadow_of(body, (0, int(h * 0.06)), h * 0.08, 0.18, (60, 90, 140))
    layer.alpha_composite(sh)
    layer.alpha_composite(body)
    return layer


# --------------------------------------------------------------------------
# cards
# --------------------------------------------------------------------------

def card_back(size=256, s=SS, scale=1):
    s = s * scale
    S = size * s
    rad = 28 * size / 256 * s
    pad = 2 * s
    m = Image.new("L", (S, S), 0)
    ImageDraw.Draw(m).rounded_rectangle((pad, pad, S - pad, S - pad), radius=rad, fill=255)
    border = solid((S, S), (74, 40, 160), m)
    out = new(S, S)
    out.alpha_composite(border)
    bw = 9 * size / 256 * s
    im_ = Image.new("L", (S, S), 0)
    ImageDraw.Draw(im_).rounded_rectangle((pad + bw, pad + bw, S - pad - bw, S - pad - bw),
                                          radius=rad - bw * 0.7, fill=255)
    face = gradient(S, S, [(0, (150, 95, 255)), (0.5, (110, 100, 250)), (1, (60, 150, 255))], angle=60)
    pat = new(S, S)
    d = ImageDraw.Draw(pat)
    # diagonal lattice of little stars and dots
    step = 42 * size / 256 * s
    rows = int(S / step) + 2
    for j in range(-1, rows):
        for i in range(-1, rows):
            x = i * step + (step / 2 if j % 2 else 0)
            y = j * step
            if (i + j) % 2 == 0:
                d.polygon(star_points(x, y, 8 * size / 256 * s, 3.6 * size / 256 * s, rot=-90 + 10 * (i % 3)),
                          fill=(255, 255, 255, 95))
            else:
                rr = 3 * size / 256 * s
                d.ellipse((x - rr, y - rr, x + rr, y + rr), fill=(255, 230, 120, 110))
    face.alpha_composite(pat)
    # dashed inner frame
    fr = new(S, S)
    inset = bw + 9 * size / 256 * s + pad
    ImageDraw.Draw(fr).rounded_rectangle((inset, inset, S - inset, S - inset),
                                         radius=rad * 0.6, outline=(255, 255, 255, 120),
                                         width=int(2.5 * size / 256 * s))
    face.alpha_composite(fr)
    # central badge: white circle with a golden star and a "?"
    c = S / 2
    br = 66 * size / 256 * s
    badge = new(S, S)
    ImageDraw.Draw(badge).ellipse((c - br, c - br, c + br, c + br), fill=(255, 255, 255, 235))
    ImageDraw.Draw(badge).ellipse((c - br * 0.9, c - br * 0.9, c + br * 0.9, c + br * 0.9),
                                  fill=(255, 248, 225, 255))
    face.alpha_composite(with_shadow(badge, (0, int(4 * s * size / 256)), 6 * s * size / 256, 0.35, (30, 10, 80)))
    star = gold_star_layer((S, S), c, c + 2 * s * size / 256, 56 * size / 256 * s, shadow=False)
    face.alpha_composite(star)
    fnt = ImageFont.truetype(ANDIKA_BOLD, int(64 * size / 256 * s))
    qd = new(S, S)
    ImageDraw.Draw(qd).text((c, c + 6 * s * size / 256), "?", font=fnt, anchor="mm",
                            fill=(255, 255, 255, 255), stroke_width=int(4 * s * size / 256),
                            stroke_fill=(200, 90, 0, 255))
    face.alpha_composite(qd)
    face.putalpha(im_)
    out.alpha_composite(face)
    # soft top gloss
    gl = new(S, S)
    ImageDraw.Draw(gl).ellipse((-S * 0.3, -S * 0.75, S * 1.3, S * 0.32), fill=(255, 255, 255, 40))
    out.alpha_composite(clip(gl, im_))
    return down(out, (size * scale, size * scale))


def card_front(size=256, s=SS, scale=1):
    s = s * scale
    S = size * s
    rad = 28 * size / 256 * s
    pad = 2 * s
    m = Image.new("L", (S, S), 0)
    ImageDraw.Draw(m).rounded_rectangle((pad, pad, S - pad, S - pad), radius=rad, fill=255)
    out = solid((S, S), (232, 212, 170), m)
    bw = 5 * size / 256 * s
    im_ = Image.new("L", (S, S), 0)
    ImageDraw.Draw(im_).rounded_rectangle((pad + bw, pad + bw, S - pad - bw, S - pad - bw),
                                          radius=rad - bw * 0.7, fill=255)
    face = gradient(S, S, [(0, (255, 253, 244)), (1, (255, 243, 218))])
    # very subtle inner vignette
    vg = Image.new("L", (S, S), 0)
    inset = 20 * s
    ImageDraw.Draw(vg).rounded_rectangle((inset, inset, S - inset, S - inset), radius=rad, fill=255)
    vg = vg.filter(ImageFilter.GaussianBlur(14 * s))
    edge = solid((S, S), (245, 225, 185), ImageChops.invert(vg).point(lambda v: int(v * 0.45)))
    face.alpha_composite(edge)
    face.putalpha(im_)
    out.alpha_composite(face)
    return down(out, (size * scale, size * scale))


# --------------------------------------------------------------------------
# buttons
# --------------------------------------------------------------------------

def round_button(size, top, bottom, s=SS, shadow=True):
    """Glossy round button base at size*s resolution; returns (layer, mask, c, r)."""
    S = size * s
    c = S / 2
    r = S * 0.44
    cy = c - S * 0.02
    m = ellipse_mask((S, S), (c - r, cy - r, c + r, cy + r))
    out = new(S, S)
    rim = solid((S, S), darken(bottom, 0.18), m)
    out.alpha_composite(rim)
    ri = r - S * 0.035
    mi = ellipse_mask((S, S), (c - ri, cy - ri, c + ri, cy + ri))
    g = gradient(S, S, [(0, top), (0.5, mix(top, bottom, 0.45)), (1, bottom)])
    g.putalpha(mi)
    out.alpha_composite(g)
    # gloss
    gl = new(S, S)
    ImageDraw.Draw(gl).ellipse((c - ri * 0.78, cy - ri * 0.94, c + ri * 0.78, cy - ri * 0.02),
                               fill=(255, 255, 255, 255))
    gl = gl.filter(ImageFilter.GaussianBlur(S * 0.02))
    ga = gradient(S, S, [(0, (120, 120, 120)), (0.5, (0, 0, 0)), (1, (0, 0, 0))]).convert("L")
    gl.putalpha(ImageChops.multiply(ImageChops.multiply(gl.getchannel("A"), ga), mi))
    out.alpha_composite(gl)
    if shadow:
        out = with_shadow(out, (0, int(S * 0.03)), S * 0.025, 0.35, (20, 20, 40))
    return out, mi, (c, cy), ri


def glyph_shadow(layer, S):
    return with_shadow(layer, (0, int(S * 0.012)), S * 0.01, 0.30, (0, 0, 0))


def make_play(size=200, s=SS):
    S = size * s
    base, mi, (c, cy), r = round_button(size, rgb("#6BE36B"), rgb("#1E9E3C"), s)
    tri = Image.new("L", (S, S), 0)
    h = r * 0.95
    x0 = c - h * 0.36
    ImageDraw.Draw(tri).polygon([(x0, cy - h / 2), (x0, cy + h / 2), (x0 + h * 0.88, cy)], fill=255)
    tri = soften(tri, S * 0.018)
    base.alpha_composite(glyph_shadow(solid((S, S), (255, 255, 255), tri), S))
    return down(base, (size, size))


def make_back(size=96, s=SS):
    S = size * s
    base, mi, (c, cy), r = round_button(size, rgb("#FFB347"), rgb("#F2661B"), s)
    ar = Image.new("L", (S, S), 0)
    d = ImageDraw.Draw(ar)
    L = r * 1.12
    hx = c - L / 2
    head_w = r * 0.55
    d.polygon([(hx, cy), (hx + head_w, cy - head_w * 0.95), (hx + head_w, cy + head_w * 0.95)], fill=255)
    sh = r * 0.17
    d.rounded_rectangle((hx + head_w * 0.6, cy - sh, c + L / 2, cy + sh), radius=sh, fill=255)
    ar = soften(ar, S * 0.015)
    base.alpha_composite(glyph_shadow(solid((S, S), (255, 255, 255), ar), S))
    return down(base, (size, size))


def speaker_mask(S, c, cy, r, dx):
    m = Image.new("L", (S, S), 0)
    d = ImageDraw.Draw(m)
    x = c + dx
    bw, bh = r * 0.28, r * 0.46
    d.rounded_rectangle((x - r * 0.55, cy - bh / 2, x - r * 0.55 + bw, cy + bh / 2), radius=r * 0.06, fill=255)
    d.polygon([(x - r * 0.55 + bw * 0.8, cy - bh / 2), (x + r * 0.05, cy - r * 0.58),
               (x + r * 0.05, cy + r * 0.58), (x - r * 0.55 + bw * 0.8, cy + bh / 2)], fill=255)
    return soften(m, S * 0.012)


def make_speaker(on, size=96, s=SS):
    S = size * s
    if on:
        base, mi, (c, cy), r = round_button(size, rgb("#5BC0FF"), rgb("#2167D8"), s)
    else:
        base, mi, (c, cy), r = round_button(size, rgb("#A8B6C8"), rgb("#64748B"), s)
    g = new(S, S)
    dx = -r * 0.18 if on else -r * 0.22
    g.alpha_composite(solid((S, S), (255, 255, 255), speaker_mask(S, c, cy, r, dx)))
    if on:
        d = ImageDraw.Draw(g)
        wx = c + dx + r * 0.02
        for k, (rr, ang) in enumerate([(r * 0.36, 48), (r * 0.66, 50)]):
            w = int(r * 0.13)
            d.arc((wx - rr, cy - rr, wx + rr, cy + rr), -ang, ang, fill=(255, 255, 255, 255), width=w)
            for sgn in (-1, 1):
                a = math.radians(sgn * ang)
                px = wx + (rr - w / 2) * math.cos(a)
                py = cy + (rr - w / 2) * math.sin(a)
                d.ellipse((px - w / 2, py - w / 2, px + w / 2, py + w / 2), fill=(255, 255, 255, 255))
        base.alpha_composite(glyph_shadow(g, S))
    else:
        base.alpha_composite(glyph_shadow(g, S))
        # red X with white edge
        xm = Image.new("L", (S, S), 0)
        d = ImageDraw.Draw(xm)
        xc, yc, k = c + r * 0.42, cy, r * 0.26
        w = int(r * 0.17)
        for (a1, a2) in [((xc - k, yc - k), (xc + k, yc + k)), ((xc - k, yc + k), (xc + k, yc - k))]:
            d.line([a1, a2], fill=255, width=w)
            for p in (a1, a2):
                d.ellipse((p[0] - w / 2, p[1] - w / 2, p[0] + w / 2, p[1] + w / 2), fill=255)
        base.alpha_composite(solid((S, S), (255, 255, 255), grow(xm, r * 0.06)))
        base.alpha_composite(solid((S, S), (235, 35, 45), xm))
    return down(base, (size, size))


def make_check(size=64, s=SS):
    S = size * s
    c = S / 2
    out = new(S, S)
    r = S * 0.45
    out.alpha_composite(solid((S, S), (255, 255, 255), ellipse_mask((S, S), (c - r, c - r, c + r, c + r))))
    ri = r * 0.86
    mi = ellipse_mask((S, S), (c - ri, c - ri, c + ri, c + ri))
    g = gradient(S, S, [(0, rgb("#6EE06E")), (1, rgb("#1F9E3E"))])
    g.putalpha(mi)
    out.alpha_composite(g)
    ck = new(S, S)
    w = int(S * 0.12)
    pts = [(c - ri * 0.48, c + ri * 0.02), (c - ri * 0.12, c + ri * 0.36), (c + ri * 0.50, c - ri * 0.34)]
    d = ImageDraw.Draw(ck)
    d.line(pts, fill=(255, 255, 255, 255), width=w, joint="curve")
    for p in (pts[0], pts[2]):
        d.ellipse((p[0] - w / 2, p[1] - w / 2, p[0] + w / 2, p[1] + w / 2), fill=(255, 255, 255, 255))
    out.alpha_composite(glyph_shadow(ck, S))
    out = with_shadow(out, (0, int(S * 0.025)), S * 0.025, 0.35, (20, 40, 20))
    return down(out, (size, size))


# --------------------------------------------------------------------------
# small drawn icons
# --------------------------------------------------------------------------

def make_star(size=48, s=SS):
    S = size * s
    st = gold_star_layer((S, S), S / 2, S / 2 - S * 0.02, S * 0.42)
    return down(st, (size, size))


def make_confetti(size=24, s=SS):
    S = size * s
    out = new(S, S)
    w, h = S * 0.78, S * 0.46
    box = (S / 2 - w / 2, S / 2 - h / 2, S / 2 + w / 2, S / 2 + h / 2)
    ImageDraw.Draw(out).rounded_rectangle(box, radius=h * 0.3, fill=(255, 255, 255, 255))
    # faint lower shading so the tinted piece has a little depth
    sh = new(S, S)
    ImageDraw.Draw(sh).rectangle((0, S / 2 + h * 0.1, S, S), fill=(215, 215, 215, 255))
    sh = sh.filter(ImageFilter.GaussianBlur(S * 0.05))
    out.alpha_composite(clip(sh, out.getchannel("A")))
    return down(out, (size, size))


def make_sparkle(size=64, s=SS):
    S = size * s
    c = S / 2
    out = new(S, S)
    gm = Image.new("L", (S, S), 0)
    ImageDraw.Draw(gm).ellipse((c - S * 0.22, c - S * 0.22, c + S * 0.22, c + S * 0.22), fill=170)
    gm = gm.filter(ImageFilter.GaussianBlur(S * 0.09))
    out.alpha_composite(solid((S, S), (255, 214, 80), gm))
    small = Image.new("L", (S, S), 0)
    ImageDraw.Draw(small).polygon(astroid_points(c, c, S * 0.25, S * 0.25, rot=45), fill=255)
    out.alpha_composite(solid((S, S), (255, 226, 120), scale_alpha(small, 0.8)))
    big = Image.new("L", (S, S), 0)
    ImageDraw.Draw(big).polygon(astroid_points(c, c, S * 0.40, S * 0.48), fill=255)
    out.alpha_composite(solid((S, S), (255, 208, 60), big))
    core = Image.new("L", (S, S), 0)
    ImageDraw.Draw(core).polygon(astroid_points(c, c, S * 0.33, S * 0.40), fill=255)
    out.alpha_composite(solid((S, S), (255, 255, 255), core.filter(ImageFilter.GaussianBlur(S * 0.012))))
    return down(out, (size, size))


def make_burst(size=160, s=SS):
    """White comic 'pop' burst: tapered rays + dots around an empty centre."""
    S = size * s
    c = S / 2
    out = new(S, S)
    d = ImageDraw.Draw(out)
    W = (255, 255, 255, 255)
    n = 12
    for i in range(n):
        a = 2 * math.pi * i / n - math.pi / 2
        long = i % 2 == 0
        r0 = S * (0.20 if long else 0.25)
        r1 = S * (0.47 if long else 0.39)
        w1 = S * (0.055 if long else 0.045)  # half width at the outer end
        ca, sa = math.cos(a), math.sin(a)
        px, py = -sa, ca
        pts = [(c + ca * r0, c + sa * r0),
               (c + ca * r1 + px * w1, c + sa * r1 + py * w1),
               (c + ca * r1 - px * w1, c + sa * r1 - py * w1)]
        d.polygon(pts, fill=W)
        d.ellipse((c + ca * r1 - w1, c + sa * r1 - w1, c + ca * r1 + w1, c + sa * r1 + w1), fill=W)
        # dot between rays
        a2 = a + math.pi / n
        rr = S * (0.026 if long else 0.02)
        rd = S * (0.43 if long else 0.35)
        dx, dy = c + math.cos(a2) * rd, c + math.sin(a2) * rd
        d.ellipse((dx - rr, dy - rr, dx + rr, dy + rr), fill=W)
    return down(out, (size, size))


def make_levels(n, w=160, h=120, s=SS):
    W, H = w * s, h * s
    out = new(W, H)
    if n == 1:
        specs = [(W / 2, H / 2, H * 0.44)]
    elif n == 2:
        specs = [(W * 0.27, H * 0.52, H * 0.31), (W * 0.73, H * 0.52, H * 0.31)]
    else:
        specs = [(W * 0.175, H * 0.60, H * 0.225), (W * 0.825, H * 0.60, H * 0.225),
                 (W * 0.50, H * 0.45, H * 0.29)]
    for (x, y, r) in specs:
        out.alpha_composite(gold_star_layer((W, H), x, y, r))
    return down(out, (w, h))


# --------------------------------------------------------------------------
# composite icons
# --------------------------------------------------------------------------

def rotated(im, deg):
    return im.convert("RGBa").rotate(deg, resample=Image.BICUBIC, expand=True).convert("RGBA")


def make_game_memory(size=160):
    S = size * 2
    out = new(S, S)
    cs = int(S * 0.60)
    back = rotated(down(card_back(256, s=2), (cs, cs)), 12)
    front = down(card_front(256, s=2), (cs, cs))
    cat = emoji_fit("\U0001F431", int(cs * 0.80))
    front.alpha_composite(cat, ((front.width - cat.width) // 2, (front.height - cat.height) // 2))
    front = rotated(front, -9)
    out.alpha_composite(with_shadow(back, (0, 6), 6, 0.35),
                        (int(S * 0.345 - back.width / 2), int(S * 0.40 - back.height / 2)))
    out.alpha_composite(with_shadow(front, (0, 6), 6, 0.35),
                        (int(S * 0.655 - front.width / 2), int(S * 0.60 - front.height / 2)))
    return down(out, (size, size))


def make_game_sorting(size=160):
    S = size
    out = new(S, S)
    # soft pastel disc so the three vehicles read as one icon
    disc = new(S * 4, S * 4)
    c = S * 2
    r = S * 2 * 0.92
    g = gradient(S * 4, S * 4, [(0, rgb("#BDE7FF")), (0.55, rgb("#CFF3FF")), (0.56, rgb("#A6E3F5")),
                                (0.75, rgb("#B8EBA0")), (1, rgb("#9BDB7E"))])
    g.putalpha(ellipse_mask((S * 4, S * 4), (c - r, c - r, c + r, c + r)))
    disc.alpha_composite(g)
    disc = down(disc, (S, S))
    out.alpha_composite(disc)
    plane = emoji_fit("\u2708", 74)
    boat = emoji_fit("\u26F5", 62)
    car = emoji_fit("\U0001F697", 70, flip=True)
    out.alpha_composite(with_shadow(plane, (0, 3), 3, 0.25), (14, 8))
    out.alpha_composite(with_shadow(boat, (0, 3), 3, 0.25), (92, 38))
    out.alpha_composite(with_shadow(car, (0, 3), 3, 0.25), (30, 98))
    return out


def balloon_bunch(size, s=2, scale=1):
    """Three balloons with strings joining in one point; size x size."""
    S = size * s
    out = new(S, S)
    specs = [("#FF6EB4", -16, 0.27, 0.38, 0.60),
             ("#5CC8FF", 16, 0.73, 0.38, 0.60),
             ("#F23A3A", 0, 0.50, 0.34, 0.67)]
    tie = (S * 0.5, S * 0.96)
    layers = []
    for col, ang, fx, fy, sc in specs:
        b = balloon(col, with_string=False, s=4, scale=scale)
        b = b.crop((0, 0, BW * scale, (BODY_BOTTOM + 10) * scale))
        bw = int(S * sc * BW / (BODY_BOTTOM + 10))
        bh = int(S * sc)
        b = down(b, (bw, bh))
        b = rotated(b, ang)
        x = S * fx - b.width / 2
        y = S * fy - b.height / 2
        # knot position after rotation (approx.: bottom centre of body rotated)
        kx = S * fx + math.sin(math.radians(-ang)) * bh * 0.48 * -1
        ky = S * fy + math.cos(math.radians(ang)) * bh * 0.48
        layers.append((b, (int(x), int(y)), (kx, ky)))
    d = ImageDraw.Draw(out)
    for _, _, (kx, ky) in layers:
        pts = []
        for i in range(41):
            t = i / 40
            x = kx + (tie[0] - kx) * t + math.sin(t * math.pi * 2) * S * 0.012
            y = ky + (tie[1] - ky) * t
            pts.append((x, y))
        d.line(pts, fill=(140, 140, 160, 255), width=max(2, int(S * 0.012)), joint="curve")
    for b, pos, _ in layers:
        out.alpha_composite(with_shadow(b, (0, int(S * 0.02)), S * 0.02, 0.25), pos)
    # small bow at the tie
    bw = S * 0.035
    d = ImageDraw.Draw(out)
    d.polygon([(tie[0], tie[1]), (tie[0] - bw * 1.6, tie[1] - bw), (tie[0] - bw * 1.6, tie[1] + bw)], fill=(255, 200, 40, 255))
    d.polygon([(tie[0], tie[1]), (tie[0] + bw * 1.6, tie[1] - bw), (tie[0] + bw * 1.6, tie[1] + bw)], fill=(255, 200, 40, 255))
    d.ellipse((tie[0] - bw * 0.6, tie[1] - bw * 0.6, tie[0] + bw * 0.6, tie[1] + bw * 0.6), fill=(240, 160, 20, 255))
    return down(out, (size, size))


def make_logo(w=520, h=110, s=SS, scale=1):
    k = scale
    s, w, h = s * k, w * k, h * k
    W, H = w * s, h * s
    out = new(W, H)
    text = "Kids Joy Center"
    colors = ["#F23A3A", "#FF8C1A", "#F5B400", "#3DC952", "#14BFAE", "#2F7BEF", "#9345E8", "#FF4FA3"]
    em_w = 56 * k
    avail = (w - 2 * (em_w + 4 * k)) * s
    fs = 40 * s
    while True:
        f = ImageFont.truetype(ANDIKA_BOLD, fs)
        tw = f.getlength(text)
        if tw + 2 * 3 * s > avail:
            break
        fs += s
    fs -= s
    f = ImageFont.truetype(ANDIKA_BOLD, fs)
    stroke = int(fs * 0.09)
    tw = f.getlength(text)
    x = (W - tw) / 2
    base_y = H * 0.56
    letters = new(W, H)
    d = ImageDraw.Draw(letters)
    ci = 0
    for i, ch in enumerate(text):
        adv = f.getlength(text[:i + 1]) - f.getlength(text[:i])
        if ch != " ":
            bob = (-1 if ci % 2 else 1) * fs * 0.035
            d.text((x + f.getlength(text[:i]), base_y + bob), ch, font=f, anchor="ls",
                   fill=rgb(colors[ci % len(colors)]) + (255,),
                   stroke_width=stroke, stroke_fill=(255, 255, 255, 255))
            ci += 1
    # darker thin rim around the white outline for contrast on light backgrounds
    a = letters.getchannel("A")
    rim = solid((W, H), (120, 90, 160), grow(a, 1.2 * s))
    comp = new(W, H)
    comp.alpha_composite(rim)
    comp.alpha_composite(letters)
    comp = with_shadow(comp, (0, int(4 * s)), 3.5 * s, 0.35, (60, 30, 90))
    out.alpha_composite(comp)
    out = down(out, (w, h))
    bal = emoji_fit("\U0001F388", em_w, 84 * k)
    star = emoji_fit("\u2b50", em_w, 84 * k)
    tx0 = (w - tw / s) / 2
    out.alpha_composite(bal, (max(0, int(tx0 - bal.width - 2 * k)), (h - bal.height) // 2))
    out.alpha_composite(star, (min(w - star.width, int(tx0 + tw / s + 2 * k)), (h - star.height) // 2))
    return out


def make_app_icon(size=256, s=SS):
    S = size * s
    rad = S * 0.22
    pad = S * 0.02
    m = Image.new("L", (S, S), 0)
    ImageDraw.Draw(m).rounded_rectangle((pad, pad, S - pad, S - pad), radius=rad, fill=255)
    out = new(S, S)
    face = gradient(S, S, [(0, rgb("#47B8FF")), (0.55, rgb("#7A7CFF")), (1, rgb("#B35CF0"))], angle=75)
    # sun rays from upper right
    rays = new(S, S)
    d = ImageDraw.Draw(rays)
    cx, cy = S * 0.72, S * 0.30
    for i in range(16):
        a0 = 2 * math.pi * i / 16
        a1 = a0 + math.pi / 16
        d.polygon([(cx, cy), (cx + math.cos(a0) * S * 1.5, cy + math.sin(a0) * S * 1.5),
                   (cx + math.cos(a1) * S * 1.5, cy + math.sin(a1) * S * 1.5)], fill=(255, 255, 255, 28))
    face.alpha_composite(rays)
    rng = random.Random(3)
    face.alpha_composite(cloud_layer((S, S), S * 0.30, S * 0.84, S * 0.56, S * 0.22, rng, alpha=0.95))
    face.putalpha(m)
    out.alpha_composite(face)
    # balloon
    b = balloon("#F23A3A", s=4)
    bh = int(S * 0.80)
    bw = int(bh * BW / BH)
    b = down(b, (bw, bh))
    b = rotated(b, 8)
    out.alpha_composite(with_shadow(b, (0, int(S * 0.015)), S * 0.015, 0.3),
                        (int(S * 0.40 - b.width / 2), int(S * 0.10)))
    # star
    st = gold_star_layer((S, S), S * 0.73, S * 0.58, S * 0.20)
    out.alpha_composite(st)
    out.alpha_composite(sparkle_layer((S, S), S * 0.86, S * 0.22, S * 0.055))
    out.alpha_composite(sparkle_layer((S, S), S * 0.15, S * 0.20, S * 0.04))
    # glossy rim
    rim = Image.new("L", (S, S), 0)
    ImageDraw.Draw(rim).rounded_rectangle((pad, pad, S - pad, S - pad), radius=rad, outline=255,
                                          width=int(S * 0.012))
    out.alpha_composite(solid((S, S), (255, 255, 255), scale_alpha(rim, 0.55)))
    out = clip(out, grow(m, 1))
    return down(out, (size, size))


# --------------------------------------------------------------------------
# backgrounds (drawn at 2x then downsampled to 1024x768)
# --------------------------------------------------------------------------

BG_W, BG_H = 1024, 768


def comp(img, layer, x, y):
    """alpha_composite layer onto img at (x, y), clipping at the borders."""
    x, y = int(round(x)), int(round(y))
    sx0, sy0 = max(0, -x), max(0, -y)
    sx1, sy1 = min(layer.width, img.width - x), min(layer.height, img.height - y)
    if sx1 <= sx0 or sy1 <= sy0:
        return
    img.alpha_composite(layer, dest=(x + sx0, y + sy0), source=(sx0, sy0, sx1, sy1))


def cloud_at(img, cx, cy, w, h, rng, **kw):
    lw, lh = int(w * 1.2 + h * 0.6), int(h * 2.6)
    lx, ly = lw / 2, lh * 0.62
    comp(img, cloud_layer((lw, lh), lx, ly, w, h, rng, **kw), cx - lx, cy - ly)


def screen_glow(img, box, color, strength, blur):
    """Brighten img (RGBA) with a soft additive-looking (screen) glow."""
    m = Image.new("L", img.size, 0)
    ImageDraw.Draw(m).ellipse(box, fill=strength)
    m = m.filter(ImageFilter.GaussianBlur(blur))
    glow = Image.composite(Image.new("RGB", img.size, color), Image.new("RGB", img.size, 0), m)
    out = ImageChops.screen(img.convert("RGB"), glow).convert("RGBA")
    return out


# The other screen shapes (issue 27): a wide picture for landscape 16:10 to 21:9 (the game
# crops it to the screen, never mirrors it) and a tall one for portrait 9:16 to 3:4.
BG_WIDE = (1843, 768)
BG_PORTRAIT = (768, 1365)


def bg_home(scale=1, size=(BG_W, BG_H)):
    s = 2 * scale
    BW, BH = size
    W, H = BW * s, BH * s
    img = gradient(W, H, [(0, rgb("#FFC2DA")), (0.35, rgb("#FFE7A3")), (0.68, rgb("#BDF0CF")),
                          (1, rgb("#B4DAFF"))], angle=35)
    rng = random.Random(2024)
    palette = [rgb(c) for c in ["#FF6FA5", "#FFB03B", "#6CD45A", "#3FB8F5", "#A875FF", "#FFD23B",
                                "#FF7F66", "#2FD1C0"]]
    # tiny confetti dots underneath everything
    d = ImageDraw.Draw(img)
    for k in range(int(80 * BW * BH / (BG_W * BG_H))):
        x, y = rng.uniform(0, W), rng.uniform(0, H)
        r = rng.uniform(4, 8) * s
        d.ellipse((x - r, y - r, x + r, y + r), fill=rng.choice(palette) + (255,))
    kinds = ["circle", "star", "cloud", "star", "circle", "dots"]
    cols, rows = max(1, round(7 * BW / BG_W)), max(1, round(5 * BH / BG_H))
    cw, ch = W / cols, H / rows
    ci = 0
    for j in range(rows):
        for i in range(cols):
            x = (i + 0.5 + rng.uniform(-0.22, 0.22)) * cw
            y = (j + 0.5 + rng.uniform(-0.22, 0.22)) * ch
            kind = kinds[(i + 2 * j) % len(kinds)]
            col = palette[ci % len(palette)]
            ci += 3
            sc = rng.uniform(0.8, 1.2)
            rot = rng.uniform(-25, 25)
            if kind == "cloud":
                cloud_at(img, x, y, 150 * s * sc, 66 * s * sc, rng, shade=(185, 212, 250))
                continue
            L = int(150 * s * sc)
            lay = new(L, L)
            c = L / 2
            ld = ImageDraw.Draw(lay)
            if kind == "circle":
                r = 48 * s * sc
                ld.ellipse((c - r, c - r, c + r, c + r), fill=col + (215,))
                r2 = r * 0.58
                ld.ellipse((c - r2, c - r2, c + r2, c + r2), fill=lighten(col, 0.4) + (230,))
                r3 = r * 0.18
                ld.ellipse((c - r * 0.55 - r3, c - r * 0.55 - r3, c - r * 0.55 + r3, c - r * 0.55 + r3),
                           fill=(255, 255, 255, 150))
            elif kind == "star":
                r = 50 * s * sc
                m = Image.new("L", (L, L), 0)
                ImageDraw.Draw(m).polygon(star_points(c, c, r, r * 0.5, rot=-90 + rot), fill=255)
                m = soften(m, 3 * s)
                lay = solid((L, L), col, scale_alpha(m, 0.92))
            else:  # a little trio of dots
                for k in range(3):
                    r = 15 * s * sc
                    a = math.radians(rot * 3 + k * 120)
                    px, py = c + math.cos(a) * 30 * s * sc, c + math.sin(a) * 30 * s * sc
                    ld.ellipse((px - r, py - r, px + r, py + r), fill=palette[(ci + k) % len(palette)] + (225,))
            comp(img, with_shadow(lay, (0, 5 * s), 6 * s, 0.12), x - c, y - c)
    return down(img.convert("RGB"), (BW * scale, BH * scale))


def hill_polygon(W, H, base, waves, s):
    pts = [(0, H)]
    for i in range(0, W + 1, 4 * s):
        t = i / W
        y = base
        for (a, f, p) in waves:
            y -= a * math.sin(2 * math.pi * (f * t + p))
        pts.append((i, y))
    pts.append((W, H))
    return pts


def draw_hills(img, W, H, s, top_y, rng):
    """Gentle green hills at the bottom of a background; top_y is about their highest line."""
    y0 = int(top_y - 30 * s)
    h = H - y0
    back = Image.new("L", (W, h), 0)
    ImageDraw.Draw(back).polygon(hill_polygon(W, h, 22 * s + 30 * s, [(16 * s, 1.3, 0.1), (8 * s, 2.7, 0.4)], s),
                                 fill=255)
    bg = gradient(W, h, [(0, rgb("#9BE070")), (1, rgb("#7CCF55"))])
    bg.putalpha(back)
    img.alpha_composite(bg, (0, y0))
    fm = Image.new("L", (W, h), 0)
    ImageDraw.Draw(fm).polygon(hill_polygon(W, h, 48 * s + 30 * s, [(14 * s, 0.9, 0.6), (7 * s, 2.2, 0.15)], s),
                               fill=255)
    g = gradient(W, h, [(0, rgb("#6CD04A")), (0.6, rgb("#58C23C")), (1, rgb("#3FA12F"))])
    g.putalpha(fm)
    img.alpha_composite(with_shadow(g, (0, -3 * s), 8 * s, 0.15, (30, 80, 20)), (0, y0))
    # flowers
    d = ImageDraw.Draw(img)
    for k in range(30):
        x = rng.uniform(10 * s, W - 10 * s)
        y = rng.uniform(H - 26 * s, H - 8 * s)
        col = rng.choice([(255, 255, 255), (255, 220, 60), (255, 120, 170)])
        r = rng.uniform(3, 4.5) * s
        for a in range(5):
            aa = 2 * math.pi * a / 5
            d.ellipse((x + math.cos(aa) * r - r * 0.7, y + math.sin(aa) * r - r * 0.7,
                       x + math.cos(aa) * r + r * 0.7, y + math.sin(aa) * r + r * 0.7), fill=col + (255,))
        d.ellipse((x - r * 0.6, y - r * 0.6, x + r * 0.6, y + r * 0.6), fill=(255, 170, 30, 255))


def draw_sun(img, cx, cy, r, s):
    L = int(r * 4)
    lay = new(L, L)
    c = L / 2
    d = ImageDraw.Draw(lay)
    for i in range(12):
        a = 2 * math.pi * i / 12
        a0, a1 = a - 0.13, a + 0.13
        d.polygon([(c + math.cos(a0) * r * 1.18, c + math.sin(a0) * r * 1.18),
                   (c + math.cos(a) * r * 1.62, c + math.sin(a) * r * 1.62),
                   (c + math.cos(a1) * r * 1.18, c + math.sin(a1) * r * 1.18)], fill=(255, 214, 70, 255))
    rays = soften(lay.getchannel("A"), 2 * s)
    lay = solid((L, L), (255, 214, 70), rays)
    disc = ellipse_mask((L, L), (c - r, c - r, c + r, c + r))
    g = gradient(L, L, [(0, (255, 240, 120)), (0.5, (255, 214, 60)), (1, (255, 170, 30))])
    g.putalpha(disc)
    lay.alpha_composite(g)
    comp(img, lay, cx - c, cy - c)


def bg_balloons(scale=1, size=(BG_W, BG_H), sun=None):
    """The sky: one sun (top right, or at `sun` in 1x units), clouds spread over the whole
    picture, hills along the bottom."""
    s = 2 * scale
    BW, BH = size
    W, H = BW * s, BH * s
    img = gradient(W, H, [(0, rgb("#1F7FE0")), (0.45, rgb("#62B8F5")), (0.82, rgb("#BFE7FF")),
                          (1, rgb("#E6F7FF"))])
    # Top right, fully in the sky: its rays (1.62 times its 44 radius) clear of the 64-unit
    # top bar and of the right edge by 10 (issue 45, item 10).
    sx, sy = (W - 90 * s, 150 * s) if sun is None else (sun[0] * s, sun[1] * s)
    img = screen_glow(img, (sx - 120 * s, sy - 120 * s, sx + 120 * s, sy + 120 * s), (255, 240, 190), 120, 40 * s)
    draw_sun(img, sx, sy, 44 * s, s)
    rng = random.Random(11)
    clouds = [(150, 120, 230, 86, 0.95), (560, 80, 180, 66, 0.9), (830, 250, 240, 88, 0.92),
              (330, 330, 200, 76, 0.85), (700, 450, 170, 62, 0.8), (100, 520, 160, 58, 0.8),
              (950, 560, 140, 52, 0.75)]
    if size != (BG_W, BG_H):
        # The same clouds, tiled over the larger sky (shifted each tile so none repeats in line).
        tiles = []
        for ty in range(math.ceil(BH / BG_H)):
            for tx in range(math.ceil(BW / BG_W)):
                for (cx, cy, w, h, al) in clouds:
                    x, y = cx + tx * BG_W + ty * 170, cy + ty * BG_H + tx * 40
                    if x < BW + 100 and y < BH - 120:
                        tiles.append(((x % (BW + 100)) - 50, y, w, h, al))
        clouds = tiles
    for (cx, cy, w, h, al) in clouds:
        cloud_at(img, cx * s, cy * s, w * s, h * s, rng, alpha=al)
    draw_hills(img, W, H, s, H - 90 * s, rng)
    return down(img.convert("RGB"), (BW * scale, BH * scale))


def tree_layer(size, x, ground, s, scale=1.0):
    lay = new(*size)
    d = ImageDraw.Draw(lay)
    tw, th = 14 * s * scale, 46 * s * scale
    d.rounded_rectangle((x - tw / 2, ground - th, x + tw / 2, ground), radius=tw * 0.3, fill=rgb("#8A5A32") + (255,))
    cr = 40 * s * scale
    cy = ground - th - cr * 0.55
    blobs = [(-0.55, 0.25, 0.62), (0.55, 0.25, 0.62), (0, -0.25, 0.78), (0, 0.3, 0.7)]
    m = Image.new("L", size, 0)
    dm = ImageDraw.Draw(m)
    for (bx, by, br) in blobs:
        dm.ellipse((x + bx * cr - br * cr, cy + by * cr - br * cr, x + bx * cr + br * cr, cy + by * cr + br * cr),
                   fill=255)
    y0 = int(cy - cr * 1.1)
    g = gradient(size[0], int(cr * 2.3), [(0, rgb("#6FDB4F")), (1, rgb("#249B3A"))])
    crown = new(*size)
    crown.paste(g, (0, y0))
    crown.putalpha(m)
    lay.alpha_composite(crown)
    hl = Image.new("L", size, 0)
    ImageDraw.Draw(hl).ellipse((x - cr * 0.55, cy - cr * 0.85, x - cr * 0.05, cy - cr * 0.45), fill=120)
    hl = hl.filter(ImageFilter.GaussianBlur(4 * s * scale))
    lay.alpha_composite(solid(size, (220, 255, 190), ImageChops.multiply(hl, m)))
    # a few red apples
    for (ax, ay) in [(-0.5, 0.3), (0.45, 0.1), (0.1, 0.55), (-0.1, -0.35)]:
        px, py, rr = x + ax * cr, cy + ay * cr, 4.2 * s * scale
        d.ellipse((px - rr, py - rr, px + rr, py + rr), fill=(240, 60, 60, 255))
        d.ellipse((px - rr * 0.5, py - rr * 0.6, px - rr * 0.05, py - rr * 0.15), fill=(255, 190, 190, 255))
    out = new(*size)
    sh = new(*size)
    ImageDraw.Draw(sh).ellipse((x - cr * 0.9, ground - 6 * s * scale, x + cr * 0.9, ground + 6 * s * scale),
                               fill=(20, 80, 20, 80))
    out.alpha_composite(sh.filter(ImageFilter.GaussianBlur(3 * s)))
    out.alpha_composite(lay)
    return out


def tree_at(img, x, ground, s, scale=1.0):
    cr, th = 40 * s * scale, 46 * s * scale
    lw, lh = int(cr * 2.8), int(th + cr * 2.2 + 20 * s)
    comp(img, tree_layer((lw, lh), lw / 2, lh - 12 * s, s, scale), x - lw / 2, ground - (lh - 12 * s))


def bush_layer(size, x, ground, s, scale=1.0):
    lay = new(*size)
    r = 22 * s * scale
    m = Image.new("L", size, 0)
    d = ImageDraw.Draw(m)
    for (bx, by, br) in [(-0.9, 0, 0.75), (0.9, 0, 0.75), (0, -0.35, 1.0)]:
        d.ellipse((x + bx * r - br * r, ground - r * 0.8 + by * r - br * r,
                   x + bx * r + br * r, ground - r * 0.8 + by * r + br * r), fill=255)
    d.rectangle((x - r * 1.7, ground - r * 0.8, x + r * 1.7, ground + r), fill=0)
    d.rounded_rectangle((x - r * 1.6, ground - r * 1.2, x + r * 1.6, ground), radius=r * 0.4, fill=255)
    y0 = int(ground - r * 2.2)
    g = gradient(size[0], int(r * 2.3), [(0, rgb("#7EE05A")), (1, rgb("#2E9E3E"))])
    b = new(*size)
    b.paste(g, (0, y0))
    b.putalpha(m)
    sh = new(*size)
    ImageDraw.Draw(sh).ellipse((x - r * 1.8, ground - 5 * s, x + r * 1.8, ground + 6 * s), fill=(20, 80, 20, 80))
    lay.alpha_composite(sh.filter(ImageFilter.GaussianBlur(3 * s)))
    lay.alpha_composite(b)
    d2 = ImageDraw.Draw(lay)
    for (fx, fy) in [(-0.9, -0.5), (0.2, -1.0), (0.95, -0.45), (-0.2, -0.35)]:
        px, py = x + fx * r, ground - r * 0.8 + fy * r * 0.8
        rr = 3.2 * s * scale
        d2.ellipse((px - rr, py - rr, px + rr, py + rr), fill=(255, 110, 150, 255))
    return lay


def bush_at(img, x, ground, s, scale=1.0):
    r = 22 * s * scale
    lw, lh = int(r * 4.2), int(r * 3.2)
    comp(img, bush_layer((lw, lh), lw / 2, lh - 8 * s, s, scale), x - lw / 2, ground - (lh - 8 * s))


def bg_sorting(scale=1, width=BG_W):
    """Sky (rows 0-410), sea (x 0-470), beach (~470-488), land (x 488-1024) with a road.
    Wider (`width` > 1024): the beach moves to the middle (sea 0..W/2-10, land W/2+10..W)."""
    s = 2 * scale
    BW = width
    dx = 0 if BW == BG_W else BW / 2 - 478
    W, H = BW * s, BG_H * s
    HOR = 410 * s
    img = new(W, H)
    rng = random.Random(5)
    # ---- sky; the top 190 px stay plain for the row of vehicles
    img.paste(gradient(W, HOR, [(0, rgb("#3E9BEB")), (0.5, rgb("#79C3F7")), (1, rgb("#C9ECFF"))]), (0, 0))
    clouds = [(130, 300, 190, 74), (350, 350, 160, 60), (555, 296, 210, 80),
              (770, 352, 170, 64), (930, 288, 160, 64), (255, 250, 96, 36), (680, 246, 90, 34)]
    if BW != BG_W:
        clouds = clouds + [(cx + BG_W, cy, w, h) for (cx, cy, w, h) in clouds if cx + BG_W < BW - 60]
    for (cx, cy, w, h) in clouds:
        cloud_at(img, cx * s, cy * s, w * s, h * s, rng, alpha=0.97)
    # ---- sea
    sea_w = int((500 + dx) * s)
    img.paste(gradient(sea_w, H - HOR, [(0, rgb("#5FD0E8")), (0.22, rgb("#2BB0D8")), (1, rgb("#0B6FB0"))]),
              (0, HOR))
    wl = new(W, H)
    dw = ImageDraw.Draw(wl)
    for row in range(8):
        y = (446 + row * 40 + rng.uniform(-5, 5)) * s
        size_ = 0.8 + row * 0.06
        x = rng.uniform(-30, 30)
        while x < 440 + dx:
            ln = rng.uniform(40, 62) * size_
            if x + ln > 458 + dx:
                break
            pts = []
            for i in range(25):
                t = i / 24
                pts.append(((x + t * ln) * s, y - math.sin(t * math.pi * 2) * 4.5 * size_ * s))
            dw.line(pts, fill=(255, 255, 255, 150 - row * 5), width=int(3 * s), joint="curve")
            x += ln + rng.uniform(30, 60)
    img.alpha_composite(wl)
    d = ImageDraw.Draw(img)
    for k in range(14):
        x = rng.uniform(20, 440 + dx) * s
        y = rng.uniform(416, 436) * s
        d.ellipse((x - 4 * s, y - 1.2 * s, x + 4 * s, y + 1.2 * s), fill=(255, 255, 255, 170))
    d.rectangle((0, HOR, (492 + dx) * s, HOR + 2 * s), fill=(190, 238, 248, 255))
    # ---- beach (wavy water edge near x=471) with white foam
    beach = Image.new("L", (W, H), 0)
    pts = [((520 + dx) * s, HOR)]
    for y in range(HOR, H + 1, 4 * s):
        pts.append(((471 + dx + 4 * math.sin(y / (26 * s)) + 2 * math.sin(y / (9 * s))) * s, y))
    pts.append(((520 + dx) * s, H))
    ImageDraw.Draw(beach).polygon(pts, fill=255)
    foam = grow(beach, 4 * s).filter(ImageFilter.GaussianBlur(1.5 * s))
    ImageDraw.Draw(foam).rectangle((0, 0, W, HOR - 1), fill=0)
    img.alpha_composite(solid((W, H), (240, 252, 255), foam))
    sand = gradient(W, H, [(0, rgb("#F7E2A0")), (1, rgb("#EBC877"))])
    sand.putalpha(beach)
    img.alpha_composite(sand)
    # ---- land: grass from a gently wavy edge near x=486
    land = Image.new("L", (W, H), 0)
    pts = [(W, HOR)]
    for y in range(HOR, H + 1, 4 * s):
        pts.append(((486 + dx + 2.5 * math.sin(y / (17 * s) + 1.0)) * s, y))
    pts.append((W, H))
    ImageDraw.Draw(land).polygon(pts, fill=255)
    grass = gradient(W, H - HOR, [(0, rgb("#8EDC5E")), (0.4, rgb("#74CF4B")), (1, rgb("#4DB53A"))])
    gl = new(W, H)
    gl.paste(grass, (0, HOR))
    gl.putalpha(land)
    img.alpha_composite(with_shadow(gl, (-2 * s, 0), 2 * s, 0.25, (150, 110, 40)))
    d = ImageDraw.Draw(img)
    d.rectangle(((488 + dx) * s, HOR, W, HOR + 4 * s), fill=rgb("#68C64C") + (255,))
    r0, r1 = 560 * s, 660 * s
    for k in range(int(110 * (BW - 500 - dx) / 524)):
        x = rng.uniform(500 + dx, BW - 8) * s
        y = rng.uniform(426, 762) * s
        if r0 - 12 * s < y < r1 + 14 * s:
            continue
        for ddx in (-3, 0, 3):
            d.line([(x + ddx * s, y), (x + ddx * 1.8 * s, y - 7 * s)], fill=(62, 158, 52, 255), width=int(1.6 * s))
    # ---- road y=560..660 with dashed centre line
    road = new(W, H)
    dr = ImageDraw.Draw(road)
    dr.rectangle((0, r0 - 5 * s, W, r1 + 5 * s), fill=(238, 238, 228, 255))
    dr.rectangle((0, r0, W, r1), fill=rgb("#666B76") + (255,))
    dr.rectangle((0, r0, W, r0 + 6 * s), fill=rgb("#5A5F69") + (255,))
    mid = (r0 + r1) / 2
    x = (514 + dx) * s
    while x < W:
        dr.rounded_rectangle((x, mid - 4 * s, x + 46 * s, mid + 4 * s), radius=4 * s, fill=(255, 255, 255, 255))
        x += 84 * s
    road = clip(road, land)
    img.alpha_composite(with_shadow(road, (0, 3 * s), 3 * s, 0.2, (20, 60, 20)))
    # ---- trees and bushes near the edges, clear of the road
    trees = [(880, 502, 0.7), (545, 540, 1.0), (965, 542, 0.95)]
    bushes = [(770, 736, 0.7), (560, 740, 0.9), (950, 738, 1.0)]
    if BW != BG_W:
        trees = [(x + dx, y, sc) for (x, y, sc) in trees] + [(x + dx + 400, y, sc) for (x, y, sc) in trees if x + dx + 400 < BW - 40]
        bushes = [(x + dx, y, sc) for (x, y, sc) in bushes] + [(x + dx + 420, y, sc) for (x, y, sc) in bushes if x + dx + 420 < BW - 40]
    for (tx, gy, sc) in trees:
        tree_at(img, tx * s, gy * s, s, sc)
    for (bx, gy, sc) in bushes:
        bush_at(img, bx * s, gy * s, s, sc)
    return down(img.convert("RGB"), (BW * scale, BG_H * scale))

def bg_sorting_portrait(scale=1):
    """Portrait (768x1365): plain sky (rows 0-480) for the vehicles, sky with clouds to the
    horizon (720), the sea (720-1000), a beach (1000-1020), land with a road (1020-1365).
    The game crops it to the screen's height about its middle (SortingLayout)."""
    s = 2 * scale
    BW, BH = BG_PORTRAIT
    W, H = BW * s, BH * s
    HOR, SEA_END, LAND = 720 * s, 1000 * s, 1020 * s
    img = new(W, H)
    rng = random.Random(5)
    img.paste(gradient(W, HOR, [(0, rgb("#3E9BEB")), (0.6, rgb("#79C3F7")), (1, rgb("#C9ECFF"))]), (0, 0))
    for (cx, cy, w, h) in [(120, 600, 190, 74), (390, 650, 160, 60), (620, 590, 210, 80),
                           (250, 540, 96, 36), (560, 690, 120, 44), (700, 520, 90, 34)]:
        cloud_at(img, cx * s, cy * s, w * s, h * s, rng, alpha=0.97)
    img.paste(gradient(W, SEA_END - HOR + 30 * s, [(0, rgb("#5FD0E8")), (0.22, rgb("#2BB0D8")), (1, rgb("#0B6FB0"))]),
              (0, HOR))
    wl = new(W, H)
    dw = ImageDraw.Draw(wl)
    for row in range(6):
        y = (756 + row * 40 + rng.uniform(-5, 5)) * s
        size_ = 0.8 + row * 0.06
        x = rng.uniform(-30, 30)
        while x < BW:
            ln = rng.uniform(40, 62) * size_
            pts = [((x + t / 24 * ln) * s, y - math.sin(t / 24 * math.pi * 2) * 4.5 * size_ * s) for t in range(25)]
            dw.line(pts, fill=(255, 255, 255, 150 - row * 5), width=int(3 * s), joint="curve")
            x += ln + rng.uniform(30, 60)
    img.alpha_composite(wl)
    d = ImageDraw.Draw(img)
    d.rectangle((0, HOR, W, HOR + 2 * s), fill=(190, 238, 248, 255))
    # the beach: a wavy strip across, foam on its sea side
    beach = Image.new("L", (W, H), 0)
    pts = [(0, H)]
    for x in range(0, W + 1, 4 * s):
        pts.append((x, (1000 + 4 * math.sin(x / (26 * s)) + 2 * math.sin(x / (9 * s))) * s))
    pts.append((W, H))
    ImageDraw.Draw(beach).polygon(pts, fill=255)
    foam = grow(beach, 4 * s).filter(ImageFilter.GaussianBlur(1.5 * s))
    img.alpha_composite(solid((W, H), (240, 252, 255), foam))
    sand = gradient(W, H, [(0, rgb("#F7E2A0")), (1, rgb("#EBC877"))])
    sand.putalpha(beach)
    img.alpha_composite(sand)
    land = Image.new("L", (W, H), 0)
    pts = [(0, H)]
    for x in range(0, W + 1, 4 * s):
        pts.append((x, (1020 + 2.5 * math.sin(x / (17 * s) + 1.0)) * s))
    pts.append((W, H))
    ImageDraw.Draw(land).polygon(pts, fill=255)
    grass = gradient(W, H - LAND, [(0, rgb("#8EDC5E")), (0.4, rgb("#74CF4B")), (1, rgb("#4DB53A"))])
    gl = new(W, H)
    gl.paste(grass, (0, LAND - 6 * s))
    gl.putalpha(land)
    img.alpha_composite(with_shadow(gl, (0, -2 * s), 2 * s, 0.25, (150, 110, 40)))
    d = ImageDraw.Draw(img)
    r0, r1 = 1170 * s, 1250 * s
    for k in range(120):
        x = rng.uniform(8, BW - 8) * s
        y = rng.uniform(1036, 1358) * s
        if r0 - 12 * s < y < r1 + 14 * s:
            continue
        for ddx in (-3, 0, 3):
            d.line([(x + ddx * s, y), (x + ddx * 1.8 * s, y - 7 * s)], fill=(62, 158, 52, 255), width=int(1.6 * s))
    road = new(W, H)
    dr = ImageDraw.Draw(road)
    dr.rectangle((0, r0 - 5 * s, W, r1 + 5 * s), fill=(238, 238, 228, 255))
    dr.rectangle((0, r0, W, r1), fill=rgb("#666B76") + (255,))
    dr.rectangle((0, r0, W, r0 + 6 * s), fill=rgb("#5A5F69") + (255,))
    mid = (r0 + r1) / 2
    x = 20 * s
    while x < W:
        dr.rounded_rectangle((x, mid - 4 * s, x + 46 * s, mid + 4 * s), radius=4 * s, fill=(255, 255, 255, 255))
        x += 84 * s
    img.alpha_composite(with_shadow(road, (0, 3 * s), 3 * s, 0.2, (20, 60, 20)))
    for (tx, gy, sc) in [(90, 1130, 0.8), (690, 1140, 0.9)]:
        tree_at(img, tx * s, gy * s, s, sc)
    for (bx, gy, sc) in [(300, 1340, 0.8), (560, 1345, 0.9)]:
        bush_at(img, bx * s, gy * s, s, sc)
    return down(img.convert("RGB"), (BW * scale, BH * scale))


# --------------------------------------------------------------------------
# end screens, voice, profiles, stickers, input help (drawn at any scale:
# every size below is the 1x size in final pixels; callers pass size * scale)
# --------------------------------------------------------------------------

INK = (92, 52, 30)  # warm dark brown for faces and digits


def outline_and_shadow(layer, px, color=(255, 255, 255), shadow=True, sh_color=(40, 30, 60), opacity=0.32):
    """A thick rounded outline (white by default) around a layer's shape, plus a soft drop shadow.
    px is in the layer's own pixels."""
    a = layer.getchannel("A").point(lambda v: 255 if v > 60 else 0)
    om = grow(a, px).filter(ImageFilter.GaussianBlur(max(1.0, px * 0.08)))
    out = solid(layer.size, color, om)
    out.alpha_composite(layer)
    if shadow:
        out = with_shadow(out, (0, int(round(px * 0.7))), px * 0.7, opacity, sh_color)
    return out


def round_cap_line(d, pts, w, fill):
    d.line(pts, fill=fill, width=int(w), joint="curve")
    for p in (pts[0], pts[-1]):
        d.ellipse((p[0] - w / 2, p[1] - w / 2, p[0] + w / 2, p[1] + w / 2), fill=fill)


def arc_arrow_mask(S, cx, cy, R, w, a0, a1, head=1.0):
    """A thick round-ended arc from angle a0 to a1 (degrees, clockwise, 0 = 3 o'clock) with an
    arrowhead at a1 pointing clockwise."""
    m = Image.new("L", (S, S), 0)
    d = ImageDraw.Draw(m)
    pts = []
    n = 90
    for i in range(n + 1):
        a = math.radians(a0 + (a1 - a0) * i / n)
        pts.append((cx + R * math.cos(a), cy + R * math.sin(a)))
    round_cap_line(d, pts, w, 255)
    a = math.radians(a1)
    px, py = cx + R * math.cos(a), cy + R * math.sin(a)
    tx, ty = -math.sin(a), math.cos(a)      # clockwise tangent
    rx, ry = math.cos(a), math.sin(a)       # radial
    hw, hl = w * 0.95 * head, w * 1.05 * head
    bx, by = px - tx * w * 0.15, py - ty * w * 0.15
    d.polygon([(bx + rx * hw, by + ry * hw), (bx - rx * hw, by - ry * hw),
               (bx + tx * hl, by + ty * hl)], fill=255)
    return soften(m, w * 0.12)


def house_mask(S, cx, cy, h, door=True):
    """A simple house (roof, chimney, body, optional door cut-out) about h tall, centred on (cx, cy)."""
    m = Image.new("L", (S, S), 0)
    d = ImageDraw.Draw(m)
    top = cy - h * 0.52
    eave = cy - h * 0.05
    bw = h * 0.78
    # chimney
    d.rectangle((cx + h * 0.20, top + h * 0.08, cx + h * 0.34, eave - h * 0.1), fill=255)
    # roof
    d.polygon([(cx, top), (cx + bw * 0.68, eave + h * 0.02), (cx - bw * 0.68, eave + h * 0.02)], fill=255)
    # body
    d.rectangle((cx - bw / 2, eave - h * 0.02, cx + bw / 2, cy + h * 0.48), fill=255)
    m = soften(m, h * 0.035)
    if door:
        dm = Image.new("L", (S, S), 0)
        dw, dh = h * 0.22, h * 0.32
        ImageDraw.Draw(dm).rounded_rectangle((cx - dw / 2, cy + h * 0.48 - dh, cx + dw / 2, cy + h * 0.48 + h),
                                             radius=dw / 2, fill=255)
        m = ImageChops.subtract(m, dm)
    return m


def make_glyph_button(size, top, bottom, glyph, s=SS):
    """A round button (same look as play/back) with a white glyph drawn by glyph(S, c, cy, r) -> L mask."""
    S = size * s
    base, mi, (c, cy), r = round_button(size, rgb(top), rgb(bottom), s)
    base.alpha_composite(glyph_shadow(solid((S, S), (255, 255, 255), glyph(S, c, cy, r)), S))
    return down(base, (size, size))


def replay_glyph(S, c, cy, r):
    return arc_arrow_mask(S, c, cy + r * 0.05, r * 0.50, r * 0.21, -25, 245, head=1.45)


def home_glyph(S, c, cy, r):
    return house_mask(S, c, cy + r * 0.02, r * 1.05)


def close_glyph(S, c, cy, r):
    m = Image.new("L", (S, S), 0)
    d = ImageDraw.Draw(m)
    k, w = r * 0.42, r * 0.27
    round_cap_line(d, [(c - k, cy - k), (c + k, cy + k)], w, 255)
    round_cap_line(d, [(c - k, cy + k), (c + k, cy - k)], w, 255)
    return m


def plus_glyph(S, c, cy, r):
    m = Image.new("L", (S, S), 0)
    d = ImageDraw.Draw(m)
    k, w = r * 0.52, r * 0.28
    round_cap_line(d, [(c - k, cy), (c + k, cy)], w, 255)
    round_cap_line(d, [(c, cy - k), (c, cy + k)], w, 255)
    return m


def make_hear_again(size=96, s=SS):
    """Speaker with one sound wave, plus a small white badge with a round 'again' arrow."""
    S = size * s
    base, mi, (c, cy), r = round_button(size, rgb("#FF9BD0"), rgb("#D8307F"), s)
    sx, sy = c - r * 0.12, cy - r * 0.16
    g = speaker_mask(S, sx, sy, r * 0.85, 0)
    wm = Image.new("L", (S, S), 0)
    dw = ImageDraw.Draw(wm)
    wx, rr, w, ang = sx + r * 0.02, r * 0.36, int(r * 0.12), 50
    dw.arc((wx - rr, sy - rr, wx + rr, sy + rr), -ang, ang, fill=255, width=w)
    for sgn in (-1, 1):
        a = math.radians(sgn * ang)
        px, py = wx + (rr - w / 2) * math.cos(a), sy + (rr - w / 2) * math.sin(a)
        dw.ellipse((px - w / 2, py - w / 2, px + w / 2, py + w / 2), fill=255)
    g = ImageChops.lighter(g, wm)
    base.alpha_composite(glyph_shadow(solid((S, S), (255, 255, 255), g), S))
    bx, by, br = c + r * 0.50, cy + r * 0.50, r * 0.42
    badge = solid((S, S), (255, 255, 255), ellipse_mask((S, S), (bx - br, by - br, bx + br, by + br)))
    badge.alpha_composite(solid((S, S), rgb("#C21F6E"),
                                arc_arrow_mask(S, bx, by + br * 0.04, br * 0.52, br * 0.24, -25, 245, head=1.45)))
    base.alpha_composite(with_shadow(badge, (0, int(S * 0.012)), S * 0.012, 0.35, (80, 0, 40)))
    return down(base, (size, size))


# ---- mascot: a round, smiling sun

def make_mascot(happy, size=256, s=SS):
    S = size * s
    c = S / 2
    cy = S * 0.52
    r = S * 0.30
    sun = new(S, S)
    ray_col = (255, 176, 40) if happy else (250, 184, 80)
    rm = Image.new("L", (S, S), 0)
    d = ImageDraw.Draw(rm)
    for i in range(12):
        a = 2 * math.pi * i / 12 - math.pi / 2
        long = i % 2 == 0
        r1 = r * (1.50 if long else 1.36)
        if not happy:
            r1 -= r * 0.05
        da = 0.17 if long else 0.15
        d.polygon([(c + math.cos(a - da) * r * 0.9, cy + math.sin(a - da) * r * 0.9),
                   (c + math.cos(a) * r1, cy + math.sin(a) * r1),
                   (c + math.cos(a + da) * r * 0.9, cy + math.sin(a + da) * r * 0.9)], fill=255)
    rm = soften(rm, r * 0.06)
    sun.alpha_composite(solid((S, S), ray_col, rm))
    disc = ellipse_mask((S, S), (c - r, cy - r, c + r, cy + r))
    top, bottom = ((255, 238, 110), (255, 186, 20)) if happy else ((255, 236, 140), (252, 190, 60))
    g = new(S, S)
    g.paste(gradient(S, int(2 * r) + 2, [(0, top), (1, bottom)]), (0, int(cy - r)))
    g.putalpha(disc)
    sun.alpha_composite(g)
    # soft highlight at the upper left
    hl = Image.new("L", (S, S), 0)
    ImageDraw.Draw(hl).ellipse((c - r * 0.72, cy - r * 0.86, c - r * 0.12, cy - r * 0.40), fill=150)
    hl = ImageChops.multiply(hl.filter(ImageFilter.GaussianBlur(r * 0.10)), disc)
    sun.alpha_composite(solid((S, S), (255, 255, 235), hl))
    sun = outline_and_shadow(sun, S * 0.022, opacity=0.28, sh_color=(120, 70, 0))

    face = new(S, S)
    fd = ImageDraw.Draw(face)
    ink = INK + (255,)
    # rosy cheeks
    ch = Image.new("L", (S, S), 0)
    for sx in (-1, 1):
        x = c + sx * r * 0.58
        ImageDraw.Draw(ch).ellipse((x - r * 0.17, cy + r * 0.14, x + r * 0.17, cy + r * 0.34), fill=150)
    face.alpha_composite(solid((S, S), (255, 110, 110), ch.filter(ImageFilter.GaussianBlur(r * 0.04))))
    ey = cy - r * 0.12
    for sx in (-1, 1):
        ex = c + sx * r * 0.34
        if happy:
            fd.ellipse((ex - r * 0.11, ey - r * 0.16, ex + r * 0.11, ey + r * 0.16), fill=ink)
            fd.ellipse((ex - r * 0.02, ey - r * 0.12, ex + r * 0.07, ey - r * 0.03), fill=(255, 255, 255, 255))
        else:
            # slightly smaller eyes looking down, with worried (inner end up) eyebrows
            fd.ellipse((ex - r * 0.10, ey - r * 0.11, ex + r * 0.10, ey + r * 0.17), fill=ink)
            fd.ellipse((ex - r * 0.01, ey - r * 0.02, ex + r * 0.065, ey + r * 0.055), fill=(255, 255, 255, 255))
            round_cap_line(fd, [(c + sx * r * 0.50, ey - r * 0.25), (c + sx * r * 0.20, ey - r * 0.35)],
                           r * 0.065, ink)
    if happy:
        mm = Image.new("L", (S, S), 0)
        ImageDraw.Draw(mm).chord((c - r * 0.36, cy - r * 0.14, c + r * 0.36, cy + r * 0.58), 0, 180, fill=255)
        mm = soften(mm, r * 0.03)
        face.alpha_composite(solid((S, S), (150, 40, 30), mm))
        tm = Image.new("L", (S, S), 0)
        ImageDraw.Draw(tm).ellipse((c - r * 0.20, cy + r * 0.32, c + r * 0.20, cy + r * 0.66), fill=255)
        face.alpha_composite(solid((S, S), (255, 125, 140), ImageChops.multiply(tm, mm)))
    else:
        pts = []
        for i in range(41):
            t = i / 40
            x = c - r * 0.20 + t * r * 0.40
            y = cy + r * 0.44 - math.sin(t * math.pi) * r * 0.09
            pts.append((x, y))
        round_cap_line(fd, pts, r * 0.07, ink)
    sun.alpha_composite(face)
    if happy:
        for (x, y, rr) in [(0.13, 0.16, 0.045), (0.88, 0.12, 0.05), (0.90, 0.86, 0.038), (0.10, 0.84, 0.035)]:
            sun.alpha_composite(sparkle_layer((S, S), S * x, S * y, S * rr, color=(255, 226, 90),
                                              glow=(255, 240, 170)))
    return down(sun, (size, size))


# ---- stars, medals

def make_star_empty(size=96, s=SS):
    """Grey 'not yet' star: the same shape and shading as the golden star, in pale grey."""
    S = size * s
    st = gold_star_layer((S, S), S / 2, S / 2 - S * 0.02, S * 0.42,
                         top=(246, 247, 250), bottom=(206, 211, 220), edge=(150, 158, 172))
    return down(st, (size, size))


MEDALS = [  # (digit, light, dark, edge, ribbon)
    (1, (255, 236, 120), (245, 176, 10), (196, 122, 0), (232, 69, 60)),
    (2, (248, 250, 253), (178, 188, 202), (118, 130, 148), (63, 123, 234)),
    (3, (250, 200, 150), (205, 120, 60), (140, 72, 28), (61, 180, 90)),
]


def make_medal(n, size=96, s=SS):
    S = size * s
    digit, light, dark, edge, ribbon = MEDALS[n - 1]
    c = S / 2
    out = new(S, S)
    # ribbon: two straps meeting behind the medal
    rb = new(S, S)
    d = ImageDraw.Draw(rb)
    w = S * 0.17
    for sx, col in ((-1, ribbon), (1, darken(ribbon, 0.18))):
        x_top = c + sx * S * 0.20
        pts = [(x_top - w / 2, S * 0.03), (x_top + w / 2, S * 0.03),
               (c + sx * S * 0.02 + w / 2, S * 0.52), (c + sx * S * 0.02 - w / 2, S * 0.52)]
        d.polygon(pts, fill=col + (255,))
        # light centre stripe
        d.line([(x_top, S * 0.03), (c + sx * S * 0.02, S * 0.52)], fill=lighten(col, 0.55) + (255,),
               width=int(w * 0.22))
    out.alpha_composite(rb)
    mcy, mr = S * 0.63, S * 0.31
    disc = ellipse_mask((S, S), (c - mr, mcy - mr, c + mr, mcy + mr))
    out.alpha_composite(solid((S, S), edge, disc))
    ri = mr * 0.86
    inner = ellipse_mask((S, S), (c - ri, mcy - ri, c + ri, mcy + ri))
    g = new(S, S)
    g.paste(gradient(S, int(2 * ri) + 2, [(0, light), (1, dark)]), (0, int(mcy - ri)))
    g.putalpha(inner)
    out.alpha_composite(g)
    ring = Image.new("L", (S, S), 0)
    rr = ri * 0.84
    ImageDraw.Draw(ring).ellipse((c - rr, mcy - rr, c + rr, mcy + rr), outline=255, width=int(S * 0.012))
    out.alpha_composite(solid((S, S), lighten(light, 0.5), scale_alpha(ring, 0.8)))
    gl = Image.new("L", (S, S), 0)
    ImageDraw.Draw(gl).ellipse((c - ri * 0.70, mcy - ri * 0.90, c + ri * 0.10, mcy - ri * 0.30), fill=110)
    gl = ImageChops.multiply(gl.filter(ImageFilter.GaussianBlur(S * 0.02)), inner)
    out.alpha_composite(solid((S, S), (255, 255, 255), gl))
    fnt = ImageFont.truetype(ANDIKA_BOLD, int(S * 0.40))
    txt = new(S, S)
    ImageDraw.Draw(txt).text((c, mcy + S * 0.005), str(digit), font=fnt, anchor="mm",
                             fill=darken(edge, 0.25) + (255,))
    emb = new(S, S)
    ImageDraw.Draw(emb).text((c, mcy + S * 0.015), str(digit), font=fnt, anchor="mm",
                             fill=lighten(light, 0.6) + (255,))
    out.alpha_composite(emb)
    out.alpha_composite(txt)
    out = outline_and_shadow(out, S * 0.028)
    return down(out, (size, size))


# ---- people (profiles)

def bust_mask(S, cx, top, h):
    """Head-and-shoulders silhouette about h tall: returns (head mask, body mask, head centre, head radius)."""
    hr = h * 0.25
    hc = (cx, top + hr)
    head = ellipse_mask((S, S), (cx - hr, top, cx + hr, top + 2 * hr))
    body = Image.new("L", (S, S), 0)
    bw = h * 0.44
    ImageDraw.Draw(body).ellipse((cx - bw, top + h * 0.56, cx + bw, top + h * 1.5), fill=255)
    ImageDraw.Draw(body).rectangle((0, top + h, S, S), fill=0)
    return head, body, hc, hr


def person_layer(S, cx, top, h, col, outline=True):
    head, body, (hx, hy), hr = bust_mask(S, cx, top, h)
    lay = new(S, S)
    bg = new(S, S)
    bg.paste(gradient(S, int(h) + 2, [(0, lighten(col, 0.15)), (1, darken(col, 0.12))]), (0, int(top)))
    bg.putalpha(body)
    lay.alpha_composite(bg)
    lay.alpha_composite(solid((S, S), lighten(col, 0.55), head))
    d = ImageDraw.Draw(lay)
    ink = INK + (255,)
    er = hr * 0.11
    for sx in (-1, 1):
        ex, ey = hx + sx * hr * 0.36, hy - hr * 0.06
        d.ellipse((ex - er, ey - er * 1.3, ex + er, ey + er * 1.3), fill=ink)
    pts = []
    for i in range(31):
        t = i / 30
        pts.append((hx - hr * 0.34 + t * hr * 0.68, hy + hr * 0.30 + math.sin(t * math.pi) * hr * 0.20))
    round_cap_line(d, pts, hr * 0.10, ink)
    ch = Image.new("L", (S, S), 0)
    for sx in (-1, 1):
        x = hx + sx * hr * 0.60
        ImageDraw.Draw(ch).ellipse((x - hr * 0.15, hy + hr * 0.12, x + hr * 0.15, hy + hr * 0.32), fill=120)
    lay.alpha_composite(solid((S, S), (255, 120, 120), ch))
    if outline:
        lay = outline_and_shadow(lay, S * 0.028)
    return lay


def make_guest(size=128, s=SS):
    S = size * s
    c = S / 2
    r = S * 0.44
    out = new(S, S)
    disc = ellipse_mask((S, S), (c - r, c - r, c + r, c + r))
    g = gradient(S, S, [(0, rgb("#ECE8FA")), (1, rgb("#C3B9EC"))])
    g.putalpha(disc)
    out.alpha_composite(g)
    p = person_layer(S, c, S * 0.16, S * 0.82, rgb("#8E7CE0"))
    out.alpha_composite(clip(p, disc))
    out = outline_and_shadow(out, S * 0.03)
    return down(out, (size, size))


def make_tab_people(n, size=96, s=SS):
    S = size * s
    c = S / 2
    out = new(S, S)
    if n == 1:
        out.alpha_composite(person_layer(S, c, S * 0.12, S * 0.76, rgb("#FF9F43")))
    else:
        out.alpha_composite(person_layer(S, S * 0.25, S * 0.22, S * 0.52, rgb("#4FA3F7")))
        out.alpha_composite(person_layer(S, S * 0.75, S * 0.22, S * 0.52, rgb("#45C45A")))
        out.alpha_composite(person_layer(S, c, S * 0.14, S * 0.72, rgb("#FF9F43")))
    return down(out, (size, size))


# ---- small grown-up icons

def make_gear(size=96, s=SS):
    S = size * s
    c = S / 2
    m = Image.new("L", (S, S), 0)
    d = ImageDraw.Draw(m)
    r0, r1, tw = S * 0.29, S * 0.43, S * 0.075
    d.ellipse((c - r0, c - r0, c + r0, c + r0), fill=255)
    for i in range(8):
        a = 2 * math.pi * i / 8
        ca, sa = math.cos(a), math.sin(a)
        px, py = -sa, ca
        pts = [(c + ca * r0 * 0.8 + px * tw * 1.15, c + sa * r0 * 0.8 + py * tw * 1.15),
               (c + ca * r1 + px * tw * 0.85, c + sa * r1 + py * tw * 0.85),
               (c + ca * r1 - px * tw * 0.85, c + sa * r1 - py * tw * 0.85),
               (c + ca * r0 * 0.8 - px * tw * 1.15, c + sa * r0 * 0.8 - py * tw * 1.15)]
        d.polygon(pts, fill=255)
    m = soften(m, S * 0.012)
    hr = S * 0.12
    m = ImageChops.subtract(m, ellipse_mask((S, S), (c - hr, c - hr, c + hr, c + hr)))
    out = solid((S, S), rgb("#5D6B82"), m)
    inner = ImageChops.subtract(m.filter(ImageFilter.GaussianBlur(S * 0.01)).point(lambda v: 255 if v > 235 else 0),
                                grow(ellipse_mask((S, S), (c - hr, c - hr, c + hr, c + hr)), S * 0.02))
    inner = soften(inner, S * 0.004)
    g = gradient(S, S, [(0, rgb("#C9D3E3")), (1, rgb("#8593AB"))])
    g.putalpha(inner)
    out.alpha_composite(g)
    ring = Image.new("L", (S, S), 0)
    rr = S * 0.20
    ImageDraw.Draw(ring).ellipse((c - rr, c - rr, c + rr, c + rr), outline=255, width=int(S * 0.02))
    out.alpha_composite(solid((S, S), rgb("#E8EDF5"), scale_alpha(ring, 0.7)))
    out = outline_and_shadow(out, S * 0.03)
    return down(out, (size, size))


def make_lock(size=96, s=SS):
    S = size * s
    c = S / 2
    out = new(S, S)
    d = ImageDraw.Draw(out)
    # shackle
    sr, sw = S * 0.19, S * 0.085
    sy = S * 0.36
    sh = new(S, S)
    ds = ImageDraw.Draw(sh)
    ds.arc((c - sr, sy - sr, c + sr, sy + sr), 180, 360, fill=rgb("#8F9AAD") + (255,), width=int(sw))
    ds.rectangle((c - sr, sy, c - sr + sw, S * 0.52), fill=rgb("#8F9AAD") + (255,))
    ds.rectangle((c + sr - sw, sy, c + sr, S * 0.52), fill=rgb("#8F9AAD") + (255,))
    ds.arc((c - sr + sw * 0.3, sy - sr + sw * 0.3, c + sr - sw * 0.3, sy + sr - sw * 0.3), 200, 260,
           fill=(225, 230, 238, 255), width=int(sw * 0.25))
    out.alpha_composite(sh)
    # body
    bm = Image.new("L", (S, S), 0)
    box = (c - S * 0.30, S * 0.44, c + S * 0.30, S * 0.88)
    ImageDraw.Draw(bm).rounded_rectangle(box, radius=S * 0.08, fill=255)
    out.alpha_composite(solid((S, S), rgb("#C98100"), bm))
    im_ = Image.new("L", (S, S), 0)
    e = S * 0.025
    ImageDraw.Draw(im_).rounded_rectangle((box[0] + e, box[1] + e, box[2] - e, box[3] - e), radius=S * 0.06, fill=255)
    g = new(S, S)
    g.paste(gradient(S, int(S * 0.44) + 2, [(0, rgb("#FFE37A")), (1, rgb("#F5A300"))]), (0, int(box[1])))
    g.putalpha(im_)
    out.alpha_composite(g)
    # keyhole
    kh = Image.new("L", (S, S), 0)
    dk = ImageDraw.Draw(kh)
    kr = S * 0.058
    ky = S * 0.62
    dk.ellipse((c - kr, ky - kr, c + kr, ky + kr), fill=255)
    dk.polygon([(c - kr * 0.5, ky), (c + kr * 0.5, ky), (c + kr * 0.85, ky + kr * 2.6), (c - kr * 0.85, ky + kr * 2.6)],
               fill=255)
    out.alpha_composite(solid((S, S), (110, 60, 0), soften(kh, S * 0.005)))
    out = outline_and_shadow(out, S * 0.03)
    return down(out, (size, size))


def make_chart(size=96, s=SS):
    S = size * s
    out = new(S, S)
    m = Image.new("L", (S, S), 0)
    ImageDraw.Draw(m).rounded_rectangle((S * 0.08, S * 0.10, S * 0.92, S * 0.88), radius=S * 0.12, fill=255)
    out.alpha_composite(solid((S, S), (255, 255, 255), m))
    d = ImageDraw.Draw(out)
    base = S * 0.76
    for i, (h, col) in enumerate([(0.22, "#FF8A3D"), (0.36, "#FFC21F"), (0.50, "#3DC952")]):
        x = S * (0.22 + i * 0.21)
        w = S * 0.16
        bm = Image.new("L", (S, S), 0)
        ImageDraw.Draw(bm).rounded_rectangle((x, base - S * h, x + w, base + S * 0.04), radius=w * 0.35, fill=255)
        ImageDraw.Draw(bm).rectangle((0, base, S, S), fill=0)
        g = gradient(S, S, [(0, lighten(rgb(col), 0.25)), (1, darken(rgb(col), 0.12))], angle=0)
        g.putalpha(bm)
        out.alpha_composite(g)
    d = ImageDraw.Draw(out)
    round_cap_line(d, [(S * 0.17, base + S * 0.01), (S * 0.83, base + S * 0.01)], S * 0.035, rgb("#8A94A6") + (255,))
    rim = Image.new("L", (S, S), 0)
    ImageDraw.Draw(rim).rounded_rectangle((S * 0.08, S * 0.10, S * 0.92, S * 0.88), radius=S * 0.12,
                                          outline=255, width=int(S * 0.02))
    out.alpha_composite(solid((S, S), rgb("#B8C2D4"), rim))
    out = with_shadow(out, (0, int(S * 0.025)), S * 0.025, 0.30, (30, 30, 60))
    return down(out, (size, size))


def make_usb(size=96, s=SS):
    S = size * s
    out = new(S, S)
    c = S / 2
    # drawn upright, then tilted
    conn = (c - S * 0.12, S * 0.08, c + S * 0.12, S * 0.34)
    body = (c - S * 0.17, S * 0.30, c + S * 0.17, S * 0.92)
    d = ImageDraw.Draw(out)
    d.rounded_rectangle(conn, radius=S * 0.02, fill=rgb("#9AA6B8") + (255,))
    d.rounded_rectangle((conn[0] + S * 0.02, conn[1] + S * 0.015, conn[2] - S * 0.02, conn[3]), radius=S * 0.015,
                        fill=rgb("#DDE3EC") + (255,))
    for sx in (-1, 1):
        x = c + sx * S * 0.05
        d.rectangle((x - S * 0.025, S * 0.15, x + S * 0.025, S * 0.20), fill=rgb("#6D788A") + (255,))
    bm = Image.new("L", (S, S), 0)
    ImageDraw.Draw(bm).rounded_rectangle(body, radius=S * 0.07, fill=255)
    g = gradient(S, S, [(0, rgb("#63B4FF")), (1, rgb("#1F5FD6"))], angle=0)
    g.putalpha(bm)
    out.alpha_composite(g)
    gl = Image.new("L", (S, S), 0)
    ImageDraw.Draw(gl).rounded_rectangle((body[0] + S * 0.05, body[1] + S * 0.05, body[0] + S * 0.11, body[3] - S * 0.16),
                                         radius=S * 0.03, fill=120)
    out.alpha_composite(solid((S, S), (255, 255, 255), gl))
    # lanyard hole
    hr = S * 0.035
    hy = body[3] - S * 0.08
    d = ImageDraw.Draw(out)
    d.ellipse((c - hr, hy - hr, c + hr, hy + hr), fill=rgb("#173F8F") + (255,))
    out = out.convert("RGBa").rotate(-28, resample=Image.BICUBIC).convert("RGBA")
    return down(outline_and_shadow(out, S * 0.03), (size, size))


def folder_home_layer(S):
    out = new(S, S)
    d = ImageDraw.Draw(out)
    back = rgb("#F0A72A")
    d.rounded_rectangle((S * 0.08, S * 0.14, S * 0.46, S * 0.34), radius=S * 0.05, fill=back + (255,))
    d.rounded_rectangle((S * 0.08, S * 0.22, S * 0.92, S * 0.84), radius=S * 0.07, fill=back + (255,))
    fm = Image.new("L", (S, S), 0)
    ImageDraw.Draw(fm).rounded_rectangle((S * 0.06, S * 0.32, S * 0.94, S * 0.86), radius=S * 0.07, fill=255)
    g = gradient(S, S, [(0, rgb("#FFE27A")), (1, rgb("#FFB52E"))])
    g.putalpha(fm)
    out.alpha_composite(g)
    hm = house_mask(S, S * 0.50, S * 0.60, S * 0.40)
    out.alpha_composite(with_shadow(solid((S, S), (255, 255, 255), hm), (0, int(S * 0.01)), S * 0.008, 0.25,
                                    (150, 80, 0)))
    return out


def make_folder_home(size=96, s=SS):
    S = size * s
    return down(outline_and_shadow(folder_home_layer(S), S * 0.03), (size, size))


def make_sticker_book(size=128, s=SS):
    S = size * s
    out = new(S, S)
    d = ImageDraw.Draw(out)
    # pages (cream block showing at the right and bottom)
    d.rounded_rectangle((S * 0.20, S * 0.12, S * 0.86, S * 0.90), radius=S * 0.05, fill=rgb("#E9DDBF") + (255,))
    d.rounded_rectangle((S * 0.20, S * 0.12, S * 0.84, S * 0.88), radius=S * 0.05, fill=rgb("#FFF8E6") + (255,))
    for i in range(3):
        y = S * (0.88 - 0.018 * i)
        d.line([(S * 0.24, y), (S * 0.83, y)], fill=rgb("#E2D3AE") + (255,), width=max(1, int(S * 0.006)))
    # cover
    cm = Image.new("L", (S, S), 0)
    cover = (S * 0.14, S * 0.08, S * 0.80, S * 0.85)
    ImageDraw.Draw(cm).rounded_rectangle(cover, radius=S * 0.06, fill=255)
    g = gradient(S, S, [(0, rgb("#8E6CFF")), (1, rgb("#5A3BD6"))], angle=70)
    g.putalpha(cm)
    out.alpha_composite(g)
    sp = Image.new("L", (S, S), 0)
    ImageDraw.Draw(sp).rectangle((cover[0], cover[1], cover[0] + S * 0.10, cover[3]), fill=255)
    out.alpha_composite(solid((S, S), rgb("#4A2FB8"), ImageChops.multiply(sp, cm)))
    d = ImageDraw.Draw(out)
    for y in (0.22, 0.71):
        d.rectangle((cover[0], S * y, cover[0] + S * 0.10, S * y + S * 0.035), fill=rgb("#FFC94A") + (255,))
    bx0 = cover[0] + S * 0.10
    cx = (bx0 + cover[2]) / 2
    out.alpha_composite(gold_star_layer((S, S), cx, S * 0.47, S * 0.20))
    out.alpha_composite(sparkle_layer((S, S), cover[2] - S * 0.07, S * 0.17, S * 0.04))
    out.alpha_composite(sparkle_layer((S, S), bx0 + S * 0.07, S * 0.75, S * 0.03))
    out = outline_and_shadow(out, S * 0.028)
    return down(out, (size, size))


def make_door(size=128, s=SS):
    """An open door: bright outdoors (sky, sun, grass) seen through the frame, the door swung open."""
    S = size * s
    out = new(S, S)
    fx0, fy0, fx1, fy1 = S * 0.40, S * 0.14, S * 0.85, S * 0.86   # opening
    fw = S * 0.05
    d = ImageDraw.Draw(out)
    d.rounded_rectangle((fx0 - fw, fy0 - fw, fx1 + fw, fy1), radius=S * 0.05, fill=rgb("#A8642F") + (255,))
    om = Image.new("L", (S, S), 0)
    ImageDraw.Draw(om).rectangle((fx0, fy0, fx1, fy1), fill=255)
    view = gradient(S, S, [(0, rgb("#66C2FF")), (0.6, rgb("#BDE8FF")), (1, rgb("#BDE8FF"))])
    vd = ImageDraw.Draw(view)
    gy = fy0 + (fy1 - fy0) * 0.68
    vd.ellipse((fx0 - S * 0.3, gy, fx1 + S * 0.3, gy + S * 0.6), fill=rgb("#6CD04A"))
    vd.ellipse((fx0 - S * 0.1, gy + S * 0.06, fx1 + S * 0.5, gy + S * 0.7), fill=rgb("#4DB53A"))
    sr = S * 0.075
    sx, sy = fx1 - S * 0.13, fy0 + S * 0.15
    vd.ellipse((sx - sr, sy - sr, sx + sr, sy + sr), fill=rgb("#FFD23B"))
    view.alpha_composite(cloud_layer((S, S), fx0 + S * 0.16, fy0 + S * 0.30, S * 0.22, S * 0.10, random.Random(4)))
    view.putalpha(om)
    out.alpha_composite(view)
    # the open door: hinge at the left edge of the opening, free edge swung towards us
    hx = fx0
    ex = S * 0.12
    leaf = [(hx, fy0), (ex, fy0 - S * 0.05), (ex, fy1 + S * 0.05), (hx, fy1)]
    lm = Image.new("L", (S, S), 0)
    ImageDraw.Draw(lm).polygon(leaf, fill=255)
    lm = soften(lm, S * 0.006)
    lg = gradient(S, S, [(0, rgb("#FF9E4F")), (1, rgb("#F06A1F"))], angle=0)
    lg.putalpha(lm)
    out.alpha_composite(lg)
    pm = Image.new("L", (S, S), 0)
    dp = ImageDraw.Draw(pm)
    for (t0, t1) in ((0.10, 0.44), (0.54, 0.90)):
        def at(u, t):
            x = hx + (ex - hx) * u
            top = fy0 + (fy0 - S * 0.05 - fy0) * u
            bot = fy1 + (fy1 + S * 0.05 - fy1) * u
            return (x, top + (bot - top) * t)
        dp.polygon([at(0.22, t0), at(0.80, t0), at(0.80, t1), at(0.22, t1)], fill=255)
    out.alpha_composite(solid((S, S), rgb("#FFC08A"), scale_alpha(soften(pm, S * 0.004), 0.9)))
    kx, ky, kr = ex + S * 0.05, (fy0 + fy1) / 2 + S * 0.02, S * 0.028
    d = ImageDraw.Draw(out)
    d.ellipse((kx - kr, ky - kr, kx + kr, ky + kr), fill=rgb("#FFD23B") + (255,), outline=rgb("#B86E00") + (255,),
              width=max(1, int(S * 0.008)))
    out = outline_and_shadow(out, S * 0.03)
    return down(out, (size, size))


def make_switch(size=128, s=SS):
    """A big round accessibility switch seen from slightly above: grey base, domed yellow top."""
    S = size * s
    c = S / 2
    out = new(S, S)
    d = ImageDraw.Draw(out)
    rx, ry = S * 0.44, S * 0.19
    top_y, bot_y = S * 0.60, S * 0.72
    side = rgb("#4E5B70")
    d.ellipse((c - rx, bot_y - ry, c + rx, bot_y + ry), fill=side + (255,))
    d.rectangle((c - rx, top_y, c + rx, bot_y), fill=side + (255,))
    d.ellipse((c - rx, top_y - ry, c + rx, top_y + ry), fill=rgb("#7D8BA3") + (255,))
    # dome: upper half of a tall ellipse over the lower half of a flat one
    drx, dry, dh = S * 0.36, S * 0.155, S * 0.40
    dcy = top_y - S * 0.03
    dm = Image.new("L", (S, S), 0)
    dd = ImageDraw.Draw(dm)
    dd.pieslice((c - drx, dcy - dh, c + drx, dcy + dh), 180, 360, fill=255)
    dd.pieslice((c - drx, dcy - dry, c + drx, dcy + dry), 0, 180, fill=255)
    dm = soften(dm, S * 0.004)
    sh = Image.new("L", (S, S), 0)
    ImageDraw.Draw(sh).ellipse((c - drx, dcy - dry + S * 0.02, c + drx, dcy + dry + S * 0.03), fill=110)
    out.alpha_composite(solid((S, S), (30, 30, 50), sh.filter(ImageFilter.GaussianBlur(S * 0.012))))
    ys, xs = np.mgrid[0:S, 0:S].astype(np.float32)
    u = (xs - c) / drx
    v = (ys - dcy) / dh
    dist = np.sqrt((u + 0.35) ** 2 + (v + 0.55) ** 2)
    light, base, dark = np.array((255, 244, 150), np.float32), np.array((255, 206, 40), np.float32), \
        np.array((224, 140, 0), np.float32)
    t1 = np.clip(dist / 0.8, 0, 1)[..., None]
    t2 = np.clip((dist - 0.8) / 0.7, 0, 1)[..., None]
    col = light + (base - light) * t1
    col = col + (dark - col) * t2
    dome = Image.fromarray(np.clip(col + 0.5, 0, 255).astype(np.uint8), "RGB").convert("RGBA")
    dome.putalpha(dm)
    out.alpha_composite(dome)
    hl = Image.new("L", (S, S), 0)
    ImageDraw.Draw(hl).ellipse((c - drx * 0.62, dcy - dh * 0.78, c - drx * 0.05, dcy - dh * 0.45), fill=170)
    out.alpha_composite(solid((S, S), (255, 255, 255), ImageChops.multiply(hl.filter(ImageFilter.GaussianBlur(S * 0.02)), dm)))
    out = outline_and_shadow(out, S * 0.028)
    return down(out, (size, size))



# ---- end screens: why a game was lost (issue 26), one picture each

def reason_badge(size, s=SS):
    """A pale round badge with a soft shadow, the ground of a reason picture."""
    S = size * s
    c = S / 2
    r = S * 0.46
    base = new(S, S)
    disc = ellipse_mask((S, S), (c - r, c - r, c + r, c + r))
    g = gradient(S, S, [(0, (255, 252, 240)), (1, (246, 232, 206))])
    g.putalpha(disc)
    base.alpha_composite(g)
    ring = Image.new("L", (S, S), 0)
    ImageDraw.Draw(ring).ellipse((c - r, c - r, c + r, c + r), outline=255, width=int(S * 0.012))
    base.alpha_composite(solid((S, S), (214, 190, 150), ring))
    return down(with_shadow(base, (0, int(S * 0.02)), S * 0.025, 0.28, (40, 30, 60)), (size, size))


def make_reason_time(size=180, s=SS):
    """Time ran out: an alarm clock on the badge."""
    out = reason_badge(size, s)
    em = emoji_fit("\u23F0", int(size * 0.66))
    out.alpha_composite(em, ((size - em.width) // 2, (size - em.height) // 2))
    return out


def small_balloon(color, kind, size, k):
    """A balloon (120x180 at scale k) fitted into a size x size square, centred."""
    b = balloon(color, kind=kind, scale=k)
    h = int(size * 0.84)
    w = int(b.width * h / b.height)
    return centred(down(b, (w, h)), size, size, dy=int(size * 0.03))


def make_reason_killer(size=180, s=SS, k=1):
    """The skull balloon was popped: the skull balloon on the badge."""
    out = reason_badge(size, s)
    out.alpha_composite(small_balloon("#34343E", "skull", size, max(1, k)))
    return out


def make_reason_idle(size=180, s=SS, k=1):
    """Nobody was playing: a sleeping balloon (closed eyes, a small mouth, z z z)."""
    out = reason_badge(size, s)
    bal = small_balloon("#7FB2F0", "plain", size, max(1, k))
    S = size * s
    face = new(S, S)
    d = ImageDraw.Draw(face)
    ink = INK + (255,)
    # The body's centre in the fitted balloon: 47% down its body, which is 136/180 of it.
    h = size * 0.84
    top = (size - h) / 2 + size * 0.03
    cx, cy = size / 2 * s, (top + h * (4 + 0.47 * 132) / 180) * s
    bw = h * 120 / 180 * s
    for sx in (-1, 1):
        ex = cx + sx * bw * 0.16
        d.arc((ex - bw * 0.09, cy - bw * 0.10, ex + bw * 0.09, cy + bw * 0.04), 20, 160, fill=ink, width=int(bw * 0.035))
    d.ellipse((cx - bw * 0.05, cy + bw * 0.12, cx + bw * 0.05, cy + bw * 0.20), fill=ink)
    bal.alpha_composite(down(face, (size, size)))
    out.alpha_composite(bal)
    # z z z rising to the upper right, drawn as strokes (no font needed)
    zl = new(S, S)
    dz = ImageDraw.Draw(zl)
    for i, (x, y, z) in enumerate([(0.66, 0.36, 0.07), (0.75, 0.24, 0.09), (0.85, 0.11, 0.11)]):
        x0, y0, w = x * S, y * S, z * S
        round_cap_line(dz, [(x0, y0), (x0 + w, y0), (x0, y0 + w), (x0 + w, y0 + w)], S * 0.018, (60, 70, 150, 255))
    out.alpha_composite(down(outline_and_shadow(zl, S * 0.012, opacity=0.2), (size, size)))
    return out


def make_mascot_asleep(size=256, s=SS):
    """The rest screen's mascot: the sun asleep, eyes closed, a calm small mouth, z z z."""
    S = size * s
    c = S / 2
    cy = S * 0.52
    r = S * 0.30
    sun = new(S, S)
    rm = Image.new("L", (S, S), 0)
    d = ImageDraw.Draw(rm)
    for i in range(12):
        a = 2 * math.pi * i / 12 - math.pi / 2
        r1 = r * (1.36 if i % 2 == 0 else 1.26)
        da = 0.15
        d.polygon([(c + math.cos(a - da) * r * 0.9, cy + math.sin(a - da) * r * 0.9),
                   (c + math.cos(a) * r1, cy + math.sin(a) * r1),
                   (c + math.cos(a + da) * r * 0.9, cy + math.sin(a + da) * r * 0.9)], fill=255)
    sun.alpha_composite(solid((S, S), (246, 190, 110), soften(rm, r * 0.06)))
    disc = ellipse_mask((S, S), (c - r, cy - r, c + r, cy + r))
    g = new(S, S)
    g.paste(gradient(S, int(2 * r) + 2, [(0, (255, 236, 160)), (1, (250, 196, 90))]), (0, int(cy - r)))
    g.putalpha(disc)
    sun.alpha_composite(g)
    sun = outline_and_shadow(sun, S * 0.022, opacity=0.28, sh_color=(120, 70, 0))
    face = new(S, S)
    fd = ImageDraw.Draw(face)
    ink = INK + (255,)
    ch = Image.new("L", (S, S), 0)
    for sx in (-1, 1):
        x = c + sx * r * 0.58
        ImageDraw.Draw(ch).ellipse((x - r * 0.17, cy + r * 0.14, x + r * 0.17, cy + r * 0.34), fill=120)
    face.alpha_composite(solid((S, S), (255, 120, 120), ch.filter(ImageFilter.GaussianBlur(r * 0.04))))
    ey = cy - r * 0.08
    for sx in (-1, 1):
        ex = c + sx * r * 0.34
        # closed eyes: downward arcs with lashes
        fd.arc((ex - r * 0.15, ey - r * 0.12, ex + r * 0.15, ey + r * 0.10), 15, 165, fill=ink, width=int(r * 0.06))
    fd.ellipse((c - r * 0.09, cy + r * 0.34, c + r * 0.09, cy + r * 0.48), fill=(150, 40, 30, 255))
    sun.alpha_composite(face)
    zl = new(S, S)
    dz = ImageDraw.Draw(zl)
    for (x, y, z) in [(0.70, 0.20, 0.06), (0.79, 0.11, 0.075), (0.88, 0.01, 0.09)]:
        x0, y0, w = x * S, y * S + S * 0.02, z * S
        round_cap_line(dz, [(x0, y0), (x0 + w, y0), (x0, y0 + w), (x0 + w, y0 + w)], S * 0.016, (70, 80, 170, 255))
    sun.alpha_composite(outline_and_shadow(zl, S * 0.01, opacity=0.2))
    return down(sun, (size, size))


def ear_mask(S, cx, cy, h):
    """An ear seen from the side (the outer rim and the inner fold), height h."""
    m = Image.new("L", (S, S), 0)
    d = ImageDraw.Draw(m)
    w = h * 0.66
    d.ellipse((cx - w / 2, cy - h / 2, cx + w / 2, cy + h * 0.18), fill=255)
    d.polygon([(cx - w / 2 + h * 0.02, cy), (cx + w / 2, cy), (cx + w * 0.05, cy + h / 2), (cx - w * 0.12, cy + h * 0.44)], fill=255)
    d.ellipse((cx - w * 0.22, cy + h * 0.26, cx + w * 0.20, cy + h * 0.52), fill=255)
    return m


def red_x(base, S, xc, yc, k, w):
    """The red X with a white edge that the muted speaker carries."""
    xm = Image.new("L", (S, S), 0)
    d = ImageDraw.Draw(xm)
    for (a1, a2) in [((xc - k, yc - k), (xc + k, yc + k)), ((xc - k, yc + k), (xc + k, yc - k))]:
        d.line([a1, a2], fill=255, width=w)
        for p in (a1, a2):
            d.ellipse((p[0] - w / 2, p[1] - w / 2, p[0] + w / 2, p[1] + w / 2), fill=255)
    base.alpha_composite(solid((S, S), (255, 255, 255), grow(xm, w * 0.35)))
    base.alpha_composite(solid((S, S), (235, 35, 45), xm))


def make_hear_again_ear(size=96, s=SS, muted=False):
    """Hear it again: an ear with a round 'again' arrow, on an orange disc (not a speaker:
    the mute button is the speaker). Muted (the voice cannot be heard: the speaker is off,
    or the grown-ups turned the voice off): the same ear on the muted speaker's grey disc,
    with the muted speaker's red X where the arrow was."""
    S = size * s
    if muted:
        base, mi, (c, cy), r = round_button(size, rgb("#A8B6C8"), rgb("#64748B"), s)
    else:
        base, mi, (c, cy), r = round_button(size, rgb("#FFC266"), rgb("#D9731A"), s)
    ex, ey, eh = c - r * 0.20, cy - r * 0.16, r * 1.45
    g = ear_mask(S, ex, ey, eh)
    base.alpha_composite(glyph_shadow(solid((S, S), (255, 255, 255), g), S))
    inner = Image.new("L", (S, S), 0)
    di = ImageDraw.Draw(inner)
    w = eh * 0.66
    di.arc((ex - w * 0.26, ey - eh * 0.30, ex + w * 0.26, ey + eh * 0.12), 160, 400, fill=255, width=int(eh * 0.07))
    di.line((ex - w * 0.02, ey + eh * 0.08, ex - w * 0.10, ey + eh * 0.26), fill=255, width=int(eh * 0.07))
    base.alpha_composite(solid((S, S), rgb("#4B5563" if muted else "#B85A10"), inner))
    if muted:
        red_x(base, S, c + r * 0.46, cy + r * 0.40, r * 0.24, int(r * 0.17))
        return down(base, (size, size))
    bx, by, br = c + r * 0.50, cy + r * 0.50, r * 0.42
    badge = solid((S, S), (255, 255, 255), ellipse_mask((S, S), (bx - br, by - br, bx + br, by + br)))
    badge.alpha_composite(solid((S, S), rgb("#B85A10"),
                                arc_arrow_mask(S, bx, by + br * 0.04, br * 0.52, br * 0.24, -25, 245, head=1.45)))
    base.alpha_composite(with_shadow(badge, (0, int(S * 0.012)), S * 0.012, 0.35, (80, 40, 0)))
    return down(base, (size, size))

# ---- emoji pieces with a white outline (pointing hand, stickers)

def emoji_outlined(ch, box, px, size):
    """Emoji scaled down to fit box, with a smooth white outline about px wide and a soft shadow,
    centred on a size x size square. The emoji itself is never scaled up: only its outline mask
    is computed at 4x to keep the edge smooth."""
    em = emoji_fit(ch, box)
    out = new(size, size)
    ox, oy = (size - em.width) // 2, (size - em.height) // 2
    a = new(size * 4, size * 4)
    big = em.getchannel("A").resize((em.width * 4, em.height * 4), Image.BICUBIC)
    am = Image.new("L", (size * 4, size * 4), 0)
    am.paste(big, (ox * 4, oy * 4))
    om = down(grow(am.point(lambda v: 255 if v > 80 else 0), px * 4), (size, size))
    ol = solid((size, size), (255, 255, 255), om)
    out.alpha_composite(with_shadow(ol, (0, max(1, int(px * 0.6))), px * 0.7, 0.32, (40, 30, 60)))
    out.alpha_composite(em, (ox, oy))
    return out


def make_sticker(ch, size=128, s=SS):
    """A cheerful emoji on a round white die-cut sticker with a soft shadow."""
    S = size * s
    c = S / 2
    r = S * 0.45
    base = new(S, S)
    disc = ellipse_mask((S, S), (c - r, c - r - S * 0.01, c + r, c + r - S * 0.01))
    g = gradient(S, S, [(0, (255, 255, 255)), (0.7, (255, 255, 255)), (1, (232, 236, 244))])
    g.putalpha(disc)
    base.alpha_composite(g)
    ring = Image.new("L", (S, S), 0)
    ImageDraw.Draw(ring).ellipse((c - r, c - r - S * 0.01, c + r, c + r - S * 0.01), outline=255, width=int(S * 0.008))
    base.alpha_composite(solid((S, S), (205, 212, 225), ring))
    base = with_shadow(base, (0, int(S * 0.025)), S * 0.03, 0.30, (40, 30, 60))
    out = down(base, (size, size))
    em = emoji_fit(ch, int(size * 0.66))
    sh = shadow_of(centred(em, size, size, dy=-1), (0, max(1, size // 64)), size / 96, 0.22, (40, 30, 60))
    out.alpha_composite(sh)
    out.alpha_composite(em, ((size - em.width) // 2, (size - em.height) // 2 - 1))
    return out


NEW_ANIMALS = [
    ("bear", "\U0001F43B"), ("pig", "\U0001F437"), ("chick", "\U0001F425"), ("penguin", "\U0001F427"),
    ("owl", "\U0001F989"), ("elephant", "\U0001F418"), ("unicorn", "\U0001F984"), ("hedgehog", "\U0001F994"),
]

STICKERS = [
    "\U0001F34E", "\U0001F98B", "\U0001F308", "\U0001F353", "\U0001F422", "\U0001F680",
    "\U0001F366", "\U0001F33B", "\U0001F433", "\U0001F34C", "\u2B50", "\U0001F41E",
    "\U0001F9C1", "\U0001F337", "\U0001F995", "\U0001F349", "\U0001F419", "\U0001F36D",
    "\U0001F338", "\U0001F420", "\U0001F352", "\U0001F41D", "\U0001F347", "\U0001F34A",
]

# --------------------------------------------------------------------------
# main
# --------------------------------------------------------------------------

ANIMALS = [
    ("cat", "\U0001F431"), ("dog", "\U0001F436"), ("rabbit", "\U0001F430"), ("fox", "\U0001F98A"),
    ("panda", "\U0001F43C"), ("lion", "\U0001F981"), ("tiger", "\U0001F42F"), ("frog", "\U0001F438"),
    ("monkey", "\U0001F435"), ("koala", "\U0001F428"),
]

# (name, emoji, flip) -- flip the ones drawn facing left so every vehicle heads right
VEHICLES = [
    ("airplane", "\u2708", False), ("helicopter", "\U0001F681", True), ("rocket", "\U0001F680", False),
    ("ufo", "\U0001F6F8", False), ("parachute", "\U0001FA82", False),
    ("sailboat", "\u26F5", False), ("speedboat", "\U0001F6A4", True), ("ship", "\U0001F6A2", True),
    ("canoe", "\U0001F6F6", False), ("ferry", "\u26F4", True),
    ("car", "\U0001F697", True), ("bus", "\U0001F68C", True), ("fire-engine", "\U0001F692", True),
    ("tractor", "\U0001F69C", True), ("bicycle", "\U0001F6B2", False),
]


def registry():
    """Every image as (name, kind, maker); maker(scale) returns the picture at that scale.

    kind: 'drawn'  -- Pillow shapes only: can be drawn natively at any scale;
          'mixed'  -- drawn, plus emoji: made at a scale only if no emoji has to be scaled up;
          'emoji'  -- emoji only (or emoji drawn at a supersampled size): 1x only;
          'icon'   -- the desktop icons (PNG): 1x only.
    """
    R = []

    def add(name, kind, maker):
        R.append((name, kind, maker))

    for name, ch in ANIMALS + NEW_ANIMALS:
        add("animal-" + name, "emoji", lambda k, ch=ch: emoji_icon(ch, 136))
    for name, ch, flip in VEHICLES:
        add("vehicle-" + name, "emoji", lambda k, ch=ch, flip=flip: emoji_icon(ch, 136, flip=flip))
    add("card-back", "drawn", lambda k: card_back(scale=k))
    add("card-front", "drawn", lambda k: card_front(scale=k))
    for name, col in BALLOON_COLORS:
        add("balloon-" + name, "drawn", lambda k, col=col: balloon(col, scale=k))
    add("balloon-star", "mixed", lambda k: balloon("#F7A614", kind="star", scale=k))
    add("balloon-skull", "mixed", lambda k: balloon("#34343E", kind="skull", scale=k))
    add("game-memory", "emoji", lambda k: make_game_memory())
    add("game-sorting", "emoji", lambda k: make_game_sorting())
    add("game-balloons", "drawn", lambda k: balloon_bunch(160 * k, scale=k))
    for n, name in [(1, "easy"), (2, "medium"), (3, "hard")]:
        add("level-" + name, "drawn", lambda k, n=n: make_levels(n, 160 * k, 120 * k))
    add("play", "drawn", lambda k: make_play(200 * k))
    add("trophy", "emoji", lambda k: emoji_icon("\U0001F3C6", 128, margin=4))
    add("back", "drawn", lambda k: make_back(96 * k))
    add("speaker-on", "drawn", lambda k: make_speaker(True, 96 * k))
    add("speaker-off", "drawn", lambda k: make_speaker(False, 96 * k))
    add("check", "drawn", lambda k: make_check(64 * k))
    add("logo", "mixed", lambda k: make_logo(scale=k))
    add("star", "drawn", lambda k: make_star(48 * k))
    add("confetti", "drawn", lambda k: make_confetti(24 * k))
    add("sparkle", "drawn", lambda k: make_sparkle(64 * k))
    add("burst", "drawn", lambda k: make_burst(160 * k))
    add("snail", "emoji", lambda k: emoji_icon("\U0001F40C", 96, margin=3, flip=True))
    add("clock", "emoji", lambda k: emoji_icon("\u23F0", 64, margin=2))
    add("score-star", "emoji", lambda k: emoji_icon("\u2b50", 64, margin=2))
    add("zone-air", "emoji", lambda k: emoji_icon("\u2601", 96, margin=3))
    add("zone-water", "emoji", lambda k: emoji_icon("\U0001F30A", 96, margin=3))
    add("zone-land", "emoji", lambda k: emoji_icon("\U0001F6E3", 96, margin=3))
    add("app-icon", "icon", None)
    # Home shows the pattern softly, at 30% over the cream page colour (Theme.background):
    # blended here once, so the game only copies it.
    add("bg-home", "drawn", lambda k: Image.blend(Image.new("RGB", (BG_W * k, BG_H * k), (255, 248, 236)),
                                                   bg_home(k).convert("RGB"), 0.3))
    add("bg-balloons", "drawn", lambda k: bg_balloons(k))
    add("bg-sorting", "drawn", lambda k: bg_sorting(k))
    # Wide (16:10 to 21:9) and portrait (9:16 to 3:4) screens: pictures drawn for that shape.
    for suffix, size in (("wide", BG_WIDE), ("portrait", BG_PORTRAIT)):
        add("bg-home-" + suffix, "drawn", lambda k, size=size: Image.blend(
            Image.new("RGB", (size[0] * k, size[1] * k), (255, 248, 236)), bg_home(k, size).convert("RGB"), 0.3))
    add("bg-balloons-wide", "drawn", lambda k: bg_balloons(k, BG_WIDE))
    add("bg-balloons-portrait", "drawn", lambda k: bg_balloons(k, BG_PORTRAIT, sun=(BG_PORTRAIT[0] - 62, BG_PORTRAIT[1] - 1024 + 62)))
    add("bg-sorting-wide", "drawn", lambda k: bg_sorting(k, BG_WIDE[0]))
    add("bg-sorting-portrait", "drawn", lambda k: bg_sorting_portrait(k))
    # ---- end screens
    add("mascot-happy", "drawn", lambda k: make_mascot(True, 256 * k))
    add("mascot-sad", "drawn", lambda k: make_mascot(False, 256 * k))
    add("mascot-asleep", "drawn", lambda k: make_mascot_asleep(256 * k))
    add("reason-time", "mixed", lambda k: make_reason_time(180 * k))
    add("reason-killer", "mixed", lambda k: make_reason_killer(180 * k, k=k))
    add("reason-idle", "drawn", lambda k: make_reason_idle(180 * k, k=k))
    add("replay", "drawn", lambda k: make_glyph_button(128 * k, "#C7A2FF", "#7A3FE0", replay_glyph))
    add("home", "drawn", lambda k: make_glyph_button(128 * k, "#62E6D6", "#109C92", home_glyph))
    add("door", "drawn", lambda k: make_door(128 * k))
    add("close", "drawn", lambda k: make_glyph_button(96 * k, "#FF8A8A", "#D92D3A", close_glyph))
    for n in (1, 2, 3):
        add("medal-%d" % n, "drawn", lambda k, n=n: make_medal(n, 96 * k))
    add("star-empty", "drawn", lambda k: make_star_empty(96 * k))
    add("star-big", "drawn", lambda k: make_star(96 * k))
    # ---- voice and demo
    add("hear-again", "drawn", lambda k: make_hear_again_ear(96 * k))
    add("hear-again-off", "drawn", lambda k: make_hear_again_ear(96 * k, muted=True))
    add("hand", "mixed", lambda k: emoji_outlined("\U0001F446", 112 * k, 5 * k, 128 * k))
    # ---- profiles
    add("add-child", "drawn", lambda k: make_glyph_button(128 * k, "#9BE86A", "#3C9E2C", plus_glyph))
    add("guest", "drawn", lambda k: make_guest(128 * k))
    add("tab-mine", "drawn", lambda k: make_tab_people(1, 96 * k))
    add("tab-everyone", "drawn", lambda k: make_tab_people(3, 96 * k))
    add("sticker-book", "drawn", lambda k: make_sticker_book(128 * k))
    add("gear", "drawn", lambda k: make_gear(96 * k))
    add("lock", "drawn", lambda k: make_lock(96 * k))
    add("chart", "drawn", lambda k: make_chart(96 * k))
    add("usb", "drawn", lambda k: make_usb(96 * k))
    add("folder-home", "drawn", lambda k: make_folder_home(96 * k))
    # ---- stickers
    for i, ch in enumerate(STICKERS):
        add("sticker-%02d" % (i + 1), "mixed", lambda k, ch=ch: make_sticker(ch, 128 * k))
    # ---- input help
    add("pad", "emoji", lambda k: emoji_icon("\U0001F3AE", 128, margin=4))
    add("switch", "drawn", lambda k: make_switch(128 * k))
    return R


def main(argv):
    """make_images.py [--scale N] [name-part ...]

    Without --scale: writes every image (or those whose name contains a name-part) at 1x.
    With --scale N (N = 2 or 3): writes NAME@Nx.webp for every drawn image, drawn natively at
    N times its size; emoji images are skipped (their 136 px bitmaps are never scaled up), and
    so is any image mixing drawing and emoji when one of its emoji would have to grow past its
    bitmap -- at 3x, past 1.5 times its bitmap, so that @3x exists exactly where @2x does: the
    emoji of balloon-star and balloon-skull (120 px in their @2x, 180 px at 3x) are
    enlarged 1.3 times from Noto's only bitmap there, while the balloons around them are drawn at 3x.
    """
    global EMOJI_UPSCALED, EMOJI_MAX_ENLARGE
    scale = 1
    args = list(argv)
    if "--scale" in args:
        i = args.index("--scale")
        scale = int(args[i + 1])
        del args[i:i + 2]
        if scale not in (2, 3):
            sys.exit("make_images.py: --scale takes 2 or 3 (the game loads NAME@2x and NAME@3x)")
    EMOJI_MAX_ENLARGE = 1.5 if scale == 3 else 1.0
    only = args or None
    os.makedirs(OUT, exist_ok=True)

    def want(name):
        return only is None or any(o in name for o in only)

    skipped = []
    for name, kind, maker in registry():
        if not want(name):
            continue
        if scale == 1:
            if kind == "icon":
                icon = make_app_icon()
                save(icon, "app-icon.png")
                for sz in (48, 64, 128):
                    save(down(icon, (sz, sz)), "app-icon-%d.png" % sz)
            else:
                save(maker(1), name + ".png")
            continue
        if kind in ("emoji", "icon"):
            skipped.append((name, kind))
            continue
        if name.startswith("bg-"):
            # Soft gradients and patterns: drawn from 1x scaled up, where @2x would cost
            # 1.3 MB installed (docs/screens.md, "Screens and resolutions").
            skipped.append((name, "background"))
            continue
        EMOJI_UPSCALED = False
        im = maker(scale)
        if EMOJI_UPSCALED:
            skipped.append((name, "an emoji would be scaled up"))
            continue
        save(im, "%s@%dx.png" % (name, scale))
    total = 0
    for name, size, mode in WRITTEN:
        nbytes = os.path.getsize(os.path.join(OUT, name))
        total += nbytes
        print("%-28s %4dx%-4d %-4s %8d bytes" % (name, size[0], size[1], mode, nbytes))
    print("%d files, %d bytes" % (len(WRITTEN), total))
    if skipped:
        print("not drawn at %dx: %s" % (scale, ", ".join("%s (%s)" % s_ for s_ in skipped)))


if __name__ == "__main__":
    main(sys.argv[1:])
