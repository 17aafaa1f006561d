"""Properties of the interpreter over random playouts of every shipped spec.

Parametrized over the files in rules/*.yaml, rules/reference/*.yaml and tests/specs/*.yaml,
so each new spec is covered automatically. In every state reached: every card is on the
table exactly once; undo restores the exact previous state; the record replays to the same
state; every listed move is legal and applying it never raises; won ⇔ the win condition.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from thoroughness import examples

from pipeline.engine import compile_game
from pipeline.engine.record import Record, replay
from pipeline.engine.rng import SplitMix64, derive
from pipeline.spec import load_spec as load

ROOT = Path(__file__).resolve().parent.parent
CORPUS = sorted((ROOT / "rules").glob("*.yaml"))
REFERENCE = sorted((ROOT / "rules" / "reference").glob("*.yaml"))
OWN = sorted((ROOT / "tests" / "specs").glob("*.yaml"))

# 1,000 playouts per corpus and reference game under PASYANS_TESTS=thorough (tests/
# thoroughness.py); by default a twentieth of them for the book's games and a fiftieth for
# the reference games (there are over seventy); moves are capped so the suite stays fast (the
# cap cuts long games, not the number of deals); every listed move is applied and undone in
# every state of one game in `full_every`
GAMES, REFERENCE_GAMES, OWN_GAMES = examples(50, 1000), examples(20, 1000), examples(15, 150)
CASES = (
    [pytest.param(p, GAMES, 16, 25, id=f"corpus-{p.stem}") for p in CORPUS]
    + [pytest.param(p, REFERENCE_GAMES, 12, 25, id=f"reference-{p.stem}") for p in REFERENCE]
    + [pytest.param(p, OWN_GAMES, 40, 10, id=f"own-{p.stem}") for p in OWN]
)


def _snapshot(state) -> tuple:
    return (
        tuple(tuple(p) for p in state.piles),
        tuple(state.sc),
        tuple(m.notation for m in state.legal_moves()),
    )


def _won_by_definition(state) -> bool:
    """The win condition computed independently of State.is_won."""
    g = state.game
    piles = state.piles
    kinds = {i: g.role[i] for i in range(g.npiles)}
    if g.win == "all-on-foundations":
        on = sum(len(p) for i, p in enumerate(piles) if kinds[i] == "foundation")
        aside = sum(len(p) for i, p in enumerate(piles) if kinds[i] in ("out", "inert"))
        return on + aside == g.ncards
    if g.win == "tableau-empty":
        return all(not p for i, p in enumerate(piles) if kinds[i] == "tableau")
    if g.win == "all-face-up":
        return all(v >= 0 for p in piles for v in p)
    return all(piles[d] for d in g.foundations) and state.is_won()


@pytest.mark.parametrize(("path", "games", "max_moves", "full_every"), CASES)
def test_playout_properties(path: Path, games: int, max_moves: int, full_every: int) -> None:
    game = compile_game(load(path))
    everything = list(range(game.ncards))
    for i in range(games):
        state = game.new_state(seed=i)
        rng = SplitMix64(derive(i, 7))
        assert sorted(state.cards_in_play()) == everything
        for step in range(max_moves):
            moves = state.legal_moves()
            assert state.is_lost() == (not moves and not state.is_won())
            if not moves:
                break
            if i % full_every == 0:
                # every listed move is legal and applying it never raises; undo restores
                before = _snapshot(state)
                for m in moves:
                    state.apply(m)
                    assert sorted(state.cards_in_play()) == everything
                    state.undo()
                    assert _snapshot(state) == before, f"undo of {m.notation} at step {step}"
            move = moves[rng.below(len(moves))]
            before = _snapshot(state)
            state.apply(move)
            assert sorted(state.cards_in_play()) == everything
            assert state.is_won() == _won_by_definition(state)
            state.undo()
            assert _snapshot(state) == before
            state.apply(state.parse_move(move.notation))
        rec = Record.from_json(state.record().to_json())
        again = replay(game, rec)
        assert again.piles == state.piles and again.sc == state.sc
        twin = state.copy()
        assert str(twin) == str(state) and twin.legal_moves() == state.legal_moves()
