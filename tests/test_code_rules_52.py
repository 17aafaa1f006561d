"""The code constructs of the twenty-second collection's programs (issue 18, grammar-52), each
on a short program written for the test in the construct's real spelling: a titled program
whose only rules are what its code does, the pack made over a list of the ranks, a rule too
long for its construct's line, Ruby's `begin`/`rescue`, `case`/`when` and branch values, the
top card as its pile's member, a check returning `empty && rank`, the deal written as data
(a row of the piles' sizes) and a count of all the cards a test asserts."""

from __future__ import annotations

from pathlib import Path

import pytest
from code_facts import facts_of, said_in

from pipeline.segment.code import reading_text
from pipeline.segment.code_rules import code_statement

# A Spider whose rules are only its code under its title (no comment states one in words).
SPIDER_JS = """// Spider Solitaire - Пасьянс Паук
// Поддержка 1, 2 и 4 мастей
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

class Spider {
    constructor() {
        this.columns = [[], [], [], [], [], [], [], [], [], []];
    }

    createDeck(suits) {
        const deck = [];
        for (let i = 0; i < 8; i++) {
            for (const rank of RANKS) {
                deck.push({ suit: suits[i % suits.length], rank, faceUp: false });
            }
        }
        return deck;
    }

    init() {
        const deck = this.createDeck(['S']);
        let k = 0;
        for (let col = 0; col < 10; col++) {
            const count = col < 4 ? 6 : 5;
            for (let i = 0; i < count; i++) {
                const card = deck[k++];
                if (i === count - 1) card.faceUp = true;
                this.columns[col].push(card);
            }
        }
        this.stock = deck.slice(k);
    }
}
"""


def test_a_titled_program_whose_code_states_its_rules_is_a_game(tmp_path: Path) -> None:
    said = said_in(SPIDER_JS)
    assert ("made_packs", 2, 12) in said  # 8 runs over the 13 ranks of RANKS
    assert [s for s in said if s[0].startswith("deal")] == [
        ("deal_piles", 10, 23),
        ("deal_first_4_by_6_rest", 5, 24),
        ("deal_last_up", 1, 27),
    ]
    got = facts_of(tmp_path, "spider.js", SPIDER_JS)
    assert {k: got[k] for k in ("decks", "tableau.piles", "tableau.cards", "tableau.face")} == {
        "decks": 2,
        "tableau.piles": 10,
        "tableau.cards": [5, 5, 5, 5, 5, 5, 6, 6, 6, 6],
        "tableau.face": "down-but-last",
    }


@pytest.mark.parametrize(
    "src",
    [
        "RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K']\n"
        "for k in range(8):\n    for r in RANKS:\n        cards.append(Card(k, r))\n",
        "RANKS = %w[A 2 3 4 5 6 7 8 9 10 J Q K]\n"
        "8.times do |k|\n  RANKS.each do |r|\n    cards.push(Card.new(k, r))\n  end\nend\n",
        "local RANKS = {'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'}\n"
        "for k = 0, 7 do\n  for _, r in ipairs(RANKS) do\n    table.insert(cards, card(k, r))\n"
        "  end\nend\n",
        "let RANKS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];\n"
        "for k in 0..8 {\n    for r in RANKS.iter() {\n        cards.push(Card::new(k, *r));\n"
        "    }\n}\n",
        "val ranks = listOf(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)\n"
        "for (k in 0 until 8) {\n    for (r in ranks) {\n        cards.add(Card(k, r))\n    }\n}\n",
    ],
)
def test_a_pack_made_over_a_list_of_the_ranks(src: str) -> None:
    # eight runs over a list of the 13 ranks (Python, Ruby, Kotlin): two packs
    assert said_in(src) == [("made_packs", 2, 2)]
    # a list of 12 ranks makes no whole pack
    twelve = (
        src.replace(", 'K'", "").replace(" K]", "]").replace(", 13)", ")").replace(", 13]", "]")
    )
    assert said_in(twelve) == []


# Grammar-50's Ruby Spider with the count named by a short name: the uneven deal's statement
# (27 characters) is longer than its line (21).
SPIDER_RB = """# Пасьянс «Паук»
# Играют две колоды по 52 карты.
class Spider
  def initialize(deck)
    @columns = []
    10.times do |c|
      n = c<4 ? 6 : 5
      pile = []
      n.times do |i|
        card = deck.pop
        card.face_up = (i == n - 1)
        pile.push(card)
      end
      @columns.push(pile)
    end
  end
end
"""


def test_a_modifier_turns_the_last_card_up() -> None:
    # Ruby's `card.face_up = true if i == n - 1` (`variants.py to-ruby`)
    src = SPIDER_RB.replace("card.face_up = (i == n - 1)", "card.face_up = true if i == n - 1")
    assert ("deal_last_up", 1, 11) in said_in(src)


def test_a_rule_longer_than_its_line_is_kept(tmp_path: Path) -> None:
    assert ("deal_first_4_by_6_rest", 5, 7) in said_in(SPIDER_RB)
    line = reading_text(SPIDER_RB).split("\n")[6]
    assert line.strip() == "deal_4_by_6 = 5." and len(line) == len("      n = c<4 ? 6 : 5")
    assert code_statement("deal_4_by_6") == code_statement("deal_first_4_by_6_rest") == "uneven_4_6"
    got = facts_of(tmp_path, "spider.rb", SPIDER_RB)
    assert (got["tableau.piles"], got["tableau.cards"]) == (10, [5, 5, 5, 5, 5, 5, 6, 6, 6, 6])


KLONDIKE_RB = """# Пасьянс «Косынка»
class Klondike
  def initialize(deck)
    @tableau = Array.new(7) { [] }
    begin
      7.times do |i|
        (0..i).each do |j|
          card = deck.pop
          card.face_up = (j == i)
          @tableau[i].push(card)
        end
      end
    rescue StandardError => e
      puts e.message
    end
  end

  def can_place?(card, column)
    return card.rank == 13 if column.empty?
    top = column.last
    card.rank == top.rank - 1 && card.red? != top.red?
  end

  def to_foundation?(card, pile)
    {choice}
  end
end
"""
CASE = """case pile.size
    when 0
      card.rank == 1
    else
      card.suit == pile.last.suit && card.rank == pile.last.rank + 1
    end"""
IF_ELSE = """if pile.empty?
      card.rank == 1
    else
      card.suit == pile[-1].suit && card.rank == pile[-1].rank + 1
    end"""


@pytest.mark.parametrize("choice, base, suited", [(CASE, 27, 29), (IF_ELSE, 26, 28)])
def test_ruby_blocks_and_branch_values(choice: str, base: int, suited: int) -> None:
    said = said_in(KLONDIKE_RB.replace("{choice}", choice))
    # `begin`/`rescue` no longer reads the source as Pascal: its blocks and checks are read
    assert ("deal_triangle", 7, 6) in said and ("deal_last_up", 1, 9) in said
    assert ("space_rank", 13, 19) in said  # `return … if column.empty?`
    assert {("build_down", 1, 21), ("build_alt_colour", 1, 21)} <= set(said)  # implicit return
    # the arm `when 0` / the branch under `if pile.empty?`: the value is the check's result;
    # `pile.last.suit` and `pile[-1].suit` are the pile's top card
    assert ("base_rank", 1, base) in said and ("found_suited", 1, suited) in said


def test_a_switch_on_the_size_and_a_returned_conjunction() -> None:
    switch = """// Пасьянс «Косынка»
function canMoveToFoundation(card, pile) {
  switch (pile.length) {
    case 0:
      return card.rank === 1;
    default:
      return false;
  }
}
"""
    assert said_in(switch) == [("base_rank", 1, 5)]
    # C#: a foundation's check returning the rank test and the empty test joined
    right = """namespace Model {
    /// <summary>Правая стопка: карты одной масти от короля до туза.</summary>
    public class RightFoundation : Foundation {
        public override bool IsCorrectMove(Card card) {
            return (card.Value == CardValue.King) && (Cards.Count == 0);
        }
    }
}
"""
    assert said_in(right) == [("base_rank", 13, 5)]
    # the operands written the other way round (`variants.py comparisons`)
    turned = right.replace(
        "(card.Value == CardValue.King) && (Cards.Count == 0)",
        "(CardValue.King == card.Value) && (0 == Cards.Count)",
    )
    assert said_in(turned) == [("base_rank", 13, 5)]


def test_the_deal_as_a_row_of_sizes_and_a_count_of_cards() -> None:
    tests = """describe('раздача', () => {
  it('даёт 104 карты', () => {
    expect(countCards(createDeal(777))).toBe(104)
  })
  it('кладёт 54 карты на стол', () => {
    expect(s.tableau.map((c) => c.length)).toEqual([6, 6, 6, 6, 5, 5, 5, 5, 5, 5])
  })
})
"""
    assert said_in(tests) == [
        ("made_packs", 2, 3),
        ("deal_first_4_by_6_rest", 5, 6),
        ("deal_piles", 10, 6),
    ]
    # Lua's length `#c` (`variants.py to-lua`)
    lua = tests.replace("c.length", "#c")
    assert said_in(lua) == said_in(tests)
    named = "# Косынка\nCOLUMN_SIZES = [1, 2, 3, 4, 5, 6, 7]\nWIDTHS = [1, 2, 3]\n"
    assert said_in(named) == [("deal_triangle", 7, 2)]
    # a row that is no deal the statements can say (sizes in no order) states nothing
    assert said_in("# Косынка\nCOLUMN_SIZES = [3, 1, 2, 6]\n") == []


def test_two_of_the_older_variants_losses() -> None:
    """`variants.py`'s `code-synonyms` (`canStack` → `canPile`) and `comments` (a comment
    moved after the code it heads) each lost facts of a development program."""
    check = (
        "// Пасьянс «Свободная ячейка»\nconst {name} = (card, onto) => !onto"
        " || (isRed(onto) !== isRed(card) && onto.rank === card.rank + 1);\n"
    )
    want = [("build_alt_colour", 1, 2), ("build_down", 1, 2), ("space_any", 1, 2)]
    assert said_in(check.format(name="canStack")) == said_in(check.format(name="canPile")) == want
    # a trailing comment on a loop's header names the loop's case; a comment further down,
    # after the loop's block has closed, is a statement of its own (a stop, not a colon)
    src = """// Дважды два
void Play() {
    for (int i = 0; i < 4; i++) // Выкладываем первые 4 карты
    {
        table[i] = deck[0];
    }
    while (deck.Count > 0)
    {
        for (int i = 0; i < 4; i++) // Поиск пар по масти
        {
        }
    }
}
"""
    said = [x.strip() for x in reading_text(src).split("\n") if x.strip()]
    assert said[1:] == [". Выкладываем первые 4 карты", ". Поиск пар по масти"]


RUST = """// Пасьянс «Косынка»
fn can_place_on_tableau(card: &Card, pile: &[Card]) -> bool {
    match pile.last() {
        None => card.rank == 13,
        Some(top) => card.rank + 1 == top.rank && card.is_red() != top.is_red(),
    }
}
"""
KOTLIN = """// Пасьянс «Косынка»
fun canPlaceOnTableau(card: Card, pile: List<Card>): Boolean = when {
    pile.isEmpty() -> card.rank == 13
    else -> card.rank == pile.last().rank - 1 && card.isRed != pile.last().isRed
}
fun canMoveToFoundation(card: Card, pile: List<Card>): Boolean {
    return when (pile.size) {
        0 -> card.rank == 1
        else -> card.suit == pile.last().suit && card.rank == pile.last().rank + 1
    }
}
"""


def test_rust_and_kotlin_arms() -> None:
    # Rust's `None =>` arm of a match on the pile's top card: the pile is empty
    assert said_in(RUST) == [
        ("space_rank", 13, 4),
        ("build_alt_colour", 1, 5),
        ("build_down", 1, 5),
    ]
    # Kotlin's `when { pile.isEmpty() -> …` and `when (pile.size) { 0 -> …`; the top card
    # as `pile.last()`
    assert said_in(KOTLIN) == [
        ("space_rank", 13, 3),
        ("build_alt_colour", 1, 4),
        ("build_down", 1, 4),
        ("base_rank", 1, 8),
        ("found_suited", 1, 9),
    ]


def test_a_check_helper_counts_the_cards_the_columns_and_the_row_of_sizes() -> None:
    # the deal as data in a hand-written test helper (`check(name, condition)`): the cards
    # counted, the columns counted, the sizes joined as a string and compared
    src = """// Проверка правил пасьянса «Паук».
const state = rules.newGame(4, 12345);
const all = state.columns.flat().concat(state.stock);
check(`колода из 104 карт`, all.length === 104, `получено ${all.length}`);
check(`столбцов 10`, state.columns.length === 10);
"""
    assert said_in(src) == [("made_packs", 2, 4), ("made_columns", 10, 5)]
    sizes = """const sizes = state.columns.map(c => c.length).join(',');
check(`размеры столбцов`, sizes === '6,6,6,6,5,5,5,5,5,5', sizes);
"""
    said = said_in(src + sizes)
    assert ("deal_first_4_by_6_rest", 5, 7) in said and ("deal_piles", 10, 7) in said
    # Lua's `#c` for the sizes (`variants.py to-lua`)
    assert said_in(src + sizes.replace("c.length", "#c")) == said
    # the check's line holds its string's text: the rule goes after it, on a line of its own
    read = reading_text(src + sizes).split("\n")
    assert any(x.strip() == "deal_first_4_by_6_rest = 5." for x in read)
