"""The fifteenth round of the OCR channel (issue 19): right words the normalizer broke on the
development scans, each cause with its exact words, and beside each what must not change."""

from __future__ import annotations

from channel_text import pre

from pipeline.normalize import normalize
from pipeline.normalize.render import to_tei

NOTE = "[*] Въ Англіи этотъ пасьянсъ разсказываютъ за любимое развлеченіе одного булочника."


def test_a_marker_whose_note_the_page_prints_stays_in_the_text() -> None:
    raw = f"Пустой столбецъ всего выгоднѣе занять\nкоролемъ[*].\n\n{NOTE}\n"
    out = pre(raw)
    assert "занять королемъ[*].\n\n[*] Въ Англіи" in out
    nt = normalize("Въ этомъ пасьянсѣ всѣ карты кладутся на мѣсто.\n\n" + raw)
    # still a footnote reference, anchored right after the marker the text keeps
    (a,) = nt.annotations
    assert (a.label, nt.text[a.offset - len("королемъ[*]") : a.offset]) == ("*", "королемъ[*]")
    tei = to_tei(nt)
    assert "</choice>[*].</p>" in tei and "<anchor" not in tei


def test_an_asterisk_whose_note_is_on_the_next_page_stays_too() -> None:
    raw = "Пустой столбецъ всего выгоднѣе занять\nкоролемъ[*]."
    assert pre(raw) == "Пустой столбецъ всего выгоднѣе занять королемъ[*]."


def test_a_marker_whose_note_is_not_on_the_page_becomes_an_annotation() -> None:
    raw = "Лучи звђзды[8]. Марьяжъ[9].\n\n" + NOTE
    nt = normalize("Въ этомъ пасьянсѣ всѣ карты кладутся на мѣсто. " + raw)
    assert "звѣзды. Марьяжъ." in nt.text
    assert [a.label for a in nt.annotations] == ["8", "9"]
    assert "[*] Въ Англіи" in nt.text  # the page's note keeps its own label


def test_a_notes_label_misread_as_a_sign_is_its_markers() -> None:
    raw = "Столбецъ выгоднѣе занять королемъ[*].\n\n" + NOTE.replace("[*]", "[“]")
    nt = normalize("Въ этомъ пасьянсѣ всѣ карты кладутся на мѣсто.\n\n" + raw)
    assert "занять королемъ[*].\n\n[*] Въ Англіи" in nt.text
    label = [c for c in nt.changes if c.orig == "“"]
    assert [(c.corr, c.kind) for c in label] == [("*", "char")]


def test_a_sign_opening_a_line_is_no_note_without_a_marker_that_lacks_one() -> None:
    raw = "Столбецъ выгоднѣе занять королемъ.\n\n" + NOTE.replace("[*]", "[“]")
    assert "[“] Въ Англіи" in pre(raw)


def test_a_predicative_before_the_verb_keeps_the_infinitive() -> None:
    # трудно, удобно may govern an infinitive: against the subject's third person, the
    # word stays as printed
    for raw in ("Этотъ пасьянсъ трудно сложить.", "Этотъ пасьянсъ трудно сложитъ."):
        assert pre(raw) == raw


def test_a_predicative_after_the_verb_keeps_the_infinitive() -> None:
    raw = "Пустыя мѣста въ раскладѣ заполнять нельзя."
    assert pre(raw) == raw


def test_a_subject_with_an_adverb_that_is_no_predicative_still_makes_the_verb_finite() -> None:
    assert pre("Пасьянсъ этотъ рѣдко выходить.") == "Пасьянсъ этотъ рѣдко выходитъ."
    assert pre("Пустыя мѣста въ раскладѣ заполнять.") == "Пустыя мѣста въ раскладѣ заполнятъ."


def test_a_preposition_its_phrase_confirms_is_not_merged_into_its_neighbour() -> None:
    # на governs основаніяхъ (the locative): the unknown ви is not glued to it (вина)
    raw = "Карту, для которой нѣтъ мѣста ви на основаніяхъ, кладутъ въ талонъ."
    assert pre(raw) == raw
    assert pre(raw, (("ви на", "на", 40.0), ("ви на", "ви", 40.0))) == raw


def test_a_word_split_in_two_is_still_merged() -> None:
    assert pre("Карты кладутъ но выми рядами.") == "Карты кладутъ новыми рядами."


def test_a_consonant_alone_ending_a_paragraph_is_a_speck_with_no_confidences() -> None:
    # no confidences given (or a speck read surely): с alone is no word of the old print,
    # and after a stop it opens no sentence; it is not joined as съ to the next paragraph
    raw = "Это основанія. с\n\nВъ рядахъ карты кладутъ."
    assert pre(raw) == "Это основанія.\n\nВъ рядахъ карты кладутъ."
    assert pre(raw, (("основанія. с", "с", 96.0),)) == "Это основанія.\n\nВъ рядахъ карты кладутъ."


def test_a_run_of_letters_between_a_stop_and_a_heading_is_specks() -> None:
    raw = "Это рядъ картъ. о\n\nг Игра.\n\nСтасовавъ обѣ колоды, кладутъ."
    assert pre(raw) == "Это рядъ картъ. Игра.\n\nСтасовавъ обѣ колоды, кладутъ."


def test_a_letter_word_and_a_preposition_inside_a_sentence_stay() -> None:
    assert pre("Карты и к тому же тузы.") == "Карты и къ тому же тузы."
    assert pre("Это основанія. О Игрѣ.") == "Это основанія. О Игрѣ."
    assert pre("Кладутъ въ рядъ, с\nкраю колоды.") == "Кладутъ въ рядъ, съ краю колоды."


def test_a_doubted_noun_is_read_only_as_a_word_in_a_case_it_could_be_in() -> None:
    # паука (the genitive after варіантъ) doubted at 30: пачка is a nominative only
    raw = "Если это трудно, попробуйте варіантъ паука."
    assert pre(raw, (("варіантъ паука", "паука", 30.0),)) == raw


def test_a_doubted_rare_word_still_becomes_the_pages_word_in_its_case() -> None:
    raw = "Карты кладутъ на свободныя мета."
    assert pre(raw, (("свободныя мета", "мета", 5.0),)) == "Карты кладутъ на свободныя мѣста."


def test_the_first_half_of_a_compound_keeps_its_hard_sign() -> None:
    # такой agrees with the compound (камеръ-юнкеръ), never with its half (камерѣ)
    raw = "Пріѣзжаетъ такой камеръ-юнкеръ на Невскій."
    assert pre(raw) == raw


def test_a_quoted_term_or_a_name_unknown_to_the_lexicon_outlasts_the_engines_doubt() -> None:
    raw = "Они носили названіе «паціенсъ», то есть терпѣніе."
    assert pre(raw, (("«паціенсъ»", "паціенсъ", 60.0),)) == raw
    raw = "Этотъ пасьянсъ придумалъ Карлтонъ въ Англіи."
    assert pre(raw, (("Карлтонъ", "Карлтонъ", 60.0),)) == raw


def test_a_doubted_unknown_word_outside_quotes_is_still_repaired() -> None:
    raw = "Карты дрлается такъ."
    assert pre(raw, (("дрлается", "дрлается", 50.0),)) == "Карты дѣлается такъ."
