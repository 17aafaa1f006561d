"""Finding games in any text (issue 18 §2), forty-fourth round: in program source a comment
heads a game only when it names one the way titles do; a comment naming a helper, a class or
a part of the code (`Генератор с зерном (mulberry32) — …`) stays in the game above it. Texts
written for these tests after the shape of a real rules module (regression material, not
evidence); `REAL` passages are of the development sets.
"""

from __future__ import annotations

import pytest
from test_finding_22 import REAL
from test_finding_40 import found

from pipeline.ingest import build
from pipeline.segment.finding import names_in_program


@pytest.mark.parametrize(
    ("line", "first", "names"),
    [
        # a program's identifier in brackets: what the code is called, not a translation
        ("Генератор с зерном (mulberry32)", False, False),
        ("Генератор с зерном (mulberry32)", True, False),
        ("Окно игры (client.js)", True, False),
        ("Двойная история (undo/redo)", False, False),
        ("Датчик случайности (RNG)", False, False),
        # the program's own English words for its objects
        ("Колода карт (Deck)", False, False),
        ("Стопка на столе (TableauPile)", False, False),
        ("Датчик (Random)", True, False),
        # a bare first line: a preposition first, a noun of the program's own
        ("На базу", True, False),
        ("Из колоды в отбой", True, False),
        ("Генератор с зерном", True, False),
        ("Константы", True, False),
        ("Результат проверки", True, False),
        # names, as before
        ("Свободная ячейка (FreeCell)", False, True),
        ("Свободная ячейка (Freecell)", False, True),
        ("Сорок разбойников (Forty Thieves)", False, True),
        ("Дюжина пекаря (Baker's Dozen)", False, True),
        ("Часы (Clock)", False, True),
        ("Паук (Spider Solitaire)", False, True),
        ("Косынка", True, True),
        ("Наполеон", True, True),
        ("Время и состояние", True, True),
    ],
)
def test_a_comment_names_a_game_only_as_titles_do(line: str, first: bool, names: bool) -> None:
    assert names_in_program(line, line, first=first) is names


MODULE = """// Правила пасьянса одним файлом: колода, раздача, куда какую карту можно положить.
//
// Карты раскладывают в семь столбцов, открыта только верхняя карта каждого столбца.

export const PILES = 7;

// LINE — как в тетрисе и тройке: нужен не ради
// «честности», а ради тестов, в которых раздачу надо повторить карта в карту.
function makeRng(seed) {
    let a = seed >>> 0;
    return () => a;
}

/** На стол — на карту другого цвета и на единицу младше; на пустой столбец кладут короля. */
export function canDropOnTableau(card, pile) {
    return false;
}

// Со стола берётся карта вместе со всеми, что лежат на ней.
export function taken(game, from) {
    return [];
}
"""
FIRST = "Правила пасьянса одним файлом: колода, раздача, куда какую карту можно положить."
LAST = "Со стола берётся карта вместе со всеми, что лежат на ней."


@pytest.mark.parametrize(
    "line",
    ["Генератор с зерном (mulberry32)", "Генератор с зерном", "Колода карт (Deck)", "На базу"],
)
def test_a_comment_on_a_helper_stays_in_the_game_above_it(line: str) -> None:
    assert found(MODULE.replace("LINE", line), "rules.js") == [
        ("untitled-rules-1", None, FIRST, LAST)
    ]


@pytest.mark.parametrize(("line", "gid"), [("Паук (Spider)", "pauk"), ("Косынка", "kosynka")])
def test_a_comment_that_names_a_game_still_heads_one(line: str, gid: str) -> None:
    below = "как в тетрисе и тройке: нужен не ради «честности», а ради тестов, в которых "
    assert sorted(found(MODULE.replace("LINE", line), "rules.js")) == [
        (gid, line, below + "раздачу надо повторить карта в карту.", LAST),
        (
            "untitled-rules-1",
            None,
            FIRST,
            "Карты раскладывают в семь столбцов, открыта только верхняя карта каждого столбца.",
        ),
    ]


def test_the_development_rules_module_is_one_game() -> None:
    (game,) = build([REAL / "code-kosynka-paskhalka-pravila.txt"]).games
    said = [u["text"] for s in game["sections"] for u in s["sentences"]]
    assert game["id"] == "pasyans"
    assert said[0] == "Пасхалка «Пасьянс» (косынка): правила одним файлом."
    assert "В р-й столбец идёт р+1 карт, из них открыта одна верхняя." in said
    assert (
        "На стол — на карту другого цвета и ровно на единицу младше (пустой ждёт короля)." in said
    )
