"""The stock's reach cached (`StockSequence._reach`): the same successors, in the same order,
as the fold that makes every turn, on crafted deals and along random games; the state left
as it was; reuse across tables; and no cache where a turn could set something off."""

from __future__ import annotations

import random

import pytest
from crafted_deals import klondike_order

from pipeline.engine import compile_game
from pipeline.engine.loading import load_game
from pipeline.engine.moves import MACRO
from pipeline.solve.talon import StockSequence

_COLUMN_TOPS = ["KS", "QS", "JS", "10S", "9S", "8S", "7S"]
_FACE_DOWN = [
    *("6D", "7D", "8D", "9D", "10D", "JD", "QD", "7H", "8H", "9H", "10H", "JH", "QH"),
    *("AC", "AD", "AS", "2C", "3C", "4C", "5C", "6C"),
]
_STOCK = [
    *("2S", "3S", "AH", "6H", "4S", "5S", "6S", "7C", "8C", "9C", "10C", "JC"),
    *("QC", "KC", "2D", "3D", "4D", "5D", "2H", "3H", "4H", "5H", "KD", "KH"),
]

_STOCK_GAMES = [
    "klondike-1",
    "klondike-2",
    "klondike-3",
    "klondike-3.bjarnason",
    "klondike-7",
    "canfield.blake-gent",
    "canfield.whole-pile",
    "thirty-six",
    "trigon",
]


def _keys(moves) -> list[tuple]:
    return [m.key() for m in moves]


def _snapshot(st) -> tuple:
    return ([list(p) for p in st.card_piles()], list(st.counters()), len(st.history))


def _both(game):
    cached, plain = StockSequence(game, cache=True), StockSequence(game, cache=False)
    assert cached.enabled and plain.enabled
    return cached, plain


@pytest.mark.parametrize("spec", ["klondike-1", "klondike-2", "klondike-3"])
def test_crafted_deal_same_macros_with_and_without_the_cache(spec: str) -> None:
    g = load_game(f"rules/reference/{spec}.yaml")
    cached, plain = _both(g)
    st = g.new_state(order=klondike_order(_COLUMN_TOPS, _FACE_DOWN, _STOCK))
    for _ in range(3):  # the deal, then after the first play the stock reached, twice
        before = _snapshot(st)
        a = cached.fold(st, st.legal_moves())
        assert _snapshot(st) == before
        b = plain.fold(st, st.legal_moves())
        assert _keys(a) == _keys(b) and a
        assert all(m.kind == MACRO for m in a)
        st.apply(a[0])
    assert cached.hits == 0  # each fold met a new stock and talon


@pytest.mark.parametrize("spec", _STOCK_GAMES)
def test_random_games_same_successors_with_and_without_the_cache(spec: str) -> None:
    g = load_game(f"rules/reference/{spec}.yaml")
    cached, plain = _both(g)
    compared = 0
    for seed in range(1, 9):
        st = g.new_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            moves = st.legal_moves()
            if not moves or st.is_won():
                break
            before = _snapshot(st)
            a = cached.fold(st, list(moves))
            assert _snapshot(st) == before
            b = plain.fold(st, list(moves))
            assert _keys(a) == _keys(b), (seed, [m.notation for m in a], [m.notation for m in b])
            compared += 1
            if not a:  # the turns reach no play, and nothing else moves
                break
            m = rng.choice(a)
            if m.kind == MACRO:  # unchecked, as the search makes it: the same position
                probe = g.new_state(seed=seed)
                for h in st.history:
                    probe.apply(h)
                probe.apply(m)
                st.apply_known(m)
                assert [list(p) for p in st.card_piles()] == [list(p) for p in probe.card_piles()]
            else:
                st.apply(m)
    assert compared >= 100
    # every one of these games keeps the reach (Canfield's fills from the reserve and its
    # base, fixed by the deal, cannot answer a turn: `Position.turns_alone`)
    assert g.new_state(seed=1).turns_alone()
    assert cached.hits > 0  # a stock and talon met again under another table


def test_a_reach_is_reused_under_another_table() -> None:
    g = load_game("rules/reference/klondike-1.yaml")
    cached, plain = _both(g)
    # the same stock under two tableaux: the second fold finds the reach kept
    one = g.new_state(order=klondike_order(_COLUMN_TOPS, _FACE_DOWN, _STOCK))
    tops = ["KS", "QS", "JS", "10S", "9S", "8S", "3C"]  # 3C for 7S: 6H has no place
    down = [c if c != "3C" else "7S" for c in _FACE_DOWN]
    two = g.new_state(order=klondike_order(tops, down, _STOCK))
    a1 = cached.fold(one, one.legal_moves())
    a2 = cached.fold(two, two.legal_moves())
    assert cached.hits == 1
    assert _keys(a1) == _keys(plain.fold(one, one.legal_moves()))
    assert _keys(a2) == _keys(plain.fold(two, two.legal_moves()))
    # the same turns, what the other table takes: 2D and 2H on 3C, no place for 6H
    assert [(len(m.parts) - 1, m.parts[-1].notation) for m in a2] == [
        (3, "talon AH foundations.1"),
        (15, "talon 2D columns.7"),
        (19, "talon 2H columns.7"),
    ]
    assert [(len(m.parts) - 1, m.parts[-1].notation) for m in a1] == [
        (3, "talon AH foundations.1"),
        (4, "talon 6H columns.7"),
    ]


def test_no_cache_where_an_automatic_rule_could_answer_a_turn(tmp_path) -> None:
    from pathlib import Path

    text = Path("rules/reference/klondike-1.yaml").read_text(encoding="utf-8")
    text = text.replace("id: klondike-1", "id: klondike-1-auto", 1)
    text = text.replace(
        "moves:\n", "moves:\n  up:\n    from: columns\n    to: foundations\n    auto: true\n", 1
    )
    spec = tmp_path / "auto.yaml"
    spec.write_text(text, encoding="utf-8")
    g = load_game(str(spec))
    cached, plain = _both(g)
    st = g.new_state(seed=3)
    assert _keys(cached.fold(st, st.legal_moves())) == _keys(plain.fold(st, st.legal_moves()))
    assert cached._alone == 0 and not cached._reaches


def test_a_stock_play_to_a_foundation_ranks_with_the_foundation_moves() -> None:
    from pipeline.solve.search import Solver

    g = load_game("rules/reference/klondike-2.yaml")

    def order(stock_up: bool) -> list[str]:
        st = g.new_state(seed=72)
        return [
            m.parts[-1].notation if m.kind == MACRO else m.notation
            for m in Solver(g, stock_up=stock_up)._children(st)
        ]

    # deal 72 of draw 2: three tableau moves uncover a card; the stock reaches 10S for a
    # column, AS (a foundation or a column) and AH (a foundation)
    assert order(False) == [
        "columns.4 4S columns.1",
        "columns.7 2H columns.2",
        "columns.7 2H columns.5",
        "talon 10S columns.3",
        "talon AS foundations.1",
        "talon AS columns.7",
        "talon AH foundations.1",
    ]
    assert order(True) == [
        "talon AS foundations.1",
        "talon AH foundations.1",
        "columns.4 4S columns.1",
        "columns.7 2H columns.2",
        "columns.7 2H columns.5",
        "talon 10S columns.3",
        "talon AS columns.7",
    ]


def test_stock_plays_rank_up_where_the_stock_goes_round_without_end_several_cards_a_turn() -> None:
    from pipeline.solve.search import Solver

    def up(spec: str) -> bool:
        return Solver(load_game(f"rules/reference/{spec}.yaml")).stock_up

    assert up("klondike-2") and up("klondike-3")
    # one card a turn: every card comes round at every pass, the safe plays go up already
    assert not up("klondike-1") and not up("trigon")
    # Thirty Six turns its stock once: a play deep in it buries what it passes
    assert not up("thirty-six")
    assert not up("freecell")  # no stock to fold


def test_no_cache_where_a_fill_the_engine_makes_takes_from_the_talon() -> None:
    g = load_game("rules/reference/canfield.blake-gent.yaml")
    assert g.new_state(seed=1).turns_alone()
    rules = g.rules
    fill = {**rules["fill"]["columns"], "sources": [{"from": ["reserve", "talon"]}]}
    other = compile_game({**rules, "fill": {"columns": fill}})
    assert not other.new_state(seed=1).turns_alone()


def test_no_cache_where_a_turn_could_set_off_anything_else() -> None:
    # Canfield with one change each, every one a way for the engine to answer a turn by
    # itself (`Position.turns_alone`; an automatic rule: the test above); each alone makes
    # the reach unfit to keep
    rules = load_game("rules/reference/canfield.blake-gent.yaml").rules
    moves, piles, fill = rules["moves"], rules["piles"], rules["fill"]["columns"]
    found = piles["foundations"]
    changed = {
        "a batch of fills": {"fill": {"columns": {**fill, "timing": "batch"}}},
        "a no-progress rule": {
            "moves": {**moves, "build": {**moves["build"], "when": "no-progress"}}
        },
        "a fill the engine makes into the talon": {
            "fill": {
                "columns": fill,
                "talon": {"timing": "immediate", "sources": [{"from": "reserve"}]},
            }
        },
        "a base read from the talon": {
            "piles": {
                **piles,
                "foundations": {
                    **found,
                    "foundation": {**found["foundation"], "base": {"rank_of": "talon"}},
                },
            }
        },
    }
    for why, edit in changed.items():
        assert not compile_game({**rules, **edit}).new_state(seed=1).turns_alone(), why


def _known_as_checked(g, st, seed: int, m, drop_memo: bool) -> int:
    """`st.apply_known(m)` leaves the same piles, counters, record and changed piles as a
    fresh state of the deal (keeping no piles' hash where `st` keeps none: `drop_memo`)
    making the history and `m` checked, and undo gives the position back. Returns how many
    parts the move had as made."""
    before = _snapshot(st)
    probe = g.new_state(seed=seed)
    if drop_memo:
        probe.drop_memo()  # no piles' hash kept in either
    for h in st.history:
        probe.apply(h)
    probe.apply(m)
    st.apply_known(m)
    parts = len(st.history[-1].parts)
    assert _snapshot(st) == _snapshot(probe)
    assert st.record().moves == probe.record().moves
    assert set(st.changed_piles()) == set(probe.changed_piles())
    st.undo()
    assert _snapshot(st) == before
    return parts


@pytest.mark.parametrize("spec", ["klondike-2", "canfield.blake-gent"])
def test_a_macro_made_from_its_jump_leaves_what_its_turns_leave(spec: str) -> None:
    # `MacroMove.jump` (`State._macro_known`): the search's states keep no piles' hash
    # (`drop_memo`), so the engine sets the stock and the talon the turns would leave; the
    # same piles, counters, record and changed piles as making every part checked, and
    # undo gives the position back
    g = load_game(f"rules/reference/{spec}.yaml")
    cached = StockSequence(g, cache=True)
    jumped = 0
    for seed in range(1, 3):
        st = g.new_state(seed=seed)
        st.drop_memo()
        rng = random.Random(seed)
        for _ in range(15):
            moves = st.legal_moves()
            if not moves or st.is_won():
                break
            a = cached.fold(st, list(moves))
            if not a:
                break
            for m in [m for m in a if m.kind == MACRO and m.jump is not None][:3]:
                _known_as_checked(g, st, seed, m, drop_memo=True)
                jumped += 1
            m = rng.choice(a)
            st.apply_known(m) if m.kind == MACRO else st.apply(m)
    assert jumped >= 10


@pytest.mark.parametrize(
    "edit",
    ["    recycle: 1\n", "    recycle: unlimited\n    limit: 10\n"],
    ids=["recycles-counted", "turns-limited"],
)
def test_the_reach_keyed_by_the_counters_the_turns_read(tmp_path, edit: str) -> None:
    # no shipped folded spec counts its recycles or limits its turns: with either, the
    # same stock and talon reach other splits once a pass is made (`Position.turn_slots`)
    from pathlib import Path

    from pipeline.engine.moves import RECYCLE, TURN

    text = Path("rules/reference/klondike-3.yaml").read_text(encoding="utf-8")
    text = text.replace("    recycle: unlimited\n", edit, 1)
    spec = tmp_path / "k3.yaml"
    spec.write_text(text, encoding="utf-8")
    g = load_game(str(spec))
    cached, plain = _both(g)
    st = g.new_state(seed=1)
    assert st.turn_slots(cached._rule) and st.turns_alone()
    first = cached.fold(st, st.legal_moves())
    stock = list(st.card_piles()[cached._stock])
    while True:  # a whole pass and the recycle, as plain moves: the stock as it was dealt
        turn = next(m for m in st.legal_moves() if m.kind in (TURN, RECYCLE))
        st.apply(turn)
        if turn.kind == RECYCLE:
            break
    assert st.card_piles()[cached._stock] == stock and not st.card_piles()[cached._talon]
    again = cached.fold(st, st.legal_moves())
    assert _keys(again) == _keys(plain.fold(st, st.legal_moves()))
    assert cached.hits == 0 and first  # not the reach kept for the pass before


def test_the_rewind_set_at_once_keeps_the_piles_hash() -> None:
    # `State._rewind_set` where the state keeps its piles' hash (no `drop_memo`): the same
    # piles, counters (the hash among them), record and changed piles as the checked
    # path's turns, and undo gives the position back
    g = load_game("rules/reference/klondike-2.yaml")
    cached = StockSequence(g, cache=True)
    rewound = 0
    for seed in range(1, 3):
        st = g.new_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(12):
            moves = st.legal_moves()
            a = cached.fold(st, list(moves)) if moves else []
            if not a:
                break
            for m in [m for m in a if m.kind == MACRO][:3]:
                rewound += _known_as_checked(g, st, seed, m, drop_memo=False) > len(m.parts)
            m = rng.choice(a)
            st.apply_known(m) if m.kind == MACRO else st.apply(m)
    assert rewound >= 10
