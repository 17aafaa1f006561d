"""Replay a solution Solvitaire printed in our engine: when Solvitaire wins a deal our solver
leaves unknown (or calls lost), this says which side is wrong. If every step of its line is
reached by legal moves of our spec and the line ends won, the deal is winnable under our rules
and the gap is our search's (or, were ours `lost`, a defect of our solver); if a step is
reached by no legal move, the rules differ there, and the step is printed.

Run from the repository root:
    python3 benchmarks/solvitaire_crosscheck.py rules/reference/klondike-1.yaml \\
        --write-deal 4 > d.json
    BIN --custom-rules RULES.json --timeout 20000 --streamliners none d.json > d.sol
    python3 benchmarks/solvitaire_replay.py rules/reference/klondike-1.yaml 4 d.sol

Solvitaire prints the position after each of its moves (foundations' tops, the tableau row
by row with a face-down card as `##`, stock and waste). A move of its may be several of ours:
it plays any card the stock can reach as one move, so each step is matched by turning the
stock (at most `--turns` times, a recycle counting as a turn) and then at most one other move
of ours (or more Solvitaire steps than one, where our engine acts by itself: a lone deal).
Two positions match when the foundations' tops, the tableau piles (in any order:
Solvitaire may print them in its own) and the number of cards in stock and waste together
are the same. Games with cells, a reserve or a hole are refused: this reads only the sections
foundations, tableau, stock and waste (Klondike, Canfield, East Haven and their like).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.append(str(REPO))

SECTIONS = ("--- Foundations", "--- Tableau Piles", "--- Stock | Waste", "--- Stock ---")
Position = tuple[tuple[str, ...], tuple[tuple[str, ...], ...], int]


def parse_solution(text: str) -> list[Position]:
    """Solvitaire's printed positions, first (the deal) to last: foundations' tops (sorted),
    tableau piles (sorted, bottom to top, a face-down card `##`), cards in stock and waste."""
    out: list[Position] = []
    for block in text.split("=" * 35):
        lines = block.strip("\n").splitlines()
        heads = [i for i, line in enumerate(lines) if line.startswith("--- ")]
        if not heads:
            continue
        names = [lines[i].strip("- ") for i in heads]
        if any(not lines[i].startswith(SECTIONS) for i in heads):
            raise ValueError(f"a section this replay does not read: {', '.join(names)}")
        ends = [*heads[1:], len(lines)]
        part = {name: lines[h + 1 : e] for name, h, e in zip(names, heads, ends, strict=True)}
        found = part.get("Foundations", [""])[0].split("\t")
        tops = tuple(sorted(x for x in found if x and x != "[]"))
        rows = [row.split("\t") for row in part.get("Tableau Piles", [])]
        piles: list[list[str]] = [[] for _ in range(max((len(r) for r in rows), default=0))]
        for row in rows:
            for c, x in enumerate(row):
                if x and x != "[]":
                    piles[c].append(x)
        waste = part.get("Stock | Waste", part.get("Stock", []))
        stock = sum(1 for row in waste for x in row.split("\t") if x.strip() and x != "[]")
        out.append((tops, tuple(sorted(tuple(p) for p in piles)), stock))
    return out


def position(game, state) -> Position:
    """Our position in the same terms as `parse_solution`."""
    tops, piles, stock = [], [], 0
    for gid, ids in game.group_piles.items():
        role = game.role[ids[0]]
        for n in range(1, len(ids) + 1):
            cards = state.pile(gid, n)
            if role == "foundation" and cards:
                tops.append(str(cards[-1]))
            elif role == "tableau":
                piles.append(tuple(str(c) if c.face_up else "##" for c in cards))
            elif role in ("stock", "talon"):
                stock += len(cards)
            elif cards:
                raise ValueError(f"cards in a {role} pile: this replay reads no such section")
    return tuple(sorted(tops)), tuple(sorted(piles)), stock


def replay(
    game, seed: int, steps: list[Position], turns: int = 60, skip: int = 2
) -> tuple[int, list[str]]:
    """How many of Solvitaire's steps our legal moves reach from the deal, and the moves (ours,
    as text) that reach them. Our engine makes a lone `deal` by itself (and any automatic
    action of the spec), so one move of ours may pass through up to `skip` more of
    Solvitaire's steps: the nearest step a move reaches is taken."""
    from pipeline.engine.moves import RECYCLE, TURN

    state = game.new_state(seed=seed)
    if position(game, state) != steps[0]:
        return 0, []
    line: list[str] = []
    i = 0
    while i < len(steps) - 1:
        ahead = {steps[j]: j for j in range(min(len(steps) - 1, i + 1 + skip), i, -1)}
        # each trial is made and taken back (`undo`) on the one state: a copy costs the length
        # of its history, which made a long line's replay quadratic (35,889 steps: hours)
        turned: list[str] = []
        reached: list[tuple[int, list[str]]] = []
        for _ in range(turns + 1):
            stock_moves = []
            for m in state.legal_moves():
                if m.kind in (TURN, RECYCLE):
                    stock_moves.append(m)
                    continue
                state.apply(m)
                j = ahead.get(position(game, state))
                state.undo()
                if j is not None:
                    reached.append((j, [*turned, str(m)]))
            if any(j == i + 1 for j, _ in reached) or not stock_moves:
                break
            state.apply(stock_moves[0])
            turned.append(str(stock_moves[0]))
            j = ahead.get(position(game, state))
            if j is not None:
                reached.append((j, list(turned)))
        for _ in turned:
            state.undo()
        if not reached:
            return i, line
        j, moves = min(reached, key=lambda r: r[0])
        for text in moves:
            state.apply(text)
        line += moves
        i = j
    return len(steps) - 1, line


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("spec")
    ap.add_argument("seed", type=int)
    ap.add_argument("solution", help="Solvitaire's output for the deal, without --classify")
    ap.add_argument("--turns", type=int, default=60, help="stock turns tried before a move")
    args = ap.parse_args()
    from pipeline.engine.loading import load_game

    try:
        game = load_game(args.spec)
        steps = parse_solution(Path(args.solution).read_text())
    except (OSError, ValueError) as e:
        print(f"solvitaire_replay.py: {e}", file=sys.stderr)
        return 2
    if not steps:
        print(f"solvitaire_replay.py: {args.solution}: no position printed", file=sys.stderr)
        return 2
    done, line = replay(game, args.seed, steps, args.turns)
    state = game.new_state(seed=args.seed)
    for text in line:
        state.apply(state.parse_move(text))
    won = done == len(steps) - 1 and state.is_won()
    print(
        f"{args.spec} deal {args.seed}: {done} of {len(steps) - 1} Solvitaire steps reached by "
        f"our legal moves ({len(line)} moves of ours); "
        + (
            "won under our rules"
            if won
            else "its line ends unwon"
            if done == len(steps) - 1
            else f"step {done + 1} is reached by no move of ours"
        )
    )
    return 0 if won else 1


if __name__ == "__main__":
    sys.exit(main())
