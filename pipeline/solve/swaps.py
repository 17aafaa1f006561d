"""Runs between tableau piles: a part of a run moves only when the card it uncovers can go up.

In a game whose runs move whole or in part (Klondike, Thirty Six), most moves of a part of a
run only swap which of two alike cards is covered: the card the part leaves on top and the
card it goes onto both take that part, so they take the same builds (same rank, and the same
colour where builds alternate). A search that tries every such swap meets the same tableau
again and again with two alike cards exchanged. Blake & Gent's Solvitaire restricts these
moves for Klondike; here the restriction is derived from the rules a spec states and switched
on only where the argument below holds (`reason`), never from a game's name.

Terms. The *swap group*: the non-foundation piles that a `run: true` rule moves runs between.
Two card keys are *alike* when every rule that lays cards on the group lays the same cards on
them (one `follows` table for all those rules: `same_follows`). A *swap* is a move of cards
c_i..c_n of pile A (i > 0) onto the top card t of a non-empty pile B of the group, where
c_{i-1} is face up, c_i lies on it by the run relation, and t and c_{i-1} are alike. It is
*justified* when, after it, c_{i-1} can go to a foundation (`foundation_takes`: a foundation
takes it now; the swap changes no foundation). The claim, for a spec that passes `reason`:
a position that can be won can be won by a line with no unjustified swap, so the search may
leave unjustified swaps out.

Proof sketch. Let Y be the position after an unjustified swap from X (cards U = c_i..c_n
moved from a on A onto b on B, a = c_{i-1} and b = t alike). Say two positions are *related*
(heads a and b, stacks U and V) when they are the same but for the cards above a and b: in
one a carries U and b carries V, in the other a carries V and b carries U (either may be
empty; each is a run whose bottom lies on a, hence on b). X and Y are related (V empty).
Every move of a line from Y has a counterpart from X that keeps them related or makes them
equal, as long as the line does not put a head that is uncovered in Y (and covered in X) on
a foundation: a move that touches neither head nor the bottom of U or V is the same move;
a card or run laid on the uncovered head goes onto the other head (alike, uncovered in the
other position); a run of A (or B) through its head, with the stack that head carries, moves
with the other stack instead (legal: the stacks' bottoms lie on either head, runs move
whatever their length, and the destination reads only the run's bottom card); U or V moved
whole from one head moves whole from the other. Such a run never lands on the other head's
stack: runs go down (or up) one way without wrapping, so a run through a head starts at or
above the head's rank and the other stack ends below it. A build that goes round from the
foundations' base (`wrap: base`: a king on an ace, never the rank below the base on the
base) goes one way without wrapping in ranks counted from the base, which is fixed once
the deal is over, so the same holds in those ranks. A fill that refills only empty piles
from piles outside the runs' piles and the foundations (Canfield's reserve) makes the same
move in both lines: related positions have the same empty piles (a head leaves its pile
only with its counterpart, from the same place) and the same sources. A win empties the tableau, so
related positions are then equal. If the line does put the uncovered head a on a foundation,
its counterpart from X reaches a position related to the one before that move in which a
still carries U and b is uncovered: the swap made there, U from a onto b, is justified
(a goes up next) and gives the same position. So the line from X is no longer than the one
from Y plus the swap: a win with an unjustified swap at move j becomes one as long or
shorter whose unjustified swaps are all after move j (a counterpart is a swap exactly when
its move is, except a stack moved whole from the other head, which needs V not empty, so not
at the first move after the swap). Moves counted from the end, the multiset of unjustified
swaps' positions decreases each time, so a line with none exists. With safe-move pruning
(each of its steps keeps the line no longer) and the stock as a sequence (turns reordered
before plays; a swap's justification reads only the foundations and the tableau) the search
stays complete.

Conditions (`reason`, and in the position: the deal is over, so nothing but the moves lays
cards on the piles; a stock dealt in rows when the player likes, East Haven's, lays cards
until then, and the argument starts where it no longer can): a win that needs the tableau
empty; no automatic moves, rules that wait for other moves or count uses, or blocks for
other families; fills only into empty piles (`up_to: 1`), at once or when the player
likes, from piles outside the group and the foundations (`_fill_reason`); every rule that
lays cards on the group builds one way (`down` or `up`) without wrapping or round from the
base (`wrap: base`), with no cards selector, depth or capacity, and all by one relation; every
rule that takes from the group plays to foundations (one card) or moves runs (`run: true`)
within the group by that same relation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pipeline.engine.compile import blocks_used
from pipeline.engine.moves import TRANSFER, Move
from pipeline.engine.state import State
from pipeline.solve.talon import PLAIN_WINS, pile_groups

_PLAIN_DEPTH = (None, {"min": None, "max": None})


def reason(rules: Mapping[str, Any]) -> str | None:
    """Why parts of runs may not be restricted to justified swaps in this spec (None: they
    may)."""
    piles = rules.get("piles") or {}
    found = {gid for gid, g in piles.items() if (g or {}).get("role") == "foundation"}
    moves = rules.get("moves") or {}
    group: set[str] = set()
    for m in moves.values():
        if m.get("run") is True and m.get("kind", "transfer") == "transfer":
            group |= (pile_groups(m.get("from")) & pile_groups(m.get("to"))) - found
    if not group:
        return "no rule moves runs between piles"
    win = rules.get("win") or "all-on-foundations"
    if isinstance(win, dict) or win not in PLAIN_WINS:
        return "the win condition may leave cards in the tableau"
    # a row dealt when the player likes (`next_round: choice`) lays cards on the piles only
    # while the deal lasts, and `RunSwaps.prune` leaves nothing out until it is over
    used = [b for b in blocks_used(rules) if b != "next_round: choice"]
    if used:
        return f"the spec uses {used[0]}"
    why = _fill_reason(rules.get("fill") or {}, group | found)
    if why is not None:
        return why
    build = None
    for rid, m in moves.items():
        if m.get("auto"):
            return f"move rule {rid!r} is made by the engine"
        if m.get("when", "always") != "always":
            return f"move rule {rid!r} depends on other moves being absent"
        if m.get("limit") is not None:
            return f"move rule {rid!r} counts its uses"
        src, dst = pile_groups(m.get("from")), pile_groups(m.get("to"))
        into = bool(dst & group)
        if m.get("kind", "transfer") != "transfer":
            if into or src & group:
                return f"move rule {rid!r} is not a transfer"
            continue
        if src & group:
            if dst <= found:
                if m.get("run"):
                    return f"move rule {rid!r} moves runs to the foundations"
            elif not (dst <= group and m.get("run") is True):
                return f"move rule {rid!r} takes from the runs' piles elsewhere"
        if not into:
            continue
        if not dst <= group:
            return f"move rule {rid!r} lays cards on other piles too"
        b = m.get("build")
        if not isinstance(b, Mapping):
            return f"move rule {rid!r} lays cards without a build"
        wrap = b.get("wrap")
        if (b.get("direction") or "down") not in ("down", "up") or wrap not in (
            None,
            False,
            "base",
        ):
            return f"move rule {rid!r} builds both ways or round the corner"
        if m.get("cards") is not None:
            return f"move rule {rid!r} selects cards"
        if m.get("source_depth") not in _PLAIN_DEPTH or m.get("target_depth") not in _PLAIN_DEPTH:
            return f"move rule {rid!r} reads depths"
        key = (
            b.get("direction") or "down",
            b.get("suit") or "any",
            int(b.get("step") or 1),
            wrap == "base",
        )
        if build is None:
            build = key
        elif key != build:
            return "the rules that lay cards on the runs' piles build differently"
    for gid in group:
        if (piles.get(gid) or {}).get("capacity") is not None:
            return f"piles {gid!r} hold a limited number of cards"
    return None


_FILL_TIMINGS = ("immediate", "optional")


def _fill_reason(fills: Mapping[str, Any], near: set[str]) -> str | None:
    """Why a fill rule may tell related positions apart (None: none does). A fill that
    refills only empty piles (`up_to: 1`), at once or when the player likes, from piles
    outside the runs' piles and the foundations (`near`), sees only which piles are empty
    and its sources, and related positions have the same empty piles (a head is never
    moved without its counterpart) and the same sources."""
    for gid, f in fills.items():
        if (f.get("up_to") or 1) != 1:
            return "a fill rule may see the piles"
        timing = f.get("timing") or "immediate"
        timings = timing.values() if isinstance(timing, Mapping) else (timing,)
        if any(t not in _FILL_TIMINGS for t in timings):
            return f"the fill of {gid!r} waits for the piles"
        for src in f.get("sources") or []:
            if pile_groups(src.get("from")) & near:
                return f"the fill of {gid!r} takes from the runs' piles or the foundations"
    return None


class RunSwaps:
    """Leaves out the unjustified swaps of a position's moves (see the module doc)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.reason = reason(game.rules)
        self.enabled = self.reason is None
        npiles = len(game.pile_name)
        self._group = bytearray(npiles)
        self._rules: set[int] = set()
        self._follows = b""
        self._alike = b""
        self.pruned = 0  # swaps left out (a measure, not a result)
        if not self.enabled:
            return
        for r in game.transfers:
            if not r.run or r.follows is None:
                continue
            for src, dsts in r.pairs:
                for d in dsts:
                    if d != src and game.role[d] != "foundation":
                        self._group[src] = 1
                        self._group[d] = 1
                        self._rules.add(r.index)
                        self._follows = r.follows
        f = self._follows
        if not f:
            self.enabled = False
            self.reason = "no rule moves runs between piles"
            return
        # card keys a and b are alike when every card lies on a exactly when it lies on b
        cols = [bytes(f[u * 52 + a] for u in range(52)) for a in range(52)]
        self._alike = bytes(1 if cols[a] == cols[b] else 0 for a in range(52) for b in range(52))

    def prune(self, state: State, moves: list[Move]) -> list[Move]:
        """`moves` without the unjustified swaps; all of them while the deal may still lay
        cards on the piles."""
        if not state.deal_over():
            return moves
        piles = state.card_piles()
        group = self._group
        rules = self._rules
        follows = self._follows
        alike = self._alike
        out: list[Move] | None = None
        for j, m in enumerate(moves):
            drop = False
            if m.kind == TRANSFER and m.rule in rules and group[m.src] and group[m.dst]:
                i = m.idx
                sp = piles[m.src]
                dp = piles[m.dst]
                if i > 0 and dp:
                    a = sp[i - 1]
                    t = dp[-1]
                    if (
                        a >= 0
                        and t >= 0
                        and follows[(sp[i] % 52) * 52 + a % 52]
                        and alike[(t % 52) * 52 + a % 52]
                        and not state.foundation_takes(a)
                    ):
                        drop = True
            if drop:
                if out is None:
                    out = moves[:j]
                self.pruned += 1
            elif out is not None:
                out.append(m)
        return moves if out is None else out
