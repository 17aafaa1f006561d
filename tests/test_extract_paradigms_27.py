"""Composed phrases of the twenty-seventh round (issue 18 §3): a count of piles said as the
subject with its share after the verb («семь стопок раскладывают в ряд, по пять карт в
каждой»), the share said «в каждой из них по N», and a «по» with a dative numeral, which
spreads cards over places and shares none («по трём рядам»). Each with its exact facts, in
words and orders written for the test, and the near phrasings that must not give them."""

from __future__ import annotations

import pytest
from sentence_game import fact_pairs, said, sentences_draft

from pipeline.extract.tokens import tokenize


def _shape(noun: str, count: int) -> tuple[str, dict]:
    return ("tableau.shape", {"noun": noun, "count": count})


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Семь стопок раскладывают в ряд, по пять карт в каждой.",
            [_shape("PACKET", 7), ("deal.per_pile", 5)],
        ),
        (
            "Восемь колонок выкладывают, по три карты в каждую.",
            [_shape("COLUMN", 8), ("deal.per_pile", 3)],
        ),
        (
            "10 столбцов кладут на стол, по 4 карты в каждом.",
            [_shape("COLUMN", 10), ("deal.per_pile", 4)],
        ),
        (
            "На стол выкладывают шесть кучек, в каждой из них по три карты.",
            [_shape("PACKET", 6), ("deal.per_pile", 3)],
        ),
        (
            "Раскладывают девять стопок, в каждой из них по две карты.",
            [_shape("PACKET", 9), ("deal.per_pile", 2)],
        ),
    ],
)
def test_paradigm_the_share_after_the_verb_or_of_each_of_them(
    sentence: str, expected: list
) -> None:
    assert said(sentence) == fact_pairs(*expected)


def test_piles_counted_and_laid_in_two_rows_keep_the_count_of_piles() -> None:
    # «в два ряда» counts rows, not the piles' share: the new form takes only «в ряд»
    facts = dict(said("Восемь стопок раскладывают в два ряда, по четыре стопки в каждом."))
    assert facts.get("deal.per_pile") != "4"


@pytest.mark.parametrize(
    ("sentence", "rows", "expected"),
    [
        (
            "Девять стопок раскладывают по трём рядам.",
            3,
            [("tableau.count_said", {"noun": "PACKET", "count": 9})],
        ),
        ("Карты кладут по четырём рядам.", 4, []),
        ("Раскладывают карты по двум рядам.", 2, []),
        ("Карты раскладывают по пяти рядам.", 5, []),  # «пяти» by the dative noun after it
        (
            "Двенадцать стопок, разложенных по трём строкам и столбцам.",
            3,
            [_shape("PACKET", 12)],
        ),
    ],
)
def test_paradigm_a_dative_numeral_after_po_spreads_over_places(
    sentence: str, rows: int, expected: list
) -> None:
    toks = tokenize(sentence)
    at = next(i for i, t in enumerate(toks) if t.type == "NUM" and t.value == rows)
    assert toks[at - 1].type == "IN"
    assert said(sentence) == fact_pairs(*expected)


@pytest.mark.parametrize(
    ("sentence", "per"),
    [
        ("Сдают по пяти карт.", 5),  # the genitive share of the older books
        ("Раскладывают восемь стопок по три карты.", 3),
        ("Сдают по одной карте на каждую стопку.", 1),
    ],
)
def test_a_share_after_po_stays_a_share(sentence: str, per: int) -> None:
    toks = tokenize(sentence)
    at = next(i for i, t in enumerate(toks) if t.type == "NUM" and t.value == per)
    assert toks[at - 1].type == "BY"


def test_piles_over_three_rows_take_their_cards_from_the_next_sentence() -> None:
    draft = sentences_draft(
        [
            "Девять стопок раскладывают по трём рядам.",
            "На каждую стопку кладут по одной карте лицом вверх.",
        ]
    )
    assert draft.spec["piles"]["packets"]["count"] == 9
    assert draft.spec["deal"] == [
        {"id": "packets", "to": ["packets"], "face": "up", "pause": "none"}
    ]


@pytest.mark.parametrize(
    ("sentence", "count", "per"),
    [
        ("Кроме того, кладут два резерва по шесть карт.", 2, 6),
        ("Потом выкладывают три резерва, в каждом по пять карт.", 3, 5),
        ("Раскладывают 4 резерва по 3 карты.", 4, 3),
    ],
)
def test_paradigm_reserves_counted_as_a_noun(sentence: str, count: int, per: int) -> None:
    assert said(sentence) == fact_pairs(
        _shape("PACKET", count), ("deal.per_pile", per), ("reserve.named", None)
    )


def test_one_reserve_of_n_cards_stays_one_pile() -> None:
    assert said("В резерв кладут тринадцать карт.") == fact_pairs(
        ("reserve.cards", 13), ("reserve.named", None)
    )


def test_reserves_counted_as_a_noun_are_the_drafts_reserve_piles() -> None:
    draft = sentences_draft(
        ["Сдают семь стопок по одной карте.", "Кроме того, кладут два резерва по шесть карт."]
    )
    reserve = [g for g, p in draft.spec["piles"].items() if p["role"] == "reserve"]
    assert [draft.spec["piles"][g]["count"] for g in reserve] == [2]
    (step,) = [s for s in draft.spec["deal"] if s["to"] == reserve]
    assert step["rounds"] == 6


@pytest.mark.parametrize(
    "sentence",
    [
        "Карты того же достоинства становятся основаниями остальных мастей.",
        "С карт того же значения начинают и остальные основания.",
        "Остальные основания начинаются с карт того же достоинства.",
    ],
)
def test_paradigm_the_other_bases_by_the_rank_they_share(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("foundation.same_rank", True))


@pytest.mark.parametrize(
    "sentence",
    [
        "Карты того же достоинства кладут на основания.",  # a verb of moving: where they go
        "Карты одинакового достоинства убирают с основания.",
    ],
)
def test_cards_of_one_rank_moved_onto_foundations_name_no_base(sentence: str) -> None:
    assert said(sentence) == []


def test_bases_of_the_rank_of_the_first_card_of_a_foundation() -> None:
    assert said("Базовые карты — карты того же достоинства, что и первая карта основания.") == (
        fact_pairs(("deal.first_foundation", True))
    )


@pytest.mark.parametrize(
    "second",
    [
        "Следующую карту кладут на основание; карты того же достоинства становятся основаниями"
        " остальных мастей.",
        "Затем одну карту кладут на первое основание. С карт того же значения начинают и"
        " остальные основания.",
    ],
)
def test_a_base_set_by_the_first_card_is_the_drafts(second: str) -> None:
    draft = sentences_draft(["Сдают семь стопок по одной карте.", *second.split(". ")])
    (found,) = [p for p in draft.spec["piles"].values() if p["role"] == "foundation"]
    assert found["foundation"]["base"] == "first"


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "В каждой стопке оказывается по четыре открытые карты.",
            [("deal.per_pile", 4), ("deal.face", "up")],
        ),
        (
            "В каждой стопке лежит по пять закрытых карт.",
            [("deal.per_pile", 5), ("deal.face", "down")],
        ),
        ("В каждую стопку кладут по три карты.", [("deal.per_pile", 3)]),
    ],
)
def test_paradigm_the_face_inside_each_piles_share(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


def test_paradigm_a_sequence_laid_over_whole_is_moved_whole() -> None:
    assert said("Правильно сложенную последовательность можно переложить целиком.") == (
        fact_pairs(("build.run", True))
    )
    assert said("Колоду можно переложить целиком.") == []  # the pack laid over: no sequence


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "В стопках карты одной масти собирают от младшей к старшей.",
            [("build.direction", "up"), ("suit.same", True)],
        ),
        (
            "В столбцах карты разного цвета кладут по убыванию.",
            [("build.direction", "down"), ("build.suit", "alternate")],
        ),
        (
            "В колонках карты любой масти собирают по возрастанию.",
            [("build.direction", "up"), ("suit.any", True)],
        ),
    ],
)
def test_paradigm_the_suit_between_the_cards_and_their_verb(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


@pytest.mark.parametrize(
    ("sentence", "count"),
    [
        ("Из колоды каждый раз открывают три карты, играть можно только верхней.", 3),
        ("Каждый раз из колоды открывают две карты.", 2),
    ],
)
def test_paradigm_each_time_before_the_cards_turned(sentence: str, count: int) -> None:
    assert ("turn.count", str(count)) in said(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Если ходов не осталось, на все стопки сдают новый ряд из колоды.",
        "Если ходов не осталось, на каждую стопку сдают новый ряд из колоды.",  # unchanged
    ],
)
def test_paradigm_a_new_row_onto_all_piles_is_onto_each(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("deal.next_round", "stuck"))


def test_all_piles_with_no_share_stay_all() -> None:
    toks = tokenize("На все стопки кладут карты из колоды.")
    assert [t.type for t in toks][:3] == ["ONTO", "ALL", "PACKET"]


@pytest.mark.parametrize(
    ("sentence", "per"),
    [
        ("Каждая получает по пять карт.", 5),
        ("Каждая стопка получает по три карты.", 3),
        ("Каждый столбец получает по 6 карт.", 6),
    ],
)
def test_paradigm_each_pile_gets_its_share(sentence: str, per: int) -> None:
    assert said(sentence) == fact_pairs(("deal.per_pile", per))


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "На каждую карту можно класть младшую на единицу только той же масти.",
            [("build.direction", "down"), ("suit.same", True)],
        ),
        (
            "Разрешается класть на карту другую карту той же масти, младшую на одно очко.",
            [("build.direction", "down"), ("suit.same", True)],
        ),
        (
            "На карту можно положить любую карту, которая на единицу младше.",
            [("build.direction", "down"), ("suit.any", True)],
        ),
        ("На карту кладут карту, старшую на единицу.", [("build.direction", "up")]),
        ("На карту кладут карту, младшую на единицу.", [("build.direction", "down")]),
    ],
)
def test_paradigm_a_cards_measure_said_after_it(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "В стопках собирают карты по масти от короля до туза.",
            [("build.direction", "down"), ("suit.same", True)],
        ),
        (
            "В стопках собирают карты по масти, начиная с короля и кончая тузом.",
            [("build.direction", "down"), ("suit.same", True)],
        ),
        (
            "Карты в столбцах кладут от туза до короля, чередуя цвета.",
            [("build.direction", "up"), ("build.suit", "alternate")],
        ),
    ],
)
def test_paradigm_a_tableau_pile_built_from_rank_to_rank(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


def test_a_foundations_range_stays_the_foundations() -> None:
    assert said("В основаниях собирают карты по масти от туза до короля.") == fact_pairs(
        ("foundation.direction", {"base": 1, "direction": "up"}),
        ("foundation.last", {"base": 1, "last": 13}),
        ("suit.same", True),
    )


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Шесть карт кладут в ряд лицом вверх.",
            [_shape("ROW", 6), ("deal.face", "up")],
        ),
        ("Четыре карты кладут в ряд.", [_shape("ROW", 4)]),
    ],
)
def test_paradigm_a_line_of_cards_counted_first(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Десять колонок получают по четыре карты каждая.",
            [_shape("COLUMN", 10), ("deal.per_pile", 4)],
        ),
        (
            "Восемь стопок получают по пять карт каждая.",
            [_shape("PACKET", 8), ("deal.per_pile", 5)],
        ),
    ],
)
def test_paradigm_piles_counted_get_their_share(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "В первую стопку кладут одну карту, во вторую — две, в третью — три, и так до"
            " седьмой, куда кладут семь карт.",
            [("deal.triangle", True), ("tableau.count_said", {"noun": "PLACE", "count": 7})],
        ),
        (
            "В первую стопку кладут одну карту, во вторую две, и так далее до шестой, в"
            " которую кладут шесть карт.",
            [("deal.triangle", True), ("tableau.count_said", {"noun": "PLACE", "count": 6})],
        ),
        (  # the last pile's cards not its ordinal: no count of piles from it
            "В первую стопку кладут одну карту, во вторую две, и так далее до седьмой, в"
            " которую кладут восемь карт.",
            [("deal.triangle", True)],
        ),
    ],
)
def test_paradigm_a_triangle_up_to_its_last_pile_and_its_cards(
    sentence: str, expected: list
) -> None:
    assert said(sentence) == fact_pairs(*expected)


@pytest.mark.parametrize(
    "sentence",
    [
        "Две нижние закрыты, верхняя открыта.",
        "Нижние лежат рубашкой вверх, а верхняя открыта.",
        "Нижние карты закрыты, верхняя открыта.",  # with «карты»: as before
    ],
)
def test_paradigm_the_lower_cards_closed_and_the_top_one_open(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("deal.face", "down-but-last"))


_WHOLE_SUITS_UP = [
    ("foundation.count", 4),
    ("foundation.direction", {"base": 1, "direction": "up"}),
    ("foundation.last", {"base": 1, "last": 13}),
    ("suit.same", True),
    ("win.foundations", True),
]


@pytest.mark.parametrize(
    "sentence",
    [
        "Цель — собрать четыре масти, каждую от туза до короля, на основаниях.",
        "Цель — собрать на основаниях четыре масти, каждую от туза до короля.",
    ],
)
def test_paradigm_the_goal_as_suits_each_from_rank_to_rank(sentence: str) -> None:
    assert said(sentence) == fact_pairs(*_WHOLE_SUITS_UP)


def test_the_goal_of_suits_down_counts_them_and_their_way() -> None:
    assert said("Цель игры — собрать восемь мастей, каждую от короля до туза.") == fact_pairs(
        ("foundation.count", 8),
        ("foundation.direction", {"base": 13, "direction": "down"}),
        ("foundation.last", {"base": 13, "last": 1}),
        ("suit.same", True),
        ("win.foundations", True),
    )


def _reserve_of(draft) -> tuple[int, int]:
    """(reserve piles, cards dealt to each) of a draft."""
    (gid,) = [g for g, p in draft.spec["piles"].items() if p["role"] == "reserve"]
    (step,) = [s for s in draft.spec["deal"] if s["to"] == [gid]]
    return draft.spec["piles"][gid]["count"], step["rounds"]


@pytest.mark.parametrize("naming", ["Это резерв.", "Они образуют резерв.", "Все они — резерв."])
def test_paradigm_a_reserve_named_by_a_pronoun_in_the_next_sentence(naming: str) -> None:
    draft = sentences_draft(
        ["Сдают семь стопок по одной карте.", "Слева кладут четыре стопки по три карты.", naming]
    )
    assert _reserve_of(draft) == (4, 3)
    tableau = [p["count"] for p in draft.spec["piles"].values() if p["role"] == "tableau"]
    assert tableau == [7]


def test_the_rest_named_a_reserve_stays_one_pile_of_the_rest() -> None:
    draft = sentences_draft(
        ["Сдают семь стопок по одной карте.", "Остальные карты образуют резерв."]
    )
    (gid,) = [g for g, p in draft.spec["piles"].items() if p["role"] == "reserve"]
    assert draft.spec["piles"][gid]["count"] == 1


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Резерв составляют две стопки по четыре карты.",
            [_shape("PACKET", 2), ("deal.per_pile", 4), ("reserve.named", None)],
        ),
        (
            "Резерв составляют тринадцать карт.",
            [("reserve.cards", 13), ("reserve.named", None)],
        ),
    ],
)
def test_paradigm_the_reserve_said_before_its_piles_or_cards(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


@pytest.mark.parametrize(
    "sentence",
    [
        "Когда раскладывать больше нечего, на каждую стопку сдают по карте из колоды.",
        "Когда выкладывать больше некуда, из колоды сдают по одной карте на каждую стопку.",
        "Если переносить больше нечего, сдают новый ряд.",
    ],
)
def test_paradigm_nothing_left_to_lay_out_is_no_move_left(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("deal.next_round", "stuck"))
    assert "STUCK" in [t.type for t in tokenize(sentence)]


def test_nothing_left_to_deal_is_not_stuck() -> None:
    assert "STUCK" not in [t.type for t in tokenize("Когда сдавать больше нечего, игра окончена.")]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("В каждую из них кладут по четыре карты.", [("deal.per_pile", 4)]),
        (
            "В каждую из них сдают по две закрытые карты.",
            [("deal.per_pile", 2), ("deal.face", "down")],
        ),
    ],
)
def test_paradigm_into_each_of_them_a_share(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


def test_cells_each_of_which_may_take_one_card_stay_cells() -> None:
    assert said("Четыре ячейки, в каждую из которых можно положить по одной карте.") == (
        fact_pairs(("cells", 4))
    )
