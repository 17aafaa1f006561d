"""The seventeenth collection's misses (benchmarks/README.md, real-dev-17): a heading over a
comparison with another maker's version read as a game's title, a verb of taking away said
to the player with piles as its object read as a move, not as the goal of clearing them."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.extract import extract_game
from pipeline.extract.tokens import tokenize
from pipeline.ingest import build

REAL = Path(__file__).parent.parent / "benchmarks/data/real"

# A game page's guide in the shape of the real ones: the game's title, its rules, then a
# heading over a comparison with another maker's version of the game, whose text names the
# free cells the rules above leave uncounted.
GUIDE = """<section class="guide">
<h2>Свободная ячейка</h2>
<p>Все карты открыты. Карты в столбцах кладутся по убыванию, чередуя цвета.</p>
<p>Свободная ячейка вмещает одну карту. На основания карты кладутся по масти от туза.</p>
<h3>{heading}</h3>
<p>Обе версии используют одну основу: четыре свободные ячейки помогают перестраивать
расклад, а цель — перенести каждую масть на основания.</p>
</section>
"""


def _titles(text: str, tmp_path: Path) -> list[str]:
    path = tmp_path / "guide.txt"
    path.write_text(text, encoding="utf-8")
    return [g["title"] for g in build([path]).games]


@pytest.mark.parametrize(
    "heading",
    [
        "Похожий вариант FreeCell",
        "Похожая версия «Свободной ячейки»",
        "Сравнение с похожей версией FreeCell",
        "Игры с похожей механикой",
    ],
)
def test_a_comparison_heading_opens_no_game(heading: str, tmp_path: Path) -> None:
    assert _titles(GUIDE.format(heading=heading), tmp_path) == ["Свободная ячейка"]


def test_a_game_title_after_the_rules_still_opens_a_game(tmp_path: Path) -> None:
    """Not every heading after a game's rules is a comparison: a second game's title keeps
    its game."""
    assert sorted(_titles(GUIDE.format(heading="Косынка"), tmp_path)) == [
        "Косынка",
        "Свободная ячейка",
    ]


def test_the_real_guide_keeps_its_comparison_in_its_game() -> None:
    """The real FreeCell page: «Похожий вариант FreeCell» opened a second game, which took the
    sentence that counts the four free cells; the one game now has them as reserves."""
    result = build([REAL / "code-weightplay-svobodnaya-yachejka.txt"])
    assert [g["title"] for g in result.games] == ["Свободная ячейка"]
    spec = extract_game(result.games[0], result.scans).spec
    reserves = [p for p in spec["piles"].values() if p["role"] == "reserve"]
    assert [p["count"] for p in reserves] == [4]


def _types(sentence: str) -> list[str]:
    return [t.type for t in tokenize(sentence)]


@pytest.mark.parametrize(
    "sentence",
    [
        "Уберите семь колонок, собирая длинные цепочки на сбросе.",
        "Уберите все три вершины, разыгрывая открытую карту на ранг выше или ниже.",
        "Уберите все столбцы.",
        "Вам нужно убрать все стопки.",
    ],
)
def test_taking_away_piles_said_to_the_player_is_the_goal(sentence: str) -> None:
    types = _types(sentence)
    assert "CLEAR" in types and "TAKE" not in types


@pytest.mark.parametrize(
    "sentence",
    [
        "Уберите короля.",  # a card taken away: a move
        "Уберите все карты.",  # cards, not piles
        "Уберите верхнюю карту колоды.",  # the top card, not the peaks
        "Уберите стопку.",  # one pile, not counted
        "Уберите все стопки в колоду.",  # the piles gathered somewhere: not cleared
        "Карты убираются парами.",  # not said to the player
    ],
)
def test_other_takings_away_stay_moves(sentence: str) -> None:
    assert "CLEAR" not in _types(sentence)


def _win(text: str, tmp_path: Path) -> str:
    path = tmp_path / "game.txt"
    path.write_text(text, encoding="utf-8")
    result = build([path])
    return extract_game(result.games[0], result.scans).spec["win"]


def test_clearing_the_columns_wins_when_the_table_is_empty(tmp_path: Path) -> None:
    text = (
        "Гольф\n\nУберите семь колонок, собирая цепочки на сбросе. Выберите открытую нижнюю "
        "карту колонки на один ранг выше или ниже сброса. Масть и цвет не важны.\n"
    )
    assert _win(text, tmp_path) == "tableau-empty"


def test_taking_away_a_card_keeps_the_foundations_win(tmp_path: Path) -> None:
    text = (
        "Косынка\n\nУберите короля на основание, когда он откроется. Карты в столбцах "
        "кладутся по убыванию, чередуя цвета. Соберите все масти на основаниях от туза до "
        "короля.\n"
    )
    assert _win(text, tmp_path) == "all-on-foundations"
