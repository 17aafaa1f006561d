"""`pasyans random SPEC --seed N [--games K] [--max-moves M] [--json]`: random playouts."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("spec", help="rule spec: a YAML file or a shipped game id (shah)")
    parser.add_argument("--seed", default="0", help="first deal (game i uses seed+i) [0]")
    parser.add_argument("--games", type=int, default=100, help="number of playouts [100]")
    parser.add_argument(
        "--max-moves",
        type=int,
        default=5000,
        help="player moves per game before it counts as unfinished [5000]",
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON")


def run(args: argparse.Namespace) -> int:
    import json

    from pipeline.engine.playout import random_playouts
    from pipeline.errors import UsageError
    from pipeline.play.loading import load_game, parse_seed

    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.max_moves < 1:
        raise UsageError("--max-moves must be at least 1")
    seed = parse_seed(args.seed)
    game = load_game(args.spec)
    res = random_playouts(game, seed, args.games, max_moves=args.max_moves)
    if args.json:
        d = {
            "spec": game.spec_id,
            "variant": game.variant,
            "seed": seed,
            "max_moves": args.max_moves,
            **res.to_dict(),
        }
        print(json.dumps(d, ensure_ascii=False))
        return 0
    lo, hi = res.wilson()
    print(f"{game.spec_id}: {res.games} games from seed {seed}")
    print(
        f"won {res.won}, lost {res.lost}, unfinished {res.unfinished} "
        f"(stopped after {args.max_moves} moves)"
    )
    print(f"win rate {res.win_rate():.4f} (95% Wilson interval {lo:.4f}–{hi:.4f})")
    print(f"mean moves {res.moves / res.games:.1f}")
    if res.won_seeds:
        shown = ", ".join(map(str, res.won_seeds[:10]))
        print(f"won deals: {shown}{' …' if len(res.won_seeds) > 10 else ''}")
    return 0
