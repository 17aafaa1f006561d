"""`no-progress` games (the Blockade) before their last card: a position whose key holds no
other position of the path is keyed with its twins merged (`KeyMaker.local_key`). Crafted
positions against exact keys, two deals' proofs of loss, and random late positions searched
with and without it (the same outcome wherever both finish, every win replayed)."""

from __future__ import annotations

import random

import pytest
from late_positions import played_up
from spec_games import game
from thoroughness import THOROUGH, examples

from pipeline.engine.record import replay
from pipeline.solve import Budget, Solver
from pipeline.solve.symmetry import SETTLED, KeyMaker


@pytest.fixture(scope="module")
def blockade():
    return game("blockade")


def _twins(s, stock: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """(pile, index) of a column's top card and of its twin in the stock."""
    for p, pile in enumerate(s.piles):
        if p == stock or not pile or pile[-1] < 0:
            continue
        k = pile[-1] % 52
        for i, v in enumerate(s.piles[stock]):
            if (~v if v < 0 else v) % 52 == k:
                return (p, len(pile) - 1), (stock, i)
    raise AssertionError("no column top with a twin in the stock")


def _swap(s, a: tuple[int, int], b: tuple[int, int]) -> None:
    """Swap two cards, each keeping its own face (a stock card lies face down)."""
    x, y = s.piles[a[0]][a[1]], s.piles[b[0]][b[1]]
    ux, uy = (~x if x < 0 else x), (~y if y < 0 else y)
    s.piles[a[0]][a[1]] = uy if x >= 0 else ~uy
    s.piles[b[0]][b[1]] = ux if y >= 0 else ~ux


def _key(keys: KeyMaker, s) -> int:
    pos = keys.position(s)
    ep = keys.epoch(s)
    assert ep != SETTLED
    return keys.local_key(pos, ep, s)[0]


def test_where_it_acts(blockade):
    s = blockade.new_state(seed=1)
    assert KeyMaker(blockade, s).alone_twins
    assert KeyMaker(game("blockade.rows"), s).alone_twins
    assert not KeyMaker(blockade, s, exact=True).alone_twins
    assert not KeyMaker(blockade, s, alone_twins=False).alone_twins
    shah = game("shah")  # no `no-progress`: its keys merge twins everywhere already
    assert not KeyMaker(shah, shah.new_state(seed=1)).alone_twins


def test_twins_swapped_share_the_key_of_an_alone_position(blockade):
    s = blockade.new_state(seed=1)
    a, b = _twins(s, blockade.stock)
    merged, plain = KeyMaker(blockade, s), KeyMaker(blockade, s, alone_twins=False)
    k0, p0 = _key(merged, s), _key(plain, s)
    assert k0 != p0
    _swap(s, a, b)  # the column's top and its twin deep in the stock change places
    assert _key(merged, s) == k0
    assert _key(plain, s) != p0
    _swap(s, a, b)
    # two cards that are not twins swapped, or two columns swapped: another key (a card's
    # rank and suit and a pile's place still count)
    t = blockade.new_state(seed=1)
    c0, c1 = blockade.tableau[0], blockade.tableau[1]
    t.piles[c0][-1], t.piles[c1][-1] = t.piles[c1][-1], t.piles[c0][-1]
    assert t.piles[c0][-1] % 52 != t.piles[c1][-1] % 52
    assert _key(merged, t) != k0
    u = blockade.new_state(seed=1)
    u.piles[c0], u.piles[c1] = u.piles[c1], u.piles[c0]
    assert _key(merged, u) != k0


def test_a_position_holding_another_of_the_path_keeps_the_exact_key(blockade):
    s = blockade.new_state(seed=1)
    keys = KeyMaker(blockade, s)
    pos = keys.position(s)
    ep = keys.epoch(s)
    keys.enter(pos ^ 1, ep, s)  # a position of the path with these very piles: reachable
    k, held = keys.local_key(pos, ep, s)
    assert held == frozenset({pos, pos ^ 1})
    a, b = _twins(s, blockade.stock)
    _swap(s, a, b)  # the same, twins swapped in both positions
    other = KeyMaker(blockade, s)
    pos2 = other.position(s)
    other.enter(pos2 ^ 1, ep, s)
    k2, held2 = other.local_key(pos2, ep, s)
    assert held2 == frozenset({pos2, pos2 ^ 1}) and pos2 != pos
    assert k2 != k  # exact keys: the swap would have to be checked alike in both


@pytest.mark.parametrize("deal", [43, *([133] if THOROUGH else [])])  # tests/thoroughness.py
def test_two_deals_proved_lost_in_fewer_positions(blockade, deal):
    # the plain search proves both lost either way; merged, the proof meets fewer positions
    # (deal 43: 6,647 without, 3,169 with; deal 133, under PASYANS_TESTS=thorough: 6,638 and
    # 4,945)
    without = Solver(blockade, alone_twins=False).solve(seed=deal, budget=Budget(nodes=30_000))
    with_ = Solver(blockade).solve(seed=deal, budget=Budget(nodes=30_000))
    assert without.outcome == with_.outcome == "lost"
    assert with_.nodes < without.nodes


# the late positions below that neither search decides within its budget (seeds 3, 16 and
# 17 of the rows, 9 of the Blockade): each could fail only by a win that does not replay,
# and neither wins; they are two thirds of the test's cost, searched under
# PASYANS_TESTS=thorough only (their random play still runs: the other seeds get the same)
UNDECIDED = {"blockade.rows": {3, 16, 17}, "blockade": {9}}


@pytest.mark.parametrize(("name", "want"), [("blockade", 6), ("blockade.rows", 4)])
def test_late_positions_agree_with_and_without(name, want):
    # random play to a position with 1 to 12 cards still in the stock (before the last
    # card: where the merging acts), searched with and without it: the same outcome
    # wherever both finish (so no position it calls lost is won without it, nor the
    # reverse), every win replayed, and fewer positions in all with it
    g = game(name)
    on, off = Solver(g), Solver(g, alone_twins=False)
    rng = random.Random(7)
    agree = 0
    nodes = [0, 0]
    outcomes = set()
    for seed in range(1, examples(21, 60)):  # tests/thoroughness.py
        if agree >= want and len(outcomes) > 1:
            break
        s = g.new_state(seed=seed)
        for _ in played_up(g, s, rng, 2000, 0.9):
            if len(s.card_piles()[g.stock]) <= 12:
                break
        if not 0 < len(s.card_piles()[g.stock]) <= 12:
            continue
        if seed in UNDECIDED[name] and not THOROUGH:
            continue
        a = off.search(s.copy(), Budget(nodes=5_000))
        b = on.search(s.copy(), Budget(nodes=5_000))
        for r in (a, b):
            if r.outcome == "won":
                assert replay(g, r.record).is_won()
        if "unknown" in (a.outcome, b.outcome):
            continue
        assert a.outcome == b.outcome, (seed, [m.notation for m in s.history])
        agree += 1
        outcomes.add(a.outcome)
        nodes[0] += a.nodes
        nodes[1] += b.nodes
    assert agree >= want, agree
    assert nodes[1] < nodes[0], nodes


def test_no_merging_in_the_root_epoch_of_a_game_played_before(blockade):
    # a search begun after moves were played: the positions before its root are not on
    # its path, so in the root's epoch a position may reach one of them unseen
    s = blockade.new_state(seed=1)
    s.apply(s.legal_moves()[0])
    keys = KeyMaker(blockade, s)
    keys.reset(s)
    k0 = _key(keys, s)
    a, b = _twins(s, blockade.stock)
    _swap(s, a, b)
    assert _key(keys, s) != k0
    fresh = blockade.new_state(seed=1)  # no move before the root: merged
    keys.reset(fresh)
    k1 = _key(keys, fresh)
    a, b = _twins(fresh, blockade.stock)
    _swap(fresh, a, b)
    assert _key(keys, fresh) == k1
