"""Composed phrases of the forty-fifth round (issue 18 §3): rows of cards that are a grid of
one-card places (said with the cards they hold, or in a game with no building on the layout),
no building said with a place between or as cards not gathered into groups, each foundation
base keeping the way first said for it, and cards taken counted with a colour and their suits
in apposition.

Every sentence and text here is a probe written for this test (none is taken from a real
set). Each with its exact facts or key facts, and the near phrasings that must not give them."""

from __future__ import annotations

import pytest
from code_facts import key_facts
from sentence_game import fact_pairs, said

from pipeline.extract.facts import sentence_facts


def _keys(sentence: str) -> set[str]:
    """The keys of a sentence's facts, whatever part of it is left loose."""
    return {f.key for f in sentence_facts(sentence)[0]}


def _value(sentence: str, key: str) -> object:
    """The value of the sentence's first fact of `key` (None: no such fact)."""
    return next((f.value for f in sentence_facts(sentence)[0] if f.key == key), None)


def _grid(n: int) -> list:
    return fact_pairs(("tableau.shape", {"noun": "ROW", "count": n}), ("deal.per_pile", 1))


def _columns(piles: int, rounds: int) -> list:
    return fact_pairs(("tableau.shape", {"noun": "ROW", "count": piles}), ("deal.round", rounds))


# ---- rows said with the cards they hold: a grid of places ---------------------------------


@pytest.mark.parametrize(
    ("sentence", "n"),
    [
        ("Выкладывают двенадцать карт открытыми в два ряда, по шести карт в каждом.", 12),
        ("Сдают двенадцать из них открытыми, в три ряда по четыре карты.", 12),
        ("Выкладывают шестнадцать карт лицом вверх в четыре ряда, по четыре карты в каждом.", 16),
        ("Раскладывают из них девять карт открытыми в три ряда, по три карты в каждом.", 9),
        ("Раскладывают шестнадцать карт в два ряда по восьми.", 16),
        ("Выкладывают 20 карт в 4 ряда по 5 карт.", 20),
    ],
)
def test_rows_with_the_cards_they_hold_are_a_grid(sentence: str, n: int) -> None:
    assert said(sentence) == _grid(n)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the total is not the rows' cards: the usual columns
        ("Выкладывают десять карт в три ряда, по четыре карты в каждом.", _columns(4, 3)),
        # no total said: the usual columns
        ("Карты выкладывают в три ряда по четыре карты.", _columns(4, 3)),
        # a card laid over another: columns
        (
            "Выкладывают двенадцать карт в три ряда, по четыре карты, так что карты "
            "следующего ряда покрывают карты предыдущего.",
            _columns(4, 3),
        ),
    ],
)
def test_rows_that_stay_columns(sentence: str, expected: list) -> None:
    assert said(sentence) == expected


def test_rows_with_columns_named_stay_columns() -> None:
    facts = said(
        "Выкладывают сорок карт в четыре ряда, по десяти карт в каждом, так что получается "
        "десять столбцов, по четыре карты."
    )
    assert fact_pairs(("deal.round", 4))[0] in facts
    assert fact_pairs(("deal.per_pile", 1))[0] not in facts


def test_rows_that_are_piles_stay_piles() -> None:
    assert said(
        "Сдают тридцать две карты в восемь рядов, по четыре карты; карты каждого ряда "
        "кладутся одна на другую."
    ) == _columns(8, 4)


# ---- rows in a game with no building on the layout ----------------------------------------


@pytest.mark.parametrize(
    "no_building",
    [
        "Марьяжа на нём не делают.",
        "Карты в раскладе можно перемещать, но не собирать в группы.",
    ],
)
def test_rows_in_a_game_with_no_building_are_a_grid(no_building: str) -> None:
    facts = key_facts(
        "Пасьянс «Проба»\n\nКарты раскладывают в четыре ряда по пять карт. "
        f"{no_building} Тузы кладут на основания, на них собирают масти до королей.\n"
    )
    assert (facts["tableau.piles"], facts["tableau.cards"], facts["build.direction"]) == (
        20,
        1,
        "none",
    )


def test_rows_in_a_game_with_building_stay_columns() -> None:
    facts = key_facts(
        "Пасьянс «Проба»\n\nКарты раскладывают в четыре ряда по пять карт. "
        "В раскладке карты кладут одна на другую в нисходящем порядке. "
        "Тузы кладут на основания, на них собирают масти до королей.\n"
    )
    assert (facts["tableau.piles"], facts["tableau.cards"]) == (5, 4)


# ---- no building said with a place between, or as cards not gathered ---------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Марьяжа на нём не делают.",
        "Марьяжа в раскладке не делают, и пустые места ничем не заполняются.",
        "Карты в раскладе можно перемещать, но не собирать в группы.",
        "В столбцах карты не собираются в последовательности.",
    ],
)
def test_no_building_said(sentence: str) -> None:
    assert _value(sentence, "marry.none") is True


@pytest.mark.parametrize(
    "sentence",
    [
        "Марьяжа на нём не делают, пока колода не вышла.",  # a condition: not never
        "На основаниях карты собирают в стопки.",
        "В раскладе карты не собирают.",  # gathered where: not said
    ],
)
def test_no_building_not_said(sentence: str) -> None:
    assert "marry.none" not in _keys(sentence)


# ---- each foundation base keeps the way first said for it ---------------------------------


def test_a_win_naming_the_last_cards_keeps_each_bases_way() -> None:
    facts = key_facts(
        "Пасьянс «Проба»\n\nОсновными картами служат четыре туза и четыре короля. "
        "На тузы кладут карты той же масти в восходящем порядке; на королей, напротив, в "
        "нисходящем. Карты раскладывают в восемь стопок по пять карт. "
        "Пасьянс сошёлся, когда на тузах лежат короли, а на королях тузы.\n"
    )
    assert (facts["foundation.base"], facts["foundation.direction"]) == (
        ["A", "K"],
        ["down", "up"],
    )


# ---- cards taken counted with a colour and their suits in apposition ----------------------


@pytest.mark.parametrize(
    ("sentence", "taken"),
    [
        (
            "Вынимают из колоды двух черных тузов, пикового и трефового, и двух красных "
            "королей, червонного и бубнового.",
            [(2, 1), (2, 13)],
        ),
        ("Вынимают из колоды двух черных тузов и двух красных королей.", [(2, 1), (2, 13)]),
        ("Вынимают четыре туза и четыре короля.", [(4, 1), (4, 13)]),
    ],
)
def test_cards_taken_with_a_colour(sentence: str, taken: list) -> None:
    assert _value(sentence, "setup.take") == taken


# ---- a packet counted out, one card laid on another: one pile, a reserve ------------------


@pytest.mark.parametrize(
    ("sentence", "face"),
    [
        (
            "Отсчитывают тринадцать карт, которые кладут открытыми одна на другую в одну пачку.",
            "up",
        ),
        ("Отсчитывают одиннадцать карт и кладут их открытыми одна на другую.", "up"),
        ("Отсчитывают одиннадцать карт и кладут их открытыми на стол, одну на другую.", "up"),
        (
            "Отсчитывают тринадцать карт и кладут их налево одною пачкою, лицом вниз, "
            "исключая верхнюю карту, которую открывают.",
            "down-but-last",
        ),
        (
            "Кладут тринадцать из них в одну пачку рубашкою вверх, исключая самую верхнюю, "
            "которую открывают.",
            "down-but-last",
        ),
    ],
)
def test_a_packet_counted_out(sentence: str, face: str) -> None:
    n = 13 if "тринадцать" in sentence else 11
    assert said(sentence) == fact_pairs(
        ("tableau.shape", {"noun": "PACKET", "count": 1}),
        ("deal.per_pile", n),
        ("deal.face", face),
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "В раскладке карты кладут одна на другую в нисходящем порядке.",  # building
        "Четыре карты кладут в ряд.",  # no pile
    ],
)
def test_no_packet_counted_out(sentence: str) -> None:
    assert _value(sentence, "deal.per_pile") is None


def test_a_packet_named_a_reserve_with_no_layout_read_is_the_reserve() -> None:
    facts = key_facts(
        "Пасьянс «Проба»\n\nКладут тринадцать из них в одну пачку рубашкою вверх, исключая "
        "самую верхнюю, которую открывают; это запасная пачка.\n"
    )
    assert (facts["reserve.piles"], facts["reserve.cards"]) == (1, 13)


def test_a_packet_with_waste_piles_is_the_reserve() -> None:
    facts = key_facts(
        "Пасьянс «Проба»\n\nОтсчитывают тринадцать карт, которые кладут открытыми одна на "
        "другую в одну пачку. Остальные карты открывают по одной; негодную карту кладут в "
        "одну из пяти пачек талона, по выбору играющего.\n"
    )
    assert (facts["reserve.piles"], facts["reserve.cards"], facts["tableau.piles"]) == (1, 13, 0)


# ---- a space filled at the player's wish, from one of several piles, after a when-clause --


@pytest.mark.parametrize(
    "wish", ["когда играющий пожелает", "когда играющему угодно", "когда он захочет"]
)
def test_a_space_filled_at_the_players_wish(wish: str) -> None:
    sentence = f"Пустое место закрывается, {wish}, верхнею картою талона."
    assert said(sentence) == fact_pairs(("fill.sources", ["talon"]), ("fill.timing", "optional"))


def test_a_space_filled_past_another_condition_is_not_at_will() -> None:
    sentence = "Пустое место закрывается, когда колода выйдет, картою талона."
    assert _value(sentence, "fill.timing") is None


def test_stuck_or_at_the_players_wish_is_no_condition() -> None:
    wish = "Когда играть более нечего, или когда играющий пожелает, собирают пачки по порядку."
    assert not {"cond.stuck", "redeal.when"} & _keys(wish)
    assert {"cond.stuck", "redeal.when"} & _keys(
        "Когда играть более нечего, собирают пачки по порядку."
    )


@pytest.mark.parametrize(
    ("sentence", "sources"),
    [
        (
            "Пустое место закрывается верхнею картою одной из двух запасных пачек или верхнею "
            "картою талона.",
            ["reserve", "talon"],
        ),
        ("Пустое место закрывается верхней картой запасной пачки.", ["reserve"]),
        ("Пустое место закрывается верхнею картою одного из вееров.", ["tableau"]),
    ],
)
def test_a_space_filled_from_one_of_several_piles(sentence: str, sources: list) -> None:
    assert _value(sentence, "fill.sources") == sources


@pytest.mark.parametrize("at", ["в раскладке", "в нижнем ряду", "в одной из стопок"])
def test_a_vacancy_said_as_a_when_clause(at: str) -> None:
    sentence = f"Когда {at} освобождается место, его тотчас закрывают верхнею картою талона."
    assert said(sentence) == fact_pairs(("fill.sources", ["talon"]), ("fill.at_once", True))


def test_a_when_clause_with_no_vacancy_fills_nothing() -> None:
    assert "fill.sources" not in _keys(
        "Когда колода выйдет, его тотчас закрывают верхнею картою талона."
    )


# ---- the next row dealt when play stops, its condition and cards said in full -------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Когда играть более нечего, сдают из колоды по одной открытой карте на каждую из семи "
        "кучек.",
        "Когда из раскладки нечего более играть, сдают из колоды следующие четыре карты, по "
        "одной на каждую кучку.",
        "Когда ничего более нельзя сделать, сдают следующие двадцать карт, по одной на каждую "
        "кучку, не исключая и пустых мест.",
    ],
)
def test_the_next_row_when_play_stops(sentence: str) -> None:
    facts, loose = sentence_facts(sentence)
    assert ("deal.next_round", "stuck") in [(f.key, f.value) for f in facts]
    assert loose == []


def test_a_row_after_another_condition_is_no_next_round_when_stuck() -> None:
    sentence = "Когда колода выйдет, сдают по одной карте на каждую кучку."
    assert _value(sentence, "deal.next_round") != "stuck"


def test_including_is_no_negation() -> None:
    _, loose = sentence_facts("Сдают по одной карте на каждую кучку, не исключая и пустых мест.")
    assert loose == []


# ---- an ordinal of several words; the last card laid apart as one more pile ---------------


@pytest.mark.parametrize(
    ("sentence", "n"),
    [
        ("Пятьдесят вторая карта.", 52),
        ("Двадцать первая карта.", 21),
        ("Сто четвертая карта.", 104),
    ],
)
def test_an_ordinal_of_several_words_is_one(sentence: str, n: int) -> None:
    from pipeline.extract.tokens import tokenize

    assert [(t.type, t.value) for t in tokenize(sentence) if t.type in ("NUM", "ORD")] == [
        ("ORD", n)
    ]


@pytest.mark.parametrize(
    "last",
    [
        "пятьдесят вторая карта кладется отдельно и составляет восемнадцатый веер",
        "а последняя, пятьдесят вторая карта, составляет восемнадцатый веер одна",
        "последняя карта составляет восемнадцатый веер",
    ],
)
def test_the_last_card_is_one_more_pile(last: str) -> None:
    sentence = f"Раскладывают семнадцать вееров, по три карты в каждом; {last}."
    assert _value(sentence, "tableau.shape") == {"noun": "PACKET", "count": 18}


def test_a_card_not_after_the_piles_cards_is_no_pile() -> None:
    sentence = (
        "Раскладывают семнадцать вееров, по три карты в каждом; пятидесятая карта составляет "
        "восемнадцатый веер."
    )
    assert _value(sentence, "tableau.shape") == {"noun": "PACKET", "count": 17}
