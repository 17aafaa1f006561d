"""Two readings of one page made one, word by word: where a second reading holds a word over
the same place that Tesseract is clearly surer of, it replaces the first's.

A bilevel page is read smoothed (`clean.smooth_image`) and as it is: the smoothed reading is
the better one on the whole (book pages: 158 of 5,202 words left wrong after normalization
-> 103), yet on each page some words read plainly are right where the smoothed ones are not.
The recognizer's own confidence tells them apart only where it differs by much
(`MARGIN`: at 0 the smoothed reading lost more words than it gained); words are matched
by the overlap of their boxes (`OVERLAP`), both readings in the page's own pixels.
"""

from __future__ import annotations

from pipeline.ocr import tesseract
from pipeline.ocr.tesseract import COLUMNS, CONF, LEVEL, TEXT, WIDTH

OVERLAP = 0.5  # two words' boxes overlap at least so much (intersection over union): one place
MARGIN = 30.0  # the second reading's word replaces the first's where surer by this much (0-100)


def _box(cols: list[str], scale: float = 1.0) -> tuple[float, float, float, float] | None:
    got = tesseract.row_box(cols)
    if got is None:
        return None
    left, top, width, height = (v * scale for v in got)
    return left, top, left + width, top + height


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """Intersection over union of two boxes (left, top, right, bottom)."""
    x0, y0, x1, y1 = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    if x1 <= x0 or y1 <= y0:
        return 0.0
    inter = (x1 - x0) * (y1 - y0)
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def _words(rows: list[list[str]], scale: float = 1.0) -> list[tuple[tuple[float, ...], list[str]]]:
    out: list[tuple[tuple[float, ...], list[str]]] = []
    for cols in rows:
        if tesseract.is_word(cols):
            box = _box(cols, scale)
            if box is not None:
                out.append((box, cols))
    return out


def _width(rows: list[list[str]]) -> int:
    """The first page's width (its level 1 row)."""
    pages = (c for c in rows if len(c) >= COLUMNS and c[LEVEL] == "1")
    return next((int(c[WIDTH]) for c in pages if c[WIDTH].isdigit()), 0)


def surer_words(
    first: str, second: str, *, margin: float = MARGIN, min_overlap: float = OVERLAP
) -> tuple[str, int]:
    """`first` (Tesseract's TSV of a page) with each word replaced, text and confidence, by
    the word of `second` over the same place where `second`'s is surer by `margin`; and how
    many were replaced. `second`'s boxes are brought to `first`'s page width first."""
    rows = tesseract.tsv_rows(first)
    other = tesseract.tsv_rows(second)[1:]
    wa, wb = _width(rows), _width(other)
    theirs = _words(other, wa / wb if wa and wb else 1.0)
    replaced = 0
    for k, cols in enumerate(rows[1:], 1):
        if not theirs or not tesseract.is_word(cols):
            continue
        box = _box(cols)
        if box is None:
            continue
        score, best = max(((overlap(box, b), c) for b, c in theirs), key=lambda t: t[0])
        try:
            surer = float(best[CONF]) >= float(cols[CONF]) + margin
        except ValueError:
            continue
        if score >= min_overlap and surer and best[TEXT] != cols[TEXT]:
            rows[k] = [*cols[:CONF], best[CONF], best[TEXT], *cols[TEXT + 1 :]]
            replaced += 1
    return tesseract.tsv_join(rows), replaced
