"""Phrasing classes of the sixty-fifth round (issue 18 §3): what the development texts already
showed and the grammar still misread, each fixed as a phrase that composes with the verb
frames around it.

Per class the sentence of the real development text that prompted it (the passage named), then
sentences written for this test in other numerals, cases, word orders and synonyms, each with
its exact facts, and the near phrasings that must not read so."""

from __future__ import annotations

import pytest
from sentence_game import fact_pairs, said, sentences_draft

from pipeline.extract.facts import sentence_facts

# ---- «на каждую из четырёх стопок резерва»: «каждый» distributive, «из N» the count ---------


def _reserve(noun: str, count: int) -> tuple[str, dict]:
    return ("reserve.counted", {"noun": noun, "count": count})


ROWS = ("deal.reserve_rows", True)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (  # code-aisleriot-po-skafl
            "Щелчок на колоде сдаёт по одной карте на каждую из четырёх стопок резерва.",
            [ROWS, _reserve("PACKET", 4)],
        ),
        (
            "Нажатие на колоду раздаёт по карте в каждую из трёх резервных стопок.",
            [ROWS, _reserve("PACKET", 3)],
        ),
        (
            "Щёлкните по колоде, чтобы сдать по одной карте на каждую из 6 стопок резерва.",
            [ROWS, _reserve("PACKET", 6)],
        ),
        (
            "Щелчок по колоде сдаёт по одной открытой карте в каждую из пяти колонок резерва.",
            [ROWS, _reserve("COLUMN", 5)],
        ),
        (  # «все N» counts the piles as «каждую из N» does
            "Щелчок по колоде кладёт по карте на все четыре стопки резерва.",
            [ROWS, _reserve("PACKET", 4)],
        ),
        (  # no numeral: the reserve's piles are not counted here
            "Щелчок по колоде сдаёт по одной карте на каждую из резервных стопок.",
            [ROWS],
        ),
    ],
)
def test_each_of_n_reserve_piles_counts_them(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


def test_the_reserve_counted_by_the_stock_row_is_the_drafts() -> None:
    # code-aisleriot-po-skafl: the reserve's four cards shared among its four piles
    draft = sentences_draft(
        [
            "Игра начинается со сдачи четырёх карт лицом вверх на резерв.",
            "Щелчок на колоде сдаёт по одной карте на каждую из четырёх стопок резерва.",
        ]
    ).spec
    assert draft["piles"]["reserve"]["count"] == 4
    assert [s["id"] for s in draft["deal"] if "reserve" in s["to"]] == ["reserve", "reserve-rows"]


# ---- the stock clicked fills the spaces ------------------------------------------------------

FROM_STOCK = [("fill.sources", ["stock"]), ("fill.timing", "optional")]


@pytest.mark.parametrize(
    "sentence",
    [
        "Щелчок по колоде заполнит появившиеся пустые места.",  # code-aisleriot-po-valentin
        "Щёлкните по колоде, чтобы заполнить пустые стопки.",
        "При щелчке на колоду освободившиеся места заполняются новыми картами.",
        "Нажатие на колоду заполняет все пустые места.",
        "Если щёлкнуть по колоде, пустые столбцы будут заполнены.",
    ],
)
def test_the_stock_clicked_fills_the_spaces(sentence: str) -> None:
    assert said(sentence) == fact_pairs(*FROM_STOCK)


def test_a_click_that_fills_nothing_is_no_fill() -> None:
    assert ("fill.sources", '["stock"]') not in said("Щелчок по колоде сдаёт карту на сброс.")


# ---- «тузы бывают начальными картами»: the foundations' cards as a predicate ----------------


@pytest.mark.parametrize(
    ("sentence", "ranks"),
    [
        ("Тузы бывают начальными картами.", [1]),  # karty-idet-ne-idet
        ("Короли служат начальными картами.", [13]),
        ("Туз считается начальной картой.", [1]),
        ("Начальными картами служат тузы.", [1]),
        ("Двойки и тузы бывают начальными картами.", [2, 1]),
        ("Тузы служат основаниями.", [1]),  # the foundations' noun in the same frame
        ("Тузы являются базовыми картами.", [1]),
    ],
)
def test_a_rank_said_to_be_the_starting_cards(sentence: str, ranks: list) -> None:
    assert said(sentence) == fact_pairs(("foundation.cards", ranks))


def test_the_starting_cards_in_a_longer_sentence() -> None:
    # karty-idet-ne-idet: the clause after «и» is read as before
    facts = said(
        "В данном пасьянсе тузы бывают начальными картами и вынимаются по мере того, как будут "
        "вскрываться с руки."
    )
    assert ("foundation.cards", "[1]") in facts


@pytest.mark.parametrize(
    "sentence",
    [
        "Серия начинается с начальной карты.",  # a run's first card
        "Положите начальную карту на стол.",
        "Начальной картой серии может быть любая карта.",
    ],
)
def test_a_starting_card_in_another_case_is_no_foundation(sentence: str) -> None:
    assert said(sentence) == []


# ---- the stock counted in deals, each a row ---------------------------------------------------

STUCK = ("deal.next_round", "stuck")


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Оставляет ровно 5 раздач по 10 карт в запасе.", [STUCK]),  # code-pauk-vitest-rules
        ("В колоде 50 — 5 раздач.", [STUCK]),  # code-pauk-tests
        ("В запасе остаются пять сдач по десять карт.", [STUCK]),
        ("Из колоды можно сделать ещё пять раздач по десять карт.", [STUCK]),
        ("В колоде остаётся 50 карт, то есть пять раздач.", [("stock.cards", 50), STUCK]),
        ("Пять раздач по десять карт остаются в колоде.", [STUCK]),
        # redeals counted after the stock stay redeals
        ("Из колоды можно сделать две пересдачи.", [("redeal.deals", 3)]),
        ("Из колоды допускается три пересдачи.", [("redeal.deals", 4)]),
    ],
)
def test_the_stock_counted_in_deals(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


# ---- rows counted, each of so many places: a grid of N×M piles ------------------------------


def _said(count: int) -> tuple[str, dict]:
    return ("tableau.count_said", {"noun": "PACKET", "count": count})


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (  # code-aisleriot-docbook-podzemele
            "Пятьдесят четыре ячейки из шести рядов по девять ячеек каждый.",
            [_said(54)],
        ),
        (  # code-aisleriot-medvezhya-reka
            "18 стопок, расположенных в три ряда по шесть стопок в каждом.",
            [_said(18), ("tableau.shape", {"noun": "PACKET", "count": 18})],
        ),
        (
            "Расклад состоит из четырёх рядов по тринадцать ячеек.",
            [("tableau.shape", {"noun": "PACKET", "count": 52})],
        ),
        (
            "Карты раскладывают в два ряда по четыре кучки, в каждой по пять карт.",
            [("tableau.shape", {"noun": "PACKET", "count": 8}), ("deal.per_pile", 5)],
        ),
        (  # rows of cards stay a deal of rows
            "Выложите 4 ряда по 8 карт.",
            [("tableau.shape", {"noun": "ROW", "count": 8}), ("deal.round", 4)],
        ),
    ],
)
def test_rows_of_places_are_a_grid(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


# ---- ranks listed in order and said to go on: a range or a way ------------------------------

UP_ACE = {"base": 1, "direction": "up"}


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Карты кладут на основания по порядку: туз, двойка, тройка и так далее до короля.",
            [("foundation.direction", UP_ACE), ("foundation.last", {"base": 1, "last": 13})],
        ),
        (  # was four foundations' cards [1, 2, 3]
            "На основания кладут туза, двойку, тройку и так далее до короля.",
            [("foundation.direction", UP_ACE), ("foundation.last", {"base": 1, "last": 13})],
        ),
        ("На основания кладут туза, двойку, тройку и т. д.", [("foundation.direction", UP_ACE)]),
        ("В колонках карты идут: король, дама, валет и так далее.", [("build.direction", "down")]),
        (
            "В колонках карты кладут так: король, дама, валет, десятка и так далее до туза.",
            [("build.direction", "down")],
        ),
        (  # a comma before «до»: the suit and the range read together (pages-16 «Осада»)
            "На тузы кладутся карты их масти по порядку, а именно двойка, тройка, четверка "
            "и т. д., до королей.",
            [
                ("foundation.direction", UP_ACE),
                ("foundation.last", {"base": 1, "last": 13}),
                ("suit.same", True),
            ],
        ),
        (  # the order goes on past the range's end (pages-21 «Супружество»): not closed there
            "На даму кладут в нисходящем порядке: валета, десятку, девятку и так далее до туза, "
            "а на туза короля.",
            [
                ("foundation.direction", {"base": 12, "direction": "down"}),
                ("foundation.direction", {"base": 1, "direction": "down"}),
            ],
        ),
        (  # the list of what goes on a rank named before it stays that rank's sequence
            "На туза - двойку, тройку, четверку, пятерку и т. д. до короля.",
            [("foundation.direction", UP_ACE), ("foundation.last", {"base": 1, "last": 13})],
        ),
        # a list with no word of going on stays a list of the foundations' cards
        (
            "Основаниями служат туз, двойка, тройка и четвёрка.",
            [("foundation.cards", [1, 2, 3, 4])],
        ),
    ],
)
def test_ranks_listed_in_order(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("На основания кладут карты от туза по возрастанию.", [("foundation.direction", UP_ACE)]),
        (
            "В основания карты кладут от короля по убыванию.",
            [("foundation.direction", {"base": 13, "direction": "down"})],
        ),
        ("В колонках карты кладут от короля по убыванию.", [("build.direction", "down")]),
        ("В колонках карты идут от короля по убыванию.", [("build.direction", "down")]),
        ("Карты в столбцах кладутся от короля в убывающем порядке.", [("build.direction", "down")]),
    ],
)
def test_a_way_from_a_rank(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


# ---- a rank next to the card's: either way --------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Можно класть карту на карту соседнего достоинства любой масти.",
            [("build.direction", "both"), ("suit.any", True)],
        ),
        ("Карту можно положить на карту соседнего ранга.", [("build.direction", "both")]),
        (
            "На карту кладут карту смежного достоинства той же масти.",
            [("build.direction", "both"), ("suit.same", True)],
        ),
        (  # was: down
            "Карту можно положить на карту на единицу больше или меньше.",
            [("build.direction", "both")],
        ),
        (
            "Карту можно положить на карту на единицу старше или младше той же масти.",
            [("build.direction", "both"), ("suit.same", True)],
        ),
        ("Карту кладут на карту на единицу старше.", [("build.direction", "down")]),
        ("Туз и король считаются соседними.", [("foundation.wrap", True)]),  # no rank noun
        ("Карту можно переложить в соседнюю стопку.", []),
    ],
)
def test_an_adjacent_rank_is_either_way(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


# ---- restrictions and negations in other word orders ----------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Из резерва карты можно класть только на основания.",
        "Карты из резерва можно перекладывать только в основания.",
        "С резерва карты кладут только на базовые стопки.",
        "Карты из резерва перекладываются только на основания.",  # as before
    ],
)
def test_the_reserve_only_to_the_foundations(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("reserve.only_foundations", True))


def test_the_reserve_to_the_foundations_and_elsewhere_is_no_restriction() -> None:
    # «только» then stays an unread marker, reported
    facts, loose = sentence_facts(
        "Из резерва карты можно класть только на основания или в расклад."
    )
    assert facts == [] and loose == ["ONLY"]


@pytest.mark.parametrize(
    "sentence",
    [
        "Повторно колоду не раскладывают.",
        "Второй раз колоду не раскладывают.",
        "Повторно пасьянс не раскладывают.",
        "Колоду повторно не сдают.",  # as before
    ],
)
def test_no_second_deal_with_the_adverb_first(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("redeal.none", True))


@pytest.mark.parametrize(
    ("sentence", "first"),
    [
        ("Первые шесть карт каждой стопки кладут рубашкой вверх, седьмую открытой.", 6),
        ("Первые четыре карты кладутся рубашкой вверх, пятая — лицом вверх.", 4),
        ("Первые две карты каждого столбца сдаются рубашкой вверх, третья — открытой.", 2),
        ("Первые три карты каждого столбца кладутся рубашкою вверх, а четвертая открытою.", 3),
    ],
)
def test_the_first_cards_of_a_pile_face_down(sentence: str, first: int) -> None:
    assert said(sentence) == fact_pairs(("deal.face", "down-but-last"), ("deal.face_first", first))


@pytest.mark.parametrize(
    "sentence",
    [
        "Можно класть только на карту той же масти.",
        "Карты кладут только на карты той же масти.",
        "Класть можно на карту той же масти.",
    ],
)
def test_only_onto_a_card_of_the_same_suit(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("suit.same", True))


@pytest.mark.parametrize(
    "sentence",
    [
        "На каждую колонку из колоды кладут по карте, когда ходов больше нет.",
        "В каждую стопку сдают по одной карте из колоды, когда ходы закончатся.",
        "На каждый столбец кладут из колоды по одной карте, если ходов больше нет.",
        "Когда ходов больше нет, на каждую колонку из колоды кладут по карте.",  # as before
    ],
)
def test_a_row_when_stuck_with_the_piles_first(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("deal.next_round", "stuck"))


# ---- a face ending the clause of a line of cards; «очиститься» a pile emptied ---------------


@pytest.mark.parametrize(
    ("sentence", "count", "face"),
    [
        ("Выкладывают восемь карт в один ряд, открытыми.", 8, "up"),
        ("Шесть карт кладут в ряд, рубашкой вверх.", 6, "down"),
        ("Выкладывают восемь карт в ряд лицом вверх.", 8, "up"),
    ],
)
def test_a_face_ending_a_line_of_cards(sentence: str, count: int, face: str) -> None:
    assert said(sentence) == fact_pairs(
        ("tableau.shape", {"noun": "ROW", "count": count}), ("deal.face", face)
    )


def test_a_place_cleared_is_emptied() -> None:
    assert said("Как только очистится место, на него кладут карту из колоды.") == fact_pairs(
        ("cond.pile_emptied", True), ("fill.sources", ["stock"])
    )


# ---- cards so many to a row; a circle «по кругу»; the foundations said to be piles --------


@pytest.mark.parametrize(
    ("sentence", "n"),
    [
        ("Из колоды выкладывают девять карт, по три в ряд.", 9),
        ("Выкладывают двенадцать открытых карт по четыре в ряд.", 12),
        ("Выкладывают девять карт в три ряда по три.", 9),  # the form it is read as
    ],
)
def test_cards_so_many_to_a_row_are_a_grid(sentence: str, n: int) -> None:
    assert said(sentence) == fact_pairs(
        ("tableau.shape", {"noun": "ROW", "count": n}), ("deal.per_pile", 1)
    )


def test_cards_that_do_not_fill_the_rows_stay_as_said() -> None:
    assert said("Выкладывают десять карт, по три в ряд.") == []


@pytest.mark.parametrize(
    "sentence",
    [
        "Двенадцать карт раскладывают по кругу.",
        "Двенадцать карт раскладывают по кругу, как цифры на часах.",
        "Двенадцать карт раскладывают кругом.",  # as before
    ],
)
def test_cards_dealt_in_a_circle(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("tableau.shape", {"noun": "CIRCLE", "count": 12}))


@pytest.mark.parametrize(
    ("sentence", "n"),
    [
        ("Основания — четыре стопки над раскладом.", 4),  # was: the layout's four piles
        ("Основания - это четыре стопки вверху.", 4),
        ("Основаниями служат четыре стопки над раскладом.", 4),
        ("Основаниями служат восемь мест над раскладом.", 8),
    ],
)
def test_the_foundations_said_to_be_piles(sentence: str, n: int) -> None:
    assert said(sentence) == fact_pairs(("foundation.count", n))


# ---- runs forbidden in any word order; the pack running out bounds a deal --------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Переносить последовательности нельзя.",
        "Нельзя перемещать группы карт.",
        "Нельзя переносить последовательности карт.",
        "Последовательности карт перемещать нельзя.",
        "Группы карт перемещать нельзя.",  # as before
    ],
)
def test_runs_forbidden(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("build.run", False))


@pytest.mark.parametrize(
    "sentence",
    [
        "Пасьянс раскладывают, пока не кончится колода.",
        "Сдают, пока не кончится колода.",  # was a condition left loose (paradigms_35)
        "Карты сдают по одной в каждую стопку, пока не кончится колода.",
        "Карты раскладывают до тех пор, пока колода не кончится.",
        "Карты раскладывают, пока не кончится вся колода.",  # as before
    ],
)
def test_a_deal_until_the_pack_runs_out(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("deal.until_empty", True))


def test_the_stock_turned_until_it_runs_out_is_no_deal() -> None:
    facts, loose = sentence_facts("Карты из колоды открывают по одной, пока не кончится колода.")
    assert [f.key for f in facts] == [] and loose == ["COND", "NEG"]
