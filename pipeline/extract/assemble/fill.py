"""Fill area: how a space is filled (from where, when, up to how many cards, in what
order), or that it is not."""

from __future__ import annotations

import copy
from typing import Any

from pipeline.extract.assemble.deal import Deal
from pipeline.extract.assemble.layout import Layout
from pipeline.extract.assemble.ledger import Cited, Ledger
from pipeline.extract.assemble.stock import Stock


def fill(led: Ledger, ly: Layout, st: Stock, dl: Deal) -> None:
    """How spaces are filled."""
    # a layout group made a reserve (it only gives cards) has no spaces to fill
    building = [t for t in ly.tab_ids if led.piles[t]["role"] == "tableau"]
    fill_src = led.all("fill.sources") if building else []
    fallback = {c.sentence.id for c in led.all("cond.stock_out") if c.fact.island == "fill_then"}
    named = [c for c in fill_src if not _any_card(c) or _with_fallback(c, fallback)]
    if named and len(named) < len(fill_src):
        # a space filled from a named source (the reserve, the stock), and any card said
        # too: the named source is the rule, any card a later phase or a general permission
        # («после этого любая карта … в любое пустое место»)
        fill_src = named
    none = led.first("fill.none")
    if fill_src and not none and not named and _space_takes_any(led, fill_src, building):
        led.spec["fill"] = {}  # the building moves take any card into a space instead
    elif fill_src and not none:
        kinds: list[str] = []
        for c in fill_src:
            for k in c.fact.value:
                if k not in kinds:
                    kinds.append(k)
        for c in led.all("fill.not_from"):
            kinds = [k for k in kinds if k not in c.fact.value]
        names = {
            "stock": ["stock"],
            "talon": ["wastes"] if ly.wastes else ["talon"] if st.talon else [],
            "tableau": list(ly.tab_ids),
            "reserve": ["exiles"] if st.match else ["reserve"] if ly.reserve else [],
        }
        src_from = [p for k in kinds for p in names.get(k, [])]
        if "talon" in src_from and "stock" in src_from:
            src_from = ["talon", "stock"] + [p for p in src_from if p not in ("talon", "stock")]
        rule: dict[str, Any] = {"sources": [{"from": src_from or ["stock"]}]}
        if not src_from and kinds:
            # «… картой из резерва» where the draft has no reserve: the stock stands in, said
            led.default(
                f"fill.{ly.tid}.sources",
                f"spaces are filled from the {' or '.join(kinds)}, which the draft does not "
                "have: from the stock",
            )
        from_layout = [p for p in src_from if p in ly.tab_ids]
        if from_layout:
            # a card alone in its pile would only carry the gap elsewhere (and with such
            # moves a position is never stuck): the layout gives cards from fuller piles
            rest = [p for p in src_from if p not in from_layout]
            layout = {"from": from_layout, "not_alone": True}
            rule["sources"] = [{"from": rest}, layout] if rest else [layout]
        batch = led.first("fill.timing")
        deal_ids = {c.sentence.id for c in dl.during}
        at_once = [c for c in led.all("fill.at_once") if c.sentence.id in deal_ids]
        if batch and at_once:
            # a space made during the deal is filled at once; in play, after the plays
            rule["timing"] = {"deal": "immediate", "play": batch.fact.value}
            led.cite(f"fill.{ly.tid}.timing", *at_once, *led.all("fill.timing"))
        elif batch:
            rule["timing"] = batch.fact.value
            led.cite(f"fill.{ly.tid}.timing", *led.all("fill.timing"))
        elif led.all("fill.at_once") and kinds != ["tableau"]:
            rule["timing"] = "immediate"  # «как только окажется пустое место, его заполняют»
            led.cite(f"fill.{ly.tid}.timing", *led.all("fill.at_once"))
        elif kinds == ["tableau"]:
            rule["timing"] = "optional"  # a card moved from the layout is the player's choice
            led.default(f"fill.{ly.tid}.timing", "a space filled from the layout: when he chooses")
        up_to = led.first("fill.up_to")
        full = led.first("fill.full")
        if up_to:
            rule["up_to"] = up_to.fact.value
            led.cite(f"fill.{ly.tid}.up_to", up_to)
        elif full:
            rule["up_to"] = dl.step.get("rounds") or 1
            led.cite(f"fill.{ly.tid}.up_to", full)
        order = led.first("fill.order")
        if order:
            rule["order"] = order.fact.value
            led.cite(f"fill.{ly.tid}.order", order)
        for i, src in enumerate(rule["sources"]):
            led.cite(f"fill.{ly.tid}.sources[{i}].from", *fill_src)
            if src.get("not_alone"):
                led.default(
                    f"fill.{ly.tid}.sources[{i}].not_alone",
                    "a card alone in its pile is not moved to a space (it would only move the gap)",
                )
        lane = led.first("fill.lane")
        if lane and lane.fact.value:
            rule["sources"].append(
                {
                    "from": list(ly.tab_ids),
                    "only_into": "empty",
                    "position": 1,
                    "source_depth": {"min": lane.fact.value},
                }
            )
            led.cite(f"fill.{ly.tid}.sources[1]", lane, led.first("fill.lane_condition"))
        # every group of the layout has its spaces filled alike
        led.spec["fill"] = {t: copy.deepcopy(rule) for t in ly.tab_ids}
        for key in [k for k in led.prov if k.startswith(f"fill.{ly.tid}.")]:
            for t in ly.tab_ids[1:]:
                led.prov.setdefault(
                    f"fill.{t}." + key[len(f"fill.{ly.tid}.") :], dict(led.prov[key])
                )
    else:
        led.spec["fill"] = {}
        if none:
            led.cite("fill", none, *led.all("fill.none_during_deal"))
        else:
            led.default("fill", "vacancies are not refilled (the text does not say how)")


def _space_takes_any(led: Ledger, fill_src: list[Cited], building: list[str]) -> bool:
    """«Пустое место можно занять любою картою»: where building moves exist, a space is
    a place any card they bring may go (the player's choice), not a fill rule. Sets
    their `empty: any` and says whether it did. Where the text builds nothing on the layout
    (Aces Up: «любую карту можно переложить на свободное место»), the layout's cards move
    only into its spaces: a move of its own (`space`)."""
    if not all(_any_card(c) for c in fill_src):
        return False
    by_kind = {"tableau": "marry", "talon": "marry-talon", "reserve": "marry-reserve"}
    kinds = {k for c in fill_src for k in c.fact.value if k != "talon" or "talon" in led.piles}
    if "tableau" in kinds and "marry" not in led.moves and building:
        led.moves["space"] = {
            "from": list(building),
            "to": list(building),
            "build": {"direction": "any", "suit": "any", "empty": "any"},
            "target_depth": {"min": 0, "max": 0},  # into an empty pile only
        }
        led.cite("moves.space", *fill_src)
        return True
    if not all(by_kind.get(k) in led.moves for k in kinds):
        return False  # a source no building move takes from: a fill rule says it
    # a cell's card goes where a layout card may
    # in by_kind's order, not the set's: a set of strings iterates in an order that changes
    # with the process's hash seed, and the citations are written in this order
    mids = [m for k, m in by_kind.items() if k in kinds]
    mids += ["marry-cells"] if "tableau" in kinds else []
    for mid in (m for m in mids if m in led.moves):
        led.moves[mid]["build"]["empty"] = "any"
        led.cite(f"moves.{mid}.build.empty", *fill_src)
    return True


def _with_fallback(c: Cited, fallback: set[str]) -> bool:
    """«… любую доступную карту из резервов или, если в резервах карт нет, из сброса»: any
    card of a named source, with another source once it is empty (`fill_then` in the same
    sentence), is an order of sources, a fill rule, not a move the player may make."""
    return c.sentence.id in fallback and c.fact.value not in (["talon", "tableau"], ["tableau"])


def _any_card(c: Cited) -> bool:
    """A space that takes any card («… на валета или пустое место»; «на его место кладут
    крайнюю карту любого другого ряда»), not a card from a source named."""
    return c.fact.island in ("fill_any", "rank_onto") or (
        c.fact.island == "fill_onto" and c.fact.value == ["tableau"]
    )
