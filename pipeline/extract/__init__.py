"""The grammar stage: a game's sentences -> a draft spec, with provenance and coverage.

    from pipeline.extract import extract_game
    result = extract_game(game)          # a game file's data (pipeline.segment.reader)
    result = extract_game(game, scans)   # with its scans, for quotes' raw spans
    result.spec                          # pasyans/1 dict, provenance included; validates
    result.coverage                      # one entry per sentence: facts found, or why not

Stages: `tokens` (lemma tokens), `islands` (Lark Earley island grammar, grammar/*.lark),
`facts` (islands -> facts), `assemble` (facts -> spec fields and citations), `quotes`
(citations in the book's spelling with raw spans), `coverage`, `score`.

The names are imported when first asked for: `pasyans score` imports `pipeline.extract.score`
without the grammar stage's readers, which take most of this package's import time.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pipeline.extract.game import (
        MAX_READINGS,
        Extraction,
        SentenceReport,
        extract_game,
    )

_FROM_GAME = frozenset({"MAX_READINGS", "Extraction", "SentenceReport", "extract_game"})

__all__ = ["MAX_READINGS", "Extraction", "SentenceReport", "extract_game"]


def __getattr__(name: str) -> Any:
    if name not in _FROM_GAME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module("pipeline.extract.game"), name)
