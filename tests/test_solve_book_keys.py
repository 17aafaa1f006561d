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
