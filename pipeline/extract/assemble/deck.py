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


def decks(led: Ledger, packs: int | None = None) -> Deck:
    """The number of packs; `packs`: the packs the deal needs where no deck line says
    (`assemble._packs_for_deal`)."""
    decks_cited = led.first("decks")
    led.spec["decks"] = (
        decks_cited.fact.value if decks_cited and decks_cited.fact.value in (1, 2, 3, 4) else 1
    )
    if decks_cited:
        led.cite("decks", decks_cited)
    elif packs:
        led.spec["decks"] = packs
        led.default("decks", f"no deck line: {packs} packs, the fewest that hold the deal")
    else:
        led.default("decks", "no deck line: one pack")
    return Deck(decks_cited)


# facts by which the text deals the stock itself in play (rows when stuck, turned), and
# those and a redeal
_STOCK_IN_PLAY = ("deal.next_round", "deal.until_empty", "turn.count", "turn.recycle")
_STOCK_DEALT = (*_STOCK_IN_PLAY, "redeal.")


def packs_for_deal(led: Ledger, dealt: tuple[int, int, bool]) -> int | None:
    """Choose the reading by coherence: a text that names no pack but deals more cards than
    one holds (ten columns of 54 cards) is played with the fewest packs that hold the deal,
    when the cards left are the stock it counts («ещё 50 карт»), none, or a stock it deals
    (rows when stuck). Else None: the contradiction stays (`coherence.check`).
    `dealt`: `coherence.dealt` of the draft."""
    _, left, dealt_all = dealt
    if left >= 0:
        return None
    shares = [int(st.get("per_pile") or 1) for st in led.spec.get("deal") or []]
    turned = any(c.fact.key.startswith(_STOCK_IN_PLAY) for c in led.facts)
    if shares and -left < max(shares) and not turned:
        # «все карты раскладываются веерами по три, всего восемнадцать вееров»: the pack runs
        # out within the last pile's share, which the text leaves short («последний веер из
        # одной карты»), and no rule deals a stock: no second pack
        return None
    counted = led.first("stock.cards")
    said = dealt_all or any(c.fact.key.startswith(_STOCK_DEALT) for c in led.facts)
    decks = int(led.spec.get("decks") or 1)
    for k in range(decks + 1, 5):
        rest = left + 52 * (k - decks)
        if rest < 0:
            continue
        if (counted and rest == counted.fact.value) or rest == 0 or (said and not counted):
            return k
        return None
    return None


def withdrawn(led: Ledger, fd: Foundations) -> None:
    """Cards put out of play, and a centre card."""
    aside = led.first("setup.aside")
    centre = led.first("setup.centre")
    if aside and aside.fact.value[0]:
        n, r = aside.fact.value
        led.piles["out"] = {"role": "out"}
        led.setup.append({"take": {"ranks": [r] if r else [13], "count": n}, "to": "out"})
        i = len(led.setup) - 1
        led.cite(f"setup[{i}].to", aside)
        if r:
            led.cite(f"setup[{i}].take", aside)
        else:
            led.derive(
                f"setup[{i}].take",
                aside,
                how=f"{n} cards set aside, their rank unnamed: kings",
            )
        extra = (
            sum(k for k, rr in fd.taken if rr == r)
            - n
            - sum(s["take"]["count"] for s in led.setup[:-1] if s["take"].get("ranks") == [r])
        )
        if centre and extra > 0:
            led.piles["centre"] = {"role": "inert"}
            led.setup.append({"take": {"ranks": [r], "count": extra}, "to": "centre"})
            led.cite(f"setup[{len(led.setup) - 1}].to", centre)
            led.derive(
                f"setup[{len(led.setup) - 1}].take",
                fd.take_cite,
                aside,
                how=f"of the cards taken out, the {extra} not set aside",
            )
            led.cite("piles.centre.role", led.first("setup.centre_alone"))
