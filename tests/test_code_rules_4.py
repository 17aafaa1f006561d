"""Rules a program states by its structure, fourth round: a refusing guard read in its
opposite sense (`if (card.suit !== top.suit) return false;` asks for the same suit), deal
loops from 1 and in Kotlin, Swift, Go and Rust, an uneven deal given by names, the last
card turned up by a branch or by a call's argument (`addCardForDeal(play[i], …, (i ==
round))`). The programs are written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from code_facts import draft_of, said_in

from pipeline.extract.readers.named import named_value_facts
from pipeline.segment.code import reading_text
from pipeline.segment.code_loops import Bound, headers

# -- guards --------------------------------------------------------------------------------------

GUARDS_JS = """function canMoveToFoundation(card, foundation) {
  if (foundation.length === 0) return card.rank === 1;
  const top = foundation[foundation.length - 1];
  if (card.suit !== top.suit) return false;
  return card.rank === top.rank + 1;
}
function canMoveToTableau(card, column) {
  if (column.length === 0) return card.rank === 13;
  const top = column[column.length - 1];
  if (isRed(card) === isRed(top) || card.rank !== top.rank - 1) {
    return false;
  }
  return true;
}
"""

GUARDS_PY = """class Tableau:
    def can_accept(self, card, pile):
        top = pile[-1]
        if card.suit != top.suit:
            return False
        if card.rank != top.rank + 1:
            return False
        return True
"""


def test_a_refusing_guard_states_the_opposite_comparison() -> None:
    assert said_in(GUARDS_JS) == [
        ("base_rank", 1, 2),
        ("found_suited", 1, 4),
        ("space_rank", 13, 8),
        ("build_alt_colour", 1, 10),
        ("build_down", 1, 10),
    ]
    assert said_in(GUARDS_PY) == [("build_suited", 1, 4), ("build_up", 1, 6)]


@pytest.mark.parametrize(
    "guard",
    [
        # joined by `&&`: the branch refuses only when both hold
        "if (card.suit !== top.suit && card.rank !== top.rank - 1) return false;",
        # negated: not read either way
        "if (!(card.suit === top.suit)) return false;",
        # a branch that only skips
        "if (card.suit !== top.suit) continue;",
        # a branch that allows
        "if (card.suit !== top.suit) return true;",
    ],
)
def test_a_guard_that_is_no_whole_refusal_says_nothing(guard: str) -> None:
    src = (
        "function canMoveToTableau(card, column) {\n"
        "  const top = column[column.length - 1];\n"
        f"  {guard}\n"
        "  return isOk(card);\n"
        "}\n"
    )
    assert said_in(src) == []


def test_a_guard_comparing_two_cards_of_one_run_says_nothing() -> None:
    src = (
        "function canPickUp(column, index) {\n"
        "  for (let i = index; i < column.length - 1; i++) {\n"
        "    if (column[i].suit !== column[i + 1].suit) return false;\n"
        "  }\n"
        "  return true;\n"
        "}\n"
    )
    assert said_in(src) == []


# -- loop headers --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "header, var, lo, hi",
    [
        ("for (let i = 0; i < 7; i++) {", "i", Bound("", 0), Bound("", 7)),
        ("for (int j = 0; j <= i; ++j)", "j", Bound("", 0), Bound("i", 1)),
        ("for (var k = i; k < COLS; k += 1)", "k", Bound("i", 0), Bound("COLS", 0)),
        ("for j in range(i + 1):", "j", Bound("", 0), Bound("i", 1)),
        ("for j in range(1, n - 1):", "j", Bound("", 1), Bound("n", -1)),
        ("for (i in 0 until 7) {", "i", Bound("", 0), Bound("", 7)),
        ("for (j in 0..i) {", "j", Bound("", 0), Bound("i", 1)),
        ("for i in 0..<7 {", "i", Bound("", 0), Bound("", 7)),
        ("for j in 1...i {", "j", Bound("", 1), Bound("i", 1)),
        ("for j in 0..i {", "j", Bound("", 0), Bound("i", 0)),  # Rust stops before i
        ("for j in 0..=i {", "j", Bound("", 0), Bound("i", 1)),
        ("for i := 0; i < 7; i++ {", "i", Bound("", 0), Bound("", 7)),
    ],
)
def test_a_loop_header_gives_its_bounds(header: str, var: str, lo: Bound, hi: Bound) -> None:
    (h,) = headers(header)
    assert (h.var, h.lo, h.hi) == (var, lo, hi)


def test_a_while_loop_or_a_loop_over_items_is_no_counted_loop() -> None:
    assert headers("while (i < 7) {") == []
    assert headers("for (const pile of tableau) {") == []
    assert headers("for pile in self.tableau:") == []


# -- deal loops ----------------------------------------------------------------------------------

FROM_ONE_JS = """function deal() {
  for (let i = 1; i <= 7; i++) {
    const cards = deck.splice(0, i);
    cards[cards.length - 1].faceUp = true;
    tableau[i - 1] = cards;
  }
}
"""

KOTLIN_DEAL = """fun deal() {
    for (i in 0 until 7) {
        for (j in 0..i) {
            val card = deck.removeLast()
            if (j == i) card.flip()
            columns[i].add(card)
        }
    }
}
"""

SWIFT_DEAL = """func deal() {
    for i in 0..<7 {
        for j in 0...i {
            var card = deck.removeLast()
            card.faceUp = (j == i)
            tableau[i].append(card)
        }
    }
}
"""

FROM_ONE_INNER_C = """void Deal() {
    for (int i = 1; i <= 7; i++) {
        for (int j = 0; j < i; j++) {
            Card c = deck.Pop();
            if (j == i - 1) {
                c.FaceUp = true;
            }
            tableau[i - 1].Add(c);
        }
    }
}
"""

ROUNDS_CPP = """void Patience::restart(const QList<Card*> &cards)
{
    QList<Card*> cardList = cards;
    for (int round = 0; round < 7; ++round)
        for (int i = round; i < 7; ++i)
            addCardForDeal(play[i], cardList.takeLast(), (i == round), talon->pos());
}
"""

UNEVEN_PY = """COLS = 10
DEEP = 4


def deal(self):
    for t in range(COLS):
        n = 6 if t < DEEP else 5
        pile = [self.deck.pop() for _ in range(n)]
        pile[-1].face_up = True
        self.tableau[t] = pile
"""

UNEVEN_JS = """var COLUMNS = 10, FIRST = 4, DEEP = 6, SHALLOW = 5;
function deal(deck) {
  var piles = [];
  for (var column = 0; column < COLUMNS; column++) {
    var size = column < FIRST ? DEEP : SHALLOW;
    var pile = deck.slice(0, size);
    piles.push(pile);
  }
}
"""


@pytest.mark.parametrize(
    "src, said",
    [
        (FROM_ONE_JS, [("deal_triangle", 7, 2), ("deal_last_up", 1, 4)]),
        (KOTLIN_DEAL, [("deal_triangle", 7, 2), ("deal_last_up", 1, 5)]),
        (SWIFT_DEAL, [("deal_triangle", 7, 2), ("deal_last_up", 1, 5)]),
        (FROM_ONE_INNER_C, [("deal_triangle", 7, 2), ("deal_last_up", 1, 5)]),
        (ROUNDS_CPP, [("deal_triangle", 7, 4), ("deal_last_up", 1, 6)]),
        (
            UNEVEN_PY,
            [("deal_piles", 10, 6), ("deal_first_4_by_6_rest", 5, 7), ("deal_last_up", 1, 9)],
        ),
    ],
)
def test_a_deal_loop_in_any_of_these_forms_is_read(src: str, said: list) -> None:
    assert said_in(src) == sorted(said, key=lambda x: (x[2], x[0]))


def test_an_uneven_deal_by_names_needs_each_name_given_one_number() -> None:
    assert said_in(UNEVEN_JS) == [("deal_piles", 10, 4), ("deal_first_4_by_6_rest", 5, 5)]
    # DEEP given two values: the share is not known
    assert said_in(UNEVEN_JS + "function hard() { DEEP = 7; }\n") == []


@pytest.mark.parametrize(
    "src",
    [
        # from 1, one card to each pile: no triangle
        "function deal() {\n  for (let i = 1; i <= 7; i++) {\n"
        "    tableau[i - 1].push(deck.pop());\n  }\n}\n",
        # the second card from the end face up, not the last
        FROM_ONE_INNER_C.replace("j == i - 1", "j == i - 2"),
        # an argument equality on a line that takes no card
        ROUNDS_CPP.replace(
            "addCardForDeal(play[i], cardList.takeLast(), (i == round), talon->pos());",
            "{\n            KCard *c = cardList.takeLast();\n"
            "            addCardForDeal(play[i], c, mark(i == round));\n        }",
        ),
    ],
)
def test_near_forms_state_no_last_card_up(src: str) -> None:
    assert ("deal_last_up", 1) not in [(n, v) for n, v, _ in said_in(src)]


def test_the_ranks_loop_from_one_is_no_deal() -> None:
    src = (
        "function makeDeck() {\n  for (let s = 0; s < 4; s++) {\n"
        "    for (let r = 1; r <= 13; r++) {\n      cards.push(new Card(s, r));\n    }\n  }\n}\n"
    )
    assert said_in(src) == [("made_packs", 1, 2)]


# -- a draft end to end ------------------------------------------------------------------------

SPIDER_JS = """// Пасьянс «Паук»: собрать восемь последовательностей от короля до туза.
const COLUMNS = 10;
const DEEP = 4;

// Раздача: стопки стола
function deal() {
  for (let t = 0; t < COLUMNS; t++) {
    const size = t < DEEP ? 6 : 5;
    const pile = deck.splice(0, size);
    pile[pile.length - 1].faceUp = true;
    tableau[t] = pile;
  }
}

// Можно ли положить карту на стопку стола
function canMoveToTableau(card, column) {
  const top = column[column.length - 1];
  if (top.rank !== card.rank + 1) return false;
  return true;
}
"""


def test_a_js_spider_states_its_uneven_deal_and_building(tmp_path: Path) -> None:
    spec = draft_of(tmp_path, "spider.js", SPIDER_JS).spec
    assert spec["piles"]["columns"]["count"] == 10
    assert [(s["to"], s["face"], s["rounds"]) for s in spec["deal"]] == [
        (["columns.1", "columns.2", "columns.3", "columns.4"], "down", 1),
        (["columns"], "down-but-last", 5),
    ]
    assert spec["moves"]["marry"] == {
        "from": ["columns"],
        "to": ["columns"],
        "build": {"direction": "down", "suit": "any"},
    }
    # the guard is cited on its own code
    cited = spec["provenance"]["moves.marry.build"]
    assert cited["quote"] == "build_down_any = 1"
    span = cited["spans"][0]
    assert SPIDER_JS[span["start"] :].startswith("top.rank !== card.rank + 1")


# -- an empty pile's card, joined to its test ----------------------------------------------------

JOINED_JS = """function canMoveToTableau(card, column) {
  if (column.length === 0 && card.rank !== 13) return false;
  if (!foundationPile.length && !card.isAce()) return false;
  return true;
}
"""

JOINED_ALLOW_JS = """function canDropOnTableau(card, column) {
  if (column.length === 0 && card.rank === 'K') {
    return true;
  }
  return false;
}
"""

JOINED_PY = """class Foundation:
    def can_add(self, card):
        if not self.cards and card.rank != 1:
            return False
        return True
"""


def test_an_empty_test_joined_to_a_rank_test_states_the_card_it_takes() -> None:
    assert said_in(JOINED_JS) == [("space_rank", 13, 2), ("base_rank", 1, 3)]
    assert said_in(JOINED_ALLOW_JS) == [("space_rank", 13, 2)]
    assert said_in(JOINED_PY) == [("base_rank", 1, 3)]


@pytest.mark.parametrize(
    "cond",
    [
        "column.length === 0 || card.rank !== 13",  # either refuses: no rule of the empty pile
        "column.length === 0 && card.rank !== 12",  # a queen: no king or ace
        "column.length === 0 && card.rank === 13",  # refusing a king is no rule read here
    ],
)
def test_near_joined_tests_say_nothing(cond: str) -> None:
    src = (
        "function canMoveToTableau(card, column) {\n"
        f"  if ({cond}) return false;\n  return true;\n}}\n"
    )
    assert said_in(src) == []


# -- a foundation's base by its size -----------------------------------------------------------


@pytest.mark.parametrize(
    "src",
    [
        "function canMoveToFoundation(card, foundation) {\n"
        "  return card.suit === foundation.suit && card.rank === foundation.cards.length + 1;\n}\n",
        "def can_move_to_foundation(card, pile):\n"
        "    if card.rank != len(pile) + 1:\n        return False\n    return True\n",
        "boolean canAddToFoundation(Card card, Foundation f) {\n"
        "    return card.getRank() == f.size() + 1;\n}\n",
    ],
)
def test_a_rank_one_above_the_foundations_size_is_an_ace_base(src: str) -> None:
    assert ("base_rank", 1) in [(n, v) for n, v, _ in said_in(src)]


def test_a_tableau_or_a_step_of_two_gives_no_base() -> None:
    tableau = (
        "function canMoveToTableau(card, column) {\n  return card.rank === column.length + 1;\n}\n"
    )
    two = "function canMoveToFoundation(card, f) {\n  return card.rank === f.length + 2;\n}\n"
    assert said_in(tableau) == [] and said_in(two) == []


# -- colour tables -------------------------------------------------------------------------------

TABLE_JS = """const RED = ['♥', '♦'];
function canMoveToTableau(card, column) {
  const top = column[column.length - 1];
  return RED.includes(card.suit) !== RED.includes(top.suit) && card.rank === top.rank - 1;
}
"""

TABLE_PY = """RED_SUITS = ('H', 'D')


class Tableau:
    def can_accept(self, card, pile):
        top = pile[-1]
        if (card.suit in RED_SUITS) == (top.suit in RED_SUITS):
            return False
        return card.rank == top.rank - 1
"""


def test_a_table_of_red_suits_compares_colours() -> None:
    assert said_in(TABLE_JS) == [("build_alt_colour", 1, 4), ("build_down", 1, 4)]
    assert said_in(TABLE_PY) == [("build_alt_colour", 1, 7), ("build_down", 1, 9)]


def test_suits_looked_up_in_one_table_are_no_comparison_of_suits() -> None:
    same = TABLE_PY.replace(
        "        if (card.suit in RED_SUITS) == (top.suit in RED_SUITS):\n"
        "            return False\n",
        "",
    ).replace(
        "return card.rank == top.rank - 1",
        "return (card.suit in RED_SUITS) == (top.suit in RED_SUITS)",
    )
    assert said_in(same) == []


# -- the waste turned back, draws ----------------------------------------------------------------


@pytest.mark.parametrize(
    "src, line",
    [
        ("function recycle() {\n  stock.push(...waste.reverse());\n  waste = [];\n}\n", 2),
        (
            "function resetStock() {\n  while (waste.length > 0) {\n"
            "    stock.push(waste.pop());\n  }\n}\n",
            3,
        ),
        (
            "def reset(self):\n    while self.waste:\n"
            "        self.stock.append(self.waste.pop())\n",
            3,
        ),
        (
            "def reset(self):\n    self.stock.extend(reversed(self.waste))\n"
            "    self.waste.clear()\n",
            2,
        ),
    ],
)
def test_the_waste_turned_back(src: str, line: int) -> None:
    assert said_in(src) == [("turn_back", 1, line)]


def test_one_card_put_back_without_a_loop_is_no_turn() -> None:
    assert said_in("function undoDraw() {\n  stock.push(waste.pop());\n}\n") == []


@pytest.mark.parametrize(
    "src, said",
    [
        (
            "function drawCards() {\n  const n = Math.min(3, stock.length);\n"
            "  for (let i = 0; i < n; i++) waste.push(stock.pop());\n}\n",
            [("draw", 3, 2)],
        ),
        (
            "def draw(self):\n    n = min(len(self.stock), 3)\n    for _ in range(n):\n"
            "        self.waste.append(self.stock.pop())\n",
            [("draw", 3, 2)],
        ),
        # to the piles, not the waste: no draw
        (
            "function dealRow() {\n  const n = Math.min(3, stock.length);\n"
            "  for (let i = 0; i < n; i++) piles[i].push(stock.pop());\n}\n",
            [],
        ),
    ],
)
def test_a_draw_bounded_by_the_stock(src: str, said: list) -> None:
    assert said_in(src) == said


# -- a pile named by a refusing guard ------------------------------------------------------------

PLACE_GUARD_JS = """class Game {
  canMove(card, sourceId, destId) {
    const dest = this.piles[destId];
    if (destId.startsWith('foundation')) {
      return card.rank === dest.length + 1;
    }
    if (!destId.startsWith('tableau')) {
      throw new Error('bad place');
    }
    if (dest.length === 0) {
      return card.rank === 13;
    }
    const topCard = dest[dest.length - 1];
    return card.color !== topCard.color && card.rank === topCard.rank - 1;
  }
}
"""


def test_a_refusing_guard_on_the_place_names_the_pile_of_what_follows() -> None:
    assert said_in(PLACE_GUARD_JS) == [
        ("base_rank", 1, 5),
        ("space_rank", 13, 11),
        ("build_alt_colour", 1, 14),
        ("build_down", 1, 14),
    ]


@pytest.mark.parametrize(
    "guard",
    [
        "if (destId.startsWith('tableau')) {\n      throw new Error('bad place');\n    }",
        "if (!destId.startsWith('tableau')) {\n      log('not a column');\n    }",
        "if (!tableau.length) {\n      return false;\n    }",
    ],
)
def test_a_guard_that_refuses_no_other_pile_names_none(guard: str) -> None:
    src = PLACE_GUARD_JS.replace(
        "if (!destId.startsWith('tableau')) {\n      throw new Error('bad place');\n    }", guard
    )
    assert [n for n, _, line in said_in(src) if line > 6] == []


# -- Python statements, a statement that fills its line, a space restricted ------------------

PY_CHECK = """class Tableau:
    def can_accept(self, card, pile):
        top = pile[-1]
        return card.rank == top.rank - 1

    def draw(self):
        return None
"""


def test_a_python_comparison_ends_at_its_line() -> None:
    # the right side is `top.rank - 1`, not run on into the next `def`
    assert said_in(PY_CHECK) == [("build_down_any", 1, 4)]


def test_a_statement_that_fills_its_line_is_kept() -> None:
    src = (
        "import random\n\n\n"
        "class Game:\n"
        "    def deal(self):\n"
        "        random.shuffle(self.deck)\n"
        "        for i in range(7):\n"
        "            for j in range(i + 1):\n"
        "                self.tableau[i].append(self.deck.pop())\n"
    )
    # `        for i in range(7):` holds `deal_triangle = 7.` exactly
    assert reading_text(src).split("\n")[6] == "        deal_triangle = 7."


RESTRICTED_CS = """public bool CanMoveToTableau(Card card, List<Card> pile)
{
    if (pile.Count == 0 && card.Rank != 13) return false;
    if (pile.Count == 0) return true;
    return false;
}
"""


def test_a_space_restricted_to_a_rank_is_not_opened_by_a_later_true() -> None:
    assert said_in(RESTRICTED_CS) == [("space_rank", 13, 3)]
    # without the restriction the empty pile takes any card
    assert said_in(
        RESTRICTED_CS.replace("    if (pile.Count == 0 && card.Rank != 13) return false;\n", "")
    ) == [("space_any", 1, 3)]


# -- a deal onto the piles in turn, a run compared by its first card -----------------------------

SPIDER_TURNS_JS = """// Пасьянс «Паук» (одна масть). Собирайте последовательности от короля до туза.
class SpiderGame {
  constructor() {
    this.columns = Array.from({ length: 10 }, () => []);
    this.stock = [];
  }

  // Раздача: 54 карты на стол, остальные в колоду
  deal(deck) {
    for (let i = 0; i < 54; i++) {
      const card = deck.pop();
      card.faceUp = i >= 44;
      this.columns[i % 10].push(card);
    }
    this.stock = deck;
  }

  // Можно ли положить карты на столбец
  canDrop(cards, column) {
    if (column.length === 0) return true;
    const target = column[column.length - 1];
    return target.faceUp && target.rank === cards[0].rank + 1;
  }

  // Раздать по одной карте на каждый столбец
  dealRow() {
    if (this.columns.some((c) => c.length === 0)) return;
    for (let i = 0; i < 10; i++) {
      const card = this.stock.pop();
      card.faceUp = true;
      this.columns[i].push(card);
    }
  }
}
"""


def test_a_deal_onto_the_piles_in_turn() -> None:
    assert said_in(SPIDER_TURNS_JS) == [
        ("made_columns", 10, 4),
        ("deal_piles", 10, 10),
        ("deal_last_up", 1, 12),
        ("deal_first_4_by_6_rest", 5, 13),
        ("build_run", 1, 19),
        ("space_any", 1, 20),
        ("build_down_any", 1, 22),
        ("deal_rows", 1, 28),
    ]


def test_a_spider_dealt_in_turn_end_to_end(tmp_path: Path) -> None:
    spec = draft_of(tmp_path, "spider.js", SPIDER_TURNS_JS).spec
    assert spec["piles"]["columns"]["count"] == 10
    assert spec["decks"] == 2
    # the last round of the layout is the first of the rows dealt from the stock
    assert [(s["to"], s["face"], s["rounds"], s.get("next_round")) for s in spec["deal"]] == [
        (["columns.1", "columns.2", "columns.3", "columns.4"], "down", 1, None),
        (["columns"], "down", 4, None),
        (["columns"], "up", None, "stuck"),
    ]
    # `if (column.length === 0) return true;`: any card into a space
    assert spec["moves"]["marry"] == {
        "from": ["columns"],
        "to": ["columns"],
        "build": {"direction": "down", "suit": "any", "empty": "any"},
        "run": True,
    }


@pytest.mark.parametrize(
    "change",
    [
        ("this.columns[i % 10].push(card)", "this.foundations[i % 10].push(card)"),  # no tableau
        ("this.columns[i % 10].push(card)", "this.columns[i % 7].push(card)"),  # 7 piles
        (
            "i < 54; i++) {\n      const card = deck.pop();\n      card.faceUp = i >= 44;",
            "i < 50; i++) {\n      const card = deck.pop();\n      card.faceUp = i >= 40;",
        ),  # 50 on 10: five each
    ],
)
def test_near_deals_in_turn(change: tuple[str, str]) -> None:
    said = dict((n, v) for n, v, _ in said_in(SPIDER_TURNS_JS.replace(*change)))
    if "foundations" in change[1]:
        assert "deal_piles" not in said
    elif "% 7" in change[1]:
        # 54 on 7: the first 5 get 8 cards, the others 7; the last 7 cards are no round's
        assert (said["deal_piles"], said["deal_first_5_by_8_rest"]) == (7, 7)
        assert "deal_last_up" not in said
    else:
        assert (said["deal_piles"], said["deal_each"], said["deal_last_up"]) == (10, 5, 1)
        assert "deal_first_4_by_6_rest" not in said


def test_a_single_card_compared_is_no_run() -> None:
    src = SPIDER_TURNS_JS.replace("canDrop(cards, column)", "canDrop(card, column)").replace(
        "cards[0].rank", "card.rank"
    )
    assert ("build_run", 1) not in [(n, v) for n, v, _ in said_in(src)]


# -- Java: a pile made and added, a face set by a setter, the waste put back by name -------------

JAVA_DEAL = """public class Solitaire {
    // Раздача карт по столбцам
    public void deal(List<Card> deck) {
        for (int i = 0; i < 7; i++) {
            Stack<Card> pile = new Stack<>();
            for (int j = 0; j <= i; j++) {
                Card card = deck.remove(deck.size() - 1);
                card.setFaceUp(j == i);
                pile.push(card);
            }
            tableau.add(pile);
        }
    }

    // Перевернуть сброс обратно в колоду
    public void recycle() {
        while (!waste.isEmpty()) {
            Card c = waste.pop();
            c.setFaceUp(false);
            stock.push(c);
        }
    }
}
"""


def test_a_java_deal_and_recycle() -> None:
    assert said_in(JAVA_DEAL) == [
        ("deal_triangle", 7, 4),
        ("deal_last_up", 1, 8),
        ("turn_back", 1, 20),
    ]


def test_a_pile_added_to_rows_or_a_card_put_back_outside_a_loop_is_not_read() -> None:
    rows = JAVA_DEAL.replace("tableau.add(pile)", "rows.add(pile)")
    assert ("deal_triangle", 7) not in [(n, v) for n, v, _ in said_in(rows)]
    undo = JAVA_DEAL.replace("while (!waste.isEmpty()) {", "if (undo) {")
    assert ("turn_back", 1) not in [(n, v) for n, v, _ in said_in(undo)]


def test_an_even_deal_in_turn_gives_each_pile_its_cards(tmp_path: Path) -> None:
    src = SPIDER_TURNS_JS.replace("i < 54; i++)", "i < 50; i++)").replace("i >= 44", "i >= 40")
    src = src[: src.index("  // Раздать по одной")] + "}\n"
    assert [s for s in said_in(src) if s[0].startswith("deal")] == [
        ("deal_piles", 10, 10),
        ("deal_last_up", 1, 12),
        ("deal_each", 5, 13),
    ]
    assert named_value_facts("deal_each", 5) == [("deal.per_pile", 5)]
    spec = draft_of(tmp_path, "spider.js", src).spec
    assert spec["piles"]["columns"]["count"] == 10
    assert [(s["to"], s["face"], s["rounds"]) for s in spec["deal"]] == [
        (["columns"], "down-but-last", 5)
    ]


# -- the whole pack dealt in turn, a short return, free cells ------------------------------------

FREECELL_PY = """# Пасьянс «Свободная ячейка»: все карты открыты, четыре свободные ячейки.
import random


class FreeCell:
    def __init__(self):
        deck = [(s, r) for s in 'SHDC' for r in range(1, 14)]
        random.shuffle(deck)
        self.cells = [None] * 4
        self.cascades = [[] for _ in range(8)]
        # Раздача всех карт по восьми столбцам
        for i, card in enumerate(deck):
            self.cascades[i % 8].append(card)

    # Можно ли положить карту на столбец
    def can_move_to_cascade(self, card, cascade):
        if not cascade:
            return True
        top = cascade[-1]
        return is_red(card) != is_red(top) and card.rank == top.rank - 1
"""


def test_a_python_freecell_states_its_deal_cells_and_space() -> None:
    assert said_in(FREECELL_PY) == [
        ("made_cells", 4, 9),
        ("made_columns", 8, 10),
        ("deal_piles", 8, 12),
        ("deal_all", 1, 13),
        ("space_any", 1, 17),  # on the `if` line: `return True` is too short to hold it
        ("build_alt_colour", 1, 20),
        ("build_down", 1, 20),
    ]


def test_a_python_freecell_end_to_end(tmp_path: Path) -> None:
    spec = draft_of(tmp_path, "freecell.py", FREECELL_PY).spec
    assert spec["piles"]["columns"]["count"] == 8
    # dealt until the pack is out: no count of rounds
    assert [(s["to"], s["rounds"], s["face"]) for s in spec["deal"]] == [(["columns"], None, "up")]
    assert spec["moves"]["marry"]["build"] == {
        "direction": "down",
        "suit": "alternate",
        "empty": "any",
    }


@pytest.mark.parametrize(
    "loop",
    [
        "deck.forEach((card, i) => {",
        "for (let i = 0; i < deck.length; i++) {",
        "for (int i = 0; i < cards.Count; i++) {",
    ],
)
def test_the_whole_pack_dealt_in_turn_in_c_like_languages(loop: str) -> None:
    src = (
        "function deal() {\n"
        f"  {loop}\n"
        "    tableau[i % 8].push(deck[i]);\n"
        "  }" + (")" if "forEach" in loop else "") + ";\n}\n"
    )
    assert said_in(src) == [("deal_piles", 8, 2), ("deal_all", 1, 3)]


def test_the_whole_pack_onto_foundations_or_by_another_index_is_no_deal() -> None:
    src = "function deal() {\n  deck.forEach((card, i) => {\n    {PUT};\n  });\n}\n"
    assert said_in(src.replace("{PUT}", "foundations[i % 4].push(card)")) == []
    assert said_in(src.replace("{PUT}", "tableau[j % 8].push(card)")) == []


# -- ranks through a cast or a table of the ranks ------------------------------------------------


@pytest.mark.parametrize(
    "side, step",
    [
        ("(int)card.Rank == (int)top.Rank - 1", "build_down"),
        ("RANKS.indexOf(card.rank) === RANKS.indexOf(top.rank) - 1", "build_down"),
        ("RANK_VALUES[card.rank] == RANK_VALUES[top.rank] + 1", "build_up"),
        ("ranks.index(card.face) + 1 == ranks.index(top.face)", "build_down"),
    ],
)
def test_a_rank_through_a_cast_or_a_table(side: str, step: str) -> None:
    src = (
        "bool CanMoveToTableau(Card card, Pile pile) {\n"
        "    Card top = pile.TopCard;\n"
        f"    return card.Color != top.Color && {side};\n"
        "}\n"
    )
    assert said_in(src) == [("build_alt_colour", 1, 3), (step, 1, 3)]


def test_a_table_of_the_suits_gives_no_rank() -> None:
    src = (
        "function canMoveToTableau(card, column) {\n"
        "  const top = column[column.length - 1];\n"
        "  return SUITS.indexOf(card.suit) === SUITS.indexOf(top.suit) - 1;\n"
        "}\n"
    )
    assert said_in(src) == []


# -- piles made one a turn, the last card by the pile's own index --------------------------------


def test_piles_made_one_a_turn_of_a_loop() -> None:
    src = (
        "function init() {\n"
        "  for (let i = 0; i < 4; i++) foundations.push([]);\n"
        "  for (let i = 0; i < 7; i++) {\n"
        "    tableau[i] = new List<Card>();\n"
        "  }\n"
        "}\n"
    )
    assert said_in(src) == [("made_foundations", 4, 2), ("made_columns", 7, 3)]
    # two containers made in one loop: which count is whose is not said
    two = "function init() {\n  for (let i = 0; i < 4; i++) {\n    foundations.push([]);\n"
    assert said_in(two + "    rows.push([]);\n  }\n}\n") == []


def test_the_last_card_of_pile_i_is_its_i_th() -> None:
    src = (
        "function deal() {\n"
        "  for (let i = 0; i < 7; i++) {\n"
        "    for (let j = 0; j <= i; j++) {\n"
        "      tableau[i].push(deck.pop());\n"
        "    }\n"
        "    tableau[i][i].faceUp = true;\n"
        "  }\n"
        "}\n"
    )
    assert said_in(src) == [("deal_triangle", 7, 2), ("deal_last_up", 1, 6)]
    assert ("deal_last_up", 1, 6) not in said_in(src.replace("[i][i]", "[i][0]"))


# -- a counter of redeals left -------------------------------------------------------------------

LEFT_JS = """class Game {
  constructor() { this.redealsLeft = 2; }
  recycle() {
    if (this.redealsLeft <= 0) return;
    this.redealsLeft--;
    this.stock = this.waste.reverse();
  }
}
"""

PASSES_LEFT_PY = """class Game:
    def __init__(self):
        self.passes_left = 3

    def reset_stock(self):
        if self.passes_left == 0:
            return
        self.passes_left -= 1
        self.stock = self.waste[::-1]
"""


def test_a_counter_of_redeals_left_given_one_number() -> None:
    assert said_in(LEFT_JS) == [("redeal_limit", 2, 4), ("turn_back", 1, 6)]
    # three passes left: two redeals
    assert said_in(PASSES_LEFT_PY) == [("redeal_limit", 2, 6), ("turn_back", 1, 9)]


def test_a_counter_left_given_two_numbers_or_not_refusing_says_no_count() -> None:
    two = LEFT_JS.replace("recycle() {", "newGame() { this.redealsLeft = 3; }\n  recycle() {")
    assert ("redeal_limit", 2) not in [(n, v) for n, v, _ in said_in(two)]
    allows = LEFT_JS.replace("if (this.redealsLeft <= 0) return;", "if (this.redealsLeft <= 0) {")
    assert [n for n, _, _ in said_in(allows + "}\n")] == ["turn_back"]


# -- PHP and C++ deal loops ----------------------------------------------------------------------

PHP_DEAL = """<?php
function deal($deck) {
    for ($i = 0; $i < 7; $i++) {
        for ($j = 0; $j <= $i; $j++) {
            $card = $deck->pop();
            $card->faceUp = ($j == $i);
            $tableau[$i]->push($card);
        }
    }
}
"""

CPP_DEAL = """void Game::deal() {
    for (int i = 0; i < 7; ++i) {
        for (int j = 0; j <= i; ++j) {
            tableau[i].push_back(deck.back());
            deck.pop_back();
        }
        tableau[i].back().faceUp = true;
    }
}
"""


def test_php_and_cpp_deal_loops() -> None:
    assert said_in(PHP_DEAL) == [("deal_triangle", 7, 3), ("deal_last_up", 1, 6)]
    assert said_in(CPP_DEAL) == [("deal_triangle", 7, 2), ("deal_last_up", 1, 7)]


# -- the pack dealt round the piles by a counter -------------------------------------------------

ROUND_CPP = """void Patience::restart(const QList<Card*> &cards)
{
    QList<Card*> cardList = cards;
    int column = 0;
    while (!cardList.isEmpty())
    {
        addCardForDeal(store[column], cardList.takeLast(), true, store[0]->pos());
        column = (column + 1) % 8;
    }
}
"""

ROUND_PY = """class Game:
    def deal(self):
        col = 0
        while self.deck:
            self.tableau[col].append(self.deck.pop())
            col = (col + 1) % 8
"""


def test_the_pack_dealt_round_the_piles_by_a_counter() -> None:
    assert said_in(ROUND_CPP) == [("deal_piles", 8, 5), ("deal_all", 1, 8)]
    assert said_in(ROUND_PY) == [("deal_piles", 8, 4), ("deal_all", 1, 6)]
    # round the foundations: no deal of the layout
    assert said_in(ROUND_PY.replace("self.tableau[col]", "self.foundations[col]")) == []


def test_a_pile_extended_by_a_slice_of_the_pack() -> None:
    src = (
        "class Game:\n"
        "    def deal(self):\n"
        "        for i in range(7):\n"
        "            self.tableau[i].extend(self.deck[:i + 1])\n"
        "            del self.deck[:i + 1]\n"
        "            self.tableau[i][-1].face_up = True\n"
    )
    assert said_in(src) == [("deal_triangle", 7, 3), ("deal_last_up", 1, 6)]
