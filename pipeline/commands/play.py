"""`pasyans play SPEC [--seed N] [--moves FILE]`: play in the terminal, or replay a record."""

from __future__ import annotations

import argparse

from pipeline.commands.options import add_color_arguments

# piped play ends with the game's result: won 0, lost 3, still in progress at the end of input 4
EXIT_BY_RESULT = {"won": 0, "lost": 3, "in progress": 4}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("spec", metavar="SPEC", help="a rule spec file, or a shipped game id")
    parser.add_argument(
        "--seed", metavar="N", default=None, help="deal number, 0 … 2**64-1 (default 1)"
    )
    parser.add_argument(
        "--moves",
        metavar="FILE",
        help="replay FILE (a saved game, or one move per line) without asking, "
        "print the final table and the result",
    )
    add_color_arguments(parser)


def run(args: argparse.Namespace) -> int:
    import sys

    from pipeline.engine.loading import load_game
    from pipeline.engine.rng import DEFAULT_SEED, parse_seed
    from pipeline.play.title import title
    from pipeline.render import Style, color_wanted, render, result

    seed = parse_seed(args.seed, default=None)
    game = load_game(args.spec)
    style = Style(color=color_wanted(args.color, sys.stdout), ascii=args.ascii)
    if args.moves is not None:
        from pipeline.play.records import replay_moves_file
        from pipeline.play.session import moves_text

        state, seed = replay_moves_file(game, args.moves, seed)
        sys.stdout.write(render(state, game, style, title=title(game, seed)))
        print(f"result: {result(state)} after {moves_text(len(state.history))}")
        return 0

    from pipeline.play.session import Session, bounded_lines, interactive_lines, moves_text

    seed = DEFAULT_SEED if seed is None else seed
    state = game.new_state(seed=seed)
    if sys.stdin.isatty():
        Session(game, state, sys.stdout, style=style, seed=seed).run(interactive_lines("> "))
        return 0
    # piped input: stop when the game is over or the input ends, and say how it ended
    session = Session(game, state, sys.stdout, style=style, seed=seed, until_over=True)
    session.run(bounded_lines(sys.stdin))
    outcome = result(session.state)
    print(f"result: {outcome} after {moves_text(len(session.state.history))}")
    return EXIT_BY_RESULT[outcome]
