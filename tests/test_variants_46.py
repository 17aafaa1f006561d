"""Meaning-preserving variants read as their originals (issue 18, `benchmarks/variants.py`):
a program's comparison written the other way round, a loop step `i = i + 1`, an arrow
function, operators without spaces, tabs, a condition broken over lines, JavaScript without
semicolons, a short declaration; and «переложить» with a card (a move) beside «переложить»
the pack (a deal again). Each variant's key facts must equal its original's exactly, and the
original's are asserted too. The programs and sentences are written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from code_facts import facts_of, said_in

from pipeline.extract.facts import sentence_facts
from pipeline.segment.code_order import forward
from pipeline.segment.code_source import tokens

# A Klondike-like module: seven piles of one to seven cards, the last face up; a check of the
# tableau (down in alternate colours, a king into a space) that moves runs whole.
BASE = """// Пасьянс «Косынка»
// Цель игры: собрать все карты в основания по мастям.
const COLS = 7;

function deal(deck) {
  const tableau = [];
  // Раздача
  for (let i = 0; i < COLS; i++) {
    tableau.push([]);
    for (let j = 0; j <= i; j++) {
      const card = deck.pop();
      card.faceUp = (j === i);
      tableau[i].push(card);
    }
  }
  return tableau;
}

function canDropOnTableau(moving, col) {
  if (col.length === 0) return moving.rank === 13;
  const top = col[col.length - 1];
  return isRed(moving) !== isRed(top) && moving.rank === top.rank - 1;
}

function drop(cards, col) {
  if (!canDropOnTableau(cards[0], col)) return false;
  col.push(...cards);
  return true;
}
"""

WANT = {
    "tableau.piles": 7,
    "tableau.cards": [1, 2, 3, 4, 5, 6, 7],
    "tableau.face": "down-but-last",
    "build.direction": "down",
    "build.suit": "alternate",
    "build.run": True,
    "space": "K",
}

CHECK = "isRed(moving) !== isRed(top) && moving.rank === top.rank - 1"
VARIANTS = {
    # comparisons the other way round: the bound first, the constant first
    "comparisons": BASE.replace("i < COLS", "COLS > i")
    .replace("j <= i", "i >= j")
    .replace("moving.rank === 13", "13 === moving.rank")
    .replace("col.length === 0", "0 === col.length")
    .replace("moving.rank === top.rank - 1", "top.rank - 1 === moving.rank"),
    "steps": BASE.replace("i++", "i = i + 1").replace("j++", "j = j + 1"),
    "arrows": BASE.replace(
        "function canDropOnTableau(moving, col) {", "const canDropOnTableau = (moving, col) => {"
    ).replace(f"return {CHECK};\n}}", f"return {CHECK};\n}};"),
    "spacing": BASE.replace(CHECK, "isRed(moving)!==isRed(top)&&moving.rank===top.rank-1"),
    "tabs": "\n".join(
        "\t" * ((len(x) - len(x.lstrip(" "))) // 2) + x.lstrip(" ") for x in BASE.split("\n")
    ),
}


def _facts(tmp_path: Path, text: str) -> dict:
    got = facts_of(tmp_path, "klondike.js", text)
    return {k: got.get(k) for k in WANT}


def test_the_original_states_its_facts(tmp_path: Path) -> None:
    assert _facts(tmp_path, BASE) == WANT


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_variant_states_the_same_facts(tmp_path: Path, name: str) -> None:
    assert VARIANTS[name] != BASE
    assert _facts(tmp_path, VARIANTS[name]) == WANT


# A check as an arrow function without braces (any card into a space), its condition on one
# line or broken after or before `&&`.
ARROW = (
    "// Пасьянс «Свободная ячейка»\n"
    "// Цель игры: собрать все карты в основания по мастям.\n"
    "const canStack = (card, onto) => !onto || "
    "(isRed(onto) !== isRed(card) && onto.rank === card.rank + 1);\n"
)


@pytest.mark.parametrize("where", ["&&\n    ", "\n    && "])
def test_a_condition_broken_over_lines_states_the_same_facts(tmp_path: Path, where: str) -> None:
    keys = ("build.direction", "build.suit", "space")
    plain = facts_of(tmp_path, "freecell.js", ARROW)
    assert tuple(plain[k] for k in keys) == ("down", "alternate", "any")
    broken = ARROW.replace("&& ", where)
    assert broken != ARROW
    assert facts_of(tmp_path, "freecell2.js", broken) == plain


# An arrow function without braces and with no semicolons (the next statement on the next
# line looks at suits: it must not lend the check its look).
NO_SEMICOLONS = """const top = (pile) => pile[pile.length - 1]
const canPlace = (card, t) => !tableau[t].length || top(tableau[t]).rank === card.rank + 1{end}
const canFound = (card, f) => card.suit === f.suit && card.rank === f.rank + 1{end}
const x = 1{end}
"""


def test_an_arrow_check_ends_at_its_line_without_a_semicolon() -> None:
    with_semis = said_in(NO_SEMICOLONS.format(end=";"))
    assert ("build_down_any", 1, 2) in with_semis and ("space_any", 1, 2) in with_semis
    assert said_in(NO_SEMICOLONS.format(end="")) == with_semis


# An uneven deal whose count is declared with `let` (two characters shorter than `const`):
# the rule it states does not fit the construct and takes the blank indent before it.
UNEVEN = """// Пасьянс «Паук»
// Цель игры: собрать все карты по мастям.
const NUM_DECKS = 2;

function newGame() {
  const columns = [];
  for (let c = 0; c < 10; c++) {
    {decl} count = c < 4 ? 6 : 5;
    for (let i = 0; i < count; i++) {
      const card = deck.pop();
      card.faceUp = i === count - 1;
      columns[c].push(card);
    }
  }
}
"""


@pytest.mark.parametrize("decl", ["const", "let", "var"])
def test_an_uneven_deal_whatever_declares_its_count(tmp_path: Path, decl: str) -> None:
    got = facts_of(tmp_path, "spider.js", UNEVEN.replace("{decl}", decl))
    assert (got["tableau.piles"], sorted(got["tableau.cards"]), got["tableau.face"]) == (
        10,
        [5, 5, 5, 5, 5, 5, 6, 6, 6, 6],
        "down-but-last",
    )


@pytest.mark.parametrize(
    "src, out",
    [
        ("for (let i = 0; 7 > i; i++) {", "for (let i = 0; i < 7; i++) {"),
        ("if (13 === card.rank) return true;", "if (card.rank === 13) return true;"),
        ("if (null == top) x();", "if (top == null) x();"),
        ("if ((2<=n)&&(5>=n))", "if ((n>=2)&&(n<=5))"),
        ("if 13 == card.rank:", "if card.rank == 13:"),
        ("while (MAX_ROWS > rows.length) {", "while (rows.length < MAX_ROWS) {"),
        # left as written: both sides move, a negation or arithmetic beside, generics
        ("if (a.rank === b.rank + 1)", "if (a.rank === b.rank + 1)"),
        ("x = !13 === a;", "x = !13 === a;"),
        ("const s = 1 + 3 > b;", "const s = 1 + 3 > b;"),
        ("List<Card> x = new ArrayList<Card>();", "List<Card> x = new ArrayList<Card>();"),
    ],
)
def test_forward_turns_a_comparison_in_its_own_span(src: str, out: str) -> None:
    assert forward(src) == out
    assert len(forward(src)) == len(src)


def test_operators_without_spaces_are_not_part_of_a_name() -> None:
    texts = [t.text for t in tokens("a.color!==b.color&&a.value===b.value-1; (empty? x)")]
    assert texts[:8] == ["a", ".", "color", "!==", "b", ".", "color", "&&"]
    assert texts[12:17] == ["b", ".", "value", "-", "1"]
    assert "empty?" in texts  # a Lisp name keeps its mark


def _keys(sentence: str) -> dict:
    return {f.key: f.value for f in sentence_facts(sentence)[0]}


@pytest.mark.parametrize(
    "moved, relaid",
    [
        (
            "На пустой столбец можно переместить верхнюю карту любого столбца.",
            "На пустой столбец можно переложить верхнюю карту любого столбца.",
        ),
        ("Пробуем переместить несколько карт.", "Пробуем переложить несколько карт."),
    ],
)
def test_relaying_a_card_is_moving_it(moved: str, relaid: str) -> None:
    assert _keys(moved)
    assert _keys(relaid) == _keys(moved)


@pytest.mark.parametrize(
    "sentence, deals",
    [("Колоду можно переложить два раза.", 3), ("Пасьянс можно переложить один раз.", 2)],
)
def test_relaying_the_pack_or_the_game_is_a_deal_again(sentence: str, deals: int) -> None:
    assert _keys(sentence)["redeal.deals"] == deals
