"""Composed phrases of the seventeenth round (issue 18 §3), each over its paradigm with the
exact facts: sentences written for the test, none taken from a rule text (the round chose its
changes by what they gain on sources nobody read while writing them, `benchmarks/
source_transfer.py`). Negatives beside each: what the part must not read."""

from __future__ import annotations

import pytest

from pipeline.extract.facts import sentence_facts


def facts(sentence: str) -> list[tuple[str, object]]:
    found, loose = sentence_facts(sentence)
    assert loose == [], loose
    return [(f.key, f.value) for f in found]


# --- the numeral after its pile noun --------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Столбцов в раскладке восемь.", [("tableau.count_said", {"noun": "COLUMN", "count": 8})]),
        ("Колонок в раскладе — семь.", [("tableau.count_said", {"noun": "COLUMN", "count": 7})]),
        ("Кучек всего двенадцать.", [("tableau.count_said", {"noun": "PACKET", "count": 12})]),
        ("Колонок должно быть семь.", [("tableau.count_said", {"noun": "COLUMN", "count": 7})]),
        ("Стопок будет 10.", [("tableau.count_said", {"noun": "PACKET", "count": 10})]),
        (
            "Стопок всего десять, по четыре карты в каждой.",
            [("tableau.count_said", {"noun": "PACKET", "count": 10}), ("deal.per_pile", 4)],
        ),
        (
            "Кучек всего восемь, по пять карт.",
            [("tableau.count_said", {"noun": "PACKET", "count": 8}), ("deal.per_pile", 5)],
        ),
    ],
)
def test_paradigm_a_count_after_its_pile_noun(sentence: str, expected: list) -> None:
    assert facts(sentence) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        "В колонке лежит 5, остальные в колоде.",  # a count of cards, mid-sentence
        "Стопка всего одна.",  # one pile is no layout count
    ],
)
def test_paradigm_a_count_after_a_noun_that_counts_no_piles(sentence: str) -> None:
    assert not any(k == "tableau.count_said" for k, _ in sentence_facts(sentence)[0])


# --- «только» between the verb and the card of a building rule -----------------------------


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "В колонках можно класть только карты одной масти по убыванию.",
            [("build.direction", "down"), ("suit.same", True)],
        ),
        (
            "Перекладывать можно только карты другого цвета по возрастанию.",
            [("build.direction", "up"), ("build.suit", "alternate")],
        ),
        (
            "В столбцах можно класть лишь карты чередующихся цветов в порядке убывания.",
            [("build.direction", "down"), ("build.suit", "alternate")],
        ),
        (
            "В рядах кладут только карты той же масти в нисходящем порядке.",
            [("build.direction", "down"), ("suit.same", True)],
        ),
    ],
)
def test_paradigm_only_before_the_cards_of_a_building_rule(sentence: str, expected: list) -> None:
    assert facts(sentence) == expected


# --- one card at a time, with no «только» ---------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Перекладывать можно по одной карте.",
        "Карты переносятся по одной.",
        "Перемещают карты по одной карте.",
    ],
)
def test_paradigm_one_card_at_a_time(sentence: str) -> None:
    assert facts(sentence) == [("build.run", False)]


@pytest.mark.parametrize(
    "sentence",
    [
        "Перемещать карты разрешается по две.",  # two at a time is no single-card rule
        "Карты из колоды перекладывают по одной на основания.",  # a place after: not a rule of runs
    ],
)
def test_paradigm_cards_by_more_than_one_or_to_a_place(sentence: str) -> None:
    assert ("build.run", False) not in sentence_facts(sentence)[0]


# --- no second deal, «повторно» between the verb and its negation --------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Сдать колоду повторно нельзя.",
        "Раскладывать пасьянс заново не разрешается.",
        "Карты колоды повторно не сдаются.",
        "Колода не пересдается.",
    ],
)
def test_paradigm_no_second_deal(sentence: str) -> None:
    assert facts(sentence) == [("redeal.none", True)]


def test_paradigm_a_deal_refused_with_no_second_one_named_says_nothing() -> None:
    found, loose = sentence_facts("Карты колоды не сдаются.")
    assert (found, loose) == ([], ["NEG"])


# --- the goal's suits with a range and no place ---------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "base", "last", "way"),
    [
        ("Цель пасьянса — разложить все карты по мастям от туза до короля.", 1, 13, "up"),
        ("Задача игрока — собрать все карты в масть от туза до короля.", 1, 13, "up"),
        ("Цель игры: сложить все карты по мастям, от короля до туза.", 13, 1, "down"),
    ],
)
def test_paradigm_the_goal_sorts_by_suit_from_rank_to_rank(
    sentence: str, base: int, last: int, way: str
) -> None:
    said = facts(sentence)
    assert ("win.foundations", True) in said
    assert ("foundation.last", {"base": base, "last": last}) in said
    assert ("foundation.direction", {"base": base, "direction": way}) in said
    assert ("suit.same", True) in said


# --- a triangle said by the range of its piles' cards, the count unsaid ---------------------


@pytest.mark.parametrize(
    ("sentence", "noun", "count"),
    [
        ("Столбцы содержат от одной до семи карт.", "COLUMN", 7),
        ("Кучки содержат от одной до восьми карт.", "PACKET", 8),
    ],
)
def test_paradigm_piles_holding_one_to_n_cards(sentence: str, noun: str, count: int) -> None:
    assert facts(sentence) == [
        ("tableau.count_said", {"noun": noun, "count": count}),
        ("deal.triangle", True),
    ]


# --- the layout named as the place of «собирать» -------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "На столбцах карты собирают вниз, чередуя цвета.",
            [("build.direction", "down"), ("build.suit", "alternate")],
        ),
        (
            "В колонках собирают карты по убыванию в масть.",
            [("build.direction", "down"), ("suit.same", True)],
        ),
        ("В рядах собирают карты по возрастанию.", [("build.direction", "up")]),
    ],
)
def test_paradigm_gathering_on_the_layout_is_building(sentence: str, expected: list) -> None:
    assert facts(sentence) == expected


# --- a range of ranks on the foundations, no way word ---------------------------------------


@pytest.mark.parametrize(
    ("sentence", "base", "last", "way"),
    [
        ("В основаниях собирают последовательности от короля до туза одной масти.", 13, 1, "down"),
        ("На основания кладут карты от туза до короля.", 1, 13, "up"),
        ("В дома перекладывают карты от туза до короля.", 1, 13, "up"),
    ],
)
def test_paradigm_foundations_from_rank_to_rank(
    sentence: str, base: int, last: int, way: str
) -> None:
    said = facts(sentence)
    assert ("foundation.direction", {"base": base, "direction": way}) in said
    assert ("foundation.last", {"base": base, "last": last}) in said


def test_paradigm_a_range_that_may_go_round_says_no_way() -> None:
    # «от двойки до туза» may end on an ace above the king: the range alone, no way
    assert ("foundation.last", {"base": 2, "last": 1}) in facts(
        "В основания кладут карты от двойки до туза."
    )
    assert not any(
        k == "foundation.direction" and v["direction"]
        for k, v in facts("В основания кладут карты от двойки до туза.")
    )


def test_paradigm_the_base_said_after_the_way_of_the_foundations() -> None:
    assert facts("На основания карты кладутся по возрастанию, начиная с тузов.") == [
        ("foundation.direction", {"base": 1, "direction": "up"})
    ]


# --- a space filled, the pile emptied said first --------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "source"),
    [
        ("Если стопка опустела, её заполняют верхней картой колоды.", "stock"),
        ("Когда колонка освободится, её занимают верхней картой талона.", "talon"),
    ],
)
def test_paradigm_an_emptied_pile_filled_from_a_named_card(sentence: str, source: str) -> None:
    assert facts(sentence) == [("fill.sources", [source])]


# --- the top card open and the rest closed --------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Верхняя карта каждой стопки открыта, остальные закрыты.",
        "Последняя карта каждого столбца лежит лицом вверх.",
        "Изначально только верхняя карта каждой колонки открыта.",
        "Карты в стопках лежат в закрытую, верхняя в открытую.",
        "Карты в колонках закрыты, последняя открыта.",
    ],
)
def test_paradigm_the_top_card_of_each_pile_open(sentence: str) -> None:
    assert facts(sentence) == [("deal.face", "down-but-last")]


def test_paradigm_a_top_card_closed_is_no_open_top() -> None:
    assert facts("Верхняя карта каждой стопки закрыта.") == []


# --- runs moved on a condition of order -----------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Можно перемещать группы карт, если они составляют последовательность.",
        "Разрешается переносить несколько карт, если они образуют убывающую последовательность.",
    ],
)
def test_paradigm_runs_moved_if_they_form_a_sequence(sentence: str) -> None:
    assert facts(sentence) == [("build.run", True), ("cond.in_order", True)]


# --- the cards each said with «из» ----------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Выкладывают семь стопок из пяти карт каждая.",
            [("tableau.shape", {"noun": "PACKET", "count": 7}), ("deal.per_pile", 5)],
        ),
        (
            "Раскладывают десять колонок из шести карт.",
            [("tableau.shape", {"noun": "COLUMN", "count": 10}), ("deal.per_pile", 6)],
        ),
    ],
)
def test_paradigm_piles_of_n_cards_said_with_iz(sentence: str, expected: list) -> None:
    assert facts(sentence) == expected


def test_paradigm_rows_of_n_cards_said_with_iz_are_a_grid() -> None:
    assert facts("Раскладывают четыре ряда из тринадцати карт.") == [
        ("tableau.shape", {"noun": "ROW", "count": 13}),
        ("deal.round", 4),
    ]


# --- the foundations' way with its base between --------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Карты на основаниях собираются от туза по возрастанию в масть.",
        "Карты на базовых стопках собираются от туза по возрастанию по масти.",
    ],
)
def test_paradigm_foundations_gathered_from_their_base_upwards(sentence: str) -> None:
    assert facts(sentence) == [
        ("foundation.direction", {"base": 1, "direction": "up"}),
        ("suit.same", True),
    ]


# --- «чередуя масти» after a way of building ------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "В столбцах карты кладут по убыванию, чередуя масти.",
        "Карты в раскладке кладут в порядке убывания, чередуя масть.",
    ],
)
def test_paradigm_alternating_suits_after_a_way(sentence: str) -> None:
    assert facts(sentence) == [("build.direction", "down"), ("build.suit", "alternate")]


def test_paradigm_alternating_suits_in_a_figure_is_no_building() -> None:
    said = facts("Из колоды выбирают 4 дамы, которые выкладывают в форме креста, чередуя масти.")
    assert not any(k.startswith("build.") for k, _ in said)


# --- the cards turned at a time without «по» ------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "count"),
    [
        ("Каждый раз из колоды открываются три карты.", 3),
        ("Из колоды открывают одну карту.", 1),
        ("Из прикупа открывается две карты.", 2),
    ],
)
def test_paradigm_cards_turned_from_the_stock(sentence: str, count: int) -> None:
    assert facts(sentence) == [("turn.count", count)]


# --- each pile's cards listed with commas after the piles counted ---------------------------


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Карты раздаются в 7 стопок: 1, 2, 3, 4, 5, 6, 7 карт.",
            [("deal.triangle", True), ("tableau.shape", {"noun": "PACKET", "count": 7})],
        ),
        (
            "Раскладывают 4 колонки: 5, 5, 5 и 5 карт.",
            [("tableau.shape", {"noun": "COLUMN", "count": 4}), ("deal.per_pile", 5)],
        ),
        (
            "Карты сдают в 10 колонок: 6, 6, 6, 6, 5, 5, 5, 5, 5, 5.",
            [
                ("tableau.shape", {"noun": "COLUMN", "count": 10}),
                ("deal.uneven", {"first": 4, "more": 6, "rest": 5}),
            ],
        ),
        # a list cut short: only the piles
        (
            "Карты раздаются в 7 стопок: 1, 2, 3 карты.",
            [("tableau.shape", {"noun": "PACKET", "count": 7})],
        ),
    ],
)
def test_paradigm_each_piles_cards_listed_with_commas(sentence: str, expected: list) -> None:
    assert facts(sentence) == expected


# --- a gloss in another language in brackets ------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Тузы кладут в основания (foundations) и на них собирают по возрастанию.",
            [("foundation.cards", [1]), ("foundation.direction", {"base": 1, "direction": "up"})],
        ),
        (
            "Карты раскладывают в семь столбцов (columns, tableau) по пять карт.",
            [("tableau.shape", {"noun": "COLUMN", "count": 7}), ("deal.per_pile", 5)],
        ),
    ],
)
def test_paradigm_a_foreign_gloss_in_brackets_is_an_aside(sentence: str, expected: list) -> None:
    assert facts(sentence) == expected


def test_paradigm_brackets_with_russian_words_are_no_gloss() -> None:
    from pipeline.extract.tokens import tokenize

    # (a synonym in brackets is a gloss of its own kind: test_extract_paradigms_20)
    types = [t.type for t in tokenize("Карты кладут в основания (по одной) по возрастанию.")]
    assert types.count("LPAR") == 1
    assert [t.type for t in tokenize("Карты кладут в основания (Foundation 2) по масти.")].count(
        "LPAR"
    ) == 1


# --- any card into a space where nothing is built on the layout -----------------------------


def test_a_space_for_any_card_with_no_building_is_a_move_into_spaces_only() -> None:
    from sentence_game import sentences_draft

    rules = sentences_draft(
        [
            "Карты раскладывают в четыре стопки по одной карте.",
            "Любую карту можно переложить на свободное место.",
            "Когда ходов нет, из колоды сдают по карте на каждую стопку.",
        ]
    ).checked.rules
    space = rules["moves"]["space"]
    piles = [f"packets.{i}" for i in range(1, 5)]
    assert (space["from"], space["to"]) == (piles, piles)
    assert space["build"]["empty"] == "any"
    assert space["target_depth"] == {"min": 0, "max": 0}
    assert rules["fill"] == {}


def test_a_space_for_any_card_beside_building_sets_the_building_empty() -> None:
    from sentence_game import sentences_draft

    rules = sentences_draft(
        [
            "Карты раскладывают в семь столбцов по пять карт.",
            "В столбцах карты кладут по убыванию.",
            "Любую карту можно переложить на свободное место.",
        ]
    ).checked.rules
    assert "space" not in rules["moves"]
    assert rules["moves"]["marry"]["build"]["empty"] == "any"


# --- a space filled at the player's choice with any card ------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Пустое место заполняется по желанию играющего любою картою.",
        "Свободное место заполняют по выбору игрока любой картой.",
    ],
)
def test_paradigm_a_space_filled_at_will_with_any_card(sentence: str) -> None:
    assert facts(sentence) == [("fill.sources", ["talon", "tableau"])]


# --- the foundations' last card with no way word --------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "last"),
    [
        ("На основные карты кладут карты в масть до королей.", 13),
        ("В дома кладут карты до тузов.", 1),
    ],
)
def test_paradigm_foundations_up_to_a_rank(sentence: str, last: int) -> None:
    assert ("foundation.last", {"base": None, "last": last}) in facts(sentence)


# --- onto a higher card with the verb said before -------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Карты можно перекладывать: туза — в основание, прочие — на карту выше рангом "
            "и другого цвета.",
            ("build.direction", "down"),
        ),
        (
            "Перекладывают так: на карту младше на одну ступень и той же масти.",
            ("build.direction", "up"),
        ),
    ],
)
def test_paradigm_onto_a_ranked_card_with_the_verb_before(sentence: str, expected: tuple) -> None:
    assert expected in [(f.key, f.value) for f in sentence_facts(sentence)[0]]


# --- a space for a rank where nothing is built on the layout --------------------------------


@pytest.mark.parametrize(
    ("sentence", "rank"),
    [
        ("На пустую область можно ложить только короля.", 13),
        ("В пустой слот можно положить только туза.", 1),
    ],
)
def test_paradigm_a_space_for_a_rank_said_of_an_unknown_place(sentence: str, rank: int) -> None:
    assert facts(sentence) == [("build.empty", rank)]


def test_a_space_for_a_rank_with_no_building_is_a_move_into_spaces_only() -> None:
    from sentence_game import sentences_draft

    rules = sentences_draft(
        ["Карты раскладывают в семь стопок.", "На пустую стопку можно положить только короля."]
    ).checked.rules
    space = rules["moves"]["space"]
    assert space["build"]["empty"] == [13]
    assert space["target_depth"] == {"min": 0, "max": 0}
    assert "marry" not in rules["moves"]


# --- the pack gone through, «перекладывать» ---------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "recycles"),
    [
        ("Колода, таким образом, перекладывается три раза.", 2),
        ("Колоду перекладывают два раза.", 1),
        ("Колоду можно перекладывать только один раз.", 0),
    ],
)
def test_paradigm_the_pack_gone_through_n_times(sentence: str, recycles: int) -> None:
    assert facts(sentence) == [("turn.recycle", recycles)]


# --- the talon turned back, how often unsaid -------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Отбой переворачивается обратно в колоду.",
        "Переворачиваем сброс обратно в колоду.",
    ],
)
def test_paradigm_the_talon_turned_back(sentence: str) -> None:
    assert facts(sentence) == [("turn.back", True)]


def test_a_talon_turned_back_with_no_limit_is_unlimited_and_assumed() -> None:
    from sentence_game import sentences_draft

    ex = sentences_draft(
        [
            "Карты раскладывают в семь столбцов.",
            "Из колоды открывают по одной карте.",
            "Отбой переворачивается обратно в колоду.",
        ]
    )
    assert ex.checked.rules["moves"]["turn"]["recycle"] == "unlimited"
    assert any(
        a.startswith("assumed: moves.turn.recycle — the talon is turned back") for a in ex.assumed
    )


def test_a_count_of_passes_wins_over_the_talon_turned_back() -> None:
    from sentence_game import sentences_draft

    ex = sentences_draft(
        [
            "Карты раскладывают в семь столбцов.",
            "Из колоды открывают по одной карте.",
            "Отбой переворачивается обратно в колоду.",
            "Колоду можно пройти только два раза.",
        ]
    )
    assert ex.checked.rules["moves"]["turn"]["recycle"] == 1


def test_paradigm_the_pack_gone_through_with_words_between() -> None:
    # an adverb after the verb, a figure reference taken out of the clause
    assert facts("Колода, таким образом, перекладывается обычно три раза.") == [("turn.recycle", 2)]
    said = facts("Колода перекладывается, как показано на рисунке, три раза.")
    assert ("turn.recycle", 2) in said
