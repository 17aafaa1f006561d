"""Rules a program states by its structure, fifth round: a deal spread over two loops over the
same piles (KPat's Spider: 44 cards round the piles face down, then a row face up) summed per
pile; an uneven deal's last card up by its count's name; an empty test and its `return true`
on one line; a triangle with rows from the stock (the rows wait for the player). The
programs are written for these tests."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from code_facts import draft_of, said_in

from pipeline.engine import compile_game
from pipeline.segment.code import reading_text

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from real_quality import spec_facts

# -- a deal in two loops over the same piles ------------------------------------------------------

KPAT_SPIDER_CPP = """// Паук: раздача
void Spider::restart( const QList<KCard*> & cards )
{
    QList<KCard*> cardList = cards;

    // сдаём 44 карты рубашкой вверх
    int column = 0;
    for ( int i = 0; i < 44; ++i )
    {
        addCardForDeal( stack[column], cardList.takeLast(), false, stack[column]->pos() );
        column = (column + 1) % 10;
    }

    // по одной открытой карте на каждую стопку
    for ( int i = 0; i < 10; ++i )
        addCardForDeal( stack[i], cardList.takeLast(), true, stack[i]->pos() );

    while ( !cardList.isEmpty() )
        addCardForDeal( redeals[0], cardList.takeFirst(), false, redeals[0]->pos() );
}
"""

SPIDER_TWO_LOOPS_JS = """class Spider {
  deal(deck) {
    for (let i = 0; i < 44; i++) {
      const card = deck.pop();
      card.faceUp = false;
      this.columns[i % 10].push(card);
    }
    for (let i = 0; i < 10; i++) {
      const card = deck.pop();
      card.faceUp = true;
      this.columns[i].push(card);
    }
  }
}
"""

SPIDER_TWO_LOOPS_PY = """class Spider:
    def deal(self, deck):
        for i in range(40):
            self.tableau[i % 10].append(deck.pop())
        for i in range(10):
            card = deck.pop()
            card.face_up = True
            self.tableau[i].append(card)
"""


def test_kpat_spider_deal_is_summed_over_both_loops() -> None:
    # 44 + 10 on 10 piles: the first 4 get 6, the others 5; the row's cards face up
    assert said_in(KPAT_SPIDER_CPP) == [
        ("deal_piles", 10, 8),
        ("deal_first_4_by_6_rest", 5, 11),  # where the piles are counted round: `% 10`
        ("deal_last_up", 1, 16),
    ]


def test_two_loops_in_js_and_python() -> None:
    assert said_in(SPIDER_TWO_LOOPS_JS) == [
        ("deal_piles", 10, 3),
        ("deal_first_4_by_6_rest", 5, 6),
        ("deal_last_up", 1, 10),
    ]
    # 40 + 10: five each, the last face up
    assert said_in(SPIDER_TWO_LOOPS_PY) == [
        ("deal_piles", 10, 3),
        ("deal_each", 5, 4),
        ("deal_last_up", 1, 7),
    ]


@pytest.mark.parametrize(
    ("change", "said"),
    [
        # the row goes to the foundations: the first loop's deal alone, no face
        (
            ("this.columns[i].push(card);", "this.foundations[i].push(card);"),
            [("deal_piles", 10, 3), ("deal_first_4_by_5_rest", 4, 6)],
        ),
        # a row over 7 piles is not a row of these 10
        (
            (
                "i < 10; i++) {\n      const card = deck.pop();",
                "i < 7; i++) {\n      const card = deck.pop();",
            ),
            [("deal_piles", 10, 3), ("deal_first_4_by_5_rest", 4, 6)],
        ),
        # code between the loops: not read as one deal
        (
            (
                "    }\n    for (let i = 0; i < 10; i++) {",
                "    }\n    this.shuffle(deck);\n    for (let i = 0; i < 10; i++) {",
            ),
            [("deal_piles", 10, 3), ("deal_first_4_by_5_rest", 4, 6)],
        ),
        # the first loop turns its cards up too: summed, but no face said
        (
            ("card.faceUp = false;", "card.faceUp = true;"),
            [("deal_piles", 10, 3), ("deal_first_4_by_6_rest", 5, 6)],
        ),
    ],
)
def test_near_two_loop_deals(change: tuple[str, str], said: list[tuple[str, int, int]]) -> None:
    src = SPIDER_TWO_LOOPS_JS.replace(*change)
    assert src != SPIDER_TWO_LOOPS_JS
    assert said_in(src) == said


# -- an uneven deal's last card by its count's name -----------------------------------------------

UNEVEN_NAMED_JS = """function newGame(deck) {
  const columns = Array.from({ length: 10 }, () => []);
  for (let c = 0; c < 10; c++) {
    const count = c < 4 ? 6 : 5;
    for (let i = 0; i < count; i++) {
      const card = deck.pop();
      card.faceUp = i === count - 1;
      columns[c].push(card);
    }
  }
}
"""


def test_an_uneven_deal_turns_up_the_last_card_by_its_count() -> None:
    assert said_in(UNEVEN_NAMED_JS) == [
        ("made_columns", 10, 2),
        ("deal_piles", 10, 3),
        ("deal_first_4_by_6_rest", 5, 4),
        ("deal_last_up", 1, 7),
    ]


@pytest.mark.parametrize(
    "change",
    [
        ("i === count - 1", "i === count - 2"),  # the card under the last
        ("i === count - 1", "i === 0"),  # the first card
        ("i < count; i++", "i < 6; i++"),  # the loop does not count the pile's cards
    ],
)
def test_near_uneven_faces(change: tuple[str, str]) -> None:
    said = [n for n, _, _ in said_in(UNEVEN_NAMED_JS.replace(*change))]
    assert "deal_last_up" not in said


# -- an empty test and its return on one line -----------------------------------------------------

SPACE_ONE_LINE_JS = """function canPlace(card, targetColumn) {
  if (targetColumn.length === 0) return true;
  const top = targetColumn[targetColumn.length - 1];
  return top.faceUp && top.rank === card.rank + 1;
}
"""


def test_an_empty_test_returning_true_on_its_line_is_kept() -> None:
    assert ("space_any", 1, 2) in said_in(SPACE_ONE_LINE_JS)
    # the statement is longer than `return true;`: it stands at the line's start
    line = reading_text(SPACE_ONE_LINE_JS).split("\n")[1]
    assert line.strip() == "space_any = 1."


def test_a_foundation_empty_test_is_no_space() -> None:
    src = SPACE_ONE_LINE_JS.replace("targetColumn", "foundation")
    assert "space_any" not in [n for n, _, _ in said_in(src)]


# -- a triangle with rows from the stock ----------------------------------------------------------

TRIANGLE_ROWS_JS = """// Пасьянс на семи стопках: лесенка, потом ряды из колоды
class Game {
  // Раздаём карты лесенкой: 1, 2, 3, 4, 5, 6, 7 (всего 28 карт)
  newGame(deck) {
    this.piles = [];
    for (let i = 0; i < 7; i++) {
      for (let j = 0; j <= i; j++) {
        const card = deck.pop();
        card.faceUp = j === i;
        this.piles[i].push(card);
      }
    }
    this.deck = deck;
  }

  // Можно ли положить карту на стопку
  canDrop(card, pile) {
    if (pile.length === 0) return true;
    const top = pile[pile.length - 1];
    return top.rank === card.rank + 1;
  }

  // Раздаём по одной открытой карте на каждую стопку
  dealRow() {
    for (let i = 0; i < 7; i++) {
      const card = this.deck.pop();
      card.faceUp = true;
      this.piles[i].push(card);
    }
  }
}
"""


def test_a_triangle_then_rows_from_the_stock(tmp_path: Path) -> None:
    ex = draft_of(tmp_path, "seven.js", TRIANGLE_ROWS_JS)
    steps = [
        (s["id"], s["face"], s["rounds"], s.get("triangle"), s.get("next_round"))
        for s in ex.spec["deal"]
    ]
    # the triangle whole, then rows that wait for the player, the first one too
    assert steps == [
        ("columns", "down-but-last", 7, True, None),
        ("columns-rows", "up", None, None, "choice"),
    ]
    facts = spec_facts(ex.checked.rules)
    assert (facts["tableau.cards"], facts["tableau.face"], facts["stock.turn"]) == (
        [1, 2, 3, 4, 5, 6, 7],
        "down-but-last",
        "rows",
    )
    # the game as dealt: 28 cards in the triangle, 24 in the stock, a row a move
    state = compile_game(ex.checked).new_state(order=["AS"])  # a move at once: no row forced
    moves = {m.notation for m in state.legal_moves()}
    assert "deal" in moves and len(moves) > 1
    assert [len(state.pile("columns", i)) for i in range(1, 8)] == [1, 2, 3, 4, 5, 6, 7]
    assert len(state.pile("stock")) == 24


def test_a_triangle_without_rows_is_one_step(tmp_path: Path) -> None:
    src = TRIANGLE_ROWS_JS.split("  // Раздаём по одной")[0] + "}\n"
    ex = draft_of(tmp_path, "seven.js", src)
    assert [(s["id"], s.get("next_round")) for s in ex.spec["deal"]] == [("columns", None)]


# -- runs said by a test of the card's index ------------------------------------------------

TOP_TEST_JS = """class Klondike {
  canMove(card, fromId, toId) {
    const from = this.piles[fromId];
    const to = this.piles[toId];
    const index = from.indexOf(card);
    const isTop = (index === from.length - 1);
    if (isTop) {
      if (!card.faceUp) return false;
    } else {
      if (!(fromId.startsWith('tableau') && toId.startsWith('tableau'))) {
        return false;
      }
    }
    if (!toId.startsWith('tableau')) throw new Error('bug');
    if (to.length === 0) return card.rank === 13;
    const top = to[to.length - 1];
    return card.red !== top.red && card.rank === top.rank - 1;
  }
}
"""

TOP_TEST_PY = """class Klondike:
    def can_move(self, card, src, dst):
        pile = self.piles[src]
        index = pile.index(card)
        if not (index == len(pile) - 1):
            if not (src.startswith("tableau") and dst.startswith("tableau")):
                return False
        if not dst.startswith("tableau"):
            return False
        top = self.piles[dst][-1]
        return card.rank == top.rank - 1
"""


def test_runs_said_by_a_test_of_the_top_card() -> None:
    said = said_in(TOP_TEST_JS)
    assert ("build_run", 1, 7) in said  # on the `if (isTop)` that tells the top card
    assert ("build_down", 1, 17) in said and ("build_alt_colour", 1, 17) in said
    assert ("build_run", 1, 5) in said_in(TOP_TEST_PY)


@pytest.mark.parametrize(
    "change",
    [
        # a card under others refused outright: only the top card moves
        (
            "if (!(fromId.startsWith('tableau') && toId.startsWith('tableau'))) {\n"
            "        return false;\n      }",
            "return false;",
        ),
        # the branch names no tableau
        ("fromId.startsWith('tableau') && toId.startsWith('tableau')", "card.faceUp"),
        # not the top: a card one from the top
        ("index === from.length - 1", "index === from.length - 2"),
    ],
)
def test_near_top_tests_say_no_run(change: tuple[str, str]) -> None:
    src = TOP_TEST_JS.replace(*change)
    assert src != TOP_TEST_JS
    assert "build_run" not in [n for n, _, _ in said_in(src)]


# -- ranks numbered from 0 ------------------------------------------------------------------------

ZERO_RANKS_JS = """function makeDeck() {
  const deck = [];
  for (const suit of SUITS) {
    for (let rank = 0; rank < 13; rank++) {
      deck.push({ rank, suit });
    }
  }
  return deck;
}
function canMoveToFoundation(card, foundation) {
  if (foundation.length === 0) return card.rank === 0;
  const top = foundation[foundation.length - 1];
  return card.suit === top.suit && card.rank === top.rank + 1;
}
function canMoveToTableau(card, column) {
  if (column.length === 0) return card.rank === 12;
  const top = column[column.length - 1];
  return card.color !== top.color && card.rank === top.rank - 1;
}
"""

ZERO_RANKS_PY = """def make_deck():
    return [Card(suit, r) for suit in SUITS for r in range(13)]


def new_deck():
    deck = []
    for suit in SUITS:
        for r in range(13):
            deck.append(Card(suit, r))
    return deck


class Tableau:
    def can_accept(self, card, pile):
        if not pile and card.rank != 12:
            return False
        return True
"""


def test_ranks_from_zero_name_the_ace_and_the_king() -> None:
    said = said_in(ZERO_RANKS_JS)
    assert ("base_rank", 1, 11) in said and ("space_rank", 13, 16) in said
    assert ("space_rank", 13, 15) in said_in(ZERO_RANKS_PY)


@pytest.mark.parametrize(
    "change",
    [
        ("rank = 0; rank < 13", "rank = 1; rank <= 13"),  # ranks from 1: 0 and 12 are no rank
        ("deck.push({ rank, suit });", "deck.push({ rank: rank + 1, suit });"),  # made from 1
        ("deck.push({ rank, suit });", "deck.push(SUITS[rank]);"),  # the loop makes no card
    ],
)
def test_near_zero_ranks(change: tuple[str, str]) -> None:
    src = ZERO_RANKS_JS.replace(*change)
    assert src != ZERO_RANKS_JS
    said = [(n, v) for n, v, _ in said_in(src)]
    assert ("space_rank", 13) not in said and ("base_rank", 1) not in said
    assert ("space_rank", 12) not in said  # never a queen


def test_ranks_from_one_still_read() -> None:
    src = ZERO_RANKS_JS.replace("rank = 0; rank < 13", "rank = 1; rank <= 13")
    src = src.replace("card.rank === 12", "card.rank === 13").replace("=== 0;", "=== 1;")
    said = said_in(src)
    assert ("base_rank", 1, 11) in said and ("space_rank", 13, 16) in said


# -- a rank bounded by two refusing guards ---------------------------------------------------------

BOUNDS_CPP = """bool Solitaire::canMoveToTableau(const Card &card, const Pile &tableau)
{
    if (tableau.empty()) return card.value == 13;
    const Card &top = tableau.back();
    if (top.value <= card.value) return false;   // старшая карта кладётся под младшую
    if (top.value > card.value + 1) return false; // разница ровно в единицу
    if (top.red == card.red) return false;
    return true;
}
"""

BOUNDS_PY = """class Tableau:
    def can_accept(self, card, pile):
        top = pile[-1]
        if card.rank >= top.rank:
            return False
        if card.rank + 1 < top.rank:
            return False
        return True
"""


def test_two_refusing_bounds_state_one_step() -> None:
    said = said_in(BOUNDS_CPP)
    assert ("build_down", 1, 5) in said and ("build_alt_colour", 1, 7) in said
    assert ("build_down_any", 1, 4) in said_in(BOUNDS_PY)
    up = BOUNDS_PY.replace("card.rank >= top.rank", "card.rank <= top.rank")
    up = up.replace("card.rank + 1 < top.rank", "card.rank > top.rank + 1")
    assert ("build_up_any", 1, 4) in said_in(up)


@pytest.mark.parametrize(
    "change",
    [
        ("    if (top.value > card.value + 1) return false;", ""),  # one bound alone
        ("top.value > card.value + 1", "top.value > card.value + 2"),  # two ranks left
        ("top.value <= card.value) return false;", "top.value <= card.value) continue;"),
        ("(top.value <= card.value)", "(top.value <= card.value && card.red)"),  # joined by &&
    ],
)
def test_near_bounds_say_no_step(change: tuple[str, str]) -> None:
    src = BOUNDS_CPP.replace(*change)
    assert src != BOUNDS_CPP
    assert not {"build_down", "build_up", "build_down_any"} & {n for n, _, _ in said_in(src)}


# -- a table's pile: the tableau, dealing its own cards -------------------------------------------

TABLE_PILE_JAVA = """// стопка на столе: берёт свои карты из колоды, верхнюю открывает
class TablePile extends CardPile {
    TablePile(int x, int y, int c) {
        super(x, y);
        for (int i = 0; i < c; i++) {
            push(Solitaire.deckPile.pop());
        }
        top().flip();
    }

    public boolean canTake(Card aCard) {
        if (empty()) return aCard.getRank() == 13;
        Card topCard = top();
        return aCard.getColor() != topCard.getColor() && aCard.getRank() == topCard.getRank() - 1;
    }
}
"""

TABLE_PILE_PY = """class TablePile(CardPile):
    def __init__(self, x, y, count, deck):
        super().__init__(x, y)
        for _ in range(count):
            self.append(deck.pop())
        self.cards[-1].face_up = True
"""


def test_a_table_pile_is_the_tableau_and_deals_its_own_cards() -> None:
    assert said_in(TABLE_PILE_JAVA) == [
        ("deal_last_up", 1, 5),  # on the loop: `top().flip();` is too short to hold it
        ("space_rank", 13, 12),
        ("build_alt_colour", 1, 14),
        ("build_down", 1, 14),
    ]
    assert said_in(TABLE_PILE_PY) == [("deal_last_up", 1, 6)]


@pytest.mark.parametrize(
    "change",
    [
        ("class TablePile extends CardPile", "class SuitPile extends CardPile"),  # foundations
        ("push(Solitaire.deckPile.pop());", "discard.push(Solitaire.deckPile.pop());"),  # elsewhere
        ("        top().flip();\n", "        sort();\n        top().flip();\n"),  # not right after
    ],
)
def test_near_table_piles(change: tuple[str, str]) -> None:
    src = TABLE_PILE_JAVA.replace(*change)
    assert src != TABLE_PILE_JAVA
    said = {n for n, _, _ in said_in(src)}
    assert "deal_last_up" not in said
    if "SuitPile" in change[1]:
        assert not said & {"build_down", "build_alt_colour", "space_rank"}


def test_the_table_alone_is_no_tableau() -> None:
    src = TABLE_PILE_JAVA.replace("TablePile extends CardPile", "Table").replace(
        "TablePile", "Table"
    )
    assert said_in(src) == []


# -- tuple cards ---------------------------------------------------------------------------------

TUPLE_PY = """SUITS = "SHDC"


def new_deck():
    return [(rank, suit) for suit in SUITS for rank in range(1, 14)]


class Tableau:
    def can_place(self, card, pile):
        if not pile:
            return card[0] == 13
        top = pile[-1]
        return is_red(card) != is_red(top) and card[0] == top[0] - 1


class Foundation:
    def can_place(self, card, pile):
        top = pile[-1]
        return card[1] == top[1] and card[0] == top[0] + 1
"""

TUPLE_JS = """function newDeck() {
  const deck = [];
  for (const suit of SUITS) for (let rank = 1; rank <= 13; rank++) deck.push([suit, rank]);
  return deck;
}
function canMoveToTableau(card, column) {
  const top = column[column.length - 1];
  return card[0] === top[0] && card[1] === top[1] - 1;
}
"""


def test_tuple_cards_read_by_how_the_program_makes_them() -> None:
    assert said_in(TUPLE_PY) == [
        ("space_rank", 13, 11),
        ("build_alt_colour", 1, 13),
        ("build_down", 1, 13),
        ("found_suited", 1, 19),
    ]
    assert said_in(TUPLE_JS) == [("build_down", 1, 8), ("build_suited", 1, 8)]


@pytest.mark.parametrize(
    "change",
    [
        ("(rank, suit) for suit", "(a, b) for suit"),  # items named neither rank nor suit
        ("for rank in range(1, 14)]", "for rank in range(1, 14)] + [(suit, rank) for suit in S]"),
    ],
)
def test_near_tuple_cards(change: tuple[str, str]) -> None:
    src = TUPLE_PY.replace(*change)
    assert src != TUPLE_PY
    assert not {"build_down", "space_rank", "found_suited"} & {n for n, _, _ in said_in(src)}
