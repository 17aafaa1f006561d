"""Rules a program states by its structure (`pipeline.segment.code_rules`): deal loops,
comparisons of the card moved with the card it goes on, an empty pile's rank, the waste
turned back. Each construct is read the same way in several languages; a construct that
deals or compares something else, or stands in no check of a move, states nothing. The
programs are crafted for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from code_facts import draft_of

from pipeline.segment.code import reading_text
from pipeline.segment.code_rules import read
from pipeline.segment.named_values import statement


def _said(text: str) -> list[tuple[str, int, int]]:
    """(statement, value, line number from 1) of what the source states, in line order."""
    return sorted(((s.name, s.value, s.line + 1) for s in read(text)), key=lambda x: x[2])


# -- deal loops ---------------------------------------------------------------------------------

JS_DEAL = """function dealCards() {
  const tableau = [[], [], [], [], [], [], []];
  for (let col = 0; col < 7; col++) {
    for (let row = 0; row <= col; row++) {
      const card = deck.pop();
      card.faceUp = (row === col);
      tableau[col].push(card);
    }
  }
}
"""

PY_DEAL = """def deal(self):
    for i in range(7):
        for j in range(i + 1):
            card = self.deck.pop()
            card.face_up = j == i
            self.tableau[i].append(card)
"""

CS_DEAL = """public void Deal()
{
    for (int i = 0; i < 7; i++)
    {
        for (int j = 0; j < i + 1; j++)
        {
            columns[i].Add(deck.Pop());
        }
    }
}
"""

JS_COUNTED = """deal() {
  for (let i = 0; i < 7; i++) {
    const n = i + 1;
    const cards = this.stock.splice(-n);
    this.moveCards(cards, 'tableau' + i);
    cards[cards.length - 1].visible = true;
  }
}
"""

JS_SPIDER = """const COLS = 10;
function newGame() {
  const deck = shuffle(cards.slice());
  tableau = [];
  for (let t = 0; t < COLS; t++) {
    tableau.push(deck.splice(0, t < 4 ? 6 : 5));
    top(tableau[t]).up = true;
  }
}
function dealRow() {
  for (let t = 0; t < COLS; t++) {
    const c = stock.pop();
    c.up = true;
    tableau[t].push(c);
  }
}
"""


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (JS_DEAL, [("made_columns", 7, 2), ("deal_triangle", 7, 3), ("deal_last_up", 1, 6)]),
        (PY_DEAL, [("deal_triangle", 7, 2), ("deal_last_up", 1, 5)]),
        (CS_DEAL, [("deal_triangle", 7, 3)]),  # no face said
        (JS_COUNTED, [("deal_triangle", 7, 2), ("deal_last_up", 1, 6)]),
        (
            JS_SPIDER,
            [
                ("deal_piles", 10, 5),
                ("deal_first_4_by_6_rest", 5, 6),
                ("deal_last_up", 1, 7),
                ("deal_rows", 1, 11),
            ],
        ),
    ],
)
def test_a_deal_loop_states_the_piles_their_cards_and_faces(text: str, said: list) -> None:
    assert _said(text) == said


@pytest.mark.parametrize(
    "text",
    [
        # a triangle of rows: a pyramid, not columns
        JS_DEAL.replace("tableau", "pyramid"),
        # the loop draws stars, it takes no card from a pack
        "function drawSky() {\n  for (let i = 0; i < 7; i++) {\n"
        "    for (let j = 0; j <= i; j++) {\n      sky[i].push(star(i, j));\n    }\n  }\n}\n",
        # cards of a pack made, not dealt to piles
        "for (let s = 0; s < 4; s++) {\n  for (let r = 0; r <= s; r++) {\n"
        "    deck.push(new Card(r, s));\n  }\n}\n",
        # a loop over a count the file gives two values
        JS_COUNTED.replace("i < 7", "i < N") + "let N = 7;\nN = 8;\n",
        # a row of one card each with no layout dealt elsewhere: a deal of one card a pile
        "function dealRow() {\n  for (let t = 0; t < 10; t++) {\n"
        "    tableau[t].push(stock.pop());\n  }\n}\n",
    ],
)
def test_a_loop_that_deals_something_else_states_nothing(text: str) -> None:
    assert _said(text) == []


def test_a_face_set_otherwise_is_not_the_last_card_up() -> None:
    every = JS_DEAL.replace("card.faceUp = (row === col);", "card.faceUp = true;")
    assert _said(every) == [("made_columns", 7, 2), ("deal_triangle", 7, 3)]


# -- comparisons --------------------------------------------------------------------------------

JS_MOVES = """function canMoveToTableau(draggedCards, targetCard) {
    const firstDragged = draggedCards[0];
    if (!targetCard) {
        return firstDragged.value === 13;
    }
    return firstDragged.color !== targetCard.color && firstDragged.value === targetCard.value - 1;
}

function canMoveToFoundation(draggedCard, foundationPile) {
    if (foundationPile.length === 0) {
        return draggedCard.value === 1;
    }
    const topCard = foundationPile[foundationPile.length - 1];
    return draggedCard.suit === topCard.suit && draggedCard.value === topCard.value + 1;
}
"""

CS_TABLEAU = """public class Tableau : CardList
{
    public bool IsCorrectMove(Card card)
    {
        Card top = GetTopCard();
        if (top == null)
        {
            return (card.Value == CardValue.King);
        }
        bool isAlternatingColor = (top.IsRedSuit() ^ card.IsRedSuit());
        bool isNextCard = (card.Value - top.Value) == -1;
        return (isAlternatingColor && isNextCard);
    }
}
"""

PY_MOVES = """def can_move_to_tableau(card, pile):
    if not pile:
        return card.rank == 13
    top = pile[-1]
    return card.is_red() != top.is_red() and card.rank == top.rank - 1
"""

JAVA_FOUNDATION = """public boolean canPlaceOnFoundation(Card card, Stack<Card> foundation) {
    if (foundation.isEmpty()) {
        return card.getRank() == Rank.ACE;
    }
    Card top = foundation.peek();
    return card.getSuit() == top.getSuit() && card.getRank() == top.getRank() + 1;
}
"""

KOTLIN_SPACE = """fun canPlaceOnColumn(card: Card, column: List<Card>): Boolean {
    if (column.isEmpty()) return card.rank == Rank.KING
    val top = column.last()
    return card.suit == top.suit && card.rank == top.rank - 1
}
"""

JS_SPIDER_CHECK = (
    "const canPlace = (card, t) => !tableau[t].length || top(tableau[t]).rank === card.rank + 1;\n"
)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            JS_MOVES,
            [
                ("build_run", 1, 2),
                ("space_rank", 13, 4),
                ("build_alt_colour", 1, 6),
                ("build_down", 1, 6),
                ("base_rank", 1, 11),
                ("found_suited", 1, 14),
            ],
        ),
        (
            CS_TABLEAU,
            [
                ("space_rank", 13, 8),
                ("build_alt_colour", 1, 10),
                ("build_down", 1, 11),
            ],
        ),
        (
            PY_MOVES,
            [("space_rank", 13, 3), ("build_alt_colour", 1, 5), ("build_down", 1, 5)],
        ),
        (JAVA_FOUNDATION, [("base_rank", 1, 3), ("found_suited", 1, 6)]),
        (
            KOTLIN_SPACE,
            [("space_rank", 13, 2), ("build_suited", 1, 4), ("build_down", 1, 4)],
        ),
        (JS_SPIDER_CHECK, [("space_any", 1, 1), ("build_down_any", 1, 1)]),
    ],
)
def test_a_check_of_a_move_states_the_building(text: str, said: list) -> None:
    assert sorted(_said(text)) == sorted(said)


@pytest.mark.parametrize(
    "text",
    [
        # a scoring function weighs a move, it allows none
        "function scoreTableauMove(card, top) {\n"
        "  if (card.value === top.value - 1) return 5;\n  return 0;\n}\n",
        # a hint compares colours to rank moves
        "function hintForTableau(card, target) {\n"
        "  return card.color !== target.color ? 2 : 1;\n}\n",
        # no pile named: whose rule it is is not said
        "function canMove(card, target) {\n  return card.value === target.value - 1;\n}\n",
        # two cards of one run compared: which runs move, not what they go on
        "function canMoveRunOnTableau(run) {\n  for (let i = 1; i < run.length; i++) {\n"
        "    if (run[i].suit !== run[i - 1].suit) return false;\n  }\n  return true;\n}\n",
        # neither card is told to be the target
        "function canPlaceOnTableau(a, b) {\n  return a.value === b.value - 1;\n}\n",
        # a branch about the source pile
        "function canMove(card, src, dest) {\n  if (src.startsWith('tableau')) {\n"
        "    return card.value === dest.top.value - 1;\n  }\n}\n",
        # a step of two
        "function canMoveToTableau(card, targetCard) {\n"
        "  return card.value === targetCard.value - 2;\n}\n",
    ],
)
def test_a_comparison_outside_a_check_of_a_move_states_nothing(text: str) -> None:
    assert _said(text) == []


def test_an_empty_pile_taking_another_rank_states_nothing() -> None:
    head = "function canMoveToTableau(card, pile) {\n"
    queen = head + "  if (!pile.length) return card.value === 12;\n}\n"
    assert _said(queen) == []
    any_card = "function canMoveToTableau(card, pile) {\n  if (!pile.length) return true;\n}\n"
    assert _said(any_card) == [("space_any", 1, 2)]
    scored = "function scoreTableau(card, pile) {\n  if (!pile.length) return true;\n}\n"
    assert _said(scored) == []


def test_the_waste_turned_back_into_the_stock() -> None:
    assert _said("if (!stock.length) {\n  stock = waste.reverse();\n  waste = [];\n}\n") == [
        ("turn_back", 1, 2)
    ]
    assert _said("self.stock = self.waste[::-1]\n") == [("turn_back", 1, 1)]
    assert _said("stock = waste.slice();\n") == []  # not turned over: no such rule read


# -- the path: reading text, statements, the draft ------------------------------------------------


def test_the_reading_text_keeps_each_rule_in_place_of_its_code() -> None:
    text = "// Раздача карт\n" + JS_DEAL
    read_ = reading_text(text)
    assert len(read_) == len(text)
    lines = read_.split("\n")
    # a stop before the statement sets it apart from the comment above
    assert lines[3].lstrip(" .").rstrip() == "deal_triangle = 7."
    assert lines[6].lstrip(" .").rstrip() == "deal_last_up = 1."
    assert lines[3].index("deal_triangle") == text.split("\n")[3].index("for")


@pytest.mark.parametrize(
    ("sentence", "said"),
    [
        ("build_down = 1.", ("build_down", 1)),
        ("space_rank = 13.", ("space_rank", 13)),
        ("deal_first_4_by_6_rest = 5.", ("uneven_4_6", 5)),
        ("deal_rows = true.", None),
        ("build_sideways = 1.", None),
    ],
)
def test_a_kept_statement_is_read(sentence: str, said: tuple | None) -> None:
    assert statement(sentence) == said


KLONDIKE_JS = """// Пасьянс «Косынка»
// Цель игры: собрать все карты в основания по мастям.

// Раздача карт
function dealCards() {
  const newTableau = [[], [], [], [], [], [], []];
  for (let col = 0; col < 7; col++) {
    for (let row = 0; row <= col; row++) {
      const card = deck.pop();
      card.isFaceUp = (row === col);
      newTableau[col].push(card);
    }
  }
}

// Можно ли положить карту на стопку стола
function canPlaceOnTableau(card, colIndex) {
  const col = tableau[colIndex];
  if (!col.length)
    return card.rank === "K";
  const top = col[col.length - 1];
  return (
    isRed(card) !== isRed(top) &&
    getCardValue(card.rank) === getCardValue(top.rank) - 1
  );
}
"""


def _draft(tmp_path: Path, name: str, text: str) -> dict:
    return draft_of(tmp_path, name, text).spec


def test_a_js_klondike_states_its_deal_and_building(tmp_path: Path) -> None:
    spec = _draft(tmp_path, "klondike.js", KLONDIKE_JS)
    (tid,) = [k for k, p in spec["piles"].items() if p["role"] == "tableau"]
    assert spec["piles"][tid]["count"] == 7
    (step,) = [s for s in spec["deal"] if s["to"] == [tid]]
    assert (step["triangle"], step["face"]) == (True, "down-but-last")
    marry = spec["moves"]["marry"]
    assert marry["build"] == {"direction": "down", "suit": "alternate", "empty": [13]}
    cited = spec["provenance"]["moves.marry.build"]
    assert (cited["origin"], cited["quote"]) == ("text", "build_down = 1")
    # the citation's span points at the code that states it
    span = cited["spans"][0]
    assert KLONDIKE_JS[span["start"] :].startswith("getCardValue(card.rank) === ")


def test_code_that_states_no_rule_changes_nothing(tmp_path: Path) -> None:
    plain = (
        "// Пасьянс «Косынка»\n"
        "// Цель игры: собрать все карты в основания по мастям.\n"
        "// Карты на столе кладут в убывающем порядке, чередуя цвета.\n"
    )
    noisy = plain + (
        "function scoreTableauMove(card, top) {\n"
        "  if (card.value === top.value - 1) return 5;\n  return 0;\n}\n"
        "function drawSky() {\n  for (let i = 0; i < 7; i++) {\n"
        "    for (let j = 0; j <= i; j++) {\n      sky[i].push(star(i, j));\n    }\n  }\n}\n"
    )
    a, b = _draft(tmp_path, "a.js", plain), _draft(tmp_path, "b.js", noisy)
    for spec in (a, b):
        spec.pop("provenance"), spec.pop("source")
    assert a == b


# -- more shapes of the same rules ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # rounds: round i deals to piles i … 6, its first card the pile's last
        (
            "function deal() {\n  for (let i = 0; i < 7; i++) {\n"
            "    for (let j = i; j < 7; j++) {\n      const c = deck.pop();\n"
            "      c.faceUp = j === i;\n      tableau[j].push(c);\n    }\n  }\n}\n",
            [("deal_triangle", 7, 2), ("deal_last_up", 1, 5)],
        ),
        (
            "def deal(self):\n    for i in range(7):\n        for j in range(i, 7):\n"
            "            self.columns[j].append(self.deck.pop())\n",
            [("deal_triangle", 7, 2)],
        ),
        # a pile made whole and appended; its last card turned up by index
        (
            "def deal(self):\n    for i in range(7):\n"
            "        pile = [self.deck.pop() for _ in range(i + 1)]\n"
            "        pile[-1].face_up = True\n        self.tableau.append(pile)\n",
            [("deal_triangle", 7, 2), ("deal_last_up", 1, 4)],
        ),
        # the last card turned by a verb
        (
            "for (int i = 0; i < 7; i++) {\n    for (int j = 0; j <= i; j++) {\n"
            "        columns[i].Add(deck.Pop());\n    }\n    columns[i].Last().Flip();\n}\n",
            [("deal_triangle", 7, 1), ("deal_last_up", 1, 5)],
        ),
    ],
)
def test_other_shapes_of_a_triangle_deal(text: str, said: list) -> None:
    assert _said(text) == said


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "function canPlaceOnTableau(card, pile) {\n"
            "  return pile.length === 0 ? card.rank === 13 : card.suit === top(pile).suit;\n}\n",
            [("space_rank", 13, 2), ("build_suited", 1, 2)],
        ),
        (
            "function canMoveToFoundation(card, pile) {\n"
            "  if (pile.isEmpty()) return card.isAce();\n}\n",
            [("base_rank", 1, 2)],
        ),
        (
            "def can_place_on_foundation(card, pile):\n    if len(pile) == 0:\n"
            "        return is_ace(card)\n",
            [("base_rank", 1, 3)],
        ),
        # an accepting branch reads as the comparison says
        (
            "function canPlaceOnTableau(card, top) {\n  if (card.color !== top.color) {\n"
            "    return true;\n  }\n}\n",
            [("build_alt_colour", 1, 2)],
        ),
    ],
)
def test_other_shapes_of_a_check(text: str, said: list) -> None:
    assert sorted(_said(text)) == sorted(said)


@pytest.mark.parametrize(
    "text",
    [
        # a branch that refuses the move says the opposite: not read
        "function canPlaceOnTableau(card, top) {\n"
        "  if (card.color !== top.color) return false;\n  return true;\n}\n",
        "def can_place_on_tableau(card, top):\n    if card.is_red() != top.is_red():\n"
        "        return False\n",
        "function canPlaceOnTableau(card, top) {\n  return !(card.suit === top.suit);\n}\n",
        "function canPlaceOnTableau(card, top) {\n  if (card.suit === top.suit) continue;\n}\n",
    ],
)
def test_a_negated_or_refusing_comparison_states_nothing(text: str) -> None:
    assert _said(text) == []


STOCK_JS = """function clickStock() {
  if (!stock.length) {
    if (redeals < 2) {
      stock = waste.reverse();
      redeals++;
    }
    return;
  }
  for (let i = 0; i < 3; i++) {
    waste.push(stock.pop());
  }
}
"""

STOCK_PY = """def click_stock(self):
    if not self.stock:
        if self.passes >= 3:
            return
        self.stock = self.waste[::-1]
        self.passes += 1
        return
    self.waste.extend(reversed(self.stock[-1:]))
"""


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (STOCK_JS, [("redeal_limit", 2, 3), ("turn_back", 1, 4), ("draw", 3, 9)]),
        # three passes are two redeals, as MAX_PASSES counts them
        (STOCK_PY, [("redeal_limit", 2, 3), ("turn_back", 1, 5)]),
        (
            "function draw() {\n  waste.push(...stock.splice(-3));\n}\n",
            [("draw", 3, 2)],
        ),
    ],
)
def test_the_stock_turned_and_its_redeals_counted(text: str, said: list) -> None:
    assert _said(text) == said


@pytest.mark.parametrize(
    "text",
    [
        # the draw count a mode chooses: no one number
        "function clickStock() {\n  const n = drawThree ? 3 : 1;\n"
        "  for (let i = 0; i < n; i++) {\n    waste.push(stock.pop());\n  }\n}\n",
        # a counter allowed below 3 and refused below 3: no reading
        "function recycle() {\n  if (redealCount < 3) {\n    return;\n  }\n"
        "  stock = waste.reverse();\n}\n",
        # a limit in another function than the one turning the waste back
        "function score() {\n  if (redeals < 2) bonus();\n}\n"
        "function recycle() {\n  stock = waste.reverse();\n}\n",
    ],
)
def test_counts_the_code_does_not_fix_state_no_number(text: str) -> None:
    assert [s for s in _said(text) if s[0] in ("draw", "redeal_limit")] == []


def test_a_js_klondike_states_its_draw_and_redeals(tmp_path: Path) -> None:
    text = (
        "// Пасьянс «Косынка»\n// Цель игры: собрать все карты в основания по мастям.\n\n"
        "// Щелчок по колоде\n" + STOCK_JS
    )
    spec = _draft(tmp_path, "stock.js", text)
    turn = spec["moves"]["turn"]
    assert (turn["count"], turn["recycle"]) == (3, 2)
    assert spec["provenance"]["moves.turn.count"]["quote"] == "draw = 3"
    assert spec["provenance"]["moves.turn.recycle"]["quote"] == "redeal_limit = 2"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("  const newTableau = [[], [], [], [], [], [], []];\n", [("made_columns", 7, 1)]),
        (
            "this.freeCells = [null, null, null, null];\n"
            "this.foundations = Array(4).fill(null).map(() => []);\n",
            [("made_cells", 4, 1), ("made_foundations", 4, 2)],
        ),
        (
            "self.tableau = [[] for _ in range(8)]\nself.free_cells = [None] * 4\n",
            [("made_columns", 8, 1), ("made_cells", 4, 2)],
        ),
        ("  tableau: Array.from({ length: 10 }, () => []),\n", [("made_columns", 10, 1)]),
        (
            "List<Card>[] tableau = { new List<Card>(), new List<Card>(), new List<Card>() };\n",
            [],  # braces, not a list literal this reader knows: nothing
        ),
    ],
)
def test_piles_made_empty_are_counted(text: str, said: list) -> None:
    assert _said(text) == said


@pytest.mark.parametrize(
    "text",
    [
        "const rows = [[], [], []];\n",  # rows of a grid
        "const cards = [[], [], [], []];\n",  # not a pile container's name
        "tableau = [[], [], [], [], [], [], []]\ntableau = [[] for _ in range(8)]\n",  # two counts
        "freeCells = [null]\n",  # one item is no list of piles
        "const tableauWidth = [[], [], []];\n",  # a word no container has
    ],
)
def test_other_empty_lists_count_nothing(text: str) -> None:
    assert _said(text) == []


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "for (let k = 0; k < 8; k++) {\n  for (let rank = 1; rank <= 13; rank++) {\n"
            "    cards.push({ suit: k % 4, rank });\n  }\n}\n",
            [("made_packs", 2, 1)],
        ),
        (
            "for s in range(4):\n    for r in range(1, 14):\n"
            "        self.deck.append(Card(r, s))\n",
            [("made_packs", 1, 1)],
        ),
        # nine ranks a suit: a short pack this reader does not count
        (
            "for (let s = 0; s < 4; s++) {\n  for (let r = 1; r <= 9; r++) {\n"
            "    deck.push(new Card(r, s));\n  }\n}\n",
            [],
        ),
        # the ranks counted into something else than a pack
        (
            "for (let s = 0; s < 4; s++) {\n  for (let r = 1; r <= 13; r++) {\n"
            "    labels.push(r + s);\n  }\n}\n",
            [],
        ),
    ],
)
def test_a_pack_made_by_suits_and_ranks_counts_packs(text: str, said: list) -> None:
    assert _said(text) == said
