"""Whole piles moved onto an empty alike pile left out (`pipeline.solve.exchanges`): which specs
it holds for, the exact move it leaves out on a crafted deal, that every move it leaves out
on random play only exchanges two piles, and the same outcomes as the search without it."""

from __future__ import annotations

import copy
import random

from crafted_deals import klondike_order
from solver_pairs import both_decided, side_by_side
from thoroughness import THOROUGH

from pipeline.engine import compile_game
from pipeline.engine.loading import load_game
from pipeline.solve.exchanges import Exchanges, reason
from pipeline.solve.search import Solver

# AS alone on column 1 goes up and leaves it empty; QC goes from column 2 onto KH (column
# 3) and turns up KD, alone in column 2: KD to column 1 only exchanges the two columns
_COLUMN_TOPS = ["AS", "QC", "KH", "9S", "JH", "4D", "2C"]
_FACE_DOWN = [
    *("KD", "QS", "JS", "10S", "8S", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "8H"),
    *("9H", "10H", "QH", "AC", "AD", "KS", "3C", "4C"),
]
_STOCK = [
    *("2S", "3S", "AH", "6H", "4S", "5S", "6S", "7C", "9C", "10C", "JC", "7H"),
    *("KC", "2D", "3D", "5D", "2H", "3H", "4H", "5H", "8C", "5C", "6C", "7S"),
]


def _crafted(g):
    st = g.new_state(order=klondike_order(_COLUMN_TOPS, _FACE_DOWN, _STOCK))
    st.apply("columns.1 AS foundations.1")
    st.apply("columns.2 QC columns.3")
    return st


def test_reason_names_what_the_argument_needs() -> None:
    for spec in ("klondike-1", "klondike-3", "freecell", "thirty-six"):
        assert reason(load_game(f"rules/reference/{spec}.yaml")) is None, spec
    assert reason(load_game("rules/reference/east-haven.yaml")) == (
        "the spec uses next_round: choice"
    )
    assert reason(load_game("rules/reference/accordion.yaml")) == (
        "the spec uses pairs at a distance"
    )
    rules = copy.deepcopy(dict(load_game("rules/reference/klondike-1.yaml").rules))
    rules["moves"]["build"] = {**rules["moves"]["build"], "when": "stuck"}
    assert reason(compile_game(rules)) == "move rule 'build' depends on other moves being absent"
    rules = copy.deepcopy(dict(load_game("rules/reference/klondike-1.yaml").rules))
    rules["moves"]["to-foundation"] = {**rules["moves"]["to-foundation"], "auto": True}
    # an automatic rule touching the columns already tells them apart (engine symmetry)
    assert reason(compile_game(rules)) == "no two piles are interchangeable"


def test_a_king_alone_onto_the_empty_column_is_left_out() -> None:
    g = load_game("rules/reference/klondike-1.yaml")
    st = _crafted(g)
    names = [m.notation for m in st.legal_moves()]
    assert "columns.2 KD columns.1" in names
    kept = [m.notation for m in Exchanges(g).prune(st, st.legal_moves())]
    assert kept == [n for n in names if n != "columns.2 KD columns.1"]
    # KH with cards face down under it may still go to the empty column
    assert "columns.3 KH columns.1" in kept
    # the search sees the same (draw 3: AH, third in the stock, is no safe move there)
    g3 = load_game("rules/reference/klondike-3.yaml")
    st3 = _crafted(g3)
    assert "columns.2 KD columns.1" not in [m.notation for m in Solver(g3)._children(st3)]
    off = Solver(g3, exchanges=False)
    assert off.ex is None
    assert "columns.2 KD columns.1" in [m.notation for m in off._children(st3)]


def _piles_as_multiset(g, st) -> tuple:
    """The position with the columns compared as a multiset (cards and faces)."""
    piles = st.card_piles()
    cols = sorted(tuple(piles[p]) for p in g.tableau)
    rest = tuple(tuple(piles[p]) for p in range(len(piles)) if p not in g.tableau)
    return (tuple(cols), rest, st.scalar_key())


def test_every_move_left_out_only_exchanges_two_columns_on_random_play() -> None:
    for spec in ("klondike-1", "klondike-3"):
        g = load_game(f"rules/reference/{spec}.yaml")
        ex = Exchanges(g)
        rng = random.Random(11)
        dropped = 0
        for deal in range(1, 13):
            st = g.new_state(seed=deal)
            for _ in range(200):
                moves = st.legal_moves()
                if not moves:
                    break
                kept = ex.prune(st, moves)
                out = [m for m in moves if m not in kept]
                before = _piles_as_multiset(g, st)
                for m in out:
                    piles = st.card_piles()
                    assert m.idx == 0 and not piles[m.dst] and m.dst in g.tableau
                    st.apply(m)
                    assert _piles_as_multiset(g, st) == before, (spec, deal, m.notation)
                    st.undo()
                dropped += len(out)
                st.apply(rng.choice(moves))
        assert dropped >= 10, spec


def test_the_search_decides_alike_with_and_without() -> None:
    for spec in ("klondike-1", "klondike-3"):
        g = load_game(f"rules/reference/{spec}.yaml")
        on, off = Solver(g), Solver(g, exchanges=False)
        assert on.ex is not None and off.ex is None
        # by default (tests/thoroughness.py) the deals of 1-12 not unknown to both at this
        # budget: deal 1 of either game and deals 4 and 11 of draw 3 would assert nothing
        deals = range(1, 13)
        if not THOROUGH:
            deals = [d for d in deals if d != 1 and (spec == "klondike-1" or d not in (4, 11))]
        pairs = side_by_side(g, on, off, deals, 4000)
        assert both_decided(pairs) >= 6, spec
        for deal, a, b in pairs:
            if a.outcome == b.outcome == "lost":  # the whole tree, less the exchanges
                assert a.nodes <= b.nodes, (spec, deal)
        assert on.ex.pruned > 0, spec
