"""UCT over what a person knows: the player who does not peek as Bjarnason, Fern & Tadepalli
play Klondike ("Lower Bounding Klondike Solitaire with Monte-Carlo Planning", ICAPS 2009:
UCT, their best single planner, and its ensembles).

The game a person plays is a game of chance: a face-down card turned up is any card not yet
seen. UCT (Kocsis & Szepesvári 2006) searches that game. Each trajectory deals the unseen cards
again (`observe.resample`, consistent with everything seen) and walks down a tree whose nodes
are what a person knows (`InfoKey`: the face-up cards, the remembered ones, where the unseen
ones lie): a move that turns a card up leads to the child of the card this re-deal put there,
so the chance outcomes come in their true proportions. At a node the move is picked by UCB1
(an untried move first, in the greedy order); at the first new node the trajectory is played
out by the randomized greedy policy (`rollout`) and its result, won 1 or lost 0, is added up
the path. The tree is kept over the game: the next choice starts from what the last one
learned below the move made.

With a stock that can be turned over without limit, a node's moves are those of the K+
representation Bjarnason et al. plan with (their "macro actions that absorbed the turn-deck
actions"): every move off the talon reachable by turning, each taken as one action (the turns,
then the move), and no bare turn. The player scouts the stock once first (`observe.scout`),
so the stock is known, as in their planners.

The rollout (their "prioritized action" greedy player with random ties): a move to a
foundation, else one that turns a card up (where most cards lie face down) or empties a pile,
else a card off the stock's side onto the tableau, else a turn or deal; moves that only shift
cards about are never made; a full pass of the stock with nothing played, no move, or
`ROLLOUT_CAP` moves end it, lost. With `grade=G` (off by default) a lost trajectory is worth
G times the share of the cards it brought to the foundations, not 0: a graded reward for the
opening, where almost every rollout loses (benchmarks/RESULTS.md, "A player who does not peek:
fourth round").

Nothing here names a game. What the player reads of the real game is what a person reads.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Protocol

from pipeline.engine.moves import DEAL, RECYCLE, REDEAL, TURN, Move
from pipeline.engine.observe import hidden_places, resample, scout
from pipeline.engine.rng import SplitMix64
from pipeline.solve.order import greedy_score

if TYPE_CHECKING:
    from pipeline.solve.search import Solver


class Planner(Protocol):
    """What UCT asks of a rollout planner (`hop.Prioritized` is one, above this module)."""

    solver: Solver | None
    moves: int  # moves made by the last playout

    def play(self, d, rng: SplitMix64) -> bool: ...
    def face_down(self, d) -> int: ...
    def progress(self, d, down: int) -> float: ...


UCB_C = 0.6  # exploration constant of UCB1 (rewards are 0 or 1)
ROLLOUT_CAP = 400  # moves of one rollout at most
MACRO_CAP = 64  # turns looked ahead for a talon move, at most
STOCKWISE = (TURN, RECYCLE, DEAL, REDEAL)
UNSEEN = -(1 << 20)  # a face-down card not seen, in a key
DISCOUNT = 0.995  # a win n moves after the choice is worth DISCOUNT ** n: sooner is better


def deepest(piles, moves: list[Move]) -> list[Move]:
    """The moves whose source pile has most face-down cards under the moving ones."""
    depth = [sum(1 for c in piles[m.src][: m.idx] if c < 0) for m in moves]
    top = max(depth)
    return [m for m, k in zip(moves, depth, strict=True) if k == top]


class Node:
    """What a person knows at a point of the game, with the statistics of its actions."""

    __slots__ = ("acts", "n", "nact", "wact")

    def __init__(self, acts: list[tuple[int, str]]) -> None:
        self.acts = acts  # (turns first, move notation), the greedy order
        self.n = 0
        self.nact = [0] * len(acts)
        self.wact = [0.0] * len(acts)


class UCT:
    """UCT for one game (reused across its deals): `choose` one action at a time; `tree`
    keeps the nodes over a game (`reset` between games)."""

    def __init__(self, game, grade: float = 0.0) -> None:
        self.game = game
        self.grade = grade  # a lost trajectory's reward: `grade` times the share of cards up
        self.found = frozenset(game.foundations)
        self.macro = any(t.recycle < 0 for t in game.turns)
        role = game.role
        self.side = frozenset(p for p in range(game.npiles) if role[p] in ("stock", "talon"))
        self.tableau = frozenset(p for p in range(game.npiles) if role[p] == "tableau")
        from pipeline.engine.symmetry import interchangeable_groups

        # piles a person tells apart by nothing but place: a position is the same with them
        # in another order (a king moved from one empty column to another gains nothing)
        self.perm = [
            (tuple(game.group_piles[gid]), kind == "always")
            for gid, kind in interchangeable_groups(game).items()
        ]
        self.tree: dict = {}
        self.planner: Planner | None = None  # rollouts by it, rewards graded as in HOP
        self.count = False  # the budget of `choose` in trajectories, not positions

    def reset(self) -> None:
        self.tree = {}

    # ------------------------------------------------------------------ keys and actions
    def info_key(self, state, known) -> tuple:
        """What a person knows of `state`: every card face up or remembered, the places of
        the others, the counters a search keys on (`skey`: not the position's hash, which reads
        the hidden cards, nor counts that only grow)."""
        piles = [tuple(c if c >= 0 or ~c in known else UNSEEN for c in p) for p in state.piles]
        for group, always in self.perm:
            if always or state.deal_over():
                for p, t in zip(group, sorted(piles[p] for p in group), strict=True):
                    piles[p] = t
        return (state.t.skey(state.sc), tuple(piles))

    def actions(self, state) -> list[tuple[int, str]]:
        """The actions at `state` (a re-deal, left as it was): (turns, notation), in the
        greedy order; with the K+ macro actions when the stock turns without limit."""
        found = self.found
        moves = state.legal_moves()
        if not self.macro:
            order = sorted(moves, key=lambda m: greedy_score(state, m, found))
            return [(0, m.notation) for m in order]
        scored = [
            (greedy_score(state, m, found), 0, m.notation) for m in moves if m.kind not in STOCKWISE
        ]
        seen = {n for _, _, n in scored}
        k = 0
        start = self._side_shape(state)
        while k < MACRO_CAP:
            turn = next((m for m in moves if m.kind in (TURN, RECYCLE)), None)
            if turn is None:
                break
            state.apply(turn)
            k += 1
            if self._side_shape(state) == start:
                break
            moves = state.legal_moves()
            for m in moves:
                if m.src in self.side and m.kind not in STOCKWISE and m.notation not in seen:
                    seen.add(m.notation)
                    scored.append((greedy_score(state, m, found), k, m.notation))
        for _ in range(k):
            state.undo()
        scored.sort(key=lambda t: (t[0], t[1]))
        return [(k, n) for _, k, n in scored]

    def _side_shape(self, state) -> tuple:
        piles = state.piles
        return tuple(tuple(piles[p]) for p in sorted(self.side))

    @staticmethod
    def _move(state, text: str) -> Move | None:
        for m in state.legal_moves():
            if m.notation == text:
                return m
        return None

    def enact(self, state, act: tuple[int, str], keep: bool) -> int:
        """Make action `act` on `state` (its turns, then its move): moves made, or -1 when
        it is not legal there. `keep`: with history (`apply`), else `step`."""
        k, text = act
        made = 0
        for _ in range(k):
            turn = next((m for m in state.legal_moves() if m.kind in (TURN, RECYCLE)), None)
            if turn is None:
                return -1
            state.apply(turn) if keep else state.step(turn)
            made += 1
        m = self._move(state, text)
        if m is None:
            return -1
        state.apply(m) if keep else state.step(m)
        return made + 1

    # ------------------------------------------------------------------ the search
    def node(self, state, key) -> Node:
        nd = self.tree.get(key)
        if nd is None:
            nd = self.tree[key] = Node(self.actions(state))
        return nd

    def choose(
        self, state, known, rng: SplitMix64, budget: int, avoid: set
    ) -> tuple[int, str] | None:
        """The action to make at the real `state` after searching about `budget` positions
        (moves simulated): (turns, notation), or None when no action is left (`avoid`: the
        info keys reached in this game, never reached again)."""
        key = self.info_key(state, known)
        sample = resample(state, rng.next(), known)
        root = self.node(sample, key)
        if not root.acts:
            return None
        banned = self._repeats(state, known, root, avoid)
        if len(banned) == len(root.acts):
            return None
        if len(root.acts) - len(banned) == 1:
            return next(a for i, a in enumerate(root.acts) if i not in banned)
        spent = 0
        while spent < budget:
            spent += self.trajectory(state, known, rng, key, banned)
        best, score = None, -1.0
        for i, a in enumerate(root.acts):
            if i in banned:
                continue
            n = root.nact[i]
            s = n + (root.wact[i] / n if n else 0.0)  # most visited; ties to the better mean
            if s > score:
                best, score = a, s
        return best

    def _repeats(self, state, known, root: Node, avoid: set) -> set[int]:
        """Indices of the root actions that lead back to a position of this game."""
        out = set()
        for i, a in enumerate(root.acts):
            trial = resample(state, 0, known)
            if self.enact(trial, a, keep=False) < 0:
                out.add(i)
                continue
            if not trial.legal_moves() and not trial.is_won():
                continue
            k = self.info_key(trial, known | {c for p in trial.piles for c in p if c >= 0})
            if k in avoid:
                out.add(i)
        return out

    def trajectory(self, state, known, rng: SplitMix64, key, banned: set[int]) -> int:
        """One trajectory from the real `state` (key `key`): positions simulated."""
        d = resample(state, rng.next(), known)
        down = self.planner.face_down(d) if self.planner is not None else 0
        seen = set(known)
        seen.update(c for p in d.piles for c in p if c >= 0)
        path: list[tuple[Node, int]] = []
        onpath = {key}
        nd = self.tree[key]
        made = 0
        reward = 0.0
        first = True
        while True:
            if d.is_won():
                reward = DISCOUNT**made
                break
            if not nd.acts:
                break
            i = self._select(nd, banned if first else None)
            first = False
            if i < 0:
                break
            r = self.enact(d, nd.acts[i], keep=True)
            path.append((nd, i))
            if r < 0:
                break
            made += r
            seen.update(c for p in d.piles for c in p if c >= 0)
            k = self.info_key(d, seen)
            if k in onpath:  # a loop: worth nothing
                break
            onpath.add(k)
            child = self.tree.get(k)
            if child is None:
                if d.is_won():
                    reward = DISCOUNT**made
                else:
                    self.tree[k] = Node(self.actions(d))
                    if self.planner is not None:
                        won, n = self.planner.play(d, rng), self.planner.moves
                    else:
                        won, n = self.rollout(d, rng)
                    made += n
                    reward = DISCOUNT ** (made + n) if won else 0.0
                break
            nd = child
        if reward == 0.0 and self.grade:
            if self.planner is not None:
                reward = self.grade * self.planner.progress(d, down)
            else:
                reward = self.grade * self.share_up(d)
        for node, i in path:
            node.n += 1
            node.nact[i] += 1
            node.wact[i] += reward
        return 1 if self.count else max(1, made)

    def share_up(self, d) -> float:
        """The share of the game's cards on the foundations of `d`."""
        piles = d.piles
        return sum(len(piles[f]) for f in self.found) / max(1, self.game.ncards)

    @staticmethod
    def _select(nd: Node, banned: set[int] | None) -> int:
        best, score = -1, -1.0
        logn = math.log(nd.n + 1)
        for i, n in enumerate(nd.nact):
            if banned and i in banned:
                continue
            if n == 0:
                return i
            s = nd.wact[i] / n + UCB_C * math.sqrt(logn / n)
            if s > score:
                best, score = i, s
        return best

    def rollout(self, d, rng: SplitMix64) -> tuple[bool, int]:
        """Play `d` on by the randomized greedy policy (module doc): (won, moves made)."""
        found = self.found
        side = self.side
        n = 0
        idle = 0  # turns in a row with nothing played
        while n < ROLLOUT_CAP:
            if d.is_won():
                return True, n
            moves = d._cache
            if moves is None:
                moves = d.legal_moves()
            if not moves:
                return False, n
            best: list[Move] = []
            top = 9
            for m in moves:
                k = m.kind
                if k in STOCKWISE:
                    s = 4
                else:
                    s = greedy_score(d, m, found)
                    if s >= 2:
                        if m.src in side and m.dst not in found:
                            s = 2  # a card off the stock's side onto the tableau
                        else:
                            continue  # only shifts cards about
                if s < top:
                    top, best = s, [m]
                elif s == top:
                    best.append(m)
            if not best:
                return False, n
            if top == 1 and len(best) > 1:  # uncover where most cards lie face down
                best = deepest(d.piles, best)
            m = best[rng.below(len(best))] if len(best) > 1 else best[0]
            if top == 4:
                idle += 1
                if idle > self._pass_length(d):
                    return False, n
            else:
                idle = 0
            d.step(m)
            n += 1
        return d.is_won(), n

    def _pass_length(self, d) -> int:
        """Turns in one pass of the stock and talon, and one more."""
        piles = d.piles
        return sum(len(piles[p]) for p in self.side) + 2


class UCTPlayer:
    """One game's player who does not peek, by UCT (reused across deals): `play(deal)`."""

    def __init__(
        self, game, budget: int, grade: float = 0.0, planner: Planner | None = None
    ) -> None:
        self.game = game
        self.budget = max(1, budget)
        self.uct = UCT(game, grade)
        self.solver: Solver | None = None
        if planner is not None:  # rollouts by HOP's planner, `budget` in trajectories a choice
            self.solver = planner.solver
            self.uct.planner = planner
            self.uct.count = True

    def _solve(self, state, known) -> list[str]:
        """With every card seen or remembered, the position is one of perfect information:
        the solver's won line from it (notations), or [] when it finds none in its budget."""
        from pipeline.solve.search import Budget
        from pipeline.solve.search import Solver as _Solver

        if self.solver is None:
            self.solver = _Solver(self.game, sequence=False)  # as `Hindsight.solver`
        base = len(state.history)
        res = self.solver.search(resample(state, 0, known), Budget(nodes=ENDGAME_NODES))
        return list(res.moves[base:]) if res.outcome == "won" else []

    def _progress(self, state) -> int:
        """Cards on a foundation less the face-down cards off the stock's side: it grows when
        a card is turned up or built on a foundation."""
        piles = state.piles
        side = self.uct.side
        down = sum(1 for i, p in enumerate(piles) if i not in side for c in p if c < 0)
        return sum(len(piles[f]) for f in self.uct.found) - down

    def play(self, deal: int, max_moves: int, memo=None):
        """One game of deal `deal`: a `Playout` (outcome, player moves)."""
        return self.play_state(self.game.new_state(seed=deal, memo=memo), max_moves)

    def play_state(self, state, max_moves: int):
        """Play on from `state` (a new deal, or a crafted one); the game is left in
        `self.state`. Its random numbers come from the state's deal seed."""
        from pipeline.engine.observe import Memory
        from pipeline.engine.rng import derive
        from pipeline.solve.order import Playout

        self.state = state
        uct = self.uct
        uct.reset()
        memory = Memory(state)
        rng = SplitMix64(derive(state.seed, SALT))
        n = scout(state, memory, max_moves)
        reached = {uct.info_key(state, memory.known)}
        mark, still = self._progress(state), 0
        plan: list[str] | None = None
        while n < max_moves:
            if state.is_won():
                return Playout("won", n)
            if not state.legal_moves():
                return Playout("lost", n)
            if plan is None and not hidden_places(state, memory.known):
                plan = self._solve(state, memory.known)  # nothing left to guess
            if plan:
                state.apply(plan.pop(0))
                memory.see(state)
                n += 1
                continue
            act = uct.choose(state, memory.known, rng, self.budget, reached)
            if act is None:
                return Playout("lost", n)  # every action repeats a position: a dead end
            k, text = act
            for _ in range(k):
                turn = next(m for m in state.legal_moves() if m.kind in (TURN, RECYCLE))
                state.apply(turn)
                memory.see(state)
                n += 1
            state.apply(text)
            memory.see(state)
            n += 1
            reached.add(uct.info_key(state, memory.known))
            if state.loop_stopped:
                break
            now = self._progress(state)
            if now > mark:
                mark, still = now, 0
            else:
                still += 1
                if still > IDLE:
                    return Playout("lost", n)  # cards only shifted about: the player gives up
        return Playout("won" if state.is_won() else "unknown", n)


SALT = 11  # the player's random numbers: SplitMix64(derive(deal, SALT))
ENDGAME_NODES = 50_000  # solver positions for a position with nothing left to guess
IDLE = 60  # choices in a row that neither turn a card up nor build a foundation: give up
