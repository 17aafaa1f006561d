"""Facts -> one playable spec (`pasyans/1`) with a citation for every field.

Fields the text states are cited with `origin: text` (sentence id, the quoted words in the
book's spelling, raw spans); what the text does not say gets a documented default cited
with `origin: default`. Two facts that set one field to different values are a conflict:
the first (in reading order) is kept and both sentences are reported. Where a fact has two
readings (`READINGS`), the spec uses the first and a variant spec gets the second.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
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
    def all(self, key: str) -> list[Cited]:
        return [c for c in self.facts if c.fact.key == key]

    def first(self, key: str) -> Cited | None:
        found = self.all(key)
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


def assemble(game: dict[str, Any], facts: list[Cited], quote) -> Assembly:
    """Build the spec of one game from its facts (see the module docstring)."""
    b = _Builder(game["id"], facts, quote)
    spec: dict[str, Any] = {
        "spec": "pasyans/1",
        "id": game["id"],
        "variant": "extracted",
        "title": {"ru": game.get("title") or game.get("name"), "en": None},
        "source": {"texts": [game["id"]]},
    }

    # decks
    d = b.first("decks")
    spec["decks"] = d.fact.value if d and d.fact.value in (1, 2, 3, 4) else 1
    if d:
        b.cite("decks", d)
    else:
        b.default("decks", "no deck line: one pack")

    piles: dict[str, dict[str, Any]] = {}
    setup: list[dict[str, Any]] = []

    # foundations ------------------------------------------------------------------
    takes = b.all("setup.take")
    before_play = b.first("setup.before_play")  # "taken from the pack before the game"
    taken: list[tuple[int, int | None]] = [x for c in takes for x in c.fact.value]
    take_cite = takes[0] if takes else None
    groups = b.all("foundation.group")
    found_cards = b.first("foundation.cards")
    anaphor = b.first("foundation.anaphor")
    directions = b.all("foundation.direction")
    lasts = b.all("foundation.last")
    suit = b.first("suit.same")
    ranks_list = b.first("foundation.ranks")
    hours = b.first("foundation.hours")
    found_ids: list[str] = []

    def foundation_block(direction: str | None, last: int | None) -> dict[str, Any]:
        blk: dict[str, Any] = {"direction": direction or "up", "suit": "same"}
        if last is not None:
            blk["last"] = last
        return blk

    if groups:
        for c in groups:
            g = c.fact.value
            gid = g["direction"] or ("up" if not found_ids else "down")
            gid = gid if gid not in piles else f"{gid}-{len(found_ids) + 1}"
            count = g["count"] or next((n for n, r in taken if r == g["base"]), 4)
            if g["count"] is None:
                count = max(1, sum(n for n, r in taken if r == g["base"]) // max(1, len(groups)))
            blk = foundation_block(g["direction"], g["last"])
            if g["start"] is not None and g["direction"] == "up" and g["start"] < g["base"]:
                blk["wrap"] = True  # the base is passed over: K, then A, 2 ... (K->A goes on)
            piles[gid] = {"role": "foundation", "count": count, "foundation": blk}
            setup.append({"take": {"ranks": [g["base"]], "count": count}, "to": gid})
            i = len(setup) - 1
            b.cite(f"setup[{i}].take", c, take_cite)
            b.cite(f"piles.{gid}.foundation.direction", c)
            if g["last"] is not None:
                b.cite(f"piles.{gid}.foundation.last", c)
            if "wrap" in blk:
                b.cite(f"piles.{gid}.foundation.wrap", c)
            found_ids.append(gid)
    else:
        base_ranks = found_cards.fact.value if found_cards else []
        if not base_ranks and anaphor and taken and all(r is not None for _, r in taken):
            base_ranks = [r for _, r in taken]
        per_base = {r: dirc for dirc in directions if (r := dirc.fact.value["base"])}
        if len(base_ranks) > 1 and per_base:
            for r in base_ranks:
                gid = {1: "aces", 13: "kings"}.get(r, f"base-{r}")
                dcit = per_base.get(r)
                direction = dcit.fact.value["direction"] if dcit else "up"
                count = sum(n for n, rr in taken if rr == r) or 4
                last = 13 if direction == "up" else 1
                blk = foundation_block(direction, last)
                blk["base"] = r
                piles[gid] = {"role": "foundation", "count": count, "foundation": blk}
                setup.append({"take": {"ranks": [r], "count": count}, "to": gid})
                b.cite(f"setup[{len(setup) - 1}].take", take_cite or found_cards)
                b.cite(f"piles.{gid}.foundation.direction", dcit)
                found_ids.append(gid)
        else:
            dcit = directions[0] if directions else None
            lcit = lasts[0] if lasts else None
            direction = dcit.fact.value["direction"] if dcit else "up"
            last = lcit.fact.value["last"] if lcit else None
            gid = "foundations"
            blk = foundation_block(direction, last)
            count = 0
            if ranks_list and (takes or anaphor):
                # named foundation cards, one of each rank (the Clock)
                ranks = ranks_list.fact.value
                count = len(ranks)
                note = None
                if hours:
                    targets = list(range(1, count + 1))
                    placed = _placement(ranks, targets, 52 * spec["decks"])
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
                    b.cite(f"piles.{gid}.foundation.targets", hours)
                    b.cite(f"piles.{gid}.foundation.wrap", hours)
                listed = ranks_list.fact.value
                suit_of = {r: "SHDC"[i % 4] for i, r in enumerate(listed)}
                cards = [card_name(r, suit_of[r]) for r in ranks]
                setup.append({"take": {"cards": cards}, "to": gid})
                b.cite("setup[0].take", ranks_list, hours, note=note)
                b.cite("setup[0].to", takes[0] if takes else anaphor)
            elif base_ranks:
                r = base_ranks[0]
                stated = b.first("foundation.count")
                count = (
                    sum(n for n, rr in taken if rr == r)
                    or (stated.fact.value if stated else 0)
                    or 4 * spec["decks"]
                )
                blk["base"] = r
                if any(rr == r for _, rr in taken):
                    # taken out of the pack before the deal: they start the foundations
                    setup.append({"take": {"ranks": [r], "count": count}, "to": gid})
                    b.cite("setup[0].take", take_cite, found_cards, before_play)
                    b.cite("setup[0].to", found_cards)
                else:  # not withdrawn: each foundation is begun by its card when it comes
                    b.cite(f"piles.{gid}.foundation.base", found_cards)
            else:
                count = 4 * spec["decks"]
                b.default(f"piles.{gid}", "no foundation cards named: one ace foundation per suit")
            piles[gid] = {"role": "foundation", "count": count, "foundation": blk}
            if dcit:
                b.cite(f"piles.{gid}.foundation.direction", dcit)
            if lcit:
                b.cite(f"piles.{gid}.foundation.last", lcit)
            found_ids.append(gid)
    any_suit = b.first("suit.any")
    for gid in found_ids:
        if any_suit and not suit:
            piles[gid]["foundation"]["suit"] = "any"
            b.cite(f"piles.{gid}.foundation.suit", any_suit)
        elif suit:
            b.cite(f"piles.{gid}.foundation.suit", suit)
        else:
            b.default(f"piles.{gid}.foundation.suit", "suit not stated: same suit")

    # cards put aside, the centre -----------------------------------------------------
    aside = b.first("setup.aside")
    centre = b.first("setup.centre")
    if aside and aside.fact.value[0]:
        n, r = aside.fact.value
        piles["out"] = {"role": "out"}
        setup.append({"take": {"ranks": [r] if r else [13], "count": n}, "to": "out"})
        b.cite(f"setup[{len(setup) - 1}].to", aside)
        extra = (
            sum(k for k, rr in taken if rr == r)
            - n
            - sum(s["take"]["count"] for s in setup[:-1] if s["take"].get("ranks") == [r])
        )
        if centre and extra > 0:
            piles["centre"] = {"role": "inert"}
            setup.append({"take": {"ranks": [r], "count": extra}, "to": "centre"})
            b.cite(f"setup[{len(setup) - 1}].to", centre)
            b.cite("piles.centre.role", b.first("setup.centre_alone"))

    # the tableau ------------------------------------------------------------------
    shape = b.first("tableau.shape")
    all_pile = b.first("avail.all")
    tab_ids: list[str] = []
    noun = shape.fact.value["noun"] if shape else "PLACE"
    count = (shape.fact.value["count"] if shape else None) or 0
    if not 1 <= count <= 52:
        count = 8
        b.gaps.append("piles: number of tableau piles not stated (8 assumed)")
    tid = NOUN_IDS.get(noun, "piles")
    layout_shape = (
        "ring" if noun == "CIRCLE" and count != 12 else "clock" if noun == "CIRCLE" else "row"
    )
    avail: dict[str, str] = {"deal": "top", "play": "top"}
    avail_cits = b.all("avail.top")
    sides, corners = b.all("layout.side"), b.all("layout.corner")
    n_found = sum(piles[g]["count"] for g in found_ids)
    deal_order: list[str] | None = None
    if sides and corners and count > n_found and len(found_ids) == 2:
        # places beside each foundation card («боком») and at the corners («прямо»): each
        # flank is dealt corner, the places beside its foundation column, corner
        n_corner = count - n_found
        # drawn like the book's figure: the two foundation columns side by side, the places
        # beside them on the outer flanks, a corner above and below each flank
        left, right = (piles[g]["count"] for g in found_ids)
        piles[found_ids[0]]["layout"] = {"shape": "column", "at": [2, 1]}
        piles[found_ids[1]]["layout"] = {"shape": "column", "at": [4, 1]}
        height = max(left, right) + 1
        piles["corners"] = {
            "role": "tableau",
            "count": n_corner,
            "available": avail,
            "layout": {
                "positions": [[1, 0], [1, height], [5, 0], [5, height]][:n_corner],
                "orientation": "straight",
            },
        }
        piles["sides"] = {
            "role": "tableau",
            "count": n_found,
            "available": avail,
            "adjacent": [f"{g}.{i}" for g in found_ids for i in range(1, piles[g]["count"] + 1)],
            "layout": {
                "positions": [[1, y] for y in range(1, left + 1)]
                + [[5, y] for y in range(1, right + 1)],
                "orientation": "sideways",
            },
        }
        tab_ids = ["corners", "sides"]
        if n_corner == 4:
            deal_order = [
                "corners.1",
                *[f"sides.{i}" for i in range(1, left + 1)],
                "corners.2",
                "corners.3",
                *[f"sides.{i}" for i in range(left + 1, n_found + 1)],
                "corners.4",
            ]
        b.cite("piles.sides.adjacent", *sides)
        b.cite("piles.sides.layout", *sides)
        b.cite("piles.corners.layout", *corners)
        tid = "sides"
    elif all_pile and all_pile.fact.value == count and count > 1:
        piles[tid] = {
            "role": "tableau",
            "count": count - 1,
            "available": avail,
            "layout": {"shape": "row", "at": [0, 2]},
        }
        piles["fan"] = {
            "role": "tableau",
            "count": 1,
            "available": "all",
            "layout": {"shape": "point", "at": [count, 2], "fan": "down"},
        }
        tab_ids = [tid, "fan"]
        b.cite("piles.fan.available", all_pile)
    else:
        lay: dict[str, Any] = {
            "shape": layout_shape,
            "at": [0, 2] if layout_shape == "row" else [6, 6],
        }
        if layout_shape != "row":
            lay["radius"] = 3
        piles[tid] = {"role": "tableau", "count": count, "available": avail, "layout": lay}
        tab_ids = [tid]
    b.cite(f"piles.{tid}.count", shape)
    n_tab = sum(piles[t]["count"] for t in tab_ids)
    if all_pile and "fan" not in piles:
        b.beyond(
            all_pile, all_pile.fact.value, n_tab, shape, "piles: a pile numbered beyond the layout"
        )
    for c in b.all("route.by_rank") + b.all("redeal.gather_between"):
        number = c.fact.value[1] if isinstance(c.fact.value, tuple) else c.fact.value
        b.beyond(c, number, n_tab, shape, "piles: a pile numbered beyond the layout")
    for t in tab_ids:
        if avail_cits:
            b.cite(f"piles.{t}.available", *avail_cits)
        elif piles[t]["available"] != "all":
            b.default(f"piles.{t}.available", "only the top card of a pile is available")

    # stock, talon, exiles ------------------------------------------------------------
    piles["stock"] = {"role": "stock"}
    talon = b.first("talon") or b.first("turn.count")
    named = b.first("talon.named")  # a talon the rules speak of, without saying how it forms
    no_talon = b.first("talon.none")
    if no_talon:
        talon = named = None
        b.used.setdefault(no_talon.sentence.id, []).append("piles (no talon)")
    if talon or named:
        piles["talon"] = {"role": "talon"}
    match = b.first("count.match")
    if match:
        face = match.fact.value["face"]
        looked_at = b.first("route.chain")
        if face == "down" and looked_at and looked_at.fact.value == "not-playable":
            # laid face down, but the top one is taken and played when it fits a foundation
            face = "up"
            b.cite(
                "piles.exiles.face",
                looked_at,
                match,
                note="laid face down (the second "
                "sentence), but the top exile is looked at and played when it fits "
                "(the first): its top card is in play, face up",
            )
        piles["exiles"] = {"role": "reserve", "face": face}
        b.cite("piles.exiles.face", match)
    # layout of the foundations and the rest: a row each, out of the tableau's way
    x = 0
    for gid in found_ids:
        if "layout" not in piles[gid]:
            piles[gid]["layout"] = {"shape": "row", "at": [x, 0]}
            x += piles[gid]["count"] + 1
    for gid in ("stock", "talon", "exiles", "out", "centre"):
        if gid in piles:
            piles[gid]["layout"] = {"shape": "point", "at": [x, 0]}
            x += 1
    spec["piles"] = {
        k: piles[k]
        for k in [*found_ids, *tab_ids]
        + [k for k in ("exiles", "stock", "talon", "out", "centre") if k in piles]
    }
    spec["setup"] = setup
    # the cards taken out must exist: a scan that lost its deck line (or a text that says one
    # pack and takes eight aces) gets as many packs as the taking needs, and says so
    need = _packs_needed(setup)
    if need > spec["decks"]:
        if d:
            b.conflicts.append(
                {
                    "fact": "decks",
                    "kept": {"sentence": None, "value": need},
                    "other": [{"sentence": d.sentence.id, "value": spec["decks"]}],
                }
            )
        spec["decks"] = need
        b.prov.pop("decks", None)
        b.gaps = [g for g in b.gaps if g != "decks"]
        b.default("decks", f"no deck line: {need} packs, as many as the cards taken out need")

    # the deal -------------------------------------------------------------------------
    rounds_c = b.all("deal.round")
    until = b.first("deal.until_empty")
    per = b.first("deal.per_pile")
    during = (
        [c for c in avail_cits if c.fact.value == "deal"]
        + b.all("fill.from_hand")
        + b.all("play.during_deal")
    )
    step_id = {"CIRCLE": "circles", "ROW": "rows", "PACKET": "packets"}.get(noun, "places")
    step: dict[str, Any] = {"id": step_id, "to": deal_order or tab_ids}
    after_deal = b.first("shift.after_deal")  # "when all the cards have been dealt"
    deal_time = b.all("deal.corners_anywhere") + b.all("deal.sides_adjacent")
    if until or after_deal:
        step["rounds"] = None
        b.cite(f"deal.{step_id}.rounds", until or after_deal)
    elif rounds_c:
        step["rounds"] = max(c.fact.value for c in rounds_c)
        b.cite(f"deal.{step_id}.rounds", *sorted(rounds_c, key=lambda c: -c.fact.value))
    else:
        b.default(f"deal.{step_id}.rounds", "one card to each pile")
    if per:
        step["per_pile"] = per.fact.value
        b.cite(f"deal.{step_id}.per_pile", per)
    step["face"] = "up"
    step["pause"] = "card" if deal_time else "round" if during else "none"
    if deal_time or during:
        b.cite(f"deal.{step_id}.pause", *deal_time, *during)
    stuck_round = b.first("deal.next_round")
    if stuck_round:
        step["next_round"] = "stuck"
        b.cite(f"deal.{step_id}.next_round", stuck_round)
        if "rounds" not in step or step["rounds"] == 1:
            step["rounds"] = None  # rows go on until the pack is dealt
    play_rank = b.first("deal.play_rank")
    if play_rank and play_rank.fact.value:
        step["pause"] = "card"
        b.cite(f"deal.{step_id}.pause", play_rank)
    keep = b.first("deal.keep_order")
    if keep:
        step["skip_empty"] = False
        b.cite(f"deal.{step_id}.skip_empty", keep)
    count_c = b.first("count.deal")
    if count_c and match:
        step["count"] = {
            "start": 1,
            "reset": "round",
            "match": "rank",
            "send_to": "exiles",
            "replace": bool(b.first("count.replace")),
        }
        b.cite(f"deal.{step_id}.count.match", match, count_c)
        b.cite(f"deal.{step_id}.count.replace", b.first("count.replace"))
    b.cite(f"deal.{step_id}.to", shape, *sides, *corners)
    spec["deal"] = [step]

    # moves ------------------------------------------------------------------------
    moves: dict[str, Any] = {}
    sources = (
        list(tab_ids) + (["talon"] if "talon" in piles else []) + (["exiles"] if match else [])
    )
    if deal_time and "corners" in piles:
        # during the deal a corner card goes to any foundation, a side card only beside it
        anywhere, beside = b.first("deal.corners_anywhere"), b.first("deal.sides_adjacent")
        moves["corner-deal"] = {"from": ["corners"], "to": found_ids, "phase": "deal"}
        b.cite("moves.corner-deal.to", anywhere)
        moves["side-deal"] = {"from": ["sides"], "to": found_ids, "phase": "deal"}
        if beside:
            moves["side-deal"]["pairs"] = "adjacent"
            b.cite("moves.side-deal.pairs", beside)
        b.cite("moves.side-deal.phase", beside)
        moves["play"] = {"from": sources, "to": found_ids, "phase": "play"}
        b.cite("moves.play.phase", after_deal)
    else:
        moves["play"] = {"from": sources, "to": found_ids, "phase": "any" if during else "play"}
        if during:
            b.cite("moves.play.phase", *during)
        else:
            b.default("moves.play", "cards are played to the foundations after the deal")
    if play_rank and play_rank.fact.value:
        rank = play_rank.fact.value
        name = {1: "aces", 13: "kings"}.get(rank, f"rank-{rank}") + "-while-dealing"
        moves[name] = {
            "from": tab_ids,
            "to": found_ids,
            "phase": "deal",
            "cards": {"ranks": [play_rank.fact.value]},
        }
        b.cite(f"moves.{name}", play_rank)
    shift_suit = b.first("shift.suit")
    if after_deal or shift_suit:
        # moves from place to place; the text gives the suit, not the direction
        moves["shift"] = {
            "from": tab_ids,
            "to": tab_ids,
            "phase": "play",
            "build": {"direction": "both", "suit": "same"},
        }
        b.cite("moves.shift.phase", after_deal)
        b.cite("moves.shift.build", shift_suit)
    build = b.first("build.direction")
    from_only = b.first("marry.from_tableau_only")
    middle = b.first("marry.middle")
    variants: list[dict[str, Any]] = []
    alternate = b.first("build.suit")
    if b.first("marry.none"):
        build = None
        b.cite("moves", b.first("marry.none"), note="no marriage (building on the layout)")
    elif alternate and not build:
        build = alternate  # building is described by its colours only: down, as is usual
    if build:
        direction = build.fact.value if build.fact.key == "build.direction" else "down"
        marry: dict[str, Any] = {
            "from": tab_ids,
            "to": tab_ids,
            "build": {"direction": direction, "suit": "alternate" if alternate else "same"},
        }
        b.cite("moves.marry.build", build, alternate)
        empty = b.first("build.empty")
        if empty and empty.fact.value:
            marry["build"]["empty"] = [empty.fact.value]
            b.cite("moves.marry.build.empty", empty)
        if from_only:
            b.cite("moves.marry.from", from_only)
        if middle:
            (label, depth), (alt_label, alt_depth) = READINGS["marry.middle"]
            marry["source_depth"] = dict(depth)
            marry["target_depth"] = dict(depth)
            note = f"two readings: {label} (used) or {alt_label} (variant)"
            b.cite("moves.marry.source_depth", middle, b.first("marry.inner_play_only"), note=note)
            b.cite("moves.marry.target_depth", middle, note=note)
            variants.append(
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
        moves["marry"] = marry
        if talon and talon.fact.key == "talon" and talon.fact.value["marriage"] and not from_only:
            moves["marry-talon"] = {"from": ["talon"], "to": tab_ids, "build": dict(marry["build"])}
            if "target_depth" in marry:
                moves["marry-talon"]["target_depth"] = dict(marry["target_depth"])
            b.cite("moves.marry-talon", talon)
    route = b.first("route")
    if route and match and len(tab_ids) and sum(piles[t]["count"] for t in tab_ids) == 13:
        # the exiled cards go, one by one, under the pile of their own rank
        chains = b.all("route.chain")
        released = [c for c in chains if c.fact.value == "until-released"]
        chain = released[0] if released else (chains[0] if chains else None)
        rmove: dict[str, Any] = {"kind": "route", "from": "exiles", "to": tab_ids}
        position, stuck = b.first("route.position"), b.first("route.when_stuck")
        if position:
            rmove["position"] = position.fact.value
        if chain:
            rmove["chain"] = chain.fact.value
        if stuck:
            rmove["when"] = {"none_of": ["play"]}
        moves["exile-chain"] = rmove
        b.cite("moves.exile-chain.to", route, *b.all("route.by_rank"))
        b.cite("moves.exile-chain.position", position)
        b.cite("moves.exile-chain.chain", *released, *chains)
        b.cite("moves.exile-chain.when", stuck)
    exch = b.first("exchange")
    ups = [g for g in found_ids if piles[g]["foundation"]["direction"] == "up"]
    downs = [g for g in found_ids if piles[g]["foundation"]["direction"] == "down"]
    if exch and ups and downs:
        moves["exchange"] = {"from": ups[0], "to": downs[0], "limit": exch.fact.value or 1}
        b.cite("moves.exchange", exch)
    if "talon" in piles:
        turn_n = b.first("turn.count")
        moves["turn"] = {
            "kind": "turn",
            "from": "stock",
            "to": "talon",
            "count": turn_n.fact.value if turn_n and turn_n.fact.value else 1,
            "recycle": 0,
        }
        if turn_n:
            b.cite("moves.turn.count", turn_n)
        recycle = b.first("turn.recycle")
        if recycle and recycle.fact.value:
            moves["turn"]["recycle"] = recycle.fact.value
            b.cite("moves.turn.recycle", recycle)
        if talon:
            b.cite("moves.turn", talon)
        else:
            b.cite("piles.talon", named)
            b.default(
                "moves.turn", "a talon is named: the pack is turned onto it one card at a time"
            )
    spec["moves"] = moves

    # vacancies ----------------------------------------------------------------------
    fill_src = b.all("fill.sources")
    none = b.first("fill.none")
    if fill_src and not none:
        kinds: list[str] = []
        for c in fill_src:
            for k in c.fact.value:
                if k not in kinds:
                    kinds.append(k)
        for c in b.all("fill.not_from"):
            kinds = [k for k in kinds if k not in c.fact.value]
        names = {
            "stock": ["stock"],
            "talon": ["talon"] if talon else [],
            "tableau": tab_ids,
            "reserve": ["exiles"] if match else [],
        }
        src_from = [p for k in kinds for p in names.get(k, [])]
        if "talon" in src_from and "stock" in src_from:
            src_from = ["talon", "stock"] + [p for p in src_from if p not in ("talon", "stock")]
        rule: dict[str, Any] = {"sources": [{"from": src_from or ["stock"]}]}
        batch = b.first("fill.timing")
        if batch:
            rule["timing"] = batch.fact.value
            b.cite(f"fill.{tid}.timing", *b.all("fill.timing"))
        elif kinds == ["tableau"]:
            rule["timing"] = "optional"  # a card moved from the layout is the player's choice
            b.default(f"fill.{tid}.timing", "a space filled from the layout: when he chooses")
        up_to = b.first("fill.up_to")
        full = b.first("fill.full")
        if up_to:
            rule["up_to"] = up_to.fact.value
            b.cite(f"fill.{tid}.up_to", up_to)
        elif full:
            rule["up_to"] = step.get("rounds") or 1
            b.cite(f"fill.{tid}.up_to", full)
        order = b.first("fill.order")
        if order:
            rule["order"] = order.fact.value
            b.cite(f"fill.{tid}.order", order)
        lane = b.first("fill.lane")
        if lane and lane.fact.value:
            rule["sources"].append(
                {
                    "from": tab_ids,
                    "only_into": "empty",
                    "position": 1,
                    "source_depth": {"min": lane.fact.value},
                }
            )
            b.cite(f"fill.{tid}.sources[1]", lane, b.first("fill.lane_condition"))
        b.cite(f"fill.{tid}.sources[0].from", *fill_src)
        # every group of the layout has its spaces filled alike
        spec["fill"] = {t: copy.deepcopy(rule) for t in tab_ids}
        for key in [k for k in b.prov if k.startswith(f"fill.{tid}.")]:
            for t in tab_ids[1:]:
                b.prov.setdefault(f"fill.{t}." + key[len(f"fill.{tid}.") :], dict(b.prov[key]))
    else:
        spec["fill"] = {}
        if none:
            b.cite("fill", none, *b.all("fill.none_during_deal"))
        else:
            b.default("fill", "vacancies are not refilled (the text does not say how)")

    # redeal ------------------------------------------------------------------------
    rnone = b.first("redeal.none")
    deals = b.first("redeal.deals")
    if deals and not rnone and (deals.fact.value or 0) >= 2:
        gather = deal_order or [
            f"{t}.{n}" for t in tab_ids for n in range(1, piles[t]["count"] + 1)
        ]
        halves, between = b.first("redeal.gather_halves"), b.first("redeal.gather_between")
        if halves and between and between.fact.value and halves.fact.value:
            h, k = halves.fact.value, between.fact.value
            if 2 * h + 1 == len(gather) and 1 <= k <= len(gather):
                rest = [p for i, p in enumerate(gather, start=1) if i != k]
                gather = [*rest[:h], gather[k - 1], *rest[h:]]
                b.cite("redeal.gather", halves, between)
        spec["redeal"] = {
            "times": deals.fact.value - 1,
            "when": "stuck",  # "when nothing more can be done" (the default when not stated)
            "gather": gather,
            "shuffle": False,
            "deal": [step_id],
        }
        b.cite("redeal.times", deals, b.first("redeal.unless_won"))
        when = b.first("redeal.when")
        reversible = any(
            isinstance(m.get("build"), dict) and m["build"].get("direction") == "both"
            for m in moves.values()
        )
        if when and reversible:
            # "when nothing more can be done": with moves that can always be undone the
            # position is never stuck, so it is the player's judgement
            spec["redeal"]["when"] = "always"
            b.cite(
                "redeal.when",
                when,
                note="the layout's moves can be undone, so the game "
                "is never stuck: the player judges when nothing more can be done",
            )
        b.cite("redeal.when", when)
        b.cite("redeal.deal", deals)
        shuffle = b.first("redeal.shuffle")
        if shuffle:
            spec["redeal"]["shuffle"] = shuffle.fact.value
            b.cite("redeal.shuffle", shuffle)
        else:
            b.default("redeal.shuffle", "the gathered cards are dealt again without shuffling")
        b.cite("redeal.gather", b.first("redeal.gather"))
    else:
        spec["redeal"] = None
        if rnone:
            b.cite("redeal", rnone)
        else:
            b.default("redeal", "no second deal is mentioned")

    spec["win"] = "foundations-complete" if hours else "all-on-foundations"
    b.default("win", "won when every card is on the foundations")
    claims = b.all("claim.difficulty")
    notes = ["Draft extracted by the grammar stage (pasyans extract); not reviewed."]
    for c in claims:
        notes.append(f"The book says: {c.fact.value} ({c.sentence.id}).")
        b.used.setdefault(c.sentence.id, []).append("notes")
    spec["notes"] = "\n".join(notes) + "\n"

    result = Assembly(spec=spec, provenance=b.prov, conflicts=b.conflicts, used=b.used, gaps=b.gaps)
    for v in variants:
        alt = copy.deepcopy(spec)
        alt["variant"] = f"extracted-{v['label']}"
        for path, value in v["paths"].items():
            node = alt
            *head, last = path.split(".")
            for k in head:
                node = node[k]
            node[last] = dict(value)
        result.variants.append({**v, "spec": alt})
    return result
