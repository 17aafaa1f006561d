"""Settling: the automatic actions the rules impose after each move, until the player's turn.

Deals without a pause, obligatory fills with one candidate, `auto` rules, and a lone `deal`
are made by the engine in this order; the player's moves are cached when it stops.
"""

from __future__ import annotations

from typing import Any

from pipeline.engine import compile as K
from pipeline.engine import moves as M
from pipeline.engine.layout import S_BATCH, S_PLAN, S_REDEALS, S_STEP, S_WAIT
from pipeline.engine.memo import _MISS, GEN_TAGS, OBLIGATION_TAG
from pipeline.engine.moves import Move
from pipeline.engine.progress import NoProgress


class Settle(NoProgress):
    """The automatic actions (part of `State`: `base.py`)."""

    def _settle(self, ops: list, autos: list | None) -> None:
        """Make every automatic action the rules impose, then cache the legal moves.

        In a `no-progress` game the cached moves may still lack their no-progress check
        (`_np_phase` is then the phase): the check must see the new position remembered, so
        `_finish_np` makes it after the caller has remembered it. Only a lone `deal` needs
        the check here, as it decides whether the engine deals by itself."""
        g = self.t
        self._np_phase = None
        sc = self.sc
        piles = self.piles
        guard = g.guard
        memo = self._memo
        while True:
            guard -= 1
            if guard < 0:
                self.loop_stopped = True
                break
            if sc[S_STEP] < g.plan_len[sc[S_PLAN]]:
                step = g.steps[g.plans[sc[S_PLAN]][sc[S_STEP]]]
                if not piles[g.stock]:
                    self._end_step(step, ops)
                    continue
                if not sc[S_WAIT] and step.pause == K.P_NONE:
                    self._deal_round(ops)
                    continue
                phase = K.PH_PLAY if sc[S_WAIT] else K.PH_DEAL
                dealing = True
            else:
                phase = K.PH_PLAY
                dealing = sc[S_REDEALS] < g.redeal_times  # -1: no redeal
            # the state's hash for the memos (one state until an action): _state_hash, inlined
            sk: int | None
            if memo is None:
                sk = None
            elif dealing:
                sk = g.state_key.hash(sc)
            else:
                sk = g.post_key.hash(sc)
            if g.has_immediate:
                ob: Any  # a list of moves or None, or _MISS
                if sk is None or memo is None:
                    ob = self._obligation_now(phase)
                else:  # _obligation's memo look-up, inlined
                    ob = memo.get(sk ^ OBLIGATION_TAG, _MISS)
                    sw = self._switch
                    if sw.counting:
                        sw.calls += 1
                    if ob is _MISS:
                        ob = self._memo_add(sk ^ OBLIGATION_TAG, self._obligation_now(phase))
                if ob:
                    if len(ob) == 1:
                        self._exec(ob[0], ops)
                        if autos is not None:
                            autos.append(ob[0])
                        continue
                    self._cache = ob
                    return
            if g.has_batch:
                bc = self._batch(phase, sk)
                if not bc:
                    if sc[S_BATCH]:
                        sc[S_BATCH] = 0
                        if sk is not None:
                            sk = self._state_hash()
                elif sc[S_BATCH]:
                    if len(bc) == 1:
                        self._exec(bc[0], ops)
                        if autos is not None:
                            autos.append(bc[0])
                        continue
                    self._cache = bc
                    return
            if g.has_auto:
                a = self._gen(phase, False, True, True, sk=sk)
                if a:
                    self._exec(a[0], ops)
                    if autos is not None:
                        autos.append(a[0])
                    continue
            if (
                self._lazy
                and phase == K.PH_PLAY
                and not sc[S_WAIT]
                and not g.has_auto
                and not g.has_np
            ):
                # nothing left that the engine would do by itself with these moves (no
                # lone deal can be among them): `legal_moves` makes them when asked
                self._cache = None
                return
            if sk is None or memo is None:
                moves = self._gen_now(phase, False, False)
            else:  # _gen's memo look-up, inlined (a list of moves is never None)
                got = memo.get(sk ^ GEN_TAGS[0])
                sw = self._switch
                if sw.counting:
                    sw.calls += 1
                if got is None:
                    got = self._memo_add(sk ^ GEN_TAGS[0], self._gen_now(phase, False, False))
                moves = got
            if not moves:
                if g.has_auto:
                    a = self._gen(phase, True, True, True, sk=sk)
                    if a:
                        self._exec(a[0], ops)
                        if autos is not None:
                            autos.append(a[0])
                        continue
                moves = self._gen(phase, True, False, sk=sk)
            elif g.has_np and not self._probing:
                if len(moves) > 1 or moves[0].kind != M.DEAL:
                    self._cache = moves
                    self._np_phase = phase
                    self._np_state = sk
                    # the position's key, when the state's hash is that too
                    self._np_pos = sk if g.post_is_pos and not dealing else None
                    return
                if self._all_repeat(moves, sk):
                    moves = moves + self._gen(phase, True, False, np_only=True, sk=sk)
            if len(moves) == 1 and moves[0].kind == M.DEAL:
                self._exec(moves[0], ops)
                if autos is not None:
                    autos.append(moves[0])
                continue
            self._cache = moves
            return
        self._cache = []

    def _legal(self) -> list[Move]:
        """Legal moves of a settled state (recomputed after undo)."""
        phase = self._phase_code()
        if self.t.fills:
            ob = self._obligation(phase)
            if ob:
                return ob
            if self.t.has_batch and self.sc[S_BATCH]:
                bc = self._batch(phase)
                if bc:
                    return bc
        moves = self._gen(phase, False, False)
        if not moves:
            moves = self._gen(phase, True, False)
        elif self.t.has_np and not self._probing and self._all_repeat(moves):
            moves = moves + self._gen(phase, True, False, np_only=True)
        return moves
