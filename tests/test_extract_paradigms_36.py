"""Composed phrases of the thirty-sixth round (issue 18): foundations, building, spaces.

Every sentence here is a probe written for this test (none is taken from a real set): a run
moved when the bottom card of the group fits the card it goes on, a clause of advice to the
player, a pile emptied named by a pronoun after «то», a sequence of ranks laid on a base
with the suit or further places said between them, and two adjacent bases built apart.
Each with its exact facts or spec fields, and the near phrasings that must not give them."""

from __future__ import annotations

import pytest
from sentence_game import fact_pairs, said, sentences_draft

from pipeline.extract.facts import sentence_facts

_RUN_FITS = fact_pairs(("build.run", True))


@pytest.mark.parametrize(
    "sentence",
    [
        "Также разрешается перемещать группы карт, если нижняя карта группы подходит к лежащей "
        "карте.",
        "Стопки карт можно переносить, если нижняя карта стопки подходит к лежащей карте.",
        "Группы карт можно перемещать, если нижняя карта группы подходит к открытой карте.",
    ],
)
def test_a_run_moved_when_its_bottom_card_fits(sentence: str) -> None:
    """The usual fit of a run's bottom card is no unmodelled condition: it says a run moves
    (`run_fits`), not that a card is played when it fits (no `cond.fits`)."""
    assert said(sentence) == _RUN_FITS


def test_a_run_moved_under_another_condition_stays_unread() -> None:
    facts, loose = sentence_facts("Группы карт можно перемещать, если колода пуста.")
    assert facts == [] and loose == ["COND"]


@pytest.mark.parametrize(
    "sentence",
    [
        "Получив пустое место, старайтесь не заполнять его как можно дольше.",
        "Тем не менее, получив пустое место, старайтесь не заполнять его, потому что так можно "
        "избавиться от скрытых карт.",
        "Постарайтесь не перекладывать карты на основания.",
        "Старайся держать один столбец пустым.",
        "Попытайтесь освободить резервы как можно раньше.",
    ],
)
def test_advice_to_the_player_states_no_rule(sentence: str) -> None:
    assert said(sentence) == []


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the rule before the semicolon is read; the advice after it is not
        ("Пустые места не заполняются; старайтесь их беречь.", fact_pairs(("fill.none", True))),
        ("Пустые места не заполняются.", fact_pairs(("fill.none", True))),
        ("Старайтесь беречь пустые места; пустые места не заполняются.",
         fact_pairs(("fill.none", True))),
    ],
)  # fmt: skip
def test_a_rule_beside_advice_is_read(sentence: str, expected: list) -> None:
    assert said(sentence) == expected


def test_advice_leaves_the_draft_a_space_any_card_takes() -> None:
    """«Пустые места можно заполнять любыми картами» and advice not to fill them: the advice
    does not make spaces stay empty."""
    draft = sentences_draft(
        [
            "Четыре стопки.",
            "На карту кладут карту на единицу младше той же масти.",
            "Пустые места можно заполнять любыми картами.",
            "Получив пустое место, старайтесь не заполнять его как можно дольше.",
        ]
    )
    assert draft.spec["moves"]["marry"]["build"]["empty"] == "any"


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Если стопка пуста, то на неё можно положить только короля.",
            fact_pairs(("cond.pile_emptied", True), ("build.empty", 13)),
        ),
        (
            "Когда стопка освободится, то туда кладут короля.",
            fact_pairs(("cond.pile_emptied", True), ("build.empty", 13)),
        ),
        (
            "Если колонка освободилась, то в неё кладут карту из резерва.",
            fact_pairs(("cond.pile_emptied", True), ("fill.sources", ["reserve"])),
        ),
        (
            "Если столбец опустел, то в него можно положить любую карту.",
            fact_pairs(("fill.sources", ["talon", "tableau"])),
        ),
    ],
)
def test_a_pile_emptied_names_its_pronoun_after_then(sentence: str, expected: list) -> None:
    assert said(sentence) == expected


def test_a_stock_emptied_names_no_space_after_then() -> None:
    facts, loose = sentence_facts("Если колода опустела, то её переворачивают.")
    assert facts == [] and loose == ["COND"]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "На пятерки кладут той же масти четверки, на них тройки, затем двойки и тузы.",
            fact_pairs(
                ("foundation.direction", {"base": 5, "direction": "down"}), ("suit.same", True)
            ),
        ),
        (
            "На шестерки кладут по порядку и той же масти семерки, восьмерки и девятки.",
            fact_pairs(
                ("foundation.direction", {"base": 6, "direction": "up"}), ("suit.same", True)
            ),
        ),
        (
            "На семерки кладут восьмерки, на них девятки, затем десятки и валеты.",
            fact_pairs(("foundation.direction", {"base": 7, "direction": "up"})),
        ),
        (
            "На тройки кладут той же масти двойки, затем тузы.",
            fact_pairs(
                ("foundation.direction", {"base": 3, "direction": "down"}), ("suit.same", True)
            ),
        ),
    ],
)
def test_a_sequence_of_ranks_on_a_base_with_words_between(sentence: str, expected: list) -> None:
    assert said(sentence) == expected


_APART = [
    "На пятерки кладут той же масти четверки, на них тройки, затем двойки и тузы.",
    "На шестерки кладут по порядку и той же масти семерки, восьмерки, девятки и десятки.",
]


def _foundations(draft) -> dict:
    return {
        k: (v["count"], v["foundation"].get("base"), v["foundation"]["direction"])
        for k, v in draft.spec["piles"].items()
        if v.get("role") == "foundation"
    }


def test_two_adjacent_bases_built_apart_are_two_kinds_of_foundation() -> None:
    draft = sentences_draft(["Из колоды вынимают четыре пятерки и четыре шестерки.", *_APART])
    assert _foundations(draft) == {"base-5": (4, 5, "down"), "base-6": (4, 6, "up")}
    assert draft.spec["setup"] == [
        {"take": {"ranks": [5], "count": 4}, "to": "base-5"},
        {"take": {"ranks": [6], "count": 4}, "to": "base-6"},
    ]


def test_two_adjacent_bases_built_apart_without_a_withdrawal() -> None:
    draft = sentences_draft(_APART)
    assert _foundations(draft) == {"base-5": (4, 5, "down"), "base-6": (4, 6, "up")}


@pytest.mark.parametrize(
    "sentences",
    [
        # the ways meet: one pile built either way
        ["На туза можно положить двойку, а на двойку туза."],
        # a king on an ace and back: a wrap
        ["На короля можно класть туза, а на туза короля."],
        # apart, but the ranks not next to each other
        ["На четверки кладут тройки, двойки и тузы.", "На девятки кладут десятки, валеты и дам."],
    ],
)
def test_bases_that_do_not_part_a_suit_stay_one_kind(sentences: list[str]) -> None:
    assert len(_foundations(sentences_draft(sentences))) == 1


@pytest.mark.parametrize(
    "sentence",
    [
        "Советуют прежде всего разбирать запасные стопки, а пустые места не закрывать без нужды.",
        "Пустые места не закрывают без нужды.",
        "Пустое место не следует занимать без крайней надобности.",
        "Рекомендуется не заполнять пустые места без необходимости.",
        "Советуем не заполнять пустые места.",
    ],
)
def test_advice_by_counsel_or_without_need_states_no_rule(sentence: str) -> None:
    assert said(sentence) == []


def test_a_space_left_empty_without_exception_stays_a_rule() -> None:
    """«без исключения» is no «без нужды»: the sentence keeps its exception unmodelled."""
    facts, loose = sentence_facts("Пустые места не заполняются без исключения.")
    assert facts == [] and loose == ["EXCEPT"]


@pytest.mark.parametrize(
    ("sentence", "sources"),
    [
        ("Пустое место, когда стопка вся разобрана, можно занять любой верхней картой.",
         ["talon", "tableau"]),
        ("Пустое место, когда пачка вся разобрана, можно занять любой верхней картой раскладки.",
         ["tableau"]),
        ("Свободное место, когда стопка освободится, можно занять любой картой.",
         ["talon", "tableau"]),
        ("Пустое место можно занять любой верхней картой.", ["talon", "tableau"]),
    ],
)  # fmt: skip
def test_a_space_past_its_emptying_said_again(sentence: str, sources: list) -> None:
    assert said(sentence) == fact_pairs(("fill.sources", sources))


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # another condition between the commas: the stock run out, the player's wish
        (
            "Пустое место, когда колода кончится, можно занять любой картой.",
            fact_pairs(("cond.stock_out", True)),
        ),
    ],
)
def test_a_space_past_another_condition_is_not_read_as_any(sentence: str, expected: list) -> None:
    assert said(sentence) == expected


def test_a_space_past_the_players_wish_is_read() -> None:
    # the player's wish as the condition is `AT_WILL` (grammar-45): no condition left loose
    facts, loose = sentence_facts(
        "Пустое место, когда играющий пожелает, можно занять любой картой."
    )
    assert [(f.key, f.value) for f in facts] == [("fill.sources", ["talon", "tableau"])]
    assert loose == []


@pytest.mark.parametrize(
    "sentence",
    [
        "За королём идёт туз.",
        "За королем кладется туз, за тузом двойка.",
        "За двойкой следует туз, а за тузом опять король.",
        "Карты кладут в восходящем порядке, причём за королём идёт туз, за тузом двойка.",
    ],
)
def test_after_a_rank_said_with_za_wraps(sentence: str) -> None:
    assert ("foundation.wrap", "true") in said(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Джокер считается за туза.",  # the accusative: counts as
        "За тузом идёт двойка.",  # no king and ace
        "За дамой идёт король.",
    ],
)
def test_za_with_no_king_and_ace_or_not_instrumental_wraps_nothing(sentence: str) -> None:
    assert ("foundation.wrap", "true") not in said(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Несколько карт можно переносить все вместе на другую стопку, если нижняя из них "
        "подходит к верхней карте этой стопки.",
        "Несколько карт, лежащих одна на другой по порядку, можно переносить вместе.",
        "Стопки можно переносить, если нижняя карта стопки подходит к верхней карте.",
    ],
)
def test_a_run_said_by_its_bottom_card_or_lying_one_on_another(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("build.run", True))


def test_a_card_played_when_it_fits_is_no_run() -> None:
    assert said("Карту можно положить, если она подходит.") == fact_pairs(("cond.fits", True))


@pytest.mark.parametrize(
    "sentence",
    [
        "Пустое место заполняется картой из резерва или, если в резерве карт нет, из колоды.",
        "Пустое место заполняется картой из резерва, а если в резерве карт нет — из колоды.",
        "Пустое место заполняется картой из резерва или, когда резерв кончится, из колоды.",
    ],
)
def test_a_space_filled_from_the_stock_once_the_reserve_has_no_cards(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("fill.sources", ["reserve"]), ("cond.stock_out", True))
