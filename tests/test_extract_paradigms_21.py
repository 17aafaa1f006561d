"""Composed phrases of the twenty-first round (issue 18 §3): a space named by a pronoun after a
pile emptied, the talon turned back after the stock ran out, single cards and runs joined, the
suit or colour rule as a predicate of its own clause, «ещё» before a count of times, and the
cards each said on their own. Each part over its paradigm, with the exact facts, and a near
phrasing that means something else. Written for the test, in other words than the grid cells
that prompted them (`benchmarks/paradigm_grid.py`, batches 23–28)."""

from __future__ import annotations

import pytest
from sentence_game import fact_pairs as _f
from sentence_game import said as _said
from sentence_game import sentences_draft as _draft

from pipeline.extract.facts import sentence_facts
from pipeline.extract.tokens import tokenize

ANY_SPACE = ("fill.sources", ["talon", "tableau"])
EMPTIED = ("cond.pile_emptied", True)
STOCK_OUT = ("cond.stock_out", True)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Как только ряд опустеет, в него разрешается класть лишь валета.",
         [EMPTIED, ("build.empty", 11)]),
        ("Когда колонка становится пустой, в неё перекладывают короля или даму.",
         [EMPTIED, ("build.empty", [13, 12])]),
        ("После того как кучка освободится, в неё можно положить любую карту.", [ANY_SPACE]),
        ("Если столбец совсем опустел, в него кладут что угодно.", [EMPTIED, ANY_SPACE]),
    ],
)  # fmt: skip
def test_paradigm_a_space_named_by_a_pronoun_after_the_pile_emptied(
    sentence: str, expected: list
) -> None:
    assert _said(sentence) == _f(*expected)


def test_a_pronoun_after_anything_else_emptied_is_not_a_space() -> None:
    """The stock emptied, then «её»: the pronoun stays a word, no empty pile is made of it."""
    toks = tokenize("Если колода опустела, её переворачивают.")
    assert [t.type for t in toks].count("EMPTY") == 1


@pytest.mark.parametrize(
    "sentence",
    [
        "Если в колоде карт не осталось, отбой переворачивают и используют снова.",
        "Когда колода иссякла, карты сброса снова собирают в колоду.",
        "Как только колода пройдена, отбой переворачивают.",
        "Если в колоде больше нет карт, сброс переворачивают.",
        "Когда карты колоды закончились, стопку сброса переворачивают и снова кладут на место "
        "колоды.",
    ],
)
def test_paradigm_the_talon_turned_back_after_the_stock_ran_out(sentence: str) -> None:
    assert _said(sentence) == _f(("turn.back", True), STOCK_OUT)


def test_the_stock_not_yet_empty_frames_nothing() -> None:
    """«если колода не пуста» is no stock run out: its negation stays loose."""
    facts, loose = sentence_facts("Если колода не пуста, сброс переворачивают.")
    assert facts == [] and "NEG" in loose


@pytest.mark.parametrize(
    "sentence",
    [
        "Перекладывать разрешается как одиночные карты, так и последовательности.",
        "Карты перемещают по одной или группами.",
        "Переносить позволено не только одиночные карты, но и серии.",
        "Карты можно переносить поодиночке или целыми группами.",
    ],
)
def test_paradigm_single_cards_and_runs_joined(sentence: str) -> None:
    assert _said(sentence) == _f(("build.run", True))


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Карты в столбцах кладут по возрастанию, цвет обязательно должен быть иным.",
         [("build.direction", "up"), ("build.suit", "alternate")]),
        ("В рядах карты идут по убыванию; масти при этом должны совпадать.",
         [("build.direction", "down"), ("suit.same", True)]),
        ("Карты кладут по убыванию, масть же может быть любой.",
         [("build.direction", "down"), ("suit.any", True)]),
        ("Карты кладут по возрастанию, цвет должен быть одинаковым.",
         [("build.direction", "up"), ("build.suit", "same-colour")]),
    ],
)  # fmt: skip
def test_paradigm_the_suit_rule_as_a_predicate(sentence: str, expected: list) -> None:
    assert _said(sentence) == _f(*expected)


def test_one_colour_conceded_is_no_rule_of_one_colour() -> None:
    """«…любой масти, хотя бы и того же цвета»: any suit, even one colour, not one colour."""
    facts = _said(
        "Карты кладут в нисходящем порядке без различия мастей, так что на даму кладут валета "
        "любой масти, хотя бы и того же цвета."
    )
    assert ("build.suit", '"same-colour"') not in facts


@pytest.mark.parametrize(
    ("sentence", "deals"),
    [
        ("Если пасьянс не сошёлся, можно разложить его ещё один раз.", 2),
        ("Пасьянс можно раскладывать ещё трижды.", 4),
        ("Карты собирают и раскладывают ещё два раза.", 3),
    ],
)
def test_paradigm_more_deals_counted_with_more(sentence: str, deals: int) -> None:
    """«ещё N раз»: N deals after the first, N + 1 in all."""
    assert ("redeal.deals", str(deals)) in _said(sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Сброс можно перевернуть ещё раз.", [("turn.recycle", 1)]),
        ("Пересдать колоду разрешается ещё два раза.",
         [("redeal.deals", 3), ("redeal.of_deck", True)]),
    ],
)  # fmt: skip
def test_more_after_a_verb_that_counts_again_adds_nothing(sentence: str, expected: list) -> None:
    """After a verb of turning, or of dealing again, «ещё» stays a word: the count is the
    verb's, as it was without «ещё»."""
    assert _said(sentence) == _f(*expected)


@pytest.mark.parametrize(
    ("sentence", "cards"),
    [
        ("В каждом ряду лежит по шесть карт.", 6),
        ("Каждая кучка состоит из четырёх карт.", 4),
        ("На каждый столбец приходится по 7 карт.", 7),
        ("В каждой из них 3 карты.", 3),
    ],
)
def test_paradigm_the_cards_each_said_on_their_own(sentence: str, cards: int) -> None:
    assert _said(sentence) == _f(("deal.per_pile", cards))


def test_the_cards_each_after_the_piles_counted_make_the_layout() -> None:
    ex = _draft(["Раскладываются девять кучек.", "Каждая кучка содержит пять карт."])
    piles = [p for p in ex.spec["piles"].values() if p.get("role") == "tableau"]
    assert [p["count"] for p in piles] == [9]
    assert [d["per_pile"] for d in ex.spec["deal"]] == [5]


@pytest.mark.parametrize(
    ("sentence", "count"),
    [
        ("Щелчок мышью по колоде переворачивает две карты.", 2),
        ("После нажатия на колоду в отбой выкладываются три карты.", 3),
        ("Кликнув по колоде, игрок открывает сразу три карты.", 3),
    ],
)
def test_paradigm_the_stock_clicked(sentence: str, count: int) -> None:
    assert _said(sentence) == _f(("turn.count", count))


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Если со стола убраны все карты, игра выиграна.", [("win.cleared", True)]),
        ("Когда все карты оказались открытыми, пасьянс сошёлся.", [("win.face_up", True)]),
        ("Игра выиграна, если все карты лежат картинкой вверх.", [("win.face_up", True)]),
        ("Цель игры — перевернуть все карты.", [("win.face_up", True)]),
    ],
)
def test_paradigm_the_win_after_its_condition_and_every_card_face_up(
    sentence: str, expected: list
) -> None:
    assert _said(sentence) == _f(*expected)


def test_every_card_face_up_is_the_drafts_win() -> None:
    ex = _draft(
        ["Карты раскладывают в семь стопок по пять карт.", "Если все карты открыты, вы выиграли."]
    )
    assert ex.spec["win"] == "all-face-up"


def test_a_condition_with_more_than_the_win_after_it_is_left_in_its_order() -> None:
    """«Если …, карты собирают и пасьянс сошёлся» is no win said after its condition alone."""
    toks = tokenize("Если ходов нет, карты собирают, и пасьянс раскладывают снова.")
    assert toks[0].type == "COND"


@pytest.mark.parametrize(
    ("sentence", "numbers"),
    [
        ("Из 10-ти колонок берут по 3 карты.", ["NUM", "NUM"]),
        ("Карты лежат в 3-х рядах, 4-мя стопками по 5-ти карт.", ["NUM", "NUM", "NUM"]),
        ("Тринадцатую, то есть 13-ю карту, кладут отдельно.", ["ORD", "ORD"]),
        ("Во 2-м ряду по 7-ми карт.", ["ORD", "NUM"]),
    ],
)
def test_a_figure_with_a_case_ending_is_cardinal_or_ordinal_by_its_ending(
    sentence: str, numbers: list
) -> None:
    """«10-ти», «8-ю рядами»: a cardinal in its case; «13-ю карту», «во 2-м ряду»: ordinals."""
    assert [t.type for t in tokenize(sentence) if t.type in ("NUM", "ORD")] == numbers


@pytest.mark.parametrize(
    "sentence",
    [
        "Сдают карты в 8-ми кучек по 6-ти карт.",
        "Разложите 8 (восемь) кучек по 6 (шесть) карт.",
        "Раскладывают восемь (8) кучек (по 6 карт в каждой).",
    ],
)
def test_paradigm_counts_as_figures_with_endings_or_glossed(sentence: str) -> None:
    ex = _draft([sentence])
    piles = [p["count"] for p in ex.spec["piles"].values() if p.get("role") == "tableau"]
    assert (piles, [d["per_pile"] for d in ex.spec["deal"]]) == ([8], [6])


@pytest.mark.parametrize(
    "sentence",
    [
        "Перелистывать колоду можно бесконечно.",
        "Отбой переворачивают сколько захочется.",
        "Лимита на число проходов колоды нет.",
        "Количество проходов по колоде ничем не ограничено.",
    ],
)
def test_paradigm_the_stock_again_without_limit(sentence: str) -> None:
    assert ("turn.recycle", '"unlimited"') in _said(sentence)
