"""Segmentation of normalized texts into games and sections, collation of overlapping scans,
and the corpus ingest that writes one file per game (docs/games-format.md).

The names below are imported when first asked for: a process that only reads game files
(`pasyans games`, `coverage`, the grammar stage) imports `pipeline.segment.reader` without
the game finder's patterns and readers, which take most of this package's import time."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pipeline.segment.collate import Game, collate
    from pipeline.segment.model import WGame, WSection, WSentence
    from pipeline.segment.segmenter import segment
    from pipeline.segment.sentences import split_sentences

_HOMES = {
    "Game": "collate",
    "collate": "collate",
    "WGame": "model",
    "WSection": "model",
    "WSentence": "model",
    "segment": "segmenter",
    "split_sentences": "sentences",
}

__all__ = [
    "Game",
    "WGame",
    "WSection",
    "WSentence",
    "collate",
    "segment",
    "split_sentences",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)
