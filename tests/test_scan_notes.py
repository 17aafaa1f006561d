"""A footnote goes where its mark is: after the paragraph that holds the mark on its page, or
on a page near it where the note was set under another page than its mark's (or, with no mark
found, after the page's last paragraph), never inside a paragraph that runs on to the next
page, so a note that states a rule stays with its game, not the document's last one.
Hand-made pages (Tesseract's words with boxes) laid out and assembled as `pasyans ocr` does."""

from __future__ import annotations

from tesseract_words import line_words

from pipeline.normalize import normalize
from pipeline.ocr.document import PageInfo, assemble
from pipeline.ocr.layout import BODY, FOOTNOTE, lay_out
from pipeline.ocr.tesseract import TPage

NOTE = "* Иные играютъ безъ ограниченія числа сдачъ."


def _page(paras: list[list[str]], note: str | None, label: int) -> TPage:
    """A page: its number at the top, paragraphs (each opening indented), a note under a gap."""
    words = line_words(str(label), 650, 40, 30, 1)
    y, block = 200, 10
    for para in paras:
        for k, line in enumerate(para):
            words += line_words(line, 160 if k == 0 else 100, y, 30, block)
            y, block = y + 45, block + 1
    if note:
        words += line_words(note, 100, 1250, 20, 90, 14)
    return TPage(1400, 1400, tuple(words))


def _document(pages: list[TPage]):
    laid = [
        (PageInfo(n, "book.png", n, p.width, p.height), lay_out(p)) for n, p in enumerate(pages, 1)
    ]
    for info, lp in laid:
        info.label = lp.label
    return assemble(laid)


FIRST = ["Пасьянсъ этотъ очень труденъ*, и раскладка", "его требуетъ терпѣнія."]
SECOND = ["Колода проходится только одинъ разъ, и", "пасьянсъ кончается на этомъ."]


def test_a_note_follows_the_paragraph_that_holds_its_mark():
    doc = _document([_page([FIRST, SECOND, SECOND], NOTE, 7)])
    paras = doc.text.split("\n\n")
    assert paras == [
        "[7]",
        "Пасьянсъ этотъ очень труденъ*, и раскладка\nего требуетъ терпѣнія.",
        NOTE,
        "Колода проходится только одинъ разъ, и\nпасьянсъ кончается на этомъ.",
        "Колода проходится только одинъ разъ, и\nпасьянсъ кончается на этомъ.\n",
    ]
    # the note's words keep their page, boxes and role, at their offsets in the text
    notes = [w for w in doc.words if w.role == FOOTNOTE]
    assert [w.text for w in notes] == NOTE.split()
    assert all(doc.text[w.start : w.end] == w.text and w.page == 1 for w in notes)
    assert notes[0].box == (100, 1250, 114, 1270)
    body = [w for w in doc.words if w.role == BODY]
    assert all(doc.text[w.start : w.end] == w.text for w in body)


def test_a_note_waits_for_the_paragraph_to_end_on_the_next_page():
    # the marked paragraph runs on to the next page: the note follows its end there, and the
    # sentence cut by the page break is whole in the normalized text
    runs = ["Колода проходится только одинъ разъ, и", "пасьянсъ этотъ очень труденъ*, ибо"]
    doc = _document(
        [
            _page([SECOND, runs], NOTE, 7),
            _page([["рѣдко выходитъ до конца.", ""], SECOND], None, 8),
        ]
    )
    text = doc.text
    assert text.index("труденъ*") < text.index("рѣдко выходитъ") < text.index("* Иные")
    assert text.index("* Иные") < text.rindex("Колода проходится")
    clean = normalize(text, "book.txt").text
    assert "пасьянсъ этотъ очень труденъ*, ибо рѣдко выходитъ до конца." in clean
    assert "Иные играютъ безъ ограниченія числа сдачъ." in clean


def test_a_note_without_its_mark_in_the_body_follows_the_pages_last_paragraph():
    plain = ["Пасьянсъ этотъ очень труденъ, и раскладка", "его требуетъ терпѣнія."]
    doc = _document([_page([plain, SECOND], NOTE, 7), _page([SECOND], None, 8)])
    assert doc.text.split("\n\n")[:5] == [
        "[7]",
        "Пасьянсъ этотъ очень труденъ, и раскладка\nего требуетъ терпѣнія.",
        "Колода проходится только одинъ разъ, и\nпасьянсъ кончается на этомъ.",
        NOTE,
        "[8]",
    ]  # before the next page, whose first paragraph is a new one; its label not repeated
    assert doc.text.count("[7]") == 1


def test_a_note_whose_mark_the_engine_lost_is_a_note_where_the_body_refers_to_one():
    # `[*]` read in the body, not before the note: the small type set off under the body
    first = ["Пустой столбецъ всего выгоднѣе занять", "королемъ[*]."]
    note = "Въ Англіи этотъ пасьянсъ любимъ."
    laid = lay_out(_page([first, SECOND], note, 7))
    assert [ln.text for ln in laid.notes] == [note]
    doc = _document([_page([first, SECOND], note, 7)])
    assert doc.text.split("\n\n")[1:3] == [
        "Пустой столбецъ всего выгоднѣе занять\nкоролемъ[*].",
        note,
    ]
    # with no reference in the body, the same lines stay body
    plain = ["Пустой столбецъ всего выгоднѣе занять", "королемъ."]
    laid = lay_out(_page([plain, SECOND], note, 7))
    assert laid.notes == [] and laid.body[-1].text == note


def _stored(name: str):
    """A development page as `pasyans ocr` read it (its stored reading), laid out alone."""
    from pathlib import Path

    from pipeline.ocr import tesseract

    tsv = Path(__file__).parent / "data" / "scans" / f"{name}.Cyrillic_clean.tsv"
    (page,) = tesseract.parse_tsv(tsv.read_text(encoding="utf-8"))
    laid = lay_out(page)
    info = PageInfo(1, f"{name}.png", 1, page.width, page.height, label=laid.label)
    return laid, assemble([(info, laid)])


def test_stored_readings_put_each_note_after_its_marked_paragraph():
    # `pages-10` (Паукъ): `труденъ*,` mid-paragraph, the note opening with `*`
    laid, doc = _stored("book-note-marked")
    assert laid.label == "91" and len(laid.notes) == 2
    paras = doc.text.split("\n\n")
    k = next(i for i, p in enumerate(paras) if p.startswith("* Н"))
    assert "Пасьянсъ этотъ очень труденъ*, Совътуютъ" in paras[k - 1]
    assert paras[k - 1].endswith("перенести\nцБЛИКОМЪ.")
    assert paras[k + 1] == "ОСАЖДЕННЫЙ ЗАМОК."  # the next game's title after the note
    # `pages-12` (Игра булочника): the note's `[*]` lost by the engine, the body's kept
    laid, doc = _stored("book-note-lost-mark")
    assert [ln.text for ln in laid.notes] == [
        "Въ Англіи этотъ пасьянсъ разсказывають за любимое развлеченіе",
        "одного булочника, откуда и его названіе.",
    ]
    paras = doc.text.split("\n\n")
    k = next(i for i, p in enumerate(paras) if p.startswith("Въ Англіи"))
    assert paras[k - 1].endswith("занять королемъ[*].")
    assert paras[k + 1] == "ВОСЕМЬ ЗАПАСНЫХЪ МЪСТЪ."
    notes = [w for w in doc.words if w.role == FOOTNOTE]
    assert [w.text for w in notes][:2] == ["Въ", "Англіи"]
    assert all(doc.text[w.start : w.end] == w.text for w in notes)


def test_a_note_under_the_next_page_follows_its_marked_paragraph_on_the_page_before() -> None:
    # the mark on page 7, the note set under page 8 (no room left on 7): it follows the
    # marked paragraph on page 7, before page 8's label, its words still page 8's
    doc = _document([_page([FIRST, SECOND], None, 7), _page([SECOND], NOTE, 8)])
    assert doc.text.split("\n\n")[:5] == [
        "[7]",
        "Пасьянсъ этотъ очень труденъ*, и раскладка\nего требуетъ терпѣнія.",
        NOTE,
        "Колода проходится только одинъ разъ, и\nпасьянсъ кончается на этомъ.",
        "[8]",
    ]
    notes = [w for w in doc.words if w.role == FOOTNOTE]
    assert [w.text for w in notes] == NOTE.split()
    assert all(w.page == 2 and doc.text[w.start : w.end] == w.text for w in notes)
    assert notes[0].box == (100, 1250, 114, 1270)


def test_a_note_under_the_page_before_its_mark_waits_for_the_marked_paragraph() -> None:
    doc = _document([_page([SECOND], NOTE, 7), _page([SECOND, FIRST, SECOND], None, 8)])
    paras = doc.text.split("\n\n")
    assert paras[2:6] == [
        "[8]",
        "Колода проходится только одинъ разъ, и\nпасьянсъ кончается на этомъ.",
        "Пасьянсъ этотъ очень труденъ*, и раскладка\nего требуетъ терпѣнія.",
        NOTE,
    ]
    assert all(w.page == 1 for w in doc.words if w.role == FOOTNOTE)


def test_a_mark_its_own_page_claims_or_one_too_far_draws_no_other_pages_note() -> None:
    # page 7's mark is its own note's: page 8's note, whose mark is nowhere free, follows
    # page 8's last paragraph
    other = "* Другіе кладутъ тузы въ рядъ."
    doc = _document([_page([FIRST, SECOND], NOTE, 7), _page([SECOND], other, 8)])
    paras = doc.text.split("\n\n")
    assert paras[2] == NOTE and paras[-1] == other + "\n"
    # a mark three pages before the note: too far, the note stays on its page
    pages = [
        _page([FIRST], None, 7),
        *(_page([SECOND], None, n) for n in (8, 9)),
        _page([SECOND], NOTE, 10),
    ]
    paras = _document(pages).text.split("\n\n")
    assert paras[-1] == NOTE + "\n" and paras[1].startswith("Пасьянсъ этотъ")
