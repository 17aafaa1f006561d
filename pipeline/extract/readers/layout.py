"""Readers of the layout islands: the layout's piles, availability, reserve, cells, places.

One method per island rule (its name), over the island's tokens; `SAYS` lists the islands
whose every match says the same fact."""

from __future__ import annotations

from typing import Any

from pipeline.extract.readers.base import Reader, over_tokens
from pipeline.extract.readers.common import PILES, PLACES, face_of, num_at, pile_noun, types_of

_QUALS = ("W", "FILL", "FACE_UP", "FACE_DOWN")
CELL_NOUNS = ("ячейка", "клетка", "временное поле")  # a place of one card named as a cell
# The layout named as a place by a noun the grammar reads as `DEAL` («в расклад», «на игровое
# поле»), as against a verb of dealing.
_LAYOUT_NOUNS = frozenset({"расклад", "раскладка", "игровой поле"})
_DEALT = ("COLUMN", "PACKET", "CIRCLE", "RAY")  # the piles a layout is dealt into (rows: a grid)


def _rows_total(t, rows_at: int) -> list[tuple[str, Any]]:
    """The cards the rows hold, said before them («сдают двенадцать (из них) карт … в три
    ряда по четыре»): the last numeral before the rows' own, not a share («по четыре карты
    раскладывают в три ряда»). Whether they make a grid, the sentence decides
    (`facts._rows_of`)."""
    ty = types_of(t)
    at = [i for i in range(rows_at) if ty[i] == "NUM" and (i == 0 or ty[i - 1] != "BY")]
    return [("deal.rows_total", int(t[at[-1]].value))] if at else []


class LayoutReader(Reader):
    @over_tokens
    def deal_shape(self, t):
        """«выкладывают ряд из 13 карт»: as many places as cards; but a packet or column
        «из N карт» is one pile holding them («кладут пачку из тринадцати карт»)."""
        n = num_at(t, "NUM")
        noun = pile_noun(t) or "PLACE"
        if noun in ("PACKET", "COLUMN") and "FROM" in types_of(t):
            return [("tableau.shape", {"noun": noun, "count": 1}), ("deal.per_pile", n)]
        return [("tableau.shape", {"noun": noun, "count": n})]

    @over_tokens
    def deal_count(self, t):
        if any(x.type == "PLACE" and x.value == "ячейка" for x in t):
            # «располагаются 4 ячейки …»: cells (one card each) or foundations, never the layout
            return [("places.count", num_at(t, "NUM", -1))]
        ty = types_of(t)
        if ty[0] == "IN" or ty[2:3] == ["FROM"]:
            # the pile said before its cards («в эту (одну) стопку кладётся тринадцать
            # карт»), or the cards counted out of the pack («кладут тринадцать из них в
            # одну пачку»): one pile of them all; piles counted over one, their count alone
            into = ty[0] == "IN"
            piles = (int(t[1].value) if ty[1] == "NUM" else 1) if into else num_at(t, "NUM", -1)
            cards = int(t[ty.index("CARD") - 1].value) if into else int(t[1].value)
            if piles != 1:
                return [("tableau.shape", {"noun": pile_noun(t), "count": piles})]
            out = [("tableau.shape", {"noun": pile_noun(t), "count": 1}), ("deal.per_pile", cards)]
            faces = {f for x in t if x.type in ("FACE_UP", "FACE_DOWN") and (f := face_of(x))}
            return [*out, ("deal.face", faces.pop())] if len(faces) == 1 else out
        if "EACH_OTHER" in ty and ty[:2] == ["NUM", "CARD"]:
            # «тринадцать карт … кладут одна на другую»: one pile of them all, its noun said
            # or not
            out = [
                ("tableau.shape", {"noun": pile_noun(t) or "PACKET", "count": 1}),
                ("deal.per_pile", int(t[0].value)),
            ]
            faces = {f for x in t if x.type in ("W", "FACE_UP", "FACE_DOWN") and (f := face_of(x))}
            return [*out, ("deal.face", faces.pop())] if len(faces) == 1 else out
        count = num_at(t, "NUM", -1)
        out = [("tableau.shape", {"noun": pile_noun(t), "count": count})]
        if count == 1 and "CARD" in ty and ty[ty.index("CARD") - 1] == "NUM":
            # «отсчитывают двенадцать карт и кладут их в одну пачку»: one pile of them all
            out.append(("deal.per_pile", int(t[ty.index("CARD") - 1].value)))
        # «карты раскладываются открытыми в восемь колонок», «… восемь колонок открытых
        # карт»: the face said with the deal
        faces = {f for x in t if x.type in ("W", "FACE_UP", "FACE_DOWN") and (f := face_of(x))}
        return [*out, ("deal.face", faces.pop())] if len(faces) == 1 else out

    @over_tokens
    def deal_all(self, t):
        count = next(
            int(t[i - 1].value)
            for i, x in enumerate(t)
            if x.type in PILES and t[i - 1].type == "NUM"
        )
        out: list[tuple[str, Any]] = [
            ("tableau.shape", {"noun": pile_noun(t), "count": count}),
            ("deal.until_empty", True),
        ]
        faces = {f for x in t if (f := face_of(x))}  # «все карты открытыми», «… лицом вверх»
        return [*out, ("deal.face", faces.pop())] if len(faces) == 1 else out

    @over_tokens
    def avail_until_covered(self, t):
        return [("avail.top", "deal")]

    @over_tokens
    def avail_outer(self, t):
        return [("avail.top", "play")]

    @over_tokens
    def avail_top(self, t):
        return [("avail.top", "any")]

    @over_tokens
    def avail_all(self, t):
        return [("avail.all", num_at(t, "ORD"))]

    @over_tokens
    def numbered_places(self, t):
        return [("places.count", num_at(t, "NUM"))]

    @over_tokens
    def one_card_each(self, t):
        return [("places.one_card", True)] if num_at(t, "NUM", -1) == 1 else []

    @over_tokens
    def side_place(self, t):
        return [("layout.side", num_at(t, "RANK"))]

    @over_tokens
    def corner_place(self, t):
        return [("layout.corner", True)]

    @over_tokens
    def deal_rows(self, t):
        """Cards dealt in rows: their count and lines; a face ending the clause after the line
        and the cards («…в один ряд, открытыми.», «… в ряд лицом вверх.») is the deal's."""
        out = self._rows(t)
        ty = types_of(t)
        end = max((i for i, x in enumerate(ty) if x in ("ROW", "CIRCLE", "CARD")), default=len(ty))
        faces = {f for x in t[end + 1 :] if (f := face_of(x))}
        return [*out, ("deal.face", faces.pop())] if out and len(faces) == 1 else out

    @staticmethod
    def _rows(t):
        ty = types_of(t)
        if "BY" in ty and "ROW" in ty and "NUM" in ty[ty.index("BY") :]:  # R rows of N cards:
            # which are the piles, the sentence says (_rows_of); not «по кругу»
            rows, per = int(t[ty.index("ROW") - 1].value), int(t[ty.index("BY") + 1].value)
            if ty.index("BY") < ty.index("ROW") and per < 2:
                return []  # «по одной карте в три ряда»: how the cards go, not each row's
            if rows == 1:  # «кладут в один ряд по пять штук»: one line of N
                return [("tableau.shape", {"noun": "ROW", "count": per})]
            return [("deal.rows_of", (rows, per)), *_rows_total(t, ty.index("ROW") - 1)]
        if "COLUMN" in ty:  # a row of cards «начинающие собою четыре столбца»: the columns
            return [
                ("tableau.shape", {"noun": "COLUMN", "count": int(t[ty.index("COLUMN") - 1].value)})
            ]
        if "FORM" in ty:  # «N карт, которые составляют ряд»: a row of N
            return [("tableau.shape", {"noun": "ROW", "count": num_at(t, "NUM")})]
        noun = "CIRCLE" if "CIRCLE" in ty else "ROW"
        card = ty.index("CARD")
        n = int(t[card - 1 if ty[card - 1] == "NUM" else card - 2].value)  # N («открытых») cards
        at = ty.index(noun)
        lines = int(t[at - 1].value) if ty[at - 1] == "NUM" else 1
        if ty[0] == "PUT" and ty[at - 2 : at] == ["IN", "NUM"] and lines != 1:
            return []  # «кладут двенадцать карт в два ряда»: read with the sentence, not here
        if lines > 1 and n % lines == 0:  # «сорок карт четырьмя рядами»: R rows of N / R
            return [("tableau.shape", {"noun": noun, "count": n // lines}), ("deal.round", lines)]
        if lines > 1:  # «сорок восемь карт в десять рядов»: ten rows of unequal length
            return [("tableau.shape", {"noun": noun, "count": lines})]
        return [("tableau.shape", {"noun": noun, "count": n})]

    @over_tokens
    def until_released_inner(self, t):
        return [("avail.top", "play")]

    @over_tokens
    def deal_packets(self, t):
        ty = types_of(t)
        heap = max(i for i, x in enumerate(ty) if x in PLACES)
        count = next((int(t[i].value) for i in (heap - 1, heap - 2) if ty[i] == "NUM"), None)
        per = int(t[ty.index("BY") + 1].value)  # «по пять карт»
        card = ty.index("CARD") if "CARD" in ty else 0
        dealt = int(t[card - 1].value) if card and ty[card - 1] == "NUM" else None
        if count is None and dealt and per and not dealt % per:
            count = dealt // per  # «раздают восемь карт, по одной на каждую кучку»: eight
        if ty[0] == "NUM" and per == 1 and str(t[heap].value) in CELL_NOUNS:
            return [("cells", count)]  # «(есть) три ячейки по одной карте»: no deal, cells
        out = [("tableau.shape", {"noun": pile_noun(t), "count": count}), ("deal.per_pile", per)]
        # «по пять открытых карт»: the face of the cards each
        faces = {f for x in t[ty.index("BY") :] if (f := face_of(x))}
        return [*out, ("deal.face", faces.pop())] if len(faces) == 1 else out

    @over_tokens
    def piles_each_dealt(self, t):
        """The piles counted and what each gets, said in a relative clause; a reserve's
        adjective on the noun makes them the reserve."""
        ty = types_of(t)
        # the clause's share, the last «по»: not an aside's («(по четыре с каждой стороны)»)
        at = len(ty) - 1 - ty[::-1].index("BY")
        out: list[tuple[str, Any]] = [
            ("tableau.shape", {"noun": pile_noun(t), "count": int(t[0].value)}),
            ("deal.per_pile", int(t[at + 1].value)),
        ]
        face = face_of(t[-1])
        if face:
            out.append(("deal.face", face))
        if "RESERVE" in ty[:3]:
            out.append(("reserve.named", None))
        return out

    @over_tokens
    def piles_and_last(self, t):
        """N piles by K cards and a last pile of fewer (the cards left): N + 1 piles, K each
        as dealt (the last gets what the pack has left)."""
        nums = [int(x.value) for x in t if x.type == "NUM"]
        count, per = nums[0], nums[1]
        last = nums[2] if len(nums) > 2 else 1  # «одна лишняя карта»: one
        more = 1 if last < per else 0  # a last pile no smaller is no pile of the cards left
        return [
            ("tableau.shape", {"noun": pile_noun(t), "count": count + more}),
            ("deal.per_pile", per),
        ]

    @over_tokens
    def last_card_pile(self, t):
        """The last card laid apart as one more pile: its number, or None for «последняя»
        (`facts._last_card_pile` adds the pile when the number is the one after the piles')."""
        return [("deal.last_pile", num_at(t, "ORD"))]

    @over_tokens
    def deal_into(self, t):
        ty = types_of(t)
        at = next(i for i, x in enumerate(ty) if x == "IN")  # «в десять столбцов»
        out = [("tableau.shape", {"noun": pile_noun(t), "count": int(t[at + 1].value)})]
        if "BY" in ty:  # «…, по четыре карты в каждом»
            out.append(("deal.per_pile", int(t[ty.index("BY") + 1].value)))
        face = next((f for x in t[:at] if (f := face_of(x))), None)
        if face:  # «… двадцать восемь карт рубашкою вверх в семь столбцов»
            out.append(("deal.face", face))
        return out

    @over_tokens
    def reserve_named(self, t):
        if t[0].type == "W" and t[0].start_pos:
            return []  # «как запасная кучка истощится»: a mention, not a naming
        if t[0].type in ("NUM", "ORD") and "NUM" in types_of(t):
            # «(первые) тринадцать карт … составляют резерв»: one pile of N cards
            return [("reserve.named", None), ("reserve.cards", num_at(t, "NUM"))]
        # «в резерв кладут 13 карт», «резерв состоит из 13 карт»
        if t[0].type in ("IN", "ONTO", "RESERVE") and "NUM" in types_of(t):
            return [("reserve.named", None), ("reserve.cards", num_at(t, "NUM"))]
        return [("reserve.named", pile_noun(t))]

    @over_tokens
    def reserve_each(self, t):
        if "CARD" in types_of(t):  # each place holds only one card
            place = next(x for x in t if x.type in PILES or x.type == "PLACE")
            if num_at(t, "NUM") != 1 or str(place.value) in CELL_NOUNS:
                return []  # more cards, or cells by name (their own islands)
            return [("reserve.one_card", place.type)]
        return [("reserve.each", t[-1].type)]

    @over_tokens
    def reserve_none_on(self, t):
        return [("reserve.named", pile_noun(t))]

    @over_tokens
    def per_each_of(self, t):
        per, count = num_at(t, "NUM"), num_at(t, "NUM", -1)
        if t[-1].type == "ROW":  # rows of a grid, or rows as piles: read with the sentence
            return [("deal.rows_of", (count, per))]
        return [("tableau.shape", {"noun": t[-1].type, "count": count}), ("deal.per_pile", per)]

    @over_tokens
    def all_piles(self, t):
        return []

    @over_tokens
    def pile_growing(self, t):
        """«из 8 последовательно возрастающих стопок»: that many piles, one card more (or
        fewer) each: a triangle."""
        at = next(i for i, x in enumerate(t) if x.type == "NUM")
        noun = next(x.type for x in t[at:] if x.type in PILES)
        return [
            ("deal.triangle", True),
            ("tableau.shape", {"noun": noun, "count": int(t[at].value)}),
        ]

    @over_tokens
    def deal_figure(self, t):
        """«сдают пять карт открытыми в виде креста: …»: a pile of one card each."""
        out: list[tuple[str, Any]] = [
            ("tableau.shape", {"noun": "PLACE", "count": num_at(t, "NUM")})
        ]
        face = next((f for x in t[:-2] if (f := face_of(x))), None)
        return [*out, ("deal.face", face)] if face else out

    @over_tokens
    def deal_one_each(self, t):
        """«сдают двадцать карт, по одной на каждое место»: N cards, k to each pile, are N / k
        piles (a count that does not divide says none)."""
        ty = types_of(t)
        n = num_at(t, "NUM")
        per = int(t[ty.index("BY") + 1].value)
        if per < 1 or n % per:
            return []
        noun = next((x for x in reversed(ty) if x in PILES), "PLACE")
        out: list[tuple[str, Any]] = [("tableau.shape", {"noun": noun, "count": n // per})]
        if per > 1:
            out.append(("deal.per_pile", per))
        face = next((f for x in t[: ty.index("BY")] if (f := face_of(x))), None)
        return [*out, ("deal.face", face)] if face else out

    @over_tokens
    def both_sides(self, t):
        """«слева и справа по четыре стопки»: the count said is each side's, the piles twice
        as many; cards per pile as `pile_count` reads them."""
        ty = types_of(t)
        if not any(
            x in PILES for x in ty
        ):  # «… восемь карт, по четыре с каждой стороны»: a card each
            out = [("tableau.shape", {"noun": "PLACE", "count": num_at(t, "NUM")})]
            face = next((f for x in t if (f := face_of(x))), None)
            return [*out, ("deal.face", face)] if face else out
        at = next(i for i, x in enumerate(ty) if x in PILES and "NUM" in ty[:i])
        count = int(next(x for x in reversed(t[:at]) if x.type == "NUM").value)
        per = int(t[ty.index("BY", at) + 1].value) if "BY" in ty[at:] else None
        out: list[tuple[str, Any]] = [("tableau.shape", {"noun": ty[at], "count": 2 * count})]
        return [*out, ("deal.per_pile", per)] if per else out

    @over_tokens
    def pile_numeral(self, t):
        count = num_at(t, "NUM")
        noun = next(x.type for x in t if x.type in PILES)
        if t[1].type == "RESERVE" and not t[1].value and count > 1:
            # «четыре стопки резерва», or an entry of the reserve in a table of places
            # («Резервы ⏎ Четыре стопки слева.»): the reserve's piles, beside the layout (an
            # adjective said, «два резервных столбца», may name the layout's own piles)
            said = {"noun": noun, "count": count}
            return [("tableau.count_said", said), ("reserve.counted", said)]
        return [("tableau.count_said", {"noun": noun, "count": count})] if count > 1 else []

    @over_tokens
    def pile_count_after(self, t):
        """The piles counted by a numeral after their noun: a count said of the layout (as
        `pile_numeral`), with the cards each when «по N карт» follows."""
        nums = [int(x.value) for x in t if x.type == "NUM"]
        if nums[0] < 2:
            return []
        out: list[tuple[str, Any]] = [("tableau.count_said", {"noun": t[0].type, "count": nums[0]})]
        return [*out, ("deal.per_pile", nums[1])] if len(nums) > 1 else out

    @over_tokens
    def cards_into_piles(self, t):
        """«35 карт раскладывают в семь колонок (поровну).»: seven piles; five cards each when
        the cards part evenly (`deal.even_share`, which a triangle or uneven piles said
        elsewhere overrule); «по пять карт раскладывают в семь колонок»: five each."""
        ty = types_of(t)
        nums = [int(x.value) for x in t if x.type == "NUM"]
        cards, piles = nums[0], nums[1]  # the cards are counted first in either order
        if piles < 2:
            return []
        noun = next(x for x in ty if x in ("COLUMN", "PACKET"))
        out: list[tuple[str, Any]] = [("tableau.shape", {"noun": noun, "count": piles})]
        if ty[0] == "BY":  # «по пять карт раскладывают в восемь кучек»: the cards each
            out.append(("deal.per_pile", cards))
        elif cards % piles == 0 and cards > piles:
            out.append(("deal.even_share", cards // piles))
        faces = {f for x in t if (f := face_of(x))}
        return [*out, ("deal.face", faces.pop())] if len(faces) == 1 else out

    @over_tokens
    def layout_total(self, t):
        """«В расклад сдаётся 50 карт»: the cards the whole layout gets (a deal's verb and
        its place are both `DEAL`: the place must be the layout's noun)."""
        if not any(x.type == "DEAL" and x.value in _LAYOUT_NOUNS for x in t):
            return []
        return [("deal.layout_total", num_at(t, "NUM"))]

    @over_tokens
    def talon_piles(self, t):
        return [("talon.piles", num_at(t, "NUM", -1))]

    @over_tokens
    def pile_deal(self, t):
        """A verb, the piles counted and the cards each, in any order: the piles' numeral is
        the one before the pile noun, the other numeral the cards each (one card to each, or
        said before the piles, is a round, not the piles' cards); a face said anywhere in the
        phrase is the deal's."""
        ty = types_of(t)
        at = next(i for i, x in enumerate(ty) if x in _DEALT)
        num = next(i for i in range(at - 1, -1, -1) if ty[i] == "NUM")
        per_at = next(i for i, x in enumerate(ty) if x == "NUM" and i != num)
        per = int(t[per_at].value)
        out: list[tuple[str, Any]] = [
            ("tableau.shape", {"noun": ty[at], "count": int(t[num].value)})
        ]
        # one card to each («кладя по одной карте на каждое место») or said before the piles
        # («сдают по одной в восемь кучек»): how the cards go round, not the piles' cards
        if per > 1 or ("EACH" not in ty and per_at > num):
            out.append(("deal.per_pile", per))
        if "RESERVE" in ty:  # «выкладываются четыре резервные стопки по одной карте»
            out.append(("reserve.named", None))
        faces = {f for x in t if (f := face_of(x))}
        return [*out, ("deal.face", faces.pop())] if len(faces) == 1 else out

    @over_tokens
    def reserve_piles(self, t):
        """«четыре резервные стопки получают по одной карте»: a reserve dealt beside the layout."""
        ty = types_of(t)
        out: list[tuple[str, Any]] = [
            (
                "tableau.shape",
                {"noun": next(x for x in ty if x in _DEALT), "count": num_at(t, "NUM")},
            ),
            ("deal.per_pile", num_at(t, "NUM", -1)),
        ]
        return [*out, ("reserve.named", None)]

    @over_tokens
    def triangle_between(self, t):
        """Piles counted, one card up to as many as the piles (a range, or each pile's cards
        listed 1, 2, … N): a triangle of that many."""
        ty = types_of(t)
        nums = [int(x.value) for x in t if x.type == "NUM"]
        if len(nums) > 3:  # «семь стопок, в которых 1, 2, 3, 4, 5, 6 и 7 карт»
            count, listed = nums[0], nums[1:]
            low, high = (1, count) if listed == list(range(1, count + 1)) else (0, 0)
        else:
            count, low, high = nums if len(nums) == 3 else (nums[-1], *nums)  # count unsaid
        noun = next(x for x in ty if x in PILES)
        if low != 1 or high != count:
            return [("tableau.count_said", {"noun": noun, "count": count})]
        return [("tableau.count_said", {"noun": noun, "count": count}), ("deal.triangle", True)]

    @over_tokens
    def pile_here(self, t):
        """«Сюда сдаётся тринадцать карт»: one pile of that many (a reserve when another
        group is dealt for the layout, `layout._one_pile_apart`)."""
        return [
            ("tableau.shape", {"noun": "PACKET", "count": 1}),
            ("deal.per_pile", num_at(t, "NUM")),
        ]

    @over_tokens
    def triangle_span(self, t):
        """«1…7 карт в столбцах»: one card up to N, a pile each, is a triangle of N piles; a
        range that starts higher («4-5 карт в столбце») says no count."""
        low, high = (int(x.value) for x in t if x.type == "NUM")
        if low != 1 or high < 3:
            return []
        noun = next(x for x in types_of(t) if x in PILES)
        return [("tableau.count_said", {"noun": noun, "count": high}), ("deal.triangle", True)]

    @over_tokens
    def triangle_upto(self, t):
        """«и так до седьмой колонки», «и так далее до седьмого»: the last pile's ordinal
        counts the piles."""
        noun = pile_noun(t) or "PLACE"
        if "NUM" in types_of(t) and num_at(t, "NUM") != num_at(t, "ORD"):
            return []  # «до седьмой, куда кладут восемь карт»: no triangle of the ordinal
        return [("tableau.count_said", {"noun": noun, "count": num_at(t, "ORD")})]

    @over_tokens
    def cells_hold(self, t):
        """Places counted that keep a card for a time: cells (not when they hold more than
        one card each)."""
        ty = types_of(t)
        if "BY" in ty and int(t[ty.index("BY") + 1].value) != 1:
            return []
        if ty[-1] == "CARD" and ty.count("NUM") > 1 and num_at(t, "NUM", -1) != 1:
            return []  # «…, в которые кладут две карты»: more than one card each
        if "HOLD" not in ty and str(t[ty.index("PLACE")].value) not in CELL_NOUNS:
            return []  # «восемь мест по одной карте»: one card each, said of any place
        return [("cells", num_at(t, "NUM"))]

    @over_tokens
    def cells_placed(self, t):
        """Cells named by their noun where they lie («четыре ячейки в левом верхнем углу»)."""
        place = next(x for x in t if x.type == "PLACE")
        return [("cells", num_at(t, "NUM"))] if str(place.value) == "ячейка" else []

    release_below = avail_top

    avail_top_only = avail_top

    avail_uncovered = avail_top

    @over_tokens
    def pile_count(self, t):
        """«на 13 закрытых групп по 4 карты»: how many piles, cards each and their face; rows
        with their cards («6 рядов по 8 карт») are read with the sentence (`deal.rows_of`)."""
        ty = types_of(t)
        # the cards each come after «по» and a number («по кругу» is how they lie)
        end = next((i for i in range(len(ty) - 1) if ty[i : i + 2] == ["BY", "NUM"]), len(ty))
        # the last pile noun with its numeral («в один ряд в 10 колонок»: ten columns)
        at = [
            i
            for i, x in enumerate(ty[:end])
            if x in PILES and ty[i - 1] in ("NUM", "RESERVE", *_QUALS)
        ][-1]
        count_at = next(i for i in range(at - 1, -1, -1) if ty[i] == "NUM")
        count = int(t[count_at].value)
        noun = ty[at]
        # «семь резервных стопок», «резерв составляют семь стопок»: the reserve's piles
        reserve = ty[at - 1] == "RESERVE" or ty[0] == "RESERVE"
        # the cards each: the numeral after the pile noun («по 4 карты», «в каждом ряду пять
        # карт», «в каждую — по 5 карт»)
        per_at = next((i for i in range(at + 1, len(ty)) if ty[i] == "NUM"), None)
        per = int(t[per_at].value) if per_at is not None else None
        if noun == "ROW" and per_at is not None and not {"CARD", "EACH"} & set(ty[per_at:]):
            per = None  # «в восемь рядов, по четыре»: rows of a figure, not each row's cards
        out: list[tuple[str, Any]] = []
        if count == 1 and noun == "ROW" and per and per > 1:
            # «в один ряд по шесть карт»: a line of six cards, as «шесть карт в ряд»
            return [("tableau.shape", {"noun": noun, "count": per})]
        rows_only = (
            count >= 2
            and noun == "ROW"
            and per_at is None
            and ty[at - 2 : at - 1] == ["IN"]
            and t[at - 2].value != "по"
        )
        if rows_only and ty[0] == "DEAL" and not {"PUT", "FORM"} & set(ty):
            # «сдаются в четыре ряда»: no piles of the layout, but as many rounds over piles
            # counted elsewhere (`deal.rows_said`); «по трём рядам» spreads them, deals none
            return [("deal.rows_said", count)]
        if count < 2 or (noun == "ROW" and not per and ty[0] != "NUM"):
            # «один ряд за другим», «положить их в два ряда»: no count of the layout's piles
            return out
        if noun == "ROW" and per:
            out.append(("deal.rows_of", (count, per)))
            out += _rows_total(t, count_at)
        else:
            out.append(("tableau.shape", {"noun": noun, "count": count}))
            if per:
                out.append(("deal.per_pile", per))
        if ("FILL" in ty or "FACE_DOWN" in ty) and "FACE_UP" not in ty:
            out.append(("deal.face", "down"))  # «закрытых», «рубашкой вверх» (open: the usual)
        return [*out, ("reserve.named", None)] if reserve and out else out
