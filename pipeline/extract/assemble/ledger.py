"""The assembler's shared parts: the facts with their sentences, the ledger every area
writes the spec and its citations into, and small helpers.

Facts -> one playable spec (`pasyans/1`) with a citation for every field.

Fields the text states are cited with `origin: text` (sentence id, the quoted words in the
book's spelling, raw spans); a value computed from what sentences say cites them the same
way, its note saying how (`Ledger.derive`: «derived from …»); what the text does not say gets
a documented default cited with `origin: default`. Two facts that set one field to
different values are a conflict: the first (in reading order) is kept and both sentences are
reported. Where a fact has two readings (`READINGS`), the spec uses the first and a variant
spec gets the second.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pipeline.extract.facts import Fact
from pipeline.segment.reader import SentenceRef

NOUN_IDS = {"PACKET": "packets", "ROW": "columns", "COLUMN": "columns"}
# Facts with two readings: the reading used, and the other one (a variant spec).
READINGS = {
    "marry.middle": (
        ("depth 2 and beyond (the middle and outer circles)", {"min": 2, "max": None}),
        ("the middle circle only (depth 2)", {"min": 2, "max": 2}),
    ),
}


def _of_columns(c: Cited) -> bool:
    return c.fact.key == "suit.any" and c.place == "COLUMN"


@dataclass
class Cited:
    """A fact with the sentence it came from."""

    fact: Fact
    sentence: SentenceRef
    # the place the sentence names last before the fact (a grammar terminal: FOUNDATION,
    # COLUMN …), for a suit rule whose sentence speaks of both building and foundations
    place: str | None = None
    # the sentence deals cards (a word of dealing in it): its piles are the layout's, which
    # a later sentence saying «one card each» does not make cells (`layout._cells_counted`)
    dealt: bool = False
    # the nouns the sentence names right after «каждый» («на каждую стопку»: PILE), as its
    # reading tokenized it: the piles it deals or puts to each of (`layout.reserve_sentences`)
    each: frozenset[str] = frozenset()


@dataclass
class Assembly:
    spec: dict[str, Any]
    provenance: dict[str, dict[str, Any]] = field(default_factory=dict)
    conflicts: list[dict[str, Any]] = field(default_factory=list)
    variants: list[dict[str, Any]] = field(default_factory=list)  # {label, note, spec}
    used: dict[str, list[str]] = field(default_factory=dict)  # sentence id -> field paths
    gaps: list[str] = field(default_factory=list)


def packs_needed(setup: list[dict[str, Any]]) -> int:
    """Packs enough for the cards the setup takes (four of a rank, or one card, per pack)."""
    by_rank: dict[int, int] = {}
    by_card: dict[str, int] = {}
    for step in setup:
        take = step["take"]
        for r in take.get("ranks", []):
            by_rank[r] = by_rank.get(r, 0) + take.get("count", 4)
        for c in take.get("cards", []):
            by_card[c] = by_card.get(c, 0) + 1
    return max([1, *((n + 3) // 4 for n in by_rank.values()), *by_card.values()])


def placement(ranks: list[int], targets: list[int], cards: int) -> list[int] | None:
    """The turn of `ranks` round the piles (pile i gets one) after which building up in
    suit, king to ace going on, from each rank to its pile's target needs exactly `cards`
    cards; None unless exactly one turn does."""
    n = len(ranks)
    fits = []
    for turn in range(n):
        order = [ranks[(i - turn) % n] for i in range(n)]
        need = sum((t - r) % 13 or 13 for r, t in zip(order, targets, strict=True))
        if need == cards - n:
            fits.append(order)
    return fits[0] if len(fits) == 1 else None


class Ledger:
    """The spec in the making and its citations: what every area writes into. The areas
    read the game's facts through it (`first`, `all`) and hand their decisions on to the
    next areas as frozen dataclasses (`Deck`, `Foundations`, `Layout` …)."""

    def __init__(self, game: dict[str, Any], facts: list[Cited], quote) -> None:
        self.game = game["id"]
        self.facts = facts
        self.quote = quote  # (Cited) -> citation dict
        self.prov: dict[str, dict[str, Any]] = {}
        self.used: dict[str, list[str]] = {}
        self.conflicts: list[dict[str, Any]] = []
        self.gaps: list[str] = []
        self.spec: dict[str, Any] = {
            "spec": "pasyans/1",
            "id": game["id"],
            "variant": "extracted",
            "title": {"ru": game.get("title") or game.get("name"), "en": None},
            "source": {"texts": [game["id"]]},
        }
        self.piles: dict[str, dict[str, Any]] = {}
        self.setup: list[dict[str, Any]] = []
        self.moves: dict[str, Any] = {}
        self.variants: list[dict[str, Any]] = []
        # a suit rule said in a sentence about building on the layout (and not about the
        # foundations) is the building's suit rule, unless the place it follows is a
        # foundation («- 4 базы, строим по возрастанию, одна масть»); a sentence that only
        # says runs move («последовательность одной масти … для перетаскивания всей пачкой»)
        # gives the run's suit, not the building's
        building = {
            c.sentence.id
            for c in facts
            if c.fact.key.startswith(("build.", "marry.")) and c.fact.key != "build.run"
        }
        building -= {c.sentence.id for c in facts if c.fact.key.startswith("foundation.")}
        self._game = game
        building |= self._suit_after_building(facts, building)
        # any suit said of the layout's columns («масть карт в столбцах роли не играет») is
        # the building's wherever it stands (a «стопка» or «ряд» may be a foundation's)
        self.of_building: Callable[[Cited], bool] = lambda c: (
            (c.sentence.id in building and c.place != "FOUNDATION") or _of_columns(c)
        )
        self.of_foundations: Callable[[Cited], bool] = lambda c: (
            (c.sentence.id not in building or c.place == "FOUNDATION") and not _of_columns(c)
        )

    def _suit_after_building(self, facts: list[Cited], building: set[str]) -> set[str]:
        """«… может быть перемещена на другую стопку, если … Масти роли не играют.»: a
        sentence saying only that suits do not matter, with no place of its own, goes on
        the one before it when that one builds on the layout."""
        said: dict[str, set[str]] = {}
        for c in facts:
            said.setdefault(c.sentence.id, set()).add(c.fact.key)
        lone = {
            c.sentence.id
            for c in facts
            if c.fact.key == "suit.any" and c.place is None and said[c.sentence.id] == {"suit.any"}
        }
        return {sid for sid in lone if self.sentence_before(sid) in building}

    def sentence_before(self, sid: str) -> str | None:
        """The id of the sentence read just before `sid` (a rule sentence of the game)."""
        from pipeline.extract.readable import readable_ids

        ids = readable_ids(self._game)
        i = ids.index(sid) if sid in ids else 0
        return ids[i - 1] if i > 0 else None

    # -- facts -----------------------------------------------------------------------
    def all(self, key: str, where: Callable[[Cited], bool] | None = None) -> list[Cited]:
        return [c for c in self.facts if c.fact.key == key and (where is None or where(c))]

    def first(self, key: str, where: Callable[[Cited], bool] | None = None) -> Cited | None:
        found = self.all(key, where)
        if len(found) > 1:
            values = {repr(c.fact.value) for c in found}
            if len(values) > 1:
                self.conflicts.append(
                    {
                        "fact": key,
                        "kept": {"sentence": found[0].sentence.id, "value": found[0].fact.value},
                        "other": [
                            {"sentence": c.sentence.id, "value": c.fact.value}
                            for c in found[1:]
                            if repr(c.fact.value) != repr(found[0].fact.value)
                        ],
                    }
                )
        return found[0] if found else None

    def clash(self, what: str, said: list[tuple[Any, Cited]]) -> list[tuple[Any, Cited]]:
        """Facts of different keys that set one field to different values (building in
        suit and building regardless of suit): a conflict, the first of `said` (the value
        used) kept. The other values, for a variant."""
        v0, c0 = said[0] if said else (None, None)
        rest = [(v, c) for v, c in said[1:] if repr(v) != repr(v0)]
        if c0 is None or not rest:
            return []
        self.conflicts.append(
            {
                "fact": what,
                "kept": {"sentence": c0.sentence.id, "value": v0},
                "other": [{"sentence": c.sentence.id, "value": v} for v, c in rest],
            }
        )
        return rest

    # -- citations -------------------------------------------------------------------
    def cite(self, path: str, *cited: Cited | None, note: str | None = None) -> None:
        cs = [c for c in cited if c is not None]
        if not cs:
            return
        entry = self.quote(cs[0])
        others = sorted({c.sentence.id for c in cs[1:]} - {cs[0].sentence.id})
        also = f"also stated by {', '.join(others)}" if others else None
        if note or also:
            entry["note"] = "; ".join(x for x in (note, also) if x)
        if self.prov.get(path, {}).get("origin") == "default":
            # a field first assumed, then set from the text (the deal's rounds from «по пять
            # карт»): the text's words, and no longer an assumption
            del self.prov[path]
            if path in self.gaps:
                self.gaps.remove(path)
        self.prov.setdefault(path, entry)
        for c in cs:
            self.used.setdefault(c.sentence.id, [])
            if path not in self.used[c.sentence.id]:
                self.used[c.sentence.id].append(path)

    def derive(self, path: str, *cited: Cited | None, how: str) -> None:
        """A value the assembler computed from what sentences say (eight foundations from
        «восемь тузовъ» taken out): cited by those sentences, the note saying how. With no
        such sentence the value rests on nothing the text says: a default, saying how."""
        cs = [c for c in cited if c is not None]
        if not cs:
            self.default(path, how)
            return
        ids = list(dict.fromkeys(c.sentence.id for c in cs))
        self.cite(path, cs[0], note=f"derived from {', '.join(ids)}: {how}")
        for c in cs[1:]:
            self.cite(path, c)  # the path is cited already: only its sentences are noted

    def beyond(
        self, cited: Cited | None, number: int | None, limit: int, against: Cited | None, what: str
    ) -> None:
        """A pile named by its number that the layout does not have: a conflict."""
        if cited is None or number is None or number <= limit:
            return
        self.conflicts.append(
            {
                "fact": what,
                "kept": {"sentence": against.sentence.id if against else None, "value": limit},
                "other": [{"sentence": cited.sentence.id, "value": number}],
            }
        )

    def default(self, path: str, why: str) -> None:
        if path not in self.prov:
            self.prov[path] = {"text": self.game, "origin": "default", "note": why}
            self.gaps.append(path)


def has_path(spec: dict[str, Any], path: str) -> bool:
    """Whether the draft has the field `path` names (deal steps by id)."""
    node: Any = spec
    for seg in path.split("."):
        if isinstance(node, list):
            node = next((s for s in node if isinstance(s, dict) and s.get("id") == seg), None)
        elif isinstance(node, dict):
            node = node.get(seg)
        else:
            return False
        if node is None:
            return False
    return True
