"""Phrasing classes of the sixty-fourth round (issue 18 §3): what the twenty-seventh collection
of real prose (`real-dev-27`, `benchmarks/README.md`) showed the grammar missing, each fixed as
a phrase that composes with the verb frames around it.

Per class the sentence of the real development text that prompted it (the passage named), then
sentences written for this test in other inflections, word orders and synonyms, each with its
exact facts, and the near phrasings that must not read so."""

from __future__ import annotations

import pytest
from sentence_game import fact_pairs, said, sentences_draft

from pipeline.extract.facts import sentence_facts

UP_ANY = {"base": None, "direction": "up"}

# ---- «возвышающийся»: the old books' «ascending» is a direction like «возрастающий» --------


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "На тузов кладут карты по мастям в порядке возвышающемся.",
            [("foundation.direction", {"base": 1, "direction": "up"}), ("suit.same", True)],
        ),
        (
            "На основаниях карты идут возвышающимся порядком до короля.",
            [("foundation.direction", UP_ANY), ("foundation.last", {"base": None, "last": 13})],
        ),
        (  # the same frame with the modern word: the new lemma reads as the old one did
            "На тузов кладут карты по мастям в порядке возрастающем.",
            [("foundation.direction", {"base": 1, "direction": "up"}), ("suit.same", True)],
        ),
    ],
)
def test_vozvyshayushchijsya_is_ascending(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


# ---- «до конца колоды»: the deal goes on until the pack is out -----------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        # karty-idet-ne-idet
        "Второй ряд семи карт, равно как и все прочие до конца колоды, кладется на первые.",
        "Следующие ряды, до самого конца колоды, кладут на первый.",
        "Карты раскладывают рядами по семь карт до конца колоды.",
        "Так раскладывают ряды до самого конца колоды.",
    ],
)
def test_dealt_to_the_end_of_the_pack(sentence: str) -> None:
    assert ("deal.until_empty", "true") in said(sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the stock turned to its end is no deal
        ("Колоду перелистывают до конца колоды.", []),
        ("Карты из колоды открывают по одной до конца колоды.", [("turn.count", 1)]),
    ],
)
def test_the_end_of_the_pack_without_a_deal_verb_is_no_deal(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


def test_a_deal_to_the_end_of_the_pack_leaves_no_stock() -> None:
    first = "Кладут в одну линию семь карт."
    rest = "Следующие ряды, до конца колоды, кладут на первый."
    draft = sentences_draft([first, rest]).spec
    (step,) = draft["deal"]
    assert step["rounds"] is None
    assert "turn" not in draft["moves"]


# ---- «места начальные»: the foundations of the old books ---------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Карты кладут на места начальные по мастям в возрастающем порядке.",
        "На начальные места кладут карты по мастям в возрастающем порядке.",
        "На места начальные кладут карты по мастям и в порядке возрастающем.",
    ],
)
def test_mesta_nachalnye_are_the_foundations(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("foundation.direction", UP_ANY), ("suit.same", True))


def test_a_first_row_is_no_foundation() -> None:
    # karty-idet-ne-idet: «включая первого начального ряда» is the first row dealt
    assert said("Начальный ряд кладут из семи карт.") == []


# ---- the verb frame: taken onto the foundations, the condition saying the way -------------


@pytest.mark.parametrize(
    "sentence",
    [
        # karty-idet-ne-idet
        "Все семь карт могут быть вынимаемы на места начальные, если будут идти по мастям и в "
        "порядке возвышающемся.",
        "Карты кладут на основания, если они идут по мастям в восходящем порядке.",
        "Карты переносят в основной ряд, если они идут в масть и по возрастанию.",
        "Карты перекладывают на места начальные, если они идут по масти в порядке возрастания.",
        "Карты вынимают на основания по мастям в возрастающем порядке.",
    ],
)
def test_the_way_onto_the_foundations_said_as_a_condition_or_with_take(sentence: str) -> None:
    facts, loose = sentence_facts(sentence)
    assert loose == []
    assert {(f.key, str(f.value)) for f in facts} >= {
        ("foundation.direction", str(UP_ANY)),
        ("suit.same", "True"),
    }


def test_a_condition_of_room_stays_not_understood() -> None:
    # no way in the condition: the marker is still reported, not read as a rule
    _, loose = sentence_facts("Карты кладут в основной ряд, если там есть место.")
    assert loose == ["COND"]


@pytest.mark.parametrize(
    ("sentence", "rank"),
    [
        ("Тузы вынимаются по мере того, как будут вскрываться с руки.", 1),  # karty-idet-ne-idet
        ("Короли извлекаются по мере того, как открываются.", 13),
        ("Тузы вынимают по мере их появления.", 1),
    ],
)
def test_a_rank_taken_out_as_it_comes(sentence: str, rank: int) -> None:
    assert said(sentence) == fact_pairs(("cond.laid_as_they_come", {"rank": rank, "count": None}))
