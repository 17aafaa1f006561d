"""Readers of the deal islands: rounds, cards per pile, faces, layers, play while dealing.

One method per island rule (its name), over the island's tokens; `SAYS` lists the islands
whose every match says the same fact."""

from __future__ import annotations

from itertools import pairwise
from typing import Any, ClassVar

from pipeline.extract.readers.base import Reader, over_tokens
from pipeline.extract.readers.common import PILES, face_of, num_at, types_of
from pipeline.extract.readers.layout import CELL_NOUNS
from pipeline.extract.readers.redeal import redeal_count
from pipeline.extract.tokens import CORNER

# what stands before «остальные/следующие» in a deal told round by round
_BEFORE_OTHERS = frozenset({"ONTO", "IN", "COMMA"})


def _next_round(t) -> list[tuple[str, Any]]:
    """The next round dealt when play is stuck, and the piles counted with it («на каждую
    из четырех кучек»)."""
    ty = types_of(t)
    out: list[tuple[str, Any]] = [("deal.next_round", "stuck")]
    for i in range(len(ty) - 2):
        if ty[i : i + 2] == ["FROM", "NUM"] and ty[i + 2] in PILES:
            out.append(("tableau.shape", {"noun": ty[i + 2], "count": int(t[i + 1].value)}))
    return out


def _reserve_counted(t) -> list[tuple[str, Any]]:
    """The reserve's piles counted where a share goes to each of them («на каждую из четырёх
    стопок резерва», «в каждую из трёх резервных колонок», «на все четыре стопки резерва»):
    «каждый» is distributive, the numeral after «из» (or «все») the count of the piles."""
    ty = types_of(t)
    for i in range(len(ty) - 3):
        if (
            ty[i] in ("FROM", "ALL")
            and ty[i + 1 : i + 3] == ["NUM", "RESERVE"]
            and ty[i + 3] in PILES
        ):
            count = int(t[i + 1].value)
            if count > 1:
                return [("reserve.counted", {"noun": ty[i + 3], "count": count})]
    return []


class DealReader(Reader):
    SAYS: ClassVar[dict[str, tuple[str, Any]]] = {
        "deal_triangle": ("deal.triangle", True),
        "triangle_counts": ("deal.triangle", True),
        "face_top_up": ("deal.face", "down-but-last"),
        "face_last_up": ("deal.face", "down-but-last"),
        "face_turned_each": ("deal.face", "down-but-last"),
        "all_in_stock": ("deal.all_in_stock", True),
    }

    @over_tokens
    def row_starts_later(self, t):
        """The N-th row begun at the N-th pile (N ≥ 2): each row one pile further on."""
        ords = [int(x.value) for x in t if x.type == "ORD"]
        return [("deal.triangle", True)] if ords[0] == ords[-1] >= 2 else []

    @over_tokens
    def last_piles_fewer(self, t):
        """Rounds to the last N piles, then the last N − 1: a staircase."""
        a, b = (int(x.value) for x in t if x.type == "NUM")
        return [("deal.triangle", True)] if a == b + 1 and b >= 1 else []

    @over_tokens
    def rounds_but_first(self, t):
        """A round to every pile but the first, then on («и так далее», «кроме первых двух»):
        a staircase. One card each round only (a share of more is no staircase)."""
        shares = [int(t[i + 1].value) for i in range(len(t) - 1) if t[i].type == "BY"]
        return [("deal.triangle", True)] if shares == [1] else []

    @over_tokens
    def last_pile_holds(self, t):
        return [("deal.last_holds", num_at(t, "NUM"))]

    @over_tokens
    def deal_round(self, t):
        return [("deal.round", max(int(x.value) for x in t if x.type == "ORD"))]

    @over_tokens
    def deal_per_pile(self, t):
        out: list[tuple[str, Any]] = [("deal.per_pile", num_at(t, "NUM"))]
        ty = types_of(t)
        # «на каждую резервную стопку …»: several reserve piles, as `reserve_each` says them
        out += [("reserve.each", b) for a, b in pairwise(ty) if a == "RESERVE" and b in PILES]
        faces = {f for x in t if (f := face_of(x))}
        return [*out, ("deal.face", faces.pop())] if len(faces) == 1 else out

    @over_tokens
    def deal_more(self, t):
        return [("deal.more", num_at(t, "NUM"))]

    @over_tokens
    def one_each_round(self, t):
        ty = types_of(t)
        one = int(t[ty.index("BY") + 1].value) == 1
        return [("deal.one_each", True)] if one else []

    @over_tokens
    def deal_until_empty(self, t):
        return [("deal.until_empty", True)]

    @over_tokens
    def count_while_dealing(self, t):
        return [("count.deal", True)]

    @over_tokens
    def exile_replace(self, t):
        return [("count.replace", True)]

    @over_tokens
    def corner_anywhere(self, t):
        return [("deal.corners_anywhere", True)]

    @over_tokens
    def side_adjacent(self, t):
        return [("deal.sides_adjacent", True)]

    @over_tokens
    def shift_after_deal(self, t):
        return [("shift.after_deal", True)]

    @over_tokens
    def deal_order_kept(self, t):
        return [("deal.keep_order", True)]

    @over_tokens
    def next_round_stuck(self, t):
        return _next_round(t)

    @over_tokens
    def stock_rows(self, t):
        """The stock dealt a row when the player asks (a click, «добавить по карте в каждый
        столбец»): the next round, read as the rows dealt when play is stuck; a row to each
        of the reserve's piles («на каждую из резервных стопок») is the reserve's."""
        ty = types_of(t)
        if any(a == "RESERVE" and b in PILES for a, b in pairwise(ty)):
            return [("deal.reserve_rows", True), *_reserve_counted(t)]
        return _next_round(t)

    stock_by_rows = next_round_stuck

    @over_tokens
    def stock_deals(self, t):
        """The stock counted in deals (a noun: «раздач», «сдач»), two or more, each a row dealt
        when play is stuck; a share of cards with them is each row's. Redeals counted
        («пересдач») are read as `redeal_count` reads them."""
        at = types_of(t).index("DEAL")
        if str(t[at].value).startswith("пере"):
            return redeal_count(t[at - 1 : at + 1])  # «из колоды … две пересдачи»: redeals
        if str(t[at].value) not in ("раздача", "сдача") or int(t[at - 1].value) < 2:
            return []
        ty = types_of(t)
        cards = [int(t[i].value) for i in range(at - 1) if ty[i : i + 2] == ["NUM", "CARD"]]
        stock = [("stock.cards", cards[0])] if ty[0] in ("IN", "FROM") and cards else []
        return [*stock, ("deal.next_round", "stuck")]

    @over_tokens
    def stock_cards_rows(self, t):
        """The stock's cards counted, and dealt a round onto the piles."""
        return [("stock.cards", num_at(t, "NUM")), ("deal.next_round", "stuck")]

    @over_tokens
    def rank_during_deal(self, t):
        return [("deal.play_rank", num_at(t, "RANK"))]

    @over_tokens
    def play_if_suitable(self, t):
        return [("play.during_deal", True)]

    @over_tokens
    def face_first_down(self, t):
        # the count read by the deal (two steps); the one-step reading where it cannot be split
        return [("deal.face", "down-but-last"), ("deal.face_first", num_at(t, "NUM"))]

    @over_tokens
    def face_first_piles(self, t):
        """«в первых четырёх колонках по три карты лежат рубашкой вверх»: some piles' bottom
        cards face down; no fact the spec can state (and no count of the layout)."""
        return []

    @over_tokens
    def face_only_top(self, t):
        """«в каждой стопке открыта только верхняя карта»: the deal face down but the top card;
        said with no participle of opening, the top card alone is available."""
        if any(face_of(x) == "up" for x in t):
            return [("deal.face", "down-but-last")]
        return [("avail.top", "any")]

    @over_tokens
    def face_all(self, t):
        """Every card dealt with one face, or the top card of each pile face up."""
        if t[0].type in ("TOP", "LAST", "BOTTOM"):
            said = any(x.type in ("FACE_UP", "FACE_DOWN", "FILL") for x in t)
            if not said and not any(face_of(x) == "up" for x in t):
                return []  # «верхние карты каждой стопки играют»: no face said
            return [("deal.face", "down-but-last")]
        face = next(x.type for x in reversed(t) if x.type in ("FACE_UP", "FACE_DOWN"))
        return [("deal.face", "up" if face == "FACE_UP" else "down")]

    @over_tokens
    def face_down_then_top(self, t):
        """«первые карты закрыты, последняя открыта»: down but the last, when the last word
        opens it; counted by face («из них четыре закрыты и одна открыта»), one card open."""
        if t[0].type == "FROM" and int(t[-3].value) != 1:
            return []
        if face_of(t[-2]) == "up":
            return [("deal.face", "down-but-last")]
        return []

    @over_tokens
    def face_top_each(self, t):
        """«у каждой стопки открыта верхняя карта»: the deal face down but the top card; no
        word of opening, no face said."""
        if any(face_of(x) == "up" for x in t):
            return [("deal.face", "down-but-last")]
        return []

    @over_tokens
    def count_list(self, t):
        """Each pile's cards listed. One card more or fewer each pile is a triangle; a list
        going down to one card is whole (the number of piles), one going up may stop at «и
        так далее»."""
        # a numeral before a pile noun is the pile's place in the list («1 ряд — 5 карт»)
        index = {i for i, (x, y) in enumerate(pairwise(t)) if x.type == "NUM" and y.type in PILES}
        counts = [int(x.value) for i, x in enumerate(t) if x.type == "NUM" and i not in index]
        ords = [int(x.value) for i, x in enumerate(t) if x.type == "ORD" or i in index]
        if len(counts) >= 2 and counts == ords and counts[0] == 1:
            return [("deal.triangle", True)]  # «в первом — 1, во втором — 2, в седьмом — 7»
        if any(x.type == "LAST" for x in t) and counts[:1] == ords[:1] == [1] and len(counts) == 2:
            # «в первой колонке одна карта, в последней — семь»: one more each pile
            noun = next((x.type for x in t if x.type in PILES), "PACKET")
            return [("deal.triangle", True), ("tableau.shape", {"noun": noun, "count": counts[1]})]
        if sorted(counts) != list(range(1, len(counts) + 1)) or len(counts) < 2:
            return self._listed(t, counts)
        out: list[tuple[str, Any]] = [("deal.triangle", True)]
        if counts[0] > counts[-1]:
            noun = next((x.type for x in t if x.type in PILES), "PACKET")
            out.append(("tableau.shape", {"noun": noun, "count": len(counts)}))
        return out

    @over_tokens
    def count_dashes(self, t):
        """«раздача: 6-6-6-6-5-5-5-5-5-5»: each pile's cards in order. One card more each pile
        from one is a triangle; the first piles more than the rest, uneven; all alike,
        that many piles of that many."""
        counts = [int(x.value) for x in t if x.type == "NUM"]
        noun = next((x.type for x in t if x.type in PILES), "PACKET")
        return self._each_pile(counts, noun)

    @over_tokens
    def count_commas(self, t):
        """«в 7 стопок: 1, 2, 3, 4, 5, 6, 7 карт»: the piles counted, then each one's cards;
        read as `count_dashes` when the list is as long as the count."""
        piles, *counts = (int(x.value) for x in t if x.type == "NUM")
        noun = next(x.type for x in t if x.type in PILES)
        if len(counts) != piles:  # a list cut short: the piles dealt, as `pile_count` reads
            return [("tableau.shape", {"noun": noun, "count": piles})]
        return self._each_pile(counts, noun)

    @staticmethod
    def _each_pile(counts: list[int], noun: str) -> list[tuple[str, Any]]:
        """Each pile's cards in order: one card more each pile from one is a triangle; the first
        piles more than the rest, uneven; all alike, that many piles of that many."""
        shape = ("tableau.shape", {"noun": noun, "count": len(counts)})
        if counts == list(range(1, len(counts) + 1)):
            return [("deal.triangle", True), shape]
        if len(set(counts)) == 1:
            return [shape, ("deal.per_pile", counts[0])]
        first = next(i for i, c in enumerate(counts) if c != counts[0])
        rest = counts[first:]
        if len(set(counts[:first])) == 1 and len(set(rest)) == 1 and counts[0] > rest[0]:
            more = {"first": first, "more": counts[0], "rest": rest[0]}
            return [shape, ("deal.uneven", more)]
        return []

    @staticmethod
    def _listed(t, counts: list[int]) -> list[tuple[str, Any]]:
        """A list that is no triangle. Every pile the same: that many piles of that many cards
        (rows: the rounds of a grid, `deal.rows_of`). Rows of different lengths («1 ряд — 5
        карт, 2 ряд — 6 карт, 3 ряд — 5 карт») are no grid: when each is longer than there
        are rows, they are lines of cards lying apart, one pile of one card each; a longer
        list of short rows is piles («ряд» as a column) of counts the deal cannot state, as
        are piles of different counts of any other noun: nothing."""
        noun = next((x.type for x in t if x.type in PILES), "PACKET")
        if len(set(counts)) == 1:
            if noun == "ROW":
                return [("deal.rows_of", (len(counts), counts[0]))]
            return [
                ("tableau.shape", {"noun": noun, "count": len(counts)}),
                ("deal.per_pile", counts[0]),
            ]
        if noun == "ROW" and min(counts) > len(counts):
            return [("tableau.shape", {"noun": noun, "count": sum(counts)}), ("deal.per_pile", 1)]
        return []

    @over_tokens
    def face_said(self, t):
        """«все карты лицом вверх», «все карты открыты» (water saying nothing: no fact)."""
        face = face_of(t[-1] if t[-1].type not in ("STOP", "SEMI") else t[-2])
        return [("deal.face", face)] if face else []

    @over_tokens
    def layer_face(self, t):
        return [("deal.layer", {"rounds": 1, "face": face_of(t[0])})]

    @over_tokens
    def layer_counts(self, t):
        """Each layer's cards and face in the order said: the faces of the rounds."""
        return [counted_layers(t)]

    @over_tokens
    def layer_on(self, t):
        """One more layer: its rounds (a row, «два ряда по десяти», «по две карты») and face."""
        ty = types_of(t)
        face = next((f for x in reversed(t) if (f := face_of(x))), None)
        if face is None:
            return []
        rounds = 1
        for i, x in enumerate(ty):
            if x == "NUM" and ty[i + 1 : i + 2] in (["ROW"], ["CIRCLE"]):
                rounds = int(t[i].value)  # «два ряда по десяти»
                break
            if x == "BY" and ty[i + 1 : i + 3] == ["NUM", "CARD"]:
                rounds = int(t[i + 1].value)  # «еще по две карты»: two more layers
                break
        return [("deal.layer", {"rounds": rounds, "face": face})]

    @over_tokens
    def layer_faces(self, t):
        """The face of each layer named by its place («первый ряд открытыми, второй
        закрытыми»), and whether it goes on alternating («и так попеременно»)."""
        at: dict[int, str] = {}
        pending: list[int] = []
        for x in t:
            if x.type == "ORD":
                pending.append(int(x.value))
            elif pending and (face := face_of(x)):
                at.update(dict.fromkeys(pending, face))
                pending = []
        if not at:
            return []
        faces = [at[k] for k in sorted(at)]
        # «…, и так далее», «и т. д.» after faces that alternate: they go on alternating
        etc = t[-1].type == "W" and not face_of(t[-1]) and not pending
        turns = all(a != b for a, b in pairwise(faces)) and len(faces) > 1
        alternate = "ALTERNATE" in types_of(t) or (etc and turns)
        return [("deal.layer", {"at": at, "alternate": alternate})]

    @over_tokens
    def deal_first_up(self, t):
        """One card up on a pile and one down on each of the others, round after round: a
        triangle whose piles show their last card; the first round counts the piles (the
        first and «the other six»)."""
        if not any(face_of(x) == "up" for x in t):
            return []  # «открытая» unsaid: not this deal
        out: list[tuple[str, Any]] = [("deal.triangle", True), ("deal.face", "down-but-last")]
        ty = types_of(t)
        first = next(
            int(t[i].value) for i in range(len(ty) - 1) if ty[i] == "ORD" and ty[i + 1] in PILES
        )
        # «на остальные шесть», «, следующие шесть»: the numeral after the others' word
        others = next(
            (
                int(t[i + 1].value)
                for i in range(1, len(ty) - 1)
                if ty[i] in ("W", "FOLLOW") and ty[i + 1] == "NUM" and ty[i - 1] in _BEFORE_OTHERS
            ),
            None,
        )
        if first == 1 and others:
            noun = next((x for x in ty if x in PILES), "PACKET")
            out.insert(0, ("tableau.count_said", {"noun": noun, "count": others + 1}))
        return out

    @over_tokens
    def layer_rows(self, t):
        """Rows dealt over the piles, each row a layer of one card a pile: the cards each pile
        gets and each layer's face («два ряда рубашками вверх и ряд лицом вверх»)."""
        at: dict[int, str] = {}
        count = 1
        for x in t:
            if x.type == "NUM":
                count = int(x.value)
            elif face := face_of(x):
                at.update(dict.fromkeys(range(len(at) + 1, len(at) + count + 1), face))
                count = 1
        return [("deal.per_pile", len(at)), ("deal.layer", {"at": at, "alternate": False})]

    @over_tokens
    def first_most(self, t):
        """«Первые 3 стопки содержат по 7 карт»: the first piles and their cards, the most
        any pile gets when a staircase is said apart; an ordinal other than «первые» says
        which piles, not how many from the start: nothing."""
        if int(t[0].value) != 1:
            return []
        nums = [int(x.value) for x in t if x.type == "NUM"]
        return [("deal.first_most", {"first": nums[0], "more": nums[1]})]

    @over_tokens
    def deal_first_only(self, t):
        """«на первые тринадцать сдаётся по четыре карты»: the first piles get the cards and
        the others none (the piles counted elsewhere); an ordinal other than «первые» says
        which piles, not how many from the start: nothing."""
        if next(int(x.value) for x in t if x.type == "ORD") != 1:
            return []
        nums, faces = summed_layers(t)
        out: list[tuple[str, Any]] = [
            ("deal.uneven", {"first": nums[0], "more": nums[1], "rest": 0})
        ]
        if faces or t[-1].type in ("FACE_UP", "FACE_DOWN"):
            out.append(("deal.face", faces[0] if faces else face_of(t[-1])))
        return out

    @over_tokens
    def deal_uneven(self, t):
        """«в первых четырёх по 6 карт, в остальных по 5»: the first piles, their cards, the
        others' cards."""
        nums, faces = summed_layers(t)
        rest = nums[-1]
        if t[1].type == "EACH":  # each pile's share first, then the first piles' («верхние»)
            each, first, more = nums[0], nums[1], nums[2]
            # a share less than each one's is laid on top of it («ещё по одной»), a greater
            # one is those piles' cards («а на первые две — по шесть»)
            more = each + more if more <= each else more
            out = [("deal.uneven", {"first": first, "more": more, "rest": each})]
            return out + ([("deal.face", faces[0])] if faces and len(set(faces)) == 1 else [])
        if t[0].type == "BY":  # the cards said first: «по шесть карт … в первые четыре, по
            nums[0], nums[1] = nums[1], nums[0]  # пять — в остальные шесть»
            rest = nums[2]
            nums[2], nums[-1] = nums[-1], nums[2]
        out: list[tuple[str, Any]] = [
            ("deal.uneven", {"first": nums[0], "more": nums[1], "rest": rest})
        ]
        if len(nums) == 4:  # «…, в оставшихся шести — по 5»: the other piles counted too
            noun = next((x.type for x in t if x.type in PILES), "PACKET")
            out.insert(0, ("tableau.shape", {"noun": noun, "count": nums[0] + nums[2]}))
        if faces and len(set(faces)) == 1:  # each group down but its last card, or all alike
            out.append(("deal.face", faces[0]))
        return out

    @over_tokens
    def deal_layered(self, t):
        """Each pile's share said as two layers: their sum, and each layer's cards and face
        in the order said (as `layer_counts` reads them)."""
        nums, _ = summed_layers(t)
        return [("deal.per_pile", nums[0]), counted_layers(t)]

    @over_tokens
    def triangle_range(self, t):
        """One card in the first pile up to N in the last: a triangle (a range that starts
        higher says no triangle)."""
        return [("deal.triangle", True)] if num_at(t, "NUM") == 1 else []

    @over_tokens
    def cells_dealt(self, t):
        ty = types_of(t)
        place = str(t[ty.index("PLACE")].value)
        cards, places = num_at(t, "NUM"), num_at(t, "NUM", -1)
        if place == CORNER and "ORD" not in ty and "BY" not in ty and cards == places != 1:
            # «четыре карты кладут в четырёх углах»: corners counted are the layout's places
            # (`tokens._counted_corners`), a card each, as «располагают в четырёх углах» is
            return [("tableau.shape", {"noun": "PLACE", "count": places}), ("deal.per_pile", 1)]
        if "ORD" not in ty and "BY" not in ty and place not in CELL_NOUNS:
            return []  # «четыре карты кладут на свободные места»: places, not cells by name
        if "BY" in ty and ty[ty.index("BY") + 1] == "NUM" and num_at(t, "NUM", -1) != 1:
            return []  # «по две карты» on each: no cell holds two
        if "FROM" in ty and "ORD" not in ty:  # «в четыре из восьми свободных ячеек»: of eight
            return [("cells.dealt", num_at(t, "NUM")), ("cells", places)]
        return [("cells.dealt", num_at(t, "NUM"))]

    @over_tokens
    def played_as_they_come(self, t):
        return [("play.as_they_come", num_at(t, "RANK"))]

    @over_tokens
    def play_after_row(self, t):
        return [("play.after_row", True)]


def counted_layers(t: list) -> tuple[str, Any]:
    """`deal.layers`: each layer's cards and face in the order said (a count, then its face)."""
    faces: list[str] = []
    count = 0
    for x in t:
        if x.type == "NUM":
            count = int(x.value)
        elif (face := face_of(x)) and x.type in ("FACE_DOWN", "FACE_UP"):
            faces += [face] * count
    return ("deal.layers", {"faces": tuple(faces), "alternate": False})


def summed_layers(t: list) -> tuple[list[int], list[str]]:
    """The numbers of an island with each count said as two layers («по пять карт лицом
    вниз и по одной лицом вверх», grammar `_layer`) summed into one (6), and the face each
    such pair gives the pile: the last layer of one card up over cards down is
    `down-but-last`; two layers of one face are that face; anything else says no face."""
    nums: list[int] = []
    faces: list[str] = []
    ty = [x.type for x in t]
    i = 0
    while i < len(t):
        if ty[i] != "NUM":
            i += 1
            continue
        j = i + 1 + (ty[i + 1 : i + 2] == ["CARD"])
        first = ty[j] if j < len(ty) else None
        k = j + 2 + (ty[j + 2 : j + 3] == ["BY"]) if first in ("FACE_DOWN", "FACE_UP") else -1
        if 0 < k < len(ty) and ty[j + 1] == "AND" and ty[k] == "NUM":
            m = k + 1 + (ty[k + 1 : k + 2] == ["CARD"])
            last = ty[m] if m < len(ty) else None
            if last in ("FACE_DOWN", "FACE_UP"):
                second = int(t[k].value)
                nums.append(int(t[i].value) + second)
                if first == last:
                    faces.append("down" if first == "FACE_DOWN" else "up")
                elif first == "FACE_DOWN" and second == 1:
                    faces.append("down-but-last")
                else:
                    faces.append("mixed")
                i = m + 1
                continue
        nums.append(int(t[i].value))
        i += 1
    return nums, [f for f in faces if f != "mixed"] if "mixed" not in faces else []
