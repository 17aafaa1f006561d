"""Spare builders: a card goes up safely when every card that could be laid on it could go
up in its place.

`safety.SafeMoves` plays card c to a foundation alone when every card a rule could lay on c
(its *builders*) is up already: then nothing is ever laid on c, and the line without c in the
tableau is the same line. That is seldom so in Klondike, where a red six waits for both black
fives. But a black five laid on the red six could go up instead whenever both black fours
are up, and so could a red four laid on that five once the red threes are: a card that
could only ever carry cards that can go up themselves is as good on its foundation. This is
the rule Blake & Gent's Solvitaire plays as a dominance for red-black building without
worrying back (its Klondike losses, e.g. draw 1's deal 49, are proved in 282,304 distinct
positions; with this module ours are too, the same number, RESULTS.md "The published tables,
fifteenth pass"); here it is read from the spec for any game that meets `reason`.

Terms, in the position where c would go up: *up*: on a foundation. A card x not up is
*takeable* when a foundation takes it as soon as it is free: one of its supports (the cards
a foundation built in suit takes it on, `exits._supports`) is up, or x is of the base rank
and the empty foundations are at least as many as the base-rank cards not up (each takes
any of them, and only a base-rank card ever goes onto an empty one, so this stays true).
*Spare*: the largest set S of cards such that each card of S is up, or takeable with every
one of its builders in S (`spare`, a greatest fixpoint). (i') every builder of c is spare.

The claim: under `reason`, where `SafeMoves.pick` accepts c by its conditions (ii) and (iii)
with (i') in place of (i), any line W that wins from the position also wins after c is
played first. Proof. Build W' from W move by move, keeping a set T (the *tower*: c and the
cards W' has put up that W still holds in its piles) with the invariant: every card of T
but c is spare; W' holds the piles of W with the cards of T taken out, and they are the top
cards of their piles in W (no card outside T lies on one); W' holds on its foundations
those of W and T. At the start T = {c}: c alone left its pile. For each move of W:
- a card or run whose lowest card x is in T moves: W' does nothing (every card above x in
  its pile is in T; where x goes, it stays a card of T on top);
- a card or run whose lowest card x is outside T is laid on a card t of T: x is a builder of
  t, so spare (t = c: by (i'); else t spare, its builders in S); so is each card of the run
  above x, a builder of the one under it. W' plays the run's cards not in T up one at a
  time from the top, each from the pile W takes it from (a rule to the foundations takes
  the top card of every pile a rule lays cards from: `reason`), each takeable (its support
  was up when c went up and foundations only grow; a base-rank card has an empty
  foundation by the count above); they join T. Elsewhere, a run of W whose upper part is in
  T is its lower part alone in W': a rule that moves runs moves any top part of one, judged
  by its lowest card, and a shorter run needs no more room (`reason`);
- a card of T goes up in W: W' does nothing;
- any other move: W' makes it. Its cards are outside T, its source shows the same cards in
  W' up to T's cards above them, which are then moved too in W and so not this case unless
  they ride with it (the run's upper part, above); its target shows the same top, or is
  empty in both, or holds only T's cards in W and is empty in W' where W lays a card on one
  of them (the case above). More empty piles and fewer cards in a pile only allow more
  (no rule waits, counts, fills or depends on depths: `reason`); a card W plays up finds
  its support on top in W' too (a card of T above it there would be the card itself).
W wins with every card up or the tableau empty; W' holds at most W's piles and T on the
foundations, so it wins too. The rest of `SafeMoves`' proof (c's own source, (ii), (iii)) is
unchanged: c is the one card W' moves earlier, and the cards of T move when W moves them,
from the same piles, so a talon turned in threes keeps its groups.

Conditions (`reason`): the safe moves' own (`safety.reasons`, with no mechanic waiting); one
pack; the win reads only the foundations and the tableau; foundations built up or down in
suit from one fixed base rank (an empty one takes any card of it), and nothing leaves them;
every rule `always`, by the player, without limit or choice of cards (rules of the deal's
phase never act once it is over); runs of any top part (no whole-pile, pile, complete or
relation-of-their-own runs, no blocks); no fill, route, redeal or removal; no rule lays
cards on the stock or a talon; and every pile a rule moves cards from to another pile than
a foundation is a source, to every foundation, of a rule to the foundations. The deal over.
"""

from __future__ import annotations

from typing import Any

from pipeline.engine.compile import PH_DEAL
from pipeline.solve.exits import _supports
from pipeline.solve.safety import lay_on, reasons
from pipeline.solve.talon import PLAIN_WINS


def reason(game: Any) -> str | None:
    """Why spare builders do not make a foundation move safe in this spec (None: they do,
    once the deal is over)."""
    static, waiting = reasons(game.rules)
    if static is not None:
        return static
    # `reasons` has named the other families' blocks (removals among them) and a redeal
    for why in waiting.values():
        return why
    if game.ncards != 52:
        return "more than one pack"
    if game.win not in PLAIN_WINS:
        return f"the win ({game.win}) reads more than the foundations and the tableau"
    if game.fills:
        return "a fill rule lays cards on piles"
    if game.routes:
        return "a route moves cards"
    found = set(game.foundations)
    if not found:
        return "no foundations"
    if any(not 1 <= game.fbase[d] <= 13 for d in game.foundations):
        return "a foundation has no fixed base rank"
    if len({game.fbase[d] for d in game.foundations}) != 1:
        return "the foundations start from different ranks"
    for gid, grp in (game.rules.get("piles") or {}).items():
        if grp.get("role") == "foundation":
            f = grp.get("foundation") or {}
            if f.get("suit", "same") != "same" or f.get("direction", "up") not in ("up", "down"):
                return f"foundation group {gid!r} is not built in suit one way"
    turned = {t.src for t in game.turns} | {t.dst for t in game.turns}
    for t in game.turns:
        if t.when_stuck or t.auto:
            return f"turn rule {t.id!r} waits or is made by the engine"
    to_found: dict[int, set[int]] = {}
    builds_from: set[int] = set()
    for r in game.transfers:
        if r.phase == PH_DEAL:
            continue  # never legal once the deal is over, where (i') is used
        if r.when_stuck or r.auto or r.limit is not None or r.none_of is not None:
            return f"move rule {r.id!r} waits, counts or is made by the engine"
        if r.sel is not None:
            return f"move rule {r.id!r} takes only some cards"
        if r.special or r.run_whole or r.run_pile or r.run_complete or r.run_follows is not None:
            return f"move rule {r.id!r} moves runs by a rule of their own"
        for s, ds in r.pairs:
            if s in found:
                return f"move rule {r.id!r} takes cards from a foundation"
            if any(d in turned for d in ds):
                return f"move rule {r.id!r} lays cards on the stock or a talon"
            to_found.setdefault(s, set()).update(d for d in ds if d in found)
            if any(d not in found for d in ds):
                builds_from.add(s)
    for s in sorted(builds_from):
        if to_found.get(s, set()) != found:
            return f"pile {s} gives cards to other piles but not to every foundation"
    return None


class SpareBuilders:
    """Decides condition (i') of the module doc for `SafeMoves.pick`."""

    def __init__(self, game: Any) -> None:
        self.reason = reason(game)
        self.enabled = self.reason is None
        self.proved = 0  # foundation moves made safe by (i') alone (a measure, not a result)
        self._found: tuple[int, ...] = tuple(game.foundations)
        self._supports: tuple[tuple[int, ...], ...] = ()
        self._onto: tuple[tuple[int, ...], ...] = ()
        self._bases: tuple[int, ...] = ()
        if not self.enabled:
            return
        self._supports = _supports(game)
        onto = lay_on(game)
        self._onto = tuple(tuple(sorted(onto[x])) for x in range(52))
        base_ranks = {game.fbase[d] for d in game.foundations}
        self._bases = tuple(x for x in range(52) if x % 13 + 1 in base_ranks)

    def spare(self, piles: list[list[int]], notup: list[int]) -> list[bool]:
        """Per card key, whether it is spare (the module doc's S, a greatest fixpoint)."""
        supports = self._supports
        s = [False] * 52
        for x in range(52):
            if notup[x] == 0:
                s[x] = True
                continue
            for t in supports[x]:
                if notup[t] == 0:
                    s[x] = True
                    break
        empty = 0
        for d in self._found:
            if not piles[d]:
                empty += 1
        waiting = 0
        for x in self._bases:
            if notup[x] > 0:
                waiting += 1
        if empty >= waiting:
            for x in self._bases:
                s[x] = True
        onto = self._onto
        changed = True
        while changed:
            changed = False
            for x in range(52):
                if s[x] and notup[x] > 0:
                    for b in onto[x]:
                        if not s[b]:
                            s[x] = False
                            changed = True
                            break
        return s

    def builders_spare(self, piles: list[list[int]], k: int, notup: list[int]) -> bool:
        """(i'): every builder of card key k is spare."""
        if not self.enabled:
            return False
        s = self.spare(piles, notup)
        for b in self._onto[k]:
            if not s[b]:
                return False
        self.proved += 1
        return True
