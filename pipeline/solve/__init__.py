"""Solving and simulating games: a DFS solver, greedy and random policies, a results store
and the verification report.

The solver sees the order of every card (perfect information): its win rate is an upper
bound for a person, and every figure it prints says so.

Modules: `symmetry` (canonical keys; which piles are alike is the engine's derivation),
`safety` (provably safe foundation moves), `deadends` (positions proved lost), `search`
(the DFS, budgets, outcomes), `policies` (greedy, random; one deal under any policy of
`pipeline.policies`), `store` (SQLite results), `runner` (many deals across processes or a
Ray cluster), `remote` (a Ray task's chunk of deals), `verify` (the per-spec report, as text,
JSON or a page of `pipeline.report`). Win-rate statistics are `pipeline.stats`.
"""

from pipeline.solve.search import UPPER_BOUND_NOTE, Budget, Result, Solver, solve

__all__ = ["UPPER_BOUND_NOTE", "Budget", "Result", "Solver", "solve"]
