"""Does Solvitaire skip a legal move right after it deals the stock onto the piles?

Its move generator leaves out a move from the pile the previous move went to (a reversal),
and it records a deal of the stock onto every pile as a move "to" pile 0. Pile 0 is not the
first tableau pile: in every game with foundations and no hole it is the first foundation
(its foundations come first, by suit, clubs first). So right after a stock deal no
tableau move is skipped, but where the foundations are "removable" (worrying back), the
clubs foundation's top cannot come back to the piles as the next move.

Four crafted positions settle it, each in two forms: the last stock deal still to make
(`pre`, the form where the skip can act) and already made (`post`):

- **Will O' The Wisp**, Solvitaire's preset as that release plays it (cards to the
  foundations one at a time): after the deal the only legal move is 7S from the first
  tableau pile to the foundation (`rules/reference/will-o-the-wisp.solvitaire.yaml` with
  the position set by `setup` and a shorter deal);
- **East Haven with worrying back** (its preset, foundations removable): after the deal
  the only legal move is the top of the clubs foundation, 5C, back onto 6H; and the same
  position with clubs and spades exchanged (a symmetry of the rules, so a correct solver
  gives the same outcome). Ours states it as `rules/reference/east-haven.yaml` plus a move
  rule `from: foundations`.

Ours: `Solver` on our deal of each position (the engine makes the lone `deal` itself),
every win replayed. Solvitaire: `BIN --type T --classify --streamliners none FILE`.

    python3 benchmarks/solvitaire_after_deal.py [--solvitaire BIN] [--write DIR]

Without `--solvitaire` only our side runs. Nothing is asserted; Solvitaire is GPL and never a
dependency (`../shared/anchors/solvitaire/build.sh`).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from solvitaire_crosscheck import run_solvitaire, solvitaire_deal  # noqa: E402

from pipeline.engine.loading import load_game  # noqa: E402
from pipeline.solve.search import Budget, Solver  # noqa: E402

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def _run(suit: str, ranks: list[str]) -> list[str]:
    return [r + suit for r in ranks]


def crafted() -> list[dict]:
    """Each case: the reference spec, the foundations, the tableau before the last deal
    (bottom to top) and the cards that deal puts on piles 1, 2, ..., Solvitaire's preset."""
    cases = [
        {
            "name": "will-o-the-wisp: 7S up from pile 1",
            "spec": "will-o-the-wisp.solvitaire.yaml",
            "kind": "will-o-the-wisp",
            "foundations": [
                _run("S", RANKS[:6]), _run("H", RANKS[:8]), _run("D", RANKS), _run("C", RANKS[:4])
            ],
            "tableau": [
                ["9H", "8S"], ["5C", "10S"], ["6C", "10C"], ["7C", "10H"],
                ["8C", "QS"], ["9C", "QC"], ["9S", "QH"],
            ],
            "dealt": ["7S", "JS", "JC", "JH", "KS", "KC", "KH"],
            "worry": False,
        }
    ]  # fmt: skip
    for b, other in (("C", "S"), ("S", "C")):
        cases.append(
            {
                "name": f"east-haven, worrying back: 5{b} back onto 6H",
                "spec": "east-haven.yaml",
                "kind": "east-haven",
                "foundations": [
                    _run(b, RANKS[:5]), _run(other, RANKS), _run("D", RANKS), ["AH", "2H"]
                ],
                "tableau": [
                    ["3H", "9H"], ["6" + b, "7H"], ["7" + b, "5H"], ["9" + b, "J" + b],
                    ["10H", "K" + b], ["JH"], ["KH"],
                ],
                "dealt": ["4H", "6H", "10" + b, "8H", "QH", "8" + b, "Q" + b],
                "worry": True,
            }
        )  # fmt: skip
    return cases


def our_spec(case: dict) -> tuple[dict, list[str]]:
    """The reference spec with the position set out by `setup` and a deal of the tableau in
    rows, then the last stock round as a `deal` move; and the order that deals it."""
    spec = yaml.safe_load((REPO / "rules" / "reference" / case["spec"]).read_text(encoding="utf-8"))
    spec["id"] = "crafted-" + spec["id"]
    spec["setup"] = [
        {"take": {"cards": cards}, "to": f"foundations.{i + 1}"}
        for i, cards in enumerate(case["foundations"])
    ]
    depth = max(len(p) for p in case["tableau"])
    rows = [[n for n, p in enumerate(case["tableau"]) if len(p) > r] for r in range(depth)]
    spec["deal"] = [
        {"id": f"row{r + 1}", "to": [f"columns.{n + 1}" for n in row]} for r, row in enumerate(rows)
    ] + [{"id": "stock", "to": "columns", "rounds": 1, "next_round": "choice"}]
    if case["worry"]:
        spec["moves"]["from-foundation"] = {
            "from": "foundations",
            "to": "columns",
            "build": {"direction": "down", "suit": "alternate", "empty": "any"},
        }
    order = [case["tableau"][n][r] for r, row in enumerate(rows) for n in row] + case["dealt"]
    return spec, order


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--solvitaire", help="Solvitaire's binary (without it, ours only)")
    ap.add_argument("--timeout", type=int, default=20000, help="Solvitaire's wall ms a position")
    ap.add_argument("--write", help="write each position's Solvitaire deal files here")
    args = ap.parse_args()
    out = Path(args.write) if args.write else None
    if out:
        out.mkdir(parents=True, exist_ok=True)
    for i, case in enumerate(crafted()):
        spec, order = our_spec(case)
        with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as f:
            yaml.safe_dump(spec, f, sort_keys=False)
        game = load_game(f.name)
        Path(f.name).unlink()
        state = game.new_state(order=order)
        post = solvitaire_deal(game, state, False)
        pre = {
            "tableau piles": case["tableau"],
            "foundations": [c for p in case["foundations"] for c in p],
            "stock": case["dealt"][::-1],  # its stock deals the last card listed onto pile 1
        }
        legal = sorted(str(m) for m in state.legal_moves())
        r = Solver(game).solve(order=order, budget=Budget(nodes=100000))
        if r.outcome == "won":
            check = game.new_state(order=order)
            for m in r.moves:
                check.apply(m)
            assert check.is_won(), case["name"]
        print(f"{case['name']}")
        print(f"  ours: legal after the deal {legal}; {r.outcome} in {r.nodes} positions")
        for form, deal in (("pre", pre), ("post", post)):
            if out:
                (out / f"case{i + 1}-{form}.json").write_text(json.dumps(deal) + "\n")
            if args.solvitaire:
                s = run_solvitaire(args.solvitaire, case["kind"], deal, 0, args.timeout)
                kind = case["kind"]
                print(f"  Solvitaire --type {kind}, {form}-deal: {s['raw']}, {s['states']} states")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
