"""The solver's Accordion outcomes against a direct reading of the rules, on random short rows.

Run from the repository root:
    python3 benchmarks/accordion_oracle.py [--deals 150] [--cards 10] [--seed 7]

Each deal is `--cards` cards drawn at random from one pack and laid in a row (the other cards
set aside by the spec's `setup`); the engine plays `rules/reference/accordion.yaml`'s two
rules on it and the exact solver decides it; a few lines of plain Python (`win` below) read
the rules directly: a pile moves onto the pile one or three to its left when their top cards
share a suit or a rank, and the row closes up. Prints the number of deals, the number won
and the disagreements (each listed). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pipeline.engine import compile_game  # noqa: E402
from pipeline.solve.search import Budget, solve  # noqa: E402
from pipeline.spec import load_spec_text  # noqa: E402

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DECK = [r + s for s in "SHDC" for r in RANKS]


@functools.cache
def win(piles: tuple[str, ...]) -> bool:
    """Can this row of top cards end as one pile?"""
    if len(piles) == 1:
        return True
    for i in range(len(piles)):
        for j in (i - 1, i - 3):
            if j < 0:
                continue
            a, b = piles[i], piles[j]
            fits = a[-1] == b[-1] or a[:-1] == b[:-1]
            if fits and win((*piles[:j], a, *piles[j + 1 : i], *piles[i + 1 :])):
                return True
    return False


def spec_for(order: list[str]) -> str:
    text = (ROOT / "rules" / "reference" / "accordion.yaml").read_text(encoding="utf-8")
    rest = ", ".join(c for c in DECK if c not in order)
    text = text.replace("count: 52", f"count: {len(order)}")
    text = text.replace("  stock: {role: stock", "  unused: {role: out}\n  stock: {role: stock", 1)
    return text.replace(
        "deal:\n", f"setup:\n  - {{take: {{cards: [{rest}]}}, to: unused}}\ndeal:\n", 1
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=150)
    ap.add_argument("--cards", type=int, default=10)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    won = bad = 0
    for _ in range(a.deals):
        order = rng.sample(DECK, a.cards)
        game = compile_game(load_spec_text(spec_for(order), "accordion-row.yaml"))
        ours = solve(game, order=order, budget=Budget(nodes=1_000_000)).outcome
        ref = "won" if win(tuple(order)) else "lost"
        won += ref == "won"
        if ours != ref:
            bad += 1
            print(f"disagreement: {' '.join(order)}: solver {ours}, rules {ref}")
    print(f"{a.deals} deals of {a.cards} cards: {won} won by the rules, {bad} disagreements")


if __name__ == "__main__":
    main()
