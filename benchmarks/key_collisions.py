"""The solver's position hashes against exact canonical keys: no false merge, no missed one.

Run from the repository root:
    python3 benchmarks/key_collisions.py [--deals 5] [--nodes 50000] [--only NAME]
                                         [--engine DIR]

The solver stores 61-bit-mixed position hashes (`pipeline/solve/symmetry.py`), not positions.
This searches deals 1..`--deals` of every shipped spec depth-first (the solver's own
`KeyMaker.reset` / `advance` / `retreat` along `apply` / `undo`, a table of hashes, at most
`--nodes` positions per deal) and, at every position reached, table hits included, builds
the exact canonical key the hash stands for, written out here independently: the counters,
each pile's cards (ranks only in a suit-blind game, the copies of a card of several packs
alike; a summarized foundation by bottom, top and count; a pile that only moves whole by
its top and whether it holds a card face down) in pile order, a row whose gaps are no
places as the contents of its piles holding cards, in order, the piles of an
interchangeable group as a sorted list. It counts
two different exact keys under one hash (a false merge: the search would skip a position it
never saw) and one exact key under two hashes (a missed merge: work done twice). Both must
be 0. Exit 1 otherwise.
"""

from __future__ import annotations

import argparse
import sys
import time

from shipped import label, specs, use_engine  # benchmarks/ is on sys.path: run by path


def canonical(keys, state) -> tuple:
    """The exact key `keys.position(state)` hashes (see the module doc)."""
    piles = state.piles
    blind = keys.blind

    def card(v: int) -> int:
        if keys.twins:  # the copies of a card of several packs alike
            return ~(~v % 52) if v < 0 else v % 52
        if not blind:
            return v
        r = (~v if v < 0 else v) % 13
        return ~r if v < 0 else r

    def content(p: int) -> tuple:
        pile = piles[p]
        if p in keys.summarized:
            return (card(pile[0]), card(pile[-1]), len(pile)) if pile else ()
        if p in keys.top_only:
            return (card(pile[-1]), min(pile) < 0) if pile else ()
        return tuple(card(v) for v in pile)

    gp = keys.game.group_piles
    members = {p: (g, when) for g, when in keys.groups.items() for p in gp[g]}
    over = state.deal_over()
    fixed = []
    grouped: dict[str, list] = {}
    inrow = {p for row in keys.rows for p in row}
    for row in keys.rows:  # a row whose gaps are no places: its piles holding cards, in order
        fixed.append((-1, tuple(content(p) for p in row if piles[p])))
    for p in range(len(piles)):
        g = members.get(p)
        if p in inrow:
            continue
        if g is None or (g[1] == "after-deal" and not over):
            fixed.append((p, content(p)))
        else:
            grouped.setdefault(g[0], []).append(content(p))
    return (
        state.scalar_key(),
        tuple(fixed),
        tuple(sorted((g, tuple(sorted(cs))) for g, cs in grouped.items())),
        over,
    )


def check(game, seed: int, nodes: int) -> tuple[int, int, int]:
    """(positions reached, false merges, missed merges) of one deal's search."""
    from pipeline.solve.symmetry import KeyMaker

    state = game.new_state(seed=seed)
    state.lazy_moves(True)
    keys = KeyMaker(game, state)
    by_hash: dict[int, tuple] = {}
    by_key: dict[tuple, int] = {}
    false = missed = 0

    def seen(h: int) -> bool:
        nonlocal false, missed
        c = canonical(keys, state)
        old = by_hash.setdefault(h, c)
        if old != c:
            false += 1
        if by_key.setdefault(c, h) != h:
            missed += 1
        return old is not c

    seen(keys.reset(state))
    stack = [list(state.legal_moves())]
    reached = 0
    while stack and reached < nodes:
        moves = stack[-1]
        if not moves:
            stack.pop()
            if stack:
                state.undo()
                keys.retreat()
            continue
        state.apply(moves.pop(0))
        reached += 1
        if seen(keys.advance(state)) or state.is_won():
            state.undo()
            keys.retreat()
            continue
        stack.append(list(state.legal_moves()))
    return reached, false, missed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=5)
    ap.add_argument("--nodes", type=int, default=50_000)
    ap.add_argument("--only")
    ap.add_argument("--engine", help="take the package from this checkout")
    args = ap.parse_args()
    use_engine(args.engine)
    from pipeline.engine import compile_game
    from pipeline.spec import load_spec

    bad = 0
    total = 0
    t0 = time.perf_counter()
    for path in specs(args.only):
        game = compile_game(load_spec(path))
        row = [0, 0, 0]
        for seed in range(1, args.deals + 1):
            for i, x in enumerate(check(game, seed, args.nodes)):
                row[i] += x
        total += row[0]
        bad += row[1] + row[2]
        print(f"{label(path):34} {row[0]:>9,} positions  {row[1]} false  {row[2]} missed")
    print(f"{total:,} positions, {bad} false or missed merges, {time.perf_counter() - t0:.0f} s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
