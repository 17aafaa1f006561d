"""Each kind of correction of the normalizer, on the seeds' own words and on made-up ones."""

from __future__ import annotations

import pytest

from pipeline.normalize import CONFIDENCE_THRESHOLD, normalize
from pipeline.normalize.letters import fix_letters, is_roman

# A pre-reform context long enough for the orthography to be detected.
PRE = "Карты кладутъ въ рядъ изъ колоды, и тузы служатъ основными картами. "


def clean(s: str) -> str:
    return normalize(PRE + s).text[len(PRE) :].rstrip("\n")


def change_of(s: str, orig: str):
    nt = normalize(PRE + s)
    hits = [c for c in nt.changes if c.orig == orig]
    assert hits, f"no change of {orig!r} in {nt.changes}"
    return hits[0]


@pytest.mark.parametrize(
    ("raw", "gold"),
    [
        ("послђдняго", "послѣдняго"),
        ("ДВђ ПОЛНЫХЪ КОЛОДЫ", "ДВѢ ПОЛНЫХЪ КОЛОДЫ"),
        ("Ђсть", "Ѣсть"),
    ],
)
def test_dje_is_yat(raw: str, gold: str) -> None:
    assert clean(raw) == gold


def test_latin_lookalikes_inside_cyrillic_words() -> None:
    # Latin a, o, p, i inside Cyrillic words; ї for і
    assert fix_letters("кapтa", True) == "карта"
    assert fix_letters("тpeтiй", True) == "третій"
    assert fix_letters("третїй", True) == "третій"
    assert clean("Берутъ кapты.") == "Берутъ карты."


def test_roman_numerals_with_cyrillic_i_become_latin() -> None:
    assert is_roman("ІV") and fix_letters("ІV", True) == "IV"
    assert fix_letters("ІІІ", True) == "III"
    assert not is_roman("Х")  # a lone letter is no number
    assert clean("ІV. За основными картами") == "IV. За основными картами"


@pytest.mark.parametrize(
    ("raw", "gold", "kind"),
    [
        ("карты нерваго ряда", "карты перваго ряда", "ocr-word"),  # н/п
        ("закрыты новыми катггами.", "закрыты новыми картами.", "ocr-word"),  # тгг/рт
        ("это сдђдуетъ дѣлать", "это слѣдуетъ дѣлать", "ocr-word"),  # д/л
        ("начиная съ внѵтреннихъ круговъ", "начиная съ внутреннихъ круговъ", "ocr-word"),
        ("За двђнадцатью основнымп картами", "За двѣнадцатью основными картами", "ocr-word"),
        ("начиная съ цііфры 1.", "начиная съ цифры 1.", "ocr-word"),  # іі/и
        ("всѣ иачки, подобно", "всѣ пачки, подобно", "ocr-word"),  # и/п
        ("Онъ сказалъ. ІІасьянсъ вторично", "Онъ сказалъ. Пасьянсъ вторично", "ocr-word"),
    ],
)
def test_unknown_words_corrected_by_confusions(raw: str, gold: str, kind: str) -> None:
    assert clean(raw) == gold
    nt = normalize(PRE + raw)
    word_changes = [c for c in nt.changes if c.kind == kind]
    assert word_changes and all(c.confidence >= CONFIDENCE_THRESHOLD for c in word_changes)


def test_real_word_error_by_agreement() -> None:
    # крута is a word (short adjective) but cannot follow «третьяго»; круга agrees.
    assert clean("одною изъ картъ третьяго крута.") == "одною изъ картъ третьяго круга."
    c = change_of("одною изъ картъ третьяго крута.", "крута")
    assert (c.corr, c.kind, c.applied) == ("круга", "real-word", True)


def test_known_word_left_alone_without_decisive_context() -> None:
    assert clean("дорога была крута.") == "дорога была крута."


def test_split_word_merged() -> None:
    assert clean("должны быть пополнены но выми картами") == (
        "должны быть пополнены новыми картами"
    )
    c = change_of("должны быть пополнены но выми картами", "но выми")
    assert (c.corr, c.kind) == ("новыми", "merge")


def test_two_confusions_and_context_choose_po() -> None:
    raw = "снимаютъ ио піести пачекъ съ одной стороны и по шести съ другой."
    assert clean(raw) == "снимаютъ по шести пачекъ съ одной стороны и по шести съ другой."


def test_capital_in_mid_sentence() -> None:
    assert clean("кладется въ сторону Фигурой внизъ.") == "кладется въ сторону фигурой внизъ."
    assert change_of("кладется въ сторону Фигурой внизъ.", "Фигурой").kind == "case"
    # after a full stop the capital stays
    assert clean("въ сторону. Фигурой внизъ.") == "въ сторону. Фигурой внизъ."


def test_lost_hard_sign_restored_in_prereform_only() -> None:
    assert clean("кладется карта из пачекъ.") == "кладется карта изъ пачекъ."
    assert change_of("кладется карта из пачекъ.", "из").kind == "hard-sign"
    modern = "Карты кладут в ряд из колоды, и тузы служат основными картами. Карта из пачек."
    assert normalize(modern).text == modern + "\n"


def test_unclosed_bracket_closed_by_semicolon() -> None:
    raw = "разсматриваютъ пачки (правило I; и играютъ всѣ карты."
    assert clean(raw) == "разсматриваютъ пачки (правило I) и играютъ всѣ карты."
    assert clean("(правило I; и II) кладутъ.") == "(правило I; и II) кладутъ."


def test_low_confidence_is_a_suggestion_not_applied() -> None:
    # one generic letter edit explains "шлапу" (шляпу, ялапу): worth suggesting, not applying
    nt = normalize(PRE + "Кладутъ карту на шлапу.")
    assert "шлапу" in nt.text
    (c,) = [c for c in nt.changes if c.orig == "шлапу"]
    assert c.corr in {"шляпу", "ялапу"} and not c.applied
    assert c.confidence < CONFIDENCE_THRESHOLD


def test_repeated_unknown_word_is_not_corrected() -> None:
    # A form the document uses again and again is the book's word, not an OCR slip.
    raw = " ".join(["Кладутъ карты на нумеръ шоку."] * 6)
    assert "шоку" in clean(raw)


def test_modern_text_gets_no_prereform_treatment() -> None:
    raw = (
        "Пасьянс «Густая колонна». Перед началом пасьянса необходимо выбрать из обеих колод "
        "четырех тузов и четырех королей, потом класть карты."
    )
    nt = normalize(raw)
    assert nt.orthography == "modern"
    assert nt.text == raw + "\n"
    assert nt.modern == nt.text
    assert not [c for c in nt.changes if c.applied]


def test_modern_text_ocr_agreement_error() -> None:
    raw = "Потом между этою флангового картою и верхним королем кладут другую карту боком."
    assert normalize(raw).text == raw.replace("флангового", "фланговою") + "\n"


def test_relative_clause_decides_a_dropped_letter() -> None:
    raw = (
        "Карты идут на места начальные; места с краю свободны; мета, с которых сняты карты, "
        "не закладываются."
    )
    nt = normalize(raw)
    assert "; места, с которых сняты" in nt.text
    (c,) = [c for c in nt.changes if c.orig == "мета"]
    assert (c.corr, c.kind, c.applied) == ("места", "real-word", True)
    # an antecedent that fits the relative pronoun is left alone
    ok = "Карты идут на места начальные; места с краю свободны; мета, с которой сняты карты."
    assert normalize(ok).text == ok + "\n"


def test_words_run_together_are_split() -> None:
    assert clean("Тузы служатъосновными картами.") == "Тузы служатъ основными картами."
    c = change_of("Тузы служатъосновными картами.", "служатъосновными")
    assert (c.corr, c.kind, c.applied) == ("служатъ основными", "split", True)
    # halves the document never uses are not enough evidence
    assert clean("Это зеленаятрава.") == "Это зеленаятрава."
    # one half the document uses is, with a dictionary word beside it
    assert clean("Не кладутъ. Онъ несойдется.") == "Не кладутъ. Онъ не сойдется."


def test_a_capitalized_name_is_not_split_into_words_the_page_uses() -> None:
    """«ЕЛЕНА» is no slip of common words «еле» + «на», both on the page: a name, capitalized,
    is left alone (a lower-case one is not a dictionary word of the text)."""
    page = "СВЯТАЯ ЕЛЕНА.\n\nКарты еле видны на столѣ, еле-еле, на краю."
    assert clean(page) == page


def test_prereform_one_letter_prepositions_get_their_hard_sign() -> None:
    assert clean("Карты кладутъ в рядъ с тузомъ к королю.") == (
        "Карты кладутъ въ рядъ съ тузомъ къ королю."
    )
    modern = "Карты кладут в ряд с тузом к королю."
    assert normalize(modern).text == modern + "\n"


def test_a_spaced_hyphen_is_a_lost_line_break_even_between_two_words() -> None:
    assert clean("Вынимаютъ по одно- му королю; коло- да.") == "Вынимаютъ по одному королю; колода."
    assert clean("Карты какой-нибудь масти.") == "Карты какой-нибудь масти."


def test_the_digit_one_inside_a_prereform_word_is_i() -> None:
    assert clean("Безъ соблюден1я мастей.") == "Безъ соблюденія мастей."


def test_real_word_error_by_the_documents_own_neighbours() -> None:
    # «каргами» (a real word) once, where the text three times prints «новыми картами»
    raw = (
        "Закрываютъ новыми картами. Потомъ опять закрываютъ новыми картами. "
        "Всѣ мѣста закрыты новыми картами. Наконецъ закрываютъ новыми каргами."
    )
    nt = normalize(raw)
    assert nt.text.endswith("закрываютъ новыми картами.\n")
    (c,) = [c for c in nt.changes if c.orig == "каргами"]
    assert (c.corr, c.kind, c.applied) == ("картами", "real-word", True)
    # once against once is no evidence
    raw2 = "Закрываютъ новыми картами. Наконецъ закрываютъ новыми каргами."
    assert "новыми каргами" in normalize(raw2).text


def test_unseen_like_shaped_slips_are_corrected_by_smoothing() -> None:
    """д/л, ѵ/у, п/и: never seen in a table learned from nothing, trusted (just) through
    their shapes towards domain words; without smoothing only suggested."""
    from collections import Counter

    from pipeline.normalize import ConfusionTable

    raw = PRE + "Затѣмъ сдѣдуетъ разложить карты внѵтренняго круга основнымп рядами."
    smoothed = ConfusionTable.from_counts(Counter(), seeded=False)
    nt = normalize(raw, confusions=smoothed)
    assert "Затѣмъ слѣдуетъ разложить карты внутренняго круга основными рядами." in nt.text
    bare = ConfusionTable.from_counts(Counter(), seeded=False, smoothing=False)
    nt = normalize(raw, confusions=bare)
    assert "сдѣдуетъ" in nt.text and "внѵтренняго" in nt.text
    assert not any(c.applied for c in nt.changes if c.orig == "сдѣдуетъ")


@pytest.mark.parametrize(
    ("raw", "want"),
    [
        ("Карты пере-кладываютъ на тузовъ.", "Карты перекладываютъ на тузовъ."),
        ("Карты пере- кладываютъ на тузовъ.", "Карты перекладываютъ на тузовъ."),
        ("Всѣ кар-ты лежатъ.", "Всѣ карты лежатъ."),
        ("Какой-нибудь тузъ.", "Какой-нибудь тузъ."),  # both parts are words
        ("Во-первыхъ тузы.", "Во-первыхъ тузы."),
        ("Изъ-за туза.", "Изъ-за туза."),
    ],
)
def test_inline_hyphen_joined_when_the_word_is_known_and_the_parts_are_not(raw, want) -> None:
    nt = normalize(PRE + raw)
    assert nt.text[len(PRE) :].rstrip("\n") == want
    joins = [c for c in nt.changes if c.kind == "hyphen"]
    assert bool(joins) == (raw != want)
