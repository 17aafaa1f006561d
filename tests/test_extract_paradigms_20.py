"""Composed phrases of the twentieth round (issue 18 §3): «Кроме X, …» that adds rather than
excepts, two named suits of two colours, a space for two ranks, the talon drawn from by so many
(the stock), «начинать» with the first card in the instrumental, the foundations begun with the
rank of a card the deal shows. Each part over its paradigm, with the exact facts, and a near
phrasing that means something else. Written for the test, in other words than the grid cells
that prompted them (`benchmarks/paradigm_grid.py`)."""

from __future__ import annotations

import pytest
from sentence_game import fact_pairs as _f
from sentence_game import said as _said
from sentence_game import sentences_draft as _draft

from pipeline.extract.facts import sentence_facts
from pipeline.extract.tokens import tokenize


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Кроме того, имеются две свободные клетки по одной карте.", _f(("cells", 2))),
        ("Кроме колонок, есть ещё три ячейки по одной карте.", _f(("cells", 3))),
        ("Кроме основного расклада, используются 4 резервные ячейки по 1 карте.", _f(("cells", 4))),
    ],
)
def test_paradigm_besides_opening_a_sentence_adds(sentence: str, expected: list) -> None:
    assert _said(sentence) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        "Кроме тузов, все карты кладут в колонки.",
        "Кроме королей, любую карту можно положить на пустое место.",
        "Кроме дамы, на неё не кладут ничего.",
    ],
)
def test_besides_before_a_quantifier_or_negation_still_excepts(sentence: str) -> None:
    """Not water: the exception stays a marker, or becomes «только» («ничего, кроме»)."""
    _, loose = sentence_facts(sentence)
    assert loose


@pytest.mark.parametrize(
    ("sentence", "suit"),
    [
        ("На пиковую даму кладут червонного валета.", "alternate"),
        ("Например, на девятку бубен можно положить восьмёрку треф.", "alternate"),
        ("На трефовую десятку кладут пиковую девятку.", "any"),
        ("На червонного короля кладётся бубновая дама.", "any"),
        ("На десятку пик кладут девятку пик.", "same"),
    ],
)
def test_two_named_suits_say_the_building_colours(sentence: str, suit: str) -> None:
    draft = _draft(["Карты сдают в шесть колонок по шесть карт.", sentence])
    build = draft.spec["moves"]["marry"]["build"]
    assert (build["direction"], build["suit"]) == ("down", suit)


@pytest.mark.parametrize(
    ("sentence", "ranks"),
    [
        ("В пустую колонку можно положить только короля или даму.", [13, 12]),
        ("Свободное место занимают только тузами или королями.", [1, 13]),
        ("Пустое место — только для короля или туза.", [13, 1]),
        ("В освободившийся столбец кладут только короля.", 13),
    ],
)
def test_paradigm_a_space_for_one_rank_or_two(sentence: str, ranks: object) -> None:
    assert _said(sentence) == _f(("build.empty", ranks))


def test_a_space_for_two_ranks_in_the_draft() -> None:
    draft = _draft(
        [
            "Карты сдают в шесть колонок по шесть карт.",
            "В колонках карты кладут по убыванию, чередуя цвета.",
            "На пустое место можно положить только даму или короля.",
        ]
    )
    assert draft.spec["moves"]["marry"]["build"]["empty"] == [12, 13]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Из талона открывают по три карты.", _f(("turn.count", 3))),
        ("Из талона берут по две карты.", _f(("turn.count", 2))),
        ("Открывают по три карты из талона.", _f(("turn.count", 3))),
        # one at a time from the talon is its top card played, no turn of the stock
        ("С талона берут по одной карте.", []),
    ],
)
def test_paradigm_the_talon_drawn_from_by_so_many(sentence: str, expected: list) -> None:
    assert _said(sentence) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        "Базовую стопку можно начать картой любого достоинства.",
        "Основание разрешается начинать любой картой.",
        "Основание можно начать с любой карты.",
    ],
)
def test_paradigm_begun_with_any_card(sentence: str) -> None:
    assert _said(sentence) == _f(("foundation.any_base", True))


def test_begun_with_a_rank_in_the_instrumental() -> None:
    assert _said("Каждое основание начинается королём.") == _f(
        ("foundation.cards", [13]), ("foundation.direction", {"base": 13, "direction": "down"})
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "Основания начинаются с карты того достоинства, которое окажется у первой открытой карты.",
        "Дома начинаются с карт того же достоинства, что и следующая карта колоды.",
        "Базовые стопки начинают с карты такого же достоинства, как первая открытая карта.",
    ],
)
def test_paradigm_begun_with_the_rank_of_a_card_dealt(sentence: str) -> None:
    assert _said(sentence) == _f(("deal.first_foundation", True))


# --- the fifteenth and sixteenth grid batches' parts ----------------------------------------


@pytest.mark.parametrize(
    ("sentence", "count"),
    [
        ("Из колоды сразу открывают три карты.", 3),
        ("Из прикупа за один раз берут две карты.", 2),
        ("За ход из колоды вытягивают три карты.", 3),
        ("Из колоды берут две карты и выкладывают их на сброс.", 2),
    ],
)
def test_paradigm_so_many_cards_at_a_time_without_po(sentence: str, count: int) -> None:
    assert _said(sentence) == _f(("turn.count", count))


def test_at_once_away_from_a_count_stays_water() -> None:
    """«сразу» with no count beside it is no turn of the stock."""
    assert _said("Из колоды сразу кладут тузы на основания.") == _f(("foundation.cards", [1]))


@pytest.mark.parametrize(
    ("sentence", "deals"),
    [
        # a verb of re-dealing counts the deals after the first
        ("Колоду разрешено пересдать не больше двух раз.", 3),
        ("Пересдач допускается не более трёх.", 4),
        ("Количество пересдач — не больше одной.", 2),
        # a verb of dealing counts every deal
        ("Пасьянс раскладывается до трёх раз.", 3),
    ],
)
def test_paradigm_redeals_limited(sentence: str, deals: int) -> None:
    assert ("redeal.deals", str(deals)) in _said(sentence)


def test_redeals_limited_with_all_in_the_draft() -> None:
    """Two more passes of the stock, said with «всего»: the turn recycles twice."""
    draft = _draft(
        ["Карты из колоды открывают по одной.", "Сдать колоду заново можно всего два раза."]
    )
    turns = [m for m in draft.checked.rules["moves"].values() if m.get("kind") == "turn"]
    assert [t["recycle"] for t in turns] == [2]


def test_a_participle_of_where_cards_went_is_no_negation() -> None:
    assert _said("Карты, не вошедшие в основания, перетасовывают и сдают ещё раз.") == _f(
        ("redeal.shuffle", True), ("redeal.again", True)
    )
    # a participle of a state the rules read keeps its negation (no «в/на» after it)
    assert "NEG" in [t.type for t in tokenize("Карты, не покрытые другими, свободны.")]


@pytest.mark.parametrize(
    ("sentence", "rank", "frames"),
    [
        # «туда» after a pile emptied is that empty pile (`tokens._emptied_pronoun`): the
        # condition is the frame of the rule, as «если стопка опустела, в неё …» is
        (
            "Если стопка опустела, туда можно положить только туза.",
            1,
            [("cond.pile_emptied", True)],
        ),
        ("Только тузы могут занимать пустые места.", 1, []),
        ("Лишь король заполняет свободную колонку.", 13, []),
    ],
)
def test_paradigm_a_space_for_a_rank_said_otherwise(sentence: str, rank: int, frames: list) -> None:
    assert _said(sentence) == _f(*frames, ("build.empty", rank))


@pytest.mark.parametrize(
    "sentence",
    ["Дома — четыре стопки справа от расклада.", "Над раскладом находятся четыре места для домов."],
)
def test_paradigm_foundations_counted_by_their_place(sentence: str) -> None:
    assert _said(sentence) == _f(("foundation.count", 4))


@pytest.mark.parametrize(
    ("sentence", "cards"),
    [
        ("Резерв: стопка из одиннадцати карт.", 11),
        ("Первые двенадцать карт колоды составляют запас.", 12),
        ("Отсчитайте 11 карт и положите их стопкой: это резерв.", 11),
    ],
)
def test_paradigm_a_reserve_counted_out(sentence: str, cards: int) -> None:
    assert _said(sentence) == _f(("reserve.named", None), ("reserve.cards", cards))


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Выкладывают шесть карт в ряд.", _f(("tableau.shape", {"noun": "ROW", "count": 6}))),
        (
            "Карты кладут в один ряд по пять штук.",
            _f(("tableau.shape", {"noun": "ROW", "count": 5})),
        ),
        (
            "Раскладывают четыре кучки по осьми карт.",
            _f(("tableau.shape", {"noun": "PACKET", "count": 4}), ("deal.per_pile", 8)),
        ),
    ],
)
def test_paradigm_cards_in_a_row_and_the_books_numerals(sentence: str, expected: list) -> None:
    assert _said(sentence) == expected


def test_the_next_card_put_onto_one_named() -> None:
    assert _said("На открытую карту кладут следующую по возрастанию.") == _f(
        ("build.direction", "up")
    )


# --- the seventeenth batch: a noun glossed by a synonym -------------------------------------


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Сдают восемь кучек (стопок) по три карты.",
            _f(("tableau.shape", {"noun": "PACKET", "count": 8}), ("deal.per_pile", 3)),
        ),
        (
            "Раскладывают пять колонок, или столбцов, по шесть карт.",
            _f(("tableau.shape", {"noun": "COLUMN", "count": 5}), ("deal.per_pile", 6)),
        ),
        (
            "Выкладывают девять столбиков — колонок — по четыре карты.",
            _f(("tableau.shape", {"noun": "COLUMN", "count": 9}), ("deal.per_pile", 4)),
        ),
        ("Из прикупа (колоды) открывают по две карты.", _f(("turn.count", 2))),
        (
            "В домах (основаниях) карты кладут по убыванию.",
            _f(("foundation.direction", {"base": None, "direction": "down"})),
        ),
    ],
)
def test_paradigm_a_noun_glossed_by_a_synonym(sentence: str, expected: list) -> None:
    assert _said(sentence) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        "Карты кладут в основания (по одной) по возрастанию.",  # a number: no gloss
        "Сдают восемь кучек, или по три карты, в ряд.",  # not a noun after «или»
        "Тузы — в основания — кладут сразу.",  # no noun before the dash
    ],
)
def test_what_is_no_gloss_is_kept(sentence: str) -> None:
    from pipeline.extract.tokens import _glosses

    toks = tokenize(sentence)
    assert [t.type for t in _glosses(toks)] == [t.type for t in toks]


# --- the eighteenth batch: counts after their noun, in brackets or as a memo's value ---------


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Домов — четыре.", _f(("foundation.count", 4))),
        ("Базовых стопок всего восемь, по две на масть.", _f(("foundation.count", 8))),
        (
            "Дома (их четыре) начинают с тузов.",
            _f(
                ("foundation.count", 4),
                ("foundation.cards", [1]),
                ("foundation.direction", {"base": 1, "direction": "up"}),
            ),
        ),
        ("Свободные ячейки (их две) вмещают по одной карте.", _f(("cells", 2))),
        (
            "Колонок девять: по четыре карты в каждой.",
            _f(("tableau.count_said", {"noun": "COLUMN", "count": 9}), ("deal.per_pile", 4)),
        ),
    ],
)
def test_paradigm_counts_after_their_noun(sentence: str, expected: list) -> None:
    assert _said(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "deals"),
    [("Пересдачи: не более трёх.", 4), ("Карты открывают по одной; пересдач — три.", 4)],
)
def test_paradigm_redeals_as_a_memo(sentence: str, deals: int) -> None:
    assert ("redeal.deals", str(deals)) in _said(sentence)


# --- the nineteenth batch: either way, runs in more words -----------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "В колонках карты можно перекладывать в любом направлении.",
        "На столбцах последовательности строят в обоих направлениях.",
    ],
)
def test_paradigm_either_way(sentence: str) -> None:
    said = dict(_said(sentence))
    assert said.get("build.direction") == '"both"'


@pytest.mark.parametrize(
    "sentence",
    [
        "Переносить разрешается любую открытую часть колонки.",
        "Группу сложенных по порядку карт можно перенести в другой столбец.",
    ],
)
def test_paradigm_runs_in_more_words(sentence: str) -> None:
    assert ("build.run", "true") in _said(sentence)


def test_the_deals_in_all_after_shuffling_again() -> None:
    assert _said("Карты собирают, перетасовывают и сдают вновь, и так до четырёх раз.") == _f(
        ("redeal.shuffle", True), ("redeal.deals", 4)
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "Карты сдают лицом вниз, и лишь верхняя карта каждой стопки — лицом вверх.",
        "Все карты кладутся закрытыми, а только последняя в каждой колонке — открытой.",
    ],
)
def test_paradigm_down_then_only_the_top_open(sentence: str) -> None:
    assert ("deal.face", '"down-but-last"') in _said(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Когда ходов не осталось, выложите из колоды новый ряд — по карте на каждую стопку.",
        "Если ходов нет, на каждую колонку из колоды кладётся ещё одна карта.",
        "Из колоды на все стопки сразу кладётся по одной карте.",
    ],
)
def test_paradigm_a_row_from_the_stock_in_more_words(sentence: str) -> None:
    assert ("deal.next_round", '"stuck"') in _said(sentence)
