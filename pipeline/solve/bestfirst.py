"""Best-first search for a win: proves wins only, never a loss.

Why: in the Spider family (runs of one suit move freely, only a complete suit leaves the
tableau) the depth-first search never leaves its first wrong choice near the root, and a
beam (`beam.py`) keeps only the best positions of each depth, so one misleading depth loses
the line for good. A best-first search keeps every position it has generated and expands
the best one anywhere in the tree: it goes deep while the measure rises and comes back to
an earlier branch when it stops rising. A position kept is a few ints and a move, not a
State (`_Run`): one State walks the tree, so memory grows by about 400 bytes a position,
and the positions one deal's searches keep are capped (`KEEP_MAX`, about 4 GB): a search
that reaches the cap ends unknown, its reason "memory".

The measure (`Measure`) is the beam's (`beam.Progress`: cards on foundations, face-down
cards, cards on the card their run accepts, empty piles, the stock) less `W_NEED` for each
segment of a pile (cards joined by the spec's run relation) that is not yet home, by how
deep the card it must go onto is buried: the number of segments above the nearest card
that the run relation accepts under the segment's bottom card (0 when that card is a top),
capped at `NEED_CAP`, and less `W_NEXT` for each card lying on a card a foundation takes
next (`nextcard.py`: without it Mrs Mop's searches sit on a plateau of the measure while the
cards the foundations need stay buried). It is read from the spec's rules, not a game's name.

Moves that cannot help a win are not generated (`_moves`): a whole pile moved into an
empty pile (the same position with two piles exchanged), and a card that lies on the card
its run accepts moved anywhere but onto another such card (splitting a run of one suit
exposes only the card the run came from). A search with them left out proves nothing lost,
and this one never claims a loss. Where the solver's safe moves hold (`safety.py`: Mrs Mop
and Simple Simon as Solvitaire plays them, cards going up one at a time), a position with a
safe foundation move has that move alone as its child, with the pruning or without.

Several searches, each with its own measure weights (`CONFIGS`), run in turns on one deal
(`BestFirst.solve`), each resumed where it stopped, the slices doubling, until one wins or
the node budget is spent: the weights that win one deal fastest lose another. A node is a
position generated (a move applied). The same deal, budget and code give the same result.
A win comes back with its record, replayed through the engine from the deal first.
"""

from __future__ import annotations

import heapq
import time
from typing import NamedTuple

from pipeline.engine.compile import blocks_used
from pipeline.engine.moves import TRANSFER, Move
from pipeline.engine.state import State
from pipeline.solve.beam import (
    W_DOWN,
    W_EMPTY,
    W_FOUND,
    W_STOCK,
    BeamSearch,
    Progress,
    _mix,
    links,
    won_result,
)
from pipeline.solve.nextcard import NextCards
from pipeline.solve.safety import SafeMoves
from pipeline.solve.search import Budget, Result, Solver
from pipeline.solve.symmetry import KeyMaker

W_NEXT = 3  # a card on a card a foundation takes next (`nextcard.py`)
W_NEED = 3  # a segment's need: how deep the card it must go onto is buried, in segments
NEED_CAP = 4
SLICE0 = 2_000  # the first turn's nodes for each search; doubling every round
_FAR = 99
_DEFAULT = Budget(nodes=300_000)
KEEP_MAX = 10_000_000  # positions one deal's searches keep, at most (module doc)


class Config(NamedTuple):
    """One search's weights: `need` (W_NEED or 0), `depth` (a move's cost in the priority,
    0 for greedy best-first), `salt` (ties broken by a seeded hash of the position, or
    newest first when 0)."""

    need: int
    depth: int
    salt: int
    empty: int = 0  # more for an empty tableau pile, beside W_EMPTY
    next: int = 0  # less for each card on a card the foundations take next (`nextcard.py`)


CONFIGS = (
    Config(W_NEED, 0, 0, 0, W_NEXT),
    Config(0, 0, 0, 0, W_NEXT),
    Config(W_NEED, 1, 0, 0, W_NEXT),
    Config(W_NEED, 3, 0, 0, W_NEXT),
    Config(0, 0, 0, 20, W_NEXT),
    Config(W_NEED, 0, 7, 0, W_NEXT),
)


class Measure:
    """The measure of progress (module doc), read from the spec's rules."""

    def __init__(self, game) -> None:
        pr = Progress(game)
        self.tableau = pr.tableau
        self.foundations = pr.foundations
        self.stock = pr.stock
        self.run = pr.run
        self.build = pr.build
        # the cards the run relation accepts under each card
        self.parents = [[u for u in range(52) if pr.run[c * 52 + u]] for c in range(52)]
        self.next = NextCards(game)

    def score(self, piles: list[list[int]], w_need: int, w_empty: int = 0, w_next: int = 0) -> int:
        """Higher is nearer a win."""
        run = self.run
        build = self.build
        s = 0
        for f in self.foundations:
            s += W_FOUND * len(piles[f])
        expo = [_FAR] * 52  # per card: segments above its nearest copy that is a top
        segs: list[int] = []  # per segment not home: bottom card * 256 + segments above
        empty = 0
        for p in self.tableau:
            pile = piles[p]
            if not pile:
                empty += 1
                continue
            above = 0
            down = 0
            top = True
            i = len(pile) - 1
            while i >= 0:
                v = pile[i]
                if v < 0:
                    c = (~v) % 52
                    e = above + down + 1
                    if e < expo[c]:
                        expo[c] = e
                    down += 1
                    s += W_DOWN
                    top = True
                    i -= 1
                    continue
                c = v % 52
                if top and down == 0 and above < expo[c]:
                    expo[c] = above
                low = pile[i - 1] if i > 0 else 0
                if i > 0 and low >= 0 and run[c * 52 + low % 52]:
                    top = False
                else:
                    if i > 0:
                        segs.append(c * 256 + (above + down + 1 if down else above))
                    above += 1
                    top = True
                i -= 1
            s += links(pile, run, build)
        s += (W_EMPTY + w_empty) * empty
        if w_need:
            need = 0
            for seg in segs:
                c = seg >> 8
                ps = self.parents[c]
                if ps:
                    best = _FAR
                    for u in ps:
                        if expo[u] < best:
                            best = expo[u]
                else:
                    best = 0 if empty else 1
                best += seg & 255
                need += best if best < NEED_CAP else NEED_CAP
            s -= w_need * need
        if w_next:
            s -= w_next * self.next.depth(piles)
        st = self.stock
        if st is not None and st >= 0:
            s += W_STOCK * len(piles[st])
        return s


class _Run:
    """One best-first search of one deal, resumable (`step`).

    Why so little is kept: a State carries its whole history (its moves, their undo records
    and snapshots), about 15 KB a position deep in a Spider deal, so a State kept per
    position expanded ran two workers out of memory at 1,000,000 positions. Each position
    expanded keeps its parent's index, its depth and the move that led to it; the frontier
    keeps the move from its parent. One working State walks the tree: to a popped position
    it takes back moves up to the common ancestor of the two and makes the moves down from
    there, the same moves, so the State it reaches (and its record) is the one a copy of the
    parent would have given."""

    def __init__(self, owner: BestFirst, root: State, cfg: Config) -> None:
        self.owner = owner
        self.cfg = cfg
        self.st = root  # the working State, at position `at` (index into the lists below)
        self.parent: list[int] = [-1]
        self.depth: list[int] = [0]
        self.move: list[Move | None] = [None]
        self.heap: list[tuple[int, int, int, int, Move]] = []
        self.count = 0
        self.at = 0
        self.todo = owner.moves(root)  # the moves of `at` not yet made
        self.todo.reverse()
        self.dead = False

    def _walk(self, to: int) -> None:
        """Bring the working State from position `at` to position `to` of the tree."""
        st = self.st
        parent = self.parent
        depth = self.depth
        move = self.move
        at = self.at
        down: list[Move] = []
        while depth[to] > depth[at]:
            m = move[to]
            assert m is not None
            down.append(m)
            to = parent[to]
        while depth[at] > depth[to]:
            st.undo()
            at = parent[at]
        while at != to:
            st.undo()
            at = parent[at]
            m = move[to]
            assert m is not None
            down.append(m)
            to = parent[to]
        while down:
            st.apply_known(down.pop())

    def step(self, seen: set[int], limit: int) -> tuple[State | None, int]:
        """Expand positions until `limit` nodes are generated (a position's moves left
        for the next turn): (the won state or None, nodes generated)."""
        owner = self.owner
        keys = owner.keys
        score = owner.measure.score
        need, lam, salt, w_empty, w_next = self.cfg
        heap = self.heap
        st = self.st
        nodes = 0
        while nodes < limit:
            if not self.todo:
                if not heap:
                    self.dead = True
                    return None, nodes
                _, _, _, pi, m = heapq.heappop(heap)
                self._walk(pi)
                st.apply_known(m)
                self.parent.append(pi)
                self.depth.append(self.depth[pi] + 1)
                self.move.append(m)
                self.at = len(self.parent) - 1
                self.todo = owner.moves(st)
                self.todo.reverse()
            fi = self.at
            d = self.depth[fi] + 1
            keys.reset(st)
            todo = self.todo
            while todo and nodes < limit:
                m = todo.pop()
                st.apply_known(m)
                nodes += 1
                if st.is_won():
                    return st, nodes
                k = keys.advance(st)
                if k not in seen:
                    seen.add(k)
                    self.count += 1
                    tie = _mix(k, salt) if salt else -self.count
                    pri = lam * d - score(st.card_piles(), need, w_empty, w_next)
                    heapq.heappush(heap, (pri, tie, self.count, fi, m))
                st.undo()
                keys.retreat()
        return None, nodes


class BestFirst:
    """One game's best-first machinery, reused across deals (`solve`)."""

    def __init__(
        self,
        game,
        configs: tuple[Config, ...] = CONFIGS,
        prune: bool = True,
        keep: int = KEEP_MAX,
        safe: bool = True,
    ) -> None:
        """`prune=False`: every legal move is made but where a foundation move is safe
        (`safe`, below), so a search whose frontier runs out has reached every position of
        the deal that matters, and the deal is lost (`solve`). `keep`: the positions one
        deal's searches may keep, together. `safe`: where the solver's safe moves hold
        (`safety.py`, the Spider family's run relation among them), a position with a safe
        foundation move has that move as its only child, in both modes: a win, if any,
        is still reachable after it, so a loss proved without it is proved with it."""
        self.game = game
        self.configs = configs
        self.prune = prune
        sm = SafeMoves(game)
        self.safe: SafeMoves | None = sm if safe and sm.enabled else None
        self.keep = keep
        self.measure = Measure(game)
        self.tab = frozenset(game.tableau)
        self._keys: KeyMaker | None = None

    @property
    def keys(self) -> KeyMaker:
        assert self._keys is not None
        return self._keys

    def moves(self, st: State) -> list[Move]:
        """The legal moves less those that cannot help (module doc); a safe foundation
        move alone where there is one."""
        legal = st.legal_moves()
        if self.safe is not None and len(legal) > 1:
            m = self.safe.pick(st, legal)
            if m is not None:
                return [m]
        if not self.prune:
            return legal
        piles = st.card_piles()
        run = self.measure.run
        tab = self.tab
        out: list[Move] = []
        for m in legal:
            if m.kind == TRANSFER and m.src in tab and m.dst in tab:
                src = piles[m.src]
                dst = piles[m.dst]
                i = m.idx
                if not dst and i == 0:
                    continue
                if i > 0 and src[i - 1] >= 0:
                    c = src[i] % 52
                    if run[c * 52 + src[i - 1] % 52] and (
                        not dst or dst[-1] < 0 or not run[c * 52 + dst[-1] % 52]
                    ):
                        continue
            out.append(m)
        return out

    def solve(
        self, seed: int | None = None, order: list[str] | None = None, budget: Budget = _DEFAULT
    ) -> Result:
        """A win within `budget` (its record replayed), or unknown; lost only without the
        pruning (`prune=False`), when a search has made every legal move of every position
        it reached."""
        t0 = time.perf_counter()
        root = self.game.new_state(seed=seed, order=order)
        if root.is_won():
            return Result(
                "won", 0, time.perf_counter() - t0, [], root.record(), pruning="best-first"
            )
        if self._keys is None:
            self._keys = KeyMaker(self.game, root)
        total = budget.nodes if budget.nodes is not None else 1_000_000
        deadline = None if budget.seconds is None else t0 + budget.seconds
        runs = [_Run(self, root.copy(), c) for c in self.configs]
        seens: list[set[int]] = [{self.keys.reset(root)} for _ in runs]
        spent = 0
        piece = SLICE0
        reason = "nodes"
        exhausted = False  # one search reached every position it may (its frontier ran out)
        kept = 0  # positions the searches keep: at most one a node
        full = False
        while spent < total and not exhausted and not full and not all(r.dead for r in runs):
            for r, seen in zip(runs, seens, strict=True):
                if r.dead or spent >= total:
                    continue
                if kept >= self.keep:
                    full = True
                    reason = "memory"
                    break
                before = r.count
                won, n = r.step(seen, min(piece, total - spent, self.keep - kept))
                spent += n
                kept += r.count - before
                if won is not None:
                    return won_result(self.game, won, spent, t0, "best-first")
                if r.dead and not self.prune:
                    exhausted = True
                    break
                if deadline is not None and time.perf_counter() > deadline:
                    reason = "seconds"
                    spent = total
                    break
            piece *= 2
        if exhausted and not self.keys.history_dependent:
            # every legal move of every position reachable from the deal was made: lost
            return Result("lost", spent, time.perf_counter() - t0, pruning="best-first")
        if all(r.dead for r in runs):
            reason = "dead"
        return Result(
            "unknown",
            spent,
            time.perf_counter() - t0,
            reason=reason,
            pruning="best-first",
            unique=0,
        )


class BestFirstThenSearch:
    """The `beam` policy's search: the best-first searches (`BestFirst`, which win more of
    the Spider family's deals than the beam of `beam.py` for the same nodes) with
    the node budget, and if they find no win, a complete search with as many again. A deal
    is decided if either proves it: a win found by either, or a loss proved by the complete
    search.

    The complete search: where the spec uses a block of another family (`blocks_used`: the
    Spider family's run relation and complete runs among them) the solver's dead-end proofs
    are off (its safe moves too, but for a run relation), so its search and a best-first
    search that makes every legal move but a safe one's siblings (`BestFirst(prune=False)`)
    prove a loss on the same positions, and the latter goes after a win best first too;
    elsewhere the solver with its restarts.

    Where the stock is turned onto a talon and can be seen as a sequence (`talon.py`), the
    first half of the first budget goes to the beam of `beam.py` with the turns folded into
    the plays they reach, the second to the best-first searches. Why: Canfield [Th.]'s
    deals left unknown at 200,000 positions that Solvitaire wins were won by none of the
    best-first searches at 1,000,000 (only by the restarts after them), and by the folded
    beam in a few thousand positions (benchmarks/RESULTS.md, "The published tables,
    thirty-eighth pass"). Games without such a stock (the Spider family, King Albert) are
    searched as before."""

    def __init__(self, game, dfs: Solver | None = None) -> None:
        """`dfs`: the search after the best-first searches (`pasyans solve --beam
        --no-prune` passes its own); by default as the class doc says."""
        self.beam = BestFirst(game)
        folded = BeamSearch(game)
        self.folded: BeamSearch | None = folded if folded.seq is not None else None
        self.dfs: Solver | BestFirst
        if dfs is not None:
            self.dfs = dfs
        elif blocks_used(game.rules):
            self.dfs = BestFirst(game, CONFIGS[:1], prune=False)
        else:
            self.dfs = Solver(game, restarts=True)

    def solve(
        self, seed: int | None = None, order: list[str] | None = None, budget: Budget = _DEFAULT
    ) -> Result:
        first = self._first(seed, order, budget)
        if first.outcome == "won" or first.reason == "seconds":
            return first
        res = self.dfs.solve(seed=seed, order=order, budget=budget)
        res.nodes += first.nodes
        res.seconds += first.seconds
        return res

    def _first(self, seed: int | None, order: list[str] | None, budget: Budget) -> Result:
        """The searches for a win with the budget: the folded beam's half where there is
        one (class doc), then the best-first searches."""
        if self.folded is None or budget.nodes is None:
            return self.beam.solve(seed=seed, order=order, budget=budget)
        half = budget.nodes // 2
        part = Budget(nodes=half, seconds=budget.seconds, memory_mb=budget.memory_mb)
        won = self.folded.solve(seed=seed, order=order, budget=part)
        if won.outcome == "won" or won.reason == "seconds":
            return won
        rest = Budget(
            nodes=budget.nodes - won.nodes, seconds=budget.seconds, memory_mb=budget.memory_mb
        )
        res = self.beam.solve(seed=seed, order=order, budget=rest)
        res.nodes += won.nodes
        res.seconds += won.seconds
        return res


class SearchThenBestFirst:
    """The solver with its restarts on a share of the node budget, then, if they decided
    nothing, the best-first searches (`BestFirst`) on the rest: one budget in all.

    Why: the restarts' dives and the best-first searches find different wins. In Cadogan's
    reading of the Shah the restarts left deals 1, 4, 5, 6 unknown at 2,000,000 nodes, of
    which the best-first searches won 4 and 6 within 300,000 (benchmarks/RESULTS.md, "The
    book's games decided: eighteenth round"). The restarts go first because they alone can
    prove a loss and win most deals in few nodes; the best-first searches take what they
    leave. A loss is the restarts' proof; a win from either replays (each search checks its
    own). `share`: the restarts' part of the nodes, 0 < share <= 1."""

    def __init__(self, game, share: float = 0.5) -> None:
        if not 0 < share <= 1:
            raise ValueError(f"share must lie in (0, 1], not {share}")
        self.share = share
        self.dfs = Solver(game, restarts=True)
        self.beam = BestFirst(game)

    def solve(
        self, seed: int | None = None, order: list[str] | None = None, budget: Budget = _DEFAULT
    ) -> Result:
        total = budget.nodes if budget.nodes is not None else _DEFAULT.nodes
        assert total is not None
        part = max(1, int(total * self.share))
        first = self.dfs.solve(
            seed=seed,
            order=order,
            budget=Budget(nodes=part, seconds=budget.seconds, memory_mb=budget.memory_mb),
        )
        rest = total - first.nodes
        if first.outcome != "unknown" or first.reason == "seconds" or rest <= 0:
            return first
        secs = None if budget.seconds is None else max(0.0, budget.seconds - first.seconds)
        second = self.beam.solve(
            seed=seed,
            order=order,
            budget=Budget(nodes=rest, seconds=secs, memory_mb=budget.memory_mb),
        )
        if second.outcome == "won":
            second.nodes += first.nodes
            second.seconds += first.seconds
            return second
        first.nodes += second.nodes
        first.seconds += second.seconds
        return first
