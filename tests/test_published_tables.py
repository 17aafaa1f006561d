"""benchmarks/published_tables.py regenerates docs/published-tables.md from the stores of a
pass: the stores are scratch and do not outlive their machine, so a row no run of this pass
covers must come back exactly as the page has it, and a rerun row must keep the crosscheck
the page already shows rather than lose it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cli_helpers import run as pasyans
from cli_helpers import run_script

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "benchmarks" / "published_tables.py"
PAGE = REPO / "docs" / "published-tables.md"


def table_lines(text: str) -> list[str]:
    return [
        line
        for line in text.splitlines()
        if line.startswith(("| 1 | ", "| 2 | ")) or "| `historical/" in line
    ]


def run(tmp_path: Path, *extra: str) -> str:
    out = run_script(SCRIPT, "--db", str(tmp_path / "store.db"), "--previous", str(PAGE), *extra)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_with_no_run_the_page_comes_back_line_for_line(tmp_path: Path) -> None:
    page = table_lines(PAGE.read_text())
    published = [line for line in page if not line.split(" | ")[2].startswith("— (")]
    assert len(published) == 56 + 3  # Tables 1 and 2, and the three historical games
    assert len(page) == 56 + 3 + 5  # and the Spider rows' complete-suit readings beside theirs
    assert table_lines(run(tmp_path)) == page


def test_a_reading_moved_beside_its_row_keeps_its_figures_and_loses_the_comparison(
    tmp_path: Path,
) -> None:
    """The page before the Spider rows were compared on Solvitaire's reading: the row keyed
    `simple-simon` was the published row; now it is the complete-suit reading beside it, with
    the same figures, nothing to be inside of, and only the bar of width and unknown."""
    old = (
        "| 1 | Simple Simon | 97.45 % ± 0.034 % | `simple-simon` | 92.5 %–94.0 % [88.0 %–96.5 %] "
        "| 3 (1.5 %) | 200 (500,000) | **no** | 0 / 0 of 20 (earlier crosscheck) | 23,013 / "
        "445,049 | 52.2 / 20.2 | no: published outside our bounds |"
    )
    wide = (
        "| 2 | Spiderette [Th.] | 99.62 % ± 0.018 % | `spiderette` | 81.5 %–96.5 % [75.5 %–98.3 %] "
        "| 30 (15.0 %) | 200 (1,000,000) | **no** | 5 / 5 of 20 (earlier crosscheck) | 30,781 / "
        "853,643 | 4.1 / 133.7 | no: bounds 22.8 points wide, unknown > 5 %, published outside "
        "our bounds |"
    )
    page = tmp_path / "page.md"
    page.write_text(PAGE.read_text().replace(
        next(line for line in PAGE.read_text().splitlines() if "| `simple-simon` |" in line), old
    ).replace(
        next(line for line in PAGE.read_text().splitlines() if "| `spiderette` |" in line), wide
    ))  # fmt: skip
    done = run_script(SCRIPT, "--db", str(tmp_path / "store.db"), "--previous", str(page))
    assert done.returncode == 0, done.stderr
    out = done.stdout
    (ss,) = [line for line in out.splitlines() if "| `simple-simon` |" in line]
    assert ss == (
        "| 1 | Simple Simon, complete suits up | — (the preset's text; not what Solvitaire "
        "plays) | `simple-simon` | 92.5 %–94.0 % [88.0 %–96.5 %] | 3 (1.5 %) | 200 (500,000) | — "
        "| 0 / 0 of 20 (earlier crosscheck) | 23,013 / 445,049 | 52.2 / 20.2 | — (no published "
        "row; bar met) |"
    )
    (sp,) = [line for line in out.splitlines() if "| `spiderette` |" in line]
    assert sp.endswith(
        "| — | 5 / 5 of 20 (earlier crosscheck) | 30,781 / 853,643 | 4.1 / 133.7 | — (no "
        "published row; bar not met: bounds 22.8 points wide, unknown > 5 %) |"
    )
    lines = out.splitlines()
    published = lines.index(next(line for line in lines if line.startswith("| 1 | Simple Simon |")))
    assert "`simple-simon.solvitaire`" in lines[published]  # the published row plays the binary's
    assert lines[published + 1] == ss  # and the complete-suit reading sits beside it


def test_a_rerun_row_is_measured_and_keeps_the_earlier_crosscheck(tmp_path: Path, capsys) -> None:
    runs = tmp_path / "runs"
    runs.mkdir()
    spec = str(REPO / "rules" / "reference" / "british-canister.yaml")
    db = str(tmp_path / "store.db")
    argv = ["simulate", spec, "--deals", "3", "--budget", "2000", "--workers", "1", "--db", db]
    code, sim, err = pasyans(capsys, *argv, "--json")
    assert code == 0, err
    result = json.loads(sim)
    assert (result["won"], result["deals"]) == (0, 3)
    (runs / "british-canister.sim3.json").write_text(sim)
    (runs / "carpet.sim-stopped.json").write_text("")  # a run stopped before its summary
    lines = table_lines(run(tmp_path, "--runs", str(runs)))
    page = table_lines(PAGE.read_text())
    (row,) = [line for line in lines if "`british-canister`" in line]
    cells = row.split(" | ")
    assert cells[6].startswith("3 (")  # the 3 deals of this run, not the page's 400
    old = next(line for line in page if "`british-canister`" in line).split(" | ")
    assert cells[8] == f"{old[8]} (earlier crosscheck)"
    assert cells[9].endswith(" / " + old[9].rsplit(" / ", 1)[1])  # Solvitaire's nodes/s kept
    assert [line for line in lines if "`british-canister`" not in line] == [
        line for line in page if "`british-canister`" not in line
    ]


def test_unknowns_allowed_is_the_bar_of_verify_at_the_published_share() -> None:
    sys.path.insert(0, str(REPO / "benchmarks"))
    from published_tables import unknowns_allowed

    from pipeline.stats import wilson

    assert unknowns_allowed(50.0, 200) is None  # 200 deals near 50 %: 13.7 points, none unknown
    assert unknowns_allowed(50.0, 400) == 0
    assert unknowns_allowed(86.944, 400) == 12
    assert unknowns_allowed(99.99948, 200) == 10  # near 100 %: the 5 % cap, not the width
    won = round(0.86944 * 400)
    assert wilson(won, 400)[1] - wilson(won - 12, 400)[0] <= 0.10
    assert wilson(won, 400)[1] - wilson(won - 13, 400)[0] > 0.10


def test_needs_lists_exactly_the_rows_not_established(tmp_path: Path) -> None:
    out = run(tmp_path, "--needs").splitlines()
    page = table_lines(PAGE.read_text())
    rows = [line.split(" | ") for line in page if line.startswith(("| 1 | ", "| 2 | "))]
    not_established = [cells[1] for cells in rows if cells[11].startswith("no")]
    assert not any(", complete suits up" in name for name in not_established)
    assert 0 < len(not_established) < len(rows)
    listed = [line.split(" | ")[0].removeprefix("| ") for line in out[2:]]
    assert listed == not_established
    assert out[0].endswith("| unknown allowed at 200 / 400 / 600 / 1,000 deals |")
    (northwest,) = [line for line in out if line.startswith("| Northwest Territory [Th.] |")]
    assert northwest.endswith("| — / 3 / 15 / 41 |")


def test_needs_without_a_previous_table_is_one_line_and_exit_2(tmp_path: Path) -> None:
    out = run_script(SCRIPT, "--db", str(tmp_path / "store.db"), "--needs")
    assert out.returncode == 2
    assert out.stderr == "published_tables.py: --needs reads the table of --previous\n"


def test_a_deal_the_dives_decided_counts_and_another_kind_does_not(tmp_path: Path) -> None:
    # `store_again.py --policy dives` keys its rows `dives<noise>/…`: a win of theirs decides
    # the solver's unknown deal; a row of a kind that is no search (a playout) does not
    sys.path.insert(0, str(REPO / "benchmarks"))
    from published_tables import ours

    from pipeline.engine.loading import load_game
    from pipeline.solve.store import Store

    game = load_game(str(REPO / "rules" / "reference" / "klondike-3.yaml"))
    db = str(tmp_path / "s.db")
    with Store(db) as store:
        store.put(game.spec_hash, "solver/x", 3000, [(1, "unknown", 3000, 0.1), (2, "won", 9, 0.1)])
        store.put(game.spec_hash, "solver/x", 3000, [(3, "unknown", 3000, 0.1)])
        store.put(game.spec_hash, "greedy/x", 3000, [(3, "won", 80, 0.1)])
        store.put(game.spec_hash, "dives4/y", 3000, [(1, "won", 1135, 0.1)])
    s = ours(db, "klondike-3", 3, None)
    assert s is not None and (s["won"], s["lost"], s["unknown"]) == (2, 0, 1)
