"""Two solvers of one game run side by side: a solver option must decide every deal as the
solver without it does, and every win it reports must replay."""

from __future__ import annotations

from collections.abc import Iterable

from pipeline.solve.search import Budget, Result, Solver


def side_by_side(
    g, first: Solver, second: Solver, deals: Iterable[int], nodes: int
) -> list[tuple[int, Result, Result]]:
    """Each deal's two results; asserts that `first`'s wins replay to a won position and that
    the deals both decide are decided alike."""
    out = []
    for deal in deals:
        a = first.solve(seed=deal, budget=Budget(nodes=nodes))
        b = second.solve(seed=deal, budget=Budget(nodes=nodes))
        if a.outcome == "won":
            st = g.new_state(seed=deal)
            for m in a.moves:
                st.apply(m)
            assert st.is_won(), deal
        if "unknown" not in (a.outcome, b.outcome):
            assert a.outcome == b.outcome, deal
        out.append((deal, a, b))
    return out


def both_decided(pairs: list[tuple[int, Result, Result]]) -> int:
    """How many deals both solvers decided."""
    return sum("unknown" not in (a.outcome, b.outcome) for _d, a, b in pairs)
