"""The page image made plain paper behind the ink before Tesseract reads it.

Tesseract binarizes a page only to find its lines; its recognizer reads the grey image. A
page whose back shows through (bleed-through: the next page's lines, mirrored, a light grey
between the lines) therefore reaches the recognizer with those greys, and it reads their
dots and tails as commas, semicolons and hyphens glued to the real words (`можно,`, `и,`,
`по,`). Thresholding options do not help, as they change only the layout's binary image.

So every grey page is clipped once: each pixel lighter than the midpoint between its ink and
its paper becomes paper white; every darker pixel keeps its grey, so the ink and its
anti-aliased edge below the midpoint reach the recognizer as printed. Ink is the page's
darkest half-percent, paper its median (a text page is mostly paper): both are read from the
page's own histogram, so faint ink on grey paper and dark ink on white are clipped alike,
and a bilevel page (nothing between ink and paper) is left as it is.
"""

from __future__ import annotations

import os
from pathlib import Path

INK_SHARE = 0.005  # the darkest share of the pixels taken as the ink's grey
MIN_CONTRAST = 40  # paper less than this much lighter than ink: the page is left as it is
METHOD = "clip-1"  # the cleaning's name in the OCR cache key: a change re-reads every page
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
    where = cut(grey.histogram())
    if where is None:
        return image
    clipped = grey.point([g if g < where else 255 for g in range(256)])
    out = workdir / f"clean-{os.getpid()}-{image.stem}.png"
    save: dict = {"dpi": dpi} if dpi else {}
    clipped.save(out, "PNG", compress_level=1, **save)
    return out
