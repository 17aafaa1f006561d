"""The seventeenth round of the OCR channel (issue 19): right words the normalizer broke on
development scans (a lost capital after a stop, a misread word before a verb), each cause
with its exact words, and beside each what must not change."""

from __future__ import annotations

from channel_text import pre


def test_a_stop_before_a_word_whose_capital_the_engine_lost_stays() -> None:
    # Жозефина read озефина: no word, but the page's note prints Жозефина; the small letter
    # is the engine's loss of the capital, no sentence going on, and the stop stays as read
    raw = (
        "Надо собрать всѣ четыре карты, по мастямъ, до королей. озефина выходитъ гораздо "
        "чаще.\n\n* Этимъ правиломъ Жозефина отличается отъ другихъ пасьянсовъ."
    )
    assert "до королей. " in pre(raw, (("королей. озефина", "озефина", 64.0),))


def test_a_stop_before_a_misread_small_word_is_still_a_comma() -> None:
    # каждомъ. тактъ (такъ misread): a small word, no capital lost: the stop was a comma
    raw = "Кладутъ по четыре карты въ каждомъ. тактъ, чтобы карты лежали рядомъ."
    assert "въ каждомъ, " in pre(raw)


def test_a_stop_before_a_known_small_word_is_still_a_comma() -> None:
    raw = "Надо собрать всѣ четыре карты, по мастямъ, до королей. если же нѣтъ, кладутъ въ талонъ."
    assert "до королей, если" in pre(raw, (("королей. если", "если", 54.0),))
    assert "до королей, если" in pre(raw)  # no confidences: as read


def test_a_heading_stays_a_heading_before_a_line_opening_with_a_speck() -> None:
    # `тасовавши: a speck glued before the next line's first word (its capital lost)
    raw = "Правила.\n\nI. Карты сдаютъ.\n\nИгра.\n`тасовавши обѣ колоды, сдаютъ двѣнадцать кучекъ."
    assert "Игра. " in pre(raw)


def test_a_preposition_right_before_the_verb_leaves_it_as_printed() -> None:
    # терпѣніи онъ read терпи отъ: no preposition governs a verb, so the clause before it is
    # misread and says nothing of the verb's form (терпи, a verb, wanted the infinitive)
    raw = "Карты лягутъ на основанія; при нѣкоторомъ терпи отъ выходитъ довольно часто."
    assert "отъ выходитъ довольно" in pre(raw)


def test_a_governor_before_the_verb_still_wants_the_infinitive() -> None:
    raw = "Тогда можно выходитъ изъ игры."
    assert "можно выходить изъ" in pre(raw)
