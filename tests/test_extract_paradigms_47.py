"""Phrasing classes of the forty-seventh round (issue 18): the development misses and variant
losses grouped by class, each fixed as a class.

Every sentence and text here is a probe written for this test (none is taken from a real
set): other numerals, other cases, other synonyms and the other spelling than any passage
used. Each with its exact facts or key facts, and the near phrasings that must not give them."""

from __future__ import annotations

import pytest
from code_facts import key_facts
from ingest_helpers import ingested_games
from sentence_game import fact_pairs, said

from pipeline.extract.facts import sentence_facts
from pipeline.segment.sentences import split_sentences


def _split(text: str) -> list[str]:
    return [text[a:b] for a, b in split_sentences(text)]


# ---- excerpts run together without a stop, in pre-reform spelling ----------------------


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        (
            "ихъ откладываютъ въ сторо Послѣ того раскладываютъ десять картъ.",
            ["ихъ откладываютъ въ сторо", "Послѣ того раскладываютъ десять картъ."],
        ),
        (
            "кладутся въ одинъ рядъ Всѣ остальныя карты идутъ въ талонъ.",
            ["кладутся въ одинъ рядъ", "Всѣ остальныя карты идутъ въ талонъ."],
        ),
        (
            "играющій снимаетъ ко Передъ началомъ игры тасуютъ колоду.",
            ["играющій снимаетъ ко", "Передъ началомъ игры тасуютъ колоду."],
        ),
        (
            "по мѣрѣ выхода ихъ кладутъ на Отсчитавъ двѣнадцать картъ, кладутъ ихъ въ рядъ.",
            ["по мѣрѣ выхода ихъ кладутъ на", "Отсчитавъ двѣнадцать картъ, кладутъ ихъ въ рядъ."],
        ),
        (  # the modern spelling, as before
            "их кладут над маг Из трех колод выкладывают девять карт.",
            ["их кладут над маг", "Из трех колод выкладывают девять карт."],
        ),
    ],
)
def test_a_joint_in_pre_reform_spelling_cuts_the_excerpts(text: str, parts: list[str]) -> None:
    assert _split(text) == parts


@pytest.mark.parametrize(
    "text",
    [
        "кладутъ ее подъ пиковаго короля Людовика.",  # a name, no joint word
        "карты кладутся на Изъятыя карты",  # a joint word's stem, not the word
        "послѣ того Всѣ.",  # no lower-case word after the capital
    ],
)
def test_no_joint_without_its_word_and_a_lower_case_word_after(text: str) -> None:
    assert _split(text) == [text]


def test_two_pre_reform_excerpts_run_together_are_two_games() -> None:
    text = (
        "Пасьянсы\n\nИграютъ колодою изъ 36 картъ. Тузы кладутъ отдѣльно въ рядъ. На нихъ "
        "кладутъ карты по масти въ восходящемъ порядкѣ, и по мѣрѣ выхода ихъ кладутъ подъ "
        "ко Изъ трехъ полныхъ колодъ выкладываютъ десять картъ въ одинъ рядъ. На эти карты "
        "кладутъ въ нисходящемъ порядкѣ подходящія карты изъ колоды.\n"
    )
    assert len(ingested_games(text, "page.txt")) == 2


# ---- one heap of any suit: the card in play said as the player's own, the ranks round ----


def _pairs(sentence: str) -> list:
    return [(f.key, f.value) for f in sentence_facts(sentence)[0]]


_HEAP = fact_pairs(
    ("foundation.count", 1),
    ("foundation.direction", {"base": None, "direction": "both"}),
    ("suit.any", True),
)


@pytest.mark.parametrize(
    "sentence",
    [
        "Снимайте любую открытую карту на единицу выше или ниже твоей.",
        "Убирайте карты, которые на одно достоинство старше или младше вашей (например, 9 или J).",
        "Можно брать карту на ранг выше или ниже вашей карты.",
    ],
)
def test_the_players_own_card_compared_is_the_card_in_play(sentence: str) -> None:
    assert said(sentence) == _HEAP


@pytest.mark.parametrize(
    "sentence",
    [
        "Положите вашу карту на свободный столбец.",  # no comparison: any card
        "Твоя карта открыта.",
    ],
)
def test_a_possessive_not_compared_is_no_card_in_play(sentence: str) -> None:
    assert ("foundation.count", 1) not in _pairs(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Достоинства карт замыкаются в круг.",
        "Номиналы карт идут по кругу.",
        "Значения следуют кругом.",
        "Счёт идёт по кругу.",
    ],
)
def test_the_ranks_going_round_wrap(sentence: str) -> None:
    assert ("foundation.wrap", True) in _pairs(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Карты раскладывают по кругу.",  # a circle of the layout
        "Ранг карты определяет её место в круге двенадцати пачек.",  # the circle not the end
    ],
)
def test_a_circle_of_places_is_no_wrap(sentence: str) -> None:
    assert ("foundation.wrap", True) not in _pairs(sentence)


def test_a_heap_of_any_suit_said_with_the_players_card_and_ranks_round() -> None:
    text = (
        "Три горки\n\nИграют одной колодой. Двадцать восемь карт раскладывают тремя горками. "
        "Цель — убрать все карты со стола. Снимать можно открытую карту на единицу старше или "
        "младше вашей. Ранги идут по кругу: на короля можно положить туза.\n"
    )
    facts = key_facts(text)
    assert {k: facts[k] for k in ("foundations", "foundation.direction", "foundation.suit")} == {
        "foundations": 1,
        "foundation.direction": "both",
        "foundation.suit": "any",
    }
    assert facts["foundation.wrap"] is True


# ---- the stock formed again from the waste; the waste as «открытый остаток» --------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Когда колода закончится, её вновь собирают из отбоя.",
        "Когда прикуп иссякнет, прикуп снова формируется из сброса.",
        "Карты сброса разрешается снова сложить в колоду.",
        "Если прикуп пуст, его можно снова собрать из открытого остатка.",
    ],
)
def test_the_stock_formed_again_from_the_waste_is_turned_back(sentence: str) -> None:
    assert ("turn.back", True) in _pairs(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Карты снова берут из сброса.",  # taken, not formed into a stock
        "Остаток колоды открывают.",  # the stock's rest, not a rest turned up
    ],
)
def test_no_stock_formed_again_without_its_verb_and_the_waste(sentence: str) -> None:
    assert ("turn.back", True) not in _pairs(sentence)


def test_the_count_after_the_stock_formed_again_is_its_redeals() -> None:
    text = (
        "Пирамидка\n\nИграют одной колодой. Семь стопок по четыре карты в каждой, все "
        "открыты. Карты с колоды открываются по одной на отбой. Когда прикуп кончится, "
        "его вновь собирают из открытого остатка. Но так можно делать только два раза.\n"
    )
    facts = key_facts(text)
    assert facts["stock.turn"] == 1
    assert facts["redeals"] == 2


# ---- a share dealt to each pile a number of times; a share more («ещё») -----------------


@pytest.mark.parametrize(
    ("sentence", "cards"),
    [
        ("В каждую кучку пять раз кладут по карте.", 5),
        ("На каждый столбец дважды сдают по две карты.", 4),
        ("В каждую стопку сдают по одной карте, и так шесть раз.", 6),
    ],
)
def test_a_share_dealt_a_number_of_times_is_the_cards_each(sentence: str, cards: int) -> None:
    assert said(sentence) == fact_pairs(("deal.per_pile", cards))


@pytest.mark.parametrize(
    "sentence",
    [
        "Колоду перебирают по три карты, три раза.",  # passes through the stock
        "Если на каждую стопку три раза сдано по карте, игра начинается.",  # a condition
    ],
)
def test_no_share_times_with_a_turn_or_a_condition(sentence: str) -> None:
    assert "deal.per_pile" not in {k for k, _ in _pairs(sentence)}


@pytest.mark.parametrize(
    ("sentence", "more"),
    [
        ("Потом ещё три раза на каждую стопку кладут по одной карте лицом вверх.", 3),
        ("Затем на каждую кучку сдают ещё по две карты.", 2),
    ],
)
def test_a_share_more_is_said_as_more(sentence: str, more: int) -> None:
    assert said(sentence) == fact_pairs(("deal.more", more))


def test_a_layer_on_piles_said_before_is_no_share_more() -> None:
    assert _pairs("На каждую из них кладут затем ещё по две карты, уже открытые.") == []


def test_shares_said_in_turn_add_up_to_the_cards_each() -> None:
    text = (
        "Башенка\n\nИграют одной колодой. Семь стопок в ряд. Сначала на каждую стопку дважды "
        "сдают по одной карте лицом вниз. Потом ещё три раза на каждую стопку кладут по одной "
        "карте лицом вверх. Карты в стопках собирают в нисходящем порядке по масти.\n"
    )
    facts = key_facts(text)
    assert (facts["tableau.piles"], facts["tableau.cards"]) == (7, 5)


# ---- the layout said as «игровое поле» after a place noun: the noun so qualified --------


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        ("В каждую колонку игрового поля кладут по три карты.", [("deal.per_pile", 3)]),
        (
            "На каждый столбец игрового поля сдают по две карты лицом вниз.",
            [("deal.per_pile", 2), ("deal.face", "down")],
        ),
        ("В каждую кучку игрового поля раздают по четыре карты.", [("deal.per_pile", 4)]),
    ],
)
def test_a_place_of_the_playing_field_is_the_place(sentence: str, facts: list) -> None:
    assert said(sentence) == fact_pairs(*facts)


def test_the_playing_field_alone_stays_the_layout() -> None:
    assert said("Игровое поле состоит из семи стопок.") == fact_pairs(
        ("tableau.shape", {"noun": "PACKET", "count": 7})
    )


# ---- a staircase told round by round over the last piles --------------------------------


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        (
            "Затем кладут по карте на последние пять колонок, потом на последние четыре, и так "
            "далее.",
            [("deal.triangle", True)],
        ),
        (
            "Потом по одной карте сдают на последние девять столбцов, затем на последние восемь и "
            "так далее, пока в последнем столбце не будет девяти карт.",
            [("deal.triangle", True), ("deal.last_holds", 9)],
        ),
        (
            "Так продолжается до тех пор, пока в последней колонке не окажется шесть карт.",
            [("deal.last_holds", 6)],
        ),
    ],
)
def test_rounds_to_the_last_piles_one_fewer_are_a_staircase(sentence: str, facts: list) -> None:
    assert said(sentence) == fact_pairs(*facts)


def test_rounds_to_the_last_piles_not_one_fewer_are_no_staircase() -> None:
    assert "deal.triangle" not in {
        k
        for k, _ in _pairs(
            "Затем кладут по карте на последние пять колонок, потом на последние три."
        )
    }


def test_a_staircase_told_round_by_round_deals_one_to_n() -> None:
    text = (
        "Лесенка\n\nИграют одной колодой. Шесть стопок в ряд. Сначала по одной карте лицом вниз "
        "сдают на все шесть стопок, затем по карте на последние пять, потом на последние четыре "
        "и так далее до тех пор, пока в последней стопке не окажется шесть карт. Карты в стопках "
        "собирают в нисходящем порядке по масти.\n"
    )
    facts = key_facts(text)
    assert (facts["tableau.piles"], facts["tableau.cards"]) == (6, [1, 2, 3, 4, 5, 6])


# ---- one heap built either way: onto the foundation, or to the waste in either order; the
# ---- layout's cards all to the waste as the goal


def test_a_card_onto_the_foundation_a_rank_either_side_of_its_top() -> None:
    assert said(
        "Карту разрешается положить на основание, если она на единицу выше или ниже верхней "
        "карты основания."
    ) == fact_pairs(
        ("foundation.direction", {"base": None, "direction": "both"}), ("suit.any", True)
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "Карты кладут на отбой по убыванию или по возрастанию.",
        "Карты перемещаются в сброс в порядке возрастания или убывания.",
    ],
)
def test_cards_to_the_waste_in_either_order_are_one_heap(sentence: str) -> None:
    assert said(sentence) == _HEAP


@pytest.mark.parametrize(
    "sentence",
    [
        "Карту кладут на основание, если она на единицу старше верхней карты основания.",
        "Карты кладут в сброс по возрастанию.",
    ],
)
def test_one_way_is_no_heap_either_way(sentence: str) -> None:
    pairs = _pairs(sentence)
    assert ("foundation.direction", {"base": None, "direction": "both"}) not in pairs


@pytest.mark.parametrize(
    "sentence",
    [
        "Задача — переместить все карты из колонок на сброс.",
        "Пасьянс удался, если все карты раскладки переложены в отбой.",
    ],
)
def test_the_layouts_cards_all_to_the_waste_is_the_layout_cleared(sentence: str) -> None:
    assert ("win.cleared", True) in _pairs(sentence)


def test_all_cards_to_the_stock_is_no_win() -> None:
    assert ("win.cleared", True) not in _pairs("Цель игры — переложить все карты в колоду.")


def test_a_staircase_ends_when_the_last_pile_holds_its_count() -> None:
    text = (
        "Лесенка\n\nИграют одной колодой. Шесть стопок в ряд. Сначала по одной карте сдают на "
        "все шесть стопок, затем по карте на последние пять, потом на последние четыре и так "
        "далее до тех пор, пока в последней стопке не окажется четыре карты. Карты в стопках "
        "собирают в нисходящем порядке по масти.\n"
    )
    assert key_facts(text)["tableau.cards"] == [1, 2, 3, 4, 4, 4]
