"""The engine's speed caches change nothing: the incremental Zobrist hash of the piles always
equals the hash computed afresh, and a game plays the same moves with the state memo on and
off (the memo is keyed by the state's hash and never invalidated, so a missing piece of
state in its key would show up here as a different move list)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.engine import compile_game
from pipeline.engine import zobrist as Z
from pipeline.engine.playout import play_one
from pipeline.engine.rng import SplitMix64, derive
from pipeline.spec import load_spec as load

ROOT = Path(__file__).resolve().parent.parent
SPECS = [
    ROOT / "tests" / "specs" / "twins-no-progress.yaml",
    ROOT / "tests" / "specs" / "mixed-batch.yaml",
    ROOT / "rules" / "blockade.rows.yaml",
    ROOT / "rules" / "reference" / "klondike-3.yaml",
    ROOT / "rules" / "reference" / "canfield.yaml",
]


def _walk(game, seed: int, steps: int) -> list:
    """Legal moves, automatic actions and the piles' hash along a random game with undos."""
    state = game.new_state(seed=seed)
    rng = SplitMix64(derive(seed, 3))
    seen = []
    for n in range(steps):
        moves = state.legal_moves()
        seen.append([m.notation for m in moves])
        if state._zk is not None:
            seen.append(state.sc[game._zslot] == Z.piles_hash(state._zk, state.piles))
        if not moves:
            break
        state.apply(moves[rng.below(len(moves))])
        seen.append([m.notation for m in state.automatic_moves()])
        if n % 4 == 3:
            state.undo()
    return seen


@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.stem)
def test_memo_on_and_off_play_alike(path: Path) -> None:
    on = compile_game(load(path))
    off = compile_game(load(path))
    on.new_state(seed=0)  # sets the game's tables
    off.new_state(seed=0)
    off._memo_on = False
    for seed in range(3):
        with_memo, without = _walk(on, seed, 300), _walk(off, seed, 300)
        assert [x for x in with_memo if x is not True] == [x for x in without if x is not True]
        assert True in with_memo and False not in with_memo  # the hash matched at every step


def test_zobrist_hash_follows_every_primitive() -> None:
    """Routes insert at the bottom, recycles and redeals replace piles: the hash follows."""
    paths = [ROOT / "rules" / "exiles.yaml", ROOT / "rules" / "reference" / "klondike-3.yaml"]
    for path in paths:
        game = compile_game(load(path))
        game.new_state(seed=0)
        game._memo_on = True  # the hash is kept while the memo is on
        for seed in range(5):
            walk = _walk(game, seed, 150)
            assert True in walk and False not in walk


def test_memo_turns_itself_off_when_states_never_repeat() -> None:
    golf = compile_game(load(ROOT / "rules" / "reference" / "golf.yaml"))
    klondike = compile_game(load(ROOT / "rules" / "reference" / "klondike-3.yaml"))
    for i in range(400):
        play_one(golf, i, 200)
    for i in range(3):
        play_one(klondike, i, 3000)
    assert golf._memo_on is False
    assert klondike._memo_on is True
