"""Rule texts in forms that used to be refused or lost (issue 18 §2: a refusal means the
text states no rule content): a Markdown table of rules, a text of one rule sentence. Each
text goes the whole way of `pasyans ingest` (`pipeline.ingest.build`); controls that state no
rule stay refused.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from ingest_helpers import game_sentences

from pipeline.errors import DataError
from pipeline.segment.code import table_text


def sentences(text: str, name: str = "page.md") -> list[tuple[str, list[str]]]:
    """(id, sentences) of each game found."""
    return game_sentences(text, name)


def refusal(text: str, name: str = "page.md") -> str:
    with pytest.raises(DataError) as err:
        sentences(text, name)
    return str(err.value).split(": ", 1)[1]


# --- tables ---------------------------------------------------------------------------------


def test_a_table_row_is_read_as_its_cells_each_a_sentence() -> None:
    text = "| № | Правило |\n|:--|---|\n| 3 | Короли кладут на пустые места |\nНе | таблица"
    out = table_text(text)
    assert len(out) == len(text)
    assert out.split("\n") == [
        "      Правило. ",
        " " * 9,
        "      Короли кладут на пустые места. ",
        "Не | таблица",
    ]


def test_a_cell_that_ends_its_sentence_keeps_its_own_stop() -> None:
    assert table_text("| Раскладка: | Семь стопок. |") == "  Раскладка:   Семь стопок.  "


@pytest.mark.parametrize(
    "table",
    [
        "| № | Правило |\n|---|---|\n| 1 | Карты раскладывают в семь стопок |\n"
        "| 2 | На пустое место кладут только короля |\n",
        "|Этап|Что делать|\n|-|-|\n|Раскладка|Карты раскладывают в семь стопок.|\n"
        "|Ходы|На пустое место кладут только короля.|\n",
    ],
)
def test_a_table_of_rules_is_a_game_not_a_menu(table: str) -> None:
    ((game, said),) = sentences("## Косынка\n\n" + table)
    assert game == "kosynka"
    assert "Карты раскладывают в семь стопок." in said
    assert "На пустое место кладут только короля." in said


def test_a_menu_set_apart_by_bars_stays_furniture() -> None:
    text = "| Главная | Форум | Статьи |\n\nВсе материалы сайта защищены.\n"
    assert "the text is only page furniture" in refusal(text)


# --- one sentence of rules ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Колоду раскладывают в семь столбцов, а на пустое место кладут только короля.\n",
        "Все карты сдаются в восемь колонок, тузы выкладываются в основания и на них "
        "собирают масть по возрастанию.\n",
        "Играют двумя колодами: карты раскладывают в десять рядов по четыре карты.\n",
        # one area only, a count of packs: rule content all the same
        "Пасьянс раскладывается двумя колодами по 52 карты.\n",
    ],
)
def test_one_sentence_of_rules_is_an_untitled_game(text: str) -> None:
    ((game, said),) = sentences(text, "opisanie.txt")
    assert game == "untitled-opisanie-1"
    assert said == [text.strip()]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        # a shape named in passing, of the game's name: a mention
        (
            "Считается, что название связано с формой карт, которые раскладываются в виде "
            "треугольника.\n",
            "only mentions cards and play, and states no rule",
        ),
        ("Карты были в смятении, и никто не знал, что будет дальше.\n", "states no rule"),
    ],
)
def test_one_sentence_that_states_no_whole_rule_is_still_refused(text: str, reason: str) -> None:
    assert reason in refusal(text, "opisanie.txt")


# --- a program or a catalogue on one line ---------------------------------------------------

MINIFIED = (
    'describe("Klondike rules",function(){it("deals the tableau into seven columns of '
    'growing length",function(){expect(deal(deck).columns.length).toBe(7)});it("Карты '
    'раскладывают в семь столбцов.",function(){expect(t).toBe(1)});it("moves only a king to '
    'an empty column",function(){expect(empty(k)).toBe(true)});it("На пустое место кладут '
    'только короля.",function(){expect(e).toBe(2)});it("Тузы выкладывают в основания.",'
    "function(){expect(f).toBe(3)})});\n"
)


def test_a_program_on_one_line_keeps_its_russian_strings() -> None:
    ((_, said),) = sentences(MINIFIED, "bundle.min.js")
    assert said == [
        "Карты раскладывают в семь столбцов.",
        "На пустое место кладут только короля.",
        "Тузы выкладывают в основания.",
    ]


def test_a_line_of_another_language_stays_blank() -> None:
    from pipeline.segment.code import russian_lines

    line = 'msgid "Four piles." msgstr "Четыре стопки."'
    assert russian_lines(line) == " " * 28 + "Четыре стопки." + " "
    assert russian_lines("Seven columns; deal them all.") == " " * 29


# --- a layout made a reserve has no spaces to fill ------------------------------------------


def test_a_draft_whose_only_group_is_a_reserve_fills_no_spaces() -> None:
    """AisleRiot's catalogue on one line (the wrapper benchmark's `minified` form of a
    development passage), read as one untitled game: a group dealt and named a reserve,
    and a sentence filling spaces used to give that reserve a fill rule, which the schema
    refuses (fill rules apply to tableau groups): no draft at all. Since one pile said
    before its thirteen cards («В эту стопку кладётся тринадцать карт») is read, that pile
    is the reserve and the group of seven the layout; whichever the reading, the draft is
    made and fills tableau groups only. Since grammar-60 the catalogue on one line is set apart
    by its entries (`code.unminified`) and read as its four games, as its own lines are: each
    draft is made, and fills tableau groups only (Дуплеты's one group is a reserve: no fill)."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    from real_quality import run_text
    from wrapper_invariance import load_passages, wrap

    (p,) = [p for p in load_passages() if p.id == "code-aisleriot-po-ru"]
    text, name = wrap(p, "minified", 1) or ("", "")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        path.write_text(text, encoding="utf-8")
        drafts, refusal_message = run_text(path)
    assert refusal_message is None
    assert [game_id for _, _, game_id in drafts] == [
        "almaznaya-shakhta",
        "duplety",
        "orlinoe-krylo",
        "vostochnoe-ubezhishche",
    ]
    reserves = 0
    for _, rules, _ in drafts:
        assert rules is not None
        roles = {g: pile["role"] for g, pile in rules["piles"].items()}
        reserves += "reserve" in roles.values()
        assert {roles[g] for g in rules["fill"]} <= {"tableau"}
    assert reserves == 2


# --- a resource file's escapes --------------------------------------------------------------


def test_escapes_of_a_resource_file_read_as_line_breaks_and_quotes() -> None:
    from pipeline.segment.code import markup_text

    text = '<resources>\n<string name="r">Семь стопок.\\nКарты кладут вниз.</string>\n</resources>'
    out = markup_text(text)
    assert len(out) == len(text)
    assert "Семь стопок. \nКарты кладут вниз." in out


def test_rules_in_a_strings_xml_are_read_sentence_by_sentence() -> None:
    text = (
        '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n'
        '    <string name="title">Косынка</string>\n'
        '    <string name="rules">Карты раскладывают в семь столбцов.\\nНа пустое место '
        "кладут только короля.\\nТузы выкладывают в основания.</string>\n</resources>\n"
    )
    ((_, said),) = sentences(text, "strings.xml")
    assert said[-3:] == [
        "Карты раскладывают в семь столбцов.",
        "На пустое место кладут только короля.",
        "Тузы выкладывают в основания.",
    ]


# --- comments of program source on lines apart ----------------------------------------------

SOURCE = """\
void Move(Pile &to, Pile &from)
{
 if (to.IsTableau())//если стопка в раскладе
 {
  //пустую стопку можно занять только королём
  if (to.Empty()) { if (from.Top().Rank == KING) to.Take(from); return; }
  //иначе карты кладут по убыванию, чередуя цвета
  if (to.Top().Rank != from.Top().Rank + 1) return;
  to.Take(from);
 }
 //карты в основания кладут
 //по возрастанию от туза
 Deal(to);
}
"""


def test_comments_on_lines_apart_are_sentences_apart() -> None:
    from pipeline.segment.code import reading_text

    read = reading_text(SOURCE)
    assert len(read) == len(SOURCE)
    lines = [" ".join(x.split()) for x in read.split("\n") if x.strip()]
    assert lines == [
        # the comment naming the block's case and the block's first comment: one statement
        "если стопка в раскладе : пустую стопку можно занять только королём",
        ". иначе карты кладут по убыванию, чередуя цвета",
        # the refusing guard `if (to.Top().Rank != from.Top().Rank + 1) return;` states the
        # building (`pipeline.segment.code_moves`), a sentence of its own with its stop
        ". build_down_any = 1.",
        "карты в основания кладут",
        "по возрастанию от туза",  # one comment block: one sentence broken across lines
    ]


def test_a_program_whose_rules_are_comments_without_stops_is_a_game() -> None:
    ((game, said),) = sentences(SOURCE, "move.cpp")
    assert game == "untitled-move-1"
    assert len(said) >= 3
