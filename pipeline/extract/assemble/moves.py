"""Moves area: play to the foundations, building on the layout (direction, suit and
colour, runs, wrap, where), from talon, reserve and cells, shifting, routes and exchange,
the turn of the stock."""

from __future__ import annotations

from typing import Any

from pipeline.extract.assemble.deal import Deal
from pipeline.extract.assemble.foundations import Foundations
from pipeline.extract.assemble.layout import Layout
from pipeline.extract.assemble.ledger import READINGS, Ledger
from pipeline.extract.assemble.stock import Stock, turned_back


def _ranks(value: int | list[int]) -> list[int]:
    """`build.empty`'s ranks: one rank, or those said together («короля или даму»)."""
    return sorted(value) if isinstance(value, list) else [value]


def moves(led: Ledger, fd: Foundations, ly: Layout, st: Stock, dl: Deal) -> None:
    """The move rules."""
    sources = (
        list(ly.tab_ids)
        + (["talon"] if "talon" in led.piles else [])
        + (["exiles"] if st.match else [])
        + (["cells"] if st.cells else [])
        + (["reserve"] if ly.reserve else [])
        + (["stock", "wastes"] if ly.wastes else [])
    )
    if dl.deal_time and "corners" in led.piles:
        # during the deal a corner card goes to any foundation, a side card only beside it
        anywhere, beside = (
            led.first("deal.corners_anywhere"),
            led.first("deal.sides_adjacent"),
        )
        led.moves["corner-deal"] = {"from": ["corners"], "to": list(fd.found_ids), "phase": "deal"}
        led.cite("moves.corner-deal.to", anywhere)
        led.derive(
            "moves.corner-deal.phase",
            anywhere,
            *dl.deal_time,
            how="corner cards go to the foundations as they are dealt",
        )
        led.moves["side-deal"] = {"from": ["sides"], "to": list(fd.found_ids), "phase": "deal"}
        if beside:
            led.moves["side-deal"]["pairs"] = "adjacent"
            led.cite("moves.side-deal.pairs", beside)
        led.cite("moves.side-deal.phase", beside)
        led.moves["play"] = {"from": sources, "to": list(fd.found_ids), "phase": "play"}
        led.cite("moves.play.phase", dl.after_deal)
    else:
        led.moves["play"] = {
            "from": sources,
            "to": list(fd.found_ids),
            "phase": "any" if dl.during else "play",
        }
        if dl.during:
            led.cite("moves.play.phase", *dl.during)
        else:
            led.default("moves.play", "cards are played to the foundations after the deal")
    if dl.play_rank and dl.play_rank.fact.value:
        rank = dl.play_rank.fact.value
        name = {1: "aces", 13: "kings"}.get(rank, f"rank-{rank}") + "-while-dealing"
        led.moves[name] = {
            "from": list(ly.tab_ids),
            "to": list(fd.found_ids),
            "phase": "deal",
            "cards": {"ranks": [dl.play_rank.fact.value]},
        }
        led.cite(f"moves.{name}", dl.play_rank)
    shift_suit = led.first("shift.suit")
    if (dl.after_deal or shift_suit) and ly.tab_ids:
        # moves from place to place; the text gives the suit, not the direction
        led.moves["shift"] = {
            "from": list(ly.tab_ids),
            "to": list(ly.tab_ids),
            "phase": "play",
            "build": {"direction": "both", "suit": "same"},
        }
        led.cite("moves.shift.phase", dl.after_deal)
        led.cite("moves.shift.build", shift_suit)
        # «только не с основных мест»: the shift takes from the layout alone
        led.cite("moves.shift.from", led.first("shift.not_from_foundation"))
    build = led.first("build.direction")
    from_only = led.first("marry.from_tableau_only")
    middle = led.first("marry.middle")
    alternate = led.first("build.suit")
    if led.first("marry.none"):
        build = None
        led.cite("moves", led.first("marry.none"), note="no marriage (building on the layout)")
    elif alternate and not build:
        build = alternate  # building is described by its colours only: down, as is usual
    between = None
    if not build and not led.first("marry.none"):
        between = led.first("build.between")
        run = led.first("build.run")
        if not between and run and run.fact.value is True:
            # «перемещайте открытую карту со всеми картами ниже»: a run moves onto another
            # pile, so cards move from pile to pile; no way said: down, as is usual
            between = run
        build = between  # cards move from pile to pile, no way said: down, as is usual
    if build and ly.tab_ids:
        direction = build.fact.value if build.fact.key == "build.direction" else "down"
        same = led.first("suit.same", led.of_building)
        said_any = led.first("suit.any", led.of_building)
        any_suit = None if alternate or same else said_any
        suit = alternate.fact.value if alternate else "any" if any_suit else "same"
        marry: dict[str, Any] = {
            "from": list(ly.tab_ids),
            "to": list(ly.tab_ids),
            "build": {"direction": direction, "suit": suit},
        }
        # two statements of the building's suit: the one used, the others a variant each
        said = [(alternate.fact.value, alternate)] if alternate else []
        said += [("same", same)] if same else []
        said += [("any", said_any)] if said_any else []
        for value, cited in led.clash("building suit", said):
            led.variants.append(
                {
                    "label": f"building-{value}",
                    "note": f"building {value} as {cited.sentence.id} says",
                    "sentence": cited.sentence.id,
                    "paths": {"moves.marry.build": {"direction": direction, "suit": value}},
                }
            )
        if between:
            led.default(
                "moves.marry.build.direction",
                "building down: the text moves cards from pile to pile but names no way",
            )
        led.cite("moves.marry.build", build, alternate, same, any_suit)
        empty = led.first("build.empty")
        if empty and empty.fact.value:
            marry["build"]["empty"] = _ranks(empty.fact.value)
            led.cite("moves.marry.build.empty", empty)
        run = led.first("build.run")
        if run:
            marry["run"] = run.fact.value
            led.cite("moves.marry.run", run)
        wrap = led.first("build.wrap")
        if wrap:  # «за тузом может следовать король»
            marry["build"]["wrap"] = True
            led.cite("moves.marry.build.wrap", wrap)
        if from_only:
            led.cite("moves.marry.from", from_only)
        if middle:
            (label, depth), (alt_label, alt_depth) = READINGS["marry.middle"]
            marry["source_depth"] = dict(depth)
            marry["target_depth"] = dict(depth)
            note = f"two readings: {label} (used) or {alt_label} (variant)"
            led.cite(
                "moves.marry.source_depth",
                middle,
                led.first("marry.inner_play_only"),
                note=note,
            )
            led.cite("moves.marry.target_depth", middle, note=note)
            led.variants.append(
                {
                    "label": "middle-only",
                    "note": alt_label,
                    "sentence": middle.sentence.id,
                    "paths": {
                        "moves.marry.source_depth": alt_depth,
                        "moves.marry.target_depth": alt_depth,
                    },
                }
            )
        led.moves["marry"] = marry
        if ly.reserve is not None and not from_only and not led.first("reserve.only_foundations"):
            # a reserve's cards go where the layout's go: onto the layout too
            led.moves["marry-reserve"] = {
                "from": ["reserve"],
                "to": list(ly.tab_ids),
                "build": dict(marry["build"]),
            }
            led.cite("moves.marry-reserve", ly.reserve[1])
        if (
            st.talon
            and st.talon.fact.key == "talon"
            and st.talon.fact.value["marriage"]
            and not from_only
        ):
            led.moves["marry-talon"] = {
                "from": ["talon"],
                "to": list(ly.tab_ids),
                "build": dict(marry["build"]),
            }
            if "target_depth" in marry:
                led.moves["marry-talon"]["target_depth"] = dict(marry["target_depth"])
            led.cite("moves.marry-talon", st.talon)
        elif st.talon and st.talon.fact.key == "turn.count" and not from_only:
            # a talon the text forms by turning the stock, its use unsaid: its top card
            # builds like the layout's, as where the talon is assumed (`stock.undealt`)
            led.moves["marry-talon"] = {
                "from": ["talon"],
                "to": list(ly.tab_ids),
                "build": dict(marry["build"]),
            }
            led.default("moves.marry-talon", "the talon's top card builds like the layout's")
    elif ly.tab_ids and not led.first("marry.none"):
        empty = led.first("build.empty")
        building = [t for t in ly.tab_ids if led.piles[t]["role"] == "tableau"]
        if empty and empty.fact.value and building:
            # «на пустое место можно класть только короля» and no building said: the rank
            # moves into the layout's spaces, and nowhere else on it
            led.moves["space"] = {
                "from": list(building),
                "to": list(building),
                "build": {"direction": "any", "suit": "any", "empty": _ranks(empty.fact.value)},
                "target_depth": {"min": 0, "max": 0},  # into an empty pile only
            }
            led.cite("moves.space", empty)
    route = led.first("route")
    if (
        route
        and st.match
        and len(ly.tab_ids)
        and sum(led.piles[t]["count"] for t in ly.tab_ids) == 13
    ):
        # the exiled cards go, one by one, under the pile of their own rank
        chains = led.all("route.chain")
        released = [c for c in chains if c.fact.value == "until-released"]
        chain = released[0] if released else (chains[0] if chains else None)
        rmove: dict[str, Any] = {"kind": "route", "from": "exiles", "to": list(ly.tab_ids)}
        position, stuck = led.first("route.position"), led.first("route.when_stuck")
        if position:
            rmove["position"] = position.fact.value
        if chain:
            rmove["chain"] = chain.fact.value
        if stuck:
            rmove["when"] = {"none_of": ["play"]}
        led.moves["exile-chain"] = rmove
        led.cite("moves.exile-chain.to", route, *led.all("route.by_rank"))
        led.cite("moves.exile-chain.position", position)
        # «пока все ссыльные не выйдут»: the chain goes on until they are out
        led.cite("moves.exile-chain.chain", *released, *chains, *led.all("route.repeat"))
        led.cite("moves.exile-chain.when", stuck)
    exch = led.first("exchange")
    ups = [g for g in fd.found_ids if led.piles[g]["foundation"]["direction"] == "up"]
    downs = [g for g in fd.found_ids if led.piles[g]["foundation"]["direction"] == "down"]
    if exch and ups and downs:
        led.moves["exchange"] = {"from": ups[0], "to": downs[0], "limit": exch.fact.value or 1}
        led.cite("moves.exchange", exch)
    if ly.wastes:
        # each card turned goes to a foundation or onto a waste pile of his choosing
        led.moves["to-waste"] = {"from": ["stock"], "to": ["wastes"]}
        led.cite("moves.to-waste", ly.wastes)
    if "talon" in led.piles:
        turn_n = led.first("turn.count")
        led.moves["turn"] = {
            "kind": "turn",
            "from": "stock",
            "to": "talon",
            "count": turn_n.fact.value if turn_n and turn_n.fact.value else 1,
            "recycle": 0,
        }
        if turn_n:
            led.cite("moves.turn.count", turn_n)
        recycle = led.first("turn.recycle")
        if recycle and recycle.fact.value is not None:  # 0: the talon is not turned again
            led.moves["turn"]["recycle"] = recycle.fact.value
            led.cite("moves.turn.recycle", recycle)
        else:
            turned_back(led, led.moves["turn"])
        if st.talon:
            led.cite("moves.turn", st.talon)
        else:
            led.cite("piles.talon", st.named)
            led.default(
                "moves.turn", "a talon is named: the pack is turned onto it one card at a time"
            )
    if st.cells:
        # a cell takes any card of the layout while it is empty, and gives it back to
        # the layout by the building rule
        led.moves["to-cell"] = {
            "from": list(ly.tab_ids),
            "to": ["cells"],
            "build": {"direction": "down", "suit": "any", "empty": "any"},
        }
        led.cite("moves.to-cell", st.cells)
        if "marry" in led.moves:
            led.moves["marry-cells"] = {
                "from": ["cells"],
                "to": list(ly.tab_ids),
                "build": dict(led.moves["marry"]["build"]),
            }
            led.cite("moves.marry-cells", st.cells)
    led.spec["moves"] = led.moves
