"""Readers of the goal islands:
the win, the book's claims, references, frames (conditions the spec assumes).

One method per island rule (its name), over the island's tokens; `SAYS` lists the islands
whose every match says the same fact."""

from __future__ import annotations

from itertools import pairwise
from typing import Any, ClassVar

from pipeline.extract.readers.base import Reader, over_tokens
from pipeline.extract.readers.common import CLAIMS, PILES, direction_of, num_at, suit_in, types_of
from pipeline.extract.readers.deck import packs_of
from pipeline.extract.tokens import FACE_UP_WATER

_GVERBS = ("GATHER", "PUT", "MOVE", "DEAL")

_GNOUNS = ("DECK", "FOUNDATION", "PLACE", *PILES)


class GoalReader(Reader):
    SAYS: ClassVar[dict[str, tuple[str, Any]]] = {
        "when_stuck": ("cond.stuck", True),
        "while_progress": ("cond.progress", True),
        "proper_run": ("cond.proper_run", True),
        "nothing_else": ("cond.nothing_else", True),
        "if_fits": ("cond.fits", True),
        "must_fill": ("cond.must_fill", True),
        "foundation_final": ("cond.foundation_final", True),
        "all_dealt": ("cond.all_dealt", True),
        "come_into_play": ("cond.come_into_play", True),
        "fill_then": ("cond.stock_out", True),
        "from_foundation_none": ("cond.foundation_final", True),
        "win_when": ("win.foundations", True),
        "win_cleared": ("win.cleared", True),
    }

    @over_tokens
    def win_face_up(self, t):
        """Every card face up: said by a word of face up, or a verb of turning them all."""
        ty = types_of(t)
        if (
            "FACE_UP" in ty
            or "TURN" in ty
            or any(x.type == "W" and x.value == FACE_UP_WATER for x in t)
        ):
            return [("win.face_up", True)]
        return []

    @over_tokens
    def deal_start(self, t):
        return [("deal.start_top", True)]

    @over_tokens
    def claim(self, t):
        said = [CLAIMS[x.type] for x in t if x.type in CLAIMS]
        if "NEG" in types_of(t):  # «удается не особенно часто», «не редко»
            flip = {"often succeeds": "rarely succeeds", "rarely succeeds": "often succeeds"}
            said = [flip.get(c, c) for c in said]
        return [("claim.difficulty", c) for c in said]

    @over_tokens
    def when_dealt(self, t):
        return [("cond.after_deal", True)]

    @over_tokens
    def talon_top(self, t):
        return [("cond.talon_top", True)]

    @over_tokens
    def stock_out(self, t):
        return [("cond.stock_out", True)]

    @over_tokens
    def pile_emptied(self, t):
        return [("cond.pile_emptied", True)]

    @over_tokens
    def in_order(self, t):
        return [("cond.in_order", True)]

    @over_tokens
    def win_foundations(self, t):
        # «доведены до королей» names the last card; «собраны на тузах до королей», the base too
        ty = types_of(t)
        last = base = None
        for i in range(len(ty) - 1):
            if ty[i] == "TO" and ty[i + 1] == "RANK":
                last = int(t[i + 1].value)
                if ty[i - 2 : i] == ["ONTO", "RANK"]:
                    base = int(t[i - 1].value)
        piles = [  # «… в четыре стопки по мастям»: the foundations, counted, of a suit each
            ("foundation.count", int(t[i + 1].value))
            for i in range(len(ty) - 2)
            if ty[i] in ("IN", "ONTO") and ty[i + 1] == "NUM" and ty[i + 2] in PILES
        ]
        if piles:
            piles += suit_in(t) or [("suit.same", True)]
        return [("win.foundations", True), *piles] + (
            [("foundation.last", {"base": base, "last": last})] if last else []
        )

    @over_tokens
    def clear_goal(self, t):
        """«Очистите семь колонок»: the layout cleared is the win; the piles counted are the
        layout's, as a numeral with a pile noun says alone (`pile_numeral`)."""
        count = num_at(t, "NUM")
        noun = next((x.type for x in t if x.type in PILES), None)
        said = {"noun": noun, "count": count}
        return [("win.cleared", True)] + (
            [("tableau.count_said", said)] if noun and count and count > 1 else []
        )

    @over_tokens
    def rule_ref(self, t):
        return [("ref.rule", [str(x.value) for x in t if x.type == "ROMAN"])]

    @over_tokens
    def all_but(self, t):
        return [("cond.all_but", num_at(t, "NUM"))]

    @over_tokens
    def figure_ref(self, t):
        return [("ref.figure", num_at(t, "NUM"))]

    claim_of = claim

    @over_tokens
    def goal_gather(self, t):
        """«Цель игры — собрать все карты на основаниях»: won when all are on them; «на тузы
        … в масть в возрастающей последовательности»: the foundations' base, suit and way."""
        ty = types_of(t)
        packs: list[tuple[str, Any]] = []
        if "PLACE" in ty and "ALL" not in ty:  # «собрать 104 карты в четыре ячейки»: the packs
            packs = packs_of(num_at(t, "NUM"))
            if not packs:
                return []  # «собрать 13 карт в четыре ячейки»: some cards, not the pack
        out: list[tuple[str, Any]] = [("win.foundations", True), *packs]
        for i in range(len(ty) - 2):  # «собрать четыре стопки одной масти»: how many
            verb, num, noun = ty[i : i + 3]
            # «соберите (на основаниях) четыре масти»: a pile each
            suits = verb in ("GATHER", "FOUNDATION") and noun == "SUIT_N"
            # a run on each: «в основаниях восемь последовательностей», «собрать восемь …»
            runs = (verb == "FOUNDATION" and noun in ("ORDER", "RUN", "PACKET")) or (
                verb in ("GATHER", "PUT") and noun in ("ORDER", "RUN")
            )
            if (
                (verb in (*_GVERBS, "IN", "ONTO") or runs or suits)
                and num == "NUM"
                and (noun in _GNOUNS or suits or runs)
            ):
                out.append(("foundation.count", int(t[i + 1].value)))
                break
        base = None
        if "RANK" in ty and ty[ty.index("RANK") - 1] == "ONTO":
            base = num_at(t, "RANK")
            out.append(("foundation.cards", [base]))
        for i in range(len(ty) - 1):
            if ty[i] == "START" and ty[i + 1] == "RANK" and base is None:  # «начиная с тузов»
                base = int(t[i + 1].value)
                out.append(("foundation.cards", [base]))
        way = direction_of(t)
        for i in range(len(ty) - 3):
            if ty[i : i + 4] == ["FROM", "RANK", "TO", "RANK"]:  # «от туза до короля»
                first, last = int(t[i + 1].value), int(t[i + 3].value)
                way = way or ("up" if last > first else "down")
                base = base or first
                out.append(("foundation.last", {"base": base, "last": last}))
        if base is not None and not any(f[0] == "foundation.last" for f in out):
            ends = [
                int(t[i + 1].value) for i in range(len(ty) - 1) if ty[i : i + 2] == ["TO", "RANK"]
            ]
            if ends and ends[-1] != base:  # «на тузы по мастям до королей»: the base and the end
                way = way or ("up" if ends[-1] > base else "down")
                out.append(("foundation.last", {"base": base, "last": ends[-1]}))
        said = suit_in(t)
        pairs = list(pairwise(ty))
        counted = {("GATHER", "NUM"), ("FOUNDATION", "NUM")} & set(pairs)
        gathered = bool(counted) and ("NUM", "SUIT_N") in pairs
        if not said and (("ALL", "SUIT_N") in pairs or ("EACH", "SUIT_N") in pairs or gathered):
            said = [("suit.same", True)]  # «четыре колоды всех мастей»: a pile for each suit
        out += said
        if way:
            out.append(("foundation.direction", {"base": base, "direction": way}))
        return out
