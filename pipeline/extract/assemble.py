"""Facts -> one playable spec (`pasyans/1`) with a citation for every field.

Fields the text states are cited with `origin: text` (sentence id, the quoted words in the
book's spelling, raw spans); what the text does not say gets a documented default cited
with `origin: default`. Two facts that set one field to different values are a conflict:
the first (in reading order) is kept and both sentences are reported. Where a fact has two
readings (`READINGS`), the spec uses the first and a variant spec gets the second.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from pipeline.extract.facts import Fact
from pipeline.segment.reader import SentenceRef
from pipeline.spec.vocab import card_name

NOUN_IDS = {"PACKET": "packets", "ROW": "columns", "COLUMN": "columns"}
# Facts with two readings: the reading used, and the other one (a variant spec).
READINGS = {
    "marry.middle": (
        ("depth 2 and beyond (the middle and outer circles)", {"min": 2, "max": None}),
        ("the middle circle only (depth 2)", {"min": 2, "max": 2}),
    ),
}


@dataclass
class Cited:
    """A fact with the sentence it came from."""

    fact: Fact
    sentence: SentenceRef


@dataclass
class Assembly:
    spec: dict[str, Any]
    provenance: dict[str, dict[str, Any]] = field(default_factory=dict)
    conflicts: list[dict[str, Any]] = field(default_factory=list)
    variants: list[dict[str, Any]] = field(default_factory=list)  # {label, note, spec}
    used: dict[str, list[str]] = field(default_factory=dict)  # sentence id -> field paths
    gaps: list[str] = field(default_factory=list)


def _packs_needed(setup: list[dict[str, Any]]) -> int:
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


def _placement(ranks: list[int], targets: list[int], cards: int) -> list[int] | None:
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


class _Builder:
    def __init__(self, game_id: str, facts: list[Cited], quote) -> None:
        self.game = game_id
        self.facts = facts
        self.quote = quote  # (Cited) -> citation dict
        self.prov: dict[str, dict[str, Any]] = {}
        self.used: dict[str, list[str]] = {}
        self.conflicts: list[dict[str, Any]] = []
        self.gaps: list[str] = []

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
        self.prov.setdefault(path, entry)
        for c in cs:
            self.used.setdefault(c.sentence.id, [])
            if path not in self.used[c.sentence.id]:
                self.used[c.sentence.id].append(path)

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


class _Draft(_Builder):
    """One game's spec in the making: each method fills one area of the spec, in order (a
    later area reads what an earlier one decided: the tableau groups, the deal step)."""

    def __init__(self, game: dict[str, Any], facts: list[Cited], quote) -> None:
        super().__init__(game["id"], facts, quote)
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
        # foundations) is the building's suit rule
        building = {c.sentence.id for c in facts if c.fact.key.startswith(("build.", "marry."))}
        building -= {c.sentence.id for c in facts if c.fact.key.startswith("foundation.")}
        self.of_building: Callable[[Cited], bool] = lambda c: c.sentence.id in building
        self.of_foundations: Callable[[Cited], bool] = lambda c: c.sentence.id not in building

    def decks(self) -> None:
        """The number of packs."""
        self.decks_cited = self.first("decks")
        self.spec["decks"] = (
            self.decks_cited.fact.value
            if self.decks_cited and self.decks_cited.fact.value in (1, 2, 3, 4)
            else 1
        )
        if self.decks_cited:
            self.cite("decks", self.decks_cited)
        else:
            self.default("decks", "no deck line: one pack")

    def foundations(self) -> None:
        """Foundation groups, and the cards that start them."""
        # the same cards said twice, in two sentences («четыре туза вынимаются …», «вынув
        # тузов, …») are taken once
        self.takes: list[Cited] = []
        for c in self.all("setup.take"):
            said = {
                r for t in self.takes if t.sentence.id != c.sentence.id for _, r in t.fact.value
            }
            if not said & {r for _, r in c.fact.value}:
                self.takes.append(c)
        self.before_play = self.first("setup.before_play")  # "taken from the pack before the game"
        # «всех королей» with the packs named elsewhere: four of the rank in each pack
        self.taken: list[tuple[int, int | None]] = [
            (4 * self.spec["decks"] if n is None else n, r)
            for c in self.takes
            for n, r in c.fact.value
        ]
        self.take_cite = self.takes[0] if self.takes else None
        groups = self.all("foundation.group")
        found_cards = self.first("foundation.cards")
        anaphor = self.first("foundation.anaphor")
        directions = self.all("foundation.direction")
        lasts = self.all("foundation.last")
        suit = self.first("suit.same", self.of_foundations)
        ranks_list = self.first("foundation.ranks")
        self.hours = self.first("foundation.hours")
        self.found_ids: list[str] = []

        def foundation_block(direction: str | None, last: int | None) -> dict[str, Any]:
            blk: dict[str, Any] = {"direction": direction or "up", "suit": "same"}
            if last is not None:
                blk["last"] = last
            return blk

        if groups:
            for c in groups:
                g = c.fact.value
                gid = g["direction"] or ("up" if not self.found_ids else "down")
                gid = gid if gid not in self.piles else f"{gid}-{len(self.found_ids) + 1}"
                count = g["count"] or next((n for n, r in self.taken if r == g["base"]), 4)
                if g["count"] is None:
                    count = max(
                        1, sum(n for n, r in self.taken if r == g["base"]) // max(1, len(groups))
                    )
                blk = foundation_block(g["direction"], g["last"])
                if g["start"] is not None and g["direction"] == "up" and g["start"] < g["base"]:
                    blk["wrap"] = True  # the base is passed over: K, then A, 2 ... (K->A goes on)
                self.piles[gid] = {"role": "foundation", "count": count, "foundation": blk}
                self.setup.append({"take": {"ranks": [g["base"]], "count": count}, "to": gid})
                i = len(self.setup) - 1
                self.cite(f"setup[{i}].take", c, self.take_cite)
                self.cite(f"piles.{gid}.foundation.direction", c)
                if g["last"] is not None:
                    self.cite(f"piles.{gid}.foundation.last", c)
                if "wrap" in blk:
                    self.cite(f"piles.{gid}.foundation.wrap", c)
                self.found_ids.append(gid)
        else:
            base_ranks = found_cards.fact.value if found_cards else []
            if (
                not base_ranks
                and anaphor
                and self.taken
                and all(r is not None for _, r in self.taken)
            ):
                base_ranks = [r for _, r in self.taken]
            per_base = {r: dirc for dirc in directions if (r := dirc.fact.value["base"])}
            if not base_ranks and len(per_base) == 1:
                base_ranks = list(per_base)  # «на королей кладут дам …»: the kings start them
                found_cards = per_base[base_ranks[0]]
            if len(base_ranks) > 1 and per_base:
                for r in base_ranks:
                    gid = {1: "aces", 13: "kings"}.get(r, f"base-{r}")
                    dcit = per_base.get(r)
                    direction = dcit.fact.value["direction"] if dcit else "up"
                    count = sum(n for n, rr in self.taken if rr == r) or 4
                    last: int | None = 13 if direction == "up" else 1
                    blk = foundation_block(direction, last)
                    blk["base"] = r
                    self.piles[gid] = {"role": "foundation", "count": count, "foundation": blk}
                    self.setup.append({"take": {"ranks": [r], "count": count}, "to": gid})
                    self.cite(f"setup[{len(self.setup) - 1}].take", self.take_cite or found_cards)
                    self.cite(f"piles.{gid}.foundation.direction", dcit)
                    self.found_ids.append(gid)
            else:
                dcit = directions[0] if directions else None
                lcit = lasts[0] if lasts else None
                direction = dcit.fact.value["direction"] if dcit else "up"
                last = lcit.fact.value["last"] if lcit else None
                gid = "foundations"
                blk = foundation_block(direction, last)
                count = 0
                if ranks_list and (self.takes or anaphor):
                    # named foundation cards, one of each rank (the Clock)
                    ranks = ranks_list.fact.value
                    count = len(ranks)
                    note = None
                    if self.hours:
                        targets = list(range(1, count + 1))
                        placed = _placement(ranks, targets, 52 * self.spec["decks"])
                        if placed is not None:
                            ranks = placed
                            note = (
                                "where each card stands is shown by a figure the scan lacks: the "
                                "named cards are set round the hours in the order the text lists "
                                "them, turned so the foundations need exactly the cards in play "
                                "(the one such turn); suits follow S, H, D, C along the list "
                                "(a choice: any cycle of the suits uses the cards alike)"
                            )
                        blk["targets"] = targets
                        blk["wrap"] = True
                        self.cite(f"piles.{gid}.foundation.targets", self.hours)
                        self.cite(f"piles.{gid}.foundation.wrap", self.hours)
                    listed = ranks_list.fact.value
                    suit_of = {r: "SHDC"[i % 4] for i, r in enumerate(listed)}
                    cards = [card_name(r, suit_of[r]) for r in ranks]
                    self.setup.append({"take": {"cards": cards}, "to": gid})
                    self.cite("setup[0].take", ranks_list, self.hours, note=note)
                    self.cite("setup[0].to", self.takes[0] if self.takes else anaphor)
                elif base_ranks:
                    r = base_ranks[0]
                    stated = self.first("foundation.count")
                    taken = sum(n for n, rr in self.taken if rr == r)
                    count = taken or (stated.fact.value if stated else 0) or 4 * self.spec["decks"]
                    blk["base"] = r
                    named = self.first(
                        "setup.cards",
                        lambda c: (
                            self.take_cite is not None
                            and c.sentence.id == self.take_cite.sentence.id
                        ),
                    )
                    come = [
                        c.fact.value["count"]
                        for c in self.all("cond.laid_as_they_come")
                        if c.fact.value["rank"] == r and c.fact.value["count"]
                    ]
                    if named and taken and not stated and come:
                        # «вынимают туза пик и туза червей …; два остальных туза
                        # присоединяются к ним, как только освободятся»
                        stated = self.first(
                            "cond.laid_as_they_come", lambda c: c.fact.value["rank"] == r
                        )
                        assert stated is not None  # `come` is read from such a fact
                        stated = replace(stated, fact=replace(stated.fact, value=taken + come[0]))
                    if stated and 0 < taken < stated.fact.value <= 4 * self.spec["decks"]:
                        # «одного туза вынимают …; прочие семь тузов ставятся рядом, по мере
                        # того как выходят»: the cards taken begin the first foundations
                        count = stated.fact.value
                        to: str | list[str] = [f"{gid}.{i}" for i in range(1, taken + 1)]
                        take: dict[str, Any] = {"ranks": [r], "count": taken}
                        if named and len(named.fact.value) == taken:
                            take = {"cards": list(named.fact.value)}  # «туза пик и туза червей»
                        self.setup.append({"take": take, "to": to})
                        self.cite("setup[0].take", self.take_cite, self.before_play)
                        self.cite("setup[0].to", self.take_cite, found_cards)
                        self.cite(f"piles.{gid}.count", stated)
                    elif any(rr == r for _, rr in self.taken):
                        # taken out of the pack before the deal: they start the foundations
                        self.setup.append({"take": {"ranks": [r], "count": count}, "to": gid})
                        self.cite("setup[0].take", self.take_cite, found_cards, self.before_play)
                        self.cite("setup[0].to", found_cards, anaphor)
                    else:  # not withdrawn: each foundation is begun by its card when it comes
                        self.cite(f"piles.{gid}.foundation.base", found_cards)
                else:
                    count = 4 * self.spec["decks"]
                    self.default(
                        f"piles.{gid}", "no foundation cards named: one ace foundation per suit"
                    )
                self.piles[gid] = {"role": "foundation", "count": count, "foundation": blk}
                if dcit:
                    self.cite(f"piles.{gid}.foundation.direction", dcit)
                if lcit:
                    self.cite(f"piles.{gid}.foundation.last", lcit)
                self.found_ids.append(gid)
        any_suit = self.first("suit.any", self.of_foundations)
        colours = self.first("foundation.suit")
        wrap = self.first("foundation.wrap")
        same_rank = self.first("foundation.same_rank")
        self.first_dealt = self.first("deal.first_foundation")
        if self.first_dealt and not (len(self.found_ids) == 1 and not self.setup):
            self.first_dealt = None
        if (same_rank or self.first_dealt) and len(self.found_ids) == 1 and not self.setup:
            # «три остальные карты того же достоинства», «следующую карту кладут выше: это
            # первая основная карта»: the first card begins them all
            gid = self.found_ids[0]
            self.piles[gid]["foundation"]["base"] = "first"
            self.piles[gid]["foundation"].pop("last", None)
            self.cite(f"piles.{gid}.foundation.base", same_rank or self.first_dealt)
        for gid in self.found_ids:
            if wrap:  # «за королем следует туз»
                self.piles[gid]["foundation"]["wrap"] = True
                self.cite(f"piles.{gid}.foundation.wrap", wrap)
            if colours:  # «цвета должны чередоваться»
                self.piles[gid]["foundation"]["suit"] = "alternate"
                self.cite(f"piles.{gid}.foundation.suit", colours)
            elif any_suit and not suit:
                self.piles[gid]["foundation"]["suit"] = "any"
                self.cite(f"piles.{gid}.foundation.suit", any_suit)
            elif suit:
                self.cite(f"piles.{gid}.foundation.suit", suit)
            else:
                self.default(f"piles.{gid}.foundation.suit", "suit not stated: same suit")

    def aside(self) -> None:
        """Cards put out of play, and a centre card."""
        aside = self.first("setup.aside")
        centre = self.first("setup.centre")
        if aside and aside.fact.value[0]:
            n, r = aside.fact.value
            self.piles["out"] = {"role": "out"}
            self.setup.append({"take": {"ranks": [r] if r else [13], "count": n}, "to": "out"})
            self.cite(f"setup[{len(self.setup) - 1}].to", aside)
            extra = (
                sum(k for k, rr in self.taken if rr == r)
                - n
                - sum(s["take"]["count"] for s in self.setup[:-1] if s["take"].get("ranks") == [r])
            )
            if centre and extra > 0:
                self.piles["centre"] = {"role": "inert"}
                self.setup.append({"take": {"ranks": [r], "count": extra}, "to": "centre"})
                self.cite(f"setup[{len(self.setup) - 1}].to", centre)
                self.cite("piles.centre.role", self.first("setup.centre_alone"))

    def _reserve(self) -> None:
        """A group of piles that only gives cards («это запас», «на столбы ничего не
        кладут»): the group its noun names, or the one its sentence deals, when the text deals
        another group for the layout; or, named in a sentence that deals cards to no group
        («остальные шестнадцать карт раскладывают …: это запас»), one pile of the rest.
        Sets `self.reserve` (its shape, or None for one pile, and the naming fact) and
        `self.of_layout`, which leaves the reserve's sentence out of the layout's deal."""
        self.reserve: tuple[Cited | None, Cited] | None = None
        self.reserve_only: Cited | None = None
        self.of_layout: Callable[[Cited], bool] = lambda c: True
        shapes = self.all("tableau.shape")
        for named in self.all("reserve.named"):
            noun, sid = named.fact.value, named.sentence.id
            mine = [
                c
                for c in shapes
                if (c.fact.value["noun"] == noun if noun else c.sentence.id == sid)
            ]
            if not mine and noun is None and not any(c.sentence.id == sid for c in shapes):
                if any(c.sentence.id != sid for c in shapes):
                    self.reserve = (None, named)
                    break
                continue
            if mine and any(c.sentence.id != mine[0].sentence.id for c in shapes):
                self.reserve = (mine[0], named)
                break
            if mine and noun is None:
                self.reserve_only = named  # the only group dealt: the layout is a reserve
        if self.reserve is not None:
            rsid = (self.reserve[0] or self.reserve[1]).sentence.id
            self.of_layout = lambda c: c.sentence.id != rsid

    def tableau(self) -> None:
        """The layout: its groups, how many piles, what is available."""
        self._reserve()
        self.shape = self.first("tableau.shape", self.of_layout)
        all_pile = self.first("avail.all")
        self.tab_ids: list[str] = []
        self.noun = self.shape.fact.value["noun"] if self.shape else "PLACE"
        self.wastes = self.first("talon.piles")
        if self.wastes and not self.shape:
            # the cards turned go to waste piles of the player's choosing and no layout is
            # dealt: there is none
            self.tid, self.avail_cits, self.sides, self.corners = "piles", [], [], []
            self.deal_order: list[str] | None = None
            return
        count = (self.shape.fact.value["count"] if self.shape else None) or 0
        if not 1 <= count <= 52:
            count = 8
            self.gaps.append("piles: number of tableau piles not stated (8 assumed)")
        self.tid = NOUN_IDS.get(self.noun, "piles")
        layout_shape = (
            "ring"
            if self.noun == "CIRCLE" and count != 12
            else "clock"
            if self.noun == "CIRCLE"
            else "row"
        )
        avail: dict[str, str] = {"deal": "top", "play": "top"}
        self.avail_cits = self.all("avail.top")
        self.sides, self.corners = self.all("layout.side"), self.all("layout.corner")
        n_found = sum(self.piles[g]["count"] for g in self.found_ids)
        self.deal_order = None
        if self.sides and self.corners and count > n_found and len(self.found_ids) == 2:
            # places beside each foundation card («боком») and at the corners («прямо»): each
            # flank is dealt corner, the places beside its foundation column, corner
            n_corner = count - n_found
            # drawn like the book's figure: the two foundation columns side by side, the places
            # beside them on the outer flanks, a corner above and below each flank
            left, right = (self.piles[g]["count"] for g in self.found_ids)
            self.piles[self.found_ids[0]]["layout"] = {"shape": "column", "at": [2, 1]}
            self.piles[self.found_ids[1]]["layout"] = {"shape": "column", "at": [4, 1]}
            height = max(left, right) + 1
            self.piles["corners"] = {
                "role": "tableau",
                "count": n_corner,
                "available": avail,
                "layout": {
                    "positions": [[1, 0], [1, height], [5, 0], [5, height]][:n_corner],
                    "orientation": "straight",
                },
            }
            self.piles["sides"] = {
                "role": "tableau",
                "count": n_found,
                "available": avail,
                "adjacent": [
                    f"{g}.{i}" for g in self.found_ids for i in range(1, self.piles[g]["count"] + 1)
                ],
                "layout": {
                    "positions": [[1, y] for y in range(1, left + 1)]
                    + [[5, y] for y in range(1, right + 1)],
                    "orientation": "sideways",
                },
            }
            self.tab_ids = ["corners", "sides"]
            if n_corner == 4:
                self.deal_order = [
                    "corners.1",
                    *[f"sides.{i}" for i in range(1, left + 1)],
                    "corners.2",
                    "corners.3",
                    *[f"sides.{i}" for i in range(left + 1, n_found + 1)],
                    "corners.4",
                ]
            self.cite("piles.sides.adjacent", *self.sides)
            self.cite("piles.sides.layout", *self.sides)
            self.cite("piles.corners.layout", *self.corners)
            self.tid = "sides"
        elif all_pile and all_pile.fact.value == count and count > 1:
            self.piles[self.tid] = {
                "role": "tableau",
                "count": count - 1,
                "available": avail,
                "layout": {"shape": "row", "at": [0, 2]},
            }
            self.piles["fan"] = {
                "role": "tableau",
                "count": 1,
                "available": "all",
                "layout": {"shape": "point", "at": [count, 2], "fan": "down"},
            }
            self.tab_ids = [self.tid, "fan"]
            self.cite("piles.fan.available", all_pile)
        else:
            lay: dict[str, Any] = {
                "shape": layout_shape,
                "at": [0, 2] if layout_shape == "row" else [6, 6],
            }
            if layout_shape != "row":
                lay["radius"] = 3
            self.piles[self.tid] = {
                "role": "tableau",
                "count": count,
                "available": avail,
                "layout": lay,
            }
            self.tab_ids = [self.tid]
        self.cite(f"piles.{self.tid}.count", self.shape)
        if self.reserve_only and len(self.tab_ids) == 1:
            self.piles[self.tid]["role"] = "reserve"  # no building on it: it only gives cards
            self.cite(f"piles.{self.tid}.role", self.reserve_only)
        n_tab = sum(self.piles[t]["count"] for t in self.tab_ids)
        if all_pile and "fan" not in self.piles:
            self.beyond(
                all_pile,
                all_pile.fact.value,
                n_tab,
                self.shape,
                "piles: a pile numbered beyond the layout",
            )
        for c in self.all("route.by_rank") + self.all("redeal.gather_between"):
            number = c.fact.value[1] if isinstance(c.fact.value, tuple) else c.fact.value
            self.beyond(c, number, n_tab, self.shape, "piles: a pile numbered beyond the layout")
        for t in self.tab_ids:
            if self.avail_cits:
                self.cite(f"piles.{t}.available", *self.avail_cits)
            elif self.piles[t]["available"] != "all":
                self.default(f"piles.{t}.available", "only the top card of a pile is available")

    def stock(self) -> None:
        """Stock, talon and reserve; where groups are drawn; enough packs for the cards taken."""
        self.piles["stock"] = {"role": "stock"}
        # a sentence that sends the talon's top card to the layout says it, wherever it is
        talons = self.all("talon")
        self.talon = next((c for c in talons if c.fact.value["marriage"]), None) or (
            talons[0] if talons else self.first("turn.count")
        )
        self.named = self.first(
            "talon.named"
        )  # a talon the rules speak of, without saying how it forms
        no_talon = self.first("talon.none")
        if no_talon:
            self.talon = self.named = None
            self.used.setdefault(no_talon.sentence.id, []).append("piles (no talon)")
        if self.wastes:  # «шесть пачек талона»: the talon in several piles
            self.piles["wastes"] = {"role": "talon", "count": self.wastes.fact.value}
            self.cite("piles.wastes.count", self.wastes)
        elif self.talon or self.named:
            self.piles["talon"] = {"role": "talon"}
        if self.reserve is not None:
            shape, named = self.reserve
            count = shape.fact.value["count"] if shape else 1
            self.piles["reserve"] = {"role": "reserve", "count": count or 1, "face": "up"}
            self.cite("piles.reserve.role", named)
            self.cite("piles.reserve.count", shape)
        self.cells = self.first("cells")
        if self.cells:  # places that hold one card each, any card, taken back at any time
            self.piles["cells"] = {
                "role": "reserve",
                "count": self.cells.fact.value,
                "capacity": 1,
                "face": "up",
            }
            self.cite("piles.cells.count", self.cells)
            self.cite("piles.cells.capacity", self.cells)
        self.match = self.first("count.match")
        if self.match:
            face = self.match.fact.value["face"]
            looked_at = self.first("route.chain")
            if face == "down" and looked_at and looked_at.fact.value == "not-playable":
                # laid face down, but the top one is taken and played when it fits a foundation
                face = "up"
                self.cite(
                    "piles.exiles.face",
                    looked_at,
                    self.match,
                    note="laid face down (the second "
                    "sentence), but the top exile is looked at and played when it fits "
                    "(the first): its top card is in play, face up",
                )
            self.piles["exiles"] = {"role": "reserve", "face": face}
            self.cite("piles.exiles.face", self.match)
            # layout of the foundations and the rest: a row each, out of the tableau's way
        x = 0
        for gid in self.found_ids:
            if "layout" not in self.piles[gid]:
                self.piles[gid]["layout"] = {"shape": "row", "at": [x, 0]}
                x += self.piles[gid]["count"] + 1
        if "reserve" in self.piles:
            self.piles["reserve"]["layout"] = {"shape": "row", "at": [0, 12]}
        if "wastes" in self.piles:
            self.piles["wastes"]["layout"] = {"shape": "row", "at": [0, 14]}
        for gid in ("stock", "talon", "exiles", "out", "centre"):
            if gid in self.piles:
                self.piles[gid]["layout"] = {"shape": "point", "at": [x, 0]}
                x += 1
        if self.cells:
            self.piles["cells"]["layout"] = {"shape": "row", "at": [x, 0]}
        self.spec["piles"] = {
            k: self.piles[k]
            for k in [*self.found_ids, *self.tab_ids]
            + [
                k
                for k in ("reserve", "exiles", "stock", "talon", "wastes", "out", "centre", "cells")
                if k in self.piles
            ]
        }
        self.spec["setup"] = self.setup
        # the cards taken out must exist: a scan that lost its deck line (or a text that says one
        # pack and takes eight aces) gets as many packs as the taking needs, and says so
        need = _packs_needed(self.setup)
        if need > self.spec["decks"]:
            if self.decks_cited:
                self.conflicts.append(
                    {
                        "fact": "decks",
                        "kept": {"sentence": None, "value": need},
                        "other": [
                            {"sentence": self.decks_cited.sentence.id, "value": self.spec["decks"]}
                        ],
                    }
                )
            self.spec["decks"] = need
            self.prov.pop("decks", None)
            self.gaps = [g for g in self.gaps if g != "decks"]
            self.default(
                "decks", f"no deck line: {need} packs, as many as the cards taken out need"
            )

    def deal(self) -> None:
        """The dealing step."""
        rounds_c = self.all("deal.round", self.of_layout)
        until = self.first("deal.until_empty", self.of_layout)
        per = self.first("deal.per_pile", self.of_layout)
        self.during = (
            [c for c in self.avail_cits if c.fact.value == "deal"]
            + self.all("fill.from_hand")
            + self.all("play.during_deal")
        )
        self.step_id = {
            "CIRCLE": "circles",
            "ROW": "rows",
            "PACKET": "packets",
            "COLUMN": "columns",
        }.get(self.noun, "places")
        self.step: dict[str, Any] = {"id": self.step_id, "to": self.deal_order or self.tab_ids}
        self.after_deal = self.first("shift.after_deal")  # "when all the cards have been dealt"
        self.deal_time = self.all("deal.corners_anywhere") + self.all("deal.sides_adjacent")
        if until or self.after_deal:
            self.step["rounds"] = None
            self.cite(f"deal.{self.step_id}.rounds", until or self.after_deal)
        elif rounds_c:
            self.step["rounds"] = max(c.fact.value for c in rounds_c)
            self.cite(f"deal.{self.step_id}.rounds", *sorted(rounds_c, key=lambda c: -c.fact.value))
        else:
            self.default(f"deal.{self.step_id}.rounds", "one card to each pile")
        one_each = self.first("deal.one_each")
        if (
            per
            and (self.noun in ("COLUMN", "ROW") or one_each)
            and self.step.get("rounds", 1) in (1, per.fact.value)
        ):
            # «в десять столбцов, по четыре карты в каждом»: columns are dealt a row at a
            # time, one card to each; a packet («по три карты вместе») is dealt whole, unless
            # the text deals it «по одной на каждое место» in rounds
            self.step["rounds"] = per.fact.value
            self.cite(f"deal.{self.step_id}.rounds", per, one_each)
        elif per:
            self.step["per_pile"] = per.fact.value
            self.cite(f"deal.{self.step_id}.per_pile", per)
        self.step["face"] = "up"
        face = self.first("deal.face", self.of_layout)
        if face:
            self.step["face"] = face.fact.value
            self.cite(f"deal.{self.step_id}.face", face)
        triangle = self.first("deal.triangle")
        if triangle and self.step.get("rounds", 1) == 1 and "per_pile" not in self.step:
            # round r deals to piles r..n: as many rounds as piles
            self.step["triangle"] = True
            self.step["rounds"] = sum(self.piles[t]["count"] for t in self.tab_ids)
            self.cite(f"deal.{self.step_id}.triangle", triangle)
            self.cite(f"deal.{self.step_id}.rounds", triangle)
        self.step["pause"] = "card" if self.deal_time else "round" if self.during else "none"
        if self.deal_time or self.during:
            self.cite(f"deal.{self.step_id}.pause", *self.deal_time, *self.during)
        stuck_round = self.first("deal.next_round")
        if stuck_round:
            self.step["next_round"] = "stuck"
            self.cite(f"deal.{self.step_id}.next_round", stuck_round)
            if "rounds" not in self.step or self.step["rounds"] == 1:
                self.step["rounds"] = None  # rows go on until the pack is dealt
        self.play_rank = self.first("deal.play_rank")
        if self.play_rank and self.play_rank.fact.value:
            self.step["pause"] = "card"
            self.cite(f"deal.{self.step_id}.pause", self.play_rank)
        keep = self.first("deal.keep_order")
        if keep:
            self.step["skip_empty"] = False
            self.cite(f"deal.{self.step_id}.skip_empty", keep)
        count_c = self.first("count.deal")
        if count_c and self.match:
            self.step["count"] = {
                "start": 1,
                "reset": "round",
                "match": "rank",
                "send_to": "exiles",
                "replace": bool(self.first("count.replace")),
            }
            self.cite(f"deal.{self.step_id}.count.match", self.match, count_c)
            self.cite(f"deal.{self.step_id}.count.replace", self.first("count.replace"))
        self.cite(f"deal.{self.step_id}.to", self.shape, *self.sides, *self.corners)
        self.spec["deal"] = self._layered() or self._face_down_first() or [self.step]
        if not self.tab_ids:
            self.spec["deal"] = []
            self.prov = {k: v for k, v in self.prov.items() if not k.startswith("deal.")}
            self.gaps = [g for g in self.gaps if not g.startswith("deal.")]
        dealt = self.first("cells.dealt")
        if dealt and self.cells and 0 < dealt.fact.value <= self.cells.fact.value:
            # the cards left over, one to each of the first cells
            to = [f"cells.{i}" for i in range(1, dealt.fact.value + 1)]
            self.spec["deal"].append({"id": "cells", "to": to})
            self.cite("deal.cells.to", dealt)
        if self.first_dealt:  # the next card dealt is the first foundation card
            self.spec["deal"].append({"id": "base", "to": [f"{self.found_ids[0]}.1"]})
            self.cite("deal.base.to", self.first_dealt)
        self._reserve_step()

    def _reserve_step(self) -> None:
        """The reserve's deal: each pile its cards, a round at a time, face up; before the
        layout's when its sentence comes first; one pile of the rest last."""
        if self.reserve is None:
            return
        shape, named = self.reserve
        step: dict[str, Any] = {"id": "reserve", "to": ["reserve"], "face": "up"}
        counted = self.first("reserve.cards", lambda c: c.sentence.id == named.sentence.id)
        if shape is None:
            step["rounds"] = counted.fact.value if counted else None  # «тринадцать карт»
            self.spec["deal"].append(step)
            self.cite("deal.reserve.to", named)
            self.cite("deal.reserve.rounds", counted or named)
            return
        mine = lambda c: c.sentence.id == shape.sentence.id  # noqa: E731
        per = self.first("deal.per_pile", mine)
        rounds = self.first("deal.round", mine)
        said = per or rounds
        step["rounds"] = said.fact.value if said else 1
        self.cite("deal.reserve.to", shape, named)
        self.cite("deal.reserve.rounds", per or rounds)
        order = [c.sentence.id for c in self.facts]
        layout_at = min(
            (order.index(c.sentence.id) for c in self.all("tableau.shape", self.of_layout)),
            default=len(order),
        )
        first = order.index(shape.sentence.id) < layout_at
        self.spec["deal"] = [step, *self.spec["deal"]] if first else [*self.spec["deal"], step]

    def _layered(self) -> list[dict[str, Any]] | None:
        """A deal told layer by layer with their faces («десять карт рубашкою вверх, на них
        другие десять, также закрытыми; потом два ряда по десяти открытых карт»): one step
        per run of layers of one face, each a round of every pile; layers said to alternate
        («и так попеременно») go on alternating to the count of cards each pile gets."""
        said = self.first("deal.layers", self.of_layout)
        step = self.step
        if not said or step.get("triangle") or "count" in step:
            return None
        faces = list(said.fact.value["faces"])
        total = step.get("per_pile") or step.get("rounds")
        if said.fact.value["alternate"] and total and total > len(faces) >= 2:
            faces += [faces[i % 2] for i in range(len(faces), total)]
        runs: list[list[Any]] = []
        for face in faces:
            if runs and runs[-1][0] == face:
                runs[-1][1] += 1
            else:
                runs.append([face, 1])
        sid = self.step_id
        prefix = f"deal.{sid}."
        kept = {
            k[len(prefix) :]: v
            for k, v in self.prov.items()
            if k.startswith(prefix)
            and k[len(prefix) :] not in ("rounds", "per_pile", "face", "next_round", "triangle")
        }
        for key in [k for k in self.prov if k.startswith(prefix)]:
            self.prov.pop(key)
            if key in self.gaps:
                self.gaps.remove(key)
        steps = []
        for n, (face, rounds) in enumerate(runs, start=1):
            lid = sid if n == 1 else f"{sid}-{n}"
            lstep = {**step, "id": lid, "rounds": rounds, "face": face}
            lstep.pop("per_pile", None)
            if n < len(runs):
                lstep.pop("next_round", None)
            steps.append(lstep)
            for field_, entry in kept.items():
                self.prov.setdefault(f"deal.{lid}.{field_}", dict(entry))
            self.cite(f"deal.{lid}.face", said)
            self.cite(f"deal.{lid}.rounds", said)
        return steps

    def _face_down_first(self) -> list[dict[str, Any]] | None:
        """«первые три карты каждого столбца кладутся рубашкою вверх, а четвертая
        открытою»: the text counts the cards face down, so the deal is two steps, K rounds
        face down and the rest face up (cards in layers are dealt in rounds, packets too);
        None where the count does not split the deal (one step, face down but the last)."""
        first = self.first("deal.face_first", self.of_layout)
        step = self.step
        if not first or step.get("triangle") or "count" in step:
            return None
        k = first.fact.value
        total = step.get("per_pile") or step.get("rounds", 1)
        if total == 1:
            total = k + 1  # «а верхняя открытою»: one card on top
        if total is not None and total <= k:
            return None
        sid, oid = self.step_id, f"{self.step_id}-open"
        down = {**step, "rounds": k, "face": "down"}
        down.pop("per_pile", None)
        down.pop("next_round", None)
        up = {**step, "id": oid, "rounds": None if total is None else total - k, "face": "up"}
        up.pop("per_pile", None)
        prefix = f"deal.{sid}."
        for key in [x for x in self.prov if x.startswith(prefix)]:
            field = key[len(prefix) :]
            if field in ("rounds", "per_pile", "next_round"):  # the open step's now
                entry = self.prov.pop(key)
                if key in self.gaps:
                    self.gaps.remove(key)
                if entry.get("origin") != "default":
                    moved = "next_round" if field == "next_round" else "rounds"
                    self.prov.setdefault(f"deal.{oid}.{moved}", entry)
            elif field != "face":
                self.prov.setdefault(f"deal.{oid}.{field}", dict(self.prov[key]))
        self.cite(f"deal.{sid}.rounds", first)
        self.cite(f"deal.{oid}.face", first)
        self.cite(f"deal.{oid}.rounds", first)
        return [down, up]

    def move_rules(self) -> None:
        """The move rules."""
        sources = (
            list(self.tab_ids)
            + (["talon"] if "talon" in self.piles else [])
            + (["exiles"] if self.match else [])
            + (["cells"] if self.cells else [])
            + (["reserve"] if self.reserve else [])
            + (["stock", "wastes"] if self.wastes else [])
        )
        if self.deal_time and "corners" in self.piles:
            # during the deal a corner card goes to any foundation, a side card only beside it
            anywhere, beside = (
                self.first("deal.corners_anywhere"),
                self.first("deal.sides_adjacent"),
            )
            self.moves["corner-deal"] = {"from": ["corners"], "to": self.found_ids, "phase": "deal"}
            self.cite("moves.corner-deal.to", anywhere)
            self.moves["side-deal"] = {"from": ["sides"], "to": self.found_ids, "phase": "deal"}
            if beside:
                self.moves["side-deal"]["pairs"] = "adjacent"
                self.cite("moves.side-deal.pairs", beside)
            self.cite("moves.side-deal.phase", beside)
            self.moves["play"] = {"from": sources, "to": self.found_ids, "phase": "play"}
            self.cite("moves.play.phase", self.after_deal)
        else:
            self.moves["play"] = {
                "from": sources,
                "to": self.found_ids,
                "phase": "any" if self.during else "play",
            }
            if self.during:
                self.cite("moves.play.phase", *self.during)
            else:
                self.default("moves.play", "cards are played to the foundations after the deal")
        if self.play_rank and self.play_rank.fact.value:
            rank = self.play_rank.fact.value
            name = {1: "aces", 13: "kings"}.get(rank, f"rank-{rank}") + "-while-dealing"
            self.moves[name] = {
                "from": self.tab_ids,
                "to": self.found_ids,
                "phase": "deal",
                "cards": {"ranks": [self.play_rank.fact.value]},
            }
            self.cite(f"moves.{name}", self.play_rank)
        shift_suit = self.first("shift.suit")
        if (self.after_deal or shift_suit) and self.tab_ids:
            # moves from place to place; the text gives the suit, not the direction
            self.moves["shift"] = {
                "from": self.tab_ids,
                "to": self.tab_ids,
                "phase": "play",
                "build": {"direction": "both", "suit": "same"},
            }
            self.cite("moves.shift.phase", self.after_deal)
            self.cite("moves.shift.build", shift_suit)
        build = self.first("build.direction")
        from_only = self.first("marry.from_tableau_only")
        middle = self.first("marry.middle")
        alternate = self.first("build.suit")
        if self.first("marry.none"):
            build = None
            self.cite(
                "moves", self.first("marry.none"), note="no marriage (building on the layout)"
            )
        elif alternate and not build:
            build = alternate  # building is described by its colours only: down, as is usual
        if build and self.tab_ids:
            direction = build.fact.value if build.fact.key == "build.direction" else "down"
            same = self.first("suit.same", self.of_building)
            any_suit = None if alternate or same else self.first("suit.any", self.of_building)
            suit = alternate.fact.value if alternate else "any" if any_suit else "same"
            marry: dict[str, Any] = {
                "from": self.tab_ids,
                "to": self.tab_ids,
                "build": {"direction": direction, "suit": suit},
            }
            self.cite("moves.marry.build", build, alternate, same, any_suit)
            empty = self.first("build.empty")
            if empty and empty.fact.value:
                marry["build"]["empty"] = [empty.fact.value]
                self.cite("moves.marry.build.empty", empty)
            run = self.first("build.run")
            if run:
                marry["run"] = run.fact.value
                self.cite("moves.marry.run", run)
            wrap = self.first("build.wrap")
            if wrap:  # «за тузом может следовать король»
                marry["build"]["wrap"] = True
                self.cite("moves.marry.build.wrap", wrap)
            if from_only:
                self.cite("moves.marry.from", from_only)
            if middle:
                (label, depth), (alt_label, alt_depth) = READINGS["marry.middle"]
                marry["source_depth"] = dict(depth)
                marry["target_depth"] = dict(depth)
                note = f"two readings: {label} (used) or {alt_label} (variant)"
                self.cite(
                    "moves.marry.source_depth",
                    middle,
                    self.first("marry.inner_play_only"),
                    note=note,
                )
                self.cite("moves.marry.target_depth", middle, note=note)
                self.variants.append(
                    {
                        "label": "middle-only",
                        "note": alt_label,
                        "sentence": middle.sentence.id,
                        "paths": {
                            "moves.marry.source_depth": alt_depth,
                            "moves.marry.target_depth": alt_depth,
                        },
                    }
                )
            self.moves["marry"] = marry
            if (
                self.reserve is not None
                and not from_only
                and not self.first("reserve.only_foundations")
            ):
                # a reserve's cards go where the layout's go: onto the layout too
                self.moves["marry-reserve"] = {
                    "from": ["reserve"],
                    "to": self.tab_ids,
                    "build": dict(marry["build"]),
                }
                self.cite("moves.marry-reserve", self.reserve[1])
            if (
                self.talon
                and self.talon.fact.key == "talon"
                and self.talon.fact.value["marriage"]
                and not from_only
            ):
                self.moves["marry-talon"] = {
                    "from": ["talon"],
                    "to": self.tab_ids,
                    "build": dict(marry["build"]),
                }
                if "target_depth" in marry:
                    self.moves["marry-talon"]["target_depth"] = dict(marry["target_depth"])
                self.cite("moves.marry-talon", self.talon)
        route = self.first("route")
        if (
            route
            and self.match
            and len(self.tab_ids)
            and sum(self.piles[t]["count"] for t in self.tab_ids) == 13
        ):
            # the exiled cards go, one by one, under the pile of their own rank
            chains = self.all("route.chain")
            released = [c for c in chains if c.fact.value == "until-released"]
            chain = released[0] if released else (chains[0] if chains else None)
            rmove: dict[str, Any] = {"kind": "route", "from": "exiles", "to": self.tab_ids}
            position, stuck = self.first("route.position"), self.first("route.when_stuck")
            if position:
                rmove["position"] = position.fact.value
            if chain:
                rmove["chain"] = chain.fact.value
            if stuck:
                rmove["when"] = {"none_of": ["play"]}
            self.moves["exile-chain"] = rmove
            self.cite("moves.exile-chain.to", route, *self.all("route.by_rank"))
            self.cite("moves.exile-chain.position", position)
            self.cite("moves.exile-chain.chain", *released, *chains)
            self.cite("moves.exile-chain.when", stuck)
        exch = self.first("exchange")
        ups = [g for g in self.found_ids if self.piles[g]["foundation"]["direction"] == "up"]
        downs = [g for g in self.found_ids if self.piles[g]["foundation"]["direction"] == "down"]
        if exch and ups and downs:
            self.moves["exchange"] = {"from": ups[0], "to": downs[0], "limit": exch.fact.value or 1}
            self.cite("moves.exchange", exch)
        if self.wastes:
            # each card turned goes to a foundation or onto a waste pile of his choosing
            self.moves["to-waste"] = {"from": ["stock"], "to": ["wastes"]}
            self.cite("moves.to-waste", self.wastes)
        if "talon" in self.piles:
            turn_n = self.first("turn.count")
            self.moves["turn"] = {
                "kind": "turn",
                "from": "stock",
                "to": "talon",
                "count": turn_n.fact.value if turn_n and turn_n.fact.value else 1,
                "recycle": 0,
            }
            if turn_n:
                self.cite("moves.turn.count", turn_n)
            recycle = self.first("turn.recycle")
            if recycle and recycle.fact.value is not None:  # 0: the talon is not turned again
                self.moves["turn"]["recycle"] = recycle.fact.value
                self.cite("moves.turn.recycle", recycle)
            if self.talon:
                self.cite("moves.turn", self.talon)
            else:
                self.cite("piles.talon", self.named)
                self.default(
                    "moves.turn", "a talon is named: the pack is turned onto it one card at a time"
                )
        if self.cells:
            # a cell takes any card of the layout while it is empty, and gives it back to
            # the layout by the building rule
            self.moves["to-cell"] = {
                "from": list(self.tab_ids),
                "to": ["cells"],
                "build": {"direction": "down", "suit": "any", "empty": "any"},
            }
            self.cite("moves.to-cell", self.cells)
            if "marry" in self.moves:
                self.moves["marry-cells"] = {
                    "from": ["cells"],
                    "to": list(self.tab_ids),
                    "build": dict(self.moves["marry"]["build"]),
                }
                self.cite("moves.marry-cells", self.cells)
        self.spec["moves"] = self.moves

    def fill(self) -> None:
        """How spaces are filled."""
        fill_src = self.all("fill.sources") if self.tab_ids else []
        none = self.first("fill.none")
        if fill_src and not none and self._space_takes_any(fill_src):
            self.spec["fill"] = {}  # the building moves take any card into a space instead
        elif fill_src and not none:
            kinds: list[str] = []
            for c in fill_src:
                for k in c.fact.value:
                    if k not in kinds:
                        kinds.append(k)
            for c in self.all("fill.not_from"):
                kinds = [k for k in kinds if k not in c.fact.value]
            names = {
                "stock": ["stock"],
                "talon": ["wastes"] if self.wastes else ["talon"] if self.talon else [],
                "tableau": self.tab_ids,
                "reserve": ["exiles"] if self.match else ["reserve"] if self.reserve else [],
            }
            src_from = [p for k in kinds for p in names.get(k, [])]
            if "talon" in src_from and "stock" in src_from:
                src_from = ["talon", "stock"] + [p for p in src_from if p not in ("talon", "stock")]
            rule: dict[str, Any] = {"sources": [{"from": src_from or ["stock"]}]}
            from_layout = [p for p in src_from if p in self.tab_ids]
            if from_layout:
                # a card alone in its pile would only carry the gap elsewhere (and with such
                # moves a position is never stuck): the layout gives cards from fuller piles
                rest = [p for p in src_from if p not in from_layout]
                layout = {"from": from_layout, "not_alone": True}
                rule["sources"] = [{"from": rest}, layout] if rest else [layout]
            batch = self.first("fill.timing")
            deal_ids = {c.sentence.id for c in self.during}
            at_once = [c for c in self.all("fill.at_once") if c.sentence.id in deal_ids]
            if batch and at_once:
                # a space made during the deal is filled at once; in play, after the plays
                rule["timing"] = {"deal": "immediate", "play": batch.fact.value}
                self.cite(f"fill.{self.tid}.timing", *at_once, *self.all("fill.timing"))
            elif batch:
                rule["timing"] = batch.fact.value
                self.cite(f"fill.{self.tid}.timing", *self.all("fill.timing"))
            elif self.all("fill.at_once") and kinds != ["tableau"]:
                rule["timing"] = "immediate"  # «как только окажется пустое место, его заполняют»
                self.cite(f"fill.{self.tid}.timing", *self.all("fill.at_once"))
            elif kinds == ["tableau"]:
                rule["timing"] = "optional"  # a card moved from the layout is the player's choice
                self.default(
                    f"fill.{self.tid}.timing", "a space filled from the layout: when he chooses"
                )
            up_to = self.first("fill.up_to")
            full = self.first("fill.full")
            if up_to:
                rule["up_to"] = up_to.fact.value
                self.cite(f"fill.{self.tid}.up_to", up_to)
            elif full:
                rule["up_to"] = self.step.get("rounds") or 1
                self.cite(f"fill.{self.tid}.up_to", full)
            order = self.first("fill.order")
            if order:
                rule["order"] = order.fact.value
                self.cite(f"fill.{self.tid}.order", order)
            for i, src in enumerate(rule["sources"]):
                self.cite(f"fill.{self.tid}.sources[{i}].from", *fill_src)
                if src.get("not_alone"):
                    self.default(
                        f"fill.{self.tid}.sources[{i}].not_alone",
                        "a card alone in its pile is not moved to a space (it would only move "
                        "the gap)",
                    )
            lane = self.first("fill.lane")
            if lane and lane.fact.value:
                rule["sources"].append(
                    {
                        "from": self.tab_ids,
                        "only_into": "empty",
                        "position": 1,
                        "source_depth": {"min": lane.fact.value},
                    }
                )
                self.cite(f"fill.{self.tid}.sources[1]", lane, self.first("fill.lane_condition"))
            # every group of the layout has its spaces filled alike
            self.spec["fill"] = {t: copy.deepcopy(rule) for t in self.tab_ids}
            for key in [k for k in self.prov if k.startswith(f"fill.{self.tid}.")]:
                for t in self.tab_ids[1:]:
                    self.prov.setdefault(
                        f"fill.{t}." + key[len(f"fill.{self.tid}.") :], dict(self.prov[key])
                    )
        else:
            self.spec["fill"] = {}
            if none:
                self.cite("fill", none, *self.all("fill.none_during_deal"))
            else:
                self.default("fill", "vacancies are not refilled (the text does not say how)")

    def _space_takes_any(self, fill_src: list[Cited]) -> bool:
        """«Пустое место можно занять любою картою»: where building moves exist, a space is
        a place any card they bring may go (the player's choice), not a fill rule. Sets
        their `empty: any` and says whether it did."""
        if any(
            c.fact.island != "fill_any"
            and not (c.fact.island == "fill_onto" and c.fact.value == ["tableau"])
            for c in fill_src
        ):
            return False  # («на его место кладут крайнюю карту любого другого ряда»: the same)
        by_kind = {"tableau": "marry", "talon": "marry-talon", "reserve": "marry-reserve"}
        kinds = {k for c in fill_src for k in c.fact.value if k != "talon" or "talon" in self.piles}
        if not all(by_kind.get(k) in self.moves for k in kinds):
            return False  # a source no building move takes from: a fill rule says it
        # a cell's card goes where a layout card may
        mids = [by_kind[k] for k in kinds] + (["marry-cells"] if "tableau" in kinds else [])
        for mid in (m for m in mids if m in self.moves):
            self.moves[mid]["build"]["empty"] = "any"
            self.cite(f"moves.{mid}.build.empty", *fill_src)
        return True

    def redeal(self) -> None:
        """Gathering and dealing again."""
        rnone = self.first("redeal.none")
        deals = self.first("redeal.deals") or self.first("redeal.again")  # again: once more
        n_deals = (deals.fact.value if deals.fact.key == "redeal.deals" else 2) if deals else 0
        turn = self.moves.get("turn")
        if (
            deals
            and not rnone
            and (n_deals or 0) >= 2
            and turn is not None
            and self.first("redeal.of_deck")
            and not self.first("turn.recycle")
            and not self.first("redeal.gather")
        ):
            # the pack turned onto a talon is "dealt again", no layout gathered: the talon
            # becomes the pack again (its passes), not a new deal of the layout
            turn["recycle"] = n_deals - 1
            self.cite("moves.turn.recycle", deals)
            self.spec["redeal"] = None
            self.default("redeal", "the pack dealt again is the talon turned over")
            return
        if deals and not rnone and (n_deals or 0) >= 2 and self.tab_ids:
            gather = self.deal_order or [
                f"{t}.{n}" for t in self.tab_ids for n in range(1, self.piles[t]["count"] + 1)
            ]
            halves, between = (
                self.first("redeal.gather_halves"),
                self.first("redeal.gather_between"),
            )
            if halves and between and between.fact.value and halves.fact.value:
                h, k = halves.fact.value, between.fact.value
                if 2 * h + 1 == len(gather) and 1 <= k <= len(gather):
                    rest = [p for i, p in enumerate(gather, start=1) if i != k]
                    gather = [*rest[:h], gather[k - 1], *rest[h:]]
                    self.cite("redeal.gather", halves, between)
            self.spec["redeal"] = {
                "times": n_deals - 1,
                "when": "stuck",  # "when nothing more can be done" (the default when not stated)
                "gather": gather,
                "shuffle": False,
                "deal": [s["id"] for s in self.spec["deal"]],
            }
            self.cite("redeal.times", deals, self.first("redeal.unless_won"))
            when = self.first("redeal.when")
            reversible = any(
                isinstance(m.get("build"), dict) and m["build"].get("direction") == "both"
                for m in self.moves.values()
            )
            if when and reversible:
                # "when nothing more can be done": with moves that can always be undone the
                # position is never stuck, so it is the player's judgement
                self.spec["redeal"]["when"] = "always"
                self.cite(
                    "redeal.when",
                    when,
                    note="the layout's moves can be undone, so the game "
                    "is never stuck: the player judges when nothing more can be done",
                )
            self.cite("redeal.when", when)
            self.cite("redeal.deal", deals)
            shuffle = self.first("redeal.shuffle")
            if shuffle:
                self.spec["redeal"]["shuffle"] = shuffle.fact.value
                self.cite("redeal.shuffle", shuffle)
            else:
                self.default(
                    "redeal.shuffle", "the gathered cards are dealt again without shuffling"
                )
            self.cite("redeal.gather", self.first("redeal.gather"))
        else:
            self.spec["redeal"] = None
            if rnone:
                self.cite("redeal", rnone)
            else:
                self.default("redeal", "no second deal is mentioned")

    def finish(self) -> Assembly:
        """Win condition, notes, and the variant specs of the readings not used."""
        self.spec["win"] = "foundations-complete" if self.hours else "all-on-foundations"
        said = self.first("win.foundations")
        if said:
            self.cite("win", said)
        else:
            self.default("win", "won when every card is on the foundations")
        claims = self.all("claim.difficulty")
        notes = ["Draft extracted by the grammar stage (pasyans extract); not reviewed."]
        said_in: dict[str, list[str]] = {}
        for c in claims:
            said_in.setdefault(c.sentence.id, []).append(c.fact.value)
        for sid, values in said_in.items():
            notes.append(f"The book says: {', '.join(values)} ({sid}).")
            self.used.setdefault(sid, []).append("notes")
        self.spec["notes"] = "\n".join(notes) + "\n"

        result = Assembly(
            spec=self.spec,
            provenance=self.prov,
            conflicts=self.conflicts,
            used=self.used,
            gaps=self.gaps,
        )
        for v in self.variants:
            alt = copy.deepcopy(self.spec)
            alt["variant"] = f"extracted-{v['label']}"
            for path, value in v["paths"].items():
                node = alt
                *head, last = path.split(".")
                for k in head:
                    node = node[k]
                node[last] = dict(value)
            result.variants.append({**v, "spec": alt})
        return result


def assemble(game: dict[str, Any], facts: list[Cited], quote) -> Assembly:
    """Build the spec of one game from its facts (see the module docstring)."""
    draft = _Draft(game, facts, quote)
    for area in (
        draft.decks,
        draft.foundations,
        draft.aside,
        draft.tableau,
        draft.stock,
        draft.deal,
        draft.move_rules,
        draft.fill,
        draft.redeal,
    ):
        area()
    return draft.finish()
