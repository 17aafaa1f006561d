"""`pasyans solve SPEC --seed N [--budget NODES] [--seconds S] [--restarts] [--beam]
[--json]`: search one deal."""

from __future__ import annotations

import argparse

from pipeline.policies import DEFAULT_SEED


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("spec", help="rule spec: a YAML file or a shipped game id (golf)")
    parser.add_argument(
        "--seed", default=str(DEFAULT_SEED), help=f"the deal (0..2**64-1) [{DEFAULT_SEED}]"
    )
    parser.add_argument(
        "--budget", type=int, default=100_000, help="positions to expand at most [100000]"
    )
    parser.add_argument("--seconds", type=float, default=None, help="wall-time limit")
    parser.add_argument(
        "--memory-mb", type=int, default=256, help="transposition table size limit [256]"
    )
    parser.add_argument(
        "--no-prune",
        action="store_true",
        help="no safe-move pruning nor dead-end checks (to check them)",
    )
    parser.add_argument(
        "--restarts",
        action="store_true",
        help="the solver's own search resumed in turns with short searches on Luby's schedule, "
        "ties between moves broken in other seeded orders and, after the first four, at one "
        "position in eight a random move tried first "
        "(wins more deals of the book's games; a loss that needs one long search may be left "
        "unknown)",
    )
    parser.add_argument(
        "--beam",
        action="store_true",
        help="first best-first searches ranked by the spec's measure of progress "
        "(`simulate --policy beam`): they prove wins only; if they find none, the restarts "
        "with as many positions",
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


def run(args: argparse.Namespace) -> int:
    import json

    from pipeline.commands.options import budget_count, positive_seconds
    from pipeline.engine.loading import load_game
    from pipeline.engine.record import FORMAT as RECORD_FORMAT
    from pipeline.engine.rng import parse_seed
    from pipeline.errors import UsageError
    from pipeline.solve.alone import reason as alone_reason
    from pipeline.solve.exchanges import reason as exchanges_reason
    from pipeline.solve.exits import reason as exits_reason
    from pipeline.solve.search import UPPER_BOUND_NOTE, Budget, Solver
    from pipeline.solve.swaps import reason as swaps_reason
    from pipeline.solve.talon import reason as sequence_reason
    from pipeline.solve.vacancies import reason as vacancies_reason

    budget_count(args.budget)
    positive_seconds(args.seconds)
    if args.memory_mb < 1:
        raise UsageError("--memory-mb must be at least 1")
    seed = parse_seed(args.seed)
    game = load_game(args.spec)
    budget = Budget(nodes=args.budget, seconds=args.seconds, memory_mb=args.memory_mb)
    solver = Solver(game, prune=not args.no_prune, restarts=args.restarts or args.beam)
    if args.beam:
        from pipeline.solve.bestfirst import BestFirstThenSearch

        res = BestFirstThenSearch(game, dfs=solver if args.no_prune else None).solve(
            seed=seed, budget=budget
        )
    else:
        res = solver.solve(seed=seed, budget=budget)
    # the stock seen as a sequence (`pipeline/solve/talon.py`): on, or why not
    sequence = "on" if solver.seq is not None else (sequence_reason(game.rules) or "off")
    # parts of runs moved only where the card they uncover can go up (`swaps.py`)
    swaps = "on" if solver.swaps is not None else (swaps_reason(game.rules) or "off")
    # a card alone in its pile kept there once no empty pile is used again (`vacancies.py`)
    vacancies = "on" if solver.vac is not None else (vacancies_reason(game) or "off")
    # each suit's end game alone, a dead-end proof once no redeal is left (`alone.py`)
    alone = (
        "on"
        if solver.dead_ends and solver.dead.alone is not None
        else (alone_reason(game) or "off")
    )
    # a deal lost because a card can never leave its pile (`exits.py`), and whole piles kept
    # off an empty pile alike to theirs (`exchanges.py`: `--json` only)
    exits = "on" if solver.exits is not None else (exits_reason(game) or "off")
    exchanges = "on" if solver.ex is not None else (exchanges_reason(game) or "off")
    if args.json:
        # a game record (`pipeline.engine.record`) with the search's figures beside it, so
        # `pasyans play SPEC --moves FILE` replays the winning line as saved
        d = {
            "format": RECORD_FORMAT,
            "spec_id": game.spec_id,
            "spec": game.spec_id,
            "variant": game.variant,
            "spec_hash": game.spec_hash,
            "seed": seed,
            "order": None,
            "budget": args.budget,
            "restarts": args.restarts,
            "beam": args.beam,
            **res.to_dict(),
            "sequence": sequence,
            "swaps": swaps,
            "vacancies": vacancies,
            "suits_alone": alone,
            "buried_exits": exits,
            "exchanges": exchanges,
            "note": UPPER_BOUND_NOTE,
        }
        print(json.dumps(d, ensure_ascii=False))
        return 0
    what = {"won": "won", "lost": "lost (every line searched)", "unknown": "unknown"}[res.outcome]
    if res.outcome == "unknown" and res.reason == "memory":
        what += (
            " (the positions kept reached the search's memory cap: a larger --budget won't help)"
        )
    elif res.outcome == "unknown":
        what += f" (the {res.reason} budget ran out)"
    elif res.outcome == "lost" and res.reason:  # proved before any search
        what = f"lost ({res.reason})"
    print(f"{game.spec_id} · seed {seed}: {what}")
    if res.pruning in ("beam", "best-first"):  # the depth-first search's options never ran
        print(f"{res.nodes} positions in {res.seconds:.2f} s; found by the {res.pruning} search")
    else:
        print(f"{res.nodes} positions in {res.seconds:.2f} s; safe-move pruning: {res.pruning}")
        print(f"dead-end checks: {res.dead_ends}; the stock as a sequence: {sequence}")
    if swaps == "on":  # (where it is off, the JSON says why)
        print("parts of runs: moved only where the card they uncover can go up")
    if vacancies == "on":
        print("a card alone in its pile: not moved onto another once no empty pile is used again")
    if alone == "on":
        print("each suit alone: lost where one suit cannot come out by itself (no redeal left)")
    if exits == "on":
        print("buried exits: lost where some card can never leave its pile (checked at the start)")
    if res.outcome == "won":
        print(f"winning moves ({len(res.moves)}):")
        for i, m in enumerate(res.moves, 1):
            print(f"{i:4d}. {m}")
    print(f"note: {UPPER_BOUND_NOTE}")
    return 0
