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
    # one word in capitals twice: the engine reads a word so twice (at a line's end)
    raw = "Карты каждаго круга ГОДЯТСЯ въ дѣло, и карты третьяго круга ГОДЯТСЯ тоже."
    assert pre(raw) == "Карты каждаго круга годятся въ дѣло, и карты третьяго круга годятся тоже."
    # two words with no noun among them, twice: no name
    raw = "Берутъ одну ИЗЪ НИХЪ и кладутъ, потомъ другую ИЗЪ НИХЪ."
    assert pre(raw) == "Берутъ одну изъ нихъ и кладутъ, потомъ другую изъ нихъ."
    raw = "Это ОДНО ИЗЪ немногихъ развлеченій, и карты ГОДЯТСЯ для него."
    assert pre(raw) == "Это одно изъ немногихъ развлеченій, и карты годятся для него."


LINES = (
    "Игры въ карты знаютъ всѣ, и многіе изъ нихъ раскладываютъ\n"
    "пасьянсы по вечерамъ, когда за окномъ темно и тихо, а\n"
    "карты лежатъ на столѣ въ порядкѣ, какъ ихъ положили."
)


def test_a_capital_opening_a_line_after_a_short_one_stays() -> None:
    # a heading or menu item ends its line short, no stop after it: the next line opens
    # with the print's capital
    out = pre("Карточные игры\n" + LINES)
    assert out == "Карточные игры " + LINES.replace("\n", " ")


def test_a_capital_after_a_full_line_or_mid_line_is_still_lowered() -> None:
    raw = LINES.replace("а\nкарты", "а\nКарты")
    assert pre(raw) == LINES.replace("\n", " ")
    raw = LINES.replace("въ карты", "въ Карты")
    assert pre(raw) == LINES.replace("\n", " ")


def test_a_capital_followed_by_another_capital_stays() -> None:
    # a name of two words printed once: the engine does not read two neighbours' small
    # letters large at once
    raw = "Проверьте свою удачу въ игрѣ Пасьянсъ Паукъ, бесплатной версіи."
    assert pre(raw) == raw
    # one capitalized word before a small one is still lowered
    raw = "Проверьте свою удачу въ игрѣ Пасьянсъ паукъ, бесплатной версіи."
    assert pre(raw) == "Проверьте свою удачу въ игрѣ пасьянсъ паукъ, бесплатной версіи."
