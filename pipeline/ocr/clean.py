"""The page image made plain paper behind the ink before Tesseract reads it, where grey
shows through that is not ink.

Tesseract binarizes a page only to find its lines; its recognizer reads the grey image. A
page whose back shows through (bleed-through: the next page's lines, mirrored, a light grey
between and across the lines) therefore reaches the recognizer with those greys, and it reads
their dots and tails as commas, semicolons and hyphens glued to the real words (`можно,`,
`и,`, `по,`). Tesseract's thresholding options do not help: they change only the layout's
binary image.

Such a page is clipped: each pixel lighter than the midpoint between its ink and its paper
becomes paper white; every darker pixel keeps its grey, so the ink and its anti-aliased edge
below the midpoint reach the recognizer as printed. Ink is the page's darkest half-percent,
paper its median (a text page is mostly paper): both come from the page's own histogram.

Only such a page: clipping a clean page costs the recognizer the greys of the ink's edges,
which it needs where strokes are thin (a 150 dpi scan read 153 words wrong after
normalization, clipped 801) or the paper is noisy. A page is clipped where grey that is
neither ink nor the edge of ink covers `GREY_SHARE` of it: pixels between the midpoint and
near the paper's grey with no ink pixel within a few pixels (at half size: two pixels either
way). Ink edges lie next to ink. Grey noise strays from the paper's grey pixel by pixel,
where grey showing through is smooth: on a grainy page (`grain`: neighbouring pixels differ
by more than `GRAINY`) "near the paper" reaches `GRAIN_BAND` times the grain and a grey
pixel counts only among others (`CLUSTER`), so heavy noise alone is no grey showing through
(clipping it roughens every stroke: 21 words read wrong became 51 on one such page), and
grey showing through under it still is.

A page the recognizer reads to almost nothing (`read_little`) is read once more clipped,
whatever the test said: heavy noise on blurred or faint strokes can leave Tesseract's layout
with no line at all (0 words of 212), where the clipped page reads 182 of them right.

A bilevel page (black and white only, as many scanned books are stored) is read smoothed:
twice its size and blurred (`SMOOTH_SCALE`, `SMOOTH_BLUR`), so its stair-stepped strokes reach
the recognizer with the grey edges of the print it was trained on. On bilevel book pages of
200-300 dpi the words left wrong after normalization fell by a third (158 of 5,202 -> 103).
The word boxes Tesseract returns are scaled back (`unscale_tsv`); the page is read as it is
too and a word of that reading kept where Tesseract is much surer of it (`merge`: 103 -> 96).
A page said to be scanned
at `SMOOTH_MAX_DPI` or more goes as it is: its strokes are fine enough.

A page in colour (yellowed paper, brown ink: `is_colour`) is read in the grey
`colour_grey` makes, not in Tesseract's own: each channel weighed by its own ink-paper
contrast, then the levels stretched so that the paper is white and the ink black. On
`scans-dev-geom-colour` the words left wrong after normalization fell from 74 (Tesseract's
grey) to 55 (the same pages in grey: 57); flattening its even paper first read worse (61).
Where the paper is uneven (light falling off, stains: `uneven`) it is flattened first: on
`scans-dev-geom-tints` (9 of its 23 pages stained and shaded) 52 wrong (Tesseract's grey)
became 55 unflattened, 32 flattened where uneven (the same pages in grey: 27).
"""

from __future__ import annotations

import os
from pathlib import Path

from pipeline.ocr.inputs import have_pillow
from pipeline.ocr.tesseract import BOX, row_box, tsv_join, tsv_rows, words_read

INK_SHARE = 0.005  # the darkest share of the pixels taken as the ink's grey
MIN_CONTRAST = 40  # paper less than this much lighter than ink: the page is left as it is
METHOD = "flat-clip-2+smooth-2x1.2+plain-30"  # the cleaning's name in the OCR cache key: a change
# re-reads every page
GREY_SHARE = 0.025  # the share of a page's pixels grey away from ink that makes it clipped
NEAR_PAPER = 0.1  # greys within this share of the ink-paper contrast of the paper are paper
GRAINY = 5  # a median step between neighbouring pixels (at half size) above this: noise
GRAIN_BAND = 2  # on a grainy page, greys within this many steps of the paper are paper
CLUSTER = 3  # ... and a grey pixel counts with this many grey pixels in its 3 x 3
GRAINY_SHARE = 0.015  # ... and this share of them makes it clipped
FEW_WORDS = 5  # a page read to fewer words than this is read again clipped
MAX_PIXELS = 80_000_000  # larger pages go to Tesseract as they are (decoded, 80 MB of grey)
SMOOTH_SCALE = 2  # a bilevel page is read at this many times its size ...
SMOOTH_BLUR = 1.2  # ... blurred by this radius (pixels of the enlarged page)
SMOOTH_MAX_DPI = 400  # a bilevel page scanned at this resolution or more goes as it is


def method() -> str:
    """The cleaning this installation does ("none" without Pillow), for the OCR cache key."""
    return METHOD if have_pillow() else "none"


def median_of(histogram: list[int]) -> int:
    """The median of a histogram's values (the lower one of an even count): a text page's
    paper, or its grain."""
    total, seen = sum(histogram), 0
    for value, count in enumerate(histogram):
        seen += count
        if seen * 2 >= total and seen:
            return value
    return 0


def levels(histogram: list[int]) -> tuple[int, int]:
    """(ink, paper): the grey of the darkest `INK_SHARE` of the pixels, and the median grey."""
    total = sum(histogram)
    ink, seen = -1, 0
    for grey, count in enumerate(histogram):
        seen += count
        if seen >= total * INK_SHARE:
            ink = grey
            break
    return max(ink, 0), median_of(histogram)


def cut(histogram: list[int]) -> int | None:
    """The grey above which a pixel is paper, or None when the page has too little contrast
    (or none to clip: a bilevel page)."""
    ink, paper = levels(histogram)
    if paper - ink < MIN_CONTRAST:
        return None
    mid = (ink + paper + 1) // 2
    if not any(histogram[mid:paper]):
        return None
    return mid


def grain(small) -> int:
    """The page's grain: the median grey step between horizontally neighbouring pixels (a
    text page is mostly paper, so this is the paper's noise; print paper scanned shows 1-5
    at half size, added noise of 15-22 levels shows 6-9)."""
    from PIL import ImageChops

    w, h = small.size
    if w < 2:
        return 0
    steps = ImageChops.difference(small.crop((1, 0, w, h)), small.crop((0, 0, w - 1, h)))
    return median_of(steps.histogram())


def stray_grey_share(small, ink: int, paper: int, step: int | None = None) -> float:
    """The share of the pixels of `small` (the page flattened at half size) that are grey
    between the ink-paper midpoint and near-paper, with no pixel darker than the midpoint
    within two pixels. Near-paper is `NEAR_PAPER` of the contrast; on a grainy page it is
    `GRAIN_BAND` grain steps where that reaches further, and a grey pixel counts only in a
    cluster (`CLUSTER` such pixels in its 3 x 3): noise strays pixel by pixel, grey showing
    through lies in strokes. `step`: the page's grain, where already measured."""
    from PIL import ImageChops, ImageFilter

    mid = (ink + paper + 1) // 2
    step = grain(small) if step is None else step
    grainy = step > GRAINY
    band = int((paper - ink) * NEAR_PAPER)
    if grainy:
        band = max(band, GRAIN_BAND * step)
    stray = small.point([255 if mid <= g < paper - band else 0 for g in range(256)])
    if grainy:
        # the 3 x 3 mean of the grey mask, at least CLUSTER pixels of 9
        dense = stray.filter(ImageFilter.BoxBlur(1)).point(
            [255 if g * 9 >= CLUSTER * 255 - 5 else 0 for g in range(256)]
        )
        stray = ImageChops.multiply(stray, dense)
    # an ink pixel within two pixels: the 5 x 5 mean of the ink mask is not 0 (a box blur
    # costs a fraction of a 5 x 5 minimum filter)
    near_ink = (
        small.point([255 if g < mid else 0 for g in range(256)])
        .filter(ImageFilter.BoxBlur(2))
        .point([255 if g else 0 for g in range(256)])
    )
    away = ImageChops.subtract(stray, near_ink)
    return away.histogram()[255] / max(1, small.width * small.height)


def flatten(grey, scale: int = 1):
    """The page with its paper made one grey: each pixel's darkness below the paper around
    it (the lightest grey within about 28 pixels of the page at full size, smoothed), so a
    lighting ramp or a shadow no longer reads as grey on the paper. `scale`: how much
    `grey` was reduced from the page."""
    from PIL import Image, ImageChops

    paper = paper_around(grey, scale).resize(grey.size, Image.Resampling.BILINEAR)
    return ImageChops.invert(ImageChops.subtract(paper, grey))


def paper_around(grey, scale: int = 1):
    """The paper's grey around each place of the page, at an eighth of its size: the
    lightest grey within about 28 pixels (of the page at full size), smoothed."""
    from PIL import ImageFilter

    small = grey.reduce(8 // scale)
    return small.filter(ImageFilter.MaxFilter(7)).filter(ImageFilter.GaussianBlur(2))


def open_grey(image: Path, accept=lambda im: True):
    """The page decoded in grey with its dpi, or None where it is to go to Tesseract as it
    is (`open_page`)."""
    got = open_page(image, accept)
    return got[:2] if got else None


def open_page(image: Path, accept=lambda im: True):
    """(grey, dpi, colour): the page decoded in grey (a colour page in `colour_grey`), its
    dpi, and whether it is in colour; or None where it is to go to Tesseract as it is: a
    multi-page TIFF, an image `accept` turns down, a file Pillow cannot read (Tesseract
    reads it and says what is wrong), or no Pillow."""
    try:
        from PIL import Image
    except ImportError:
        return None
    Image.MAX_IMAGE_PIXELS = None  # inputs.py has refused oversized pages from their headers
    try:
        with Image.open(image) as im:
            if getattr(im, "n_frames", 1) != 1 or not accept(im):
                return None
            rgb = im.convert("RGB") if im.mode in COLOUR_MODES else None
            colour = rgb is not None and is_colour(rgb)
            grey = colour_grey(rgb) if colour else im.convert("L")
            return grey, im.info.get("dpi"), colour
    except (OSError, ValueError, SyntaxError):
        return None


COLOUR_MODES = ("RGB", "RGBA", "P", "CMYK", "YCbCr", "LAB", "HSV", "PA")
COLOUR_CHROMA = 8  # a page whose paper's chroma (max - min of R, G, B) is above this: colour
UNEVEN_PAPER = 0.05  # paper varying by more than this share of the contrast: flattened first


def is_colour(rgb) -> bool:
    """Whether an RGB page is in colour: its median chroma (a text page is mostly paper)
    above `COLOUR_CHROMA`, on a thumbnail. A grey page stored as RGB reads as it is."""
    from PIL import ImageChops

    small = rgb.reduce(max(1, min(rgb.size) // 200))
    r, g, b = small.split()
    most = ImageChops.lighter(ImageChops.lighter(r, g), b)
    chroma = ImageChops.subtract(most, ImageChops.darker(ImageChops.darker(r, g), b))
    return median_of(chroma.histogram()) > COLOUR_CHROMA


def uneven(grey, contrast: int) -> bool:
    """Whether the paper of a page varies across it (light falling off, stains) by more than
    `UNEVEN_PAPER` of the ink-paper `contrast`: the spread between the 5th and 95th
    percentile of `paper_around` (an even page, noise and all: 0-2 levels)."""
    histogram = paper_around(grey).histogram()
    total, seen, low, high = sum(histogram), 0, None, 0
    for g, count in enumerate(histogram):
        seen += count
        if low is None and seen >= 0.05 * total:
            low = g
        if seen >= 0.95 * total:
            high = g
            break
    return low is not None and high - low > UNEVEN_PAPER * contrast


def colour_grey(rgb):
    """The grey of a colour page that reads best: each channel weighed by its own contrast
    between ink and paper (a channel the tint has darkened, blue under yellowed paper, adds
    more noise than ink), its paper flattened where it is uneven (`uneven`: a lighting ramp,
    stains), then stretched so that the paper is white and the ink black (Tesseract's
    recognizer reads the contrast it was trained on: see the module's docstring)."""
    bands = rgb.split()
    spans = []
    for band in bands:
        ink, paper = levels(band.histogram())
        spans.append(max(0, paper - ink))
    total = sum(spans)
    if total <= 0:
        return rgb.convert("L")
    weights = tuple(v / total for v in spans)
    grey = rgb.convert("L", (*weights, 0.0))
    ink, paper = levels(grey.histogram())
    if uneven(grey, paper - ink):
        grey = flatten(grey)
        ink, paper = levels(grey.histogram())
    if paper - ink < MIN_CONTRAST:
        return grey
    span = paper - ink
    return grey.point([min(255, max(0, round((g - ink) * 255 / span))) for g in range(256)])


def _decoded(image: Path, modes: tuple[str, ...], scale: int = 1):
    """`open_grey` of a page in one of `modes`, at most `MAX_PIXELS` once scaled by `scale`."""
    return open_grey(
        image, lambda im: im.mode in modes and im.width * im.height * scale**2 <= MAX_PIXELS
    )


def _grey(image: Path):
    """The page decoded in grey with its dpi where it is to be cleaned: not bilevel, not
    16-bit or CMYK."""
    return _decoded(image, ("L", "RGB", "RGBA", "P"))


def _clip(image: Path, workdir: Path, test: bool) -> Path:
    decoded = _grey(image)
    if decoded is None:
        return image
    grey, dpi = decoded
    grey = flatten(grey)
    histogram = grey.histogram()
    where = cut(histogram)
    if where is None:
        return image
    if test:
        small = grey.reduce(2)
        step = grain(small)
        needed = GRAINY_SHARE if step > GRAINY else GREY_SHARE
        if stray_grey_share(small, *levels(histogram), step) < needed:
            return image
    clipped = grey.point([g if g < where else 255 for g in range(256)])
    out = workdir / f"clean-{os.getpid()}-{image.stem}.png"
    save: dict = {"dpi": dpi} if dpi else {}
    clipped.save(out, "PNG", compress_level=1, **save)
    return out


def _bilevel(image: Path):
    """The page decoded in grey where it is bilevel (mode 1, or two greys only) and to be
    smoothed, with its dpi; else None."""
    decoded = _decoded(image, ("1", "L", "P"), SMOOTH_SCALE)
    if decoded is None:
        return None
    grey, dpi = decoded
    if dpi and min(dpi) >= SMOOTH_MAX_DPI:
        return None
    if sum(1 for n in grey.histogram() if n) > 2:
        return None
    return grey, dpi


def smooth_image(image: Path, workdir: Path) -> Path:
    """`image`, or where it is bilevel a smoothed copy in `workdir`: `SMOOTH_SCALE` times
    its size, blurred by `SMOOTH_BLUR`."""
    decoded = _bilevel(image)
    if decoded is None:
        return image
    from PIL import Image, ImageFilter

    grey, dpi = decoded
    size = (grey.width * SMOOTH_SCALE, grey.height * SMOOTH_SCALE)
    grey = grey.resize(size, Image.Resampling.LANCZOS).filter(ImageFilter.GaussianBlur(SMOOTH_BLUR))
    out = workdir / f"smooth-{os.getpid()}-{image.stem}.png"
    save: dict = {"dpi": tuple(d * SMOOTH_SCALE for d in dpi)} if dpi else {}
    grey.save(out, "PNG", compress_level=1, **save)
    return out


def clean_page(image: Path, workdir: Path) -> tuple[Path, int]:
    """The image Tesseract is to read and how many times the page's size it is: a bilevel
    page smoothed (`smooth_image`), a page with grey showing through clipped, else `image`."""
    smoothed = smooth_image(image, workdir)
    if smoothed != image:
        return smoothed, SMOOTH_SCALE
    return _clip(image, workdir, test=True), 1


def clean_image(image: Path, workdir: Path) -> Path:
    """The image `clean_page` gives Tesseract (its scale aside)."""
    return clean_page(image, workdir)[0]


def unscale_tsv(tsv: str, scale: int) -> str:
    """Tesseract's TSV of a page read at `scale` times its size, with every box (and the
    page's size) in the page's own pixels again."""
    if scale == 1:
        return tsv
    rows = tsv_rows(tsv)
    for cols in rows[1:]:
        got = row_box(cols)
        if got is not None:
            cols[BOX] = [str(round(v / scale)) for v in got]
    return tsv_join(rows)


def clip_image(image: Path, workdir: Path) -> Path:
    """A clipped copy of `image` in `workdir` whatever the test says (`image` itself where
    it cannot be clipped: no contrast, no grey, or a page `clean_image` leaves as it is)."""
    return _clip(image, workdir, test=False)


def read_little(tsv: str) -> bool:
    """Whether Tesseract read fewer than `FEW_WORDS` words of a page: worth a clipped read."""
    return words_read(tsv) < FEW_WORDS
