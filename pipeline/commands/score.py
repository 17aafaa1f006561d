"""`pasyans score EXTRACTED CURATED [--json]`: field F1 and play agreement of two specs."""

from __future__ import annotations

import argparse

from pipeline.policies import DEFAULT_SEED


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("extracted", help="the extracted spec (a file or a shipped id)")
    parser.add_argument("curated", help="the curated spec (a file or a shipped id)")
    parser.add_argument("--deals", type=int, default=10, help="deals for the agreement (10)")
    parser.add_argument(
        "--seed",
        metavar="N",
        default=str(DEFAULT_SEED),
        help=f"first deal, 0 … 2**64-1 ({DEFAULT_SEED})",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


def run(args: argparse.Namespace) -> int:
    import json

    from pipeline.commands.options import deal_count
    from pipeline.engine.rng import MAX_SEED, parse_seed
    from pipeline.errors import UsageError
    from pipeline.extract.score import score
    from pipeline.spec.resolve import load_checked_spec

    seed = parse_seed(args.seed)
    if args.deals < 0:
        raise UsageError("--deals must not be negative")
    if args.deals:  # 0: no play agreement
        deal_count(args.deals)
    if seed + args.deals - 1 > MAX_SEED:
        raise UsageError(f"--seed {seed} with --deals {args.deals} runs past seed 2**64-1")
    ext, cur = load_checked_spec(args.extracted), load_checked_spec(args.curated)
    sc = score(ext, cur, deals=args.deals, seed=seed)
    if args.json:
        print(json.dumps(sc.to_dict(), ensure_ascii=False, indent=1))
        return 0
    print(
        f"fields: precision {sc.precision:.3f}, recall {sc.recall:.3f}, F1 {sc.f1:.3f} "
        f"({sc.gold} cited fields in the curated spec, {sc.claimed} in the extracted one)"
    )
    if sc.agreement is not None:
        print(
            f"agreement: {sc.agreement:.3f} of {sc.positions} positions offer the same moves "
            f"({args.deals} random trajectories through the curated game)"
        )
    renamed = {a: b for a, b in sc.mapping.items() if a != b}
    if renamed:
        print("groups: " + ", ".join(f"{a} = {b}" for a, b in renamed.items()))
    for name, rows in (("missed", sc.missed), ("wrong", sc.wrong), ("extra", sc.extra)):
        for r in rows:
            print(
                f"  {name:<6} {r['field']}: curated {r['curated']!r}, extracted {r['extracted']!r}"
            )
    if sc.divergence:
        d = sc.divergence
        print(
            f"first divergence (deal {d['deal']}): curated only {d['curated_only']}, "
            f"extracted only {d['extracted_only']}"
        )
    return 0
