"""The eleventh round of the OCR channel (issue 19): right words the development phrasings,
respelled the old way and rendered as scans (`scans-dev-phr`), showed broken, each with its
exact output, and the repairs beside them that must still be made."""

from __future__ import annotations

from channel_text import pre


def test_a_preposition_s_object_governs_no_infinitive() -> None:
    # немъ (нём) after на was read as the short adjective нѣмъ, which took «лежать»
    raw = "Мѣсто занято королемъ, съ картами, которыя на немъ лежатъ, или безъ оныхъ."
    assert pre(raw) == raw
    # the governor itself still wants the infinitive (можно лежать)
    raw = "На немъ можно лежатъ картамъ."
    assert pre(raw) == "На немъ можно лежать картамъ."


def test_a_governor_before_the_noun_read_as_subject_keeps_the_infinitive() -> None:
    raw = "Послѣ сдачи играющему позволяется одинъ разъ вытащить любую карту."
    assert pre(raw) == raw
    # a subject with no governor before it still makes the verb finite
    raw = "Пасьянсъ этотъ выходить рѣдко."
    assert pre(raw) == "Пасьянсъ этотъ выходитъ рѣдко."
