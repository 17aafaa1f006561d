"""Where the engine lost text at a line's end or start: the line breaks whose two sides are
not neighbours in the print.

A faint margin (uneven lighting, a pale scan) makes Tesseract drop the words nearest it, so a
line of the text may end mid-sentence (`Верхняя карта талона` / `положить на основную`: the
print had `всегда годна: ее можно` between) or open mid-sentence (`короля.` / `гроятся`, the
print's `Основанія ст` lost). The text alone cannot show it; the boxes can. In a column set
to one measure, a line inside a paragraph ends where the next line's first word would not
have fitted after it (justified, at the right edge; ragged, short by less than that word),
and the next line starts at the left edge: a line that ends with room for the next line's
first word and more, or a line that starts well in from the left edge, marks a break
across which the words read are not the print's neighbours (or a paragraph's end the
engine did not set apart, where they are no neighbours either). The normalizer reads no
context across such a break.

The column's edges: the left is the leftmost start of a line of three words or more (a
tenth of them may start further left: specks), its right the rightmost end, or the page's
width less the left margin where that is further (a page whose every line lost its end:
the margins of a printed page are near alike). The page's skew is taken out first (the
lines' own slope), since a skewed page moves the margin along the page by more than a
paragraph's indent. A line set in the middle (a heading's) starts in and ends short by
design: no break beside it counts.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise

# a line lost its end where the first word of the next would have fitted after it with this
# share of the measure to spare (a ragged right margin leaves less than that word)
SHORT = 0.15
# a line starting further than this share of the measure in from the left edge lost its start
INDENT = 0.03
# a line as far in from the left edge as from the right, to this share of the measure, is
# set in the middle: a heading's, no line that lost text
CENTRED = 0.05
# lines (of three words or more) a page needs before its edges are believed
MIN_LINES = 4


@dataclass(frozen=True, slots=True)
class LineBox:
    start: int  # offset of the line's first word in the text
    left: int
    top: int
    right: int
    bottom: int
    words: int
    para_start: bool  # a blank line (or nothing) before it in the text
    slope: float | None  # the line's own slope (vertical per horizontal pixel), None if unknown
    first_width: int  # the width of its first word


def lines_of(
    text: str, words: Iterable[tuple[int, int, tuple[int, int, int, int]]]
) -> list[LineBox]:
    """The text's lines from its words ((start, end, (left, top, right, bottom)), in text
    order): words with no line break between them in the text share a line."""
    out: list[LineBox] = []
    cur: list[tuple[int, int, tuple[int, int, int, int]]] = []
    gap_before = ""

    def flush() -> None:
        if not cur:
            return
        first, last = cur[0][2], cur[-1][2]
        slope = None
        if len(cur) >= 3 and last[0] - first[0] > 0:
            mid_f, mid_l = (first[1] + first[3]) / 2, (last[1] + last[3]) / 2
            slope = (mid_l - mid_f) / (last[0] - first[0])
        out.append(
            LineBox(
                cur[0][0],
                min(b[0] for _s, _e, b in cur),
                min(b[1] for _s, _e, b in cur),
                max(b[2] for _s, _e, b in cur),
                max(b[3] for _s, _e, b in cur),
                len(cur),
                gap_before.count("\n") != 1,
                slope,
                first[2] - first[0],
            )
        )

    prev_end = 0
    for w in words:
        s, e, _box = w
        gap = text[prev_end:s]
        if "\n" in gap or not cur:
            flush()
            cur = []
            gap_before = gap if "\n" in gap or not out else "\n\n"
        cur.append(w)
        prev_end = e
    flush()
    return out


def lost_breaks(lines: Sequence[LineBox], page_width: int) -> list[int]:
    """Offsets of the first word of each line (of one page, one column) before which the
    engine lost text: the line before it in the same paragraph ends short of the column's
    right edge, or this one starts in from its left edge (the module doc)."""
    full = [ln for ln in lines if ln.words >= 3]
    if len(full) < MIN_LINES:
        return []
    slopes = [ln.slope for ln in full if ln.slope is not None]
    slope = statistics.median(slopes) if slopes else 0.0

    # deskewed: the margin runs across the lines, against their slope
    def x(pos: int, ln: LineBox) -> float:
        return pos + slope * (ln.top + ln.bottom) / 2

    lefts = sorted(x(ln.left, ln) for ln in full)
    x0 = lefts[len(lefts) // 10]  # a speck before a line's first word is no margin
    x1 = max(max(x(ln.right, ln) for ln in full), page_width - x0)
    measure = x1 - x0
    if measure <= 0:
        return []

    def centred(ln: LineBox) -> bool:  # a heading's line: as far in from either edge
        room_left, room_right = x(ln.left, ln) - x0, x1 - x(ln.right, ln)
        return room_left > INDENT * measure and abs(room_left - room_right) < CENTRED * measure

    out = []
    for before, ln in pairwise(lines):
        if ln.para_start or centred(before) or centred(ln):
            continue
        room = x1 - x(before.right, before)
        if room > ln.first_width + SHORT * measure or x(ln.left, ln) > x0 + INDENT * measure:
            out.append(ln.start)
    return out
