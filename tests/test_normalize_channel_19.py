"""The nineteenth round of the OCR channel (issue 19): right words the normalizer broke on
development scans where the engine had read the word's letters right and a mark or speck
beside them (`вон+ъ`, `С'тасовавъ`, `т-е.`), each cause with its exact words, and beside each
the correction that must still happen."""

from __future__ import annotations

from channel_text import pre

from pipeline.normalize.glyphs import glyph_edits
from pipeline.normalize.lexicon import lexicon


def test_a_plus_before_a_final_hard_sign_is_a_speck() -> None:
    # вонъ read вон+ъ (PT Serif Caption): вонѣ is a word too (of вонь), so the words'
    # lexicon could not undo a ѣ read from the speck; the adverb stays
    raw = "Если двѣ карты одной масти, то младшая изъ нихъ сбрасывается вон+ъ."
    assert pre(raw).endswith("сбрасывается вонъ.")
    raw = "Кучки располагаются квадратом+ъ, по три въ рядъ."
    assert pre(raw).startswith("Кучки располагаются квадратомъ, ")


def test_the_glyph_stage_keeps_the_final_sign_after_a_plus() -> None:
    text = "сбрасывается вон+ъ."
    assert glyph_edits(text, True, lexicon(True).known) == [(16, 18, "ъ")]
    assert glyph_edits(text, True) == [(16, 18, "ъ")]  # no lexicon needed for +ъ


def test_a_sign_before_a_final_hard_sign_where_only_the_hard_sign_makes_a_word() -> None:
    text = "начинающим%ъ ходомъ"
    assert glyph_edits(text, True, lexicon(True).known) == [(10, 12, "ъ")]
    assert glyph_edits(text, True) == [(10, 12, "ѣ")]  # without the lexicon: as before


def test_a_sign_read_for_yat_still_makes_yat() -> None:
    # where the ѣ form is a word (талонѣ, картѣ) or the only one (порядкѣ), the sign is ѣ
    raw = "Кладутъ въ порядк%ъ на талон%ъ, а потомъ на карт%Ъ и на марьяж+."
    assert pre(raw) == "Кладутъ въ порядкѣ на талонѣ, а потомъ на картѣ и на марьяжѣ."
    assert pre("Разсмотр+въ карты, кладутъ ихъ.").startswith("Разсмотрѣвъ карты")


def test_an_apostrophe_inside_a_word_is_a_speck() -> None:
    # Стасовавъ read С'тасовавъ (CMU Serif): the bare С was made Съ, a preposition
    raw = "С'тасовавъ карты, кладутъ ихъ въ рядъ."
    assert pre(raw).startswith("Стасовавъ карты, ")
    assert pre("С'дѣлавъ это, кладутъ карту.").startswith("Сдѣлавъ это, ")


def test_an_apostrophe_between_words_that_make_none_stays() -> None:
    assert "д'Аркъ" in pre("Играютъ въ пасьянсъ Жанны д'Аркъ по правиламъ.")


def test_a_lone_t_whose_stop_was_read_as_another_mark_stays_an_abbreviation() -> None:
    # т. е. read т-е., т, е, т: д. (PT Sans, EB Garamond, Old Standard): not тѣ
    assert "т-е. одна" in pre("Карты кладутъ по одной, т-е. одна на другую.")
    assert "тѣ" not in pre("Потомъ кладутъ тузы, т, е, всѣ четыре.")
    assert "тѣ" not in pre("Кладутъ двойки, тройки и т: д. до королей.")


def test_a_lone_t_before_a_word_is_still_the_pronoun() -> None:
    assert "Но тѣ, что лежатъ" in pre("Но т, что лежатъ въ рядъ, кладутъ въ талонъ.")
    assert "и тѣ карты" in pre("Кладутъ тузы и т карты, что лежатъ въ рядъ.")


AGAIN = "Тогда карты собираютъ, тасуютъ и сдаютъ вновь. раскладку можно повторить два раза."


def test_a_stop_read_surely_before_a_noun_stays() -> None:
    # Раскладку read small at 90.6 after вновь. at 95.4 (PT Serif Caption): the stop was the
    # print's, the capital the engine's loss
    out = pre(AGAIN, (("вновь. раскладку", "вновь", 95.4), ("вновь. раскладку", "раскладку", 90.6)))
    assert "сдаютъ вновь. раскладку" in out


def test_a_stop_read_less_surely_before_a_noun_is_still_a_comma() -> None:
    assert "сдаютъ вновь, раскладку" in pre(AGAIN, (("вновь. раскладку", "вновь", 90.0),))
    assert "сдаютъ вновь, раскладку" in pre(AGAIN)  # no confidences: as before


def test_a_stop_read_surely_before_a_word_that_opens_a_clause_is_still_a_comma() -> None:
    raw = "Кладутъ на мѣсто туза. на него кладутъ двойку той же масти."
    assert "мѣсто туза, на него" in pre(raw, (("туза. на", "туза", 96.0),))
    raw = "Берутъ верхнія карты. держа ихъ въ рукѣ, открываютъ по одной."
    assert "верхнія карты, держа" in pre(raw, (("карты. держа", "карты", 96.0),))


def test_a_stop_glued_before_a_capital_ends_the_word_before_it() -> None:
    # основанія. read основанія .Противъ (EB Garamond): dropped as a speck, the capital
    # was then lowered as one in mid-sentence
    raw = "Четыре туза кладутся квадратомъ; это основанія .Противъ угловъ оставляютъ мѣста."
    assert "это основанія. Противъ угловъ" in pre(raw)


def test_a_stop_glued_before_a_small_word_is_still_a_speck() -> None:
    assert "кладутъ по мастямъ" in pre("Карты кладутъ по .мастямъ въ четыре ряда.")


def test_a_stop_glued_before_a_capital_opening_a_line_is_still_a_speck() -> None:
    # a speck of the margin before a word read capitalized (PT Sans): no stop after по
    raw = "Карту кладутъ картою талона, по\n.Усмотрнію играющаго, но не тотчасъ."
    assert "талона, по усмотрѣнію играющаго" in pre(raw)
    raw = "Карту кладутъ картою талона, по\n.Усмотрѣнію играющаго, но не тотчасъ."
    assert "талона, по Усмотрѣнію играющаго" in pre(raw)  # the capital is the engine's


def test_a_hard_sign_after_a_yat_sign_in_a_heading_is_the_words() -> None:
    # КАРТЪ read КАРТЂЪ (PT Serif and others): колода картъ, not картѣ
    raw = "ИНТРИГА.\n\nОДНА ПОЛНАЯ КОЛОДА КАРТЂЪ.\n\nКарты сдаютъ по одной."
    assert "ОДНА ПОЛНАЯ КОЛОДА КАРТЪ." in pre(raw)


def test_a_yat_sign_with_a_stray_hard_sign_is_still_yat_where_only_yat_makes_a_word() -> None:
    raw = "ЖОЗЕФИНА.\n\nДВЂЪ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.\n\nКарты сдаютъ по одной."
    assert "ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ." in pre(raw)


def test_a_capital_opening_a_line_after_a_fragment_stays() -> None:
    # a faint right margin: the line's end lost (достоинс, хорот), the stop with it; the
    # capital of the next line opens a sentence
    raw = "Кладутъ только младшія, на единицу меньшаго достоинс\nИграть можно только той картою."
    assert "достоинс Играть можно" in pre(raw)
    raw = "Пустое же мѣсто занимается лишь хорот\nТузы выкладываютъ въ рядъ по мѣрѣ того."
    assert "хорот Тузы выкладываютъ" in pre(raw)


def test_a_capital_opening_a_line_after_a_word_is_still_lowered() -> None:
    raw = "Изъ колоды открываютъ\nОдну карту и кладутъ ее на столъ."
    assert "открываютъ одну карту" in pre(raw)
    raw = "Изъ колоды открывають\nОдну карту и кладутъ ее на столъ."
    assert "открываютъ одну карту" in pre(raw)  # a misread word, repaired, goes on


def test_a_quote_and_a_hard_sign_read_for_a_headings_hard_sign() -> None:
    # КАРТЪ. read КАРТ”Ъ. and КАРТ”ЉЪ. (Old Standard, low resolution): Ъ added to КАРТ
    # before, the quote and the sign left standing after it
    raw = "ИНТРИГА.\n\nОДНА ПОЛНАЯ КОЛОДА КАРТ”Ъ.\n\nКарты сдаютъ по одной."
    assert "ОДНА ПОЛНАЯ КОЛОДА КАРТЪ.\n" in pre(raw)
    raw = "ИНТРИГА.\n\nДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТ”ЉЪ.\n\nКарты сдаютъ по одной."
    assert "ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.\n" in pre(raw)


def test_an_apostrophe_before_a_headings_hard_sign_is_a_speck() -> None:
    raw = "ИНТРИГА.\n\nДВѢ ПОЛНЫХ'Ъ КОЛОДЫ КАРТЪ.\n\nКарты сдаютъ по одной."
    assert "ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.\n" in pre(raw)


def test_a_lone_t_before_a_misread_e_stays_an_abbreviation() -> None:
    # т. е. read т, є, (EB Garamond, JPEG at low resolution)
    assert "тѣ" not in pre("Потомъ кладутъ тузы, т, є, всѣ четыре, въ рядъ.")
