"""Phrasing classes of the forty-ninth round (issue 18): what the twenty-first real collection
missed, each fixed as a class.

Every sentence and text here is a probe written for this test (none is taken from a real
set): other numerals, cases, synonyms and word orders than any passage used. Each with its
exact facts or key facts, and the near phrasings that must not give them."""

from __future__ import annotations

import pytest
from code_facts import key_facts
from ingest_helpers import ingested_games
from sentence_game import fact_pairs, said

from pipeline.segment.finding import game_name

# ---- two or three packs said with each one's cards ---------------------------------------


@pytest.mark.parametrize(
    ("sentence", "decks"),
    [
        ("Для игры понадобятся три полные (по 52 листа) колоды.", 3),
        ("Из двух перетасованных (в 52 карты) колод кладут десять карт.", 2),
        ("Возьмите две колоды (в 52 карты каждая).", 2),
        ("Раскладывают двумя колодами в 52 листа.", 2),
        ("Берут три колоды в 52 карты.", 3),
    ],
)
def test_packs_said_with_each_ones_cards_are_the_packs_counted(sentence: str, decks: int) -> None:
    assert said(sentence) == fact_pairs(("decks", decks))


@pytest.mark.parametrize(
    "sentence",
    [
        "Понадобится одна колода (52 карты).",
        "Пасьянс раскладывается колодой в 52 карты.",
        "Нужна одна полная (в 52 листа) колода.",
    ],
)
def test_one_pack_with_its_cards_stays_one(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("decks", 1))


# ---- cards taken out as bases: any voice, any number ------------------------------------


@pytest.mark.parametrize(
    ("sentence", "taken"),
    [
        ("Из колоды извлекают все тройки.", [[None, 3]]),
        ("Изымаются дамы и валеты.", [[None, 12], [None, 11]]),
        ("Тузы выбираются из колоды.", [[None, 1]]),
        ("Выбираются четыре дамы.", [[4, 12]]),
        ("Из колоды вынимают тузов и королей.", [[None, 1], [None, 13]]),
        ("Из колоды выбирают все тузы и короли.", [[None, 1], [None, 13]]),
    ],
)
def test_ranks_taken_out_in_any_voice_and_number(sentence: str, taken: list) -> None:
    assert said(sentence) == fact_pairs(("setup.take", taken))


@pytest.mark.parametrize(
    ("sentence", "taken"),
    [
        ("Из колоды вынимают туза, двойку и тройку.", [[1, 1], [1, 2], [1, 3]]),
        ("Выбирают короля и даму.", [[1, 13], [1, 12]]),
    ],
)
def test_ranks_taken_in_the_singular_are_one_of_each(sentence: str, taken: list) -> None:
    assert said(sentence) == fact_pairs(("setup.take", taken))


def test_ranks_taken_from_the_layout_are_play_not_the_setup() -> None:
    assert not [k for k, _ in said("Потом из столбцов вынимают тузы и кладут их в ряд.")
                if k == "setup.take"]  # fmt: skip


def test_two_ranks_taken_out_and_built_either_way_are_two_sets_of_foundations() -> None:
    text = (
        "Часовые\n\nИз двух полных (по 52 карты) колод выбираются тройки и четверки и кладутся "
        "в два ряда. На четверки кладут пятерки, шестерки и так далее до короля; на тройки - "
        "двойки, тузы и короли. Остальные карты открывают по одной. Карты можно перекладывать "
        "три раза.\n"
    )
    facts = key_facts(text)
    keys = ("decks", "foundations", "foundation.base", "foundation.direction", "redeals")
    assert {k: facts[k] for k in keys} == {
        "decks": 2,
        "foundations": 16,
        "foundation.base": ["3", "4"],
        "foundation.direction": ["down", "up"],
        "redeals": 2,
    }


# ---- a foundation's sequence said after the verb of the clause before -------------------


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        (
            "На валетов кладут десятки, девятки и так далее; на дам - короли, тузы, двойки.",
            [
                ("foundation.direction", {"base": 11, "direction": "down"}),
                ("foundation.direction", {"base": 12, "direction": "up"}),
            ],
        ),
        (
            "На семерки кладутся восьмерки и девятки; на шестерки - пятерки, четверки и тройки.",
            [
                ("foundation.direction", {"base": 7, "direction": "up"}),
                ("foundation.direction", {"base": 6, "direction": "down"}),
            ],
        ),
    ],
)
def test_a_sequence_without_its_verb_gives_its_bases_way(sentence: str, facts: list) -> None:
    assert said(sentence) == fact_pairs(*facts)


def test_two_ranks_after_a_dash_are_no_sequence() -> None:
    assert not [k for k, _ in said("На тузов - двойки.") if k.startswith("foundation")]


# ---- a relative clause of place in brackets ---------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        (
            "Карты можно положить на королей (куда они идут в нисходящем порядке) или на "
            "тузов (куда — в восходящем).",
            [
                ("foundation.direction", {"base": 13, "direction": "down"}),
                ("foundation.direction", {"base": 1, "direction": "up"}),
            ],
        ),
        (
            "Подходящую карту кладут на семерку (куда карты идут по возрастанию).",
            [("foundation.direction", {"base": 7, "direction": "up"})],
        ),
    ],
)
def test_a_bracketed_clause_of_place_is_said_of_the_base(sentence: str, facts: list) -> None:
    assert said(sentence) == fact_pairs(*facts)


# ---- an aside of indifference between commas --------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Карты выкладывают одну на другую, безразлично, по возрастанию или по убыванию.",
        "Их складывают друг на друга, неважно, в восходящем или нисходящем порядке.",
        "Карты кладутся одна на другую, все равно, по возрастанию или по убыванию.",
    ],
)
def test_an_aside_of_indifference_leaves_the_way_either(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("build.direction", "both"))


def test_an_indifference_about_what_is_asked_after_it_is_no_aside() -> None:
    assert ("suit.any", "true") in said(
        "Карты перекладывают одну на другую, безразлично, какой они масти."
    )


def test_indifference_without_commas_still_says_any_suit() -> None:
    assert ("suit.any", "true") in said("На пустое место кладут карту все равно какой масти.")


# ---- the cards of the pack gone through a number of times --------------------------------


@pytest.mark.parametrize(
    ("sentence", "recycle"),
    [
        ("Карты можно перекладывать четыре раза.", 3),
        ("Карты перекладывают три раза.", 2),
        ("Оставшиеся карты можно перекладывать только один раз.", 0),
    ],
)
def test_the_cards_gone_through_n_times_are_n_passes(sentence: str, recycle: int) -> None:
    assert said(sentence) == fact_pairs(("turn.recycle", recycle))


def test_cards_moved_one_at_a_time_are_no_passes() -> None:
    assert ("turn.recycle", "0") not in said("Карты можно перекладывать по одной.")


# ---- a heading of a part of the game's text that names it --------------------------------


@pytest.mark.parametrize(
    ("heading", "name"),
    [
        ("Основы раскладки пасьянса «Мельница»", "Мельница"),
        ("Основы пасьянса Мельница", "Мельница"),
        ("Подготовка к пасьянсу «Мельница»", "Мельница"),
    ],
)
def test_a_heading_of_a_part_names_the_game(heading: str, name: str) -> None:
    assert game_name(heading) == name


@pytest.mark.parametrize(
    "heading",
    ["История карт", "Основы игры", "История пасьянса Мельница", "Особенности пасьянса «Мельница»"],
)
def test_a_heading_of_talk_or_without_a_patience_names_none(heading: str) -> None:
    """A history or the traits of a game head talk about it, not its rules."""
    assert game_name(heading) is None


def test_a_part_heading_that_names_the_game_joins_its_rules() -> None:
    text = (
        "Пасьянс «Мельница»\n\nЭтот пасьянс любили наши бабушки, и он до сих пор популярен.\n\n"
        "Основы раскладки пасьянса «Мельница»\n\nДля игры берут две колоды. Восемь тузов "
        "выкладывают в ряд. На тузы кладут карты по возрастанию в масть.\n"
    )
    games = ingested_games(text, "page.txt")
    assert len(games) == 1
    assert key_facts(text)["decks"] == 2


# ---- each pile's share, then the first piles' more ----------------------------------------


@pytest.mark.parametrize(
    ("sentence", "uneven"),
    [
        (
            "На каждую кучку кладут по три карты, на первые четыре кучки — ещё по одной.",
            {"first": 4, "more": 4, "rest": 3},
        ),
        (
            "В каждый столбец сдают по четыре карты, в первые два столбца — по семь.",
            {"first": 2, "more": 7, "rest": 4},
        ),
        (
            "На каждую стопку сдаётся по две карты, на верхние три стопки кладётся по две карты.",
            {"first": 3, "more": 4, "rest": 2},
        ),
    ],
)
def test_each_piles_share_then_the_first_piles_more(sentence: str, uneven: dict) -> None:
    assert said(sentence) == fact_pairs(("deal.uneven", uneven))


def test_the_last_piles_more_are_not_the_first() -> None:
    facts = said("На каждую стопку кладут по пять карт, на последние две — по шесть.")
    assert not [k for k, _ in facts if k == "deal.uneven"]


def test_a_share_then_the_upper_piles_more_deal_the_piles_unevenly() -> None:
    text = (
        "Бастион\n\nИграют одной колодой. Восемь стопок выкладывают в ряд. На каждую стопку "
        "сдаётся по пять карт лицом вверх, на первые три стопки кладётся ещё по одной карте.\n"
    )
    facts = key_facts(text)
    assert facts["tableau.piles"] == 8
    assert sorted(facts["tableau.cards"]) == [5, 5, 5, 5, 5, 6, 6, 6]
