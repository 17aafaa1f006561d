"""The tables loaded once per process are out of the cyclic collector's sight (`lasting`):
a full collection must not walk them again and again while texts are read."""

from __future__ import annotations

import gc
from collections.abc import Callable

import pytest

from pipeline.extract.islands import compiled
from pipeline.extract.tokens import _forms, book_key
from pipeline.normalize.lexicon import lexicon


def _watched(obj: object) -> bool:
    return any(o is obj for o in gc.get_objects())


@pytest.mark.parametrize(
    ("cached", "load"),
    [
        (lexicon, lambda: lexicon(False)),
        (lexicon, lambda: lexicon(True)),
        (_forms, lambda: _forms(None)),
        (compiled, lambda: compiled(book_key(None))),
    ],
    ids=["lexicon", "lexicon-prereform", "forms", "islands"],
)
def test_each_table_is_set_aside_as_it_is_loaded(cached, load: Callable[[], object]) -> None:
    """Each loader on its own, with nothing frozen before it: a table that missed `lasting`
    is not hidden by a later loader's freeze."""
    cached.cache_clear()
    gc.unfreeze()
    table = load()
    assert not _watched(table)
    assert _watched([])  # what a text's reading makes is still collected
