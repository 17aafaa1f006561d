"""Finding games in any text (issue 18 §2), forty-second round: one game per program object
titled by its name key (modes of play whose rules are their named values, a collection's
objects named in Latin letters), and a second game introduced by a line label. Texts written
for these tests after the shapes of real program files and rule lists (regression material,
not evidence); `REAL` passages are of the development sets.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest
from ingest_helpers import ingested
from test_finding_22 import REAL, refusal
from test_finding_40 import found

from pipeline.extract import extract_game
from pipeline.segment.finding import sibling_label
from pipeline.segment.named_values import declaration, meaning, named_values, statement

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from real_quality import spec_facts


def drafts(text: str, name: str) -> list[tuple[str, dict]]:
    """(id, key facts of its checked draft) of each game found in `text` saved as `name`."""
    result = ingested(text, name)
    by_id = {g["id"]: g for g in result.games}
    out = []
    for g in (by_id[i] for s in result.sources for i in s.games):
        ex = extract_game(g, result.scans)
        assert ex.checked is not None
        out.append((g["id"], spec_facts(ex.checked.rules)))
    return out


def turn(facts: dict) -> tuple:
    return facts.get("stock.turn"), facts.get("redeals")


# --- modes of play: one game per titled object ---------------------------------------------

MODES = """export const Modes = {
  STANDARD: {
    name: 'Обычный',
    rules: {
      drawCount: 3,
      maxRedeals: 2,
    },
    scoring: {
      foundation: 10,  // +10 за каждую карту, положенную на основание
    },
  },
  FAST: {
    name: 'Быстрый',
    rules: {
      drawCount: 1,
      maxRedeals: 0,
    },
  },
  FREE: {
    name: 'Свободный',
    rules: {
      drawCount: 1,
      maxRedeals: Infinity,
    },
  },
};
"""


def _lines(text: str) -> list[str]:
    return text.split("\n")


def test_a_kind_said_once_in_each_titled_object_is_each_one_s_rule() -> None:
    lines = _lines(MODES)
    titles = [i for i, line in enumerate(lines) if "name:" in line]
    kept = named_values(lines, [True] * len(lines), titles)
    assert [(lines[i].strip(), d.kind, d.number) for i, d in kept.items()] == [
        ("drawCount: 3,", "draw", 3),
        ("maxRedeals: 2,", "redeals", 2),
        ("drawCount: 1,", "draw", 1),
        ("maxRedeals: 0,", "redeals", 0),
        ("drawCount: 1,", "draw", 1),
        ("maxRedeals: Infinity,", "turn_back", 1),
    ]
    # without the titles (or with one) a kind said with two values says nothing, as before
    assert [d.kind for d in named_values(lines, [True] * len(lines)).values()] == ["turn_back"]
    assert [d.kind for d in named_values(lines, [True] * len(lines), titles[:1]).values()] == [
        "turn_back"
    ]


def test_a_kind_said_twice_in_one_object_or_outside_them_says_nothing() -> None:
    twice = ["A = {", "  name: 'Обычный',", "  drawCount: 3,", "  drawCount: 1,", "};"]
    twice += ["B = {", "  name: 'Быстрый',", "  drawCount: 1,", "};"]
    assert named_values(twice, [True] * len(twice), [1, 6]) == {}
    outside = ["const DRAW_COUNT = 3;", "A = {", "  name: 'Обычный',", "  drawCount: 1,", "};"]
    outside += ["B = {", "  name: 'Быстрый',", "  drawCount: 1,", "};"]
    assert named_values(outside, [True] * len(outside), [2, 6]) == {}
    # the same value outside and inside: one rule, kept
    same = ["const DRAW_COUNT = 1;", *outside[1:]]
    assert [d.number for d in named_values(same, [True] * len(same), [2, 6]).values()] == [1] * 3


def test_a_value_before_its_object_s_name_is_in_no_object() -> None:
    lines = ["A = {", "  name: 'Обычный',", "  drawCount: 3,", "},", "B = {", "  drawCount: 1,"]
    lines += ["  name: 'Быстрый',", "};"]
    assert named_values(lines, [True] * len(lines), [1, 6]) == {}


@pytest.mark.parametrize(
    "line",
    [
        "maxRedeals: Infinity,",
        "MAX_PASSES = math.inf",
        "redealLimit = Number.POSITIVE_INFINITY;",
        "public int MaxRedeals = Double.PositiveInfinity;",
    ],
)
def test_no_limit_on_the_redeals_turns_the_talon_back(line: str) -> None:
    named = declaration(line)
    assert named is not None and (named.kind, named.number, named.value) == (
        "turn_back",
        1,
        math.inf,
    )


def test_no_limit_elsewhere_states_nothing() -> None:
    assert declaration("drawCount: Infinity,") is None
    assert declaration("maxUndos: Infinity,") is None
    assert meaning("NUM_COLUMNS", math.inf) is None
    assert statement("maxRedeals = Infinity.") == ("turn_back", 1)
    assert statement("build_down = Infinity.") is None


def test_each_mode_of_play_is_a_game_with_its_own_draw_and_redeals() -> None:
    got = drafts(MODES, "modes.js")
    assert [(gid, turn(f)) for gid, f in got] == [
        ("obychnyi", (3, 2)),
        ("bystryi", (1, 0)),
        ("svobodnyi", (1, "unlimited")),
    ]


def test_the_development_modes_config_gives_five_games() -> None:
    path = REAL / "code-kosynka-modes-config.txt"
    got = drafts(path.read_text(encoding="utf-8"), path.name)
    assert [(gid, turn(f)) for gid, f in got] == [
        ("klassicheskii", (3, 1)),
        ("vegasskii", (1, 0)),
        ("na-vremya", (3, 1)),
        ("ekspert", (3, 1)),
        ("rasslablennyi", (3, "unlimited")),
    ]


def test_modes_alone_are_no_game() -> None:
    text = "\n".join(
        line for line in MODES.split("\n") if "//" not in line
    )  # no Russian but the modes' names
    assert refusal(text, "modes.js") == (
        "the text states rules only as a program's named values, none in words (6 values: "
        "«drawCount= 3.», …)"
    )


def test_modes_beside_a_sentence_that_states_no_rule_are_refused_as_before() -> None:
    text = "// Награды зависят от режима игры и сложности.\n" + "\n".join(
        line for line in MODES.split("\n") if "//" not in line
    )
    assert refusal(text, "modes.js") == (
        "the text states no rule of a patience game (none of its 10 sentences lays out cards, "
        "moves them or names a goal)"
    )


def test_modes_beside_rules_in_prose_stay_out_of_the_game() -> None:
    text = (
        "// Косынка: карты раскладывают в семь столбцов, тузы кладут на основания.\n"
        "// В столбцах карты кладут по убыванию, чередуя цвета.\n"
        + "\n".join(line for line in MODES.split("\n") if "//" not in line)
    )
    assert found(text, "modes.js") == [
        (
            "untitled-modes-1",
            None,
            "Косынка: карты раскладывают в семь столбцов, тузы кладут на основания.",
            "В столбцах карты кладут по убыванию, чередуя цвета.",
        )
    ]


# --- a collection's objects named in Latin letters -----------------------------------------

SPIDER = (
    "Перетаскивайте карты, чтобы построить нисходящие последовательности одной масти. Нажмите "
    "на запас, чтобы сдать по карте в каждую колонку."
)
FREECELL = (
    "Карты раскладывают в восемь столбцов. Стройте столбцы по убыванию, чередуя цвета. Тузы "
    "кладут на основания и собирают по масти до короля."
)


def collection(*entries: tuple[str, str, str]) -> str:
    """A JavaScript table of games: key, title and the Russian `controls` line of each."""
    body = "".join(
        f"  '{key}': {{\n    title: '{title}',\n"
        + (f"    controls: '{said}',\n" if said else f"    icon: '{key}.png',\n")
        + "  },\n"
        for key, title, said in entries
    )
    return "export const GAMES = {\n" + body + "};\n"


def test_each_object_named_in_latin_letters_is_a_game() -> None:
    text = collection(("spider", "Spider Solitaire", SPIDER), ("freecell", "FreeCell", FREECELL))
    assert sorted(found(text, "games.js"), reverse=True) == [
        (
            "spider-solitaire",
            "Spider Solitaire",
            "Перетаскивайте карты, чтобы построить нисходящие последовательности одной масти.",
            "Нажмите на запас, чтобы сдать по карте в каждую колонку.",
        ),
        (
            "freecell",
            "FreeCell",
            "Карты раскладывают в восемь столбцов.",
            "Тузы кладут на основания и собирают по масти до короля.",
        ),
    ]


def test_the_development_portal_table_gives_its_two_games() -> None:
    path = REAL / "code-google-games-controls-ru.txt"
    got = drafts(path.read_text(encoding="utf-8"), path.name)
    assert [gid for gid, _ in got] == ["google-spider-solitaire", "google-freecell"]
    assert {k: got[1][1].get(k) for k in ("build.direction", "build.suit")} == {
        "build.direction": "down",
        "build.suit": "alternate",
    }


@pytest.mark.parametrize(
    "entries",
    [
        # one object: its Russian text is the file's
        [("freecell", "FreeCell", FREECELL)],
        # a title that names no game: the objects are not told apart
        [("spider", "Spider Solitaire", SPIDER), ("settings", "Settings", FREECELL)],
        # named objects with no Russian text; the rules stand elsewhere
        [("spider", "Spider Solitaire", ""), ("freecell", "FreeCell", FREECELL)],
    ],
)
def test_latin_titles_that_tell_no_objects_apart_name_nothing(entries: list) -> None:
    got = found(collection(*entries), "games.js")
    assert [(gid, title) for gid, title, _, _ in got] == [("untitled-games-1", None)]


def test_the_i18n_list_with_a_generic_title_keeps_its_one_patience() -> None:
    path = REAL / "code-kosynka-i18n.txt"
    got = found(path.read_text(encoding="utf-8"), path.name)
    assert [(gid, title) for gid, title, _, _ in got] == [
        ("kosynka-klondaik", "Косынка (Клондайк)")
    ]


# --- a second game introduced by a line label ----------------------------------------------

PAUK_LINE = (
    "Паук: две колоды, десять колонок. Карты кладут по убыванию одной масти. Собранная масть "
    "от короля до туза снимается.\n\n"
)
SOLITER_LINE = (
    "Солитер: семь колонок, запас и четыре базы по мастям от туза до короля. Карты в колонках "
    "кладут по убыванию, чередуя цвета.\n"
)


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ("Солитер: семь колонок, запас и четыре базы по мастям от туза до короля.", "Солитер"),
        ("Часы: 12 кучек по кругу и одна в центре, тузы на основания.", "Часы"),
    ],
)
def test_a_label_with_the_piles_and_another_place_is_a_sibling_s_name(line: str, name: str) -> None:
    cut = sibling_label(line)
    assert cut is not None and line[: cut[0]] == name


@pytest.mark.parametrize(
    "line",
    [
        "Вариант: семь колонок, запас и четыре базы по мастям.",  # a label word
        "Резерв: четыре стопки по три карты и основания.",  # a place
        "Раскладка: семь колонок и запас.",  # a part of the game
        "Поле: десять колонок, по шесть карт в первых четырёх.",  # the piles alone
        "Солитер: запас и четыре базы по мастям.",  # no count of piles first
        "Играют так: семь колонок и запас.",  # a verb
    ],
)
def test_a_label_that_names_no_sibling(line: str) -> None:
    assert sibling_label(line) is None


def test_a_second_game_after_a_line_label_is_its_own() -> None:
    assert found(PAUK_LINE + SOLITER_LINE) == [
        (
            "pauk",
            "Паук",
            "две колоды, десять колонок.",
            "Собранная масть от короля до туза снимается.",
        ),
        (
            "soliter",
            "Солитер",
            "семь колонок, запас и четыре базы по мастям от туза до короля.",
            "Карты в колонках кладут по убыванию, чередуя цвета.",
        ),
    ]


def test_the_development_card_table_gives_the_klondike_line_its_own_game() -> None:
    path = REAL / "code-ss13-card-table-rules.txt"
    got = drafts(path.read_text(encoding="utf-8"), path.name)
    assert [gid for gid, _ in got] == ["untitled-code-ss13-card-table-rules-1", "pauk", "soliter"]
    assert got[1][1]["tableau.piles"] == 10 and got[1][1]["decks"] == 2
    assert {k: got[2][1].get(k) for k in ("tableau.piles", "foundations", "foundation.base")} == {
        "tableau.piles": 7,
        "foundations": 4,
        "foundation.base": "A",
    }


def test_a_lone_label_line_heads_no_game() -> None:
    got = found("Правила\n\n" + SOLITER_LINE)
    assert [(gid, title, first) for gid, title, first, _ in got] == [
        (
            "untitled-page-1",
            None,
            "Солитер: семь колонок, запас и четыре базы по мастям от туза до короля.",
        )
    ]


def test_labels_after_a_labelled_game_that_name_no_game_stay_in_it() -> None:
    text = PAUK_LINE + (
        "Резерв: четыре стопки по три карты и основания. Раскладка: семь колонок и запас.\n\n"
        "Поле: десять колонок, по шесть карт в первых четырёх.\n\n"
        "Вариант: семь колонок, запас и четыре базы по мастям от туза до короля.\n"
    )
    assert found(text) == [
        (
            "pauk",
            "Паук",
            "две колоды, десять колонок.",
            "Вариант: семь колонок, запас и четыре базы по мастям от туза до короля.",
        )
    ]


def test_a_label_in_a_program_after_a_labelled_game_that_names_no_game_stays_in_it() -> None:
    text = (
        "/proc/rules()\n\tvar/list/rules = list()\n\tif(variant == SPIDER)\n"
        '\t\trules += "Паук: две колоды, десять колонок. Запас сдает по карте в каждую '
        'колонку."\n'
        '\t\trules += "Переносить можно открытую нисходящую последовательность одной масти."\n'
        '\telse\n\t\trules += "Вариант: семь колонок, запас и четыре базы по мастям от туза до '
        'короля."\n\treturn rules\n'
    )
    got = found(text, "rules.dm")
    assert [(gid, title, last) for gid, title, _, last in got] == [
        ("pauk", "Паук", "Вариант: семь колонок, запас и четыре базы по мастям от туза до короля.")
    ]
