"""Rules a program states only by the names of its values (`const COLS = 10;`, `NUM_DECKS =
2`, `"freeCells": 4`): the name read as words by `grammar/named_values.lark`, the declaration
kept as a sentence of the game and read as facts cited on its line. The programs are crafted
for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from code_facts import draft_of

from pipeline.errors import DataError
from pipeline.ingest import build
from pipeline.segment.code import reading_text
from pipeline.segment.named_values import declaration, kind_of, meaning, named_values, words
from pipeline.segment.sentences import split_sentences


@pytest.mark.parametrize(
    ("name", "split"),
    [
        ("NUM_TABLEAU_PILES", ["num", "tableau", "piles"]),
        ("numTableauPiles", ["num", "tableau", "piles"]),
        ("self.NUM_COLUMNS", ["num", "columns"]),
        ("kNumDecks", ["num", "decks"]),
        ("m_freeCells", ["free", "cells"]),
        ("_cardsToDraw", ["cards", "to", "draw"]),
        ("FREECELL_COUNT", ["freecell", "count"]),
    ],
)
def test_a_name_is_split_into_its_words(name: str, split: list[str]) -> None:
    assert words(name) == split


@pytest.mark.parametrize(
    ("name", "value", "said"),
    [
        ("NUM_DECKS", 2, ("packs", 2)),
        ("DECKS", 1, ("packs", 1)),
        ("deckCount", 2, ("packs", 2)),
        ("numberOfPacks", 2, ("packs", 2)),
        ("DECKS_COUNT", 2, ("packs", 2)),
        ("deckCount", 52, ("packs", 1)),  # the cards of one pack
        ("TOTAL_CARDS", 104, ("packs", 2)),
        ("CARDS_IN_DECK", 52, ("packs", 1)),
        ("CARDS_PER_DECK", 52, ("packs", 1)),
        ("DECK_SIZE", 104, ("packs", 2)),
        ("COLS", 10, ("columns", 10)),
        ("NUM_COLUMNS", 7, ("columns", 7)),
        ("tableauColumns", 8, ("columns", 8)),
        ("NUM_TABLEAU_PILES", 7, ("columns", 7)),
        ("tableauCount", 7, ("columns", 7)),
        ("COLUMN_COUNT", 9, ("columns", 9)),
        ("COLUMNS_COUNT", 7, ("columns", 7)),
        ("TABLEAU_PILE_COUNT", 7, ("columns", 7)),
        # piles counted, no place named: the tableau's, where as few as a tableau has
        ("NUM_PILES", 7, ("piles", 7)),
        ("PILES_AMOUNT", 7, ("piles", 7)),
        ("pileCount", 10, ("piles", 10)),
        ("FREE_CELLS", 4, ("cells", 4)),
        ("freeCellCount", 2, ("cells", 2)),
        ("NUM_FREECELLS", 4, ("cells", 4)),
        ("FOUNDATIONS", 8, ("foundations", 8)),
        ("foundationCount", 4, ("foundations", 4)),
        ("HOME_CELLS", 4, ("foundations", 4)),  # FreeCell's name for them
        ("DRAW_COUNT", 3, ("draw", 3)),
        ("cardsToDraw", 1, ("draw", 1)),
        ("CARDS_PER_DRAW", 3, ("draw", 3)),
        ("drawThree", True, ("draw", 3)),
        ("DRAW_ONE", True, ("draw", 1)),
        ("MAX_REDEALS", 2, ("redeals", 2)),
        ("redealsAllowed", 0, ("redeals", 0)),
        ("MAX_PASSES", 3, ("redeals", 2)),  # the first pass is no redeal
        ("numPasses", 1, ("redeals", 0)),
    ],
)
def test_a_name_that_counts_a_rule_states_it(name: str, value: int, said: tuple) -> None:
    assert meaning(name, value) == said


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("CARD_WIDTH", 71),  # a word the table does not hold
        ("COLUMN_GAP", 10),
        ("COLUMN_WIDTH", 7),
        ("ANIMATION_SPEED", 300),
        ("WIDTH", 7),
        ("MAX_COLUMNS", 10),  # a limit, not the count
        ("NUM_DEALS", 5),
        ("TOTAL_SEQUENCES", 8),
        ("FOUNDATION", 2),  # a pile type's code, a singular noun alone
        ("TABLEAU", 1),
        ("DECK", 0),
        ("COLUMN", 3),
        ("CELLS", 4),  # cells of what: not said free
        ("PILES", 13),  # every pile of the game, or the tableau's
        ("PILES", 7),  # no count word: the piles themselves
        ("NUM_PILES", 13),  # more than a tableau has: all of a layout's piles (7 + 4 + 2)
        ("NUM_PILES", 11),
        ("HOME", 4),
        ("DRAW", 3),  # an action's code as often as a count
        ("COLS", 1),  # out of range
        ("COLS", 0),  # a counter
        ("TOTAL_CARDS", 53),
        ("NUM_DECKS", 9),
        ("DRAW_COUNT", 0),
        ("FREE_CELLS", 0),
        ("drawThree", False),  # the switch off: whether one card or two, unsaid
        ("NUM_DECKS", True),
    ],
)
def test_a_name_that_counts_no_rule_states_nothing(name: str, value: int) -> None:
    assert meaning(name, value) is None


def test_rows_are_read_only_to_set_aside_columns() -> None:
    # a grid's rows state no rule of their own (`named_value_facts` has none for them)
    assert kind_of("ROW_COUNT") == kind_of("NUM_ROWS") == "rows"
    assert kind_of("CARD_WIDTH") is None


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("NUM_DECKS = 2", ("NUM_DECKS", "packs", 2)),  # Python
        ("    NUM_COLUMNS: int = 10  # столбцы", ("NUM_COLUMNS", "columns", 10)),
        ("FREE_CELLS: Final = 4", ("FREE_CELLS", "cells", 4)),
        ("NUM_DECKS: Final[int] = 2", ("NUM_DECKS", "packs", 2)),
        ("    static const int numColumns = 7;", ("numColumns", "columns", 7)),  # Dart
        ("const COLUMNS = 7;", ("COLUMNS", "columns", 7)),  # PHP
        ("#define kNumberOfColumns 7", ("kNumberOfColumns", "columns", 7)),  # Objective-C
        ("  const COLS = 10;", ("COLS", "columns", 10)),  # JavaScript
        ("export const FREE_CELLS = 4;", ("FREE_CELLS", "cells", 4)),
        ("  static readonly DRAW_COUNT: number = 3;", ("DRAW_COUNT", "draw", 3)),  # TypeScript
        ("    public static final int NUM_FOUNDATIONS = 8;", ("NUM_FOUNDATIONS", "foundations", 8)),
        ("        private const int TableauColumns = 8;", ("TableauColumns", "columns", 8)),  # C#
        ("#define NUM_DECKS 2", ("NUM_DECKS", "packs", 2)),  # C
        ("static constexpr int kNumDecks = 2;", ("kNumDecks", "packs", 2)),  # C++
        ("    const val MAX_REDEALS: Int = 2", ("MAX_REDEALS", "redeals", 2)),  # Kotlin
        ("    static let drawThree = true", ("drawThree", "draw", 3)),  # Swift
        ("local NUM_COLUMNS = 7", ("NUM_COLUMNS", "columns", 7)),  # Lua
        ('  "freeCells": 4,', ("freeCells", "cells", 4)),  # JSON
        ("num_decks: 2", ("num_decks", "packs", 2)),  # YAML
        ("numDecks := 2", ("numDecks", "packs", 2)),  # Go
        ("const NUM_COLUMNS: usize = 10;", ("NUM_COLUMNS", "columns", 10)),  # Rust
        ("    this.tableauCount = 7;", ("this.tableauCount", "columns", 7)),
    ],
)
def test_declarations_in_many_languages(line: str, said: tuple) -> None:
    d = declaration(line)
    assert d is not None
    assert (d.name, d.kind, d.number) == said
    assert line[d.start : d.name_end] == d.name


@pytest.mark.parametrize(
    "line",
    [
        "if (cols == 10) {",
        "for (let i = 0; i < 7; i++) {",
        "    return cols > 7;",
        "let cols = 10 * 2;",
        "COLS = 10.5",
        "  const COLS = columns.length;",
        "// const COLS = 10;",
        " * NUM_DECKS = 2",
        "label = 'COLS = 10'",
    ],
)
def test_lines_that_declare_no_named_value(line: str) -> None:
    assert declaration(line) is None


def test_a_kind_said_twice_with_two_values_says_nothing() -> None:
    lines = ["const EASY = {", "  NUM_DECKS: 1,", "};", "const HARD = {", "  NUM_DECKS: 2,", "};"]
    assert named_values(lines, [True] * len(lines)) == {}
    same = ["COLS = 10", "NUM_COLUMNS = 10", "FREE_CELLS = 4"]
    assert sorted(d.kind for d in named_values(same, [True] * 3).values()) == [
        "cells",
        "columns",
        "columns",
    ]


@pytest.mark.parametrize(
    "lines",
    [
        ["enum PileKind {", "  COLUMNS = 0,", "  FOUNDATIONS = 4,", "  FREE_CELLS = 8", "}"],
        ["class Pile(Enum):", "    FOUNDATIONS = 4", "    FREE_CELLS = 2"],
        ["const PILES = {", "  COLUMNS: 1,", "  FOUNDATIONS: 2,", "  FREE_CELLS: 3,", "};"],
    ],
)
def test_members_of_an_enumeration_are_codes_not_counts(lines: list[str]) -> None:
    assert named_values(lines, [True] * len(lines)) == {}


def test_values_that_do_not_go_up_by_one_are_counts() -> None:
    lines = ["const COLS = 10;", "const TOTAL_CARDS = 104;", "const TOTAL_SEQUENCES = 8;"]
    assert [d.kind for d in named_values(lines, [True] * 3).values()] == ["columns", "packs"]


def test_piles_beside_columns_are_all_the_piles() -> None:
    lines = ["const NUM_COLUMNS = 7;", "const NUM_PILES = 9;", "const FREE_CELLS = 4;"]
    assert [d.kind for d in named_values(lines, [True] * 3).values()] == ["columns", "cells"]
    alone = ["public readonly BASE_AMOUNT = 4;", "public readonly PILES_AMOUNT = 7;"]
    assert [(d.kind, d.number) for d in named_values(alone, [True] * 2).values()] == [("piles", 7)]


def test_columns_beside_rows_are_a_grid() -> None:
    lines = ["const int ROW_COUNT = 4;", "const int COL_COUNT = 14;", "const int FREE_CELLS = 4;"]
    assert [d.kind for d in named_values(lines, [True] * 3).values()] == ["cells"]


def test_a_line_inside_a_string_is_no_declaration() -> None:
    lines = ["s = `", "COLS = 10", "`"]
    assert named_values(lines, [True, False, True]) == {}


def test_the_reading_text_keeps_the_declaration_in_place() -> None:
    src = (
        "// Пасьянс «Паук»: правила\n"
        "(function () {\n"
        "  const COLS = 10;\n"
        "  const CARD_WIDTH = 71;\n"
        "  const TOTAL_CARDS = 104; // две колоды\n"
        "})();\n"
    )
    read = reading_text(src)
    assert len(read) == len(src)
    lines = [" ".join(x.split()) for x in read.split("\n") if x.strip()]
    assert lines == [
        "Пасьянс «Паук»: правила",
        ". COLS = 10.",
        "TOTAL_CARDS = 104.",
        "две колоды",
    ]
    at = read.index("COLS = 10")
    assert src[at : at + 9] == "COLS = 10"


def test_a_macro_and_a_member_are_kept_as_declarations() -> None:
    src = (
        "/* Пасьянс «Свободная ячейка» */\n"
        "#define NUM_FREECELLS 4\n"
        "void init(Game *g) {\n"
        "    this.tableauCount = 8;\n"
        "}\n"
    )
    lines = [" ".join(x.split()) for x in reading_text(src).split("\n") if x.strip()]
    # the macro's line reads as a comment's would (no stop before it: the sentence splitter
    # sets the declaration apart, below)
    assert lines == ["Пасьянс «Свободная ячейка»", "NUM_FREECELLS=4", ". this.tableauCount = 8."]
    text = "Пасьянс. this.tableauCount = 8. NUM_FREECELLS=4"
    assert [text[a:b] for a, b in split_sentences(text)] == [
        "Пасьянс.",
        "this.tableauCount = 8.",
        "NUM_FREECELLS=4",
    ]


def test_a_declaration_is_a_sentence_of_its_own() -> None:
    text = "COLS = 10. какие масти участвуют"
    assert [text[a:b] for a, b in split_sentences(text)] == ["COLS = 10.", "какие масти участвуют"]
    text = "Колоды NUM_DECKS = 2"
    assert [text[a:b] for a, b in split_sentences(text)] == ["Колоды", "NUM_DECKS = 2"]
    prose = "Сдают 104 карты = 8 мастей. Далее играют."
    assert [prose[a:b] for a, b in split_sentences(prose)] == [
        "Сдают 104 карты = 8 мастей.",
        "Далее играют.",
    ]


FREECELL_CS = """// Пасьянс «Свободная ячейка»
namespace FreeCellGame
{
    public class Rules
    {
        public const int FREE_CELLS = 4;
        public const int FOUNDATIONS = 4;
        private const int TableauColumns = 8;
        private const int CARD_WIDTH = 71;
        private const int ANIMATION_SPEED = 300;

        // Все карты раздаются в открытую.
        // Карту можно положить на карту другого цвета на единицу старше.
        // Основания собираются по мастям от туза до короля.
        public void Deal() { }
    }
}
"""

KLONDIKE_PY = '''# Пасьянс «Косынка»
NUM_DECKS = 1
DRAW_COUNT = 3
MAX_PASSES = 3
WIDTH = 7


class Game:
    """Карты на столе кладут в убывающем порядке, чередуя цвета.
    На пустое место можно положить только короля.
    """
'''

SPIDER_JS = """/* Пасьянс «Паук» */
(() => {
  'use strict';
  const COLS = 10;
  const TOTAL_CARDS = 104;
  const GAP = 12;
  // Раздача: первые четыре столбца по шесть карт, остальные по пять.
  // На столбец можно класть любую карту на единицу младше, масть не важна.
})();
"""


def _draft(tmp_path: Path, name: str, text: str) -> dict:
    return draft_of(tmp_path, name, text).spec


def _cited(spec: dict, field: str) -> str:
    entry = spec["provenance"][field]
    assert entry["origin"] == "text"
    return entry["quote"]


def test_a_csharp_freecell_states_its_cells_foundations_and_columns(tmp_path: Path) -> None:
    spec = _draft(tmp_path, "freecell.cs", FREECELL_CS)
    piles = spec["piles"]
    assert piles["cells"]["count"] == 4
    assert piles["foundations"]["count"] == 4
    assert piles["columns"]["count"] == 8
    assert _cited(spec, "piles.cells.count") == "FREE_CELLS = 4"
    assert _cited(spec, "piles.columns.count") == "TableauColumns = 8"
    # the citation points at the line of code in the file
    span = spec["provenance"]["piles.cells.count"]["spans"][0]
    assert FREECELL_CS[span["start"] : span["end"]] == "FREE_CELLS = 4"


def test_a_python_klondike_states_its_packs_draw_and_passes(tmp_path: Path) -> None:
    spec = _draft(tmp_path, "klondike.py", KLONDIKE_PY)
    assert spec["decks"] == 1
    assert _cited(spec, "decks") == "NUM_DECKS = 1"
    turn = spec["moves"]["turn"]
    assert (turn["count"], turn["recycle"]) == (3, 2)
    assert _cited(spec, "moves.turn.count") == "DRAW_COUNT = 3"
    assert _cited(spec, "moves.turn.recycle") == "MAX_PASSES = 3"


def test_a_js_spider_states_its_columns_and_packs(tmp_path: Path) -> None:
    spec = _draft(tmp_path, "spider.js", SPIDER_JS)
    assert spec["decks"] == 2
    (tableau,) = [p for p in spec["piles"].values() if p["role"] == "tableau"]
    assert tableau["count"] == 10
    # «первые четыре столбца по шесть карт, остальные по пять» over the ten columns
    first, rest = spec["deal"]
    assert (first["to"], first["rounds"]) == ([f"columns.{i}" for i in range(1, 5)], 1)
    assert (rest["to"], rest["rounds"]) == (["columns"], 5)
    assert _cited(spec, "piles.columns.count") == "COLS = 10"
    assert _cited(spec, "decks") == "TOTAL_CARDS = 104"


def test_constants_that_name_no_rule_change_nothing(tmp_path: Path) -> None:
    plain = (
        "# Пасьянс «Косынка»\n"
        "class Game:\n"
        '    """Карты на столе кладут в убывающем порядке, чередуя цвета.\n'
        "    На пустое место можно положить только короля.\n"
        '    """\n'
    )
    noisy = plain.replace(
        "class Game:\n",
        "class Game:\n    WIDTH = 7\n    CARD_WIDTH = 71\n    TABLEAU = 1\n    FOUNDATION = 2\n",
    )
    a, b = _draft(tmp_path, "a.py", plain), _draft(tmp_path, "b.py", noisy)
    a.pop("provenance"), b.pop("provenance")
    a.pop("source"), b.pop("source")
    assert a == b


def test_a_program_with_only_named_values_is_no_game(tmp_path: Path) -> None:
    path = tmp_path / "consts.js"
    path.write_text(
        "// Настройки\nconst COLS = 10;\nconst TOTAL_CARDS = 104;\nconst FREE_CELLS = 4;\n",
        encoding="utf-8",
    )
    with pytest.raises(DataError, match="no Russian patience game found"):
        build([path])


def test_piles_counted_are_read_as_the_tableaus_columns() -> None:
    from pipeline.extract.readers.named import named_value_facts
    from pipeline.segment.named_values import statement

    assert statement("PILES_AMOUNT = 7.") == ("piles", 7)
    assert named_value_facts("piles", 7) == [("tableau.count_said", {"noun": "COLUMN", "count": 7})]
