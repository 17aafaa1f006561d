"""The ninth round of the OCR channel (issue 19): right words the normalizer broke on worse
scans and smaller type (the development sets `scans-dev-harsh`, `scans-dev-small`), each
with its exact output, and the corrections that must still happen beside it."""

from __future__ import annotations

import pytest
from channel_text import pre

from pipeline.normalize.letters import fix_letters

SHAH = "Карты, не годныя для основныхъ, составляютъ талонъ.\nс Шахъ.\n\nЕсли откроется дорожка."


def test_a_doubted_lone_letter_opening_a_sentence_is_a_speck() -> None:
    # a speck read as «с» at confidence 0 after a sentence's end: it became «съ», the stop a
    # comma and the heading lower case (main: «талонъ, съ шахъ.»)
    assert pre(SHAH, (("\nс Шахъ", "с", 0.0),)) == (
        "Карты, не годныя для основныхъ, составляютъ талонъ. Шахъ.\n\nЕсли откроется дорожка."
    )
    # ... a heading lowered after one (main: «г правила.»)
    raw = "ОДНА ПОЛНАЯ КОЛОДА КАРТЪ.\nг Правила.\n\nI. Основными картами служатъ тузы."
    assert pre(raw, (("\nг Пр", "г", 0.0),)) == (
        "ОДНА ПОЛНАЯ КОЛОДА КАРТЪ. Правила.\n\nI. Основными картами служатъ тузы."
    )
    # ... a letter that is a word only where the engine all but refused it (main: «о игра.»)
    raw = "Талонъ переворачиваютъ сколько угодно разъ.\nо Игра.\n\nОтсчитавъ двѣнадцать картъ."
    assert pre(raw, (("\nо Игра", "о", 2.0),)) == (
        "Талонъ переворачиваютъ сколько угодно разъ. Игра.\n\nОтсчитавъ двѣнадцать картъ."
    )


def test_a_lone_letter_read_surely_or_inside_a_sentence_is_still_a_word() -> None:
    # the same letter read surely is a speck too: с alone is no word of the old print (съ),
    # and no sentence opens with it in a small letter
    assert pre(SHAH, (("\nс Шахъ", "с", 95.0),)) == (
        "Карты, не годныя для основныхъ, составляютъ талонъ. Шахъ.\n\nЕсли откроется дорожка."
    )
    # doubted inside a sentence: still the preposition съ
    raw = "Карты играютъ с картами талона."
    assert pre(raw, ((" с карт", "с", 0.0),)) == "Карты играютъ съ картами талона."
    # a letter that is a word, doubted less: kept (no speck); after a stop it opens no
    # sentence, so the heading after it keeps its capital (scans-14: `карту. а Игра.`)
    raw = "Талонъ переворачиваютъ сколько угодно разъ.\nо Игра.\n\nОтсчитавъ двѣнадцать картъ."
    assert pre(raw, (("\nо Игра", "о", 30.0),)) == (
        "Талонъ переворачиваютъ сколько угодно разъ. о Игра.\n\nОтсчитавъ двѣнадцать картъ."
    )


def test_a_heading_alone_on_its_line_keeps_its_stop() -> None:
    # «Изъ» read small after the heading «Игра.»: the stop is no comma (main: «Игра, изъ»)
    raw = "Колода проходитъ всего два раза.\nИгра.\nизъ стасованныхъ колодъ раскладываютъ карты."
    assert pre(raw) == (
        "Колода проходитъ всего два раза. Игра. изъ стасованныхъ колодъ раскладываютъ карты."
    )
    # a stop between two words of one line is still a comma
    assert pre("Кладутъ карту. если она подходитъ, то ее кладутъ.") == (
        "Кладутъ карту, если она подходитъ, то ее кладутъ."
    )


@pytest.mark.parametrize(
    ("raw", "meant"),
    [
        # a short word in capitals before small letters: И, Х are small letters' shapes read
        # large (main: «тузы. ИХЪ кладутъ»)
        (
            "Если между картами окажутся тузы, ИХ\nкладутъ на мѣсто основныхъ картъ.",
            "Если между картами окажутся тузы, ИХЪ кладутъ на мѣсто основныхъ картъ.",
        ),
        # the second of a correlative pair (main: «картамъ. Ни къ»)
        (
            "Если она не подходитъ ни къ основнымъ картамъ, Ни къ столбцамъ, ее кладутъ.",
            "Если она не подходитъ ни къ основнымъ картамъ, Ни къ столбцамъ, ее кладутъ.",
        ),
        # «что» answering the demonstrative before the comma (main: «въ томъ. Что»)
        (
            "Отличіе этого пасьянса отъ прочихъ въ томъ, Что карту можно снять.",
            "Отличіе этого пасьянса отъ прочихъ въ томъ, Что карту можно снять.",
        ),
        # ... «какъ» after «такъ»; a form of «который» (main: stops)
        (
            "Карты кладутъ такъ, Какъ сказано выше.",
            "Карты кладутъ такъ, Какъ сказано выше.",
        ),
        (
            "Въ талонъ кладутъ всѣ карты, Которыя не подходятъ.",
            "Въ талонъ кладутъ всѣ карты, Которыя не подходятъ.",
        ),
        # a comma before a capitalized sentence is still a stop
        (
            "Карты кладутъ на тузахъ, Этотъ пасьянсъ сходится рѣдко.",
            "Карты кладутъ на тузахъ. Этотъ пасьянсъ сходится рѣдко.",
        ),
        # ... and before a heading in capitals
        (
            "Пасьянсъ сходится рѣдко.\n\nШАХМАТНАЯ ДОСКА,\nОДНА ПОЛНАЯ КОЛОДА КАРТЪ,\nПравила.",
            "Пасьянсъ сходится рѣдко.\n\nШАХМАТНАЯ ДОСКА. ОДНА ПОЛНАЯ КОЛОДА КАРТЪ.\n\nПравила.",
        ),
    ],
)
def test_a_capital_after_a_comma_that_goes_on_the_sentence(raw: str, meant: str) -> None:
    assert pre(raw) == meant


VEER = "Карты раскладываютъ по три, лицомъ вверхъ, Въ видѣ небольшихъ вѣеровъ."


def test_a_capital_the_engine_doubted_keeps_the_comma() -> None:
    # «Въ» at 70 after a comma the engine read: its capital, not the print's (main: a stop)
    assert pre(VEER, ((", Въ", "Въ", 70.0),)) == VEER
    # read surely (or with no confidence given): a new sentence, as before
    stop = "Карты раскладываютъ по три, лицомъ вверхъ. Въ видѣ небольшихъ вѣеровъ."
    assert pre(VEER, ((", Въ", "Въ", 95.0),)) == stop
    assert pre(VEER) == stop
    # a heading alone on its line, and a numbering, get their stop however doubted
    raw = "Колоду сдаютъ, какъ сказано ниже,\nИгра.\n\nСначала раскладываютъ семь кучекъ."
    assert pre(raw, (("Игра", "Игра", 70.0),)) == (
        "Колоду сдаютъ, какъ сказано ниже. Игра.\n\nСначала раскладываютъ семь кучекъ."
    )
    raw = "Тузы ставятся рядомъ.\n\nIII, Марьяжа въ этомъ пасьянсѣ не дѣлаютъ."
    assert pre(raw, (("Марьяжа", "Марьяжа", 60.0),)) == (
        "Тузы ставятся рядомъ.\n\nIII. Марьяжа въ этомъ пасьянсѣ не дѣлаютъ."
    )


def test_no_subject_is_read_behind_an_unknown_word() -> None:
    # «во везкое время»: the unknown word may be the attribute of a preposition's noun, so
    # «время» is no sure subject (main: «переноситъ»)
    raw = "Верхнія карты можно во везкое время переносить на основныя карты."
    assert pre(raw) == raw
    # every word read: the subject stands before the preposition's phrase, as before
    assert pre("Верхняя карта во всякое время переносить на основныя карты.") == (
        "Верхняя карта во всякое время переноситъ на основныя карты."
    )


def test_capitals_going_on_past_a_stop_are_a_heading() -> None:
    # a paragraph ending in a comma (a stop misread) before a heading of two lines: the
    # first line was lowered as that sentence's end (main: «часто, восемь въ сторону.»)
    raw = (
        "Пасьянсъ выходитъ очень часто,\nВОСЕМЬ ВЪ СТОРОНУ.\nОДНА ПОЛНАЯ КОЛОДА КАРТЪ.\n"
        "Правила.\n\nI. Основными картами служатъ тузы."
    )
    # (the comma before the heading: a stop, as a paragraph's end before a new sentence)
    assert pre(raw) == (
        "Пасьянсъ выходитъ очень часто.\n\nВОСЕМЬ ВЪ СТОРОНУ. ОДНА ПОЛНАЯ КОЛОДА КАРТЪ.\n\n"
        "Правила.\n\nI. Основными картами служатъ тузы."
    )
    # one line of capitals ending the sentence of a full line: that sentence's end, lowered
    raw = (
        "Карты кладутся въ рядъ, и потомъ ихъ берутъ по одной,\n"
        "начиная съ верхней; годна для игры лишь\nНИЖНЯЯ ИЗЪ НИХЪ.\n\nВотъ и все."
    )
    assert pre(raw) == (
        "Карты кладутся въ рядъ, и потомъ ихъ берутъ по одной, начиная съ верхней; "
        "годна для игры лишь нижняя изъ нихъ.\n\nВотъ и все."
    )


def test_a_heading_with_its_last_sign_read_twice() -> None:
    # ДВЪъ: Ѣ read as a capital and a small sign; the line is still a heading in capitals
    # (main: «ДВЪъ полныхъ колоды картъ.»)
    raw = (
        "Открываютъ столбцы, въ которыхъ остается болѣе закрытыхъ картъ.\n\n"
        "ГАРГАНТЮА.\nДВЪъ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.\nПравила.\n\nI. Основными картами служатъ тузы."
    )
    assert pre(raw) == (
        "Открываютъ столбцы, въ которыхъ остается болѣе закрытыхъ картъ.\n\n"
        "ГАРГАНТЮА. ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.\n\nПравила.\n\nI. Основными картами служатъ тузы."
    )
    assert fix_letters("ДВЪъ", True) == "ДВЪ"
    assert fix_letters("КАРТЬЪ", True) == "КАРТЪ"  # a final sign doubled, as before
    assert fix_letters("ДвЪъ", True) == "Двѣ"  # small letters: the tall ѣ, as before


def test_a_closing_quote_is_no_hard_sign_after_a_vowel() -> None:
    # «Люси».: no « open (the OCR lost it), but no word ends in a vowel and ъ (main: Люсиъ.)
    raw = "Пасьянсъ сходится; называютъ его также Ера А Люси»."
    assert pre(raw) == raw
    # after a consonant the quote is still the word's final ъ, after ъ a stray
    assert pre("Кладутъ карту къ однимъ»ъ тузамъ.") == "Кладутъ карту къ однимъ тузамъ."
    assert pre("Кладутъ карту въ» талонъ.") == "Кладутъ карту въ талонъ."
