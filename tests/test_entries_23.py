"""A help page's table of places (issue 18 §3): each entry describes one place of the
layout, opening with where it lies or how many piles it has («Стопка под колодой. …»,
«Восемь стопок сверху справа. Карты в основаниях…»). An entry is never a game's title, and
its opening count is of the place the entry names. Texts crafted for the purpose, with other
numbers, nouns and orders than the development passages.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from pipeline.segment.finding import is_subheading, run_in_title, title_like


def games(text: str, name: str = "page.txt") -> list[tuple[str, list[str]]]:
    """(id, sentences) of each game found."""
    from pipeline.ingest import build

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        path.write_text(text, encoding="utf-8")
        result = build([path])
    return [
        (g["id"], [s["text"] for sec in g["sections"] for s in sec.get("sentences", [])])
        for g in result.games
    ]


# --- an entry is no title ---------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "Стопка под колодой",
        "Две стопки над основаниями",
        "Ячейка рядом с колодой",
        "Справа в раскладе",
        "Слева от сброса",
        "Пять колонок под резервом",
        "Места у края стола",
    ],
)
def test_a_place_said_by_what_it_lies_by_is_no_title(line: str) -> None:
    assert not title_like(line)
    assert run_in_title(f"{line}. В начале сюда сдаётся десять карт.") is None


@pytest.mark.parametrize("line", ["Паук с тремя колодами", "Дама в домике", "Косынка", "Ковёр"])
def test_names_of_games_stay_titles(line: str) -> None:
    assert title_like(line)


@pytest.mark.parametrize(
    "line", ["Одинаковая масть", "Чередование цвета", "Масть и цвет", "Одинаковые масти"]
)
def test_a_variant_rule_as_a_heading_is_a_part_not_a_game(line: str) -> None:
    assert is_subheading(line)


def test_a_sentence_opening_with_est_is_no_title() -> None:
    assert run_in_title("Есть три способа игры. Карты кладутся на основания.") is None


def test_entries_of_places_stay_in_one_game() -> None:
    text = (
        "Лесенка\n\n"
        "Левая верхняя стопка. Сюда кладутся карты, оставшиеся после раздачи.\n\n"
        "Стопка под колодой. В начале сюда сдаётся девять карт. Верхнюю карту резерва "
        "можно перекладывать.\n\n"
        "Слева в раскладе. Изначально пустая ячейка.\n\n"
        "Шесть стопок снизу. На каждую сдаётся по три карты.\n\n"
        "Есть два способа игры. Разница между ними в том, как собираются карты.\n\n"
        "Одинаковая масть\n\n"
        "Карты собираются по масти.\n\n"
        "Чередование цвета\n\n"
        "Карты собираются с чередованием цвета.\n"
    )
    found = games(text)
    assert [g for g, _ in found] == ["lesenka"]
    assert "Стопка под колодой." in found[0][1]
    assert "Карты собираются с чередованием цвета." in found[0][1]
