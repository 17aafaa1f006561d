"""The twenty-first round of the OCR channel (issue 19): text the engine lost at a faint
margin, read off the word boxes, so that no word is decided by words that were no neighbours
in the print; heading numerals read `ІМ`, `МІ`, `М` (V read М); an ending the adjective before
it chooses (`нисходящемъ порядкт`). Each with its exact words, and beside each the right words
that must stay as printed."""

from __future__ import annotations

import regex
from channel_text import pre

from pipeline.normalize import normalize
from pipeline.ocr import OcrDocument, PageInfo, Word
from pipeline.ocr.lost_text import lines_of, lost_breaks

CHAR = 20  # pixels per character of the crafted pages
MARGIN = 100
WIDTH = 1200  # a page whose column holds 50 characters


def page(paragraphs: list[list[tuple[int, str]]], slope: float = 0.0) -> OcrDocument:
    """A one-page OCR document: each line (its indent in characters, its text) set from the
    left margin at CHAR pixels a character, the page turned by `slope` (pixels down per
    pixel across)."""
    text, words = "", []
    row = 0
    for i, para in enumerate(paragraphs):
        if i:
            text += "\n"
        for j, (indent, line) in enumerate(para):
            if j:
                text += "\n"
            base = len(text)
            top = 100 + 60 * row
            for m in regex.finditer(r"\S+", line):
                left = MARGIN + CHAR * (indent + m.start())
                right = MARGIN + CHAR * (indent + m.end())
                # a turned page: the margin moves left as the lines go down
                dx, dy = -slope * top, slope * left
                box = (int(left + dx), int(top + dy), int(right + dx), int(top + dy + 40))
                words.append(
                    Word(1, box, 95.0, "body", m.group(), base + m.start(), base + m.end())
                )
            text += line
            row += 1
        text += "\n"
    return OcrDocument(text, [PageInfo(1, "p.png", 1, WIDTH, 3000)], words, "tesseract", "rus")


def cut_lines(doc: OcrDocument) -> list[str]:
    """The lines before which the document's boxes show lost text."""
    return [doc.text[s:].split("\n", 1)[0] for s in doc.lost_breaks()]


FULL = [
    (0, "Изъ перетасованной колоды кладутъ семь столбцовъ"),
    (0, "открытыми картами: въ первый одну карту, во второй"),
    (0, "двѣ, въ третій три и такъ далѣе до седьмаго, въ"),
    (0, "которомъ будетъ семь картъ открытыхъ и закрытыхъ."),
]


def test_a_line_ending_short_inside_a_paragraph_lost_its_end() -> None:
    doc = page([FULL, [(0, "Верхняя карта талона"), (0, "положить на основную карту.")]])
    assert cut_lines(doc) == ["положить на основную карту."]


def test_a_ragged_line_short_by_less_than_the_next_word_lost_nothing() -> None:
    # 38 characters and a word of 13 after it: a ragged margin, no text lost; a paragraph's
    # last line, and a line after a blank line, are no breaks either
    doc = page(
        [
            FULL,
            [
                (0, "Карты кладутся въ нисходящемъ порядкѣ"),
                (0, "соотвѣтственно ихъ достоинству, начиная съ"),
                (0, "короля."),
            ],
            [(2, "Пасьянсъ выходитъ.")],
        ]
    )
    assert cut_lines(doc) == []


def test_a_line_starting_in_from_the_margin_lost_its_start() -> None:
    doc = page([[*FULL, (0, "тройку, пока не дойдутъ до короля."), (8, "троятся сверху внизъ.")]])
    assert cut_lines(doc) == ["троятся сверху внизъ."]


def test_a_turned_page_keeps_its_margin() -> None:
    # two degrees: the margin moves 40 pixels over 20 lines, more than a paragraph's indent
    lines = [(0, ln) for _ in range(5) for _i, ln in FULL]
    assert cut_lines(page([lines], slope=0.035)) == []
    assert lines_of("", []) == [] and lost_breaks([], WIDTH) == []


def test_a_few_lines_give_no_edges() -> None:
    doc = page([[(0, "Верхняя карта талона"), (0, "положить на основную карту.")]])
    assert doc.lost_breaks() == []


VERB = [*FULL, (0, "Верхняя карта талона"), (0, "положить на основную карту.")]


def test_a_verb_after_lost_text_is_not_read_by_the_subject_before_it() -> None:
    # `Верхняя карта талона [всегда годна: ее можно] положить`: the subject and the verb
    # stand on two lines the engine cut; read together they would make положитъ
    doc = page([VERB])
    out = normalize(doc.text, word_confidences=doc.confidences(), lost_breaks=doc.lost_breaks())
    assert "карта талона положить на основную" in out.text
    out = normalize(doc.text, word_confidences=doc.confidences())
    assert "карта талона положитъ на основную" in out.text  # what the break prevents
    # the same words across a line that reached the margin are read as before
    lines = [*FULL, (0, "семь картъ въ каждомъ ряду. Верхняя карта талона"), VERB[-1]]
    doc = page([lines])
    assert doc.lost_breaks() == []
    out = normalize(doc.text, word_confidences=doc.confidences(), lost_breaks=doc.lost_breaks())
    assert "карта талона положитъ на основную" in out.text


def test_a_stop_before_lost_text_stays() -> None:
    # `короля. [Основанія с]троятся`: the word after the stop is the engine's fragment
    lines = [*FULL, (0, "тройку и четверку, пока не дойдутъ до короля."), (9, "троятся сверху.")]
    doc = page([lines])
    out = normalize(doc.text, word_confidences=doc.confidences(), lost_breaks=doc.lost_breaks())
    assert "до короля. троятся" in out.text
    out = normalize(doc.text, word_confidences=doc.confidences())
    assert "до короля, троятся" in out.text  # what the break prevents
    # `каждой. [Изъ] оставшихся`: a known word after the lost one
    lines = [*FULL, (0, "пачекъ по четыре карты въ каждой."), (4, "оставшихся картъ кладутъ рядъ.")]
    doc = page([lines])
    out = normalize(doc.text, word_confidences=doc.confidences(), lost_breaks=doc.lost_breaks())
    assert "въ каждой. оставшихся" in out.text


def test_pasyans_normalize_reads_the_breaks_from_the_ocr_json(tmp_path, capsys) -> None:
    from cli_helpers import run

    from pipeline.ocr import to_json

    (tmp_path / "doc.json").write_text(to_json(page([VERB])), encoding="utf-8")
    code, out, err = run(capsys, "normalize", str(tmp_path / "doc.json"))
    assert code == 0, err
    assert "карта талона положить на основную" in out


RULES = "Правила.\n\nI. Тузы кладутся въ рядъ.\n\nII. Короли кладутся подъ ними.\n\n"


def test_v_read_as_em_in_a_heading_numeral() -> None:
    # CMU Bright, URW Gothic: V read М (ІМ. for IV., МІ. for VI.), the word stage then
    # putting a hard sign after it (ІМЪ.)
    raw = (
        RULES
        + "III. Дамы.\n\nІМ. Пасьянсъ не раскладывается.\n\nМ. Колода.\n\nМІ. Колода проходитъ."
    )
    out = pre(raw)
    assert "\n\nIV. Пасьянсъ не раскладывается.\n\nV. Колода.\n\nVI. Колода проходитъ." in out
    out = pre(RULES + "III. Дамы.\n\nІМ Пустое мѣсто закрывается.")  # its stop lost
    assert out.endswith("IV. Пустое мѣсто закрывается.")


def test_an_em_that_is_an_initial_or_a_word_stays() -> None:
    assert pre("Писалъ\n\nМ. Ивановъ.") == "Писалъ\n\nМ. Ивановъ."
    assert pre("Такъ пишетъ М. Горькій.") == "Такъ пишетъ М. Горькій."
    assert pre("Мы кладемъ карты.") == "Мы кладемъ карты."


def test_the_adjective_before_chooses_an_unread_ending() -> None:
    # italics: ѣ read т at a word's end; порядкѣ, порядку, порядки, порядка alike
    out = pre("Карты кладутся въ нисходящемъ порядкт, причемъ масть соблюдается.")
    assert "въ нисходящемъ порядкѣ, причемъ" in out
    assert "въ восходящемъ порядкѣ до" in pre("Карты кладутся въ восходящемъ порядкт до туза.")


def test_an_unread_ending_with_no_adjective_before_it_stays() -> None:
    assert "въ порядкт до" in pre("Карты кладутся въ порядкт до короля.")
    assert "ВЪ НИСХОДЯЩЕМЪ ПОРЯДКТ" in pre("КАРТЫ ВЪ НИСХОДЯЩЕМЪ ПОРЯДКТ.")


def test_a_word_that_lost_its_end_is_completed_by_the_adjective_before_it() -> None:
    # URW Gothic: кѣ of порядкѣ lost; the domain's forms of порядокъ that begin поряд and
    # agree with нисходящемъ: порядкѣ alone
    out = pre("Карты кладутся въ нисходящемъ поряд, причемъ масть соблюдается.")
    assert "въ нисходящемъ порядкѣ, причемъ" in out


def test_a_cut_word_with_no_adjective_or_no_single_agreeing_form_stays() -> None:
    assert "въ поряд." in pre("Карты кладутся въ поряд.")
    # новой (feminine) agrees with no form of порядокъ: as printed
    assert "новой поряд," in pre("Карты кладутся въ новой поряд, причемъ масть соблюдается.")


def test_a_heading_set_in_the_middle_lost_nothing() -> None:
    # a centred heading starts in and ends short by design; its comma is still its stop
    doc = page([FULL, [(20, "ВЕЛИКАНЪ,"), (15, "ДВѢ ПОЛНЫХЪ КОЛОДЫ.")], FULL])
    assert cut_lines(doc) == []


def test_an_ending_two_forms_of_which_agree_stays_the_channels() -> None:
    # по одной картт: одной agrees with картѣ (dative) and карты (genitive) alike, so the
    # adjective chooses nothing (whatever the channel offers, карты is never chosen by it)
    out = pre("Колоду открываютъ по одной картт.")
    assert "по одной карты." not in out


def test_a_hyphen_before_lost_text_joins_only_a_known_word() -> None:
    # `пере-` / (lost) / `нѣсколько`: the print's next line began with what was lost
    lines = [*FULL, (0, "карты снимаютъ и пере-"), (0, "нѣсколько картъ кладутъ въ рядъ.")]
    doc = page([lines])
    out = normalize(doc.text, word_confidences=doc.confidences(), lost_breaks=doc.lost_breaks())
    assert "снимаютъ и пере- нѣсколько картъ" in out.text
    out = normalize(doc.text, word_confidences=doc.confidences())
    assert "снимаютъ и перенѣсколько картъ" in out.text  # what the break prevents
    # the word the two parts make is joined across the break all the same
    lines = [*FULL, (0, "карты снимаютъ и пере-"), (0, "кладываютъ въ рядъ по порядку.")]
    doc = page([lines])
    out = normalize(doc.text, word_confidences=doc.confidences(), lost_breaks=doc.lost_breaks())
    assert "снимаютъ и перекладываютъ въ рядъ" in out.text
