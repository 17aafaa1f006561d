"""Card ids, names and the rank/suit/colour tables every other module indexes.

A card is an int: id = 52·deck + 13·suit + (rank − 1), suits in the order S, H, D, C
(rules/README.md, "Deals and seeds"). A face-down card lying in a pile is stored as ``~id``
(always negative), so ``c < 0`` tests it and ``~c`` recovers the id.
"""

from __future__ import annotations

from typing import NamedTuple

SUITS = "SHDC"
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_RANK_ALIASES = {"T": 10, "1": 1, "11": 11, "12": 12, "13": 13}
RED = frozenset("HD")
MAX_DECKS = 8

# Tables over card ids (enough for MAX_DECKS packs): rank 1..13, suit 0..3, colour 0/1.
RANK = tuple((i % 13) + 1 for i in range(52 * MAX_DECKS))
SUIT = tuple((i % 52) // 13 for i in range(52 * MAX_DECKS))
COLOUR = tuple(1 if SUITS[(i % 52) // 13] in RED else 0 for i in range(52 * MAX_DECKS))


class Card(NamedTuple):
    """A card as the public API shows it; ``str(card)`` is its name, e.g. ``QS``."""

    rank: int
    suit: str
    deck: int
    face_up: bool

    def __str__(self) -> str:
        return RANK_NAMES[self.rank - 1] + self.suit


def card_id(rank: int, suit: str, deck: int = 0) -> int:
    return 52 * deck + 13 * SUITS.index(suit) + rank - 1


def name(cid: int) -> str:
    """Name of a card id (face-down marks are ignored): ``QS``, ``10H``."""
    if cid < 0:
        cid = ~cid
    return RANK_NAMES[cid % 13] + SUITS[(cid % 52) // 13]


def parse_rank(text: str | int) -> int:
    """`A`, `2`..`10`, `T`, `J`, `Q`, `K` or an int 1..13 → 1..13 (ValueError otherwise)."""
    if isinstance(text, int) and not isinstance(text, bool):
        if 1 <= text <= 13:
            return text
        raise ValueError(f"rank {text} is outside 1..13")
    t = str(text).strip().upper()
    if t in RANK_NAMES:
        return RANK_NAMES.index(t) + 1
    if t in _RANK_ALIASES:
        return _RANK_ALIASES[t]
    raise ValueError(f"not a rank: {text!r} (expected A, 2..10, J, Q, K)")


def parse_card(text: str) -> tuple[int, int]:
    """`QS`, `10H`, `TD`, `as` → (rank, suit index) (ValueError otherwise)."""
    t = str(text).strip().upper()
    if len(t) < 2 or t[-1] not in SUITS:
        raise ValueError(f"not a card: {text!r} (expected rank + suit, e.g. QS, 10H)")
    return parse_rank(t[:-1]), SUITS.index(t[-1])


def to_card(cid: int) -> Card:
    """The public `Card` of a stored value (negative = face down)."""
    up = cid >= 0
    if not up:
        cid = ~cid
    return Card(RANK[cid], SUITS[SUIT[cid]], cid // 52, up)
