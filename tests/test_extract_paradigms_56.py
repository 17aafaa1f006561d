"""Phrasing classes of the fifty-sixth round (issue 18): prose classes grammar-53 left, each
read as a piece that composes, not as one passage's phrasing.

Per class the real development sentence that prompted it (the passage named) where there is
one, then sentences written for this test in other inflections, word orders and synonyms,
each with its exact facts or key facts, and the near phrasings that must not read so."""

from __future__ import annotations

import pytest
from code_facts import key_facts
from sentence_game import fact_pairs, said, sentences_draft

from pipeline.extract.facts import sentence_facts
from pipeline.extract.tokens import tokenize


def _keys(text: str, *keys: str) -> dict:
    facts = key_facts(text)
    return {k: facts[k] for k in keys}


# ---- a base for each foundation by its ordinal ----------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "ranks"),
    [
        # code-aisleriot-klassiki, its typo («а не четвёртую») mended
        (
            "На первую кладётся бубновый туз, на вторую двойку, на третью тройку, а на "
            "четвёртую четвёрку.",
            [1, 2, 3, 4],
        ),
        (
            "На первое основание кладут туза, на второе двойку, на третье тройку, на "
            "четвёртое четвёрку.",
            [1, 2, 3, 4],
        ),
        (
            "Первое основание начинается с туза, второе — с двойки, третье — с тройки, "
            "четвёртое — с четвёрки.",
            [1, 2, 3, 4],
        ),
        (
            "В первую стопку кладут туза, во вторую — двойку, в третью — тройку и в "
            "четвёртую — четвёрку.",
            [1, 2, 3, 4],
        ),
        ("Первой базовой картой служит король, второй — дама, третьей — валет.", [13, 12, 11]),
    ],
)
def test_a_base_for_each_foundation_by_its_ordinal(sentence: str, ranks: list[int]) -> None:
    assert said(sentence) == fact_pairs(("foundation.one_each", ranks))


def test_ordinal_bases_make_one_foundation_each_in_order() -> None:
    draft = sentences_draft(
        [
            "Из колоды вынимают туза, двойку, тройку и четвёрку любой масти.",
            "На первое основание кладут туза, на второе двойку, на третье тройку, на "
            "четвёртое четвёрку.",
        ]
    )
    founds = {k: v for k, v in draft.spec["piles"].items() if v["role"] == "foundation"}
    assert [(v["count"], v["foundation"]["base"]) for v in founds.values()] == [
        (1, 1),
        (1, 2),
        (1, 3),
        (1, 4),
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        "На первую кладут туза, на третью двойку.",  # the ordinals do not run 1, 2, 3 …
        "На первую карту кладут туза, на вторую карту двойку.",  # cards, not piles
        "На первое основание кладут туза, на второе туза.",  # one rank twice
    ],
)
def test_no_ordinal_list_of_bases(sentence: str) -> None:
    assert ("foundation.one_each",) not in {(k,) for k, _ in said(sentence)}


def test_an_ordinal_list_short_of_the_foundations_counted_is_not_theirs() -> None:
    # code-aisleriot-klassiki as written: «…, на третью тройку, а не четвёртую четвёрка»
    # leaves three ordinals for the four foundations its entry counts
    draft = sentences_draft(
        [
            "Четыре основания сверху.",
            "На первую кладётся бубновый туз, на вторую двойку, на третью тройку, а не "
            "четвёртую четвёрка.",
        ]
    )
    founds = [v for v in draft.spec["piles"].values() if v["role"] == "foundation"]
    assert sum(v["count"] for v in founds) == 4


# ---- «запас»: the cards left over, the stock ------------------------------------------------

_STOCK = ("reserve.piles", "reserve.cards", "stock.turn", "redeals")


@pytest.mark.parametrize(
    "rest",
    [
        "Остальные 17 карт образуют запас.",
        "Оставшиеся карты кладут в запас рубашкой вверх.",
        "Остаток колоды уходит в запас.",
        "Оставшиеся 17 карт — это запас.",
    ],
)
def test_the_cards_left_over_called_a_reserve_are_the_stock(rest: str) -> None:
    text = (
        "Гольф\n\nИз колоды выкладывают семь столбцов по пять открытых карт. "
        f"{rest} Из запаса открывают по одной карте. Запас проходится один раз.\n"
    )
    assert _keys(text, *_STOCK) == {
        "reserve.piles": 0,
        "reserve.cards": 0,
        "stock.turn": 1,
        "redeals": 0,
    }


def test_the_stock_called_a_reserve_dealt_in_rows() -> None:
    # knowledgr-blokada's «(остальные формируют запас)», then rows from it when stuck
    text = (
        "Блокада\n\nИгра начинается с двенадцати груд, каждая содержит одну карту "
        "(остальные формируют запас). Когда ходов нет, из запаса сдают по одной карте на "
        "каждую груду.\n"
    )
    assert _keys(text, "tableau.piles", "reserve.piles", "stock.turn") == {
        "tableau.piles": 12,
        "reserve.piles": 0,
        "stock.turn": "rows",
    }


def test_a_reserve_of_cards_counted_out_stays_the_reserve() -> None:
    text = (
        "Запас\n\nОтсчитывают тринадцать карт и кладут их одной пачкой лицом вверх: это "
        "запас. Верхнюю карту запаса кладут на основания. Остальные карты открывают по "
        "одной.\n"
    )
    assert _keys(text, "reserve.piles", "reserve.cards") == {
        "reserve.piles": 1,
        "reserve.cards": 13,
    }


def test_stock_is_said_only_of_the_noun() -> None:
    names = (("запас", "sing", "DECK", "колода", "колода"),)
    types = [t.type for t in tokenize("Карты запаса и запасные места.", None, None, names)]
    assert types[:2] == ["CARD", "DECK"]
    assert "DECK" not in types[2:]  # «запасные места» stay cells


# ---- «всего N вееров»: a count of piles in all -------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Все карты раскладываются открытыми веерами по три карты, всего восемнадцать "
            "вееров, последний веер из одной карты.",
            [
                ("deal.per_pile", 3),
                ("deal.face", "up"),
                ("tableau.count_said", {"noun": "PACKET", "count": 18}),
            ],
        ),
        ("Всего восемнадцать вееров.", [("tableau.count_said", {"noun": "PACKET", "count": 18})]),
        (
            "В раскладе всего десять вертикальных колонок.",
            [("tableau.shape", {"noun": "COLUMN", "count": 10})],
        ),
        # the foundations' own count, and the piles named again, stay as they were
        ("Всего восемь оснований.", [("foundation.count", 8)]),
        ("Рассматривают все тринадцать пачек.", []),
    ],
)
def test_a_count_of_piles_in_all(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


# ---- «открыты только верхние карты столбцов»: the face, not what is available ---------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Открыты только верхние карты столбцов.",
        "Только верхние карты стопок открыты.",
        "Открытыми лежат только верхние карты колонок.",
        "Лицом вверх лежит только последняя карта каждой колонки.",
        "Лицом вверх кладётся только верхняя карта каждой стопки.",
        "Рубашкой вверх лежат все карты, кроме последней.",
        "Закрытыми лежат все карты в каждой стопке, кроме верхней.",
        "Карты в раскладе лежат лицом вниз, за исключением верхних.",
        "Нижние карты столбцов закрыты, а верхние открыты.",
    ],
)
def test_only_the_top_cards_of_the_piles_open(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("deal.face", "down-but-last"))


@pytest.mark.parametrize(
    "sentence",
    ["Доступны только верхние карты столбцов.", "Играть можно только верхние карты стопок."],
)
def test_only_the_top_cards_available_say_no_face(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("avail.top", "any"))


# ---- the cards each dealt, then rows of one card when stuck -------------------------------


@pytest.mark.parametrize(
    ("deal", "stuck", "noun"),
    [
        (  # a Spider dealt evenly into columns
            "Карты раскладываются в 10 колонок по 5 карт.",
            "Когда ходов нет, из колоды сдаётся по одной карте в каждую колонку.",
            "columns",
        ),
        (
            "В десять стопок сдают по пять карт.",
            "Если ходов больше нет, на каждую стопку сдают из колоды ещё по карте.",
            "packets",
        ),
        (
            "Пасьянс раскладывают в десять столбцов, по пять карт в каждом.",
            "Когда ходов нет, сдают новый ряд: по одной карте на каждый столбец.",
            "columns",
        ),
    ],
)
def test_the_cards_each_then_rows_when_stuck(deal: str, stuck: str, noun: str) -> None:
    draft = sentences_draft(["Играют двумя колодами.", deal, stuck])
    assert [
        (st["id"], st["to"], st.get("rounds"), st.get("per_pile"), st.get("next_round"))
        for st in draft.spec["deal"]
    ] == [(noun, [noun], 4, None, None), (f"{noun}-rows", [noun], None, None, "stuck")]


def test_the_scorpion_deal_then_its_last_cards_when_stuck() -> None:
    text = (
        "Скорпион\n\nКолода раскладывается в семь столбцов по семь карт. Когда ходов нет, "
        "три оставшиеся карты раздаются на первые три столбца.\n"
    )
    assert _keys(text, "tableau.piles", "tableau.cards", "stock.turn") == {
        "tableau.piles": 7,
        "tableau.cards": 7,
        "stock.turn": "rows",
    }


def test_rows_counted_as_rounds_stay_one_step() -> None:
    # pages-21's Senate: «четыре ряда по четыре карты» over the piles, then rows when stuck
    draft = sentences_draft(
        [
            "Играют двумя колодами.",
            "Раскладывают четыре ряда по четыре карты; получаются четыре пачки.",
            "Когда нельзя более сделать ни одного хода, сдают из колоды по одной карте на "
            "каждую пачку.",
        ]
    )
    assert len(draft.spec["deal"]) == 1


# ---- a triangle whose piles' cards are said to grow ----------------------------------------


@pytest.mark.parametrize(
    ("sentence", "noun"),
    [
        ("Раскладываются семь стопок с возрастающим количеством карт: от 1 до 7.", "PACKET"),
        (
            "Карты раскладываются в 7 колонок, количество карт в которых увеличивается слева "
            "направо от одной до семи.",
            "COLUMN",
        ),
        (
            "Карты раскладываются в семь колонок, число карт в которых растёт от одной до семи.",
            "COLUMN",
        ),
        ("В семь стопок с возрастающим числом карт, от одной до семи.", "PACKET"),
    ],
)
def test_a_triangle_whose_piles_grow(sentence: str, noun: str) -> None:
    assert said(sentence) == fact_pairs(
        ("tableau.count_said", {"noun": noun, "count": 7}), ("deal.triangle", True)
    )


def test_piles_that_grow_from_two_are_no_triangle() -> None:
    assert said("Семь стопок с возрастающим количеством карт: от 2 до 8.") == fact_pairs(
        ("tableau.count_said", {"noun": "PACKET", "count": 7})
    )


# ---- a staircase said by the piles each round skips -----------------------------------------


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Сначала выкладываются семь карт в ряд, затем на все, кроме первой, ещё по одной "
            "карте рубашкой вверх, и так далее.",
            [("tableau.shape", {"noun": "ROW", "count": 7}), ("deal.triangle", True)],
        ),
        (
            "Затем на все стопки, кроме первой, кладут по одной карте, потом на все, кроме "
            "первых двух, и так далее.",
            [("deal.triangle", True)],
        ),
        (
            "Семь карт кладут в ряд, затем на все карты, кроме первой, кладут ещё по карте, "
            "и так далее.",
            [("tableau.shape", {"noun": "ROW", "count": 7}), ("deal.triangle", True)],
        ),
    ],
)
def test_rounds_to_every_pile_but_the_first(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


def test_the_klondike_staircase_by_skipped_piles() -> None:
    text = (
        "Косынка\n\nИспользуется одна колода. Сначала выкладываются семь карт в ряд, затем на "
        "все, кроме первой, ещё по одной карте рубашкой вверх, и так далее. Верхние карты "
        "стопок открывают.\n"
    )
    assert _keys(text, "tableau.piles", "tableau.cards", "tableau.face") == {
        "tableau.piles": 7,
        "tableau.cards": [1, 2, 3, 4, 5, 6, 7],
        "tableau.face": "down-but-last",
    }


def test_a_share_of_two_to_every_pile_but_the_first_is_no_staircase() -> None:
    facts, _ = sentence_facts("На все стопки, кроме первой, кладут по две карты, и так далее.")
    assert "deal.triangle" not in [f.key for f in facts]


# ---- a card of each of several ranks, listed one by one, begins a foundation each -----------


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (  # onlinesgames-raschet
            "Туз, двойка, тройка и четверка любой масти выкладываются на столе в базовый ряд.",
            [("foundation.one_each", [1, 2, 3, 4]), ("suit.any", True)],
        ),
        (
            "Туз, двойка, тройка и четвёрка кладутся в ряд оснований.",
            [("foundation.one_each", [1, 2, 3, 4])],
        ),
        (
            "Король, дама и валет раскладываются в основной ряд.",
            [("foundation.one_each", [13, 12, 11])],
        ),
    ],
)
def test_ranks_listed_one_by_one_begin_a_foundation_each(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


def test_ranks_taken_out_one_each_begin_a_foundation_each() -> None:
    draft = sentences_draft(
        [
            "Из колоды вынимают туза, двойку, тройку и четвёрку любой масти.",
            "Это основания.",
        ]
    )
    founds = [v for v in draft.spec["piles"].values() if v["role"] == "foundation"]
    assert [(v["count"], v["foundation"]["base"]) for v in founds] == [
        (1, 1),
        (1, 2),
        (1, 3),
        (1, 4),
    ]


# ---- the win: the layout emptied onto the waste; the predicate before «все карты» ----------


@pytest.mark.parametrize(
    "sentence",
    [
        "Цель — переложить все карты столбцов в сброс.",
        "Цель игры — переместить все карты из колонок в стопку сброса.",
        "Пасьянс сошёлся, если убраны все карты.",
        "Игра выиграна, когда убраны все карты со стола.",
    ],
)
def test_the_layout_cleared_is_the_win(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("win.cleared", True))


def test_all_cards_gathered_on_the_foundations_stay_that_win() -> None:
    assert said("Цель игры — перенести все карты в основание.") == fact_pairs(
        ("win.foundations", True)
    )


# ---- the cards left over put in some of the cells -----------------------------------------


def test_the_cards_left_in_four_of_eight_cells() -> None:
    assert said("Оставшиеся четыре карты кладут в четыре из восьми свободных ячеек.") == (
        fact_pairs(("cells.dealt", 4), ("cells", 8))
    )


# ---- the foundations go round: the place said between the ranks, or «по кругу» ------------


@pytest.mark.parametrize(
    "sentence",
    [
        "После короля на основание кладётся туз.",
        "За королём на основании следует туз.",
        "Основания собираются по кругу.",
    ],
)
def test_the_foundations_go_round(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("foundation.wrap", True))


def test_a_king_then_an_ace_on_the_columns_is_no_foundation_wrap() -> None:
    assert ("foundation.wrap",) not in {
        (k,) for k, _ in said("После короля на столбцы кладётся туз.")
    }


# ---- a run moved only when its cards are of one suit: the run, not the building's suit ------


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Группу карт можно переносить только если она составлена из карт одной масти по "
            "убыванию.",
            [("build.run", True), ("build.direction", "down")],
        ),
        (
            "Группу карт можно переносить, только если все карты в ней одной масти.",
            [("build.run", True)],
        ),
        (
            "Переносить группу карт можно лишь тогда, когда карты одной масти идут по порядку.",
            [("build.run", True)],
        ),
        (
            "Последовательность можно переместить, если она собрана в одной масти.",
            [("build.run", True)],
        ),
    ],
)
def test_a_run_of_one_suit_moves(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


# ---- the stock run out, then turned over itself («её можно перевернуть снова») --------------


@pytest.mark.parametrize(
    "sentence",
    [
        "После того как колода закончится, её можно перевернуть снова.",
        "Когда колода закончится, её переворачивают и играют дальше.",
        "Если в колоде не осталось карт, её можно перевернуть.",
    ],
)
def test_the_stock_turned_over_when_out(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("turn.back", True), ("cond.stock_out", True))


def test_a_card_turned_when_the_stock_is_out_is_no_recycling() -> None:
    assert said("Когда колода закончится, открывают верхнюю карту сброса.") == fact_pairs(
        ("cond.stock_out", True)
    )


# ---- a translation's words: «каскад» (FreeCell's cascade), «отход» (the waste) ------------


def test_a_translated_freecell() -> None:
    text = (
        "Свободная ячейка\n\nВсе карты сдаются лицевой стороной вверх в восемь каскадов, "
        "четыре из которых содержат семь карт, а четыре - шесть. Есть четыре свободных ячейки "
        "и четыре фонда. Каскады строятся вниз чередующимися цветами. Любая карта может быть "
        "помещена в пустой каскад.\n"
    )
    assert _keys(
        text, "tableau.piles", "tableau.cards", "reserve.piles", "space", "stock.turn"
    ) == {
        "tableau.piles": 8,
        "tableau.cards": [6, 6, 6, 6, 7, 7, 7, 7],
        "reserve.piles": 4,
        "space": "any",
        "stock.turn": "none",
    }


def test_a_translated_klondike_with_its_stock_and_waste() -> None:
    # «запас» the cards left over (the stock), «отход» the waste turned back without limit
    text = (
        "Клондайк\n\nТаблица состоит из семи груд. Первая груда содержит одну карту, вторая - "
        "две карты, и так далее до седьмой груды, которая содержит семь карт. Остальные карты "
        "формируют запас. Карты из запаса сдаются в отход по одной. Когда запас исчерпан, отход "
        "может быть перевернут, чтобы сформировать новый запас, без ограничений.\n"
    )
    assert _keys(text, "tableau.cards", "reserve.piles", "stock.turn", "redeals") == {
        "tableau.cards": [1, 2, 3, 4, 5, 6, 7],
        "reserve.piles": 0,
        "stock.turn": 1,
        "redeals": "unlimited",
    }


# ---- rows when stuck: the stock said after the share; «ходы невозможны» ---------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Когда ходов нет, сдают по одной карте из колоды на каждую стопку.",
        "Когда дальнейшие ходы невозможны, из колоды сдают по карте на каждую стопку.",
        "Когда ходы невозможны, на каждую стопку сдают по одной карте из колоды.",
        "Когда дальнейшие шаги невозможны, с картой имеют дело из колоды на каждую груду.",
    ],
)
def test_rows_from_the_stock_when_stuck(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("deal.next_round", "stuck"))


# ---- «иск», a translation's «suit» ---------------------------------------------------------


def test_regardless_of_the_translated_suit() -> None:
    assert said("Груды строятся вниз независимо от иска.") == fact_pairs(
        ("build.direction", "down"), ("suit.any", True)
    )


# ---- the foundations begun by a rank: filled «начиная с королей»; the base, then the next -----


@pytest.mark.parametrize(
    ("sentence", "base", "way", "suit"),
    [
        ("Дома заполняются по мастям, начиная с королей.", 13, "down", True),
        ("Основания заполняются начиная с тузов.", 1, "up", False),
        (
            "На базовые стопки выкладываются короли, на них — дамы той же масти и так далее.",
            13,
            "down",
            True,
        ),
        ("В основания кладут тузов, на них — двойки, и так далее.", 1, "up", False),
    ],
)
def test_the_foundations_begun_by_a_rank(sentence: str, base: int, way: str, suit: bool) -> None:
    expected = [
        ("foundation.cards", [base]),
        ("foundation.direction", {"base": base, "direction": way}),
    ]
    assert said(sentence) == fact_pairs(*expected, *([("suit.same", True)] if suit else []))


def test_a_base_then_a_rank_not_next_to_it_says_no_way() -> None:
    assert said("На основания кладут тузы, на них — пятёрки.") == []


# ---- foundation cards of several ranks, each with where it goes -----------------------------


def test_foundation_ranks_each_with_a_relative_clause() -> None:
    assert said(
        "Основными картами служат тузы, которые кладут в середину, и короли, которые кладут в углы."
    ) == fact_pairs(("foundation.cards", [1, 13]))


# ---- «резерв» the stock: the cards left over in it, dealt from it -----------------------------


def test_the_cards_left_in_a_reserve_dealt_in_rows_are_the_stock() -> None:
    text = (
        "Паук\n\nИграют двумя колодами. Раскладка: 10 колонок, в первых четырёх по 6 карт, в "
        "остальных — по 5. В резерве остаётся 50 карт. Когда ходов больше нет, нажмите на "
        "резерв — в каждую колонку будет сдано по одной карте.\n"
    )
    assert _keys(text, "reserve.piles", "reserve.cards", "stock.turn") == {
        "reserve.piles": 0,
        "reserve.cards": 0,
        "stock.turn": "rows",
    }


def test_the_rest_forming_a_reserve_nothing_dealt_from_stays_a_reserve() -> None:
    text = (
        "Резерв\n\nПасьянс раскладывают одной колодой. Карты раскладывают в четыре стопки по "
        "пять карт. Остальные карты образуют резерв. Верхняя карта резерва идёт на основания.\n"
    )
    assert _keys(text, "reserve.piles", "reserve.cards") == {
        "reserve.piles": 1,
        "reserve.cards": 32,
    }


def test_the_stock_called_a_reserve_after_the_rest() -> None:
    text = (
        "Гольф\n\nИз колоды выкладывают семь столбцов по пять открытых карт. В запасе "
        "остаётся 17 карт. Из запаса открывают по одной карте. Запас проходится один раз.\n"
    )
    assert _keys(text, "reserve.piles", "stock.turn", "redeals") == {
        "reserve.piles": 0,
        "stock.turn": 1,
        "redeals": 0,
    }


# ---- the pack run out within the last pile's share: no second pack -------------------------


def test_la_belle_lucie_eighteen_fans_of_one_pack() -> None:
    text = (
        "Прекрасная Люси\n\nВсе карты раскладываются открытыми веерами по три карты, всего "
        "восемнадцать вееров, последний веер из одной карты. Тузы по мере освобождения кладут в "
        "основания. Разрешается две пересдачи.\n"
    )
    assert _keys(text, "decks", "tableau.piles", "tableau.cards", "foundations") == {
        "decks": 1,
        "tableau.piles": 18,
        "tableau.cards": [1, *[3] * 17],
        "foundations": 4,
    }


def test_piles_that_need_a_second_pack_and_deal_a_stock_still_get_it() -> None:
    # nine piles of six: 54 cards, the rest dealt in rows when stuck
    text = (
        "Паук\n\nКарты раскладывают в девять стопок по шесть карт. Когда ходов нет, из колоды "
        "сдают по одной карте на каждую стопку.\n"
    )
    assert _keys(text, "decks", "tableau.piles") == {"decks": 2, "tableau.piles": 9}


# ---- «меняя цвет», «со сменой цвета»: colours alternate -----------------------------------


@pytest.mark.parametrize(
    "sentence",
    ["Строить можно только по убыванию, меняя цвет.", "Карты кладут по убыванию со сменой цвета."],
)
def test_the_colour_changed_alternates(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("build.direction", "down"), ("build.suit", "alternate"))
