"""A re-deal (`observe.resample`) of a `no-progress` game keeps the real game's record of the
positions reached, rewritten for the cards it dealt again: the next row of the Blockade, offered
when every other move only leads back, is offered in the re-deal exactly where the real
position offers it."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.engine import compile_game
from pipeline.engine import zobrist as Z
from pipeline.engine.observe import Memory, resample
from pipeline.spec import load_spec

ROOT = Path(__file__).resolve().parent.parent

# deal 4 of the Blockade to where the 4D of one pack may only go back between the twin 5Ds:
# the row is offered because nothing but a repeat is left
DEAL = 4
MOVES = [
    "columns.8 AH foundations.1",
    "columns.1 8C columns.8",
    "columns.12 2C columns.5",
    "columns.12 4D columns.2",
    "columns.2 4D columns.7",
    "columns.3 4S columns.12",
    "columns.7 4D columns.2",
]


@pytest.fixture(scope="module")
def blockade():
    return compile_game(load_spec(ROOT / "rules" / "blockade.yaml"))


def _played(game, seed: int, moves: list[str]):
    state = game.new_state(seed=seed)
    memory = Memory(state)
    for text in moves:
        state.apply(text)
        memory.see(state)
    return state, memory


def _longer(game, seed: int, n: int):
    """Deal `seed` after n moves, each the first that reaches a position not reached before,
    else the row: rows dealt, columns refilled, a card shuttled, all in the record."""
    state = game.new_state(seed=seed)
    memory = Memory(state)
    for _ in range(n):
        moves = state.legal_moves()
        if not moves:
            break
        pick = moves[0]
        for m in moves:
            state.apply(m)
            new = state._seen_keys[-1] not in state._seen_keys[:-1]
            state.undo()
            if new and m.notation != "deal":
                pick = m
                break
        state.apply(pick)
        memory.see(state)
    return state, memory


def test_a_redeal_offers_the_row_where_the_real_position_does(blockade) -> None:
    state, memory = _played(blockade, DEAL, MOVES)
    assert [m.notation for m in state.legal_moves()] == ["columns.2 4D columns.7", "deal"]
    stock = state.t.stock
    dealt_otherwise = 0
    for seed in range(8):
        redeal = resample(state, seed, memory.known)
        assert [m.notation for m in redeal.legal_moves()] == ["columns.2 4D columns.7", "deal"]
        dealt_otherwise += redeal.piles[stock] != state.piles[stock]
        # the move back is still a repeat there, and the row a new position
        redeal.apply("columns.2 4D columns.7")
        assert redeal._seen[redeal._seen_keys[-1]] == 2
    assert dealt_otherwise == 8


def test_the_redeal_record_is_each_earlier_position_hashed_afresh(blockade) -> None:
    state, memory = _longer(blockade, 5, 60)
    assert len(state.history) == 60 and len(state._seen_keys) == 61
    assert state.copy()._relabeled_keys({}) == state._seen_keys
    redeal = resample(state, 3, memory.known)
    rel = {
        ~a: ~b
        for pa, pb in zip(state.piles, redeal.piles, strict=True)
        for a, b in zip(pa, pb, strict=True)
        if a != b
    }
    assert len(rel) >= 10  # the cards still in the stock
    want = []
    back = state.copy()
    g = state.t
    while True:
        piles = [[(~rel.get(~v, ~v)) if v < 0 else rel.get(v, v) for v in p] for p in back.piles]
        sc = list(back.sc)
        sc[g.zslot] = Z.piles_hash(back._zk, piles)
        want.append(g.pos_key.hash(sc))
        if not back.history:
            break
        back.undo()
    assert redeal._seen_keys == want[::-1]
    assert sorted(redeal._seen.items()) == sorted((k, want.count(k)) for k in set(want))


def test_the_player_deals_the_row_rather_than_giving_up(blockade) -> None:
    from pipeline.engine.rng import SplitMix64
    from pipeline.solve.hindsight import Hindsight
    from pipeline.solve.symmetry import KeyMaker

    game = blockade
    state = game.new_state(seed=DEAL)
    keys = KeyMaker(game, state)
    seen = {keys.position(state)}
    memory = Memory(state)
    for text in MOVES:
        state.apply(text)
        memory.see(state)
        seen.add(keys.position(state))
    player = Hindsight(game, playouts=2, race=4)
    player._keys = keys
    move, plan = player.choose(state, memory, SplitMix64(1), seen)
    assert move is not None and move.notation == "deal" and plan is None
