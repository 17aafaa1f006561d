"""Fills: the vacancies of a pile group with a `fill` rule and the cards that may fill them.

`immediate` fills are obligations (the player must fill before anything else, and a lone
candidate is played by the engine); `batch` fills hold back new cards until every vacancy is
filled; optional fills are ordinary moves (see `movegen.py`).
"""

from __future__ import annotations

from pipeline.engine import compile as K
from pipeline.engine import moves as M
from pipeline.engine.layout import S_PLAN, S_STEP
from pipeline.engine.memo import BATCH_TAG, OBLIGATION_TAG, Memo
from pipeline.engine.moves import HiddenMove, Move, twin_indices


class Fills(Memo):
    """Vacancies and their fill moves (part of `State`: `base.py`)."""

    def _vacancies(self, f) -> list[int]:
        g = self.t
        sc = self.sc
        piles = self.piles
        up_to = f.up_to
        out = [p for p in f.piles if len(piles[p]) < up_to]
        if not out:
            return out
        pend = g.pending[sc[S_PLAN]][sc[S_STEP]]
        if pend:
            dl0 = g.dl0
            out = [p for p in out if p not in pend or len(piles[p]) < sc[dl0 + p]]
        if f.order == K.O_REVERSE:
            out.reverse()
        elif f.order == K.O_DEPTH:
            out.sort(key=lambda p: len(piles[p]))
        return out

    def _fill_cands(self, f, p: int, phase: int) -> list[Move]:
        g = self.t
        gm = g.game  # the `Game` its moves name
        piles = self.piles
        n = len(piles[p])
        cap = g.capacity[p]
        if cap is not None and n >= cap:
            return []
        out: list[Move] = []
        aidx = 1 if phase == K.PH_PLAY else 0
        seen = set()
        for src in f.sources:
            if not (src.phase == K.PH_ANY or src.phase == phase):
                continue
            if src.only_empty and n:
                continue
            if src.position is not None and n + 1 != src.position:
                continue
            lo, hi = src.sdepth
            for q in src.piles:
                qp = piles[q]
                if q == p or not qp or (src.not_alone and len(qp) < 2):
                    continue
                if q == g.stock:
                    idxs = [len(qp) - 1]
                else:
                    av = g.avail[q][aidx]
                    if not av or (av == K.A_TOP and qp[-1] < 0):
                        continue
                    idxs = (
                        [len(qp) - 1]
                        if av == K.A_TOP
                        else [i for i in range(len(qp) - 1, -1, -1) if qp[i] >= 0]
                    )
                twins = twin_indices(qp, idxs) if len(idxs) > 1 else None
                for i in idxs:
                    if not lo <= i + 1 <= hi or (q, i) in seen:
                        continue
                    seen.add((q, i))
                    v = qp[i]
                    if v < 0:
                        out.append(HiddenMove(gm, M.FILL, -1, q, i, p, 1, ~v))
                    else:
                        out.append(Move(gm, M.FILL, -1, q, i, p, 1, v))
                    if twins and i in twins:
                        out[-1].depth_tag = True
        return out

    def _obligation(self, phase: int, sk: int | None = None) -> list[Move] | None:
        """The possible fills of the first vacancy an immediate fill rule must fill now."""
        if self._memo is not None:
            return self._memoized(sk, OBLIGATION_TAG, self._obligation_now, phase)
        return self._obligation_now(phase)

    def _obligation_now(self, phase: int) -> list[Move] | None:
        piles = self.piles
        for f in self.t.fills:
            if not f.immediate or not (f.phase == K.PH_ANY or f.phase == phase):
                continue
            lo, hi = self.t.span[f.group]
            if lo >= 0 and min(map(len, piles[lo:hi])) >= f.up_to:
                continue  # no pile short of cards: no vacancy
            for p in self._vacancies(f):
                c = self._fill_cands(f, p, phase)
                if c:
                    return c
        return None

    def _batch(self, phase: int, sk: int | None = None) -> list[Move] | None:
        """The possible fills of the first vacancy (in `order`) of a `batch` fill rule."""
        if self._memo is not None:
            return self._memoized(sk, BATCH_TAG, self._batch_now, phase)
        return self._batch_now(phase)

    def _batch_now(self, phase: int) -> list[Move] | None:
        piles = self.piles
        for f in self.t.fills:
            if not f.batch or not (f.phase == K.PH_ANY or f.phase == phase):
                continue
            up_to = f.up_to
            for p in f.piles:
                if len(piles[p]) < up_to:
                    break
            else:
                continue
            for p in self._vacancies(f):
                c = self._fill_cands(f, p, phase)
                if c:
                    return c
        return None
