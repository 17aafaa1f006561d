"""The blocked-cards proof with two packs: where a card may go up is read per foundation from
the position (its bottom suit, the tops it can still reach, its last rank), and a position it
calls lost is lost."""

from __future__ import annotations

import random

import pytest
from late_positions import complete_foundations
from spec_games import game

from pipeline.engine.cards import card_id
from pipeline.engine.moves import TRANSFER
from pipeline.solve import Budget, Solver
from pipeline.solve.blocked import Blocked, chained_foundations


@pytest.fixture(scope="module")
def clock():
    return game("clock")


def test_only_transfers_lay_cards_on_the_hours(clock):
    assert chained_foundations(clock) == frozenset(clock.foundations)
    golf = game("reference/golf")
    assert chained_foundations(golf) == frozenset()  # the stock is turned onto it


def test_a_king_over_its_own_queen(clock):
    # Hour II (7H up to 2H) waits for QH KH AH 2H; hour VI holds the other copies. KH lies
    # on the one QH left and cannot be married (nothing lies above a king): lost. The
    # game's table alone lets KH go up on the queen of any suit (QD tops hour XII), which
    # does not see it.
    piles = complete_foundations(clock)
    hour2 = clock.foundations[1]
    qh, kh, ah, two = piles[hour2][-4:]
    assert [v % 52 for v in (qh, kh, ah, two)] == [card_id(r, "H") for r in (12, 13, 1, 2)]
    del piles[hour2][-4:]
    p1, p2, p3 = clock.tableau[:3]

    def dead(a: list[int], b: list[int], c: list[int]) -> bool:
        piles[p1], piles[p2], piles[p3] = a, b, c
        return Blocked(clock).dead_piles(piles)

    assert dead([qh, kh], [ah], [two])
    assert not dead([kh, qh], [ah], [two])  # the queen on top: QH, KH, AH, 2H go up
    assert dead([kh, qh, two], [ah], [])  # 2H waits for AH, which waits for KH below
    assert not dead([kh, qh, ah], [two], [])


def test_a_blocked_position_is_never_winnable(clock):
    # random play to late positions of the Clock (two packs); every one the check calls
    # lost is searched without it (no pruning, exact keys): never won, mostly lost in full
    g = clock
    check = Blocked(g)
    plain = Solver(g, prune=False, exact_keys=True)
    rng = random.Random(5)
    checked = 0
    for seed in range(1, 60):
        if checked >= 5:
            break
        s = g.new_state(seed=seed)
        check.reset()  # a new deal: what it cached of the stock is another deal's
        for _ in range(400):
            moves = s.legal_moves()
            if not moves:
                break
            plays = [m for m in moves if m.kind == TRANSFER]
            s.apply(rng.choice(plays or moves))
            if len(s.card_piles()[g.stock]) > 2 or not check.dead(s):
                continue
            res = plain.search(s.copy(), Budget(nodes=5_000))
            assert res.outcome != "won", (seed, [m.notation for m in s.history])
            checked += res.outcome == "lost"
            break
    assert checked >= 5, checked
