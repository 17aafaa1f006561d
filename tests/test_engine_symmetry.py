"""Moves onto interchangeable empty piles are offered once (the first empty pile of the group).

Interchangeable: piles of one group that no rule names one by one (`symmetry.py`); the
moves onto several of them lead to the same game up to the piles' names.
"""

from __future__ import annotations

from spec_games import legal, make

from pipeline.engine.loading import load_game
from pipeline.engine.symmetry import classes

BASE = """
piles:
  foundations:
    role: foundation
    count: 4
    foundation: {base: A, direction: up, suit: same%s}
  cols: {role: tableau, count: 4}
  stock: {role: stock}
deal: [{id: d, to: cols}]
moves:
  play: {from: cols, to: foundations}
  build: {from: cols, to: cols, build: {direction: down, suit: any, empty: any}}
"""


def test_empty_foundations_and_columns_are_offered_once() -> None:
    g = make(BASE % "")
    s = g.new_state(order=["AS", "AH", "KH", "5C"])
    assert legal(s) == {"cols.1 AS foundations.1", "cols.2 AH foundations.1"}
    s.apply("cols.1 AS foundations.1")
    # foundations.1 now takes 2S only: AH goes to the first of the three empty ones
    after = {"cols.2 AH foundations.2", "cols.2 AH cols.1", "cols.3 KH cols.1", "cols.4 5C cols.1"}
    assert legal(s) == after
    s.apply("cols.2 AH foundations.2")
    # two empty columns: each card is offered the first
    assert legal(s) == {"cols.3 KH cols.1", "cols.4 5C cols.1"}
    s.undo()
    assert legal(s) == after


def test_piles_with_their_own_target_rank_are_all_offered() -> None:
    g = make(BASE % ", targets: [K, Q, J, 10]")
    s = g.new_state(order=["AS", "AH", "KH", "5C"])
    assert legal(s) >= {f"cols.1 AS foundations.{f}" for f in range(1, 5)}


def test_a_rule_naming_one_pile_of_the_group_keeps_every_target() -> None:
    g = make(BASE % "" + "  second: {from: cols, to: foundations.2}\n")
    s = g.new_state(order=["AS", "AH", "KH", "5C"])
    assert {m for m in legal(s) if m.startswith("cols.1 ")} == {
        f"cols.1 AS foundations.{f}" for f in range(1, 5)
    }


def test_empty_piles_a_pending_deal_will_reach_are_all_offered() -> None:
    g = make(
        """
piles:
  cols: {role: tableau, count: 2}
  spaces: {role: tableau, count: 2}
  stock: {role: stock}
deal:
  - {id: a, to: cols}
  - {id: b, to: spaces, pause: round}
moves:
  park: {from: cols, to: spaces, phase: any, build: {direction: down, suit: any, empty: any}}
win: tableau-empty
"""
    )
    s = g.new_state(order=["9S", "8H", "2C", "3C"])
    # the deal still to come names the spaces one by one (2C to spaces.1, 3C to spaces.2)
    assert legal(s) == {"deal"} | {
        f"cols.{c} {k} spaces.{p}" for c, k in ((1, "9S"), (2, "8H")) for p in (1, 2)
    }


def test_interchangeable_groups_of_the_shipped_specs() -> None:
    expect = {
        "blockade": {"foundations", "columns"},  # columns: empty only once the deal is over
        "blockade.rows": {"foundations"},  # batch fill of up to 9 cards, depth-first
        "clock": set(),  # each hour has its own target rank
        "dense-column": set(),  # adjacent pairs name piles; the redeal gathers in order
        "exiles": {"up", "down"},  # the piles are gathered in order by the redeal
        "shah": {"foundations"},  # rays: batch fill of up to 3 cards
        "reference/freecell": {"foundations", "cells", "columns"},
        "reference/klondike-3": {"foundations", "columns"},
        "reference/canfield": {"foundations", "columns"},
        "reference/clock-1deck": set(),  # the route names its target pile by rank
    }
    for name, groups in expect.items():
        path = f"rules/{name}.yaml"
        g = load_game(path)
        assert {g.groups[c].id for c in classes(g) if c >= 0} == groups, name


def test_an_automatic_rule_makes_its_piles_distinct() -> None:
    """The engine takes automatic actions in pile order, so pile order is part of the rules."""
    plain = make(BASE % "")
    auto = make(BASE % "" + "  home: {from: cols, to: foundations, auto: true}\n")
    assert {plain.groups[c].id for c in classes(plain) if c >= 0} == {"foundations", "cols"}
    assert {auto.groups[c].id for c in classes(auto) if c >= 0} == set()
