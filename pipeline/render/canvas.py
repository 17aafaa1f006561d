"""An elastic character grid: abstract card cells become text columns and lines.

Each abstract column is as wide as the widest thing placed in it and each abstract row as
tall as the tallest (a fanned column of the Blockade makes its row taller), so layouts in
card cells never overlap however long the piles grow. Cells no pile uses keep a card's
width, so gaps the spec leaves stay visible; a gap wider than `MAX_GAP` cells is drawn
`MAX_GAP` wide, so the cost of drawing depends on the cards drawn, never on how far apart
the coordinates lie.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict

from pipeline.render.glyphs import Segment, Token, width
from pipeline.render.style import ANSI, RESET, Style

Block = list[Token]  # lines of one pile drawing, top to bottom
EMPTY_WIDTH = 3  # the width of an unused cell: `[ ]`, `10♥`
COLUMN_GAP = 1
MAX_GAP = 8  # empty cells kept between two used ones (the shipped tables need at most 2)


class Canvas:
    """Blocks placed at abstract cells; `lines()` lays them out and draws them."""

    def __init__(self) -> None:
        self._cells: dict[tuple[float, float], list[Block]] = defaultdict(list)

    def put(self, x: float, y: float, block: Block) -> None:
        """Place a block; a second block in the same cell goes underneath the first."""
        self._cells[(x, y)].append(block)

    def _tracks(self, values: set[float]) -> list[float]:
        """The used coordinates, the whole cells between them (at most `MAX_GAP` per gap)
        and the whole cells just outside a fractional first or last one."""
        marks = sorted(values | {math.floor(min(values)), math.ceil(max(values))})
        out = [marks[0]]
        for a, b in itertools.pairwise(marks):
            k = math.floor(a) + 1
            out.extend(range(k, min(math.ceil(b), k + MAX_GAP)))
            out.append(b)
        return out

    def lines(self, style: Style) -> list[str]:
        if not self._cells:
            return []
        xs = self._tracks({x for x, _ in self._cells})
        ys = self._tracks({y for _, y in self._cells})
        col_w = dict.fromkeys(xs, EMPTY_WIDTH)
        row_h = dict.fromkeys(ys, 1)
        used: dict[float, int] = {}
        for (x, y), blocks in self._cells.items():
            used[x] = max(used.get(x, 0), *_widths(blocks))
            row_h[y] = max(row_h[y], sum(len(b) for b in blocks))
        col_w.update(used)  # a used column is exactly as wide as its widest token
        out: list[str] = []
        for y in ys:
            for i in range(row_h[y]):
                segments: list[Segment] = []
                for j, x in enumerate(xs):
                    if j:
                        segments.append((" " * COLUMN_GAP, None))
                    stacked = [line for b in self._cells.get((x, y), []) for line in b]
                    token: Token = stacked[i] if i < len(stacked) else ()
                    segments.extend(token)
                    segments.append((" " * (col_w[x] - width(token)), None))
                out.append(draw(segments, style))
        return out


def _widths(blocks: list[Block]) -> list[int]:
    return [width(t) for b in blocks for t in b] or [0]


def draw(segments: list[Segment] | Token, style: Style) -> str:
    """Segments to text, ANSI-coloured when `style.color`; trailing blanks dropped."""
    segs = [(text, kind) for text, kind in segments if text]
    while segs and segs[-1][1] is None and not segs[-1][0].strip():
        segs.pop()  # padding after the last card
    if segs and segs[-1][1] is None:
        segs[-1] = (segs[-1][0].rstrip(), None)
    parts = []
    for text, kind in segs:
        if style.color and kind in ANSI and text:
            parts.append(f"{ANSI[kind]}{text}{RESET}")
        else:
            parts.append(text)
    return "".join(parts)
