"""The policies that play a deal, by name: the one registry that `simulate`, `verify`,
`diff` and the argument parser read.

Data only (names, what each is, default caps), so building the command line's parser loads
no engine; `pipeline.solve.policies` plays them (`play_deal`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Policy:
    name: str
    note: str  # what it is, in a report
    searches: bool  # True: a search whose cap is positions, seeing every card; else moves
    budget: int  # default cap per deal in `simulate`: positions searched, or player moves
    per_move: bool = False  # True: `budget` is counted per move (`unit`), not per deal
    in_verify: bool = True  # does `verify` play it unless told which (`--policies`)?
    move_unit: str = ""  # with `per_move`: what `budget` counts at each move

    @property
    def unit(self) -> str:
        """What `budget` counts, in a report."""
        if self.per_move:
            return f"{self.move_unit} per move"
        return "positions" if self.searches else "moves"


POLICIES: dict[str, Policy] = {
    p.name: p
    for p in (
        Policy("solver", "sees every card: an upper bound for a person", True, 100_000),
        Policy(
            "restarts",
            "the solver's own search resumed in turns with short searches on Luby's schedule, "
            "ties broken in other seeded orders and, after the first four, at one position in "
            "eight a random move tried first "
            "(`pasyans solve --restarts`): wins more deals of games most deals of which are "
            "won, proves fewer lost",
            True,
            100_000,
            in_verify=False,
        ),
        Policy(
            "beam",
            "best-first searches ranked by the spec's measure of progress, in turns "
            "(`pipeline/solve/bestfirst.py`): each proves wins only, never a loss; then, if they "
            "found none, the restarts' search with as many positions (a loss proved by it is a "
            "proof)",
            True,
            300_000,
            in_verify=False,
        ),
        Policy(
            "greedy",
            "plays as a person could: foundation moves first, then uncovering",
            False,
            5_000,
        ),
        Policy("random", "uniform choice among the legal moves", False, 5_000),
        Policy(
            "hindsight",
            "sees only what a person sees: deals the hidden cards again, searches each deal",
            False,
            4_000,
            per_move=True,
            in_verify=False,
            move_unit="solver positions",
        ),
        Policy(
            "playouts",
            "sees only what a person sees: deals the hidden cards again, tries each move on "
            "every re-deal and plays it out to its end (hindsight optimization)",
            False,
            16,
            per_move=True,
            in_verify=False,
            move_unit="re-deals",
        ),
    )
}
NAMES = tuple(POLICIES)  # solver (an upper bound), restarts, beam, greedy, random, guessers
#: the policies that are a search of the whole deal, seeing every card: their won and lost
#: are proofs, good at any budget
SEARCHES = tuple(p.name for p in POLICIES.values() if p.searches and not p.per_move)

#: The first deal of every verb that deals without being told which: `play`, `show`, `solve`,
#: `random` and `diff` deal seed 1, and `simulate` and `verify` run seeds 1, 2, …, so deal k
#: of a run is what `pasyans solve SPEC --seed k` solves.
DEFAULT_SEED = 1
