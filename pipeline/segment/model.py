"""What segmentation yields for one witness (one scan): games, sections, sentences.

These objects keep clean-text offsets and a way back to the raw scan; collation merges the
witnesses of a game, and `gamefile` turns the result into the documented YAML.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pipeline.text import NormalizedText, Span

# Section kinds, in the order a complete game prints them.
KINDS = ("title", "intro", "decks", "rules", "rule", "play", "caption", "note")


@dataclass
class WSentence:
    """One sentence as one witness reads it."""

    key: str  # section key: "decks", "rules/III", "play", ...
    para: int  # 1-based paragraph number within the section
    text: str  # own orthography, whitespace collapsed
    modern: str
    start: int  # clean-text offsets in the witness
    end: int
    offsets: list[int]  # clean offset of every character of `text` (for sub-spans)
    notes: list[tuple[str, int, Span]] = field(default_factory=list)  # (label, at, raw span)
    role: str = "sentence"  # or "heading" (a section heading such as `Правила.`)


@dataclass
class WSection:
    kind: str
    key: str
    heading: str | None = None
    heading_unit: WSentence | None = None  # the heading line as an alignable unit
    number: str | None = None  # rule number (Latin), for kind "rule"
    decks: int | None = None  # for kind "decks"
    sentences: list[WSentence] = field(default_factory=list)


@dataclass
class WGame:
    """A game as one witness holds it."""

    nt: NormalizedText
    file: str
    index: int  # 1-based position of the game in its witness
    sections: list[WSection] = field(default_factory=list)
    title: str | None = None  # as printed, final period dropped
    caption: str | None = None
    starts_mid_game: bool = False
    stops_mid_game: bool = False
    start: int = 0  # clean offsets of the game in the witness
    end: int = 0
    id: str = ""
    id_from: str = ""
    name: str | None = None
    book: str | None = None
    provisional: bool = False

    @property
    def source(self) -> str:
        return self.nt.source

    def section(self, key: str) -> WSection | None:
        for s in self.sections:
            if s.key == key:
                return s
        return None

    def units(self) -> list[WSentence]:
        """Headings and sentences in reading order: what collation aligns."""
        out: list[WSentence] = []
        for s in self.sections:
            if s.heading_unit is not None:
                out.append(s.heading_unit)
            out.extend(s.sentences)
        return out

    def span(self) -> Span:
        return self.nt.span(self.start, self.end)
