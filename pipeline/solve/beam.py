"""Beam search for a win: proves wins only, never a loss.

Why: in games whose runs of one suit move freely over many piles (the Spider family: 104
cards, ten piles, a stock dealt when the player likes) the depth-first search
(`search.py`) spends any affordable budget rearranging runs under its first few choices:
every rearrangement is a new position, the tree below the first deal has no end that the
budget reaches, and a win needs a few hundred moves in the right direction. A beam keeps
the `width` best positions of each depth by a measure of progress and throws the rest
away: it goes deep at once, and it cannot prove a loss (what it throws away may win).

The measure reads the spec's rules, not a game's name (`Progress`): cards on the
foundations, face-down cards left in the tableau, cards lying on the card a run of the
spec's moves accepts under them (`run: {direction, suit}`, else the build), cards lying on
one the build alone accepts, empty tableau piles, cards left in the stock.

The stock seen as a sequence (`talon.py`), where that holds: a beam's moves are the turns
folded into the plays they reach, as the depth-first search's are. Why: one turn at a time,
every turn is a child whose measure equals its parent's (a turned card counts nothing until
it is played), so a Canfield beam filled its width with positions that differ only in where
the talon stops, and went no deeper than its turns; folded, each child plays a card. The fold
wins exactly what the plain moves win (`talon.py`'s proof), so a win found is still a win.
Canfield [Th.], deals that Solvitaire wins and our searches left unknown at 200,000: the
plain beam won none of 69, 119, 151 within 50,000 positions, folded 4,666, 9,280 and 43,161
(benchmarks/RESULTS.md, "The published tables, thirty-eighth pass").

Restarts (`BeamSearch.solve`): beams of width `WIDTH0`, then twice as wide each time, the
ties of each after the first broken by a seeded hash of the position, until the node budget
is spent. A node is a position generated (a move applied). The same deal, budget and code
give the same result. A win comes back with its record, replayed through the engine from
the deal before it is reported (`won_result`).
"""

from __future__ import annotations

import time

from pipeline.engine.moves import Move
from pipeline.engine.state import State
from pipeline.solve.search import Budget, Result, make
from pipeline.solve.symmetry import KeyMaker
from pipeline.solve.talon import StockSequence

WIDTH0 = 16  # the first beam's width (`BeamSearch.solve`)
_DEFAULT = Budget(nodes=300_000)
NOTE = "a win found is a proof; an unknown says nothing (the beam never proves a loss)"

# the measure's weights (`Progress.score`): a card on a foundation, a face-down card, a
# card on the one its run accepts, on one the build alone accepts, an empty tableau pile,
# a card still in the stock
W_FOUND = 30
W_DOWN = -12
W_RUN = 6
W_BUILD = 2
W_EMPTY = 8
W_STOCK = 2
W_HOME = 4  # a card in the run that starts at its pile's bottom (nothing under it to free)


class Progress:
    """The measure of progress a beam ranks positions by, read from the spec's rules."""

    def __init__(self, game) -> None:
        self.tableau = tuple(game.tableau)
        self.foundations = tuple(game.foundations)
        self.stock = game.stock
        found = set(game.foundations)
        tab = set(game.tableau)
        run = bytearray(52 * 52)
        build = bytearray(52 * 52)
        for r in game.transfers:
            into_tableau = any(d in tab for _, ds in r.pairs for d in ds)
            if not into_tableau or all(d in found for _, ds in r.pairs for d in ds):
                continue
            rel = r.run_follows if r.run_follows is not None else (r.follows if r.run else None)
            if rel is not None:
                for i in range(52 * 52):
                    if rel[i]:
                        run[i] = 1
            if r.follows is not None:
                for i in range(52 * 52):
                    if r.follows[i]:
                        build[i] = 1
        self.run = bytes(run)
        # the build alone: accepted by the build, not by a run
        self.build = bytes(b and not a for a, b in zip(run, build, strict=True))

    def score(self, piles: list[list[int]]) -> int:
        """Higher is nearer a win (the weights `W_*`)."""
        run = self.run
        build = self.build
        s = 0
        for f in self.foundations:
            s += W_FOUND * len(piles[f])
        for p in self.tableau:
            pile = piles[p]
            if not pile:
                s += W_EMPTY
                continue
            for v in pile:
                if v < 0:
                    s += W_DOWN
            s += links(pile, run, build)
        st = self.stock
        if st is not None and st >= 0:
            s += W_STOCK * len(piles[st])
        return s


def links(pile: list[int], run: bytes, build: bytes) -> int:
    """The worth of a pile's face-up cards lying on the card each is laid on: `W_RUN` where
    the run relation accepts it (`W_HOME` more while the run reaches the pile's bottom),
    `W_BUILD` where only the build does. A face-down card breaks the chain."""
    s = 0
    lower = -1
    home = True
    for v in pile:
        if v < 0:
            lower = -1
            home = False
            continue
        c = v % 52
        if lower >= 0:
            j = c * 52 + lower
            if run[j]:
                s += W_RUN
                if home:
                    s += W_HOME
            else:
                home = False
                if build[j]:
                    s += W_BUILD
        lower = c
    return s


def _mix(key: int, salt: int) -> int:
    """A 32-bit hash of a position's key and a restart's salt (splitmix64's finalizer)."""
    x = (key ^ (salt * 0x9E3779B97F4A7C15)) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return (x ^ (x >> 31)) >> 32


def beam_schedule(total: int, first: int = WIDTH0) -> list[int]:
    """The widths of the restarts' beams, in order, for a budget of `total` nodes: `first`,
    then doubling. The list is longer than any budget spends (each beam stops at what is
    left); a larger budget runs the same beams, each with at least as many nodes."""
    out: list[int] = []
    w = max(1, first)
    spent = 0
    while spent < total and len(out) < 40:
        out.append(w)
        spent += w * 64  # a lower bound on a beam's nodes: one layer of a few moves each
        w *= 2
    return out


class BeamSearch:
    """One game's beam machinery, reused across deals (`solve`)."""

    def __init__(
        self, game, first: int = WIDTH0, max_depth: int | None = None, fold: bool = True
    ) -> None:
        """`fold`: the stock's turns folded into the plays they reach where `talon.py`
        holds (module doc); False: one turn a move."""
        self.game = game
        self.first = first
        self.progress = Progress(game)
        seq = StockSequence(game)
        self.seq: StockSequence | None = seq if fold and seq.enabled else None
        self.max_depth = max_depth if max_depth is not None else 4 * game.ncards
        self._keys: KeyMaker | None = None
        self.trace: list[tuple[int, int, int]] | None = None  # (depth, best score, candidates)

    def solve(
        self, seed: int | None = None, order: list[str] | None = None, budget: Budget = _DEFAULT
    ) -> Result:
        """A win within `budget` (its record replayed), or unknown: never lost."""
        t0 = time.perf_counter()
        root = self.game.new_state(seed=seed, order=order)
        if root.is_won():
            return Result("won", 0, time.perf_counter() - t0, [], root.record(), pruning="beam")
        if self._keys is None:
            self._keys = KeyMaker(self.game, root)
        total = budget.nodes if budget.nodes is not None else 1_000_000
        deadline = None if budget.seconds is None else t0 + budget.seconds
        spent = 0
        reason = "nodes"
        for i, width in enumerate(beam_schedule(total, self.first)):
            if spent >= total:
                break
            won, n, why = self._beam(root, width, total - spent, i, deadline)
            spent += n
            if won is not None:
                return won_result(self.game, won, spent, t0, "beam")
            if why == "seconds":
                reason = "seconds"
                break
        return Result(
            "unknown", spent, time.perf_counter() - t0, reason=reason, pruning="beam", unique=0
        )

    def _beam(
        self, root: State, width: int, max_nodes: int, salt: int, deadline: float | None
    ) -> tuple[State | None, int, str]:
        """One beam of `width` from `root`: (the won state or None, nodes, why it ended)."""
        keys = self._keys
        assert keys is not None
        score = self.progress.score
        seq = self.seq
        seen = {keys.position(root)}
        beam = [root.copy()]
        nodes = 0
        depth = 0
        while beam:
            if depth >= self.max_depth:
                return None, nodes, "depth"
            depth += 1
            cands: list[tuple[int, int, int, int, Move, int]] = []
            for bi, st in enumerate(beam):
                moves = st.legal_moves()
                if seq is not None:
                    moves = seq.fold(st, moves)
                for m in moves:
                    make(st, m)
                    nodes += 1
                    if st.is_won():
                        return st, nodes, "won"
                    k = keys.position(st)
                    if k not in seen:
                        sc = score(st.card_piles())
                        tie = _mix(k, salt) if salt else 0
                        cands.append((-sc, tie, len(cands), bi, m, k))
                    st.undo()
                    if nodes >= max_nodes:
                        return None, nodes, "nodes"
                if deadline is not None and time.perf_counter() > deadline:
                    return None, nodes, "seconds"
            cands.sort(key=lambda c: (c[0], c[1], c[2]))
            if self.trace is not None and cands:
                self.trace.append((depth, -cands[0][0], len(cands)))
            nxt: list[State] = []
            taken: set[int] = set()
            for _, _, _, bi, m, k in cands:
                if k in taken:
                    continue
                taken.add(k)
                child = beam[bi].copy()
                make(child, m)
                nxt.append(child)
                if len(nxt) >= width:
                    break
            seen |= taken
            beam = nxt
        return None, nodes, "dead"


def won_result(game, won: State, spent: int, t0: float, pruning: str) -> Result:
    """The win found at `won`, replayed by the engine from its deal before it is reported:
    a win that does not replay is a defect of the engine, not a result."""
    from pipeline.engine.record import replay

    rec = won.record()
    if not replay(game, rec).is_won():
        raise AssertionError(f"{pruning}: a win that does not replay")
    return Result("won", spent, time.perf_counter() - t0, list(rec.moves), rec, pruning=pruning)
