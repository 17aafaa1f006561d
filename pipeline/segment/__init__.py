"""Segmentation of normalized texts into games and sections, collation of overlapping scans,
and the corpus ingest that writes one file per game (docs/games-format.md)."""

from __future__ import annotations

from pipeline.segment.collate import Game, collate
from pipeline.segment.model import WGame, WSection, WSentence
from pipeline.segment.segmenter import segment
from pipeline.segment.sentences import split_sentences

__all__ = [
    "Game",
    "WGame",
    "WSection",
    "WSentence",
    "collate",
    "segment",
    "split_sentences",
]
