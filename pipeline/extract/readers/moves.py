"""Readers of the moves islands:
building on the layout, examples, runs, shifting, routes, exchange.

One method per island rule (its name), over the island's tokens; `SAYS` lists the islands
whose every match says the same fact."""

from __future__ import annotations

from itertools import pairwise
from typing import Any, ClassVar

from pipeline.extract.readers.base import Reader, over_tokens
from pipeline.extract.readers.common import (
    PILES,
    direction_of,
    direction_put,
    num_at,
    ranks_at,
    sources_named,
    stock_out_said,
    suit_in,
    talon_named,
    times_said,
    types_of,
)

# verbs that turn the stock over (a pass after the first), as against going through it
_TURNED_OVER = frozenset({"перевернуть", "переворачивать", "переворачиваться"})

# verbs of moving that only move cards about the layout (not «сносить», «отсылать» …)
_LAYOUT_MOVES = frozenset(
    {
        "перекладывать",
        "перекладываться",
        "перекладывание",
        "перемещать",
        "перемещаться",
        "переместить",
        "перемещение",
        "переносить",
        "перенести",
        "переноситься",
        "перенос",
        "передвигать",
        "передвинуть",
        "передвигаться",
        "перетаскивать",
        "перетащить",
        "двигать",
    }
)


def _on_layout(ty: list[str]) -> bool:
    """A place of the layout named («на столбцах», «в колонках», «в раскладке»): what is built
    there is the layout's building, whatever the verb."""
    return any(
        a in ("ONTO", "IN", "BETWEEN") and b in (*PILES, "PLACE", "DEAL") for a, b in pairwise(ty)
    )


def _run_too(t) -> list[tuple[str, Any]]:
    """«… или группу карт, начинающуюся с короля»: a run goes where its first card may, so
    runs move."""
    ty = types_of(t)
    runs = ("PACKET", "ORDER", "RUN")
    with_all = "WITH" in ty and ty[-1] == "CARD"  # «короля с лежащими на нём картами»
    if with_all or any(a == "OR" and b in runs for a, b in pairwise(ty)):
        return [("build.run", True)]
    if any(a in (*runs, "ROW") and b == "WITH" for a, b in pairwise(x for x in ty if x != "CARD")):
        return [("build.run", True)]  # «ряд с королём (во главе)»: a run named by its first rank
    return []


def _target_after(ty: list[str], direction: str) -> bool:
    """«на другую (карту), (на единицу) старшую»: the comparative set off by a comma after the
    card built on describes that card; «на карту другую, младшую» describes the card put."""
    before = [x for x in ty[: ty.index(direction.upper())] if x != "NUM"]
    if before[-2:] == ["COMMA", "ONTO"]:
        before = before[:-1]  # the measure said first: «, на единицу старшую»
    if before[-1:] != ["COMMA"]:
        return False
    head = before[:-1]
    return any(head[-len(p) :] == p for p in (["ONTO", "W"], ["ONTO", "W", "CARD"]))


class MovesReader(Reader):
    SAYS: ClassVar[dict[str, tuple[str, Any]]] = {
        "build_single": ("build.run", False),
        "suit_different": ("build.suit", "different"),
        "suit_also": ("build.suit", "any"),
        "wrap_round": ("example.wrap", True),
        "run_whatever_on": ("build.run", True),
        "run_fits": ("build.run", True),
        "colour_same": ("build.suit", "same-colour"),
    }

    @over_tokens
    def talon_back(self, t):
        """The talon turned back into the stock, how often not said, or counted after it
        («… два раза»: `turn.back_times`); turned «по одной» again: the cards at a time."""
        ty = types_of(t)
        out: list[tuple[str, Any]] = [("turn.back", True), *stock_out_said(t)]
        if "TIMES" in ty or "MULT" in ty:
            out.append(("turn.back_times", times_said(t)))
        if "BY" in ty:
            out.append(("turn.count", num_at(t, "NUM")))
        return out

    @over_tokens
    def times_back(self, t):
        """«Но так можно делать только один раз»: a count with no act of its own; the
        stock area gives it to the talon turned back in the sentence before."""
        n = times_said(t)
        return [("turn.back_times", n)] if n is not None else []

    @over_tokens
    def marriage_order(self, t):
        ty = types_of(t)
        own = ty[-1] == "SUIT_N" and "AND" in ty  # «… и лишь своей масти»
        return [
            ("build.direction", direction_of(t)),
            *([("suit.same", True)] if own else suit_in(t)),
        ]

    @over_tokens
    def marriage_circles(self, t):
        return [("marry.middle", True)]

    @over_tokens
    def inner_play_only(self, t):
        return [("marry.inner_play_only", True)]

    @over_tokens
    def marriage_from_circle(self, t):
        return [("marry.from_tableau_only", sources_named(t)), *talon_named(t)]

    @over_tokens
    def exile_route(self, t):
        return [("route", True)]

    @over_tokens
    def exchange(self, t):
        return [("exchange", num_at(t, "NUM"))]

    @over_tokens
    def stuck_cond(self, t):
        return [("route.when_stuck", True)]

    @over_tokens
    def unless_fits(self, t):
        return [("route.chain", "not-playable")]

    @over_tokens
    def route_under(self, t):
        return [("route.position", "bottom")]

    @over_tokens
    def route_example(self, t):
        return [("route.by_rank", (num_at(t, "RANK"), num_at(t, "ORD")))]

    @over_tokens
    def until_released(self, t):
        return [("route.chain", "until-released")]

    @over_tokens
    def until_exiles_out(self, t):
        return [("route.repeat", True)]

    @over_tokens
    def build_ranks(self, t):
        first, last = num_at(t, "RANK", -2), num_at(t, "RANK", -1)
        if first == last:
            return []
        return [("build.direction", "up" if last > first else "down"), *suit_in(t)]

    @over_tokens
    def built_from_to(self, t):
        ty = types_of(t)
        first, last = num_at(t, "RANK", -2), num_at(t, "RANK", -1)
        these = [("foundation.anaphor", True)] if "FOUNDATION" in ty else []
        if ty[1:2] == ["RANK"] or ty[1:3] == ["EACH", "RANK"]:  # «на каждый туз …»: on the aces
            base = num_at(t, "RANK")
            return [
                (
                    "foundation.direction",
                    {"base": base, "direction": "up" if last > first else "down"},
                ),
                ("foundation.last", {"base": base, "last": last}),
                *(
                    [("suit.same", True)] if {"SUIT_N", "SAME_SUIT"} & set(ty) else []
                ),  # «его масти»
            ]
        return [
            *these,
            ("example.direction", "up" if last > first else "down"),
            ("example.last", last),
            *suit_in(t),
        ]

    @over_tokens
    def shift_suit(self, t):
        return [("shift.suit", "same")]

    @over_tokens
    def shift_not_from_foundation(self, t):
        return [("shift.not_from_foundation", True)]

    @over_tokens
    def build_alternate(self, t):
        ty = types_of(t)
        same = len(ty) == 3 and ty[1] in ("ONTO", "TO") and ty[0] == ty[2]  # «черная на черную»
        colours = [x for x in ty if x in ("RED", "BLACK")]
        if same or (ty[0] == "ONTO" and len(colours) == 2 and colours[0] == colours[1]):
            return [("build.suit", "same-colour")]  # «на черную карту кладут черную»
        # «красные на черные, в нисходящем порядке», «на черную кладется красная на единицу
        # младше»: the way said with the colours (the comparative is the card put's)
        way = [("build.direction", direction_of(t))] if direction_of(t) else []
        below = [x for x in ty[-3:-1] if x != "CARD"][-1:]
        if ty[0] in ("RED", "BLACK") and ty[-1] in ("UP", "DOWN") and below in (["RED"], ["BLACK"]):
            # «красную кладут на черную на единицу старше»: the card below is the higher,
            # so the building goes down (the comparative right after the card below is its)
            way = [("build.direction", "down" if ty[-1] == "UP" else "up")]
        return [("build.suit", "alternate"), *way]

    @over_tokens
    def not_same(self, t):
        """Not on a card of its colour: colours alternate; not on its suit: another suit."""
        ty = types_of(t)
        colours = [x for x in ty if x in ("RED", "BLACK")]  # «красную карту на красную»
        same_colour = "SAME_COLOUR" in ty or (len(colours) >= 2 and colours[0] == colours[1])
        if "OTHER_SUIT" in ty:  # not on another suit: on its own
            return [("suit.same", True)]
        return [("build.suit", "alternate" if same_colour else "different")]

    @over_tokens
    def not_ranked(self, t):
        """A relation of ranks forbidden is the other one allowed: «нельзя класть старшую
        карту на младшую» (the card put higher: up forbidden, down), «нельзя класть карту на
        карту младше её» (onto a lower card: up forbidden, down); an example, as
        `rank_relation` gives (the foundations' way in a sentence about them)."""
        ways = [x.type for x in t if x.type in ("UP", "DOWN")]
        # two: the card put, then the card it goes onto; one: the card it goes onto (onto a
        # lower one is building up)
        turned = "down" if ways[0] == "UP" else "up"
        return [("example.direction", turned if len(ways) == 2 else ways[0].lower())]

    @over_tokens
    def single_bare(self, t):
        return [("build.run", False)] if num_at(t, "NUM") == 1 else []

    @over_tokens
    def move_between(self, t):
        # «с одного столбца на другой можно переносить и целый ряд карт»: runs too
        ty = types_of(t)
        verb = next(i for i, x in enumerate(ty) if x in ("MOVE", "PUT", "WITH", "FROM"))
        groups = {"PACKET", "ORDER"} & set(ty[:verb])  # «группы карт могут быть перемещены»
        run = [("build.run", True)] if "RUN" in ty or groups else []
        if ty[-2:] == ["BY", "NUM"] or ty[-3:-1] == ["BY", "NUM"]:  # «… по одной»
            run = [("build.run", False)] if num_at(t, "NUM", -1) == 1 else []
        return [("build.between", True), *run]

    @over_tokens
    def contrast_build(self, t):
        return [("build.direction", direction_of(t)), *suit_in(t)]

    @over_tokens
    def rank_either(self, t):
        return [("example.direction", "both")]

    @over_tokens
    def rank_relation(self, t):
        """«младшую карту кладут на старшую»: the card put is lower, building goes down; an
        example, the foundations' way in a sentence about them (`facts._examples`)."""
        ty = types_of(t)
        onto = ty.index("ONTO")
        put = next((i for i, x in enumerate(ty) if x in ("PUT", "MOVE")), onto)
        if onto < put:  # «на старшую кладут младшую»: the card put comes last
            moved = [x for x in ty[put:] if x in ("UP", "DOWN")]
        else:
            moved = [x for x in ty[:onto] if x in ("UP", "DOWN")]
        out: list[tuple[str, Any]] = [("example.direction", moved[0].lower())] if moved else []
        colours = [x.type for x in t if x.type in ("RED", "BLACK")]
        if len(colours) == 2 and colours[0] != colours[1]:
            out.append(("build.suit", "alternate"))
        return out

    @over_tokens
    def onto_ranked(self, t):
        """«положить на карту старше»: onto a higher card, the card put is lower (down);
        «положить карту на единицу младше»: the card put is the one named (down); a colour
        or suit said with it is the building's."""
        ty = types_of(t)
        way = next(x for x in ty if x in ("UP", "DOWN"))
        onto = "ONTO" in ty and ty.index("ONTO") < ty.index(way)
        turn = {"UP": "down", "DOWN": "up"}
        # onto a card (not a foundation) one rank above: the layout's building; the card put
        # named by its rank: an example, the foundations' in a sentence about them
        key = (
            "build.direction" if onto or ty[:3] == ["CARD", "ONTO", "CARD"] else "example.direction"
        )
        if ty[:3] == ["CARD", "ONTO", "CARD"]:
            onto = False  # «карта на карту кладется на единицу младше»: the card put is lower
        at = ty.index(way)
        if onto and at >= 2 and ty[at - 1] == "CARD" and ty[at - 2] != "ONTO":
            # «на карту другого цвета карту на единицу меньше»: a second card, the one put
            onto = False
        out: list[tuple[str, Any]] = [(key, turn[way] if onto else way.lower())]
        if "UP" in ty and "DOWN" in ty:  # «на карту на единицу больше или меньше»: either way
            out = [(key, "both")]
        if "ALT_COLOUR" in ty:  # «на карту другого цвета на единицу старше»
            out.append(("build.suit", "alternate"))
        elif "OTHER_SUIT" in ty:
            out.append(("build.suit", "different"))
        elif "ANY_SUIT" in ty:
            out.append(("suit.any", True))
        if "RUN" in ty:  # «…, вместе со всеми картами, лежащими на ней»
            out.append(("build.run", True))
        return out + suit_in(t)

    @over_tokens
    def deck_taken_by(self, t):
        ty = types_of(t)
        out = [("turn.count", int(t[ty.index("BY") + 1].value))]
        return [("decks", int(t[0].value)), *out] if ty[0] == "NUM" else out

    @over_tokens
    def turn_count(self, t):
        ty = types_of(t)
        one = "ONE_BY_ONE" in ty or "NUM" not in ty  # «открываете следующую карту»: one
        n = 1 if one else num_at(t, "NUM")
        onto_talon = "DEAL" in ty and any(
            a in ("ONTO", "IN") and b == "TALON" for a, b in pairwise(ty)
        )  # «карты сдаются по одной на сброс»: dealt onto the waste, from the stock
        if n == 1 and "TALON" in ty and "DECK" not in ty and not onto_talon:
            return []  # «из сброса берут по одной»: the waste's top card played, no turn
        return [("turn.count", n)]

    @over_tokens
    def no_marriage(self, t):
        return [("marry.none", True)]

    @over_tokens
    def stock_unlimited(self, t):
        """«… сколько угодно раз»; «колоду перебирают по три карты, сколько угодно раз»: the
        cards turned at a time said in the same words."""
        ty = types_of(t)
        at = [t[i + 2] for i in range(len(ty) - 2) if ty[i : i + 3] == ["TURN", "BY", "NUM"]]
        by = [("turn.count", int(at[0].value))] if at else []
        return [*by, ("turn.recycle", "unlimited")]

    @over_tokens
    def talon_recycle(self, t):
        return [("turn.recycle", times_said(t) or 1), *stock_out_said(t)]  # «только раз»: once

    @over_tokens
    def stock_turned(self, t):
        """The stock turned over n times is n turns; gone through («пройти», «просмотреть») n
        times, one more than its turns, unless the first verb turns it over."""
        n = times_said(t) or 1
        verb = next(str(x.value) for x in t if x.type == "TURN")
        return [("turn.recycle", n if verb in _TURNED_OVER else n - 1), *stock_out_said(t)]

    @over_tokens
    def talon_no_recycle(self, t):
        return [("turn.recycle", 0)]

    @over_tokens
    def empty_only_rank(self, t):
        return [("build.empty", ranks_at(t)), *_run_too(t)]

    @over_tokens
    def build_when(self, t):
        """The building a condition on moving from pile to pile states: the rank's way (the
        card moved a step above or below: up, down or both) and, when the suit is named
        matching in it, the same suit."""
        ty = types_of(t)
        cond = ty.index("COND")
        ways = {x for x in ty[cond:] if x in ("UP", "DOWN")}
        out: list[tuple[str, Any]] = [
            ("build.direction", "both" if len(ways) == 2 else "up" if "UP" in ways else "down")
        ]
        same = {"SUIT_N", "SAME_SUIT"} & set(ty[cond:])
        return [*out, ("suit.same", True)] if same else out

    @over_tokens
    def move_way(self, t):
        """«перекладывать карты по убыванию»: building on the layout goes that way; a verb that
        also sends cards to the foundations in the books («сносить», «относить») says nothing
        of the layout."""
        verb = next(x for x in t if x.type in ("MOVE", "PUT", "GATHER"))
        ty = types_of(t)
        way = next(i for i, x in enumerate(ty) if x in ("UP", "DOWN"))
        if _on_layout(ty[:way]):
            # «строить на столбцах … по нисходящей», «на столбцах собирайте … по убыванию»: the
            # layout named as the place; a bare comparative there is a place («в ряд ниже»)
            bare = ty[way - 1] not in ("IN", "BY") and "ORDER" not in ty[way + 1 : way + 2]
            if bare and str(t[way].value) in ("ниже", "выше"):
                return []
            return [("build.direction", direction_of(t)), *suit_in(t)]
        memo = ty[1:3] if ty[0] in ("W", "RULE") else ty[:2]
        if memo in (["PUT", "COLON"], ["PUT", "DASH"]):
            # a memo line of building («правила построения: по убыванию, в масть»): the layout's
            return [("build.direction", direction_of(t)), *suit_in(t)]
        named = ty[1] if ty[0] == "NUM" else ty[0]  # «7 столбцов, строим …», «4 базы, …»
        before = ty[: ty.index(verb.type)]
        count = [int(t[before.index("NUM")].value)] if "NUM" in before else []
        if named in PILES:  # «колонки строятся по убыванию»: the layout's piles
            said = [("tableau.count_said", {"noun": named, "count": n}) for n in count if n > 1]
            return [*said, ("build.direction", direction_of(t)), *suit_in(t)]
        if named == "FOUNDATION":
            way = {"base": None, "direction": direction_of(t)}
            said = [("foundation.count", n) for n in count]
            return [*said, ("foundation.direction", way), *suit_in(t)]
        # «карты раскладки складываются …»: the layout's cards
        if t[0].type == "CARD" and t[1].type in (*PILES, "DEAL"):
            return [("build.direction", direction_of(t)), *suit_in(t)]
        # «строить вниз»: building, on the layout or the foundations as its sentence says
        if str(verb.value).startswith(("строить", "строиться", "построить")):
            return [("example.direction", direction_of(t)), *suit_in(t)]
        if verb.type == "PUT":  # «карты кладут по убыванию»: the layout's or the foundations'
            # a way («в нисходящей линии», «по убыванию», «убывающим порядком»), not a place
            # («кладут ниже столбцов»)
            ty = types_of(t)
            i = next(i for i, x in enumerate(ty) if x in ("UP", "DOWN"))
            way = ty[i - 1] in ("IN", "BY") or "ORDER" in ty[i + 1 : i + 2]
            if not way and str(t[i].value) in ("ниже", "выше", "вниз", "вверх"):
                return []
            return [("example.direction", direction_of(t)), *suit_in(t)]
        if str(verb.value) not in _LAYOUT_MOVES:
            return []
        return [("build.direction", direction_of(t)), *suit_in(t)]

    @over_tokens
    def layout_range(self, t):
        """«… на столбцах одна на другую, от короля к тузу»: the layout built that way."""
        first, last = num_at(t, "RANK", -2), num_at(t, "RANK", -1)
        if first is None or last is None or first == last:
            return []
        return [("build.direction", "down" if first > last else "up")]

    @over_tokens
    def pile_way(self, t):
        """«в колонках карты идут по убыванию»: the layout's building goes that way; «основные
        ряды идут по возрастанию»: the foundations'."""
        if t[0].type == "FOUNDATION":
            return [
                ("foundation.direction", {"base": None, "direction": direction_of(t)}),
                *suit_in(t),
            ]
        return [("build.direction", direction_of(t)), *suit_in(t)]

    @over_tokens
    def if_ranked(self, t):
        """«…, если карта на единицу меньше и другого цвета»: the card moved is lower (down)."""
        ty = types_of(t)
        out: list[tuple[str, Any]] = [("build.direction", "down" if "DOWN" in ty else "up")]
        if "ALT_COLOUR" in ty:
            out.append(("build.suit", "alternate"))
        elif "OTHER_SUIT" in ty:
            out.append(("build.suit", "different"))
        elif "ANY_SUIT" in ty:
            out.append(("suit.any", True))
        return out + suit_in(t)

    @over_tokens
    def if_suited(self, t):
        """«…, если они разного цвета»: the move said before is allowed by the suit or colour
        of the two cards, the suit rule of that move."""
        ty = types_of(t)
        if "ALT_COLOUR" in ty:
            return [("build.suit", "alternate")]
        if "OTHER_SUIT" in ty:
            return [("build.suit", "different")]
        if "SAME_COLOUR" in ty:
            return [("build.suit", "same-colour")]
        if "ANY_SUIT" in ty:
            return [("suit.any", True)]
        return [("suit.same", True)]

    @over_tokens
    def pair_moved(self, t):
        """Two cards of one suit (colour), the lower (higher) one moved onto the other: the
        building's suit and way; said of the layout, the layout's, else an example."""
        ty = types_of(t)
        comma = ty.index("COMMA")
        moved = next(x for x in ty[comma:] if x in ("UP", "DOWN"))
        key = "build.direction" if ty[1] in ("IN", "ONTO") and ty[2] != "W" else "example.direction"
        out: list[tuple[str, Any]] = [(key, moved.lower())]
        if "SAME_SUIT" in ty[:comma]:
            return [*out, ("suit.same", True)]
        suit = {"ALT_COLOUR": "alternate", "OTHER_SUIT": "different", "SAME_COLOUR": "same-colour"}
        return [*out, *(("build.suit", v) for k, v in suit.items() if k in ty[:comma])]

    @over_tokens
    def run_colour(self, t):
        """«карты в последовательностях должны быть одного цвета»: the building's colour or
        suit, said of the cards it lays together."""
        return [("build.suit", "same-colour")] if "SAME_COLOUR" in types_of(t) else suit_in(t)

    @over_tokens
    def build_form(self, t):
        """«в стопках можно составлять последовательности»: building on the layout, its way
        unsaid (a printed default, as for cards moved from pile to pile)."""
        return [("build.between", True)]

    @over_tokens
    def onto_suited(self, t):
        """«… только на карту противоположного цвета»: the building's colours or suits."""
        ty = types_of(t)
        if "ALT_COLOUR" in ty:
            return [("build.suit", "alternate")]
        if "SAME_SUIT" in ty:  # «… только на карту той же масти»: as «той же масти» alone says
            return [("suit.same", True)]
        return [("build.suit", "different" if "OTHER_SUIT" in ty else "same-colour")]

    @over_tokens
    def empty_for_rank(self, t):
        """«пустое место — только для короля», «для короля — пустое место»: that rank alone."""
        return [("build.empty", ranks_at(t))]

    @over_tokens
    def build_onto(self, t):
        ty = types_of(t)
        direction = direction_of(t)
        turn = {"up": "down", "down": "up"}
        if direction in turn:
            before = [x for x in ty[: ty.index(direction.upper())] if x not in ("W", "NUM")]
            if (
                before[-1:] == ["ONTO"]
                or before[-2:] == ["ONTO", "CARD"]
                or _target_after(ty, direction)
            ):
                direction = turn[direction]  # «класть на карту старшую»: onto a higher card, down
        if ty[:2] == ["ONTO", "W"]:  # «на них строят вниз»: on what, the sentence says
            last = [("example.last", num_at(t, "RANK", -1))] if "TO" in ty else []
            return [("example.direction", direction), *last, *suit_in(t)]
        put = ty.index("PUT") if "PUT" in ty else len(ty)
        if ty[put + 1 : put + 3] == ["ANY", "CARD"] and not suit_in(t):
            return [("build.direction", direction), ("suit.any", True)]  # «класть любую карту»
        return [("build.direction", direction), *suit_in(t)]

    @over_tokens
    def sequence_on(self, t):
        ranks = [int(x.value) for x in t if x.type == "RANK"]
        ty = types_of(t)
        out: list[tuple[str, Any]] = []
        step = ranks[1] - ranks[0] if len(ranks) > 1 and "TO" not in ty[:4] else None
        direction = "up" if step in (1, -12) else "down" if step in (-1, 12) else direction_of(t)
        if direction:
            out.append(("example.direction", direction))
        if "TO" in ty:
            out.append(("example.last", int(t[ty.index("TO") + 1].value)))
        return out + suit_in(t)

    @over_tokens
    def passes(self, t):
        ty = types_of(t)
        at = ty.index("TURN") if "TURN" in ty else 0
        if at and ty[at - 1] == "NUM":
            # «три прохода по колоде»: the passes counted by their noun (a verb of turning
            # there, «три перелистывания», says nothing here)
            if str(t[at].value) not in ("проход", "прохождение"):
                return []
            return [("turn.recycle", int(t[at - 1].value) - 1)]
        n = times_said(t) or 1
        # «…, по одной карте»: the cards turned at a time, said after the passes
        at = [t[i + 1] for i in range(len(ty) - 1) if ty[i : i + 2] == ["BY", "NUM"]]
        by = [("turn.count", int(at[-1].value))] if at else []
        # passes through the pack: one more than turns of it
        return [("turn.recycle", n - 1), *by]

    @over_tokens
    def built_to(self, t):
        return [("example.last", num_at(t, "RANK", -1)), *suit_in(t)]

    @over_tokens
    def rank_onto(self, t):
        """A card put on a card, both named (its suit before or after the rank): the way, and
        any suit when two suits are said."""
        ranks = [int(x.value) for x in t if x.type == "RANK"]
        step = ranks[1] - ranks[0]  # target minus the card laid on it
        if t[0].type == "ONTO":  # «на десятку кладется девятка»: the target named first
            step = -step
        # «… на валета или пустое место»: the card may go into a space too, any card there
        space = [("fill.sources", ["talon", "tableau"])] if "EMPTY" in types_of(t) else []
        if set(ranks[:2]) == {1, 13}:  # «на короля можно положить туза»: the ranks go round
            space.append(("example.wrap", True))
        suits = [x.value for x in t if x.type == "SUIT"]
        if len(suits) == 2 and suits[0] != suits[1]:
            # «на бубновую десятку — пиковую девятку»: a red card and a black one alternate,
            # as the colours named do («на красную шестёрку — чёрную пятёрку»); two suits of
            # one colour are not in suit, and say no more
            red = [s in "HD" for s in suits]
            space.append(
                ("example.colours", "alternate") if red[0] != red[1] else ("suit.any", True)
            )
        return (
            [("example.direction", "down")]
            if step == 1
            else ([("example.direction", "up")] if step == -1 else [])
        ) + space

    @over_tokens
    def wrap_follow(self, t):
        ranks = [int(x.value) for x in t if x.type == "RANK"]
        if len(ranks) == 4:
            return [("example.wrap", True)] if _steps_across_join(*ranks) else []
        return [("example.wrap", True)] if set(ranks) == {1, 13} else []

    @over_tokens
    def build_example(self, t):
        ranks = [int(x.value) for x in t if x.type == "RANK"]
        colours = [x.type for x in t if x.type in ("RED", "BLACK")]
        # the card put less the card it goes on: «на черную девятку — красную восьмерку»
        # names the lower card first, «красную девятку — на черную десятку» the card put
        step = ranks[1] - ranks[0] if t[0].type == "ONTO" else ranks[0] - ranks[1]
        out: list[tuple[str, Any]] = []
        if step in (1, -1):
            out.append(("build.direction", "up" if step == 1 else "down"))
        if colours[0] != colours[1]:
            out.append(("build.suit", "alternate"))
        return out

    @over_tokens
    def build_run(self, t):
        ty = types_of(t)
        way = [x for x in ty[ty.index("COND") :] if x in ("UP", "DOWN")] if "COND" in ty else []
        if way:  # «…, если это убывающая последовательность …»: the sequence's way, the building's
            return [("build.run", True), ("build.direction", way[0].lower())]
        return [("build.run", True)]

    @over_tokens
    def reserve_to_foundations(self, t):
        return [("reserve.only_foundations", True)]

    build_move = build_onto

    @over_tokens
    def build_between(self, t):
        """«с колонки на колонку … в нисходящей последовательности»: building on the layout;
        «только по одной»: no runs; «в масть»: in suit."""
        ty = types_of(t)
        out: list[tuple[str, Any]] = [("build.direction", direction_put(t))]
        one = ["ONLY", "BY", "NUM"]
        if any(ty[i : i + 3] == one and int(t[i + 2].value) == 1 for i in range(len(ty))):
            out.append(("build.run", False))
        out += suit_in(t)
        return out

    @over_tokens
    def empty_takes_rank(self, t):
        return [("build.empty", ranks_at(t)), *_run_too(t)]


def _steps_across_join(a: int, b: int, c: int, d: int) -> bool:
    """Two one-rank steps the same way, the first ending where the second's king–ace join
    begins («от дамы к королю, от туза до двойки»): the ranks go round. Not two ranges
    («от туза до короля, от короля до туза») nor steps that meet no join."""
    return {b, c} == {1, 13} and b - a == d - c and abs(b - a) == 1
