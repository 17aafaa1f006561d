"""A move that uncovers a face-up card a foundation takes at once ranks with one that turns a
card up (`Solver(uncover_up=True)`, `search._score`): the same moves, another order."""

from __future__ import annotations

from pathlib import Path

from pipeline.engine import compile_game
from pipeline.engine.moves import TRANSFER
from pipeline.solve import Budget, Solver
from pipeline.solve.search import _score
from pipeline.spec import load_spec

RULES = Path(__file__).resolve().parent.parent / "rules"


def _frees_a_play(state, m) -> bool:
    """m takes a card off a face-up card that, once uncovered, goes to a foundation by a
    legal move (m itself not to a foundation)."""
    found = set(state.game.foundations)
    if m.kind != TRANSFER or m.dst in found or m.idx == 0:
        return False
    below = state.card_piles()[m.src][m.idx - 1]
    if below < 0:
        return False
    state.apply(m)
    try:
        return any(
            mv.kind == TRANSFER and mv.dst in found and mv.src == m.src and mv.card == below
            for mv in state.legal_moves()
        )
    finally:
        state.undo()


def test_the_dense_column_orders_the_same_moves_with_the_freeing_ones_first() -> None:
    g = compile_game(load_spec(RULES / "dense-column.cadogan.yaml"))
    new = Solver(g)
    old = Solver(g, uncover_up=False)
    win = Solver(g, twice=False).solve(seed=1, budget=Budget(nodes=10_000))
    assert (win.outcome, win.nodes) == ("won", 137)
    st = g.new_state(seed=1)
    differ = 0
    for text in win.moves:
        a = new._children(st)
        b = old._children(st)
        assert sorted(m.notation for m in a) == sorted(m.notation for m in b)
        if [m.notation for m in a] != [m.notation for m in b]:
            differ += 1
            # every move that frees a foundation play comes before every other move of a
            # class it now shares or passes (a shift that frees nothing)
            piles = st.card_piles()
            found = [p in set(g.foundations) for p in range(g.npiles)]
            flags = [_frees_a_play(st, m) for m in a]
            assert any(flags)
            last_free = max(i for i, f in enumerate(flags) if f)
            for i, m in enumerate(a[:last_free]):
                assert flags[i] or _score(m, piles, found) <= 1
        st.apply(text)
    assert st.is_won()
    assert differ > 0


def test_without_it_the_order_is_the_one_before() -> None:
    # Cadogan's Dense Column, deal 1: the solver's own order wins by a straight dive with it,
    # and leaves the deal unknown at 10,000 nodes without it
    g = compile_game(load_spec(RULES / "dense-column.cadogan.yaml"))
    assert Solver(g).solve(seed=1, budget=Budget(nodes=10_000)).outcome == "won"
    assert Solver(g, uncover_up=False).solve(seed=1, budget=Budget(nodes=10_000)).outcome == (
        "unknown"
    )
