"""The solver's restarts: short searches on Luby's schedule, then one long one, with ties
broken in seeded orders and, at a few positions, one move of a later class tried first
(`Solver(restarts=True)`): the same answers, other orders, a budget kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.engine import compile_game
from pipeline.engine.record import replay
from pipeline.solve import Budget, Solver
from pipeline.solve.search import _score
from pipeline.spec import load_spec

REF = Path(__file__).resolve().parent.parent / "rules" / "reference"


@pytest.fixture(scope="module")
def black_hole():
    return compile_game(load_spec(REF / "black-hole.yaml"))


@pytest.fixture(scope="module")
def klondike():
    return compile_game(load_spec(REF / "klondike-1.yaml"))


def test_shuffled_children_keep_the_move_set_and_the_score_classes(klondike):
    solver = Solver(klondike, prune=False)
    state = klondike.new_state(seed=10)  # three moves in the tableau, and the turn
    state.lazy_moves(True)
    base = solver._children(state)
    piles = state.card_piles()
    found = [p in set(klondike.foundations) for p in range(klondike.npiles)]
    assert len({_score(m, piles, found) for m in base}) > 1  # moves of several classes
    orders = set()
    left = 0
    for mix in range(1, 129):
        solver._mix = mix * 0x9E3779B97F4A7C15 & 0xFFFFFFFFFFFFFFFF | 1
        got = solver._children(state)
        solver._mix = 0
        assert sorted(m.notation for m in got) == sorted(m.notation for m in base)
        scores = [_score(m, piles, found) for m in got]
        # ties shuffled, the classes kept in order; at some positions (`_noise`) one move
        # of a later class is tried first, the rest in their classes
        assert scores[1:] == sorted(scores[1:])
        left += scores[0] > min(scores)
        orders.add(tuple(m.notation for m in got))
    assert len(base) > 2 and len(orders) > 1  # the seeds give other orders
    assert 0 < left < 128 // 4  # about one position in RESTART_NOISE leaves the classes


def test_the_noise_moves_one_move_to_the_front_at_one_position_in_eight(klondike):
    from pipeline.solve.search import RESTART_NOISE

    solver = Solver(klondike, prune=False)
    moves = klondike.new_state(seed=5).legal_moves()
    assert len(moves) == 4
    moved = 0
    for mix in range(1, 801):
        solver._mix = mix * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF | 1
        out = list(moves)
        solver._noise(out)
        assert out[1:] == [m for m in moves if m is not out[0]]  # one move to the front
        moved += out[0] is not moves[0]
    # a position is left when the generator says so (1 in 8), and then the move drawn is
    # another than the first most of the time
    assert RESTART_NOISE == 8 and 800 // 8 // 2 < moved < 800 // 8 + 20


def test_restarts_answer_as_one_search_and_keep_the_budget(black_hole):
    plain, restarts = Solver(black_hole), Solver(black_hole, restarts=True)
    # deal 7: lost (a search of the first share proves it); deal 4: won
    assert restarts.solve(seed=7, budget=Budget(nodes=8000)).outcome == "lost"
    won = restarts.solve(seed=4, budget=Budget(nodes=8000))
    assert won.outcome == "won" and replay(black_hole, won.record).is_won()
    # deal 16: the solver's own order needs 638,468 positions; a reordered restart wins
    # within 20,000 in all, and its win replays in the interpreter
    assert plain.solve(seed=16, budget=Budget(nodes=20_000)).outcome == "unknown"
    res = restarts.solve(seed=16, budget=Budget(nodes=20_000))
    assert res.outcome == "won" and res.nodes == 6662
    assert replay(black_hole, res.record).is_won()
    again = restarts.solve(seed=16, budget=Budget(nodes=20_000))
    assert (again.nodes, again.moves) == (res.nodes, res.moves)  # deterministic
    # a deal no share decides: unknown, with the whole budget spent and no more
    out = restarts.solve(seed=16, budget=Budget(nodes=900))
    assert out.outcome == "unknown" and out.nodes == 900


def test_the_cli_searches_with_restarts(capsys):
    import json

    from cli_helpers import run

    code, out, _ = run(
        capsys, "solve", "black-hole", "--seed", "16", "--budget", "20000", "--restarts", "--json"
    )
    got = json.loads(out)
    assert code == 0 and got["restarts"] is True
    assert got["outcome"] == "won"  # the solver's own order leaves it unknown at 20,000


def test_luby_sequence_and_the_schedule_spend_exactly_the_budget():
    from pipeline.solve.search import luby, restart_schedule

    assert [luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    # an eighth in the solver's order, Luby's sequence of 1,000 nodes to half the budget,
    # the rest in one search (a loss needs one search that exhausts the tree)
    assert restart_schedule(8000) == [1000, 1000, 1000, 1000, 4000]
    assert restart_schedule(50_000) == [
        *(6250, 1000, 1000, 2000, 1000, 1000, 2000, 4000, 1000, 1000, 2000, 1000, 1000, 750),
        25_000,
    ]
    assert restart_schedule(900) == [112, 338, 450]
    assert restart_schedule(1) == [1]
    assert restart_schedule(0) == []
    for total in (1, 2, 7, 900, 8000, 10_000, 123_457, 500_000):
        got = restart_schedule(total)
        assert sum(got) == total and all(n > 0 for n in got)
        assert got[-1] >= total - total // 2  # the last search: at least half the budget


def test_short_restarts_win_a_clock_deal_the_solvers_order_does_not():
    clock = compile_game(load_spec(REF.parent / "clock.yaml"))
    # deal 106: the solver's own order is caught in a lost end game under its first choices
    # (unknown at 200,000 nodes too); a restart of 1,000 nodes in another order wins
    assert Solver(clock).solve(seed=106, budget=Budget(nodes=5000)).outcome == "unknown"
    res = Solver(clock, restarts=True).solve(seed=106, budget=Budget(nodes=5000))
    assert res.outcome == "won" and res.nodes == 2192
    assert replay(clock, res.record).is_won()
