"""Page layout: paragraphs, furniture, footnote markers, joins, Unicode hygiene."""

from __future__ import annotations

import pytest

from pipeline.normalize import normalize

PRE = "Карты кладутъ въ рядъ изъ колоды, и тузы служатъ основными картами."


def test_web_headers_removed_and_kept_as_furniture() -> None:
    raw = "Двадцать четыре основные пасьянса с двадцатью таблицами - [4]\n\n" + PRE + "\n"
    nt = normalize(raw)
    assert nt.text == PRE + "\n"
    (f,) = nt.furniture
    assert (f.kind, f.book, f.page) == (
        "running-header",
        "Двадцать четыре основные пасьянса с двадцатью таблицами",
        "4",
    )
    assert raw[f.start : f.end] == f.text
    raw2 = "Пасьянсы (Пюжоль) - страница 20\n\nПасьянс «Густая колонна». Перед началом.\n"
    nt2 = normalize(raw2)
    assert nt2.text == "Пасьянс «Густая колонна». Перед началом.\n"
    assert [(f.book, f.page) for f in nt2.furniture] == [("Пасьянсы (Пюжоль)", "20")]


def test_header_between_pages_joins_the_sentence() -> None:
    raw = PRE + " Открывшіяся чрезъ\n\nПасьянсы - [5]\n\nэто мѣста.\n"
    nt = normalize(raw)
    assert nt.text == PRE + " Открывшіяся чрезъ это мѣста.\n"
    assert [f.page for f in nt.furniture] == ["5"]


def test_footnote_markers_become_annotations() -> None:
    raw = PRE + " Лучи звђзды[8]. Марьяжъ[9]."
    nt = normalize(raw)
    assert nt.text == PRE + " Лучи звѣзды. Марьяжъ.\n"
    assert [a.label for a in nt.annotations] == ["8", "9"]
    a = nt.annotations[0]
    assert raw[a.start : a.end] == "[8]"
    assert nt.text[a.offset - len("звѣзды") : a.offset] == "звѣзды"


def test_sentence_broken_across_blank_lines_is_joined() -> None:
    raw = PRE + " Открывшіяся чрезъ\n\nэто свободныя мђста.\n\nНовый абзацъ.\n"
    nt = normalize(raw)
    assert nt.text == PRE + " Открывшіяся чрезъ это свободныя мѣста.\n\nНовый абзацъ.\n"
    assert [c.kind for c in nt.changes if c.kind == "join"] == ["join"]


def test_hyphenated_line_break_joined() -> None:
    raw = PRE + " Это по прави-\nламъ игры.\n\nКакой-\nнибудь тузъ."
    nt = normalize(raw)
    assert nt.text == PRE + " Это по правиламъ игры.\n\nКакой-нибудь тузъ.\n"
    assert sum(c.kind == "hyphen" for c in nt.changes) == 2


def test_single_newline_paragraphs_without_blank_lines() -> None:
    # seed 003: one paragraph per line, no blank lines
    raw = "ДВђ КОЛОДЫ.\nПравила.\nI. Годными картами считаются всѣ тѣ,\nкоторыя лежатъ.\nИгра."
    nt = normalize(raw)
    assert nt.text == (
        "ДВѢ КОЛОДЫ.\n\nПравила.\n\nI. Годными картами считаются всѣ тѣ, которыя лежатъ.\n\nИгра.\n"
    )


def test_wrapped_lines_in_blank_line_mode() -> None:
    raw = "Первая строка абзаца.\nВторая строка.\n\nДругой абзац.\n"
    assert normalize(raw).text == "Первая строка абзаца. Вторая строка.\n\nДругой абзац.\n"


def test_unicode_hygiene() -> None:
    # CRLF, zero-width space, BOM inside, decomposed й, tab, a run of spaces; NBSP kept.
    raw = "Пере\u200bд началом\r\nпасьянса и\u0306 т.\u00a0е.\tкарты  сто\ufeffят.\r\n"
    nt = normalize(raw)
    assert nt.text == "Перед началом пасьянса й т.\u00a0е. карты стоят.\n"
    # NFC, never NFKC: № stays
    assert normalize("Карта № 1 лежит.").text == "Карта № 1 лежит.\n"


def test_empty_and_header_only_texts() -> None:
    assert normalize("Пасьянсы (Пюжоль) - страница 20\n").text == ""
    assert normalize("   \n\n").text == ""


def test_long_single_line_is_handled() -> None:
    line = ("Карты кладутъ въ рядъ изъ колоды, и тузы служатъ основными картами. " * 3000).strip()
    nt = normalize(line)
    assert nt.text == line + "\n"
    assert len(nt.text_map) == len(nt.text)


def test_header_made_of_joined_lines_is_furniture_too() -> None:
    # "Книги" / "- [9]" join into a header line: removed now, not on a second pass
    nt = normalize("А было.\n\nКниги\n- [9]\n\nБ было.\n")
    assert nt.text == "А было.\n\nБ было.\n"
    assert [(f.book, f.page) for f in nt.furniture] == [("Книги", "9")]
    assert normalize(nt.text).text == nt.text


def test_bare_page_numbers_are_furniture() -> None:
    nt = normalize("Это по правиламъ\n\n- 24 -\n\nигры.\n\n[25]\n\nНовый абзацъ.\n")
    assert nt.text == "Это по правиламъ игры.\n\nНовый абзацъ.\n"
    assert [(f.kind, f.book, f.page) for f in nt.furniture] == [
        ("page-number", None, "24"),
        ("page-number", None, "25"),
    ]
    # a number inside a line is text
    assert normalize("Кончается № 13.\n").text == "Кончается № 13.\n"


def test_hyphen_before_a_capital_is_a_real_hyphen() -> None:
    nt = normalize("Въ Санкт-\nПетербургѣ играютъ. Это по прави-\nламъ.\n\nДругой.")
    assert nt.text == "Въ Санкт-Петербургѣ играютъ. Это по правиламъ.\n\nДругой.\n"
    # across a blank line a capital starts a new paragraph
    assert normalize("Первый абзацъ конца-\n\nНовый абзацъ.").text == (
        "Первый абзацъ конца-\n\nНовый абзацъ.\n"
    )


@pytest.mark.parametrize(
    "raw",
    ["а" * 200_000, "а" * 199_999 + "x", "x" + "а" * 199_999, "(" * 200_000 + ";", "ђ" * 200_000],
)
def test_pathological_lines_stay_linear(raw: str) -> None:
    """One 200,000-letter word: every pattern must scan it once, not once per letter."""
    nt = normalize(raw)
    assert len(nt.text) == len(raw) + 1


def test_running_heads_repeated_with_page_numbers_are_furniture() -> None:
    raw = (
        "Игра идетъ такъ.\n\n24 ПАСЬЯНСЫ\n\nДальше кладутъ\nкарты.\n\nПАСЬЯНСЫ 25\n\n"
        "Еще текстъ чрезъ\n\n26 ПАСЬЯНСЫ\n\nэто мѣсто.\n\n"
        "Рисунокъ № 1\n\nРисунокъ № 2\n\nРисунокъ № 3\n"
    )
    nt = normalize(raw)
    assert nt.text == (
        "Игра идетъ такъ.\n\nДальше кладутъ карты.\n\nЕще текстъ чрезъ это мѣсто.\n\n"
        "Рисунокъ № 1\n\nРисунокъ № 2\n\nРисунокъ № 3\n"
    )
    assert [(f.kind, f.book, f.page) for f in nt.furniture] == [
        ("running-header", "ПАСЬЯНСЫ", "24"),
        ("running-header", "ПАСЬЯНСЫ", "25"),
        ("running-header", "ПАСЬЯНСЫ", "26"),
    ]
    # twice is not yet a running head
    two = "Текстъ.\n\n24 ПАСЬЯНСЫ\n\nЕще.\n\n25 ПАСЬЯНСЫ\n"
    assert normalize(two).text == "Текстъ.\n\n24 ПАСЬЯНСЫ\n\nЕще.\n\n25 ПАСЬЯНСЫ\n"
