"""The same rules in the languages and forms `benchmarks/variants_lang.py` and
`variants_data.py` added last (issue 18): the Klondike-like module of `test_variants_48`
written by hand in Ruby, PHP, Rust and Swift, whose key facts must equal the original's; a
Spider written in Ruby alone (no development passage is Ruby); an uneven deal's conditional
in each language's form; a bound read from a YAML or JSON config; and the pieces those
readers stand on (Ruby's loops and blocks, a modifier `if`, PHP's sigils, Swift's `..<`).
Every program is written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from code_facts import facts_of, said_in
from test_variants_48 import JS, WANT

from pipeline.segment.code import is_markup, reading_text
from pipeline.segment.code_loops import headers
from pipeline.segment.code_source import Source, sigils_dropped

TRANSLATIONS = {
    "klondike.rb": """# Пасьянс «Косынка»
# Цель игры: собрать все карты в основания по мастям.
COLS = 7

def deal(deck)
  tableau = []
  # Раздача
  COLS.times do |i|
    tableau.push([])
    (0..i).each do |j|
      card = deck.pop
      card.face_up = (j == i)
      tableau[i].push(card)
    end
  end
  tableau
end

def can_drop_on_tableau(moving, col)
  return moving.rank == 13 if col.length == 0
  top = col[col.length - 1]
  return is_red(moving) != is_red(top) && moving.rank == top.rank - 1
end
""",
    "klondike.php": """<?php
// Пасьянс «Косынка»
// Цель игры: собрать все карты в основания по мастям.
const COLS = 7;

function deal($deck) {
    $tableau = [];
    // Раздача
    for ($i = 0; $i < COLS; $i++) {
        $tableau[] = [];
        for ($j = 0; $j <= $i; $j++) {
            $card = array_pop($deck);
            $card->faceUp = ($j === $i);
            $tableau[$i][] = $card;
        }
    }
    return $tableau;
}

function canDropOnTableau($moving, $col) {
    if (count($col) === 0) return $moving->rank === 13;
    $top = $col[count($col) - 1];
    return isRed($moving) !== isRed($top) && $moving->rank === $top->rank - 1;
}
""",
    "klondike.rs": """// Пасьянс «Косынка»
// Цель игры: собрать все карты в основания по мастям.
const COLS: usize = 7;

fn deal(deck: &mut Deck) -> Table {
    let mut tableau = Table::new();
    // Раздача
    for i in 0..COLS {
        tableau.push(Pile::new());
        for j in 0..=i {
            let mut card = deck.pop().unwrap();
            card.face_up = j == i;
            tableau[i].push(card);
        }
    }
    tableau
}

fn can_drop_on_tableau(moving: &Card, col: &Pile) -> bool {
    if col.len() == 0 {
        return moving.rank == 13;
    }
    let top = &col[col.len() - 1];
    return is_red(moving) != is_red(top) && moving.rank == top.rank - 1;
}
""",
    "klondike.swift": """// Пасьянс «Косынка»
// Цель игры: собрать все карты в основания по мастям.
let COLS = 7

func deal(_ deck: inout [Card]) -> [[Card]] {
    var tableau: [[Card]] = []
    // Раздача
    for i in 0..<COLS {
        tableau.append([])
        for j in 0...i {
            let card = deck.removeLast()
            card.faceUp = (j == i)
            tableau[i].append(card)
        }
    }
    return tableau
}

func canDropOnTableau(_ moving: Card, _ col: [Card]) -> Bool {
    if col.count == 0 { return moving.rank == 13 }
    let top = col[col.count - 1]
    return isRed(moving) != isRed(top) && moving.rank == top.rank - 1
}
""",
}


def _facts(tmp_path: Path, name: str, text: str) -> dict:
    got = facts_of(tmp_path, name, text)
    return {k: got.get(k) for k in WANT}


@pytest.mark.parametrize("name", sorted(TRANSLATIONS))
def test_a_translation_states_the_same_facts(tmp_path: Path, name: str) -> None:
    assert _facts(tmp_path, "klondike.js", JS) == WANT
    assert _facts(tmp_path, name, TRANSLATIONS[name]) == WANT


# A Spider in Ruby alone: ten columns, the first four of six cards and the rest of five, the
# last face up; a card goes on one a rank higher of any suit (a run's check looks at suits,
# the check of the card does not), any card into a space; a row dealt from the stock.
SPIDER_RB = """# Пасьянс «Паук»
# Цель: собрать восемь полных рядов от короля до туза.
COLUMNS = 10 # на столе десять столбцов

class Spider
  def initialize(deck)
    @deck = deck
    @columns = []
    COLUMNS.times do |c|
      count = c < 4 ? 6 : 5
      pile = []
      count.times do |i|
        card = @deck.pop
        card.face_up = (i == count - 1)
        pile.push(card)
      end
      @columns.push(pile)
    end
  end

  def run?(pile, from)
    (from...pile.length - 1).each do |i|
      return false if pile[i].suit != pile[i + 1].suit
    end
    true
  end

  def deal_row
    return false if @deck.length < COLUMNS
    COLUMNS.times do |c|
      card = @deck.pop
      card.face_up = true
      @columns[c].push(card)
    end
    true
  end

  can_place = lambda do |card, column|
    return true if column.length == 0
    top = column[column.length - 1]
    return card.rank == top.rank - 1
  end
end
"""


def test_a_spider_in_ruby(tmp_path: Path) -> None:
    said = said_in(SPIDER_RB)
    assert [s for s in said if s[0].startswith("deal")] == [
        ("deal_piles", 10, 9),
        ("deal_first_4_by_6_rest", 5, 10),
        ("deal_last_up", 1, 14),
        ("deal_rows", 1, 30),
    ]
    got = facts_of(tmp_path, "spider.rb", SPIDER_RB)
    # (the uneven deal's line `count = c < 4 ? 6 : 5` is too short to hold its statement in
    # the reading text: the draft's cards are not asserted)
    assert {k: got.get(k) for k in ("tableau.piles", "tableau.face")} == {
        "tableau.piles": 10,
        "tableau.face": "down-but-last",
    }
    assert (got.get("build.direction"), got.get("build.suit"), got.get("space")) == (
        "down",
        "any",
        "any",
    )
    assert got.get("stock.turn") == "rows"


# the same deal with the count chosen in each language's conditional expression
_SPIDER_DEAL = """// Пасьянс «Паук»
const COLS = 10;
function newGame(deck) {{
  const tableau = [];
  for (let t = 0; t < COLS; t++) {{
    tableau.push(deck.splice(0, {choice}));
    tableau[t][tableau[t].length - 1].faceUp = true;
  }}
  return tableau;
}}
"""


@pytest.mark.parametrize(
    "choice",
    [
        "t < 4 ? 6 : 5",  # C, JavaScript, Java, Swift, Ruby, PHP
        "6 if t < 4 else 5",  # Python
        "if (t < 4) 6 else 5",  # Kotlin, Scala
        "if t < 4 { 6 } else { 5 }",  # Rust
        "t < 4 and 6 or 5",  # Lua
        "t <= 3 ? 6 : 5",  # the last of the first piles reached
    ],
)
def test_an_uneven_deal_in_each_conditional_form(choice: str) -> None:
    said = said_in(_SPIDER_DEAL.format(choice=choice))
    assert ("deal_first_4_by_6_rest", 5, 6) in said and ("deal_piles", 10, 5) in said


@pytest.mark.parametrize(
    "line, var, lo, hi",
    [
        ("7.times do |i|", "i", 0, 7),
        ("COLS.times { |i|", "i", 0, ("COLS", 0)),
        ("(n - 1).times do |i|", "i", 0, ("n", -1)),
        ("(0...7).each do |i|", "i", 0, 7),
        ("(1..7).each do |i|", "i", 1, 8),
        ("1.upto(7) do |i|", "i", 1, 8),
        ("for i in 0...7", "i", 0, 7),
        ("for i in 0..6 do", "i", 0, 7),
        ("for i in 0..<7 {", "i", 0, 7),  # Swift
        ("for i in 1...7 {", "i", 1, 8),  # Swift's `...` reaches its bound
        ("for i in 0..7 {", "i", 0, 7),  # Rust's `..` does not
    ],
)
def test_a_loop_bound_in_ruby_syntax(line: str, var: str, lo: int, hi: int | tuple) -> None:
    (h,) = headers(line)
    want = ("", hi) if isinstance(hi, int) else hi
    assert (h.var, h.lo.offset, (h.hi.name, h.hi.offset)) == (var, lo, want)


def test_ruby_blocks_close_at_end() -> None:
    src = Source(SPIDER_RB)
    heads = [" ".join(t.text for t in h) for h in src.headers]
    assert heads[:4] == [
        "class Spider",
        "def initialize ( deck )",
        "COLUMNS . times do | c |",
        "count . times do | i |",
    ]
    # `def run?` closes at its own `end`: the lambda after `deal_row` is the class's
    lam = next(i for i, t in enumerate(src.toks) if t.text == "lambda")
    assert [" ".join(t.text for t in src.headers[h])[:12] for h in src.scopes[lam]] == [
        "class Spider"
    ]


@pytest.mark.parametrize(
    "text, want",
    [
        (
            "canMove(a, b) {\n  return false if a.suit == b.suit\n  return a.rank == b.rank - 1\n}",
            [],
        ),
        ("def can_place(card, column)\n  return true if column.length == 0\nend", ["space_any"]),
    ],
)
def test_a_modifier_guards_the_statement_before_it(text: str, want: list[str]) -> None:
    # a suit compared in a refusing modifier is no rule that suits be the same
    assert [s for s, *_ in said_in("# Пасьянс\n" + text)] == want


def test_php_is_read_in_the_spelling_every_reader_knows() -> None:
    php = (
        "$this->piles[$i]->addCard(array_pop($this->deck));\n"
        "$t[$i] = array_splice($deck, 0, $i + 1);\n"
        "if (count($this->stock) == 0) array_push($this->waste, $c);\n"
        "$tableau[$i][] = $card;"
    )
    got = sigils_dropped(php).split("\n")
    assert [ln.rstrip() for ln in got] == [
        "this.piles[i].addCard(this.deck.pop());",
        "t[i] = deck.splice(0, i + 1);",
        "if (this.stock.length == 0) this.waste.push(c);",
        "tableau[i].push(card);",
    ]
    assert [len(ln) for ln in got] == [len(ln) for ln in php.split("\n")]
    assert sigils_dropped("const $el = $('#x');") == "const $el = $('#x');"  # not PHP


@pytest.mark.parametrize(
    "decl, use",
    [
        ('const CONFIG = JSON.parse(\'{"COLS": 7, "DRAW": 1}\');', "CONFIG.COLS"),
        ("const CONFIG = YAML.parse(`\nCOLS: 7\nDRAW: 1\n`);", "CONFIG.COLS"),
    ],
)
def test_a_bound_read_from_a_config_document(tmp_path: Path, decl: str, use: str) -> None:
    text = JS.replace("const COLS = 7;", decl).replace("i < COLS", f"i < {use}")
    assert use in text and "= 7;" not in text
    assert _facts(tmp_path, "klondike.js", text) == WANT


def test_a_swift_range_opens_no_tag() -> None:
    swift = (
        "// Пасьянс «Паук»\n"
        "let COLS = 10\n"
        "func deal() {\n"
        "  for t in 0..<COLS {\n"
        "    let canPlace = (card, t) => tableau[t].count == 0\n"
        "      || top(tableau[t]).rank == card.rank + 1\n"
        '    el.innerHTML = "<div class=\\"card\\">" + t + "</div>"\n'
        "  }\n"
        "}\n"
    )
    assert not is_markup(swift)  # two tags, not three: `<COLS {… =>` is none
    read = reading_text(swift)
    assert "space_any = 1." in read and "build_down_any = 1." in read


# Go: a count named by `:=` and a row dealt by `append`; a run told by a flag declared by `:=`
SPIDER_GO = """// Пасьянс «Паук»
const COLS = 10

func newGame(deck []Card) [][]Card {
	cols := make([][]Card, COLS)
	for c := 0; c < COLS; c++ {
		n := c < 4 ? 6 : 5
		for i := 0; i < n; i++ { cols[c] = append(cols[c], deck.pop()) }
		cols[c][n - 1].faceUp = true
	}
	return cols
}

func dealRow(cols [][]Card, stock []Card) {
	for t := 0; t < COLS; t++ {
		c := stock.pop()
		cols[t] = append(cols[t], c)
	}
}
"""


def test_go_short_declarations_name_a_count_and_a_row() -> None:
    assert [s for s in said_in(SPIDER_GO) if s[0].startswith("deal")] == [
        ("deal_piles", 10, 6),
        ("deal_first_4_by_6_rest", 5, 7),
        ("deal_last_up", 1, 9),
        ("deal_rows", 1, 15),
    ]


# Lua: the layout dealt by an inner loop up to the outer one's value, and a row from the stock
KLONDIKE_LUA_ROW = """-- Пасьянс «Паук-семёрка»
function deal(self)
  for i = 0, 6 do
    for j = 0, i do
      local card = self.deck.pop()
      card.faceUp = (j == i)
      self.piles[i].addCard(card)
    end
  end
end

function dealCards(self)
  for i = 0, 6 do
    local card = self.deck.pop()
    card.faceUp = true
    self.piles[i].addCard(card)
  end
end
"""


def test_a_lua_layout_up_to_the_outer_loop_and_a_row() -> None:
    said = said_in(KLONDIKE_LUA_ROW)
    assert ("deal_triangle", 7, 3) in said and ("deal_rows", 1, 13) in said
