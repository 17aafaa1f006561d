"""The restarts that keep the positions proven lost (`pipeline/solve/kept.py`): every search
from the first position, none searching again what an earlier one exhausted. A deal they
prove lost and deals they win; what they keep is never won by the ordinary search; positions
on a winning line never called lost; positions whose loss owed something to the path wait
for their component's root."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from late_positions import late_positions
from spec_games import game

from pipeline.engine.record import replay
from pipeline.solve import Budget, Solver
from pipeline.solve.kept import KeptRestarts


@pytest.fixture(scope="module")
def blockade():
    return game("blockade")


def test_a_deal_proved_lost_and_one_won(blockade):
    # deal 52: the restarts prove it lost in 1,068 positions (decide-35's row), the kept
    # restarts in 1,089; deal 42: won, and its line replays
    kr = KeptRestarts(blockade)
    lost = kr.solve(seed=52, budget=Budget(nodes=2_000))
    assert (lost.outcome, lost.nodes) == ("lost", 1_089)
    assert kr.schedule[0] == 1000 and len(kr.schedule) == kr.searches >= 2
    won = kr.solve(seed=42, budget=Budget(nodes=2_000))
    assert won.outcome == "won" and replay(blockade, won.record).is_won()
    assert kr.won_by == kr.searches - 1


def _on_the_winning_line(g, deal: int, back: int):
    """The position `back` moves before the end of a win of `deal` the restarts find."""
    win = Solver(g, restarts=True).solve(seed=deal, budget=Budget(nodes=2_000))
    assert win.outcome == "won"
    line = replay(g, win.record).history
    s = g.new_state(seed=deal)
    for m in line[: len(line) - back]:
        s.apply(m)
    return s


def test_what_is_kept_is_never_won(blockade):
    # a position on a winning line (won, never called lost) and random late ones: every
    # position kept (its component's root or under it), searched again by the ordinary
    # search, is never won; some finished owing their loss to the path first (waited)
    check = Solver(blockade)
    kept = won = waited = 0
    starts = [(0, _on_the_winning_line(blockade, 42, 120))]
    starts += list(late_positions(blockade, range(1, 3), 100, random.Random(5)))
    for seed, s in starts:
        kr = KeptRestarts(blockade)
        seen: list = []
        kr.watch = lambda k, st, into=seen: into.append(st)
        res = kr.search(s, Budget(nodes=1_000), seed=seed)
        assert res.outcome == "won" or seed != 0
        waited += kr.waited
        for st in seen[:: max(1, len(seen) // 6)]:
            kept += 1
            won += check.search(st.copy(), Budget(nodes=600)).outcome == "won"
    assert won == 0 and kept >= 15 and waited > 0, (won, kept, waited)


def test_book_games_names_the_kind():
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    import book_games

    assert book_games._kind({"restarts": True, "kept": True, "noise": 4}) == "kept, noise 4"
