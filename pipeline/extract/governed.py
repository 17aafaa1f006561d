"""The noun a numeral counts: the first noun after it, past the words that agree with that
noun (adjectives, participles, adverbs: «две хорошо перетасованные колоды»). When that noun
is one the grammar does not know («три игрока колоды», «два типа стопок», «четыре человека
колодой»), the numeral counts it, not a pile noun or the cards named after it: the water noun
becomes `NOUN`, which no gap of an island between a numeral and what it counts takes, so
no island reads the later noun as counted. A numeral whose water is followed by anything
else («одною степенью ниже», «по одной, остаток колоды») is left as it was."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# A token is `tokens.Tok`, which imports this module: a named tuple, typed here as Any.
Tok = Any

# Nouns the grammar knows that a numeral before them counts.
COUNTED = frozenset(
    {
        "CARD", "DECK", "FOUNDATION", "PACKET", "CIRCLE", "RAY", "ROW", "COLUMN", "RESERVE",
        "PLACE", "TALON", "RANK", "SUIT_N", "TRIANGLE",
    }
)  # fmt: skip
# Tokens an island lets stand between the counted noun and the numeral: qualifiers of the
# pile the grammar knows as its own terminals («полные», «перетасованные», «левые»).
_BETWEEN = frozenset(
    {"W", "COMMA", "THEN", "FULL", "SHUFFLE", "FILL", "FACE_UP", "FACE_DOWN", "LEFT", "RIGHT",
     "TOP", "BOTTOM"}
)  # fmt: skip


def governed_nouns(
    toks: list[Tok], modifier: Callable[[Tok], bool], noun: Callable[[Tok], bool]
) -> list[Tok]:
    """Each water noun a numeral counts, before a noun it would otherwise be read to count,
    as `NOUN` (`modifier(t)`: whether a water word can agree with a noun after it; `noun(t)`:
    whether it is a noun and nothing else)."""
    out = list(toks)
    for i, t in enumerate(toks):
        if t.type != "NUM":
            continue
        j = i + 1
        while j < len(toks) and toks[j].type == "W" and modifier(toks[j]):
            j += 1
        if j >= len(toks) or toks[j].type != "W" or not noun(toks[j]):
            continue
        k = j + 1
        while k < len(toks) and toks[k].type in _BETWEEN:
            k += 1
        if k < len(toks) and toks[k].type in COUNTED:
            out[j] = toks[j]._replace(type="NOUN")
    return out
