"""benchmarks/schedule_wins.py: a won row's node count placed in the restarts' schedule (search
0 counted over its turns, a short search from its start), the schedule rebuilt from the
deal's unit, and the short search so found winning by itself in the same nodes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from cli_helpers import run_script

from pipeline.engine import compile_game
from pipeline.solve import Budget, Solver
from pipeline.solve.search import dive_schedule, restart_schedule
from pipeline.spec import load_spec

REPO = Path(__file__).resolve().parents[1]


def _sw():
    sys.path.insert(0, str(REPO / "benchmarks"))
    import schedule_wins

    return schedule_wins


@pytest.fixture(scope="module")
def clock():
    return compile_game(load_spec(REPO / "rules" / "clock.yaml"))


def test_nodes_are_placed_in_the_schedule() -> None:
    sw = _sw()
    sched = restart_schedule(5000, 272)  # (0, 624), (1, 272), (0, 272), (-1, 272), (0, 272), …
    assert sw.place(sched, 100) == sw.Placed(0, 624, 100)
    assert sw.place(sched, 624) == sw.Placed(0, 624, 624)
    assert sw.place(sched, 625) == sw.Placed(1, 272, 1)
    # search 0's second turn: its nodes count from its start, over both turns
    assert sw.place(sched, 624 + 272 + 50) == sw.Placed(0, 624 + 272, 624 + 50)
    assert sw.place(sched, 624 + 2 * 272 + 1) == sw.Placed(-1, 272, 1)
    assert sw.place(sched, 624 + 8 * 272 + 128) == sw.Placed(3, 544, 128)
    dives = dive_schedule(5000, 1000, 272)
    assert sw.place(dives, 1000 + 3 * 272 + 129) == sw.Placed(-2, 272, 129)
    assert sw.place(dives, 5000) == sw.Placed(0, 1000 + 192, 1000 + 192)
    with pytest.raises(ValueError):
        sw.place(dives, 5001)


def test_the_schedule_is_the_one_the_solver_runs_and_its_win_is_one_short_search(clock) -> None:
    sw = _sw()
    # the Clock's deal 101 without the suits-alone proof (tests/test_solve_restarts.py): as
    # dives, the second short search's noisy twin wins 129 nodes into it; with the restarts
    # in the order before `uncover_up`, the third (544 nodes) 128 nodes into it
    for opts, dives, nodes, placed in (
        (dict(alone=False), True, 1000 + 3 * 272 + 129, (-2, 272, 129)),
        (
            dict(alone=False, uncover_up=False, twice=False),
            False,
            624 + 8 * 272 + 128,
            (3, 544, 128),
        ),
    ):
        solver = Solver(clock, restarts=True, dives=dives, **opts)
        res = solver.solve(seed=101, budget=Budget(nodes=5000))
        assert (res.outcome, res.nodes) == ("won", nodes)
        sched = sw.schedule_of(solver, 101, 5000)
        assert sched == solver.schedule
        p = sw.place(sched, res.nodes)
        assert tuple(p) == placed
        got = sw.alone(clock, 101, p.search, p.length, **opts)
        assert (got.outcome, got.nodes, got.moves) == ("won", p.into, res.moves)
        # the same search in the other kind (plain for noisy) is another search
        other = sw.alone(clock, 101, -p.search, p.length, **opts)
        assert (other.outcome, other.nodes) != ("won", p.into)


def test_the_script_reads_a_store_and_replays_each_short_win(clock, tmp_path: Path) -> None:
    res = Solver(clock, restarts=True, dives=True).solve(seed=101, budget=Budget(nodes=5000))
    assert res.outcome == "won"
    row = {
        "spec": "clock",
        "deal": 101,
        "budget": 5000,
        "restarts": True,
        "dives": True,
        "outcome": "won",
        "nodes": res.nodes,
        "seconds": 0.1,
        "length": len(res.moves),
    }
    store = tmp_path / "run.jsonl"
    store.write_text(json.dumps(row) + "\n", encoding="utf-8")
    done = run_script(REPO / "benchmarks" / "schedule_wins.py", str(store), "clock")
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    # the same search as without the suits-alone proof (above): the row's solver, its win
    assert res.nodes == 1000 + 3 * 272 + 129
    assert out[0] == (
        "deal 101 at 5,000 (1,945 nodes): search -2 (noisy) of 272 nodes, won 129 into it "
        "(within one unit); short searches run: 4; alone: won in 129 (replayed)"
    )
    assert out[1] == "noisy short: 1"
    assert len(out) == 2
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n", encoding="utf-8")
    p = run_script(REPO / "benchmarks" / "schedule_wins.py", str(bad), "clock")
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.startswith(f"{bad}: not a book_games.py store")
    assert len(p.stderr.splitlines()) == 1
