"""Composed phrases of the fifteenth round (issue 18 §3): the cards each after a pile count in
any punctuation, a comparative that ranks the card gone onto, both ways joined by «и … и»,
groups of cards named as a rank noun, foundations counted by their cards, any suit said of a
place, rows dealt when stuck opened by the stuck state, redeals counted before their verb. Each
part over its paradigm (digits and words, case, word order, pre-reform spelling), with the exact
facts; a negative case where a near phrasing means something else. Written for the test, in
other words than the crafted paraphrase sets (benchmarks/data/paraphrases-crafted-15*.yaml)."""

from __future__ import annotations

import pytest
from sentence_game import fact_pairs as _f
from sentence_game import projected as _old
from sentence_game import said as _said
from sentence_game import sentences_draft as _draft

from pipeline.extract.facts import sentence_facts


def _piles(noun: str, count: int, per: int) -> list[tuple[str, str]]:
    return _f(("tableau.shape", {"noun": noun, "count": count}), ("deal.per_pile", per))


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Сдают шесть колонок, в каждой колонке семь карт.", _piles("COLUMN", 6, 7)),
        ("Раскладывают 9 стопок, в каждую — по 3 карты.", _piles("PACKET", 9, 3)),
        ("Выкладываются десять кучек: по три карты в каждую.", _piles("PACKET", 10, 3)),
        ("Сдайте 24 карты в шесть столбцов по четыре.", _piles("COLUMN", 6, 4)),
        (
            _old("Раскладываютъ шесть кучекъ, въ каждой кучкѣ по четыре карты."),
            _piles("PACKET", 6, 4),
        ),
    ],
)
def test_paradigm_the_cards_each_after_the_piles(sentence: str, expected: list) -> None:
    assert _said(sentence) == expected


def test_cards_counted_one_to_each_pile_with_a_verb_of_opening() -> None:
    assert _said("Открывают девять карт, по одной на каждый столбец.") == _f(
        ("tableau.shape", {"noun": "COLUMN", "count": 9})
    )


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the comparative after «на карту» ranks the card gone onto: the card put is lower
        (
            "В колонках класть можно карту на карту старше на единицу другого цвета.",
            _f(("build.direction", "down"), ("build.suit", "alternate")),
        ),
        (
            "С колонки на колонку кладут карту на карту на одно очко младше.",
            _f(("build.direction", "up")),
        ),
        # both ways joined by «и … и», «как …, так и»
        (
            "На столбцах карты кладут и по убыванию, и по возрастанию.",
            _f(("build.direction", "both")),
        ),
        # negative: an order named «от младшей к старшей» is no comparative of the target
        (
            "В колонках карты кладут по возрастанию.",
            _f(("build.direction", "up")),
        ),
    ],
)
def test_paradigm_the_way_of_the_card_put(sentence: str, expected: list) -> None:
    assert _said(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Колода открывается тройками.", [("turn.count", "3")]),
        ("Карты прикупа переворачивают двойками.", [("turn.count", "2")]),
    ],
)
def test_paradigm_cards_at_a_time_as_a_rank_noun(sentence: str, expected: list) -> None:
    assert _said(sentence) == expected


def test_a_rank_noun_after_a_preposition_stays_a_rank() -> None:
    facts, _ = sentence_facts("Карты открывают, начиная с тройками и двойками.")
    assert all(f.key != "turn.count" for f in facts)


@pytest.mark.parametrize(
    ("sentence", "count"),
    [
        ("Четыре короля по мере выхода кладут в основания.", 4),
        ("Восемь тузов, как только они выйдут, выкладываются в основания.", 8),
    ],
)
def test_paradigm_foundations_counted_by_their_cards(sentence: str, count: int) -> None:
    facts, _ = sentence_facts(sentence)
    assert [f.value for f in facts if f.key == "foundation.count"] == [count]


@pytest.mark.parametrize(
    ("sentences", "foundation", "build"),
    [
        # any suit said of the foundations, or of the layout's columns, whatever the verb
        (["На дома карты кладут по возрастанию, масть роли не играет."], "any", None),
        (["На базовых стопках масть значения не имеет."], "any", None),
        (
            ["Карты в колонках кладут по убыванию.", "Масть в колонках роли не играет."],
            "same",
            "any",
        ),
        # a suit beside a way on the aces is the foundations'
        (["На тузы кладут карты любой масти по порядку возрастания."], "any", None),
    ],
)
def test_paradigm_any_suit_said_of_a_place(
    sentences: list[str], foundation: str, build: str | None
) -> None:
    rules = _draft(sentences).checked.rules
    blocks = [p["foundation"] for p in rules["piles"].values() if p["role"] == "foundation"]
    assert {b["suit"] for b in blocks} == {foundation}
    marry = rules.get("moves", {}).get("marry")
    assert (marry["build"]["suit"] if marry else None) == build


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Зайдя в тупик, сдайте из колоды по одной карте на каждую стопку.", "stuck"),
        (
            "Если больше некуда ходить, раздайте из остатка колоды по карте в каждую колонку.",
            "stuck",
        ),
    ],
)
def test_paradigm_rows_dealt_when_stuck(sentence: str, expected: str) -> None:
    facts, _ = sentence_facts(sentence)
    assert [f.value for f in facts if f.key == "deal.next_round"] == [expected]


@pytest.mark.parametrize(
    ("sentence", "deals"),
    [
        ("Позволяется два раза перемешать и разложить пасьянс.", 3),
        ("Можно дважды перетасовать и переложить карты.", 3),
        # negative: a count of the stock's rounds is no redeal
        ("Можно пять раз сдать по ряду карт.", None),
    ],
)
def test_paradigm_redeals_counted_before_the_verb(sentence: str, deals: int | None) -> None:
    facts, _ = sentence_facts(sentence)
    assert [f.value for f in facts if f.key == "redeal.deals"] == ([deals] if deals else [])


@pytest.mark.parametrize(
    "sentence",
    [
        "Прикуп можно просматривать по три карты неограниченное число раз.",
        "Сброс переворачивать и проходить колоду снова можно сколько угодно.",
    ],
)
def test_paradigm_the_stock_turned_without_limit(sentence: str) -> None:
    facts, _ = sentence_facts(sentence)
    assert ("turn.recycle", "unlimited") in [(f.key, f.value) for f in facts]


@pytest.mark.parametrize(
    "sentence",
    [
        "Если столбец опустеет, в него можно положить короля.",
        "Когда стопка освободится, её разрешается занять только королём.",
    ],
)
def test_paradigm_a_pile_emptied_then_filled_with_a_rank(sentence: str) -> None:
    facts, _ = sentence_facts(sentence)
    assert [f.value for f in facts if f.key == "build.empty"] == [13]


@pytest.mark.parametrize(
    "sentence",
    ["Раскладывают восемь столбцов по пять карт.", "Сдают 6 колонок, в каждой колонке 7 карт."],
)
def test_a_field_the_text_sets_is_no_assumption(sentence: str) -> None:
    """The deal's rounds are first assumed (one card to each pile), then read from «по пять
    карт»: the field cites the text and `extract` prints no assumption for it."""
    ex = _draft([sentence])
    step = ex.spec["deal"][0]["id"]
    assert ex.spec["provenance"][f"deal.{step}.rounds"]["origin"] == "text"
    assert not [a for a in ex.assumed if f"deal.{step}.rounds" in a]


def test_a_field_the_text_does_not_set_stays_assumed() -> None:
    ex = _draft(["Раскладывают восемь столбцов."])
    step = ex.spec["deal"][0]["id"]
    assert ex.spec["provenance"][f"deal.{step}.rounds"]["origin"] == "default"
    assert f"assumed: deal.{step}.rounds — one card to each pile" in ex.assumed


@pytest.mark.parametrize(
    ("sentence", "figure"),
    [
        # a reference to a figure is an aside: the numbers said with it are read
        ("Карты сдают, как показано на рисунке, в девять колонок по три карты.", None),
        ("Сдают (см. рис. 4) девять колонок по три карты.", 4),
        ("Согласно схеме 2 выкладывают девять колонок по три карты.", 2),
        ("Выкладывают девять колонок по три карты, как видно на рисунке 3.", 3),
        ("Как показано на рисунке, раскладывают девять колонок по три карты.", None),
        (_old("Карты сдаютъ, какъ показано на рисункѣ, въ девять колоннъ по три карты."), None),
    ],
)
def test_paradigm_a_figure_reference_keeps_the_numbers(sentence: str, figure: int | None) -> None:
    facts, loose = sentence_facts(sentence)
    said = [(f.key, f.value) for f in facts]
    assert ("tableau.shape", {"noun": "COLUMN", "count": 9}) in said
    assert ("deal.per_pile", 3) in said
    assert ("ref.figure", figure) in said
    assert loose == []


def test_a_figure_of_speech_is_no_reference() -> None:
    """«в виде фигуры» names a shape, not a figure of the book: the clause is left as it is."""
    facts, _ = sentence_facts("Карты раскладывают в виде фигуры, в восемь колонок.")
    assert ("tableau.count_said", {"noun": "COLUMN", "count": 8}) in [
        (f.key, f.value) for f in facts
    ]


@pytest.mark.parametrize(
    ("sentence", "shape"),
    [
        # the foundation cards laid in rows: their arrangement, not the layout
        ("Основаниями служат восемь тузов, которые кладутся в два ряда, по четыре в каждом.", []),
        # rows with their cards, «в каждом ряду»: each row a pile
        ("Выкладывают шесть рядов, в каждом ряду по четыре карты.", [6]),
    ],
)
def test_paradigm_rows_and_what_they_hold(sentence: str, shape: list[int]) -> None:
    facts, _ = sentence_facts(sentence)
    assert [f.value["count"] for f in facts if f.key == "tableau.shape"] == shape


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # an example of building in its own clause is the layout's, whatever the goal's clause says
        (
            "Передвиньте девятку на десятку; цель — собрать все карты в цепи от короля до туза.",
            ("build.direction", "down"),
        ),
        # a goal's task word in another clause builds nothing there
        (
            "Задача трудная, так как класть нужно по масти; шестёрку можно положить на семёрку.",
            ("build.direction", "down"),
        ),
        # the goal's clause, and one after it that builds on what it named, are the foundations'
        (
            "Цель игры — освободить тузы; на них кладут карты по возрастанию.",
            ("foundation.direction", {"base": None, "direction": "up"}),
        ),
    ],
)
def test_paradigm_clauses_of_one_sentence_read_apart(sentence: str, expected: tuple) -> None:
    facts, _ = sentence_facts(sentence)
    said = [(f.key, f.value) for f in facts]
    assert expected in said
    other = "foundation.direction" if expected[0] == "build.direction" else "build.direction"
    assert all(k != other for k, _ in said)


def test_the_foundations_row_before_their_anaphor_with_the_layout_after_it() -> None:
    """«… в ряд 7 карт. В этом ряду разложены короли — базовые карты; под ним — 4 ряда по
    8 карт»: the row of seven is the foundations' place, the layout the rows after the
    anaphor in the same sentence."""
    rules = _draft(
        [
            "Из двух колод выкладывают в ряд 7 карт.",
            "В этом ряду будут разложены короли — базовые карты пасьянса; под базовым рядом "
            "делают выкладку: 4 ряда по 8 карт.",
        ]
    ).checked.rules
    tableau = [p for p in rules["piles"].values() if p["role"] == "tableau"]
    assert sum(p["count"] for p in tableau) == 8


@pytest.mark.parametrize(
    "sentence",
    [
        "Карты сдают, как правило, в девять колонок по три карты.",
        "Как правило, карты сдают в девять колонок по три карты.",
        "Карты сдают, разумеется, в девять колонок по три карты.",
        "Карты, таким образом, сдают в девять колонок по три карты.",
    ],
)
def test_paradigm_a_parenthetical_word_between_commas(sentence: str) -> None:
    facts, loose = sentence_facts(sentence)
    said = [(f.key, f.value) for f in facts]
    assert ("tableau.shape", {"noun": "COLUMN", "count": 9}) in said
    assert ("deal.per_pile", 3) in said
    assert loose == []


def test_an_example_opened_by_for_instance_stays_an_example() -> None:
    """«например» opens an example: no parenthetical, the example is read as before."""
    facts, _ = sentence_facts("Семерку кладут, например, на восьмерку.")
    assert [(f.key, f.value) for f in facts] == [("build.direction", "down")]


def test_a_space_filled_from_a_reserve_the_draft_lacks_is_said() -> None:
    """«… картой запаса» where no reserve was read: the stock stands in, printed as assumed."""
    ex = _draft(
        [
            "Раскладывают восемь столбцов по пять карт.",
            "Опустевшее место заполняется верхней картой запаса.",
        ]
    )
    assert ex.spec["fill"]["columns"]["sources"][0]["from"] == ["stock"]
    assert (
        "assumed: fill.columns.sources — spaces are filled from the reserve, which the draft "
        "does not have: from the stock"
    ) in ex.assumed
