"""The `space` key fact of `benchmarks/real_quality.py` (benchmarks/README.md, "Real rule
texts"): a fill rule first, else the tableau-to-tableau move's `build.empty`, else, when no
move puts a card on a tableau pile at all (a pair-removal game), `none`."""

from __future__ import annotations

import sys
from pathlib import Path

from pipeline.spec import load_spec_text

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from real_quality import spec_facts

HEAD = """spec: pasyans/1
id: t
decks: 1
piles:
  foundations:
    role: foundation
    count: 4
    foundation: {base: A, direction: up, suit: same}
  places: {role: tableau, count: 4}
  stock: {role: stock}
  talon: {role: talon}
deal: [{id: d, to: places, rounds: 1}]
moves:
"""


def _facts(moves: str) -> dict:
    return spec_facts(load_spec_text(HEAD + moves, "t.yaml").rules)


def test_no_move_onto_the_tableau_leaves_a_space_empty() -> None:
    facts = _facts("  play: {from: places, to: foundations}\n")
    assert (facts["space"], facts["build.direction"]) == ("none", "none")


def test_a_move_onto_the_tableau_from_elsewhere_states_no_space() -> None:
    moves = (
        "  play: {from: places, to: foundations}\n"
        "  turn: {kind: turn, from: stock, to: talon}\n"
        "  lay: {from: talon, to: places, build: {direction: down, suit: any, empty: any}}\n"
    )
    assert "space" not in _facts(moves)


def test_the_tableau_move_still_says_the_space() -> None:
    moves = "  build: {from: places, to: places, build: {direction: down, suit: any, empty: [K]}}\n"
    assert _facts(moves)["space"] == "K"
