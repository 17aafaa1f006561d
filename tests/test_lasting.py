"""The tables loaded once per process are out of the cyclic collector's sight (`lasting`):
a full collection must not walk them again and again while texts are read."""

from __future__ import annotations

import gc

from pipeline.extract.islands import compiled
from pipeline.extract.tokens import _forms, book_key
from pipeline.normalize.lexicon import lexicon


def _watched(obj: object) -> bool:
    return any(o is obj for o in gc.get_objects())


def test_the_loaded_tables_are_not_walked_by_a_full_collection() -> None:
    tables = [lexicon(False), lexicon(True), _forms(None), compiled(book_key(None))]
    gc.collect()
    assert [_watched(t) for t in tables] == [False] * len(tables)
    assert _watched([])  # what a text's reading makes is still collected
