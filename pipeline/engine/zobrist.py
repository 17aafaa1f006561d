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
2**62 unboxed, so XORing keys makes no objects (with 64-bit keys each XOR made one). Keys
live in a plain dict (a look-up in a dict subclass takes CPython's generic path, about four
times the instructions): the hot paths index it inside ``try`` and, on the rare ``KeyError``, take
the key through `key`, which makes it.
"""

from __future__ import annotations

from typing import Final

from pipeline.engine.rng import SplitMix64

_VALUES: Final = 1024  # stored values -512..511 (a card id is < 416, face-down is ~id)
_DEPTHS: Final = 1024  # a pile never holds more than 416 cards
# index = pile * PILE_STRIDE + depth * DEPTH_STRIDE + value + VALUE0 (for inlined look-ups)
PILE_STRIDE: Final = 1024 * 1024  # _DEPTHS * _VALUES
DEPTH_STRIDE: Final = 1024  # _VALUES
VALUE0: Final = 512
KEY_MASK: Final = (1 << 61) - 1  # see above: keys of 61 bits


def new_keys() -> dict[int, int]:
    """An empty table of keys: placement index -> its 61-bit key (see `key`)."""
    return {}


def key(keys: dict[int, int], index: int) -> int:
    """The key of a placement, made and kept on first use."""
    k = keys.get(index)
    if k is None:
        k = keys[index] = SplitMix64(index).next() & KEY_MASK
    return k


def index(pile: int, depth: int, value: int) -> int:
    """The placement index of stored value `value` at `depth` (0 = bottom) of `pile`."""
    return pile * PILE_STRIDE + depth * DEPTH_STRIDE + value + VALUE0


def pile_hash(keys: dict[int, int], pile: int, cards: list[int]) -> int:
    """XOR of the keys of every card of one pile (for the rare changes below its top)."""
    h = 0
    i = pile * PILE_STRIDE + VALUE0
    try:
        for v in cards:
            h ^= keys[i + v]
            i += DEPTH_STRIDE
    except KeyError:
        h = 0
        i = pile * PILE_STRIDE + VALUE0
        for v in cards:
            h ^= key(keys, i + v)
            i += DEPTH_STRIDE
    return h


def piles_hash(keys: dict[int, int], piles: list[list[int]]) -> int:
    """XOR of the keys of every card on the table (a state's starting value)."""
    h = 0
    for p, cards in enumerate(piles):
        h ^= pile_hash(keys, p, cards)
    return h
