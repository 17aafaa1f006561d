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


# A drop handler that tells its piles apart by number: piles 0 … 7 the columns, 8 … the
# homes, whose empty pile takes only an ace; the top card indexed by the pile's size.
NUMBERED = """    onDrop(ev){
        var dest = this.state.piles[destNo];
        var moving = this.state.moving.slice();
        // на пустой столбец только короля
        if(destNo < 8 && dest.length == 0 && moving[0].val != 13){
            return false;
        }
        // в пустой дом только туза
        if(destNo > 7 && ((dest.length == 0 && moving[0].val != 1) || moving.length > 1)){
            return false;
        }
        if(destNo < 8 && dest.length > 0 && ((dest[dest.length - 1].val - moving[0].val) != 1 || dest[dest.length - 1].color == moving[0].color)){
            return false;
        }
        for(var i = 0; i < moving.length; i++){
            dest[dest.length] = moving[i];
        }
        return true;
    }
"""  # noqa: E501


def test_piles_told_apart_by_number_beside_the_homes() -> None:
    assert said_in(NUMBERED) == [
        ("build_run", 1, 1),
        ("made_columns", 8, 5),
        ("build_alt_colour", 1, 12),
        ("build_down", 1, 12),
    ]
    # without the homes' range, nothing says which piles the numbers below 8 are
    alone = NUMBERED.replace("destNo > 7 && ", "")
    assert said_in(alone) == []


# One array of piles: the check's range is the piles the deal loop deals (6 … 12); the
# function returns the result its branches set; the top card is `get(size() - 1)`.
ONE_ARRAY = """    private boolean testPerenos(int nom1, int nom2)
    {
        boolean rez = false;
        Card karta1 = cardStacks[nom1].get(chosenCardNum);
        Card karta2 = null;
        if (cardStacks[nom2].size()>0)
            karta2 = cardStacks[nom2].get(cardStacks[nom2].size()-1);
        if ((nom2>=6)&&(nom2<=12))
        {
            if (karta2!=null)
            {
                if (karta2.redSuit!=karta1.redSuit) rez = true;
            }
        }
        return rez;
    }

    private void razdacha()
    {
        for (int i=6;i<13;i++)
            for (int j=6;j<=i;j++)
            {
                int rnd = (int)(Math.random()*cardStacks[0].size());
                cardStacks[i].add(cardStacks[0].get(rnd));
                cardStacks[0].remove(rnd);
            }
    }
"""


ONE_ARRAY_PY = """def test_perenos(nom1, nom2):
    rez = False
    karta1 = stacks[nom1][chosen]
    karta2 = stacks[nom2][-1] if stacks[nom2] else None
    if nom2 >= 6 and nom2 <= 12:
        if karta2 is not None:
            if karta2.red != karta1.red:
                rez = True
    return rez

def razdacha():
    for i in range(6, 13):
        for j in range(6, i + 1):
            stacks[i].append(deck.pop())
"""


def test_a_range_of_the_piles_dealt_is_the_tableau() -> None:
    assert said_in(ONE_ARRAY_PY) == [("build_alt_colour", 1, 7), ("deal_triangle", 7, 12)]
    assert said_in(ONE_ARRAY) == [("build_alt_colour", 1, 12), ("deal_triangle", 7, 20)]
    # the foundations' range (2 … 5) says nothing of the tableau
    homes = ONE_ARRAY.replace("(nom2>=6)&&(nom2<=12)", "(nom2>=2)&&(nom2<=5)")
    assert said_in(homes) == [("deal_triangle", 7, 20)]


# A click handler that makes the move where its comparison holds, the foundations in the
# `else` of a test of an empty home.
HANDLER = """function handleColumnClick(col: number): void {
  const column = columns[col];
  const card = picked.cards[0];
  if (column.length === 0) {
    if (card.rank === 13) {
      moveCards(picked, col);
    }
  } else {
    const top = column[column.length - 1];
    if (isRed(card) !== isRed(top) && card.rank === top.rank - 1) {
      moveCards(picked, col);
    }
  }
  for (let f = 0; f < 4; f++) {
    const home = homes[f];
    if (home.length === 0) {
      continue;
    } else {
      const top = home[home.length - 1];
      if (card.suit === top.suit && card.rank === top.rank + 1) {
        moveToHome(picked, f);
      }
    }
  }
}
"""


def test_a_handler_that_moves_where_its_comparison_holds() -> None:
    assert said_in(HANDLER) == [
        ("build_alt_colour", 1, 10),
        ("build_down", 1, 10),
        ("found_suited", 1, 20),  # the `else` of `if (home.length === 0)`: a home's rule
    ]
    # a handler that only shows where a card could go moves nothing: no rule
    shown = HANDLER.replace("moveCards(picked, col);", "highlight(col);")
    assert said_in(shown.replace("moveToHome(picked, f);", "highlight(f);")) == []


# Delphi: the piles as a two-dimensional array of cards (18 piles of up to 3 cards).
DELPHI = """unit fLucia;

interface

type
  TarrRasklad = array[1..18,1..3] of TCard;
  TarrDeck = array[1..4,1..13] of TCard;

const
  arrLT : array[1..18,1..2] of Integer = ((8,8), (144,8));

var
  arrRasklad: TarrRasklad;
"""


def test_a_two_dimensional_array_of_cards_counts_the_piles() -> None:
    assert said_in(DELPHI) == [("made_columns", 18, 6)]
    # C#'s and Java's arrays the same; a pack by suit and rank, or a grid, is no tableau
    assert said_in("var piles = new Card[10, 20];\nvar deck = new Card[4, 13];") == [
        ("made_columns", 10, 1)
    ]
    assert said_in("Card[][] grid = new Card[5][5];\nint x = 1;") == []


# The same constructs in other languages' spellings: Lua's numbered piles (`#pile`, `~=`,
# `then … end`) and Python's handler (`if …:`, `else:`).
NUMBERED_LUA = """function onDrop(destNo)
    local dest = piles[destNo]
    local card = moving[1]
    if destNo > 7 and ((#dest == 0 and card.val ~= 1) or #moving > 1) then
        return false
    end
    if destNo < 8 and #dest > 0 and ((dest[#dest].val - card.val) ~= 1 or dest[#dest].color == card.color) then
        return false
    end
    return true
end
"""  # noqa: E501
HANDLER_PY = """def handle_column_click(col):
    column = columns[col]
    card = picked.cards[0]
    if len(column) > 0:
        top = column[len(column) - 1]
        if is_red(card) != is_red(top) and card.rank == top.rank - 1:
            move_cards(picked, col)
    for f in range(4):
        home = homes[f]
        if len(home) == 0:
            continue
        else:
            top = home[len(home) - 1]
            if card.suit == top.suit and card.rank == top.rank + 1:
                move_to_home(picked, f)
"""


def test_numbered_piles_and_handlers_in_other_spellings() -> None:
    assert said_in(NUMBERED_LUA) == [
        ("build_alt_colour", 1, 7),
        ("build_down", 1, 7),
        ("made_columns", 8, 7),
    ]
    assert said_in(HANDLER_PY) == [
        ("build_alt_colour", 1, 6),
        ("build_down", 1, 6),
        ("found_suited", 1, 14),
    ]
