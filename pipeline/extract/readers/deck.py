"""Readers of the deck islands: packs, cards withdrawn or set aside, the centre card.

One method per island rule (its name), over the island's tokens; `SAYS` lists the islands
whose every match says the same fact."""

from __future__ import annotations

from typing import Any, ClassVar

from pipeline.extract.readers.base import Reader, over_tokens
from pipeline.extract.readers.common import num_at

# cards that are whole packs: «тридцать шесть карт», «104 карты»
PACK_CARDS = (32, 36, 52, 104, 156, 208)


def packs_of(cards: int | None) -> list[tuple[str, Any]]:
    """The packs a number of cards is, if it is whole packs («104 карты»: two)."""
    return [("decks", max(1, cards // 52))] if cards in PACK_CARDS else []


class DeckReader(Reader):
    SAYS: ClassVar[dict[str, tuple[str, Any]]] = {"deck_double": ("decks", 2)}  # «двойной»

    @over_tokens
    def decks(self, t):
        n = num_at(t, "NUM") or 1  # «полная колода»: one
        return [("decks", max(1, n // 52) if n > 8 else n)]  # «колода из 52 карт»: one

    @over_tokens
    def deck_cards(self, t):
        """«играют тридцатью шестью картами»: packs by their cards (a pack's count only)."""
        return packs_of(num_at(t, "NUM"))

    @over_tokens
    def stock_cards(self, t):
        return [("stock.cards", num_at(t, "NUM"))]

    @over_tokens
    def set_aside(self, t):
        return [("setup.aside", (num_at(t, "NUM"), num_at(t, "RANK")))]

    @over_tokens
    def centre(self, t):
        return [("setup.centre", True)]

    @over_tokens
    def centre_alone(self, t):
        return [("setup.centre_alone", num_at(t, "RANK"))]
