"""`no-progress`: the positions a game has been in, and whether every move leads back to one.

A rule with `when: no-progress` is offered only when every other move repeats a position; to
know where a move leads it is tried (`_probe`: executed, settled, reverted) and the resulting
position key remembered per state.
"""

from __future__ import annotations

from pipeline.engine.execute import Execute
from pipeline.engine.memo import _MEMO_MAX, NP_TAG
from pipeline.engine.moves import RECYCLE, Move
from pipeline.engine.primitives import OP_FLIP, OP_ONE, OP_RUN
from pipeline.engine.zobrist import Keys


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

    def _relabeled_keys(self, rel: dict[int, int]) -> list[int]:
        """The key of every position this game has been in, first to last (as `_seen_keys`),
        had each card id c of `rel` been the card rel[c] all along: the history of a deal
        whose face-down cards were dealt otherwise (`observe.resample`). Its keys must be the
        re-deal's, or no move of the re-deal ever leads back to a position reached and a
        `no-progress` rule is never offered there. Reverts this state to its start, move by
        move: call it on a throwaway copy of a game played with `apply` (one key a move).

        The piles' hash is a XOR over placements, so the relabeled one differs from the
        recorded one by the keys of the relabeled cards' placements alone (`delta`), kept up
        to date through every undo record as it is reverted."""
        zk = self._zk
        assert zk is not None  # kept in every no-progress game
        g = self.t
        piles = self.piles
        ops = self._ops
        log = self._log
        snaps = self._snaps
        n = len(self.sc)
        zs = g.zslot
        delta = 0
        for p in range(len(piles)):
            delta ^= _rel_part(zk, rel, p, piles[p], 0)
        moves = len(self.history)
        out = [0] * (moves + 1)
        sc = list(self.sc)
        sc[zs] = sc[zs] ^ delta
        out[moves] = g.pos_key.hash(sc)
        for t in range(moves - 1, -1, -1):
            start: int = log[4 * t]
            at: int = log[4 * t + 1]
            j = len(ops) - 1
            while j >= start:
                code: int = ops[j]
                if code == OP_ONE:  # a, ia, b, bottom, old
                    w = 6
                    a: int = ops[j - 5]
                    b: int = ops[j - 3]
                    la: int = ops[j - 4]
                    lb = 0 if ops[j - 2] else len(piles[b]) - 1
                elif code == OP_RUN:  # a, b, k
                    w = 4
                    a = ops[j - 3]
                    b = ops[j - 2]
                    la = len(piles[a])
                    lb = len(piles[b]) - ops[j - 1]
                else:  # OP_FLIP p, i; OP_SET p, old
                    w = 3
                    a = b = ops[j - 2]
                    la = lb = ops[j - 1] if code == OP_FLIP else 0
                if a == b:
                    la = lb = min(la, lb)
                part = _rel_part(zk, rel, a, piles[a], la)
                if b != a:
                    part ^= _rel_part(zk, rel, b, piles[b], lb)
                self._revert(ops, j - w + 1)
                del ops[j - w + 1 :]
                part ^= _rel_part(zk, rel, a, piles[a], la)
                if b != a:
                    part ^= _rel_part(zk, rel, b, piles[b], lb)
                delta ^= part
                j -= w
            sc = snaps[at : at + n]
            sc[zs] = sc[zs] ^ delta
            out[t] = g.pos_key.hash(sc)
        return out

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


def _rel_part(zk: Keys, rel: dict[int, int], p: int, pile: list[int], lo: int) -> int:
    """XOR of the keys of the cards of `rel` at depths `lo`.. of pile p, each as placed and as
    the card it maps to (the same face): what relabeling them changes in the piles' hash."""
    h = 0
    for i in range(lo, len(pile)):
        v = pile[i]
        c = ~v if v < 0 else v
        m = rel.get(c)
        if m is not None:
            h ^= zk.key(p, i, v) ^ zk.key(p, i, ~m if v < 0 else m)
    return h
