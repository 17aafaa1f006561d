"""The specs of Blake & Gent's Tables 1 and 2 (rules/reference): each validates and compiles,
the deals have Solvitaire's shapes, and the unusual rules give exact legal-move sets on
crafted deals (``game.new_state(order=...)``: the stock in dealing order, first listed dealt
first)."""

from __future__ import annotations

from pathlib import Path

import pytest
from spec_games import legal, reference

from pipeline.engine import compile_game
from pipeline.spec import load_spec

REF = Path(__file__).resolve().parent.parent / "rules" / "reference"

TABLE_SPECS = [
    "alpha-star", "american-canister", "bakers-game", "beleaguered-castle", "british-canister",
    "canfield.whole-pile", "delta-star", "eight-off", "fan", "fore-cell", "fore-cell.same-suit",
    "fortunes-favor", "freecell.0-cells", "freecell.1-cells", "freecell.2-cells",
    "freecell.3-cells", "freecell.4-piles", "freecell.5-piles", "freecell.6-piles",
    "freecell.7-piles", "king-albert", "klondike-1", "klondike-2", "klondike-4", "klondike-5",
    "klondike-6", "klondike-7", "northwest-territory", "raglan", "seahaven-towers", "siegecraft",
    "somerset", "spanish-patience", "streets-and-alleys", "stronghold", "thirty", "thirty-six",
    "trigon", "worm-hole", "late-binding", "gaps.basic", "simple-simon", "mrs-mop", "spiderette",
    "will-o-the-wisp", "east-haven", "carpet", "carpet.pre-founded",
]  # fmt: skip
HIST = REF.parent / "historical"


def sizes(state, group: str, n: int) -> list[int]:
    return [len(state.pile(group, i)) for i in range(1, n + 1)]


@pytest.mark.parametrize("name", TABLE_SPECS)
def test_every_table_spec_loads_and_cites_the_paper_or_preset(name: str) -> None:
    g = reference(name)
    assert f"{g.spec_id}.{g.variant}" == name if g.variant else g.spec_id == name
    ref = load_spec(REF / f"{name}.yaml").rules["source"]["reference"]
    assert "Blake & Gent" in ref and ("Table 1" in ref or "Table 2" in ref)


@pytest.mark.parametrize(
    ("name", "group", "shape"),
    [
        ("somerset", "columns", [1, 2, 3, 4, 5, 6, 7, 8, 8, 8]),
        ("raglan", "columns", [1, 2, 3, 4, 5, 6, 7, 7, 7]),
        ("king-albert", "columns", [1, 2, 3, 4, 5, 6, 7, 8, 9]),
        ("northwest-territory", "columns", [1, 2, 3, 4, 5, 6, 7, 8]),
        ("fan", "columns", [3] * 16 + [2, 2]),
        ("seahaven-towers", "columns", [5] * 10),
        ("eight-off", "cells", [1, 1, 1, 1, 0, 0, 0, 0]),
        ("thirty", "columns", [6] * 5),
        ("freecell.5-piles", "columns", [11, 11, 10, 10, 10]),
        ("simple-simon", "columns", [8, 8, 8, 7, 6, 5, 4, 3, 2, 1]),
        ("mrs-mop", "columns", [8] * 13),
        ("spiderette", "columns", [1, 2, 3, 4, 5, 6, 7]),
        ("will-o-the-wisp", "columns", [3] * 7),
        ("east-haven", "columns", [3] * 7),
        ("late-binding", "row", [1] * 18),
        ("carpet", "carpet", [1] * 20),
        ("carpet.pre-founded", "foundations", [1] * 4),
    ],
)
def test_deals_have_solvitaires_shapes(name: str, group: str, shape: list[int]) -> None:
    assert sizes(reference(name).new_state(seed=3), group, len(shape)) == shape


def test_thirty_plays_a_32_card_pack_to_the_eights() -> None:
    g = reference("thirty")
    s = g.new_state(seed=5)
    out = s.pile("out")
    assert len(out) == 20 and {c.rank for c in out} == {9, 10, 11, 12, 13}
    in_play = [c for n in range(1, 6) for c in s.pile("columns", n)]
    in_play += [c for n in (1, 2) for c in s.pile("reserve", n)]
    assert len(in_play) == 32 and max(c.rank for c in in_play) == 8


def test_worm_hole_cell_takes_any_top_and_gives_only_to_the_hole() -> None:
    g = reference("worm-hole")
    # 17 bottoms, 17 middles, 17 tops: fan 1's top is 2H (fits on AS), fan 2's top is 5C
    rest = [c for c in (f"{r}{s}" for s in "SHDC" for r in
            ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"])
            if c not in ("AS", "2H", "5C")]  # fmt: skip
    order = [*rest[:34], "2H", "5C", *rest[34:]]
    s = g.new_state(order=order)
    tops = {n: str(s.pile("fans", n)[-1]) for n in range(1, 18)}
    assert tops[1] == "2H" and tops[2] == "5C"
    fits = {"2", "K"}  # one rank either side of the ace, suit ignored, K-A wrapping
    want = {f"fans.{n} {c} cell" for n, c in tops.items()}
    want |= {f"fans.{n} {c} hole" for n, c in tops.items() if c[:-1] in fits}
    assert legal(s) == want
    s.apply(s.parse_move("fans.2 5C cell"))
    moves = legal(s)
    assert not any(m.endswith(" cell") for m in moves)  # one card fills it
    assert not any(m.startswith("cell ") for m in moves)  # 5C fits neither the hole nor a fan


def test_fortunes_favor_fills_a_space_from_the_waste_else_the_stock() -> None:
    g = reference("fortunes-favor")
    # after the aces, the first 12 cards dealt are the columns; the stock follows
    cols = ["2S", "9H", "9D", "9C", "8H", "8D", "8C", "7H", "7D", "7C", "6H", "6D"]
    order = [*cols, "KS", "QS", "JH"]
    s = g.new_state(order=order)
    assert [str(s.pile("columns", n)[-1]) for n in range(1, 13)] == cols
    s.apply(s.parse_move("columns.1 2S foundations.1"))
    assert [str(c) for c in s.pile("columns", 1)] == ["KS"]  # the stock's top, at once
    s.apply(s.parse_move("turn"))
    assert [str(c) for c in s.pile("talon")] == ["QS"]
    assert "talon QS columns.1" in legal(s)  # down in suit on KS
    s.apply(s.parse_move("talon QS columns.1"))
    assert [str(c) for c in s.pile("columns", 1)] == ["KS", "QS"]


def test_spiderette_stock_deals_sevens_then_three_to_the_first_piles() -> None:
    s = reference("spiderette").new_state(seed=1)
    before = sizes(s, "columns", 7)
    for _ in range(4):
        s.apply(s.parse_move("deal"))
    added = [a - b for a, b in zip(sizes(s, "columns", 7), before, strict=True)]
    assert added == [4, 4, 4, 3, 3, 3, 3]
    assert "deal" not in legal(s)


def test_gaps_basic_row_start_takes_only_the_two_of_its_rows_suit() -> None:
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    rest = [r + s for s in "SHDC" for r in ranks]
    # aces at places 1 (clubs row), 14 (hearts row), 20 (after 6H) and 30 (after 3D)
    order = ["AS", *rest[:12], "AH", *rest[12:17], "AD", *rest[17:26], "AC", *rest[26:]]
    s = reference("gaps.basic").new_state(order=order)
    assert legal(s) == {
        "grid.41 2C grid.1",  # not 2S (grid.2) nor 2H: the first row is the clubs'
        "grid.15 2H grid.14",
        "grid.21 7H grid.20",
        "grid.31 4D grid.30",
    }


def test_gaps_basic_is_won_when_each_row_runs_two_to_king_in_its_suit() -> None:
    # the neighbour rule's `empty: none` (the twos come by other rules) once let no row start,
    # so that no deal of the basic variant could be won
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    rows = [[r + s for r in ranks] + ["A" + s] for s in "HSD"]
    order = [*[r + "C" for r in ranks[:11]], "AC", "KC", *(c for row in rows for c in row)]
    s = reference("gaps.basic").new_state(order=order)
    assert not s.is_won()
    assert legal(s) == {"grid.13 KC grid.12"}
    s.apply("grid.13 KC grid.12")
    assert s.is_won()


def test_benson_builds_by_twos_on_columns_and_in_suit_on_foundations() -> None:
    g = compile_game(load_spec(HIST / "benson.yaml"))
    s = g.new_state(order=["QC", "10D", "8H", "3C", "KS", "4H", "9H", "JD"])
    assert legal(s) == {
        "columns.2 10D columns.1",
        "columns.3 8H columns.2",
        "columns.4 3C foundations.2",  # A C 3: by twos in suit
        "columns.6 4H foundations.3",  # 2 H 4
        "columns.7 9H columns.8",
        "columns.8 JD columns.5",
        "deal",
    }
    s.apply(s.parse_move("columns.2 10D columns.1"))
    s.apply(s.parse_move("columns.3 8H columns.1"))
    assert {"columns.1 QC columns.2", "columns.1 10D columns.3"} <= legal(s)  # runs move


@pytest.mark.parametrize("name", ["usk", "benson", "marriage"])
def test_historical_specs_load_and_quote_their_text(name: str) -> None:
    ref = load_spec(HIST / f"{name}.yaml").rules["source"]["reference"]
    assert "Quoted" in ref and "http" in ref
    assert compile_game(load_spec(HIST / f"{name}.yaml")).spec_id == name


def test_carpet_fills_a_gap_from_the_waste_only_and_builds_nothing() -> None:
    """Carpet: a carpet card goes only to a foundation; the waste's top fills a gap or goes
    to a foundation; the aces stay in the pack unless pre-founded."""
    s = reference("carpet").new_state(seed=1)
    assert legal(s) == {
        "carpet.9 AS foundations.1", "carpet.18 AD foundations.1", "carpet.20 AC foundations.1",
        "turn",
    }  # fmt: skip
    s.apply("carpet.9 AS foundations.1")
    s.apply("turn")  # 7S to the waste
    assert "waste 7S carpet.9" in legal(s)
    assert not any(m.endswith(("carpet.1", "carpet.2")) for m in legal(s))  # places are full
    s.apply("waste 7S carpet.9")
    assert not any(m.startswith("carpet.9") for m in legal(s))  # 7S: no foundation takes it
    assert sizes(reference("carpet").new_state(seed=1), "stock", 1) == [32]
    assert sizes(reference("carpet.pre-founded").new_state(seed=1), "stock", 1) == [28]
