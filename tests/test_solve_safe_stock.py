"""A stock card played up as safely as a tableau card where the talon is turned one card at a
time round without end (`pipeline.solve.safety.cycle_talon`): which specs, the exact move
the solver keeps on a crafted deal, and the same outcomes as the search without it."""

from __future__ import annotations

import pytest
from crafted_deals import klondike_order
from solver_pairs import both_decided, side_by_side
from thoroughness import THOROUGH, examples

from pipeline.engine.loading import load_game
from pipeline.engine.moves import MACRO
from pipeline.solve.safety import cycle_talon
from pipeline.solve.search import Budget, Solver

_COLUMN_TOPS = ["AS", "QC", "KH", "9S", "JH", "4D", "2C"]
_FACE_DOWN = [
    *("KD", "QS", "JS", "10S", "8S", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "8H"),
    *("9H", "10H", "QH", "AC", "AD", "KS", "3C", "4C"),
]
# AH, third in the stock: nothing is ever laid on an ace in a build down
_STOCK = [
    *("2S", "3S", "AH", "6H", "4S", "5S", "6S", "7C", "9C", "10C", "JC", "7H"),
    *("KC", "2D", "3D", "5D", "2H", "3H", "4H", "5H", "8C", "5C", "6C", "7S"),
]


def _crafted(spec: str):
    g = load_game(f"rules/reference/{spec}.yaml")
    st = g.new_state(order=klondike_order(_COLUMN_TOPS, _FACE_DOWN, _STOCK))
    st.apply("columns.1 AS foundations.1")
    return g, st


def _without(g) -> Solver:
    s = Solver(g, spare=False)
    s.safe._cycle = -1  # the talon as main has it: never a safe move's source
    return s


def test_only_a_talon_turned_one_card_at_a_time_round_without_end() -> None:
    g = load_game("rules/reference/klondike-1.yaml")
    assert g.pile_name[cycle_talon(g)] == "talon"
    for spec in ("klondike-2", "klondike-3", "canfield", "thirty-six", "golf", "freecell"):
        assert cycle_talon(load_game(f"rules/reference/{spec}.yaml")) == -1, spec


def test_the_ace_in_the_stock_is_the_only_child() -> None:
    g, st = _crafted("klondike-1")
    # spare builders (`spare.py`) off: with them 2S, first in the stock, goes up before
    # (the red aces laid on it could go to the empty foundations instead)
    kids = Solver(g, spare=False)._children(st)
    assert [m.notation for m in kids] == ["turn, turn, turn, talon AH foundations.2"]
    assert kids[0].kind == MACRO
    assert [m.notation for m in Solver(g)._children(st)] == ["turn, talon 2S foundations.1"]
    # without it, every play and move is a child
    assert len(_without(g)._children(st)) > 5
    # draw 3 reaches AH in the first three cards, but its groups would change without it
    g3, st3 = _crafted("klondike-3")
    assert len(Solver(g3)._children(st3)) > 1


@pytest.mark.heavy
def test_the_search_decides_alike_with_and_without() -> None:
    g = load_game("rules/reference/klondike-1.yaml")
    on, off = Solver(g, spare=False), _without(g)
    # 12,000 positions: every deal either side decides takes at most 9,399 (deal 12 without
    # it); the deals left unknown are unknown at 20,000 too (deals 1-13 by default, less
    # deal 1, unknown to both, and deal 3, unknown without: two thirds of the cost, and they
    # asserted nothing; deal 3 is the next test's)
    deals = range(1, 21) if THOROUGH else (2, *range(4, 14))
    pairs = side_by_side(g, on, off, deals, 12_000)
    assert both_decided(pairs) >= examples(10, 14)
    for deal, a, b in pairs:
        if a.outcome == b.outcome == "lost":
            assert a.nodes <= b.nodes, deal


def test_a_loss_proved_in_fewer_positions() -> None:
    # deal 3 of draw 1 is lost: the stock's safe plays cut its tree
    g = load_game("rules/reference/klondike-1.yaml")
    a = Solver(g, spare=False).solve(seed=3, budget=Budget(nodes=100_000))
    b = _without(g).solve(seed=3, budget=Budget(nodes=100_000))
    assert a.outcome == b.outcome == "lost"
    assert 10 * a.nodes < b.nodes
