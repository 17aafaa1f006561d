"""benchmarks/published_tables.py regenerates docs/published-tables.md from the stores of a
pass: the stores are scratch and do not outlive their machine, so a row no run of this pass
covers must come back exactly as the page has it, and a rerun row must keep the crosscheck
the page already shows rather than lose it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--db", str(tmp_path / "store.db"), "--previous",
         str(PAGE), *extra],
        capture_output=True, text=True, check=True, cwd=REPO,
    )  # fmt: skip
    return out.stdout


def test_with_no_run_the_page_comes_back_line_for_line(tmp_path: Path) -> None:
    page = table_lines(PAGE.read_text())
    assert len(page) == 56 + 3  # Tables 1 and 2, and the three historical games
    assert table_lines(run(tmp_path)) == page


def test_a_rerun_row_is_measured_and_keeps_the_earlier_crosscheck(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    runs.mkdir()
    sim = subprocess.run(
        [sys.executable, "-m", "pipeline", "simulate", "rules/reference/british-canister.yaml",
         "--deals", "3", "--budget", "2000", "--workers", "1", "--db",
         str(tmp_path / "store.db"), "--json"],
        capture_output=True, text=True, check=True, cwd=REPO,
    )  # fmt: skip
    result = json.loads(sim.stdout)
    assert (result["won"], result["deals"]) == (0, 3)
    (runs / "british-canister.sim3.json").write_text(sim.stdout)
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
