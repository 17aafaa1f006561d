"""The same rules written in other languages read as their original (issue 18,
`benchmarks/variants_lang.py`): a Klondike-like module in JavaScript and its translations into
Python, Lua, Go, Java and Kotlin, each written by hand in the idioms of its language (a loop
bound in the language's loop syntax, a pile's size as `len(x)`, `#x`, `.size()`, a card
added by `append`/`table.insert`/`.add`, blocks by indentation or `end`, comments marked `#`
or `--`), whose key facts must equal the original's exactly; a Spider written in Lua alone;
and the tokens and blocks those readers stand on. Every program is written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from code_facts import facts_of, said_in

from pipeline.segment.code import reading_text
from pipeline.segment.code_loops import headers
from pipeline.segment.code_source import Source, tokens

WANT = {
    "tableau.piles": 7,
    "tableau.cards": [1, 2, 3, 4, 5, 6, 7],
    "tableau.face": "down-but-last",
    "build.direction": "down",
    "build.suit": "alternate",
    "space": "K",
}

JS = """// Пасьянс «Косынка»
// Цель игры: собрать все карты в основания по мастям.
const COLS = 7;

function deal(deck) {
  const tableau = [];
  // Раздача
  for (let i = 0; i < COLS; i++) {
    tableau.push([]);
    for (let j = 0; j <= i; j++) {
      const card = deck.pop();
      card.faceUp = (j === i);
      tableau[i].push(card);
    }
  }
  return tableau;
}

function canDropOnTableau(moving, col) {
  if (col.length === 0) return moving.rank === 13;
  const top = col[col.length - 1];
  return isRed(moving) !== isRed(top) && moving.rank === top.rank - 1;
}
"""

TRANSLATIONS = {
    "klondike.py": """# Пасьянс «Косынка»
# Цель игры: собрать все карты в основания по мастям.
COLS = 7


def deal(deck):
    tableau = []
    # Раздача
    for i in range(COLS):
        tableau.append([])
        for j in range(i + 1):
            card = deck.pop()
            card.face_up = j == i
            tableau[i].append(card)
    return tableau


def can_drop_on_tableau(moving, col):
    if len(col) == 0:
        return moving.rank == 13
    top = col[len(col) - 1]
    return is_red(moving) != is_red(top) and moving.rank == top.rank - 1
""",
    "klondike.lua": """-- Пасьянс «Косынка»
-- Цель игры: собрать все карты в основания по мастям.
local COLS = 7

function deal(deck)
  local tableau = {}
  -- Раздача
  for i = 1, COLS do
    tableau[i] = {}
    for j = 1, i do
      local card = deck.pop()
      card.faceUp = (j == i)
      table.insert(tableau[i], card)
    end
  end
  return tableau
end

function canDropOnTableau(moving, col)
  if #col == 0 then return moving.rank == 13 end
  local top = col[#col]
  return isRed(moving) ~= isRed(top) and moving.rank == top.rank - 1
end
""",
    "klondike.go": """// Пасьянс «Косынка»
// Цель игры: собрать все карты в основания по мастям.
const COLS = 7

func deal(deck *Deck) [][]Card {
	tableau := [][]Card{}
	// Раздача
	for i := 0; i < COLS; i++ {
		tableau = append(tableau, []Card{})
		for j := 0; j <= i; j++ {
			card := deck.pop()
			card.faceUp = j == i
			tableau[i] = append(tableau[i], card)
		}
	}
	return tableau
}

func canDropOnTableau(moving interface{}, col []Card) bool {
	if len(col) == 0 {
		return moving.rank == 13
	}
	top := col[len(col)-1]
	return isRed(moving) != isRed(top) && moving.rank == top.rank-1
}
""",
    "Klondike.java": """// Пасьянс «Косынка»
// Цель игры: собрать все карты в основания по мастям.
public class Klondike {
    static final int COLS = 7;

    public List<List<Card>> deal(Deck deck) {
        List<List<Card>> tableau = new ArrayList<>();
        // Раздача
        for (int i = 0; i < COLS; i++) {
            tableau.add(new ArrayList<>());
            for (int j = 0; j <= i; j++) {
                Card card = deck.pop();
                card.faceUp = (j == i);
                tableau.get(i).add(card);
            }
        }
        return tableau;
    }

    public boolean canDropOnTableau(Card moving, List<Card> col) {
        if (col.size() == 0) return moving.rank == 13;
        Card top = col.get(col.size() - 1);
        return isRed(moving) != isRed(top) && moving.rank == top.rank - 1;
    }
}
""",
    "Klondike.kt": """// Пасьянс «Косынка»
// Цель игры: собрать все карты в основания по мастям.
const val COLS = 7

fun deal(deck: Deck): List<MutableList<Card>> {
    val tableau = mutableListOf<MutableList<Card>>()
    // Раздача
    for (i in 0 until COLS) {
        tableau.add(mutableListOf())
        for (j in 0..i) {
            val card = deck.pop()
            card.faceUp = (j == i)
            tableau[i].add(card)
        }
    }
    return tableau
}

fun canDropOnTableau(moving: Card, col: List<Card>): Boolean {
    if (col.size == 0) return moving.rank == 13
    val top = col[col.size - 1]
    return isRed(moving) != isRed(top) && moving.rank == top.rank - 1
}
""",
}


def _facts(tmp_path: Path, name: str, text: str) -> dict:
    got = facts_of(tmp_path, name, text)
    return {k: got.get(k) for k in WANT}


def test_the_original_states_its_facts(tmp_path: Path) -> None:
    assert _facts(tmp_path, "klondike.js", JS) == WANT


@pytest.mark.parametrize("name", sorted(TRANSLATIONS))
def test_a_translation_states_the_same_facts(tmp_path: Path, name: str) -> None:
    assert _facts(tmp_path, name, TRANSLATIONS[name]) == WANT


# A Spider in Lua alone (no development passage is Lua): ten columns, the first four of six
# cards and the rest of five, the last face up; a card goes on one a rank higher of any suit,
# any card into a space; a row dealt from the stock onto every column when the player asks.
SPIDER_LUA = """-- Пасьянс «Паук»
-- Цель: собрать восемь полных рядов от короля до туза.
local COLUMNS = 10 -- на столе десять столбцов, как в Windows

function newGame(deck)
  local columns = {}
  for c = 1, COLUMNS do
    columns[c] = {}
    local count = 5
    if c <= 4 then count = 6 end
    for i = 1, count do
      local card = deck.pop()
      card.faceUp = (i == count)
      table.insert(columns[c], card)
    end
  end
  return columns
end

-- можно ли положить карту на столбец
function canPlace(card, column)
  if #column == 0 then return true end
  local top = column[#column]
  return card.rank == top.rank - 1
end
"""


def test_a_spider_in_lua(tmp_path: Path) -> None:
    got = facts_of(tmp_path, "spider.lua", SPIDER_LUA)
    assert (got.get("build.direction"), got.get("build.suit"), got.get("space")) == (
        "down",
        "any",
        "any",
    )


@pytest.mark.parametrize(
    "src, texts",
    [
        ("x = a -- комментарий", ["x", "=", "a"]),
        ("i--; --j;", ["i", "--", ";", "--", "j", ";"]),
        ("if #pile == 0 then", ["if", "#", "pile", "==", "0", "then"]),
        ("if a ~= b then", ["if", "a", "~=", "b", "then"]),
        ("n = 5  # комментарий", ["n", "=", "5"]),
        ("#include <stdio.h>", ["#", "include", "<", "stdio", ".", "h", ">"]),
    ],
)
def test_comments_and_operators_of_other_languages(src: str, texts: list[str]) -> None:
    assert [t.text for t in tokens(src)] == texts


@pytest.mark.parametrize(
    "src, lo, hi",
    [
        ("for i = 1, 7 do", 1, 8),
        ("for i = 0, COLS - 1 do", 0, ("COLS", 0)),
        ("for i := 1 to 7 do", 1, 8),
        ("for (i in 0 until 7) {", 0, 7),
        ("for (i in 0..6) {", 0, 7),
        ("for i := 0; i < 7; i++ {", 0, 7),
    ],
)
def test_a_loop_bound_in_any_loop_syntax(src: str, lo: int, hi: int | tuple) -> None:
    (h,) = headers(src)
    assert h.lo.offset == lo
    assert (
        (h.hi.name, h.hi.offset) == hi
        if isinstance(hi, tuple)
        else (h.hi.name, h.hi.offset) == ("", hi)
    )


def test_lua_blocks_close_at_end() -> None:
    src = Source(
        "function canPlace(card, top)\n"
        "  if #top == 0 then\n"
        "    return card.rank == 13\n"
        "  else\n"
        "    return card.rank == top.rank - 1\n"
        "  end\n"
        "end\n"
        "x = 1\n"
    )
    by_line = {}
    for k, t in enumerate(src.toks):
        by_line.setdefault(
            t.line, [" ".join(x.text for x in src.headers[h]) for h in src.scopes[k]]
        )
    assert by_line[2] == ["function canPlace ( card , top )", "if # top == 0"]
    assert by_line[4] == ["function canPlace ( card , top )", "else"]
    assert by_line[7] == []


def test_go_empty_interface_is_no_block() -> None:
    src = Source("func canPlace(card interface{}, pile []Card) bool {\n  return true\n}\n")
    ret = next(k for k, t in enumerate(src.toks) if t.text == "return")
    (h,) = src.scopes[ret]
    assert [t.text for t in src.headers[h]][:2] == ["func", "canPlace"]


def test_a_lua_comment_is_read_as_text() -> None:
    read = reading_text(SPIDER_LUA)
    assert (
        "десять столбцов, как в Windows" in read
        and "можно ли положить" in read
        and "--" not in read
    )
    assert "local" not in read and len(read) == len(SPIDER_LUA)


def test_a_bound_named_in_a_settings_object(tmp_path: Path) -> None:
    text = JS.replace("const COLS = 7;", "const RULES = { COLS: 7, DRAW: 1 };").replace(
        "i < COLS", "i < RULES.COLS"
    )
    assert "RULES.COLS" in text
    assert _facts(tmp_path, "klondike.js", text) == WANT


# A check as a Java lambda (any card into a space, down in alternate colours) states what
# the JavaScript arrow function states; PHP's and C++'s member arrows stay members.
ARROW_JS = (
    "// Пасьянс «Свободная ячейка»\n"
    "// Цель игры: собрать все карты в основания по мастям.\n"
    "const canStack = (card, onto) => !onto || "
    "(isRed(onto) !== isRed(card) && onto.rank === card.rank + 1);\n"
)
ARROW_JAVA = (
    "// Пасьянс «Свободная ячейка»\n"
    "// Цель игры: собрать все карты в основания по мастям.\n"
    "BiPredicate<Card, Card> canStack = (card, onto) -> onto == null || "
    "(isRed(onto) != isRed(card) && onto.rank == card.rank + 1);\n"
)


def test_a_java_lambda_is_an_arrow_function() -> None:
    js = said_in(ARROW_JS)
    assert js == [("build_alt_colour", 1, 3), ("build_down", 1, 3), ("space_any", 1, 3)]
    assert said_in(ARROW_JAVA) == js
    assert [t.text for t in tokens("$pile->top()->rank")][1:2] == ["->"]


def test_a_bound_declared_short_in_go() -> None:
    go = (
        TRANSLATIONS["klondike.go"]
        .replace("const COLS = 7\n", "")
        .replace("\ttableau := [][]Card{}\n", "\ttableau := [][]Card{}\n\tCOLS := 7\n")
    )
    assert "COLS := 7" in go
    assert ("deal_triangle", 7, 8) in said_in(go)


# A move to a foundation refused unless the suits agree, and one card drawn from the stock
# onto the waste: the same statements in JavaScript, Go and Lua, line for line.
FOUNDATION = {
    "js": """function tryMove(target) {
  if (target.type === 'foundation') {
    const card = selected[0];
    if (target.suit !== card.suit) return false;
    foundations[card.suit].push(card);
  }
}
function drawFromStock() {
  const card = state.stock.pop();
  card.faceUp = true;
  state.waste.push(card);
}
""",
    "go": """func tryMove(target Target) bool {
  if target.type == "foundation" {
    card := selected[0]
    if target.suit != card.suit { return false }
    foundations[card.suit] = append(foundations[card.suit], card)
  }
}
func drawFromStock() {
  card := state.stock.pop()
  card.faceUp = true
  state.waste = append(state.waste, card)
}
""",
    "lua": """function tryMove(target)
  if target.type == "foundation" then
    local card = selected[1]
    if target.suit ~= card.suit then return false end
    table.insert(foundations[card.suit], card)
  end
end
function drawFromStock()
  local card = state.stock.pop()
  card.faceUp = true
  table.insert(state.waste, card)
end
""",
}


@pytest.mark.parametrize("lang", ["go", "lua"])
def test_a_refusing_branch_and_a_draw_without_brackets(lang: str) -> None:
    want = said_in(FOUNDATION["js"])
    assert {name for name, _, _ in want} == {"found_suited", "draw"}
    assert said_in(FOUNDATION[lang]) == want


def test_a_lua_length_of_an_indexed_pile_is_no_comment() -> None:
    js = (
        "function canPlace(card, t) {\n"
        "  return !tableau[t].length || top(tableau[t]).rank === card.rank + 1;\n"
        "}\n"
    )
    lua = (
        "function canPlace(card, t)\n"
        "  return #tableau[t] == 0 or top(tableau[t]).rank == card.rank + 1\n"
        "end\n"
    )
    assert [t.text for t in tokens(lua)][7:14] == ["return", "#", "tableau", "[", "t", "]", "=="]
    assert said_in(js) == [("build_down_any", 1, 2), ("space_any", 1, 2)]
    assert said_in(lua) == said_in(js)


# A guard that refuses every pile but the tableau, then the tableau's rule (a king into a
# space, down in alternate colours): brackets or none around the guard's condition.
GUARDED = {
    "js": """function canMove(card, dest, pile) {
  if (!dest.startsWith('tableau')) {
    return false;
  }
  if (pile.length === 0) {
    return card.rank === 13;
  }
  const top = pile[pile.length - 1];
  return card.color !== top.color && card.rank === top.rank - 1;
}
""",
    "go": """func canMove(card Card, dest string, pile []Card) bool {
  if !dest.startsWith('tableau') {
    return false
  }
  if len(pile) == 0 {
    return card.rank == 13
  }
  top := pile[len(pile) - 1]
  return card.color != top.color && card.rank == top.rank - 1
}
""",
}


def test_a_guard_without_brackets_leaves_its_pile() -> None:
    js = said_in(GUARDED["js"])
    assert {name for name, _, _ in js} == {"space_rank", "build_alt_colour", "build_down"}
    assert said_in(GUARDED["go"]) == js
