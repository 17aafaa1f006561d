"""Dead ends: positions proved lost are lost, on crafted positions and random ones."""

from __future__ import annotations

import functools
import itertools
import random
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from thoroughness import examples

from pipeline.engine import compile_game
from pipeline.engine.cards import card_id, parse_card
from pipeline.engine.moves import TRANSFER
from pipeline.solve import Budget, Solver
from pipeline.solve.deadends import DEAD, DeadEnds, excess, excess_packed
from pipeline.spec import load_spec

ROOT = Path(__file__).resolve().parent.parent
REF = ROOT / "rules" / "reference"


def game(path: Path):
    return compile_game(load_spec(path))


@pytest.fixture(scope="module")
def golf():
    return game(REF / "golf.yaml")


def cards(*names: str) -> list[int]:
    out = []
    for n in names:
        rank, suit = parse_card(n)
        out.append(card_id(rank, "SHDC"[suit]))
    return out


@functools.cache
def _independent_sets(wrap: bool) -> list[tuple[list[int], set[int]]]:
    """Every set of ranks no two of which are adjacent, with the ranks adjacent to it: all
    8,192 subsets tried, once per `wrap` (the examples reuse them)."""

    def adjacent(x: int, y: int) -> bool:
        return abs(x - y) == 1 or (wrap and abs(x - y) == 12)

    out = []
    for mask in range(1 << 13):
        s = [r for r in range(13) if mask >> r & 1]
        if any(adjacent(x, y) for x, y in itertools.combinations(s, 2)):
            continue
        near = {r for r in range(13) if r not in s and any(adjacent(r, x) for x in s)}
        out.append((s, near))
    return out


def brute_excess(n: list[int], wrap: bool) -> int:
    best = 0
    for s, near in _independent_sets(wrap):
        best = max(best, sum(n[r] for r in s) - sum(n[r] for r in near))
    return best


@settings(max_examples=examples(25, 300), deadline=None)
@given(st.lists(st.integers(0, 8), min_size=13, max_size=13), st.booleans())
def test_excess_is_the_best_independent_set(n, wrap):
    assert excess(n, wrap) == brute_excess(n, wrap)


def test_where_the_argument_holds():
    def reason(path: Path) -> str | None:
        return DeadEnds(game(path)).reason

    for name in ("golf", "golf.nothing-on-king", "black-hole"):
        assert reason(REF / f"{name}.yaml") is None, name
    assert DeadEnds(game(REF / "golf.yaml")).wrap is False
    assert DeadEnds(game(REF / "black-hole.yaml")).wrap is True
    # the Golf checks' reason, then the blocked-cards check's
    assert reason(REF / "freecell.yaml") == (
        "move rule 'to-cell' brings cards into a bound pile; "
        "the top card of every pile can always move elsewhere"
    )
    assert reason(REF / "canfield.yaml").startswith("fill rules move cards by themselves; ")
    assert "turn rule 'turn'" in reason(REF / "klondike-3.yaml")
    assert "all-face-up" in reason(REF / "clock-1deck.yaml")
    assert reason(ROOT / "rules" / "exiles.yaml") is not None
    # the blocked-cards check instead (the Shah's by the depths its rules read)
    for name in ("blockade", "clock", "dense-column", "shah", "shah.cadogan"):
        assert DeadEnds(game(ROOT / "rules" / f"{name}.yaml")).blocked is not None, name


def position(columns: list[list[str]], foundation: list[str], stock: list[str]):
    """A Golf position; every card not named is buried in the foundation."""
    named = [cards(*c) for c in columns]
    top, rest = cards(*foundation), cards(*stock)
    seen = {c for p in (*named, top, rest) for c in p}
    piles = named + [[] for _ in range(7 - len(columns))]
    piles.append([c for c in range(52) if c not in seen] + top)
    piles.append([~c for c in rest])
    return SimpleNamespace(card_piles=lambda: piles, deal_over=lambda: True)


def test_a_king_over_the_last_queen_is_stuck(golf):
    # the three other queens and kings are buried; KH lies on QS, the last queen
    dead = DeadEnds(golf)
    assert dead.start(position([["QS", "KH"], ["2C"]], ["3S"], ["4S", "JH"])) is DEAD
    # the queen on top instead: it goes onto the jack, the king onto it
    assert dead.start(position([["KH", "QS"], ["2C"]], ["3S"], ["4S", "JH"])) is not DEAD


def test_too_few_chains(golf):
    # fives and sevens, one six to come: each five or seven needs a chain of its own or a
    # six between, and the foundation and two stock cards give three chains
    dead = DeadEnds(golf)
    cols = [["5H"], ["5S"], ["7C"], ["7D"]]
    assert dead.start(position(cols, ["9C"], ["KH", "6S"])) is DEAD
    # one more stock card: four chains, not proved lost
    assert dead.start(position(cols, ["9C"], ["KH", "6S", "8S"])) is not DEAD
    # a six in a column links two of them, but the heads count too: the 9 and the king
    # lead nowhere (no 8, 10 or queen left), so still lost
    assert dead.start(position([*cols, ["6H"]], ["9C"], ["KH", "6S"])) is DEAD


def test_a_support_that_comes_too_early(golf):
    # 5D lies on KH; the stock is turned from its last card: QS comes first, while the
    # five still covers the king, then 4C takes the five: the king's queen is buried by
    # then. The other order wins. Each card has a free support: only the periods see it.
    dead = DeadEnds(golf)
    assert dead.start(position([["KH", "5D"]], ["9C"], ["4C", "QS"])) is DEAD
    assert dead.start(position([["KH", "5D"]], ["9C"], ["QS", "4C"])) is not DEAD
    timeless = DeadEnds(golf)
    timeless._timeline = None  # checks 1 and 2 alone
    assert timeless.start(position([["KH", "5D"]], ["9C"], ["4C", "QS"])) is not DEAD


@pytest.mark.parametrize("name", ["golf", "black-hole"])
def test_a_dead_end_is_never_winnable(name):
    # random play from many deals; every late position the check calls lost is searched
    # in full without it (no dead ends, no merging beyond the exact key): never a win
    g = game(REF / f"{name}.yaml")
    plain = Solver(g, prune=False, exact_keys=True)
    checked = 0
    rng = random.Random(7)
    for seed in range(80):
        s = g.new_state(seed=seed)
        while True:
            moves = s.legal_moves()
            if not moves:
                break
            plays = [m for m in moves if m.kind == TRANSFER]  # a turn only when stuck
            s.apply(rng.choice(plays or moves))
            left = sum(len(s.piles[p]) for p in g.tableau)
            if left > 16 or len(s.piles[g.stock]) > 5:
                continue
            if DeadEnds(g).start(s) is DEAD:
                res = plain.search(s.copy(), Budget(nodes=200_000))
                assert res.outcome == "lost", (seed, [m.notation for m in s.history])
                checked += 1
    assert checked >= 20, checked


def test_a_search_hands_the_position_back_eager(golf):
    # while it runs the search makes moves lazily; the random playout reads the moves the
    # engine made after each of its steps, so the position comes back with them made
    s = golf.new_state(seed=3)
    assert Solver(golf).search(s, Budget(nodes=50)).outcome == "unknown"
    assert not s._lazy and s._cache is not None
    s.step(s.legal_moves()[0])  # the playout's own step
    assert s._cache is not None


def test_dead_ends_keep_the_answer(golf):
    on, off = Solver(golf), Solver(golf, prune=False)
    assert on.dead_ends and not off.dead_ends
    a, b = on.solve(seed=10), off.solve(seed=10)
    assert a.outcome == b.outcome == "won"


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 15), min_size=13, max_size=13), st.booleans())
def test_excess_of_packed_counts_is_excess(n, wrap):
    # the search's form: the counts packed 4 bits a rank (3 for one pack) in one integer
    for width in (3, 4) if max(n) < 8 else (4,):
        key = sum(c << (width * r) for r, c in enumerate(n))
        assert excess_packed(key, width, wrap) == excess(n, wrap), width


def test_a_stock_longer_than_32_cards_keeps_its_late_check_sound(tmp_path: Path) -> None:
    """Golf with columns of two: a stock of 37 cards, so the late check's masks pass bit 32.
    Compiled by mypyc, `1 << n` with a machine-integer n was a 32-bit shift: every deal
    below was called lost by the check and won without it."""
    spec = (REF / "golf.yaml").read_text(encoding="utf-8")
    spec = spec.replace("rounds: 5", "rounds: 2").replace("id: golf", "id: golf-short", 1)
    path = tmp_path / "golf-short.yaml"
    path.write_text(spec, encoding="utf-8")
    g = game(path)
    assert max(len(p) for p in g.new_state(1).card_piles()) == 37  # the stock
    on, off = Solver(g), Solver(g, prune=False)
    assert on.dead_ends
    for seed in (1, 2, 3):
        a = on.search(g.new_state(seed), Budget(nodes=200_000)).outcome
        b = off.search(g.new_state(seed), Budget(nodes=200_000)).outcome
        assert (a, b) == ("won", "won"), seed
