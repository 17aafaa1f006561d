"""The eighth round of the OCR channel (issue 19): each case a word the development scans in
three typefaces no other set uses (CMU Serif, Linux Libertine, EB Garamond) showed wrong, with
its exact output, and the readings that must stay."""

from __future__ import annotations

import pytest
from test_normalize_channel_7 import pre  # after a pre-reform lead sentence

from pipeline.normalize.numerals import numeral_edits


@pytest.mark.parametrize(
    ("raw", "meant"),
    [
        # ё, no letter of the old print: е where only that is a word (нё was нѣё before)
        (
            "Слѣдуетъ посмотрѣть, нё подходятъ ли туда же верхнія карты.",
            "Слѣдуетъ посмотрѣть, не подходятъ ли туда же верхнія карты.",
        ),
        ("НЁ КЛАДУТЪ.", "НЕ КЛАДУТЪ."),
        # ... ѣ where only that is a word (столбце is no old locative)
        (
            "Закрытая карта, оставшаяся нижнею въ столбцё, открывается.",
            "Закрытая карта, оставшаяся нижнею въ столбцѣ, открывается.",
        ),
        # ... as before: ѣ or е by the word and the domain where neither form is settled
        ("Въ нисходящёмъ порядкё кладутъ карту.", "Въ нисходящемъ порядкѣ кладутъ карту."),
        ("Затѣмъ слёдуютъ карты.", "Затѣмъ слѣдуютъ карты."),
        # a preposition with ь for ъ opening a sentence is no name (Изь: Иза's genitive)
        (
            "Изь лягушки годна для игры одна только верхняя карта.",
            "Изъ лягушки годна для игры одна только верхняя карта.",
        ),
        ("Игорь кладетъ карту.", "Игорь кладетъ карту."),
        # a split's preposition only before a case it governs: объ имъ is no phrase
        (
            "По объимъ сторонамъ хребта кладутъ по четыре карты.",
            "По обѣимъ сторонамъ хребта кладутъ по четыре карты.",
        ),
        # ... a split it governs stays a split
        ("Говорятъ объэтомъ рѣдко.", "Говорятъ объ этомъ рѣдко."),
        ("Кладутъ изънихъ одну.", "Кладутъ изъ нихъ одну."),
    ],
)
def test_eighth_round_words(raw: str, meant: str) -> None:
    assert pre(raw) == meant


def test_the_first_numbering_without_its_stop() -> None:
    def read(text: str) -> list[tuple[str, str]]:
        return [(text[s:e], r) for s, e, r in numeral_edits(text) if text[s:e] != r]

    # І Восемь тузовъ: under «Правила.», or before II., the first rule's numeral, stop lost
    assert read("Правила.\n\nІ Восемь тузовъ ставятся въ рядъ.\n") == [("І", "I.")]
    assert read("Пасьянсъ.\n\nI Восемь тузовъ.\n\nII. Карты.\n") == [("I", "I.")]
    # neither: a lone letter stays (no numbering follows, no heading before)
    assert read("Пасьянсъ.\n\nI Восемь тузовъ.\n\nКарты.\n") == []
    assert pre("Правила.\n\nІ Восемь тузовъ ставятся въ рядъ.") == (
        "Правила.\n\nI. Восемь тузовъ ставятся въ рядъ."
    )
