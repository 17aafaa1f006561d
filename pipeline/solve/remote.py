"""What a Ray task runs: a chunk of deals of a spec given as text (the cluster's machines
need not share the driver's files). The compiled game is kept per worker process."""

from __future__ import annotations

_CACHE: dict[tuple[str, str], tuple] = {}


def play_chunk_from_text(
    text: str, policy: str, deals: list[int], budget: int, seconds: float | None
) -> list[tuple]:
    from pipeline.engine import MemoSwitch, compile_game
    from pipeline.solve.policies import make_solver, play_deal
    from pipeline.spec.loader import load_spec_text

    got = _CACHE.get((text, policy))
    if got is None:
        game = compile_game(load_spec_text(text))
        got = _CACHE[(text, policy)] = (game, make_solver(game, policy), MemoSwitch())
    game, solver, memo = got
    return [(d, *play_deal(game, solver, policy, d, budget, seconds, memo)) for d in deals]
