"""The blocked-cards proof with twins on two foundations of one suit, and with a stock: a
card that went up on one foundation may still be wanted on another whose support shows only
later (it is tried again), and a card of the stock goes up only onto one of its supports (it
is free at any time, not a top of every foundation that may take it); and the proof holds
from the last redeal on, while that deal still deals (the Dense Column).

The Clock: hour VI (JH up to 6H) and hour X (3H up to 10H) both take 5H on 4H and 6H on 5H;
with the other hours complete, the hearts left are one 4H, both 5H and 6H, and 7H–10H."""

from __future__ import annotations

import itertools
import random

import pytest
from late_positions import complete_foundations, dead_positions, played_up
from spec_games import cards, game, make, two_ways

from pipeline.engine.cards import card_id
from pipeline.solve import Budget, Solver
from pipeline.solve.blocked import Blocked


@pytest.fixture(scope="module")
def clock():
    return game("clock")


def hearts_left(g) -> tuple[list[list[int]], dict[str, list[int]]]:
    """Every hour complete but hour VI (up to 4H) and hour X (its 3H alone); the hearts
    taken off them, by name."""
    piles = complete_foundations(g)
    left: dict[str, list[int]] = {}
    six, ten = g.foundations[5], g.foundations[9]
    for d, keep in ((six, 7), (ten, 1)):  # JH QH KH AH 2H 3H 4H | 3H
        for v in piles[d][keep:]:
            left.setdefault(f"{v % 13 + 1}H", []).append(v)
        del piles[d][keep:]
    return piles, left


def test_the_cards_left(clock):
    _, left = hearts_left(clock)
    assert sorted((k, len(v)) for k, v in left.items()) == [
        ("10H", 1),
        ("4H", 1),
        ("5H", 2),
        ("6H", 2),
        ("7H", 1),
        ("8H", 1),
        ("9H", 1),
    ]
    assert all(v % 52 == card_id(int(k[:-1]), "H") for k, vs in left.items() for v in vs)


def test_a_twin_gone_up_on_one_hour_is_tried_on_the_other(clock):
    # packet 1: both 5H, looked at first, when only hour VI shows 4H; packet 2: 4H, which
    # hour X shows next; packet 3: 10H 9H 8H 7H 6H 6H. A win: 4H to X, one 5H to VI, the
    # other to X, a 6H to each, 7H–10H to X. Taking the second 5H for hour VI only, as
    # the proof did, left 7H waiting for a 6H on hour X for ever: "lost".
    piles, left = hearts_left(clock)
    p1, p2, p3 = clock.tableau[:3]
    piles[p1] = list(left["5H"])
    piles[p2] = list(left["4H"])
    piles[p3] = [*left["10H"], *left["9H"], *left["8H"], *left["7H"], *left["6H"]]
    assert not Blocked(clock).dead_piles(piles)
    # both 5H under the 7H: the 6H above them wait for a 5H, the 7H for a 6H: lost
    piles[p1] = []
    piles[p3] = [*left["10H"], *left["9H"], *left["8H"], *left["5H"], *left["7H"], *left["6H"]]
    assert Blocked(clock).dead_piles(piles)


def test_a_card_gone_up_is_tried_again_at_every_round():
    # 5S (the column's top) goes up on `low` at once; the cells' 6S, then 7S, wait. The
    # round after: 6S goes up on `low` (5S shows there), 7S on `high`, and 5S is still
    # waiting for a 6S on `high`; only the round after that shows 6S on `high`, then 5S
    # there, which A-4S need. Tried again only once, 5S left them waiting: "lost"
    g = two_ways(  # A-5S dealt to a column, 6S and 7S to two cells
        "  columns: {role: tableau}\n"
        "  cell: {role: reserve, count: 2, capacity: 1, face: up}\n"
        "  stock: {role: stock}\n",
        "deal: [{to: columns, rounds: 5}, {to: cell}]\n"
        "moves: {up: {from: [columns, cell], to: [low, high]}}\n",
    )
    order = ["AS", "2S", "3S", "4S", "5S", "6S", "7S"]
    s = g.new_state(order=order)
    assert [cards(s, "columns"), cards(s, "cell", 1), cards(s, "cell", 2)] == [
        ["AS", "2S", "3S", "4S", "5S"],
        ["6S"],
        ["7S"],
    ]
    blocked = Blocked(g)
    assert blocked.applies(s) and not blocked.dead(s)
    res = Solver(g).solve(order=order, budget=Budget(nodes=100))
    assert res.outcome == "won"
    assert res.moves == [
        "cell.2 7S high",
        "cell.1 6S high",
        *(f"columns {r}S high" for r in ("5", "4", "3", "2", "A")),
    ]
    # 4S on top of 5S: it goes only on `high`, after the 5S it covers: lost
    blocked.reset()
    assert blocked.dead(g.new_state(order=["AS", "2S", "3S", "5S", "4S", "6S", "7S"]))


def test_a_stock_card_goes_up_only_on_its_support(clock):
    # the stock holds a 5H; hour VI is complete, so only hour X takes it, on the 4H lying
    # under a 9H that nothing frees (the 10H it marries onto lies under 8H 7H 6H, and the
    # 6H waits for the 5H): lost. Counted as a top of hour X at once, the stock's 5H let
    # 6H–9H go up and freed the 4H.
    piles, left = hearts_left(clock)
    six = clock.foundations[5]
    piles[six] += [left["5H"][0], left["6H"][0]]
    p1, p2 = clock.tableau[:2]
    piles[p1] = [*left["4H"], *left["9H"]]
    piles[p2] = [*left["10H"], *left["8H"], *left["7H"], left["6H"][1]]
    piles[clock.stock] = [left["5H"][1]]
    assert Blocked(clock).dead_piles(piles)
    # the 4H on top of the 9H instead: it goes up, then the 5H of the stock, and the rest
    piles[p1] = [*left["9H"], *left["4H"]]
    assert not Blocked(clock).dead_piles(piles)


def _turned_onto(top: int, rounds: int):
    """One pack: a foundation built up in any suit on 5H, which the stock is turned onto (so
    it takes the stock's cards unchecked), two columns that build down in suit and are dealt
    `rounds` cards each; the spades 2S to `top` in play, the other cards complete or out of
    play."""
    out = ", ".join(f"{r}S" for r in ["A", *range(top + 1, 11), "J", "Q", "K"])
    return make(
        "piles:\n"
        "  pile: {role: foundation, foundation: {base: any, suit: any}}\n"
        "  done: {role: foundation, count: 2}\n"
        "  out: {role: out}\n"
        "  columns: {role: tableau, count: 2}\n"
        "  stock: {role: stock}\n"
        "setup:\n"
        "  - {take: {cards: [5H]}, to: pile}\n"
        "  - {take: {suits: [D]}, to: done.1}\n"
        "  - {take: {suits: [C]}, to: done.2}\n"
        "  - {take: {suits: [H]}, to: out}\n"
        f"  - {{take: {{cards: [{out}]}}, to: out}}\n"
        f"deal: [{{to: columns, rounds: {rounds}}}]\n"
        "moves:\n"
        "  turn: {kind: turn, from: stock, to: pile}\n"
        "  up: {from: columns, to: pile}\n"
        "  marry: {from: columns, to: columns, build: {direction: down, suit: same}}\n"
    )


def test_a_stock_card_turned_onto_a_foundation_needs_no_support():
    # 3S and 4S in the columns, 2S in the stock: turned onto the pile (on 5H, which takes
    # only a 6), it lets 3S and 4S go up. Waiting for a support, as a card moved onto a
    # foundation must, the 2S was never up: "lost" at the root, a won deal
    g = _turned_onto(4, 1)
    order = ["3S", "4S", "2S"]
    s = g.new_state(order=order)
    assert [cards(s, "columns", 1), cards(s, "columns", 2), cards(s, "stock")] == [
        ["3S"],
        ["4S"],
        ["2S"],
    ]
    blocked = Blocked(g)
    assert blocked.reason is None and blocked.applies(s) and not blocked.dead(s)
    res = Solver(g).solve(order=order, budget=Budget(nodes=100))
    assert (res.outcome, res.moves) == ("won", ["turn", "columns.1 3S pile", "columns.2 4S pile"])


def test_no_order_it_calls_dead_is_won_where_the_stock_is_turned_onto_a_foundation():
    # every order of 2S-7S: four in the columns, two in the stock; each searched in full
    # without pruning or dead ends (the old rule called all 720 dead, 126 of them won)
    g = _turned_onto(7, 2)
    blocked = Blocked(g)
    plain = Solver(g, prune=False)
    plain.dead_ends = False
    tally: dict[tuple[bool, str], int] = {}
    for order in itertools.permutations(["2S", "3S", "4S", "5S", "6S", "7S"]):
        s = g.new_state(order=list(order))
        blocked.reset()  # a new deal: what it kept of the stock is another deal's
        key = (blocked.dead(s), plain.search(s, Budget(nodes=1_000)).outcome)
        tally[key] = tally.get(key, 0) + 1
    assert tally == {(False, "won"): 126, (False, "lost"): 490, (True, "lost"): 104}


@pytest.mark.parametrize("name", ["clock", "clock.immediate", "blockade"])
def test_late_positions_called_lost_are_never_won(name):
    # random play (foundation moves preferred) to positions with a few stock cards left;
    # every one the check calls lost is searched with no reduction: never won
    g = game(name)
    check = Blocked(g)
    plain = Solver(g, prune=False, exact_keys=True)
    checked = 0
    for seed, s in dead_positions(g, check, range(1, 80), random.Random(7), 1000, 8):
        res = plain.search(s.copy(), Budget(nodes=4_000))
        assert res.outcome != "won", (name, seed, [m.notation for m in s.history])
        checked += res.outcome == "lost"
        if checked >= 3:
            break
    assert checked >= 3, checked


@pytest.mark.parametrize("name", ["dense-column", "dense-column.cadogan"])
def test_the_last_deal_is_checked_while_it_deals(name):
    # from the last redeal on, the piles are never gathered again: the proof applies while
    # that deal still lays the stock's cards on the places, not only once it is over; every
    # position it calls lost there is searched with no reduction: never won
    g = game(name)
    check = Blocked(g)
    plain = Solver(g, prune=False, exact_keys=True)
    rng = random.Random(3)
    applied = compared = lost = 0
    for seed in range(1, 100):
        if compared >= 6:
            break
        check.reset()
        s = g.new_state(seed=seed)
        assert not check.applies(s)
        for _ in played_up(g, s, rng, 2000, 0.9):
            if not 0 < len(s.card_piles()[g.stock]) <= 6 or not s.redeals_over():
                continue
            assert not s.deal_over()
            assert check.applies(s)
            applied += 1
            if not check.dead(s):
                continue
            res = plain.search(s.copy(), Budget(nodes=4_000))
            assert res.outcome != "won", (name, seed, [m.notation for m in s.history])
            compared += 1
            lost += res.outcome == "lost"
            break
    assert compared >= 6 and lost >= 1, (applied, compared, lost)
