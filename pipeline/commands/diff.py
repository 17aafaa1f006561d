"""`pasyans diff A B [--json] [--deals N] [--html OUT.html]`: what two specs say differently,
and how differently they play."""

from __future__ import annotations

import argparse

from pipeline.policies import DEFAULT_SEED, NAMES


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("a", metavar="A", help="a rule spec file, or a shipped game id (shah)")
    parser.add_argument("b", metavar="B", help="the spec to compare it with (shah.cadogan)")
    parser.add_argument("--json", action="store_true", help="print the diff as JSON")
    parser.add_argument(
        "--deals", metavar="N", default=None, help="also play both on N seeded deals"
    )
    parser.add_argument(
        "--seed", metavar="S", default=str(DEFAULT_SEED), help=f"first deal [{DEFAULT_SEED}]"
    )
    parser.add_argument(
        "--policy",
        default="random",
        choices=("random", *(n for n in NAMES if n != "random")),  # the default first
        help="how moves are chosen in play [random]",
    )
    parser.add_argument(
        "--max-moves",
        metavar="M",
        default="5000",
        help="player moves per game before it counts as unfinished [5000]",
    )
    parser.add_argument(
        "--html", metavar="OUT.html", default=None, help="also write a self-contained page"
    )


def _count(text: str, option: str) -> int:
    from pipeline.errors import UsageError

    try:
        n = int(text)
    except ValueError:
        n = 0
    if not 1 <= n <= 10_000_000:
        raise UsageError(f"{option} must be a whole number from 1 to 10000000, not {text!r}")
    return n


def _load(arg: str):
    """A spec file or shipped id, loaded; an invalid spec lists every problem."""
    import dataclasses
    from pathlib import Path

    from pipeline.errors import SpecError
    from pipeline.spec import load_spec
    from pipeline.spec.resolve import resolve_spec

    path = resolve_spec(arg)
    try:
        spec = load_spec(path)
    except SpecError as err:
        if not err.errors:
            raise
        raise SpecError(err.message, errors=err.errors) from None
    # named as the user named it: a shipped id as its place in the repository
    shown = arg if Path(arg).is_file() else f"rules/{arg}.yaml"
    return dataclasses.replace(spec, path=shown)


def run(args: argparse.Namespace) -> int:
    import json
    import sys

    from pipeline.diff import diff_specs
    from pipeline.diff.report import behaviour_text, structural_text, to_json
    from pipeline.engine.rng import parse_seed
    from pipeline.inputs import check_writable, refuse_overwrite
    from pipeline.spec.resolve import resolve_spec

    deals = _count(args.deals, "--deals") if args.deals is not None else None
    max_moves = _count(args.max_moves, "--max-moves")
    seed = parse_seed(args.seed)
    if args.policy != "random":
        from pipeline.diff.policy import outcome_function

        outcome_function(args.policy)  # unavailable: exit 2 before any work
    a, b = _load(args.a), _load(args.b)
    if args.html:
        check_writable(args.html)
        refuse_overwrite([resolve_spec(args.a), resolve_spec(args.b)], files=[args.html])
    diff = diff_specs(a, b)
    beh = None
    boards = None
    if deals is not None:
        from pipeline.diff.behaviour import play_diff

        beh = play_diff(diff, deals, seed=seed, policy=args.policy, max_moves=max_moves)
        if beh.first is not None:
            from pipeline.render import Style, color_wanted, render

            style = Style(color=color_wanted("auto", sys.stdout))
            boards = (
                render(beh.first.state_a, beh.first.state_a.game, style),
                render(beh.first.state_b, beh.first.state_b.game, style),
            )
    if args.html:
        from pipeline.atomic import write_output
        from pipeline.diff.page import page

        write_output(args.html, page(diff, beh))
    if args.json:
        print(json.dumps(to_json(diff, beh), ensure_ascii=False, indent=1))
    else:
        out = structural_text(diff)
        if beh is not None:
            out += behaviour_text(diff, beh, boards)
        sys.stdout.write(out)
    return 0 if diff.equal else 1
