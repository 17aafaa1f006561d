"""Composed phrases of the eleventh round (issue 18 §3), each over its paradigm: the words of a
development passage where one shows the phrase, and sentences written for the test (other
numerals, verbs, word orders, pre-reform spelling), with the exact facts or spec fields the
grammar must give; a negative case where a near phrasing means something else."""

from __future__ import annotations

import pytest
from sentence_game import projected as _old
from sentence_game import sentence_facts_of as _facts
from sentence_game import sentences_draft as _draft

from pipeline.extract.facts import sentence_facts

WASTE = [
    ("foundation.count", 1),
    ("foundation.direction", {"base": None, "direction": "both"}),
    ("suit.any", True),
]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the passage's words (code-variants-13-langs, Golf and Tri Peaks)
        (
            "Кладите открытую карту на один ранг выше или ниже сброса и очищайте три вершины.",
            [*WASTE, ("win.cleared", True)],
        ),
        # paraphrases: other measures of a rank, the talon's other names, the order reversed,
        # the rule as a condition
        ("Играйте карту на одну ступень выше или ниже верхней карты отбоя.", WASTE),
        ("На сброс можно положить карту на единицу старше или младше.", WASTE),
        ("Карту кладут на сброс, если она на единицу младше или старше карты сброса.", WASTE),
        ("Каждую карту перекладывают в талон, если она на ранг выше или ниже.", WASTE),
        # the second comparative of a pair shares the first's measure («больше или меньше»)
        (
            "Карты из раскладки перекладываются на сброс, если они на единицу больше или меньше.",
            WASTE,
        ),
        ("Карту можно положить в отбой, если она на единицу больше или меньше карты отбоя.", WASTE),
        # negative: a card one rank higher onto a pile is building, not the waste
        ("Карту можно положить на карту старше на единицу.", [("build.direction", "down")]),
    ],
)
def test_paradigm_the_waste_built_both_ways(sentence: str, expected: list) -> None:
    assert _facts(sentence) == expected


def test_the_waste_built_both_ways_is_one_foundation_of_any_suit() -> None:
    ex = _draft(
        [
            "Раскладывают семь колонок по пять карт, все карты открыты.",
            "Очистите семь колонок, кладя карты на ранг выше или ниже сброса.",
        ]
    )
    found = [p for p in ex.spec["piles"].values() if p["role"] == "foundation"]
    assert [(p["count"], p["foundation"]["direction"], p["foundation"]["suit"]) for p in found] == [
        (1, "both", "any")
    ]
    assert ex.spec["win"] == "tableau-empty"
    assert sum(p["count"] for p in ex.spec["piles"].values() if p["role"] == "tableau") == 7


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the passage's words: the layout's piles counted with the verb of clearing
        (
            "Очистите семь колонок, кладя карты на ранг выше или ниже сброса.",
            [
                ("win.cleared", True),
                ("tableau.count_said", {"noun": "COLUMN", "count": 7}),
                *WASTE,
            ],
        ),
        # paraphrases: other verbs of clearing, «все», the table
        ("Освободите все столбцы.", [("win.cleared", True)]),
        (
            "Разберите все десять стопок, и пасьянс сошелся.",
            [("win.cleared", True), ("tableau.count_said", {"noun": "PACKET", "count": 10})],
        ),
        ("Очистите стол.", [("win.cleared", True)]),
        # negative: a pile emptied in play is a space, not the goal
        ("Если освободились две колонки, в них можно класть любую карту.", None),
    ],
)
def test_paradigm_the_layout_cleared_said_to_the_player(
    sentence: str, expected: list | None
) -> None:
    facts, _ = sentence_facts(sentence)
    said = [(f.key, f.value) for f in facts]
    if expected is None:
        assert ("win.cleared", True) not in said
    else:
        assert said == expected


@pytest.mark.parametrize(
    "sentence",
    [
        # the passage's words (code-aisleriot-po-ru, two orders)
        "Карты сдаются из колоды на сброс по одной.",
        "Из колоды карты по одной сдаются на сброс.",
        # paraphrases: other verbs of laying, the talon's names, the count first
        "Карты из колоды по одной выкладывают в отбой.",
        "По одной карте из колоды кладут на сброс.",
        "Выкладывайте по одной карте из колоды на сброс.",
        _old("Карты кладутъ изъ колоды въ талонъ по одной."),
    ],
)
def test_paradigm_the_stock_laid_on_the_waste_a_card_at_a_time(sentence: str) -> None:
    assert _facts(sentence) == [("turn.count", 1)]


def test_the_stock_laid_on_the_waste_by_threes() -> None:
    assert _facts("Карты сдаются из колоды на сброс по три.") == [("turn.count", 3)]


@pytest.mark.parametrize(
    "sentence",
    [
        # the passage's words (code-kpat-docbook-ru, Гробница Наполеона)
        "При этом масть карт роли не играет.",
        "Масть соблюдать не нужно.",
        # paraphrases
        "Масть и цвет карт значения не имеют.",
        "Масть карт здесь не важна.",
        "Масти соблюдать не требуется.",
    ],
)
def test_paradigm_the_suit_of_the_cards_does_not_matter(sentence: str) -> None:
    assert _facts(sentence) == [("suit.any", True)]


@pytest.mark.parametrize(
    ("sentence", "count"),
    [
        # the passage's words (Гробница Наполеона)
        ("База представляет собой пять стопок, размещённых в форме буквы Х.", 5),
        # paraphrases: another verb, a dash, another place noun
        ("Основание состоит из четырех стопок.", 4),
        ("Дом — восемь ячеек.", 8),
        ("Базовые стопки образуют два ряда.", None),
    ],
)
def test_paradigm_the_foundations_counted_by_their_piles(sentence: str, count: int | None) -> None:
    said = [(f.key, f.value) for f in sentence_facts(sentence)[0]]
    if count is None:  # rows of foundations are no count of them
        assert not any(k == "foundation.count" for k, _ in said)
    else:
        assert said == [("foundation.count", count)]


@pytest.mark.parametrize(
    "sentence",
    [
        # the passage's words (AisleRiot's Eagle Wing): «расклад» is the layout
        "Карты в раскладе можно собирать в нисходящем порядке по масти.",
        # paraphrases: another case of the noun, «в стопках расклада»
        "В раскладе карты кладут в нисходящем порядке в масть.",
        "Карты в стопках расклада собираются по убыванию по масти.",
    ],
)
def test_paradigm_building_in_the_layout_named_raskład(sentence: str) -> None:
    assert _facts(sentence) == [("build.direction", "down"), ("suit.same", True)]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the passage's words (East Haven): a face between the cards and the piles
        (
            "Щелчок по колоде сдаёт по одной карте лицом вверх на каждую стопку расклада.",
            [("deal.next_round", "stuck")],
        ),
        (
            "Нажмите на колоду, чтобы сдать по одной открытой карте в каждый столбец.",
            [("deal.next_round", "stuck")],
        ),
        # the king into a space of the layout named «расклад»
        (
            "На пустые места в раскладе можно перекладывать королей или собранные группы карт.",
            [("build.empty", 13)],
        ),
        (
            "В пустую ячейку в раскладе можно положить только короля.",
            [("build.empty", 13)],
        ),
    ],
)
def test_paradigm_the_layout_named_rasklad_in_other_phrases(sentence: str, expected: list) -> None:
    assert _facts(sentence) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        # the passage's words (kpat, Klondike): the player may go through the stock at will
        "Вы можете сколько угодно просматривать карты в остатке колоды, но помните, что "
        "это не поможет.",
        # paraphrases
        "Сколько угодно раз можно перелистывать колоду.",
        "Можно сколько угодно перебирать карты колоды.",
    ],
)
def test_paradigm_the_stock_gone_through_any_number_of_times(sentence: str) -> None:
    said = [(f.key, f.value) for f in sentence_facts(sentence)[0]]
    assert said == [("turn.recycle", "unlimited")]


@pytest.mark.parametrize(
    "sentence",
    [
        # the passage's words (kpat, Дедушка): a card moved whatever lies on it
        "На пустое место вы можете положить короля (неважно, сколько карт лежит на нём).",
        "Вы можете положить пятёрку пик на шестёрку пик, независимо от того, сколько карт "
        "лежит ещё под или над пятёркой пик.",
        # a paraphrase: the order of «на ней лежит»
        "Любую открытую карту можно переложить, неважно, сколько карт на ней лежит.",
    ],
)
def test_paradigm_a_card_moved_whatever_lies_on_it(sentence: str) -> None:
    assert ("build.run", True) in _facts(sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the goal as a duty: clearing after «нужно», «необходимо» (gist-piramida-13)
        (
            "Правила данной игры довольно просты — вам необходимо разобрать пирамиду, "
            "находящуюся на игровом поле.",
            [("win.cleared", True)],
        ),
        ("Нужно освободить все столбцы.", [("win.cleared", True)]),
        ("Чтобы выиграть, надо разобрать пирамиду.", [("win.cleared", True)]),
        # the win said with «по» the foundations
        (
            "Выигрыш засчитывается, когда все карты разложены по базовым стопкам.",
            [("win.foundations", True)],
        ),
    ],
)
def test_paradigm_the_goal_said_as_a_duty(sentence: str, expected: list) -> None:
    assert _facts(sentence) == expected


def test_a_pile_to_be_emptied_in_a_condition_is_no_goal() -> None:
    facts, _ = sentence_facts("Если нужно освободить колонку, переложите карты.")
    assert ("win.cleared", True) not in [(f.key, f.value) for f in facts]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the pack dealt round «каждую из восьми кучек» until it is out
        (
            "Карты сдаются по одной на каждую из восьми кучек, пока колода не выйдет вся.",
            [("tableau.shape", {"noun": "PACKET", "count": 8}), ("deal.until_empty", True)],
        ),
        # the kings go to the spaces, the verb in water
        ("Короли идут на освободившиеся места.", [("build.empty", 13)]),
        ("Только короли могут перекладываться на пустые места.", [("build.empty", 13)]),
    ],
)
def test_paradigm_deal_spaces_and_cells(sentence: str, expected: list) -> None:
    assert _facts(sentence) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        # a face alone after a comma is the face of what its clause names (pages-23, -12):
        # the cards left in hand, the talon, not the deal
        "Две другие остаются в руках, рубашкою вверх.",
        "Карту, которая не подходит, кладут в талон, лицом вверх.",
    ],
)
def test_a_face_after_a_comma_is_not_the_deals(sentence: str) -> None:
    facts, _ = sentence_facts(sentence)
    assert not any(f.key == "deal.face" for f in facts)


def test_a_cell_noun_for_the_layout_is_no_cell() -> None:
    """«Семь ячеек игрового стола» (code-klondike-comments): the layout's places."""
    assert _facts("Семь ячеек игрового стола.") == []


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the stock counted, then dealt a card onto each pile: the next round (Spider's stock)
        (
            "Оставшиеся 50 карт находятся в колоде и сдаются по 10 карт, по одной на каждый "
            "столбец.",
            [("stock.cards", 50), ("deal.next_round", "stuck")],
        ),
        (
            "Остальные 24 карты кладут в колоду и раздают по одной в каждую стопку.",
            [("stock.cards", 24), ("deal.next_round", "stuck")],
        ),
        # negative: the stock counted alone is not dealt in rounds
        ("Оставшиеся 50 карт кладутся в колоду.", [("stock.cards", 50)]),
    ],
)
def test_paradigm_the_stock_counted_and_dealt_in_rounds(sentence: str, expected: list) -> None:
    assert _facts(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # «вне зависимости от», and a colour named with the suit
        (
            "Карты можно перемещать на карту старше на единицу вне зависимости от масти.",
            [("build.direction", "down"), ("suit.any", True)],
        ),
        (
            "Карты в колонках кладутся по убыванию вне зависимости от цвета и масти.",
            [("build.direction", "down"), ("suit.any", True)],
        ),
        (
            "Карты кладутся по убыванию независимо от масти и цвета.",
            [("build.direction", "down"), ("suit.any", True)],
        ),
    ],
)
def test_paradigm_whatever_the_suit_and_colour(sentence: str, expected: list) -> None:
    assert _facts(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the verb of the clause before left out: «на них — карты … по возрастанию»
        (
            "На базу выкладываются тузы, на них карты той же масти в порядке возрастания.",
            [
                ("foundation.cards", [1]),
                ("foundation.direction", {"base": 1, "direction": "up"}),
                ("suit.same", True),
            ],
        ),
        (
            "В основания кладут королей, на них — карты той же масти по убыванию до туза.",
            [
                ("foundation.cards", [13]),
                ("foundation.direction", {"base": 13, "direction": "down"}),
                ("foundation.last", {"base": 13, "last": 1}),
                ("suit.same", True),
            ],
        ),
    ],
)
def test_paradigm_building_on_the_cards_just_named(sentence: str, expected: list) -> None:
    assert _facts(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the passage's words (code-variants-13-langs, Yukon): a card moved with all those on it,
        # and no stock
        (
            "Перемещайте открытую карту со всеми открытыми картами ниже; колоды нет.",
            [("build.run", True), ("cond.all_dealt", True)],
        ),
        # paraphrases: the card named first, «поверх неё»; the stock not used
        ("Любую карту можно переносить со всеми картами, лежащими на ней.", [("build.run", True)]),
        ("Открытую карту переносят со всеми картами поверх неё.", [("build.run", True)]),
        ("Колода не используется.", [("cond.all_dealt", True)]),
        ("Нет колоды.", [("cond.all_dealt", True)]),
        # negative: a redeal forbidden is not the stock absent
        ("Пересдавать колоду нельзя.", [("redeal.none", True)]),
    ],
)
def test_paradigm_a_card_moved_with_all_on_it_and_no_stock(sentence: str, expected: list) -> None:
    assert _facts(sentence) == expected


def test_no_stock_said_is_no_turned_stock() -> None:
    """«колоды нет» with cards left after the deal: no talon is assumed to turn them; the
    cards left are the draft's contradiction, listed as a gap."""
    ex = _draft(
        [
            "Раскладывают двадцать восемь карт в семь столбцов.",
            "Перемещайте открытую карту со всеми открытыми картами ниже; колоды нет.",
        ]
    )
    assert "turn" not in ex.spec["moves"]
    assert "talon" not in ex.spec["piles"]
    assert any(g.startswith("contradiction:") and "test/play/2 says no stock" in g for g in ex.gaps)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # a memo: the pile noun, then its count after a dash or a colon
        ("Количество стопок: 8.", [("tableau.count_said", {"noun": "PACKET", "count": 8})]),
        ("Стопок в раскладе — семь.", [("tableau.count_said", {"noun": "PACKET", "count": 7})]),
        (
            "Количество колонок — 10, колод — 2.",
            [("tableau.count_said", {"noun": "COLUMN", "count": 10}), ("decks", 2)],
        ),
        # negative: a memo of the building has no count
        ("Столбцы: в масть, по убыванию.", [("build.direction", "down"), ("suit.same", True)]),
    ],
)
def test_paradigm_a_pile_count_in_a_memo(sentence: str, expected: list) -> None:
    assert _facts(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # a comparative after its measure, whatever the pair: «на единицу большего достоинства»
        (
            "Можно перекладывать карту на карту на единицу большего достоинства другого цвета.",
            [("build.direction", "down"), ("build.suit", "alternate")],
        ),
        (
            "Выбирайте открытые карты на 1 ранг старше или младше карты сброса.",
            [
                ("foundation.count", 1),
                ("foundation.direction", {"base": None, "direction": "both"}),
                ("suit.any", True),
            ],
        ),
        # an ace as it comes, the verb of moving addressed to the player
        ("Как только откроется туз, переложите его на основание.", [("foundation.cards", [1])]),
        ("Когда освободится туз, перенесите его в дом.", [("foundation.cards", [1])]),
    ],
)
def test_paradigm_measured_comparatives_and_aces_as_they_come(
    sentence: str, expected: list
) -> None:
    assert _facts(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the goal: the cards gathered into N piles by suit or from ace to king (foundations)
        (
            "Игрок должен собрать карты в восемь стопок от туза до короля.",
            [
                ("win.foundations", True),
                ("foundation.count", 8),
                ("foundation.last", {"base": 1, "last": 13}),
                ("foundation.direction", {"base": 1, "direction": "up"}),
            ],
        ),
        (
            "Нужно собрать все карты в четыре стопки по мастям.",
            [("win.foundations", True), ("foundation.count", 4), ("suit.same", True)],
        ),
        # negative: piles gathered with nothing of suit or ranks are the layout's
        ("Карты собирают в семь стопок.", [("tableau.count_said", {"noun": "PACKET", "count": 7})]),
    ],
)
def test_paradigm_the_goal_counts_the_foundations(sentence: str, expected: list) -> None:
    assert _facts(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the foundations counted in parentheses after their noun (code-kosynka-joker-modes)
        (
            "Фундамент (4 стопки) – собираются карты одной масти по возрастанию.",
            [("foundation.count", 4), ("suit.same", True)],
        ),
        (
            "Дома (восемь ячеек справа) заполняются по масти.",
            [("foundation.count", 8), ("suit.same", True)],
        ),
        # negative: the layout counted in parentheses stays the layout's
        (
            "Игровое поле (7 столбцов) — здесь идёт игра.",
            [("tableau.count_said", {"noun": "COLUMN", "count": 7})],
        ),
        # the stock drawn, said by a noun of drawing
        ("Вытягивание по 3 карты из колоды.", [("turn.count", 3)]),
    ],
)
def test_paradigm_foundations_counted_in_parentheses(sentence: str, expected: list) -> None:
    assert _facts(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the win said before its condition: the pyramid cleared, the cards removed
        ("Пирамида считается разобранной, когда все карты убраны.", [("win.cleared", True)]),
        ("Пасьянс сходится, если удалось убрать все карты с поля.", [("win.cleared", True)]),
        # negative: the cards removed into the foundations are the foundations' win
        ("Игра выиграна, когда все карты убраны в дома.", [("win.foundations", True)]),
    ],
)
def test_paradigm_the_win_said_before_its_condition(sentence: str, expected: list) -> None:
    assert _facts(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the piles counted with how they lie («по кругу») between the verb and the numeral
        (
            "Карты раскладываются по кругу в 12 стопок по 4 карты.",
            [("tableau.shape", {"noun": "PACKET", "count": 12}), ("deal.per_pile", 4)],
        ),
        # the next card begins the foundations and gives their base (Canfield)
        (
            "Следующая карта кладётся на основание и определяет базовое достоинство.",
            [("deal.first_foundation", True)],
        ),
        # the spaces filled, the source the subject of the verb
        (
            "Карты из резерва автоматически заполняют пустые места в раскладе.",
            [("fill.sources", ["reserve"])],
        ),
        ("Карты из колоды заполняют освободившиеся места.", [("fill.sources", ["stock"])]),
    ],
)
def test_paradigm_circle_first_foundation_and_fill_sources(sentence: str, expected: list) -> None:
    assert _facts(sentence) == expected


UNEVEN = ("deal.uneven", {"first": 4, "more": 6, "rest": 5})


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # an uneven deal (Spider): the ordinal after the numeral, or the cards said first
        ("В четыре первые колонки сдаётся по шесть карт, в остальные — по пять.", [UNEVEN]),
        (
            "По шесть карт кладут в первые четыре стопки и по пять — в остальные шесть.",
            [("tableau.shape", {"noun": "PACKET", "count": 10}), UNEVEN],
        ),
        ("По шесть карт сдают в первые четыре колонки, по пять — в остальные.", [UNEVEN]),
    ],
)
def test_paradigm_an_uneven_deal_in_other_orders(sentence: str, expected: list) -> None:
    assert _facts(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the goal said to the player: the table cleared, the cards laid on the foundations
        ("Уберите все карты со стола.", [("win.cleared", True)]),
        ("Переложите все карты на базу.", [("win.foundations", True)]),
        (
            "Разложите все карты по мастям в четыре стопки от туза до короля.",
            [
                ("win.foundations", True),
                ("foundation.count", 4),
                ("foundation.last", {"base": 1, "last": 13}),
                ("suit.same", True),
                ("foundation.direction", {"base": 1, "direction": "up"}),
            ],
        ),
        # negative: the whole pack dealt into piles, no suit named, is the deal
        (
            "Разложите все 52 карты в 4 стопки.",
            [("tableau.shape", {"noun": "PACKET", "count": 4}), ("deal.until_empty", True)],
        ),
    ],
)
def test_paradigm_the_goal_said_to_the_player(sentence: str, expected: list) -> None:
    assert _facts(sentence) == expected
