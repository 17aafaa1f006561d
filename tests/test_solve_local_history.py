"""`no-progress` games (the Blockade): the key holds only the positions of the path that may
be reached again, and a position searched with more positions reached subsumes one with
fewer. Both only merge or skip positions whose futures the rules cannot tell apart: checked
against a search with exact keys and no reduction."""

from __future__ import annotations

import random

import pytest
from late_positions import played_up
from spec_games import game
from thoroughness import THOROUGH

from pipeline.engine.cards import card_id
from pipeline.solve import Budget, Solver
from pipeline.solve.search import _reach, _subsumed
from pipeline.solve.symmetry import KeyMaker, epoch_builds


@pytest.fixture(scope="module")
def blockade():
    return game("blockade")


def test_which_games_key_the_local_history(blockade):
    onto, live = epoch_builds(blockade)
    assert onto[card_id(5, "S")] == (card_id(6, "S"),)  # marriages down in suit
    assert onto[card_id(13, "S")] == ()
    assert live == tuple(blockade.group_piles["columns"])
    s = blockade.new_state(seed=1)
    assert KeyMaker(blockade, s).local_history
    assert not KeyMaker(blockade, s, exact=True).local_history
    assert KeyMaker(game("blockade.rows"), s).local_history
    shah = game("shah")
    assert not KeyMaker(shah, shah.new_state(seed=1)).local_history  # no `no-progress`
    # Canfield's talon gives cards back to the stock: no epoch by the stock's length
    assert epoch_builds(game("reference/canfield")) is None


def test_a_position_out_of_reach_leaves_the_key(blockade):
    s = blockade.new_state(seed=1)
    keys = KeyMaker(blockade, s)
    n = len(blockade.group_piles["columns"])
    s5, s6, h9, h10 = card_id(5, "S"), card_id(6, "S"), card_id(9, "H"), card_id(10, "H")
    a = [[] for _ in range(n)]  # 5S married onto the 6S
    a[0] = [h9]
    a[1] = [s6, s5]
    b = [[] for _ in range(n)]  # 5S on the 9H
    b[0] = [h9, s5]
    b[1] = [s6]
    # from b, 5S goes onto the free 6S: a may come; from a, the way back needs another 6S
    assert keys._staying(b) == [1, 1] + [0] * (n - 2)  # 9H waits for a 10H, 6S for a 7S
    assert keys._may_reach(a, b, keys._staying(b))
    assert keys._staying(a) == [1, 2] + [0] * (n - 2)
    assert not keys._may_reach(b, a, keys._staying(a))
    # the other 6S under a card that may leave onto a 10H: the way back opens
    a[2] = [s6 + 52, h9 + 52]
    a[3] = [h10]
    b[2] = [s6 + 52, h9 + 52]
    b[3] = [h10]
    assert keys._staying(a)[1] == 1
    assert keys._may_reach(b, a, keys._staying(a))
    # with 9H's twin as the only card left on the 6S, held there (no 10H): closed again
    a[3] = []
    assert not keys._may_reach(b, a, keys._staying(a))


def test_more_positions_reached_subsume_fewer():
    reach: dict[int, list[frozenset[int]]] = {}
    _reach(reach, 7, frozenset({1, 2, 7}))
    assert _subsumed(reach, 7, frozenset({2, 7}))
    assert _subsumed(reach, 7, frozenset({1, 2, 7}))
    assert not _subsumed(reach, 7, frozenset({3, 7}))
    assert not _subsumed(reach, 8, frozenset({8}))
    _reach(reach, 7, frozenset({1, 2, 3, 7}))  # it contains the first: one set kept
    assert reach[7] == [frozenset({1, 2, 3, 7})]


# the positions below that both searches leave unknown at 4,000 nodes, by deal: four fifths
# of the test's cost for nothing asserted, so searched under PASYANS_TESTS=thorough only
_UNDECIDED = {"blockade": set(), "blockade.rows": {1, 3}}


@pytest.mark.parametrize(("name", "want"), [("blockade", 4), ("blockade.rows", 2)])
def test_late_positions_agree_with_exact_keys(name, want):
    # random play to a position with at most 6 cards in the stock; searched with the local
    # keys and subsumption (and every other reduction), then with exact keys and none:
    # the same outcome wherever both finish, and the reduced search finishes more often
    g = game(name)
    fast = Solver(g)
    plain = Solver(g, prune=False, exact_keys=True)
    rng = random.Random(5)
    agree = 0
    nodes = [0, 0]
    for seed in range(1, 30):
        if agree >= want:
            break
        s = g.new_state(seed=seed)
        for _ in played_up(g, s, rng, 2000, 0.9):
            if len(s.card_piles()[g.stock]) <= 6:
                break
        if len(s.card_piles()[g.stock]) > 6:
            continue
        if seed in _UNDECIDED[name] and not THOROUGH:
            continue  # unknown to both: asserts nothing (tests/thoroughness.py)
        a = plain.search(s.copy(), Budget(nodes=4_000))
        b = fast.search(s.copy(), Budget(nodes=4_000))
        if seed in _UNDECIDED[name]:  # under PASYANS_TESTS=thorough: the list is right
            assert a.outcome == b.outcome == "unknown", seed
        if a.outcome != "unknown":
            assert b.outcome == a.outcome, (seed, [m.notation for m in s.history])
            agree += 1
            nodes[0] += a.nodes
            nodes[1] += b.nodes
        if b.outcome != "unknown" and a.outcome != "unknown":
            assert a.outcome == b.outcome
    assert agree >= want, agree
    assert nodes[1] < nodes[0], nodes
