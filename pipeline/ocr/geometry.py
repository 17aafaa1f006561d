"""The pages inside a page image as scans come: found, turned upright, split, scaled.

A library's scan or a photograph of a book is seldom a page cut at its margins: a dark
scanner bed or the book's edge lies around it, two pages stand side by side (a spread), the
page is turned a quarter or half round, or it is a 600 dpi image of the whole bed. Tesseract
reads such a file badly or slowly (its layout takes the dark border for a picture, a spread's
lines run on across the gutter, a turned page reads as nothing), so `frame_pages` finds the
page(s) in the image first, on a thumbnail, and writes each as a grey piece for the reader;
every piece's `Frame` maps its word boxes back into the file's pixels.

- Page: the paper, found as the light region of the thumbnail once its text is filled in (a
  max filter): the columns and rows of it that are mostly paper (`PAPER_SHARE` of the most
  paper any has) bound the page; a dark surround of `MIN_CUT` of the image or more is cut.
- Turn: text lines run along the page, so within narrow strips across them the ink's
  profile swings between line and gap, while along them it stays even; when the swing runs
  the other way by `TURN_RATIO`, the page is turned a quarter (`turned`); a page of a line
  or two swings wildly either way (`SPARSE_SWING`) and is left as it lies. A page upside
  down looks alike to this test: `reading.read_page` reads it again turned half round when
  Tesseract is unsure of it.
- Spread: an upright region wider than `SPREAD_ASPECT` times its height and `MIN_LINES`
  lines high, with an inkless band near its middle (the gutter) and text on both sides of
  it (`SIDE_INK`), is two pages, read left then right.
- Size: a page of more than `BIG_PIXELS` whose line pitch (the profile's period) is above
  `MAX_PITCH` pixels is read scaled to `TARGET_PITCH`, the size the model reads well at, in
  a fraction of the time.

- Colour: a page in colour (`clean.is_colour`) is read in the grey `clean.colour_grey`
  makes of it (its channels weighed by their contrast, stretched), a piece of the whole page.

A page that needs none of it (a page in grey cut at its margins, upright, of the usual size)
is read as it is, so the pages every benchmark set renders read exactly as before. `find`
looks at a page once; `pieces` cuts it, again turned half round where the first reading
was unsure (`reading`).
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pipeline.ocr.clean import median_of, open_grey, open_page
from pipeline.ocr.frame import Frame, turn_box

METHOD = "frame-2"  # in the OCR cache key: a change re-reads every page (2: colour in its grey)
THUMB_PIXELS = 1_500_000  # the thumbnail's size, about (a 300 dpi page: halved)
PAPER_FACTOR = 0.55  # darker than this share of the paper's grey (text filled in): not paper
PAPER_SHARE = 0.5  # a column or row that is paper over this share of the most: on the page
MIN_CUT = 0.02  # a surround thinner than this share of the image is left
INK_STEP = 40  # darker than the paper around it by this much: ink
TURN_RATIO = 1.6  # the swing across the lines this many times the swing along them: turned
STRIPS = 6
SPARSE_SWING = 3.0  # a swing above this (text pages: 0.4-2.1) is a line or a word: not judged
SPREAD_ASPECT = 1.1
GUTTER_INK = 0.15  # the gutter band holds less ink than this share of the page's median
SIDE_INK = 0.2  # ... and either side of it at least this share of the ink
MIN_LINES = 6  # ... and the region is this many lines high
MAX_PITCH = 120  # pixels between lines above which a page is read smaller (300 dpi, 11.5 pt: 63)
TARGET_PITCH = 70
MAX_LAG = 160  # the longest pitch looked for, in thumbnail pixels
BIG_PIXELS = 8_000_000  # ... and only a page of more pixels than this (a 300 dpi page: 2-4 M)


@dataclass(frozen=True, slots=True)
class Piece:
    """One page to read: its grey image (in the work directory) and where it lies."""

    image: Path
    frame: Frame


def _profile(mask, axis: str) -> list[float]:
    """The mean of `mask` (0/255) per row (`axis` "rows") or per column, 0-1."""
    from PIL import Image

    w, h = mask.size
    size = (1, h) if axis == "rows" else (w, 1)
    return [v / 255 for v in mask.resize(size, Image.Resampling.BOX).tobytes()]


def _extent(values: list[float]) -> tuple[int, int]:
    """The first and last index (end exclusive) of the values over `PAPER_SHARE` of the most."""
    top = max(values, default=0.0)
    on = [i for i, v in enumerate(values) if top > 0 and v >= PAPER_SHARE * top]
    return (on[0], on[-1] + 1) if on else (0, len(values))


def lightest(img, r: int):
    """The lightest grey within `r` pixels each way (a (2r+1)-square max filter), made of
    shifted copies: separable, some twenty times faster than Pillow's rank filter."""
    from PIL import Image, ImageChops

    w, h = img.size

    def shifted(src, dx: int, dy: int):
        out = Image.new("L", (w, h), 0)
        out.paste(src.crop((max(0, -dx), max(0, -dy), w - max(0, dx), h - max(0, dy))),
                  (max(0, dx), max(0, dy)))  # fmt: skip
        return out

    across = img
    for d in range(1, r + 1):
        across = ImageChops.lighter(across, shifted(img, d, 0))
        across = ImageChops.lighter(across, shifted(img, -d, 0))
    out = across
    for d in range(1, r + 1):
        out = ImageChops.lighter(out, shifted(across, 0, d))
        out = ImageChops.lighter(out, shifted(across, 0, -d))
    return out


def page_box(thumb) -> tuple[int, int, int, int] | None:
    """The page's box in the thumbnail's pixels, or None when no dark surround is worth
    cutting (or no paper is seen)."""

    filled = lightest(thumb, 2)
    w, h = filled.size
    centre = filled.crop((w // 4, h // 4, w - w // 4, h - h // 4))
    paper = median_of(centre.histogram())
    if paper < 100:
        return None
    cut = PAPER_FACTOR * paper
    mask = filled.point([255 if g >= cut else 0 for g in range(256)])
    x0, x1 = _extent(_profile(mask, "cols"))
    y0, y1 = _extent(_profile(mask, "rows"))
    if max(x0, w - x1) < MIN_CUT * w and max(y0, h - y1) < MIN_CUT * h:
        return None
    if x1 - x0 < w / 8 or y1 - y0 < h / 8:
        return None
    return x0, y0, x1, y1


def ink_mask(thumb):
    """Ink: pixels darker than the paper around them (a max filter) by `INK_STEP`."""
    from PIL import ImageChops

    paper = lightest(thumb, 3)
    return ImageChops.subtract(paper, thumb).point(
        [255 if g >= INK_STEP else 0 for g in range(256)]
    )


def _swing(values: list[float]) -> float:
    """How much a profile swings: its standard deviation over its mean (its middle 80 %)."""
    k = len(values) // 10
    core = values[k : len(values) - k] or values
    mean = sum(core) / len(core) if core else 0.0
    if mean <= 0:
        return 0.0
    return math.sqrt(sum((v - mean) ** 2 for v in core) / len(core)) / mean


def _weighted(strips: list) -> float:
    """The strips' swings averaged, each weighed by its ink (a strip that catches the tails
    of one line swings wildly on little ink)."""
    got = []
    for strip, axis in strips:
        values = _profile(strip, axis)
        got.append((_swing(values), sum(values)))
    total = sum(m for _, m in got)
    return sum(s * m for s, m in got) / total if total > 0 else 0.0


def swings(ink) -> tuple[float, float]:
    """(across rows, across columns): the ink's swing row by row within narrow vertical
    strips, and column by column within narrow horizontal strips, of the inked box."""
    box = ink.getbbox()
    if box is None:
        return 0.0, 0.0
    ink = ink.crop(box)
    w, h = ink.size
    rows = [
        (ink.crop((w * k // STRIPS, 0, w * (k + 1) // STRIPS, h)), "rows") for k in range(STRIPS)
    ]
    cols = [
        (ink.crop((0, h * k // STRIPS, w, h * (k + 1) // STRIPS)), "cols") for k in range(STRIPS)
    ]
    return _weighted(rows), _weighted(cols)


def turned(ink) -> bool:
    """Whether the text runs up or down the page (a page turned a quarter)."""
    across_rows, across_cols = swings(ink)
    if max(across_rows, across_cols) > SPARSE_SWING:
        return False  # a line or two, a word: too little text to tell
    return across_cols > TURN_RATIO * across_rows and across_cols > 0.3


def pitch(ink) -> float | None:
    """The line pitch of an upright page in the thumbnail's pixels: the first peak of the
    row profile's autocorrelation (the middle strip, where the lines are longest)."""
    w, h = ink.size
    rows = _profile(ink.crop((w // 3, 0, 2 * w // 3, h)), "rows")
    n = len(rows)
    if n < 20:
        return None
    mean = sum(rows) / n
    dev = [v - mean for v in rows]
    var = sum(d * d for d in dev)
    if var <= 0:
        return None
    lags = min(n // 4, MAX_LAG)
    corr = [sum(dev[i] * dev[i + lag] for i in range(n - lag)) / var for lag in range(lags)]
    for lag in range(3, len(corr) - 1):
        if corr[lag] > 0.2 and corr[lag] >= corr[lag - 1] and corr[lag] >= corr[lag + 1]:
            return float(lag)
    return None


def gutter(ink, p: float | None) -> int | None:
    """The x of a spread's gutter in an upright region's ink (its thumbnail pixels), or
    None: the centre of the least inky band near the middle, where it is nearly empty.
    `p`: the region's line pitch (`pitch`)."""
    w, h = ink.size
    if w < SPREAD_ASPECT * h:
        return None
    cols = _profile(ink, "cols")
    inked = sorted(v for v in cols if v > 0)
    if not inked:
        return None
    median = inked[len(inked) // 2]
    band = max(2, w // 50)
    best, where = None, None
    for x in range(int(0.3 * w), int(0.7 * w) - band):
        v = sum(cols[x : x + band]) / band
        if best is None or v < best:
            best, where = v, x + band // 2
    if best is None or where is None or best > GUTTER_INK * median:
        return None
    left, total = sum(cols[:where]), sum(cols)
    if min(left, total - left) < SIDE_INK * total:
        return None  # text on one side only: one page (and blank paper, or a margin note)
    if p is None or h < MIN_LINES * p:
        return None  # a few lines only: a short page, whose words may line up by chance
    return where


_TURNS = {90: "ROTATE_90", 180: "ROTATE_180", 270: "ROTATE_270"}


def _turn(image, turn: int):
    from PIL import Image

    return image.transpose(getattr(Image.Transpose, _TURNS[turn])) if turn else image


def decode(image: Path):
    """The image in grey (one frame only; a colour page in the grey `clean.open_grey`
    makes of it), or None (`clean.open_grey`)."""
    decoded = open_grey(image)
    return decoded[0] if decoded else None


@dataclass(slots=True)
class Found:
    """What `find` learns of a page image, once for every reading of it: its grey, the
    thumbnail's reduction `f`, the page's box on the thumbnail (None: no surround cut), the
    page region's thumbnail and ink, and the quarter turn found (0 or 90)."""

    grey: Any
    f: int
    box: tuple[int, int, int, int] | None
    region: Any
    ink: Any
    quarter: int
    colour: bool


def find(image: Path) -> Found | None:
    """The page found in `image` (see the module's docstring), or None where Pillow cannot
    read it (Tesseract reads it as it is)."""
    decoded = open_page(image)
    if decoded is None:
        return None
    grey, _dpi, colour = decoded
    width, height = grey.size
    f = max(1, math.ceil(math.sqrt(width * height / THUMB_PIXELS)))
    thumb = grey.reduce(f) if f > 1 else grey
    box = page_box(thumb)
    region = thumb.crop(box or (0, 0, thumb.width, thumb.height))
    ink = ink_mask(region)
    quarter = 90 if turned(ink) else 0
    return Found(grey, f, box, region, ink, quarter, colour)


def pieces(found: Found, image: Path, work: Path, turn: int = 0) -> list[Piece] | None:
    """The pages of `found` (of `image`) as pieces to read, or None where the file is to be
    read as it is. `turn`: a half turn already known to be needed (0 or 180), added to the
    quarter found. A colour page is always a piece: its grey is what reads best."""
    from PIL import Image

    grey, f = found.grey, found.f
    width, height = grey.size
    tx0, ty0, tx1, ty1 = found.box or (0, 0, found.region.width, found.region.height)
    total = (found.quarter + turn) % 360
    ink = _turn(found.ink, total) if total else found.ink
    big = (tx1 - tx0) * (ty1 - ty0) * f * f > BIG_PIXELS
    wide = ink.width >= SPREAD_ASPECT * ink.height
    p = pitch(ink) if big or wide else None  # the one costly measure: only where it may tell
    scale = min(1.0, TARGET_PITCH / (p * f)) if big and p and p * f > MAX_PITCH else 1.0
    split = gutter(ink, p) if wide else None
    plain = found.box is None and not total and split is None and scale == 1.0
    if plain and not found.colour:
        return None
    # the page region in the turned full image's pixels
    cut = (tx0 * f, ty0 * f, min(width, tx1 * f), min(height, ty1 * f))
    up = _turn(grey.crop(cut), total)
    tw, th = (height, width) if total in (90, 270) else (width, height)
    origin = turn_box(cut, total, width, height)  # the cut's box in the turned image
    ox, oy = min(origin[0], origin[2]), min(origin[1], origin[3])
    parts = [(0, up.width)]
    if split is not None:
        at = min(up.width, split * f)
        parts = [(0, at), (at, up.width)]
    out_pieces = []
    for k, (a, b) in enumerate(parts):
        img = up.crop((a, 0, b, up.height))
        if scale < 1.0:
            size = (max(1, round(img.width * scale)), max(1, round(img.height * scale)))
            img = img.resize(size, Image.Resampling.LANCZOS)
        fr = Frame(total, (ox + a, oy, min(tw, ox + b), min(th, oy + up.height)), scale,
                   width, height)  # fmt: skip
        out = work / f"frame-{os.getpid()}-{image.stem}-{total}-{k + 1}.png"
        img.save(out, "PNG", compress_level=1)
        out_pieces.append(Piece(out, fr))
    return out_pieces


def frame_pages(image: Path, work: Path, turn: int = 0) -> list[Piece] | None:
    """The pages of `image` as pieces to read, or None where it is to be read as it is
    (`find` then `pieces`)."""
    found = find(image)
    return pieces(found, image, work, turn) if found is not None else None
