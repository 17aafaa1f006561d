"""Win rates with honest intervals, for every report of the project: the Wilson interval of
a proportion, Newcombe's interval of a difference of two, the tally of a run's outcomes with
the bracket and bounds that count every unknown deal as lost (lower) or as won (upper), the
headline a rate is quoted by, and when a published figure counts as reproduced."""

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
        """The figures of a run (see `headline`): `bracket`, the share won counting every
        unknown deal lost, then won; `bounds`, the 95 % Wilson lower end of the first and
        upper end of the second, so the truth lies inside at 95 % whatever the unknown deals
        are. `rate_over_decided` and its `rate_over_decided_ci95` only when at most
        `UNKNOWN_LIMIT` of the deals are unknown (None otherwise): with more, a rate over the
        decided deals says more about the budget than about the game."""
        n = self.deals
        decided = self.won + self.lost
        share = self.unknown / n if n else 0.0
        shown = decided > 0 and share <= UNKNOWN_LIMIT
        return {
            "deals": n,
            "won": self.won,
            "lost": self.lost,
            "unknown": self.unknown,
            "unknown_share": share,
            "bracket": [self.won / n, (self.won + self.unknown) / n] if n else [0.0, 1.0],
            "bounds": [
                wilson(self.won, n)[0] if n else 0.0,
                wilson(self.won + self.unknown, n)[1] if n else 1.0,
            ],
            "rate_over_decided": self.won / decided if shown else None,
            "rate_over_decided_ci95": list(wilson(self.won, decided)) if shown else None,
        }


UNKNOWN_LIMIT = 0.05  # the largest share of unknown deals a rate over decided deals is shown with
REPRODUCED_WIDTH = 0.10  # the widest 95 % interval that can reproduce a published figure

REPRODUCED = "reproduced"
NOT_ESTABLISHED = "not established"
CONTRADICTED = "outside our bounds"


def headline(s: dict) -> str:
    """The one line a run's win rate is quoted by: the bracket and its Wilson ends first,
    the counts, and the rate over decided deals only when few are unknown (`summary`).

    `win rate 10.00 %–90.00 % (95 % Wilson 4.35 %–95.65 %): 5 won, 5 lost, 40 unknown of 50`
    """
    lo, hi = s["bracket"]
    blo, bhi = s["bounds"]
    rate = pct(lo) if lo == hi else f"{pct(lo)}–{pct(hi)}"
    line = (
        f"win rate {rate} (95 % Wilson {pct(blo)}–{pct(bhi)}): {s['won']} won, "
        f"{s['lost']} lost, {s['unknown']} unknown of {s['deals']}"
    )
    if s["unknown"] and s["rate_over_decided"] is not None:
        clo, chi = s["rate_over_decided_ci95"]
        line += (
            f"; {pct(s['rate_over_decided'])} over decided deals "
            f"(95 % Wilson {pct(clo)}–{pct(chi)})"
        )
    return line


def published_verdict(win: float, s: dict) -> str:
    """Whether a published win rate is reproduced by a run's figures (`summary`): outside
    the bounds, the run contradicts it (at 95 %); inside bounds no wider than
    `REPRODUCED_WIDTH` with at most `UNKNOWN_LIMIT` unknown, it is reproduced; inside wider
    bounds, or with more unknowns, nothing is established either way."""
    lo, hi = s["bounds"]
    if not lo <= win <= hi:
        return CONTRADICTED
    if hi - lo <= REPRODUCED_WIDTH and s["unknown_share"] <= UNKNOWN_LIMIT:
        return REPRODUCED
    return NOT_ESTABLISHED


def pct(x: float | None, digits: int = 2) -> str:
    """A rate as a percentage (`12.34 %`), a dash when there is none."""
    return "—" if x is None else f"{100 * x:.{digits}f} %"
