"""Rules in program source read as sentences: a comment naming a block's condition joined to
the block's comment, escaped and doubled quotes, C# verbatim strings. The pages of
tests/data/code-invented are invented (see its README)."""

from __future__ import annotations

import re
from pathlib import Path

from code_facts import draft_of

from pipeline.ingest import build
from pipeline.segment.code import is_code, reading_text

PAGES = Path(__file__).parent / "data" / "code-invented"


def _sentences(path: Path) -> list[str]:
    (game,) = build([path]).games
    return [s["text"] for sec in game["sections"] for s in sec["sentences"]]


def _lines(text: str) -> list[str]:
    return [re.sub(r"\s+", " ", x).strip() for x in reading_text(text).split("\n") if x.strip()]


def test_a_condition_comment_and_its_block_comment_are_one_sentence() -> None:
    assert (
        _sentences(PAGES / "g-cond-comment.txt")[-1]
        == "Перемещение на пустую стопку : Только король"
    )


def test_the_joined_statement_keeps_the_length_on_one_line() -> None:
    src = (PAGES / "g-cond-comment.txt").read_text(encoding="utf-8")
    read = reading_text(src)
    assert len(read) == len(src)
    (line,) = [x for x in read.split("\n") if "Только" in x]
    assert " ".join(line.split()) == "Перемещение на пустую стопку : Только король"


def test_a_condition_on_one_line_with_its_brace_on_the_next() -> None:
    src = (
        "void Move(Box box, Card card) {\n"
        " if (box.IsTableau())//если стопка расклада\n"
        " {\n"
        "  //если она пуста, то класть туда можно только короля\n"
        "  if (box.IsEmpty()) return;\n"
        " }\n"
        "}\n"
    )
    assert _lines(src) == [
        "если стопка расклада : если она пуста, то класть туда можно только короля"
    ]


def test_comments_that_are_not_a_condition_and_its_block_stay_apart() -> None:
    # the second comment is not inside the first one's block: a stop, as before
    src = "function a() { // Раздача карт\n}\nfunction b() { // Проверка победы\n}\n"
    assert _lines(src) == ["Раздача карт", ". Проверка победы"]
    # a sentence before a block is no case named: it ends with a stop of its own
    src2 = (
        "if (pile.empty()) { // На пустую стопку кладут короля.\n"
        "    return ok; // Иначе ход невозможен\n"
        "}\n"
    )
    assert _lines(src2) == ["На пустую стопку кладут короля.", "Иначе ход невозможен"]


def test_a_comment_ending_in_a_comma_goes_on_after_code() -> None:
    src = (
        "if (pile.length === 0) // если стопка пуста,\n"
        "    return card.rank === 13; // кладут только короля\n"
        "return false;\n"
    )
    assert _lines(src) == ["если стопка пуста,", "кладут только короля"]


def test_escaped_quotes_stay_on_their_words() -> None:
    sentences = _sentences(PAGES / "d-escapes.txt")
    assert 'На пустой "дом" можно положить только туза.' in sentences
    assert "На пустую стопку можно положить только короля." in sentences


def test_an_android_resources_escaped_quotes_stay_on_their_words() -> None:
    read = re.sub(r"\s+", " ", reading_text((PAGES / "n-strings-xml.txt").read_text("utf-8")))
    assert 'Пасьянс "Тестовый" .' in read


def test_a_csharp_verbatim_string_over_three_lines() -> None:
    src = (PAGES / "j-csharp-verbatim.txt").read_text(encoding="utf-8")
    assert is_code(src)
    assert _lines(src) == [
        'Пасьянс "Тестовый" .',
        "Карты раскладывают в семь стопок по пять карт.",
        "На пустую стопку можно положить только короля.",
    ]
    (game,) = build([PAGES / "j-csharp-verbatim.txt"]).games
    assert game["title"] == "Тестовый"


def _deal_faces(tmp_path: Path, src: str) -> list[str]:
    rules = draft_of(tmp_path, "deal.js.txt", src).checked.rules
    return [d.get("face") for d in rules["deal"]]


DEAL_JS = (
    "const dealCards = () => {\n"
    "  // Карты раскладывают в семь колонок.\n"
    "  for (let col = 0; col < 7; col++) {\n"
    "    for (let row = 0; row <= col; row++) {\n"
    "      card.isFaceUp = (row === col); // {}\n"
    "      tableau[col].push(card);\n"
    "    }\n"
    "  }\n"
    "};\n"
)


def test_only_the_last_card_in_a_column_open_said_in_a_comment(tmp_path: Path) -> None:
    # a comment without a stop: «только» makes the last card each column's
    src = DEAL_JS.replace("{}", "Только последняя карта в колонке открыта")
    assert _deal_faces(tmp_path, src) == ["down-but-last"]


def test_only_the_top_card_moved_is_no_face(tmp_path: Path) -> None:
    src = DEAL_JS.replace("{}", "Только верхняя карта в колонке может быть перемещена")
    assert _deal_faces(tmp_path, src) != ["down-but-last"]
