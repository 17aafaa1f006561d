"""Does the suits-alone proof (`pipeline.solve.alone`) ever call a winnable position lost?

For each spec it holds for, random games are played from deals 1..N (a move to a foundation
taken with chance `--up` when there is one, to reach the end games). Every `--every`-th
position where the proof applies (no redeal left) with at most `--stock-max` cards in the
stock is
searched twice within `--budget` positions: by the solver as it runs (every reduction, the
proof among them) and by a search without any reduction (no pruning, no dead ends, exact
keys); and the proof's own verdict on the position is kept. A position the proof calls lost
that the plain search wins, or a solver's `lost` where the plain search wins, is unsound.
One line per spec: the proof's verdicts against the plain search's outcomes, and the
outcomes of both searches where both decide. With `--lines K`, also the winning lines the
solver finds (restarts, `--budget` positions) for deals 1..K: every position of a winning
line is won, so the proof must call none of them lost.

    python3 benchmarks/alone_soundness.py --deals 100 --budget 20000 --up 0.8 --lines 40
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vacancy_soundness import SPECS  # noqa: E402  (the same six readings: both proofs hold there)


def main() -> None:
    from pipeline.engine import compile_game
    from pipeline.engine.moves import TRANSFER
    from pipeline.solve import Budget, Solver
    from pipeline.spec import load_spec

    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--budget", type=int, default=20_000)
    ap.add_argument("--up", type=float, default=0.8, help="chance of a foundation move")
    ap.add_argument("--every", type=int, default=7, help="check every k-th position")
    ap.add_argument("--per-deal", type=int, default=3, help="positions checked per deal")
    ap.add_argument(
        "--stock-max",
        type=int,
        default=3,
        help="only positions with this many stock cards or fewer",
    )
    ap.add_argument("--only", default=",".join(SPECS))
    ap.add_argument("--lines", type=int, default=0, help="winning lines of deals 1..K")
    args = ap.parse_args()
    bad = 0
    for name in args.only.split(","):
        g = compile_game(load_spec(ROOT / "rules" / f"{name}.yaml"))
        solver = Solver(g)
        plain = Solver(g, prune=False, exact_keys=True)
        proof = solver.dead.alone
        assert proof is not None, name
        found = set(g.foundations)
        rng = random.Random(13)
        verdicts: dict[tuple[bool, str], int] = {}
        both: dict[tuple[str, str], int] = {}
        t0 = time.process_time()
        for seed in range(1, args.deals + 1):
            s = g.new_state(seed=seed)
            seen = taken = 0
            for _ in range(3000):
                moves = s.legal_moves()
                if not moves or taken >= args.per_deal:
                    break
                if proof.applies(s) and len(s.card_piles()[g.stock]) <= args.stock_max:
                    seen += 1
                    if seen % args.every == 1:
                        taken += 1
                        dead = proof.dead_piles(s.card_piles())
                        a = solver.search(s.copy(), Budget(nodes=args.budget))
                        b = plain.search(s.copy(), Budget(nodes=args.budget))
                        verdicts[dead, b.outcome] = verdicts.get((dead, b.outcome), 0) + 1
                        if "unknown" not in (a.outcome, b.outcome):
                            both[a.outcome, b.outcome] = both.get((a.outcome, b.outcome), 0) + 1
                        if (dead and b.outcome == "won") or (a.outcome, b.outcome) == (
                            "lost",
                            "won",
                        ):
                            bad += 1
                            print(
                                f"  UNSOUND {name} deal {seed}: {[m.notation for m in s.history]}"
                            )
                ups = [m for m in moves if m.kind == TRANSFER and m.dst in found]
                if ups and rng.random() < args.up:
                    s.apply(rng.choice(ups))
                else:
                    s.apply(rng.choice(moves))
        called = sum(n for (d, _), n in verdicts.items() if d)
        called_won = verdicts.get((True, "won"), 0)
        called_lost = verdicts.get((True, "lost"), 0)
        agree = both.get(("won", "won"), 0) + both.get(("lost", "lost"), 0)
        print(
            f"{name}: {sum(verdicts.values())} positions checked; called lost {called} "
            f"(plain search: {called_lost} lost, {called_won} won, "
            f"{called - called_lost - called_won} unknown); not called lost "
            f"{sum(verdicts.values()) - called} (plain: "
            f"{verdicts.get((False, 'won'), 0)} won, {verdicts.get((False, 'lost'), 0)} lost); "
            f"both searches decide {sum(both.values())}, agree {agree} "
            f"({both.get(('won', 'won'), 0)} won); {time.process_time() - t0:.1f} CPU s",
            flush=True,
        )
        if args.lines:
            t0 = time.process_time()
            wins = on_line = 0
            finder = Solver(g, restarts=True)
            for seed in range(1, args.lines + 1):
                r = finder.solve(seed=seed, budget=Budget(nodes=args.budget))
                if r.outcome != "won":
                    continue
                wins += 1
                s = g.new_state(seed=seed)
                for m in r.moves:
                    s.apply(m)
                    if proof.applies(s):
                        on_line += 1
                        if proof.dead_piles(s.card_piles()):
                            bad += 1
                            print(f"  UNSOUND {name} deal {seed}: a won line's position")
            print(
                f"{name}: winning lines of {wins} of deals 1-{args.lines}, {on_line} positions "
                f"where the proof applies, none may be called lost; "
                f"{time.process_time() - t0:.1f} CPU s",
                flush=True,
            )
    if bad:
        print(f"UNSOUND: {bad}")
        sys.exit(1)


if __name__ == "__main__":
    main()
