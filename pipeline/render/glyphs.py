"""Card and pile tokens: `Q♠`, `10♥`, `░░`, `[ ]`, `Q♠×12`, as styled text segments.

A token is a tuple of `(text, style)` segments so the canvas can colour a suit without
knowing what a card is; every character is one terminal column wide.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pipeline.render.style import BACK, DIM, RED, Style

Segment = tuple[str, str | None]
Token = tuple[Segment, ...]

RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
SUIT_GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = frozenset("HD")


def rank_name(rank: int) -> str:
    return RANK_NAMES.get(rank, str(rank))


def card_token(card: Any, style: Style) -> Token:
    """A face-up card as `Q♠` (red for ♥♦), or `QS` in ASCII; a face-down one as `░░`."""
    if not getattr(card, "face_up", True):
        return (("##" if style.ascii else "░░", BACK),)
    suit = str(card.suit)
    text = rank_name(int(card.rank)) + (suit if style.ascii else SUIT_GLYPHS.get(suit, suit))
    return ((text, RED if suit in RED_SUITS else None),)


def empty_token() -> Token:
    return (("[ ]", DIM),)


def pile_token(cards: Sequence[Any], style: Style) -> Token:
    """A pile drawn in one cell: `[ ]`, its top card, or its top card and the count of
    cards in it when some are hidden underneath (`Q♠×12`, ASCII `QSx12`)."""
    if not cards:
        return empty_token()
    top = card_token(cards[-1], style)
    if len(cards) == 1:
        return top
    return (*top, (("x" if style.ascii else "×") + str(len(cards)), DIM))


def sideways(token: Token) -> Token:
    """A pile laid sideways (Pujol's «боком»): the token between angle brackets."""
    return (("<", None), *token, (">", None))


def width(token: Token) -> int:
    return sum(len(text) for text, _ in token)


def plain(token: Token) -> str:
    return "".join(text for text, _ in token)
