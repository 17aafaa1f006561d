"""The blocked-cards proof reads the rules' depths: in the Shah a card of the inner circle
(depth 1) only goes up, a card of the middle circle marries (Russian reading, depth 2 and
beyond) or does not (Cadogan's, depth 3 and beyond), and only the third circle fills an
empty ray. A position the proof calls lost is lost."""

from __future__ import annotations

import random

import pytest
from late_positions import dead_positions
from spec_games import game

from pipeline.engine.cards import card_id
from pipeline.solve import Budget, Solver
from pipeline.solve.blocked import Blocked


def end_game(g, hearts_to: int, spades_to: int) -> tuple[list[list[int]], dict[str, list[int]]]:
    """Every foundation built from its ace to the queen but the hearts (to `hearts_to`) and
    the spades (to `spades_to`); the cards left, by name (deck 0 and 1), out of every pile."""
    s = g.new_state(seed=1)
    piles: list[list[int]] = [[] for _ in range(g.npiles)]
    left: dict[str, list[int]] = {}
    for d in g.foundations:
        ace = s.card_piles()[d][0]
        suit = "SHDC"[ace % 52 // 13]
        deck = ace // 52
        top = {"H": hearts_to, "S": spades_to}.get(suit, 12)
        piles[d] = [card_id(r, suit, deck) for r in range(1, top + 1)]
        for r in range(top + 1, 13):
            left.setdefault(f"{r}{suit}", []).append(card_id(r, suit, deck))
    return piles, left


def rays(g) -> list[int]:
    return list(g.group_piles["rays"])


@pytest.mark.parametrize("name", ["shah", "shah.cadogan"])
def test_the_shah_is_no_longer_out_of_reach(name):
    b = Blocked(game(name))
    assert b.reason is None
    # the rays' cards may always leave only from the third circle on (the fill of an empty
    # ray); the talon's at any depth (the fills from the hand)
    g = b.game
    ray = rays(g)[0]
    assert list(b.mobile[ray][:5]) == [0, 0, 0, 1, 1]
    talon = g.group_piles["talon"][0]
    assert list(b.mobile[talon][:4]) == [0, 1, 1, 1]


@pytest.mark.parametrize("name", ["shah", "shah.cadogan"])
def test_queens_over_their_jacks(name):
    # both JH lie in the inner circle under a QH: a queen goes up only on a jack, marries
    # onto nothing (no king is in play) and lies too deep for the fill of an empty ray: lost
    g = game(name)
    piles, left = end_game(g, hearts_to=10, spades_to=10)
    r = rays(g)
    jh, qh, js = left["11H"], left["12H"], left["11S"]
    talon = g.group_piles["talon"][0]
    piles[talon] = [js[1], *left["12S"]]
    piles[r[0]] = [jh[0], qh[0]]
    piles[r[1]] = [jh[1], qh[1]]
    piles[r[2]] = [js[0]]
    assert Blocked(g).dead_piles(piles)
    # one queen in the third circle may fill a ray emptied; JS goes up: not proved
    piles[r[1]] = [jh[1], js[0], qh[1]]
    piles[r[2]] = []
    assert not Blocked(g).dead_piles(piles)
    # a 5D in its place stays (its diamonds are complete, no 6D to marry onto): lost
    piles[r[1]] = [jh[1], card_id(5, "D"), qh[1]]
    piles[r[2]] = [js[0]]
    assert Blocked(g).dead_piles(piles)
    # a jack on top goes up, and then both queens and the other jack
    piles[r[0]] = [qh[0], jh[0]]
    piles[r[1]] = [jh[1], qh[1]]
    piles[r[2]] = [js[0]]
    assert not Blocked(g).dead_piles(piles)


def test_a_middle_card_marries_in_one_reading_only():
    # both 8S lie in the inner circle, under 10S and 9S of the middle circle; the other 9S
    # lies on JH. The 9S of the middle circle may marry onto the 10S (Russian reading:
    # circles 2 and beyond) and free an 8S; Cadogan's marries only third-circle cards: lost
    expected = {"shah": False, "shah.cadogan": True}
    for name, dead in expected.items():
        g = game(name)
        piles, left = end_game(g, hearts_to=10, spades_to=7)
        r = rays(g)
        s8, s9, s10 = left["8S"], left["9S"], left["10S"]
        piles[r[0]] = [left["11H"][0], s9[0]]
        piles[r[1]] = [s8[0], s10[0]]
        piles[r[2]] = [s8[1], s9[1]]
        talon = g.group_piles["talon"][0]
        piles[talon] = [
            s10[1],
            *left["11S"],
            *left["12S"],
            left["11H"][1],
            *left["12H"],
        ]
        assert Blocked(g).dead_piles(piles) is dead, name


@pytest.mark.parametrize("name", ["shah", "shah.cadogan"])
def test_a_shah_position_proved_lost_is_lost(name):
    # random games, foundation moves preferred, to the end of the stock; every position the
    # proof calls lost is searched without any reduction: never won
    g = game(name)
    check = Blocked(g)
    plain = Solver(g, prune=False, exact_keys=True)
    lost = 0
    for seed, s in dead_positions(g, check, range(1, 80), random.Random(2), 600, 0):
        res = plain.search(s.copy(), Budget(nodes=5_000))
        assert res.outcome != "won", (seed, [m.notation for m in s.history])
        lost += res.outcome == "lost"
        if lost >= 2:
            break
    assert lost >= 1, lost
