"""Win rates with honest intervals, for every report of the project: the Wilson interval of
a proportion, Newcombe's interval of a difference of two, the tally of a run's outcomes with
the bounds that count every unknown deal as lost (lower) or as won (upper), and how a rate
is printed."""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959964


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a binomial proportion k/n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def newcombe(k_a: int, n_a: int, k_b: int, n_b: int) -> tuple[float, float]:
    """95 % interval of p_b - p_a (Newcombe's hybrid score method from the Wilson intervals;
    it treats the samples as independent, which is conservative when, as here, the same deals
    make the outcomes agree more often than chance)."""
    pa, pb = k_a / n_a, k_b / n_b
    la, ua = wilson(k_a, n_a, Z95)
    lb, ub = wilson(k_b, n_b, Z95)
    d = pb - pa
    return (
        max(-1.0, d - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2)),
        min(1.0, d + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2)),
    )


@dataclass
class Tally:
    won: int = 0
    lost: int = 0
    unknown: int = 0
    moves: int = 0  # player moves (playouts) or solver nodes, summed
    seconds: float = 0.0  # compute time summed over deals

    @property
    def deals(self) -> int:
        return self.won + self.lost + self.unknown

    def add(self, outcome: str, moves: int = 0, seconds: float = 0.0) -> None:
        if outcome == "won":
            self.won += 1
        elif outcome == "lost":
            self.lost += 1
        else:
            self.unknown += 1
        self.moves += moves
        self.seconds += seconds

    def summary(self) -> dict:
        """`win_rate` and `ci95` over the decided deals; `bounds`: the Wilson interval's ends
        with unknowns counted lost (lower) and won (upper), so the truth lies inside it at
        95 % whatever the unknown deals are."""
        n = self.deals
        decided = self.won + self.lost
        rate = self.won / decided if decided else None
        ci = list(wilson(self.won, decided)) if decided else [0.0, 1.0]
        lo = wilson(self.won, n)[0] if n else 0.0
        hi = wilson(self.won + self.unknown, n)[1] if n else 1.0
        return {
            "deals": n,
            "won": self.won,
            "lost": self.lost,
            "unknown": self.unknown,
            "win_rate": rate,
            "ci95": ci,
            "bounds": [lo, hi],
            "unknown_share": self.unknown / n if n else 0.0,
        }


def pct(x: float | None, digits: int = 2) -> str:
    """A rate as a percentage (`12.34 %`), a dash when there is none."""
    return "—" if x is None else f"{100 * x:.{digits}f} %"
