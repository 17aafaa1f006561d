"""The twenty-fourth round of the OCR channel (issue 19): right words made wrong on other
pages (`scans-dev-other`). Each guard keeps a right word the engine read as printed, and
beside each the repairs of the same class still made."""

from __future__ import annotations

from channel_text import pre


def test_a_run_in_capitals_the_page_prints_twice_in_mid_sentence_stays() -> None:
    raw = (
        "Можно скачать игру ПАУКЪ ЧЕТЫРЕ МАСТИ на свой компьютеръ. "
        "Игра ПАУКЪ ЧЕТЫРЕ МАСТИ въ категоріи пасьянсовъ."
    )
    assert pre(raw) == raw


def test_capitals_read_once_or_short_runs_repeated_are_still_lowered() -> None:
    # the run printed once (the second time shorter): the engine's capitals, lowered
    raw = "Можно скачать игру ПАУКЪ ЧЕТЫРЕ МАСТИ на свой компьютеръ. Игра ПАУКЪ въ рядъ."
    assert pre(raw) == (
        "Можно скачать игру паукъ четыре масти на свой компьютеръ. Игра паукъ въ рядъ."
    )
    # a short word in capitals twice repeats by chance
    raw = "Кладутъ карты ВЪ рядъ, а потомъ ВЪ столбецъ."
    assert pre(raw) == "Кладутъ карты въ рядъ, а потомъ въ столбецъ."
    raw = "Это ОДНО ИЗЪ немногихъ развлеченій, и карты ГОДЯТСЯ для него."
    assert pre(raw) == "Это одно изъ немногихъ развлеченій, и карты годятся для него."
