"""Random playouts: uniform choice over the legal moves, reproducible from a seed.

Game i of a run with seed s is dealt with seed s + i (so ``--seed 7 --games 1`` plays the
deal ``show --seed 7`` shows) and chooses its moves with
``SplitMix64(derive(s + i, 1))`` (see `rng.py`): ``moves[rng.below(len(moves))]``, among
the legal moves less the recycles `RecycleGuard` finds pointless.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pipeline.engine.layout import MemoSwitch
from pipeline.engine.moves import RECYCLE
from pipeline.engine.rng import SplitMix64, derive
from pipeline.stats import wilson

if TYPE_CHECKING:
    from pipeline.engine.game import Game


@dataclass
class PlayoutResults:
    games: int = 0
    won: int = 0
    lost: int = 0
    unfinished: int = 0  # stopped at max_moves (or by the automatic-loop guard)
    moves: int = 0  # player moves made, all games
    won_seeds: list[int] = field(default_factory=list)

    def add(self, seed: int, outcome: str, moves: int) -> None:
        """Count one game's outcome (`won`, `lost` or `unfinished`) and its moves."""
        self.games += 1
        self.moves += moves
        if outcome == "won":
            self.won += 1
            self.won_seeds.append(seed)
        elif outcome == "lost":
            self.lost += 1
        else:
            self.unfinished += 1

    def win_rate(self) -> float:
        return self.won / self.games if self.games else 0.0

    def wilson(self, z: float = 1.959964) -> tuple[float, float]:
        return wilson(self.won, self.games, z)

    def to_dict(self) -> dict:
        lo, hi = self.wilson()
        return {
            "games": self.games,
            "won": self.won,
            "lost": self.lost,
            "unfinished": self.unfinished,
            "moves": self.moves,
            "mean_moves": round(self.moves / self.games, 3) if self.games else 0.0,
            "win_rate": self.win_rate(),
            "wilson95": [lo, hi],
            "won_seeds": self.won_seeds[:100],  # the first 100 won deals
        }


class RecycleGuard:
    """The random player's loop avoidance: it turns a stock back (an unlimited `recycle`) only
    when a card has left the stock and talon since the last time; the first time always.

    The rules allow every recycle ("unlimited passes"); a player who recycles without playing
    a card in between only repeats the same passes, so the random player gives up instead
    (the game counts as lost, like a game with no legal move)."""

    def __init__(self, game) -> None:
        turns = [t for t in game.turns if t.recycle < 0]
        self.feed = tuple(sorted({p for t in turns for p in (t.src, t.dst)}))
        self.last: int | None = None  # cards in stock and talon after the last recycle

    def useful(self, state, moves: list) -> list:
        last = self.last
        if last is None or not any(m.kind == RECYCLE for m in moves):
            return moves
        piles = state.piles
        if sum(len(piles[p]) for p in self.feed) < last:
            return moves
        return [m for m in moves if m.kind != RECYCLE]

    def made(self, state, move) -> None:
        if move.kind == RECYCLE:
            piles = state.piles
            self.last = sum(len(piles[p]) for p in self.feed)


def play_one(
    game: Game, seed: int, max_moves: int = 5000, memo: MemoSwitch | None = None
) -> tuple[str, int]:
    """One random playout of deal `seed`: ("won" | "lost" | "unfinished", player moves).
    `memo`: the switch the playouts of a run share (`Game.new_state`)."""
    state = game.new_state(seed=seed, memo=memo)
    rng = SplitMix64(derive(seed, 1))
    below = rng.below
    step = state.step
    guard = RecycleGuard(game) if any(t.recycle < 0 for t in game.turns) else None
    n = 0
    gave_up = False
    while n < max_moves:
        moves = state._cache
        if moves is None:
            moves = state.legal_moves()
        if guard is not None:
            moves = guard.useful(state, moves)
            gave_up = not moves
        if not moves:
            break
        m = moves[below(len(moves))] if len(moves) > 1 else moves[0]
        if guard is not None:
            guard.made(state, m)
        step(m)
        n += 1
    if state.is_won():
        return "won", n
    if gave_up:
        return "lost", n
    if state.loop_stopped or (n >= max_moves and not state.is_lost()):
        return "unfinished", n
    return "lost", n


def random_playouts(game: Game, seed: int, games: int, max_moves: int = 5000) -> PlayoutResults:
    """`games` random playouts of deals seed, seed+1, …; a summary of the results."""
    res = PlayoutResults()
    memo = MemoSwitch()
    for i in range(games):
        outcome, n = play_one(game, seed + i, max_moves, memo)
        res.add(seed + i, outcome, n)
    return res
