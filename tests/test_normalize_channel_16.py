"""The sixteenth round of the OCR channel (issue 19): right words the normalizer broke on
development scans under conditions no earlier set covered (uneven lighting, bleed-through,
low resolution, JPEG, other models), each cause with its exact words, and beside each what
must not change."""

from __future__ import annotations

from channel_text import pre


def test_a_correlative_read_in_capitals_keeps_the_comma_before_it() -> None:
    # ни … , НИ ВЪ: Н and И are numeral glyphs, but a word follows, so НИ is lowered as ВЪ
    # is, and the comma the engine read stays (it was made a stop)
    raw = "Карту, для которой нѣтъ мѣста ни на основаніяхъ, НИ ВЪ раскладкѣ, кладутъ въ талонъ."
    want = "Карту, для которой нѣтъ мѣста ни на основаніяхъ, ни въ раскладкѣ, кладутъ въ талонъ."
    assert pre(raw) == want


def test_a_run_of_capitals_after_a_comma_goes_on_the_sentence() -> None:
    raw = "Карты кладутъ на основанія, ИЗЪ НИХЪ беретъ одну."
    assert pre(raw) == "Карты кладутъ на основанія, изъ нихъ беретъ одну."


def test_a_numbering_in_numeral_glyphs_is_still_read_as_one() -> None:
    assert pre("Правила.\n\nI. Тузы кладутъ.\n\nП. Короли идутъ.") == (
        "Правила.\n\nI. Тузы кладутъ.\n\nII. Короли идутъ."
    )
    raw = "Это сказано въ правилѣ II и III."
    assert pre(raw) == raw
