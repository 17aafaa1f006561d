"""Rule texts in forms that used to be refused or lost (issue 18 §2: a refusal means the
text states no rule content): a Markdown table of rules, a text of one rule sentence. Each
text goes the whole way of `pasyans ingest` (`pipeline.ingest.build`); controls that state no
rule stay refused.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from pipeline.errors import DataError
from pipeline.segment.code import table_text


def sentences(text: str, name: str = "page.md") -> list[tuple[str, list[str]]]:
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


def refusal(text: str, name: str = "page.md") -> str:
    with pytest.raises(DataError) as err:
        sentences(text, name)
    return str(err.value).split(": ", 1)[1]


# --- tables ---------------------------------------------------------------------------------


def test_a_table_row_is_read_as_its_cells_each_a_sentence() -> None:
    text = "| № | Правило |\n|:--|---|\n| 3 | Короли кладут на пустые места |\nНе | таблица"
    out = table_text(text)
    assert len(out) == len(text)
    assert out.split("\n") == [
        "      Правило. ",
        " " * 9,
        "      Короли кладут на пустые места. ",
        "Не | таблица",
    ]


def test_a_cell_that_ends_its_sentence_keeps_its_own_stop() -> None:
    assert table_text("| Раскладка: | Семь стопок. |") == "  Раскладка:   Семь стопок.  "


@pytest.mark.parametrize(
    "table",
    [
        "| № | Правило |\n|---|---|\n| 1 | Карты раскладывают в семь стопок |\n"
        "| 2 | На пустое место кладут только короля |\n",
        "|Этап|Что делать|\n|-|-|\n|Раскладка|Карты раскладывают в семь стопок.|\n"
        "|Ходы|На пустое место кладут только короля.|\n",
    ],
)
def test_a_table_of_rules_is_a_game_not_a_menu(table: str) -> None:
    ((game, said),) = sentences("## Косынка\n\n" + table)
    assert game == "kosynka"
    assert "Карты раскладывают в семь стопок." in said
    assert "На пустое место кладут только короля." in said


def test_a_menu_set_apart_by_bars_stays_furniture() -> None:
    text = "| Главная | Форум | Статьи |\n\nВсе материалы сайта защищены.\n"
    assert "the text is only page furniture" in refusal(text)
