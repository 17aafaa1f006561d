"""Hindsight optimization as Bjarnason, Fern & Tadepalli (ICAPS 2009) run it: every action is
tried on the same re-deals of the hidden cards, and each re-deal is played **to its end** by a
fast planner that sees all of it; the action whose re-deals are won most often is played.

The `hindsight` player's searches (the solver, a few hundred positions each) reach the end of
a line in a third of its choices only, so most of its opening moves fell to the greedy order
(benchmarks/RESULTS.md, "A player who does not peek: fourth round"). A playout reaches the
end every time, in about 2 ms, so every choice is decided on evidence.

The planner (`Prioritized`) is Bjarnason et al.'s prioritized greedy player with random ties,
made generic by pile roles: a move to a foundation that turns a card up, then any move to a
foundation, then a move that turns a card up or empties a pile (where most cards lie face
down first), then a card off the stock's side onto the tableau, then a move that only shifts
cards but lets the card it uncovers go to a foundation, then turning or dealing; other moves
that only shift cards are never made, and a full pass of the stock with nothing played ends
the playout. With `hold=C` a move to a foundation whose card could still hold another (a card
some rule could lay on it in a pile, `lay_on`, is not yet on a foundation) drops to class C:
a card sent up too early is a common way for a greedy player to kill a deal it could win
(seeing every card, Klondike deals 3001-5000: 270 won of 2,000 with `hold=4` against 233
without; benchmarks/RESULTS.md, "seventh round"). Once no face-down card is left in the
tableau, a lost playout gets a short search by the solver (their protocol: "when all of the
cards are finally revealed ... our greedy search is used to attempt to solve it").

With a stock that turns over without limit, the actions are those of the K+ representation
they plan in (`uct.UCT.actions`): every card the turns can reach on the talon is one action.

Nothing here names a game, and nothing reads a face-down card of the real game: the re-deals
come from `observe.resample`, which reads what a person sees and remembers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pipeline.engine.moves import DEAL, RECYCLE, REDEAL, TURN
from pipeline.engine.observe import face_down
from pipeline.engine.rng import SplitMix64
from pipeline.solve.safety import lay_on
from pipeline.solve.uct import UCT, deepest

if TYPE_CHECKING:
    from pipeline.solve.search import Solver

STOCKWISE = (TURN, RECYCLE, DEAL, REDEAL)
CAP = 400  # playout moves at most
GRADE = 0.05  # a lost playout's worth: GRADE times the share of the cards it brought up
ENDGAME = 1_000  # solver positions for a lost playout with no face-down card left
SHIFT = 99  # a shift not yet looked at (`Prioritized._class`, lazy)


class Prioritized:
    """The playout planner of a game (module doc), reused across playouts."""

    def __init__(
        self,
        game,
        solver: Solver | None = None,
        endgame: int = ENDGAME,
    ) -> None:
        self.game = game
        self.uct = UCT(game)
        self.found = self.uct.found
        self.side = self.uct.side
        self.tableau = self.uct.tableau
        self.solver = solver
        self.endgame = endgame
        self.moves = 0  # moves made by the last playout
        self.onto = lay_on(game)
        self.hold = -1  # class of a foundation move whose card may still hold one (-1: off)

    def _class(self, d, m, lazy: bool = False) -> int:
        """The move's class, lower first; -1: never made in a playout. `lazy`: a shift is
        `SHIFT` without the look at what it frees (which costs a move and its undoing)."""
        if m.kind in STOCKWISE:
            return 6
        piles = d.piles
        src = m.src
        if m.dst in self.found:
            if src in self.tableau and m.idx > 0 and piles[src][m.idx - 1] < 0:
                if self.hold >= 0 and self._holds(d, m.card):
                    return self.hold
                return 0
            if self.hold >= 0 and self._holds(d, m.card):
                return self.hold
            return 1
        if src in self.found:
            return -1
        if src in self.side:
            return 3
        if src not in self.tableau:
            return 5
        pile = piles[src]
        if m.idx > 0 and pile[m.idx - 1] < 0:
            return 2
        if m.idx == 0:
            return 2 if piles[m.dst] else -1
        if lazy:
            return SHIFT
        d.apply(m)  # a shift: made only when it frees the card under it for a foundation
        frees = any(x.src == src and x.dst in self.found for x in d.legal_moves())
        d.undo()
        return 4 if frees else -1

    def _holds(self, d, card: int) -> bool:
        """Whether a card that could still be laid on `card` in a pile is not yet on a
        foundation: `card` may be needed there to hold it."""
        onto = self.onto[card % 52]
        if not onto:
            return False
        piles = d.piles
        up = set()
        for f in self.found:
            for c in piles[f]:
                up.add(c % 52)
        return any(b not in up for b in onto)

    def play(self, d, rng: SplitMix64) -> bool:
        """Play `d` (a position that may be changed) to its end: won or not."""
        n = 0
        idle = 0  # turns in a row with nothing played
        frees: dict[str, bool] = {}  # shift -> whether it frees a card for a foundation
        while n < CAP:
            if d.is_won():
                return True
            moves = d.legal_moves()
            if not moves:
                break
            best: list = []
            top = 9
            shifts: list = []
            for m in moves:
                s = self._class(d, m, lazy=True)
                if s == SHIFT:
                    shifts.append(m)
                    continue
                if s < 0:
                    continue
                if s > top:
                    continue
                if s < top:
                    top, best = s, [m]
                else:
                    best.append(m)
            if top > 4 and shifts:  # a shift counts only when nothing better is there
                freeing = []
                for m in shifts:  # what a shift frees stays while only the stock turns
                    f = frees.get(m.notation)
                    if f is None:
                        f = frees[m.notation] = self._class(d, m) == 4
                    if f:
                        freeing.append(m)
                if freeing:
                    top, best = 4, freeing
            if not best:
                break
            if top in (0, 2) and len(best) > 1:  # uncover where most cards lie face down
                best = deepest(d.piles, best)
            m = best[rng.below(len(best))] if len(best) > 1 else best[0]
            if top == 6:
                idle += 1
                if idle > self.uct._pass_length(d):
                    break
            else:
                idle = 0
            d.step(m)
            if m.kind not in (TURN, RECYCLE):
                frees.clear()
            n += 1
        self.moves = n
        if d.is_won():
            return True
        if self.solver is not None and self.endgame > 0 and not self.face_down(d):
            from pipeline.solve.search import Budget

            return self.solver.search(d, Budget(nodes=self.endgame)).outcome == "won"
        return False

    def face_down(self, d) -> int:
        """Face-down cards in the tableau (UCT grades its rollouts by them too)."""
        return face_down(d, self.tableau)

    def progress(self, d, down: int) -> float:
        """How far a lost playout got: the cards it brought to the foundations and the
        face-down cards it turned up (of `down` at the start), as a share."""
        piles = d.piles
        up = sum(len(piles[f]) for f in self.found)
        return (up + down - self.face_down(d)) / (self.game.ncards + down)

    def order(self, d, acts: list[tuple[int, str]]) -> list[tuple[int, str]]:
        """`acts` (of `uct.UCT.actions`) in the playout's priority: by the class of the
        action's move where it is made, then by the turns it takes; shifts a playout never
        makes last."""
        keyed = []
        for i, act in enumerate(acts):
            k, text = act
            e = d.copy()
            made = 0
            for _ in range(k):
                turn = next((m for m in e.legal_moves() if m.kind in (TURN, RECYCLE)), None)
                if turn is None:
                    break
                e.step(turn)
                made += 1
            m = next((x for x in e.legal_moves() if x.notation == text), None)
            c = self._class(e, m) if m is not None and made == k else 9
            keyed.append((c if c >= 0 else 7, k, i))
        keyed.sort()
        return [acts[i] for _, _, i in keyed]


def vote(
    planner: Prioritized,
    samples: list,
    acts: list[tuple[int, str]],
    rng: SplitMix64,
    grade: float = GRADE,
) -> tuple[list[float], list[int]]:
    """Each action's worth over the re-deals `samples` (positions, not changed): per re-deal
    1 when the playout after it wins, else `grade` times the share of the cards brought up;
    the same playout numbers after every action of a re-deal (common random numbers). Returns
    (worth, wins) per action."""
    return totals(values(planner, samples, acts, rng, grade))


def totals(vals: list[list[float]]) -> tuple[list[float], list[int]]:
    """(worth, wins) per action of `values`' table: a won playout is worth exactly 1, a lost
    one at most `GRADE`."""
    return [sum(v) for v in vals], [sum(1 for x in v if x == 1.0) for v in vals]


def values(
    planner: Prioritized,
    samples: list,
    acts: list[tuple[int, str]],
    rng: SplitMix64,
    grade: float = GRADE,
) -> list[list[float]]:
    """Per action, per re-deal of `samples`, the worth `vote` sums (an action not legal on a
    re-deal: 0): two actions with the same row played the same on every re-deal, which is
    how `Hindsight(distinct=True)` tells that racing them would decide nothing."""
    vals = [[0.0] * len(samples) for _ in acts]
    uct = planner.uct
    for i, sm in enumerate(samples):
        crn = rng.next()
        down = planner.face_down(sm)
        for j, act in enumerate(acts):
            d = sm.copy()
            if uct.enact(d, act, keep=False) < 0:
                continue
            if planner.play(d, SplitMix64(crn)):
                vals[j][i] = 1.0
            else:
                vals[j][i] = grade * planner.progress(d, down)
    return vals
