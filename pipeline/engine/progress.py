"""`no-progress`: the positions a game has been in, and whether every move leads back to one.

A rule with `when: no-progress` is offered only when every other move repeats a position; to
know where a move leads it is tried (`_probe`: executed, settled, reverted) and the resulting
position key remembered per state.
"""

from __future__ import annotations

from pipeline.engine.execute import Execute
from pipeline.engine.memo import _MEMO_MAX, NP_TAG
from pipeline.engine.moves import RECYCLE, Move


class NoProgress(Execute):
    """Positions reached and the trial moves behind `no-progress` (part of `State`: `base.py`)."""

    def _pos_key(self) -> int:
        """Hash of the position: piles (their Zobrist hash), deal cursor and the counters
        that limit moves."""
        return self.t.pos_key.hash(self.sc)

    def _remember(self) -> None:
        if self.t.has_np:
            k = self._np_pos if self._np_phase is not None else None
            if k is None:
                k = self._pos_key()
            self._seen[k] = self._seen.get(k, 0) + 1
            self._seen_keys.append(k)

    def _forget(self) -> None:
        if self.t.has_np and self._seen_keys:
            k = self._seen_keys.pop()
            n = self._seen[k] - 1
            if n:
                self._seen[k] = n
            else:
                del self._seen[k]

    def _all_repeat(self, moves: list[Move], sk: int | None = None) -> bool:
        """Does every move lead back to a position this game has already been in?

        Where the stock only ever shrinks, a move that takes from it (a deal, a turn, a
        card of the stock) reaches a stock smaller than in any position before: never a
        repeat, so nothing needs trying. Otherwise each move is tried once per state: the
        list of moves is a function of the state, so the position each leads to is kept
        by the move's place in it."""
        seen = self._seen
        probes = self._probes
        state = self._state_hash() if sk is None else sk
        keys = probes.get(state)
        if keys is False:  # a move of this state takes from a stock that only shrinks
            return False
        if keys is None or len(keys) != len(moves):
            if len(probes) >= _MEMO_MAX:
                probes.clear()  # bound memory in a very long game
            g = self.t
            if g.stock_shrinks:
                st = g.stock
                for m in moves:
                    if m.src == st and m.kind != RECYCLE:
                        probes[state] = False
                        return False
            keys = probes[state] = [None] * len(moves)
        for i, m in enumerate(moves):
            k = keys[i]
            if k is None:
                k = keys[i] = self._probe(m)
            if k not in seen:
                return False
        return True

    def _probe(self, m: Move) -> int:
        """Position key after move m and its automatic actions; the state is left as it was."""
        sc = self.sc
        keep = (self._cache, self._wcache, self.loop_stopped, self.route_cycled, self._np_phase)
        self._probing = True
        try:
            ops: list = []
            snap = tuple(sc)
            self._exec(m, ops)
            self._settle(ops, None)
            k = self._pos_key()
            self._revert(ops)
            sc[:] = snap
            return k
        finally:
            self._probing = False
            self._cache, self._wcache, self.loop_stopped, self.route_cycled, self._np_phase = keep

    def _finish_np(self) -> None:
        """After a move of a `no-progress` game, once its position is remembered: complete
        the moves `_settle` cached with the no-progress check, or recompute them."""
        phase = self._np_phase
        if phase is None:
            self._cache = None
            return
        self._np_phase = None
        moves = self._cache
        assert moves is not None  # cached by _settle with _np_phase
        sk = self._np_state
        keys = self._probes.get(sk) if sk is not None else None
        if keys is False:
            return  # a move takes from a stock that only shrinks: no repeat
        if keys is not None and len(keys) == len(moves):
            seen = self._seen  # every move tried before: `_all_repeat`'s loop, inlined
            for k in keys:
                if k is None:  # not yet tried: `_all_repeat` tries it (and rechecks)
                    if not self._all_repeat(moves, sk):
                        return
                    break
                if k not in seen:
                    return
        elif not self._all_repeat(moves, sk):
            return
        memo = self._memo
        if memo is None or sk is None:
            self._cache = moves + self._gen(phase, True, False, np_only=True)
            return
        # the completed list is a function of the state too: kept, not rebuilt every time
        k = sk ^ NP_TAG
        out = memo.get(k)
        sw = self._switch
        if sw.counting:
            sw.calls += 1
        if out is None:
            out = self._memo_add(k, moves + self._gen(phase, True, False, np_only=True, sk=sk))
        self._cache = out
