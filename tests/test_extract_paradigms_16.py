"""Composed phrases of the sixteenth round (issue 18 §3): what the handbook runs of real-dev-8
showed the grammar missing, each part over its paradigm with the exact facts. Besides the
phrase of the passage, each case has phrasings written for the test (other verbs, ranks,
cases, word order), so a part that matched one sentence only fails here."""

from __future__ import annotations

import json

import pytest
from sentence_game import fact_pairs as _f
from sentence_game import said as _said
from sentence_game import sentences_draft as _draft

from pipeline.extract.facts import sentence_facts


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # «любой» before the rank says no more than the rank: any king, of any suit
        ("На пустое место можно класть любого короля.", _f(("build.empty", 13))),
        ("В свободную колонку можно перенести любого туза.", _f(("build.empty", 1))),
        ("Свободное место можно занять любым валетом.", _f(("build.empty", 11))),
        # the place understood after the adjective, with a dash
        ("В пустой — только король.", _f(("build.empty", 13))),
        ("На пустую — только дама.", _f(("build.empty", 12))),
        (
            "столбец: младшая на единицу другого цвета; в пустой — только король",
            _f(("build.direction", "down"), ("build.suit", "alternate"), ("build.empty", 13)),
        ),
    ],
)
def test_paradigm_a_space_for_any_card_of_a_rank(sentence: str, expected: list) -> None:
    assert _said(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # «выстраивать» is a verb of building like «строить»; the colour said of the run's cards
        (
            "В игровых стопках нужно выстраивать убывающие последовательности, причём карты в "
            "последовательностях должны быть одного цвета.",
            _f(("build.direction", "down"), ("build.suit", "same-colour")),
        ),
        ("На столбцах выстраиваются нисходящие ряды карт.", _f(("build.direction", "down"))),
        ("Карты в колонках должны быть одной масти.", _f(("suit.same", True))),
        ("Карты в рядах — чередующихся цветов.", _f(("build.suit", "alternate"))),
        # runs formed on the layout, the way unsaid: building, its way a printed default
        ("В игровых стопках можно составлять последовательности.", _f(("build.between", True))),
        ("Последовательности составляют в столбцах.", _f(("build.between", True))),
        ("В колонках строят последовательности.", _f(("build.between", True))),
        # one card at a time, the place moved onto said before «только»
        ("Вы можете перемещать на верх стопки только одну карту.", _f(("build.run", False))),
        ("Перекладывать в колонку можно только одну карту.", _f(("build.run", False))),
    ],
)
def test_paradigm_building_said_of_the_runs(sentence: str, expected: list) -> None:
    assert _said(sentence) == expected


def test_runs_formed_on_the_foundations_are_no_building_of_the_layout() -> None:
    assert _said("Последовательности составляют на основаниях.") == []


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the first piles and the rest named with «на» as with «в»
        (
            "Все карты сдаются на эти стопки лицом вверх так, чтобы на первых четырёх лежало по "
            "семь карт, а на остальных по шесть.",
            _f(("deal.face", "up"), ("deal.uneven", {"first": 4, "more": 7, "rest": 6})),
        ),
        (
            "На первые три стопки кладут по пять карт, на остальные — по четыре.",
            _f(("deal.uneven", {"first": 3, "more": 5, "rest": 4})),
        ),
        (
            "На первых двух колонках лежит по 8 карт, а на прочих по 7.",
            _f(("deal.uneven", {"first": 2, "more": 8, "rest": 7})),
        ),
        (
            "На первые четыре стопки кладут по шесть карт, на остальные шесть — по пять.",
            _f(
                ("tableau.shape", {"noun": "PACKET", "count": 10}),
                ("deal.uneven", {"first": 4, "more": 6, "rest": 5}),
            ),
        ),
    ],
)
def test_paradigm_the_first_piles_dealt_more_onto(sentence: str, expected: list) -> None:
    assert _said(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # «больше» beside a negation and a verb of moving: no move left, a frame
        (
            "Если вы больше не можете перемещать карты, можете сдать ещё, щёлкнув по остатку "
            "колоды.",
            _f(("cond.stuck", True), ("deal.next_round", "stuck")),
        ),
        (
            "Когда больше нельзя перекладывать карты, раздайте ещё, нажав на колоду.",
            _f(("cond.stuck", True), ("deal.next_round", "stuck")),
        ),
        # a click that brings a card to each pile
        (
            "Если карты больше нельзя перемещать, щёлкните по остатку колоды, чтобы в каждой "
            "стопке появились новые карты.",
            _f(("cond.stuck", True), ("deal.next_round", "stuck")),
        ),
        (
            "Нажмите на колоду, и на каждом столбце окажется новая карта.",
            _f(("deal.next_round", "stuck")),
        ),
        # negative: a click that opens a card is a turn, no row
        ("Щёлкните по колоде, чтобы открыть карту.", []),
    ],
)
def test_paradigm_the_stock_dealt_to_every_pile_by_a_click(sentence: str, expected: list) -> None:
    assert _said(sentence) == expected


def test_no_more_than_a_count_is_no_stuck_state() -> None:
    """«не более двух карт» is a count, not the end of moves."""
    facts, _ = sentence_facts("Перекладывать можно не более двух карт.")
    assert all(f.key != "cond.stuck" for f in facts)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the king followed by the ace said as a sequence going on «с туза»; «если нужно»
        # between commas is an aside
        ("После короля набор, если нужно, продолжается с туза.", _f(("foundation.wrap", True))),
        ("После короля счёт начинается снова с туза.", _f(("foundation.wrap", True))),
        ("После короля, при необходимости, кладут туза.", _f(("foundation.wrap", True))),
        ("После туза ряд продолжается с двойки.", []),
        # the base the player chooses: any; the suit said with it stays
        (
            "Собираются в восходящем порядке по масти, начиная с выбранной вами основной карты.",
            _f(
                ("foundation.any_base", True),
                ("suit.same", True),
                ("foundation.direction", {"base": None, "direction": "up"}),
            ),
        ),
        (
            "Основания строят вверх, начиная с карты по выбору.",
            _f(
                ("foundation.any_base", True),
                ("foundation.direction", {"base": None, "direction": "up"}),
            ),
        ),
        # a card dealt to the first pile and named the base: the first card begins them
        (
            "На первую стопку сдаётся одна карта, которая объявляется основной.",
            _f(("deal.first_foundation", True)),
        ),
        (
            "Одна карта кладётся на первое основание и становится базовой.",
            _f(("deal.first_foundation", True)),
        ),
    ],
)
def test_paradigm_the_foundations_base_and_wrap(sentence: str, expected: list) -> None:
    assert _said(sentence) == expected


def test_an_aside_of_need_leaves_the_rule_around_it() -> None:
    assert _said("Пустое место, если нужно, можно занять королём.") == _f(("build.empty", 13))


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # a move allowed by the card's rank named with a possessive
        (
            "Любая верхняя карта в стопках расклада может быть перемещена на другую стопку, если "
            "её достоинство на единицу меньше достоинства верхней карты в другой стопке.",
            _f(("build.direction", "down")),
        ),
        (
            "Карту можно переложить на соседнюю колонку, если её достоинство на единицу выше.",
            _f(("build.direction", "up")),
        ),
    ],
)
def test_paradigm_a_move_allowed_by_its_rank(sentence: str, expected: list) -> None:
    assert _said(sentence) == expected


@pytest.mark.parametrize(
    ("sentences", "foundation", "build"),
    [
        # a sentence saying only that suits do not matter, after one that builds on the layout
        (["Карты в колонках кладут по убыванию.", "Масти роли не играют."], "same", "any"),
        (
            [
                "Карту можно переложить на другую стопку, если её достоинство на единицу меньше.",
                "Масть значения не имеет.",
            ],
            "same",
            "any",
        ),
        # after a sentence of the foundations it stays theirs
        (["На тузы кладут карты по возрастанию.", "Масти роли не играют."], "any", None),
    ],
)
def test_paradigm_a_lone_suit_rule_goes_with_the_sentence_before(
    sentences: list[str], foundation: str, build: str | None
) -> None:
    rules = _draft(sentences).checked.rules
    blocks = [p["foundation"] for p in rules["piles"].values() if p["role"] == "foundation"]
    assert {b["suit"] for b in blocks} == {foundation}
    marry = rules.get("moves", {}).get("marry")
    assert (marry["build"]["suit"] if marry else None) == build


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # a triangle said as the range of its piles' cards, the range first or the place first
        (
            "раздача: 1…7 карт в столбцах, открыты верхние, 24 в колоде, 52 разные карты",
            _f(
                ("tableau.count_said", {"noun": "COLUMN", "count": 7}),
                ("deal.triangle", True),
                ("deal.face", "down-but-last"),
            ),
        ),
        (
            "Сдают от 1 до 6 карт в колонки.",
            _f(("tableau.count_said", {"noun": "COLUMN", "count": 6}), ("deal.triangle", True)),
        ),
        (
            "В стопках лежит 1–8 карт.",
            _f(("tableau.count_said", {"noun": "PACKET", "count": 8}), ("deal.triangle", True)),
        ),
        # a range that starts higher is no triangle
        ("Сдают 4-5 карт в каждую колонку.", []),
        # the top cards open with no «только»
        (
            "Карты раскладывают в семь столбцов, открыты верхние, остальные закрыты.",
            _f(
                ("tableau.shape", {"noun": "COLUMN", "count": 7}),
                ("deal.face", "down-but-last"),
            ),
        ),
    ],
)
def test_paradigm_a_triangle_as_a_range_and_the_top_cards_open(
    sentence: str, expected: list
) -> None:
    assert _said(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Сюда сдаётся тринадцать карт лицом вверх.", 13),
        ("Сюда кладут одиннадцать карт.", 11),
    ],
)
def test_paradigm_cards_dealt_here_are_one_pile(sentence: str, expected: int) -> None:
    facts = dict(_said(sentence))
    assert facts["tableau.shape"] == json.dumps({"count": 1, "noun": "PACKET"})
    assert facts["deal.per_pile"] == str(expected)


@pytest.mark.parametrize(
    ("sentences", "layout", "reserve"),
    [
        # a pile dealt «сюда» beside a group counted in another sentence: a reserve of its cards
        (
            [
                "Четыре стопки под основаниями.",
                "На каждую сдаётся по одной карте лицом вверх.",
                "Слева под сбросом.",
                "Сюда сдаётся тринадцать карт лицом вверх.",
            ],
            4,
            13,
        ),
        (
            [
                "Пять колонок справа. На каждую сдаётся по одной карте.",
                "Отдельная стопка слева. Сюда кладут одиннадцать карт лицом вверх.",
            ],
            5,
            11,
        ),
        # the only group dealt: the layout, no reserve
        (["Сюда сдаётся тринадцать карт лицом вверх."], 1, None),
    ],
)
def test_paradigm_one_pile_dealt_here_beside_a_counted_group_is_a_reserve(
    sentences: list[str], layout: int, reserve: int | None
) -> None:
    rules = _draft(sentences).checked.rules
    tableau = [p for p in rules["piles"].values() if p["role"] == "tableau"]
    assert [p["count"] for p in tableau] == [layout]
    reserves = [s for s in rules["deal"] if s["id"] == "reserve"]
    assert [s["rounds"] * s["per_pile"] for s in reserves] == ([reserve] if reserve else [])


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # piles counted with a qualifier of place, one card each in a relative clause
        (
            "Четыре левые стопки в верхнем ряду, в каждой из которых может лежать по одной карте.",
            _f(
                ("tableau.count_said", {"noun": "PACKET", "count": 4}),
                ("places.one_card", True),
            ),
        ),
        (
            "Три правые колонки, на каждую из которых можно положить только одну карту.",
            _f(
                ("tableau.count_said", {"noun": "COLUMN", "count": 3}),
                ("places.one_card", True),
            ),
        ),
    ],
)
def test_paradigm_piles_holding_one_card_each_in_a_relative_clause(
    sentence: str, expected: list
) -> None:
    assert _said(sentence) == expected


@pytest.mark.parametrize(
    ("sentences", "cells"),
    [
        (
            [
                "Восемь стопок.",
                "Все карты сдаются на эти стопки лицом вверх.",
                "Четыре левые стопки в верхнем ряду, в каждой из которых может лежать по одной "
                "карте.",
            ],
            4,
        ),
        (
            [
                "Раскладывают семь колонок по пять карт.",
                "Две стопки справа, в каждой из которых может лежать по одной карте.",
            ],
            2,
        ),
    ],
)
def test_paradigm_piles_counted_with_one_card_each_in_one_sentence_are_cells(
    sentences: list[str], cells: int
) -> None:
    rules = _draft(sentences).checked.rules
    cell_piles = {k: (p["role"], p["count"]) for k, p in rules["piles"].items() if k == "cells"}
    assert cell_piles == {"cells": ("reserve", cells)}


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # «…, хотя если …, …»: the condition bears on what follows it, the rule before stands
        (
            "Можно перекладывать только по одной карте за раз, хотя если имеется достаточно "
            "пустых резервных ячеек, собранные в последовательности карты можно переместить "
            "сразу вместе.",
            [("build.run", False)],
        ),
        (
            "Карты кладут в колонках по убыванию, хотя если резерв не исчерпан, группу карт "
            "можно перенести целиком.",
            [("build.direction", "down")],
        ),
    ],
)
def test_paradigm_a_condition_after_though_bears_on_what_follows(
    sentence: str, expected: list
) -> None:
    facts, loose = sentence_facts(sentence)
    assert loose[0] == "COND"
    assert [(f.key, f.value) for f in facts] == expected


@pytest.mark.parametrize(
    "sentence",
    [
        # a pile or run taken whole
        "Ряд берётся целиком.",
        "Стопка переносится целиком.",
        "Последовательность перемещается целиком.",
        # any card moved whatever lies on it
        "Перекладывать можно любую карту, лежащую рубашкой вниз, независимо от того, сколько на "
        "ней карт.",
        "Переносить можно любую открытую карту, независимо от того, сколько карт лежит на ней.",
    ],
)
def test_paradigm_runs_moved_whole(sentence: str) -> None:
    assert _said(sentence) == _f(("build.run", True))


@pytest.mark.parametrize(
    ("sentence", "count", "ends"),
    [
        # runs counted on the foundations in the goal: one foundation each
        ("Собрать в основаниях восемь последовательностей карт от короля до туза.", 8, (13, 1)),
        ("Нужно собрать на базах четыре последовательности от туза до короля.", 4, (1, 13)),
        ("Соберите в домах восемь серий.", 8, None),
    ],
)
def test_paradigm_runs_counted_on_the_foundations(
    sentence: str, count: int, ends: tuple[int, int] | None
) -> None:
    expected = [("win.foundations", True), ("foundation.count", count)]
    if ends:
        base, last = ends
        way = "up" if last > base else "down"
        expected += [
            ("foundation.last", {"base": base, "last": last}),
            ("foundation.direction", {"base": base, "direction": way}),
        ]
    assert _said(sentence) == _f(*expected)
