"""`hindsight`: a player who does not peek. At each choice it deals the cards it cannot see
again, several times, consistently with everything it has seen (`pipeline.engine.observe`),
and for each move it could make, lets the solver search each such re-deal after the move: it
plays the move most re-deals are won after. Determinized search, "hindsight optimization"
(Yoon et al. 2008), as Bjarnason, Fern & Tadepalli (ICAPS 2009) play Klondike.

What it reads of the real game is what a person reads: the face-up cards, where the
face-down ones lie, the legal moves, and the cards it remembers (seen face up before and
moved since by rules alone; `observe.Memory`). A re-deal depends only on that and on the
sampling seed (`observe.resample` deals the hidden cards from their sorted list), so two
deals that look the same to a person get the same move.

With a stock that may be turned over without limit (Klondike), it first turns it through once
and back, playing nothing: it then knows the stock, as Bjarnason et al.'s planners do.
At each choice:
- a lone legal move is played; a foundation move the solver proves safe in a re-deal
  (`safety.SafeMoves`) is played without search;
- nothing left to guess (every face-down card remembered): the solver searches the position
  itself, which is now of perfect information, with ten times the per-move budget, and a won
  line is followed to the end;
- otherwise the first `MAX_CANDIDATES` moves in the greedy player's order (`order.greedy_score`:
  foundation moves, then uncovering, ...) are each tried on `samples` re-deals, each search
  given `budget // (samples * moves)` positions (at least `MIN_NODES`). Hindsight
  optimization's vote (`hop`, the default): a move is worth the re-deals won after it, an
  undecided search counting half and a loss the solver proves nothing, and the best is
  played, ties to the greedy order. Proved losses are what tell the decisive opening moves
  apart: traces of lost Klondike deals show a move that loses the deal proved lost in 3-5 of
  8 re-deals at 5,000 positions a search, and no search from the opening winning at all
  (benchmarks/RESULTS.md, "A player who does not peek: third round"). `hop=False`: the
  move with most won searches, losses not counted;
- every move worth the same (nothing decided): a move that gains something (to a
  foundation, uncovering a card, emptying a pile, a card off the stock's side), else turning
  or dealing, else a move that only shifts cards; `IDLE` moves in a row that only shift
  cards at most, then the player gives up: the deal is `lost`.
A move back to a position already reached in this game is never chosen. With `rollouts=R`
(off in the policy; only with `hop=False`), a search that runs out of budget scores half the
mean of R randomized greedy playouts (`uct.UCT.rollout`) of its re-deal, each 1 if it wins,
else half the share of the cards it brought to the foundations, the same playout numbers for
every move (common random numbers). With `pool=N` (off in the policy), N re-deals are kept
over the game instead of dealt afresh: each move is made in them too, and a card that comes
face up is swapped into place (`observe.reconcile`); each is searched from the position itself
when it has changed (a card swapped in, its line left, or `POOL_REFRESH` moves gone by), first
with `budget` positions, then twice as many after each search that ran out (up to
`POOL_GROWTH` times); one with a won line votes for its first move, the line kept while it is
followed. With `grade=G` (off), the vote is graded: a search that ran out scores G times how far
it got where it stopped (cards up, face-down cards turned up), so the move worth most is
played, moves within about a card of it counting as equal (ties to the greedy order). Neither
won more Klondike deals than the policy on the deals compared (benchmarks/RESULTS.md, "A player
who does not peek: fourth round").

With `playouts=N` (Python API, off in the policy `hindsight`) the searches give way to
hindsight optimization as Bjarnason et al. run it (`pipeline.solve.hop`): each action (K+
macro actions with an unlimited stock) is tried on N re-deals, each played to its end by a
prioritized planner that sees all of the re-deal, and the action most re-deals are won after
is played (a lost playout counts a little for how far it got: the opening, where almost all
are lost, is decided on that); it gives up after `IDLE_HOP` choices that bring no card up (3
each when no playout won). `mix=True`: the solver's vote first, the playouts only where it
finds every move worth the same; `stuck=P`: every lost playout gets a search of P positions.

Its own random numbers are `SplitMix64(derive(deal, 7))`: the same deal and budget play the
same game on every machine. Outcomes are those of the other policies: `won`, `lost` (no legal
move, or the player gave up), `unknown` (the move cap, or the engine's automatic-loop guard).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pipeline.engine import MemoSwitch
from pipeline.engine.moves import DEAL, RECYCLE, REDEAL, TURN, Move
from pipeline.engine.observe import Memory, hidden_places, reconcile, resample, scout
from pipeline.engine.rng import SplitMix64, derive
from pipeline.solve.order import Playout, greedy_score
from pipeline.solve.search import Budget, Solver

if TYPE_CHECKING:
    from pipeline.solve.hop import Prioritized
    from pipeline.solve.uct import UCT

SALT = 7  # its random numbers: SplitMix64(derive(deal, SALT))
SAMPLES = 4  # re-deals per choice
BUDGET = 4_000  # solver positions per choice, over all its re-deals
MAX_MOVES = 5_000  # player moves per game
MAX_CANDIDATES = 8  # moves weighed per choice, the first in the greedy order
MIN_NODES = 100  # solver positions per search at least
POOL_GROWTH = 8  # a kept re-deal's search budget grows to this many times `budget`
POOL_REFRESH = 8  # a kept re-deal without a line is searched again after this many moves
SLACK = 1.0  # graded vote: moves within this many cards a re-deal of the best are equal
HOP_ACTIONS = 12  # actions weighed per choice with playouts, the first in the greedy order
IDLE_HOP = 60  # with playouts: choices without a new card up (3 each when none is won)
IDLE = 20  # moves in a row that only shift cards about, when no search wins


class Hindsight:
    """One game's player (reused across deals): `play(deal)`; `choose` is one choice."""

    def __init__(
        self,
        game,
        budget: int = BUDGET,
        samples: int = SAMPLES,
        solver: Solver | None = None,
        rollouts: int = 0,
        pool: int = 0,
        hop: bool = True,
        grade: float = 0.0,
        playouts: int = 0,
        explore: float = 0.0,
        mix: bool = False,
        stuck: int = 0,
        race: int = 0,
        leaders: int = 3,
    ) -> None:
        self.game = game
        self.budget = max(1, budget)
        self.samples = max(1, samples)
        self.solver = solver if solver is not None else Solver(game)
        self.found = frozenset(game.foundations)
        self.idle = 0  # moves in a row that only shifted cards about
        self.rollouts = rollouts
        self._uct: UCT | None = None
        self.pool = pool  # re-deals kept over the game (0: dealt afresh at each choice)
        self._pool: list[_Redeal] = []
        self.hop = hop
        self.grade = grade  # > 0: an undecided search scores how far it got (`_progress`)
        self._tab = [p for p in range(game.npiles) if game.role[p] == "tableau"]
        self._cards = game.ncards
        self.playouts = playouts  # > 0: each action tried on this many re-deals played out
        self._mark = -(1 << 30)  # with playouts: the most progress yet (`_progress_mark`)
        self._searched: int | None = None  # the progress at the last search of a known position
        self._planner: Prioritized | None = None
        self.explore = explore  # with playouts: the planner's chance of a move of any class
        self.mix = mix  # with playouts: the solver's vote first, playouts where it is even
        self._even = False  # the last solver vote found every move worth the same
        self.stuck = stuck  # > 0: every lost playout gets a search of this many positions
        self.race = race  # with playouts: more re-deals for the `leaders` best actions
        self.leaders = leaders

    def choose(self, state, memory: Memory, rng: SplitMix64, avoid: set | None = None):
        """(move, plan): the move to make now (None: the player gives up), and when the
        position holds no guess any more, the won line from it (notations) to follow.
        `avoid`: keys of the positions reached in this game."""
        moves = state.legal_moves()
        if len(moves) == 1 and (avoid is None or self._fresh(state, moves, avoid)):
            return moves[0], None
        known = memory.known
        base = len(state.history)
        sample = resample(state, rng.next(), known)
        if self.solver.prune:  # a move the solver proves safe in a re-deal: no search
            safe = self.solver.safe.pick(sample, sample.legal_moves())
            if safe is not None:
                m = self._by_notation(moves, safe.notation)
                if m is not None:
                    return m, None
        fresh = [] if self.playouts and not self.mix else self._fresh(state, moves, avoid)
        if not hidden_places(state, known) and not (
            self.playouts and self._searched == self._progress_mark(state)
        ):  # nothing to guess: search the position itself (with playouts: once a card goes up)
            self._searched = self._progress_mark(state)
            res = self.solver.search(sample, Budget(nodes=10 * self.budget))
            if res.outcome == "won" and len(res.moves) > base:
                m = self._by_notation(moves, res.moves[base])
                if m is not None:
                    return m, res.moves[base + 1 :]
            if not self.playouts:
                return self._fallback(state, fresh), None
        if self.playouts and not self.mix:
            return self._choose_hop(state, memory, rng, avoid)
        if self.pool:
            return self._choose_pool(state, memory, rng, fresh, base), None
        cands = fresh[:MAX_CANDIDATES]
        if not cands:
            return None, None
        samples = [sample] + [resample(state, rng.next(), known) for _ in range(self.samples - 1)]
        per = max(MIN_NODES, self.budget // (self.samples * len(cands)))
        wins = [0.0] * len(cands)
        solved = [0] * len(cands)
        lost = [0] * len(cands)
        worth = [0.0] * len(cands)  # with `grade`: won 1, lost 0, undecided how far it got
        for sm in samples:
            crn = rng.next() if self.rollouts else 0  # the same playout numbers after each move
            for j, m in enumerate(cands):
                trial = sm.copy()
                mv = self._by_notation(trial.legal_moves(), m.notation)
                if mv is None:
                    continue
                trial.apply(mv)
                down = self._down(trial) if self.grade else 0
                found = self.solver.search(trial, Budget(nodes=per)).outcome
                if found == "unknown" and self.grade:
                    worth[j] += self.grade * self._progress(trial, down)
                elif found == "won":
                    worth[j] += 1.0
                if found == "won":
                    wins[j] += 1
                    solved[j] += 1
                elif found == "lost":
                    lost[j] += 1
                elif found == "unknown" and self.rollouts:
                    wins[j] += self._estimate(trial, SplitMix64(crn)) / 2
        if self.grade:
            return self._graded(state, cands, fresh, worth, solved), None
        if self.hop:
            self._even = False
            m = self._vote(state, cands, fresh, solved, lost, len(samples))
            if self._even and self.playouts:
                return self._choose_hop(state, memory, rng, avoid)
            return m, None
        top = max(wins)
        if max(solved) > 0:  # most won re-deals; ties to the greedy order
            self.idle = 0
            return cands[wins.index(top)], None
        if top > 0:  # no search won: the best playouts, but a player who only shifts
            m = cands[wins.index(top)]  # cards about gives up after IDLE such moves
            if m.kind in (TURN, RECYCLE, DEAL, REDEAL) or self._gains(state, m):
                self.idle = 0
            else:
                self.idle += 1
                if self.idle > IDLE:
                    return None, None
            return m, None
        return self._fallback(state, fresh), None

    def _choose_hop(self, state, memory: Memory, rng: SplitMix64, avoid: set | None):
        """Hindsight optimization with playouts (`pipeline.solve.hop`): the actions (K+ macro
        actions with an unlimited stock) that reach a position not reached before, the first
        `HOP_ACTIONS` in the greedy order, each tried on `playouts` re-deals played to their
        end; the worthiest is played, ties to the greedy order. (move, plan): an action's
        turns come as a plan to follow. A choice no playout won, of an action that gains
        nothing, counts towards `IDLE`."""
        from pipeline.solve.hop import ENDGAME, Prioritized, vote

        if self._planner is None:
            self._planner = Prioritized(
                self.game, self.solver, self.stuck or ENDGAME, explore=self.explore
            )
            self._planner.anywhere = self.stuck > 0
        planner = self._planner
        uct = planner.uct
        known = memory.known
        samples = [resample(state, rng.next(), known) for _ in range(self.playouts)]
        acts = []
        for act in planner.order(samples[0], uct.actions(samples[0])):
            made = uct.enact(state, act, keep=True)
            if made < 0:
                continue
            new = avoid is None or self._keys.position(state) not in avoid
            for _ in range(made):
                state.undo()
            if new:
                acts.append(act)
            if len(acts) >= HOP_ACTIONS:
                break
        if not acts:
            return None, None
        if len(acts) == 1:
            worth, wins = [1.0], [1]
        else:
            worth, wins = vote(planner, samples, acts, rng)
            if self.race and len(acts) > 2:
                worth, wins = self._race(state, known, rng, acts, worth, wins)
        j = worth.index(max(worth))
        k, text = acts[j]
        d = state.copy()
        line = []
        for _ in range(k):
            turn = next(m for m in d.legal_moves() if m.kind in (TURN, RECYCLE))
            line.append(turn.notation)
            d.apply(turn)
        line.append(text)
        first = self._by_notation(state.legal_moves(), line[0])
        now = self._progress_mark(state)
        if now > self._mark:
            self._mark, self.idle = now, 0
        else:  # no new card up: a player wanders IDLE_HOP choices at most, fewer unwon
            self.idle += 1 if max(wins) > 0 else 3
            if self.idle > IDLE_HOP:
                return None, None
        return first, line[1:] or None

    def _race(self, state, known, rng: SplitMix64, acts: list, worth: list, wins: list):
        """The `leaders` actions worth most (ties to the greedy order) tried on `race`
        re-deals more; the others are out of the running (worth -1)."""
        from pipeline.solve.hop import vote

        ranked = sorted(range(len(acts)), key=lambda i: (-worth[i], i))[: self.leaders]
        ranked.sort()
        more = [resample(state, rng.next(), known) for _ in range(self.race)]
        w2, n2 = vote(self._planner, more, [acts[i] for i in ranked], rng)
        out = [-1.0] * len(acts)
        won = [0] * len(acts)
        for i, w, n in zip(ranked, w2, n2, strict=True):
            out[i] = worth[i] + w
            won[i] = wins[i] + n
        return out, won

    def _progress_mark(self, state) -> int:
        """Cards on the foundations less the face-down cards of the tableau: it grows when a
        card goes up or is turned up, and only then."""
        piles = state.piles
        return sum(len(piles[f]) for f in self.game.foundations) - self._down(state)

    def _vote(
        self, state, cands: list[Move], fresh: list[Move], won: list[int], lost: list[int], n: int
    ) -> Move | None:
        """Hindsight optimization's vote: a move is worth the share of re-deals won after it,
        an undecided search counting half and a proved loss nothing; the best move is played,
        ties to the greedy order. When every move is worth the same (nothing decided, or all
        alike), the fallback; a move that only shifts cards about counts towards `IDLE`."""
        value = [2 * w + (n - w - lo) for w, lo in zip(won, lost, strict=True)]
        top = max(value)
        if top == min(value):
            if max(won) > 0:
                self.idle = 0
                return cands[0]
            self._even = True
            if self.playouts:
                return None
            return self._fallback(state, fresh)
        m = cands[value.index(top)]
        if max(won) > 0 or m.kind in (TURN, RECYCLE, DEAL, REDEAL) or self._gains(state, m):
            self.idle = 0
        else:
            self.idle += 1
            if self.idle > IDLE:
                return None
        return m

    def _graded(
        self, state, cands: list[Move], fresh: list[Move], worth: list[float], won: list[int]
    ) -> Move | None:
        """The graded vote: the move worth most over the re-deals (a win 1, a proved loss 0,
        an undecided search `grade` times how far it got), ties to the greedy order; every
        move worth the same: the fallback. A move that only shifts cards counts to `IDLE`."""
        top = max(worth)
        if top == min(worth):
            if max(won) > 0:
                self.idle = 0
                return cands[0]
            return self._fallback(state, fresh)
        # within a card's progress a re-deal of the best, the first in the greedy order
        slack = self.samples * self.grade * SLACK / (self._cards + 1)
        m = next(c for c, w in zip(cands, worth, strict=True) if w >= top - slack)
        if max(won) > 0 or m.kind in (TURN, RECYCLE, DEAL, REDEAL) or self._gains(state, m):
            self.idle = 0
        else:
            self.idle += 1
            if self.idle > IDLE:
                return None
        return m

    def _down(self, state) -> int:
        """Face-down cards in the tableau."""
        piles = state.piles
        return sum(1 for p in self._tab for c in piles[p] if c < 0)

    def _progress(self, state, down: int) -> float:
        """How far a search that ran out got, where it stopped (the solver leaves `state`
        there; a depth-first search stops deep in its best line): the cards it brought to
        the foundations and the face-down cards it turned up since `down`, as a share."""
        piles = state.piles
        up = sum(len(piles[f]) for f in self.game.foundations)
        return (up + down - self._down(state)) / (self._cards + down + 1)

    def _choose_pool(
        self, state, memory: Memory, rng: SplitMix64, fresh: list[Move], base: int
    ) -> Move | None:
        """Hindsight over the kept re-deals: each without a won line, not proved lost and
        changed since its last search (`stale`) is searched from here with its own budget
        (`budget` at first, doubled after each search that ran out, up to `POOL_GROWTH`
        times); a re-deal with a won line votes for its first move; the move with most votes
        among `fresh` is played, ties to the greedy order; no vote: the fallback."""
        known = memory.known
        while len(self._pool) < self.pool:
            self._pool.append(_Redeal(resample(state, rng.next(), known), self.budget))
        for r in self._pool:
            if r.plan is not None or r.lost or not r.stale:
                continue
            res = self.solver.search(r.state.copy(), Budget(nodes=r.nodes))
            r.stale = False
            if res.outcome == "won" and len(res.moves) > base:
                r.plan = res.moves[base:]
            elif res.outcome == "lost":
                r.lost = True
            else:
                r.nodes = min(2 * r.nodes, POOL_GROWTH * self.budget)
        votes: dict[str, int] = {}
        for r in self._pool:
            if r.plan:
                votes[r.plan[0]] = votes.get(r.plan[0], 0) + 1
        best = None
        top = 0
        for m in fresh:
            v = votes.get(m.notation, 0)
            if v > top:
                best, top = m, v
        if best is not None:
            self.idle = 0
            return best
        return self._fallback(state, fresh)

    def _advance(self, state, move: Move, memory: Memory) -> None:
        """The move just made in `state`, made in every kept re-deal too; each is then
        reconciled with what came face up (`observe.reconcile`). A won line stays while the
        move was its first and, if a card was swapped, it still wins when replayed; a re-deal
        that no longer agrees is dropped (the next choice deals a new one)."""
        known = memory.known
        view = sorted(m.notation for m in state.legal_moves())
        keep: list[_Redeal] = []
        for r in self._pool:
            sm = r.state
            mv = self._by_notation(sm.legal_moves(), move.notation)
            if mv is None:
                continue
            sm.apply(mv)
            plan = r.plan[1:] if r.plan and r.plan[0] == move.notation else None
            swaps = reconcile(sm, state, known)
            if swaps < 0 or sorted(m.notation for m in sm.legal_moves()) != view:
                continue
            if swaps:
                r.lost = False
                if plan is not None and not _replays(sm, plan):
                    plan = None
            r.age += 1
            if swaps or (r.plan is not None and plan is None) or r.age >= POOL_REFRESH:
                r.stale = True  # searched again at the next choice (if it has no line)
                r.age = 0
            r.plan = plan  # a re-deal proved lost stays lost one move further, bar a swap
            keep.append(r)
        self._pool = keep

    def _estimate(self, trial, rng: SplitMix64) -> float:
        """The mean of `rollouts` randomized greedy playouts (`uct.UCT.rollout`) from
        `trial`, each 1 if it wins, else half the share of the cards it brought to the
        foundations: what a search that ran out of budget says of the re-deal."""
        if self._uct is None:
            from pipeline.solve.uct import UCT as _UCT

            self._uct = _UCT(self.game)
        total = 0.0
        found = self.game.foundations
        for _ in range(self.rollouts):
            d = trial.copy()
            if self._uct.rollout(d, rng)[0]:
                total += 1.0
            else:
                piles = d.piles
                up = sum(len(piles[f]) for f in found)
                total += 0.5 * up / max(1, sum(len(p) for p in piles))
        return total / self.rollouts

    def _fresh(self, state, moves: list[Move], avoid: set | None) -> list[Move]:
        """The moves that reach a position not reached before, in the greedy player's
        order (`order.greedy_score`)."""
        found = self.found
        order = sorted(moves, key=lambda m: greedy_score(state, m, found))
        if avoid is None:
            return order
        keys = self._keys
        out = []
        for m in order:
            state.apply(m)
            new = keys.position(state) not in avoid
            state.undo()
            if new:
                out.append(m)
        return out

    def _fallback(self, state, fresh: list[Move]) -> Move | None:
        """No search won: a move that gains something - to a foundation, uncovering a card
        or emptying a pile, a card off the stock's side (not a tableau or foundation) - else
        turning or dealing, else any move to a new position, but only `IDLE` of those in a
        row: then None (the player gives up)."""
        for m in fresh:
            if m.kind in (TURN, RECYCLE, DEAL, REDEAL):
                continue
            if self._gains(state, m):
                self.idle = 0
                return m
        for m in fresh:
            if m.kind in (TURN, RECYCLE, DEAL, REDEAL):
                return m
        self.idle += 1
        return fresh[0] if fresh and self.idle <= IDLE else None

    def _gains(self, state, m: Move) -> bool:
        """To a foundation, uncovering a card or emptying a pile, or a card off the stock's
        side (not a tableau or foundation)."""
        if greedy_score(state, m, self.found) <= 1:
            return True
        return self.game.role[m.src] not in ("tableau", "foundation")

    @staticmethod
    def _by_notation(moves: list[Move], text: str) -> Move | None:
        for m in moves:
            if m.notation == text:
                return m
        return None

    def play(self, deal: int, max_moves: int = MAX_MOVES, memo: MemoSwitch | None = None):
        """One game of deal `deal`: a `Playout` (outcome, player moves)."""
        return self.play_state(self.game.new_state(seed=deal, memo=memo), max_moves)

    def play_state(self, state, max_moves: int = MAX_MOVES) -> Playout:
        """Play on from `state` (a new deal, or a crafted one); the game is left in
        `self.state`. Its random numbers come from the state's deal seed."""
        from pipeline.solve.symmetry import KeyMaker

        self.state = state
        self._pool = []
        self._keys = keys = KeyMaker(self.game, state)
        memory = Memory(state)
        self.idle = 0
        self._mark = -(1 << 30)
        self._searched = None
        rng = SplitMix64(derive(state.seed, SALT))
        seen = {keys.position(state)}
        plan: list[str] | None = None
        n = scout(state, memory, max_moves)
        seen.add(keys.position(state))
        while n < max_moves:
            if state.is_won():
                return Playout("won", n)
            moves = state.legal_moves()
            if not moves:
                return Playout("lost", n)
            move = None
            if plan:
                text = plan.pop(0)
                move = next((m for m in moves if m.notation == text), None)
            if move is None:
                plan = None
                move, plan = self.choose(state, memory, rng, seen)
                if move is None:
                    return Playout("lost", n)  # nothing gains: the player gives up
            state.apply(move)
            memory.see(state)
            if self.pool:
                self._advance(state, move, memory)
            seen.add(keys.position(state))
            n += 1
            if state.loop_stopped:
                break
        return Playout("won" if state.is_won() else "unknown", n)


class _Redeal:
    """A kept re-deal: its position (the game's, its hidden cards dealt again), the won line
    the solver found from it (None: not searched, or not won), whether it was proved lost."""

    __slots__ = ("age", "lost", "nodes", "plan", "stale", "state")

    def __init__(self, state, nodes: int) -> None:
        self.state = state
        self.plan: list[str] | None = None
        self.lost = False
        self.stale = True  # to be searched at the next choice
        self.nodes = nodes  # the next search's budget
        self.age = 0  # player moves since it was last marked stale


def _replays(state, plan: list[str]) -> bool:
    """Whether `plan` (notations) is legal move by move from `state` and wins it."""
    s = state.copy()
    for text in plan:
        mv = next((m for m in s.legal_moves() if m.notation == text), None)
        if mv is None:
            return False
        s.apply(mv)
    return s.is_won()


def hindsight(
    game,
    seed: int,
    budget: int = BUDGET,
    memo: MemoSwitch | None = None,
    max_moves: int = MAX_MOVES,
) -> Playout:
    """One game of deal `seed` by the `hindsight` player with `budget` solver positions per
    choice (`Hindsight`). UCT over what a person knows (`pipeline.solve.uct.UCTPlayer`) is
    the other player who does not peek; at the budgets this machine affords it wins fewer
    Klondike deals (benchmarks/RESULTS.md, "A player who does not peek: UCT")."""
    return Hindsight(game, budget).play(seed, max_moves, memo)
