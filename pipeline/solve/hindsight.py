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
A move back to a position already reached in this game is never chosen.

With `playouts=N` (Python API, off in the policy `hindsight`) the searches give way to
hindsight optimization as Bjarnason et al. run it (`pipeline.solve.hop`): each action (K+ macro
actions with an unlimited stock) is tried on N re-deals, each played to its end by a
prioritized planner that sees all of the re-deal, and the action most re-deals are won after is
played (a lost playout counts a little for how far it got: the opening, where almost all are
lost, is decided on that); it gives up after `IDLE_HOP` choices that bring no card up (3 each
when no playout won). `race=R`: the `leaders` actions worth most are tried on R re-deals more,
and the best of them over all its re-deals is played. The opening's choices are close and 16
re-deals decide them by noise: on Klondike deals 1-200 the race wins 62 where the same player
without it wins 39 (paired, p < 0.001), at 2.7 times the CPU (benchmarks/RESULTS.md, "A player
who does not peek: fifth round"). `final=F`: the two of the race's leaders worth most are tried
on F re-deals more still (successive halving: the re-deals go where the choice is still close);
`hold=C`: the planner's foundation moves that may be needed to hold a card come at class C
(`hop.Prioritized`). With both (`final=64, hold=4`) Klondike deals 1-200 give 77 won against
the race's 62 (paired p = 0.036), at 1.9 times the CPU (benchmarks/RESULTS.md, "seventh
round"). `distinct=True`: actions that played alike on every re-deal so far run as one in the
race, and a stage with one runner is skipped (`_race`). That is another player, not a
cheaper race: actions alike on 16 re-deals are different moves (most often the planner makes
the others next), and the race's further re-deals tell them apart (Klondike deal 5, move 18:
the race sends the 2D up, `distinct` plays the JS, and the race wins the deal where `distinct`
loses it; benchmarks/RESULTS.md, "ninth round"). The policy `playouts` plays the race, its last
stage and the hold, without `distinct` (`policy_settings`).

Its own random numbers are `SplitMix64(derive(deal, 7))`: the same deal and budget play the
same game on every machine. Outcomes are those of the other policies: `won`, `lost` (no legal
move, or the player gave up), `unknown` (the move cap, or the engine's automatic-loop guard).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pipeline.engine import MemoSwitch
from pipeline.engine.moves import DEAL, RECYCLE, REDEAL, TURN, Move
from pipeline.engine.observe import Memory, face_down, hidden_places, resample, scout
from pipeline.engine.rng import SplitMix64, derive
from pipeline.solve.order import Playout, greedy_score
from pipeline.solve.search import Budget, Solver

if TYPE_CHECKING:
    from pipeline.solve.hop import Prioritized

SALT = 7  # its random numbers: SplitMix64(derive(deal, SALT))
SAMPLES = 4  # re-deals per choice
BUDGET = 4_000  # solver positions per choice, over all its re-deals
MAX_MOVES = 5_000  # player moves per game
MAX_CANDIDATES = 8  # moves weighed per choice, the first in the greedy order
MIN_NODES = 100  # solver positions per search at least
HOP_ACTIONS = 12  # actions weighed per choice with playouts, the first in the greedy order
RACE = 2  # the policy `playouts`: the leading actions' extra re-deals, per re-deal of all
FINAL = 4  # the policy `playouts`: the finalists' extra re-deals, per re-deal of all
HOLD = 4  # the policy `playouts`: the planner's class of a foundation move that may hold a card
LEADERS = 3  # actions in the race
FINALISTS = 2  # actions in the race's last stage (`final`)
IDLE_HOP = 60  # with playouts: choices without a new card up (3 each when none is won)
IDLE = 20  # moves in a row that only shift cards about, when no search wins


def policy_settings(budget: int) -> dict:
    """`Hindsight`'s settings for the policy `playouts` at `budget` re-deals a move: the race,
    its last stage and the planner's hold. Against the race alone (`race` only): Klondike
    deals 1-200 won 77 against 62 with `final` and `hold` (paired p = 0.036), at 1.9 times
    the CPU (benchmarks/RESULTS.md, "seventh round"). Not `distinct`: it drops actions the
    race would still tell apart, and lost deals the race wins (benchmarks/RESULTS.md, "ninth
    round")."""
    return {
        "playouts": budget,
        "race": RACE * budget,
        "final": FINAL * budget,
        "hold": HOLD,
    }


class Hindsight:
    """One game's player (reused across deals): `play(deal)`; `choose` is one choice."""

    def __init__(
        self,
        game,
        budget: int = BUDGET,
        samples: int = SAMPLES,
        solver: Solver | None = None,
        hop: bool = True,
        playouts: int = 0,
        race: int = 0,
        leaders: int = LEADERS,
        final: int = 0,
        hold: int = -1,
        distinct: bool = False,
    ) -> None:
        self.game = game
        self.budget = max(1, budget)
        self.samples = max(1, samples)
        # the plain search: a macro of the stock seen as a sequence (`talon.py`) turns
        # through cards this player has not seen, and its turning round lengthens the game
        self.solver = solver if solver is not None else Solver(game, sequence=False)
        self.found = frozenset(game.foundations)
        self.idle = 0  # moves in a row that only shifted cards about
        self.hop = hop
        self._tab = [p for p in range(game.npiles) if game.role[p] == "tableau"]
        self.playouts = playouts  # > 0: each action tried on this many re-deals played out
        self._mark = -(1 << 30)  # with playouts: the most progress yet (`_progress_mark`)
        self._searched: int | None = None  # the progress at the last search of a known position
        self._planner: Prioritized | None = None
        self.race = race  # with playouts: more re-deals for the `leaders` best actions
        self.leaders = leaders
        self.final = final  # with a race: more re-deals still for the FINALISTS best of it
        self.hold = hold  # the planner's class of a foundation move that may hold a card
        self.distinct = distinct  # race only actions that played differently (`_race`)

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
        fresh = [] if self.playouts else self._fresh(state, moves, avoid)
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
        if self.playouts:
            return self._choose_hop(state, memory, rng, avoid)
        cands = fresh[:MAX_CANDIDATES]
        if not cands:
            return None, None
        samples = [sample] + [resample(state, rng.next(), known) for _ in range(self.samples - 1)]
        per = max(MIN_NODES, self.budget // (self.samples * len(cands)))
        wins = [0.0] * len(cands)
        solved = [0] * len(cands)
        lost = [0] * len(cands)
        for sm in samples:
            for j, m in enumerate(cands):
                trial = sm.copy()
                mv = self._by_notation(trial.legal_moves(), m.notation)
                if mv is None:
                    continue
                trial.apply(mv)
                found = self.solver.search(trial, Budget(nodes=per)).outcome
                if found == "won":
                    wins[j] += 1
                    solved[j] += 1
                elif found == "lost":
                    lost[j] += 1
        if self.hop:
            return self._vote(state, cands, fresh, solved, lost, len(samples)), None
        if max(solved) > 0:  # most won re-deals; ties to the greedy order
            self.idle = 0
            return cands[wins.index(max(wins))], None
        return self._fallback(state, fresh), None

    def _choose_hop(self, state, memory: Memory, rng: SplitMix64, avoid: set | None):
        """Hindsight optimization with playouts (`pipeline.solve.hop`): the actions (K+ macro
        actions with an unlimited stock) that reach a position not reached before, the first
        `HOP_ACTIONS` in the greedy order, each tried on `playouts` re-deals played to their
        end; the worthiest is played, ties to the greedy order. (move, plan): an action's
        turns come as a plan to follow. A choice no playout won, of an action that gains
        nothing, counts towards `IDLE`."""
        from pipeline.solve.hop import ENDGAME, Prioritized, totals, values

        if self._planner is None:
            self._planner = Prioritized(self.game, self.solver, ENDGAME)
            self._planner.hold = self.hold
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
            rows = values(planner, samples, acts, rng)
            worth, wins = totals(rows)
            if self.race and len(acts) > 2:
                worth, wins = self._race(planner, state, known, rng, acts, rows)
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

    def _race(
        self,
        planner: Prioritized,
        state,
        known: set,
        rng: SplitMix64,
        acts: list[tuple[int, str]],
        rows: list[list[float]],
    ) -> tuple[list[float], list[int]]:
        """(worth, wins) per action after the race. The `leaders` actions worth most over
        `rows` (`hop.values`; ties to the greedy order) are tried on `race` re-deals more,
        each summed over all its re-deals; the others are out of the running (worth -1, their
        wins no more counted). The opening's choices are close, and 16 re-deals tell them
        apart by noise: their 10 re-deals an action against 100 gained 4 points (Table 1).
        With `final`, when the race had more than FINALISTS, the FINALISTS worth most of it
        are tried on `final` re-deals more still, the rest out too. `rows` grows by the
        re-deals each action was tried on.

        `distinct` is another player, not a cheaper race: of actions that played alike on
        every re-deal so far (the same row: most often moves in either order, or a move the
        planner would make next anyway) only the first in the greedy order runs on, a stage
        with one action left is not played (no random number drawn), and the last stage is
        run whenever two remain (with `final` 0, only the FINALISTS keep a worth). Without
        ties it is the race exactly; with ties it is not: the actions dropped are other
        moves, which the race's further re-deals may rank first (in three traced Klondike
        games half the race's playouts went to such ties; benchmarks/RESULTS.md, "eighth
        round" and "ninth round")."""
        from pipeline.solve.hop import totals, values

        out, won = totals(rows)
        ranked = list(range(len(acts)))
        for stage, (extra, keep) in enumerate(((self.race, self.leaders), (self.final, FINALISTS))):
            if stage and not self.distinct and (not extra or len(ranked) <= keep):
                break
            order = sorted(ranked, key=lambda i: (-out[i], i))
            ranked = sorted((self._open(rows, order) if self.distinct else order)[:keep])
            for i in range(len(acts)):
                if i not in ranked:
                    out[i] = -1.0
                    if not stage:  # out of the race: its wins count no more
                        won[i] = 0
            if self.distinct and (len(ranked) < 2 or extra <= 0):
                break
            more = [resample(state, rng.next(), known) for _ in range(extra)]
            got = values(planner, more, [acts[i] for i in ranked], rng)
            w2, n2 = totals(got)
            for i, row, w, n in zip(ranked, got, w2, n2, strict=True):
                rows[i] = rows[i] + row
                out[i] += w
                won[i] += n
        return out, won

    @staticmethod
    def _open(rows: list[list[float]], order: list[int]) -> list[int]:
        """`order` without the actions whose row equals that of one before them in the
        greedy order (a lower index): such a tie goes to the greedy order anyway."""
        out = []
        for i in order:
            if not any(j < i and rows[j] == rows[i] for j in order):
                out.append(i)
        return out

    def _progress_mark(self, state) -> int:
        """Cards on the foundations less the face-down cards of the tableau: it grows when a
        card goes up or is turned up, and only then."""
        piles = state.piles
        return sum(len(piles[f]) for f in self.game.foundations) - face_down(state, self._tab)

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
            return self._fallback(state, fresh)
        m = cands[value.index(top)]
        if max(won) > 0 or m.kind in (TURN, RECYCLE, DEAL, REDEAL) or self._gains(state, m):
            self.idle = 0
        else:
            self.idle += 1
            if self.idle > IDLE:
                return None
        return m

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
            seen.add(keys.position(state))
            n += 1
            if state.loop_stopped:
                break
        return Playout("won" if state.is_won() else "unknown", n)


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
