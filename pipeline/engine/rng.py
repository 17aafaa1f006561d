"""The one pseudo-random generator of the engine, specified here so anyone can re-implement it.

SplitMix64 (Steele, Lea & Flood 2014), all arithmetic modulo 2**64::

    state = seed mod 2**64
    next():  state = state + 0x9E3779B97F4A7C15
             z = state
             z = (z XOR (z >> 30)) * 0xBF58476D1CE4E5B9
             z = (z XOR (z >> 27)) * 0x94D049BB133111EB
             return z XOR (z >> 31)

Bounded integers are unbiased by rejection: ``below(n)`` draws x = next() until
x < 2**64 − (2**64 mod n) and returns x mod n. A shuffle is Fisher–Yates from the end:
for i = len−1 down to 1, j = below(i + 1), swap items i and j. The deck before the shuffle is
in card-id order minus the cards setup withdrew; the shuffled list is the stock, dealt from
its end. Nothing here depends on Python's `random` module.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import overload

from pipeline.policies import DEFAULT_SEED  # the one default of every verb

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
_LIMITS: dict[int, int] = {}  # rejection limits of small bounds, computed once


class SplitMix64:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next(self) -> int:
        self.state = s = (self.state + GOLDEN) & MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """An unbiased integer in [0, n)."""
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError("below() needs n >= 1")
            limit = (1 << 64) - ((1 << 64) % n)
            if n < 4096:
                _LIMITS[n] = limit
        while True:
            self.state = s = (self.state + GOLDEN) & MASK  # next(), inlined
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            x = z ^ (z >> 31)
            if x < limit:
                return x % n


def shuffle(items: MutableSequence, seed: int) -> None:
    """Fisher–Yates in place, driven by SplitMix64(seed)."""
    rng = SplitMix64(seed)
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


def derive(seed: int, salt: int) -> int:
    """A second stream from a seed (redeal shuffles, playout choices): the first output of
    SplitMix64(seed XOR salt·GOLDEN)."""
    return SplitMix64(seed ^ ((salt * GOLDEN) & MASK)).next()


MAX_SEED = MASK  # a seed is a whole number 0 … 2**64-1: the generator's whole state


@overload
def parse_seed(text: str | None, default: int = DEFAULT_SEED) -> int: ...
@overload
def parse_seed(text: str | None, default: None) -> int | None: ...
def parse_seed(text: str | None, default: int | None = DEFAULT_SEED) -> int | None:
    """`--seed` as given on the command line; a seed is a whole number 0 … 2**64-1, so the
    same seed deals the same cards everywhere (SplitMix64)."""
    from pipeline.errors import UsageError, excerpt

    if text is None:
        return default
    try:
        seed = int(text.strip())
    except ValueError:
        seed = -1
    if not 0 <= seed <= MAX_SEED:
        raise UsageError(f"--seed must be a whole number from 0 to 2**64-1, not {excerpt(text)}")
    return seed
