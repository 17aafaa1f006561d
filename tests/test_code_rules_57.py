"""The code constructs left after grammar-54 (issue 18, grammar-57), each on a short program
written for the test in the construct's real spelling."""

from __future__ import annotations

from code_facts import said_in

# node:test filling two piles before its checks: each check's target is the pile its
# arguments name (`game, 0` → `game.piles[0]`), not the last pile the test pushed onto.
TWO_PILES = """const assert = require('node:assert');
const { canDropOnTableau, empty } = require('./klondike');

test('tableau: one lower in the other colour', () => {
    const game = empty();
    game.piles[0].cards.push(card('spades', 8));
    game.piles[1].cards.push(card('hearts', 3));
    assert.ok(canDropOnTableau(card('hearts', 7), game, 0));
    assert.ok(!canDropOnTableau(card('clubs', 7), game, 0));
    assert.ok(canDropOnTableau(card('clubs', 2), game, 1));
});
"""


def test_examples_take_the_top_of_the_pile_their_check_names() -> None:
    assert said_in(TWO_PILES) == [("build_down", 1, 8), ("build_alt_colour", 1, 10)]


# The foundation filled beside a tableau pile of the same index: the check's own place
# decides which one it reads (`canDropOnFoundation` → `game.found[0]`).
PILE_AND_FOUNDATION = """const assert = require('node:assert');

test('foundation: up in suit', () => {
    const game = empty();
    game.found[0].push(card('hearts', 1));
    game.piles[0].cards.push(card('spades', 9));
    assert.ok(canDropOnFoundation(card('hearts', 2), game, 0));
    assert.ok(!canDropOnFoundation(card('spades', 2), game, 0));
});
"""


def test_examples_tell_a_foundation_from_a_pile_of_the_same_index() -> None:
    assert said_in(PILE_AND_FOUNDATION) == [("found_suited", 1, 7)]


# Two piles filled and a check whose arguments say nothing of which: its top is unknown.
UNTOLD = """const assert = require('node:assert');

test('building', () => {
    const game = empty();
    game.left.push(card('spades', 8));
    game.right.push(card('hearts', 3));
    assert.ok(canPlace(card('hearts', 7), game));
    assert.ok(canPlace(card('clubs', 2), game));
});
"""


def test_examples_on_one_of_two_untold_piles_state_nothing() -> None:
    assert said_in(UNTOLD) == []


# Piles 6 … 12 of one array of piles (0 the stock, 1 the waste, 2 … 5 the foundations),
# dealt 1 … 7 cards, a state set one way for the cards under the last and the other way for it.
OFFSET_DEAL = """// Раздача карт в нижние семь стопок
private void razdacha() {
    for (int i = 6; i < 13; i++) {
        for (int j = 6; j <= i; j++) {
            Card c = cardStacks[0].get(cardStacks[0].size() - 1);
            if (j < i) c.turnedOver = true;
            else c.turnedOver = false;
            cardStacks[i].add(c);
            cardStacks[0].remove(cardStacks[0].size() - 1);
        }
    }
}
"""


def test_a_deal_loop_over_piles_from_six_and_a_state_set_both_ways() -> None:
    assert said_in(OFFSET_DEAL) == [("deal_triangle", 7, 3), ("deal_last_up", 1, 6)]
    # a state that says nothing of the face, or a face-up one set for the cards under the
    # last: no face read
    selected = OFFSET_DEAL.replace("turnedOver", "selected")
    assert said_in(selected) == [("deal_triangle", 7, 3)]
    up = OFFSET_DEAL.replace("turnedOver", "faceUp")
    assert said_in(up) == [("deal_triangle", 7, 3)]
    assert said_in(
        OFFSET_DEAL.replace("turnedOver", "faceUp")
        .replace("true", "TMP")
        .replace("false", "true")
        .replace("TMP", "false")
    ) == [
        ("deal_triangle", 7, 3),
        ("deal_last_up", 1, 6),
    ]
