"""Offset maps kept as segments, and the edit lists that build them.

Every normalization stage is a list of edits on its input; a stage's map is composed with the
previous one segment by segment, so the cost is proportional to the number of edits, not to
the number of characters (a 50 MB line must not cost a Python loop per character).
"""

from __future__ import annotations

import itertools
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Iterable

from pipeline.text import OffsetMap

# Segment kinds: COPY maps output character k to raw [rs + k, rs + k + 1); BLOCK maps every
# output character of the segment to the whole raw span [rs, re).
COPY = 0
BLOCK = 1


_COUNT = array("q")
_COUNT_MAX = 1 << 20  # 8 MB at most; a longer text's tail is counted by `range`


def _counting(n: int) -> array:
    """The array 0, 1, 2… of at least min(n, _COUNT_MAX) numbers, kept for every map."""
    global _COUNT
    if len(_COUNT) < n and len(_COUNT) < _COUNT_MAX:
        _COUNT = array("q", range(min(max(n, 2 * len(_COUNT), 1 << 12), _COUNT_MAX)))
    return _COUNT


class SegmentMap(OffsetMap):
    """An `OffsetMap` stored as segments; `starts`/`ends` arrays are built on first use."""

    __slots__ = ("_ends", "_kinds", "_n", "_outs", "_res", "_rss", "_starts")

    def __init__(self, n: int, outs: array, rss: array, res: array, kinds: bytearray) -> None:
        # Deliberately not calling OffsetMap.__init__: the arrays are derived lazily.
        self._n = n
        self._outs = outs
        self._rss = rss
        self._res = res
        self._kinds = kinds
        self._starts: array | None = None
        self._ends: array | None = None

    @property
    def starts(self) -> array:  # type: ignore[override]
        if self._starts is None:
            self._materialize()
        return self._starts  # type: ignore[return-value]

    @property
    def ends(self) -> array:  # type: ignore[override]
        if self._ends is None:
            self._materialize()
        return self._ends  # type: ignore[return-value]

    def __len__(self) -> int:
        return self._n

    def _materialize(self) -> None:
        starts = array("q")
        ends = array("q")
        outs, rss, res, kinds = self._outs, self._rss, self._res, self._kinds
        count = _counting(max(rss[-1], res[-1]) + 1 if len(rss) else 0)
        for k in range(len(outs)):
            o = outs[k]
            nxt = outs[k + 1] if k + 1 < len(outs) else self._n
            n = nxt - o
            if n <= 0:
                continue
            rs = rss[k]
            if kinds[k] == COPY:
                if rs + n + 1 <= len(count):  # a slice of 0, 1, 2…: a copy, not a loop
                    starts += count[rs : rs + n]
                    ends += count[rs + 1 : rs + n + 1]
                else:
                    starts.extend(range(rs, rs + n))
                    ends.extend(range(rs + 1, rs + n + 1))
            else:
                starts.extend(array("q", [rs]) * n)
                ends.extend(array("q", [res[k]]) * n)
        self._starts = starts
        self._ends = ends

    def char_span(self, i: int) -> tuple[int, int]:
        """Raw span of output character i (0 <= i < len)."""
        k = bisect_right(self._outs, i) - 1
        rs = self._rss[k]
        if self._kinds[k] == COPY:
            d = i - self._outs[k]
            return rs + d, rs + d + 1
        return rs, self._res[k]

    def point(self, i: int) -> int:
        """Raw position of the boundary before output character i (i may equal len)."""
        if i < self._n:
            return self.char_span(i)[0]
        if not self._n:
            return self._rss[0] if len(self._rss) else 0
        return self.char_span(self._n - 1)[1]

    def raw_span(self, start: int, end: int) -> tuple[int, int]:
        if start >= end:
            p = self.point(start)
            return p, p
        return self.char_span(start)[0], self.char_span(end - 1)[1]

    def out_position(self, raw_pos: int) -> int:
        """The first output index whose character comes from raw_pos or later."""
        k = bisect_left(self._rss, raw_pos)
        if k > 0 and self._kinds[k - 1] == COPY and self._res[k - 1] > raw_pos:
            return self._outs[k - 1] + (raw_pos - self._rss[k - 1])
        if k < len(self._outs):
            return min(self._outs[k], self._n)
        return self._n

    def segments(self) -> Iterable[tuple[int, int, int, int, int]]:
        """(out_start, out_end, raw_start, raw_end, kind) for every non-empty segment."""
        outs = self._outs
        for k in range(len(outs)):
            nxt = outs[k + 1] if k + 1 < len(outs) else self._n
            if nxt > outs[k]:
                yield outs[k], nxt, self._rss[k], self._res[k], self._kinds[k]

    @classmethod
    def empty(cls) -> SegmentMap:
        return cls(0, array("q", [0]), array("q", [0]), array("q", [0]), bytearray([COPY]))

    @classmethod
    def identity(cls, n: int) -> SegmentMap:
        return cls(n, array("q", [0]), array("q", [0]), array("q", [n]), bytearray([COPY]))


def apply_edits(
    text: str, edits: list[tuple[int, int, str]], base: SegmentMap
) -> tuple[str, SegmentMap]:
    """Apply sorted, non-overlapping edits (start, end, replacement) to `text`.

    A replacement of the same length maps character by character; any other replacement maps
    each new character to the raw span of everything it replaced (or, for an insertion, to the
    empty span where it stands). One forward walk over the base segments (this is the hot
    path of the normalizer: no bisection, no call per copied run).
    """
    if not edits:
        return text, base
    bo, brs, bre, bk, bn = base._outs, base._rss, base._res, base._kinds, base._n
    nseg = len(bo)
    outs, rss, res, kinds = array("q"), array("q"), array("q"), bytearray()
    out: list[str] = []
    n = 0
    k = 0
    pos = 0

    def span(i: int) -> tuple[int, int]:
        nonlocal k
        if i >= bn:  # past the end: the empty span after the last character
            p = bre[nseg - 1] if bn and bk[nseg - 1] == BLOCK else (brs[-1] + bn - bo[-1])
            return p, p
        while k + 1 < nseg and bo[k + 1] <= i:
            k += 1
        if bk[k] == COPY:
            r = brs[k] + i - bo[k]
            return r, r + 1
        return brs[k], bre[k]

    def put_block(m: int, a: int, b: int) -> None:
        nonlocal n
        outs.append(n)
        rss.append(a)
        res.append(b)
        kinds.append(BLOCK)
        n += m

    for s, e, rep in itertools.chain(edits, ((len(text), len(text), None),)):
        if s < pos:
            raise ValueError(f"overlapping edits at {s}")
        if s > pos:
            out.append(text[pos:s])
            a = pos
            while a < s:
                while k + 1 < nseg and bo[k + 1] <= a:
                    k += 1
                se = bo[k + 1] if k + 1 < nseg else bn
                take = (s if s < se else se) - a
                if bk[k] == COPY:
                    r = brs[k] + a - bo[k]
                    if kinds and kinds[-1] == COPY and res[-1] == r:
                        res[-1] = r + take
                    else:
                        outs.append(n)
                        rss.append(r)
                        res.append(r + take)
                        kinds.append(COPY)
                else:
                    outs.append(n)
                    rss.append(brs[k])
                    res.append(bre[k])
                    kinds.append(BLOCK)
                n += take
                a += take
        if rep is None:
            break
        if rep:
            out.append(rep)
            if len(rep) == e - s:
                for i in range(s, e):  # same length: keep character granularity
                    a, b = span(i)
                    put_block(1, a, b)
            elif e > s:
                a = span(s)[0]
                put_block(len(rep), a, span(e - 1)[1])
            else:
                a = span(s)[0]
                put_block(len(rep), a, a)
        pos = e
    if not outs:
        return "", SegmentMap.empty()
    return "".join(out), SegmentMap(n, outs, rss, res, kinds)


def fine_edit(start: int, orig: str, new: str) -> list[tuple[int, int, str]]:
    """The edit turning `orig` (at `start`) into `new`, trimmed of common prefix and suffix
    so that unchanged letters of a corrected word keep their own raw positions."""
    if orig == new:
        return []
    p = 0
    m = min(len(orig), len(new))
    while p < m and orig[p] == new[p]:
        p += 1
    q = 0
    while q < m - p and orig[len(orig) - 1 - q] == new[len(new) - 1 - q]:
        q += 1
    return [(start + p, start + len(orig) - q, new[p : len(new) - q])]
