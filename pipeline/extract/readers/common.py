"""What the readers share: an island's tokens and the small readings of them (numbers,
pile nouns, directions, sources)."""

from __future__ import annotations

from typing import Any

from lark import Token, Tree

from pipeline.extract.tokens import FACE_UP_WATER, MULT, Tok  # noqa: F401


def at(t: Token) -> int:
    """A clause token's index in its clause (`islands._stream` numbers every token)."""
    assert t.start_pos is not None
    return t.start_pos


def toks_of(tree: Tree | Token) -> list[Token]:
    if isinstance(tree, Token):
        return [tree]
    return [t for t in tree.scan_values(lambda v: isinstance(v, Token))]


def num_at(toks: list[Token], type_: str, nth: int = 0) -> int | None:
    vals = [int(t.value) for t in toks if t.type == type_]
    return vals[nth] if -len(vals) <= nth < len(vals) else None


def ranks_at(toks: list[Token]) -> int | list[int] | None:
    """The rank named first, or the ranks joined to it by «или»/«и» (`_ranks`: «только короля
    или даму»): one rank, or the list of them."""
    at = next((i for i, t in enumerate(toks) if t.type == "RANK"), None)
    if at is None:
        return None
    ranks = [int(toks[at].value)]
    while at + 2 < len(toks) and toks[at + 1].type in ("OR", "AND") and toks[at + 2].type == "RANK":
        at += 2
        ranks.append(int(toks[at].value))
    return ranks[0] if len(ranks) == 1 else ranks


def types_of(toks: list[Token]) -> list[str]:
    return [t.type for t in toks]


PILES = ("PACKET", "CIRCLE", "RAY", "ROW", "COLUMN")
PLACES = (*PILES, "PLACE")  # the nouns a place is named by, a pile or a place


def pile_noun(toks: list[Token]) -> str | None:
    for t in toks:
        if t.type in PLACES:
            return t.type
    return None


# words of a comparative of rank («старше», «на единицу младше», «более высокого
# достоинства»), as against an order («по возрастанию», «от младшей к старшей»)
_COMPARATIVES = frozenset(
    [
        "выше",
        "старше",
        "старший",
        "больше",
        "больший",
        "высокий",
        "ниже",
        "младше",
        "младший",
        "меньше",
        "меньший",
        "низкий",
    ]
)
_ON_THE_TARGET = frozenset({"W", "ALT_COLOUR", "OTHER_SUIT", "SAME_SUIT", "ANY_SUIT", "AND"})


def _of_the_target(toks: list[Token], i: int) -> bool:
    """A comparative after «на карту» («класть карту на карту на одну ступень старше»): the
    card it goes on is ranked so, the card put the other way."""
    words = str(toks[i].value).split()
    if not words or words[0] == "от" or not _COMPARATIVES & set(words):
        return False
    j = i - 1
    while j >= 0 and toks[j].type in _ON_THE_TARGET:
        j -= 1
    return j >= 1 and toks[j].type == "CARD" and toks[j - 1].type == "ONTO"


def direction_put(toks: list[Token]) -> str | None:
    """The way the card put goes, where a comparative may rank the card it goes on."""
    flip = {"UP": "DOWN", "DOWN": "UP"}
    return _way(
        [
            flip[x] if x in flip and _of_the_target(toks, i) else x
            for i, x in enumerate(types_of(toks))
        ]
    )


def direction_of(toks: list[Token]) -> str | None:
    return _way(types_of(toks))


def _way(ty: list[str]) -> str | None:
    if "UP" in ty and "DOWN" in ty:
        return "both"
    return "up" if "UP" in ty else "down" if "DOWN" in ty else None


# the kind of pile a noun names: колода, талон, ссыльные, and the layout's piles
KIND_OF = {"DECK": "stock", "HAND": "stock", "TALON": "talon", "EXILE": "reserve"}


KIND_OF["RESERVE"] = "reserve"  # «картою запаса»


KIND_OF |= dict.fromkeys(PILES, "tableau")


def sources_named(toks: list[Token]) -> list[str]:
    """Pile kinds named after FROM (из колоды, из талона, из пачек, в руках)."""
    out: list[str] = []
    ty = types_of(toks)
    for i, t in enumerate(ty):
        if t == "FROM" and i + 1 < len(ty):
            nxt = ty[i + 1] if ty[i + 1] != "W" or i + 2 >= len(ty) else ty[i + 2]
            kind = KIND_OF.get(nxt)
            if kind and kind not in out:
                out.append(kind)
        if t == "HAND" and "stock" not in out:
            out.append("stock")
    return out


def suit_in(t: list[Token]) -> list[tuple[str, Any]]:
    """A suit or colour rule standing inside a larger island (`_sw`, `_suitp` in the
    grammar): the same suit, colours alternating, another suit, or any suit."""
    ty = types_of(t)
    pairs = {tuple(ty[i : i + 2]) for i in range(len(ty))}
    if "SAME_SUIT" in ty or ("BY", "SUIT_N") in pairs or ("IN", "SUIT_N") in pairs:
        return [("suit.same", True)]
    if "SAME_COLOUR" in ty:  # «…, одного цвета»: red on red, black on black
        return [("build.suit", "same-colour")]
    alternate = ("ALTERNATE", "SUIT_N") in pairs  # «чередуя масти»: red and black
    if "ALT_COLOUR" in ty or ("ALTERNATE" in ty and ("COLOUR" in ty or "RED" in ty)) or alternate:
        return [("build.suit", "alternate")]
    if "OTHER_SUIT" in ty:
        return [("build.suit", "different")]
    regardless = [i for i, x in enumerate(ty) if x == "REGARDLESS"]
    suits = [i for i, x in enumerate(ty) if x == "SUIT_N"]
    if (
        "ANY_SUIT" in ty
        or any("SUIT_N" in ty[i + 1 : i + 4] for i in regardless)
        or any("REGARDLESS" in ty[i + 1 : i + 4] for i in suits)  # «масть … в расчет не …»
    ):
        return [("suit.any", True)]  # «независимо от масти», «… от цвета и масти»
    return []


def stock_out_said(t: list[Token]) -> list[tuple[str, Any]]:
    """«когда колода закончится, …» opening the rule of the stock turned again (`_emptied`):
    the frame of the pack used up, as `stock_out` says it alone."""
    return [("cond.stock_out", True)] if t and t[0].type in ("COND", "AFTER") else []


def talon_named(t: list[Token]) -> list[tuple[str, Any]]:
    return [("talon.named", True)] if "TALON" in types_of(t) else []


def times_said(t: list[Token]) -> int | None:
    """How many times: a number before раз, or дважды, трижды …"""
    said = [MULT[str(x.value)] for x in t if x.type in ("MULT", "ONCE")]
    return said[0] if said else num_at(t, "NUM")


def again_said(t: list[Token]) -> bool:
    """«пересдать», «повторить»: deals after the first."""
    return any(
        (x.type == "DEAL" and str(x.value).startswith("пере")) or x.type == "AGAIN" for x in t
    )


CLAIMS = {"RARELY": "rarely succeeds", "OFTEN": "often succeeds", "EASY": "easy", "HARD": "hard"}


def kinds_named(toks: list[Token]) -> list[str]:
    """The kinds of pile named, in order (колода: stock, талон: talon, кучки …: tableau)."""
    out: list[str] = []
    for i, x in enumerate(toks):
        if x.type in PILES and i and toks[i - 1].type == "RESERVE":
            continue  # «запасной пачки»: the reserve's pile
        kind = "tableau" if x.type == "DEAL" else KIND_OF.get(x.type)  # «с раскладки»
        if kind and kind not in out:
            out.append(kind)
    return out


def face_of(tok: Token) -> str | None:
    """The face a token says a card lies with: FACE_DOWN, «закрытыми» (FILL), FACE_UP, or
    water holding «открытыми» (tokens.FACE_UP_WATER); None for other water."""
    if tok.type in ("FACE_DOWN", "FILL"):
        return "down"
    if tok.type == "FACE_UP" or (tok.type == "W" and tok.value == FACE_UP_WATER):
        return "up"
    return None
