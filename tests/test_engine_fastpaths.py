"""The move generator's fast paths offer exactly what its generic path offers: the same moves
in the same order, at every step of random games of every shipped spec (and of the crafted
test specs). A fast path (top card to a foundation, top card built on another pile) reads a
rule's typed tables (`layout.TransferTab`) where the generic path reads the rule itself; a
rule takes one only when nothing it says needs the generic path (`compile._transfer`)."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from pipeline.engine import compile_game
from pipeline.engine.layout import Tables
from pipeline.engine.rng import SplitMix64, derive
from pipeline.spec import load_spec as load

ROOT = Path(__file__).resolve().parent.parent
SPECS = sorted((ROOT / "rules").glob("*.yaml")) + sorted(
    (ROOT / "rules" / "reference").glob("*.yaml")
)


@functools.cache
def _fast(path: Path):
    """The game of `path` as compiled, once for both tests (only its states are changed)."""
    return compile_game(load(path))


def _generic(path: Path):
    """The game of `path` with every transfer rule on the generic path."""
    game = compile_game(load(path))
    game.transfers = [r._replace(fast=0) for r in game.transfers]
    by_index = {r.index: r for r in game.transfers}
    game.rule_by_index = {i: by_index.get(i, r) for i, r in game.rule_by_index.items()}
    game.tables = Tables(game)  # the tables states read, made again from the rules changed
    assert all(t.fast == 0 for t in game.tables.ttab_of.values())
    return game


def test_some_shipped_rules_take_the_fast_paths() -> None:
    fast = {p.stem: sorted({r.fast for r in _fast(p).transfers} - {0}) for p in SPECS}
    blockade = compile_game(load(ROOT / "rules" / "blockade.yaml"))
    # aces (with its `cards` selector: ranks A) and play; marry
    assert [(r.id, r.fast) for r in blockade.transfers] == [("aces", 1), ("play", 1), ("marry", 2)]
    assert fast["golf"] == [1] and fast["klondike-3"] == [1, 2]


@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.stem)
def test_fast_paths_offer_what_the_generic_path_offers(path: Path) -> None:
    fast_game = _fast(path)
    slow_game = _generic(path)
    for seed in range(2):
        fast = fast_game.new_state(seed=seed)
        slow = slow_game.new_state(seed=seed)
        choose = SplitMix64(derive(seed, 1)).below
        for _ in range(250):
            moves = fast.legal_moves()
            assert [m.key() for m in moves] == [m.key() for m in slow.legal_moves()]
            assert [m.notation for m in moves] == [m.notation for m in slow.legal_moves()]
            if not moves:
                break
            i = choose(len(moves))
            fast.apply(moves[i])
            slow.apply(slow.legal_moves()[i])
            assert fast.piles == slow.piles
