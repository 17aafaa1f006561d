"""`pasyans random SPEC [--seed N] [--games K] [--max-moves M] [--json]`: random playouts.

On a terminal a progress line is kept up to date on stderr; Ctrl-C stops the run and the
games already played are reported, marked interrupted (exit 130).
"""

from __future__ import annotations

import argparse
import sys
import time

WON_SEEDS_SHOWN = 100  # in --json; the text report names the first 10
PROGRESS_EVERY = 0.5  # seconds between progress updates


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("spec", help="rule spec: a YAML file or a shipped game id (shah)")
    parser.add_argument(
        "--seed",
        metavar="N",
        default=None,
        help="first deal, 0 … 2**64-1 (game i uses N+i; default 1, as for show and play)",
    )
    parser.add_argument(
        "--games", type=int, default=100, help="number of playouts, at most 10000000 [100]"
    )
    parser.add_argument(
        "--max-moves",
        type=int,
        default=5000,
        help="player moves per game before it counts as unfinished [5000]",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help=f"print the results as JSON (won_seeds: the first {WON_SEEDS_SHOWN} won deals)",
    )


class _Progress:
    """`random: 1,234/20,000 games, won 91` on stderr, rewritten in place; only on a
    terminal, so piped or captured output never holds it."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.on = sys.stderr.isatty()
        self.last = time.monotonic()
        self.shown = False

    def update(self, done: int, won: int) -> None:
        if not self.on or time.monotonic() - self.last < PROGRESS_EVERY:
            return
        self.last = time.monotonic()
        sys.stderr.write(f"\rrandom: {done:,}/{self.total:,} games, won {won:,}")
        sys.stderr.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()


def run(args: argparse.Namespace) -> int:
    from pipeline.atomic import interrupts_deferred
    from pipeline.commands.options import budget_count, deal_count
    from pipeline.engine import MemoSwitch
    from pipeline.engine.loading import load_game
    from pipeline.engine.playout import PlayoutResults, play_one
    from pipeline.engine.rng import DEFAULT_SEED, MAX_SEED, parse_seed
    from pipeline.errors import UsageError

    deal_count(args.games, "--games")
    budget_count(args.max_moves, "--max-moves", moves=True)
    seed = parse_seed(args.seed, default=DEFAULT_SEED)
    if seed + args.games - 1 > MAX_SEED:
        raise UsageError(f"--seed {seed} with --games {args.games} runs past seed 2**64-1")
    game = load_game(args.spec)
    res = PlayoutResults()
    progress = _Progress(args.games)
    interrupted = False
    memo = MemoSwitch()  # shared by the run's deals: see Game.new_state
    try:
        for i in range(args.games):
            outcome, n = play_one(game, seed + i, args.max_moves, memo)
            res.add(seed + i, outcome, n)
            progress.update(res.games, res.won)
    except KeyboardInterrupt:
        interrupted = True
    if not interrupted:
        progress.clear()
        _report(args, game, seed, res, interrupted)
        return 0
    if not res.games:
        raise KeyboardInterrupt
    with interrupts_deferred(reraise=False):  # a second Ctrl-C must not lose the report
        progress.clear()
        _report(args, game, seed, res, interrupted)
    return 130


def _report(args, game, seed: int, res, interrupted: bool) -> None:
    import json

    if args.json:
        d = {
            "spec": game.spec_id,
            "variant": game.variant,
            "seed": seed,
            "max_moves": args.max_moves,
            "games_asked": args.games,
            "interrupted": interrupted,
            **res.to_dict(),
            "won_seeds_shown": WON_SEEDS_SHOWN,
        }
        d["won_seeds"] = res.won_seeds[:WON_SEEDS_SHOWN]
        print(json.dumps(d, ensure_ascii=False))
        return
    lo, hi = res.wilson()
    head = f"{game.spec_id}: {res.games} games from seed {seed}"
    if interrupted:
        head += f" (interrupted: {args.games - res.games} of the {args.games} asked not played)"
    print(head)
    print(
        f"won {res.won}, lost {res.lost}, unfinished {res.unfinished} "
        f"(stopped after {args.max_moves} moves)"
    )
    print(f"win rate {res.win_rate():.4f} (95% Wilson interval {lo:.4f}–{hi:.4f})")
    print(f"mean moves {res.moves / res.games:.1f}")
    if res.won_seeds:
        shown = ", ".join(map(str, res.won_seeds[:10]))
        more = f" … ({res.won} in all)" if len(res.won_seeds) > 10 else ""
        print(f"won deals: {shown}{more}")
