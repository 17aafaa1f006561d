"""The solver's restarts: its own search resumed in turns with short searches on Luby's
schedule, with ties broken in seeded orders (`Solver(restarts=True)`): the same answers,
other orders, a budget kept."""

from __future__ import annotations

from pathlib import Path

import pytest
from thoroughness import THOROUGH

from pipeline.engine import compile_game
from pipeline.engine.moves import MACRO
from pipeline.engine.record import replay
from pipeline.solve import Budget, Solver
from pipeline.solve.search import Result, _score
from pipeline.spec import load_spec

REF = Path(__file__).resolve().parent.parent / "rules" / "reference"


@pytest.fixture(scope="module")
def black_hole():
    return compile_game(load_spec(REF / "black-hole.yaml"))


@pytest.fixture(scope="module")
def klondike():
    return compile_game(load_spec(REF / "klondike-1.yaml"))


def test_shuffled_children_keep_the_move_set_and_the_score_classes(klondike):
    solver = Solver(klondike, prune=False)
    state = klondike.new_state(seed=10)  # three moves in the tableau, and the turn
    state.lazy_moves(True)
    base = solver._children(state)
    piles = state.card_piles()
    found = [p in set(klondike.foundations) for p in range(klondike.npiles)]
    # one card a turn: the stock's plays to a foundation stay with the turns (`stock_up`)
    assert not solver.stock_up
    assert (
        len({_score(m, piles, found, None, solver.stock_up) for m in base}) > 1
    )  # moves of several classes
    orders = set()
    left = 0
    for mix in range(1, 129):
        solver._mix = mix * 0x9E3779B97F4A7C15 & 0xFFFFFFFFFFFFFFFF | 1
        solver._noisy = True  # a noisy twin (`restart_schedule`)
        got = solver._children(state)
        solver._noisy = False
        quiet = solver._children(state)  # the same tie order with no noise: classes kept
        solver._mix = 0
        assert [_score(m, piles, found, None, solver.stock_up) for m in quiet] == sorted(
            _score(m, piles, found, None, solver.stock_up) for m in quiet
        )
        assert sorted(m.notation for m in got) == sorted(m.notation for m in base)
        scores = [_score(m, piles, found, None, solver.stock_up) for m in got]
        # ties shuffled, the classes kept in order; at some positions (`_noise`) one move
        # of a later class is tried first, the rest in their classes
        assert scores[1:] == sorted(scores[1:])
        left += scores[0] > min(scores)
        orders.add(tuple(m.notation for m in got))
    assert len(base) > 2 and len(orders) > 1  # the seeds give other orders
    assert 0 < left < 128 // 4  # about one position in RESTART_NOISE leaves the classes


def test_where_the_stock_is_not_turned_again_its_plays_keep_their_order():
    # Thirty Six turns its stock once: a restart that shuffled the stock's plays (`talon.py`)
    # would often bury many cards at once; they keep their order, fewest turns first, and
    # the noise moves them to the front together, as the turn they stand for
    g = compile_game(load_spec(REF / "thirty-six.yaml"))
    solver = Solver(g, prune=False)
    assert solver.seq is not None and solver.seq.ordered
    state = g.new_state(seed=1)
    state.lazy_moves(True)
    base = solver._children(state)
    plays = [m.notation for m in base if m.kind == MACRO]
    assert len(plays) > 1 and len(base) > len(plays)
    fronts = 0
    for mix in range(1, 257):
        solver._mix = mix * 0x9E3779B97F4A7C15 & 0xFFFFFFFFFFFFFFFF | 1
        solver._noisy = True
        got = solver._children(state)
        solver._noisy = False
        solver._mix = 0
        assert sorted(m.notation for m in got) == sorted(m.notation for m in base)
        names = [m.notation for m in got]
        assert [n for n in names if n in plays] == plays
        at = names.index(plays[0])
        assert names[at : at + len(plays)] == plays  # together
        fronts += at == 0
    assert 0 < fronts < 256 // 4
    klondike = compile_game(load_spec(REF / "klondike-1.yaml"))
    assert not Solver(klondike).seq.ordered  # turned round without end: shuffled as ties


def test_the_noise_moves_one_move_to_the_front_at_one_position_in_eight(klondike):
    from pipeline.solve.search import RESTART_NOISE

    solver = Solver(klondike, prune=False)
    moves = klondike.new_state(seed=5).legal_moves()
    assert len(moves) == 4
    moved = 0
    for mix in range(1, 801):
        solver._mix = mix * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF | 1
        out = list(moves)
        solver._noise(out)
        assert out[1:] == [m for m in moves if m is not out[0]]  # one move to the front
        moved += out[0] is not moves[0]
    # a position is left when the generator says so (1 in 8), and then the move drawn is
    # another than the first most of the time
    assert RESTART_NOISE == 8 and 800 // 8 // 2 < moved < 800 // 8 + 20


def test_each_short_restart_has_a_plain_and_a_noisy_twin():
    from pipeline.solve.search import _restart_state

    # the Dense Column (Cadogan's reading), deal 1: its first short restart (1,000 nodes in
    # the first seeded tie order) wins in the solver's classes and loses its win with the
    # noise. The solver's own order wins the deal by a straight dive (137 nodes); without a
    # face-up card a foundation takes ranked as uncovered (`uncover_up`) it leaves the deal
    # unknown at 10,000, and the restarts run the plain restart first and win it there
    dc = compile_game(load_spec(REF.parent / "dense-column.cadogan.yaml"))
    got = {}
    for noisy in (False, True):
        aux = Solver(dc, twice=False)
        aux._mix = _restart_state(1, 1)
        aux._noisy = noisy
        got[noisy] = aux.search(dc.new_state(seed=1), Budget(nodes=1000))
    assert (got[False].outcome, got[False].nodes) == ("won", 176)
    assert got[True].outcome == "unknown"
    own = Solver(dc, twice=False).solve(seed=1, budget=Budget(nodes=10_000))
    assert (own.outcome, own.nodes) == ("won", 137)
    off = Solver(dc, uncover_up=False, twice=False)
    assert off.solve(seed=1, budget=Budget(nodes=10_000)).outcome == "unknown"
    old = Solver(dc, uncover_up=False, twice=False)
    old._mix = _restart_state(1, 1)
    assert old.search(dc.new_state(seed=1), Budget(nodes=1000)).nodes == 145
    res = Solver(dc, restarts=True, uncover_up=False, twice=False).solve(
        seed=1, budget=Budget(nodes=10_000)
    )
    assert (res.outcome, res.nodes) == ("won", 1250 + 145)
    assert replay(dc, res.record).is_won()


def test_restarts_answer_as_one_search_and_keep_the_budget(black_hole):
    plain, restarts = Solver(black_hole), Solver(black_hole, restarts=True)
    # deal 7: lost (a search of the first share proves it); deal 4: won
    assert restarts.solve(seed=7, budget=Budget(nodes=8000)).outcome == "lost"
    won = restarts.solve(seed=4, budget=Budget(nodes=16_000))
    assert won.outcome == "won" and replay(black_hole, won.record).is_won()
    # deal 3: the solver's own order leaves it unknown at 10,000 positions; its first dive
    # is 36 deep, so the short restarts are of 250 nodes times Luby's terms, and the third
    # plain one (500 nodes, 3,250 spent before it) wins in 63; its win replays
    assert plain.solve(seed=3, budget=Budget(nodes=10_000)).outcome == "unknown"
    res = restarts.solve(seed=3, budget=Budget(nodes=10_000))
    assert res.outcome == "won" and res.nodes == 3250 + 63
    assert restarts.schedule[9] == (3, 500)
    assert replay(black_hole, res.record).is_won()
    again = restarts.solve(seed=3, budget=Budget(nodes=10_000))
    assert (again.nodes, again.moves) == (res.nodes, res.moves)  # deterministic
    # unknown: the whole budget spent and no more
    for seed, budget in ((4, 8000), (16, 900)):
        out = restarts.solve(seed=seed, budget=Budget(nodes=budget))
        assert out.outcome == "unknown" and out.nodes == budget
    # deal 16: the fourth noisy restart (its plain twin just before it fails) wins in 162
    # nodes, at 10,000 and at 20,000 alike (search 0's first turn is longer at 20,000)
    for budget, nodes in ((10_000, 5912), (20_000, 7162)):
        out = restarts.solve(seed=16, budget=Budget(nodes=budget))
        assert (out.outcome, out.nodes) == ("won", nodes)
        assert replay(black_hole, out.record).is_won()


def test_the_cli_searches_with_restarts(capsys):
    import json

    from cli_helpers import run

    code, out, _ = run(
        capsys, "solve", "black-hole", "--seed", "3", "--budget", "10000", "--restarts", "--json"
    )
    got = json.loads(out)
    assert code == 0 and got["restarts"] is True
    assert got["outcome"] == "won"  # the solver's own order leaves it unknown at 10,000


def test_luby_sequence_and_the_schedule_spend_exactly_the_budget():
    from pipeline.solve.search import _one_kind, luby, restart_schedule

    assert [luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    # one kind: an eighth in the solver's order (search 0), then in turns a short search k
    # of 1,000 nodes times Luby's k-th term and search 0 resumed with as many, while both
    # fit, then the next pair cut to what is left
    assert _one_kind(8000, 1000) == [
        *((0, 1000), (1, 1000), (0, 1000), (2, 1000), (0, 1000), (3, 1500), (0, 1500))
    ]
    assert _one_kind(5000, 1000) == [
        *((0, 625), (1, 1000), (0, 1000), (2, 1000), (0, 1000), (3, 187), (0, 188))
    ]
    # both kinds: the schedule of half the budget, each short search k followed by its
    # noisy twin -k, search 0's turns doubled
    assert restart_schedule(10_000) == [
        *((0, 1250), (1, 1000), (0, 1000), (-1, 1000), (0, 1000)),
        *((2, 1000), (0, 1000), (-2, 1000), (0, 1000)),
        *((3, 187), (0, 187), (-3, 187), (0, 189)),
    ]
    assert restart_schedule(900) == [(0, 112), (1, 197), (0, 197), (-1, 197), (0, 197)]
    assert restart_schedule(3) == [(0, 3)]
    assert restart_schedule(2) == [(0, 2)]
    assert restart_schedule(1) == [(0, 1)]
    assert restart_schedule(0) == []
    for total in (1, 2, 3, 7, 900, 8000, 10_000, 123_457, 500_000):
        got = restart_schedule(total)
        assert sum(n for _, n in got) == total and all(n > 0 for _, n in got)
        # search 0 gets more than half the budget, the short ones run in Luby's order,
        # each plain one followed by its noisy twin
        assert 2 * sum(n for k, n in got if k == 0) > total
        shorts = [k for k, _ in got if k]
        assert shorts == [k * s for k in range(1, len(shorts) // 2 + 1) for s in (1, -1)]


def test_at_twice_the_budget_the_schedule_runs_both_kinds_of_the_budget():
    from pipeline.solve.search import _one_kind, restart_schedule

    # whatever a kind alone decides at a budget (plain restarts, or noisy ones), the two in
    # turns decide at twice it: every short search with its nodes, search 0 with as many
    # in all; and no search gets fewer nodes at a larger budget
    for unit in (250, 272, 640, 1000):
        for total in (1, 2, 5, 900, 1999, 8000, 10_000, 50_000, 123_457, 2_000_000):
            both = restart_schedule(2 * total, unit)
            nodes = dict(both)
            alone = _one_kind(total, unit)
            for k, n in alone:
                if k:
                    assert nodes[k] == nodes[-k] == n
            first = sum(n for k, n in alone if k == 0)
            assert sum(n for k, n in both if k == 0) >= 2 * first
            more = dict(restart_schedule(2 * total + 777, unit))
            assert all(more[k] >= n for k, n in nodes.items() if k)


def test_short_restarts_win_a_clock_deal_the_solvers_order_does_not():
    from pipeline.solve.search import restart_schedule

    clock = compile_game(load_spec(REF.parent / "clock.yaml"))
    # deal 101: the solver's own order is caught in a lost end game under its first choices
    # (unknown at 5,000 nodes); its first dive is 68 deep, so the short restarts are of 272
    # nodes times Luby's terms, and the third (544 nodes) wins 128 nodes into it
    # (without the suits-alone proof, which cuts that end game short: below)
    # (in the order before `uncover_up`; with it, the second restart's noisy twin wins
    # 129 nodes into it: below)
    assert (
        Solver(clock, alone=False, uncover_up=False, twice=False)
        .solve(seed=101, budget=Budget(nodes=5000))
        .outcome
        == "unknown"
    )
    solver = Solver(clock, restarts=True, alone=False, uncover_up=False, twice=False)
    res = solver.solve(seed=101, budget=Budget(nodes=5000))
    assert (
        solver.schedule
        == restart_schedule(5000, 272)
        == [
            *((0, 624), (1, 272), (0, 272), (-1, 272), (0, 272)),
            *((2, 272), (0, 272), (-2, 272), (0, 272)),
            *((3, 544), (0, 544), (-3, 544), (0, 544)),
            *((4, 6), (0, 6), (-4, 6), (0, 6)),
        ]
    )
    assert res.outcome == "won" and res.nodes == 624 + 8 * 272 + 128
    assert replay(clock, res.record).is_won()
    # at twice the budget the same unit (the same first dive), the same restart wins
    again = solver.solve(seed=101, budget=Budget(nodes=10_000))
    assert solver.schedule == restart_schedule(10_000, 272)
    assert again.nodes == 1250 + 8 * 272 + 128
    now = Solver(clock, restarts=True, alone=False, twice=False)
    assert now.solve(seed=101, budget=Budget(nodes=5000)).nodes == 624 + 6 * 272 + 129
    assert now.schedule == restart_schedule(5000, 272)
    # with it, the first short restart wins, 162 nodes in (in the order before `uncover_up`;
    # in the order with it, the proof changes nothing here)
    with_proof = Solver(clock, restarts=True, uncover_up=False, twice=False).solve(
        seed=101, budget=Budget(nodes=5000)
    )
    assert (with_proof.outcome, with_proof.nodes) == ("won", 624 + 162)
    both = Solver(clock, restarts=True, twice=False).solve(seed=101, budget=Budget(nodes=5000))
    assert (both.outcome, both.nodes) == ("won", 624 + 6 * 272 + 129)


def test_the_short_restarts_unit_is_read_from_the_first_dive():
    from pipeline.solve.search import RESTART_DIVES, RESTART_LEAST, _Run, restart_unit

    # four times the depth at which the search in the solver's order first backs up, and
    # at least 250 nodes
    assert (RESTART_DIVES, RESTART_LEAST) == (4, 250)
    assert [restart_unit(d) for d in (1, 36, 62, 63, 68, 160)] == [250, 250, 250, 252, 272, 640]
    # the dive is the path's length at the first back-up, whatever the budget of the turn
    clock = compile_game(load_spec(REF.parent / "clock.yaml"))
    for budget in (100, 624, 5000):
        run = Solver(clock)._begin_search(clock.new_state(seed=101), Budget(nodes=budget), 0.0)
        assert isinstance(run, _Run) and run.dive == 68


def test_a_deal_decided_at_a_budget_is_decided_at_twice_it(black_hole):
    # every search of a budget's schedule runs at twice the budget with at least its
    # nodes (the deal's unit is the same: its first dive), so nothing decided is lost
    solver = Solver(black_hole, restarts=True)
    decided = 0
    for seed in range(1, 21):
        small = solver.solve(seed=seed, budget=Budget(nodes=2000))
        shorts = [(k, n) for k, n in solver.schedule if k]
        big = solver.solve(seed=seed, budget=Budget(nodes=4000))
        if small.outcome != "unknown":
            decided += 1
            assert big.outcome == small.outcome
        else:
            more = dict(solver.schedule)
            assert all(more[k] >= n for k, n in shorts)
    assert decided == 6  # of 20 at 2,000 nodes


def test_a_search_suspended_and_resumed_is_the_same_search(black_hole):
    # the restarts keep their first search and go on with it at the end (`_Run`): stopped
    # by its node budget any number of times and resumed, it expands the same positions in
    # the same order as one search, so it finds the same win after the same nodes
    one = Solver(black_hole).solve(seed=2, budget=Budget(nodes=50_000))
    assert one.outcome == "won"
    solver = Solver(black_hole)
    run = solver._begin_search(black_hole.new_state(seed=2), Budget(nodes=500), 0.0)
    assert not isinstance(run, Result) and run.nodes == 500
    while not isinstance(run, Result):
        assert run.nodes < one.nodes
        run = solver._resume_search(run, run.nodes + 333)
    assert (run.outcome, run.nodes, run.moves) == (one.outcome, one.nodes, one.moves)
    assert replay(black_hole, run.record).is_won()


def test_the_last_restart_goes_on_with_the_first_so_a_longer_loss_is_proved():
    # The Exiles' deal 1 is lost, and the solver's order needs more than half of 3,000 nodes
    # to search its whole tree: a fresh last search (half the budget) would leave it unknown;
    # the first search, resumed in turns with the short ones, proves it. The suits-alone
    # proof changes nothing there (it cuts the clock deal's end game, above)
    exiles = compile_game(load_spec(REF.parent / "exiles.yaml"))
    assert Solver(exiles).solve(seed=1, budget=Budget(nodes=1500)).outcome == "unknown"
    for alone in (False, True):
        res = Solver(exiles, restarts=True, alone=alone).solve(seed=1, budget=Budget(nodes=3000))
        assert (res.outcome, res.nodes) == ("lost", 2887)
    if not THOROUGH:  # tests/thoroughness.py: a longer loss, 25,000 nodes of Blockade
        return
    # Blockade deal 2, a loss of 10,000 nodes (test_solve_fresh's pinned fresh answer), where
    # the suits-alone proof cuts a few of its end games sooner
    blockade = compile_game(load_spec(REF.parent / "blockade.yaml"))
    assert Solver(blockade).solve(seed=2, budget=Budget(nodes=5000)).outcome == "unknown"
    res = Solver(blockade, restarts=True, alone=False).solve(seed=2, budget=Budget(nodes=10_000))
    assert (res.outcome, res.nodes) == ("lost", 9837)
    res = Solver(blockade, restarts=True).solve(seed=2, budget=Budget(nodes=10_000))
    assert (res.outcome, res.nodes) == ("lost", 9830)


def test_the_unit_reads_how_much_deeper_the_first_nodes_go():
    from pipeline.solve.search import RESTART_PROBE, _Run, restart_schedule, restart_unit

    # four times the larger of the first back-up's depth and how much deeper the search
    # went after it within its first 1,000 nodes
    assert RESTART_PROBE == 1000
    assert [restart_unit(9, r) for r in (0, 62, 63, 207)] == [250, 250, 252, 828]
    assert restart_unit(68, 16) == restart_unit(68) == 272
    # Stronghold deal 3: it first backs up 9 positions deep on a position met before, then
    # goes 208 deeper within its first 1,000 nodes; the unit is 832 at every budget from
    # 8,000 on (the first turn holds the 1,000 nodes), not the 250 the dive alone gives
    sh = compile_game(load_spec(REF / "stronghold.yaml"))
    # (in the order before `uncover_up`; with it the first back-up is at 19, 98 deeper)
    run = Solver(sh, uncover_up=False, twice=False)._begin_search(
        sh.new_state(seed=3), Budget(nodes=1000), 0.0
    )
    assert isinstance(run, _Run) and (run.dive, run.longest) == (9, 217)
    now = Solver(sh, twice=False)._begin_search(sh.new_state(seed=3), Budget(nodes=1000), 0.0)
    assert isinstance(now, _Run) and (now.dive, now.longest) == (19, 117)
    solver = Solver(sh, restarts=True, uncover_up=False, twice=False)
    for budget in (8000, 16_000, 40_000):
        solver.solve(seed=3, budget=Budget(nodes=budget))
        assert solver.schedule == restart_schedule(budget, 832)
    # below 8,000 the first turn is shorter than 1,000 nodes and reads less of the search
    solver.solve(seed=3, budget=Budget(nodes=4000))
    assert solver.schedule != restart_schedule(4000, 832)


def test_the_dive_schedule_spends_the_budget_on_short_searches_of_one_length():
    from pipeline.solve.search import dive_schedule

    # search 0's first turn (where it reads the unit), then pairs of a short search and its
    # noisy twin of `unit` nodes each while a pair fits, search 0 resumed with the rest
    assert dive_schedule(5000, 1000, 272) == [
        (0, 1000),
        *((k * s, 272) for k in range(1, 8) for s in (1, -1)),
        (0, 192),
    ]
    assert dive_schedule(10_000, 1000, 250)[-2:] == [(18, 250), (-18, 250)]
    assert dive_schedule(500, 1000, 250) == [(0, 500)]
    assert dive_schedule(0, 1000, 250) == []
    for total in (1, 999, 1000, 1543, 100_000, 123_457):
        got = dive_schedule(total, 1000, 250)
        assert sum(n for _, n in got) == total and all(n > 0 for _, n in got)
        assert {n for k, n in got if k} <= {250}


def test_dives_run_the_same_short_searches_without_search_0_between_them(black_hole):
    from pipeline.solve.search import dive_schedule

    clock = compile_game(load_spec(REF.parent / "clock.yaml"))
    # deal 101 (without the suits-alone proof): with the restarts, search 0 gets 624 + 3 *
    # 272 nodes before the second restart's noisy twin wins 129 nodes into it (above); as
    # dives, search 0 reads the unit in 1,000 and the same short searches follow at once
    solver = Solver(clock, restarts=True, dives=True, alone=False)
    res = solver.solve(seed=101, budget=Budget(nodes=5000))
    assert solver.schedule == dive_schedule(5000, 1000, 272)
    assert (res.outcome, res.nodes) == ("won", 1000 + 3 * 272 + 129)
    assert replay(clock, res.record).is_won()
    # a loss search 0 proves within its first turn is still proved; a deal search 0 would
    # win later may be left unknown (Black Hole 4: won by the restarts at 16,000)
    dives = Solver(black_hole, restarts=True, dives=True)
    assert dives.solve(seed=7, budget=Budget(nodes=8000)).outcome == "lost"
    out = dives.solve(seed=4, budget=Budget(nodes=16_000))
    assert (out.outcome, out.nodes) == ("unknown", 16_000)
    assert Solver(black_hole, restarts=True).solve(seed=4, budget=Budget(nodes=16_000)).outcome == (
        "won"
    )


def test_noisy_dives_are_the_noisy_twins_alone_at_the_noise_asked():
    from pipeline.solve.search import dive_schedule

    # as many short searches in the same nodes as the pairs, all noisy, then search 0's rest
    assert dive_schedule(5000, 1000, 272, noisy=True) == [
        (0, 1000),
        *[(-k, 272) for k in range(1, 15)],
        (0, 192),
    ]
    for total in (1, 999, 1543, 100_000):
        got = dive_schedule(total, 1000, 250, noisy=True)
        assert sum(n for _, n in got) == total and all(k <= 0 for k, _ in got)
        assert len(got) == len(dive_schedule(total, 1000, 250))
    clock = compile_game(load_spec(REF.parent / "clock.yaml"))
    # deal 101 as dives (above): the second pair's noisy twin wins 129 nodes into it; at
    # the pairs' noise, the noisy searches alone are those twins without the plain searches
    # between them, so the same search wins one plain search (272 nodes) sooner
    solver = Solver(clock, restarts=True, dives=True, alone=False, dive_noise=8)
    res = solver.solve(seed=101, budget=Budget(nodes=5000))
    assert solver.schedule == dive_schedule(5000, 1000, 272, noisy=True)
    assert (res.outcome, res.nodes) == ("won", 1000 + 272 + 129)
    # at one position in 4 they are other searches; a win is a win of the interpreter's
    four = Solver(clock, restarts=True, dives=True, alone=False, dive_noise=4)
    got = four.solve(seed=101, budget=Budget(nodes=5000))
    assert got.outcome == "won" and got.nodes != res.nodes
    assert replay(clock, got.record).is_won()
    # the default dives keep their pairs
    assert Solver(clock, restarts=True, dives=True).dive_noise == 0
