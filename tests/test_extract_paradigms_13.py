"""Composed phrases of the thirteenth round (issue 18 §3): moves, building, spaces, stock,
redeals and the goal, each part over its paradigm (modern and pre-reform spelling, other word
orders, verbs and places), with the exact facts or spec fields; a negative case where a near
phrasing means something else. The sentences are written for the test."""

from __future__ import annotations

import pytest
from sentence_game import fact_pairs as _f
from sentence_game import projected as _old
from sentence_game import said as _said
from sentence_game import sentences_draft as _draft

from pipeline.extract.facts import sentence_facts

DOWN_ALT = _f(("build.direction", "down"), ("build.suit", "alternate"))
DOWN_SAME = _f(("build.direction", "down"), ("suit.same", True))
DOWN_ANY = _f(("build.direction", "down"), ("suit.any", True))


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the layout named as the place, between the verb and the way, or before the verb
        ("Строить на столбцах можно только в масть, по нисходящей.", DOWN_SAME),
        ("Строить в колонках можно только по масти и только вниз.", DOWN_SAME),
        ("На столбцах собирайте последовательности одной масти по убыванию.", DOWN_SAME),
        (
            "Карты на столбцах можно собирать как по возрастанию, так и по убыванию.",
            _f(("build.direction", "both")),
        ),
        ("Вы можете перемещать карты между колонками по убыванию, чередуя цвета.", DOWN_ALT),
        # the cards named before their place, no verb of moving
        ("Карты в столбцах должны идти по убыванию с чередованием красных и чёрных.", DOWN_ALT),
        (
            _old("Въ столбцахъ дозволяется класть карты по нисходящей, не глядя на масть"),
            DOWN_ANY,
        ),
        # negative: the foundations named as the place are no building on the layout
        (
            "На основаниях карты собирают по возрастанию.",
            _f(("foundation.direction", {"base": None, "direction": "up"})),
        ),
    ],
)
def test_paradigm_the_way_with_the_layout_named(sentence: str, expected: list) -> None:
    assert _said(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the card put named after the card it goes on: the comparative is the card put's
        ("Кладите на карту другого цвета карту на единицу меньше.", DOWN_ALT),
        ("Положите на карту той же масти карту на единицу младше.", DOWN_SAME),
        # the target's comparative, «и» before it or before the colour
        ("Карту разрешается класть только на карту той же масти и на единицу старше.", DOWN_SAME),
        (
            "Перекладывать карты можно только на карту старше на единицу и противоположного цвета.",
            DOWN_ALT,
        ),
        # a rank step measured by «значение» or «достоинство», the comparative bare
        ("В колонку можно положить карту на одно значение меньше, любой масти.", DOWN_ANY),
        # colours with the way, the comparative of the card put after its colour
        ("Красные карты кладутся на чёрные, и наоборот, в нисходящем порядке.", DOWN_ALT),
        ("На чёрную карту кладётся красная на единицу младше, на красную — чёрная.", DOWN_ALT),
        # the card's place and what it is compared with
        (
            "Каждая следующая карта в столбце должна быть на единицу младше предыдущей "
            "и другого цвета.",
            DOWN_ALT,
        ),
        # negative: the card put named second and higher is building up
        (
            "Кладите на карту другого цвета карту на единицу больше.",
            _f(("build.direction", "up"), ("build.suit", "alternate")),
        ),
    ],
)
def test_paradigm_the_rank_step_and_the_colour(sentence: str, expected: list) -> None:
    assert _said(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Открытая карта переносится вместе со всеми открытыми картами ниже.", True),
        ("Карта перекладывается вместе с лежащими на ней картами.", True),
        ("Карты можно перемещать группами.", True),
        ("Карты перемещаются только поодиночке.", False),
        ("За один ход можно переложить только одну карту.", False),
        (_old("Переносить нѣсколько картъ разомъ нельзя."), False),
    ],
)
def test_paradigm_runs_allowed_or_refused(sentence: str, expected: bool) -> None:
    assert _said(sentence) == _f(("build.run", expected))


def test_a_group_refused_is_no_run_allowed() -> None:
    # «нельзя» between the cards and the verb: the refusal, not «перемещать группами»
    assert _said("Карты нельзя перемещать группами.") == _f(("build.run", False))


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Класть карту на карту того же цвета нельзя.", "alternate"),
        ("Карты одной масти класть друг на друга не разрешается.", "different"),
    ],
)
def test_paradigm_a_colour_or_suit_refused_after_the_verb(sentence: str, expected: str) -> None:
    assert _said(sentence) == _f(("build.suit", expected))


ANY_CARD = ("fill.sources", ["talon", "tableau"])


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Любую карту можно переложить на пустое место.", _f(ANY_CARD)),
        ("Если колонка освободилась, в неё можно поместить любую карту.", _f(ANY_CARD)),
        (
            "После этого любая карта или группа карт могут быть размещены в любое пустое место.",
            _f(ANY_CARD, ("build.run", True)),
        ),
        (
            "В пустую колонку можно поместить любую карту или стопку карт.",
            _f(ANY_CARD, ("build.run", True)),
        ),
        (
            "Пустой столбец можно заполнить любой картой или последовательностью.",
            _f(ANY_CARD, ("build.run", True)),
        ),
        # a king, or a run headed by one
        (
            "В пустой столбец можно переместить только короля или группу карт, "
            "начинающуюся с короля.",
            _f(("build.empty", 13), ("build.run", True)),
        ),
        (
            "Пустую колонку можно занять только королём или стопкой, которая начинается с короля.",
            _f(("build.empty", 13), ("build.run", True)),
        ),
        (_old("Освободившееся мѣсто занимается только королемъ."), _f(("build.empty", 13))),
        # not at all, or not from a source
        ("Заполнять пустые места нельзя.", _f(("fill.none", True))),
        (
            _old("Карты изъ талона на пустыя мѣста класть нельзя."),
            _f(("fill.not_from", ["talon"]), ("talon.named", True)),
        ),
        # «тут же», «сразу же»: at once
        (
            "Освободившееся место тут же занимают картой из резерва.",
            _f(("fill.sources", ["reserve"]), ("fill.at_once", True)),
        ),
    ],
)
def test_paradigm_spaces(sentence: str, expected: list) -> None:
    assert _said(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the stock dealt a row at a click, the click and the row in either order
        ("Нажав на колоду, вы получите новый ряд карт.", _f(("deal.next_round", "stuck"))),
        (
            "Вы можете получить новую группу карт, щёлкнув по остатку колоды.",
            _f(("deal.next_round", "stuck")),
        ),
        (
            "Если перекладывать больше нечего, сдайте следующий ряд.",
            _f(("deal.next_round", "stuck")),
        ),
        (
            "Из колоды на каждую стопку раздаётся по карте, когда ходы закончились.",
            _f(("deal.next_round", "stuck")),
        ),
        # the talon not turned again; no stock at all
        ("Второй раз колода не проходится.", _f(("turn.recycle", 0))),
        ("Сброс обратно в колоду не возвращается.", _f(("turn.recycle", 0))),
        ("Колоды в этом пасьянсе нет: все карты лежат на столе.", _f(("cond.all_dealt", True))),
        ("Колода в этой игре не предусмотрена.", _f(("cond.all_dealt", True))),
    ],
)
def test_paradigm_the_stock(sentence: str, expected: list) -> None:
    assert _said(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Пасьянс можно разложить заново дважды.", _f(("redeal.deals", 3))),
        ("Перекладывать пасьянс можно до трёх раз.", _f(("redeal.deals", 3))),
        ("Второй раздачи нет.", _f(("redeal.none", True))),
    ],
)
def test_paradigm_redeals(sentence: str, expected: list) -> None:
    assert _said(sentence) == expected


def test_a_third_deal_refused_is_no_second_refused() -> None:
    # «третьей раздачи не бывает»: two deals in all, not «no second deal»; left unread
    facts, loose = sentence_facts("Третьей раздачи не бывает.")
    assert ("redeal.none", True) not in [(f.key, f.value) for f in facts]
    assert loose


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Соберите четыре масти от туза до короля.",
            _f(
                ("win.foundations", True),
                ("foundation.count", 4),
                ("suit.same", True),
                ("foundation.last", {"base": 1, "last": 13}),
                ("foundation.direction", {"base": 1, "direction": "up"}),
            ),
        ),
        ("Чтобы победить, уберите со стола все карты.", _f(("win.cleared", True))),
        (
            "Пасьянс сходится, если удаётся переместить всю колоду в «дом».",
            _f(("win.foundations", True)),
        ),
        ("Карты с базовых стопок снимать нельзя.", _f(("cond.foundation_final", True))),
        ("С оснований карты брать обратно нельзя.", _f(("cond.foundation_final", True))),
    ],
)
def test_paradigm_the_goal_and_the_foundations_final(sentence: str, expected: list) -> None:
    assert _said(sentence) == expected


def test_a_run_said_alone_moves_cards_from_pile_to_pile() -> None:
    # Yukon: no way said, only the run: a building move on the layout, its way a default
    ex = _draft(
        [
            "Раскладывают семь столбцов по семь карт, все карты открыты.",
            "Перемещайте открытую карту со всеми открытыми картами ниже.",
        ]
    )
    marry = ex.spec["moves"]["marry"]
    assert marry["run"] is True
    assert marry["build"] == {"direction": "down", "suit": "same"}


def test_a_space_filled_from_the_reserve_keeps_that_source_over_any_card() -> None:
    ex = _draft(
        [
            "Раскладывают восемь столбцов по пять карт, все карты открыты.",
            "Карты кладут на столбцы по убыванию.",
            "Пустой столбец заполняется картой из колоды.",
            "После этого любая карта или группа карт могут быть размещены в любое пустое место.",
        ]
    )
    fills = ex.spec["fill"]
    assert fills and all(rule["sources"] == [{"from": ["stock"]}] for rule in fills.values())


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the measure after the comparative, or in the instrumental before it
        (
            "В раскладке дозволяется класть на карту другую, младшую на одно очко, "
            "какой бы масти она ни была.",
            DOWN_ANY,
        ),
        (
            "Дозволяется класть карту на карту одним очком старшую, какой бы масти та ни была.",
            DOWN_ANY,
        ),
        # runs: everything on the card goes with it; a run with the condition it needs
        (
            "На нижнюю карту столбца кладется карта той же масти, младшая одним очком, причем "
            "вместе с нею переносятся и все карты.",
            _f(("build.direction", "down"), ("suit.same", True), ("build.run", True)),
        ),
        (
            "На кучках кладут карты в нисходящем порядке, но переносить несколько карт разом "
            "можно лишь тогда, когда они составляют последовательность.",
            _f(("build.direction", "down"), ("build.run", True)),
        ),
        (
            "Дозволяется переносить весь столбец целиком на другой столбец, когда нижняя его "
            "карта подходит к открытой карте последнего.",
            _f(("build.run", True)),
        ),
        # redeals: counted in all, refused
        ("Всего полагается три сдачи.", _f(("redeal.deals", 3))),
        ("Пересдача дозволяется только одна.", _f(("redeal.deals", 2))),
        ("Пересдачи не полагается.", _f(("redeal.none", True))),
        (
            "Колода проходится один раз, без пересдачи.",
            _f(("turn.recycle", 0), ("redeal.none", True)),
        ),
        # the stock turned a few at a time, as often as one likes
        (
            "Колоду перебирают по три карты, сколько угодно раз.",
            _f(("turn.count", 3), ("turn.recycle", "unlimited")),
        ),
        # a second source of a space named bare; the source said after a run
        (
            _old("Пустое мѣсто занимается верхнею картою талона или колоды."),
            _f(("fill.sources", ["talon", "stock"])),
        ),
        (
            "Опустевшее место можно занять любою картою или последовательностью из раскладки.",
            _f(("fill.sources", ["tableau"]), ("build.run", True)),
        ),
        # the goal's last rank said without its first
        (
            _old("Цѣль пасьянса — сложить всѣ карты на тузы по мастямъ до королей."),
            _f(
                ("win.foundations", True),
                ("foundation.cards", [1]),
                ("foundation.last", {"base": 1, "last": 13}),
                ("suit.same", True),
                ("foundation.direction", {"base": 1, "direction": "up"}),
            ),
        ),
        # a pile noun, a verb the grammar does not know, a way
        (
            _old("Столбцы составляются по нисходящей, безъ различія мастей."),
            DOWN_ANY,
        ),
    ],
)
def test_paradigm_measures_runs_redeals_and_sources(sentence: str, expected: list) -> None:
    assert _said(sentence) == expected


def test_no_new_deal_stays_its_own_island() -> None:
    # «новой сдачи не бывает»: no second deal, read by its own island, not left loose
    facts, _ = sentence_facts("Талон больше не перекладывается и новой сдачи не бывает.")
    assert ("redeal.none", True) in [(f.key, f.value) for f in facts]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # a suit ignored said after a way, the suit first
        (
            "На клумбах карты кладутся в нисходящем порядке, причем масть и цвет в расчет "
            "не принимаются.",
            DOWN_ANY,
        ),
        # «либо на карту …, либо …»: the target after a choice
        (
            "Из столбцов можно класть нижнюю карту либо на карту той же масти одним очком выше, "
            "либо в свободную клетку.",
            DOWN_SAME,
        ),
        # «все до единой карты»
        (
            "Пасьянс считается разложенным, когда все до единой карты окажутся на основаниях.",
            _f(("win.foundations", True)),
        ),
        # the passes, then the cards at a time
        (
            "Колоду проходят один раз, по одной карте.",
            _f(("turn.recycle", 0), ("turn.count", 1)),
        ),
        ("Колоду проходят два раза.", _f(("turn.recycle", 1))),
    ],
)
def test_paradigm_suit_ignored_choice_win_and_passes(sentence: str, expected: list) -> None:
    assert _said(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Если колонка освободилась, её можно занять любой картой.", _f(ANY_CARD)),
        ("Нельзя класть красную карту на красную.", _f(("build.suit", "alternate"))),
        ("Нельзя перемещать больше одной карты за раз.", _f(("build.run", False))),
        ("Заполнять освободившиеся места не обязательно.", _f(("fill.timing", "optional"))),
        (
            "Карты с основания обратно в игру не возвращаются.",
            _f(("cond.foundation_final", True)),
        ),
        (_old("Пустое мѣсто не заполняется ничѣмъ."), _f(("fill.none", True))),
        ("Пересдавать нельзя ни разу.", _f(("redeal.none", True))),
    ],
)
def test_paradigm_negations_in_these_areas(sentence: str, expected: list) -> None:
    assert _said(sentence) == expected


def test_a_colour_that_does_not_matter_is_no_suit_rule() -> None:
    # «цвет значения не имеет» beside «другой масти»: the suit rule stands, no «any suit»
    facts, _ = sentence_facts("Цвет карт значения не имеет.")
    assert ("suit.any", True) not in [(f.key, f.value) for f in facts]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Для выигрыша нужно разобрать все карты со стола.", _f(("win.cleared", True))),
        (
            "Карты перекладываются на столбцах одна на другую по старшинству, от короля к тузу.",
            _f(("build.direction", "down")),
        ),
        (
            "На пустое место можно положить только короля с лежащими на нём картами.",
            _f(("build.empty", 13), ("build.run", True)),
        ),
        # negative: a range on the foundations is theirs, not the layout's
        (
            "На основания карты кладутся одна на другую, от туза до короля.",
            None,
        ),
    ],
)
def test_paradigm_the_seventh_batch(sentence: str, expected: list | None) -> None:
    if expected is None:
        assert ("build.direction", '"up"') not in _said(sentence)
    else:
        assert _said(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # memo lines of building and of moving
        ("Правила построения: по убыванию, в масть.", DOWN_SAME),
        ("Построение: по убыванию, чередуя цвета.", DOWN_ALT),
        ("Перемещение карт: по одной.", _f(("build.run", False))),
        # the verb and its object before the place taken from
        ("Нельзя брать карты обратно с оснований.", _f(("cond.foundation_final", True))),
        # negative: a memo of the foundations stays theirs, and so do their piles with a way
        (
            "Основания: по возрастанию, в масть.",
            _f(("foundation.direction", {"base": None, "direction": "up"}), ("suit.same", True)),
        ),
        (
            "Основные ряды идут по возрастанию, в масть.",
            _f(("foundation.direction", {"base": None, "direction": "up"}), ("suit.same", True)),
        ),
        # «всего можно сделать пять раздач»: Spider's rounds as often as deals; not read
        ("Всего можно сделать пять раздач.", []),
    ],
)
def test_paradigm_memo_lines(sentence: str, expected: list) -> None:
    assert _said(sentence) == expected
