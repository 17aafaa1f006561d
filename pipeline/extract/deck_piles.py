"""«колода» as a pile: old books and web pages call a pile of the layout a «колода» when they
count them and give each its share («раскладывают в восемь колод по пять карт», «четыре
колоды по тринадцать карт», «шесть колод, в каждой колоде по пять карт»). Said so, it is a
pile noun (`PACKET`), so every island that reads a count of piles reads it; a count of
packs keeps the pack («две колоды по 52 карты», «играют двумя колодами», «в две колоды»),
since a pack's share is a pack's size, never a pile's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# A token is `tokens.Tok`, which imports this module: a named tuple, typed here as Any.
Tok = Any

# A share of more cards than this is a pack's size (24, 32, 36, 52 …), not a pile's.
_MOST_A_PILE = 23
# Tokens allowed between the counted noun and its share («восемь колод, по пять карт»).
_BEFORE_SHARE = frozenset({"COMMA", "DASH", "COLON"})


def _share_after(toks: list[Tok], i: int) -> bool:
    """Whether a share of a pile's cards follows the noun at `i`: «по N (карт)» or «, в
    каждой колоде (лежит) по N», N at most a pile's size."""
    j = i + 1
    while j < len(toks) and toks[j].type in _BEFORE_SHARE:
        j += 1
    each = j + 2 < len(toks) and toks[j + 1].type == "EACH" and toks[j + 2].type == "DECK"
    if each and toks[j].type in ("IN", "ONTO"):
        j += 3
        while j < len(toks) and toks[j].type == "W":
            j += 1
    if j + 1 >= len(toks) or toks[j].type != "BY" or toks[j + 1].type != "NUM":
        return False
    n = toks[j + 1].value
    return isinstance(n, int) and 1 <= n <= _MOST_A_PILE


def _count_before(toks: list[Tok], i: int, adjective: Callable[[Tok], bool]) -> Tok | None:
    """The numeral that counts the noun at `i`: just before it, or before the adjectives and
    participles of water between («восемь ровных колод»)."""
    j = i - 1
    while j >= 0 and toks[j].type == "W" and adjective(toks[j]):
        j -= 1
    return toks[j] if j >= 0 and toks[j].type == "NUM" else None


def counted_decks(toks: list[Tok], adjective: Callable[[Tok], bool]) -> list[Tok]:
    """«N колод по M карт» (N ≥ 2, M a pile's share; adjectives may stand between) → «N
    стопок по M карт»; «в каждой колоде» after such a count is «в каждой стопке»
    (`adjective(t)`: whether a water word can be an adjective or a participle)."""
    out = list(toks)
    piles = False
    for i, t in enumerate(toks):
        if t.type != "DECK" or t.lemma != "колода":
            continue
        before = toks[i - 1] if i > 0 else None
        count = _count_before(toks, i, adjective)
        counted = count is not None and isinstance(count.value, int) and count.value >= 2
        each = piles and before is not None and before.type == "EACH"
        if (counted and _share_after(toks, i)) or each:
            out[i] = t._replace(type="PACKET", value="стопка", lemma="стопка")
            piles = True
    return out
