"""The normalizer's side of the held-out page row (issue 19, channel-27): the classes of words
left wrong on the development scans after the OCR step's changes. A word in ъ whose ѣ form the
grammar wants, reached by a correction; a short slip repeated; a word in capitals lowered as
read; Roman numerals after a sign for ѣ, skipped in a run, cited with a stroke lost; a stray
mark no page prints; a preposition of euphony; the locative after при."""

from __future__ import annotations

import regex

from pipeline.normalize import normalize
from pipeline.normalize.numerals import numeral_edits


def pre(text: str, conf=None) -> str:
    """`text` normalized as a pre-reform page; `conf(word)`: the engine's confidence in each
    whitespace-separated word, where given."""
    raw = text + "\n"
    kw = {}
    if conf is not None:
        kw["word_confidences"] = [
            (m.start(), m.end(), conf(m.group())) for m in regex.finditer(r"\S+", raw)
        ]
    return normalize(raw, orthography="pre-reform", **kw).text.rstrip("\n")


def sure(_word: str) -> float:
    return 96.0


def test_a_correction_in_hard_sign_takes_yat_where_the_adjective_agrees_with_it() -> None:
    # мветъ is one slip from мѣстъ and two from мѣстѣ: the adjective decides, as for a word
    # read right (main gave мѣстъ, a genitive plural no locative adjective agrees with)
    assert pre("Кладутъ по картѣ, пока на седьмомъ мветъ не окажется семь картъ.") == (
        "Кладутъ по картѣ, пока на седьмомъ мѣстѣ не окажется семь картъ."
    )
    assert pre("Въ этомъ пасьянсеъ нѣтъ ни колоды въ рукахъ.") == (
        "Въ этомъ пасьянсѣ нѣтъ ни колоды въ рукахъ."
    )


def test_a_correction_in_hard_sign_stays_where_nothing_wants_yat() -> None:
    # no adjective, no preposition of the locative: as the correction reads it
    assert pre("Весь пасьянсъ разложенъ, и мветъ больше нѣтъ.") == (
        "Весь пасьянсъ разложенъ, и мѣстъ больше нѣтъ."
    )
    assert pre("Карту кладутъ на столъ лицомъ вверхъ.") == "Карту кладутъ на столъ лицомъ вверхъ."


def test_a_short_slip_printed_three_times_is_still_a_slip() -> None:
    assert pre("Карты пе кладутъ на тузы, пе берутъ изъ талона и пе трогаютъ.") == (
        "Карты не кладутъ на тузы, не берутъ изъ талона и не трогаютъ."
    )


def test_a_word_in_capitals_in_mid_sentence_is_lowered_as_corrected() -> None:
    assert pre("Карты кладутъ, и талона въ этомъ пасьянсѣ НЪТЪ.") == (
        "Карты кладутъ, и талона въ этомъ пасьянсѣ нѣтъ."
    )


def test_a_euphonic_preposition_is_no_reading_before_a_vowel_or_one_consonant() -> None:
    conf = {"ве": 73.5}
    got = pre(
        "Во время игры карты кладутъ одна ниже другой, чтобы ве онѣ были видны.",
        lambda w: conf.get(w, 96.0),
    )
    assert got == "Во время игры карты кладутъ одна ниже другой, чтобы всѣ онѣ были видны."
    got = pre(
        "Во время игры, если и послѣ третьей сдачи не ве карты собраны, пасьянсъ не вышелъ.",
        lambda w: conf.get(w, 96.0),
    )
    assert got == (
        "Во время игры, если и послѣ третьей сдачи не всѣ карты собраны, пасьянсъ не вышелъ."
    )
    # во and со read right before two consonants stay
    assert pre("Карты кладутъ во время игры со стола.", sure) == (
        "Карты кладутъ во время игры со стола."
    )


def test_after_pri_a_noun_takes_its_locative() -> None:
    assert pre("Карта, лежащая при просмотръ колоды, годна.") == (
        "Карта, лежащая при просмотрѣ колоды, годна."
    )
    # при before a word whose hard-sign form is a locative too: nothing to choose
    assert pre("Карту кладутъ при томъ на столъ.") == "Карту кладутъ при томъ на столъ."


def found(text: str) -> list[tuple[str, str]]:
    return [(text[s:e], r) for s, e, r in numeral_edits(text)]


def test_strokes_and_a_v_after_a_word_whose_yat_was_read_as_a_capital() -> None:
    text = "Такъ, напримѣръ, на пачку, лежащую на часЪ ТУ, кладутъ сначала туза."
    assert found(text) == [("ТУ", "IV")]
    # a heading in capitals is no sentence: ТУ there is left to the heading's rules
    assert found("ПАСЬЯНСЪ ТУ БОЛЬШОЙ") == []


def test_the_token_a_run_of_numerals_skipped_is_the_number_between() -> None:
    text = (
        "на часъ ХП девятку трефъ, на І десятку червей, на П валета пикъ, "
        "на 1 даму бубенъ, на ІУ короля трефъ, на У двойку"
    )
    assert found(text) == [
        ("ХП", "XII"),
        ("І", "I"),
        ("П", "II"),
        ("1", "III"),
        ("ІУ", "IV"),
        ("У", "V"),
    ]
    # round the clock: after XII the next is I; a skipped token is left where the number
    # between is no strokes only (XIII)
    text = "на X даму, на XI валета, на ХП туза, на 1 короля, на II двойку"
    assert found(text) == [("ХП", "XII"), ("1", "I")]
    assert found("на XII валета, на 1 даму, на XIV короля") == []


def test_a_cited_numeral_with_a_stroke_lost_is_the_next_number() -> None:
    assert found("и для марьяжа по правиламъ П и 11.") == [("П", "II"), ("11", "III")]
    assert found("по правиламъ II, 11 и IV.") == [("11", "III")]


def test_a_stray_bar_goes_however_surely_read() -> None:
    text = "Этого можно было бы думать. |\n\n| Игра.\n\nКарты кладутъ."
    assert pre(text, sure) == "Этого можно было бы думать.\n\nИгра.\n\nКарты кладутъ."
    # a dash read as surely stays: it may open a line of the print
    text = "Этого можно было бы думать.\n\n— Игра.\n\nКарты кладутъ."
    assert pre(text, sure) == text


def test_a_hard_sign_read_as_a_question_mark() -> None:
    assert pre("Кладутъ въ свободное мѣсто для основных? картъ.") == (
        "Кладутъ въ свободное мѣсто для основныхъ картъ."
    )
    assert pre("въ восходящем? порядкѣ до короля") == "въ восходящемъ порядкѣ до короля"
    # a question: a capital after it, or a word that is no word with ъ
    assert pre("Почему онъ возникъ? Никто не знаетъ.") == "Почему онъ возникъ? Никто не знаетъ."


def test_the_t_of_the_commonest_abbreviations() -> None:
    assert pre("во второмъ двѣ, и Т. д., пока") == "во второмъ двѣ, и т. д., пока"
    assert pre("младшую, т: е. на туза") == "младшую, т. е. на туза"
    assert pre("и т. д. и т. п.") == "и т. д. и т. п."
