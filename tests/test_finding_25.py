"""Three kinds of text that name cards with counts, orders or acts and state no patience's
rules (issue 18 §2: a refusal says which case it is): a game's history, a how-to on card
games at large, a table of a program's named options; and a command's one-word label is no
game's title. Each kind beside a game's rules keeps the game.
"""

from __future__ import annotations

import pytest
from test_finding_22 import games, refusal

from pipeline.segment.finding import title_like
from pipeline.segment.finding_kinds import card_games_case, history_case, options_case

HISTORY = (
    "Пасьянс появился давно. Родиной пасьянса считается Германия, где он известен с XVIII "
    "века. По некоторым данным, его придумали скучающие офицеры. Во времена правления короля "
    "Фридриха пасьянсы раскладывали при дворе. Со временем игра дошла и до России. Многие "
    "знаменитые люди любили её. Пасьянс — это игра, в которой раскладываются карты по "
    "определённым правилам. Гадалки и сегодня раскладывают карты, чтобы узнать будущее.\n"
)
CARD_GAMES = (
    "Как играть в карты\n\nПеретасуйте колоду. Обычно колода состоит из 36 карт. Карты бывают "
    "четырёх мастей. Рассадите игроков за столом. Первого сдающего выбирают жребием. "
    "Побеждает тот, кто первым избавится от карт.\n"
)
OPTIONS = (
    "## Options\n\n| Option | Описание |\n|---|---|\n"
    "| **emptyKing** | на пустой столбец можно положить только короля |\n"
    "| **emptyAny** | на пустой столбец можно положить любую карту |\n"
    "| `drawThree` | из колоды сдают по три карты |\n"
    "| drawOne | из колоды сдают по одной карте |\n"
)
RULES = (
    "Косынка\n\nКарты раскладывают в семь столбцов. На пустой столбец кладут только короля. "
    "Цель игры — собрать все карты на четыре основания по мастям.\n"
)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (
            HISTORY,
            "the text tells a game's history, not its rules (5 of 8 sentences speak of its "
            "origin and past: «Родиной пасьянса считается Германия, где…»; none outside them "
            "counts cards, names a goal or an order, or lays cards on a place)",
        ),
        (
            CARD_GAMES,
            "the text is a how-to on card games at large, not a patience's rules (3 of 6 "
            "sentences speak of players at a table: «Рассадите игроков за столом.»; its counts "
            "and orders are of packs in general: «Обычно колода состоит из 36 карт.»)",
        ),
        (
            OPTIONS,
            "the text is a table of a program's named options, not a game's rules (4 rows "
            "name an option and describe it: «emptyKing — на пустой столбец можно положить "
            "только короля»; nothing outside them counts cards, names a goal or an order)",
        ),
    ],
)
@pytest.mark.parametrize("name", ["page.txt", "Правила.txt"])
def test_each_kind_is_refused_with_its_case(text: str, reason: str, name: str) -> None:
    assert refusal(text, name) == reason


def test_each_kind_beside_a_games_rules_keeps_the_game() -> None:
    assert games(RULES + "\n" + HISTORY) == [("kosynka", "Косынка")]
    assert games(RULES + "\n" + OPTIONS) == [("kosynka", "Косынка")]
    # a rule outside the history's sentences: the text is no history
    said = HISTORY.split(". ")
    assert history_case([*said, "Карты раскладывают в семь столбцов."]) is None
    # players at a table and a pack at large, but also a count of a game's own
    table = ["Рассадите игроков за столом.", "Первого сдающего выбирают жребием."]
    pack = "Обычно колода состоит из 36 карт."
    assert card_games_case([*table, pack])
    assert card_games_case([*table, pack, "Карты раскладывают в семь столбцов."]) is None
    # players at a table and no pack at large: no evidence of card games in general
    assert card_games_case(table) is None


def test_too_few_signs_are_no_kind() -> None:
    # two sentences of a game's past, or two rows of options, are not enough
    assert history_case(["Игра известна с XVIII века.", "Её придумали офицеры."]) is None
    two = "| **emptyKing** | только короля |\n| **emptyAny** | любую карту |\n"
    assert options_case(two, lambda said: 0) is None
    # a row keyed by a Russian word is a table of the game's own, not a program's options
    ru = "| Король | на пустой столбец |\n| Дама | на короля |\n| Валет | на даму |\n"
    assert options_case(ru, lambda said: 0) is None
    # a line outside the table that states a rule's fact the grammar reads
    assert options_case(OPTIONS + "\nСобирают по масти.\n", lambda said: len(said)) is None


def test_a_commands_one_word_label_is_no_title() -> None:
    assert not title_like("Разложить")
    assert not title_like("Вернуться к игре")
    assert title_like("Пасьянс «Колодец»")
    page = (
        "Пасьянс «Колодец»\n\nВы победили!\n\nРазложить\n\n"
        "Цель игры — собрать все карты на основания. Карты раскладывают в пять колод по "
        "одиннадцать карт. На основание кладут карты одной масти в порядке убывания.\n"
    )
    assert games(page) == [("kolodets", "Пасьянс «Колодец»")]
