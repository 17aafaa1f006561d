"""The eighteenth round of the OCR channel (issue 19): right stops the stop/comma rule made
commas on development scans because it trusted the small letter of a word the engine had
misread, each cause with its exact words, and beside each the correction that must still
happen."""

from __future__ import annotations

from channel_text import pre

RULE = (
    "Опустѣвшій столбецъ заполняютъ королемъ, и никакой другой картой. бели какая-нибудь "
    "кучка совсѣмъ разойдется, на ея мѣсто кладутъ верхнюю карту колоды."
)


def test_a_stop_before_a_doubted_unattested_small_word_stays() -> None:
    # Если read бели at 30: a word, but one the engine barely made out and the page prints
    # nowhere else in small letters; its small letter says nothing sure, the stop stays
    assert "другой картой. бели" in pre(RULE, (("картой. бели", "бели", 30.3),))


def test_the_same_small_word_read_surely_still_follows_a_comma() -> None:
    assert "другой картой, бели" in pre(RULE, (("картой. бели", "бели", 91.0),))
    assert "другой картой, бели" in pre(RULE)  # no confidences: as read


def test_a_doubted_long_word_read_as_a_word_still_follows_a_comma() -> None:
    # a poor line's words are all doubted: остальныя at 16 is read as a word, and a
    # misreading seldom makes so long a one by chance
    raw = "Вынуть четыре туза. остальныя карты раскладываютъ въ восемь рядовъ."
    assert "четыре туза, остальныя" in pre(raw, (("туза. остальныя", "остальныя", 16.0),))


def test_a_doubted_short_word_the_page_prints_again_still_follows_a_comma() -> None:
    raw = "Кладутъ четыре туза. ихъ тасуютъ и кладутъ ихъ въ рядъ."
    assert "четыре туза, ихъ" in pre(raw, (("туза. ихъ", "ихъ", 12.0),))


def test_a_doubted_domain_word_still_follows_a_comma() -> None:
    raw = "Изъ колоды вынимаютъ по одному тузу. двойки кладутъ на тузы."
    assert "одному тузу, двойки" in pre(raw, (("тузу. двойки", "двойки", 3.0),))


def test_a_heading_stop_before_a_speck_read_as_a_word_stays() -> None:
    # a speck far right of the heading read аа at 13
    raw = "Правила. аа\n\nI. Восемь тузовъ кладутся въ рядъ и служатъ основаніемъ."
    out = pre(raw, (("Правила. аа", "аа", 13.3),))
    assert out.startswith("Правила. ")
    assert "Правила," not in out


def test_a_stop_before_a_particle_stays() -> None:
    # Цѣль read ль: a particle leans on the word before it, never on a comma
    raw = "Играютъ одной колодой въ 52 карты. ль игры сложить всѣ карты на основанія."
    assert "52 карты. ль" in pre(raw)
    raw = "Кладутъ по четыре карты. ли игра выйдетъ, не знаютъ."
    assert "четыре карты. ли" in pre(raw)


def test_a_stop_before_a_small_conjunction_word_is_still_a_comma() -> None:
    raw = "Надо собрать всѣ четыре карты, по мастямъ, до королей. если же нѣтъ, кладутъ въ талонъ."
    assert "до королей, если" in pre(raw, (("королей. если", "если", 20.0),))


MARRIAGE = (
    "III. Марьяжъ дѣлается только на боковыхъ пачкахъ, Въ нисходящемъ порядкѣ и непремѣнно "
    "въ масть, напримѣръ, на девятку червей."
)


def test_a_comma_before_a_short_capital_read_less_surely_stays() -> None:
    # въ read Въ at 80.2: a word of two letters is one glyph's size, В or в
    assert "пачкахъ, Въ" in pre(MARRIAGE, (("пачкахъ, Въ", "Въ", 80.2),))


def test_a_comma_before_a_short_capital_read_surely_is_still_a_stop() -> None:
    assert "пачкахъ. Въ" in pre(MARRIAGE, (("пачкахъ, Въ", "Въ", 95.0),))


def test_a_comma_before_a_longer_capital_keeps_the_old_bar() -> None:
    raw = "Кладутъ карты на тузахъ, Этотъ пасьянсъ выходитъ рѣдко."
    assert "тузахъ. Этотъ" in pre(raw, (("тузахъ, Этотъ", "Этотъ", 81.0),))
