"""The data model shared by the text stages: a normalized text and its way back to the scan.

A `Span` is born in the raw text and rides on everything derived from it: every character of
the clean and the modern text maps back to a span of the raw input (`OffsetMap`).
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from typing import Literal

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


@dataclass(frozen=True)
class NormalizedText:
    source: str
    orthography: Orthography
    raw: str
    text: str  # clean, in the text's own orthography
    text_map: OffsetMap
    modern: str  # projection to post-1918 spelling
    modern_map: OffsetMap
    changes: tuple[Change, ...] = ()
    furniture: tuple[Furniture, ...] = ()
    annotations: tuple[Annotation, ...] = ()
    stats: dict = field(default_factory=dict)

    def span(self, start: int, end: int, *, modern: bool = False) -> Span:
        """The raw span behind clean (or modern) characters [start, end)."""
        m = self.modern_map if modern else self.text_map
        a, b = m.raw_span(start, end)
        return Span(self.source, a, b)
