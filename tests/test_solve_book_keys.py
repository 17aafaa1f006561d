"""The solver's keys for two-pack and `no-progress` games: twins merged, the path dropped
once it can no longer matter (crafted positions, against exact keys)."""

from __future__ import annotations

from pathlib import Path

import yaml

from pipeline.engine import compile_game
from pipeline.solve.symmetry import SETTLED, KeyMaker
from pipeline.spec import load_spec, load_spec_text

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules"


def game(path: Path):
    return compile_game(load_spec(path))


def _twins(s) -> tuple[tuple[int, int], tuple[int, int]]:
    """(pile, index) of two face-up copies of one card, in different piles."""
    where: dict[int, tuple[int, int]] = {}
    for p, pile in enumerate(s.piles):
        for i, v in enumerate(pile):
            if v < 0:
                continue
            other = where.get(v % 52)
            if other is not None and other[0] != p:
                return other, (p, i)
            where.setdefault(v % 52, (p, i))
    raise AssertionError("no twins in two piles")


def _swap(s, a: tuple[int, int], b: tuple[int, int]) -> None:
    s.piles[a[0]][a[1]], s.piles[b[0]][b[1]] = s.piles[b[0]][b[1]], s.piles[a[0]][a[1]]


def test_twins_swapped_share_a_key_and_other_cards_do_not():
    clock = game(RULES / "clock.yaml")
    s = clock.new_state(seed=4)
    keys, exact = KeyMaker(clock, s), KeyMaker(clock, s, exact=True)
    assert keys.twins and not exact.twins
    a, b = _twins(s)
    assert s.piles[a[0]][a[1]] != s.piles[b[0]][b[1]]  # two copies: different ids
    k0, e0 = keys.position(s), exact.position(s)
    _swap(s, a, b)
    assert keys.position(s) == k0  # the same future up to renaming the twins
    assert exact.position(s) != e0
    _swap(s, a, b)
    # two different cards swapped: a different position
    p, i = a
    q = next(q for q in range(len(s.piles)) if q != p and s.piles[q] and s.piles[q][-1] >= 0)
    if s.piles[q][-1] % 52 != s.piles[p][i] % 52:
        _swap(s, a, (q, len(s.piles[q]) - 1))
        assert keys.position(s) != k0


def test_twins_only_where_the_packs_are_several_and_the_path_does_not_count():
    golf = game(RULES / "reference" / "golf.yaml")
    assert not KeyMaker(golf, golf.new_state(seed=1)).twins  # one pack
    blockade = game(RULES / "blockade.yaml")  # `no-progress`: the engine tells twins apart
    assert not KeyMaker(blockade, blockade.new_state(seed=1)).twins
    shah = game(RULES / "shah.yaml")
    assert KeyMaker(shah, shah.new_state(seed=1)).twins


def _variant(path: Path, change) -> object:
    spec = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(spec)
    return compile_game(load_spec_text(yaml.safe_dump(spec, sort_keys=False), "v.yaml"))


def test_no_progress_path_dropped_once_its_deal_is_over():
    blockade = game(RULES / "blockade.yaml")
    s = blockade.new_state(seed=1)
    keys = KeyMaker(blockade, s)
    assert keys.epoch(s) != SETTLED  # rows are still to come: the path decides a deal
    pos = keys.position(s)
    assert keys.key_at(pos, keys.epoch(s)) != pos

    def one_row(spec):  # a single row dealt at once: nothing waits for no progress then
        spec["deal"][0].update(rounds=1, pause="none")

    short = _variant(RULES / "blockade.yaml", one_row)
    t = short.new_state(seed=1)
    assert t.deal_over()
    k = KeyMaker(short, t)
    assert k.history_dependent and k.epoch(t) == SETTLED
    p = k.position(t)
    assert k.key_at(p, SETTLED) == p
    k.enter(p, SETTLED)  # nothing kept: the positions reached no longer matter
    assert k._path == {}

    def marriage_waits(spec):  # a move rule waiting for no progress can act at any time
        one_row(spec)
        spec["moves"]["marry"]["when"] = "no-progress"

    waits = _variant(RULES / "blockade.yaml", marriage_waits)
    w = waits.new_state(seed=1)
    assert w.deal_over() and KeyMaker(waits, w).epoch(w) != SETTLED


def _one_row():
    def one_row(spec):  # a single row dealt at once: nothing waits for no progress then
        spec["deal"][0].update(rounds=1, pause="none")

    return _variant(RULES / "blockade.yaml", one_row)


def _renamed(s, c: int, d: int) -> None:
    """Cards c and d (twins) trade places, each keeping the face of the place it takes."""
    for pile in s.piles:
        for i, v in enumerate(pile):
            u = ~v if v < 0 else v
            if u in (c, d):
                w = d if u == c else c
                pile[i] = ~w if v < 0 else w


def test_settled_positions_merge_twins_and_interchangeable_piles():
    short = _one_row()
    t = short.new_state(seed=1)
    keys, exact = KeyMaker(short, t), KeyMaker(short, t, exact=True)
    assert keys.settled_merge and not exact.settled_merge and not keys.twins
    ep = keys.epoch(t)
    assert ep == SETTLED
    c = next(v for v in t.piles[short.tableau[0]] if v >= 0)
    twin = c + 52 if c < 52 else c - 52
    k0, p0, e0 = keys.settled(keys.position(t), ep, t), keys.position(t), exact.position(t)
    assert k0 != p0  # keyed apart from the exact hashes
    _renamed(t, c, twin)  # one copy face up in a column, the other face down in the stock
    assert keys.settled(keys.position(t), ep, t) == k0
    assert keys.position(t) != p0 and exact.position(t) != e0
    assert exact.settled(exact.position(t), ep, t) == exact.position(t)  # exact: no merging
    # the same ace on the first foundation or on the second (eight alike foundations)
    f0, f1 = short.foundations[0], short.foundations[1]
    ace = next(v for v in t.piles[short.stock] if (~v) % 13 == 0)
    t.piles[short.stock].remove(ace)
    t.piles[f0].append(~ace)
    k1 = keys.settled(keys.position(t), ep, t)
    t.piles[f1].append(t.piles[f0].pop())
    assert keys.settled(keys.position(t), ep, t) == k1
    assert k1 != k0


def test_unsettled_positions_keep_the_exact_key():
    blockade = game(RULES / "blockade.yaml")
    s = blockade.new_state(seed=1)
    keys = KeyMaker(blockade, s)
    ep = keys.epoch(s)
    assert ep != SETTLED and keys.settled_merge
    assert keys.settled(keys.position(s), ep, s) == keys.position(s)
    clock = game(RULES / "clock.yaml")  # no `no-progress`: its keys merge everywhere already
    assert not KeyMaker(clock, clock.new_state(seed=1)).settled_merge


def test_settled_merging_changes_no_outcome_and_wins_replay():
    from pipeline.engine.record import replay
    from pipeline.solve import Budget, Solver

    short = _one_row()
    merged, exact = Solver(short), Solver(short, exact_keys=True)
    got = []
    for seed in range(1, 13):
        a = merged.solve(seed=seed, budget=Budget(nodes=3000))
        b = exact.solve(seed=seed, budget=Budget(nodes=3000))
        if "unknown" not in (a.outcome, b.outcome):
            assert a.outcome == b.outcome
            assert a.nodes <= b.nodes
        if a.outcome == "won":
            assert replay(short, a.record).is_won()
        got.append(a.outcome)
    assert "lost" in got
