"""The normalizer against other OCR engines' channel: Tesseract's readings of ѣ, і, ъ and of
Roman numerals, with and without its word confidences; and the small synthetic scans of
`tests/data/scans/` OCR'd by Tesseract itself (skipped only where `tesseract` is absent)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pipeline.normalize import normalize
from pipeline.normalize.confusions import ConfusionTable
from pipeline.normalize.numerals import numeral_edits, readings

SCANS = Path(__file__).resolve().parent / "data" / "scans"


def pre(text: str, **kw) -> str:
    return normalize(text + "\n", orthography="pre-reform", **kw).text.rstrip("\n")


@pytest.mark.parametrize(
    ("raw", "meant"),
    [
        ("Это дъло", "Это дѣло"),  # ѣ read as ъ
        ("въ порядкћ", "въ порядкѣ"),  # as Serbian ћ
        ("въ порядкЪ", "въ порядкѣ"),  # as a capital after a lower-case letter
        ("въ порядк%, и", "въ порядкѣ, и"),  # as a sign glued to the word
        ("его мЪрѣ", "его мѣрѣ"),
        ("Послъ этого", "Послѣ этого"),
        ("всъ карты", "всѣ карты"),  # всъ is no word (вс is an abbreviation)
        ("онь взялъ", "онъ взялъ"),  # the final ъ read as ь
        ("карты можеть взять", "карты можетъ взять"),  # not можетѣ: no verb ends in ѣ
        ("Основания и третий рядъ", "Основанія и третій рядъ"),  # и before a vowel: і
        ("верхн!я карты", "верхнія карты"),
        ("король одинокимъ»ъ.", "король одинокимъ."),  # ъ read as »ъ
        ("Карты будуть лежать", "Карты будутъ лежать"),  # not будѵть (= будить)
    ],
)
def test_tesseract_letter_slips(raw: str, meant: str) -> None:
    assert pre(raw) == meant


def test_roman_numerals_read_as_letters() -> None:
    text = (
        "Правила.\n\nI. Годными.\n\nП. Основныя.\n\nП. Масти.\n\nту. Карты (правило П) и "
        "(правило Ш).\n\nУ. Конецъ."
    )
    assert pre(text).split("\n\n") == [
        "Правила.",
        "I. Годными.",
        "II. Основныя.",
        "III. Масти.",  # after II. the next П. is III. (the third stroke lost)
        "IV. Карты (правило II) и (правило III).",
        "V. Конецъ.",
    ]
    assert readings("ту") == ["IV"]
    assert readings("Ыы") == []
    assert numeral_edits("И. Ивановъ сказалъ.\n") == []  # an initial, not a number
    assert numeral_edits("1. Первое.\n\n2. Второе.\n") == []  # an Arabic list


def test_a_final_yat_read_as_hard_sign_only_where_grammar_wants_it() -> None:
    assert pre("Потомъ он кладутъ на картъ, а онъ идетъ.") == (
        "Потомъ онѣ кладутъ на картѣ, а онъ идетъ."
    )
    assert pre("Въ этомъ пасьянсъ объ колоды, объ этомъ. Нѣтъ картъ.") == (
        "Въ этомъ пасьянсѣ обѣ колоды, объ этомъ. Нѣтъ картъ."
    )


def test_confidence_weighs_a_real_word_correction() -> None:
    raw = "Потомъ онъ кладутъ карты.\n"
    at = raw.index("онъ")
    sure = normalize(raw, orthography="pre-reform", word_confidences=[(at, at + 3, 98.0)])
    doubt = normalize(raw, orthography="pre-reform", word_confidences=[(at, at + 3, 60.0)])
    assert "онъ кладутъ" in sure.text  # the engine was sure: grammar alone does not win
    assert "онѣ кладутъ" in doubt.text


def test_signs_and_quotes_the_print_has_are_kept() -> None:
    assert pre("Это «грація», и 10% и № 9.") == "Это «грація», и 10% и № 9."


def test_modern_text_is_not_harmed() -> None:
    text = (
        "Он может положить 10% карт на стол. П. Иванов сказал: все они будут играть, "
        "а вы можете смотреть. Основания и третий ряд.\n\n1. Первое правило.\n\n2. Второе.\n"
    )
    nt = normalize(text)
    assert nt.orthography == "modern"
    assert nt.text == text


def test_a_lost_letter_is_put_back_once() -> None:
    table = ConfusionTable({("", "ѣ"): 0.45}, smoothing=False)
    cands = table.candidates("длать")
    assert cands["дѣлать"] == pytest.approx(0.45)
    assert not any(c.count("ѣ") > 1 for c in cands)


# -- the fixtures, OCR'd --------------------------------------------------------------

requires_tesseract = pytest.mark.skipif(
    shutil.which("tesseract") is None,
    reason="tesseract not installed (apt-get install tesseract-ocr tesseract-ocr-script-cyrl)",
)


def _ocr(image: Path, tmp_path: Path) -> tuple[str, list[tuple[int, int, float]]]:
    out = tmp_path / image.stem
    env = {**os.environ, "OMP_THREAD_LIMIT": "1"}
    subprocess.run(
        ["tesseract", str(image), str(out), "-l", "Cyrillic", "txt", "tsv"],
        check=True,
        capture_output=True,
        env=env,
        timeout=120,
    )
    text = out.with_suffix(".txt").read_text(encoding="utf-8")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from scan_quality import tsv_confidences  # each word's confidence, found in the text

    return text, tsv_confidences(text, out.with_suffix(".tsv").read_text(encoding="utf-8"))


@requires_tesseract
@pytest.mark.parametrize(
    ("name", "wrong"),
    [
        # т, for тѣ, (the ѣ lost): a one-letter abbreviation without its stop
        ("rules-exiles", []),
        ("shah-game", []),
        ("modern-column", []),
    ],
)
def test_fixture_scans_ocr_then_normalize(name: str, wrong: list, tmp_path: Path) -> None:
    text, confs = _ocr(SCANS / f"{name}.png", tmp_path)
    gold = (SCANS / f"{name}.gt.txt").read_text(encoding="utf-8").split()
    out = normalize(text, name, word_confidences=confs).text.split()
    assert len(out) == len(gold)
    assert [(o, g) for o, g in zip(out, gold, strict=True) if o != g] == wrong
    if name == "rules-exiles":
        assert out[0] == "I." and "II." in out and "слѣдуютъ" in out and "пачкѣ," in out


# -- second round: numerals in sentences, capitals, doubted words, grammar ---------------


@pytest.mark.parametrize(
    ("raw", "meant"),
    [
        ("марьяжъ (правила Т и П), но", "марьяжъ (правила I и II), но"),  # a cited list
        ("марьяжъ (правила Ги П), но", "марьяжъ (правила I и II), но"),  # I и, run together
        ("по правиламъ П и Ш.", "по правиламъ II и III."),
        (
            "на І десятку, на П валета, на 1 даму, на ІУ короля, на У двойку, на УІ тройку.",
            "на I десятку, на II валета, на III даму, на IV короля, на V двойку, на VI тройку.",
        ),  # a run counting up (the 1 it skipped is the number between: strokes, one lost)
        ("У насъ И Т П нѣтъ.", "У насъ И Т П нѣтъ."),  # no run, no citation: letters
        ("какъ сказано въ правил% ІУ.", "какъ сказано въ правилѣ IV."),  # ѣ read as %
        ("Ш. Основныя карты.\n\nМасти.", "III. Основныя карты.\n\nМасти."),  # a common word
        ("П. Ивановъ сказалъ.", "П. Ивановъ сказалъ."),  # after it: a numeral; a name: an initial
        ("` ТУ. Опустѣвшая пачка.", "IV. Опустѣвшая пачка."),  # a speck before it
    ],
)
def test_roman_numerals_inside_a_sentence(raw: str, meant: str) -> None:
    assert pre(raw) == meant


def test_capitals_the_ocr_set_mid_sentence_are_lowered() -> None:
    assert pre("ЧАСЫ.\n\nКарты ГОДЯТСЯ для игры, ИЗЪ НИХЪ она, ПОДХОДИТЪ.") == (
        "ЧАСЫ.\n\nКарты годятся для игры, изъ нихъ она, подходитъ."
    )
    assert pre("Это пасьянсъ. КОСЫНКА сходится.") == "Это пасьянсъ. КОСЫНКА сходится."


def test_a_real_word_the_ocr_doubted_yields_to_the_document() -> None:
    raw = "Пустыя мѣста занимаютъ. Эти мѣста и тѣ мѣста. Всѣ мета заняты.\n"
    at = raw.index("мета")

    def out(conf: float) -> str:
        spans = [(at, at + 4, conf)]
        return normalize(raw, orthography="pre-reform", word_confidences=spans).text

    assert "Всѣ мѣста заняты." in out(5.0)
    assert "Всѣ мета заняты." in out(95.0)  # the engine was sure: the real word stays
    assert "Всѣ мета заняты." in pre(raw)  # no confidence given: nothing to doubt


@pytest.mark.parametrize(
    ("raw", "meant"),
    [
        ("пока он не будутъ покрыты", "пока онѣ не будутъ покрыты"),
        ("если он свободны.", "если онѣ свободны."),  # a plural short adjective
        ("Онъ не будетъ.", "Онъ не будетъ."),
        ("какъ сказано въ правил IV.", "какъ сказано въ правилѣ IV."),  # not «правил», a verb
        ("но при этомъ рядъ картъ лежитъ.", "но при этомъ рядъ картъ лежитъ."),
        ("въ этомъ пасьянсъ", "въ этомъ пасьянсѣ"),
    ],
)
def test_final_yat_by_grammar(raw: str, meant: str) -> None:
    assert pre(raw) == meant


def test_no_prereform_word_has_two_yats_running() -> None:
    from pipeline.normalize.lexicon import lexicon

    assert not lexicon(True).known("затѣѣмъ")  # затеем is a modern word, затѣемъ its spelling
    assert pre("Тузы идутъ по мр% того") == "Тузы идутъ по мѣрѣ того"


def test_a_domain_word_in_modern_spelling_takes_its_yat() -> None:
    assert pre("Пустое место занимаютъ всеми картами.") == ("Пустое мѣсто занимаютъ всѣми картами.")
    assert pre("Они все взяли.") == "Они все взяли."  # endings: forms of their own


def test_a_lone_mark_the_ocr_doubted_is_a_speck() -> None:
    raw = ": КОСЫНКА.\n\nПравила. ,\n\nI. Карты — по одной.\n"
    spans = [(0, 1, 0.0), (raw.index(","), raw.index(",") + 1, 0.0)]
    dash = raw.index("—")
    spans.append((dash, dash + 1, 0.0))
    out = normalize(raw, orthography="pre-reform", word_confidences=spans).text
    assert out == "КОСЫНКА.\n\nПравила.\n\nI. Карты — по одной.\n"  # the dash stays
    sure = [(a, b, 95.0) for a, b, _c in spans]
    out = normalize(raw, orthography="pre-reform", word_confidences=sure).text
    assert out.startswith(": КОСЫНКА.\n\nПравила. ,")  # the engine was sure of them
