"""Finding the games of a text written to a file, as `pasyans ingest` reads it, for tests that
assert which games a page gives and what each says."""

from __future__ import annotations

import tempfile
from pathlib import Path


def ingested(text: str, name: str = "page.txt"):
    """What `ingest` makes of `text` saved as a file called `name` (`pipeline.ingest.build`'s
    result: its games, sources and scans), the file gone again."""
    from pipeline.ingest import build

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        path.write_text(text, encoding="utf-8")
        return build([path])


def ingested_games(text: str, name: str) -> list[dict]:
    """The game dicts `ingest` finds in `text` saved as a file called `name`."""
    return ingested(text, name).games


def game_titles(text: str, name: str = "page.txt") -> list[tuple[str, str | None]]:
    """(id, title) of each game `ingest` finds in `text` saved as a file called `name`."""
    return [(g["id"], g.get("title")) for g in ingested_games(text, name)]


def game_sentences(text: str, name: str) -> list[tuple[str, list[str]]]:
    """(id, sentences) of each game `ingest` finds in `text` saved as a file called `name`."""
    return [
        (g["id"], [s["text"] for sec in g["sections"] for s in sec.get("sentences", [])])
        for g in ingested_games(text, name)
    ]
