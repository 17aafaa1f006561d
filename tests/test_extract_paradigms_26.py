"""Composed phrases of the twenty-sixth round (issue 18 §3): a rule said without its verb (a
dash or a colon for it), a pile's share dealt in two layers without «по», the stock dealt a full
row or a card to each pile with «из колоды» said, a reserve's piles counted, a space filled
«только из …» or «группами карт», and passes without limit read as the redeal's when no talon
is turned. Each with its exact facts, in words and orders written for the test, and the near
phrasings that must not give them."""

from __future__ import annotations

import pytest
from code_facts import key_facts
from sentence_game import fact_pairs, said
from sentence_game import sentences_draft as _draft

from pipeline.extract.tokens import tokenize

_ACES_UP = ("foundation.direction", {"base": 1, "direction": "up"})


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Тузы — на основания.", [("foundation.cards", [1])]),
        ("Тузы: на основания.", [("foundation.cards", [1])]),
        ("Короли — на пустые места.", [("build.empty", 13)]),
        ("На туза — двойку той же масти.", [_ACES_UP, ("suit.same", True)]),
        (
            "В столбцах — по убыванию, чередуя цвета.",
            [("build.direction", "down"), ("build.suit", "alternate")],
        ),
        ("Карты в раскладе — в убывающем порядке.", [("build.direction", "down")]),
        (
            "Основания: от туза до короля по масти.",
            [_ACES_UP, ("foundation.last", {"base": 1, "last": 13}), ("suit.same", True)],
        ),
        ("Пустые места — только королями.", [("build.empty", 13)]),
    ],
)
def test_paradigm_a_rule_said_without_its_verb(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


@pytest.mark.parametrize(
    "sentence",
    [
        "Тузы — в основаниях.",  # where the aces lie (the locative), not where they go
        "Основания — в верхнем ряду.",  # where a place is
        "Карты — на любую карту.",  # a card onto a card of no rank named: no rule of building
    ],
)
def test_a_dash_that_says_where_something_is_gives_no_rule(sentence: str) -> None:
    assert said(sentence) == []


@pytest.mark.parametrize(
    "sentence",
    [
        "На восьмёрку идёт семёрка, на даму — валет.",  # a gap in a list after a verb
        "Цель игры — собрать все карты.",  # the verb said after the dash
        "Раскладка: семь колонок.",  # a memo: a count, no move
    ],
)
def test_a_dash_in_a_sentence_with_a_verb_or_before_a_count_stays_a_dash(sentence: str) -> None:
    types = [t.type for t in tokenize(sentence)]
    assert "PUT" not in types and "FILL" not in types
    assert "DASH" in types or "COLON" in types


def _layers(*faces: str) -> tuple[str, dict]:
    return ("deal.layers", {"faces": faces, "alternate": False})


@pytest.mark.parametrize(
    ("sentence", "per", "faces"),
    [
        (
            "На каждую стопку сдаётся три карты лицом вниз и одна карта лицом вверх.",
            4,
            ("down", "down", "down", "up"),
        ),
        (
            "В каждый столбец кладут по четыре карты рубашкой вверх и по одной лицом вверх.",
            5,
            ("down", "down", "down", "down", "up"),
        ),
        (
            "Сдают по две карты лицом вниз и одну лицом вверх на каждую колонку.",
            3,
            ("down", "down", "up"),
        ),
        (
            "В каждую стопку кладут две карты лицом вверх и одну лицом вниз.",
            3,
            ("up", "up", "down"),
        ),
    ],
)
def test_paradigm_each_piles_share_in_two_layers(sentence: str, per: int, faces: tuple) -> None:
    assert said(sentence) == fact_pairs(("deal.per_pile", per), _layers(*faces))


def test_a_share_in_two_layers_is_the_drafts_deal() -> None:
    draft = _draft(
        [
            "Играют одной колодой.",
            "Раскладывают семь стопок.",
            "На каждую стопку сдаётся три карты лицом вниз и одна карта лицом вверх.",
        ]
    )
    # three rounds face down, then one face up, onto the seven piles
    assert [(s["to"], s["rounds"], s["face"]) for s in draft.spec["deal"]] == [
        (["packets"], 3, "down"),
        (["packets"], 1, "up"),
    ]
    assert draft.spec["piles"]["packets"]["count"] == 7


@pytest.mark.parametrize(
    "sentence",
    [
        "Карты сдаются из колоды полным рядом.",
        "Из колоды карты сдают в полный ряд.",
        "Из колоды сдаётся по одной карте на каждую стопку.",
        "Карты сдаются из колоды по одной на каждый столбец.",
        "Карты сдаются по восемь за раз, по одной на каждую стопку.",
        "Новые карты сдаются по десять разом, по одной на каждый столбец.",
    ],
)
def test_paradigm_the_stock_dealt_a_row_at_a_time(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("deal.next_round", "stuck"))


def test_the_first_deal_counting_its_piles_is_no_row_of_the_stock() -> None:
    # the piles counted: the deal of the layout, even «из колоды»
    assert said("Из колоды раздают по одной карте в каждую из семи стопок.") == fact_pairs(
        ("deal.per_pile", 1), ("tableau.shape", {"count": 7, "noun": "PACKET"})
    )
    assert said("Карты сдают в один ряд.") == []  # no stock named, no full row
    assert said("Карты сдают по одной на каждую стопку.") == []  # no stock, not at once


def test_paradigm_the_reserves_piles_counted() -> None:
    assert said("Четыре стопки резерва.") == fact_pairs(
        ("reserve.counted", {"count": 4, "noun": "PACKET"}),
        ("tableau.count_said", {"count": 4, "noun": "PACKET"}),
    )
    # an adjective said may name the layout's own piles: no reserve
    assert said("Два резервных столбца.") == fact_pairs(
        ("tableau.count_said", {"count": 2, "noun": "COLUMN"})
    )


def test_a_reserve_counted_with_no_cards_dealt_to_it_is_empty_at_the_start() -> None:
    draft = _draft(["Семь столбцов по пять карт.", "Четыре стопки резерва."])
    assert draft.spec["piles"]["reserve"]["count"] == 4
    assert draft.spec["piles"]["reserve"]["role"] == "reserve"
    assert not any("reserve" in s["to"][0] for s in draft.spec["deal"])
    assert draft.spec["piles"]["columns"]["count"] == 7


def test_an_entry_of_the_reserve_in_a_help_pages_table() -> None:
    text = (
        "Пасьянс «Проба»\n\n"
        "Четыре стопки наверху. Карты в основаниях собираются по масти от туза до короля.\n\n"
        "Четыре стопки под основаниями. Карты из резерва можно класть только на основания.\n\n"
        "Карты из колоды сдаются на сброс по одной.\n"
    )
    facts = key_facts(text)
    assert (facts["reserve.piles"], facts["reserve.cards"], facts["foundations"]) == (4, 0, 4)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Пустые столбцы заполняются только из резерва.", [("fill.sources", ["reserve"])]),
        (
            "Пустые места заполняют только из колоды или из сброса.",
            [("fill.sources", ["stock", "talon"])],
        ),
        (
            "Пустые места можно заполнять группами карт.",
            [("fill.sources", ["talon", "tableau"]), ("build.run", True)],
        ),
        ("Пустые места заполнять нельзя.", [("fill.none", True)]),  # unchanged
    ],
)
def test_paradigm_a_space_filled_only_from_or_by_groups(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


_LAYOUT = ["Играют одной колодой.", "Сдают восемь стопок по четыре карты."]


@pytest.mark.parametrize(
    "sentences",
    [
        [
            "Когда ходов нет, карты собирают, тасуют и раскладывают снова.",
            "Пересдач не ограничено.",
        ],
        ["Когда ходов нет, карты собирают и раскладывают снова, сколько угодно раз."],
        [
            "Когда ходов нет, карты собирают и раскладывают снова.",
            "Пересдавать можно сколько угодно раз.",
        ],
    ],
)
def test_passes_without_limit_and_no_talon_are_the_redeals(sentences: list[str]) -> None:
    draft = _draft([*_LAYOUT, *sentences])
    assert draft.spec["redeal"]["times"] == "unlimited"
    assert "turn" not in draft.spec["moves"]


def test_passes_without_limit_with_a_talon_are_the_talons() -> None:
    draft = _draft(
        [
            *_LAYOUT,
            "Колоду открывают по одной карте.",
            "Колоду можно пересдавать сколько угодно раз.",
        ]
    )
    assert draft.spec["moves"]["turn"]["recycle"] == "unlimited"
    assert draft.spec["redeal"] is None


def test_a_count_said_beats_a_variant_without_limit() -> None:
    draft = _draft(
        [
            *_LAYOUT,
            "Когда ходов нет, карты собирают и раскладывают снова.",
            "Раскладку можно собирать и сдавать вновь не более двух раз.",
            "Иные играют без ограничения числа сдач.",
        ]
    )
    assert draft.spec["redeal"]["times"] == 2


@pytest.mark.parametrize(
    ("sentence", "face"),
    [
        ("Карты раскладываются открытыми в восемь колонок.", "up"),
        ("Раскладывают восемь колонок открытых карт.", "up"),
        ("Карты раскладывают закрытыми на семь стопок.", "down"),
    ],
)
def test_paradigm_the_face_said_with_a_count_of_piles(sentence: str, face: str) -> None:
    facts = dict(said(sentence))
    assert facts["deal.face"] == f'"{face}"'
    assert "tableau.shape" in facts


def test_a_count_of_piles_with_no_face_says_none() -> None:
    assert "deal.face" not in dict(said("Карты раскладывают в восемь колонок."))
