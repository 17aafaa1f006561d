"""Mutated specs: the shipped specs with building blocks swapped at random (a fixed seed).

Whatever combination the loader accepts, the engine must compile it and play it without an
unexpected exception: every card on the table once, undo exact, the record replaying to the
same piles. (This found twin cards of a fanned pile sharing one notation.)
"""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest
import yaml
from thoroughness import examples

from pipeline.engine import compile_game
from pipeline.engine.record import replay
from pipeline.errors import PasyansError
from pipeline.spec import load_spec_text

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted(
    [
        *(ROOT / "rules").glob("*.yaml"),
        *(ROOT / "rules" / "reference").glob("*.yaml"),
        *(ROOT / "tests" / "specs").glob("*.yaml"),
    ]
)
CHOICES = {
    "pause": ["none", "card", "round"],
    "next_round": ["auto", "stuck", "no-progress"],
    "face": ["up", "down", "down-but-last"],
    "timing": ["immediate", "optional", "batch"],
    "order": ["pile-order", "depth-first", "reverse-pile-order"],
    "when": ["always", "stuck", "no-progress"],
    "chain": ["none", "not-playable", "face-down", "until-released"],
    "available": ["top", "all", "none"],
    "skip_empty": [True, False],
    "triangle": [True, False],
    "run": [True, False],
    "auto": [True, False],
    "per_pile": [1, 2, 3],
    "rounds": [None, 1, 2, 3],
    "up_to": [1, 2, 3],
    "wrap": [True, False],
    "direction": ["up", "down", "both"],
    "suit": ["same", "any", "alternate", "same-colour"],
    "shuffle": [True, False],
    "pile_order": ["bottom-first", "top-first"],
    "recycle": [0, 1, "unlimited"],
}


def _mutate(node, rng: random.Random) -> None:
    if isinstance(node, dict):
        for k in list(node):
            if k in ("provenance", "notes", "layout", "title", "source"):
                node.pop(k)
            elif k in CHOICES and rng.random() < 0.3:
                node[k] = rng.choice(CHOICES[k])
            else:
                _mutate(node[k], rng)
    elif isinstance(node, list):
        for item in node:
            _mutate(item, rng)


@pytest.mark.parametrize("seed", range(examples(48, 120)))  # tests/thoroughness.py
def test_mutated_specs_play_cleanly(seed: int) -> None:
    rng = random.Random(seed)
    base = yaml.safe_load(SOURCES[seed % len(SOURCES)].read_text(encoding="utf-8"))
    spec = copy.deepcopy(base)
    _mutate(spec, rng)
    try:
        loaded = load_spec_text(yaml.safe_dump(spec, sort_keys=False), "mutated.yaml")
    except PasyansError:
        pytest.skip("the loader refuses this combination")
    game = compile_game(loaded)
    state = game.new_state(seed=seed)
    everything = list(range(game.ncards))
    for _ in range(40):
        moves = state.legal_moves()
        if not moves:
            break
        before = ([p[:] for p in state.piles], list(state.sc), [m.key() for m in moves])
        state.apply(moves[rng.randrange(len(moves))])
        assert sorted(state.cards_in_play()) == everything
        state.undo()
        after = (
            [p[:] for p in state.piles],
            list(state.sc),
            [m.key() for m in state.legal_moves()],
        )
        assert after == before
        state.apply(moves[rng.randrange(len(moves))])
    assert replay(game, state.record()).piles == state.piles
