"""A count of packs, piles or cards said with a numeral in the instrumental or dative
(«Играют двумя колодами», «с восемью картами») is a rule: the first
sentence under a bare title is no introduction when it says one, so its count reaches the
draft."""

from __future__ import annotations

import pytest
from ingest_helpers import game_sentences

from pipeline.segment.finding import rule_sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "Играют двумя колодами.",
        "Играется тремя колодами по 52 листа.",
        "Играют четырьмя колодами сразу.",
        "Ряд с восемью картами.",
        "Десятью стопками.",
    ],
)
def test_an_oblique_numeral_with_a_thing_of_the_game_states_a_rule(sentence: str) -> None:
    assert rule_sentence(sentence)


@pytest.mark.parametrize(
    "sentence",
    ["Этот пасьянс придумали двумя веками раньше.", "Мы играли в него с двумя друзьями."],
)
def test_an_oblique_numeral_with_nothing_of_the_game_states_none(sentence: str) -> None:
    assert not rule_sentence(sentence)


def test_the_packs_said_first_under_a_bare_title_are_kept_as_play() -> None:
    text = (
        "Паук\n\nИграют двумя колодами. Раскладывают десять стопок. Карты кладут на старшую "
        "карту по убыванию.\n"
    )
    ((gid, sentences),) = game_sentences(text, "page.txt")
    assert gid == "pauk"
    assert sentences[:2] == ["Паук", "Играют двумя колодами."]
