"""What a person sees of a position, and positions that agree with it: the observation API a
player who does not peek plays through (`pipeline.solve.hindsight`).

A person sees every face-up card where it lies, and where the face-down cards lie, not which
they are. A person who remembers also knows a face-down card seen face up before (the talon
turned back into the stock, a pile gathered without shuffling): the engine moves cards by
rules alone, so where such a card went is known from what was seen. A shuffle forgets it.

`Memory` keeps what a player has seen; `resample` makes a position that agrees with every
card visible or remembered, its other face-down cards re-dealt among their places at random.
Nothing here names a game: piles, face-down marks and the redeal counter are all it reads.
"""

from __future__ import annotations

from collections.abc import Iterable

from pipeline.engine import zobrist as Z
from pipeline.engine.layout import S_REDEALS
from pipeline.engine.moves import RECYCLE, TURN
from pipeline.engine.rng import SplitMix64, derive, shuffle
from pipeline.engine.state import State


def visible(state: State) -> list[list[int | None]]:
    """Each pile bottom to top as a person sees it: a card id face up, None face down."""
    return [[v if v >= 0 else None for v in pile] for pile in state.piles]


def face_down(state: State, piles: Iterable[int]) -> int:
    """Face-down cards in `piles`: what a player who does not peek still has to turn up,
    which the planners grade their playouts by."""
    at = state.piles
    return sum(1 for p in piles for c in at[p] if c < 0)


def hidden_places(state: State, known: Iterable[int] = ()) -> list[tuple[int, int]]:
    """(pile, index) of every face-down card not in `known` (card ids a player remembers)."""
    k = frozenset(known)
    return [
        (p, i)
        for p, pile in enumerate(state.piles)
        for i, v in enumerate(pile)
        if v < 0 and ~v not in k
    ]


class Memory:
    """The card ids a player has seen face up and can still place: `see` after every move.
    A shuffling redeal (the game's `redeal: {shuffle: true}`) mixes the stock unseen, so the
    face-down cards are forgotten then; the face-up ones are seen again at once."""

    def __init__(self, state: State, remember: bool = True) -> None:
        self.remember = remember
        rd = state.t.redeal
        self._shuffles = bool(rd is not None and rd.shuffle)
        self._redeals = state.sc[S_REDEALS]
        self.known: set[int] = set()
        self.see(state)

    def see(self, state: State) -> None:
        if not self.remember or (self._shuffles and state.sc[S_REDEALS] != self._redeals):
            self.known = set()
            self._redeals = state.sc[S_REDEALS]
        self.known.update(v for pile in state.piles for v in pile if v >= 0)


def resample(state: State, seed: int, known: Iterable[int] = ()) -> State:
    """A copy of `state` whose face-down cards, those in `known` apart, are dealt again among
    their own places in a random order (`seed`): the same visible cards, the same multiset of
    cards, the same counters. It depends on what a person sees, `known` and `seed` alone. The
    copy's own later shuffles (a shuffling redeal) use a seed derived from `seed`, not the
    deal's. A position to search from (apply, undo back to it), not a game to record or to
    undo past.

    In a `no-progress` game the copy's record of the positions reached is the real game's
    with the same cards dealt again (`_rehistory`), so that it offers what the real
    position offers wherever the hidden cards do not matter."""
    places = hidden_places(state, known)
    new = state.copy()
    piles = new.piles
    cards = sorted(~piles[p][i] for p, i in places)  # which card lay where is not read
    shuffle(cards, seed)
    rel: dict[int, int] = {}
    for (p, i), c in zip(places, cards, strict=True):
        if ~piles[p][i] != c:
            rel[~piles[p][i]] = c
        piles[p][i] = ~c
    new.seed = SplitMix64(derive(seed, 2)).next()
    _refresh(new)
    if rel and state.t.has_np and len(state._seen_keys) == len(state.history) + 1:
        _rehistory(state, new, rel)
    return new


def _rehistory(state: State, new: State, rel: dict[int, int]) -> None:
    """The re-deal's record of positions reached, for `no-progress`: the real game's
    positions, each with the re-dealt cards in place of the real ones. A card dealt again was
    never seen where it lay (or was forgotten in a shuffle), so the moves made reach the same
    positions in the re-deal but for those cards; recorded under the real cards' hashes, no
    move of the re-deal would lead back to one, and a rule offered when nothing but repeats
    is left would never be offered there, where a person sees it is."""
    keys = state.copy()._relabeled_keys(rel)
    seen: dict[int, int] = {}
    for k in keys:
        seen[k] = seen.get(k, 0) + 1
    new._seen_keys = keys
    new._seen = seen


def _refresh(new: State) -> None:
    """After its piles were rewritten in place: the piles' hash again, no cached moves."""
    if new._zk is not None:
        new.sc[new.t.zslot] = Z.piles_hash(new._zk, new.piles)
    new._cache = None
    new._wcache = None
    new._probes = {}
    if new._memo is not None:
        new._memo = {}


def scout(state: State, memory: Memory, max_moves: int) -> int:
    """With a stock that may be turned over without limit, turn it through once and back,
    playing nothing (a person may; the position is the same after it, bar the cards now
    remembered): player moves made."""
    if not any(t.recycle < 0 for t in state.t.turns):
        return 0
    n = 0
    while n < max_moves:
        moves = state.legal_moves()
        turn = next((m for m in moves if m.kind == TURN), None)
        back = next((m for m in moves if m.kind == RECYCLE), None)
        move = turn or back
        if move is None:
            break
        state.apply(move)
        memory.see(state)
        n += 1
        if move is back or state.loop_stopped:
            break
    return n
