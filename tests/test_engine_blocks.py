"""The blocks for other families of games (`rules/README.md` § Blocks for other families):
exact legal-move sets on tiny specs and crafted deals, and on the reference specs that use
them (Pyramid, Aces Up, Accordion, Gaps, Spider, Penguin)."""

from __future__ import annotations

import pytest
from spec_games import cards, legal, make

from pipeline.engine.compile import blocks_used
from pipeline.engine.loading import load_game
from pipeline.errors import SpecError
from pipeline.solve.search import Budget, solve

STOCK = "  stock: {role: stock}\n"


# ---------------------------------------------------------------- Pyramid: remove, covered_by
def pyramid_order() -> list[str]:
    rows_1_to_5 = ["2H", "3H", "4H", "5H", "6S", "7H", "8H", "9H", "10H", "JD"]
    rows_1_to_5 += ["2C", "3C", "4C", "5C", "6C"]
    row6 = ["2S", "JH", "3S", "4S", "8S", "9S"]
    row7 = ["KS", "6H", "7C", "QD", "AS", "5D", "9C"]
    return [*rows_1_to_5, *row6, *row7, "2D"]  # then the stock's first card


def test_pyramid_pairs_summing_to_13_and_a_king_alone_from_uncovered_cards() -> None:
    s = load_game("rules/reference/pyramid.yaml").new_state(order=pyramid_order())
    assert legal(s) == {
        "turn",
        "pyramid.22 KS remove",
        "pyramid.23 6H pyramid.24 7C remove",
        "pyramid.25 QD pyramid.26 AS remove",
    }
    s.apply("pyramid.23 6H pyramid.24 7C remove")
    assert cards(s, "discard") == ["6H", "7C"]
    # pyramid.17 (JH) was covered by 23 and 24 only; pyramid.16 (2S) is still under KS
    assert legal(s) == {"turn", "pyramid.22 KS remove", "pyramid.25 QD pyramid.26 AS remove"}
    s.apply("turn")
    assert "pyramid.17 JH waste 2D remove" in legal(s)
    s.apply("pyramid.17 JH waste 2D remove")
    assert cards(s, "waste") == [] and len(s.pile("discard")) == 4
    s.undo()
    assert cards(s, "waste") == ["2D"] and cards(s, "pyramid", 17) == ["JH"]


# ---------------------------------------------------------------- Aces Up: beaten_by, win except
def test_aces_up_discards_a_top_card_outranked_in_its_suit_aces_high() -> None:
    g = load_game("rules/reference/aces-up.yaml")
    s = g.new_state(order=["5H", "KH", "AH", "3C"])
    assert legal(s) == {"deal", "columns.1 5H discard", "columns.2 KH discard"}
    s.apply("columns.1 5H discard")
    assert legal(s) == {
        "deal",
        "columns.2 KH discard",
        "columns.2 KH columns.1",
        "columns.3 AH columns.1",
        "columns.4 3C columns.1",
    }
    s.apply("deal")  # one card onto each pile, the empty one included
    assert [len(s.pile("columns", n)) for n in (1, 2, 3, 4)] == [1, 2, 2, 2]


def test_a_win_with_exceptions_leaves_the_named_cards() -> None:
    # the spades alone, one a pile: every spade but the ace (high) is outranked by it
    g = make(
        "piles:\n  cols: {role: tableau, count: 13}\n  out: {role: foundation, "
        "foundation: {base: any, direction: any, suit: any}}\n  unused: {role: out}\n"
        + STOCK
        + "setup:\n  - {take: {suits: [H, D, C]}, to: unused}\ndeal:\n  - to: cols\n"
        "moves:\n  discard:\n    from: cols\n    to: out\n"
        "    beaten_by: {piles: cols, aces: high}\n"
        "win: {condition: all-on-foundations, except: {ranks: [A]}}\n"
    )
    s = g.new_state(seed=1)
    ace = next(n for n in range(1, 14) if str(s.pile("cols", n)[0]) == "AS")
    assert legal(s) == {f"cols.{n} {s.pile('cols', n)[0]} out" for n in range(1, 14) if n != ace}
    while not s.is_won():
        s.apply(s.legal_moves()[0])
    assert len(s.pile("out")) == 12 and [str(c) for c in s.pile("cols", ace)] == ["AS"]
    s.undo()
    assert not s.is_won()


# ---------------------------------------------------------------- Accordion: pairs at a distance
ACCORDION = (
    "piles:\n  row: {role: tableau, count: 6}\n  unused: {role: out}\n"
    + STOCK
    + "deal:\n  - to: row\n"
    "moves:\n"
    "  by-suit: {from: row, to: row, pairs: {left: [1, 3]}, run: pile,"
    " build: {direction: any, suit: same}}\n"
    "  by-rank: {from: row, to: row, pairs: {left: [1, 3]}, run: pile,"
    " build: {direction: same, suit: any}}\n"
    "win: one-pile\n"
)


def test_accordion_moves_whole_piles_one_or_three_to_the_left_and_the_row_closes() -> None:
    g = make(ACCORDION)
    s = g.new_state(order=["5H", "9H", "9C", "5S", "2D", "KD"])
    assert legal(s) == {"row.2 9H row.1", "row.3 9C row.2", "row.4 5S row.1", "row.6 KD row.5"}
    s.apply("row.2 9H row.1")
    # row.2 is a gap: distances count the piles that hold cards
    assert legal(s) == {"row.3 9C row.1", "row.6 KD row.5"}
    s.undo()
    s.apply("row.4 5S row.1")
    assert cards(s, "row", 1) == ["5H", "5S"]
    # a pile is judged by its top card (5S): 9H no longer fits it
    assert "row.2 9H row.1" not in legal(s)
    s.apply("row.6 KD row.5")
    assert cards(s, "row", 5) == ["2D", "KD"]


def test_accordion_with_gaps_kept_counts_empty_piles() -> None:
    g = make(ACCORDION.replace("pairs: {left: [1, 3]}", "pairs: {left: [1, 3], gaps: keep}"))
    s = g.new_state(order=["5H", "9H", "9C", "5S", "2D", "KD"])
    s.apply("row.2 9H row.1")
    # row.3's left neighbour is the empty row.2: an empty pile is no target (no `empty`)
    assert legal(s) == {"row.6 KD row.5"}


DECK = [
    r + s
    for s in "SHDC"
    for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
]


def _accordion_oracle(piles: tuple, seen: dict) -> bool:
    """Accordion by its rules, on a list of top cards: can it end in one pile?"""
    if len(piles) == 1:
        return True
    if piles not in seen:
        seen[piles] = False
        for i in range(len(piles)):
            for j in (i - 1, i - 3):
                a, b = piles[i], piles[j] if j >= 0 else ""
                if j >= 0 and (a[-1] == b[-1] or a[:-1] == b[:-1]):
                    rest = (*piles[:j], a, *piles[j + 1 : i], *piles[i + 1 :])
                    if _accordion_oracle(rest, seen):
                        seen[piles] = True
                        break
            if seen[piles]:
                break
    return seen[piles]


def test_accordion_solver_agrees_with_a_direct_reading_of_the_rules() -> None:
    import random

    rng = random.Random(7)
    outcomes = []
    for _ in range(12):
        order = rng.sample([c for c in DECK if c[:-1] in ("A", "2", "3", "4")], 6)
        rest = ", ".join(c for c in DECK if c not in order)
        g = make(
            ACCORDION.replace(
                "deal:", f"setup:\n  - {{take: {{cards: [{rest}]}}, to: unused}}\ndeal:"
            )
        )
        r = solve(g, order=order, budget=Budget(nodes=5_000))
        expected = "won" if _accordion_oracle(tuple(order), {}) else "lost"
        assert r.outcome == expected, order
        outcomes.append(expected)
        if expected == "won":  # the winning record replays to one pile
            s = g.new_state(order=order)
            for m in r.moves:
                s.apply(m)
            assert s.is_won() and sum(1 for n in range(1, 7) if s.pile("row", n)) == 1
    assert {"won", "lost"} <= set(outcomes)


# ---------------------------------------------------------------- Gaps: neighbour, rows in sequence
GAPS = (
    "piles:\n  grid: {role: tableau, count: 8, capacity: 1}\n  aces: {role: talon}\n"
    + STOCK
    + "deal:\n  - to: grid\n"
    "moves:\n  aces-out: {from: grid, to: aces, cards: {ranks: [A]}, auto: true}\n"
    "  fill: {from: grid, to: grid, build: {direction: up, suit: same, empty: [2]},"
    " neighbour: {side: left, row: 4}}\n"
    "win: rows-in-sequence\n"
)


def test_gaps_fills_a_space_by_its_left_neighbour_and_a_row_start_by_a_two() -> None:
    g = make(GAPS)
    s = g.new_state(order=["2H", "3H", "AS", "4H", "AD", "2C", "3C", "4C"])
    assert cards(s, "aces") == ["AS", "AD"]  # taken out by the engine after the deal
    assert legal(s) == {"grid.4 4H grid.3", "grid.1 2H grid.5", "grid.6 2C grid.5"}
    for m in ("grid.4 4H grid.3", "grid.6 2C grid.5"):
        s.apply(m)
        assert not s.is_won()
    assert legal(s) == {"grid.7 3C grid.6"}  # grid.4 follows 4H: no 5H in this deal
    s.apply("grid.7 3C grid.6")
    s.apply("grid.8 4C grid.7")
    assert s.is_won()


def test_gaps_reference_deal_after_the_aces_leave() -> None:
    s = load_game("rules/reference/gaps.yaml").new_state(seed=1)
    assert len(s.pile("aces")) == 4
    assert legal(s) == {"grid.1 7C grid.33", "grid.19 5S grid.9", "grid.22 6S grid.20"}


# ---------------------------------------------------------------- Spider: runs, complete runs
SPIDER = (
    "piles:\n  columns: {role: tableau, count: 3}\n"
    "  foundations: {role: foundation, foundation: {base: K, direction: down}}\n"
    + STOCK
    + "deal:\n  - {to: columns.1, rounds: 13}\n  - {to: columns.2, rounds: 3}\n"
    "  - {to: columns.3}\n  - {id: stock, to: columns, rounds: 1, next_round: choice}\n"
    "moves:\n"
    "  build: {from: columns, to: columns, build: {direction: down, suit: any, empty: any},"
    " run: {direction: down, suit: same}}\n"
    "  complete: {from: columns, to: foundations, run: complete}\n"
)


def test_spider_runs_in_suit_land_on_any_suit_and_only_complete_runs_leave() -> None:
    g = make(SPIDER)
    kings_down = [
        f"{r}S" for r in ["K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"]
    ]
    s = g.new_state(order=[*kings_down, "9H", "8C", "7C", "9D"])
    assert legal(s) == {
        "deal",
        "columns.1 KS foundations",
        "columns.1 6S columns.2",
        "columns.1 8S columns.3",
        "columns.2 8C columns.3",
    }
    s.apply("columns.1 KS foundations")
    assert len(s.pile("foundations")) == 13 and cards(s, "columns", 1) == []
    s.apply("deal")  # the player deals when they like, an empty column or not
    assert [len(s.pile("columns", n)) for n in (1, 2, 3)] == [1, 4, 2]


def test_run_complete_needs_foundation_targets() -> None:
    with pytest.raises(SpecError, match="run: complete moves onto foundations only"):
        make(
            SPIDER.replace(
                "to: foundations, run: complete",
                "to: columns, run: complete, build: {direction: down, suit: any}",
            )
        )


@pytest.mark.parametrize(
    ("spec", "suits"),
    [("spider.yaml", "SHDC"), ("spider.two-suits.yaml", "SH"), ("spider.one-suit.yaml", "S")],
)
def test_spider_packs_and_the_first_deal(spec: str, suits: str) -> None:
    s = load_game(f"rules/reference/{spec}").new_state(seed=3)
    lens = [len(s.pile("columns", n)) for n in range(1, 11)]
    assert lens == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5] and len(s.pile("stock")) == 50
    in_play = [c for n in range(1, 11) for c in s.pile("columns", n)] + list(s.pile("stock"))
    assert len(in_play) == 104 and {c.suit for c in in_play} == set(suits)


# ---------------------------------------------------------------- Penguin: divert, empty highest
def test_penguin_diverts_the_beaks_fellows_and_fills_a_space_with_the_rank_below() -> None:
    g = make(
        "piles:\n  f: {role: foundation, count: 4, foundation: {base: {rank_of: cols.1},"
        " suit: same, wrap: true}}\n  cols: {role: tableau, count: 3}\n" + STOCK + "deal:\n"
        "  - {to: cols.1}\n  - {to: cols.2, rounds: 2, divert: f}\n"
        "moves:\n  home: {from: cols, to: f}\n"
        "  build: {from: cols, to: cols, build: {direction: down, suit: same, wrap: base,"
        " empty: highest}}\n"
    )
    s = g.new_state(order=["5H", "9C", "5D", "4S"])
    assert cards(s, "f", 1) == ["5D"] and cards(s, "cols", 2) == ["9C", "4S"]
    # 4S is the rank below the base: the only rank an empty column takes; 5H goes home
    assert legal(s) == {"cols.1 5H f.2", "cols.2 4S cols.3"}


def test_penguin_reference_deal() -> None:
    s = load_game("rules/reference/penguin.yaml").new_state(seed=2)
    beak = s.pile("columns", 1)[0]
    assert [len(s.pile("columns", n)) for n in range(1, 8)] == [7] * 7
    home = [s.pile("foundations", n) for n in range(1, 5)]
    assert sorted(len(p) for p in home) == [0, 1, 1, 1]
    assert {p[0].rank for p in home if p} == {beak.rank} and not s.pile("stock")


# ---------------------------------------------------------------- the solver's proofs
@pytest.mark.parametrize(
    "spec", ["pyramid", "aces-up", "accordion", "gaps", "spider", "penguin", "osmosis"]
)
def test_every_block_spec_turns_the_pruning_proofs_off(spec: str) -> None:
    g = load_game(f"rules/reference/{spec}.yaml")
    assert blocks_used(g.rules)
    r = solve(g, seed=1, budget=Budget(nodes=1))
    assert r.pruning.startswith("the spec uses") or "no fixed base rank" in r.pruning
    if spec == "accordion":  # its one dead-end proof is for such piles (`apart.py`)
        assert r.dead_ends == "on"
    elif spec.startswith("gaps"):  # the dead end of rows with spaces (`rows.py`)
        assert r.dead_ends == "on: rows-in-sequence"
    else:
        assert r.dead_ends.startswith("the spec uses")


# ---------------------------------------------------------------- Osmosis: gate
def test_osmosis_takes_a_card_only_when_the_foundation_above_holds_its_rank() -> None:
    g = load_game("rules/reference/osmosis.yaml")
    low = [f"{r}{x}" for x in "SHD" for r in ("2", "3", "4", "6")]  # under the tops
    s = g.new_state(order=[*low, "5H", "5S", "9H", "7C", "9S"])
    assert cards(s, "foundations", 1) == ["9S"]
    assert legal(s) == {"reserves.2 5S foundations.1", "reserves.3 9H foundations.2", "turn"}
    s.apply("reserves.3 9H foundations.2")
    assert "reserves.1 5H foundations.2" not in legal(s)  # no five on the first foundation
    s.apply("reserves.2 5S foundations.1")
    assert "reserves.1 5H foundations.2" in legal(s)
    assert not any(m.endswith("foundations.3") for m in legal(s))
