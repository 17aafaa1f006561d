"""The fifteenth collection's misses (benchmarks/README.md, real-dev-15): a help catalogue's
table cells read as lines of their game, a run-in sentence opened by a reflexive verb read as
no game's name."""

from __future__ import annotations

from pathlib import Path

from pipeline.extract import extract_game
from pipeline.ingest import build
from pipeline.segment.catalogue import closed_cells
from pipeline.segment.code import reading_text
from pipeline.segment.finding import run_in_title

# An itstool catalogue in the shape of the real one: a section title, a table whose label cell
# («Выбор») stands alone on its line, then the rules.
CATALOGUE = (
    "#. (itstool) path: sect1/title\n"
    "#: C/hamilton.xml:16\n"
    'msgid "Hamilton"\n'
    'msgstr "Гамильтон"\n'
    "\n"
    "#. (itstool) path: row/entry\n"
    "#: C/hamilton.xml:40\n"
    'msgid "Chooser"\n'
    'msgstr "Выбор"\n'
    "\n"
    "#. (itstool) path: row/entry\n"
    "#: C/hamilton.xml:41\n"
    'msgid "Top left, next to Stock."\n'
    'msgstr "В верхнем левом углу, рядом с колодой."\n'
    "\n"
    "#. (itstool) path: row/entry\n"
    "#: C/hamilton.xml:59\n"
    'msgid ""\n'
    '"Seven piles. Deal one card face up to each pile."\n'
    'msgstr ""\n'
    '"Семь стопок. В каждую сдаётся по одной карте лицом вверх. Карты в раскладе "\n'
    '"можно собирать в нисходящем порядке по масти."\n'
)


def test_a_catalogue_table_cell_is_closed_as_a_sentence() -> None:
    read = reading_text(CATALOGUE)
    assert len(read) == len(CATALOGUE)
    lines = [line.strip() for line in read.split("\n") if line.strip()]
    assert lines[:3] == ["Гамильтон", ". Выбор.", "В верхнем левом углу, рядом с колодой."]
    # the section's title stays a title: only a table cell is closed
    assert "Гамильтон." not in read


def test_a_catalogue_label_cell_opens_no_game() -> None:
    """The real run of Hamilton: its table's label «Выбор» stood alone and opened a game of
    that name, which took the tableau's rows from «Гамильтон»."""
    path = Path(__file__).parent.parent / "benchmarks/data/real/code-aisleriot-gamilton.txt"
    result = build([path])
    titles = [g["title"] for g in result.games]
    assert titles[0] == "Гамильтон" and "Выбор" not in titles
    spec = extract_game(result.games[0], result.scans).spec
    tableau = [p for p in spec["piles"].values() if p["role"] == "tableau"]
    assert [p["count"] for p in tableau] == [7]
    assert spec["moves"]["marry"]["build"]["direction"] == "down"


def test_cells_are_closed_only_in_an_itstool_catalogue() -> None:
    lines = ['msgid "Chooser"', 'msgstr "Выбор"']
    read = ["               ", "        Выбор "]
    assert closed_cells(lines, read) == read  # no itstool path: the text says no element
    marked = ["#. (itstool) path: row/entry", *lines]
    assert closed_cells(marked, ["", *read])[2] == "        Выбор."
    # a cell that ends a sentence, or a section's title, keeps its line
    done = ["#. (itstool) path: row/entry", 'msgstr "Четыре стопки."']
    assert closed_cells(done, ["", "        Четыре стопки. "])[1] == "        Четыре стопки. "
    title = ["#. (itstool) path: sect1/title", 'msgstr "Выбор"']
    assert closed_cells(title, ["", "        Выбор "])[1] == "        Выбор "
    # a list's term is closed too, and a string that is both a cell and the title stays
    term = ["#. (itstool) path: varlistentry/term", 'msgstr "Трон"']
    assert closed_cells(term, ["", "        Трон "])[1] == "        Трон."
    both = ["#. (itstool) path: sect1/title", "#. (itstool) path: row/entry", 'msgstr "Стена"']
    assert closed_cells(both, ["", "", "        Стена "])[2] == "        Стена "


def test_a_reflexive_verb_opens_a_sentence_not_a_run_in_title() -> None:
    assert run_in_title("Набирается из колоды. Верхнюю карту можно перемещать.") is None
    assert run_in_title("Собирается с базовой карты. Карты кладут по порядку.") is None
    # a name run into its rules keeps its place
    assert run_in_title("Михаил Берг. Карты раскладывают в четыре ряда.") == (11, 13)
