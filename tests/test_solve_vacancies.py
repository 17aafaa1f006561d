"""Moves of a card alone in its pile onto another pile left out where no empty pile is used
again (`pipeline.solve.vacancies`): which specs it holds for, the exact moves it leaves out
against a reading written here from pile names, the same outcomes as the search without it,
and a win lost when the proof's condition (no card is ever laid on an empty pile) is broken."""

from __future__ import annotations

import copy
import random

from thoroughness import examples

from pipeline.engine import compile_game
from pipeline.engine.loading import load_game
from pipeline.engine.moves import TRANSFER
from pipeline.solve.search import Budget, Solver
from pipeline.solve.vacancies import Vacancies, group_piles, reason

# the piles a card alone may stay in, by each book game's pile names
_PLACES = {
    "dense-column": ("corners.", "sides."),
    "dense-column.cadogan": ("corners.", "sides."),
    "blockade": ("columns.",),
    "blockade.rows": ("columns.",),
    "clock": ("packets.",),
}


# the deals each game is played in by default (tests/thoroughness.py)
_QUICK_DEALS = {"dense-column": 30, "blockade.rows": 40}


def _variant(name: str, rule: str, **change) -> dict:
    rules = copy.deepcopy(dict(load_game(f"rules/{name}.yaml").rules))
    rules["moves"][rule] = {**rules["moves"][rule], **change}
    return rules


def test_reason_names_what_the_argument_needs() -> None:
    for name in _PLACES:
        g = load_game(f"rules/{name}.yaml")
        assert reason(g) is None, name
        names = [g.pile_name[p] for p in group_piles(g)]
        assert len(names) == 12 and all(n.startswith(_PLACES[name]) for n in names), name
    # the Shah's marriages read depths, the exiles game counts its exchanges
    assert reason(load_game("rules/shah.yaml")) == (
        "no two piles give only their top card and never take one when empty"
    )
    assert reason(load_game("rules/exiles.yaml")) == "move rule 'exchange' counts its uses"
    # a place that takes a card when empty is no longer kept: the Dense Column's shifts
    # onto an empty place leave no place where a card alone may stay
    shift = load_game("rules/dense-column.yaml").rules["moves"]["shift"]
    open_places = _variant("dense-column", "shift", build={**shift["build"], "empty": "any"})
    assert reason(compile_game(open_places)) == (
        "no two piles give only their top card and never take one when empty"
    )
    assert reason(compile_game(_variant("dense-column", "shift", when="stuck"))) == (
        "move rule 'shift' depends on other moves being absent"
    )
    assert reason(compile_game(_variant("dense-column", "play", auto=True))) == (
        "move rule 'play' is made by the engine"
    )


def _expected(g, st, moves, prefixes) -> set[str]:
    """Moves of a card alone in a place onto another place, once nothing deals or fills."""
    piles = st.card_piles()
    if not st.deal_over() or piles[g.stock]:
        return set()

    def place(p: int) -> bool:
        return p >= 0 and g.pile_name[p].startswith(prefixes)

    return {
        m.notation
        for m in moves
        if m.kind == TRANSFER and place(m.src) and place(m.dst) and len(piles[m.src]) == 1
    }


def test_left_out_exactly_as_the_pile_names_say_on_random_play() -> None:
    counts = {}
    early = 0
    for name, prefixes in _PLACES.items():
        g = load_game(f"rules/{name}.yaml")
        vac = Vacancies(g)
        found = set(g.foundations)
        rng = random.Random(3)
        dropped = 0
        # 80 deals each under PASYANS_TESTS=thorough; by default 20, 30 of the Dense Column
        # (a card alone free to move while the deal goes on, in deal 27) and 40 of Blockade's
        # rows (its first move left out comes in deal 36)
        for deal in range(1, 1 + examples(_QUICK_DEALS.get(name, 20), 80)):
            st = g.new_state(seed=deal)
            for _ in range(1500):
                moves = st.legal_moves()
                if not moves:
                    break
                kept = {m.notation for m in vac.prune(st, moves)}
                got = {m.notation for m in moves} - kept
                assert got == _expected(g, st, moves, prefixes), (name, deal)
                dropped += len(got)
                piles = st.card_piles()
                early += not st.deal_over() and any(
                    m.kind == TRANSFER and g.pile_name[m.dst].startswith(prefixes)
                    for m in moves
                    if m.src >= 0 and len(piles[m.src]) == 1
                )
                ups = [m for m in moves if m.kind == TRANSFER and m.dst in found]
                st.apply(rng.choice(ups) if ups and rng.random() < 0.7 else rng.choice(moves))
        counts[name] = dropped
    assert min(counts.values()) >= 1 and sum(counts.values()) >= 40, counts
    assert early >= 1  # a card alone moved while the deal goes on is kept


def test_the_search_decides_alike_with_and_without_in_end_games() -> None:
    # the first position of a random game where a move is left out, searched with the
    # solver as it runs and with no reduction at all (exact keys): never a different outcome
    both = won = 0
    for name in ("dense-column", "blockade", "clock"):
        g = load_game(f"rules/{name}.yaml")
        on = Solver(g)
        plain = Solver(g, prune=False, exact_keys=True)
        assert on.vac is not None and plain.vac is None
        found = set(g.foundations)
        rng = random.Random(11)
        for deal in range(1, 21):
            st = g.new_state(seed=deal)
            for _ in range(3000):
                moves = st.legal_moves()
                if not moves:
                    break
                if len(on.vac.prune(st, moves)) < len(moves):
                    a = on.search(st.copy(), Budget(nodes=5000))
                    b = plain.search(st.copy(), Budget(nodes=5000))
                    if "unknown" not in (a.outcome, b.outcome):
                        both += 1
                        won += a.outcome == "won"
                        assert a.outcome == b.outcome, (name, deal)
                    break
                ups = [m for m in moves if m.kind == TRANSFER and m.dst in found]
                st.apply(rng.choice(ups) if ups and rng.random() < 0.7 else rng.choice(moves))
    assert both >= 12


def test_positions_on_a_winning_line_stay_won() -> None:
    # Cadogan's Dense Column, deal 1, won by the restarts: every position of the winning
    # line where a move is left out is won by the search with it left out
    g = load_game("rules/dense-column.cadogan.yaml")
    win = Solver(g, restarts=True).solve(seed=1, budget=Budget(nodes=10_000))
    assert win.outcome == "won"
    on = Solver(g)
    st = g.new_state(seed=1)
    checked = 0
    for m in win.moves:
        moves = st.legal_moves()
        if len(on.vac.prune(st, moves)) < len(moves):
            res = on.search(st.copy(), Budget(nodes=20_000))
            assert res.outcome == "won", len(st.history)
            checked += 1
        st.apply(m)
    assert st.is_won()
    assert checked >= 3


# the Dense Column's deal 65 played at random to its last deal (the places taking a card when
# empty, below): a position won only by emptying a place and laying a card there
_DEAL_65 = [
    *("corners.1 QD kings.3", "corners.2 2C aces.4", "sides.1 2S aces.1", "corners.3 2D aces.3"),
    *("corners.2 3S aces.1", "sides.8 QC kings.4", "corners.4 JC kings.4", "corners.4 QH kings.2"),
    *("corners.2 JH kings.2", "corners.3 10H kings.2", "corners.2 3C aces.4", "sides.8 2H aces.2"),
    *("sides.8 4S aces.1", "corners.2 3H aces.2", "sides.3 9H kings.2", "corners.2 3D aces.3"),
    *("sides.7 8H kings.2", "sides.7 4C aces.4", "sides.3 5C aces.4", "corners.4 4H aces.2"),
    *("sides.7 QS kings.1", "sides.5 6D sides.4", "sides.5 5S aces.1", "corners.2 8S sides.8"),
    *("redeal", "corners.4 JS kings.1", "corners.1 4D aces.3", "corners.3 7H kings.2"),
    *("corners.1 6H kings.2", "corners.4 5D aces.3", "corners.1 6D aces.3", "corners.2 JD kings.3"),
    *("corners.4 10S kings.1", "corners.1 6C aces.4", "corners.1 5H aces.2", "sides.8 6S aces.1"),
    *("sides.7 7D aces.3", "sides.4 10D kings.3", "corners.3 9D kings.3", "sides.5 7S aces.1"),
    *("sides.6 8S aces.1", "sides.6 7C aces.4", "sides.2 8D aces.3", "sides.2 9S kings.1"),
    *("sides.3 JC sides.5", "sides.4 3C sides.7", "redeal", "corners.2 8D kings.3"),
    *("corners.4 10C kings.4", "deal", "corners.3 5H kings.2", "corners.4 9S aces.1"),
    *("sides.4 8C aces.4", "sides.2 9C aces.4", "sides.1 8S kings.1", "sides.1 7S kings.1"),
    *("sides.2 6S kings.1", "sides.5 5S kings.1", "sides.5 7D kings.3", "sides.2 4H kings.2"),
    *("sides.5 QH sides.6", "sides.8 3C sides.2", "sides.8 3H kings.2", "sides.5 10S aces.1"),
    *("sides.8 9D aces.3", "sides.4 7H sides.5", "sides.4 9C kings.4", "corners.3 JH sides.6"),
    *("corners.3 2S sides.1", "sides.4 AD corners.2", "sides.7 2C sides.2", "sides.7 4S kings.1"),
    "sides.7 10C aces.4",
]


def test_a_win_is_lost_when_empty_places_take_cards() -> None:
    # the proof needs that nothing is ever laid on an emptied pile; with places that take a
    # card when empty the rule is off (`reason`), and forcing it on (the Dense Column's own
    # pruning on the variant) calls a won position lost
    dc = load_game("rules/dense-column.yaml")
    shift = dc.rules["moves"]["shift"]
    g = compile_game(_variant("dense-column", "shift", build={**shift["build"], "empty": "any"}))
    st = g.new_state(seed=65)
    for m in _DEAL_65:
        st.apply(m)
    assert st.deal_over()
    plain = Solver(g, prune=False, exact_keys=True).search(st.copy(), Budget(nodes=20_000))
    assert (plain.outcome, plain.nodes) == ("won", 122)
    own = Solver(g)
    assert own.vac is None
    assert own.search(st.copy(), Budget(nodes=20_000)).outcome == "won"
    forced = Solver(g)
    forced.vac = Vacancies(dc)
    assert forced.search(st.copy(), Budget(nodes=20_000)).outcome == "lost"


def test_solve_says_whether_cards_alone_are_kept(capsys) -> None:
    import json

    from cli_helpers import run

    code, out, _ = run(capsys, "solve", "dense-column", "--seed", "1", "--budget", "300")
    assert code == 0
    assert "a card alone in its pile: not moved onto another once no empty pile is used again" in (
        out
    )
    code, out, _ = run(capsys, "solve", "shah", "--seed", "1", "--budget", "300", "--json")
    assert json.loads(out)["vacancies"] == (
        "no two piles give only their top card and never take one when empty"
    )


def test_piles_of_two_roles_are_never_alike() -> None:
    # with a win by an empty tableau a card alone in a tableau pile must be free to leave
    # onto a reserve: the Dense Column with its corners made reserves and that win keeps
    # corners alike with corners and sides with sides, never a corner with a side
    rules = copy.deepcopy(dict(load_game("rules/dense-column.yaml").rules))
    rules["piles"]["corners"] = {**rules["piles"]["corners"], "role": "reserve"}
    rules["win"] = "tableau-empty"
    g = compile_game(rules)
    assert reason(g) is None
    vac = Vacancies(g)
    n = g.npiles
    corners = [p for p in range(n) if g.pile_name[p].startswith("corners.")]
    sides = [p for p in range(n) if g.pile_name[p].startswith("sides.")]
    pairs = {(p, q) for p in corners + sides for q in corners + sides if vac._alike[p * n + q]}
    same = {(p, q) for grp in (corners, sides) for p in grp for q in grp if p != q}
    assert pairs == same
    # and in play: a card alone leaving a corner for a side (or back) is never left out
    rng = random.Random(3)
    left_out = set()
    across = 0
    for deal in range(1, 41):
        st = g.new_state(seed=deal)
        for _ in range(1500):
            moves = st.legal_moves()
            if not moves:
                break
            kept = vac.prune(st, moves)
            left_out |= {(m.src, m.dst) for m in moves if m not in kept}
            piles = st.card_piles()
            across += st.deal_over() and any(
                (m.src in corners) != (m.dst in corners)
                for m in moves
                if m.kind == TRANSFER
                and m.src in corners + sides
                and m.dst in corners + sides
                and len(piles[m.src]) == 1
                and piles[m.dst]
            )
            ups = [m for m in moves if m.kind == TRANSFER and m.dst in g.foundations]
            st.apply(rng.choice(ups) if ups and rng.random() < 0.7 else rng.choice(moves))
    assert left_out and left_out <= same and across, (len(left_out), across)


def _swap_keeps(edges: list[frozenset[tuple[int, int]]], p: int, q: int) -> bool:
    """The definition, pair by pair: exchanging p and q maps every rule's pairs onto
    themselves."""

    def swap(v: int) -> int:
        return q if v == p else p if v == q else v

    return all(frozenset((swap(s), swap(d)) for s, d in e) == e for e in edges)


def test_one_predicate_gives_alike_piles_and_suits_alone_groups() -> None:
    # `exchange_classes` answers, one pile per class, for the vacancies' alike piles (of one
    # role) and the suits-alone proof's pile groups (any role): both against the definition
    # asked of every pair, on random rule sets where classes of several piles, of two roles
    # and of none occur (a game here is what the two read: piles, roles, acting rules)
    from types import SimpleNamespace

    from pipeline.solve.alone import pile_groups
    from pipeline.solve.vacancies import _alike, rule_edges

    rng = random.Random(5)
    several = 0
    for _ in range(300):
        n = rng.randint(2, 9)
        rules = []
        for _ in range(rng.randint(0, 3)):
            if rng.random() < 0.5:  # every pile of a set to every other: piles alike
                ps = sorted(rng.sample(range(n), rng.randint(2, n)))
                pairs = tuple((s, tuple(d for d in ps if d != s)) for s in ps)
            else:
                srcs = rng.sample(range(n), rng.randint(1, n))
                pairs = tuple((s, tuple(rng.sample(range(n), rng.randint(0, n)))) for s in srcs)
            rules.append(SimpleNamespace(phase=1, pairs=pairs))
        rules.append(SimpleNamespace(phase=0, pairs=((0, (1,)),)))  # a deal's: not acting
        g = SimpleNamespace(npiles=n, role=[rng.randint(0, 1) for _ in range(n)], transfers=rules)
        piles = tuple(sorted(rng.sample(range(n), rng.randint(1, n))))
        edges = rule_edges(g)
        table = bytearray(n * n)
        for p in piles:
            for q in piles:
                if p != q and g.role[p] == g.role[q]:
                    table[p * n + q] = _swap_keeps(edges, p, q)
        assert _alike(g, piles) == table
        least = [min(q for q in piles if q == p or _swap_keeps(edges, p, q)) for p in piles]
        assert pile_groups(g, piles) == least
        several += len(set(least)) < len(piles)
    assert several > 100, several
