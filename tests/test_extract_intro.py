"""A game's introduction is read for the rule content it states (packs, piles, foundations),
never for its history or praise; a suit rule said after the foundations is theirs, not the
building's (issue 18 §2, §4)."""

from __future__ import annotations

import pytest

from pipeline.extract import extract_game
from pipeline.normalize import normalize
from pipeline.segment.finding import rule_sentence
from pipeline.segment.known import known_games
from pipeline.segment.segmenter import segment


def _game(sections: list[tuple[str, list[str]]]) -> dict:
    return {
        "id": "test", "book": None, "title": "Блокада", "name": None, "witnesses": [],
        "sections": [
            {"kind": kind, "key": kind, "sentences": [
                {"id": f"test/{kind}/{i}", "para": 1, "text": s, "modern": s, "spans": []}
                for i, s in enumerate(sents, 1)]}
            for kind, sents in sections
        ],
    }  # fmt: skip


@pytest.mark.parametrize(
    ("sentence", "rule"),
    [
        ("Игра начинается с двенадцати груд, каждый содержащий карту.", True),
        ("Она использует две палубы 52 игр в карты каждый.", True),
        ("Объект игры - игра карты в эти восемь фондов.", True),
        ("Пасьянс появился во Франции в XIX веке.", False),
    ],
)
def test_pile_deck_and_foundation_nouns_make_a_rule_sentence(sentence: str, rule: bool) -> None:
    assert rule_sentence(sentence) is rule


def test_an_introduction_sentence_that_states_rules_is_read_and_history_is_not() -> None:
    ex = extract_game(
        _game(
            [
                ("title", ["Блокада"]),
                (
                    "intro",
                    [
                        "Пасьянс появился во Франции в XIX веке, его раскладывали две колоды.",
                        "Игра начинается с двенадцати груд, каждый содержащий карту.",
                    ],
                ),
                ("play", ["Пустая груда заполняется картой из колоды."]),
            ]
        )
    )
    read = {r.id: r.facts for r in ex.coverage}
    assert read["test/intro/1"] == []  # history: not read, though it names two packs
    assert read["test/intro/2"] == ["tableau.count_said"]
    assert ex.spec["piles"]["packets"]["count"] == 12
    assert ex.spec["provenance"]["piles.packets.count"]["sentence"] == "test/intro/2"
    assert ex.spec["decks"] == 1
    assert [r.id for r in ex.rule_sentences] == ["test/intro/2", "test/play/1"]


def test_a_rules_subheading_ends_the_introduction() -> None:
    text = (
        "Лесная тропа\n\nЛесная тропа — старинный пасьянс.\n\nПравила\n\n"
        "Начинают с тузов.\n\nКарты раскладывают в двенадцать столбцов.\n"
    )
    (game,) = segment(normalize(text, "page"), "page.txt", known_games())
    kinds = [(s.kind, [u.text for u in s.sentences]) for s in game.sections]
    assert kinds[1:] == [
        ("intro", ["Лесная тропа — старинный пасьянс."]),
        ("play", ["Начинают с тузов.", "Карты раскладывают в двенадцать столбцов."]),
    ]


def test_a_suit_rule_after_the_foundations_is_theirs_not_the_buildings() -> None:
    ex = extract_game(
        _game(
            [
                (
                    "play",
                    [
                        "Косынка: - 7 столбцов, строим по убыванию, чередуя цвета - 4 базы, "
                        "строим по возрастанию, одна масть.",
                    ],
                )
            ]
        )
    )
    assert ex.contradictions == []
    assert ex.spec["moves"]["marry"]["build"]["suit"] == "alternate"
    prov = ex.spec["provenance"]["piles.foundations.foundation.suit"]
    assert (prov["origin"], prov["quote"]) == ("text", "одна масть")
