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

OVERLAP = 0.5  # two words' boxes overlap at least so much (intersection over union): one place
MARGIN = 30.0  # the second reading's word replaces the first's where surer by this much (0-100)


def _rows(tsv: str) -> tuple[list[str], list[list[str]]]:
    lines = tsv.split("\n")
    return lines[:1], [ln.split("\t") for ln in lines[1:]]


def _box(cols: list[str], scale: float = 1.0) -> tuple[float, float, float, float] | None:
    try:
        left, top, width, height = (int(c) * scale for c in cols[6:10])
    except ValueError:
        return None
    return left, top, left + width, top + height


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """Intersection over union of two boxes (left, top, right, bottom)."""
    x0, y0, x1, y1 = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    if x1 <= x0 or y1 <= y0:
        return 0.0
    inter = (x1 - x0) * (y1 - y0)
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def _is_word(cols: list[str]) -> bool:
    return len(cols) >= 12 and cols[0] == "5" and bool(cols[11].strip())


def _words(rows: list[list[str]], scale: float = 1.0) -> list[tuple[tuple[float, ...], list[str]]]:
    out: list[tuple[tuple[float, ...], list[str]]] = []
    for cols in rows:
        if _is_word(cols):
            box = _box(cols, scale)
            if box is not None:
                out.append((box, cols))
    return out


def _width(rows: list[list[str]]) -> int:
    return next((int(c[8]) for c in rows if len(c) >= 12 and c[0] == "1" and c[8].isdigit()), 0)


def surer_words(
    first: str, second: str, *, margin: float = MARGIN, min_overlap: float = OVERLAP
) -> tuple[str, int]:
    """`first` (Tesseract's TSV of a page) with each word replaced, text and confidence, by
    the word of `second` over the same place where `second`'s is surer by `margin`; and how
    many were replaced. `second`'s boxes are brought to `first`'s page width first."""
    header, rows = _rows(first)
    _h, other = _rows(second)
    wa, wb = _width(rows), _width(other)
    theirs = _words(other, wa / wb if wa and wb else 1.0)
    replaced = 0
    for k, cols in enumerate(rows):
        if not theirs or not _is_word(cols):
            continue
        box = _box(cols)
        if box is None:
            continue
        score, best = max(((overlap(box, b), c) for b, c in theirs), key=lambda t: t[0])
        try:
            surer = float(best[10]) >= float(cols[10]) + margin
        except ValueError:
            continue
        if score >= min_overlap and surer and best[11] != cols[11]:
            rows[k] = [*cols[:10], best[10], best[11], *cols[12:]]
            replaced += 1
    return "\n".join([*header, *("\t".join(c) for c in rows)]), replaced
