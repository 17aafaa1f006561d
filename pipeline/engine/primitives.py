"""The three (four) primitives every change of the piles goes through, and their undo.

Each logs an undo record into the move's `ops` list and keeps the piles' Zobrist hash (in the
scalar slot `g.zslot`) and the foundations' cached wants up to date; `_revert` plays a log
backwards. Nothing else in the engine writes to `State.piles`. The log is flat: a record's
fields, then its op code, read back from the end (a tuple per record was one more object for
the garbage collector to track for as long as the record is kept: a whole game, on the public
path). (``sc[j] = sc[j] ^ x`` rather than ``sc[j] ^= x``: see `execute.py`.)
"""

from __future__ import annotations

from typing import Final

from pipeline.engine import compile as K
from pipeline.engine import zobrist as Z
from pipeline.engine.base import StateBase
from pipeline.engine.cards import RANK

# undo-log op codes; a record is its fields, then its code (see `_revert` for the fields)
OP_RUN: Final = 0
OP_ONE: Final = 1
OP_FLIP: Final = 2
OP_SET: Final = 3


class Primitives(StateBase):
    """Moving, turning and replacing cards, logged for undo (part of `State`: `base.py`)."""

    def _run(self, a: int, b: int, k: int, ops: list) -> None:
        pa = self.piles[a]
        vals = pa[-k:]
        zk = self._zk
        if zk is not None:
            self._zmove(a, len(pa) - k, b, len(self.piles[b]), vals)
        del pa[-k:]
        self.piles[b].extend(vals)
        ops.extend((a, b, k, OP_RUN))
        f = self.t.is_found
        if f[a] or f[b]:
            self._wcache = None

    def _one(self, a: int, ia: int, b: int, bottom: bool, val: int, ops: list) -> None:
        pa = self.piles[a]
        zk = self._zk
        if zk is not None:
            if bottom or ia != len(pa) - 1 or a == b:  # cards shift depth: rehash both piles
                z = self._zpiles(a, b)
            else:
                z = zk.key(a, ia, pa[ia]) ^ zk.key(b, len(self.piles[b]), val)
        old = pa.pop(ia)
        if bottom:
            self.piles[b].insert(0, val)
        else:
            self.piles[b].append(val)
        ops.extend((a, ia, b, bottom, old, OP_ONE))
        if zk is not None:
            if bottom or ia != len(pa) or a == b:
                z ^= self._zpiles(a, b)
            j = self.t.zslot
            self.sc[j] = self.sc[j] ^ z
        f = self.t.is_found
        if f[a] or f[b]:
            self._wcache = None

    def _flip(self, p: int, i: int, ops: list) -> None:
        pile = self.piles[p]
        zk = self._zk
        if zk is not None:
            v = pile[i]
            j = self.t.zslot
            self.sc[j] = self.sc[j] ^ zk.key(p, i, v) ^ zk.key(p, i, ~v)
        pile[i] = ~pile[i]
        ops.extend((p, i, OP_FLIP))
        self._wcache = None

    def _set(self, p: int, cards: list[int], ops: list) -> None:
        ops.extend((p, self.piles[p], OP_SET))
        zk = self._zk
        if zk is not None:
            h = Z.pile_hash(zk, p, self.piles[p]) ^ Z.pile_hash(zk, p, cards)
            j = self.t.zslot
            self.sc[j] = self.sc[j] ^ h
        self.piles[p] = cards
        self._wcache = None

    def _zmove(self, a: int, ia: int, b: int, ib: int, vals: list[int]) -> None:
        """Update the piles' hash for `vals` leaving pile a from depth ia for pile b at ib."""
        zk = self._zk
        assert zk is not None  # called only where the hash is kept
        z = 0
        for v in vals:
            z ^= zk.key(a, ia, v) ^ zk.key(b, ib, v)
            ia += 1
            ib += 1
        j = self.t.zslot
        self.sc[j] = self.sc[j] ^ z

    def _zpiles(self, a: int, b: int) -> int:
        """Hash of piles a and b together (once when a is b)."""
        zk = self._zk
        assert zk is not None  # called only where the hash is kept
        h = Z.pile_hash(zk, a, self.piles[a])
        return h if a == b else h ^ Z.pile_hash(zk, b, self.piles[b])

    def _revert(self, ops: list, stop: int = 0) -> None:
        """Undo the primitives logged in ops[stop:], last first. The piles' hash is not
        updated here: it lives in the scalars, which every caller restores from its
        snapshot."""
        self._wcache = None
        piles = self.piles
        j = len(ops) - 1
        while j >= stop:
            code: int = ops[j]
            if code == OP_ONE:  # a, ia, b, bottom, old: one card from a[ia] to b's top/bottom
                a: int = ops[j - 5]
                ia: int = ops[j - 4]
                pb: list[int] = piles[ops[j - 3]]
                if ops[j - 2]:
                    pb.pop(0)
                else:
                    pb.pop()
                piles[a].insert(ia, ops[j - 1])
                j -= 6
            elif code == OP_RUN:  # a, b, k: the top k cards of a moved onto b, as they were
                pb = piles[ops[j - 2]]
                k: int = ops[j - 1]
                n = len(pb) - k
                piles[ops[j - 3]].extend(pb[n:])
                del pb[n:]
                j -= 4
            elif code == OP_FLIP:  # p, i: the card at p[i] turned over
                pf: list[int] = piles[ops[j - 2]]
                i: int = ops[j - 1]
                pf[i] = ~pf[i]
                j -= 3
            else:  # OP_SET, p, old: pile p was the list old
                # a copy: a copied state shares this log, and a pile is changed in place
                old: list[int] = ops[j - 1]
                piles[ops[j - 2]] = old[:]
                j -= 3

    def _touched(self, ops: list, stop: int = 0) -> list[int]:
        """The piles the undo records ops[stop:] changed, read like `_revert` (a pile may
        come twice)."""
        out: list[int] = []
        j = len(ops) - 1
        while j >= stop:
            code: int = ops[j]
            if code == OP_ONE:
                out.append(ops[j - 5])
                out.append(ops[j - 3])
                j -= 6
            elif code == OP_RUN:
                out.append(ops[j - 3])
                out.append(ops[j - 2])
                j -= 4
            else:  # OP_FLIP, OP_SET: p, then i or the old list
                out.append(ops[j - 2])
                j -= 3
        return out

    def _removed(self, a: int, ops: list) -> None:
        """After cards left pile a: a face-down card now on top of it is turned up."""
        pa = self.piles[a]
        if pa and pa[-1] < 0 and self.t.turn_up[a]:
            self._flip(a, len(pa) - 1, ops)

    def _placed_on(self, d: int, cid: int) -> None:
        g = self.t
        if g.fbase[d] == K.BASE_FIRST and g.role[d] == "foundation":
            fb = g.fb0 + g.pile_group[d]
            if not self.sc[fb]:
                self.sc[fb] = RANK[cid]
                self._wcache = None
