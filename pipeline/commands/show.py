"""`pasyans show SPEC [--seed N]`: draw a game's table, in its shape, at the first position
where the player decides.

The engine deals and makes every automatic move by itself until the player has a move to
choose, so that position may be mid-deal (the Blockade deals its row card by card and
stops at an ace; the Shah's first circle waits for the player's `deal`): the title says so.
"""

from __future__ import annotations

import argparse

from pipeline.commands.options import add_color_arguments

FIRST_DECISION = "the first position where the player decides"
NO_DECISION = "the deal decides the game: the player has no move"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("spec", metavar="SPEC", help="a rule spec file, or a shipped game id")
    parser.add_argument(
        "--seed", metavar="N", default=None, help="deal number, 0 … 2**64-1 (default 1)"
    )
    parser.add_argument(
        "--names", action="store_true", help="draw each pile's name where it lies, not the deal"
    )
    add_color_arguments(parser)


def run(args: argparse.Namespace) -> int:
    import sys

    from pipeline.engine.loading import load_game
    from pipeline.engine.rng import parse_seed
    from pipeline.play.title import title
    from pipeline.render import Style, color_wanted, pile_map, render

    seed = parse_seed(args.seed)
    game = load_game(args.spec)
    style = Style(color=color_wanted(args.color, sys.stdout), ascii=args.ascii)
    if args.names:
        sys.stdout.write(title(game, None) + "\n" + pile_map(game, style))
        return 0
    state = game.new_state(seed=seed)
    when = FIRST_DECISION if state.legal_moves() else NO_DECISION
    sys.stdout.write(render(state, game, style, title=f"{title(game, seed)} · {when}"))
    return 0
