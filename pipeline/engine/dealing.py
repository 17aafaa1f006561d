"""Dealing: the crafted or shuffled stock, the deal cursor through the plan's steps, redeals.

A deal plan is a list of deal steps (plan 0: the first deal; plan 1: what a redeal deals
again). The cursor (`S_STEP`, `S_ROUND`, `S_POS`) says which pile gets the next packet;
pauses (`S_WAIT`) hand the turn to the player until a `deal` move.
"""

from __future__ import annotations

from pipeline.engine import cards as C
from pipeline.engine import compile as K
from pipeline.engine.cards import RANK
from pipeline.engine.layout import S_COUNT, S_PLAN, S_POS, S_REDEALS, S_ROUND, S_STEP, S_WAIT
from pipeline.engine.primitives import Primitives
from pipeline.engine.rng import derive, shuffle
from pipeline.errors import IllegalMove


class Dealing(Primitives):
    """The deal cursor and what moves it (part of `State`: `base.py`)."""

    def _crafted(self, order: list[str]) -> list[int]:
        g = self.t
        left = list(g.stock_cards)
        free = set(left)
        first: list[int] = []
        for name in order:
            try:
                r, s = C.parse_card(name)
            except ValueError as e:
                raise IllegalMove(str(e)) from None
            for d in range(g.decks):
                cid = 52 * d + 13 * s + r - 1
                if cid in free:
                    free.discard(cid)
                    first.append(cid)
                    break
            else:
                raise IllegalMove(f"{name} is not in the stock after setup (or listed twice)")
        dealing = first + [c for c in left if c in free]
        return dealing[::-1]

    def _plan(self) -> tuple:
        return self.t.plans[self.sc[S_PLAN]]

    def _start_step(self) -> None:
        plan = self._plan()
        sc = self.sc
        if sc[S_STEP] < len(plan):
            step = self.t.steps[plan[sc[S_STEP]]]
            sc[S_COUNT] = step.count.start if step.count else 0
            if step.next_choice:  # even the first round waits for the player's `deal`
                sc[S_WAIT] = 1

    def _end_step(self, step, ops: list) -> None:
        if step.face == "down-but-last":
            for p in step.to:
                pile = self.piles[p]
                if pile and pile[-1] < 0:
                    self._flip(p, len(pile) - 1, ops)
        sc = self.sc
        sc[S_STEP] = sc[S_STEP] + 1
        sc[S_ROUND] = sc[S_POS] = sc[S_WAIT] = 0
        self._start_step()
        self._wcache = None  # which empty foundations are interchangeable may have changed

    def _deal_unit(self, ops: list) -> bool:
        """Deal one pile's packet of the current round; True when the round ended."""
        g = self.t
        sc = self.sc
        step = g.steps[self._plan()[sc[S_STEP]]]
        seq = step.to[sc[S_ROUND] :] if step.triangle else step.to
        st = g.stock
        stock = self.piles[st]
        if step.skip_empty and sc[S_ROUND] > 0:
            piles = self.piles
            dl0 = g.dl0
            if all(not piles[q] and sc[dl0 + q] for q in seq):
                self._end_step(step, ops)
                return True
            while not piles[seq[sc[S_POS]]] and sc[dl0 + seq[sc[S_POS]]]:
                if self._advance(step, seq, stock, ops):
                    return True
        p = seq[sc[S_POS]]
        dl = g.dl0 + p
        down = step.face != "up"
        cnt = step.count
        for _ in range(step.per_pile):
            while stock:
                v = stock[-1]
                cid = ~v if v < 0 else v
                if step.divert:
                    q = self._divert_to(step.divert, cid)
                    if q >= 0:  # a base card goes to its foundation; the next takes its place
                        self._one(st, len(stock) - 1, q, False, cid, ops)
                        self._placed_on(q, cid)
                        continue
                if cnt is not None:
                    c = sc[S_COUNT]
                    if RANK[cid] == c:
                        q = cnt.send_to
                        self._one(
                            st, len(stock) - 1, q, False, ~cid if g.face_down[q] else cid, ops
                        )
                        if cnt.replace:
                            continue
                        sc[S_COUNT] = c % 13 + 1
                        break
                    sc[S_COUNT] = c % 13 + 1
                self._one(st, len(stock) - 1, p, False, ~cid if down else cid, ops)
                sc[dl] = sc[dl] + 1
                if not down:
                    self._placed_on(p, cid)
                elif g.watch[p]:
                    self._watched(p)
                break
            if not stock:
                break
        return self._advance(step, seq, stock, ops)

    def _divert_to(self, found: tuple, cid: int) -> int:
        """`divert`: the first empty pile of `found` whose base (known by now) is the rank
        of card cid, or -1."""
        g = self.t
        piles = self.piles
        for d in found:
            if not piles[d]:
                b = g.fbase[d]
                if b < 0:
                    b = self.sc[g.fb0 + g.pile_group[d]]
                if b > 0 and RANK[cid] == b:
                    return d
        return -1

    def _advance(self, step, seq: tuple, stock: list, ops: list) -> bool:
        """Move the deal cursor past one pile; True when that ended the round."""
        sc = self.sc
        sc[S_POS] = sc[S_POS] + 1
        if sc[S_POS] >= len(seq):
            sc[S_ROUND] = sc[S_ROUND] + 1
            sc[S_POS] = 0
            if step.count is not None and step.count.reset_round:
                sc[S_COUNT] = step.count.start
            r = sc[S_ROUND]
            if (
                (step.rounds is not None and r >= step.rounds)
                or not stock
                or (step.triangle and r >= len(step.to))
            ):
                self._end_step(step, ops)
            elif step.next_stuck or step.next_choice:
                sc[S_WAIT] = 1
            return True
        if not stock:
            self._end_step(step, ops)
            return True
        return False

    def _deal_round(self, ops: list) -> None:
        step = self.sc[S_STEP]
        while not self._deal_unit(ops) and self.sc[S_STEP] == step:
            pass

    def _phase_code(self) -> int:
        sc = self.sc
        return K.PH_DEAL if sc[S_STEP] < len(self._plan()) and not sc[S_WAIT] else K.PH_PLAY

    @property
    def phase(self) -> str:
        """``deal`` while a deal step is dealing a round, else ``play``."""
        return "deal" if self._phase_code() == K.PH_DEAL else "play"

    def _redeal(self, ops: list) -> None:
        g = self.t
        rd = g.redeal
        sc = self.sc
        piles = self.piles
        dealing: list[int] = []
        for p in rd.gather:
            cs = [~v if v < 0 else v for v in piles[p]]
            if not rd.bottom_first:
                cs.reverse()
            dealing.extend(cs)
            self._set(p, [], ops)
        dealing.extend(~v if v < 0 else v for v in reversed(piles[g.stock]))
        if rd.shuffle:
            shuffle(dealing, derive(self.seed, 1000 + sc[S_REDEALS]))
        self._set(g.stock, [~c for c in reversed(dealing)], ops)
        sc[S_REDEALS] = sc[S_REDEALS] + 1
        sc[S_PLAN] = 1
        sc[S_STEP] = sc[S_ROUND] = sc[S_POS] = sc[S_WAIT] = 0
        for si in rd.steps:
            for p in g.steps[si].to:
                sc[g.dl0 + p] = 0
        self._start_step()
