"""The twenty-third round of the OCR channel (issue 19): right words made wrong on other pages
(the development rule texts as scans, `scans-dev-other`). Each guard keeps a right word the
engine read as printed, and beside each the repairs of the same class still made."""

from __future__ import annotations

from channel_text import pre


def test_a_capital_the_page_prints_twice_in_mid_sentence_stays() -> None:
    # a game's name the page capitalizes wherever it stands: the print's capital
    raw = (
        "Можете играть въ игру Пасьянсъ Паукъ бесплатно, чтобы скачать игру Пасьянсъ Паукъ "
        "нажмите на значекъ."
    )
    assert pre(raw) == raw
    # card ranks the page capitalizes (отъ Короля до Туза, twice)
    raw = "Кладутъ карты отъ Короля до Туза, а снимаютъ отъ Короля до Туза."
    assert pre(raw) == raw


def test_a_capital_printed_once_in_mid_sentence_is_still_lowered() -> None:
    raw = "Положите карту на Фигуру и возьмите другую карту."
    assert pre(raw) == "Положите карту на фигуру и возьмите другую карту."
    # a capital at a sentence's start does not count toward the page's capitals
    raw = "Короля кладутъ въ сторону. Потомъ кладутъ отъ Короля до туза."
    assert pre(raw) == "Короля кладутъ въ сторону. Потомъ кладутъ отъ короля до туза."


def test_commas_between_names_of_several_words_stay() -> None:
    raw = (
        "Вотъ пасьянсы: Съ квартиры на квартиру, Два кольца, Дѣтство, Узникъ, "
        "Счастливый узникъ, Глупый узникъ, Роковой и другіе."
    )
    assert pre(raw) == raw


def test_a_comma_before_a_sentences_capital_is_still_a_stop() -> None:
    raw = "Положите карту на столъ, Потомъ возьмите другую карту."
    assert pre(raw) == "Положите карту на столъ. Потомъ возьмите другую карту."
    # one capitalized item after the comma, no list going on: a sentence
    raw = "Кладутъ карты на столъ, Эти карты не трогаютъ до конца."
    assert pre(raw) == "Кладутъ карты на столъ. Эти карты не трогаютъ до конца."


def test_a_comma_before_a_name_the_page_capitalizes_stays() -> None:
    # Косынка, a game's name the page prints capitalized in mid-sentence: the comma before
    # it is the print's, not a stop read small
    raw = (
        "Играютъ въ пасьянсъ Косынка, и вотъ почему. Независимо отъ причины, Косынка "
        "продолжаетъ радовать, ибо пасьянсъ Косынка простъ."
    )
    assert pre(raw) == raw
