"""Composed phrases of the thirty-second round (issue 18 §3): the noun a numeral counts.

Every sentence here is a paraphrase probe written for this test (none is taken from a real
set): each pile noun after a numeral of one, two to four and five or more (so in the
accusative or nominative, the genitive singular and the genitive plural), with and without
an adjective that agrees with it, and with another noun the grammar does not know between the
two, which the numeral counts instead («две игрока стопки», «два комплекта колод»): then no
count of the pile noun may be read. Then the cards, the foundations and the stock's cards
counted past their qualifiers («по три закрытые карты», «в четыре свободных основания», «три
верхние карты»), each with its exact facts, and the near phrasings that must not give them."""

from __future__ import annotations

import pytest
from sentence_game import fact_pairs, said

from pipeline.extract.tokens import tokenize

# pile noun (lemma, gender) -> its terminal; the forms after each numeral are spelled out
_PILES = [
    # noun: (terminal, after 1 (accusative), after 2–4 (gen. sg.), after 5+ (gen. pl.))
    ("PACKET", "одну стопку", "две стопки", "пять стопок", "ровную", "ровных"),
    ("PACKET", "одну кучку", "три кучки", "восемь кучек", "ровную", "ровных"),
    ("PACKET", "одну пачку", "четыре пачки", "двенадцать пачек", "ровную", "ровных"),
    ("COLUMN", "одну колонку", "две колонки", "семь колонок", "узкую", "узких"),
    ("COLUMN", "один столбец", "три столбца", "десять столбцов", "узкий", "узких"),
    ("CIRCLE", "один круг", "два круга", "шесть кругов", "широкий", "широких"),
]
_COUNT = {"одну": 1, "один": 1, "два": 2, "две": 2, "три": 3, "четыре": 4, "пять": 5,
          "шесть": 6, "семь": 7, "восемь": 8, "десять": 10, "двенадцать": 12}  # fmt: skip


def _shape(noun: str, count: int) -> tuple[str, dict]:
    return ("tableau.shape", {"noun": noun, "count": count})


def _cases() -> list[tuple[str, str, int, str]]:
    """(pile terminal, numeral, count, noun form, adjective that agrees) of every cell."""
    out = []
    for term, one, few, many, adj_one, adj_plural in _PILES:
        for phrase, adj in ((one, adj_one), (few, adj_plural), (many, adj_plural)):
            num, noun = phrase.split()
            out.append((term, num, _COUNT[num], noun, adj))
    return out


@pytest.mark.parametrize(("term", "num", "count", "noun", "adj"), _cases())
def test_paradigm_a_pile_noun_counted_with_or_without_an_adjective(
    term: str, num: str, count: int, noun: str, adj: str
) -> None:
    expected = fact_pairs(("tableau.shape", {"noun": term, "count": count}), ("deal.per_pile", 3))
    assert said(f"Карты раскладывают в {num} {noun} по три карты.") == expected
    assert said(f"Карты раскладывают в {num} {adj} {noun} по три карты.") == expected


@pytest.mark.parametrize(("term", "num", "count", "noun", "adj"), _cases())
def test_paradigm_another_noun_between_is_what_the_numeral_counts(
    term: str, num: str, count: int, noun: str, adj: str
) -> None:
    """«в две игрока стопки»: the numeral counts «игрока», so no pile count is read."""
    sentence = f"Карты раскладывают в {num} игрока {noun} по три карты."
    assert said(sentence) == []
    types = [t.type for t in tokenize(sentence)]
    assert types[types.index("NUM") + 1 : types.index("NUM") + 3] == ["NOUN", term]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Две стопки выкладывают в ряд.", [_shape("PACKET", 2)]),
        ("Две ровные стопки выкладывают в ряд.", [_shape("PACKET", 2)]),
        ("Пять ровных стопок выкладывают в ряд.", [_shape("PACKET", 5)]),
        ("Семь узких столбцов выкладывают в ряд.", [_shape("COLUMN", 7)]),
        ("Две игрока стопки выкладывают в ряд.", []),
        ("Пять игроков стопок выкладывают в ряд.", []),
        ("Семь участков столбцов выкладывают в ряд.", []),
        ("Четыре угла кучки выкладывают в ряд.", []),
    ],
)  # fmt: skip
def test_paradigm_a_pile_noun_counted_in_the_nominative(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


@pytest.mark.parametrize(
    ("sentence", "decks"),
    [
        ("Для пасьянса берут две колоды.", 2),
        ("Для пасьянса берут две полные колоды.", 2),
        ("Для пасьянса берут две старые колоды.", 2),
        ("Для пасьянса берут две хорошо перетасованные колоды.", 2),
        ("Играют двумя старыми колодами.", 2),
        ("Раскладывают пасьянс из двух новых колод.", 2),
        ("Используется одна стандартная колода в 52 карты.", 1),
        ("Две новые колоды тщательно тасуют.", 2),
    ],
)
def test_paradigm_packs_counted_past_their_adjectives(sentence: str, decks: int) -> None:
    assert said(sentence) == fact_pairs(("decks", decks))


@pytest.mark.parametrize(
    "sentence",
    [
        "Для пасьянса берут два комплекта колод.",  # the sets are counted, not the packs
        "Для пасьянса берут две пары колод.",
        "Играют двумя наборами колод.",
        "Пасьянс раскладывают из двух партий колод.",
        "Две партии колоды тщательно тасуют.",
        "Играют четыре человека колодой.",
        "Берут три игрока колоды.",
        "Сдают по одной, остаток колоды откладывают.",  # a comma and a noun: no count of packs
    ],
)
def test_no_pack_counted_through_another_noun(sentence: str) -> None:
    assert "decks" not in [k for k, _ in said(sentence)]


def test_piles_called_packs_counted_past_an_adjective() -> None:
    """«в восемь ровных колод по пять карт»: piles of the layout, as without the adjective."""
    expected = fact_pairs(("tableau.shape", {"noun": "PACKET", "count": 8}), ("deal.per_pile", 5))
    assert said("Карты раскладывают в восемь колод по пять карт.") == expected
    assert said("Карты раскладывают в восемь ровных колод по пять карт.") == expected
    assert said("Карты раскладывают в восемь игрока колод по пять карт.") == []


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "В каждую стопку сдают по три закрытые карты.",
            [("deal.per_pile", 3), ("deal.face", "down")],
        ),
        (
            "В каждую стопку сдают по три открытые карты.",
            [("deal.per_pile", 3), ("deal.face", "up")],
        ),
        (
            "В каждую стопку сдают по три карты лицом вниз.",
            [("deal.per_pile", 3), ("deal.face", "down")],
        ),
        ("В каждую стопку сдают по три карты.", [("deal.per_pile", 3)]),
        (
            "В каждую кладут по пять карт рубашкой вверх.",
            [("deal.per_pile", 5), ("deal.face", "down")],
        ),
        (
            "В каждой стопке лежит пять закрытых карт.",
            [("deal.per_pile", 5), ("deal.face", "down")],
        ),
        (
            "Раскладывают восемь стопок по пять открытых карт.",
            [
                ("tableau.shape", {"noun": "PACKET", "count": 8}),
                ("deal.per_pile", 5),
                ("deal.face", "up"),
            ],
        ),
        (
            "Сдают сорок открытых карт в восемь столбцов.",
            [
                ("tableau.shape", {"noun": "COLUMN", "count": 8}),
                ("deal.even_share", 5),
                ("deal.face", "up"),
            ],
        ),
        ("Выкладывают десять открытых карт в ряд.", [_shape("ROW", 10)]),
        ("Сдают семь закрытых карт в резерв.", [("reserve.named", None), ("reserve.cards", 7)]),
    ],
)  # fmt: skip
def test_paradigm_cards_counted_past_their_face(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Кладут в четыре свободных основания.", [("foundation.count", 4)]),
        ("Тузы кладут в четыре верхних основания.", [("foundation.count", 4)]),
        (
            "Тузы кладут в четыре угловых основания.",
            [("foundation.cards", [1]), ("foundation.count", 4)],
        ),
        (
            "Четыре свободных основания собирают от туза до короля.",
            [
                ("foundation.direction", {"base": 1, "direction": "up"}),
                ("foundation.last", {"base": 1, "last": 13}),
                ("foundation.count", 4),
            ],
        ),
        # some of them, not their count
        (
            "Остальные четыре основания собирают от туза до короля.",
            [
                ("foundation.direction", {"base": 1, "direction": "up"}),
                ("foundation.last", {"base": 1, "last": 13}),
            ],
        ),
    ],
)
def test_paradigm_foundations_counted_past_their_adjectives(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


@pytest.mark.parametrize(
    ("sentence", "count"),
    [
        ("Из колоды открывают три верхние карты.", 3),
        ("Из колоды открывают три карты.", 3),
        ("Из колоды снимают три верхние карты и кладут в отбой.", 3),
        ("Каждый раз из колоды открываются три новые карты.", 3),
    ],
)
def test_paradigm_the_stock_cards_counted_past_their_qualifiers(sentence: str, count: int) -> None:
    assert said(sentence) == fact_pairs(("turn.count", count))


@pytest.mark.parametrize(
    "sentence",
    [
        "Из колоды открывают три раза карты.",
        "Из колоды открывают три игрока карты.",
    ],
)
def test_no_stock_count_through_another_noun(sentence: str) -> None:
    assert "turn.count" not in [k for k, _ in said(sentence)]


def test_a_numeral_before_a_noun_and_no_counted_noun_keeps_its_water() -> None:
    """«одною степенью ниже»: the noun after the numeral is followed by no noun it could be
    mistaken for, so it stays water (the islands of a rank step read it)."""
    types = [t.type for t in tokenize("Кладут карты одною степенью ниже.")]
    assert "NOUN" not in types and "W" in types
