"""Deck area: the number of packs, and the cards put out of play (withdrawn, set aside,
the centre card)."""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.extract.assemble.foundations import Foundations
from pipeline.extract.assemble.ledger import Cited, Ledger


@dataclass(frozen=True)
class Deck:
    """What the deck area hands on: the words that state the packs (None: not stated)."""

    decks_cited: Cited | None


def decks(led: Ledger) -> Deck:
    """The number of packs."""
    decks_cited = led.first("decks")
    led.spec["decks"] = (
        decks_cited.fact.value if decks_cited and decks_cited.fact.value in (1, 2, 3, 4) else 1
    )
    if decks_cited:
        led.cite("decks", decks_cited)
    else:
        led.default("decks", "no deck line: one pack")
    return Deck(decks_cited)


def withdrawn(led: Ledger, fd: Foundations) -> None:
    """Cards put out of play, and a centre card."""
    aside = led.first("setup.aside")
    centre = led.first("setup.centre")
    if aside and aside.fact.value[0]:
        n, r = aside.fact.value
        led.piles["out"] = {"role": "out"}
        led.setup.append({"take": {"ranks": [r] if r else [13], "count": n}, "to": "out"})
        led.cite(f"setup[{len(led.setup) - 1}].to", aside)
        extra = (
            sum(k for k, rr in fd.taken if rr == r)
            - n
            - sum(s["take"]["count"] for s in led.setup[:-1] if s["take"].get("ranks") == [r])
        )
        if centre and extra > 0:
            led.piles["centre"] = {"role": "inert"}
            led.setup.append({"take": {"ranks": [r], "count": extra}, "to": "centre"})
            led.cite(f"setup[{len(led.setup) - 1}].to", centre)
            led.cite("piles.centre.role", led.first("setup.centre_alone"))
