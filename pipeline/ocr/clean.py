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
way). Ink edges lie next to ink, and noise seldom strays so far from the paper's grey.
"""

from __future__ import annotations

import os
from pathlib import Path

INK_SHARE = 0.005  # the darkest share of the pixels taken as the ink's grey
MIN_CONTRAST = 40  # paper less than this much lighter than ink: the page is left as it is
METHOD = "flat-clip-1"  # the cleaning's name in the OCR cache key: a change re-reads every page
GREY_SHARE = 0.025  # the share of a page's pixels grey away from ink that makes it clipped
NEAR_PAPER = 0.1  # greys within this share of the ink-paper contrast of the paper are paper
MAX_PIXELS = 80_000_000  # larger pages go to Tesseract as they are (decoded, 80 MB of grey)


def method() -> str:
    """The cleaning this installation does ("none" without Pillow), for the OCR cache key."""
    try:
        import PIL  # noqa: F401
    except ImportError:
        return "none"
    return METHOD


def levels(histogram: list[int]) -> tuple[int, int]:
    """(ink, paper): the grey of the darkest `INK_SHARE` of the pixels, and the median grey."""
    total = sum(histogram)
    ink = paper = -1
    seen = 0
    for grey, count in enumerate(histogram):
        seen += count
        if ink < 0 and seen >= total * INK_SHARE:
            ink = grey
        if seen * 2 >= total:
            paper = grey
            break
    return max(ink, 0), max(paper, 0)


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


def stray_grey_share(small, ink: int, paper: int) -> float:
    """The share of the pixels of `small` (the page flattened at half size) that are grey
    between the ink-paper midpoint and near-paper, with no pixel darker than the midpoint
    within two pixels."""
    from PIL import ImageChops, ImageFilter

    mid = (ink + paper + 1) // 2
    top = paper - int((paper - ink) * NEAR_PAPER)
    stray = small.point([255 if mid <= g < top else 0 for g in range(256)])
    near_ink = small.filter(ImageFilter.MinFilter(5)).point(
        [255 if g < mid else 0 for g in range(256)]
    )
    away = ImageChops.subtract(stray, near_ink)
    return away.histogram()[255] / max(1, small.width * small.height)


def flatten(grey, scale: int = 1):
    """The page with its paper made one grey: each pixel's darkness below the paper around
    it (the lightest grey within about 28 pixels of the page at full size, smoothed), so a
    lighting ramp or a shadow no longer reads as grey on the paper. `scale`: how much
    `grey` was reduced from the page."""
    from PIL import Image, ImageChops, ImageFilter

    paper = (
        grey.reduce(8 // scale).filter(ImageFilter.MaxFilter(7)).filter(ImageFilter.GaussianBlur(2))
    )
    paper = paper.resize(grey.size, Image.Resampling.BILINEAR)
    return ImageChops.invert(ImageChops.subtract(paper, grey))


def clean_image(image: Path, workdir: Path) -> Path:
    """`image`, or a cleaned copy of it in `workdir` when it is one grey (or colour) page.

    Pillow decodes it; a multi-page TIFF, a bilevel page, another mode (16-bit, CMYK), a page
    above `MAX_PIXELS`, or no Pillow at all leaves the file as it is (Tesseract reads it)."""
    try:
        from PIL import Image
    except ImportError:
        return image
    Image.MAX_IMAGE_PIXELS = None  # inputs.py has refused oversized pages from their headers
    try:
        with Image.open(image) as im:
            if getattr(im, "n_frames", 1) != 1 or im.mode not in ("L", "RGB", "RGBA", "P"):
                return image
            if im.width * im.height > MAX_PIXELS:
                return image
            grey = im.convert("L")
            dpi = im.info.get("dpi")
    except (OSError, ValueError, SyntaxError):
        return image  # Tesseract reads it and says what is wrong
    grey = flatten(grey)
    histogram = grey.histogram()
    where = cut(histogram)
    if where is None or stray_grey_share(grey.reduce(2), *levels(histogram)) < GREY_SHARE:
        return image
    clipped = grey.point([g if g < where else 255 for g in range(256)])
    out = workdir / f"clean-{os.getpid()}-{image.stem}.png"
    save: dict = {"dpi": dpi} if dpi else {}
    clipped.save(out, "PNG", compress_level=1, **save)
    return out
