"""A help page's table of places (issue 18 §3): each entry describes one place of the
layout, opening with where it lies or how many piles it has («Стопка под колодой. …»,
«Восемь стопок сверху справа. Карты в основаниях…»). An entry is never a game's title, and
its opening count is of the place the entry names. Texts crafted for the purpose, with other
numbers, nouns and orders than the development passages.
"""

from __future__ import annotations

import pytest
from code_facts import key_facts
from ingest_helpers import game_sentences

from pipeline.segment.finding import is_subheading, run_in_title, title_like


def games(text: str, name: str = "page.txt") -> list[tuple[str, list[str]]]:
    """(id, sentences) of each game found."""
    return game_sentences(text, name)


# --- an entry is no title ---------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "Стопка под колодой",
        "Две стопки над основаниями",
        "Ячейка рядом с колодой",
        "Справа в раскладе",
        "Слева от сброса",
        "Пять колонок под резервом",
        "Места у края стола",
    ],
)
def test_a_place_said_by_what_it_lies_by_is_no_title(line: str) -> None:
    assert not title_like(line)
    assert run_in_title(f"{line}. В начале сюда сдаётся десять карт.") is None


@pytest.mark.parametrize("line", ["Паук с тремя колодами", "Дама в домике", "Косынка", "Ковёр"])
def test_names_of_games_stay_titles(line: str) -> None:
    assert title_like(line)


@pytest.mark.parametrize(
    "line", ["Одинаковая масть", "Чередование цвета", "Масть и цвет", "Одинаковые масти"]
)
def test_a_variant_rule_as_a_heading_is_a_part_not_a_game(line: str) -> None:
    assert is_subheading(line)


@pytest.mark.parametrize("line", ["Чередование", "ЧЕРЕДОВАНІЕ", "Одинаковые"])
def test_a_games_name_of_one_such_word_stays_a_name(line: str) -> None:
    assert not is_subheading(line)


def test_a_sentence_opening_with_est_is_no_title() -> None:
    assert run_in_title("Есть три способа игры. Карты кладутся на основания.") is None


def test_entries_of_places_stay_in_one_game() -> None:
    text = (
        "Лесенка\n\n"
        "Левая верхняя стопка. Сюда кладутся карты, оставшиеся после раздачи.\n\n"
        "Стопка под колодой. В начале сюда сдаётся девять карт. Верхнюю карту резерва "
        "можно перекладывать.\n\n"
        "Слева в раскладе. Изначально пустая ячейка.\n\n"
        "Шесть стопок снизу. На каждую сдаётся по три карты.\n\n"
        "Есть два способа игры. Разница между ними в том, как собираются карты.\n\n"
        "Одинаковая масть\n\n"
        "Карты собираются по масти.\n\n"
        "Чередование цвета\n\n"
        "Карты собираются с чередованием цвета.\n"
    )
    found = games(text)
    assert [g for g, _ in found] == ["lesenka"]
    assert "Стопка под колодой." in found[0][1]
    assert "Карты собираются с чередованием цвета." in found[0][1]


# --- an entry's opening count is of its place ------------------------------------------


STOCK = (
    "Пасьянс «Проба»\n\nЛевая верхняя стопка. Сюда кладутся карты, оставшиеся после раздачи.\n\n"
)


@pytest.mark.parametrize(
    ("entry", "count"),
    [
        ("Шесть стопок сверху справа. Карты в основаниях собираются по масти.", 6),
        ("Две стопки справа от колоды. В начале на первое основание кладётся туз.", 2),
        ("Восемь колонок наверху. Основания собираются от туза до короля.", 8),
    ],
)
def test_a_count_said_by_where_it_lies_is_of_the_foundations_its_entry_names(
    entry: str, count: int
) -> None:
    text = STOCK + entry + "\n\nДевять стопок. На каждую сдаётся по три карты лицом вверх.\n"
    facts = key_facts(text)
    assert facts["foundations"] == count
    assert facts["tableau.piles"] == 9


def test_a_count_said_by_where_it_lies_is_of_the_reserve_its_entry_names() -> None:
    text = (
        STOCK + "Три стопки слева по пять карт, лицом вверх каждая. Верхнюю карту каждого резерва"
        " можно перемещать.\n\n"
        "Шесть стопок снизу, на каждую из которых сдаётся по две карты лицом вверх.\n"
    )
    facts = key_facts(text)
    assert (facts["reserve.piles"], facts["reserve.cards"]) == (3, 15)
    assert (facts["tableau.piles"], facts["tableau.cards"]) == (6, 2)


def test_an_entry_that_names_the_layout_first_keeps_its_count() -> None:
    text = (
        STOCK + "Семь стопок снизу. Карты в раскладе собираются по масти, а тузы кладут на"
        " основания.\n\nНа каждую стопку сдаётся по четыре карты.\n"
    )
    facts = key_facts(text)
    assert facts["tableau.piles"] == 7
    assert facts["foundations"] != 7


def test_a_count_not_said_by_where_it_lies_is_the_layouts() -> None:
    """Prose, not a table of places: «Восемь колонок по пять карт. Тузы кладут в
    основания.» keeps its eight columns."""
    text = (
        "Пасьянс «Проба»\n\nВосемь колонок по пять карт. Тузы кладут в основания по мере"
        " появления.\n"
    )
    facts = key_facts(text)
    assert (facts["tableau.piles"], facts["tableau.cards"]) == (8, 5)


# --- piles with a relative clause of their cards -----------------------------------------


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        (
            "Десять стопок, на каждую из которых сдаётся по пять карт лицом вверх.",
            [("tableau.shape", {"noun": "PACKET", "count": 10}), ("deal.per_pile", 5),
             ("deal.face", "up")],
        ),
        (
            "Девять колонок слева, в каждую из которых кладут по три карты.",
            [("tableau.shape", {"noun": "COLUMN", "count": 9}), ("deal.per_pile", 3)],
        ),
        (
            "Две стопки под основаниями, на каждую из которых кладётся по семь карт рубашкой"
            " вверх.",
            [("tableau.shape", {"noun": "PACKET", "count": 2}), ("deal.per_pile", 7),
             ("deal.face", "down")],
        ),
        (
            "Семь резервных стопок справа, выложенных в форме арки.",
            [("tableau.shape", {"noun": "PACKET", "count": 7}), ("reserve.named", None)],
        ),
        (
            "Четыре резервные стопки сверху.",
            [("tableau.count_said", {"noun": "PACKET", "count": 4})],
        ),
    ],
)  # fmt: skip
def test_piles_counted_with_their_cards(sentence: str, facts: list) -> None:
    from pipeline.extract.facts import sentence_facts

    said, _ = sentence_facts(sentence)
    assert [(f.key, f.value) for f in said] == facts


def test_the_entry_place_is_an_adjective_said_before_the_noun() -> None:
    from pipeline.extract.tokens import tokenize

    toks = tokenize("Пять стопок слева.", None, "RESERVE")
    assert [t.type for t in toks][:3] == ["NUM", "RESERVE", "PACKET"]
    toks = tokenize("В начале пять стопок слева.", None, "RESERVE")
    assert "RESERVE" not in [t.type for t in toks]  # no opening count: as said


# --- a definition list: the place's heading, then its description -------------------------


@pytest.mark.parametrize(
    ("line", "named"),
    [
        ("Основание", True),
        ("Основания:", True),
        ("Базовые стопки", True),
        ("Резерв", True),
        ("Резервные стопки", True),
        ("Дома", True),
        ("Стопки", False),
        ("Колода", False),
        ("Расклад", False),
        ("Косынка", False),
    ],
)
def test_a_heading_that_names_a_foundation_or_a_reserve(line: str, named: bool) -> None:
    from pipeline.segment.headings import place_heading

    assert place_heading(line) is named


def test_an_entry_under_a_place_heading_counts_that_place() -> None:
    text = (
        "Пасьянс «Проба»\n\n"
        "Колода\nЛевая верхняя стопка. Сюда кладутся карты, оставшиеся после раздачи.\n\n"
        "Резерв\nДве стопки по шесть карт в каждой. Верхнюю карту можно перекладывать.\n\n"
        "Основания\nПять стопок. Карты собираются по масти от туза до короля.\n\n"
        "Расклад\nОдиннадцать стопок. На каждую сдаётся по три карты лицом вверх.\n"
    )
    facts = key_facts(text)
    assert facts["foundations"] == 5
    assert (facts["reserve.piles"], facts["reserve.cards"]) == (2, 12)
    assert (facts["tableau.piles"], facts["tableau.cards"]) == (11, 3)
    assert games(text)[0][0] == "proba"


def test_a_place_heading_is_its_entrys_first_sentence_only_over_running_text() -> None:
    text = (
        "Пасьянс «Проба»\n\nКарты раскладывают в семь стопок.\n\nОснование\n\n"
        "Пасьянс «Другой»\n\nСемь стопок по четыре карты. Карты собираются на основания.\n"
    )
    found = dict(games(text))
    assert sorted(found) == ["drugoi", "proba"]
    assert "Основание" not in found["drugoi"]


@pytest.mark.parametrize(
    ("sentence", "per"),
    [
        ("На каждую сдаётся по четыре карты лицом вверх.", 4),
        ("На каждую кладётся по две карты.", None),  # «кладут»: a layer of its own
        ("Раздаются по 13 карт в каждую.", 13),
        ("На каждую сдаётся по три карты лицом вниз и по одной лицом вверх.", None),
    ],
)
def test_the_cards_each_pile_gets_said_after_the_piles(sentence: str, per: int | None) -> None:
    from pipeline.extract.facts import sentence_facts

    said, _ = sentence_facts(sentence)
    got = [f.value for f in said if f.key == "deal.per_pile" and f.island == "deal_per_pile"]
    assert got == ([per] if per else [])


# --- the stock's rows under a condition of when they come --------------------------------


@pytest.mark.parametrize(
    ("sentence", "rows"),
    [
        ("Щелчок по колоде сдаёт по одной карте в каждую колонку, кроме последней раздачи.", True),
        ("Когда ни одну карту нельзя переложить, нажмите на колоду, чтобы сдать по карте на"
         " каждую стопку.", True),
        ("Если ходов больше нет, щёлкните по колоде, чтобы добавить по карте в каждый ряд.", True),
        ("Щелчок по колоде не сдаёт по одной карте на каждую стопку.", False),
        ("Щелчок по колоде сдаёт по одной карте на каждую стопку, кроме пустых.", False),
        # the reserve's piles: not the layout's rows, read with the condition as said
        ("Если игра остановится, из колоды сдают по одной карте на каждую пачку запаса.", False),
    ],
)  # fmt: skip
def test_a_condition_says_when_the_stock_deals_its_rows(sentence: str, rows: bool) -> None:
    from pipeline.extract.facts import sentence_facts

    said, _ = sentence_facts(sentence)
    assert ("deal.next_round" in [f.key for f in said]) is rows


# --- spaces: the place and the card in either order ----------------------------------------


@pytest.mark.parametrize(
    ("sentence", "run"),
    [
        ("На пустое место в раскладе можно переместить любую карту.", False),
        ("Любую доступную карту можно переложить на пустое место в раскладе.", False),
        ("Любую карту можно положить на пустую колонку.", False),
        ("На освободившиеся пустые места можно перекладывать любые группы карт.", True),
        ("В пустой столбец можно перемещать любые карты.", False),
    ],
)
def test_any_card_onto_a_space_in_either_order(sentence: str, run: bool) -> None:
    from pipeline.extract.facts import sentence_facts

    said = {f.key: f.value for (f,) in zip(sentence_facts(sentence)[0])}
    assert said["fill.sources"] == ["talon", "tableau"]
    assert said.get("build.run", False) is run


@pytest.mark.parametrize(
    "sentence",
    [
        "Пустые места по возможности автоматически заполняются картами из сброса.",
        "Пустые места при необходимости заполняются картами из сброса.",
    ],
)
def test_a_parenthetical_without_commas_is_water(sentence: str) -> None:
    from pipeline.extract.facts import sentence_facts

    said, _ = sentence_facts(sentence)
    assert [(f.key, f.value) for f in said] == [("fill.sources", ["talon"])]


# --- building stated by a condition on a move ----------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        (
            "Верхнюю карту колонки можно переложить на любую другую колонку, если она той же"
            " масти и на единицу старше или младше.",
            [("build.direction", "both"), ("suit.same", True)],
        ),
        (
            "Карты можно класть друг на друга, если масть совпадает и карта на единицу старше.",
            [("build.direction", "up"), ("suit.same", True)],
        ),
        (
            "Карты можно перекладывать друг на друга только если перемещаемая карта на единицу"
            " младше лежащей.",
            [("build.direction", "down")],
        ),
        (
            "Карты можно класть друг на друга, если масть не совпадает и карта на единицу старше.",
            [],
        ),
    ],
)
def test_a_condition_on_a_move_states_the_building(sentence: str, facts: list) -> None:
    from pipeline.extract.facts import sentence_facts

    said, _ = sentence_facts(sentence)
    assert [(f.key, f.value) for f in said if f.island == "build_when"] == facts


# --- the deal: first piles, rows as layers; a foundation begun with any card ---------------


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        (
            "В первые четыре стопки кладётся пять карт, в остальные по четыре карты.",
            [("deal.uneven", {"first": 4, "more": 5, "rest": 4})],
        ),
        (
            "В первые три колонки сдаётся семь карт, в остальные по шесть.",
            [("deal.uneven", {"first": 3, "more": 7, "rest": 6})],
        ),
        (
            "В начале сдаётся два ряда карт рубашками вверх и ряд карт лицом вверх.",
            [("deal.per_pile", 3),
             ("deal.layers", {"faces": ("down", "down", "up"), "alternate": False})],
        ),
        (
            "Сдают три ряда карт рубашкой вверх, затем один ряд лицом вверх.",
            [("deal.per_pile", 4),
             ("deal.layers", {"faces": ("down", "down", "down", "up"), "alternate": False})],
        ),
        ("Первой на основание может быть помещена любая карта.", [("foundation.any_base", True)]),
        ("Первой картой в базовую стопку можно положить любую карту.",
         [("foundation.any_base", True)]),
        ("Первым на основание кладётся туз.", [("foundation.cards", [1])]),
    ],
)  # fmt: skip
def test_deals_and_bases_composed(sentence: str, facts: list) -> None:
    from pipeline.extract.facts import sentence_facts

    said, _ = sentence_facts(sentence)
    assert [(f.key, f.value) for f in said] == facts
