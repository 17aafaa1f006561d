"""How many examples the slow property tests run.

By default (the README's test command) they run a sample that keeps the whole suite under
three minutes on two cores; `PASYANS_TESTS=thorough pytest` runs the full counts (1,000
playouts per shipped game, hundreds of Hypothesis examples), for a release or after a
change to the engine or the normalizer.
"""

from __future__ import annotations

import os

THOROUGH = os.environ.get("PASYANS_TESTS", "").strip().lower() == "thorough"


def examples(quick: int, thorough: int) -> int:
    """`quick` by default, `thorough` under PASYANS_TESTS=thorough."""
    return thorough if THOROUGH else quick
