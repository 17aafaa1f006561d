"""The best-first search (`pipeline.solve.bestfirst`): a win it reports replays to a won
position, it never reports a loss, it leaves out exactly the moves its doc names, and its
measure charges each segment by how deep the card it must go onto is buried."""

from __future__ import annotations

import pytest
from crafted_deals import crossed, nearly_sorted
from spec_games import runs_game
from thoroughness import examples

from pipeline.engine.record import replay
from pipeline.solve.bestfirst import (
    CONFIGS,
    W_NEED,
    W_NEXT,
    BestFirst,
    BestFirstThenSearch,
    Config,
    Measure,
    SearchThenBestFirst,
)
from pipeline.solve.policies import make_solver
from pipeline.solve.search import Budget, Solver


def test_crafted_deal_is_won_and_the_win_replays() -> None:
    g = runs_game(5)
    res = BestFirst(g).solve(order=crossed(), budget=Budget(nodes=20_000))
    assert res.outcome == "won" and res.pruning == "best-first"
    assert res.record is not None and res.record.moves == res.moves
    end = replay(g, res.record)
    assert end.is_won() and len(end.pile("foundations", 1)) == 13
    assert sum(" foundations." in m for m in res.moves) == 4


def test_a_lost_deal_is_unknown_to_it_and_lost_to_the_restarts_behind_it() -> None:
    g = runs_game(4)  # no empty column, no legal move
    assert g.new_state(order=crossed()).legal_moves() == []
    res = BestFirst(g).solve(order=crossed(), budget=Budget(nodes=1000))
    assert res.outcome == "unknown" and res.reason == "dead"
    assert (
        BestFirstThenSearch(g).solve(order=crossed(), budget=Budget(nodes=1000)).outcome == "lost"
    )
    assert isinstance(make_solver(g, "beam").beam, BestFirst)


def test_every_reported_win_replays_and_no_loss_is_ever_reported() -> None:
    g = runs_game(6)
    bf = BestFirst(g)
    outcomes = []
    for k in range(8):
        res = bf.solve(order=nearly_sorted(k), budget=Budget(nodes=6_000))
        outcomes.append(res.outcome)
        assert res.outcome in ("won", "unknown")
        if res.outcome == "won":
            assert replay(g, res.record).is_won()
        else:
            assert res.moves == [] and res.nodes <= 6_000
    assert outcomes.count("won") >= 6


def test_same_deal_same_result() -> None:
    a = BestFirst(runs_game(6)).solve(order=nearly_sorted(3), budget=Budget(nodes=5000))
    b = BestFirst(runs_game(6)).solve(order=nearly_sorted(3), budget=Budget(nodes=5000))
    assert (a.outcome, a.nodes, a.moves) == (b.outcome, b.nodes, b.moves)
    assert a.outcome == "won"


def test_the_moves_left_out_are_splits_of_a_run_and_whole_piles_into_a_space() -> None:
    g = runs_game(6)
    s = g.new_state(order=crossed())
    bf = BestFirst(g)
    legal = s.legal_moves()
    kept = bf.moves(s)
    # each column's 6-to-A run may go into a space; a part of it (5 to A, ...) may not
    assert {(m.src, m.idx) for m in kept} == {(c, 7) for c in range(4)}
    assert {(m.src, m.idx) for m in legal} == {(c, i) for c in range(4) for i in range(7, 13)}
    first = next(m for m in kept if m.src == 0)
    s.apply(first)  # 6H to AH alone in a column: moving it whole into the other space is out
    lone = first.dst
    piles = s.card_piles()
    into_space = [m for m in s.legal_moves() if m.src == lone and not piles[m.dst]]
    assert any(m.idx == 0 for m in into_space)  # the whole pile, and its parts
    assert not any(m.src == lone and not piles[m.dst] for m in bf.moves(s))
    # back onto the 7 of spades (the build accepts it) stays, whole; its parts do not
    assert [(m.idx, m.dst) for m in bf.moves(s) if m.src == lone] == [(0, 0)]


def test_the_need_is_how_deep_the_card_a_segment_goes_onto_lies() -> None:
    g = runs_game(5)
    meas = Measure(g)
    s = g.new_state(order=crossed())
    # each 6-run lies on a 7 of another suit; its own 7 is under one segment: need 1 each
    assert meas.score(s.card_piles(), 0) - meas.score(s.card_piles(), W_NEED) == W_NEED * 4
    s.apply(next(m for m in s.legal_moves() if m.src == 0 and m.idx == 7))  # 6H-AH aside
    # 6S-AS (on 7H) now needs 0; 6C-AC and 6D-AD still 1 each; the moved run is home
    assert meas.score(s.card_piles(), 0) - meas.score(s.card_piles(), W_NEED) == W_NEED * 2
    assert meas.score(s.card_piles(), 0, 10) - meas.score(s.card_piles(), 0) == 0  # no space
    assert Config(W_NEED, 0, 0, 0, W_NEXT) in CONFIGS and len(set(CONFIGS)) == len(CONFIGS)


def test_without_the_pruning_a_search_that_runs_out_proves_the_deal_lost() -> None:
    g = runs_game(4)
    res = BestFirst(g, CONFIGS[:1], prune=False).solve(order=crossed(), budget=Budget(nodes=100))
    assert res.outcome == "lost"
    # the policy's complete search for a spec with runs is this one (the solver's proofs
    # are off there), and a crafted win is still found by it
    dfs = BestFirstThenSearch(g).dfs
    assert isinstance(dfs, BestFirst) and not dfs.prune
    won = BestFirst(runs_game(5), CONFIGS[:1], prune=False).solve(order=crossed())
    assert won.outcome == "won" and replay(runs_game(5), won.record).is_won()


def test_spiderette_6_is_lost_on_the_positions_the_solver_searches() -> None:
    from pipeline.engine.loading import load_game
    from pipeline.solve.search import Solver

    g = load_game("rules/reference/spiderette.yaml")
    full = BestFirst(g, CONFIGS[:1], prune=False).solve(seed=6, budget=Budget(nodes=20_000))
    # the depth-first search without `twice.py`, which counts the positions it would only
    # meet again as nodes, as the best-first search does; with it, 200 fewer
    dfs = Solver(g, twice=False).solve(seed=6, budget=Budget(nodes=20_000))
    assert (full.outcome, full.nodes) == (dfs.outcome, dfs.nodes) == ("lost", 1282)
    now = Solver(g).solve(seed=6, budget=Budget(nodes=20_000))
    assert (now.outcome, now.nodes) == ("lost", 1082)
    assert BestFirst(g).solve(seed=6, budget=Budget(nodes=20_000)).outcome == "unknown"


def test_the_working_state_is_its_path_replayed_from_the_deal_after_every_turn() -> None:
    """A position expanded keeps its parent, depth and move only (`_Run`): the one State
    walks back to a common ancestor and down again, and must be exactly the position its
    path of moves leads to, jumps to other branches included (Simple Simon 7, each weighting
    25 turns of 53 positions, 40 under PASYANS_TESTS=thorough: none wins it so soon; the
    fewest jumps, 26 of them, come with the fifth weighting)."""
    from pipeline.engine.loading import load_game
    from pipeline.solve.bestfirst import _Run
    from pipeline.solve.symmetry import KeyMaker

    g = load_game("rules/reference/simple-simon.yaml")
    for cfg in CONFIGS:
        bf = BestFirst(g, (cfg,))
        root = g.new_state(seed=7)
        bf._keys = KeyMaker(g, root)
        run = _Run(bf, root.copy(), cfg)
        seen = {bf.keys.reset(root)}
        for _ in range(examples(25, 40)):
            won, n = run.step(seen, 53)
            assert won is None and not run.dead and n == 53
            path = []
            i = run.at
            while i:
                path.append(run.move[i])
                i = run.parent[i]
            path.reverse()
            assert run.st.history == path and len(path) == run.depth[run.at]
            assert replay(g, run.st.record()).card_piles() == run.st.card_piles()
        across = 0  # positions expanded right after one on another branch
        for i in range(2, len(run.parent)):
            a, to = i - 1, run.parent[i]
            while run.depth[a] > run.depth[to]:
                a = run.parent[a]
            across += a != to
        assert across > 20


def test_the_same_positions_and_wins_as_a_state_kept_per_position() -> None:
    """Positions and winning lines as the search that kept a State per position expanded
    found them (main 1d72ac5, `benchmarks/bestfirst_memory.py`), 20,000 positions: its
    weights, without the next cards' depth (`nextcard.py`)."""
    import hashlib

    from pipeline.engine.loading import load_game

    for name, seed, nodes, length, digest in (
        ("simple-simon", 1, 16414, 118, "b8c99d2be1424533"),
        ("will-o-the-wisp", 2, 14545, 122, "90e43b209a004555"),
        ("spiderette", 2, 1841, 113, "0c3ca2af534b8b22"),
    ):
        g = load_game(f"rules/reference/{name}.yaml")
        then = tuple(c._replace(next=0) for c in CONFIGS)
        res = BestFirst(g, then).solve(seed=seed, budget=Budget(nodes=20_000))
        assert (res.outcome, res.nodes, len(res.moves)) == ("won", nodes, length)
        assert hashlib.sha256("\n".join(res.moves).encode()).hexdigest()[:16] == digest


def test_a_search_that_reaches_the_memory_cap_ends_unknown_and_says_so() -> None:
    from pipeline.engine.loading import load_game

    g = load_game("rules/reference/simple-simon.yaml")
    res = BestFirst(g, keep=500).solve(seed=3, budget=Budget(nodes=20_000))
    assert (res.outcome, res.reason) == ("unknown", "memory") and 500 <= res.nodes < 20_000
    # a cap above the budget changes nothing: the same positions as without one
    a = BestFirst(g, keep=20_000).solve(seed=1, budget=Budget(nodes=20_000))
    b = BestFirst(g).solve(seed=1, budget=Budget(nodes=20_000))
    assert (a.outcome, a.nodes) == (b.outcome, b.nodes) == ("won", 725)


def test_restarts_then_best_first_share_one_budget() -> None:
    """The restarts get `share` of the nodes; what they leave unknown the best-first
    searches get with the rest, and the result is theirs with the restarts' nodes added."""
    g = runs_game(6)
    both = SearchThenBestFirst(g, share=0.5)
    for k in range(4):
        order = nearly_sorted(k)
        alone = Solver(g, restarts=True).solve(order=order, budget=Budget(nodes=500))
        assert (alone.outcome, alone.nodes) == ("unknown", 500)
        bf = BestFirst(g).solve(order=order, budget=Budget(nodes=500))
        assert bf.outcome == "won"
        res = both.solve(order=order, budget=Budget(nodes=1000))
        assert res.outcome == "won" and res.pruning == "best-first"
        assert res.nodes == 500 + bf.nodes and res.moves == bf.moves
        assert replay(g, res.record).is_won()


def test_restarts_then_best_first_keeps_the_restarts_loss_and_stays_in_budget() -> None:
    g = runs_game(4)  # no legal move: the restarts prove it lost at once
    res = SearchThenBestFirst(g, share=0.25).solve(order=crossed(), budget=Budget(nodes=1000))
    assert res.outcome == "lost" and res.nodes <= 250
    g = runs_game(6)
    alone = Solver(g, restarts=True).solve(order=nearly_sorted(0), budget=Budget(nodes=700))
    res = SearchThenBestFirst(g, share=1).solve(order=nearly_sorted(0), budget=Budget(nodes=700))
    assert (res.outcome, res.nodes) == (alone.outcome, alone.nodes) == ("unknown", 700)
    with pytest.raises(ValueError, match="share must lie in"):
        SearchThenBestFirst(g, share=0)
