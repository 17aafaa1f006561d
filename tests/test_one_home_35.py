"""One home per concept (tidy-4, thirty-fifth round): what the twins merged still decide."""

from __future__ import annotations

from test_segment import plain

from pipeline.segment.code import _statements_apart, _strings_apart
from pipeline.segment.code_moves import _scope
from pipeline.segment.code_rules import lays_out
from pipeline.segment.code_source import Source, function_line
from pipeline.segment.code_stock import as_stock
from pipeline.segment.finding import program_states_rules, running_spans

_CHECK = """\
function canMove(cards, t) {
  let ok = false;
  cards.forEach((c) => {
    if (c.rank === t.rank - 1) {
      ok = true;
    }
  });
  try { ok = ok && t.open; } catch (e) {
    ok = false;
  }
  return ok;
}
const n = 7;
"""


def test_the_function_a_token_stands_in_is_found_once_for_lines_and_tokens() -> None:
    # a loop's callback (`forEach(… => {`), a branch and a `catch (e) {` block are no
    # function, the check is (main's `function_of` took the callback for one, `function_line`
    # the `catch` block)
    src = Source(_CHECK)
    toks = src.toks
    inner = next(k for k, t in enumerate(toks) if t.line == 4 and t.text == "ok")
    caught = next(k for k, t in enumerate(toks) if t.line == 8 and t.text == "ok")
    top = next(k for k, t in enumerate(toks) if t.text == "n")
    check = src.function_at(inner)
    assert check is not None and src.headers[check][0].text == "function"
    assert function_line(src, 4) == 0 and _scope(src, inner) == (src.first[check], src.ends[check])
    assert src.function_at(caught) == check and function_line(src, 8) == 0
    assert src.function_at(top) is None and function_line(src, 12) == -1
    assert _scope(src, top) == (0, len(toks))


def test_one_scan_of_string_literals_sets_statements_and_strings_apart() -> None:
    # a `;` in a string or in a line comment is no statement's end; a quote in the comment
    # opens no string (the comment ends at the next statement's end)
    line = 'a("x; y"); // don\'t; b = 1; c = "q; r"; d;'
    assert _statements_apart(line) == 'a("x; y");\n// don\'t;\nb = 1;\nc = "q; r";\nd;'
    words = " ".join(f'"Строка номер {k} правил"' for k in range(5))
    listed = "ru = [" + words.replace('" "', '", "') + "]"
    apart = _strings_apart(listed)
    assert apart.count("\n") == 4 and len(apart) == len(listed)
    assert _strings_apart(listed.replace('", "', '" + "')) == listed.replace('", "', '" + "')


def test_a_stock_class_is_read_as_the_stock_once_per_source() -> None:
    src = Source("class DeckPile extends CardPile {\n  take() { addCard(pop()); }\n}\n")
    lines = as_stock(src)
    assert lines[1] == "  take() { deck.addCard(deck.pop()); }"
    assert as_stock(src) is lines


def test_a_program_states_rules_by_two_rules_of_play_not_by_its_layout() -> None:
    # `program_states_rules` asks whether a program's code says how the cards move: an
    # uneven deal (`deal_first_4_by_6_rest`, kind uneven_4_6) lays them out, as the even deal
    # does; a row dealt from the stock when asked (`deal_rows`), like a draw, is a move of play
    assert lays_out("uneven_4_6") and lays_out("deal_piles") and lays_out("columns")
    assert not lays_out("deal_rows") and not lays_out("draw") and not lays_out("build_down")
    head = "// Класс для работы с колодами карт.\n"
    cases = {
        "deal_first_4_by_6_rest = 7.\ndeal_piles = 8.\nbuild_down = 1.\n": False,
        "deal_4_by_6 = 7.\ndeal_last_up = 1.\ndeal_piles = 8.\n": False,
        "deal_rows = 1.\ndeal_piles = 10.\nbuild_down = 1.\n": True,
        "build_down = 1.\nbuild_alt_colour = 1.\n": True,
    }
    for body, states in cases.items():
        nt = plain(head + body)
        assert program_states_rules(nt, running_spans(nt)) is states, body
    nt = plain("deal_rows = 1.\nbuild_down = 1.\n")  # no Russian word names cards
    assert not program_states_rules(nt, running_spans(nt))
