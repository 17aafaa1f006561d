"""Composed phrases of the thirty-ninth round (issue 18): the piles a goal gathers, «игровое
поле» as the layout, a space the player may leave empty, runs said as «ряды карт», the
waste's cards moved back into the stock, and the cards the whole layout gets.

Every sentence here is a probe written for this test (none is taken from a real set). Each
with its exact facts or spec fields, and the near phrasings that must not give them."""

from __future__ import annotations

import pytest
from sentence_game import fact_pairs, said, sentences_draft

from pipeline.extract.facts import sentence_facts


def _keys(sentence: str) -> set[str]:
    """The keys of a sentence's facts, whatever part of it is left loose."""
    return {f.key for f in sentence_facts(sentence)[0]}


# ---- the piles a goal gathers are not the layout's ---------------------------------------


@pytest.mark.parametrize(
    ("sentence", "rest"),
    [
        (
            "Собрать четыре стопки по тринадцать карт одной масти в порядке убывания.",
            fact_pairs(("suit.same", True)),
        ),
        ("Соберите восемь колонок по 13 карт.", []),
        (
            "Собрать в раскладе четыре стопки каждой масти, идущие от короля до туза.",
            fact_pairs(("suit.same", True)),
        ),
        ("Соберите на основаниях восемь стопок по тринадцать карт.", []),
    ],
)
def test_the_piles_a_goal_gathers_are_no_layout_count(sentence: str, rest: list) -> None:
    assert said(sentence) == rest


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        (
            "Разложите восемь стопок по 13 карт.",
            fact_pairs(("tableau.shape", {"noun": "PACKET", "count": 8}), ("deal.per_pile", 13)),
        ),
        (
            "Карты собирают в четыре стопки по 13 карт.",
            fact_pairs(("tableau.shape", {"noun": "PACKET", "count": 4}), ("deal.per_pile", 13)),
        ),
    ],
)
def test_piles_dealt_or_gathered_as_a_statement_stay_the_layout(sentence: str, facts) -> None:
    assert said(sentence) == facts


def test_the_goal_leaves_the_layout_its_own_count() -> None:
    ex = sentences_draft(
        ["Семь стопок снизу.", "Собрать четыре стопки по тринадцать карт одной масти."]
    )
    assert ex.spec["piles"]["packets"]["count"] == 7
    dealt = sentences_draft(["Семь стопок снизу.", "Разложите четыре стопки по тринадцать карт."])
    assert dealt.spec["piles"]["packets"]["count"] == 4


# ---- «игровое поле» is the layout ----------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        (
            "Карты игрового поля собираются по масти в восходящем или нисходящем порядке.",
            fact_pairs(("build.direction", "both"), ("suit.same", True)),
        ),
        (
            "Карты расклада собираются в нисходящем порядке.",
            fact_pairs(("build.direction", "down")),
        ),
        (
            "Карты на игровом поле собираются в нисходящем порядке.",
            fact_pairs(("build.direction", "down")),
        ),
        (
            "Любую доступную карту можно переложить на пустую ячейку игрового поля.",
            fact_pairs(("fill.sources", ["talon", "tableau"])),
        ),
    ],
)
def test_the_playing_field_is_the_layout(sentence: str, facts) -> None:
    assert said(sentence) == facts


@pytest.mark.parametrize(
    "sentence",
    [
        "Карты колоды собираются в нисходящем порядке.",
        "Карты игрового положения собираются в нисходящем порядке.",
    ],
)
def test_cards_of_no_layout_gathered_are_no_building(sentence: str) -> None:
    assert "build.direction" not in _keys(sentence)


# ---- a space the player may leave empty ------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Пустые места можно не заполнять сразу.",
        "Освободившееся место можно не занимать.",
        "Свободное место можно оставить пустым.",
        "Пустую колонку можно оставлять свободной.",
    ],
)
def test_a_space_the_player_may_leave_empty_is_no_rule_against_filling(sentence: str) -> None:
    assert "fill.none" not in _keys(sentence)


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        ("Пустые места не заполняются.", fact_pairs(("fill.none", True))),
        ("Свободные места остаются пустыми.", fact_pairs(("fill.none", True))),
        ("Карты можно не более трёх раз пересдавать.", fact_pairs(("turn.back_times", 3))),
    ],
)
def test_spaces_never_filled_and_other_negations_stay(sentence: str, facts) -> None:
    assert said(sentence) == facts


# ---- runs said as «ряды карт» ------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Можно перемещать ряды карт.",
        "Ряды карт можно перемещать на другие стопки.",
        "Разрешается переносить ряды карт.",
    ],
)
def test_rows_of_cards_moved_are_runs(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("build.run", True))


@pytest.mark.parametrize(
    "sentence", ["Карты раскладываются в ряды.", "Карты перемещаются в ряд карт основания."]
)
def test_rows_laid_out_are_no_runs(sentence: str) -> None:
    assert "build.run" not in _keys(sentence)


# ---- the waste's cards moved back into the stock ---------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Когда в колоде не остаётся карт, можно переместить все карты сброса обратно в колоду, "
        "сохраняя порядок.",
        "Когда в колоде не останется карт, можно переложить все карты из сброса обратно в колоду.",
    ],
)
def test_the_waste_moved_back_into_the_stock_is_turned_back(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("turn.back", True), ("cond.stock_out", True))


@pytest.mark.parametrize(
    "sentence",
    [
        "Можно переместить все карты сброса на основания.",
        "Когда в колоде не остаётся карт, можно переместить все карты сброса на основания.",
    ],
)
def test_the_waste_moved_elsewhere_is_not_turned_back(sentence: str) -> None:
    assert "turn.back" not in _keys(sentence)


def test_the_waste_moved_back_without_a_count_is_dealt_again_without_limit() -> None:
    ex = sentences_draft(
        [
            "Карты сдаются из колоды на сброс по одной.",
            "Когда в колоде не остаётся карт, можно переместить все карты сброса обратно в колоду.",
        ]
    )
    assert ex.spec["moves"]["turn"]["recycle"] == "unlimited"
    alone = sentences_draft(["Карты сдаются из колоды на сброс по одной."])
    assert alone.spec["moves"]["turn"]["recycle"] == 0


# ---- the cards the whole layout gets ----------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Так продолжается до тех пор, пока 50 карт не будут сданы в расклад.",
        "В игровое поле сдаётся 50 карт.",
        "Сдайте 50 карт в расклад.",
        "50 карт раскладываются в расклад.",
    ],
)
def test_the_cards_the_whole_layout_gets(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("deal.layout_total", 50))


@pytest.mark.parametrize(
    "sentence",
    [
        "Сдайте 50 карт в колоду.",
        "Пока 50 карт не будут сданы, сдача продолжается.",
        "В расклад сдаётся 50 карт, по пять в каждую стопку.",
    ],
)
def test_cards_dealt_elsewhere_are_no_layout_total(sentence: str) -> None:
    assert "deal.layout_total" not in _keys(sentence)


def test_the_layout_total_is_shared_evenly_among_the_piles_counted() -> None:
    ex = sentences_draft(
        [
            "Десять стопок снизу.",
            "Так продолжается до тех пор, пока 50 карт не будут сданы в расклад.",
        ]
    )
    assert ex.spec["piles"]["packets"]["count"] == 10
    assert [(s["id"], s.get("per_pile")) for s in ex.spec["deal"]] == [("packets", 5)]
    uneven = sentences_draft(["Семь стопок.", "В расклад сдаётся 30 карт."])
    assert [s.get("per_pile") for s in uneven.spec["deal"]] == [None]
    said_each = sentences_draft(
        ["Десять стопок.", "На каждую сдаётся по четыре карты.", "В расклад сдаётся 50 карт."]
    )
    assert [s.get("per_pile") for s in said_each.spec["deal"]] == [4]


# ---- faces said pile by pile are no layers -----------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "На первую стопку сдаётся одна карта лицом вверх, на остальные кладётся по карте "
        "лицом вниз.",
        "На первую сдаётся одна карта лицом вверх, на остальные кладётся по карте лицом вниз.",
        "На первый столбец кладут карту лицом вверх, на другие кладут по карте лицом вниз.",
    ],
)
def test_faces_said_pile_by_pile_are_no_layers(sentence: str) -> None:
    assert "deal.layers" not in _keys(sentence)


def test_layers_said_one_on_another_stay_layers() -> None:
    assert said("Первый ряд кладут лицом вниз, на него второй ряд лицом вверх.") == fact_pairs(
        ("deal.layers", {"faces": ["down", "up"], "alternate": False})
    )


def test_a_deal_pile_by_pile_leaves_the_rows_its_bound_says() -> None:
    ex = sentences_draft(
        [
            "Семь стопок.",
            "На первую стопку сдаётся одна карта лицом вверх, на остальные кладётся по карте "
            "лицом вниз.",
            "Повторяйте, пока не будет шесть рядов по шесть карт.",
        ]
    )
    assert [(s["id"], s.get("rounds")) for s in ex.spec["deal"]] == [("rows", 6)]


# ---- one empty cell said alone ---------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence", ["Изначально пустая ячейка.", "Пустая ячейка.", "Одна пустая ячейка."]
)
def test_one_empty_cell_said_alone_is_one_cell(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("cells", 1))


@pytest.mark.parametrize(
    "sentence",
    [
        "Пустые ячейки.",
        "Две пустые ячейки.",
        "Пустое место.",
        "Свободная ячейка.",
        "Пустая ячейка заполняется из колоды.",
        "Остаётся одна пустая ячейка.",
    ],
)
def test_no_single_empty_cell_alone_is_no_cell(sentence: str) -> None:
    assert "cells" not in _keys(sentence)


def test_the_one_cell_is_a_reserve_of_one_pile() -> None:
    ex = sentences_draft(
        [
            "Восемь стопок.",
            "На каждую сдаётся по одной карте лицом вверх.",
            "Справа в раскладе.",
            "Изначально пустая ячейка.",
            "Может содержать одну любую карту.",
        ]
    )
    piles = {k: (v["role"], v.get("count")) for k, v in ex.spec["piles"].items()}
    assert piles["cells"] == ("reserve", 1)
    assert piles["packets"] == ("tableau", 8)
