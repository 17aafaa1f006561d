"""Random-playout outputs of every shipped spec, to check that an engine change alters nothing.

Run from the repository root:
    python3 benchmarks/playout_identity.py --save before.json      # before the change
    python3 benchmarks/playout_identity.py --compare before.json   # after: exit 1 on a difference
                                          [--games 200] [--trace-games 20] [--only NAME]
                                          [--engine DIR]

For every `rules/*.yaml` and `rules/reference/*.yaml`:
- `random`: what `pasyans random SPEC --seed 0 --games 200 --json` prints (the internal playout
  path, `pipeline.engine.playout.random_playouts`): won, lost, unfinished, moves, won seeds.
- `trace`: a SHA-256 of every move of `--trace-games` games played through the public API
  (`legal_moves`, `apply`, `automatic_moves`, one `undo`/`apply` round trip per move),
  choosing like the random player: the legal moves' notations in order, the chosen move and
  the automatic actions it triggered, and the text of the final position.
`--engine DIR` imports `pipeline` from DIR (a copy of the code before a change) while the
specs still come from this checkout.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys

from shipped import (  # benchmarks/ is on sys.path: run by path
    identity_options,
    label,
    save_or_compare,
    specs,
    use_engine,
)


def trace(game, games: int, max_moves: int) -> str:
    from pipeline.engine.rng import SplitMix64, derive

    h = hashlib.sha256()
    for seed in range(games):
        state = game.new_state(seed=seed)
        rng = SplitMix64(derive(seed, 1))
        h.update(" ".join(m.notation for m in state.automatic_moves()).encode())
        for _ in range(max_moves):
            moves = state.legal_moves()
            if not moves:
                break
            h.update("|".join(m.notation for m in moves).encode())
            m = moves[rng.below(len(moves))] if len(moves) > 1 else moves[0]
            state.apply(m)
            before = str(state)
            state.undo()
            state.apply(m)
            if str(state) != before:
                h.update(b"UNDO-MISMATCH")
            h.update(b">" + " ".join(a.notation for a in state.automatic_moves()).encode())
        h.update(f"#{state.is_won()}{state.is_lost()}\n{state}".encode())
    return h.hexdigest()


def run(args) -> dict:
    from pipeline.engine import compile_game
    from pipeline.engine.playout import random_playouts
    from pipeline.spec import load_spec

    out = {}
    for path in specs(args.only):
        game = compile_game(load_spec(path))
        res = random_playouts(game, 0, args.games, max_moves=5000)
        out[label(path)] = {
            "random": res.to_dict(),
            "trace": trace(game, args.trace_games, 300),
        }
        print(f"{label(path)}: {json.dumps(out[label(path)]['random'])}", file=sys.stderr)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--trace-games", type=int, default=20)
    identity_options(ap)
    args = ap.parse_args(argv)
    use_engine(args.engine)
    return save_or_compare(run(args), args.save, args.compare)


if __name__ == "__main__":
    sys.exit(main())
