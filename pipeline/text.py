"""The data model shared by the text stages: a normalized text and its way back to the scan.

A `Span` is born in the raw text and rides on everything derived from it: every character of
the clean and the modern text maps back to a span of the raw input (`OffsetMap`).
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from typing import Literal, Protocol

Orthography = Literal["pre-reform", "modern"]


@dataclass(frozen=True, slots=True)
class Span:
    """Half-open character range [start, end) of the raw text of `source`."""

    source: str
    start: int
    end: int


class OffsetMap:
    """For output character i, the raw span [starts[i], ends[i]).

    Inserted characters map to an empty span at their raw position; a character that
    replaces several raw ones (a joined hyphen, a merged split word) maps to all of them.
    Both arrays are monotone non-decreasing.
    """

    __slots__ = ("ends", "starts")

    def __init__(self, starts: array, ends: array) -> None:
        if len(starts) != len(ends):
            raise ValueError("offset map arrays differ in length")
        self.starts = starts
        self.ends = ends

    def __len__(self) -> int:
        return len(self.starts)

    def raw_span(self, start: int, end: int) -> tuple[int, int]:
        """Raw [start, end) covering output characters [start, end)."""
        if start >= end:
            pos = (
                self.starts[start]
                if start < len(self.starts)
                else (self.ends[-1] if len(self.ends) else 0)
            )
            return pos, pos
        return self.starts[start], self.ends[end - 1]

    @classmethod
    def identity(cls, n: int) -> OffsetMap:
        return cls(array("i", range(n)), array("i", range(1, n + 1)))


@dataclass(frozen=True, slots=True)
class Change:
    """One edit of the raw text; `applied` is False for a suggestion below the threshold."""

    start: int  # raw span
    end: int
    orig: str
    corr: str
    kind: str  # e.g. "char", "ocr-word", "real-word", "split", "merge", "hyphen", "case", ...
    confidence: float
    applied: bool = True


@dataclass(frozen=True, slots=True)
class Furniture:
    """Page furniture removed from the running text (headers), kept as metadata."""

    start: int  # raw span
    end: int
    text: str
    kind: str  # "running-header"
    book: str | None = None
    page: str | None = None


@dataclass(frozen=True, slots=True)
class Annotation:
    """A footnote marker and the like, removed from the text and anchored at `offset`."""

    start: int  # raw span of the marker
    end: int
    kind: str  # "footnote-ref"
    label: str
    offset: int  # position in the clean text the marker stood at


class PieceMap:
    """A text made of pieces of another, in another order, back to that other text: a page
    set in two columns (`pdftotext -layout` puts a line of each side by side) is read as its
    left column, then its right one (`normalize.layout.columns`), but a citation must point
    at the characters of the file as the user has it. Each piece is a run of characters
    copied as they are; characters between pieces (the line breaks that join them) map to
    the empty span after the piece before them. The order of the pieces is not the given
    text's, so a run of several pieces maps to the smallest span of the given text that
    holds them all (a sentence over three lines of the left column covers the right
    column's words on those lines too)."""

    __slots__ = ("_by_given", "_given", "_lens", "_n", "_outs")

    def __init__(self, pieces: list[tuple[int, int, int]], n: int) -> None:
        """`pieces`: (start in this text, length, start in the given text), in this text's
        order; `n`: this text's length."""
        self._outs = [p[0] for p in pieces]
        self._lens = [p[1] for p in pieces]
        self._given = [p[2] for p in pieces]
        self._by_given = sorted((g, o, m) for o, m, g in pieces)
        self._n = n

    def to_given(self, start: int, end: int) -> tuple[int, int]:
        """The span of the given text that holds the characters [start, end) of this one."""
        lo = hi = None
        k = max(bisect_right(self._outs, start) - 1, 0)
        while start < end and k < len(self._outs) and self._outs[k] < end:
            a = max(start, self._outs[k])
            b = min(end, self._outs[k] + self._lens[k])
            if a < b:
                shift = self._given[k] - self._outs[k]
                lo = a + shift if lo is None else min(lo, a + shift)
                hi = b + shift if hi is None else max(hi, b + shift)
            k += 1
        if lo is None or hi is None:
            p = self._point(start)
            return p, p
        return lo, hi

    def _point(self, pos: int) -> int:
        """The given position of the boundary before character `pos`: inside a piece, its
        own; between pieces, the end of the piece before it."""
        k = bisect_right(self._outs, pos) - 1
        if k < 0:
            return self._given[0] if self._given else pos
        return self._given[k] + min(pos - self._outs[k], self._lens[k])

    def from_given(self, start: int, end: int) -> tuple[int, int]:
        """The span of this text from the character at `start` of the given text to the one
        before `end` (a span `to_given` made of characters in one piece, or in pieces kept
        in the given order as the lines of one column are, comes back as it was)."""
        a = self._inverse(start, 0)
        b = self._inverse(end - 1, 1) if end > start else a
        return (a, b) if a <= b else (a, a)

    def _inverse(self, pos: int, after: int) -> int:
        k = bisect_right(self._by_given, (pos, self._n + 1, 0)) - 1
        if k >= 0:
            g, o, m = self._by_given[k]
            if pos < g + m:
                return o + pos - g + after
        # a character no piece copied (a space between the columns): the next piece
        if k + 1 < len(self._by_given):
            return self._by_given[k + 1][1]
        return self._n


class GivenMap(Protocol):
    """A text read back to the text given (`PieceMap`, `RecodeMap`, `ChainedMap`)."""

    def to_given(self, start: int, end: int) -> tuple[int, int]: ...

    def from_given(self, start: int, end: int) -> tuple[int, int]: ...


class RecodeMap:
    """A text recoded character by character from the file's characters, back to them: a
    page saved with the wrong code page (`РџР°СЃСЊСЏРЅСЃ`) is repaired to `Пасьянс` by
    `normalize.decoding`, each repaired character made of one character of the file or more
    (a Cyrillic letter of UTF-8 is two bytes, each read as one character of windows-1251).
    Monotone: a span of the repaired text maps to the file's characters it was made of."""

    __slots__ = ("_starts",)

    def __init__(self, starts: array) -> None:
        """`starts[i]`: the file character repaired character i begins at; one more entry,
        the file text's length."""
        self._starts = starts

    def to_given(self, start: int, end: int) -> tuple[int, int]:
        """The file's characters behind repaired characters [start, end)."""
        n = len(self._starts) - 1
        a = self._starts[min(max(start, 0), n)]
        return (a, self._starts[min(end, n)]) if end > start else (a, a)

    def from_given(self, start: int, end: int) -> tuple[int, int]:
        """The repaired characters made of file characters [start, end) (whole characters:
        a span that cuts one of them holds it)."""
        a = bisect_right(self._starts, start) - 1
        b = bisect_left(self._starts, end) if end > start else a
        return max(a, 0), max(b, a, 0)


class ChainedMap:
    """`first` back to its given text, then `then` back to the file: a two-column page of a
    repaired file."""

    __slots__ = ("first", "then")

    def __init__(self, first: GivenMap, then: GivenMap) -> None:
        self.first = first
        self.then = then

    def to_given(self, start: int, end: int) -> tuple[int, int]:
        return self.then.to_given(*self.first.to_given(start, end))

    def from_given(self, start: int, end: int) -> tuple[int, int]:
        return self.first.from_given(*self.then.from_given(start, end))


def chained(first: GivenMap | None, then: GivenMap | None) -> GivenMap | None:
    """`first`, then `then` (either may be None: the identity)."""
    if first is None or then is None:
        return first or then
    return ChainedMap(first, then)


@dataclass(frozen=True)
class NormalizedText:
    source: str
    orthography: Orthography
    raw: str  # the text read: the given text, its two-column pages one column after the other
    text: str  # clean, in the text's own orthography
    text_map: OffsetMap
    modern: str  # projection to post-1918 spelling
    modern_map: OffsetMap
    changes: tuple[Change, ...] = ()
    furniture: tuple[Furniture, ...] = ()
    annotations: tuple[Annotation, ...] = ()
    stats: dict = field(default_factory=dict)
    # `raw` back to the text given to `normalize` where they differ (None: `raw` is it), and
    # on to the file's own characters where the text given was repaired (`RecodeMap`); the
    # maps, changes, furniture and annotations are in `raw`'s offsets, a `span` in the file's
    given_map: GivenMap | None = None

    def span(self, start: int, end: int, *, modern: bool = False) -> Span:
        """The span of the given text behind clean (or modern) characters [start, end)."""
        m = self.modern_map if modern else self.text_map
        a, b = self.given(*m.raw_span(start, end))
        return Span(self.source, a, b)

    def given(self, start: int, end: int) -> tuple[int, int]:
        """A span of `raw` as a span of the text given to `normalize` (the file's text)."""
        return self.given_map.to_given(start, end) if self.given_map else (start, end)

    def from_given(self, start: int, end: int) -> tuple[int, int]:
        """A span of the given text as the span of `raw` it was read into."""
        return self.given_map.from_given(start, end) if self.given_map else (start, end)
