"""The move memo: generated move lists remembered by state, for games whose states repeat.

Random play comes back to the same states again and again (a card moved to and fro, a stock
gone round), and generating moves is the bulk of a move's cost. Results never depend on the
memo, only speed.
"""

from __future__ import annotations

from typing import Any

from pipeline.engine.dealing import Dealing
from pipeline.engine.layout import S_PLAN, S_REDEALS, S_STEP
from pipeline.engine.rng import SplitMix64

_MEMO_MAX = 200_000  # entries of a state's move memo before it is emptied
_MEMO_TRIAL = 4_000  # misses a game's memo gets to prove itself (see _memoized)
_MISS = object()

# An entry's key is the state's hash XOR a fixed 64-bit tag naming what is remembered (an int
# key hashes and compares faster than a tuple; two keys meet only if two states' hashes
# differ by exactly two tags' XOR, as unlikely as two states sharing a hash).
_TAGS = tuple(SplitMix64(0x6D656D6F + i).next() for i in range(19))
GEN_TAGS = _TAGS[:16]  # by stuck * 8 + auto * 4 + first * 2 + np_only (see MoveGen._gen)
OBLIGATION_TAG, BATCH_TAG, NP_TAG = _TAGS[16:]


class Memo(Dealing):
    """State hashes and the memo keyed by them (part of `State`: `base.py`)."""

    def _state_hash(self) -> int:
        """Hash of everything that decides what happens next (see g.state_key, g.post_key;
        `Settle._settle` computes it inline)."""
        g = self.t
        sc = self.sc
        if sc[S_STEP] < g.plan_len[sc[S_PLAN]] or sc[S_REDEALS] < g.redeal_times:
            return g.state_key.hash(sc)
        return g.post_key.hash(sc)

    def _memoized(self, sk: int | None, tag: int, make, *args):
        """`make(*args)`, remembered under the state hash `sk` XOR `tag`.

        Random play comes back to the same states again and again (a card moved to and fro,
        a stock gone round), and generating moves is the bulk of a move's cost. The moves of
        a state depend on nothing else (the phase is part of the state), so the memo is never
        invalidated; it is emptied when it grows large, to bound memory. A remembered list is
        shared: nobody changes a list of moves in place. A game whose states do not repeat
        (short games, cards that only go forward) pays for the hashing and gains nothing: if
        its first _MEMO_TRIAL misses come with fewer than 5% hits, the state's switch
        (`layout.MemoSwitch`, shared by the states of a run) turns the memo off for the states
        made with it from then on. Results never depend on it, only speed."""
        memo = self._memo
        assert memo is not None  # callers ask only with the memo on
        k = (self._state_hash() if sk is None else sk) ^ tag
        out = memo.get(k, _MISS)
        sw = self._switch
        if sw.counting:
            sw.calls += 1
        if out is _MISS:
            out = self._memo_add(k, make(*args))
        return out

    def _memo_add(self, k: int, out: Any) -> Any:
        """Store a computed entry of the memo (see _memoized), counting the miss."""
        memo = self._memo
        assert memo is not None
        if len(memo) >= _MEMO_MAX:
            memo.clear()
        memo[k] = out
        sw = self._switch
        sw.misses += 1
        if sw.misses == _MEMO_TRIAL:
            sw.on = sw.calls >= _MEMO_TRIAL * 1.05
            sw.counting = False  # decided: look-ups need no counting any more
        return out
