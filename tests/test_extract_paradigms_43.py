"""Composed phrases of the forty-third round (issue 18 §3): one pile said before its cards or
counted out of the pack, piles with a bracketed aside of where they lie, an entry of a table
of places that is one pile, a card taken with all over it on the condition of a sequence in
suit, a colour example whose comparative is the card below's, cards dealt onto the talon with
no source said, a range of ranks said with the building's colours, and the cards gathered
onto a rank up to a rank.

Every sentence and text here is a probe written for this test (none is taken from a real
set). Each with its exact facts or key facts, and the near phrasings that must not give them."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from code_facts import key_facts
from sentence_game import fact_pairs, said, sentences_draft

from pipeline.extract.facts import sentence_facts


def _keys(sentence: str) -> set[str]:
    """The keys of a sentence's facts, whatever part of it is left loose."""
    return {f.key for f in sentence_facts(sentence)[0]}


ONE_PILE = (("tableau.shape", {"noun": "PACKET", "count": 1}), ("deal.per_pile", 13))

# ---- one pile said before its cards, or its cards counted out of the pack ----------------


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        (
            "В эту стопку кладётся тринадцать карт лицом вниз.",
            fact_pairs(*ONE_PILE, ("deal.face", "down")),
        ),
        ("В одну стопку кладут тринадцать карт.", fact_pairs(*ONE_PILE)),
        ("Кладут тринадцать из них в одну пачку.", fact_pairs(*ONE_PILE)),
    ],
)
def test_one_pile_said_before_its_cards(sentence: str, facts: list) -> None:
    assert said(sentence) == facts


@pytest.mark.parametrize(
    "sentence",
    ["В две стопки кладётся тринадцать карт.", "Кладут тринадцать из них в две пачки."],
)
def test_cards_into_several_piles_give_their_count_alone(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("tableau.shape", {"noun": "PACKET", "count": 2}))


def test_cards_into_the_waste_are_no_pile_of_the_layout() -> None:
    assert "tableau.shape" not in _keys("В стопку сброса кладётся тринадцать карт.")


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        (
            "Восемь ячеек (по четыре с каждой стороны от резерва), на каждую из которых"
            " сдаётся по карте лицом вверх.",
            fact_pairs(
                ("tableau.shape", {"noun": "PLACE", "count": 8}),
                ("deal.per_pile", 1),
                ("deal.face", "up"),
            ),
        ),
        (
            "Десять стопок (по пять в ряд), на каждую из которых сдаётся по три карты.",
            fact_pairs(("tableau.shape", {"noun": "PACKET", "count": 10}), ("deal.per_pile", 3)),
        ),
    ],
)
def test_a_bracketed_aside_of_where_piles_lie_keeps_their_deal(sentence: str, facts) -> None:
    """The share in the aside («по четыре с каждой стороны») is not the cards each."""
    assert said(sentence) == facts


STOCK = (
    "Пасьянс «Проба»\n\nЛевая верхняя стопка. Сюда кладутся карты, оставшиеся после раздачи.\n\n"
)
LAYOUT = "Семь стопок. На каждую сдаётся по три карты лицом вверх.\n"


def test_one_pile_of_many_cards_beside_the_layout_is_a_reserve() -> None:
    facts = key_facts(
        STOCK + "Средняя стопка. В эту стопку кладётся тринадцать карт лицом вниз. Отсюда"
        " берутся карты для заполнения пустых мест.\n\n"
        "Восемь стопок (по четыре с каждой стороны), на каждую из которых сдаётся по карте"
        " лицом вверх. Пустые места в раскладе заполняются картами из резерва.\n"
    )
    assert (facts["reserve.piles"], facts["reserve.cards"]) == (1, 13)
    assert (facts["tableau.piles"], facts["tableau.cards"]) == (8, 1)
    assert facts["space"] == "fill:reserve"


# ---- an entry of one place, gathered with no subject: one foundation ----------------------


@pytest.mark.parametrize(
    "entry",
    [
        "Одна стопка, центральная в нижнем ряду. Собирается по масти, начиная с туза.",
        "Одна стопка посередине. Собирается по порядку из пик.",
    ],
)
def test_an_entry_of_one_pile_gathered_is_one_foundation(entry: str) -> None:
    facts = key_facts(STOCK + entry + "\n\n" + LAYOUT)
    assert facts["foundations"] == 1
    assert (facts["tableau.piles"], facts["tableau.cards"]) == (7, 3)


def test_an_entry_of_one_pile_first_in_the_text_is_one_foundation() -> None:
    """«Стопка сверху.», the page's first line, stands as the introduction."""
    facts = key_facts("Пасьянс «Проба»\n\nСтопка сверху. Собирается по масти, начиная с туза.\n\n"
                      + LAYOUT)  # fmt: skip
    assert facts["foundations"] == 1


@pytest.mark.parametrize(
    "text",
    [
        # gathered down by colours: how a layout is built, not a foundation
        STOCK + "Одна стопка, центральная в нижнем ряду. Собирается в нисходящем порядке с"
        " чередованием цвета.\n\n" + LAYOUT,
        # plural piles: not one place
        "Пасьянс «Проба»\n\nСтопки сверху. Собираются по масти, начиная с туза.\n\n" + LAYOUT,
        # one pile said where it lies, then no gathering
        STOCK + "Одна стопка посередине. Сюда кладутся карты со всего расклада.\n\n" + LAYOUT,
    ],
)
def test_no_entry_of_one_gathered_pile_keeps_four_foundations(text: str) -> None:
    assert key_facts(text)["foundations"] == 4


# ---- a card taken with all over it if they are a sequence in suit: a run -------------------


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        (
            "Можно брать карту и всё, что над ней, если это убывающая последовательность одной"
            " масти.",
            fact_pairs(("build.run", True), ("build.direction", "down")),
        ),
        (
            "Переносить можно карту со всеми картами под ней, если они составляют"
            " последовательность одной масти.",
            fact_pairs(("build.run", True)),
        ),
    ],
)
def test_a_card_taken_with_a_sequence_in_suit_is_a_run(sentence: str, facts) -> None:
    """The suit is the run's: no `suit.same` for the building."""
    assert said(sentence) == facts


def test_cards_laid_in_suit_on_each_other_stay_the_buildings_suit() -> None:
    keys = _keys("Карты можно перекладывать друг на друга, если они одной масти.")
    assert "suit.same" in keys
    assert "build.run" not in keys


# ---- a colour example whose comparative is the card below's -------------------------------


@pytest.mark.parametrize(
    ("sentence", "way"),
    [
        ("Красную карту можно положить на черную на единицу старше.", "down"),
        ("Черную карту кладут на красную карту старшего достоинства.", "down"),
        ("Черную карту кладут на красную карту младше.", "up"),
        # the comparative of the card put, and a way said apart, as before
        ("На черную карту кладут красную на единицу младше.", "down"),
        ("Красные карты кладут на черные по убыванию.", "down"),
    ],
)
def test_a_colour_example_with_a_comparative(sentence: str, way: str) -> None:
    assert said(sentence) == fact_pairs(("build.suit", "alternate"), ("build.direction", way))


# ---- cards dealt onto the talon, no source said: the stock turned --------------------------


@pytest.mark.parametrize(
    ("sentence", "count"),
    [
        ("Карты сдаются по одной на сброс.", 1),
        ("По одной карте сдаётся на сброс.", 1),
        ("На сброс сдаётся по три карты.", 3),
        ("Карты сдаются на сброс по три.", 3),
    ],
)
def test_cards_dealt_onto_the_talon_are_the_stock_turned(sentence: str, count: int) -> None:
    assert said(sentence) == fact_pairs(("turn.count", count))


@pytest.mark.parametrize(
    "sentence",
    [
        "Из сброса берут по одной карте.",  # the waste's top card played
        "Карты сдаются по одной на каждую стопку.",  # a deal to the layout
    ],
)
def test_no_cards_dealt_onto_the_talon_no_turn(sentence: str) -> None:
    assert "turn.count" not in _keys(sentence)


# ---- a range of ranks said with the building's colours: the building's way ----------------


@pytest.mark.parametrize(
    ("sentence", "way"),
    [
        ("В колонках карты собираются от короля до туза с чередованием масти.", "down"),
        ("Карты в раскладе складываются от короля до туза с чередованием цвета.", "down"),
        ("Карты в колонках кладутся от туза до короля, чередуя цвета.", "up"),
    ],
)
def test_a_range_with_the_buildings_colours_is_its_way(sentence: str, way: str) -> None:
    assert said(sentence) == fact_pairs(("build.suit", "alternate"), ("build.direction", way))


def test_a_range_of_the_foundations_is_no_building() -> None:
    keys = _keys("На основаниях карты собираются от туза до короля по масти.")
    assert "build.direction" not in keys
    assert "foundation.direction" in keys


# ---- the cards gathered onto a rank up to a rank: a whole suit, its way ---------------------


@pytest.mark.parametrize(
    ("sentence", "base", "last", "way"),
    [
        ("На тузы собираются карты той же масти до короля.", 1, 13, "up"),
        ("На тузы собираются карты по масти до короля.", 1, 13, "up"),
        ("На королей кладут карты той же масти до тузов.", 13, 1, "down"),
    ],
)
def test_cards_gathered_onto_a_rank_up_to_a_rank(sentence: str, base, last, way) -> None:
    assert said(sentence) == fact_pairs(
        ("foundation.direction", {"base": base, "direction": way}),
        ("foundation.last", {"base": base, "last": last}),
        ("suit.same", True),
    )


def test_a_range_that_may_go_round_says_no_way() -> None:
    """«на двойки … до туза» may go up past the king: the last card only."""
    assert "foundation.direction" not in _keys("На двойки кладут карты той же масти до туза.")


# ---- a help page's deck type, its noun left out -------------------------------------------


@pytest.mark.parametrize(("cell", "decks"), [("Стандартная двойная.", 2), ("Стандартная.", 1)])
def test_the_deck_type_said_by_its_adjectives(cell: str, decks: int) -> None:
    assert key_facts("Пасьянс «Проба»\n\n" + cell + "\n\n" + LAYOUT)["decks"] == decks


# ---- a staircase said pile by pile, and the most the first piles get ----------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Каждая последующая стопка содержит на одну карту больше.",
        "Каждая последующая стопка содержит на одну карту меньше.",
        "В первом столбце семь карт, в каждом следующем на одну меньше.",
    ],
)
def test_each_next_pile_one_card_more_or_fewer_is_a_staircase(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("deal.triangle", True))


def test_each_next_card_one_rank_lower_is_no_staircase() -> None:
    assert "deal.triangle" not in _keys("Каждая последующая карта на единицу младше.")


def test_the_first_piles_with_the_most_cards() -> None:
    assert said("Первые 3 стопки содержат по 7 карт.") == fact_pairs(
        ("deal.first_most", {"first": 3, "more": 7})
    )


def _tableau_cards(sentences: list[str]) -> list[int]:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    from real_quality import spec_facts

    cards = spec_facts(sentences_draft(sentences).checked.rules)["tableau.cards"]
    return sorted(cards) if isinstance(cards, list) else [cards]


def test_a_staircase_stops_at_the_most_the_first_piles_get() -> None:
    stairs = "Каждая последующая стопка содержит на одну карту меньше."
    capped = ["Девять стопок.", "Первые 3 стопки содержат по 7 карт.", stairs]
    assert _tableau_cards(capped) == [1, 2, 3, 4, 5, 6, 7, 7, 7]
    assert _tableau_cards(["Девять стопок.", stairs]) == list(range(1, 10))


# ---- building said as what to do with two cards of one suit or colour ---------------------


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        (
            "Если в игровом поле лежат две карты одной масти по порядку, переложите карту"
            " меньшего достоинства на вторую.",
            fact_pairs(("build.direction", "down"), ("suit.same", True)),
        ),
        (
            "Если в раскладе две карты разного цвета, младшую кладут на старшую.",
            fact_pairs(("build.direction", "down"), ("build.suit", "alternate")),
        ),
        (
            "Если в раскладе две карты одного цвета, старшую кладут на младшую.",
            fact_pairs(("build.direction", "up"), ("build.suit", "same-colour")),
        ),
    ],
)
def test_two_cards_of_one_suit_the_lower_moved_onto_the_other(sentence: str, facts) -> None:
    assert said(sentence) == facts


def test_two_cards_without_a_move_onto_the_other_say_no_building() -> None:
    keys = _keys("Если в раскладе лежат две карты одной масти, уберите их.")
    assert "build.direction" not in keys


# ---- piles by so many cards and one last pile of the cards left ----------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Карты раскладываются веерами: 17 вееров по 3 карты и последний веер из одной карты.",
        "Получится семнадцать вееров по три карты и одна лишняя карта, которая составит"
        " восемнадцатый веер.",
        "Раскладывают 17 кучек по три карты, оставшаяся карта образует восемнадцатую кучку.",
    ],
)
def test_a_last_pile_of_the_cards_left_is_one_pile_more(sentence: str) -> None:
    assert said(sentence) == fact_pairs(
        ("tableau.shape", {"noun": "PACKET", "count": 18}), ("deal.per_pile", 3)
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "Раскладывают 17 кучек по три карты.",
        # the last pile no smaller: no pile of the cards left
        "Раскладывают 17 кучек по три карты и последнюю кучку из трёх карт.",
    ],
)
def test_no_last_pile_of_fewer_cards_keeps_the_count(sentence: str) -> None:
    assert ("tableau.shape", '{"count": 17, "noun": "PACKET"}') in said(sentence)
