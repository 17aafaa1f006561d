"""The beam search (`pipeline.solve.beam`): a win it reports replays to a won position, it
never reports a loss, and the same deal gives the same result."""

from __future__ import annotations

import random

import pytest

from pipeline.engine import compile_game
from pipeline.engine.record import replay
from pipeline.policies import POLICIES, SEARCHES
from pipeline.solve.beam import BeamSearch, Progress, beam_schedule
from pipeline.solve.bestfirst import BestFirstThenSearch
from pipeline.solve.policies import make_solver
from pipeline.solve.search import Budget
from pipeline.spec import load_spec_text

RANKS = ["K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"]


def spider_like(columns: int) -> str:
    """Four suits of one pack on four columns of 13 cards (and `columns` - 4 empty ones),
    face up; runs of one suit move, any card builds down on any suit; complete runs go up."""
    return (
        "spec: pasyans/1\nid: t\ndecks: 1\n"
        f"piles:\n  columns: {{role: tableau, count: {columns}}}\n"
        "  foundations: {role: foundation, count: 4,"
        " foundation: {base: K, direction: down, suit: same}}\n"
        "  stock: {role: stock}\n"
        "deal:\n"
        + "".join(f"  - {{to: columns.{n}, rounds: 13}}\n" for n in (1, 2, 3, 4))
        + "moves:\n"
        "  build: {from: columns, to: columns, build: {direction: down, suit: any, empty: any},"
        " run: {direction: down, suit: same}}\n"
        "  complete: {from: columns, to: foundations, run: complete}\n"
    )


def game(columns: int = 5):
    return compile_game(load_spec_text(spider_like(columns), "test.yaml"))


def crossed() -> list[str]:
    """Each column: the top half of one suit (K to 7) under the bottom half of another (6 to
    A): spades over hearts, hearts over spades, diamonds over clubs, clubs over diamonds."""
    order = []
    for top, bottom in (("S", "H"), ("H", "S"), ("D", "C"), ("C", "D")):
        order += [r + top for r in RANKS[:7]] + [r + bottom for r in RANKS[7:]]
    return order


def test_crafted_deal_is_won_and_the_win_replays() -> None:
    g = game(5)  # the fifth column, empty, takes one run aside
    res = BeamSearch(g).solve(order=crossed(), budget=Budget(nodes=20_000))
    assert res.outcome == "won"
    assert res.record is not None and res.record.moves == res.moves
    end = replay(g, res.record)
    assert end.is_won() and len(end.pile("foundations", 1)) == 13
    # at least one run goes aside and four complete runs go up
    assert sum(" foundations." in m for m in res.moves) == 4
    assert len(res.moves) >= 8


def test_a_lost_deal_is_unknown_to_the_beam_and_lost_to_the_restarts_behind_it() -> None:
    g = game(4)  # no empty column: every 6-run needs a 7 that lies under another run
    assert g.new_state(order=crossed()).legal_moves() == []
    assert BeamSearch(g).solve(order=crossed(), budget=Budget(nodes=1000)).outcome == "unknown"
    both = BestFirstThenSearch(g).solve(order=crossed(), budget=Budget(nodes=1000))
    assert both.outcome == "lost"


def nearly_sorted(k: int) -> list[str]:
    """Deal `k` of small test deals: the crossed deal with a seeded swap of two cards."""
    order = crossed()
    rng = random.Random(k)
    for _ in range(1):
        i, j = rng.randrange(52), rng.randrange(52)
        order[i], order[j] = order[j], order[i]
    return order


@pytest.mark.heavy
def test_every_reported_win_replays_and_no_loss_is_ever_reported() -> None:
    g = game(6)
    beam = BeamSearch(g)
    outcomes = []
    for k in range(8):
        res = beam.solve(order=nearly_sorted(k), budget=Budget(nodes=12_000))
        outcomes.append(res.outcome)
        assert res.outcome in ("won", "unknown")
        if res.outcome == "won":
            assert replay(g, res.record).is_won()
        else:
            assert res.moves == [] and res.nodes <= 12_000
    assert outcomes.count("won") >= 6  # the invariant is checked on wins, not only unknowns


def test_same_deal_same_result() -> None:
    g = compile_game(load_spec_text(spider_like(6), "test.yaml"))
    a = BeamSearch(g).solve(order=nearly_sorted(0), budget=Budget(nodes=8000))
    b = BeamSearch(g).solve(order=nearly_sorted(0), budget=Budget(nodes=8000))
    assert (a.outcome, a.nodes, a.moves) == (b.outcome, b.nodes, b.moves)
    assert a.outcome == "won"


def test_the_measure_reads_runs_from_the_spec() -> None:
    g = game(5)
    # each column: 6 + 5 cards on the card their run accepts (6 points each), the first 6 in
    # the run from the pile's bottom (4 more each), 6 of one suit on a 7 of another, which
    # only the build accepts (2); and an empty column (8)
    assert Progress(g).score(g.new_state(order=crossed()).card_piles()) == 4 * (66 + 24 + 2) + 8
    g2 = compile_game(load_spec_text(spider_like(5).replace("suit: same}}", "suit: any}}"), "t"))
    # with runs of any suit each column is one run from its bottom: 12 cards on their run
    assert Progress(g2).score(g2.new_state(order=crossed()).card_piles()) == 4 * 12 * 10 + 8


def test_beam_is_a_search_policy_that_tries_the_restarts_after_the_beam() -> None:
    assert "beam" in SEARCHES and POLICIES["beam"].searches
    assert "proves wins only" in POLICIES["beam"].note
    assert isinstance(make_solver(game(5), "beam"), BestFirstThenSearch)
    assert beam_schedule(100_000)[:3] == [16, 32, 64]
