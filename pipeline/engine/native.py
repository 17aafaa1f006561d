"""Machine-integer types for the optional compiled core, and their pure-Python stand-ins.

Compiled by mypyc, `i64` is a machine integer and `vec[i64]` an array of them (`librt.vecs`,
installed with mypy): an element is read or written without boxing it in a Python int, where
a `list[i64]` unboxes every element read and allocates one for every value written above 256
(a solver node read and wrote a few hundred). Interpreted, `i64` is `int` and `vec[i64](xs)`
is `list(xs)`: the same values. This module is never compiled (mypyc would compile the
fallback as unreachable code); the compiled modules import the names from it, and mypy sees
the real types (the compiled core loads `librt` itself). Only what the two share is used:
construction from an iterable, `len`, indexing and item assignment (negative indexes count
from the end in both), slicing a copy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from librt.vecs import vec as vec
    from mypy_extensions import i64 as i64
else:
    i64 = int

    class _Vec:
        """`vec[i64]` stands for `list` (compiled code never reads this name: mypyc makes
        its own arrays, with librt's runtime, which a compiled core needs installed)."""

        def __getitem__(self, item_type):
            return list

    vec = _Vec()


def bit_values(n: int) -> list[int]:
    """2**k for k < n, for a compiled module to keep as `vec[i64]` and read bit k from:
    compiled by mypyc 2.4.1, `1 << k` with a machine-integer k is a 32-bit shift (`1 << 45`
    gives 8,192), so masks past bit 31 must not be made by shifting."""
    return [1 << k for k in range(n)]


__all__ = ["bit_values", "i64", "vec"]
