"""Composed phrases of the twenty-ninth round (issue 18 §3): a card named by a predicate in a
condition and taken up by a pronoun («Если карта — король, её можно положить в пустую
стопку»). Each with its exact facts, in sentences written for the test, and the near
phrasings that must not give them."""

from __future__ import annotations

import pytest
from sentence_game import fact_pairs, said

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
