"""One side of a comparison of two cards (`card.rank`, `top.value - 1`, `isRed(card)`,
`getCardValue(x.rank)`, `CardValue.King`): what of which card it reads, read the same way in
every C-like language and in Python, so that move checks and empty-pile tests agree."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pipeline.segment.code_source import ACE, KING, Source, Tok, closing, strip, words

_RANK_ATTR = frozenset({"value", "rank", "number", "num", "face", "val", "rankvalue"})
_SUIT_ATTR = frozenset({"suit"})
_COLOUR_ATTR = frozenset({"color", "colour"})
_RED = frozenset({"red", "black"})
_KING_WORDS = frozenset({"k", "king"})
# a pile's member that is its top card (`pile.last`, `stack.top`, `pile.Last`)
_TOP_MEMBERS = frozenset({"last", "Last", "top", "Top", "peek", "lastCard", "topCard"})
_ACE_WORDS = frozenset({"a", "ace"})


@dataclass(frozen=True)
class Operand:
    """A side of a comparison read: what of which card (`rank`, `suit`, `colour`, `red`), a
    constant rank (`const`) or a number (`num`); `offset` a number added to a rank."""

    what: str
    card: str = ""
    offset: int = 0
    number: int = 0


def _attr_card(seq: list[Tok]) -> tuple[str, list[str]] | None:
    """`card.suit.color`, `card.getValue()`, `card.Value`, `card['rank']` → (card, [attrs])."""
    ids = [t for t in seq if t.kind in ("id", "str")]
    if not ids or seq[0].kind != "id":
        return None
    if len(seq) > 3 and seq[1].text == "(":
        # a card a call gives: `top(tableau[t]).rank`, `pile.peek().suit`
        k = closing(seq, 1)
        if k < 0 or k + 2 >= len(seq) or seq[k + 1].text != ".":
            return None
        attrs = [w for t in seq[k + 1 :] if t.kind == "id" for w in words(t.text)]
        return "".join(t.text for t in seq[: k + 1]), attrs
    first = ids[0].text
    if len(seq) > 4 and [t.text for t in seq[1:4]] == ["[", "0", "]"]:
        # the first of several cards: `cards[0].rank`
        first, seq, ids = first + "[0]", seq[:1] + seq[4:], ids[:1] + ids[1:]
    elif len(seq) > 5 and [t.text for t in seq[1:5]] == ["[", "-", "1", "]"]:
        # the last card of a pile, Python's and Ruby's `pile[-1].suit`: its top card
        first, seq = first + "[-1]", seq[:1] + seq[5:]
    elif len(seq) > 4 and seq[1].text == "[" and _last_index_of(seq, first):
        # the last card of a pile by its size: `pile[pile.length - 1].val`, Lua's `pile[#pile]`
        k = closing(seq, 1)
        first, seq = first + "[-1]", seq[:1] + seq[k + 1 :]
        ids = [t for t in seq if t.kind in ("id", "str")]
    elif len(seq) > 4 and seq[1].text == "." and seq[2].text in _TOP_MEMBERS and seq[3].text == ".":
        # the top card as a member of its pile: Ruby's `pile.last.suit`, `stack.top.rank`
        first, seq, ids = f"{first}.{seq[2].text}", seq[:1] + seq[3:], ids[:1] + ids[2:]
    elif (
        len(seq) > 6
        and seq[1].text == "."
        and seq[2].text in _TOP_MEMBERS
        and [x.text for x in seq[3:6]] == ["(", ")", "."]
    ):
        # the top card a call of its pile gives: Kotlin's `pile.last().rank`, `stack.peek().suit`
        first, seq, ids = f"{first}.{seq[2].text}()", seq[:1] + seq[5:], ids[:1] + ids[2:]
    for t in seq:
        if t.kind == "op" and t.text not in (".", "(", ")", "[", "]", "?", "->", "!"):
            return None
        if t.kind == "num":
            return None
    chain = [w for t in ids[1:] for w in words(t.text)]
    return first, chain


# the members and calls that give a sequence's size
SIZES = frozenset({"length", "Length", "Count", "count", "size", "Size", "len"})


def _last_index_of(seq: list[Tok], name: str) -> bool:
    """Whether `seq[1]` opens an index that is the last of the sequence `name`:
    `[name.length - 1]`, `[name.Count - 1]`, `[name.size() - 1]`, Lua's `[#name]`."""
    k = closing(seq, 1)
    inner = [t.text for t in seq[2:k]] if k > 0 else []
    if inner == ["#", name]:
        return True
    if inner[:4] == ["len", "(", name, ")"] and inner[4:] == ["-", "1"]:
        return True  # Python's and Go's `pile[len(pile) - 1]`
    if inner[-2:] != ["-", "1"]:
        return False
    inner = inner[:-2]
    if inner[-2:] == ["(", ")"]:
        inner = inner[:-2]
    return len(inner) == 3 and inner[0] == name and inner[1] == "." and inner[2] in SIZES


def operand(seq: list[Tok]) -> Operand | None:
    """What one side of a comparison is, or None for anything not read (`item1` for the
    second item of a tuple card, `card[1]`)."""
    seq = strip(seq)
    if not seq:
        return None
    offset = 0
    # a rank plus or minus a number: `top.value - 1`, `1 + rank(top)`
    if len(seq) >= 3 and seq[-2].text in ("+", "-") and seq[-1].kind == "num":
        offset = int(seq[-1].text) * (1 if seq[-2].text == "+" else -1)
        seq = strip(seq[:-2])
    elif len(seq) >= 3 and seq[1].text == "+" and seq[0].kind == "num":
        offset = int(seq[0].text)
        seq = strip(seq[2:])
    if len(seq) == 1 and seq[0].kind == "num" and not offset:
        return Operand("num", number=int(seq[0].text))
    if [t.kind for t in seq] == ["id", "op", "num", "op"] and (seq[1].text, seq[3].text) == (
        "[",
        "]",
    ):
        # an item of a tuple card (`card[1]`): what it is, the program's cards say
        # (`code_moves.tuple_items`)
        return Operand(f"item{seq[2].text}", seq[0].text, offset)
    seq = _uncast(seq)
    table = _suit_table(seq)
    if table is not None:
        return None if offset else Operand("red", table)
    looked = _rank_table(seq)
    if looked is not None:
        return Operand("rank", looked, offset)
    if len(seq) == 1 and seq[0].kind == "str" and not offset:
        ws = seq[0].text.lower()
        if ws in _KING_WORDS:
            return Operand("const", number=KING)
        if ws in _ACE_WORDS:
            return Operand("const", number=ACE)
        return None
    if seq[0].kind == "id" and not offset and all(t.kind == "id" or t.text == "." for t in seq):
        last = words(seq[-1].text)
        if len(seq) > 1 and last and last[-1] in _KING_WORDS | {"king"}:
            return Operand("const", number=KING)
        if len(seq) > 1 and last and last[-1] in ("ace",):
            return Operand("const", number=ACE)
    # a function of a card: `getCardValue(card.rank)`, `isRed(card)`, `rank(card)`
    if (
        len(seq) >= 4
        and seq[0].kind == "id"
        and seq[1].text == "("
        and seq[-1].text == ")"
        and closing(seq, 1) == len(seq) - 1
    ):
        fn = words(seq[0].text)
        args = seq[2:-1]
        depth = 0
        for k, t in enumerate(args):
            depth += (t.text in ("(", "[")) - (t.text in (")", "]"))
            if t.text == "," and depth == 0:
                # the card first, a table of the order after it: `rankValue(card.rank, RANKS)`
                rest = [x for x in args[k + 1 :] if x.kind == "id"]
                if len(rest) != 1 or not set(words(rest[0].text)) & _RANK_TABLES:
                    return None
                args = args[:k]
                break
        inner = _attr_card(args)
        if inner is not None:
            card, attrs = inner
            got = _kind(fn + attrs)
            if got is not None:
                return Operand(got, card, offset)
        return None
    got_attr = _attr_card(seq)
    if got_attr is None:
        return None
    card, attrs = got_attr
    if not attrs and len(seq) == 1:
        # a card's colour kept in a flag of its own, the card named in it: `topRed`,
        # `cardIsBlack`, `moving_red` (`bool topRed = top.suit == Hearts || …`)
        flag = words(card)
        named = [w for w in flag if w not in _RED and w != "is"]
        if len(named) == 1 and len(named) < len(flag) and set(flag) & _RED:
            return None if offset else Operand("red", named[0])
    if not attrs:
        return None
    got = _kind(attrs)
    return Operand(got, card, offset) if got is not None else None


_CASTS = frozenset({"int", "byte", "short", "long", "Int32", "uint", "double", "float"})


def _uncast(seq: list[Tok]) -> list[Tok]:
    """A value without a cast before it (C#, Java, C: `(int)card.Rank`)."""
    if len(seq) > 3 and seq[0].text == "(" and seq[1].text in _CASTS and seq[2].text == ")":
        return seq[3:]
    return seq


_RANK_TABLES = frozenset({"rank", "ranks", "value", "values", "order", "faces", "names"})
_INDEX = frozenset({"indexOf", "index", "IndexOf", "findIndex", "FindIndex", "index_of"})


def _rank_table(seq: list[Tok]) -> str | None:
    """The card whose rank is looked up in a table of the ranks, its place there standing
    for the rank: `RANKS.indexOf(card.rank)`, `RANKS.index(card.rank)`, `VALUES[card.rank]`,
    `RANK_ORDER[card.face]`."""
    texts = [t.text for t in seq]
    if len(seq) < 4 or seq[0].kind != "id" or not set(words(texts[0])) & _RANK_TABLES:
        return None
    if texts[1] == "." and len(seq) >= 6 and texts[2] in _INDEX and texts[3] == "(":
        if closing(seq, 3) != len(seq) - 1:
            return None
        inner = seq[4:-1]
    elif texts[1] == "[" and closing(seq, 1) == len(seq) - 1:
        inner = seq[2:-1]
    else:
        return None
    got = _attr_card(inner)
    if got is None or (got[1] and _kind(got[1]) != "rank"):
        return None
    return got[0]


_MEMBER = frozenset({"includes", "contains", "has", "Contains", "count"})


def _suit_table(seq: list[Tok]) -> str | None:
    """The card whose suit is looked up in a table of the red (or black) suits:
    `RED.includes(card.suit)`, `redSuits.contains(card.suit)`, `card.suit in RED_SUITS`."""
    texts = [t.text for t in seq]
    if "in" in texts and texts.count("in") == 1:
        k = texts.index("in")
        table, looked = seq[k + 1 :], seq[:k]
    elif len(seq) >= 6 and texts[1] == "." and texts[2] in _MEMBER and texts[3] == "(":
        if closing(seq, 3) != len(seq) - 1:
            return None
        table, looked = seq[:1], seq[4:-1]
    else:
        return None
    if len(table) != 1 or table[0].kind != "id" or not set(words(table[0].text)) & _RED:
        return None
    got = _attr_card(looked)
    if got is None or _kind(got[1]) != "suit":
        return None
    return got[0]


def _kind(ws: list[str]) -> str | None:
    """What a chain of attribute words reads of a card: its colour beats its suit
    (`suit.color`), `is red`, `rank`."""
    s = set(ws)
    if s & _RED and ("is" in s or len(ws) <= 2):
        return "red"
    if s & _COLOUR_ATTR:
        return "colour"
    if s & _SUIT_ATTR and not s & _RANK_ATTR:
        return "suit"
    if s & _RANK_ATTR and not s & (_SUIT_ATTR | _COLOUR_ATTR):
        return "rank"
    return None


EQ = frozenset({"==", "===", "is", "equals", "eq", "eqv", "="})
NE = frozenset({"!=", "!==", "^", "~="})  # Lua's `~=`


def _number(seq: list[Tok]) -> int | None:
    """A number, signed (`-1`, `1`, `(-1)`)."""
    seq = strip(seq)
    if len(seq) == 1 and seq[0].kind == "num":
        return int(seq[0].text)
    if len(seq) == 2 and seq[0].text in ("-", "+") and seq[1].kind == "num":
        return int(seq[1].text) * (-1 if seq[0].text == "-" else 1)
    return None


def difference(left: list[Tok], right: list[Tok]) -> tuple[Operand, Operand] | None:
    """`(card.Value - top.Value) == -1`, `top.rank - card.rank == 1`: the two ranks of the
    difference, as `card.Value == top.Value - 1` gives them."""
    for diff, num in ((left, right), (right, left)):
        n = _number(num)
        seq = strip(diff)
        if n is None or not seq:
            continue
        minus = [k for k, t in enumerate(seq) if t.text == "-" and t.kind == "op"]
        depth_ok = [k for k in minus if _depth(seq, k) == 0]
        if len(depth_ok) != 1:
            continue
        k = depth_ok[0]
        a, b = operand(seq[:k]), operand(seq[k + 1 :])
        if a is None or b is None or a.what != "rank" or b.what != "rank" or a.offset or b.offset:
            continue
        # a - b = n  →  a = b + n
        return a, Operand("rank", b.card, n)
    return None


def _depth(seq: list[Tok], at: int) -> int:
    depth = 0
    for t in seq[:at]:
        if t.kind == "op" and t.text in "([{":
            depth += 1
        elif t.kind == "op" and t.text in ")]}":
            depth -= 1
    return depth


_RANK_NAMES = frozenset({"rank", "ranks", "r", "value", "values", "v", "face", "num", "number"})
_SUIT_NAMES = frozenset({"suit", "suits", "s"})
_TUPLE = re.compile(
    r"(?:\(|\[)\s*([A-Za-z_]\w*)\s*,\s*([A-Za-z_]\w*)\s*(?:\)|\])\s*(?:for\b|\)\s*;?\s*$)", re.M
)


def tuple_items(src: Source) -> dict[str, str]:
    """What each item of the program's tuple cards is, where it makes them of a rank and a
    suit (`[(rank, suit) for suit in SUITS for rank in RANKS]`, `deck.append((s, r))`,
    `deck.push([rank, suit])`): `{"item0": "rank", "item1": "suit"}`; none where it makes
    them two ways."""
    layouts = set()
    for m in _TUPLE.finditer(src.text):
        kinds = []
        for name in m.groups():
            ws = set(words(name))
            kinds.append("rank" if ws & _RANK_NAMES else "suit" if ws & _SUIT_NAMES else "")
        if sorted(kinds) == ["rank", "suit"]:
            layouts.add(tuple(kinds))
    if len(layouts) != 1:
        return {}
    return {f"item{k}": kind for k, kind in enumerate(layouts.pop())}


def as_item(items: dict[str, str], x: Operand | None) -> Operand | None:
    """An item of a tuple card as what it is (`card[1]` → its rank), else as read."""
    if x is None or not x.what.startswith("item"):
        return x
    what = items.get(x.what)
    return Operand(what, x.card, x.offset) if what else None
