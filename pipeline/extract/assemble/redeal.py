"""Redeal area: gathering the layout and dealing again (how often, when, in what order,
shuffled or not), or the talon turned over as the pack dealt again."""

from __future__ import annotations

from pipeline.extract.assemble.layout import Layout
from pipeline.extract.assemble.ledger import Cited, Ledger


def _unlimited(led: Ledger) -> Cited | None:
    """A count of passes said to have no limit («сколько угодно раз», «пересдач не
    ограничено», «без ограничений»): read as the talon's (`turn.recycle`) where one is turned,
    else it is the redeal's."""
    return led.first("turn.recycle", lambda c: c.fact.value == "unlimited")


def passes_counted(deals: Cited | None) -> bool:
    """Whether the deals are counted by the text (not only «again»)."""
    return deals is not None and deals.fact.key == "redeal.deals"


def redeal(led: Ledger, ly: Layout) -> None:
    """Gathering and dealing again."""
    rnone = led.first("redeal.none")
    deals = led.first("redeal.deals") or led.first("redeal.again")  # again: once more
    n_deals = (deals.fact.value if passes_counted(deals) else 2) if deals else 0
    if deals and deals.fact.key == "redeal.again":
        # «… собирают и раскладывают заново. Так можно сделать два раза.»: the count said
        # alone after the deal again counts the deals after the first
        after = [
            c
            for c in led.all("turn.back_times")
            if led.sentence_before(c.sentence.id) == deals.sentence.id
        ]
        if after and isinstance(after[0].fact.value, int):
            deals, n_deals = after[0], after[0].fact.value + 1
    fewer = led.first("redeal.fewer")
    per = led.first("deal.per_pile")
    if fewer and per and fewer.fact.value and not passes_counted(deals):
        # «в каждой следующей сдаче на одну карту меньше»: passes until one card a pile
        deals, n_deals = fewer, 1 + (per.fact.value - 1) // fewer.fact.value
    passes = led.all("redeal.pass")
    if passes and 1 + len(passes) > (n_deals or 0):
        # «по четыре карты, потом по три, потом по две»: each pass of fewer cards is one
        # more deal (the cards of each are not stated by the spec)
        deals, n_deals = passes[0], 1 + len(passes)
    turn = led.moves.get("turn")
    unlimited = _unlimited(led) if turn is None else None
    stock_rows = any(s.get("next_round") in ("stuck", "choice") for s in led.spec["deal"])
    if (
        not deals
        and unlimited
        and (led.first("redeal.when") or led.first("redeal.shuffle") or stock_rows)
    ):
        # «когда ходов нет, карты собирают и раскладывают снова, сколько угодно раз»: with no
        # talon to turn, the passes without limit are the layout's deals; so they are where
        # the stock deals the layout rows («пересдач не ограничено» after rows dealt from it)
        deals, n_deals = unlimited, 2
    if (
        deals
        and not rnone
        and (n_deals or 0) >= 2
        and turn is not None
        and led.first("redeal.of_deck")
        and not led.first("turn.recycle")
        and not led.first("redeal.gather")
    ):
        # the pack turned onto a talon is "dealt again", no layout gathered: the talon
        # becomes the pack again (its passes), not a new deal of the layout
        turn["recycle"] = n_deals - 1
        led.cite("moves.turn.recycle", deals)
        led.spec["redeal"] = None
        led.default("redeal", "the pack dealt again is the talon turned over")
        return
    if deals and not rnone and (n_deals or 0) >= 2 and ly.tab_ids:
        gather = ly.deal_order or [
            f"{t}.{n}" for t in ly.tab_ids for n in range(1, led.piles[t]["count"] + 1)
        ]
        halves, between = (
            led.first("redeal.gather_halves"),
            led.first("redeal.gather_between"),
        )
        if halves and between and between.fact.value and halves.fact.value:
            h, k = halves.fact.value, between.fact.value
            if 2 * h + 1 == len(gather) and 1 <= k <= len(gather):
                rest = [p for i, p in enumerate(gather, start=1) if i != k]
                gather = [*rest[:h], gather[k - 1], *rest[h:]]
                led.cite("redeal.gather", halves, between)
        led.spec["redeal"] = {
            "times": n_deals - 1,
            "when": "stuck",  # "when nothing more can be done" (the default when not stated)
            "gather": gather,
            "shuffle": False,
            "deal": [s["id"] for s in led.spec["deal"]],
        }
        led.cite("redeal.times", deals, led.first("redeal.unless_won"))
        if unlimited and deals.fact.key != "redeal.deals":
            # «пересдавать можно сколько угодно раз», no talon to turn, and no count said
            # (a count said elsewhere is the rule; «иные играют без ограничения» a variant)
            led.spec["redeal"]["times"] = "unlimited"
            led.cite("redeal.times", unlimited)
        when = led.first("redeal.when")
        reversible = any(
            isinstance(m.get("build"), dict) and m["build"].get("direction") == "both"
            for m in led.moves.values()
        )
        if when and reversible:
            # "when nothing more can be done": with moves that can always be undone the
            # position is never stuck, so it is the player's judgement
            led.spec["redeal"]["when"] = "always"
            led.cite(
                "redeal.when",
                when,
                note="the layout's moves can be undone, so the game "
                "is never stuck: the player judges when nothing more can be done",
            )
        led.cite("redeal.when", when)
        if not when:
            led.default("redeal.when", "no time named: dealt again when nothing more can be done")
        fewer_cards = deals.fact.key in ("redeal.pass", "redeal.fewer")
        led.cite(
            "redeal.deal",
            deals,
            note="each pass deals fewer cards to a pile: the spec states the passes, "
            "not each one's cards"
            if fewer_cards
            else None,
        )
        shuffle = led.first("redeal.shuffle")
        if shuffle:
            led.spec["redeal"]["shuffle"] = shuffle.fact.value
            led.cite("redeal.shuffle", shuffle)
        else:
            led.default("redeal.shuffle", "the gathered cards are dealt again without shuffling")
        led.cite("redeal.gather", led.first("redeal.gather"))
        led.default("redeal.gather", "no order named: the piles are gathered as they were dealt")
    else:
        led.spec["redeal"] = None
        if rnone:
            led.cite("redeal", rnone)
        else:
            led.default("redeal", "no second deal is mentioned")
