"""A rule number the OCR misread (`ТГУ.`, `ІУ.`, `[У.` for `IV.`) is the rule the game's
sequence of rules expects there, not a title that opens a new game; a look-alike anywhere else
(after the play has begun, before running text in small letters) is left as it was. Texts
shaped after `pasyans ocr`'s readings of development pages (`benchmarks/scan_facts.py`)."""

from __future__ import annotations

import pytest
from ingest_helpers import ingested_games

from pipeline.segment.rule_numbers import numeral, stands_for, value

HEAD = "КАДРАНЪ.\n\nДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.\n\nПравила.\n\n"
RULES = (
    "I. Восемь тузовъ, по мѣрѣ ихъ появленія,\nкладутся въ рядъ надъ раскладкою.\n\n"
    "II. Въ раскладкѣ карты кладутся одна на\nдругую въ нисходящемъ порядкѣ.\n\n"
    "III. Съ одного столбца на другой можно\nпереносить по одной картѣ.\n\n"
)
FOURTH = "Пустое мѣсто, оставшееся послѣ того, какъ столбецъ опустѣлъ, занимается любою картою."
LINES = "Пустое мѣсто, оставшееся послѣ того,\nкакъ столбецъ опустѣлъ, занимается любою\nкартою."
PLAY = "Игра.\n\nПеретасовавъ обѣ колоды вмѣстѣ,\nраскладываютъ сорокъ картъ открытыми.\n"


def _games(text: str) -> list[dict]:
    return ingested_games(text, "scan.txt")


def _rules(game: dict) -> dict[str, str]:
    """Number -> the rule's text (white space as one space) of a game's rules."""
    (rules,) = [s for s in game["sections"] if s["kind"] == "rules"]
    return {
        r["number"]: " ".join(" ".join(x["text"] for x in r["sentences"]).split())
        for r in rules["rules"]
    }


@pytest.mark.parametrize("token", ["ТГУ", "ІУ", "ГУ", "[У", "У"])
def test_a_misread_fourth_rule_number_is_rule_iv(token):
    fourth = f"{token}. {LINES}\n\n"
    games = _games(HEAD + RULES + fourth + PLAY)
    assert [g["id"] for g in games] == ["kadran"]
    rules = _rules(games[0])
    assert list(rules) == ["I", "II", "III", "IV"]
    assert rules["IV"] == FOURTH


@pytest.mark.parametrize("token", ["ТЇ", "ІШ", "ПІ"])
def test_a_misread_third_rule_number_is_rule_iii(token):
    third = f"{token}. Съ одного столбца на другой можно\nпереносить по одной картѣ.\n\n"
    games = _games(HEAD + RULES.split("III.")[0] + third + PLAY)
    assert [g["id"] for g in games] == ["kadran"]
    rules = _rules(games[0])
    assert list(rules) == ["I", "II", "III"]
    assert rules["III"] == "Съ одного столбца на другой можно переносить по одной картѣ."


def test_a_token_of_no_numeral_strokes_is_no_rule():
    fourth = "ЖУ. Пустое мѣсто, оставшееся послѣ того,\nкакъ столбецъ опустѣлъ.\n\n"
    games = _games(HEAD + RULES + fourth + PLAY)
    assert list(_rules(games[0])) == ["I", "II", "III"]


def test_a_look_alike_after_the_play_has_begun_is_no_rule():
    # rules after the play are another game's (its title not in the scan): not kadran's IV
    games = _games(HEAD + RULES + PLAY + f"\nТГУ. {LINES}\n")
    assert games[0]["id"] == "kadran"
    assert list(_rules(games[0])) == ["I", "II", "III"]


def test_running_text_in_small_letters_is_no_rule():
    # after rule III, `Т.` stands for no IV, and `ТГУ.` runs on in small letters
    for body in ("Т. Е. карту за картою.", "ТГУ. и далѣе карту за картою."):
        games = _games(HEAD + RULES + body + "\n\n" + PLAY)
        assert list(_rules(games[0])) == ["I", "II", "III"], body


def test_the_strokes_of_a_misread_numeral():
    assert [numeral(n) for n in (1, 2, 3, 4, 5, 6, 9, 14)] == [
        "I", "II", "III", "IV", "V", "VI", "IX", "XIV",
    ]  # fmt: skip
    assert all(value(numeral(n)) == n for n in range(1, 40))
    # the strokes read as letters, or one stroke lost or doubled
    for token, num in [("ТГУ", "IV"), ("Ш", "III"), ("ПІ", "III"), ("І", "II"), ("ТІ", "III")]:
        assert stands_for(token, num), (token, num)
    # another numeral's strokes, or no numeral's
    for token, num in [("І", "VI"), ("ІУ", "VI"), ("Ш", "V"), ("П", "IV"), ("ЖУ", "IV"), ("", "I")]:
        assert not stands_for(token, num), (token, num)
