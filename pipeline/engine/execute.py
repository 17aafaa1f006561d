"""Executing a move: the primitives it makes and the counters it bumps.

Automatic actions are moves too: `settle.py` executes them through the same `_exec`.

A scalar is updated as ``sc[j] = sc[j] ^ x``, never ``sc[j] ^= x``: the compiled core
(mypyc) makes an augmented assignment to a list item with generic object arithmetic.
"""

from __future__ import annotations

from pipeline.engine import compile as K
from pipeline.engine import moves as M
from pipeline.engine.blocks import Blocks
from pipeline.engine.cards import RANK
from pipeline.engine.layout import S_BATCH, S_STEP, S_WAIT
from pipeline.engine.moves import Move
from pipeline.engine.primitives import OP_ONE, OP_RUN


class Execute(Blocks):
    """Making one move (part of `State`: `base.py`)."""

    def _exec(self, m: Move, ops: list) -> None:
        g = self.t
        sc = self.sc
        piles = self.piles
        kind = m.kind
        if kind <= M.FILL:
            src, dst, i = m.src, m.dst, m.idx
            sp = piles[src]
            k = m.count
            if k == 1 and i == len(sp) - 1 and sp[i] >= 0 and not g.face_down[dst]:
                v = sp.pop()  # the common case, inlined: one face-up top card
                zk = self._zk
                if zk is not None:
                    j = g.zslot
                    sc[j] = sc[j] ^ zk.key(src, i, v) ^ zk.key(dst, len(piles[dst]), v)
                piles[dst].append(v)
                ops.append(src)  # the record of `_one` (primitives.py), item by item
                ops.append(i)
                ops.append(dst)
                ops.append(False)
                ops.append(v)
                ops.append(OP_ONE)
                if g.is_found[src] or g.is_found[dst]:
                    self._wcache = None
            elif i == len(sp) - k and sp[i] >= 0 and not g.face_down[dst]:
                vals = sp[i:]  # a face-up run from the top: `_run` and `_zmove`, inlined
                del sp[i:]
                dp = piles[dst]
                zk = self._zk
                if zk is not None:
                    z = 0
                    a = i
                    b = len(dp)
                    for v in vals:
                        z ^= zk.key(src, a, v) ^ zk.key(dst, b, v)
                        a += 1
                        b += 1
                    j = g.zslot
                    sc[j] = sc[j] ^ z
                dp.extend(vals)
                ops.extend((src, dst, k, OP_RUN))
                if g.is_found[src] or g.is_found[dst]:
                    self._wcache = None
            else:
                self._one(src, i, dst, False, ~m.card if g.face_down[dst] else m.card, ops)
            if sp and sp[-1] < 0 and g.turn_up[src]:
                self._flip(src, len(sp) - 1, ops)
            if g.has_first:
                self._placed_on(dst, m.card)
            if m.rule >= 0:
                j = g.ru0 + m.rule
                sc[j] = sc[j] + 1
            elif kind == M.FILL and g.has_batch:
                f = g.fill_of_pile[dst]
                if f is not None and (f.phase == K.PH_ANY or f.phase == self._phase_code()):
                    sc[S_BATCH] = 1
        elif kind == M.DEAL:
            sc[S_WAIT] = 0
            step = g.steps[self._plan()[sc[S_STEP]]]
            if step.pause == K.P_CARD:
                self._deal_unit(ops)
            else:
                self._deal_round(ops)
        elif kind == M.TURN:
            t = g.turn_by_rule[m.rule]
            assert t is not None  # a turn move names its turn rule
            ts = t.src
            td = t.dst
            count = t.count
            stock: list[int] = piles[ts]
            talon: list[int] = piles[td]
            down = g.face_down[td]
            zk = self._zk
            for _ in range(count):  # `_one` from the top of the stock, inlined
                if not stock:
                    break
                w: int = stock.pop()
                cid = ~w if w < 0 else w
                val = ~cid if down else cid
                i = len(stock)
                if zk is not None:
                    j = g.zslot
                    sc[j] = sc[j] ^ zk.key(ts, i, w) ^ zk.key(td, len(talon), val)
                talon.append(val)
                ops.append(ts)
                ops.append(i)
                ops.append(td)
                ops.append(False)
                ops.append(w)
                ops.append(OP_ONE)
                if g.has_first:
                    self._placed_on(td, cid)
            if g.is_found[ts] or g.is_found[td]:
                self._wcache = None
            j = g.ru0 + m.rule
            sc[j] = sc[j] + 1
        elif kind == M.RECYCLE:
            talon = piles[m.src]
            self._set(m.dst, [~(~v if v < 0 else v) for v in reversed(talon)], ops)
            self._set(m.src, [], ops)
            j = g.rc0 + m.rule
            sc[j] = sc[j] + 1
        elif kind == M.ROUTE:
            self._route(m, ops)
            j = g.ru0 + m.rule
            sc[j] = sc[j] + 1
        elif kind == M.REDEAL:
            self._redeal(ops)
        elif kind == M.REMOVE:
            d: int = g.rule_by_index[m.rule].dst
            self._one(m.src, m.idx, d, False, ~m.card if g.face_down[d] else m.card, ops)
            self._removed(m.src, ops)
            if m.count == 2:
                q = piles[m.dst]
                c2 = q[-1]
                self._one(m.dst, len(q) - 1, d, False, ~c2 if g.face_down[d] else c2, ops)
                self._removed(m.dst, ops)
            j = g.ru0 + m.rule
            sc[j] = sc[j] + 1
        else:  # pragma: no cover
            raise AssertionError(kind)

    def _route(self, m: Move, ops: list) -> None:
        g = self.t
        r = g.rule_by_index[m.rule]
        piles = self.piles
        watch = tuple(dict.fromkeys(r.srcs + r.targets))
        seen: set = set()
        s = m.src
        self.route_cycled = False
        while True:
            sp = piles[s]
            v = sp[-1]
            cid = ~v if v < 0 else v
            t = r.targets[RANK[cid] - 1]
            self._one(s, len(sp) - 1, t, r.bottom, cid if r.face_up else ~cid, ops)
            self._removed(s, ops)
            if r.chain == K.CH_NONE:
                return
            tp = piles[t]
            if len(tp) <= 1:
                return  # the receiving pile holds only the routed card: nothing to take
            if r.chain == K.CH_RELEASED:
                sp = piles[s]
                if sp and sp[-1] >= 0 and self._playable(sp[-1]):
                    return  # the card just uncovered fits a foundation: released
            elif not self._chain_ok(tp[-1], r.chain):
                return
            if v < 0 and r.face_up:
                s = t  # a card was turned up: the state cannot repeat
                continue
            sig = tuple(tuple(piles[q]) for q in watch)
            if sig in seen:
                self.route_cycled = True
                return
            seen.add(sig)
            s = t
