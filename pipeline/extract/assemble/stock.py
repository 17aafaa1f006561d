"""Stock area: stock, talon and waste piles, the reserve's and the cells' piles, the
exiles; where the groups are drawn; packs enough for the cards withdrawn."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from pipeline.extract.assemble.coherence import dealt, stock_dealt
from pipeline.extract.assemble.deck import Deck
from pipeline.extract.assemble.foundations import Foundations
from pipeline.extract.assemble.layout import Layout
from pipeline.extract.assemble.ledger import Cited, Ledger, packs_needed


@dataclass(frozen=True)
class Stock:
    """What the stock area hands on."""

    talon: Cited | None  # how the talon forms
    named: Cited | None  # a talon spoken of
    cells: Cited | None
    match: Cited | None  # exiles: a card matching the count


def stock(led: Ledger, dk: Deck, fd: Foundations, ly: Layout) -> Stock:
    """Stock, talon and reserve; where groups are drawn; enough packs for the cards taken."""
    led.piles["stock"] = {"role": "stock"}
    # a sentence that sends the talon's top card to the layout says it, wherever it is
    talons = led.all("talon")
    talon = next((c for c in talons if c.fact.value["marriage"]), None) or (
        talons[0] if talons else led.first("turn.count")
    )
    talon_named = led.first(
        "talon.named"
    )  # a talon the rules speak of, without saying how it forms
    no_talon = led.first("talon.none")
    if no_talon:
        talon = talon_named = None
        led.used.setdefault(no_talon.sentence.id, []).append("piles (no talon)")
    if ly.wastes:  # «шесть пачек талона»: the talon in several piles
        led.piles["wastes"] = {"role": "talon", "count": ly.wastes.fact.value}
        led.cite("piles.wastes.count", ly.wastes)
    elif talon or talon_named:
        led.piles["talon"] = {"role": "talon"}
    if ly.reserve is not None:
        shape, named = ly.reserve
        count = shape.fact.value["count"] if shape else 1
        led.piles["reserve"] = {"role": "reserve", "count": count or 1, "face": "up"}
        led.cite("piles.reserve.role", named)
        led.cite("piles.reserve.count", shape)
        if not shape:
            led.default("piles.reserve.count", "a reserve named, no piles counted: one pile")
        led.default("piles.reserve.face", "no face named: the reserve's cards lie face up")
    cells = led.first("cells") or ly.cells
    into = led.first("cells.dealt")
    if cells is None and into is not None and into.fact.value:
        # «последние две карты кладутся во временные поля» and no count of the cells: one
        # card to each, as many cells as cards
        cells = replace(into, fact=replace(into.fact, key="cells"))
    if cells:  # places that hold one card each, any card, taken back at any time
        led.piles["cells"] = {
            "role": "reserve",
            "count": cells.fact.value,
            "capacity": 1,
            "face": "up",
        }
        led.cite("piles.cells.count", cells)
        led.cite("piles.cells.capacity", cells)
        led.derive(
            "piles.cells.face", cells, how="a cell's card is one the player may take: face up"
        )
    match = led.first("count.match")
    if match:
        face = match.fact.value["face"]
        looked_at = led.first("route.chain")
        if face == "down" and looked_at and looked_at.fact.value == "not-playable":
            # laid face down, but the top one is taken and played when it fits a foundation
            face = "up"
            led.cite(
                "piles.exiles.face",
                looked_at,
                match,
                note="laid face down (the second "
                "sentence), but the top exile is looked at and played when it fits "
                "(the first): its top card is in play, face up",
            )
        led.piles["exiles"] = {"role": "reserve", "face": face}
        led.cite("piles.exiles.face", match)
        # layout of the foundations and the rest: a row each, out of the tableau's way
    x = 0
    for gid in fd.found_ids:
        if "layout" not in led.piles[gid]:
            led.piles[gid]["layout"] = {"shape": "row", "at": [x, 0]}
            x += led.piles[gid]["count"] + 1
    if "reserve" in led.piles:
        led.piles["reserve"]["layout"] = {"shape": "row", "at": [0, 12]}
    if "wastes" in led.piles:
        led.piles["wastes"]["layout"] = {"shape": "row", "at": [0, 14]}
    for gid in ("stock", "talon", "exiles", "out", "centre"):
        if gid in led.piles:
            led.piles[gid]["layout"] = {"shape": "point", "at": [x, 0]}
            x += 1
    if cells:
        led.piles["cells"]["layout"] = {"shape": "row", "at": [x, 0]}
    led.spec["piles"] = {
        k: led.piles[k]
        for k in [*fd.found_ids, *ly.tab_ids]
        + [
            k
            for k in ("reserve", "exiles", "stock", "talon", "wastes", "out", "centre", "cells")
            if k in led.piles
        ]
    }
    led.spec["setup"] = led.setup
    # the cards taken out must exist: a scan that lost its deck line (or a text that says one
    # pack and takes eight aces) gets as many packs as the taking needs, and says so
    need = packs_needed(led.setup)
    if need > led.spec["decks"]:
        if dk.decks_cited:
            led.conflicts.append(
                {
                    "fact": "decks",
                    "kept": {"sentence": None, "value": need},
                    "other": [{"sentence": dk.decks_cited.sentence.id, "value": led.spec["decks"]}],
                }
            )
        led.spec["decks"] = need
        led.prov.pop("decks", None)
        led.gaps = [g for g in led.gaps if g != "decks"]
        led.default("decks", f"no deck line: {need} packs, as many as the cards taken out need")
    return Stock(talon=talon, named=talon_named, cells=cells, match=match)


def undealt(led: Ledger) -> None:
    """Cards the deal leaves in the stock with no move, fill or redeal that deals them: the
    coherent reading is the usual one, the stock turned a card at a time onto a talon whose
    top card plays like the layout's (a default, printed as assumed); one pass."""
    spec = led.spec
    _, left, dealt_all = dealt(spec)
    if left <= 0 or dealt_all or stock_dealt(spec) or "talon" in led.piles:
        return
    # (a layout that is only a reserve, «углы креста», plays from its piles all the same)
    laid = [g for g, p in led.piles.items() if p["role"] in ("tableau", "reserve")]
    if not laid:
        return
    said = led.first("cond.all_dealt") or led.first("talon.none")
    if said:
        # «колоды в руках не остается», «талона нет»: the usual reading is the one the text
        # rules out, so the cards left are the draft's contradiction, not a turned stock
        led.gaps.append(
            f"contradiction: {left} cards stay in the stock after the deal, but "
            f"{said.sentence.id} says no stock is left to turn"
        )
        return
    led.piles["talon"] = {"role": "talon", "layout": {"shape": "point", "at": [1, 0]}}
    spec["piles"]["talon"] = led.piles["talon"]
    turn: dict[str, Any] = {"kind": "turn", "from": "stock", "to": "talon", "count": 1}
    turn["recycle"] = 0
    led.moves["turn"] = turn
    why = f"{left} cards stay in the stock and the text deals them no other way"
    led.default("moves.turn", f"turned onto a talon: {why}")
    count, recycle = led.first("turn.count"), led.first("turn.recycle")
    if count and count.fact.value:  # «по три карты»
        turn["count"] = count.fact.value
        led.cite("moves.turn.count", count)
    if recycle and recycle.fact.value is not None:  # «колода перелистывается … три раза»
        turn["recycle"] = recycle.fact.value
        led.cite("moves.turn.recycle", recycle)
    else:
        turned_back(led, turn)
    play = led.moves.get("play")
    if play is not None and "talon" not in play["from"]:
        play["from"] = [*play["from"], "talon"]
    if "marry" in led.moves:
        led.moves["marry-talon"] = {
            "from": ["talon"],
            "to": list(led.moves["marry"]["to"]),
            "build": dict(led.moves["marry"]["build"]),
        }
        led.default("moves.marry-talon", "the talon's top card builds like the layout's")
    spec["moves"] = led.moves


def turned_back(led: Ledger, turn: dict[str, Any]) -> None:
    """«Отбой переворачивается обратно в колоду» and no count of passes: the talon becomes the
    stock again as often as the player likes, an assumption printed as such (the text says it
    is turned back, not how often)."""
    back = led.first("turn.back")
    if back is None:
        return
    times = [
        c
        for c in led.all("turn.back_times")
        if led.sentence_before(c.sentence.id) == back.sentence.id
    ]
    if times:  # «… сброс переворачивают и снова используют. Но так можно делать только один раз.»
        turn["recycle"] = times[0].fact.value
        led.cite("moves.turn.recycle", back, times[0])
        return
    turn["recycle"] = "unlimited"
    led.default(
        "moves.turn.recycle",
        f"the talon is turned back into the stock ({back.sentence.id}) and no limit is said: "
        "as often as the player likes",
    )
