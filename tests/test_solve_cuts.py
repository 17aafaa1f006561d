"""The cuts' proof (`pipeline/solve/cuts.py`): two copies of a key above a pile's cut need two
places, whose foundations need copies below it first. Crafted positions it must call lost
and must not, and positions it calls lost that a search without it never wins."""

from __future__ import annotations

import random

import pytest
from late_positions import complete_foundations
from spec_games import game

from pipeline.engine.cards import card_id
from pipeline.engine.moves import TRANSFER
from pipeline.solve import Budget, Solver
from pipeline.solve.blocked import Blocked
from pipeline.solve.cuts import PileCuts


@pytest.fixture(scope="module")
def clock():
    return game("clock.immediate")


def _talon(g) -> int:
    (t,) = [p for p in range(g.npiles) if g.groups[g.pile_group[p]].role == "talon"]
    return t


def _spades(clock):
    """The won Clock's piles with hours III (8S ... 3S) and VII (QS ... 7S) taken back to KS:
    the AS, 2S and 3S of each, and VII's 4S-7S, are returned to the caller."""
    piles = complete_foundations(clock)
    h3, h7 = clock.foundations[2], clock.foundations[6]
    s = {r: [] for r in range(1, 8)}
    for d, keep in ((h3, 6), (h7, 2)):  # 8S 9S 10S JS QS KS | QS KS
        for v in piles[d][keep:]:
            s[v % 52 - card_id(1, "S") + 1].append(v)
        del piles[d][keep:]
    return piles, s


def test_two_threes_over_an_ace_need_both_aces_first(clock):
    piles, s = _spades(clock)
    talon = _talon(clock)
    p1, p2 = clock.tableau[:2]
    as1, as2 = s[1]
    (t1, t2), (th1, th2) = s[2], s[3]
    rest = s[4] + s[5] + s[6] + s[7]
    cuts, blocked = PileCuts(clock), Blocked(clock)
    assert cuts.enabled, cuts.reason

    def dead(tal: list[int], a: list[int], b: list[int]) -> tuple[bool, bool]:
        piles[talon], piles[p1], piles[p2] = tal, a, b
        for p, v in zip(clock.tableau[2:8], [t1, t2, *rest], strict=True):
            piles[p] = [v]  # each 2S and 4S-7S alone on a packet
        return cuts.dead_piles(piles), blocked.dead_piles(piles)

    # both 3S above an AS on the talon: the other AS gives one hour its 2S, the second 3S
    # waits for the AS below it. Per key, the blocked cards see every key able to go up.
    assert dead([as1, th1, th2], [as2], []) == (True, False)
    assert dead([as1, th1], [as2], [th2]) == (False, False)  # one 3S over it: the other AS
    assert dead([th1, th2, as1], [as2], []) == (False, False)  # the AS on top goes first
    # both AS in the packets: nothing on the talon waits for a card under it
    assert dead([th1, th2], [as1], [as2]) == (False, False)


def test_where_the_proof_holds():
    # a foundation fed by the stock's turns (Golf) has no places to count; the corpus games
    # whose talon or columns give only their top card to a foundation have
    assert PileCuts(game("reference/golf")).reason is not None
    for name in ("clock", "clock.immediate", "blockade", "blockade.rows"):
        assert PileCuts(game(name)).enabled, name


def test_a_cut_position_is_never_winnable(clock):
    # random play (plays first) to positions the cuts call lost: searched without pruning
    # and with exact keys they are never won, most of them lost in full
    g = clock
    cuts = PileCuts(g)
    plain = Solver(g, prune=False, exact_keys=True)
    rng = random.Random(7)
    checked = lost = 0
    for seed in range(1, 80):
        if checked >= 4:
            break
        s = g.new_state(seed=seed)
        for _ in range(300):
            moves = s.legal_moves()
            if not moves:
                break
            plays = [m for m in moves if m.kind == TRANSFER]
            s.apply(rng.choice(plays or moves))
            if len(s.card_piles()[g.stock]) > 3 or not cuts.dead(s):
                continue
            res = plain.search(s.copy(), Budget(nodes=4_000))
            assert res.outcome != "won", (seed, [m.notation for m in s.history])
            checked += 1
            lost += res.outcome == "lost"
            break
    assert checked >= 4 and lost >= 2, (checked, lost)


def test_the_solver_runs_it_when_asked(clock):
    # off by default (it costs CPU a position and decided no more deals at the budgets
    # measured); `Solver(cuts=True)` runs it after the blocked cards, where it holds
    assert Solver(clock).dead.cuts is None
    assert Solver(clock, cuts=True).dead.cuts is not None
    assert Solver(game("reference/golf"), cuts=True).dead.cuts is None
