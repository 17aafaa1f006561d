"""Crafted deals named by what lies where, turned into the deal order the engine takes."""

from __future__ import annotations

import random

# Klondike's triangle deal puts the 1st, 8th, 14th, 19th, 23rd, 26th and 28th card of the
# order on top of columns 1-7; the 29th card is the first the stock turns
_KLONDIKE_TOPS = (0, 7, 13, 18, 22, 25, 27)


def klondike_order(column_tops: list[str], face_down: list[str], stock: list[str]) -> list[str]:
    """The order that deals `column_tops` face up on columns 1-7, `face_down` under them
    in the order they are dealt, and `stock` as the stock, first card turned first."""
    tops = iter(column_tops)
    down = iter(face_down)
    return [next(tops) if i in _KLONDIKE_TOPS else next(down) for i in range(28)] + stock


_DOWN = ["K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"]


def crossed() -> list[str]:
    """For `spec_games.four_suit_runs`: each column K to 7 of one suit under 6 to A of
    another: spades over hearts, hearts over spades, diamonds over clubs, clubs over
    diamonds."""
    order = []
    for top, bottom in (("S", "H"), ("H", "S"), ("D", "C"), ("C", "D")):
        order += [r + top for r in _DOWN[:7]] + [r + bottom for r in _DOWN[7:]]
    return order


def nearly_sorted(k: int) -> list[str]:
    """Deal `k` of small test deals: the crossed deal with a seeded swap of two cards."""
    order = crossed()
    rng = random.Random(k)
    i, j = rng.randrange(52), rng.randrange(52)
    order[i], order[j] = order[j], order[i]
    return order
