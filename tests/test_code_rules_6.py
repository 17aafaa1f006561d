"""Rules a program states by its structure, sixth round: a pile's last card turned face up by
a bit set in a card that is a number (`|= UP`), by `.face = true`, by the last of an uneven
pile's `n` cards, or by a loop over the piles right after the deal; a run said by a check
called on the first of several cards as any of its arguments; a program's comment glossed by a
code word (`Отображение столов (pile)`) that names no game; the rules a program's code states
counted with its Russian ones when the text is one untitled game. The programs are written
for these tests."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from code_facts import facts_of, said_in

from pipeline.segment.finding import names_in_program

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))


# -- the last card up after the deal, by a loop over the piles ------------------------------------

AFTER_LOOP_JS = """// Косынка: раздача
export const UP = 64;
export function newGame(cards) {
  const cols = Array.from({ length: 7 }, () => []);
  let k = 0;
  for (let row = 0; row < 7; row++) {
    for (let col = row; col < 7; col++) cols[col].push(cards[k++]);
  }
  for (const col of cols) col[col.length - 1] |= UP;
  return { cols, stock: cards.slice(k) };
}
"""


def test_a_loop_over_the_piles_after_the_deal_turns_their_last_cards_up() -> None:
    assert said_in(AFTER_LOOP_JS) == [
        ("made_columns", 7, 4),
        ("deal_triangle", 7, 6),
        ("deal_last_up", 1, 9),
    ]


AFTER_LOOP_PY = """# Косынка: раздача
def deal(deck):
    piles = [[] for _ in range(7)]
    for i in range(7):
        for j in range(i + 1):
            piles[i].append(deck.pop())
    for pile in piles:
        pile[-1].face_up = True
    return piles
"""


def test_the_same_in_python() -> None:
    assert said_in(AFTER_LOOP_PY) == [("deal_triangle", 7, 4), ("deal_last_up", 1, 7)]


@pytest.mark.parametrize(
    "change",
    [
        # the first card, not the last
        ("col[col.length - 1] |= UP", "col[0] |= UP"),
        # another pile's last card, not the loop's own
        ("col[col.length - 1] |= UP", "cols[0][cols[0].length - 1] |= UP"),
        # a bit that is not face up
        ("col[col.length - 1] |= UP", "col[col.length - 1] |= MARKED"),
        # a statement between the deal and the loop
        ("  for (const col of cols)", "  shuffle(cards);\n  for (const col of cols)"),
    ],
)
def test_near_loops_after_the_deal(change: tuple[str, str]) -> None:
    text = AFTER_LOOP_JS.replace(*change)
    assert text != AFTER_LOOP_JS
    assert "deal_last_up" not in {name for name, _, _ in said_in(text)}


# -- the last card up inside the deal -------------------------------------------------------------

UNEVEN_BITS_JS = """// Паук: раздача
export function newGame(cards) {
  const cols = Array.from({ length: 10 }, () => []);
  let k = 0;
  for (let col = 0; col < 10; col++) {
    const n = col < 4 ? 6 : 5;
    for (let i = 0; i < n; i++) cols[col].push(cards[k++]);
    cols[col][n - 1] |= UP;
  }
  return { cols, stock: cards.slice(k) };
}
"""


def test_the_last_of_an_uneven_piles_cards_turned_up_by_a_bit() -> None:
    assert said_in(UNEVEN_BITS_JS) == [
        ("made_columns", 10, 3),
        ("deal_piles", 10, 5),
        ("deal_first_4_by_6_rest", 5, 6),
        ("deal_last_up", 1, 8),
    ]


@pytest.mark.parametrize(
    "change",
    [
        ("cols[col][n - 1] |= UP", "cols[col][n - 2] |= UP"),
        ("cols[col][n - 1] |= UP", "cols[col][0] |= UP"),
        ("cols[col][n - 1] |= UP", "cols[col][n - 1] |= 128"),
    ],
)
def test_near_uneven_bits(change: tuple[str, str]) -> None:
    text = UNEVEN_BITS_JS.replace(*change)
    assert text != UNEVEN_BITS_JS
    assert "deal_last_up" not in {name for name, _, _ in said_in(text)}


FACE_TS = """// Косынка
function startGame(): void {
    for (let i = 0; i < 7; i++) {
        for (let j = i; j < 7; j++) { tableau[j].push(deck.pop()!); }
        tableau[i][i].face = true;
    }
    stock = deck.splice(0);
}
"""


def test_a_face_flag_set_true_on_each_piles_last_card() -> None:
    assert said_in(FACE_TS) == [("deal_triangle", 7, 3), ("deal_last_up", 1, 5)]


@pytest.mark.parametrize(
    "change",
    [
        ("tableau[i][i].face = true", "tableau[i][i].face = false"),
        ("tableau[i][i].face = true", "tableau[i][0].face = true"),
        ("tableau[i][i].face = true", "tableau[i][i].surface = true"),
    ],
)
def test_near_face_flags(change: tuple[str, str]) -> None:
    text = FACE_TS.replace(*change)
    assert text != FACE_TS
    assert "deal_last_up" not in {name for name, _, _ in said_in(text)}


# -- a run: the check called on the first of several cards ----------------------------------------

RUN_JS = """// Косынка: ходы
export function canDropOnColumn(col, c) {
  if (!col.length) return rankOf(c) === 13;
  const t = top(col);
  return isUp(t) && rankOf(t) === rankOf(c) + 1 && isRed(t) !== isRed(c);
}

export function canMove(s, from, index, to) {
  const cards = s.cols[from].slice(index);
  return canDropOnColumn(s.cols[to], cards[0]);
}
"""


def test_a_check_called_on_the_first_card_as_its_second_argument_moves_runs() -> None:
    said = said_in(RUN_JS)
    assert ("build_run", 1, 10) in said
    assert {("build_down", 1, 5), ("build_alt_colour", 1, 5), ("space_rank", 13, 3)} <= set(said)


@pytest.mark.parametrize(
    "change",
    [
        ("s.cols[to], cards[0])", "s.cols[to], cards[1])"),  # not the first card
        ("s.cols[to], cards[0])", "s.cols[to], card)"),  # one card
        ("return canDropOnColumn(s.cols[to]", "return canDropOnPile(s.cols[to]"),  # another check
        ("s.cols[to], cards[0])", "s.cols[to], oldcards[0])"),  # a longer name
    ],
)
def test_near_calls_say_no_run(change: tuple[str, str]) -> None:
    text = RUN_JS.replace(*change)
    assert text != RUN_JS
    assert "build_run" not in {name for name, _, _ in said_in(text)}


def test_the_check_called_on_the_first_card_alone_still_moves_runs() -> None:
    text = RUN_JS.replace("canDropOnColumn(s.cols[to], cards[0])", "canDropOnColumn(cards[0])")
    assert ("build_run", 1, 10) in said_in(text)


# -- a comment glossed by a code word -------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "names"),
    [
        ("Отображение столов (pile)", False),  # what the code does
        ("Инициализация колоды (deck)", False),
        ("Свободная ячейка (Freecell)", True),  # a game's name and its translation
        ("Паук (Spider)", True),
    ],
)
def test_a_glossed_comment_names_a_game_only_when_it_is_no_act(line: str, names: bool) -> None:
    assert names_in_program(line, line, first=True) is names


# -- the code's rules before the first Russian one ------------------------------------------------

DEAL_THEN_RULES_JS = """const suits = ['♠', '♣', '♥', '♦'];
let deck = [];
let tableau = [];

// Начало игры
function startGame() {
    for (let i = 0; i < 7; i++) {
        tableau[i] = deck.splice(0, i + 1);
    }
}

// Отображение столов (pile)
function displayTableau(index) {
    const pile = document.querySelectorAll('.pile')[index];
    pile.innerHTML = ''; // Очищаем предыдущие карты
}

// Карты в столбцах кладутся по убыванию, чередуя цвет.
// Пустой столбец можно занять только королём.
startGame();
"""


def test_a_deal_before_the_first_russian_rule_is_the_games(tmp_path: Path) -> None:
    facts = facts_of(tmp_path, "deal.js", DEAL_THEN_RULES_JS)
    assert facts["tableau.piles"] == 7
    assert facts["tableau.cards"] == [1, 2, 3, 4, 5, 6, 7]
