"""benchmarks/solvitaire_crosscheck.py takes our outcome of a deal from a results store the
way published_tables.py counts the row: a won or lost of the solver or its restarts of any
code version is a proof, so the crosscheck must see the deals the table counts, including
those a version before a solver change decided; an unknown counts only at the asked budget,
and this code's row goes before another version's."""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def tools():
    sys.path.insert(0, str(REPO / "benchmarks"))
    import solvitaire_crosscheck

    from pipeline.engine.loading import load_game
    from pipeline.solve.runner import store_policy

    game = load_game(str(REPO / "rules" / "reference" / "golf.yaml"))
    return solvitaire_crosscheck.stored, game, store_policy


def store(path: Path, game, rows: list[tuple[int, str, int, str, int]]) -> str:
    con = sqlite3.connect(path)
    con.execute(
        "CREATE TABLE results (spec_hash TEXT, deal INTEGER, policy TEXT, budget INTEGER, "
        "outcome TEXT, work INTEGER, seconds REAL, created REAL)"
    )
    con.executemany(
        "INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, 1.0, 0.0)",
        [(game.spec_hash, d, p, b, o, w) for d, p, b, o, w in rows],
    )
    con.commit()
    con.close()
    return str(path)


def test_a_deal_another_version_decided_is_decided(tools, tmp_path: Path) -> None:
    stored, game, policy = tools
    db = store(
        tmp_path / "s.db",
        game,
        [
            (1, "restarts/000000000000", 1000, "lost", 700),
            (1, policy("restarts"), 3000, "unknown", 3000),
            (2, "greedy/000000000000", 1000, "won", 50),  # a playout is no proof
            (3, policy("restarts"), 3000, "unknown", 3000),
            (3, "solver/000000000000", 3000, "won", 900),
            (4, policy("solver"), 3000, "unknown", 3000),
            (4, "dives4/000000000000", 3000, "won", 1135),  # store_again.py --policy dives
        ],
    )
    one = stored(db, game, 1, 3000)
    assert (one["outcome"], one["nodes"], one["policy"]) == ("lost", 700, "restarts/000000000000")
    assert stored(db, game, 2, 1000) is None
    assert stored(db, game, 3, 3000)["outcome"] == "won"
    assert stored(db, game, 4, 3000)["policy"] == "dives4/000000000000"


def test_an_unknown_counts_at_the_asked_budget_and_this_code_first(tools, tmp_path: Path) -> None:
    stored, game, policy = tools
    db = store(
        tmp_path / "s.db",
        game,
        [
            (1, "restarts/000000000000", 1000, "unknown", 1000),
            (1, "restarts/000000000000", 3000, "unknown", 2999),
            (1, policy("restarts"), 3000, "unknown", 3000),
        ],
    )
    assert stored(db, game, 1, 2000) is None
    one = stored(db, game, 1, 3000)
    assert (one["nodes"], one["policy"]) == (3000, policy("restarts"))
