"""Modern web text passes through normalization unharmed; pre-reform OCR still gets fixed."""

from __future__ import annotations

from pathlib import Path

import regex

from pipeline.normalize import normalize

# Fragments of real rule pages (benchmarks/data/real/, development set), as the web gave them.
MENU_PAGE = (
    "Главная\nИстория карт\nИгры\nГадания\nПасьянсы\n|\n|\n"
    "Леди Пок Пасьянс\nраскладывается двумя полными колодами по 52 карты в каждой колоде.\n"
    "Выкладываются 10 колонок по 4 карты в каждой колонке.\n"
)
FIELDS_PAGE = (
    "Кэнфилд\nТермины пасьянсов\nКоличество колод:\n1\nКоличество карт в колоде:\n52\n"
    "Количество\nигроков: 1\nЦель пасьянса:\nнеобходимо собрать все карты на базовых стопках.\n"
)
WORD = regex.compile(r"[\p{L}\p{N}]+")


def words(text: str) -> list[str]:
    return WORD.findall(text)


def test_a_menu_page_keeps_its_capitals_and_names() -> None:
    nt = normalize(MENU_PAGE)
    assert nt.orthography == "modern"
    assert words(nt.text) == words(MENU_PAGE)
    assert "История карт Игры Гадания" in nt.text  # «Игры» starts a line: no mid-sentence capital
    assert "Леди Пок Пасьянс раскладывается" in nt.text  # a name, not «Нок»
    assert not [c for c in nt.changes if c.kind in ("case", "ocr-word")]


def test_a_field_and_its_value_on_the_next_line_are_one_line() -> None:
    nt = normalize(FIELDS_PAGE)
    assert words(nt.text) == words(FIELDS_PAGE)
    assert "Термины пасьянсов Количество колод: 1 Количество карт в колоде: 52" in nt.text
    assert nt.furniture == ()


def test_numbers_among_numbers_or_with_a_leading_zero_are_no_page_numbers() -> None:
    raw = "Июль\n2024\n1 2 3 4 5\n26\n27\n\nПасьянс «Солитер»\n\n0\n\nАиФ\n"
    nt = normalize(raw)
    assert words(nt.text) == words(raw)
    assert nt.furniture == ()


def test_a_page_number_between_lines_of_text_is_still_furniture() -> None:
    nt = normalize("Карты кладут в ряд,\n24\nа тузы служат основанием.\n")
    assert nt.text == "Карты кладут в ряд, а тузы служат основанием.\n"
    assert [(f.kind, f.page) for f in nt.furniture] == [("page-number", "24")]


def test_modern_text_keeps_punctuation_that_stands_apart() -> None:
    raw = "Главная :: Пасьянсы :: Тузовый\n\nСлово означает пасьянс , поэтому его любят.\n"
    assert normalize(raw).text == raw


def test_modern_text_still_loses_a_clear_ocr_slip() -> None:
    # «основнымп»: the OCR's п for и, two known words of the document back «основными»
    raw = "Тузы служат основными картами. Короли тоже служат основнымп картами.\n"
    nt = normalize(raw)
    assert nt.text == "Тузы служат основными картами. Короли тоже служат основными картами.\n"


def test_pre_reform_seed_still_gets_its_corrections() -> None:
    raw = (Path(__file__).parent.parent / "corpus/raw/003_8f9b0c61a5880b76.txt").read_text(
        encoding="utf-8"
    )
    nt = normalize(raw)
    assert nt.orthography == "pre-reform"
    assert "то такая карта кладется въ сторону фигурой внизъ и ее называютъ ссыльною" in nt.text
    assert "соотвѣтствуетъ ея порядку въ игрѣ" in nt.text
    assert ("Фигурой", "фигурой", "case") in {(c.orig, c.corr, c.kind) for c in nt.changes}


def test_a_modern_capital_word_is_a_name_only_inside_a_sentence() -> None:
    # «Положпте» begins a line: it may begin a sentence, and is read as «Положите»;
    # after «Леди» it would be a name, left as printed
    raw = "Правила пасьянса\nПоложпте карты на стол. Карты кладут Леди Положпте.\n"
    nt = normalize(raw)
    assert nt.text == "Правила пасьянса Положите карты на стол. Карты кладут Леди Положпте.\n"
    assert normalize(nt.text).text == nt.text
