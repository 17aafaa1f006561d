"""The safe foundation moves' conditions (ii), (iii) and the count of cards against places
(`pipeline.solve.safety`), each on a crafted one-suit deal where it alone refuses a move
that loses a won deal: the safe move picked, position by position, and the solver's win.

In the shipped games these conditions mask each other (tidy-1, `benchmarks/RESULTS.md`):
Blockade's two foundations per suit are alike and built one way, so a twin that could still
come to a foundation is also a card too many for its places. Here the foundations differ
(one built up from a 5, one down from a king), so each condition stands alone."""

from __future__ import annotations

from spec_games import make, two_ways

from pipeline.engine import compile_game
from pipeline.solve import Budget, Solver
from pipeline.solve.safety import SafeMoves
from pipeline.spec import load_spec_text


def _two_ways():
    """`spec_games.two_ways` with two columns and a one-card cell that holds a card aside
    (a cell's card is never built on, so condition (i) holds for every card)."""
    return two_ways(
        "  columns: {role: tableau, count: 2}\n"
        "  cell: {role: reserve, capacity: 1, face: up}\n"
        "  stock: {role: stock}\n",
        "deal: [{to: columns.1, rounds: 5}, {to: columns.2, rounds: 2}]\n"
        "moves:\n"
        "  up: {from: [columns, cell], to: [low, high]}\n"
        "  aside: {from: columns, to: cell, build: {direction: any, suit: any, empty: any}}\n",
    )


# the end of both winning lines of `_two_ways`: the spades below 5S go on `high`
_BELOW_FIVE = [f"columns.1 {r}S high" for r in ("4", "3", "2", "A")]


def _picks(g, order: list[str], line: list[str]) -> list[str | None]:
    """The safe move `SafeMoves.pick` takes in each position of `line` (None: none)."""
    safe = SafeMoves(g)
    assert safe.status == "on"
    s = g.new_state(order=order)
    out = []
    for mv in line:
        m = safe.pick(s, s.legal_moves())
        out.append(None if m is None else m.notation)
        s.apply(mv)
    assert s.is_won()
    return out


def _solved(g, order: list[str]) -> tuple[str, list[str]]:
    res = Solver(g).solve(order=order, budget=Budget(nodes=2_000))
    return res.outcome, res.moves


def _lost_after(g, order: list[str], move: str) -> str:
    """The outcome, searched in full without pruning, after `move` from the deal's start."""
    s = g.new_state(order=order)
    s.apply(move)
    return Solver(g, prune=False).search(s, Budget(nodes=2_000)).outcome


def test_iii_a_foundation_that_can_come_to_take_the_card_later() -> None:
    # 5S is on top of 7S: `low` takes it now, and `high` can take it after 7S and 6S. A-4S
    # go only on `high` below 5S, so 5S on `low` loses; it must wait in the cell.
    order = ["AS", "2S", "3S", "4S", "6S", "7S", "5S"]  # columns: AS-6S; 7S 5S
    line = ["columns.2 5S cell", "columns.2 7S high", "columns.1 6S high", "cell 5S high"]
    line += _BELOW_FIVE
    g = _two_ways()
    assert _lost_after(g, order, "columns.2 5S low") == "lost"
    # refused while 7S, 6S (which `low` could also take from 5S) are down; then 5S is taken
    # by both foundations at once (condition (ii)); from 4S on nothing else can take a card
    assert _picks(g, order, line) == [None, None, None, None, *line[4:]]
    assert _solved(g, order) == ("won", line)


def test_ii_another_foundation_not_alike_takes_the_card_now() -> None:
    # after 7S and 6S go on `high`, both foundations take 5S, and only `high` goes on to 4S
    order = ["AS", "2S", "3S", "4S", "5S", "6S", "7S"]  # columns: AS-5S; 6S 7S
    line = ["columns.2 7S high", "columns.2 6S high", "columns.1 5S high", *_BELOW_FIVE]
    g = _two_ways()
    s = g.new_state(order=order)
    for mv in line[:2]:
        s.apply(mv)
    assert {m.notation for m in s.legal_moves()} == {
        "columns.1 5S low",
        "columns.1 5S high",
        "columns.1 5S cell",
    }
    s.apply("columns.1 5S low")
    assert Solver(g, prune=False).search(s, Budget(nodes=2_000)).outcome == "lost"
    assert _picks(g, order, line) == [None, None, None, *line[3:]]
    assert _solved(g, order) == ("won", line)


# the piles beside the foundations in play, and the setup that completes diamonds and
# clubs (some spades and hearts go out of play too), for the two specs below
_ASIDE = """
  done: {role: foundation, count: 2}
  out: {role: out}
  columns: {role: tableau}
  cell: {role: reserve, capacity: 1, face: up}
  stock: {role: stock}
setup:
  - {take: {suits: [D]}, to: done.1}
  - {take: {suits: [C]}, to: done.2}
"""

# hearts and 5S in play (the other spades and A-4H out of play, diamonds and clubs
# complete): `low`, built up from a 5, is the only place for 5S and 5H, and 6H-KH need 5H
# under them; the game is won when the tableau is empty, so 5S may stay in the cell
_ONE_PLACE = (
    """
piles:
  low: {role: foundation, foundation: {base: 5, direction: up, suit: same}}"""
    + _ASIDE
    + """  - {take: {cards: [AH, 2H, 3H, 4H, AS, 2S, 3S, 4S]}, to: out}
  - {take: {cards: [6S, 7S, 8S, 9S, 10S, JS, QS, KS]}, to: out}
deal:
  - {to: columns, rounds: null}
moves:
  up: {from: [columns, cell], to: low}
  aside: {from: columns, to: cell, build: {direction: any, suit: any, empty: any}}
win: tableau-empty
"""
)


def test_the_count_two_cards_for_one_place() -> None:
    # 5S on top of 5H: `low` takes either now, nothing else ever takes them, and only 5H
    # must go up; 5S there first loses
    order = ["KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5H", "5S"]
    hearts = ["5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"]
    line = ["columns 5S cell"] + [f"columns {c} low" for c in hearts]
    g = make(_ONE_PLACE)
    assert _lost_after(g, order, "columns 5S low") == "lost"
    # 5S refused, and 5H too (two fives for one place, the cell's 5S counted); then the
    # hearts, each the only card `low` takes
    assert _picks(g, order, line) == [None, None, *line[2:]]
    assert _solved(g, order) == ("won", line)


# two foundations of one group that the rules tell apart: the column's cards go up only on
# the first, the cell's only on the second (hearts and AS in play, the other spades out of
# play, diamonds and clubs complete)
_TOLD_APART = (
    """
piles:
  foundations: {role: foundation, count: 2}"""
    + _ASIDE
    + """  - {take: {cards: [2S, 3S, 4S, 5S, 6S, 7S, 8S, 9S, 10S, JS, QS, KS]}, to: out}
deal:
  - {to: columns, rounds: null}
moves:
  column-up: {from: columns, to: foundations.1}
  cell-up: {from: cell, to: foundations.2}
  aside: {from: columns, to: cell, cards: {suits: [S]}, build: {direction: any, suit: any,
    empty: any}}
"""
)


def test_ii_two_empty_foundations_of_a_group_the_rules_tell_apart() -> None:
    # AS on top of AH-KH: both empty foundations take AS, enough places for the two aces,
    # but only the first takes the hearts (from the column); AS there loses
    order = ["KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H", "AH"]
    order.append("AS")
    hearts = reversed(order[:-1])
    line = ["columns AS cell"] + [f"columns {c} foundations.1" for c in hearts]
    line.append("cell AS foundations.2")
    g = make(_TOLD_APART)
    assert _lost_after(g, order, "columns AS foundations.1") == "lost"
    # AS refused (the foundations are not alike); then AH likewise while AS is not up, and
    # each heart after it
    assert _picks(g, order, line) == [None, None, *line[2:]]
    assert _solved(g, order) == ("won", line)


# two packs, spades only in play: two foundations of one alike group built round the
# corner, both showing 4S, one from AS (complete at KS, 13 cards) and one from 3S (set out
# so by the setup: it goes on past KS to AS and 2S); the other 5S is up on `done`
_TWO_FUTURES = """spec: pasyans/1
id: t
decks: 2
piles:
  foundations: {role: foundation, count: 2, foundation: {wrap: true}}
  done: {role: foundation, foundation: {base: 5}}
  out: {role: out}
  columns: {role: tableau}
  stock: {role: stock}
setup:
  - {take: {cards: [AS, 2S, 3S, 4S]}, to: foundations.1}
  - {take: {cards: [3S, 4S]}, to: foundations.2}
  - {take: {cards: [5S, 6S, 7S, 8S, 9S, 10S, JS, QS, KS]}, to: done}
  - {take: {suits: [H, D, C]}, to: out}
deal:
  - {to: columns, rounds: null}
moves:
  up: {from: columns, to: [foundations, done]}
"""


def test_ii_alike_foundations_with_another_future() -> None:
    # 5S-KS, then AS and 2S: both foundations take 5S, one copy for two places, but only the
    # one from 3S goes on to AS and 2S; 5S on the other loses
    g = compile_game(load_spec_text(_TWO_FUTURES, "two-futures.yaml"))
    order = ["2S", "AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S"]
    line = [f"columns {c} foundations.2" for c in reversed(order)]
    assert _lost_after(g, order, "columns 5S foundations.1") == "lost"
    # 5S refused; then 6S-KS, AS and 2S, each taken by one foundation only
    assert _picks(g, order, line) == [None, *line[1:]]
    assert _solved(g, order) == ("won", line)
