"""The observation API (`pipeline.engine.observe`) and the player who does not peek
(`pipeline.solve.hindsight`): a re-deal agrees with everything seen, the player's choice does
not depend on which face-down card lies where, it is deterministic, and it wins an easy deal."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from pipeline.engine import compile_game
from pipeline.engine.observe import Memory, hidden_places, resample, visible
from pipeline.engine.rng import SplitMix64
from pipeline.policies import POLICIES
from pipeline.solve.hindsight import Hindsight
from pipeline.solve.policies import PLAYOUTS
from pipeline.spec import load_spec, load_spec_text

ROOT = Path(__file__).resolve().parent.parent
KLONDIKE = ROOT / "rules" / "reference" / "klondike-3.bjarnason.yaml"

# four columns of thirteen, face down but the top card, dealt round by round; a crafted order
# puts each suit in its own column, king at the bottom: every card goes up in turn
SUITED = """\
spec: pasyans/1
id: suited
title: {en: Suited columns}
source: {texts: [], reference: a test game}
decks: 1
piles:
  foundations:
    role: foundation
    count: 4
    layout: {shape: row, at: [0, 0]}
    foundation: {base: A, direction: up, suit: same}
  columns:
    role: tableau
    count: 4
    layout: {shape: row, at: [0, 1], fan: down}
  stock: {role: stock, layout: {shape: point, at: [5, 0]}}
deal:
  - id: columns
    to: columns
    rounds: 13
    face: down-but-last
moves:
  up:
    from: columns
    to: foundations
  build:
    from: columns
    to: columns
    build: {direction: down, suit: any, empty: any}
win: all-on-foundations
"""
RANKS = ["K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"]
SUITED_ORDER = [r + s for r in RANKS for s in "SHDC"]


@pytest.fixture(scope="module")
def klondike():
    return compile_game(load_spec(KLONDIKE))


def _played(game, seed: int, n: int):
    """Deal `seed` after its first `n` moves, each the first legal one but `turn` when
    another move is legal (so cards come face up)."""
    state = game.new_state(seed=seed)
    for _ in range(n):
        moves = state.legal_moves()
        rest = [m for m in moves if m.kind_name not in ("turn", "recycle")]
        state.apply((rest or moves)[0])
    return state


def test_a_redeal_agrees_with_every_visible_card_and_keeps_the_cards(klondike) -> None:
    state = _played(klondike, 4, 12)
    memory = Memory(state)
    hidden = hidden_places(state, memory.known)
    assert hidden  # something to guess
    for seed in range(5):
        new = resample(state, seed, memory.known)
        assert visible(new) == visible(state)
        assert Counter(new.cards_in_play()) == Counter(state.cards_in_play())
        assert sorted(map(str, new.legal_moves())) == sorted(map(str, state.legal_moves()))
        # remembered face-down cards stay where they are
        for p, pile in enumerate(state.piles):
            for i, v in enumerate(pile):
                if v < 0 and ~v in memory.known:
                    assert new.piles[p][i] == v
    # the hidden cards do move about between re-deals
    assert len({tuple(map(tuple, resample(state, s, memory.known).piles)) for s in range(5)}) > 1


def test_a_redeal_depends_only_on_what_is_seen(klondike) -> None:
    state = _played(klondike, 4, 12)
    known = Memory(state).known
    other = resample(state, 123, known)  # the same view, the hidden cards elsewhere
    assert other.piles != state.piles
    assert resample(state, 9, known).piles == resample(other, 9, known).piles


def test_memory_learns_the_stock_after_a_pass(klondike) -> None:
    state = klondike.new_state(seed=2)
    memory = Memory(state)
    stock = klondike.tables.stock
    assert len(hidden_places(state, memory.known)) == 21 + 24
    while not any(m.kind_name == "recycle" for m in state.legal_moves()):
        state.apply(next(m for m in state.legal_moves() if m.kind_name == "turn"))
        memory.see(state)
    state.apply(next(m for m in state.legal_moves() if m.kind_name == "recycle"))
    memory.see(state)
    assert state.piles[stock] and all(v < 0 for v in state.piles[stock])
    assert not [p for p, _ in hidden_places(state, memory.known) if p == stock]


def test_the_vote_counts_proved_losses_and_undecided_searches_as_half(klondike) -> None:
    state = klondike.new_state(seed=5)  # an ace to a foundation, two builds, turn
    player = Hindsight(klondike, budget=400)
    cands = player._fresh(state, state.legal_moves(), None)
    assert len(cands) == 4 and cands[0].notation == "columns.3 AD foundations.1"
    a, b, c = cands[:3]
    # four re-deals each: a lost in two and won in none, b undecided in all, c won in one
    # and lost in three: b (4 halves) beats a (2 halves) and c (1 + 0 halves)
    assert player._vote(state, [a, b, c], cands, [0, 0, 1], [2, 0, 3], 4) is b
    # equal worth: the first in the greedy order
    assert player._vote(state, [a, b, c], cands, [1, 0, 0], [1, 0, 0], 4) is a
    # nothing decided anywhere: the fallback, a move that gains something (the ace up);
    # the same when the ace comes last among the candidates
    assert player._vote(state, [b, c, a], cands, [0, 0, 0], [0, 0, 0], 4) is a


def test_the_choice_does_not_read_a_face_down_card(klondike) -> None:
    for seed, n in ((4, 12), (7, 9)):
        state = _played(klondike, seed, n)
        assert len(state.legal_moves()) > 1
        other = resample(state, 77, Memory(state).known)
        assert other.piles != state.piles
        player = Hindsight(klondike, budget=400)
        a, _ = player.choose(state, Memory(state), SplitMix64(5))
        b, _ = player.choose(other, Memory(other), SplitMix64(5))
        assert a is not None and a.notation == b.notation


def test_it_is_deterministic_given_the_deal(klondike) -> None:
    runs = []
    for _ in range(2):
        player = Hindsight(klondike, budget=120)
        p = player.play(3, max_moves=12)
        runs.append((p, [m.notation for m in player.state.history]))
    assert runs[0] == runs[1]
    assert len(runs[0][1]) == runs[0][0].moves > 0


def test_it_wins_a_crafted_easy_deal() -> None:
    game = compile_game(load_spec_text(SUITED, "suited.yaml"))
    state = game.new_state(order=SUITED_ORDER)
    assert [str(state.pile("columns", k)[-1]) for k in (1, 2, 3, 4)] == ["AS", "AH", "AD", "AC"]
    assert len(hidden_places(state)) == 48
    p = Hindsight(game, budget=200).play_state(state)
    assert p.outcome == "won" and p.moves == 52


def test_it_is_a_registered_policy() -> None:
    about = POLICIES["hindsight"]
    assert about.per_move and not about.searches and not about.in_verify
    assert "hindsight" in PLAYOUTS
