"""The verbless rule's one home (`segment/elision`: the finder and the grammar read a clause
by the same `elided`), and two more kinds of text that state no rule: a definition of
patience at large, and a memoir whose dialogue names a patience that came out. Every text
is invented for these tests.
"""

from __future__ import annotations

import pytest
from ingest_helpers import game_titles as games

from pipeline.errors import DataError
from pipeline.extract.tokens import tokenize
from pipeline.game_finding import _rule_facts
from pipeline.segment.elision import elided
from pipeline.segment.finding import about_games, elided_rule
from pipeline.segment.finding_kinds import definition_case
from pipeline.segment.story import attributed_reply, reply


def refusal(text: str, name: str) -> str:
    with pytest.raises(DataError) as err:
        games(text, name)
    return str(err.value).split("no Russian patience game found: ", 1)[1]


# --- the verbless rule: one reading for the finder and the grammar -----------------------

# (sentence, what the dash stands for: a verb the grammar writes in, «where» a place with no
# way of building, None nothing)
VERBLESS = [
    ("Тузы — на основания.", "put"),
    ("Двойки — к тузам.", "put"),
    ("На туза — двойку той же масти.", "put"),
    ("В столбцах — по убыванию, чередуя цвета.", "put"),
    ("Основания: от туза до короля по масти.", "put"),
    ("Пустые места — только королями.", "fill"),
    ("Остальные карты — в колоде.", "where"),
    ("Остальные карты — в колоду.", "where"),
    ("На пустые места — короли.", "where"),
    ("Король — на троне.", None),
    ("Карты — это жизнь.", None),
    ("Косынка — на любой вкус.", None),
]


@pytest.mark.parametrize(("sentence", "what"), VERBLESS)
def test_the_finder_and_the_grammar_read_a_verbless_clause_alike(
    sentence: str, what: str | None
) -> None:
    # the finder: a rule whatever the dash stands for
    assert elided_rule(sentence) is (what is not None)
    # the grammar: the dash becomes the verb's token only for a verb
    types = [t.type for t in tokenize(sentence)]
    verb = {"put": "PUT", "fill": "FILL"}.get(what or "")
    assert ("PUT" in types or "FILL" in types) is (verb is not None)
    if verb:
        assert verb in types and "DASH" not in types and "COLON" not in types


def test_elided_reads_token_types_of_either_side() -> None:
    class W:
        def __init__(self, type_: str, feats: frozenset[str] = frozenset()) -> None:
            self.type, self.feats = type_, feats

    assert elided([W("RANK")], [W("ONTO"), W("FOUNDATION")]) == "put"
    assert elided([W("EMPTY"), W("PLACE")], [W("ONLY"), W("RANK", frozenset({"ablt"}))]) == "fill"
    assert elided([W("W"), W("CARD")], [W("IN"), W("DECK", frozenset({"loct"}))]) == "where"
    assert elided([W("RANK")], [W("ONTO"), W("W")]) is None
    # a verb in the part before the dash: a clause with its verb, no elision
    assert elided([W("W", frozenset({"VERB"})), W("CARD")], [W("ONTO"), W("FOUNDATION")]) is None


# --- a definition of patience at large ----------------------------------------------------

DEFINITION = [
    "Пасьянс — это карточная игра для одного человека.",
    "Игрок раскладывает карты по определённым правилам, чтобы достичь заданной цели.",
    "Это может быть сборка последовательностей, группировка карт по мастям или выполнение "
    "других условий.",
    "Игра учит терпению.",
]
DEFINED = (
    "the text says what patience is at large, not a game's rules («Пасьянс — это карточная "
    "игра для одного …»; none of its sentences counts cards, names a goal or an order, or lays "
    "cards on a place)"
)


def test_a_definition_of_patience_is_its_case() -> None:
    assert definition_case(DEFINITION, _rule_facts) == DEFINED
    # the grammar reads `suit.same` only in the sentence about games at large
    assert _rule_facts(DEFINITION[2:3]) and not _rule_facts(DEFINITION[:2] + DEFINITION[3:])


@pytest.mark.parametrize(
    "more",
    [
        "Тузы кладут на основания.",  # firm evidence: a card laid on a place
        "Карты раскладывают в семь столбцов.",  # a count
        "Колоду можно пересдавать два раза.",  # a fact the grammar reads (redeals)
    ],
)
def test_a_definition_beside_a_rule_is_no_case(more: str) -> None:
    assert definition_case([*DEFINITION, more], _rule_facts) is None


def test_no_definition_no_case() -> None:
    assert definition_case(DEFINITION[1:], _rule_facts) is None


def test_a_rule_text_that_opens_with_a_definition_keeps_its_game() -> None:
    text = (
        "Пасьянс — это карточная игра для одного человека.\n\n"
        "Карты раскладывают в семь столбцов. Тузы кладут на основания. На пустые места "
        "кладут королей.\n"
    )
    assert len(games(text, "rules.txt")) == 1


@pytest.mark.parametrize(
    ("sentence", "at_large"),
    [
        ("Это может быть сборка последовательностей или выполнение других условий.", True),
        ("Цель — раскладка карт по мастям либо решение иных задач.", True),
        ("Валета кладут на даму или других карт.", False),
        ("Двойки кладут на тузов или на другие основания.", False),
    ],
)
def test_a_list_closed_by_or_other_things_speaks_of_games_at_large(
    sentence: str, at_large: bool
) -> None:
    assert about_games(sentence) is at_large


# --- a memoir with a dialogue ----------------------------------------------------------------

MEMOIR = (
    "Пасьянс\n\n"
    "We use cookies.\n\n"
    "Это было зимой, когда дед писал свою последнюю книгу.\n\n"
    "Раз я вошла к нему и увидела, как он раскладывал на столе карты.\n\n"
    "Он загадывал: если пасьянс выйдет, он поедет к морю.\n\n"
    "Когда он закончил, я его спросила:\n\n"
    "— Ну и что же?\n\n"
    "— А вот что, — сказал он, — пасьянс вышел, но к морю я не поеду.\n\n"
    "— Почему?\n\n"
    "Он только улыбнулся и убрал колоду.\n"
)


@pytest.mark.parametrize("name", ["memoir.txt", "MEMOIR.TXT", "Воспоминания.txt"])
def test_a_memoir_with_a_dialogue_is_a_story(name: str) -> None:
    assert refusal(MEMOIR, name).startswith("the text tells a story, not a game's rules")


@pytest.mark.parametrize(
    ("line", "attributed", "is_reply"),
    [
        ("— А вот что, — сказал он, — пасьянс вышел.", True, True),
        ("— Так вот, — заметил отец, — карты легли.", True, True),
        ("— Ну и что же?", False, True),
        ("Пасьянс сошёлся, если все карты на основаниях.", False, False),
        ("- Тузы кладут на основания.", False, False),
    ],
)
def test_a_reply_and_its_speaker(line: str, attributed: bool, is_reply: bool) -> None:
    assert attributed_reply(line) is attributed
    assert reply(line) is is_reply


def test_a_rule_text_with_a_speakers_line_keeps_its_game() -> None:
    text = (
        "Колодец\n\n"
        "Пасьянс раскладывают одной колодой в 52 карты. Тузы кладут на основания и собирают "
        "на них карты по масти до короля.\n\n"
        "— Пасьянс вышел, — сказал он.\n"
    )
    assert games(text, "kolodets.txt") == [("kolodets", "Колодец")]
