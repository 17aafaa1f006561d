"""Layout area: the tableau's groups and how many piles, what is available, the places
beside and at the corners of the foundations, and a group named a reserve."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from pipeline.extract.assemble.foundations import Foundations
from pipeline.extract.assemble.ledger import NOUN_IDS, Cited, Ledger
from pipeline.extract.facts import ROWS_GRID


@dataclass(frozen=True)
class Layout:
    """What the layout area hands on."""

    reserve: tuple[Cited | None, Cited] | None  # (its shape, the naming) or None
    reserve_only: Cited | None  # the only group dealt is a reserve
    of_layout: Callable[[Cited], bool]  # a fact about the layout (not the reserve's)
    shape: Cited | None
    noun: str
    tid: str  # the main tableau group
    tab_ids: tuple[str, ...]
    avail_cits: tuple[Cited, ...]
    sides: tuple[Cited, ...]
    corners: tuple[Cited, ...]
    deal_order: list[str] | None
    wastes: Cited | None  # the talon kept in several waste piles
    cells: Cited | None = None  # piles counted, then holding one card each: cells


def _reserve(led: Ledger) -> tuple[Any, Cited | None, Callable[[Cited], bool]]:
    """A group of piles that only gives cards («это запас», «на столбы ничего не
    кладут»): the group its noun names, or the one its sentence deals, when the text deals
    another group for the layout; or, named in a sentence that deals cards to no group
    («остальные шестнадцать карт раскладывают …: это запас»), one pile of the rest.
    Sets `reserve` (its shape, or None for one pile, and the naming fact) and
    `of_layout`, which leaves the reserve's sentence out of the layout's deal."""
    reserve: tuple[Cited | None, Cited] | None = None
    reserve_only: Cited | None = None
    shapes = led.all("tableau.shape")
    for named in led.all("reserve.named"):
        noun, sid = named.fact.value, named.sentence.id
        mine = [
            c for c in shapes if (c.fact.value["noun"] == noun if noun else c.sentence.id == sid)
        ]
        if not mine and noun is None and not any(c.sentence.id == sid for c in shapes):
            counted = next((c for c in led.all("reserve.cards") if c.sentence.id == sid), None)
            these = None if counted else _named_before(led, named, shapes)
            if these is not None:
                reserve = (these, named)
                break
            if counted and (piles := _counted_for(led, counted)):
                # «Игра начинается со сдачи четырёх карт на резервные стопки», the reserve's
                # piles counted in its entry: those piles, the cards shared among them
                reserve = (piles, named)
                break
            if counted or any(c.sentence.id != sid for c in shapes):
                reserve = (None, named)
                break
            continue
        # another group dealt, or counted in a sentence of its own («Одиннадцать стопок. На
        # каждую сдаётся…»): the reserve is beside the layout, not the layout
        others = [*shapes, *led.all("tableau.count_said")]
        if mine and any(c.sentence.id != mine[0].sentence.id for c in others):
            reserve = (mine[0], named)
            break
        if mine and noun is None:
            reserve_only = named  # the only group dealt: the layout is a reserve
    if reserve is None and reserve_only is None:
        reserve_only = _only_group_reserve(led, shapes)
    if reserve is None and reserve_only is None:
        reserve = _one_pile_apart(led, shapes)
    counted = led.first("reserve.counted")
    if (
        reserve is None
        and reserve_only is None
        and counted
        and not led.first("cells")
        and not _cells_counted(led)
    ):
        # «Четыре стопки под основаниями. Карты из резерва …» (an entry of the reserve in a
        # table of places), «четыре стопки резерва»: piles of their own beside the layout
        reserve = (counted, counted)
    rsids: set[str] = set()
    one_pile = reserve is not None and reserve[0] is None
    if reserve is not None:
        rsids = reserve_sentences(led, reserve[0] or reserve[1])

    def of_layout(c: Cited) -> bool:
        # a reserve of one pile («Резерв из 11 карт и 9 стопок в раскладе»): piles counted
        # beside it in its sentence are the layout's
        return c.sentence.id not in rsids or (one_pile and c.fact.key == "tableau.count_said")

    return reserve, reserve_only, of_layout


# What a sentence dealing to the reserve's piles deals them (not a count of piles).
_ENTRY_DEAL = ("deal.per_pile", "deal.round", "deal.layers")


def reserve_sentences(led: Ledger, shape: Cited) -> set[str]:
    """The sentences that say the reserve: its own, and, for piles counted in an entry of
    the reserve in a table of places («Резервы ⏎ Четыре стопки слева. На каждую стопку
    сдаётся по четыре карты»), the next sentence of the same entry when it deals to each
    of them («на каждую стопку», «на каждый резерв») and counts no piles of its own."""
    sid = shape.sentence.id
    out = {sid} | _dealt_to_reserve(led)
    if shape.fact.key != "reserve.counted":
        return out
    nxt = next((c for c in led.facts if led.sentence_before(c.sentence.id) == sid), None)
    if nxt is None:
        return out
    here, there = shape.sentence, nxt.sentence
    if (here.kind, here.rule, here.para) != (there.kind, there.rule, there.para):
        return out
    mine = [c for c in led.facts if c.sentence.id == there.id]
    if any(c.fact.key in ("tableau.shape", "tableau.count_said") for c in mine):
        return out
    if not any(c.fact.key in _ENTRY_DEAL for c in mine):
        return out
    noun = shape.fact.value.get("noun") if isinstance(shape.fact.value, dict) else None
    if any(c.each & {"RESERVE", str(noun or "RESERVE")} for c in mine):
        out.add(there.id)
    return out


def _dealt_to_reserve(led: Ledger) -> set[str]:
    """Sentences that deal to each of the reserve's piles («на каждую резервную стопку
    сдаётся по три карты», «на каждый резерв …»): the reserve's deal, not the layout's."""
    ids = {c.sentence.id for c in led.all("deal.per_pile")}
    return {c.sentence.id for c in led.facts if c.sentence.id in ids and "RESERVE" in c.each}


def _counted_for(led: Ledger, cards: Cited) -> Cited | None:
    """The reserve's piles counted in an entry of the reserve (`reserve.counted`), in
    another sentence, when the reserve's cards share evenly among them."""
    piles = led.first("reserve.counted", lambda c: c.sentence.id != cards.sentence.id)
    if piles is None or not isinstance(cards.fact.value, int):
        return None
    n = piles.fact.value.get("count") or 0
    return piles if n > 1 and cards.fact.value % n == 0 else None


def _only_group_reserve(led: Ledger, shapes: list[Cited]) -> Cited | None:
    """«Семь стопок справа … В каждой резервной стопке может лежать одна карта»: several
    reserve piles named by the noun of the only group dealt make that group a reserve; so
    do places that only ever hold one card («в каждом углу должна быть всегда только одна
    карта»), where the group is dealt one card each (rows of a grid dealt several cards
    each are not such places, whatever a later sentence says of them)."""
    ones = led.all("reserve.one_card")
    if ones and _dealt_several(led, shapes):
        ones = []
    for each in [*led.all("reserve.each"), *ones]:
        # (the group said again in a later sentence, with its count, is the same group)
        if (
            shapes
            and all(c.fact.value == shapes[0].fact.value for c in shapes)
            and all(c.fact.value["noun"] == each.fact.value for c in shapes)
        ):
            return each
    return None


def _dealt_several(led: Ledger, shapes: list[Cited]) -> bool:
    """Whether the sentences that deal the groups give a pile more than one card (a share or
    rows dealt as rounds)."""
    sids = {c.sentence.id for c in shapes}
    return any(
        c.sentence.id in sids and isinstance(c.fact.value, int) and c.fact.value > 1
        for k in ("deal.per_pile", "deal.round")
        for c in led.all(k)
    )


def _one_pile_apart(led: Ledger, shapes: list[Cited]) -> tuple[Cited, Cited] | None:
    """«отсчитывают двадцать карт и кладут их в одну пачку», and another sentence deals a
    group of several piles: the coherent reading makes the one pile a reserve beside that
    layout (its cards go on), not a layout of one pile that leaves the group undealt. So
    too with no other group read, when its own sentence names it a reserve («…; это
    запасная пачка») or the cards turned go to waste piles of the player's choosing (a game
    with no layout: the one pile only gives cards)."""
    for c in shapes:
        sid = c.sentence.id
        if c.fact.value["count"] != 1:
            continue
        per = next((p for p in led.all("deal.per_pile") if p.sentence.id == sid), None)
        if per is None or per.fact.value < 2:
            continue
        # the other group dealt, or counted where no sentence deals it («Четыре стопки под
        # основаниями. На каждую сдаётся по одной карте»)
        others = [*shapes, *led.all("tableau.count_said")]
        if any(o.sentence.id != sid and (o.fact.value["count"] or 0) > 1 for o in others):
            return (c, c)
        alone = all(o.sentence.id == sid for o in others)
        named = any(n.sentence.id == sid for n in led.all("reserve.named"))
        if alone and (named or led.first("talon.piles")):
            return (c, c)
    return None


def _dealt_next(led: Ledger, sid: str) -> bool:
    """Whether the sentence after `sid` deals one card to each of the places counted before
    it, counting no piles of its own («Во все ячейки сдаётся по карте»)."""
    counts = {c.sentence.id for k in ("tableau.shape", "tableau.count_said") for c in led.all(k)}
    return any(
        c.fact.value == 1
        and c.sentence.id not in counts
        and led.sentence_before(c.sentence.id) == sid
        for c in led.all("deal.per_pile")
    )


def _cells_counted(led: Ledger) -> tuple[Cited, Cited] | None:
    """«Четыре стопки сверху. В каждой может лежать одна карта.»: piles counted (nothing
    dealt into them) in one sentence and holding one card each in the next are cells,
    whatever noun named them: a pile's role is what the text does with it. Piles dealt in
    the sentence before, a card dealt to each in this one or the next, are the layout's; rows are
    rounds of a grid, not one pile each. The count and the cells it becomes (cited on the
    words of «one card each»)."""
    for one in led.all("places.one_card"):
        sid = one.sentence.id
        if one.dealt or any(c.sentence.id == sid for c in led.all("cells")):
            continue
        if _dealt_next(led, sid):
            continue  # «…, в каждой может лежать одна карта. Во все сдаётся по карте.»: dealt
        before = led.sentence_before(sid)
        said = led.all("tableau.count_said")
        # counted in the sentence before, or before it in its own («Четыре стопки слева, в
        # каждой из которых может лежать по одной карте»)
        counted = [c for c in said if c.sentence.id == before] or [
            c for c in said if c.sentence.id == sid and c.fact.end <= one.fact.start
        ]
        if len(counted) != 1:
            continue
        value = counted[0].fact.value
        if not isinstance(value, dict) or value.get("noun") == "ROW":
            continue
        count = value.get("count")
        if isinstance(count, int) and count > 0:
            cells = Cited(replace(one.fact, key="cells", value=count), one.sentence)
            return counted[0], cells
    return None


# Words that open a sentence pointing back at the group just dealt («Это резерв.», «Они
# образуют запас.», «Все они — резерв.»).
_BACK = frozenset({"это", "эти", "они", "все"})


def _named_before(led: Ledger, named: Cited, shapes: list[Cited]) -> Cited | None:
    """«Слева кладут четыре стопки по три карты. Это резерв.»: a sentence that opens with a
    pronoun and names a reserve, dealing nothing itself, names the one group the sentence
    before dealt, when another sentence deals the layout. That group's count, or None."""
    words = named.sentence.modern.split()
    if not words or words[0].lower().strip(",.—-") not in _BACK:
        return None
    before = led.sentence_before(named.sentence.id)
    prev = [c for c in shapes if c.sentence.id == before]
    others = [c for c in shapes if c.sentence.id not in (before, named.sentence.id)]
    return prev[0] if before is not None and len(prev) == 1 and others else None


def _named_foundations(led: Ledger) -> set[str]:
    """«Выкладывают в ряд 7 карт. В этом ряду будут разложены короли — базовые карты.»: a
    group dealt in the sentence before one that names its cards the foundations (an
    anaphor) is the foundations' place, not the layout, when another sentence deals a group
    for the layout. The ids of such sentences."""
    shapes = led.all("tableau.shape")
    out: set[str] = set()
    for named in led.all("foundation.anaphor"):
        here = named.sentence.id
        before = led.sentence_before(here)
        # a group dealt after the anaphor in its own sentence is another («…; под базовым
        # рядом делают выкладку: 4 ряда по 8 карт»)
        later = [c for c in shapes if c.sentence.id == here and c.fact.start > named.fact.end]
        if before is None or any(c.sentence.id == here and c not in later for c in shapes):
            continue
        if any(c.sentence.id == before for c in shapes) and any(
            c.sentence.id not in (before, here) or c in later for c in shapes
        ):
            out.add(before)
    return out


def rows_as_places(facts: list[Cited]) -> list[Cited]:
    """Rows of cards read as columns («четыре ряда по пять карт» in a sentence that names no
    column and lays no card over another: a round of `ROWS_GRID`) in a game with no building
    on the layout («марьяжа не делают»): nothing is ever put on a card of the rows, so each
    is a place of one card, a grid of twenty (a column's cards under its top would wait for
    nothing)."""
    if not any(c.fact.key == "marry.none" for c in facts):
        return facts
    rounds = {
        c.sentence.id: int(c.fact.value)
        for c in facts
        if c.fact.key == "deal.round" and c.fact.island == ROWS_GRID
    }
    out: list[Cited] = []
    for c in facts:
        rows = rounds.get(c.sentence.id)
        if rows is None or c.fact.key not in ("tableau.shape", "deal.round"):
            out.append(c)
        elif c.fact.key == "tableau.shape" and c.fact.value.get("noun") == "ROW":
            n = rows * int(c.fact.value["count"])
            out.append(replace(c, fact=replace(c.fact, value={"noun": "ROW", "count": n})))
            out.append(replace(c, fact=replace(c.fact, key="deal.per_pile", value=1)))
        elif c.fact.key == "tableau.shape":
            out.append(c)
    return out


def layout(led: Ledger, fd: Foundations) -> Layout:
    """The layout: its groups, how many piles, what is available."""
    led.facts = rows_as_places(led.facts)
    reserve, reserve_only, of_reserve = _reserve(led)
    foundations_dealt = _named_foundations(led)

    def of_layout(c: Cited) -> bool:
        return of_reserve(c) and c.sentence.id not in foundations_dealt

    shape = led.first("tableau.shape", of_layout)
    as_cells = _cells_counted(led)
    counted, cells = as_cells if as_cells else (None, None)
    said = led.all("tableau.count_said", lambda c: of_layout(c) and c is not counted)
    if shape is None and said and not led.first("talon.piles"):
        # «Десять стопок под основанием»: the largest group named (not the waste piles)
        shape = max(said, key=lambda c: c.fact.value["count"])
    all_pile = led.first("avail.all")
    tab_ids: list[str] = []
    noun = shape.fact.value["noun"] if shape else "PLACE"
    wastes = led.first("talon.piles")
    if wastes and not shape:
        # the cards turned go to waste piles of the player's choosing and no layout is
        # dealt: there is none
        return Layout(
            reserve=reserve,
            reserve_only=reserve_only,
            of_layout=of_layout,
            shape=shape,
            noun=noun,
            tid="piles",
            tab_ids=tuple(tab_ids),
            avail_cits=(),
            sides=(),
            corners=(),
            deal_order=None,
            wastes=wastes,
            cells=cells,
        )
    count = (shape.fact.value["count"] if shape else None) or 0
    assumed = not 1 <= count <= 52
    if assumed:
        count = 8
    tid = NOUN_IDS.get(noun, "piles")
    layout_shape = (
        "ring" if noun == "CIRCLE" and count != 12 else "clock" if noun == "CIRCLE" else "row"
    )
    avail: dict[str, str] = {"deal": "top", "play": "top"}
    avail_cits = led.all("avail.top")
    sides, corners = led.all("layout.side"), led.all("layout.corner")
    n_found = sum(led.piles[g]["count"] for g in fd.found_ids)
    deal_order: list[str] | None = None
    if sides and corners and count > n_found and len(fd.found_ids) == 2:
        # places beside each foundation card («боком») and at the corners («прямо»): each
        # flank is dealt corner, the places beside its foundation column, corner
        n_corner = count - n_found
        # drawn like the book's figure: the two foundation columns side by side, the places
        # beside them on the outer flanks, a corner above and below each flank
        left, right = (led.piles[g]["count"] for g in fd.found_ids)
        led.piles[fd.found_ids[0]]["layout"] = {"shape": "column", "at": [2, 1]}
        led.piles[fd.found_ids[1]]["layout"] = {"shape": "column", "at": [4, 1]}
        height = max(left, right) + 1
        led.piles["corners"] = {
            "role": "tableau",
            "count": n_corner,
            "available": avail,
            "layout": {
                "positions": [[1, 0], [1, height], [5, 0], [5, height]][:n_corner],
                "orientation": "straight",
            },
        }
        led.piles["sides"] = {
            "role": "tableau",
            "count": n_found,
            "available": avail,
            "adjacent": [
                f"{g}.{i}" for g in fd.found_ids for i in range(1, led.piles[g]["count"] + 1)
            ],
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
        led.cite("piles.sides.adjacent", *sides)
        led.cite("piles.sides.layout", *sides)
        led.cite("piles.corners.layout", *corners)
        led.derive(
            "piles.corners.count",
            shape,
            *corners,
            how=f"the places counted ({count}) less those beside the foundations ({n_found})",
        )
        tid = "sides"
    elif all_pile and all_pile.fact.value == count and count > 1:
        led.piles[tid] = {
            "role": "tableau",
            "count": count - 1,
            "available": avail,
            "layout": {"shape": "row", "at": [0, 2]},
        }
        led.piles["fan"] = {
            "role": "tableau",
            "count": 1,
            "available": "all",
            "layout": {"shape": "point", "at": [count, 2], "fan": "down"},
        }
        tab_ids = [tid, "fan"]
        led.cite("piles.fan.available", all_pile)
        led.derive(
            "piles.fan.count", all_pile, how="the last of the piles counted, all its cards open"
        )
    else:
        lay: dict[str, Any] = {
            "shape": layout_shape,
            "at": [0, 2] if layout_shape == "row" else [6, 6],
        }
        if layout_shape != "row":
            lay["radius"] = 3
        led.piles[tid] = {
            "role": "tableau",
            "count": count,
            "available": avail,
            "layout": lay,
        }
        tab_ids = [tid]
    if assumed:
        led.default(f"piles.{tid}.count", f"{count} tableau piles: no count in the text")
    else:
        led.cite(f"piles.{tid}.count", shape)
    if reserve_only and len(tab_ids) == 1:
        led.piles[tid]["role"] = "reserve"  # no building on it: it only gives cards
        led.cite(f"piles.{tid}.role", reserve_only)
    n_tab = sum(led.piles[t]["count"] for t in tab_ids)
    if all_pile and "fan" not in led.piles:
        led.beyond(
            all_pile,
            all_pile.fact.value,
            n_tab,
            shape,
            "piles: a pile numbered beyond the layout",
        )
    for c in led.all("route.by_rank") + led.all("redeal.gather_between"):
        number = c.fact.value[1] if isinstance(c.fact.value, tuple) else c.fact.value
        led.beyond(c, number, n_tab, shape, "piles: a pile numbered beyond the layout")
    for t in tab_ids:
        if avail_cits:
            led.cite(f"piles.{t}.available", *avail_cits)
        elif led.piles[t]["available"] != "all":
            led.default(f"piles.{t}.available", "only the top card of a pile is available")
    return Layout(
        reserve=reserve,
        reserve_only=reserve_only,
        of_layout=of_layout,
        shape=shape,
        noun=noun,
        tid=tid,
        tab_ids=tuple(tab_ids),
        avail_cits=tuple(avail_cits),
        sides=tuple(sides),
        corners=tuple(corners),
        deal_order=deal_order,
        wastes=wastes,
        cells=cells,
    )
