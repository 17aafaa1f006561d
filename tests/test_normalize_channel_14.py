"""The fourteenth round of the OCR channel (issue 19): repairs the development scans showed,
each with its exact words, and beside each the right words it must leave alone."""

from __future__ import annotations

from channel_text import pre


def test_a_misread_adjective_corrected_first_chooses_its_noun_form() -> None:
    # осповной is read основной before картъ is decided: основной agrees with картѣ only
    raw = "пока на каждой осповной картъ не соберется тринадцать картъ."
    assert pre(raw) == "пока на каждой основной картѣ не соберется тринадцать картъ."


def test_an_adjective_read_right_keeps_a_genitive_plural() -> None:
    raw = "На столѣ лежитъ тринадцать основныхъ картъ, и ни одной другой."
    assert pre(raw) == raw


def test_a_gerund_after_its_noun_with_no_comma_is_a_misread_adjective() -> None:
    assert pre("Когда колода вея пройдена, пасьянсъ кончается.") == (
        "Когда колода вся пройдена, пасьянсъ кончается."
    )
    assert pre("Если вея колода пройдена, пасьянсъ вышелъ.") == (
        "Если вся колода пройдена, пасьянсъ вышелъ."
    )


def test_a_gerund_set_off_by_commas_stays() -> None:
    raw = "Игроки, колоду держа, начинаютъ; играющій, кладя карту, считаетъ."
    assert pre(raw) == raw
