"""Islands -> facts: what each recognised island says about the game, as plain values.

A `Fact` is a small semantic statement (`foundation.direction = up`) tied to the words that
say it. Facts are independent of the spec layout; `assemble.py` turns them into spec fields.
One reader function per island rule of the grammar (`grammar/*.lark`); a rule without a
reader is a grammar error caught by the tests.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Any

from lark import Token, Tree

from pipeline.extract.islands import Clause, parse_sentence
from pipeline.extract.tokens import FACE_UP_WATER, MARKERS, Tok
from pipeline.spec.vocab import card_name


@dataclass(frozen=True)
class Fact:
    key: str
    value: Any
    island: str
    start: int  # character range in the modern sentence
    end: int
    words: tuple[int, int]  # word range in the sentence (same in both spellings)


def _at(t: Token) -> int:
    """A clause token's index in its clause (`islands._stream` numbers every token)."""
    assert t.start_pos is not None
    return t.start_pos


def _tokens(tree: Tree | Token) -> list[Token]:
    if isinstance(tree, Token):
        return [tree]
    return [t for t in tree.scan_values(lambda v: isinstance(v, Token))]


def _num(toks: list[Token], type_: str, nth: int = 0) -> int | None:
    vals = [int(t.value) for t in toks if t.type == type_]
    return vals[nth] if -len(vals) <= nth < len(vals) else None


def _types(toks: list[Token]) -> list[str]:
    return [t.type for t in toks]


_PILES = ("PACKET", "CIRCLE", "RAY", "ROW", "COLUMN")


def _pile_noun(toks: list[Token]) -> str | None:
    for t in toks:
        if t.type in (*_PILES, "PLACE"):
            return t.type
    return None


def _direction(toks: list[Token]) -> str | None:
    ty = _types(toks)
    if "UP" in ty and "DOWN" in ty:
        return "both"
    return "up" if "UP" in ty else "down" if "DOWN" in ty else None


# the kind of pile a noun names: колода, талон, ссыльные, and the layout's piles
_KIND_OF = {"DECK": "stock", "HAND": "stock", "TALON": "talon", "EXILE": "reserve"}
_KIND_OF["RESERVE"] = "reserve"  # «картою запаса»
_KIND_OF |= dict.fromkeys(_PILES, "tableau")


def _sources(toks: list[Token]) -> list[str]:
    """Pile kinds named after FROM (из колоды, из талона, из пачек, в руках)."""
    out: list[str] = []
    ty = _types(toks)
    for i, t in enumerate(ty):
        if t == "FROM" and i + 1 < len(ty):
            nxt = ty[i + 1] if ty[i + 1] != "W" or i + 2 >= len(ty) else ty[i + 2]
            kind = _KIND_OF.get(nxt)
            if kind and kind not in out:
                out.append(kind)
        if t == "HAND" and "stock" not in out:
            out.append("stock")
    return out


def _r_decks(t):
    return [("decks", _num(t, "NUM") or 1)]  # «полная колода»: one


def _r_take_rank_first(t):
    if t[0].start_pos:  # only the sentence's opening gerund; «затем вынимаются тузы,» is play
        return []
    return [("setup.take", [(None, int(t[1].value))])]  # every card of the rank


def _r_take_cards(t):
    ty = _types(t)
    items = []
    count = None
    for i, x in enumerate(ty):
        nxt = i + 2 if ty[i + 1 : i + 2] == ["SUIT"] else i + 1  # «одного червонного туза»
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
    if ty[-2:] == ["EACH", "SUIT_N"]:  # «по одному тузу каждой масти»: one of each suit
        items = [(None if n is None else 4 * n, r) for n, r in items]
    if not items:
        return []
    out: list[tuple[str, Any]] = [("setup.take", items)]
    for i, x in enumerate(ty):
        if x == "FROM" and ty[i + 1 : i + 3] == ["NUM", "DECK"]:
            out.append(("decks", int(t[i + 1].value)))
    return out


def _r_take_suited(t):
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
    ty = _types(t)
    if ty[-2:] == ["RANK", "SUIT"] and ty.count("SUIT") == 1:  # «даму и валета червей»
        suit = str(t[-1].value)
        cards = [(int(x.value), suit) for x in t if x.type == "RANK"]
    return [
        ("setup.take", [(1, r) for r, _ in cards]),
        ("setup.cards", [card_name(r, s) for r, s in cards]),
    ]


def _r_aside_at_start(t):
    return [("setup.take", [(None, _num(t, "RANK"))])]  # every card of the rank


def _r_set_aside(t):
    return [("setup.aside", (_num(t, "NUM"), _num(t, "RANK")))]


def _r_centre(t):
    return [("setup.centre", True)]


def _r_foundation_cards(t):
    out: list[tuple[str, Any]] = [
        ("foundation.cards", [int(x.value) for x in t if x.type == "RANK"])
    ]
    ty = _types(t)
    counts = [int(t[i].value) for i in range(len(t) - 1) if ty[i : i + 2] == ["NUM", "RANK"]]
    if "TAKE" in ty and "NEG" not in ty:  # «…, которые вынимают заранее»: taken out first
        out.append(("setup.take", [(n, r) for n, r in zip(counts, out[0][1], strict=False)]))
    elif len(counts) == 1:
        out.append(("foundation.count", counts[0]))
    return out


def _r_foundation_anaphor(t):
    return [("foundation.anaphor", True)]


def _r_foundation_list(t):
    ranks = [int(x.value) for x in t if x.type == "RANK"]
    if "TO" in _types(t) and len(ranks) >= 2:
        ranks = ranks[:-1] + list(range(ranks[-2] + 1, ranks[-1] + 1))
    return [("foundation.ranks", ranks)]


def _r_foundation_order(t):
    ty = _types(t)
    out: list[tuple[str, Any]] = []
    base = None
    if ty[:2] == ["ONTO", "RANK"]:
        base = int(t[1].value)
    elif ty[:2] != ["ONTO", "W"]:  # «на них … от двойки»: the base is what «них» names
        for mark in ("FROM", "START"):  # «от короля», «начиная с туза»
            if mark in ty and ty[ty.index(mark) + 1 : ty.index(mark) + 2] == ["RANK"]:
                base = int(t[ty.index(mark) + 1].value)
    direction = _direction(t)
    last = int(t[ty.index("TO") + 1].value) if "TO" in ty and ty.index("TO") + 1 < len(ty) else None
    before = t[: ty.index("TO")] if "TO" in ty else t
    ranks = [int(x.value) for x in before if x.type == "RANK"]
    if direction is None and len(ranks) >= 2 and ranks[1] - ranks[0] in (1, -1):
        direction = "up" if ranks[1] > ranks[0] else "down"  # «двойки, тройки … до королей»
    if direction is not None or last is None:  # «по порядку … до королей»: the last alone
        out.append(("foundation.direction", {"base": base, "direction": direction}))
    if last is not None:
        out.append(("foundation.last", {"base": base, "last": last}))
    follow = [("suit.same", True)] if "FOLLOW" in ty else []  # «…, соблюдая масть, до короля»
    return out + (_suit_in(t) or follow)


def _suit_in(t: list[Token]) -> list[tuple[str, Any]]:
    """A suit rule standing inside a larger island (`_sw` in the grammar)."""
    ty = _types(t)
    said = "SAME_SUIT" in ty or any(
        ty[i : i + 2] in (["BY", "SUIT_N"], ["IN", "SUIT_N"]) for i in range(len(ty))
    )
    return [("suit.same", True)] if said else []


def _r_foundation_sequence(t):
    ty = _types(t)
    ranks = [int(x.value) for x in t if x.type == "RANK"]
    last = int(t[ty.index("TO") + 1].value) if "TO" in ty else None
    step = ranks[1] - ranks[0]
    direction = "up" if step in (1, -12) else "down" if step in (-1, 12) else _direction(t)
    out: list[tuple[str, Any]] = [
        ("foundation.direction", {"base": ranks[0], "direction": direction})
    ]
    if last is not None:
        out.append(("foundation.last", {"base": ranks[0], "last": last}))
    return out


def _r_foundation_range(t):
    a, b = (int(x.value) for x in t if x.type == "RANK")
    direction = "up" if b > a else "down"
    return [
        ("foundation.direction", {"base": a, "direction": direction}),
        ("foundation.last", {"base": a, "last": b}),
        *_suit_in(t),
    ]


def _r_foundation_last(t):
    return [("foundation.last", {"base": None, "last": _num(t, "RANK", -1)}), *_suit_in(t)]


def _r_foundation_group(t):
    ty = _types(t)
    ranks = [int(x.value) for x in t if x.type == "RANK"]
    last = ranks[-1] if "TO" in ty else None
    start = ranks[1] if "START" in ty and len(ranks) > 1 else None
    return [
        (
            "foundation.group",
            {
                "count": _num(t, "NUM"),
                "base": ranks[0],
                "row": "top" if "TOP" in ty else "bottom",
                "start": start,
                "direction": _direction(t),
                "last": last,
            },
        )
    ]


def _r_suit_follow(t):
    return [("suit.same", True)]


def _r_deal_shape(t):
    n = _num(t, "NUM")
    return [("tableau.shape", {"noun": _pile_noun(t) or "PLACE", "count": n})]


def _r_deal_round(t):
    return [("deal.round", max(int(x.value) for x in t if x.type == "ORD"))]


def _r_deal_count(t):
    return [("tableau.shape", {"noun": _pile_noun(t), "count": _num(t, "NUM", -1)})]


def _r_deal_per_pile(t):
    return [("deal.per_pile", _num(t, "NUM"))]


def _r_one_each_round(t):
    ty = _types(t)
    one = int(t[ty.index("BY") + 1].value) == 1
    return [("deal.one_each", True)] if one else []


def _r_deal_all(t):
    count = next(
        int(t[i - 1].value) for i, x in enumerate(t) if x.type in _PILES and t[i - 1].type == "NUM"
    )
    return [
        ("tableau.shape", {"noun": _pile_noun(t), "count": count}),
        ("deal.until_empty", True),
    ]


def _r_deal_until_empty(t):
    return [("deal.until_empty", True)]


def _r_deal_start(t):
    return [("deal.start_top", True)]


def _r_avail_until_covered(t):
    return [("avail.top", "deal")]


def _r_avail_outer(t):
    return [("avail.top", "play")]


def _r_avail_top(t):
    return [("avail.top", "any")]


def _r_avail_all(t):
    return [("avail.all", _num(t, "ORD"))]


_r_release_below = _r_avail_top


def _r_marriage_order(t):
    ty = _types(t)
    own = ty[-1] == "SUIT_N" and "AND" in ty  # «… и лишь своей масти»
    return [("build.direction", _direction(t)), *([("suit.same", True)] if own else _suit_in(t))]


def _r_marriage_circles(t):
    return [("marry.middle", True)]


def _r_inner_play_only(t):
    return [("marry.inner_play_only", True)]


def _r_marriage_from_circle(t):
    return [("marry.from_tableau_only", _sources(t)), *_talon_named(t)]


def _talon_named(t: list[Token]) -> list[tuple[str, Any]]:
    return [("talon.named", True)] if "TALON" in _types(t) else []


def _r_fill_from(t):
    ty = _types(t)
    out = [("fill.sources", _sources(t))]
    if "HAND" in ty:
        out.append(("fill.from_hand", True))
    if "AT_ONCE" in ty or ty[0] == "COND":  # «как только окажется пустое место, …»
        out.append(("fill.at_once", True))
    return out


def _r_fill_not_from(t):
    return [("fill.not_from", _sources(t)), *_talon_named(t)]


def _r_fill_up_to(t):
    return [("fill.up_to", _num(t, "NUM"))]


def _r_fill_order(t):
    return [("fill.order", "depth-first" if "INNER" in _types(t) else "pile-order")]


def _r_fill_lane(t):
    return [("fill.lane", _num(t, "ORD"))]


def _r_fill_none(t):
    return [("fill.none", True)]


def _r_talon_forms(t):
    return [("talon", {"marriage": "MARRIAGE" in _types(t)})]


def _r_talon_top_goes(t):
    ty = _types(t)
    if "FOUNDATION" not in ty:  # «верхняя карта талона всегда годна»: for any play
        return [("talon", {"marriage": True})]
    after = set(ty[ty.index("FOUNDATION") + 1 :])  # «… или в раскладку», «и на столбец»
    return [("talon", {"marriage": bool(after & {"ONTO", "MARRIAGE", "DEAL", *_PILES})})]


def _r_talon_put(t):
    # the talon takes what goes neither to the foundations nor to the layout named beside
    # them; its top card then goes to both
    layout = {"MARRIAGE", "DEAL", "PACKET", "CIRCLE", "RAY", "ROW", "COLUMN", "PLACE"}
    return [("talon", {"marriage": bool(layout & set(_types(t)))})]


def _r_redeal_none(t):
    ty = _types(t)
    if "PATIENCE" not in ty and not _again(t):
        return []  # «раскладывают, не …»: not about a second deal
    return [("redeal.none", True)]


def _r_redeal_times(t):
    return [("redeal.deals", _num(t, "NUM"))]


def _r_redeal_again(t):
    return [("redeal.deals", 2)]


def _r_no_shuffle(t):
    return [("redeal.shuffle", False)]


def _r_gather_from(t):
    return [("redeal.gather", "deal-order")]


def _r_count_while_dealing(t):
    return [("count.deal", True)]


def _r_exile_match(t):
    return [("count.match", {"face": "down" if "FACE_DOWN" in _types(t) else "up"})]


def _r_exile_replace(t):
    return [("count.replace", True)]


def _r_exile_route(t):
    return [("route", True)]


def _r_exchange(t):
    return [("exchange", _num(t, "NUM"))]


def _r_foundation_hours(t):
    return [("foundation.hours", True)]


def _r_fill_full(t):
    return [("fill.full", True)]


def _r_fill_after_play(t):
    return [("fill.timing", "batch")]


def _r_fill_before_play(t):
    return [("fill.timing", "batch")]


def _r_stuck_cond(t):
    return [("route.when_stuck", True)]


def _r_unless_fits(t):
    return [("route.chain", "not-playable")]


def _r_route_under(t):
    return [("route.position", "bottom")]


def _r_route_example(t):
    return [("route.by_rank", (_num(t, "RANK"), _num(t, "ORD")))]


def _r_until_released(t):
    return [("route.chain", "until-released")]


def _r_until_exiles_out(t):
    return [("route.repeat", True)]


def _r_lost_after(t):
    return [("redeal.deals", _num(t, "ORD"))]


def _r_built_from_to(t):
    ty = _types(t)
    first, last = _num(t, "RANK", -2), _num(t, "RANK", -1)
    these = [("foundation.anaphor", True)] if "FOUNDATION" in ty else []
    if ty[1:2] == ["RANK"] or ty[1:3] == ["EACH", "RANK"]:  # «на каждый туз …»: on the aces
        base = _num(t, "RANK")
        return [
            ("foundation.direction", {"base": base, "direction": "up" if last > first else "down"}),
            ("foundation.last", {"base": base, "last": last}),
            *([("suit.same", True)] if {"SUIT_N", "SAME_SUIT"} & set(ty) else []),  # «его масти»
        ]
    return [
        *these,
        ("example.direction", "up" if last > first else "down"),
        ("example.last", last),
        *_suit_in(t),
    ]


def _r_cells(t):
    return [("cells", _num(t, "NUM"))]


def _r_numbered_places(t):
    return [("places.count", _num(t, "NUM"))]


def _r_one_card_each(t):
    return [("places.one_card", True)] if _num(t, "NUM", -1) == 1 else []


def _r_redeal_total(t):
    return [("redeal.deals", _num(t, "NUM") or _num(t, "ORD"))]


def _r_unless_won(t):
    return [("redeal.unless_won", True)]


def _r_corner_anywhere(t):
    return [("deal.corners_anywhere", True)]


def _r_side_adjacent(t):
    return [("deal.sides_adjacent", True)]


def _r_side_place(t):
    return [("layout.side", _num(t, "RANK"))]


def _r_corner_place(t):
    return [("layout.corner", True)]


def _r_shift_after_deal(t):
    return [("shift.after_deal", True)]


def _r_shift_suit(t):
    return [("shift.suit", "same")]


def _r_shift_not_from_foundation(t):
    return [("shift.not_from_foundation", True)]


def _r_fill_none_after_shift(t):
    return [("fill.none", True)]


def _r_fill_none_during_deal(t):
    return [("fill.none_during_deal", True)]


def _r_deal_order_kept(t):
    return [("deal.keep_order", True)]


def _r_redeal_when_stuck(t):
    return [("redeal.when", "stuck")]


def _r_suit_any(t):
    return [("suit.any", True)]


def _r_build_alternate(t):
    ty = _types(t)
    if len(ty) == 3 and ty[1] == "ONTO" and ty[0] == ty[2]:  # «черная на черную»
        return [("build.suit", "same-colour")]
    return [("build.suit", "alternate")]


def _r_turn_count(t):
    return [("turn.count", 1 if "ONE_BY_ONE" in _types(t) else _num(t, "NUM"))]


_MULT = {"однажды": 1, "единожды": 1, "дважды": 2, "трижды": 3, "четырежды": 4}


def _times(t: list[Token]) -> int | None:
    """How many times: a number before раз, or дважды, трижды …"""
    said = [_MULT[str(x.value)] for x in t if x.type in ("MULT", "ONCE")]
    return said[0] if said else _num(t, "NUM")


def _again(t: list[Token]) -> bool:
    """«пересдать», «повторить»: deals after the first."""
    return any(
        (x.type == "DEAL" and str(x.value).startswith("пере")) or x.type == "AGAIN" for x in t
    )


def _r_redeal_count(t):
    n = _times(t)
    ty = _types(t)
    if "TIMES" not in ty and "MULT" not in ty and "ALL" not in ty and not _again(t):
        return []  # «две раскладки»: a number of deals only when it is a re-deal
    # «пересдать два раза», «повторить два раза», «одна пересдача»: after the first deal
    out = [("redeal.deals", n + 1 if _again(t) and n else n)]
    if ty[0] == "DECK":  # «колоду можно пересдавать два раза»: the pack, not the layout
        out.append(("redeal.of_deck", True))
    return out


def _r_shuffle_yes(t):
    return [("redeal.shuffle", True)]


def _r_no_marriage(t):
    return [("marry.none", True)]


def _r_deal_rows(t):
    ty = _types(t)
    if "BY" in ty:  # R rows of N cards: which are the piles, the sentence says (_rows_of)
        rows, per = int(t[ty.index("ROW") - 1].value), int(t[ty.index("BY") + 1].value)
        return [("deal.rows_of", (rows, per))]
    if "COLUMN" in ty:  # a row of cards «начинающие собою четыре столбца»: the columns
        return [
            ("tableau.shape", {"noun": "COLUMN", "count": int(t[ty.index("COLUMN") - 1].value)})
        ]
    if "FORM" in ty:  # «N карт, которые составляют ряд»: a row of N
        return [("tableau.shape", {"noun": "ROW", "count": _num(t, "NUM")})]
    noun = "CIRCLE" if "CIRCLE" in ty else "ROW"
    card = ty.index("CARD")
    n = int(t[card - 1 if ty[card - 1] == "NUM" else card - 2].value)  # N («открытых») cards
    at = ty.index(noun)
    lines = int(t[at - 1].value) if ty[at - 1] == "NUM" else 1
    if lines > 1 and n % lines == 0:  # «сорок карт четырьмя рядами»: R rows of N / R
        return [("tableau.shape", {"noun": noun, "count": n // lines}), ("deal.round", lines)]
    if lines > 1:  # «сорок восемь карт в десять рядов»: ten rows of unequal length
        return [("tableau.shape", {"noun": noun, "count": lines})]
    return [("tableau.shape", {"noun": noun, "count": n})]


def _r_next_round_stuck(t):
    ty = _types(t)
    out: list[tuple[str, Any]] = [("deal.next_round", "stuck")]
    for i in range(len(ty) - 2):
        if ty[i : i + 2] == ["FROM", "NUM"] and ty[i + 2] in _PILES:  # «на каждую из четырех кучек»
            out.append(("tableau.shape", {"noun": ty[i + 2], "count": int(t[i + 1].value)}))
    return out


def _r_rank_during_deal(t):
    return [("deal.play_rank", _num(t, "RANK"))]


_r_avail_top_only = _r_avail_top


def _r_gather_halves(t):
    return [("redeal.gather_halves", _num(t, "NUM"))]


def _r_gather_between(t):
    return [("redeal.gather_between", _num(t, "ORD"))]


def _r_centre_alone(t):
    return [("setup.centre_alone", _num(t, "RANK"))]


def _r_foundations_first(t):
    return [("setup.before_play", True)]


def _r_until_released_inner(t):
    return [("avail.top", "play")]


def _r_play_if_suitable(t):
    return [("play.during_deal", True)]


def _r_lane_open(t):
    return [("fill.lane_condition", True)]


_CLAIMS = {"RARELY": "rarely succeeds", "OFTEN": "often succeeds", "EASY": "easy", "HARD": "hard"}


def _r_claim(t):
    said = [_CLAIMS[x.type] for x in t if x.type in _CLAIMS]
    if "NEG" in _types(t):  # «удается не особенно часто», «не редко»
        flip = {"often succeeds": "rarely succeeds", "rarely succeeds": "often succeeds"}
        said = [flip.get(c, c) for c in said]
    return [("claim.difficulty", c) for c in said]


_r_claim_of = _r_claim


def _r_deal_packets(t):
    ty = _types(t)
    heap = max(i for i, x in enumerate(ty) if x in (*_PILES, "PLACE"))
    count = next((int(t[i].value) for i in (heap - 1, heap - 2) if ty[i] == "NUM"), None)
    per = int(t[ty.index("BY") + 1].value)  # «по пять карт»
    return [("tableau.shape", {"noun": _pile_noun(t), "count": count}), ("deal.per_pile", per)]


def _r_when_dealt(t):
    return [("cond.after_deal", True)]


def _r_no_talon(t):
    return [("talon.none", True)]


def _r_talon_recycle(t):
    return [("turn.recycle", _times(t) or 1)]  # «только раз»: once


def _r_talon_no_recycle(t):
    return [("turn.recycle", 0)]


def _r_empty_only_rank(t):
    return [("build.empty", _num(t, "RANK"))]


_r_avail_uncovered = _r_avail_top


def _r_build_onto(t):
    ty = _types(t)
    direction = _direction(t)
    turn = {"up": "down", "down": "up"}
    if direction in turn:
        before = [x for x in ty[: ty.index(direction.upper())] if x not in ("W", "NUM")]
        if before[-1:] == ["ONTO"] or before[-2:] == ["ONTO", "CARD"]:
            direction = turn[direction]  # «класть на карту старшую»: onto a higher card, down
    if ty[:2] == ["ONTO", "W"]:  # «на них строят вниз»: on what, the sentence says
        last = [("example.last", _num(t, "RANK", -1))] if "TO" in ty else []
        return [("example.direction", direction), *last, *_suit_in(t)]
    return [("build.direction", direction), *_suit_in(t)]


def _r_sequence_on(t):
    ranks = [int(x.value) for x in t if x.type == "RANK"]
    ty = _types(t)
    out: list[tuple[str, Any]] = []
    step = ranks[1] - ranks[0] if len(ranks) > 1 and "TO" not in ty[:4] else None
    direction = "up" if step in (1, -12) else "down" if step in (-1, 12) else _direction(t)
    if direction:
        out.append(("example.direction", direction))
    if "TO" in ty:
        out.append(("example.last", int(t[ty.index("TO") + 1].value)))
    return out + _suit_in(t)


def _r_talon_top(t):
    return [("cond.talon_top", True)]


def _r_passes(t):
    n = _times(t) or 1
    return [("turn.recycle", n - 1)]  # passes through the pack: one more than turns of it


def _r_built_to(t):
    return [("example.last", _num(t, "RANK", -1)), *_suit_in(t)]


def _r_rank_onto(t):
    ranks = [int(x.value) for x in t if x.type == "RANK"]
    step = ranks[1] - ranks[0]  # target minus the card laid on it
    return (
        [("example.direction", "down")]
        if step == 1
        else ([("example.direction", "up")] if step == -1 else [])
    )


def _r_foundation_as_they_come(t):
    return [("foundation.cards", [_num(t, "RANK")])]


def _r_rest_same_rank(t):
    return [("foundation.same_rank", True)]


def _r_wrap_follow(t):
    ranks = {int(x.value) for x in t if x.type == "RANK"}
    return [("example.wrap", True)] if ranks == {1, 13} else []


def _r_stock_out(t):
    return [("cond.stock_out", True)]


def _r_pile_emptied(t):
    return [("cond.pile_emptied", True)]


def _r_not_taken(t):
    return [("cond.laid_as_they_come", {"rank": _num(t, "RANK"), "count": None})]


def _r_as_they_come(t):
    return [("cond.laid_as_they_come", {"rank": _num(t, "RANK"), "count": _num(t, "NUM")})]


def _r_in_order(t):
    return [("cond.in_order", True)]


_r_build_move = _r_build_onto


def _r_build_example(t):
    ranks = [int(x.value) for x in t if x.type == "RANK"]
    colours = [x.type for x in t if x.type in ("RED", "BLACK")]
    step = ranks[1] - ranks[0]
    out: list[tuple[str, Any]] = []
    if step in (1, -1):
        out.append(("build.direction", "up" if step == 1 else "down"))
    if colours[0] != colours[1]:
        out.append(("build.suit", "alternate"))
    return out


def _r_fill_onto(t):
    ty = _types(t)
    verb = next(i for i, x in enumerate(ty) if x in ("PUT", "MOVE", "DEAL", "TAKE"))
    return [("fill.sources", _kinds(t[verb + 1 :]) or ["talon", "tableau"])]  # «любую карту»


def _r_build_run(t):
    return [("build.run", True)]


def _r_fill_any(t):
    ty = _types(t)
    named = _kinds(t[len(ty) - ty[::-1].index("CARD") :])  # «любую карту с раскладки»
    return [("fill.sources", named or ["talon", "tableau"])]


def _r_shuffle_redeal(t):
    return [("redeal.shuffle", True), ("redeal.again", True)]


def _r_repeat_times(t):
    return [("repeat.times", "unlimited" if "ANY_COUNT" in _types(t) else _times(t))]


def _r_redeal_if_stuck(t):
    return [("redeal.when", "stuck")]


def _r_redeal_again_plain(t):
    return [("redeal.again", True)]


def _r_fill_from_named(t):
    ty = _types(t)
    chosen = [("fill.timing", "optional")] if "AT_WILL" in ty else []  # «когда пожелает»
    now = [("fill.at_once", True)] if "AT_ONCE" in ty else []  # «нужно тотчас же закрыть»
    return [("fill.sources", _kinds(t[ty.index("FILL") + 1 :])), *chosen, *now]


def _kinds(toks: list[Token]) -> list[str]:
    """The kinds of pile named, in order (колода: stock, талон: talon, кучки …: tableau)."""
    out: list[str] = []
    for x in toks:
        kind = "tableau" if x.type == "DEAL" else _KIND_OF.get(x.type)  # «с раскладки»
        if kind and kind not in out:
            out.append(kind)
    return out


def _r_win_foundations(t):
    # «доведены до королей» names the last card; «собраны на тузах до королей», the base too
    ty = _types(t)
    last = base = None
    for i in range(len(ty) - 1):
        if ty[i] == "TO" and ty[i + 1] == "RANK":
            last = int(t[i + 1].value)
            if ty[i - 2 : i] == ["ONTO", "RANK"]:
                base = int(t[i - 1].value)
    return [("win.foundations", True)] + (
        [("foundation.last", {"base": base, "last": last})] if last else []
    )


def _r_rule_ref(t):
    return [("ref.rule", [str(x.value) for x in t if x.type == "ROMAN"])]


def _r_deal_into(t):
    ty = _types(t)
    at = next(i for i, x in enumerate(ty) if x == "IN")  # «в десять столбцов»
    out = [("tableau.shape", {"noun": _pile_noun(t), "count": int(t[at + 1].value)})]
    if "BY" in ty:  # «…, по четыре карты в каждом»
        out.append(("deal.per_pile", int(t[ty.index("BY") + 1].value)))
    return out


def _r_face_first_down(t):
    # the count read by the deal (two steps); the one-step reading where it cannot be split
    return [("deal.face", "down-but-last"), ("deal.face_first", _num(t, "NUM"))]


def _face_of(tok: Token) -> str | None:
    """The face a token says a card lies with: FACE_DOWN, «закрытыми» (FILL), FACE_UP, or
    water holding «открытыми» (tokens.FACE_UP_WATER); None for other water."""
    if tok.type in ("FACE_DOWN", "FILL"):
        return "down"
    if tok.type == "FACE_UP" or (tok.type == "W" and tok.value == FACE_UP_WATER):
        return "up"
    return None


def _r_layer_face(t):
    return [("deal.layer", {"rounds": 1, "face": _face_of(t[0])})]


def _r_layer_on(t):
    """One more layer: its rounds (a row, «два ряда по десяти», «по две карты») and face."""
    ty = _types(t)
    face = next((f for x in reversed(t) if (f := _face_of(x))), None)
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


def _r_layer_faces(t):
    """The face of each layer named by its place («первый ряд открытыми, второй
    закрытыми»), and whether it goes on alternating («и так попеременно»)."""
    at: dict[int, str] = {}
    pending: list[int] = []
    for x in t:
        if x.type == "ORD":
            pending.append(int(x.value))
        elif pending and (face := _face_of(x)):
            at.update(dict.fromkeys(pending, face))
            pending = []
    if not at:
        return []
    return [("deal.layer", {"at": at, "alternate": "ALTERNATE" in _types(t)})]


def _r_reserve_named(t):
    if t[0].type == "W" and t[0].start_pos:
        return []  # «как запасная кучка истощится»: a mention, not a naming
    if t[0].type == "NUM":  # «тринадцать карт … составляют резерв»: one pile of N cards
        return [("reserve.named", None), ("reserve.cards", int(t[0].value))]
    return [("reserve.named", _pile_noun(t))]


def _r_reserve_none_on(t):
    return [("reserve.named", _pile_noun(t))]


def _r_talon_piles(t):
    return [("talon.piles", _num(t, "NUM", -1))]


def _r_rank_range(t):
    ty = _types(t)
    if ty[0] == "RANK":
        return []  # a list of ranks before it: read by the islands of sequences, or nothing
    ranks = [int(x.value) for x in t if x.type == "RANK"]
    said = {"from": ranks[0] if len(ranks) > 1 else None, "to": ranks[-1], "way": _direction(t)}
    return [("range.to", said)]


def _r_first_foundation(t):
    return [("deal.first_foundation", True)] if int(t[-3].value) == 1 else []  # «первая»


def _r_reserve_to_foundations(t):
    return [("reserve.only_foundations", True)]


def _r_all_but(t):
    return [("cond.all_but", _num(t, "NUM"))]


def _r_cells_dealt(t):
    return [("cells.dealt", _num(t, "NUM"))]


def _r_figure_ref(t):
    return [("ref.figure", _num(t, "NUM"))]


# islands whose every match says the same fact: `cond.*` ones are frames (a condition the
# other facts of the sentence already assume), read by no spec field
_SAYS: dict[str, tuple[str, Any]] = {
    "deal_triangle": ("deal.triangle", True),
    "face_top_up": ("deal.face", "down-but-last"),
    "no_new_deal": ("redeal.none", True),
    "build_single": ("build.run", False),
    "stock_unlimited": ("turn.recycle", "unlimited"),
    "fill_when_chosen": ("fill.timing", "optional"),
    "when_stuck": ("cond.stuck", True),
    "while_progress": ("cond.progress", True),
    "proper_run": ("cond.proper_run", True),
    "suit_different": ("build.suit", "different"),
    "wrap_round": ("example.wrap", True),
    "nothing_else": ("cond.nothing_else", True),
    "if_fits": ("cond.fits", True),
    "must_fill": ("cond.must_fill", True),
    "foundation_final": ("cond.foundation_final", True),
    "all_dealt": ("cond.all_dealt", True),
    "come_into_play": ("cond.come_into_play", True),
}

READERS: dict[str, Callable[[list[Token]], list[tuple[str, Any]]]] = {
    name[3:]: fn for name, fn in globals().items() if name.startswith("_r_")
} | {name: (lambda t, said=said: [said]) for name, said in _SAYS.items()}


def island_facts(clause: Clause) -> tuple[list[Fact], list[str]]:
    """The facts of one parsed clause, and the markers no island modelled.

    A fact is dropped when an unmodelled marker bears on a comma-delimited part of the clause
    that holds any of its words (its own part, and the one it qualifies, below): a clause is
    never read without its negation, exception or condition; the sentence is then reported
    with the reason (`pipeline.extract`)."""
    facts: list[Fact] = []
    loose: list[tuple[str, int]] = []
    spans: list[tuple[int, int, Fact]] = []
    if clause.tree is None:
        return facts, []
    for item in clause.tree.children:
        if not isinstance(item, Tree):
            continue
        if item.data == "loose":
            loose.extend((t.type, _at(t)) for t in _tokens(item))
            continue
        if item.data != "island":
            continue
        node = item.children[0]
        name = str(node.data)
        toks = _tokens(node)
        first, last = _at(toks[0]), _at(toks[-1])
        a: Tok = clause.toks[first]
        b: Tok = clause.toks[last]
        said = READERS[name](toks)
        if not said:  # the island's words say nothing here: its markers stay unmodelled
            loose.extend((t.type, _at(t)) for t in toks if t.type in MARKERS)
        for key, value in said:
            fact = Fact(key, value, name, a.start, b.end, (a.words[0], b.words[1]))
            spans.append((first, last, fact))
    part = [0] * len(clause.toks)
    for i in range(1, len(clause.toks)):
        part[i] = part[i - 1] + (clause.toks[i - 1].type == "COMMA")
    # an exception bears on what it follows too («любую карту, кроме туза»); a condition on
    # what follows it when it opens the clause («если …, то …») and on what it follows
    # otherwise («…, пока колода не вышла»)
    tainted: set[int] = set()
    types = [t.type for t in clause.toks]
    for m, i in loose:
        tainted.add(part[i])
        # «…, если …»: on what precedes; «если …, …», «… и, если …, …», «…, а если …, то …»
        # and «за неимением …, …»: on what follows
        opens = (
            part[i] == 0
            or _before_comma(clause.toks, i) in ("AND", "OR")
            or "THEN" in types[i:]
            or m == "LACKING"
        )
        if m == "EXCEPT":  # and the part that may follow it («…, на котором …»)
            tainted |= {part[i] - 1, part[i] + 1}
        elif m == "COND" and not opens:
            tainted.add(part[i] - 1)
        elif m in ("COND", "LACKING"):
            then = types.index("THEN", i) if "THEN" in types[i:] else None
            tainted.add(part[then] if then is not None else part[i] + 1)
    for first, last, fact in spans:
        if fact.key.startswith("ref.") or not tainted & set(part[first : last + 1]):
            facts.append(fact)
    return facts, [m for m, _ in loose]


def _before_comma(toks, i: int) -> str | None:
    """The token before the comma that opens the part holding token i."""
    while i > 0 and toks[i - 1].type != "COMMA":
        i -= 1
    return toks[i - 2].type if i >= 2 else None


def sentence_facts(modern: str, book: str | None = None) -> tuple[list[Fact], list[str]]:
    """The facts of one sentence (its clauses', resolved together) and its loose markers."""
    facts: list[Fact] = []
    loose: list[str] = []
    types: list[str] = []
    for clause in parse_sentence(modern, book):
        f, lo = island_facts(clause)
        facts += f
        loose += lo
        types += [t.type for t in clause.toks]
    return resolve(facts, types), loose


def _rows_of(facts: list[Fact], rows_are_piles: bool) -> list[Fact]:
    """«пять рядов по десяти карт»: the rows are the rounds of a grid whose columns are the
    piles (the usual reading), unless the sentence makes each row a pile and names no
    columns («в восемь рядов, по шести карт в каждом, … так что каждый ряд начинается у
    туза», «карты каждого ряда кладутся одна на другую»): then eight piles of six."""
    out = []
    for f in facts:
        if f.key != "deal.rows_of":
            out.append(f)
            continue
        rows, per = f.value
        piles, rounds = (rows, per) if rows_are_piles else (per, rows)
        out.append(replace(f, key="tableau.shape", value={"noun": "ROW", "count": piles}))
        out.append(replace(f, key="deal.round", value=rounds))
    return out


def resolve(facts: list[Fact], types: Sequence[str] = ()) -> list[Fact]:
    """What one sentence's facts say together (each step below says which sentences);
    `types`: the sentence's terminals in order, islands and water."""
    rows_are_piles = "COLUMN" not in types and any(
        pair == ("EACH", "ROW") for pair in pairwise(types)
    )
    facts = _rows_of(facts, rows_are_piles)
    if "FOUNDATION" not in types:  # the rank of the first foundation card, or of nothing
        facts = [f for f in facts if f.key != "foundation.same_rank"]
    talon_turned = ("TALON", "TURN") in pairwise(types)
    facts = _repeats(facts, talon_turned)
    again = next((f for f in facts if f.key == "redeal.again"), None)
    if again and talon_turned and not any(f.key == "redeal.of_deck" for f in facts):
        # «талон перевертывают … и раскладывают его снова»: what is dealt again is the pack
        # the talon becomes (a second pass), not the layout
        facts = [*facts, replace(again, key="redeal.of_deck", value=True)]
    if "MARRIAGE" not in types and "DEAL" not in types:
        facts = _foundation_colours(facts)
    facts = _ranges(facts)
    for step in (_cells, _layers, _examples, _built_on, _all_of_rank, _anaphora, _bases, _once):
        facts = step(facts)
    return facts


_OF_FOUNDATIONS = ("foundation.", "setup.take", "cond.laid_as_they_come")


def _ranges(facts: list[Fact]) -> list[Fact]:
    """«…, от двойки до короля», «…, до короля»: a range no island read is the last card of
    the foundations, in a sentence about them (and not about building on the layout) that
    says no last card; elsewhere it says nothing."""
    ranges = [f for f in facts if f.key == "range.to"]
    rest = [f for f in facts if f.key != "range.to"]
    if not ranges or any(f.key == "foundation.last" for f in rest):
        return rest
    if not any(f.key.startswith(_OF_FOUNDATIONS) for f in rest) or any(
        f.key.startswith(("build.", "marry.", "example.")) for f in rest
    ):
        return rest
    bases = {f.value["base"] for f in rest if f.key == "foundation.direction"}
    if len(bases) > 1:
        return rest  # two foundation groups: whose last card it is, the range does not say
    r = ranges[-1]
    base = next(iter(bases), None) or r.value["from"]  # «от туза до короля»: from the ace
    out = [*rest, replace(r, key="foundation.last", value={"base": base, "last": r.value["to"]})]
    if r.value["way"] and not bases:  # «в восходящем порядке до короля»
        way = {"base": base, "direction": r.value["way"]}
        out.append(replace(r, key="foundation.direction", value=way))
    return out


def _layers(facts: list[Fact]) -> list[Fact]:
    """A deal told layer by layer: the faces of its rounds, in order (`deal.layers`). Layers
    said one after another («… рубашкою вверх, на них второй ряд, также лицом вниз, …») need
    one said on the others; layers named by their places («первая, третья и пятая карта …
    лицом вниз, а вторая, четвертая и шестая лицом вверх») need every place from the first.
    Anything less (a face said once) is no layered deal."""
    said = [f for f in facts if f.key == "deal.layer"]
    if not said:
        return facts
    rest = [f for f in facts if f.key != "deal.layer"]
    placed = [f for f in said if "at" in f.value]
    faces: list[str] = []
    alternate = False
    if placed:
        at: dict[int, str] = {}
        for f in placed:
            at.update(f.value["at"])
            alternate = alternate or f.value["alternate"]
        if sorted(at) != list(range(1, len(at) + 1)):
            return rest
        faces = [at[i] for i in range(1, len(at) + 1)]
    elif len(said) >= 2 and said[1].island == "layer_on":
        for f in said:
            faces += [f.value["face"]] * f.value["rounds"]
    else:
        return rest
    if len(set(faces)) < 2 and not alternate:
        return rest  # one face throughout: the deal's face, said by other islands
    first = (placed or said)[0]
    return [
        *rest,
        replace(first, key="deal.layers", value={"faces": tuple(faces), "alternate": alternate}),
    ]


def _foundation_colours(facts: list[Fact]) -> list[Fact]:
    """«На них кладут карты восходящим порядком …, но цвета должны чередоваться: на красный
    туз кладется черная двойка»: colours said of the foundations (the sentence names no
    layout) are the foundations' suit; their example's direction is theirs, already said."""
    if not any(f.key.startswith("foundation.") for f in facts):
        return facts
    out = []
    for f in facts:
        if f.key == "build.suit" and f.value == "alternate":
            out.append(replace(f, key="foundation.suit"))
        elif not (f.island == "build_example" and f.key == "build.direction"):
            out.append(f)
    return out


def _cells(facts: list[Fact]) -> list[Fact]:
    """«ряд из восьми запасных мест; в каждом из них … не более одной карты»: N places of
    one card each are cells; either clause alone says nothing."""
    one = any(f.key == "places.one_card" for f in facts)
    out = []
    for f in facts:
        if f.key == "places.count" and one and f.value:
            out.append(replace(f, key="cells"))
        elif one and f.key == "tableau.shape" and f.value["noun"] == "PLACE" and f.value["count"]:
            out.append(replace(f, key="cells", value=f.value["count"]))  # «имеются 4 места, …»
        elif f.key not in ("places.count", "places.one_card"):
            out.append(f)
    return out


def _repeats(facts: list[Fact], talon_turned: bool) -> list[Fact]:
    """«разложить вновь; это разрешается два раза»: the deal said again, N times (N + 1
    deals); «талон переворачивают …; это позволяется делать сколько угодно раз»: the talon
    turned over N times; said of neither, it says nothing."""
    again = any(f.key == "redeal.again" for f in facts)
    out = []
    for f in facts:
        if f.key != "repeat.times":
            out.append(f)
        elif again and isinstance(f.value, int) and f.value:
            out.append(replace(f, key="redeal.deals", value=f.value + 1))
        elif talon_turned and not again and f.value:
            out.append(replace(f, key="turn.recycle"))
    return out


def _examples(facts: list[Fact]) -> list[Fact]:
    """«семерка на восьмерку», «на них кладут …»: building on the layout, unless the sentence
    speaks of the foundations (and no more of the layout than their building)."""
    building = any(f.key.startswith(("build.", "avail.")) for f in facts) or not any(
        f.key.startswith(("foundation.", "setup.")) or f.key == "cond.laid_as_they_come"
        for f in facts
    )
    marriage = [f for f in facts if f.island == "marriage_order"]
    marrying = any(f.key.startswith("build.") for f in facts)
    # «марьяж в нисходящем порядке, так что на даму кладут валета»: the marriage's example
    example = {
        f.start
        for f in facts
        if f.island == "foundation_sequence"
        and f.key == "foundation.direction"
        and any(m.start < f.start and m.value == f.value["direction"] for m in marriage)
    }
    out = []
    for f in facts:
        if f.island == "foundation_sequence" and f.start in example:
            continue
        if f.key == "example.direction":
            out.append(
                replace(f, key="build.direction")
                if building
                else replace(
                    f, key="foundation.direction", value={"base": None, "direction": f.value}
                )
            )
        elif f.key == "example.wrap":  # the layout's only when the sentence builds on it
            out.append(replace(f, key="build.wrap" if marrying else "foundation.wrap"))
        elif f.key == "example.last":
            if not building:  # a layout pile has no last card
                out.append(replace(f, key="foundation.last", value={"base": None, "last": f.value}))
        else:
            out.append(f)
    return out


def _taken(facts: list[Fact]) -> list[int]:
    """The ranks the sentence takes out of the pack, each once, in order."""
    return list(dict.fromkeys(r for f in facts if f.key == "setup.take" for _, r in f.value if r))


def _built_on(facts: list[Fact]) -> list[Fact]:
    """«вынимают четыре пятерки; на них строят …», «тузы, по мере того как выходят, …, и на
    них строят …»: the cards taken out, or laid out as they come, are the foundations the
    sentence builds on."""
    built = any(f.key in ("foundation.direction", "foundation.last") for f in facts)
    if any(f.key == "foundation.cards" for f in facts):
        return facts
    anaphor = any(f.key == "foundation.anaphor" for f in facts)
    taken = _taken(facts)
    if taken and built and not anaphor:
        first = next(f for f in facts if f.key == "setup.take")
        return [*facts, replace(first, key="foundation.cards", value=taken)]
    come = [f for f in facts if f.key == "cond.laid_as_they_come"]
    if come and (built or anaphor):
        said = come[0].value
        out = [f for f in facts if f.key != "foundation.anaphor"]
        out.append(replace(come[0], key="foundation.cards", value=[said["rank"]]))
        if said["count"]:
            out.append(replace(come[0], key="foundation.count", value=said["count"]))
        return out
    return facts


def _all_of_rank(facts: list[Fact]) -> list[Fact]:
    """«из двух колод вынимают всех королей»: four of the rank in each pack named."""
    decks = next((f.value for f in facts if f.key == "decks" and f.value), None)
    if not decks:
        return facts
    return [
        replace(f, value=[(4 * decks if n is None else n, r) for n, r in f.value])
        if f.key == "setup.take"
        else f
        for f in facts
    ]


def _anaphora(facts: list[Fact]) -> list[Fact]:
    """«вынимают восемь тузов …; это основные карты»: the cards taken out."""
    taken = _taken(facts)
    if not taken:
        return facts
    return [
        replace(f, key="foundation.cards", value=taken) if f.key == "foundation.anaphor" else f
        for f in facts
    ]


def _bases(facts: list[Fact]) -> list[Fact]:
    """«служат короли, на которых строят вниз»: the building starts on the cards named."""
    named = [f.value for f in facts if f.key == "foundation.cards"]
    if len(named) != 1 or len(named[0]) != 1:
        return facts
    base = named[0][0]
    # «это основные карты (тузы), на которых собирают … начиная с двоек»: the two is the
    # first card built on them, not the base
    after = {
        f.start
        for f in facts
        if f.island == "foundation_range"
        and f.key == "foundation.direction"
        and f.value["base"] == base + (1 if f.value["direction"] == "up" else -1)
    }
    return [
        replace(f, value={**f.value, "base": base})
        if f.key in ("foundation.direction", "foundation.last")
        and (f.value["base"] is None or f.start in after)
        else f
        for f in facts
    ]


def _once(facts: list[Fact]) -> list[Fact]:
    """A fact said twice in a sentence counts once."""
    seen: set[str] = set()
    out = []
    for f in facts:
        said = f"{f.key}={f.value!r}"
        if said not in seen:
            seen.add(said)
            out.append(f)
    return out
