"""The solver: outcomes, replayable wins, budgets, canonical keys, safe-move pruning."""

from __future__ import annotations

import copy
import itertools
import random
from pathlib import Path

import pytest

from pipeline.engine import compile_game
from pipeline.engine.playout import play_one
from pipeline.engine.record import Record, replay
from pipeline.engine.symmetry import interchangeable_groups
from pipeline.solve import Budget, Solver, search, solve
from pipeline.solve.policies import greedy, random_playout
from pipeline.solve.safety import SafeMoves, unsafe_reason
from pipeline.solve.symmetry import KeyMaker, suit_blind
from pipeline.spec import load_spec

ROOT = Path(__file__).resolve().parent.parent
REF = ROOT / "rules" / "reference"


def game(path: Path):
    return compile_game(load_spec(path))


@pytest.fixture(scope="module")
def black_hole():
    return game(REF / "black-hole.yaml")


@pytest.fixture(scope="module")
def freecell():
    return game(REF / "freecell.yaml")


def test_win_replays_exactly(black_hole):
    res = solve(black_hole, seed=2, budget=Budget(nodes=20_000))
    assert res.outcome == "won"
    assert len(res.moves) == 51  # every card but the ace of spades goes into the hole
    rec = Record.from_json(res.record.to_json())
    state = replay(black_hole, rec)
    assert state.is_won()
    assert [m.notation for m in state.history] == res.moves


def test_no_choice_game_decides_every_deal_like_playing_it_out():
    # one-pack Clock has no decisions: the solver must agree with the playout deal by deal,
    # and a deal it does not win must be `lost` (the whole tree is one line)
    clock = game(REF / "clock-1deck.yaml")
    s = Solver(clock)
    for seed in range(40):
        res = s.solve(seed=seed, budget=Budget(nodes=1000))
        assert res.outcome == play_one(clock, seed)[0], seed
    assert {s.solve(seed=k).outcome for k in range(40)} == {"won", "lost"}


def test_budgets_give_unknown(black_hole, monkeypatch):
    res = solve(black_hole, seed=3, budget=Budget(nodes=50))
    assert (res.outcome, res.reason, res.nodes) == ("unknown", "nodes", 50)
    # deal 3 takes 12,555 nodes and the clock is read every 1,024 nodes: a clock that moves
    # a second at each reading runs out a 10 s budget before the end, on any machine
    ticks = itertools.count()
    # (the time module's own function: the compiled search reads it through the module)
    monkeypatch.setattr(search.time, "perf_counter", lambda: next(ticks))
    res = solve(black_hole, seed=3, budget=Budget(nodes=None, seconds=10))
    assert (res.outcome, res.reason) == ("unknown", "seconds")
    assert res.nodes < 12_555


def test_small_table_changes_work_not_answers(black_hole):
    # a 1 MiB table is emptied many times over; the path keeps the search from looping
    big = solve(black_hole, seed=2, budget=Budget(nodes=40_000))
    small = solve(black_hole, seed=2, budget=Budget(nodes=40_000, memory_mb=1))
    assert big.outcome == small.outcome == "won"
    assert small.record is not None and replay(black_hole, small.record).is_won()


def test_lost_means_the_whole_tree(black_hole):
    # deals 7 and 12 of Black Hole: lost, and a search whose keys merge nothing (no
    # suit-blindness, no permutations, whole foundations) agrees, in more positions
    exact = Solver(black_hole, exact_keys=True)
    for k in (7, 12):
        merged = solve(black_hole, seed=k, budget=Budget(nodes=3000))
        plain = exact.solve(seed=k, budget=Budget(nodes=3000))
        assert merged.outcome == plain.outcome == "lost"
        assert merged.nodes <= plain.nodes
    # without dead ends (which decide deal 7 at once either way), merging saves positions
    plain = Solver(black_hole, prune=False, exact_keys=True).solve(seed=7)
    assert plain.nodes > Solver(black_hole, prune=False).solve(seed=7).nodes


# ---------------------------------------------------------------- canonical keys
@pytest.mark.parametrize(
    ("name", "groups"),
    [
        ("freecell", {"cells": "always", "foundations": "always", "columns": "after-deal"}),
        ("klondike-3", {"foundations": "always", "columns": "after-deal"}),
        ("golf", {"columns": "after-deal"}),
        ("black-hole", {"fans": "after-deal"}),
        # the deal's base card goes to foundations.1 alone, but once the deal is over the
        # foundations are alike; the columns' one-card fill only ever ranks empty piles
        ("canfield", {"foundations": "after-deal", "columns": "after-deal"}),
        ("clock-1deck", {}),  # the route sends rank N to pile N
    ],
)
def test_interchangeable_groups(name, groups):
    # the engine's one derivation, for its collapsed moves and the solver's keys alike
    assert interchangeable_groups(game(REF / f"{name}.yaml")) == groups


def test_a_rule_naming_one_pile_breaks_the_symmetry():
    rules = copy.deepcopy(load_spec(REF / "freecell.yaml").rules)
    rules["moves"]["to-cell"]["to"] = ["cells.1"]
    assert "cells" not in interchangeable_groups(compile_game(rules))
    rules = copy.deepcopy(load_spec(REF / "freecell.yaml").rules)
    rules["moves"]["to-cell"]["auto"] = True
    assert "cells" not in interchangeable_groups(compile_game(rules))


def test_suit_blind_only_where_no_rule_reads_suits():
    assert suit_blind(load_spec(REF / "golf.yaml").rules)
    assert suit_blind(load_spec(REF / "black-hole.yaml").rules)
    for name in ("freecell", "klondike-3", "canfield"):
        assert not suit_blind(load_spec(REF / f"{name}.yaml").rules)


def test_permuted_cells_share_a_key(freecell):
    # two cards put in the cells in either order: the same position up to a permutation of
    # the cells, one canonical key; an exact key tells them apart
    s = freecell.new_state(seed=5)
    cells = set(freecell.group_piles["cells"])

    def to_cell(card: int):
        return next(m for m in s.legal_moves() if m.dst in cells and m.card == card)

    tops = [m.card for m in s.legal_moves() if m.dst in cells]
    x, y = tops[0], next(c for c in tops if c != tops[0])
    canon, exact = KeyMaker(freecell, s), KeyMaker(freecell, s, exact=True)
    found, plain = set(), set()
    for a, b in ((x, y), (y, x)):
        s.apply(to_cell(a))
        s.apply(to_cell(b))
        assert sorted(len(s.piles[c]) for c in cells) == [0, 0, 1, 1]
        found.add(canon.key(s))
        plain.add(exact.key(s))
        s.undo()
        s.undo()
    assert len(found) == 1 and len(plain) == 2
    s.apply(to_cell(x))
    assert canon.key(s) not in found


@pytest.mark.parametrize(
    "path",
    [
        REF / "golf.yaml",
        REF / "freecell.yaml",
        ROOT / "rules" / "exiles.yaml",
        ROOT / "rules" / "shah.yaml",
    ],
    ids=lambda p: p.stem,
)
def test_incremental_keys_match_keys_made_anew(path):
    # along a random walk with undos, the key kept from the changed piles alone equals the
    # key computed from every pile; the piles a move changed are all named by the engine
    g = game(path)
    s = g.new_state(seed=3)
    keys = KeyMaker(g, s)
    keys.reset(s)
    rng = random.Random(7)
    depth = 0
    for _ in range(300):
        moves = s.legal_moves()
        if moves and (not depth or rng.random() < 0.7):
            before = [list(p) for p in s.piles]
            s.apply(rng.choice(moves))
            changed = {p for p, old in enumerate(before) if s.piles[p] != old}
            assert changed <= set(s.changed_piles())
            h = keys.advance(s)
            depth += 1
        elif depth:
            s.undo()
            keys.retreat()
            h = keys._hash(s)
            depth -= 1
        else:
            break
        assert h == keys.position(s)


def test_no_progress_games_key_the_path():
    blockade = game(ROOT / "rules" / "blockade.yaml")
    s = blockade.new_state(seed=1)
    keys = KeyMaker(blockade, s)
    assert keys.history_dependent and keys.groups == {}
    pos, epoch = keys.position(s), keys.epoch(s)
    # deal cursor, then the cards on foundations and in the stock (which only shrinks)
    assert epoch[-2:] == (0, len(s.card_piles()[blockade.stock]))
    k0 = keys.key_at(pos, epoch)
    keys.enter(pos, epoch)
    assert keys.key_at(pos, epoch) == k0  # reaching it again: the set is the same
    assert keys.key_at(pos ^ 1, epoch) != keys.key_at(pos ^ 1, (*epoch[:-1], 1))
    keys.leave(pos, epoch)
    assert keys._path == {}
    # a redeal brings earlier deal positions back: every position on the path counts then
    rules = copy.deepcopy(blockade.rules)
    rules["redeal"] = {"times": 1, "when": "stuck", "gather": ["columns"]}
    other = copy.copy(blockade)
    other.rules = rules
    assert KeyMaker(other, s).epoch(s) == ()
    res = solve(blockade, seed=1, budget=Budget(nodes=300))
    assert res.outcome == "unknown"


# ---------------------------------------------------------------- safe moves
def test_pruning_refused_where_the_proof_fails():
    def reason(path: Path) -> str | None:
        return unsafe_reason(load_spec(path).rules)

    assert reason(REF / "freecell.yaml") is None
    assert reason(REF / "klondike-3.yaml") is None
    two = copy.deepcopy(load_spec(REF / "freecell.yaml").rules)
    two["decks"] = 2
    assert unsafe_reason(two) is None  # twins are counted in the position (safety.py)
    assert "no fixed base" in reason(REF / "golf.yaml")
    assert reason(REF / "canfield.yaml") is None  # its fills refill empty piles only
    canfield = load_spec(REF / "canfield.yaml").rules
    deeper = copy.deepcopy(canfield)
    deeper["fill"]["columns"]["up_to"] = 2
    assert unsafe_reason(deeper) == "the fill rule of 'columns' refills piles that still hold cards"
    onto_reserve = copy.deepcopy(canfield)
    onto_reserve["moves"]["park"] = {"from": ["talon"], "to": ["reserve"]}
    assert unsafe_reason(onto_reserve) == "move rule 'park' lays cards on a pile a fill takes from"
    assert reason(ROOT / "rules" / "blockade.yaml") is None
    for name in ("shah", "clock", "dense-column", "exiles"):
        assert reason(ROOT / "rules" / f"{name}.yaml") is not None, name


def test_safe_move_condition(freecell):
    # FreeCell: c may go up alone once both cards one rank lower of the other colour are
    # up (nothing else can be laid on it: the cells hold one card)
    safe = SafeMoves(freecell)
    assert safe.enabled
    onto = safe.onto
    five_s = 4  # 5S: card key 13*0 + 4
    assert {k % 13 for k in onto[five_s]} == {3}
    assert {k // 13 for k in onto[five_s]} == {1, 2}  # 4H, 4D


def test_safe_moves_beside_fills():
    # Canfield: a space is refilled from the reserve at once. 6H may go up alone once 5S and
    # 5C are up, but not from the reserve (the fills take its top) and not while it is alone
    # in its column (the space would be refilled now instead of when 6H goes up in a win)
    canfield = game(REF / "canfield.yaml")
    safe = SafeMoves(canfield)
    assert safe.enabled
    reserve = ["2D", "3D", "4D", "9S", "9C", "10S", "10C", "JS", "JC", "QS", "6H", "QC", "KS"]
    s = canfield.new_state(order=[*reserve, "5H", "5S", "5C", "7C", "6D"])
    assert safe.pick(s, s.legal_moves()) is None  # 5S and 5C: black fours not up
    s.apply("columns.1 5S foundations.2")
    s.apply("columns.2 5C foundations.3")
    moves = s.legal_moves()
    assert [m.notation for m in moves] == [
        "reserve 6H foundations.1",
        "columns.4 6D columns.3",
        "reserve 6H columns.3",
        "turn",
    ]
    assert safe.pick(s, moves) is None  # 6H lies on the reserve
    s.apply("reserve 6H columns.3")
    moves = s.legal_moves()
    assert [m.notation for m in moves] == ["columns.3 6H foundations.1", "turn"]
    assert safe.pick(s, moves).notation == "columns.3 6H foundations.1"
    reserve[reserve.index("6H")] = "8D"
    alone = canfield.new_state(order=[*reserve, "5H", "6H", "5S", "5C", "KD"])
    alone.apply("columns.2 5S foundations.2")
    alone.apply("columns.3 5C foundations.3")
    moves = alone.legal_moves()
    assert "columns.1 6H foundations.1" in [m.notation for m in moves]
    assert safe.pick(alone, moves) is None  # 6H alone in its column


def test_pruning_keeps_the_answer_in_canfield():
    canfield = game(REF / "canfield.yaml")
    pruned, plain = Solver(canfield), Solver(canfield, prune=False)
    assert pruned.prune and not plain.prune
    for seed, outcome in ((11, "won"), (16, "lost"), (17, "won"), (25, "lost")):
        a = pruned.solve(seed=seed, budget=Budget(nodes=10_000))
        b = plain.solve(seed=seed, budget=Budget(nodes=10_000))
        assert (a.outcome, b.outcome) == (outcome, outcome), seed
        assert a.nodes <= b.nodes
        if a.outcome == "won":
            assert replay(canfield, a.record).is_won()


def test_pruning_keeps_the_answer(freecell):
    pruned, plain = Solver(freecell), Solver(freecell, prune=False)
    assert pruned.prune and not plain.prune
    decided = 0
    for seed in (7, 9, 11):
        a = pruned.solve(seed=seed, budget=Budget(nodes=6000))
        b = plain.solve(seed=seed, budget=Budget(nodes=6000))
        if "unknown" not in (a.outcome, b.outcome):
            assert a.outcome == b.outcome
            decided += 1
        if a.outcome == "won":
            assert replay(freecell, a.record).is_won()
    assert decided >= 2


# ---------------------------------------------------------------- policies
def test_policies_are_deterministic_and_finish(black_hole):
    for seed in range(5):
        g1, g2 = greedy(black_hole, seed), greedy(black_hole, seed)
        assert g1 == g2 and g1.outcome in ("won", "lost")
        r = random_playout(black_hole, seed)
        assert (r.outcome, r.moves) == play_one(black_hole, seed)
    assert greedy(black_hole, 0, max_moves=3).outcome == "unknown"


def test_a_pass_through_the_stock_comes_back_to_the_same_key():
    # Klondike's passes are unlimited: the recycle count never decides a move, so turning
    # the whole stock and recycling it is the position we started from
    from pipeline.engine.moves import RECYCLE, TURN

    klondike = game(REF / "klondike-3.yaml")
    s = klondike.new_state(seed=3)
    keys, exact = KeyMaker(klondike, s), KeyMaker(klondike, s, exact=True)
    start, start_exact = keys.key(s), exact.key(s)
    kinds = []
    while not kinds or kinds[-1] != RECYCLE:
        m = next(m for m in s.legal_moves() if m.kind in (TURN, RECYCLE))
        s.apply(m)
        kinds.append(m.kind)
        if m.kind == TURN:
            assert keys.key(s) != start
    assert kinds.count(TURN) == 8  # 24 cards, three at a time
    assert keys.key(s) == start
    assert exact.key(s) == start_exact  # no merging needed for that


def test_complete_run_games_order_moves_by_the_runs_they_join_and_split() -> None:
    """Games that remove complete runs: a move joining a run first, the stock before moves
    that join nothing, a card turned up through an empty pile before a run moved whole into
    one (their numbers have no end otherwise, and the search never deals)."""
    simon = game(REF / "simple-simon.yaml")
    state = simon.new_state(seed=1)
    assert [m.notation for m in Solver(simon)._children(state)] == [
        "columns.9 3H columns.3",  # joins 4H
        "columns.2 9S columns.7",
        "columns.7 10C columns.4",
        "columns.9 3H columns.6",
    ]
    spiderette = game(REF / "spiderette.yaml")
    state = spiderette.new_state(seed=1)
    for move in ("columns.2 4S columns.4", "columns.2 9D columns.6"):
        state.apply(move)
    assert [m.notation for m in Solver(spiderette)._children(state)] == [
        "deal",
        "columns.6 9D columns.7",  # splits nothing, joins nothing
        "columns.3 QD columns.2",  # turns a card up, into the empty pile
        "columns.4 5S columns.2",
        "columns.5 4C columns.2",
        "columns.7 10C columns.2",
        "columns.1 7C columns.2",  # a whole pile into the empty one
        "columns.4 4S columns.2",  # splits 5S 4S
        "columns.6 9D columns.2",
    ]
