"""Zobrist keys of card placements: a hash of the piles kept up to date move by move.

`no-progress` asks whether a position was reached before, and the trial moves behind it ask
the same of every position they lead to; hashing all the piles afresh each time cost more
than the moves themselves. Instead every placement (pile, depth, stored value — the value
carries the card id and its face) has a fixed pseudo-random 61-bit key, and the hash of the
piles is the XOR of the keys of the cards on the table: a primitive that moves a card XORs
out its old placement and XORs in the new one. Two piles' contents hash alike exactly when
they are equal, up to the 2**-61 chance of a collision that any hashed key has (the engine
stored positions by `hash()` of their contents before, with the same chance).

Keys are SplitMix64 outputs of the placement's index cut to 61 bits, made on first use, so
they are the same on every machine and cost nothing for placements a game never reaches.
61 bits lose nothing (the hash is only used through `hash()` of a tuple holding it, and
CPython hashes an int modulo 2**61 - 1) and gain much compiled: mypyc keeps an int below
2**62 unboxed, so XORing keys makes no objects (with 64-bit keys each XOR made one).

Keys live in `Keys`, one list of keys per (pile, depth), indexed by the stored value: a key
is two list look-ups. (They lived in a dict keyed by the placement index: compiled, each
look-up boxed that index, a number beyond the small-int cache, and hashed it, about 300
instructions; a placement not yet keyed raised a `KeyError` on the hot path.)
"""

from __future__ import annotations

from typing import Final

from pipeline.engine.rng import SplitMix64

_VALUES: Final = 1024  # stored values -512..511 (a card id is < 416, face-down is ~id)
_DEPTHS: Final = 1024  # a pile never holds more than 416 cards
# a placement's index, the seed of its key (see `index`)
PILE_STRIDE: Final = 1024 * 1024  # _DEPTHS * _VALUES
DEPTH_STRIDE: Final = 1024  # _VALUES
VALUE0: Final = 512
KEY_MASK: Final = (1 << 61) - 1  # see above: keys of 61 bits


class Keys:
    """The keys of one game's placements, made on first use: `rows[pile * depths + depth]` is
    the list of keys of that (pile, depth) by stored value + `v0` (empty until a card is
    placed there; a key of 0 means "not made yet", so a placement whose key comes out 0, a
    2**-61 chance, is made again each time - the same value)."""

    def __init__(self, ncards: int, npiles: int) -> None:
        self.depths = ncards  # a pile never holds more than every card
        self.v0 = ncards  # stored values: ~(ncards - 1) .. ncards - 1
        self.width = 2 * ncards
        self.rows: list[list[int]] = [[] for _ in range(npiles * ncards)]

    def key(self, pile: int, depth: int, value: int) -> int:
        """The key of stored value `value` at `depth` (0 = bottom) of `pile`."""
        r = pile * self.depths + depth
        row = self.rows[r]
        if not row:
            row = self.rows[r] = [0] * self.width
        j = value + self.v0
        k = row[j]
        if not k:
            k = row[j] = SplitMix64(index(pile, depth, value)).next() & KEY_MASK
        return k


def new_keys(ncards: int, npiles: int) -> Keys:
    """An empty table of keys for a game of `ncards` cards on `npiles` piles."""
    return Keys(ncards, npiles)


def index(pile: int, depth: int, value: int) -> int:
    """The placement index of stored value `value` at `depth` (0 = bottom) of `pile`: the
    seed of its key."""
    return pile * PILE_STRIDE + depth * DEPTH_STRIDE + value + VALUE0


def pile_hash(keys: Keys, pile: int, cards: list[int]) -> int:
    """XOR of the keys of every card of one pile (for the rare changes below its top)."""
    h = 0
    rows = keys.rows  # `Keys.key`, inlined: a method call per card costs the interpreter most
    r = pile * keys.depths
    v0 = keys.v0
    for i, v in enumerate(cards):
        row = rows[r + i]
        k = row[v + v0] if row else 0
        h ^= k if k else keys.key(pile, i, v)
    return h


def piles_hash(keys: Keys, piles: list[list[int]]) -> int:
    """XOR of the keys of every card on the table (a state's starting value)."""
    h = 0
    for p, cards in enumerate(piles):
        h ^= pile_hash(keys, p, cards)
    return h
