"""Composed phrases of the twelfth round (issue 18 §3): the layout, deal, pack, foundations,
reserve and cells, each part over its paradigm (numerals in several cases, digits and words,
verbs of dealing, word orders, pre-reform spelling) with the exact facts or spec fields, and a
negative case where a near phrasing means something else."""

from __future__ import annotations

import pytest
from sentence_game import projected as _old
from sentence_game import sentence_facts_of as _facts
from sentence_game import sentences_draft as _draft

from pipeline.extract.facts import sentence_facts


def _shape(noun: str, count: int) -> tuple[str, dict]:
    return ("tableau.shape", {"noun": noun, "count": count})


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the verb, the piles and the cards each in any order, the piles in any case
        ("Сдают по четыре карты в двенадцать кучек.", [_shape("PACKET", 12), ("deal.per_pile", 4)]),
        (
            "По четыре карты сдают в каждую из тринадцати кучек.",
            [_shape("PACKET", 13), ("deal.per_pile", 4)],
        ),
        ("В десять стопок сдаётся по 5 карт.", [_shape("PACKET", 10), ("deal.per_pile", 5)]),
        (
            "Карты раздаются по двенадцати кучкам, по четыре в каждую.",
            [_shape("PACKET", 12), ("deal.per_pile", 4)],
        ),
        (
            "Двенадцать кучек, каждая из четырёх карт, выкладываются в ряд.",
            [_shape("PACKET", 12), ("deal.per_pile", 4)],
        ),
        (
            "Выкладываем пять карт в каждый из семи столбцов.",
            [_shape("COLUMN", 7), ("deal.per_pile", 5)],
        ),
        (
            "Раскладка состоит из десяти стопок, в каждой из которых по пять открытых карт.",
            [_shape("PACKET", 10), ("deal.per_pile", 5), ("deal.face", "up")],
        ),
        (
            "Карты сдают на стол тринадцатью кучками, по четыре карты.",
            [_shape("PACKET", 13), ("deal.per_pile", 4)],
        ),
        (
            _old("Сдаютъ двѣнадцать кучекъ, по четыре карты въ кучкѣ."),
            [_shape("PACKET", 12), ("deal.per_pile", 4)],
        ),
        # a reserve adjective with the piles: a reserve dealt
        (
            "Выкладываются четыре резервные стопки по одной карте.",
            [_shape("PACKET", 4), ("deal.per_pile", 1), ("reserve.named", None)],
        ),
        # one card to each pile is a round, not the piles' cards
        (
            "Сдают колоду на тринадцать пачек, кладя по одной карте на каждое место.",
            [_shape("PACKET", 13)],
        ),
    ],
)
def test_paradigm_piles_dealt_in_any_order(sentence: str, expected: list) -> None:
    assert _facts(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "face"),
    [
        ("Выложите 13 стопок по 4 карты лицом вниз.", "down"),
        ("Карты раскладываются в тринадцать стопок лицом вниз, по четыре карты в каждой.", "down"),
        ("Раскладывают восемь колонок по шесть карт лицом вверх.", "up"),
    ],
)
def test_a_face_said_once_with_the_piles_dealt_is_the_deals(sentence: str, face: str) -> None:
    assert ("deal.face", face) in _facts(sentence)


def test_a_face_with_the_reserve_is_no_deals_face() -> None:
    assert _facts("Тринадцать карт кладут в резерв лицом вниз.") == [
        ("reserve.named", None),
        ("reserve.cards", 13),
    ]


def test_the_whole_pack_dealt_into_counted_piles_is_dealt_out() -> None:
    assert _facts("Все 52 карты раздаются в восемь колонок лицом вверх.") == [
        _shape("COLUMN", 8),
        ("deal.until_empty", True),
        ("deal.face", "up"),
    ]
    # a deal told after a colon is that deal, not the pack dealt round
    facts = _facts("Все карты раскладываются в десять столбцов следующим образом: первый ряд.")
    assert ("deal.until_empty", True) not in facts


@pytest.mark.parametrize(
    "sentence",
    [
        "В четырёх первых стопках лежит по шесть карт, в шести остальных — по пять.",
        "В первых четырёх колонках по шесть карт, в шести остальных по пять.",
    ],
)
def test_paradigm_uneven_deal_with_a_verb_and_the_rest_counted(sentence: str) -> None:
    facts = _facts(sentence)
    assert ("deal.uneven", {"first": 4, "more": 6, "rest": 5}) in facts
    assert facts[0][0] == "tableau.shape" and facts[0][1]["count"] == 10


def test_an_uneven_deal_restating_the_pack_dealt_round_is_no_extra_step() -> None:
    ex = _draft(
        [
            "Сдают все карты открытыми на восемь колонок, по кругу, пока не выйдет вся колода.",
            "В четырёх первых колонках окажется по семи карт, а в остальных по шести.",
        ]
    )
    assert [s["id"] for s in ex.spec["deal"]] == ["columns"]
    assert ex.spec["deal"][0]["rounds"] is None


@pytest.mark.parametrize(
    "sentence",
    [
        "Раскладываются 28 карт в семь колонок, от одной карты в первой до семи в последней.",
        "Карты сдают в семь столбцов, от 1 карты в первом столбце до 7 в седьмом.",
    ],
)
def test_paradigm_a_triangle_as_a_range(sentence: str) -> None:
    assert ("deal.triangle", True) in _facts(sentence)


def test_a_range_from_more_than_one_card_is_no_triangle() -> None:
    facts = _facts("Карты сдают в семь столбцов, от 3 карт в первом столбце до 9 в седьмом.")
    assert ("deal.triangle", True) not in facts


@pytest.mark.parametrize(
    ("sentence", "count"),
    [
        ("Восемь базовых стопок собираются от туза до короля по мастям.", 8),
        ("Четыре дома заполняются по возрастанию.", 4),
        ("Тузы кладут в ряд, и четыре основания строят вверх.", 4),
    ],
)
def test_paradigm_foundations_counted_opening_a_clause(sentence: str, count: int) -> None:
    assert ("foundation.count", count) in _facts(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "По ней узнают, с какого достоинства начнутся остальные три основные карты.",
        "Сверху оставляется место для 8 основных карт.",
        "Справа вверху — четыре базовые ячейки.",
    ],
)
def test_some_of_the_foundations_are_no_count_of_them(sentence: str) -> None:
    assert ("foundation.anaphor", True) not in _facts(sentence) or "остальные" in sentence
    assert ("foundation.count", 3) not in _facts(sentence)


def test_eight_foundations_and_no_deck_line_are_two_packs() -> None:
    ex = _draft(["Восемь базовых стопок собираются от туза до короля по мастям."])
    assert ex.spec["decks"] == 2
    assert ex.spec["piles"]["foundations"]["count"] == 8


def test_more_foundations_than_the_named_pack_holds_begin_with_any_card() -> None:
    ex = _draft(["Используется одна колода.", "База представляет собой пять стопок."])
    found = ex.spec["piles"]["foundations"]
    assert (ex.spec["decks"], found["count"], found["foundation"]["base"]) == (1, 5, "any")


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Основание собирается по порядку, начиная с карты любого достоинства.",
            [("foundation.any_base", True)],
        ),
        (
            "Основание можно начинать с любой карты и собирать его по возрастанию.",
            [
                ("foundation.any_base", True),
                ("foundation.direction", {"base": None, "direction": "up"}),
            ],
        ),
        (
            "Собирается по порядку из бубен, начиная с любой бубновой карты по выбору.",
            [("foundation.any_base", True)],
        ),
    ],
)
def test_paradigm_a_foundation_begun_with_any_card(sentence: str, expected: list) -> None:
    assert _facts(sentence) == expected


def test_a_foundation_begun_with_any_card_has_base_any() -> None:
    ex = _draft(["Базовая стопка начинается с карты любого достоинства и строится вверх."])
    assert ex.spec["piles"]["foundations"]["foundation"]["base"] == "any"
    # a named rank still begins them
    ex = _draft(["Основания начинаются с тузов и строятся по возрастанию."])
    assert ex.spec["piles"]["foundations"]["foundation"]["base"] == 1


def test_a_rank_on_the_foundations_is_their_base() -> None:
    assert _facts("На дам в основаниях кладут карты в нисходящем порядке до тузов.")[0] == (
        "foundation.direction",
        {"base": 12, "direction": "down"},
    )


@pytest.mark.parametrize(
    ("sentence", "cells"),
    [
        ("В четыре другие стопки можно временно класть по одной карте.", 4),
        ("На четыре свободных места можно временно отложить по одной карте.", 4),
        ("Четыре запасные стопки вмещают по одной карте.", 4),
        ("Слева вверху есть 4 ячейки для временного хранения карт.", 4),
        ("Для временного хранения карт служат восемь ячеек.", 8),
        ("У вас есть четыре ячейки в левом верхнем углу.", 4),
        ("Восемь ячеек находятся в правом верхнем углу.", 8),
    ],
)
def test_paradigm_cells_by_their_use_or_place(sentence: str, cells: int) -> None:
    assert _facts(sentence) == [("cells", cells)]


@pytest.mark.parametrize(
    "sentence",
    [
        "Четыре запасные стопки вмещают по три карты.",  # more than one card: no cells
        "Семь ячеек игрового стола.",  # the layout's places
        "Четыре места в левом верхнем углу.",  # not cells by name
    ],
)
def test_places_that_are_no_cells(sentence: str) -> None:
    assert ("cells", 4) not in _facts(sentence) and ("cells", 7) not in _facts(sentence)


def test_cells_in_a_corner_are_reserve_piles_of_the_draft() -> None:
    ex = _draft(["Сдают восемь колонок.", "У вас есть четыре ячейки в левом верхнем углу."])
    roles = {g: p["role"] for g, p in ex.spec["piles"].items()}
    cells = [g for g, r in roles.items() if r == "reserve"]
    assert len(cells) == 1 and ex.spec["piles"][cells[0]]["count"] == 4


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "В резервную стопку сдаётся 13 карт рубашкой вверх.",
            [("reserve.named", None), ("reserve.cards", 13)],
        ),
        ("Девять карт откладываются в резерв.", [("reserve.named", None), ("reserve.cards", 9)]),
    ],
)
def test_paradigm_the_reserve_counted(sentence: str, expected: list) -> None:
    assert _facts(sentence) == expected


def test_a_reserve_of_counted_piles_beside_the_layout() -> None:
    ex = _draft(
        [
            "Сдают восемь кучек по четыре карты.",
            "Кроме того, выкладываются четыре резервные стопки по одной карте.",
        ]
    )
    reserve = [p for p in ex.spec["piles"].values() if p["role"] == "reserve"]
    assert [p["count"] for p in reserve] == [4]


@pytest.mark.parametrize(
    ("sentence", "loose"),
    [
        ("Кроме того, карты сдают по одной.", []),  # an addition opening the sentence
        ("Кроме этого, карты сдают по одной.", []),
        ("Кроме той, что лежит сверху, карты не берут.", ["EXCEPT", "NEG"]),  # an exception
    ],
)
def test_besides_opening_a_sentence_is_no_exception(sentence: str, loose: list) -> None:
    _, got = sentence_facts(sentence)
    assert sorted(got) == sorted(loose)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the cards each said first, the piles as «каждый из N»
        (
            "Пять карт кладут в каждый из семи столбиков.",
            [_shape("COLUMN", 7), ("deal.per_pile", 5)],
        ),
        # the cards each after the piles, with no noun of cards
        (
            "Раскладывают тридцать пять карт в семь столбцов, по пяти в каждом.",
            [_shape("COLUMN", 7), ("deal.per_pile", 5)],
        ),
        # «в каждой из которых лежат N карт»
        (
            "Выкладывается 12 кучек, в каждой из которых лежат четыре карты.",
            [_shape("PACKET", 12), ("deal.per_pile", 4)],
        ),
        # one card onto each pile of a group dealt
        (
            "На каждую стопку сдаётся по одной карте лицом вверх.",
            [("deal.per_pile", 1), ("deal.face", "up")],
        ),
    ],
)
def test_paradigm_the_cards_each_in_other_frames(sentence: str, expected: list) -> None:
    assert _facts(sentence) == expected


def test_the_whole_pack_of_a_deck_dealt_open() -> None:
    facts = _facts("Все карты колоды выкладываются в 8 колонок открытыми.")
    assert facts == [_shape("COLUMN", 8), ("deal.until_empty", True), ("deal.face", "up")]


def test_paradigm_a_triangle_listed_with_na() -> None:
    facts = _facts("Карты раздают на семь стопок: на первую одну, на вторую две, на седьмую семь.")
    assert ("deal.triangle", True) in facts


def test_paradigm_uneven_deal_with_the_rest_named_by_its_noun() -> None:
    facts = _facts(
        "В первые четыре колонки сдают по шесть карт, в остальные шесть колонок по пять."
    )
    assert ("deal.uneven", {"first": 4, "more": 6, "rest": 5}) in facts


def test_paradigm_the_first_card_of_a_foundation_any() -> None:
    facts = _facts(
        "Первая карта основания может быть любого достоинства, дальше карты кладут по возрастанию."
    )
    assert ("foundation.any_base", True) in facts


def test_paradigm_cells_placed_before_their_count() -> None:
    assert _facts("В правом верхнем углу находятся четыре ячейки.") == [("cells", 4)]


def test_paradigm_a_reserve_pile_of_counted_cards() -> None:
    assert _facts("Резервная стопка состоит из 13 закрытых карт.") == [
        ("reserve.named", None),
        ("reserve.cards", 13),
    ]


def test_reserve_piles_named_by_the_only_group_dealt() -> None:
    ex = _draft(
        [
            "Семь стопок справа, выложенных в форме арки.",
            "На каждую стопку сдаётся по одной карте лицом вверх.",
            "В каждой резервной стопке может лежать всего одна карта.",
        ]
    )
    assert ex.spec["piles"]["packets"]["role"] == "reserve"
    assert ex.spec["piles"]["packets"]["count"] == 7
    # beside another group dealt, the reserve piles named are no reason to change the layout
    ex = _draft(
        [
            "Сдают восемь колонок по пять карт.",
            "Семь стопок кладут отдельно.",
            "В каждой резервной стопке может лежать всего одна карта.",
        ]
    )
    assert ex.spec["piles"]["columns"]["role"] == "tableau"


def test_one_card_said_before_the_piles_is_how_they_go_round() -> None:
    assert _facts("Карты сдают по одной в восемь кучек.") == [_shape("PACKET", 8)]
    assert _facts("Сдайте восемь стопок по одной карте.") == [
        _shape("PACKET", 8),
        ("deal.per_pile", 1),
    ]


def test_paradigm_a_triangle_between_one_card_and_the_piles_count() -> None:
    assert _facts("Расклад образуют семь стопок, в которых от одной до семи карт.") == [
        ("tableau.count_said", {"noun": "PACKET", "count": 7}),
        ("deal.triangle", True),
    ]
    # from one card to fewer than the piles: no triangle, the piles still counted
    assert _facts("Расклад образуют семь стопок, в которых от одной до пяти карт.") == [
        ("tableau.count_said", {"noun": "PACKET", "count": 7})
    ]


def test_paradigm_a_triangle_up_to_the_last_piles_ordinal() -> None:
    ex = _draft(
        [
            "В первую колонку кладут одну карту, во вторую — две, и так до седьмой колонки, "
            "в которую кладут семь карт."
        ]
    )
    assert ex.spec["piles"]["columns"]["count"] == 7


def test_a_double_pack_is_two_packs() -> None:
    assert _facts("Играют двойной колодой.") == [("decks", 2)]
    assert _facts(_old("Играютъ двойною колодою.")) == [("decks", 2)]


def test_all_of_the_foundations_counted() -> None:
    assert _facts("Всего восемь домов.") == [("foundation.count", 8)]
    assert ("foundation.count", 8) in _facts(
        "Всего восемь домов, каждый собирается от туза до короля одной масти."
    )


@pytest.mark.parametrize(
    ("sentence", "cells"),
    [
        ("Четыре свободные клетки служат для временного хранения карт.", 4),
        (
            "Слева вверху расположены четыре ячейки, в каждую из которых можно положить одну "
            "карту.",
            4,
        ),
    ],
)
def test_paradigm_cells_by_another_noun_or_a_verb_of_lying(sentence: str, cells: int) -> None:
    assert _facts(sentence) == [("cells", cells)]


def test_paradigm_a_reserve_counted_after_a_dash() -> None:
    assert _facts("Резерв — 13 карт.") == [("reserve.named", None), ("reserve.cards", 13)]


def test_paradigm_reserve_piles_counted_with_any_verb() -> None:
    assert _facts("Четыре резервные стопки получают по одной карте.") == [
        _shape("PACKET", 4),
        ("deal.per_pile", 1),
        ("reserve.named", None),
    ]
