"""Composed phrases of the thirtieth round (issue 18 §3): the layout, the deal, the stock and
redeals. Each with its exact facts, in sentences written for the test, and the near phrasings
that must not give them."""

from __future__ import annotations

import pytest
from sentence_game import fact_pairs, said, sentences_draft


def _piles(count: int, per_pile: int) -> list[tuple[str, object]]:
    return [("tableau.shape", {"count": count, "noun": "PACKET"}), ("deal.per_pile", per_pile)]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Карты раскладывают в восемь колод по пять карт.", _piles(8, 5)),
        ("Карты раздают в четыре колоды по тринадцать карт.", _piles(4, 13)),
        ("Раскладывают 13 колод по 4 карты.", _piles(13, 4)),
        ("Из карт составляют шесть колод, в каждой колоде по пять карт.", _piles(6, 5)),
        ("Выкладывают пять колод — по десять карт.", _piles(5, 10)),
    ],
)
def test_paradigm_piles_called_packs_when_counted_with_a_share(
    sentence: str, expected: list
) -> None:
    assert said(sentence) == fact_pairs(*expected)


@pytest.mark.parametrize(
    "sentence",
    [
        "Берут две колоды по 52 карты.",
        "Берут две колоды по 36 карт.",
        "Играют двумя колодами.",
        "Пасьянс раскладывается в две колоды.",
    ],
)
def test_paradigm_a_count_of_packs_stays_the_packs(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("decks", 2))


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Сначала раскладывают по четыре карты, потом по три, потом по две.",
            [("redeal.pass", 3), ("redeal.pass", 2)],
        ),
        (
            "Сначала раскладывают по 4 карты; потом по 3; потом по 2.",
            [("redeal.pass", 3), ("redeal.pass", 2)],
        ),
        (
            "Карты собирают и вновь раскладывают по три карты, затем по две, затем по одной.",
            [("redeal.pass", 3), ("redeal.pass", 2), ("redeal.pass", 1)],
        ),
    ],
)
def test_paradigm_a_redeal_told_as_passes_of_fewer_cards(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


@pytest.mark.parametrize(
    "sentence",
    [
        "Сначала кладут по две карты, потом по три.",
        "Раскладывают по четыре карты в первые стопки, потом по четыре в остальные.",
        "Раскладывают по пять карт, потом кладут туза на основание.",
        # layers of one deal, each with its face
        "Сдают по четыре карты рубашкой вверх, затем по одной лицом вверх.",
    ],
)
def test_paradigm_a_then_before_no_smaller_share_is_no_pass(sentence: str) -> None:
    assert not [k for k, _ in said(sentence) if k.startswith("redeal")]


def test_passes_of_fewer_cards_are_the_redeals_after_the_first_deal() -> None:
    draft = sentences_draft(
        [
            "Карты раскладывают в тринадцать кучек по четыре карты.",
            "Когда ходов нет, карты собирают и раскладывают снова по три карты, потом по две.",
        ]
    )
    assert draft.spec["redeal"]["times"] == 2
    assert draft.spec["redeal"]["when"] == "stuck"


def _columns(count: int) -> tuple[str, object]:
    return ("tableau.shape", {"count": count, "noun": "COLUMN"})


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Тридцать пять карт раскладывают в семь колонок.", [_columns(7), ("deal.even_share", 5)]),
        ("Раскладывают 28 карт в семь столбцов.", [_columns(7), ("deal.even_share", 4)]),
        (
            "24 карты выкладывают в шесть столбцов лицом вверх.",
            [_columns(6), ("deal.even_share", 4), ("deal.face", "up")],
        ),
        # cards that do not part evenly: the piles only
        ("52 карты раскладывают в восемь колонок.", [_columns(8)]),
        # a share said: that share; a triangle after a colon: the triangle
        ("Выложите 28 карт в семь столбиков (по четыре).", [_columns(7), ("deal.per_pile", 4)]),
        (
            "28 карт раскладывают в семь колонок: в первую одну, во вторую две и так далее.",
            [_columns(7), ("deal.triangle", True)],
        ),
    ],
)
def test_paradigm_cards_dealt_into_piles_part_evenly(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


def test_an_even_share_gives_way_to_a_triangle_said_after() -> None:
    even = sentences_draft(["28 карт раскладывают в семь колонок."])
    assert [(s["rounds"], s.get("triangle")) for s in even.spec["deal"]] == [(4, None)]
    draft = sentences_draft(
        [
            "28 карт раскладывают в семь колонок.",
            "В первой колонке одна карта, во второй две, в седьмой — семь.",
        ]
    )
    assert [(s["rounds"], s.get("triangle")) for s in draft.spec["deal"]] == [(7, True)]


@pytest.mark.parametrize(
    ("sentence", "count"),
    [
        ("Колоду открывают парами.", 2),
        ("Карты колоды открывают парами.", 2),
        ("Карты из колоды сдают попарно.", 2),
        ("Из колоды карты снимают по три и кладут в отбой.", 3),
        ("С колоды снимают по одной карте и кладут в сброс.", 1),
    ],
)
def test_paradigm_the_stock_turned_in_pairs_or_taken_off_to_the_talon(
    sentence: str, count: int
) -> None:
    assert said(sentence) == fact_pairs(("turn.count", count))


@pytest.mark.parametrize(
    "sentence",
    [
        "Карты раскладывают парами на стол.",  # no verb of the stock: not a turn
        "Из колоды карты снимают по три.",  # «снимать» alone: no talon, no turn
        "Из колоды карты снимают по три и кладут на основания.",
    ],
)
def test_paradigm_pairs_or_taking_off_without_the_stock_turned_is_no_turn(sentence: str) -> None:
    assert not [k for k, _ in said(sentence) if k.startswith("turn")]


@pytest.mark.parametrize(
    "sentence",
    [
        "В каждую из семи кучек кладут по пять карт, верхнюю открывают.",
        "Раскладывают семь стопок по пять карт, открывают верхние.",
        "Раскладывают семь стопок по пять карт рубашкой вверх, верхнюю переворачивают.",
    ],
)
def test_paradigm_the_top_card_turned_up_after_the_deal_the_card_unsaid(sentence: str) -> None:
    facts = dict(said(sentence))
    assert facts["deal.face"] == '"down-but-last"'
    assert facts["deal.per_pile"] == "5"


def test_paradigm_the_top_unsaid_without_a_deal_is_no_face() -> None:
    assert said("Карты кладут на верхнюю, открывают.") == []


@pytest.mark.parametrize(
    "sentence",
    [
        "В каждой стопке по пять карт, все закрыты, кроме верхней.",
        "В каждой стопке по пять карт, все лицом вниз, кроме последней.",
        "Раскладывают 10 столбцов по 5 карт, из них 4 закрыты и одна открыта.",
        "Раскладывают 10 столбцов по 5 карт; из них 4 закрыты и 1 открыта.",
    ],
)
def test_paradigm_all_down_but_the_top_said_briefly(sentence: str) -> None:
    facts = dict(said(sentence))
    assert facts["deal.face"] == '"down-but-last"'
    assert facts["deal.per_pile"] == "5"


def test_paradigm_two_open_cards_counted_by_face_are_not_down_but_last() -> None:
    facts = dict(said("Раскладывают 10 столбцов по 5 карт, из них 3 закрыты и 2 открыты."))
    assert "deal.face" not in facts


def _rows(per: int, rows: int) -> list[tuple[str, object]]:
    return [("tableau.shape", {"count": per, "noun": "ROW"}), ("deal.round", rows)]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("По четыре карты раскладывают в три ряда.", _rows(4, 3)),
        ("Раскладывают по четыре карты в три ряда.", _rows(4, 3)),
        ("Выкладывают по 8 карт в 4 ряда.", _rows(8, 4)),
        ("Карты раскладывают в три ряда по четыре карты.", _rows(4, 3)),
        (
            "Раскладывают по четыре карты в три ряда, лицом вверх.",
            [*_rows(4, 3), ("deal.face", "up")],
        ),
        ("По одной карте раскладывают в три ряда.", []),  # how the cards go, not each row's
    ],
)
def test_paradigm_rows_with_their_share_said_first(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Когда колода кончится, отбой переворачивают и снова открывают по одной; "
            "так делают не более двух раз.",
            [("cond.stock_out", True), ("turn.count", 1), ("turn.recycle", 2)],
        ),
        (
            "Отбой переворачивают и снова открывают по три карты.",
            [("turn.back", True), ("turn.count", 3)],
        ),
        (
            "Отбой можно перевернуть и снова использовать как колоду два раза.",
            [("turn.recycle", 2)],
        ),
        (
            "Когда колода закончится, отбой становится новой колодой.",
            [("cond.stock_out", True), ("turn.back", True)],
        ),
        ("Отбой кладут рядом с колодой.", []),  # no stock run out: no talon turned back
    ],
)
def test_paradigm_the_talon_turned_back_in_more_words(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


@pytest.mark.parametrize(
    ("second", "times"),
    [("Так можно сделать два раза.", 2), ("Так можно сделать дважды.", 2)],
)
def test_a_count_said_alone_after_a_deal_again_counts_the_redeals(second: str, times: int) -> None:
    draft = sentences_draft(
        [
            "Раскладывают восемь стопок по шесть карт.",
            "Если пасьянс не сошёлся, карты стопок собирают, перемешивают и раскладывают заново.",
            second,
        ]
    )
    assert draft.spec["redeal"]["times"] == times
    assert draft.spec["redeal"]["shuffle"] is True


def test_a_count_said_alone_after_the_talon_turned_back_counts_its_passes() -> None:
    draft = sentences_draft(
        [
            "Раскладывают семь стопок по пять карт.",
            "Из колоды карты по одной выкладываются в отбой.",
            "Когда колода закончится, отбой становится новой колодой.",
            "Так можно сделать два раза.",
        ]
    )
    assert draft.spec["moves"]["turn"]["recycle"] == 2
    assert draft.spec["redeal"] is None


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Допускается три прохода по колоде.", [("turn.recycle", 2)]),
        ("Всего два прохода колоды.", [("turn.recycle", 1)]),
        ("Разрешено проходить колоду три раза.", [("turn.recycle", 2)]),
        ("Разрешаются две раскладки после первой.", [("redeal.deals", 3)]),
        ("Допускается одна пересдача после первой раскладки.", [("redeal.deals", 2)]),
        ("Разрешаются две раскладки после второй.", []),
        ("Колоду прокручивают по три карты.", [("turn.count", 3)]),
        ("Колоду пролистывают по одной карте.", [("turn.count", 1)]),
        ("Прокручивать колоду можно неограниченное число раз.", [("turn.recycle", "unlimited")]),
    ],
)
def test_paradigm_passes_and_deals_counted_by_their_nouns(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Если пасьянс не сошёлся, карты собирают и раскладывают снова, "
            "в каждой следующей сдаче на одну карту меньше.",
            [("redeal.unless_won", True), ("redeal.again", True), ("redeal.fewer", 1)],
        ),
        ("При каждой новой раскладке в кучку кладут на одну карту меньше.", [("redeal.fewer", 1)]),
        ("В кучку кладут на одну карту меньше.", []),  # no «каждый»: no rule of the passes
    ],
)
def test_paradigm_each_pass_a_card_fewer(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


def test_passes_a_card_fewer_each_go_down_to_one_card_a_pile() -> None:
    draft = sentences_draft(
        [
            "Всю колоду раскладывают в тринадцать кучек по четыре карты.",
            "Если пасьянс не сошёлся, карты собирают и раскладывают снова, "
            "в каждой следующей сдаче на одну карту меньше.",
        ]
    )
    assert draft.spec["redeal"]["times"] == 3
    assert "not each one's cards" in draft.spec["provenance"]["redeal.deal"]["note"]
