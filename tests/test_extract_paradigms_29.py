"""Composed phrases of the twenty-ninth round (issue 18 §3): a card named by a predicate in a
condition and taken up by a pronoun («Если карта — король, её можно положить в пустую
стопку»); a place named by a generic word («слот», «ячейка», «место») that takes the
foundations' role from what is said of it (gathered by a whole suit, all cards gathered in it).
Each with its exact facts, in sentences written for the test, and the near
phrasings that must not give them."""

from __future__ import annotations

import pytest
from sentence_game import fact_pairs, said, sentences_draft

_KING = [("build.empty", 13)]
_ACE = [("foundation.cards", [1])]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Если карта — король, её можно положить в пустую стопку.", _KING),
        ("Если карта является королём, её можно положить в пустую стопку.", _KING),
        ("Если это король, его можно переложить на свободное место.", _KING),
        ("Когда карта - король, ее можно положить в пустую колонку.", _KING),
        ("Если открытая карта — король, её можно переместить в пустой столбец.", _KING),
        ("Если карта — дама, её можно положить в пустую стопку.", [("build.empty", 12)]),
        (
            "Если карта — король или дама, её можно положить в пустую стопку.",
            [("build.empty", [13, 12])],
        ),
        ("Если карта — король, она может быть положена в пустую стопку.", _KING),
        ("Если это король, то его можно положить на пустое место.", _KING),
        ("Если верхняя карта столбца — туз, её переносят на основание.", _ACE),
        ("Если карта является тузом, то её кладут на основание.", _ACE),
    ],
)
def test_paradigm_a_card_named_by_a_predicate_then_a_pronoun(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


@pytest.mark.parametrize(
    "sentence",
    [
        "Если карта — король, её нельзя положить в пустую стопку.",  # negated: reported, unread
        "Если карта — король, на неё можно положить даму.",  # the pronoun after a preposition
    ],
)
def test_a_card_named_by_a_predicate_gives_no_space_where_the_clause_says_none(
    sentence: str,
) -> None:
    from pipeline.extract.facts import sentence_facts

    facts, _ = sentence_facts(sentence)
    assert "build.empty" not in {f.key for f in facts}


def test_a_card_named_by_a_predicate_onto_the_foundations_is_no_space() -> None:
    assert said("Если карта — король, её можно положить на основание.") == fact_pairs(
        ("foundation.cards", [13])
    )


def test_a_card_named_by_an_event_stays_as_its_own_islands_read_it() -> None:
    # «если открылся туз, его …» tells an event, no naming: foundation_as_they_come reads it
    assert said("Если открылся туз, его кладут на основание.") == fact_pairs(
        ("foundation.cards", [1])
    )


def _whole_suit(base: int, last: int) -> list:
    way = "up" if last > base else "down"
    return [
        ("foundation.direction", {"base": base, "direction": way}),
        ("foundation.last", {"base": base, "last": last}),
        ("suit.same", True),
    ]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "На каждый слот кладутся карты одной масти в порядке уменьшения достоинства — от "
            "короля до туза.",
            _whole_suit(13, 1),
        ),
        ("На каждую ячейку кладут карты одной масти от короля до туза.", _whole_suit(13, 1)),
        (
            "В четыре слота собирают карты по масти от туза до короля.",
            [("foundation.count", 4), *_whole_suit(1, 13)],
        ),
        ("В ячейки вверху собирают карты по масти от туза до короля.", _whole_suit(1, 13)),
    ],
)
def test_paradigm_a_generic_place_gathered_by_a_whole_suit_is_a_foundation(
    sentence: str, expected: list
) -> None:
    assert said(sentence) == fact_pairs(*expected)


def test_a_generic_place_gathered_by_part_of_a_suit_is_no_foundation() -> None:
    # «от двойки до короля» on a place named by a generic word says no role: the suit alone
    assert said("На каждое место кладут карты одной масти от двойки до короля.") == fact_pairs(
        ("suit.same", True)
    )


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Цель игры — собрать все карты в четырёх угловых ячейках.",
            [("foundation.count", 4), ("win.foundations", True)],
        ),
        (
            "Цель игры — собрать 104 карты в четырёх угловых слотах.",
            [("decks", 2), ("foundation.count", 4), ("win.foundations", True)],
        ),
    ],
)
def test_paradigm_the_places_all_cards_are_gathered_in_are_the_foundations(
    sentence: str, expected: list
) -> None:
    assert said(sentence) == fact_pairs(*expected)


def test_some_cards_gathered_in_generic_places_are_no_goal() -> None:
    facts = dict(said("Цель игры — собрать 13 карт в четырёх ячейках."))
    assert "win.foundations" not in facts and "foundation.count" not in facts


def test_a_goal_in_generic_slots_makes_foundations_in_the_draft() -> None:
    draft = sentences_draft(
        [
            "Цель игры — собрать 104 карты в четырёх угловых слотах.",
            "На каждый слот кладутся карты одной масти от короля до туза.",
        ]
    )
    rules = draft.checked.rules
    found = [g for g, p in rules["piles"].items() if p.get("role") == "foundation"]
    assert rules["decks"] == 2
    assert sum(rules["piles"][g]["count"] for g in found) == 4


@pytest.mark.parametrize(
    ("sentence", "way"),
    [
        ("Нельзя класть карту на карту младше её.", "down"),
        ("Карту нельзя положить на карту, которая младше её.", "down"),
        ("Не разрешается класть карту на карту меньшего достоинства.", "down"),
        ("Нельзя класть старшую карту на младшую.", "down"),
        ("Старшую карту на младшую класть нельзя.", "down"),
        ("Класть карты на младшие нельзя.", "down"),
        ("Нельзя класть младшую карту на старшую.", "up"),
        ("Нельзя класть карту на карту старше её.", "up"),
    ],
)
def test_paradigm_a_way_of_building_said_by_what_is_not_allowed(sentence: str, way: str) -> None:
    assert said(sentence) == fact_pairs(("build.direction", way))


_ALTERNATE = ("build.suit", "alternate")


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Нельзя класть карту на карту другой масти.", ("suit.same", True)),
        ("Класть карты одного цвета друг на друга нельзя.", _ALTERNATE),
        ("Нельзя класть красную карту на красную, а чёрную на чёрную.", _ALTERNATE),
        ("Нельзя класть красную карту на красную, а черную — на черную.", _ALTERNATE),
    ],
)  # fmt: skip
def test_paradigm_a_suit_rule_said_by_what_is_not_allowed(sentence: str, expected: tuple) -> None:
    assert said(sentence) == fact_pairs(expected)


def test_a_relation_of_ranks_allowed_is_not_turned_round() -> None:
    # the positive form beside the negated one: onto a lower card is building up
    assert said("Карту можно класть на карту младше её.") == fact_pairs(("build.direction", "up"))


@pytest.mark.parametrize(
    "sentence",
    [
        "Первая открытая карта определяет достоинство всех оснований.",
        "Первая карта, положенная на основание, определяет достоинство всех оснований.",
        "Первая карта основания задаёт достоинство остальных оснований.",
    ],
)
def test_paradigm_a_card_whose_rank_is_every_base(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("foundation.same_rank", True))


def test_a_card_whose_rank_is_every_base_makes_the_base_the_first_card() -> None:
    draft = sentences_draft(
        [
            "Разложите четыре стопки по пять карт.",
            "Первая открытая карта определяет достоинство всех оснований.",
        ]
    )
    piles = draft.checked.rules["piles"]
    bases = {p["foundation"]["base"] for p in piles.values() if p.get("role") == "foundation"}
    assert bases == {"first"}


@pytest.mark.parametrize(
    ("sentence", "suit"),
    [
        ("На девятку можно положить восьмёрку другого цвета.", "alternate"),
        ("На даму кладут валета другого цвета.", "alternate"),
        ("На десятку кладут девятку другой масти.", "different"),
    ],
)
def test_paradigm_one_card_onto_a_middle_rank_with_a_suit_rule_is_building(
    sentence: str, suit: str
) -> None:
    assert said(sentence) == fact_pairs(("build.direction", "down"), ("build.suit", suit))


def test_a_named_foundation_keeps_its_base_beside_a_colour_rule() -> None:
    facts = dict(said("На основании на девятку кладут восьмёрку другого цвета."))
    assert "build.direction" not in facts


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Пустое поле может занять только король.", [("build.empty", 13)]),
        (
            "Если в раскладе появится пустая колонка, в неё можно положить короля.",
            [("build.empty", 13), ("cond.pile_emptied", True)],
        ),
        ("Пустые места в раскладе остаются незаполненными.", [("fill.none", True)]),
        ("Пустые места остаются незаполненными.", [("fill.none", True)]),
    ],
)
def test_paradigm_spaces_by_an_unknown_noun_a_place_in_the_layout_and_left_unfilled(
    sentence: str, expected: list
) -> None:
    assert said(sentence) == fact_pairs(*expected)


def test_an_unknown_noun_filled_by_any_card_is_no_rank() -> None:
    assert "build.empty" not in dict(said("Пустые поля заполняются любой картой."))


def _ace_to_king(suit: tuple) -> list:
    return [
        ("foundation.direction", {"base": 1, "direction": "up"}),
        ("foundation.last", {"base": 1, "last": 13}),
        suit,
    ]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "На основания кладут карты, следуя масти, от туза до короля.",
            _ace_to_king(("suit.same", True)),
        ),
        (
            "На основания кладут карты, не обращая внимания на масть, от туза до короля.",
            _ace_to_king(("suit.any", True)),
        ),
        (
            "На основания кладут карты, не соблюдая масти, от туза до короля.",
            _ace_to_king(("suit.any", True)),
        ),
        (
            "В столбцах кладут карты, независимо от масти, по убыванию.",
            [("build.direction", "down"), ("suit.any", True)],
        ),
    ],
)
def test_paradigm_a_suit_rule_said_as_an_aside_inside_its_clause(
    sentence: str, expected: list
) -> None:
    assert said(sentence) == fact_pairs(*expected)


def test_a_suit_aside_with_nothing_after_it_stays_where_it_is() -> None:
    from pipeline.extract.suit_asides import suit_asides
    from pipeline.extract.tokens import tokenize

    toks = tokenize("Карты кладут на основания, соблюдая масть.")
    assert suit_asides(toks) == toks


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "На туза кладут двойку той же масти.",
            [("foundation.direction", {"base": 1, "direction": "up"}), ("suit.same", True)],
        ),
        (
            "На туза кладут двойку той же масти, на двойку тройку и так далее до короля.",
            [*_ace_to_king(("suit.same", True))],
        ),
    ],
)
def test_paradigm_a_succession_of_ranks_keeps_its_suit(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)
