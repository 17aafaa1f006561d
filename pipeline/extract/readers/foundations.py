"""Readers of the foundations islands:
foundation cards, groups, directions, last cards, ranges, suits.

One method per island rule (its name), over the island's tokens; `SAYS` lists the islands
whose every match says the same fact."""

from __future__ import annotations

from typing import Any

from pipeline.extract.readers.base import Reader, over_tokens
from pipeline.extract.readers.common import PLACES, direction_of, num_at, suit_in, types_of
from pipeline.spec.vocab import card_name

STEPS = {"через один": 2, "через два": 3, "через три": 4}  # ranks skipped + 1


class FoundationsReader(Reader):
    @over_tokens
    def take_rank_first(self, t):
        if t[0].start_pos:  # only the sentence's opening gerund; «затем вынимаются тузы,» is play
            return []
        return [("setup.take", [(None, int(t[1].value))])]  # every card of the rank

    @over_tokens
    def take_cards(self, t):
        ty = types_of(t)
        if ty[:2] == ["RANK", "TAKE"]:  # «короли вынимаются из колоды»: every card of the rank
            return [("setup.take", [(None, int(t[0].value))])]
        items = []
        count = None
        for i, x in enumerate(ty):
            nxt = i + 1  # past a suit or a colour: «одного червонного туза», «двух черных тузов»
            while ty[nxt : nxt + 1] in (["SUIT"], ["RED"], ["BLACK"]):
                nxt += 1
            if x == "NUM" and nxt < len(ty) and ty[nxt] in ("RANK", "CARD"):
                if ty[i - 1 : i] == ["FROM"] or ty[nxt] == "DECK":
                    continue
                count = int(t[i].value)
                rank = int(t[nxt].value) if ty[nxt] == "RANK" else None
                items.append((count, rank))
            elif x == "RANK" and not items and ty[i - 1 : i] not in (["NUM"], ["SUIT"], ["ALL"]):
                count = 1  # «туза, двойку, тройку и четверку»: one of each
                items.append((1, int(t[i].value)))
            elif x == "RANK" and ty[i - 1 : i] == ["SUIT"]:
                continue  # counted with its number
            elif x == "RANK" and ty[i - 2 : i] in (["COMMA", "BY"], ["AND", "BY"]) and count:
                items.append((count, int(t[i].value)))  # «по тузу и по двойке»
            elif x == "RANK" and ty[i - 1 : i] in (["COMMA"], ["AND"]) and count is not None:
                items.append((count, int(t[i].value)))  # «по одному тузу, двойке и тройке»
            elif x == "RANK" and ty[i - 2 : i] == ["COMMA", "FROM"] and "TO" in ty[i:]:
                # «двенадцать карт, от двойки до короля»: one of each rank
                last = int(t[ty.index("TO", i) + 1].value)
                ranks = range(int(t[i].value), last + 1)
                items = [(max(1, (count or 0) // len(ranks)), r) for r in ranks]
            elif x == "RANK" and ty[i - 1 : i] == ["ALL"]:
                items.append((None, int(t[i].value)))  # «всех королей»: every one the packs hold
            elif (
                x == "RANK"
                and ty[i - 1 : i] in (["COMMA"], ["AND"])
                and items[-1:]
                and items[-1][0] is None
            ):
                items.append((None, int(t[i].value)))  # «все тузы и короли»: every one of each
        if ty[-2:] == ["EACH", "SUIT_N"]:  # «по одному тузу каждой масти»: one of each suit
            items = [(None if n is None else 4 * n, r) for n, r in items]
        if not items:
            return []
        out: list[tuple[str, Any]] = [("setup.take", items)]
        for i, x in enumerate(ty):
            if x == "FROM" and ty[i + 1 : i + 3] == ["NUM", "DECK"]:
                out.append(("decks", int(t[i + 1].value)))
        return out

    @over_tokens
    def take_suited(self, t):
        """Cards named with their suits: one of each, and which they are (`setup.cards`)."""
        cards: list[tuple[int, str]] = []
        i = 0
        while i + 1 < len(t):
            pair = {t[i].type: t[i], t[i + 1].type: t[i + 1]}
            if set(pair) == {"RANK", "SUIT"}:  # «туза пик», «червонного туза»
                cards.append((int(pair["RANK"].value), str(pair["SUIT"].value)))
                i += 2
            else:
                i += 1
        ty = types_of(t)
        if ty[-2:] == ["RANK", "SUIT"] and ty.count("SUIT") == 1:  # «даму и валета червей»
            suit = str(t[-1].value)
            cards = [(int(x.value), suit) for x in t if x.type == "RANK"]
        return [
            ("setup.take", [(1, r) for r, _ in cards]),
            ("setup.cards", [card_name(r, s) for r, s in cards]),
        ]

    @over_tokens
    def aside_at_start(self, t):
        return [("setup.take", [(None, num_at(t, "RANK"))])]  # every card of the rank

    @over_tokens
    def foundation_cards(self, t):
        out: list[tuple[str, Any]] = [
            ("foundation.cards", [int(x.value) for x in t if x.type == "RANK"])
        ]
        ty = types_of(t)
        if ty.count("RANK") >= 3 and ty[1] == "COMMA" and "NUM" not in ty:
            # «туз, двойка, тройка и четверка … в базовый ряд»: a card of each, listed one by one
            ranks = out[0][1]
            if len(set(ranks)) != len(ranks):
                return []
            return [("foundation.one_each", ranks), *suit_in(t)]
        counts = [int(t[i].value) for i in range(len(t) - 1) if ty[i : i + 2] == ["NUM", "RANK"]]
        if "TAKE" in ty and "NEG" not in ty:  # «…, которые вынимают заранее»: taken out first
            out.append(("setup.take", [(n, r) for n, r in zip(counts, out[0][1], strict=False)]))
        elif len(counts) == 1:
            out.append(("foundation.count", counts[0]))
        return out

    @over_tokens
    def foundation_anaphor(self, t):
        return [("foundation.anaphor", True)]

    @over_tokens
    def found_counted_as(self, t):
        return [("foundation.count", num_at(t, "NUM")), ("foundation.anaphor", True)]

    @over_tokens
    def foundation_list(self, t):
        ranks = [int(x.value) for x in t if x.type == "RANK"]
        if "TO" in types_of(t) and len(ranks) >= 2:
            ranks = ranks[:-1] + list(range(ranks[-2] + 1, ranks[-1] + 1))
        return [("foundation.ranks", ranks)]

    @over_tokens
    def foundation_order(self, t):
        ty = types_of(t)
        out: list[tuple[str, Any]] = []
        base = None
        lead = 1 if ty[0] in ("ONTO", "IN", "TO") else 0
        if ty[:2] == ["ONTO", "RANK"]:
            base = int(t[1].value)
        elif ty[lead] in PLACES and ty[lead + 1 : lead + 2] == ["RANK"]:
            base = int(t[lead + 1].value)  # «кучки дам», «на стопки тузов»: the piles of a rank
        elif ty[:2] != ["ONTO", "W"]:  # «на них … от двойки»: the base is what «них» names
            for mark in ("FROM", "START"):  # «от короля», «начиная с туза»
                if mark in ty and ty[ty.index(mark) + 1 : ty.index(mark) + 2] == ["RANK"]:
                    base = int(t[ty.index(mark) + 1].value)
        direction = direction_of(t)
        to = next((i for i in range(len(ty) - 1) if ty[i : i + 2] == ["TO", "RANK"]), None)
        last = int(t[to + 1].value) if to is not None else None
        before = t[:to] if to is not None else t
        ranks = [int(x.value) for x in before if x.type == "RANK"]
        if direction is None and len(ranks) >= 2 and ranks[1] - ranks[0] in (1, -1):
            direction = "up" if ranks[1] > ranks[0] else "down"  # «двойки, тройки … до королей»
        whole = {base, last} == {1, 13}
        if direction is None and whole and ("FROM" in ty or ty[:2] == ["ONTO", "RANK"]):
            # «от короля до туза», «на тузы … до короля»: a whole suit, the way the ranks say
            # («от двойки до туза» may go up to an ace above the king: no way read)
            direction = "up" if last == 13 else "down"
        if direction is not None or last is None:  # «по порядку … до королей»: the last alone
            out.append(("foundation.direction", {"base": base, "direction": direction}))
        if last is not None:
            out.append(("foundation.last", {"base": base, "last": last}))
        follow = [("suit.same", True)] if "FOLLOW" in ty else []  # «…, соблюдая масть, до короля»
        return out + (suit_in(t) or follow)

    @over_tokens
    def foundation_sequence(self, t):
        ty = types_of(t)
        ranks = [int(x.value) for x in t if x.type == "RANK"]
        last = int(t[ty.index("TO") + 1].value) if "TO" in ty else None
        step = ranks[1] - ranks[0]
        direction = "up" if step in (1, -12) else "down" if step in (-1, 12) else direction_of(t)
        out: list[tuple[str, Any]] = [
            ("foundation.direction", {"base": ranks[0], "direction": direction})
        ]
        if last is not None:
            out.append(("foundation.last", {"base": ranks[0], "last": last}))
        if "SAME_SUIT" in ty:  # «на туза кладут двойку той же масти»: the suit said with it
            out.append(("suit.same", True))
        return out

    @over_tokens
    def foundation_range(self, t):
        a, b = (int(x.value) for x in t if x.type == "RANK")
        direction = "up" if b > a else "down"
        if t[0].type in ("ONTO", "IN"):  # a place by a generic word: foundations by a whole suit
            if {a, b} != {1, 13}:
                return suit_in(t)
            count = num_at(t, "NUM")
            return [
                ("foundation.direction", {"base": a, "direction": direction}),
                ("foundation.last", {"base": a, "last": b}),
                *([("foundation.count", count)] if count and count > 1 else []),
                *suit_in(t),
            ]
        return [
            ("foundation.direction", {"base": a, "direction": direction}),
            ("foundation.last", {"base": a, "last": b}),
            *suit_in(t),
        ]

    @over_tokens
    def found_way(self, t):
        """«карта на основании … на единицу старше»; «в базовую стопку можно положить только
        туза или карту на единицу больше»: the base named too; a memo «Дома — от короля до
        туза»: the base and, for a whole suit, the way."""
        base = num_at(t, "RANK")
        cards = [("foundation.cards", [base])] if base else []
        said = direction_of(t)
        ranks = {int(x.value) for x in t if x.type == "RANK"}
        if said is None and ranks == {1, 13}:  # «от короля до туза»: a whole suit, that way
            said = "up" if base == 1 else "down"
        elif said is None:
            return cards  # a range that may go round («от двойки до туза») tells no way
        way = {"base": base, "direction": said}
        return [*cards, ("foundation.direction", way), *suit_in(t)]

    @over_tokens
    def waste_both(self, t):
        """A card onto the waste a rank above or below its top, by rank alone: the waste is
        the one foundation, built either way whatever the suit (Golf, Tri Peaks)."""
        return [
            ("foundation.count", 1),
            ("foundation.direction", {"base": None, "direction": "both"}),
            ("suit.any", True),
        ]

    @over_tokens
    def found_both(self, t):
        """A card onto the foundation a rank above or below its top card, by rank alone."""
        return [("foundation.direction", {"base": None, "direction": "both"}), ("suit.any", True)]

    @over_tokens
    def found_count(self, t):
        return [("foundation.count", num_at(t, "NUM"))]

    @over_tokens
    def only_suit(self, t):
        return [("suit.same", True)]

    @over_tokens
    def found_any_base(self, t):
        """A foundation begun with any card, and the way it is built when said with it."""
        way = direction_of(t)
        out: list[tuple[str, Any]] = [("foundation.any_base", True), *suit_in(t)]
        if way:
            out.append(("foundation.direction", {"base": None, "direction": way}))
        return out

    @over_tokens
    def found_step(self, t):
        """«через одну»: ranks two apart (a step of two), «через две»: three."""
        start = [("foundation.cards", [int(t[-1].value)])] if t[-2:][0].type == "START" else []
        return [("foundation.step", STEPS[str(t[0].value)]), *start]

    @over_tokens
    def found_ordinal(self, t):
        """A base for each foundation by its ordinal («на первую … туза, на вторую двойку»):
        the ordinals must run 1, 2, 3 … and the ranks differ, else it is no such list."""
        ords = [int(x.value) for x in t if x.type == "ORD"]
        ranks = [int(x.value) for x in t if x.type == "RANK"]
        if ords != list(range(1, len(ords) + 1)) or len(set(ranks)) != len(ranks):
            return []
        if len(ranks) != len(ords):
            return []
        return [("foundation.one_each", ranks)]

    @over_tokens
    def found_then_next(self, t):
        """The base put on the foundations, then the next rank on it: the way between."""
        base, nxt = (int(x.value) for x in t if x.type == "RANK")
        if abs(base - nxt) != 1:
            return []
        way = "up" if nxt > base else "down"
        return [
            ("foundation.cards", [base]),
            ("foundation.direction", {"base": base, "direction": way}),
            *suit_in(t),
        ]

    @over_tokens
    def foundation_last(self, t):
        return [("foundation.last", {"base": None, "last": num_at(t, "RANK", -1)}), *suit_in(t)]

    @over_tokens
    def foundation_group(self, t):
        ty = types_of(t)
        ranks = [int(x.value) for x in t if x.type == "RANK"]
        last = ranks[-1] if "TO" in ty else None
        start = ranks[1] if "START" in ty and len(ranks) > 1 else None
        return [
            (
                "foundation.group",
                {
                    "count": num_at(t, "NUM"),
                    "base": ranks[0],
                    "row": "top" if "TOP" in ty else "bottom",
                    "start": start,
                    "direction": direction_of(t),
                    "last": last,
                },
            )
        ]

    @over_tokens
    def foundation_sides(self, t):
        """One rank built up where it lies on one side and down on the other: two groups of
        foundations of that base, half its cards each; two ranks are each its own way."""
        at = [i for i, x in enumerate(t) if x.type == "RANK"]  # the two parts' ranks
        ranks = [int(t[i].value) for i in at]
        ways = [direction_of(t[: at[1]]), direction_of(t[at[1] :])]
        if ranks[0] != ranks[1] or ways[0] == ways[1] or "both" in ways:
            return [
                ("foundation.direction", {"base": r, "direction": w})
                for r, w in zip(ranks, ways, strict=True)
            ]
        group = {"count": None, "base": ranks[0], "row": "side", "start": None, "last": None}
        return [("foundation.group", {**group, "direction": w}) for w in ways]

    @over_tokens
    def suit_follow(self, t):
        return [("suit.same", True)]

    @over_tokens
    def foundation_hours(self, t):
        return [("foundation.hours", True)]

    @over_tokens
    def suit_any(self, t):
        return [("suit.any", True)]

    @over_tokens
    def foundations_first(self, t):
        return [("setup.before_play", True)]

    @over_tokens
    def foundation_as_they_come(self, t):
        # «короли и тузы выкладываются в базовый ряд»: every rank named before the verb
        ranks: list[int] = []
        for x in t:
            if x.type == "RANK" and int(x.value) not in ranks:
                ranks.append(int(x.value))
            elif x.type not in ("RANK", "NUM", "COMMA", "AND"):
                break
        out: list[tuple[str, Any]] = [("foundation.cards", ranks or [num_at(t, "RANK")])]
        ty = types_of(t)
        # «восемь тузов выкладываются в основания»: the cards counted are the foundations
        counts = [int(t[i].value) for i in range(len(t) - 1) if ty[i : i + 2] == ["NUM", "RANK"]]
        return [*out, ("foundation.count", counts[0])] if len(counts) == 1 else out

    @over_tokens
    def way_on_rank(self, t):
        ranks = [int(x.value) for x in t if x.type == "RANK"]
        way = direction_of(t)
        out: list[tuple[str, Any]] = [
            ("foundation.direction", {"base": ranks[0], "direction": way})
        ]
        if len(ranks) > 1:
            out.append(("foundation.last", {"base": ranks[0], "last": ranks[1]}))
        return out

    @over_tokens
    def found_start(self, t):
        """«собираются в дома по мастям, начиная с туза»: the base, and the way it implies."""
        base = num_at(t, "RANK", -1)
        out: list[tuple[str, Any]] = [("foundation.cards", [base]), *suit_in(t)]
        if base in (1, 13):
            way = "up" if base == 1 else "down"
            out.append(("foundation.direction", {"base": base, "direction": way}))
        if "LPAR" in types_of(t):  # «основания (их восемь) …»: their count in brackets
            out.append(("foundation.count", num_at(t, "NUM")))
        return out

    @over_tokens
    def foundation_places(self, t):
        return [("foundation.count", num_at(t, "NUM"))]

    @over_tokens
    def rest_same_rank(self, t):
        if any(x.type == "SUCCEED" for x in t):  # «…, как только они выйдут (в игру)»
            return [("foundation.same_rank", True), ("cond.come_into_play", True)]
        return [("foundation.same_rank", True)]

    @over_tokens
    def not_taken(self, t):
        return [("cond.laid_as_they_come", {"rank": num_at(t, "RANK"), "count": None})]

    @over_tokens
    def as_they_come(self, t):
        return [("cond.laid_as_they_come", {"rank": num_at(t, "RANK"), "count": num_at(t, "NUM")})]

    @over_tokens
    def rank_range(self, t):
        ty = types_of(t)
        if ty[0] == "RANK":
            return []  # a list of ranks before it: read by the islands of sequences, or nothing
        ranks = [int(x.value) for x in t if x.type == "RANK"]
        said = {
            "from": ranks[0] if len(ranks) > 1 else None,
            "to": ranks[-1],
            "way": direction_of(t),
        }
        return [("range.to", said)]

    @over_tokens
    def first_foundation(self, t):
        # «это первая основная карта», «стартовой картой в первой базовой стопке», or no
        # ordinal («следующая карта колоды определяет базовый ряд»)
        ords = [int(x.value) for x in t if x.type == "ORD"]
        if t[0].type in ("ORD", "FOUNDATION"):
            # «тринадцатая карта колоды кладётся в основание»; «основания начинаются с карты
            # того достоинства, которое окажется у первой открытой»
            return [("deal.first_foundation", True)]
        return [("deal.first_foundation", True)] if ords[-1:] in ([], [1]) else []

    @over_tokens
    def gather_on(self, t):
        """«на королей собрать все карты в нисходящей последовательности в масть»."""
        base = num_at(t, "RANK")
        out: list[tuple[str, Any]] = [("foundation.cards", [base])]
        out += suit_in(t)
        way = direction_of(t)
        if way:
            out.append(("foundation.direction", {"base": base, "direction": way}))
        return out
