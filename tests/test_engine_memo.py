"""The engine's speed caches change nothing: the incremental Zobrist hash of the piles always
equals the hash computed afresh, and a game plays the same moves with the state memo on and
off (the memo is keyed by the state's hash and never invalidated, so a missing piece of
state in its key would show up here as a different move list)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.engine import MemoSwitch, compile_game
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


def _walk(game, seed: int, steps: int, memo: MemoSwitch | None = None) -> list:
    """Legal moves, automatic actions and the piles' hash along a random game with undos."""
    state = game.new_state(seed=seed, memo=memo)
    rng = SplitMix64(derive(seed, 3))
    seen = []
    for n in range(steps):
        moves = state.legal_moves()
        seen.append([m.notation for m in moves])
        if state._zk is not None:
            kept = state.counters()[game.tables.zslot]
            seen.append(kept == Z.piles_hash(state._zk, state.card_piles()))
        if not moves:
            break
        state.apply(moves[rng.below(len(moves))])
        seen.append([m.notation for m in state.automatic_moves()])
        if n % 4 == 3:
            state.undo()
    return seen


@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.stem)
def test_memo_on_and_off_play_alike(path: Path) -> None:
    game = compile_game(load(path))
    off = MemoSwitch(on=False)
    for seed in range(3):
        with_memo, without = _walk(game, seed, 300), _walk(game, seed, 300, off)
        assert [x for x in with_memo if x is not True] == [x for x in without if x is not True]
        assert True in with_memo and False not in with_memo  # the hash matched at every step


def test_zobrist_hash_follows_every_primitive() -> None:
    """Routes insert at the bottom, recycles and redeals replace piles: the hash follows."""
    paths = [ROOT / "rules" / "exiles.yaml", ROOT / "rules" / "reference" / "klondike-3.yaml"]
    for path in paths:
        game = compile_game(load(path))
        for seed in range(5):  # a state of its own switch keeps the memo, and so the hash
            walk = _walk(game, seed, 150)
            assert True in walk and False not in walk


def test_memo_turns_itself_off_when_states_never_repeat() -> None:
    golf = compile_game(load(ROOT / "rules" / "reference" / "golf.yaml"))
    klondike = compile_game(load(ROOT / "rules" / "reference" / "klondike-3.yaml"))
    golf_run, klondike_run = MemoSwitch(), MemoSwitch()
    for i in range(400):
        play_one(golf, i, 200, golf_run)
    for i in range(3):
        play_one(klondike, i, 3000, klondike_run)
    assert golf_run.on is False
    assert klondike_run.on is True
    assert golf.new_state(seed=0)._memo is not None  # the game itself is unchanged


def _fields(obj: object) -> set[str] | None:
    """The attributes of an object (None for a native class of the compiled core, which
    has no others than its declared fields)."""
    return set(vars(obj)) if hasattr(obj, "__dict__") else None


def test_a_game_is_not_changed_by_its_states() -> None:
    """`compile_game` builds every table; playing adds nothing to the game or its tables."""
    game = compile_game(load(ROOT / "rules" / "reference" / "golf.yaml"))
    before = (_fields(game), _fields(game.tables))
    play_one(game, 0, 200, MemoSwitch())
    for i in range(5):
        play_one(game, i, 200)
    game.new_state(seed=1).copy().legal_moves()
    assert (_fields(game), _fields(game.tables)) == before
    assert not [a for a in vars(game) if a.startswith("_")]
