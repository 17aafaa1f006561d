"""The `hindsight` policy's player, UCT over what a person knows (`pipeline.solve.uct`): the
re-deals it searches never contradict a card seen, over many random games; its choice and its
tree's keys do not read a face-down card; it is deterministic; it wins an easy deal; and the
greedy order it rolls out with does not count a card taken off a foundation as a gain."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from test_hindsight import SUITED, SUITED_ORDER

from pipeline.engine import compile_game
from pipeline.engine.moves import TURN
from pipeline.engine.observe import Memory, resample
from pipeline.engine.rng import SplitMix64
from pipeline.solve.hop import Prioritized
from pipeline.solve.order import greedy_score
from pipeline.solve.search import Solver
from pipeline.solve.uct import UCT, UCTPlayer, scout
from pipeline.spec import load_spec, load_spec_text

ROOT = Path(__file__).resolve().parent.parent
KLONDIKE = ROOT / "rules" / "reference" / "klondike-3.bjarnason.yaml"


@pytest.fixture(scope="module")
def klondike():
    return compile_game(load_spec(KLONDIKE))


def _random_game(game, deal: int, moves: int):
    """Deal `deal` after up to `moves` uniform random moves, with the player's memory of it."""
    state = game.new_state(seed=deal)
    memory = Memory(state)
    rng = SplitMix64(deal)
    for _ in range(moves):
        legal = state.legal_moves()
        if not legal:
            break
        state.apply(legal[rng.below(len(legal))])
        memory.see(state)
    return state, memory


@pytest.mark.parametrize("spec", [KLONDIKE, ROOT / "rules" / "shah.yaml"])
def test_a_redeal_never_contradicts_a_card_seen_over_many_games(spec) -> None:
    game = compile_game(load_spec(spec))
    for deal in range(1, 13):
        state, memory = _random_game(game, deal, 15 + 7 * deal)
        seen = memory.known
        for s in range(3):
            new = resample(state, 1000 * deal + s, seen)
            assert Counter(new.cards_in_play()) == Counter(state.cards_in_play())
            for p, pile in enumerate(state.piles):
                assert len(new.piles[p]) == len(pile)
                for i, v in enumerate(pile):
                    w = new.piles[p][i]
                    if v >= 0 or ~v in seen:  # face up, or face down and remembered
                        assert w == v, (deal, p, i)
                    else:  # face down, unseen: face down still, and never a card seen
                        assert w < 0 and ~w not in seen, (deal, p, i)


def test_the_key_and_the_choice_do_not_read_a_face_down_card(klondike) -> None:
    uct = UCT(klondike)
    state = klondike.new_state(seed=4)
    memory = Memory(state)
    scout(state, memory, 100)
    other = resample(state, 77, memory.known)  # the same view, the hidden cards elsewhere
    assert other.piles != state.piles
    assert uct.info_key(other, memory.known) == uct.info_key(state, memory.known)
    a = UCT(klondike).choose(state, memory.known, SplitMix64(5), 300, set())
    b = UCT(klondike).choose(other, memory.known, SplitMix64(5), 300, set())
    assert a is not None and a == b


def test_talon_moves_are_macro_actions_and_bare_turns_are_not(klondike) -> None:
    state = klondike.new_state(seed=4)
    memory = Memory(state)
    scout(state, memory, 100)
    acts = UCT(klondike).actions(state)
    assert all(not text.startswith("stock") for _, text in acts)  # no bare turn
    deep = [(k, text) for k, text in acts if k > 0]
    assert deep and all(text.startswith("talon ") for _, text in deep)
    k, text = deep[0]  # k turns, then the move is legal
    for _ in range(k):
        state.apply(next(m for m in state.legal_moves() if m.kind == TURN))
    assert text in {m.notation for m in state.legal_moves()}


def test_it_is_deterministic_given_the_deal(klondike) -> None:
    runs = []
    for _ in range(2):
        player = UCTPlayer(klondike, budget=100)
        p = player.play(3, max_moves=15)
        runs.append((p, [m.notation for m in player.state.history]))
    assert runs[0] == runs[1]
    assert len(runs[0][1]) == runs[0][0].moves > 0


def test_it_wins_a_crafted_easy_deal() -> None:
    game = compile_game(load_spec_text(SUITED, "suited.yaml"))
    p = UCTPlayer(game, budget=40).play_state(game.new_state(order=SUITED_ORDER), 500)
    assert p.outcome == "won" and 52 <= p.moves <= 80


def test_a_card_off_a_foundation_is_no_gain(klondike) -> None:
    state = klondike.new_state(seed=39)
    found = frozenset(klondike.foundations)
    state.apply("columns.2 AC foundations.1")
    back = [m for m in state.legal_moves() if m.src in found]
    assert [m.notation for m in back] == ["foundations.1 AC columns.7"]  # onto a red two
    assert all(greedy_score(state, m, found) == 2 for m in back)


def test_with_the_planner_its_choice_does_not_read_a_face_down_card(klondike) -> None:
    # rollouts by hindsight optimization's planner, the budget in trajectories: two positions
    # alike in all a person sees get the same action; an easy deal is won, five moves
    # longer than it need be (four trajectories a choice tell equal actions apart by chance)
    state = klondike.new_state(seed=4)
    memory = Memory(state)
    scout(state, memory, 100)
    other = resample(state, 77, memory.known)
    assert other.piles != state.piles
    picks = []
    for s in (state, other):
        player = UCTPlayer(klondike, 12, 0.5, Prioritized(klondike, Solver(klondike)))
        picks.append(player.uct.choose(s, memory.known, SplitMix64(5), 12, set()))
    assert picks[0] is not None and picks[0] == picks[1]
    game = compile_game(load_spec_text(SUITED, "suited.yaml"))
    player = UCTPlayer(game, 4, 0.5, Prioritized(game, Solver(game)))
    p = player.play_state(game.new_state(order=SUITED_ORDER), 200)
    assert p.outcome == "won" and p.moves == 57
