"""A book page's furniture on a scan: its running head and printed number leave the text, a
word cut at a line's end is whole again, a footnote is kept apart from the body. The fixture
`tests/data/scans/book-page.png` (`render_scans.py --fixtures`: a page of `pages-10` set as a
book, `render_scans.book_pages`) is read from its stored reading
(`book-page.Cyrillic_clean.tsv`, `pasyans ocr`'s), so no Tesseract runs here; the hand-made
pages below give the layout the cases that reading does not hold."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from tesseract_words import line_words

from pipeline.normalize import normalize
from pipeline.ocr.layout import BODY, FOOTNOTE, PAGE_NUMBER, RUNNING_HEAD, lay_out
from pipeline.ocr.tesseract import TPage, TWord
from pipeline.segment.sentences import split_sentences

REPO = Path(__file__).resolve().parents[1]
SCANS = REPO / "tests" / "data" / "scans"


def _document():
    sys.path.insert(0, str(REPO / "benchmarks"))
    from scan_facts import ocr_document

    tsv = (SCANS / "book-page.Cyrillic_clean.tsv").read_text(encoding="utf-8")
    return ocr_document([SCANS / "book-page.png"], [tsv])


def _sentences(text: str) -> list[str]:
    """Each paragraph's sentences, as the segmenter cuts them, in one case and with a hyphen
    kept between two letters taken out (the normalizer keeps `цѣ-` before a continuation
    Tesseract read in mixed case, `ЛиКоМъ`: a normalization slip, not the furniture's)."""
    out = []
    for para in text.split("\n\n"):
        para = " ".join(para.split())
        for s, e in split_sentences(para):
            out.append(re.sub(r"(?<=\w)-(?=\w)", "", para[s:e].lower()))
    return out


def test_a_book_page_read_gives_the_gold_sentences():
    doc = _document()
    # the head line «ПАСЬЯНСЫ.  15» is furniture: the number kept as the page's label
    assert doc.pages[0].label == "15"
    assert doc.pages[0].running_head == "ПАСЬЯНСЫ. 15"
    assert "ПАСЬЯНСЫ" not in doc.text and doc.text.startswith("[15]\n")
    roles = {w.role for w in doc.words}
    assert roles == {BODY, RUNNING_HEAD, FOOTNOTE}
    # the footnote comes after the body
    notes = [w for w in doc.words if w.role == FOOTNOTE]
    body = [w for w in doc.words if w.role == BODY]
    assert min(w.start for w in notes) > max(w.end for w in body)
    gold = (SCANS / "book-page.gt.txt").read_text(encoding="utf-8")
    clean = normalize(doc.text, "book-page.txt").text
    assert _sentences(clean) == _sentences(gold)
    assert len(_sentences(gold)) == 5
    # `па-⏎сьянсъ` in the footnote: the cut word whole, the hyphen gone
    assert "раскладывая пасьянсъ изъ одной" in clean


def _body(top: int, n: int) -> list[TWord]:
    words = []
    for k in range(n):
        text = "строка текста идетъ дальше" if k < n - 1 else "и кончается здѣсь."
        words += line_words(text, 100, top + 45 * k, 30, 10 + k)
    return words


def test_a_misread_raised_note_mark_opens_the_footnote():
    # the asterisk read as a small raised letter («Ы»), and the note's first line as tall as
    # the body's (its ascenders): still the footnote, set off below the rule's gap
    words = _body(200, 20)
    mark = TWord("Ы", 100, 1160, 112, 1173, 48.0, 40, 1, 1)
    first = line_words("Нѣкоторые играютъ облегченнымъ", 130, 1160, 30, 40)
    second = line_words("способомъ изъ одной колоды.", 100, 1205, 20, 41, step=14)
    laid = lay_out(TPage(1400, 1400, tuple([*words, mark, *first, *second])))
    assert [ln.text for ln in laid.notes] == [
        "* Нѣкоторые играютъ облегченнымъ",
        "способомъ изъ одной колоды.",
    ]
    assert all(ln.role == FOOTNOTE for ln in laid.notes)
    assert laid.body[-1].text == "и кончается здѣсь."


def test_a_bracketed_note_mark_opens_the_footnote():
    words = [
        *_body(200, 20),
        *line_words("[*] Въ Англіи этотъ пасьянсъ любимъ.", 100, 1160, 20, 40, 14),
    ]
    laid = lay_out(TPage(1400, 1400, tuple(words)))
    assert [ln.text for ln in laid.notes] == ["[*] Въ Англіи этотъ пасьянсъ любимъ."]


def test_a_raised_mark_not_set_off_stays_in_the_body():
    # a small first word on the body's last line, in the body's rhythm: no footnote
    words = _body(200, 20)
    mark = TWord("Ы", 100, 1100, 112, 1113, 48.0, 40, 1, 1)
    words += [mark, *line_words("послѣдняя строка текста.", 130, 1100, 30, 40)]
    laid = lay_out(TPage(1400, 1400, tuple(words)))
    assert laid.notes == []
    assert laid.body[-1].text == "Ы послѣдняя строка текста."


def test_a_short_page_keeps_its_head_and_number_apart():
    # a page image cut short below its text (a chapter's last lines): its head line lies
    # under 15 % of the height from the top, within 8 type sizes; the number at the foot too
    head = [*line_words("ВѢЕРЪ.", 400, 100, 30, 1), *line_words("95", 1000, 100, 30, 2)]
    lines = [*line_words("Пасьянсъ сходится, когда всѣ карты", 100, 200, 30, 3)]
    lines += line_words("будутъ на тузахъ.", 100, 245, 30, 4)
    laid = lay_out(TPage(1200, 560, tuple([*head, *lines])))
    assert laid.label == "95" and laid.running_head == "ВѢЕРЪ. 95"
    assert [ln.text for ln in laid.body] == [
        "Пасьянсъ сходится, когда всѣ карты",
        "будутъ на тузахъ.",
    ]
    foot = [*lines, *line_words("96", 580, 400, 30, 5)]
    laid = lay_out(TPage(1200, 560, tuple(foot)))
    assert laid.label == "96" and [ln.role for ln in laid.heads] == [PAGE_NUMBER]


def _page(top_line: str | None, title: str | None, n: int = 12) -> TPage:
    """A page: an optional set-off top line, then an optional centred title, then text."""
    words, y = [], 100
    if top_line:
        words += line_words(top_line, 500, y, 30, 1)
        y += 100  # a blank line's gap below the head
    if title:
        words += line_words(title, 500, y, 30, 2)
        y += 45
    return TPage(1400, 1400, tuple([*words, *_body(y, n)]))


def test_a_chapter_title_repeated_on_the_facing_page_is_a_running_head():
    from pipeline.ocr.layout import mark_repeated_heads

    pages = [
        lay_out(_page("ПАСЬЯНСЫ.", "ДВОЙКИ.")),  # the book's head, the game's title
        lay_out(_page("ДВОЙКИ.", None)),  # the game's title as the facing page's head
        lay_out(_page("ПАСЬЯНСЫ.", None)),
        lay_out(_page("ДВОЙКИ.", None)),
        lay_out(_page("ПАСЬЯНСЫ.", None)),
        lay_out(_page("БИСЛЕЙ.", None)),  # set off, facing heads, but no title before it
    ]
    mark_repeated_heads(pages)
    assert [p.running_head for p in pages] == [
        "ПАСЬЯНСЫ.", "ДВОЙКИ.", "ПАСЬЯНСЫ.", "ДВОЙКИ.", "ПАСЬЯНСЫ.", None,
    ]  # fmt: skip
    assert pages[0].body[0].text == "ДВОЙКИ."  # the title itself stays
    assert pages[5].body[0].text == "БИСЛЕЙ."


def test_a_title_not_set_off_is_no_running_head():
    from pipeline.ocr.layout import mark_repeated_heads

    pages = [
        lay_out(_page("ПАСЬЯНСЫ.", "ДВОЙКИ.")),
        lay_out(_page(None, "ДВОЙКИ.")),  # the title in the text's rhythm: a second game
        lay_out(_page("ПАСЬЯНСЫ.", None)),
        lay_out(_page("ПАСЬЯНСЫ.", None)),
    ]
    mark_repeated_heads(pages)
    assert pages[1].running_head is None and pages[1].body[0].text == "ДВОЙКИ."
