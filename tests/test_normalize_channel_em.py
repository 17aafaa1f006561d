"""The fourth round of the OCR channel (issue 19): the document's channel re-estimated from its
own sure corrections, and the context rules for words that are words either way (выходить /
выходитъ, онъ / онѣ, пли / или), Roman numerals whose strokes or stops the OCR lost."""

from __future__ import annotations

from pipeline.normalize import normalize
from pipeline.normalize.channel import reestimate
from pipeline.normalize.confusions import ConfusionTable
from pipeline.normalize.numerals import numeral_edits


def pre(text: str) -> str:
    return normalize(text + "\n", orthography="pre-reform").text.rstrip("\n")


def test_reestimate_lowers_only_what_the_document_never_shows() -> None:
    table = ConfusionTable(
        {("ъ", "ѣ"): 0.9, ("в", "ѣ"): 0.9, ("", "ѣ"): 0.45, ("н", "п"): 0.45}, smoothing=False
    )
    sure = [("мъсто", "мѣсто", 3), ("дъло", "дѣло", 2), ("гдъ", "гдѣ", 1)]
    new = reestimate(table, sure)
    assert new is not None
    assert new.weight("ъ", "ѣ") == 0.9  # shown: kept (never lowered below the table)
    assert new.weight("в", "ѣ") == 0.9 * 4 / (4 + 6)  # never shown, ѣ shown 6 times
    assert new.weight("", "ѣ") == 0.45  # a lost letter is not the typeface's doing
    assert new.weight("н", "п") == 0.45  # no evidence about п at all
    # too little evidence about ѣ: nothing changes
    assert reestimate(table, [("мъсто", "мѣсто", 1)]) is None


def test_a_verb_in_ь_or_ъ_as_its_clause_says() -> None:
    assert pre("Пасьянсъ этотъ выходить очень часто, и онъ выходить чаще.") == (
        "Пасьянсъ этотъ выходитъ очень часто, и онъ выходитъ чаще."
    )
    assert pre("Если она къ нему подходить, то остальныя карты держать въ рукахъ.") == (
        "Если она къ нему подходитъ, то остальныя карты держатъ въ рукахъ."
    )
    assert pre("Карту можно выходитъ.") == "Карту можно выходить."
    # nothing decisive before it, or a noun in another case between: as printed
    assert pre("Главная забота играющаго освободить террасу.") == (
        "Главная забота играющаго освободить террасу."
    )
    assert pre("Выходить, когда можно.") == "Выходить, когда можно."


def test_on_or_one_by_the_first_predicate_of_the_clause() -> None:
    assert pre("Карты переносятъ, когда он къ нимъ подходятъ.") == (
        "Карты переносятъ, когда онѣ къ нимъ подходятъ."
    )
    assert pre("Кладутъ такъ, чтобы онъ отчасти покрывали одна другую.") == (
        "Кладутъ такъ, чтобы онѣ отчасти покрывали одна другую."
    )
    assert pre("Кладутъ такъ, чтобы онъ отчасти покрывалъ колоду.") == (
        "Кладутъ такъ, чтобы онъ отчасти покрывалъ колоду."
    )


def test_words_that_are_slips_either_way() -> None:
    # both readings of Пасьянеъ fix the е; grammar does not choose the final sign
    assert pre("Пасьянеъ вышелъ, когда всѣ карты легли.") == (
        "Пасьянсъ вышелъ, когда всѣ карты легли."
    )
    assert pre("Въ противномъ случа ее кладутъ въ талонъ.") == (
        "Въ противномъ случаѣ ее кладутъ въ талонъ."
    )
    assert pre("Кладутъ картою пли рядомъ, одна па другую.") == (
        "Кладутъ картою или рядомъ, одна на другую."
    )
    # a numeral and a noun that cannot follow it: one word, not split
    assert pre("Карты кладутъ въ четыреугольникъ.") == "Карты кладутъ въ четыреугольникъ."


def test_numbering_with_a_lost_stroke_or_stop() -> None:
    def read(text: str) -> list[tuple[str, str]]:
        return [(text[s:e], r) for s, e, r in numeral_edits(text)]

    # У. after III. is IV. where the next numbering (V) confirms it; a lone У with its
    # stop lost is V. where it continues the numbering
    assert read("ІІІ. Тузы.\n\nУ. Короли.\n\nУ Дамы.\n") == [
        ("ІІІ", "III"),
        ("У", "IV"),
        ("У", "V."),
    ]
    # the next numbering is VI: У. was V. after all
    assert read("ІІІ. Тузы.\n\nУ. Короли.\n\nУІ. Дамы.\n") == [
        ("ІІІ", "III"),
        ("У", "V"),
        ("УІ", "VI"),
    ]
    # a numbering run into the paragraph before, after a speck
    text = 'ІІ. Тузы.\n\nШ. Карты кладутъ разомъ. " ` ТУ. Опустѣвшая пачка.\n'
    assert [r for _s, _e, r in numeral_edits(text)] == ["II", "III", "IV"]
    # a clock face: XII, then I
    text = "на часъ ХП девятку, на I валета, на II даму, на Ш короля.\n"
    assert [r for _s, _e, r in numeral_edits(text)] == ["XII", "III"]
