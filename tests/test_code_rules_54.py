"""The code constructs left after grammar-52 (issue 18, grammar-54), each on a short program
written for the test in the construct's real spelling: a test's examples of a check (an
assertion that a move is legal or not states the rule)."""

from __future__ import annotations

from code_facts import key_facts, said_in

# Jest/vitest examples of a tableau check with the target written out as a list of cards.
VITEST = """import { canPlace, card } from './rules'

describe('placing', () => {
  it('takes any card into an empty column', () => {
    expect(canPlace(card('S', 1), [])).toBe(true)
    expect(canPlace(card('S', 13), [])).toBe(true)
  })

  it('takes a card one rank lower whatever its suit', () => {
    expect(canPlace(card('H', 6), [card('S', 7)])).toBe(true)
    expect(canPlace(card('S', 6), [card('S', 7)])).toBe(true)
  })

  it('refuses an equal or a wrong rank', () => {
    expect(canPlace(card('H', 6), [card('S', 6)])).toBe(false)
    expect(canPlace(card('H', 6), [card('S', 8)])).toBe(false)
  })

  it('refuses a face-down card', () => {
    expect(canPlace(card('H', 6), [card('S', 7, false)])).toBe(false)
  })
})
"""


def test_jest_examples_state_the_building_and_the_space() -> None:
    assert said_in(VITEST) == [("space_any", 1, 5), ("build_down_any", 1, 10)]


# node:test with a state the test empties and then pushes onto; `card(rank, suit)` numbers
# told apart by the helper's parameters.
NODE = """const assert = require('node:assert');
const { canDropOnTableau, canDropOnFoundation, empty } = require('./klondike');

test('tableau: alternate colours, one lower, a king into a space', () => {
    const game = empty();
    assert.ok(canDropOnTableau(card('spades', KING), game, 0));
    assert.ok(!canDropOnTableau(card('spades', 5), game, 0));

    game.piles[0].cards.push(card('spades', 8));
    assert.ok(canDropOnTableau(card('hearts', 7), game, 0));
    assert.ok(!canDropOnTableau(card('clubs', 7), game, 0));
    assert.ok(!canDropOnTableau(card('hearts', 9), game, 0));
});

test('foundation: an ace first, then up in suit', () => {
    const game = empty();
    assert.ok(canDropOnFoundation(card('hearts', ACE), game, 0));
    assert.ok(!canDropOnFoundation(card('hearts', 2), game, 0));
    game.found[0].push(card('hearts', ACE));
    assert.ok(canDropOnFoundation(card('hearts', 2), game, 0));
    assert.ok(!canDropOnFoundation(card('spades', 2), game, 0));
});
"""


def test_node_assertions_on_a_state_the_test_made() -> None:
    assert said_in(NODE) == [
        ("space_rank", 13, 6),
        ("build_alt_colour", 1, 10),
        ("build_down", 1, 10),
        ("base_rank", 1, 17),
        ("found_suited", 1, 20),
    ]


PY = """from solitaire import Card, can_place

def card(rank, suit):
    return Card(rank, suit)

def test_building():
    assert can_place(card(7, 0), [card(8, 2)])
    assert not can_place(card(8, 0), [card(7, 0)])
    assert can_place(card(7, 0), [])
    assertFalse(can_place(card(6, 0), [card(8, 0)]))
"""


def test_python_asserts_with_numbered_suits() -> None:
    # the suits are numbers: their colours unknown, so only the direction and the space
    assert said_in(PY) == [("build_down", 1, 7), ("space_any", 1, 9)]


# Not examples: production code calling a check, and an assertion with no card written out.
NOT_EXAMPLES = """function play(card, pile) {
  if (canPlace(card, pile)) pile.push(card);
}
test('a move', () => {
  expect(canPlace(hand[0], table.piles[2])).toBe(true);
  expect(isRed(card('H', 6))).toBe(true);
});
"""


def test_calls_without_written_cards_state_nothing() -> None:
    assert said_in(NOT_EXAMPLES) == []


# A game written as a table of settings: the numbers are named values, the words rules.
SETTINGS_JS = """// Пасьянс «Косынка»: правила как данные, движок их читает
export const KLONDIKE = {
  decks: 1,
  columns: 7,
  build: 'alternate-colour',
  moveRuns: true,
  emptyColumn: 'K',
  foundationBase: 'ace',
  drawCount: 1,
  noEmptyTableauMoves: true,
};
"""


def test_settings_of_words_state_the_rules() -> None:
    assert said_in(SETTINGS_JS) == [
        ("build_alt_colour", 1, 5),
        ("build_run", 1, 6),
        ("space_rank", 13, 7),
        ("base_rank", 1, 8),
    ]


def test_settings_in_other_spellings() -> None:
    py = 'RULES = {"tableau_build": "DESCENDING_SAME_SUIT", "empty_column": "any"}\n'
    assert said_in(py) == [("build_down", 1, 1), ("build_suited", 1, 1), ("space_any", 1, 1)]
    yaml = "build: down-any-suit\nempty_space: king\nlift: same-suit\n"
    assert said_in(yaml) == [("build_down_any", 1, 1), ("space_rank", 13, 2)]
    # a value of words no rule lists, a colour kept, a negated key: nothing
    other = "build: 'any-adjacent'\nbuild = Build.SAME_COLOUR\nnoEmptyColumnMoves: true\n"
    assert said_in(other) == []


# A counter in the game's state (`redeals: 0`, counted up by the code) is no limit.
COUNTER_JS = """// Косынка: колода кончилась — отбой возвращается в неё
export function createGame() {
    return {
        stock: deck,
        redeals: 0,
    };
}
export function draw(game) {
    game.stock = game.waste.reverse();
    game.redeals++;
}
"""


def test_a_counted_value_is_no_limit() -> None:
    from pipeline.segment.named_values import named_values

    lines = COUNTER_JS.split("\n")
    assert named_values(lines, [True] * len(lines)) == {}
    limit = COUNTER_JS.replace("game.redeals++", "game.left--").replace("redeals: 0", "redeals: 2")
    lines = limit.split("\n")
    assert [d.kind for d in named_values(lines, [True] * len(lines)).values()] == ["redeals"]


# A check written as clauses on its arguments' patterns.
HASKELL = """-- Пасьянс «Косынка»: правила ходов
module Rules where

canPlaceOnTableau :: Card -> [Card] -> Bool
canPlaceOnTableau (Card King _) [] = True
canPlaceOnTableau _ [] = False
canPlaceOnTableau c (t:_) = rank t == succ (rank c) && color t /= color c

canPlaceOnFoundation :: Card -> [Card] -> Bool
canPlaceOnFoundation (Card Ace _) [] = True
canPlaceOnFoundation _ [] = False
canPlaceOnFoundation c (t:_) = suit c == suit t && rank c == succ (rank t)
"""

ELIXIR = """defmodule Kosynka.Rules do
  # Пасьянс «Косынка»: можно ли положить карту
  def can_place_on_tableau?(_card, []), do: true

  def can_place_on_tableau?(card, [top | _]) do
    top.rank == card.rank + 1
  end

  def can_place_on_foundation?(%Card{rank: 1}, []), do: true
  def can_place_on_foundation?(_card, []), do: false
end
"""

ERLANG = """%% Косынка: пустой столбец ждёт короля
can_place_on_column(C, []) -> rank(C) == 13;
can_place_on_column(_, [_ | _]) -> false.
"""


def test_clauses_state_the_space_the_base_and_the_building() -> None:
    assert said_in(HASKELL) == [
        ("space_rank", 13, 5),
        ("build_alt_colour", 1, 7),
        ("build_down", 1, 7),
        ("base_rank", 1, 10),
        ("found_suited", 1, 12),
    ]
    assert said_in(ELIXIR) == [("space_any", 1, 3), ("build_down_any", 1, 6), ("base_rank", 1, 9)]
    assert said_in(ERLANG) == [("space_rank", 13, 2)]


def test_a_haskell_module_is_program_code() -> None:
    facts = key_facts(HASKELL)
    assert {k: facts[k] for k in ("build.direction", "build.suit", "space", "foundation.base")} == {
        "build.direction": "down",
        "build.suit": "alternate",
        "space": "K",
        "foundation.base": "A",
    }


# JUnit: a pile the test makes empty and fills, cards as `new Card(Suit.X, Rank.Y)`.
JUNIT = """// Тесты правил косынки
class TableauRulesTest {
    @Test
    void kingOnEmptyColumn() {
        List<Card> pile = new ArrayList<>();
        assertTrue(rules.canPlaceOnTableau(new Card(Suit.SPADES, Rank.KING), pile));
        assertFalse(rules.canPlaceOnTableau(new Card(Suit.SPADES, Rank.QUEEN), pile));
    }

    @Test
    void alternateColoursDown() {
        List<Card> pile = new ArrayList<>();
        pile.add(new Card(Suit.CLUBS, Rank.EIGHT));
        assertTrue(rules.canPlaceOnTableau(new Card(Suit.HEARTS, Rank.SEVEN), pile));
        assertFalse(rules.canPlaceOnTableau(new Card(Suit.SPADES, Rank.SEVEN), pile));
    }
}
"""


def test_junit_examples() -> None:
    assert said_in(JUNIT) == [
        ("space_rank", 13, 6),
        ("build_alt_colour", 1, 14),
        ("build_down", 1, 14),
    ]


# Examples as a table's rows: pytest's parametrize.
PYTEST_ROWS = """# Косынка: правила укладки на столбцы
import pytest

@pytest.mark.parametrize("card, onto, ok", [
    (Card("H", 6), [Card("S", 7)], True),
    (Card("D", 6), [Card("C", 7)], True),
    (Card("S", 6), [Card("C", 7)], False),
    (Card("H", 6), [Card("S", 8)], False),
    (Card("K", "S"), [], True),
    (Card("Q", "S"), [], False),
])
def test_can_place_on_tableau(card, onto, ok):
    assert can_place_on_tableau(card, onto) == ok
"""


def test_rows_of_examples() -> None:
    assert said_in(PYTEST_ROWS) == [
        ("build_down", 1, 5),
        ("build_alt_colour", 1, 6),
        ("space_rank", 13, 9),
    ]


# Rows of data counting piles: a one-line table, and rows naming a pile and its count.
ROWS_JS = """// Пасьянс «Свободная ячейка»: стопки и их число
const PILES = { tableau: 8, foundations: 4, freeCells: 4 };
const LAYOUT = [
  { kind: 'tableau', count: 8 },
  { kind: 'cell', count: 4 },
  { x: 10, y: 20 },
];
const SPRITES = { rows: 4, columns: 13 };
"""


def test_rows_of_data_count_the_piles() -> None:
    assert said_in(ROWS_JS) == [
        ("made_cells", 4, 2),
        ("made_columns", 8, 2),
        ("made_foundations", 4, 2),
        ("made_columns", 8, 4),
        ("made_cells", 4, 5),
    ]


def test_a_row_of_one_size_and_a_key_of_the_piles() -> None:
    fill = "const FORTRESS = { id: 'fortress', tableauSizes: Array(8).fill(6), cellCount: 4 };\n"
    assert said_in(fill) == [("deal_each", 6, 1), ("deal_piles", 8, 1), ("made_cells", 4, 1)]
    assert said_in("COLUMN_SIZES = [6] * 8\n") == [("deal_each", 6, 1), ("deal_piles", 8, 1)]
    cols = "const KLONDIKE = { columns: [1, 2, 3, 4, 5, 6, 7], faceUp: 'top' }\n"
    assert said_in(cols) == [("deal_last_up", 1, 1), ("deal_triangle", 7, 1)]
    # a list of other numbers under a key of no pile: nothing
    assert said_in("const GAME = { scores: [1, 2, 3, 4, 5, 6, 7], bonus: 5 }\n") == []


# A test's count of the cards face up after the deal, one a column.
FACE_COUNT = """// Паук: проверки раздачи
const COLUMNS = 10;
test('deal', () => {
  const s = newGame();
  expect(s.columns.length).toBe(10);
  expect(s.columns.map((c) => c.length)).toEqual([6, 6, 6, 6, 5, 5, 5, 5, 5, 5]);
  check('открыто ровно 10 карт', all.filter(c => c.up).length === 10);
});
"""


def test_a_count_of_face_up_cards_one_a_pile() -> None:
    said = said_in(FACE_COUNT)
    assert ("deal_last_up", 1, 7) in said
    assert said_in(FACE_COUNT.replace("=== 10", "=== 12")).count(("deal_last_up", 1, 7)) == 0


# Go's tests: struct literals by field or in order, a failed `if` as the assertion.
GO_TEST = """// Косынка: тесты укладки
func TestTableau(t *testing.T) {
	if !CanPlaceOnTableau(Card{Suit: Spades, Rank: 13}, []Card{}) {
		t.Error("король в пустой столбец")
	}
	if CanPlaceOnTableau(Card{Spades, 12}, []Card{}) {
		t.Errorf("только король")
	}
	if !CanPlaceOnTableau(Card{Hearts, 6}, []Card{Card{Spades, 7}}) {
		t.Error("красная на чёрную")
	}
	if CanPlaceOnTableau(Card{Clubs, 6}, []Card{Card{Spades, 7}}) {
		t.Error("свой цвет нельзя")
	}
}
"""


def test_go_examples() -> None:
    assert said_in(GO_TEST) == [
        ("space_rank", 13, 3),
        ("build_alt_colour", 1, 9),
        ("build_down", 1, 9),
    ]


# Kotlin's and C#'s lists of cards as the target.
KOTLIN_TEST = """// Косынка: тесты
class RulesTest {
    @Test fun kingIntoSpace() {
        assertTrue(canPlaceOnTableau(Card(SPADES, KING), mutableListOf()))
        assertFalse(canPlaceOnTableau(Card(SPADES, QUEEN), listOf()))
    }
    @Test fun build() {
        assertTrue(canPlaceOnTableau(Card(HEARTS, 6), listOf(Card(SPADES, 7))))
        assertFalse(canPlaceOnTableau(Card(CLUBS, 6), listOf(Card(SPADES, 7))))
    }
}
"""
CSHARP_TEST = """// Косынка: тесты
[Test] public void Build() {
    Assert.IsTrue(Rules.CanPlaceOnTableau(
        new Card(Suit.Hearts, 6), new List<Card> { new Card(Suit.Spades, 7) }));
    Assert.IsFalse(Rules.CanPlaceOnTableau(
        new Card(Suit.Clubs, 6), new List<Card> { new Card(Suit.Spades, 7) }));
}
"""


def test_kotlin_and_csharp_lists_as_targets() -> None:
    assert said_in(KOTLIN_TEST) == [
        ("space_rank", 13, 4),
        ("build_alt_colour", 1, 8),
        ("build_down", 1, 8),
    ]
    assert said_in(CSHARP_TEST) == [("build_alt_colour", 1, 3), ("build_down", 1, 3)]


def test_a_state_filled_by_any_call_or_left_unknown() -> None:
    go = NODE.replace(
        "game.piles[0].cards.push(card('spades', 8));",
        "game.piles[0].cards = append(game.piles[0].cards, card('spades', 8))",
    )
    assert said_in(go) == said_in(NODE)
    # a card put on the state in a way no reader knows: the top after it is unknown (the
    # checks before it still stand on the empty pile)
    other = NODE.replace(
        "game.piles[0].cards.push(card('spades', 8));", "put(game, 0, card('spades', 8));"
    )
    assert [s for s in said_in(other) if s[2] < 15] == [("space_rank", 13, 6)]


# A check named for a pile beside a check named for the foundations (`base`): the tableau's.
PILE_AND_BASE = """// Косынка: куда можно положить карту
class KlondikeRules {
  private canMoveToBase(card: IKlondikeCard, base: IKlondikeStack): boolean {
    if (base.topCard == null) return card.value === "ace";
    return this.isBaseChainable(card, base.topCard);
  }

  private canMoveToPile(movingCard: IKlondikeCard, pile: IKlondikeStack): boolean {
    if (pile.topCard == null) {
      return movingCard.value === "king";
    }
    return this.isPileChainable(movingCard, pile.topCard);
  }
}
"""


def test_a_pile_beside_the_foundations_is_the_tableau() -> None:
    assert said_in(PILE_AND_BASE) == [("space_rank", 13, 10)]
    alone = PILE_AND_BASE.replace("canMoveToBase", "canMoveToWaste")
    assert said_in(alone) == []
