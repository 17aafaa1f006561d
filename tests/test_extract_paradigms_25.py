"""Composed phrases of the twenty-fifth round (issue 18 §3): a layout told as a grid («N на M»,
«N×M») after a grid word or before the noun of its places; a distributive share said without
its numeral («по карте») or its quantifier («во все стопки … по N»); and a help page's table
of parts (a label line, its value on the next), whose short cells are parts of the one game,
not titles. Written for the test, in other words, cases and orders than the manual that
prompted them (`benchmarks/data/real/code-aisleriot-docbook-*`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from code_facts import game_and_draft
from sentence_game import sentences_draft as _draft

from pipeline.extract.facts import sentence_facts
from pipeline.extract.tokens import tokenize
from pipeline.ingest import build


def _counts(sentence: str) -> list[int]:
    facts, loose = sentence_facts(sentence)
    assert loose == []
    return [f.value["count"] for f in facts if f.key in ("tableau.count_said", "tableau.shape")]


@pytest.mark.parametrize(
    ("sentence", "count"),
    [
        ("Карты выкладывают квадратом четыре на четыре.", 16),
        ("Разложите карты в таблицу из трёх на пять ячеек.", 15),
        ("Сдайте карты в решётку 5 x 5.", 25),
        ("Карты раскладываются квадратом 4×4, по одной карте в каждую клетку.", 16),
        ("На столе сетка шесть на два.", 12),
        ("Выкладываются двенадцать карт: четыре на три клетки.", 12),
    ],
)
def test_paradigm_a_grid_is_a_count_of_piles(sentence: str, count: int) -> None:
    assert count in _counts(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Положите 5 на 6.",  # two figures, no grid word nor places: a card on another
        "Четыре карты кладут на две стопки.",
    ],
)
def test_two_numbers_joined_by_na_alone_are_no_grid(sentence: str) -> None:
    toks = tokenize(sentence)
    assert [t.value for t in toks if t.type == "NUM"] in ([5, 6], [4, 2])


def test_a_grid_of_places_dealt_one_card_each_is_the_layout_not_cells() -> None:
    draft = _draft(
        [
            "Игровое поле — квадрат пять на пять, в каждой клетке может лежать одна карта.",
            "В начале игры во все клетки сдаётся по карте.",
        ]
    )
    tableau = [p for p in draft.spec["piles"].values() if p["role"] == "tableau"]
    assert [p["count"] for p in tableau] == [25]
    assert not any(p["role"] == "cell" for p in draft.spec["piles"].values())


@pytest.mark.parametrize(
    ("sentence", "per"),
    [
        ("В каждую колонку кладут по карте.", 1),
        ("Во все стопки сдаётся по одной карте.", 1),
        ("Во все столбцы раскладывают по три карты.", 3),
        ("На каждую стопку сдают по карте.", 1),
    ],
)
def test_paradigm_a_share_without_its_numeral_or_quantifier(sentence: str, per: int) -> None:
    facts, _ = sentence_facts(sentence)
    assert ("deal.per_pile", per) in [(f.key, f.value) for f in facts]


def test_all_without_a_distributive_po_stays_all() -> None:
    assert "EACH" not in [t.type for t in tokenize("Во все стопки кладут карты.")]


def test_plural_cards_after_po_get_no_numeral() -> None:
    assert "NUM" not in [t.type for t in tokenize("Раскладывают по картам.")]


TABLE = """Ромашка

Описание

Тип колоды
Две колоды

Колода
Лежит слева вверху. Сюда кладутся все карты, оставшиеся после раздачи.

Сброс
Пополняется из колоды.

Основание
Восемь стопок справа. Карты собираются по масти от туза до короля.

Правила

Карты из колоды кладутся на сброс по одной.
"""


def test_a_table_of_parts_is_one_game_with_its_cells_read(tmp_path: Path) -> None:
    path = tmp_path / "Ромашка.txt"
    path.write_text(TABLE, encoding="utf-8")
    (game,) = build([path]).games
    assert (game["id"], game["title"]) == ("romashka", "Ромашка")
    texts = [s["text"] for sec in game["sections"] for s in sec["sentences"]]
    assert "Пополняется из колоды." in texts
    assert "Две колоды" in texts


def test_a_double_pack_in_an_introduction_is_read(tmp_path: Path) -> None:
    text = TABLE.replace("Ромашка", "Лилия").replace("Две колоды", "Двойная колода")
    game, ex = game_and_draft(tmp_path, "lilia.txt", text)
    assert game["title"] == "Лилия"
    assert ex.spec["decks"] == 2


@pytest.mark.parametrize(
    "opening", ["Четыре сдвинутых стопки слева.", "Три узкие стопки внизу.", "Две стопки слева."]
)
def test_an_entry_count_with_adjectives_is_of_the_entrys_place(opening: str) -> None:
    types = [t.type for t in tokenize(opening, None, "RESERVE")]
    assert types[:3] == ["NUM", "RESERVE", "PACKET"]
