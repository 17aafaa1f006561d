"""Depth-first search for a win over interpreter states, within budgets.

The solver sees every card, the stock's order included (perfect information), so a deal it
wins is winnable, not one a person would win: its win rate is an upper bound for a player.

Search: iterative DFS over `state.legal_moves()` / `apply` / `undo`; a transposition table
of canonical keys (`symmetry.KeyMaker`: interchangeable piles compared as a multiset) so a
position reached twice, or by a permutation of alike piles, is searched once; moves ordered
(to foundations first, the stock's plays to a foundation after the other foundation moves,
then moves that uncover a face-down card or a face-up card a foundation takes at once, then
moves that empty a pile, then other moves, then turning (or the stock's other plays,
`talon.py`, fewest turns first, which the restarts' shuffles keep in order), dealing and
redealing; in games that remove complete runs, by the runs a move joins or splits, the stock
before moves that join none: `_run_score`); provably safe foundation moves played alone
(`safety.SafeMoves`, only for specs where the proof holds); a part of a run moved onto an
alike card only when the card it uncovers can go up (`swaps.RunSwaps`, likewise); positions
proved lost not searched (`deadends.DeadEnds`: cards that must reach a foundation and cannot,
only for specs where the argument holds); a card moved again at once to a position the
search would only meet again not moved (`twice.py`: the same tree, fewer nodes).

Why a face-up card a foundation takes counts as uncovered: where every card lies face up
(the Dense Column, the Clock, the Blockade) no move turns a card, so the class was empty and
a move that frees a foundation play ranked with every other shift; the short restarts win
there by nearly straight dives (the Dense Column in Cadogan's reading: wins 125-155 moves
long, found 145-250 nodes into a restart of 250), so what the dive tries first is what wins
(benchmarks/RESULTS.md, "The book's games decided: fifteenth round"). Ordering never changes
an outcome that is proved, only which line is tried first (`Solver(uncover_up=False)` gives
the order without it).

Why a stock play to a foundation ranks with the foundation moves where the stock goes round
without end and a turn moves more than one card (`Solver(stock_up=False)` gives the order
without it): with the turns folded, such a play was ranked with the turns, after every
tableau move, so the search tried each tableau move's whole subtree before putting up an ace
it could reach in the stock; with unlimited passes the cards turned past come round again.
Where the passes are counted (`StockSequence.ordered`: Thirty Six turns its stock once) a
play deep in the stock buries the cards it passes for good, and there the plays stay last
(Thirty Six, deals 1-100 at 20,000 positions: 57 won with them first, 73 without). Where a
turn moves one card, every card of the stock is reached at every pass whatever is played,
the plays it can make safely go up already (`safety.cycle_talon`), and ranking the others
up cost decisions (Klondike draw 1, deals 1-100: 75 decided with them first against 79
without at 20,000 positions, 87 both at 100,000 with 15 % more positions), so there they
stay last too. With three cards a turn which cards the turns reach changes with every play.
Klondike draw 2's deal 72, which Solvitaire wins in 129,298 states and our order left
unknown at 1,000,000 positions, is won in 141,466 with it; deals 1-100 of draws 2 and 3 at
20,000 positions: one more deal decided in each, no outcome changed (benchmarks/RESULTS.md,
"The published tables, nineteenth and twentieth passes").

Outcomes: ``won`` (with the winning record, which replays in the interpreter), ``lost`` (the
whole tree was searched), ``unknown`` (a budget ran out). The table is bounded by the memory
budget: when it is full it is emptied (a position may then be searched again, which costs
time, never correctness: the positions on the current path are kept apart, so the search
still never loops).
"""

from __future__ import annotations

import gc
import time
from dataclasses import dataclass, field
from typing import Any

from pipeline.engine.cards import name
from pipeline.engine.moves import DEAL, MACRO, RECYCLE, REDEAL, TRANSFER, TURN, Move
from pipeline.engine.state import State
from pipeline.solve.deadends import DEAD, DeadEnds
from pipeline.solve.exchanges import Exchanges
from pipeline.solve.exits import Exits
from pipeline.solve.rows import RowDeadEnds
from pipeline.solve.safety import SafeMoves
from pipeline.solve.spare import SpareBuilders
from pipeline.solve.swaps import RunSwaps
from pipeline.solve.symmetry import SETTLED, KeyMaker
from pipeline.solve.talon import StockSequence
from pipeline.solve.twice import prune as prune_twice
from pipeline.solve.twice import pure, taken
from pipeline.solve.vacancies import Vacancies

UPPER_BOUND_NOTE = (
    "the solver sees the order of every card (perfect information): its win rate is an "
    "upper bound for a person"
)
_ENTRY_BYTES = 120  # a table entry (int key in a set) with the set's overhead, measured
_CHECK_EVERY = 1024


def make(state: State, m: Move) -> None:
    """Make `m`, a move this position's legal moves gave, or a stock play `talon.py` folded
    at this very position, legal here and so made unchecked: the searches' one way of
    making a move they generated (the DFS, `beam`)."""
    if m.kind == MACRO:
        state.apply_known(m)
    else:
        state.apply(m)


@dataclass(frozen=True)
class Budget:
    """Search limits: nodes (positions expanded), seconds of wall time, MiB of table."""

    nodes: int | None = 100_000
    seconds: float | None = None
    memory_mb: int = 256

    def table_entries(self) -> int:
        return max(1024, self.memory_mb * 1024 * 1024 // _ENTRY_BYTES)


@dataclass
class Result:
    outcome: str  # won | lost | unknown
    nodes: int
    seconds: float
    moves: list[str] = field(default_factory=list)  # the winning player moves
    record: Any = None  # pipeline.engine.record.Record of the win
    reason: str = ""  # for unknown: which budget ran out; for a loss proved at once: the proof
    pruning: str = ""  # why safe-move pruning is off, or "on"
    dead_ends: str = ""  # why dead-end checks are off, or "on"
    unique: int = 0  # positions in the table at the end (all of them if it never filled)

    def to_dict(self) -> dict:
        return {
            "outcome": self.outcome,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 4),
            "moves": list(self.moves),
            "reason": self.reason,
            "pruning": self.pruning,
            "dead_ends": self.dead_ends,
        }


def _score(
    m: Move, piles: list[list[int]], found: list[bool], want: Any = None, stock_up: bool = False
) -> int:
    """Move-ordering score, lower first (see the module doc). `want`: per card key, the
    foundations that take it now (None: none), as the move generator keeps them, or None to
    leave face-up cards unread; a foundation that would take any card (empty, its base not
    fixed) is not among them, and would tell no move from another. `stock_up`: a play the
    stock's turns reach (`talon.py`) that goes to a foundation ranks with the foundation
    moves (after them: the sort is stable and the plays come last), not with the turns."""
    k = m.kind
    if k == MACRO and stock_up and m.dst >= 0 and found[m.dst]:
        return 0
    if k in (TURN, RECYCLE, DEAL, REDEAL, MACRO):
        return 5
    d = m.dst
    if d >= 0 and found[d]:
        return 0
    if k == TRANSFER:
        i = m.idx
        if i > 0:
            below = piles[m.src][i - 1]
            if below < 0:
                return 1
            if want is not None and want[below % 52] is not None:
                return 1
        if i == 0 and piles[d]:
            return 2
        if not piles[d]:
            return 4
    return 3


def _run_score(m: Move, piles: list[list[int]], found: list[bool], links: bytes) -> int:
    """Move-ordering score, lower first, for games that remove complete runs (`run:
    complete`) and move runs by a relation of their own (`run: {direction, suit}`): what
    counts there is the runs a move joins or splits. To a foundation; turning a card up or
    emptying a pile onto cards; joining a card to the one it runs on; then the stock (dealing
    before the rearrangements that change no run, whose number has no end in these games);
    moves that join nothing; a card turned up through an empty pile; moving a joined card to
    another it joins; splitting a run; anything else into an empty pile."""
    k = m.kind
    if k in (TURN, RECYCLE, DEAL, REDEAL, MACRO):
        return 4
    d = m.dst
    if d >= 0 and found[d]:
        return 0
    if k != TRANSFER:
        return 5
    sp = piles[m.src]
    i = m.idx
    dp = piles[d]
    if i == 0:
        return 2 if dp else 9
    below = sp[i - 1]
    if below < 0:
        return 1 if dp else 6
    if not dp:
        return 9
    c = sp[i] % 52
    split = links[c * 52 + below % 52]
    t = dp[-1]
    join = t >= 0 and links[c * 52 + t % 52]
    if join:
        return 7 if split else 3
    return 8 if split else 5


class _Frame:
    """One position on the search path: its moves, the next to try, its key, position hash
    and epoch, its dead-end token and its counters' hash (`KeyMaker.counters_hash`)."""

    def __init__(
        self, moves: list[Move], key: int, pos: int, epoch: tuple, tok: Any, counters: int
    ) -> None:
        self.moves = moves
        self.i = 0
        self.key = key
        self.pos = pos
        self.epoch = epoch
        self.tok = tok
        self.counters = counters


class Solver:
    """One game's search machinery, reused across deals."""

    def __init__(
        self,
        game,
        prune: bool = True,
        exact_keys: bool = False,
        restarts: bool = False,
        sequence: bool = True,
        swaps: bool = True,
        vacancies: bool = True,
        exchanges: bool = True,
        alone: bool = True,
        spare: bool = True,
        uncover_up: bool = True,
        stock_up: bool = True,
        dives: bool = False,
        stock_cache: bool = True,
        twice: bool = True,
        alone_twins: bool = True,
        dive_noise: int = 0,
        rows_dead: bool = True,
        cuts: bool = False,
    ) -> None:
        self.game = game
        self.exact_keys = exact_keys
        self.restarts = restarts
        # with the restarts: the budget spent on short searches of one length (`dive_schedule`)
        self.dives = dives
        # with the dives: 0, each short search then its noisy twin; n > 0, only noisy short
        # searches, a random move first at one position in n (`dive_schedule`, `_noise`)
        self.dive_noise = dive_noise
        self._every = dive_noise if dive_noise > 0 else RESTART_NOISE
        self._mix = 0  # 0: the solver's order; else the state of the tie-shuffling generator
        self._aux: Solver | None = None  # the restarts' short searches (`_restarts`)
        self._noisy = False  # in a restart's search, some positions leave the order (`_noise`)
        self._pruning = prune  # as asked, for the restarts' second solver
        # the searches of the last deal's restarts, as (search, nodes) (`restart_schedule`)
        self.schedule: list[tuple[int, int]] = []
        self._spare = spare
        self.safe = SafeMoves(game, SpareBuilders(game) if spare else None)
        self.prune = prune and self.safe.enabled
        found = set(game.foundations)
        self._is_found = [p in found for p in range(game.npiles)]
        self._keys: KeyMaker | None = None  # made at the first search, reset at each
        # the relation inside a run, for games that remove complete runs (`_run_score`)
        self._links: bytes | None = None
        if any(r.run_complete for r in game.transfers):
            for r in game.transfers:
                if r.run_follows is not None:
                    self._links = r.run_follows
        # `win: rows-in-sequence`: a position where a card that can never move lies where
        # the win cannot have it is not searched (`rows.RowDeadEnds`; with the other pruning)
        rd = RowDeadEnds(game)
        self.rdead: RowDeadEnds | None = rd if prune and rows_dead and rd.enabled else None
        self._rows_dead = rows_dead
        self._alone = alone
        # a move that uncovers a face-up card a foundation takes ranks with one that turns a
        # card up (`_score`)
        self.uncover_up = uncover_up
        self._stock_up = stock_up
        # `cuts`: with the blocked-cards check, the cuts' proof over a pile's order (`cuts.py`);
        # off by default: at the budgets measured it decided no more deals and cost 20-71 %
        # more CPU a position (benchmarks/RESULTS.md, "the losses proved (decide-36)")
        self._cuts = cuts
        self.dead = DeadEnds(game, alone=alone, cuts=cuts)
        self.dead_ends = prune and self.dead.enabled
        # the stock seen as a sequence (`talon.py`): turns folded into the plays they reach
        seq = StockSequence(game, cache=stock_cache)
        self._stock_cache = stock_cache
        self._sequence = sequence
        self.seq: StockSequence | None = seq if sequence and seq.enabled else None
        # a stock play to a foundation ranks with the foundation moves (`_score`), where the
        # stock goes round without end (a play deep in it passes no card for good) and a
        # turn moves more than one card (which cards the turns reach depends on the plays)
        self.stock_up = (
            stock_up and self.seq is not None and not self.seq.ordered and self.seq.count > 1
        )
        # parts of runs moved only where the card they uncover can go up (`swaps.py`)
        sw = RunSwaps(game)
        self._swaps = swaps
        self.swaps: RunSwaps | None = sw if swaps and prune and sw.enabled else None
        # a card alone in its pile kept there where no empty pile is used again (`vacancies.py`)
        vac = Vacancies(game)
        self._vacancies = vacancies
        self.vac: Vacancies | None = vac if vacancies and prune and vac.enabled else None
        # whole piles moved onto an empty alike pile left out (`exchanges.py`)
        ex = Exchanges(game)
        self._exchanges = exchanges
        self.ex: Exchanges | None = ex if exchanges and prune and ex.enabled else None
        # a deal lost because some card can never leave its pile (`exits.py`), checked on
        # the position a search starts from (pure Python: once a search)
        xt = Exits(game)
        self.exits: Any = xt if prune and xt.enabled else None
        # a card moved again at once to a position met already left out (`twice.py`): the
        # same tree in fewer nodes, but off with the rest of the pruning (`prune=False`)
        self._twice = twice
        self.twice = twice and prune
        self.twice_cut = 0  # moves so left out, over the searches of this solver
        # a position of a `no-progress` game that holds no other of its path keyed with its
        # twins merged (`symmetry.KeyMaker.local_key`)
        self._alone_twins = alone_twins

    def _children(self, state: State) -> list[Move]:
        if self.rdead is not None and self.rdead.dead(state.card_piles()):
            return []  # lost: searched no further, as a position without moves
        moves = state.legal_moves()
        if self.seq is not None:
            moves = self.seq.fold(state, moves)
        n = len(moves)
        if n <= 1:
            return moves
        if self.prune:
            m = self.safe.pick(state, moves)
            if m is not None:
                return [m]
        if self.ex is not None:
            moves = self.ex.prune(state, moves)
            n = len(moves)
            if n <= 1:
                return moves
        # the swaps' proof needs no safe moves (East Haven has none while its rows may come)
        if self.swaps is not None:
            moves = self.swaps.prune(state, moves)
            n = len(moves)
            if n <= 1:
                return moves
        if self.vac is not None:
            moves = self.vac.prune(state, moves)
            n = len(moves)
            if n <= 1:
                return moves
        # a stable sort by `_score` (`_run_score`): a pass per score over a few moves, no
        # key objects
        piles = state.card_piles()
        found = self._is_found
        scores: list[int] = []
        lo = 9
        hi = 0
        links = self._links
        want = None
        if self.uncover_up and links is None:
            want = (state._wcache or state._wants())[0]
        for m in moves:
            sc = (
                _score(m, piles, found, want, self.stock_up)
                if links is None
                else _run_score(m, piles, found, links)
            )
            scores.append(sc)
            if sc < lo:
                lo = sc
            if sc > hi:
                hi = sc
        if lo == hi and not self._mix:
            return moves
        out: list[Move] = []
        for sc in range(lo, hi + 1):
            start = len(out)
            for i in range(n):
                if scores[i] == sc:
                    out.append(moves[i])
            if self._mix:
                self._shuffle(out, start)
        if self._noisy:
            self._noise(out)
        return out

    def _noise(self, out: list[Move]) -> None:
        """In a noisy restart's search (`restart_schedule`), at one position in
        `RESTART_NOISE` (the dives' `dive_noise` where set), a random move of the position
        (the same generator as `_shuffle`) is tried first.

        Why: ties shuffled only inside a score class leave every restart's first choice in
        the same class, so a subtree that traps the solver's order under its best class
        traps every restart (Klondike: a tableau move whose subtree the search cannot
        finish, while the recycle, always last, wins in a few hundred positions). Gomes,
        Selman & Kautz (1998) randomize among moves the heuristic cannot tell apart; here
        a few positions of each search also leave the heuristic, and the rest keep it. Any
        order is searched completely, so a search's `lost` is still a proof."""
        x = (self._mix * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        self._mix = x
        if (x >> 40) % self._every == 0:
            # the stock's plays (`talon.py`) count as one move, the turn they stand for: a
            # random one of them would turn the stock many cards deep at once (`_shuffle`)
            j0 = -1
            nm = 0
            if self.seq is not None and self.seq.ordered:
                for j in range(len(out)):
                    if out[j].kind == MACRO:
                        if j0 < 0:
                            j0 = j
                        nm += 1
            if nm < 2:
                k = (x >> 20) % len(out)
                if k:
                    out.insert(0, out.pop(k))
                return
            k = (x >> 20) % (len(out) - nm + 1)
            if k < j0:
                if k:
                    out.insert(0, out.pop(k))
            elif k == j0:
                if j0:
                    out[:] = out[j0 : j0 + nm] + out[:j0] + out[j0 + nm :]
            else:
                out.insert(0, out.pop(k + nm - 1))

    def _shuffle(self, out: list[Move], start: int) -> None:
        """Fisher-Yates over `out[start:]` (one score class) with a 64-bit LCG: the same
        order on every machine for the same restart. Where the stock goes round a limited
        number of times (`StockSequence.ordered`), the stock's plays (`talon.py`) keep their
        order, fewest turns first, after the class's other moves.

        Why: they stand for one move of the plain search, the turn, whose cards come one at
        a time. Shuffled, a restart's first choice among them is a play many cards deep,
        and where the stock is not turned again (Thirty Six) every card turned past stays
        under it for good (Thirty Six, deals 1-20 at 200,000 positions with the restarts:
        16 won with the plays shuffled, 17 in order; `_noise` likewise). Where it goes round
        without end, a play deep in the stock is undone by the next pass, and shuffled plays
        are what takes the restarts away from the stock's last place (Klondike draw 1, the
        same deals with parts of runs restricted, `swaps.py`: 18 won shuffled, 15 in
        order)."""
        if self.seq is not None and self.seq.ordered:
            macros = [m for m in out[start:] if m.kind == MACRO]
            if macros:
                out[start:] = [m for m in out[start:] if m.kind != MACRO]
                self._mix_order(out, start)
                out.extend(macros)
                return
        self._mix_order(out, start)

    def _mix_order(self, out: list[Move], start: int) -> None:
        x = self._mix
        for j in range(len(out) - 1, start, -1):
            x = (x * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
            k = start + (x >> 33) % (j - start + 1)
            out[j], out[k] = out[k], out[j]
        self._mix = x

    def solve(
        self, seed: int | None = None, order: list[str] | None = None, budget: Budget = Budget()
    ) -> Result:
        t0 = time.perf_counter()
        self._forget()
        if self.restarts and budget.nodes is not None:
            return self._restarts(seed, order, budget, t0)
        return self._search_kept(self.game.new_state(seed=seed, order=order), budget, t0)

    def _forget(self) -> None:
        """Forget what earlier deals' searches left in the reductions (within one deal,
        search 0 and the restarts' short searches go on sharing it): the same deal and budget
        give the same answer whatever this solver solved before, and however deals are split
        among workers."""
        self.dead.reset()
        if self._aux is not None:
            self._aux.dead.reset()

    def _restarts(
        self, seed: int | None, order: list[str] | None, budget: Budget, t0: float
    ) -> Result:
        """Searches on the schedule of `restart_schedule` until one decides or the nodes run
        out: one search in the solver's order, suspended and resumed in turns with short
        searches in other (seeded) tie orders, each on a second solver.

        A search's cost is heavy-tailed in its first choices: a deal the solver's order
        leaves unknown after many nodes is often won at once in another order. Each search
        is complete on its own (a `lost` from any of them is a proof); the schedule spends
        at most the node budget in all. The search in the solver's order is never started
        again, so no node of it is spent twice and it gets more than half the budget: a
        loss whose tree needs that many nodes is proved."""
        total = budget.nodes if budget.nodes is not None else 0
        sched = restart_schedule(total)
        self.schedule = sched
        if not sched:
            return self._search_kept(self.game.new_state(seed=seed, order=order), budget, t0)
        turn = min(total, RESTART_PROBE) if self.dives else sched[0][1]
        probe = min(turn, RESTART_PROBE)
        limits = Budget(nodes=probe, seconds=budget.seconds, memory_mb=budget.memory_mb)
        first = self._begin_search(self.game.new_state(seed=seed, order=order), limits, t0)
        if isinstance(first, Result):
            return first
        reach = first.longest - first.dive
        if turn > probe:
            out = self._resume_search(first, turn)
            if isinstance(out, Result):
                return out
        # the short searches' unit read from the deal: the depth of search 0's first dive,
        # or how much deeper it went within its first `RESTART_PROBE` nodes
        unit = restart_unit(first.dive or len(first.stack), reach)
        sched = (
            dive_schedule(total, turn, unit, noisy=self.dive_noise > 0)
            if self.dives
            else restart_schedule(total, unit)
        )
        self.schedule = sched
        aux = self._aux
        if aux is None and len(sched) > 1:
            aux = self._aux = Solver(
                self.game,
                prune=self._pruning,
                exact_keys=self.exact_keys,
                sequence=self._sequence,
                swaps=self._swaps,
                vacancies=self._vacancies,
                exchanges=self._exchanges,
                alone=self._alone,
                spare=self._spare,
                uncover_up=self.uncover_up,
                stock_up=self._stock_up,
                stock_cache=self._stock_cache,
                twice=self._twice,
                alone_twins=self._alone_twins,
                dive_noise=self.dive_noise,
                rows_dead=self._rows_dead,
                cuts=self._cuts,
            )
        spent = first.nodes
        for k, nodes in sched[1:]:
            if k == 0:
                before = first.nodes
                out = self._resume_search(first, first.nodes + nodes)
                if isinstance(out, Result):
                    out.nodes = spent + out.nodes - before
                    return out
                spent += first.nodes - before
                continue
            assert aux is not None
            aux._mix = _restart_state(seed if seed is not None else 0, abs(k))
            aux._noisy = k < 0
            try:
                part = aux._search_kept(
                    self.game.new_state(seed=seed, order=order),
                    Budget(nodes=nodes, seconds=budget.seconds, memory_mb=budget.memory_mb),
                    t0,
                )
            finally:
                aux._mix = 0
                aux._noisy = False
            spent += part.nodes
            if part.outcome != "unknown" or part.reason == "seconds":
                part.nodes = spent
                return part
        res = first.result()
        res.nodes = spent
        res.dead_ends = self._dead_ends_status()
        return res

    def _dead_ends_status(self) -> str:
        """What a result says of the dead-end checks: on, or why they were off."""
        if self.rdead is not None:
            return "on: rows-in-sequence"
        return "on" if self.dead_ends else (self.dead.reason or "off")

    def _begin_search(self, state: State, budget: Budget, t0: float) -> Result | _Run:
        """`search`, but a search stopped by its node budget comes back as a `_Run`."""
        was = state.lazy_moves(True)
        state.drop_memo()
        young = _quiet_gc()
        try:
            res = self._search(state, budget, t0)
        finally:
            state.lazy_moves(was)
            _restore_gc(young)
        if isinstance(res, Result):
            res.dead_ends = self._dead_ends_status()
        return res

    def _resume_search(self, run: _Run, max_nodes: int) -> Result | _Run:
        was = run.state.lazy_moves(True)
        young = _quiet_gc()
        try:
            res = self._resume(run, max_nodes)
        finally:
            run.state.lazy_moves(was)
            _restore_gc(young)
        if isinstance(res, Result):
            res.dead_ends = self._dead_ends_status()
        return res

    def search(self, state: State, budget: Budget = Budget(), t0: float | None = None) -> Result:
        """Search from `state`, any position of this game (it is left wherever the search
        stopped), as a solver that has searched nothing before would."""
        self._forget()
        return self._search_kept(state, budget, t0)

    def _search_kept(self, state: State, budget: Budget, t0: float | None = None) -> Result:
        """`search`, keeping what this deal's earlier searches left (`_restarts`)."""
        if t0 is None:
            t0 = time.perf_counter()
        res = self._begin_search(state, budget, t0)
        if isinstance(res, Result):
            return res
        out = res.result()
        out.dead_ends = self._dead_ends_status()
        return out

    def _search(self, state: State, budget: Budget, t0: float) -> Result | _Run:
        """Search until it decides or a budget runs out; a search stopped by its node budget
        comes back as a `_Run` that `_resume` continues where it stopped."""
        run = self._begin(state, budget, t0)
        if isinstance(run, Result):
            return run
        return self._resume(run, budget.nodes)

    def _begin(self, state: State, budget: Budget, t0: float) -> Result | _Run:
        pruning = self.safe.status if self.prune else (self.safe.reason or "off")
        if state.is_won():
            rec = state.record()
            return Result("won", 0, time.perf_counter() - t0, [], rec, pruning=pruning)
        keys = self._keys
        if keys is None:
            keys = self._keys = KeyMaker(
                self.game, state, exact=self.exact_keys, alone_twins=self._alone_twins
            )
        hist = keys.history_dependent
        local = keys.local_history
        # `local_history` games: per position, the sets of path positions it was expanded
        # with (`_subsumed`)
        reach: dict[int, list[frozenset[int]]] = {}
        held: frozenset[int] = frozenset()
        table: set[int] = set()
        path: set[int] = set()  # keys of the positions on the current path
        root_pos = keys.reset(state)
        root_epoch = keys.epoch(state) if hist else ()
        if hist:
            root_pos = keys.settled(root_pos, root_epoch, state)
        if local:
            root, held = keys.local_key(root_pos, root_epoch, state)
            _reach(reach, root_pos, held)
        else:
            root = keys.key_at(root_pos, root_epoch)
        if hist:
            keys.enter(root_pos, root_epoch, state)
        table.add(root)
        path.add(root)
        dead = self.dead if self.dead_ends else None
        if dead is not None and dead.start(state) is DEAD:
            return Result("lost", 0, time.perf_counter() - t0, pruning=pruning, unique=1)
        stuck = self.exits.never_up(state) if self.exits is not None else []
        if stuck:  # the proof named: a user sees why a deal is lost before any move
            self.exits.proved += 1
            shown = " ".join(map(name, stuck[:8])) + (" …" if len(stuck) > 8 else "")
            why = f"{len(stuck)} cards can never reach a foundation: {shown}"
            return Result(
                "lost", 0, time.perf_counter() - t0, reason=why, pruning=pruning, unique=1
            )
        run = _Run(state, budget, t0, pruning)
        run.reach = reach
        run.held = held
        run.table = table
        run.path = path
        run.stack = [
            _Frame(self._children(state), root, root_pos, root_epoch, None, keys.counters_hash())
        ]
        return run

    def _resume(self, run: _Run, max_nodes: int | None) -> Result | _Run:
        """Go on with `run` until it decides, or until it has expanded `max_nodes` positions
        in all (then it comes back suspended: the move it was about to try is undone, so the
        next `_resume` tries it first), or its time runs out."""
        state = run.state
        keys = self._keys
        assert keys is not None
        hist = keys.history_dependent
        local = keys.local_history
        reach = run.reach
        held = run.held
        max_entries = run.budget.table_entries()
        t0 = run.t0
        deadline = None if run.budget.seconds is None else t0 + run.budget.seconds
        pruning = run.pruning
        table = run.table
        path = run.path
        dead = self.dead if self.dead_ends else None
        twice = self.twice
        stack = run.stack
        # the move a suspension undid was counted: it is counted again when tried now
        nodes = run.nodes - run.pending
        run.pending = 0
        reason = ""
        while stack:
            frame = stack[-1]
            moves = frame.moves
            i = frame.i
            if i >= len(moves):
                if not run.dive:
                    run.dive = len(stack)
                stack.pop()
                path.discard(frame.key)
                if hist:
                    keys.leave(frame.pos, frame.epoch)
                if frame.tok is not None and dead is not None:  # a token only with `dead`
                    dead.back(frame.tok)
                if stack:
                    state.undo()
                    keys.retreat()
                continue
            frame.i = i + 1
            m = moves[i]
            card = -1  # the card `m` takes alone from a top (`twice.py`), or -1
            below = ndst = 0
            if twice:
                card, below, ndst = taken(state, m)
            make(state, m)
            nodes += 1
            if state.is_won():
                rec = state.record()
                return Result(
                    "won", nodes, time.perf_counter() - t0, list(rec.moves), rec, pruning=pruning
                )
            if max_nodes is not None and nodes >= max_nodes:
                reason = "nodes"
                state.undo()
                frame.i = i
                break
            if deadline is not None and not nodes % _CHECK_EVERY and time.perf_counter() > deadline:
                reason = "seconds"
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
                k = pos
            if k in table or k in path or (local and _subsumed(reach, pos, held)):
                state.undo()
                keys.retreat()
                continue
            if len(table) >= max_entries:
                table.clear()
                reach.clear()
            table.add(k)
            tok = None
            if dead is not None:
                tok = dead.step(state)
                if tok is DEAD:
                    state.undo()
                    keys.retreat()
                    continue
            ch = self._children(state)
            if not ch:
                if tok is not None and dead is not None:
                    dead.back(tok)
                state.undo()
                keys.retreat()
                continue
            if (
                card >= 0
                and (not hist or (epoch == SETTLED and frame.epoch == SETTLED))
                and keys.counters_hash() == frame.counters
                and pure(state, m, card, below, ndst)
            ):
                n0 = len(ch)
                ch = prune_twice(ch, m, moves, i)
                self.twice_cut += n0 - len(ch)
            path.add(k)
            if len(stack) >= run.longest:
                run.longest = len(stack) + 1
            if local:
                _reach(reach, pos, held)
            if hist:
                keys.enter(pos, epoch, state)
                stack.append(_Frame(ch, k, pos, epoch, tok, keys.counters_hash()))
            else:
                stack.append(_Frame(ch, k, pos, (), tok, keys.counters_hash()))
        dt = time.perf_counter() - t0
        if reason == "nodes":
            run.nodes = nodes
            run.pending = 1
            run.held = held
            return run
        if reason:
            return Result("unknown", nodes, dt, reason=reason, pruning=pruning, unique=len(table))
        return Result("lost", nodes, dt, pruning=pruning, unique=len(table))


# the garbage collector's young-generation threshold during a search (`_quiet_gc`)
GC_YOUNG = 20_000


def _quiet_gc() -> int:
    """Raise the collector's young-generation threshold for a search (to `GC_YOUNG`
    allocations, from CPython's 700); the threshold before, for `_restore_gc`.

    Why: a search allocates a few objects per position (moves, their lists, undo records)
    that mostly die within a few positions, so a young collection finds little to free,
    and every tenth of them walks the middle generation too: 8-10 % of Klondike draw 2's
    CPU at the default. Collections only free cycles, so what the search finds is the
    same; the cycles the search makes (none on its path) wait a little longer."""
    was, g1, g2 = gc.get_threshold()
    if 0 < was < GC_YOUNG:  # 0: the collector is off, and stays so
        gc.set_threshold(GC_YOUNG, g1, g2)
    return was


def _restore_gc(was: int) -> None:
    """The young-generation threshold `_quiet_gc` found, set again."""
    now, g1, g2 = gc.get_threshold()
    if now != was:
        gc.set_threshold(was, g1, g2)


class _Run:
    """A search stopped by its node budget, kept to be resumed (`Solver._resume`): its
    state, path, table and counts. Only the solver that began it may resume it, and only
    while it starts no other search (its position keys and dead-end checks hold the run's
    path)."""

    def __init__(self, state: State, budget: Budget, t0: float, pruning: str) -> None:
        self.state = state
        self.budget = budget
        self.t0 = t0
        self.pruning = pruning
        self.nodes = 0  # positions expanded, the one a suspension undid (`pending`) included
        self.pending = 0
        self.dive = 0  # the path's length when the search first backed up (`restart_unit`)
        self.longest = 0  # the longest the path has been (`restart_unit`)
        self.reach: dict[int, list[frozenset[int]]] = {}
        self.held: frozenset[int] = frozenset()
        self.table: set[int] = set()
        self.path: set[int] = set()
        self.stack: list[_Frame] = []

    def result(self) -> Result:
        """The run as an unknown outcome (its node budget ran out)."""
        return Result(
            "unknown",
            self.nodes,
            time.perf_counter() - self.t0,
            reason="nodes",
            pruning=self.pruning,
            unique=len(self.table),
        )


_REACH_KEPT = 16  # sets kept per position by `_reach`


def _reach(reach: dict[int, list[frozenset[int]]], pos: int, held: frozenset[int]) -> None:
    """Remember that position `pos` is searched with the path positions `held` (its key's
    part of the history), dropping the sets `held` contains."""
    got = reach.get(pos)
    if got is None:
        reach[pos] = [held]
        return
    got[:] = [h for h in got if not h <= held]
    got.append(held)
    if len(got) > _REACH_KEPT:
        del got[0]


def _subsumed(reach: dict[int, list[frozenset[int]]], pos: int, held: frozenset[int]) -> bool:
    """Whether position `pos` was searched already with at least the path positions `held`.

    In a `no-progress` game the positions reached only ever add moves (a rule waiting for
    "no progress" is offered once every other move leads back to one of them; no automatic
    action waits so: `KeyMaker.local_history`), so a position searched with more of them
    had every move this one has, at every step after: whatever this one wins, that one
    won, and a lost search of that one covers this one (the search stops at the first
    win)."""
    got = reach.get(pos)
    if got is None:
        return False
    return any(held <= h for h in got)


RESTART_UNIT = 1000  # nodes of the shortest restarts where no dive is known (`restart_schedule`)
RESTART_DIVES = 4  # the shortest restarts: this many times the first dive's depth (`restart_unit`)
RESTART_LEAST = 250  # and at least this many nodes
RESTART_PROBE = 1000  # search 0's first nodes, where it reads how deep it goes (`restart_unit`)


def restart_unit(dive: int, reach: int = 0) -> int:
    """The nodes of the shortest restarts of a deal whose search in the solver's order first
    backs up at path length `dive` and, within its first `RESTART_PROBE` nodes, goes `reach`
    positions deeper than that: `RESTART_DIVES` times the larger, at least `RESTART_LEAST`.

    Why from the deal: a short restart wins by a nearly straight dive in a lucky tie order
    or not at all, so the restart must hold a dive and a few of its last choices undone;
    no one length fits every game. Restarts of 250 nodes won twice the Dense Column's deals
    of 1,000 (Cadogan's reading, 10,000 nodes: 67 against 34) and lost 11 of the Shah's 138
    at 50,000, whose first dives are three times as deep (deals 1-12: median 160 positions
    against 58). The first dive is the one measure of a win's depth the search has before
    any restart, and it is the deal's own, so a deal's schedule does not depend on the
    deals solved before it.

    Why the reach too: where the first back-up is not a dead end but a position met before
    (Stronghold: cards move to and fro between columns), it comes early, and the dives that
    follow go far deeper (deals 1-10, median: first back-up at 10, then 185 positions
    deeper within 1,000 nodes; its wins are 300-1,900 moves long). Where the first back-up
    is a dead end (the book's games) the search goes only a little deeper afterwards (the
    Dense Column: at 53, then 16 deeper), so the dive decides the unit there as before."""
    return max(RESTART_LEAST, RESTART_DIVES * max(dive, reach))


RESTART_NOISE = 8  # one position in this many leaves the move order in a restart (`_noise`)


def luby(i: int) -> int:
    """The i-th term (from 1) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ..."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


def restart_schedule(total: int, unit: int = RESTART_UNIT) -> list[tuple[int, int]]:
    """The restarts' searches, `total` nodes in all, as (search, nodes). Search 0 is the one
    in the solver's own order; k > 0 the k-th short search in the plain kind (ties broken
    in the k-th seeded order), -k its noisy twin (the same tie order, and some positions
    leave the move order: `_noise`). The schedule is `_one_kind` of half the budget with
    each short search k followed by its twin -k of the same length, and search 0 resumed
    after each with as many nodes (its first turn, and any node left, doubled likewise).

    Why two kinds: neither is better. Where the solver's order is good a random move costs
    wins even when rare (the Dense Column in Cadogan's reading, 10,000 nodes: 37 of 200
    deals won with plain restarts, 24 with noisy ones); where it traps the search
    (Klondike: the stock always last; the Blockade's rows reading: 4 won against 10) only
    noisy ones get out. Why twins in turns: at twice the budget this schedule runs every
    search that either kind alone runs at the budget, with its nodes, and search 0 with
    twice its nodes, so it decides every deal either of them decides. Each kind's lengths
    grow with the budget (`_one_kind`), so a deal decided at one budget is decided at any
    larger one. Both hold for one `unit`: the solver takes the deal's (`restart_unit`) from
    search 0's first dive, which search 0's first turn (an eighth of the budget) reaches at
    every budget but the smallest (the book's games: within a few hundred nodes), and from
    its first `RESTART_PROBE` nodes, which the first turn holds from a budget of 8,000 on,
    so the unit is the same at the budget and at twice it."""
    if total <= 0:
        return []
    base = _one_kind(total // 2, unit)
    if not base:
        return [(0, total)]
    out = [(0, 2 * base[0][1])]
    for k, n in base[1::2]:
        out += [(k, n), (0, n), (-k, n), (0, n)]
    out[-1] = (0, out[-1][1] + total - sum(n for _, n in out))  # search 0's odd nodes
    return out


def _one_kind(total: int, unit: int) -> list[tuple[int, int]]:
    """One kind of restarts, `total` nodes in all: search 0 begun with an eighth of the
    budget and resumed after each short search k = 1, 2, ... (`unit` times the k-th term
    of Luby's sequence) with as many nodes as it had, while both fit, then once more with
    what is left cut in two (an odd node left goes to search 0).

    Why: where the cost of a search in a random tie order is heavy-tailed (the Clock: a few
    orders win in 2,000 nodes, most are caught for millions in a lost end game under their
    first choices), many short searches win what a few long ones do not, and Luby's
    sequence is within a logarithmic factor of the best fixed cutoff whatever the
    distribution (Luby, Sinclair & Zuckerman 1993). A loss is proved only by a search that
    exhausts the tree: search 0 goes on in turns with them and gets more than half of the
    budget. A search never gets fewer nodes at a larger budget."""
    if total <= 0:
        return []
    first = max(1, total // 8)
    out = [(0, first)]
    spent = first
    i = 1
    while spent + 2 * unit * luby(i) <= total:
        n = unit * luby(i)
        out += [(i, n), (0, n)]
        spent += 2 * n
        i += 1
    if total - spent >= 2:  # the next short search cut to what is left
        n = min(unit * luby(i), (total - spent) // 2)
        out += [(i, n), (0, n)]
        spent += 2 * n
    if total > spent:
        out[-1] = (0, out[-1][1] + total - spent)
    return out


def dive_schedule(total: int, first: int, unit: int, noisy: bool = False) -> list[tuple[int, int]]:
    """The restarts' searches as dives (`Solver(restarts=True, dives=True)`), `total` nodes
    in all: search 0's first turn of `first` nodes (where it reads the unit), then short
    searches k = 1, 2, ... of `unit` nodes each, every one followed by its noisy twin -k,
    while a pair fits; search 0 resumed with what is left. `noisy` (`Solver(dive_noise=n)`):
    the noisy searches -1, -2, ... alone, as many as the pairs' searches in the same nodes.

    Why `noisy`: in the Clock's immediate reading the dives' wins are noisy short searches
    (decide-32: 49 noisy, 13 plain), and 800 short searches of each of ten deals, run to
    their end, win 29 times as the pairs, 40 all noisy, 67 all noisy at one position in 4
    and 36 at one in 2: at 4, 2.3 times the wins a node and 1.7 a CPU second
    (benchmarks/RESULTS.md, "The book's games decided: thirty-fourth round").

    Why: where every win is a nearly straight dive of a short search in a lucky tie order
    and no whole deal is ever proved lost (the Dense Column: benchmarks/RESULTS.md, "The
    book's games decided: eighteenth round"), the chance of a win grows with the number of
    dives tried, and a fixed length that holds a dive is the best cutoff for such a
    distribution (Luby, Sinclair & Zuckerman 1993); `restart_schedule` gives half the
    budget to search 0, which proves losses, and spends the rest on Luby's growing lengths,
    a logarithmic factor of insurance that these games do not need. Each search is still
    complete on its own, so a `lost` from any of them is a proof, but search 0 gets only
    what the dives leave: a loss that needs its long turns is not proved."""
    if total <= 0:
        return []
    first = max(1, min(first, total))
    out = [(0, first)]
    left = total - first
    k = 1
    while noisy and left >= unit:
        out.append((-k, unit))
        left -= unit
        k += 1
    while left >= 2 * unit:
        out += [(k, unit), (-k, unit)]
        left -= 2 * unit
        k += 1
    if left:
        out.append((0, left))
    return out


def _restart_state(seed: int, k: int) -> int:
    """A nonzero 64-bit generator state for restart `k` of deal `seed` (splitmix64)."""
    x = (seed * 0x9E3779B97F4A7C15 + k * 0xBF58476D1CE4E5B9 + 1) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return (x ^ (x >> 31)) | 1


def solve(
    game,
    seed: int | None = None,
    order: list[str] | None = None,
    budget: Budget = Budget(),
    prune: bool = True,
) -> Result:
    """Search deal `seed` (or the crafted `order`) of `game` for a win within `budget`."""
    return Solver(game, prune=prune).solve(seed=seed, order=order, budget=budget)
