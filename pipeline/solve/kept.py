"""Restarts that keep the positions proven lost: each search begins again at the deal's
first position, so it comes back to the middle game, and none searches again a subtree an
earlier one exhausted (`KeptRestarts`, `Solver`'s searches otherwise).

Why: a depth-first search of the book's two-pack games (the Blockade, the Clock's immediate
reading) stays in the end game. On the Clock's deal 3, 98 % of the positions main's search
checks have at most 19 of the 56 stock cards left, while the deadlock that decides it was
made 19 moves in (benchmarks/RESULTS.md, "the losses proved (decide-36)"). The restarts'
short searches (dives) do come back, each from the first position in another tie order,
but each forgets what the others proved, and a deal is proved lost only by one search that
exhausts the whole tree. Here every search adds to one table the positions whose subtree it
exhausted (with the cuts' proof, `cuts.py`, a two-pack deadlock costs a few positions), and
every later search skips them: the dives explore what has not been refuted yet, and a search
that exhausts the first position, with the refuted subtrees skipped, proves the deal lost.
The searches' lengths follow Luby's sequence times the deal's unit (`search.restart_unit`),
so longer and longer ones come, and each starts where the refutations leave it least to do.

Soundness: a position enters the kept table only when its outcome does not depend on the
search's path. A depth-first search with a table is sound for one search (a position met
again on the path, or finished earlier, adds no way to win), but a finished position may owe
its "lost" to an ancestor still open: a move back onto the path, a move `twice.py` leaves
out because the parent's subtree holds its position, a `no-progress` game's position
skipped because one held with more of the path was searched (`search._subsumed`). Each such
skip is an edge to that open position, and the search keeps Tarjan's low links (Tarjan
1972, the strongly connected components of the graph searched): a finished position whose
low link is its own index roots a component all of whose exits were exhausted, so it and the
positions finished under it and not yet kept are lost whatever the path; the others wait for
their root. A search stopped by its node budget keeps only what was so proved. Every other
pruning the solver applies is a proof about the position alone (safe moves, dead ends, the
cuts, the symmetries of the keys), and the keys are one `KeyMaker`'s for all the deal's
searches. So a deal is called lost only when one search exhausted its first position with
every skipped subtree refuted: every line is refuted.

What the table is worth, measured (benchmarks/RESULTS.md, "back to the middle game
(decide-37)"): proofs, not wins. The Blockade's 7 losses the restarts prove at 10,000
positions are proved here in 1,089-7,278; the same searches each on its own
(`keep=False`) prove 3 of them within 20,000. The wins do not change: on 69 deals of the
Blockade, its rows reading and the Clock's immediate reading searched both ways (50 won),
every outcome comes in the same positions with the table and without. A noisy search from
the first position seldom meets a subtree another exhausted before it wins; what wins is
the searches' schedule.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from pipeline.engine.state import State
from pipeline.solve.deadends import DEAD
from pipeline.solve.search import (
    Budget,
    Result,
    Solver,
    _quiet_gc,
    _restart_state,
    _restore_gc,
    luby,
    make,
    restart_unit,
)
from pipeline.solve.symmetry import SETTLED, KeyMaker
from pipeline.solve.twice import prune as prune_twice
from pipeline.solve.twice import pure, taken

KEPT_PROBE = 1000  # the first search's nodes, in the solver's order, where it reads the unit
_BUDGET = Budget()  # the default budget, as `Solver.solve`'s
KEPT_NOISE = 4  # one position in this many leaves the move order (`Solver._noise`)


class _Frame:
    """One position on the path: its moves, the next to try, its key, position hash, epoch,
    dead-end token, counters' hash; its index and low link (module doc); how long the stack
    of finished positions not yet kept was when it was entered."""

    __slots__ = ("counters", "epoch", "i", "idx", "key", "low", "mark", "moves", "pos", "tok")

    def __init__(
        self,
        moves: list,
        key: int,
        pos: int,
        epoch: tuple,
        tok: Any,
        counters: int,
        idx: int,
        mark: int,
    ) -> None:
        self.moves = moves
        self.i = 0
        self.key = key
        self.pos = pos
        self.epoch = epoch
        self.tok = tok
        self.counters = counters
        self.idx = idx
        self.low = idx
        self.mark = mark


class KeptRestarts:
    """Searches from the deal's first position, each with a seeded tie order and noise, all
    sharing the table of positions proven lost (module doc). `noise`: one position in that
    many tries a random move first (0: the tie order alone); `cuts`: the cuts' proof of loss
    (`cuts.py`), on by default here, where deadlocks of twin cards made early are what the
    kept table should hold; `keep=False`: the control, each search on its own."""

    def __init__(
        self, game, noise: int = KEPT_NOISE, cuts: bool = True, keep: bool = True, **options: Any
    ) -> None:
        self.game = game
        self.noise = noise
        # False: each search forgets what the earlier ones proved (the same searches
        # otherwise), the control that says what keeping them is worth
        self.keep = keep
        self.solver = Solver(game, dive_noise=noise, cuts=cuts, **options)
        self.kept: set[int] = set()
        self.searches = 0  # searches of the last deal
        self.won_by = -1  # the search of the last deal that won (0: the first), or -1
        self.schedule: list[int] = []  # the last deal's searches' lengths, in nodes
        self.waited = 0  # positions of the last deal that finished owing their loss to the path
        # for tests: called with (key, position) for each position kept as its component's
        # root or under it, the position as it was when it finished (a copy)
        self.watch: Callable[[int, State], None] | None = None

    def solve(
        self, seed: int | None = None, order: list[str] | None = None, budget: Budget = _BUDGET
    ) -> Result:
        """Deal `seed` (or the crafted `order`): the first search in the solver's order for
        `KEPT_PROBE` nodes, then searches of the deal's unit times Luby's sequence, each a
        new tie order (noisy where `noise`), until one decides or the nodes run out."""
        game = self.game
        return self._solve(lambda: game.new_state(seed=seed, order=order), seed or 0, budget)

    def search(self, state: State, budget: Budget = _BUDGET, seed: int = 0) -> Result:
        """`solve` from `state`, any position of this game (left as it is): each search
        begins at a copy of it; `seed` seeds the tie orders."""
        return self._solve(state.copy, seed, budget)

    def _solve(self, start: Callable[[], State], seed: int, budget: Budget) -> Result:
        t0 = time.perf_counter()
        sv = self.solver
        sv._forget()
        sv._keys = None
        self.kept = set()
        self.searches = 0
        self.won_by = -1
        self.schedule = []
        self.waited = 0
        total = budget.nodes if budget.nodes is not None else 1 << 62
        spent = 0
        unit = 0
        i = 0
        young = _quiet_gc()
        try:
            while spent < total:
                if i == 0:
                    n = min(total, KEPT_PROBE)
                    sv._mix = 0
                    sv._noisy = False
                else:
                    n = min(total - spent, unit * luby(i))
                    sv._mix = _restart_state(seed, i)
                    sv._noisy = self.noise > 0
                self.schedule.append(n)
                if not self.keep:
                    self.kept = set()
                state = start()
                was = state.lazy_moves(True)
                try:
                    out, used, dive, longest = self._search(state, n, budget, t0)
                finally:
                    state.lazy_moves(was)
                spent += used
                self.searches = i + 1
                if out is not None:
                    out.nodes = spent
                    out.dead_ends = sv._dead_ends_status()
                    if out.outcome == "won":
                        self.won_by = i
                    return out
                if i == 0:
                    unit = restart_unit(dive or longest, longest - dive)
                i += 1
                if budget.seconds is not None and time.perf_counter() - t0 > budget.seconds:
                    break
        finally:
            sv._mix = 0
            sv._noisy = False
            _restore_gc(young)
        reason = "nodes" if spent >= total else "seconds"
        res = Result("unknown", spent, time.perf_counter() - t0, reason=reason)
        res.pruning = sv.safe.status if sv.prune else (sv.safe.reason or "off")
        res.dead_ends = sv._dead_ends_status()
        res.unique = len(self.kept)
        return res

    def _search(
        self, state: State, max_nodes: int, budget: Budget, t0: float
    ) -> tuple[Result | None, int, int, int]:
        """One search of at most `max_nodes` positions from `state`, skipping the kept
        positions and adding those it proves lost whatever the path (module doc). Returns
        its outcome (None: unknown), its nodes, the path's length when it first backed up
        and the longest the path was."""
        sv = self.solver
        pruning = sv.safe.status if sv.prune else (sv.safe.reason or "off")
        kept = self.kept
        cap = budget.table_entries()
        if state.is_won():
            return Result("won", 0, time.perf_counter() - t0, [], state.record()), 0, 0, 0
        keys = sv._keys
        if keys is None:
            keys = sv._keys = KeyMaker(
                self.game, state, exact=sv.exact_keys, alone_twins=sv._alone_twins
            )
        hist = keys.history_dependent
        local = keys.local_history
        dead = sv.dead if sv.dead_ends else None
        root_pos = keys.reset(state)
        root_epoch = keys.epoch(state) if hist else ()
        if hist:
            root_pos = keys.settled(root_pos, root_epoch, state)
        held: frozenset[int] = frozenset()
        if local:
            root, held = keys.local_key(root_pos, root_epoch, state)
        else:
            root = keys.key_at(root_pos, root_epoch)
        if root in kept:
            return Result("lost", 0, time.perf_counter() - t0, pruning=pruning), 0, 0, 0
        # per position hash of a `local_history` game: (held, key) of each time it was entered
        reach: dict[int, list[tuple[frozenset[int], int]]] = {}
        if local:
            reach[root_pos] = [(held, root)]
        if hist:
            keys.enter(root_pos, root_epoch, state)
        if dead is not None and dead.start(state) is DEAD:
            kept.add(root)
            return Result("lost", 0, time.perf_counter() - t0, pruning=pruning), 0, 0, 0
        if sv.exits is not None and sv.exits.never_up(state):
            kept.add(root)
            return Result("lost", 0, time.perf_counter() - t0, pruning=pruning), 0, 0, 0
        path: dict[int, int] = {root: 0}  # key -> index of the positions on the path
        waiting: dict[int, int] = {}  # finished, not yet kept: key -> index
        order: list[int] = []  # their keys, in the order they finished
        count = 1
        stack = [
            _Frame(
                sv._children(state), root, root_pos, root_epoch, None, keys.counters_hash(), 0, 0
            )
        ]
        twice = sv.twice
        watch = self.watch
        seen: dict[int, State] = {}
        nodes = 0
        dive = 0
        longest = 1
        while stack:
            frame = stack[-1]
            moves = frame.moves
            i = frame.i
            if i >= len(moves):
                if not dive:
                    dive = len(stack)
                stack.pop()
                k = frame.key
                del path[k]
                if hist:
                    keys.leave(frame.pos, frame.epoch)
                if frame.tok is not None and dead is not None:
                    dead.back(frame.tok)
                if watch is not None:
                    seen[k] = state.copy()
                if frame.low >= frame.idx:
                    # the root of its component: it and all finished under it are lost
                    if watch is not None:
                        for w in (k, *order[frame.mark :]):
                            watch(w, seen[w])
                    if len(kept) < cap:
                        kept.add(k)
                        for w in order[frame.mark :]:
                            kept.add(w)
                    for w in order[frame.mark :]:
                        del waiting[w]
                    del order[frame.mark :]
                else:
                    waiting[k] = frame.idx
                    order.append(k)
                    self.waited += 1
                if stack:
                    up = stack[-1]
                    if frame.low < up.low:
                        up.low = frame.low
                    state.undo()
                    keys.retreat()
                continue
            frame.i = i + 1
            m = moves[i]
            card = -1
            below = ndst = 0
            if twice:
                card, below, ndst = taken(state, m)
            make(state, m)
            nodes += 1
            if state.is_won():
                rec = state.record()
                res = Result(
                    "won", nodes, time.perf_counter() - t0, list(rec.moves), rec, pruning=pruning
                )
                return res, nodes, dive, longest
            if nodes >= max_nodes:
                state.undo()
                break
            pos = keys.advance(state)
            if hist:
                epoch = keys.epoch(state)
                pos = keys.settled(pos, epoch, state)
                if local:
                    k, held = keys.local_key(pos, epoch, state)
                else:
                    k = keys.key_at(pos, epoch)
            else:
                epoch = ()
                k = pos
            dep = -1  # the index of an open position this skip relies on, or -1: none
            skip = True
            if k in kept:
                pass
            elif k in path:
                dep = path[k]
            elif k in waiting:
                dep = waiting[k]
            elif local and pos in reach:
                dep = _covered(reach[pos], held, kept, path, waiting)
                skip = dep != -2
            else:
                skip = False
            if skip:
                if dep >= 0 and dep < frame.low:
                    frame.low = dep
                state.undo()
                keys.retreat()
                continue
            tok = None
            if dead is not None:
                tok = dead.step(state)
                if tok is DEAD:
                    if len(kept) < cap:
                        kept.add(k)
                    state.undo()
                    keys.retreat()
                    continue
            ch = sv._children(state)
            if not ch:
                if len(kept) < cap:
                    kept.add(k)
                if tok is not None and dead is not None:
                    dead.back(tok)
                state.undo()
                keys.retreat()
                continue
            left_out = False
            if (
                card >= 0
                and (not hist or (epoch == SETTLED and frame.epoch == SETTLED))
                and keys.counters_hash() == frame.counters
                and pure(state, m, card, below, ndst)
            ):
                n0 = len(ch)
                ch = prune_twice(ch, m, moves, i)
                left_out = len(ch) < n0
                sv.twice_cut += n0 - len(ch)
            path[k] = count
            if local:
                reach.setdefault(pos, []).append((held, k))
                keys.enter(pos, epoch, state)
            elif hist:
                keys.enter(pos, epoch, state)
            f = _Frame(ch, k, pos, epoch, tok, keys.counters_hash(), count, len(order))
            if left_out:
                # the positions `twice.py` leaves out lie in the parent's subtree
                f.low = frame.idx
            count += 1
            stack.append(f)
            if len(stack) > longest:
                longest = len(stack)
        if not stack:  # the first position finished: every line refuted
            return (
                Result("lost", nodes, time.perf_counter() - t0, pruning=pruning),
                nodes,
                dive,
                longest,
            )
        # stopped by the node budget: what it proved is kept, the path is let go
        while stack:
            frame = stack.pop()
            if frame.tok is not None and dead is not None:
                dead.back(frame.tok)
        return None, nodes, dive, longest


def _covered(
    got: list[tuple[frozenset[int], int]],
    held: frozenset[int],
    kept: set[int],
    path: dict[int, int],
    waiting: dict[int, int],
) -> int:
    """Whether a position of a `local_history` game entered before with at least the path
    positions `held` (`search._subsumed`) covers this one: -1 where one so entered is kept
    (lost whatever the path), the largest index of one open or waiting (the skip relies on
    it), -2 where none covers it."""
    best = -2
    for h, k in got:
        if held <= h:
            if k in kept:
                return -1
            d = path.get(k)
            if d is None:
                d = waiting.get(k)
            if d is not None and d > best:
                best = d
    return best
