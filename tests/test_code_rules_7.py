"""Rules a program states by its structure, seventh round: one card drawn from a stock held in
an object (`state.stock.pop()` onto `state.waste`) and the waste turned back from there; a check
named for stacking a card onto another (`canStack`) read as the tableau's; several rules one
line of code states (an arrow function's colour, rank and empty pile) all kept. The programs
are written for these tests."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from code_facts import facts_of, said_in

from pipeline.segment.code import reading_text

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))


# -- one card drawn, the waste turned back, the piles held in an object ---------------------------

DRAW_ONE_JS = """function drawFromStock() {
  if (state.stock.length === 0) {
    state.stock = state.waste.reverse();
    state.waste = [];
    return;
  }
  const card = state.stock.pop();
  card.faceUp = true;
  state.waste.push(card);
}
"""


def test_one_card_drawn_and_the_waste_turned_back_from_an_object() -> None:
    assert said_in(DRAW_ONE_JS) == [("turn_back", 1, 3), ("draw", 1, 7)]


@pytest.mark.parametrize(
    "src, said",
    [
        ("function draw() {\n  game.waste.push(game.stock.pop());\n}\n", [("draw", 1, 2)]),
        (
            "def draw(self):\n    card = self.stock.pop()\n    card.up = True\n"
            "    self.waste.append(card)\n",
            [("draw", 1, 2)],
        ),
    ],
)
def test_one_card_drawn_outside_a_loop(src: str, said: list) -> None:
    assert said_in(src) == said


@pytest.mark.parametrize(
    "src",
    [
        # a loop whose count no number gives: the count is unknown, not one
        "function draw() {\n  for (let i = 0; i < drawCount; i++) waste.push(stock.pop());\n}\n",
        "function draw() {\n  for (let i = 0; i < drawCount; i++)\n"
        "    waste.push(stock.pop());\n}\n",
        "function draw() {\n  for (let i = 0; i < drawCount; i++) {\n"
        "    const c = stock.pop();\n    waste.push(c);\n  }\n}\n",
        "def draw(self):\n    while self.stock:\n        card = self.stock.pop()\n"
        "        self.waste.append(card)\n",
        # the card goes to a column, not the waste: a deal
        "function dealRow() {\n  const card = stock.pop();\n  tableau[0].push(card);\n}\n",
        # a card put back from the waste: an undo
        "function undo() {\n  state.stock.push(state.waste.pop());\n}\n",
        # the card taken is another than the one put on the waste
        "function draw() {\n  const card = stock.pop();\n  waste.push(other);\n}\n",
    ],
)
def test_no_single_draw_where_the_count_is_another(src: str) -> None:
    assert [s for s in said_in(src) if s[0] == "draw"] == []


def test_a_count_of_three_is_not_outvoted_by_one() -> None:
    src = (
        "function draw() {\n  const n = Math.min(3, stock.length);\n"
        "  for (let i = 0; i < n; i++) waste.push(stock.pop());\n}\n"
        "function drawOne() {\n  const card = stock.pop();\n  waste.push(card);\n}\n"
    )
    assert said_in(src) == [("draw", 3, 2)]


# -- a check named for stacking, several rules on one line -----------------------------------

STACK_JS = """// Пасьянс «Свободная ячейка»: собери все карты в дом по мастям от туза до короля.
const COLS = 8;
const isRed = (c) => c.suit === 1 || c.suit === 2;
const top = (pile) => pile[pile.length - 1];
const canStack = (c, onto) => !onto || (isRed(onto) !== isRed(c) && onto.rank === c.rank + 1);
const canFound = (c, f) =>
  (foundations[f].length ? top(foundations[f]).suit === c.suit : c.rank === 1);
function newGame(deck) {
  tableau = Array.from({ length: COLS }, () => []);
  deck.forEach((c, k) => tableau[k % COLS].push(c));
  cells = [null, null, null, null];
  foundations = [[], [], [], []];
}
"""


def test_a_check_named_for_stacking_is_the_tableaus() -> None:
    said = said_in(STACK_JS)
    assert [s for s in said if s[2] == 5] == [
        ("build_alt_colour", 1, 5),
        ("build_down", 1, 5),
        ("space_any", 1, 5),
    ]
    assert ("deal_piles", 8, 10) in said and ("deal_all", 1, 10) in said


@pytest.mark.parametrize(
    "name",
    [
        "canMove",  # a move, no pile named
        "isStack",  # a test of what a value is
        "stackCards",  # stacking as an action, no check
    ],
)
def test_a_check_not_named_for_stacking_names_no_pile(name: str) -> None:
    src = STACK_JS.replace("canStack", name)
    assert [s for s in said_in(src) if s[2] == 5] == []


def test_every_rule_of_one_line_is_kept_in_the_reading_text() -> None:
    line = reading_text(STACK_JS).split("\n")[4]
    assert sorted(line.replace(" = ", "=").split()) == [
        "build_alt_colour=1.",
        "build_down=1.",
        "space_any=1.",
    ]
    assert reading_text(STACK_JS).split("\n")[9].split() == [
        "deal_piles",
        "=",
        "8.",
        "deal_all",
        "=",
        "1.",
    ]


def test_a_freecell_stated_by_its_arrow_functions_end_to_end(tmp_path: Path) -> None:
    facts = facts_of(tmp_path, "freecell.js", STACK_JS)
    assert facts["tableau.piles"] == 8
    assert sorted(facts["tableau.cards"]) == [6, 6, 6, 6, 7, 7, 7, 7]  # 52 cards round 8 columns
    assert facts["build.direction"] == "down"
    assert facts["build.suit"] == "alternate"
    assert facts["space"] == "any"
    assert facts["reserve.piles"] == 4


def test_a_klondike_drawing_one_card_end_to_end(tmp_path: Path) -> None:
    src = "// Косынка: собери все карты по мастям от туза до короля.\n" + DRAW_ONE_JS
    facts = facts_of(tmp_path, "klondike.js", src)
    assert facts["stock.turn"] == 1
    assert facts["redeals"] == "unlimited"
