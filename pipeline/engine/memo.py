"""The move memo: generated move lists remembered by state, for games whose states repeat.

Random play comes back to the same states again and again (a card moved to and fro, a stock
gone round), and generating moves is the bulk of a move's cost. Results never depend on the
memo, only speed.
"""

from __future__ import annotations

_MEMO_MAX = 200_000  # entries of a state's move memo before it is emptied
_MEMO_TRIAL = 4_000  # misses a game's memo gets to prove itself (see _memoized)
_MISS = object()


class Memo:
    """State hashes and the memo keyed by them (a `State` mixin)."""

    def _state_hash(self) -> int:
        """Hash of everything that decides what happens next (see g._state_of)."""
        return hash(self.game._state_of(self.sc))

    def _memoized(self, sk: int | None, key: tuple, make, *args):
        """`make(*args)`, remembered under (state hash `sk`,) + key.

        Random play comes back to the same states again and again (a card moved to and fro,
        a stock gone round), and generating moves is the bulk of a move's cost. The moves of
        a state depend on nothing else (the phase is part of the state), so the memo is never
        invalidated; it is emptied when it grows large, to bound memory. A remembered list is
        shared: nobody changes a list of moves in place. A game whose states do not repeat
        (short games, cards that only go forward) pays for the hashing and gains nothing: if
        its first _MEMO_TRIAL misses come with fewer than 5% hits, the game turns the memo off
        for the states it makes from then on. Results never depend on it, only speed."""
        k = (self._state_hash() if sk is None else sk, *key)
        out = self._memo.get(k, _MISS)
        self.game._memo_calls += 1
        if out is _MISS:
            out = self._memo_add(k, make(*args))
        return out

    def _memo_add(self, k: tuple, out):
        """Store a computed entry of the memo (see _memoized), counting the miss."""
        memo = self._memo
        if len(memo) >= _MEMO_MAX:
            memo.clear()
        memo[k] = out
        g = self.game
        g._memo_misses += 1
        if g._memo_misses == _MEMO_TRIAL and g._memo_calls < _MEMO_TRIAL * 1.05:
            g._memo_on = False
        return out
