"""benchmarks/book_games.py `--again`: the deals left unknown at a budget searched again at a
larger one, and the escalated row that takes each deal at the first budget deciding it, its
nodes and CPU summed over its searches; a chain with a deal left out is reported only as
partial, that deal counted unknown at its last search."""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _book_games():
    sys.path.insert(0, str(REPO / "benchmarks"))
    import book_games

    return book_games


def _row(deal: int, budget: int, outcome: str, nodes: int, length: int | None = None) -> dict:
    return {
        "spec": "dense-column",
        "deal": deal,
        "budget": budget,
        "restarts": True,
        "outcome": outcome,
        "nodes": nodes,
        "seconds": 1.0,
        "length": length,
    }


ROWS = [
    _row(1, 100, "won", 60, 120),
    _row(2, 100, "unknown", 100),
    _row(3, 100, "unknown", 100),
    _row(2, 400, "won", 300, 130),
    _row(3, 400, "unknown", 400),
    _row(3, 1600, "lost", 900),
]


def test_each_deal_at_the_first_budget_that_decides_it_nodes_summed() -> None:
    bg = _book_games()
    got = bg.escalated(ROWS)
    budgets, chain = got[("dense-column", "restarts")]
    assert budgets == [100, 400, 1600]
    assert [(r["deal"], r["outcome"], r["nodes"], r["seconds"]) for r in chain] == [
        (1, "won", 60, 1.0),
        (2, "won", 400, 2.0),
        (3, "lost", 1400, 3.0),
    ]
    line = bg.table(ROWS).splitlines()[-1]
    assert line.startswith(
        "| dense-column | 100 → 400 → 1,600 (restarts) | 3 | 2 | 1 | 0 | 100.0 |"
    )


def test_a_chain_with_an_unknown_deal_not_searched_again_is_left_out() -> None:
    bg = _book_games()
    assert bg.escalated(ROWS[:-1])[("dense-column", "restarts")][1][2]["outcome"] == "unknown"
    short = [r for r in ROWS if not (r["deal"] == 3 and r["budget"] == 400)]
    assert ("dense-column", "restarts") not in bg.escalated(short)
    assert bg.escalated(ROWS[:3]) == {}


def test_a_chain_with_a_deal_not_searched_again_is_a_partial_row() -> None:
    bg = _book_games()
    short = [r for r in ROWS if not (r["deal"] == 3 and r["budget"] == 400)]
    assert bg.escalated(ROWS) and not bg.partial_chains(ROWS)
    budgets, chain, missing = bg.partial_chains(short)[("dense-column", "restarts")]
    assert (budgets, missing) == ([100, 400, 1600], 1)
    assert [(r["deal"], r["outcome"], r["budget"], r["nodes"]) for r in chain] == [
        (1, "won", 100, 60),
        (2, "won", 400, 400),
        (3, "unknown", 100, 100),
    ]
    line = bg.table(short).splitlines()[-1]
    assert line.startswith(
        "| dense-column | 100 → 400 → 1,600, partial: 1 not searched at every step (restarts) "
        "| 3 | 2 | 0 | 1 | 66.7 |"
    )


def test_rows_of_the_restarts_then_best_first_are_a_kind_of_their_own() -> None:
    bg = _book_games()
    mixed = [*ROWS, {**_row(1, 100, "unknown", 100), "bestfirst": 0.5}]
    mixed.append({**_row(1, 400, "won", 350, 140), "bestfirst": 0.5})
    got = bg.escalated(mixed)
    assert set(got) == {("dense-column", "restarts"), ("dense-column", "restarts, best-first 0.5")}
    budgets, chain = got[("dense-column", "restarts, best-first 0.5")]
    assert budgets == [100, 400] and [(r["outcome"], r["nodes"]) for r in chain] == [("won", 450)]
    lines = bg.table(mixed).splitlines()
    assert "| dense-column | 100 (restarts, best-first 0.5) | 1 | 0 | 0 | 1 |" in "\n".join(lines)
    assert bg._kind({"restarts": False}) == "plain"
    assert bg._kind({"restarts": True, "dives": True}) == "dives"


def test_seeds_search_only_the_deals_named_at_each_budget(tmp_path: Path) -> None:
    bg = _book_games()
    out = tmp_path / "run.jsonl"
    bg.run(["clock"], 200, 30, out, restarts=True, again=(60,), seeds=(7, 3))
    rows = bg._read(out)
    assert [(r["deal"], r["budget"]) for r in rows if r["budget"] == 30] == [(7, 30), (3, 30)]
    left = [r["deal"] for r in rows if r["budget"] == 30 and r["outcome"] == "unknown"]
    assert left and [r["deal"] for r in rows if r["budget"] == 60] == left
    alone = tmp_path / "alone.jsonl"
    bg.run(["clock"], 3, 30, alone, restarts=True)
    seeded = next(r for r in rows if (r["deal"], r["budget"]) == (3, 30))
    assert (bg._read(alone)[2]["outcome"], bg._read(alone)[2]["nodes"]) == (
        seeded["outcome"],
        seeded["nodes"],
    )


def test_a_won_row_says_its_line_replays(tmp_path: Path) -> None:
    bg = _book_games()
    out = tmp_path / "run.jsonl"
    bg.run(["clock"], 200, 20000, out, restarts=True, seeds=(1, 2))
    won = [r for r in bg._read(out) if r["outcome"] == "won"]
    assert won and all(r["replays"] is True for r in won)
    assert all("replays" not in r for r in bg._read(out) if r["outcome"] != "won")


def test_the_beam_is_a_kind_of_its_own_and_says_which_search_won(tmp_path: Path) -> None:
    """`--beam`: the `beam` policy's search (best-first, then the restarts), as `simulate
    --policy beam` plays it; the Clock's deal 2 is won by the best-first searches."""
    from pipeline.engine import compile_game
    from pipeline.solve.policies import make_solver
    from pipeline.solve.search import Budget
    from pipeline.spec import load_spec

    bg = _book_games()
    out = tmp_path / "run.jsonl"
    bg.run(["clock"], 200, 5000, out, seeds=(2,), beam=True)
    (row,) = bg._read(out)
    assert (row["outcome"], row["by"], row["replays"], bg._kind(row)) == (
        "won",
        "best-first",
        True,
        "beam",
    )
    game = compile_game(load_spec(REPO / "rules" / "clock.yaml"))
    policy = make_solver(game, "beam").solve(seed=2, budget=Budget(nodes=5000))
    assert (policy.outcome, policy.nodes, len(policy.moves)) == ("won", row["nodes"], row["length"])
    assert "| clock | 5,000 (beam) | 1 | 1 | 0 | 0 | 100.0 |" in bg.table([row])


def test_noisy_dives_are_a_kind_of_their_own(tmp_path: Path, monkeypatch, capsys) -> None:
    """`--dives --dive-noise N`: the dives' short searches all noisy (`Solver(dive_noise=N)`),
    rows kept apart from the dives' pairs; the noise asked of anything but the dives refused."""
    import pytest

    bg = _book_games()
    out = tmp_path / "run.jsonl"
    bg.run(["clock"], 200, 3000, out, dives=True, seeds=(101,), dive_noise=8)
    bg.run(["clock"], 200, 3000, out, dives=True, seeds=(101,))
    noisy, pairs = bg._read(out)
    assert (noisy["noise"], bg._kind(noisy), bg._kind(pairs)) == (8, "dives, noise 8", "dives")
    # deal 101's winning search is the second pair's noisy twin (tests/test_solve_restarts.py):
    # without the plain searches between, one short search sooner
    assert noisy["outcome"] == pairs["outcome"] == "won" and noisy["replays"] is True
    assert pairs["nodes"] - noisy["nodes"] > 0
    for argv in (
        ["--dive-noise", "4", "--out", "x"],
        ["--dives", "--dive-noise", "-1", "--out", "x"],
    ):
        monkeypatch.setattr(sys, "argv", ["book_games.py", *argv])
        with pytest.raises(SystemExit):
            bg.main()
    assert "--dive-noise" in capsys.readouterr().err


def test_a_chain_over_kinds_takes_each_deal_at_the_first_step_deciding_it(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    """`--chain SPEC STORE:BUDGET:KIND ...`: the table's rows made of restarts, then dives,
    then noisy dives; a deal a later step did not reach counts at its last search; a row of
    another kind or budget in the same store is not a step; a bad step is one line, exit 2."""
    import json

    import pytest

    bg = _book_games()
    dives = {"dives": True}
    noisy = {"dives": True, "noise": 4}
    rows = [
        _row(1, 100, "lost", 70),
        _row(2, 100, "unknown", 100),
        _row(3, 100, "unknown", 100),
        _row(4, 100, "unknown", 100),
        {**_row(2, 400, "won", 250, 140), **dives},
        {**_row(3, 400, "unknown", 400), **dives},
        {**_row(4, 400, "unknown", 400), **dives},
        {**_row(3, 400, "won", 300, 150), **noisy},
        {**_row(3, 1600, "won", 9, 99), **noisy},  # another budget: not a step
    ]
    store = tmp_path / "run.jsonl"
    store.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    steps = [(rows, 100, "restarts"), (rows, 400, "dives"), (rows, 400, "dives, noise 4")]
    got = bg.chain("dense-column", steps)
    assert [(r["deal"], r["outcome"], r["budget"], r["nodes"], r["seconds"]) for r in got] == [
        (1, "lost", 100, 70, 1.0),
        (2, "won", 400, 350, 2.0),
        (3, "won", 400, 800, 3.0),
        (4, "unknown", 400, 500, 2.0),
    ]
    s = str(store)
    argv = ["dense-column", f"{s}:100:restarts", f"{s}:400:dives", f"{s}:400:dives, noise 4"]
    monkeypatch.setattr(sys, "argv", ["book_games.py", "--chain", *argv])
    assert bg.main() == 0
    assert capsys.readouterr().out.startswith(
        "| dense-column | 100 (restarts) → 400 (dives) → 400 (dives, noise 4) (chain) "
        "| 4 | 2 | 1 | 1 | 75.0 | 50.0 %–75.0 % "
    )
    for bad, says in (
        ([f"{s}:x:dives"], "not STORE:BUDGET:KIND"),
        (["/no/run:1:dives"], "no such"),
    ):
        monkeypatch.setattr(sys, "argv", ["book_games.py", "--chain", "dense-column", *bad])
        assert bg.main() == 2
        err = capsys.readouterr().err
        assert says in err and err.count("\n") == 1
    monkeypatch.setattr(sys, "argv", ["book_games.py", "--chain", "dense-column"])
    with pytest.raises(SystemExit):
        bg.main()
