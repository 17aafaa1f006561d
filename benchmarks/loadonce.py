"""Shared by the extraction benchmarks: the one-time loading a process does before its first
text, done apart so that no measured figure carries it."""

from __future__ import annotations

import contextlib
from pathlib import Path


def load_once(root: Path) -> None:
    """Load pymorphy3's dictionaries, both lexicons and the confusion table, the known games,
    the vocabulary's forms and the grammar with all its island patterns (core and each book of
    `root`'s corpus), and the schema check. Imports `pipeline` from wherever `sys.path` finds
    it, so a benchmark can time another checkout."""
    from pipeline.errors import PasyansError
    from pipeline.extract.islands import compiled
    from pipeline.extract.tokens import book_key, tokenize
    from pipeline.normalize import core
    from pipeline.segment.known import known_games
    from pipeline.segment.reader import read_games
    from pipeline.spec.loader import load_spec_data

    core.lexicon(False), core.lexicon(True), core.shipped_table()
    known_games()
    books = sorted({g.get("book") or "" for g in read_games(root / "corpus" / "games")})
    for book in [*books, ""]:
        tokenize("карта", book or None)
        comp = compiled(book_key(book or None))
        for name, source, _ in getattr(comp, "islands", ()):
            comp.pattern(name, source)
    with contextlib.suppress(PasyansError):
        load_spec_data({"spec": "pasyans/1"})
