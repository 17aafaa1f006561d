"""The known-games table (`grammar/games.yaml`): names, books and content markers as data."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import yaml

from pipeline.errors import SpecError
from pipeline.resources import data_dir
from pipeline.segment.fold import fold

_PUNCT_END = re.compile(r"[\s.:;,!?]+$")


@dataclass(frozen=True)
class KnownGame:
    id: str
    name: str | None
    names: tuple[str, ...]
    book: str | None
    provisional: bool
    markers: tuple[str, ...]


@dataclass(frozen=True)
class Book:
    id: str
    title: str
    headers: tuple[str, ...]


def name_key(text: str) -> str:
    """Folded name without trailing punctuation: `Шахъ.` and `ШАХ` give the same key."""
    return _PUNCT_END.sub("", fold(text))


class KnownGames:
    """Lookup of game ids by printed name, by content markers and of books by page header."""

    def __init__(self, games: list[KnownGame], books: list[Book]) -> None:
        self.games = games
        self.books = {b.id: b for b in books}
        self._by_name: dict[str, KnownGame] = {}
        for g in games:
            for n in (g.name, *g.names):
                if n:
                    self._by_name.setdefault(name_key(n), g)
        self._by_id = {g.id: g for g in games}

    def by_name(self, text: str) -> KnownGame | None:
        return self._by_name.get(name_key(text))

    def by_id(self, game_id: str) -> KnownGame | None:
        return self._by_id.get(game_id)

    def by_markers(self, folded_text: str) -> KnownGame | None:
        """The first game whose every marker stem occurs in the (folded) text."""
        for g in self.games:
            if g.markers and all(m in folded_text for m in g.markers):
                return g
        return None

    def book_of_header(self, header: str) -> str | None:
        key = fold(header)
        for b in self.books.values():
            if any(key.startswith(fold(h)) for h in b.headers):
                return b.id
        return None


def _load(path) -> KnownGames:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as err:
        raise SpecError(f"cannot read the known-games table: {err}", path=str(path)) from err
    try:
        books = [
            Book(bid, str(b["title"]), tuple(b.get("headers") or ()))
            for bid, b in (data.get("books") or {}).items()
        ]
        games = [
            KnownGame(
                id=str(g["id"]),
                name=str(g["name"]) if g.get("name") else None,
                names=tuple(str(n) for n in g.get("names") or ()),
                book=g.get("book"),
                provisional=bool(g.get("provisional", False)),
                markers=tuple(fold(m) for m in g.get("markers") or ()),
            )
            for g in data["games"]
        ]
    except (KeyError, TypeError, AttributeError) as err:
        raise SpecError(f"malformed known-games table: {err}", path=str(path)) from err
    return KnownGames(games, books)


@lru_cache(maxsize=1)
def known_games() -> KnownGames:
    """The shipped table, loaded once."""
    return _load(data_dir("grammar") / "games.yaml")
