"""benchmarks/store_again.py: which deals of a row a larger budget searches again (the unknown
ones tried only at smaller budgets: a decided deal holds at every budget), and a stage that
resumes, storing each deal as it ends and skipping those already searched at the budget."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from cli_helpers import run_script

REPO = Path(__file__).resolve().parents[1]
SPEC = str(REPO / "rules" / "reference" / "klondike-5.yaml")


def _todo():
    sys.path.insert(0, str(REPO / "benchmarks"))
    from store_again import todo

    return todo


ROWS = [
    (1, "won", 100),
    (2, "unknown", 100),
    (3, "unknown", 100),
    (3, "lost", 1000),  # decided at a larger budget: done
    (4, "unknown", 100),
    (4, "unknown", 1000),  # already searched at the stage's budget
    (5, "unknown", 100),
    (5, "unknown", 500),
    (7, "unknown", 100),  # beyond the row's deals
]


def test_the_unknown_of_the_row_not_yet_searched_at_the_budget() -> None:
    todo = _todo()
    assert todo(ROWS, 1000, 6, None) == [2, 5]
    assert todo(ROWS, 2000, 7, None) == [2, 4, 5, 7]
    assert todo(ROWS, 500, 7, None) == [2, 7]


def test_only_searches_the_deals_named_not_decided_nor_searched_at_the_budget() -> None:
    todo = _todo()
    assert todo(ROWS, 1000, 0, [1, 3, 4, 5, 6]) == [5, 6]  # 6: not in the store at all
    assert todo([], 1000, 0, [9, 2]) == [9, 2]


def _run(*args: str) -> subprocess.CompletedProcess:
    return run_script(REPO / "benchmarks" / "store_again.py", *args)


def test_a_stage_stores_each_deal_and_a_rerun_skips_them(tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    first = _run(SPEC, db, "2000", "--only", "1,3")
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    assert lines[0].endswith("klondike-5 2 deals at 2,000 (solver): [1, 3]")
    assert [ln.split()[3:6] for ln in lines[1:3]] == [["1", "unknown", "2000"], ["3", "lost", "55"]]
    assert lines[-1].startswith("klondike-5 simulate ") and lines[-1].endswith(" s user")
    # deal 1 unknown at 2,000: a larger budget searches it again (won: replayed before printed)
    again = _run(SPEC, db, "20000", "--deals", "3")
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines()[0].endswith("1 deals at 20,000 (solver): [1]")
    assert again.stdout.splitlines()[1].split()[3:6] == ["1", "won", "9095"]
    assert (
        _run(SPEC, db, "20000", "--deals", "3")
        .stdout.splitlines()[0]
        .endswith("0 deals at 20,000 (solver): []")
    )


def test_bad_input_is_one_line_and_a_non_zero_exit(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_text("not a store\n")
    for args, word in (
        ((SPEC, str(junk), "100", "--deals", "3"), "junk.db"),
        (("nosuch.yaml", str(tmp_path / "s.db"), "100"), "nosuch.yaml"),
        ((SPEC, str(tmp_path / "s.db"), "100", "--only", "1,x"), "--only"),
    ):
        r = _run(*args)
        assert r.returncode == 2
        assert len(r.stderr.splitlines()) == 1 and word in r.stderr and "Traceback" not in r.stderr
    assert junk.read_text() == "not a store\n"


def test_the_restarts_try_the_solvers_unknown_and_leave_what_it_decided(tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    assert _run(SPEC, db, "2000", "--only", "1,3").returncode == 0  # 1 unknown, 3 lost
    first = _run(SPEC, db, "2000", "--deals", "3", "--policy", "restarts")
    assert first.returncode == 0, first.stderr
    assert first.stdout.splitlines()[0].endswith("1 deals at 2,000 (restarts): [1]")
    assert first.stdout.splitlines()[1].split()[3] == "1"
    # the restarts' own result at the budget is kept: a rerun has nothing to do
    again = _run(SPEC, db, "2000", "--deals", "3", "--policy", "restarts")
    assert again.stdout.splitlines()[0].endswith("0 deals at 2,000 (restarts): []")


def test_the_beam_wins_a_deal_the_solver_alone_leaves_unknown(tmp_path: Path) -> None:
    # King Albert deal 35: the solver alone leaves it unknown even at 1,000,000 positions;
    # the best-first searches win it in 2,800, and the win is replayed before it is printed
    spec, db = str(REPO / "rules" / "reference" / "king-albert.yaml"), str(tmp_path / "s.db")
    alone = _run(spec, db, "5000", "--only", "2,35")
    assert [ln.split()[3:6] for ln in alone.stdout.splitlines()[1:3]] == [
        ["2", "lost", "13"],
        ["35", "unknown", "5000"],
    ]
    beam = _run(spec, db, "5000", "--deals", "35", "--policy", "beam")
    assert beam.returncode == 0, beam.stderr
    assert beam.stdout.splitlines()[0].endswith("1 deals at 5,000 (beam): [35]")
    assert beam.stdout.splitlines()[1].split()[3:6] == ["35", "won", "2800"]


def test_memory_sizes_the_table_of_each_search_and_a_bad_size_is_one_line(tmp_path: Path) -> None:
    # a loss proof of millions of positions outgrows the default 256 MiB table (about 2.2
    # million positions); --memory reaches every deal's Budget, the default stays the Budget's
    sys.path.insert(0, str(REPO / "benchmarks"))
    from each_deal import search_each

    from pipeline.solve.search import Budget, Result

    class Seen:
        def __init__(self) -> None:
            self.budgets: list[Budget] = []

        def solve(self, seed: int, budget: Budget) -> Result:
            self.budgets.append(budget)
            return Result("lost", 1, 0.0)

    s = Seen()
    assert [x.deal for x in search_each(s, None, [4, 9], 500, 2048)] == [4, 9]
    assert s.budgets == [Budget(nodes=500, memory_mb=2048)] * 2
    list(search_each(s, None, [1], 500))
    assert s.budgets[-1] == Budget(nodes=500)
    r = _run(SPEC, str(tmp_path / "s.db"), "100", "--only", "1", "--memory", "0")
    assert r.returncode == 2
    assert r.stderr.strip() == "store_again.py: --memory 0: not a positive size"
    assert not (tmp_path / "s.db").exists()


def test_the_noisy_dives_win_a_deal_the_solver_alone_leaves_unknown(tmp_path: Path) -> None:
    # Klondike draw 3 deal 14: the solver alone leaves it unknown at 3,000 positions; the
    # restarts as noisy dives (a random move first at one position in 4) win it in 1,135,
    # replayed before printed, keyed by their noise: the solver's unknown is theirs to try
    spec, db = str(REPO / "rules" / "reference" / "klondike-3.yaml"), str(tmp_path / "s.db")
    alone = _run(spec, db, "3000", "--only", "14")
    assert alone.stdout.splitlines()[1].split()[3:6] == ["14", "unknown", "3000"]
    dives = _run(spec, db, "3000", "--deals", "14", "--policy", "dives", "--dive-noise", "4")
    assert dives.returncode == 0, dives.stderr
    assert dives.stdout.splitlines()[0].endswith("1 deals at 3,000 (dives4): [14]")
    assert dives.stdout.splitlines()[1].split()[3:6] == ["14", "won", "1135"]
    r = _run(spec, db, "3000", "--only", "14", "--policy", "dives", "--dive-noise", "-1")
    assert r.returncode == 2
    assert r.stderr.strip() == "store_again.py: --dive-noise -1: not 0 or more"
