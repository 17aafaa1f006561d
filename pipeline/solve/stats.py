"""Win rates with honest intervals: the 95 % Wilson interval of the decided deals, and the
bounds that count every unknown deal as lost (lower) or as won (upper)."""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.engine.playout import wilson


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
    return "—" if x is None else f"{100 * x:.{digits}f} %"
