"""benchmarks/extract_speed.py's figures kept over rounds (`best_of`, which path_speed.py
uses too): per figure the higher rate or the fewer CPU seconds, the first round's on a tie,
nested sets of figures alike; and the label of the tree measured (`this_tree`)."""

from __future__ import annotations

import functools
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _tool():
    sys.path.insert(0, str(REPO / "benchmarks"))
    import extract_speed

    return extract_speed


def _rate(per_s: int, cpu_s: float) -> dict:
    return {"chars": 1000, "cpu_s": cpu_s, "chars_per_cpu_s": per_s}


def test_the_best_of_each_figure_over_the_rounds() -> None:
    best_of = _tool().best_of
    one = {"startup_cpu_s": 0.30, "grammar": _rate(900, 1.1), "cold": {"a.txt": 2.0}}
    two = {"startup_cpu_s": 0.25, "grammar": _rate(800, 1.2), "cold": {"a.txt": 1.5}}
    three = {"startup_cpu_s": 0.40, "grammar": _rate(900, 1.0), "cold": {"a.txt": 1.7}}
    got = functools.reduce(best_of, [one, two, three])
    assert got == {"startup_cpu_s": 0.25, "grammar": _rate(900, 1.1), "cold": {"a.txt": 1.5}}
    assert got["grammar"] is one["grammar"]  # a tie keeps the first round's figure
    assert list(got) == list(one)


def test_the_tree_is_labelled_by_its_commit() -> None:
    head = subprocess.run(
        ["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    assert _tool().this_tree() in (head, head + "+changes")
