"""Buried exits: a deal lost because some card can never leave the pile it lies in.

Klondike draw 1, deal 13: column 6 holds, bottom to top, 8D 8H 5S 6D 4C face down and 7C
face up. 7C goes onto a red eight or up on 6C; both red eights lie under it, and 6C goes up
only after 4C, which lies under 7C too. So 7C never leaves, 4C never turns up, and the deal
is lost before a move. Neither our search nor Solvitaire's decides it (ours unknown at
2,000,000 positions, Solvitaire's at 150 s: RESULTS.md, "The published tables, thirteenth
pass"). `deadends.py` and `blocked.py` do not hold where runs move between piles; this check
does, for the specs `reason` accepts, in positions where the deal is over.

The claim: a least fixpoint of what can ever happen over-approximates every play, so a card
it never puts on a foundation is never put there, and the win (every card up) is out of
reach. Terms: the *tableau* piles; every other pile that is not a foundation is *loose* (its
cards are taken to be free at any time); *up*: a card is or may come to be on a foundation;
*left*: a tableau card may come to leave its pile; *exposed*: every card now above a card
may come to have left its pile.

- A tableau card leaves its pile only by a transfer, as its top card or inside a run with
  every card above it. So before a card turned face down leaves, or goes up, every card now
  above it has left the pile: it is *exposed* once the lowest card of the face-up top run
  has left (the run's cards ride on it, or leave first) and so has every other card above
  it. A face-up card of the top run has left once it or a card of the run under it has.
- A card leaves for a foundation only onto one of its supports (`_supports`: the foundations
  are chained, so nothing else lays cards on them, and built in suit), or, as a base rank,
  onto an empty foundation; for a tableau pile only onto a card some rule lays it on
  (`lay_on`) that
  is a top then, or, where a rule lets its rank go to an empty tableau pile, anywhere. A
  card may be such a top only if it is loose, face up, or exposed, and not under the card
  in the same pile; a card above it in its pile only once it has left.
- A card goes up only once it may be a top (loose, face up, or exposed) and a support of it
  is up (or it is a base rank).

Each rule of the fixpoint allows at least what the spec allows (more cards counted free,
the order of events and whether a top is still there ignored), so it only ever adds events:
the cards it never puts up stay down in every play. Conditions (`reason`): one pack; the
win needs every card up; foundations built only by checked transfers, from a fixed base,
and nothing taken from them; no fill, route, redeal or rule that takes tableau cards to a
loose pile (then every card has an exit); no turn into or out of the tableau; the deal over.
The check runs once, on the position a search starts from (`Solver._begin`): during play
the same deadlocks arise only where a search would also meet them.
"""

from __future__ import annotations

from typing import Any

from pipeline.engine.cards import SUIT
from pipeline.engine.compile import BASE_ANY, blocks_used
from pipeline.engine.state import State
from pipeline.solve.blocked import chained_foundations
from pipeline.solve.safety import lay_on


def reason(game: Any) -> str | None:
    """Why a card's buried exits do not prove this spec's positions lost (None: they do, once
    the deal is over)."""
    used = blocks_used(game.rules)
    if used:
        return f"the spec uses {used[0]}"
    if game.ncards != 52:
        return "more than one pack"
    if game.win != "all-on-foundations":
        return f"the win ({game.win}) does not need every card on a foundation"
    if game.fills:
        return "a fill rule lays cards on piles"
    if game.redeal is not None:
        return "a redeal gathers the piles"
    if game.routes:
        return "a route moves cards"
    found = set(game.foundations)
    tab = set(game.tableau)
    if not found or not tab:
        return "no foundations or no tableau"
    if chained_foundations(game) != frozenset(found):
        return "cards reach a foundation by other moves than checked transfers"
    if any(game.fbase[d] <= BASE_ANY for d in game.foundations):
        return "a foundation has no fixed base rank"
    for gid, grp in (game.rules.get("piles") or {}).items():
        if grp.get("role") == "foundation" and (grp.get("foundation") or {}).get("suit") != "same":
            return f"foundation group {gid!r} is not built in suit"
    for t in game.turns:
        if t.src in tab or t.dst in tab:
            return f"turn rule {t.id!r} turns tableau cards"
    for r in game.transfers:
        for s, ds in r.pairs:
            if s in found:
                return f"move rule {r.id!r} takes cards from a foundation"
            if s in tab and any(d not in found and d not in tab for d in ds):
                return f"move rule {r.id!r} takes tableau cards to another pile"
        if r.run_complete:
            return f"move rule {r.id!r} moves complete runs"
    return None


def _supports(game: Any) -> tuple[tuple[int, ...], ...]:
    """Per card key c: the card keys t some foundation built in suit takes c on (its cards
    all of the suit of its bottom card, so t's suit is that suit)."""
    sup: list[set[int]] = [set() for _ in range(52)]
    for d in game.foundations:
        for t in range(52):
            for c in game.foundation_takes(d, t, SUIT[t]):
                sup[c % 52].add(t)
    return tuple(tuple(sorted(x)) for x in sup)


class Exits:
    """Proves positions lost whose cards cannot all come up (see the module doc)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.reason = reason(game)
        self.enabled = self.reason is None
        self.proved = 0  # positions proved lost (a measure, not a result)
        if not self.enabled:
            return
        self._tab = tuple(game.tableau)
        self._found = tuple(game.foundations)
        placed = {*game.tableau, *game.foundations}
        self._loose = tuple(p for p in range(game.npiles) if p not in placed)
        self._supports = _supports(game)
        self._bases = frozenset(game.fbase[d] for d in game.foundations)
        onto = lay_on(game)
        # per card: the cards it may be laid on in a tableau pile
        self._parents = tuple(tuple(t for t in range(52) if c in onto[t]) for c in range(52))
        # per rank (1-13): whether some rule lets it go to an empty tableau pile
        empty = [False] * 14
        tab = set(game.tableau)
        for r in game.transfers:
            if not any(d in tab for _, ds in r.pairs for d in ds):
                continue
            for rank in range(1, 14):
                if r.empty_any or r.empty_high or rank in r.empty_ranks:
                    empty[rank] = True
        self._empty = tuple(empty)

    def never_up(self, state: State) -> list[int]:
        """The card keys the fixpoint never puts on a foundation (empty where it holds none,
        or where the check does not apply)."""
        if not self.enabled or not state.deal_over():
            return []
        piles = state.card_piles()
        up = [False] * 52
        for d in self._found:
            for v in piles[d]:
                up[(~v if v < 0 else v) % 52] = True
        loose = [False] * 52
        for p in self._loose:
            for v in piles[p]:
                loose[(~v if v < 0 else v) % 52] = True
        col = [-1] * 52  # per card: its tableau pile, index and face
        idx = [0] * 52
        down = [False] * 52
        for p in self._tab:
            for i, v in enumerate(piles[p]):
                k = (~v if v < 0 else v) % 52
                col[k] = p
                idx[k] = i
                down[k] = v < 0
        exposed = [False] * 52
        left = [False] * 52
        parents = self._parents
        supports = self._supports
        bases = self._bases
        empty = self._empty

        def may_top(t: int, c: int) -> bool:
            if loose[t]:
                return True
            if col[t] < 0:
                return False  # on a foundation
            if col[t] == col[c]:
                return idx[t] > idx[c] and left[t]
            return not down[t] or exposed[t]

        def goes_up_now(c: int) -> bool:
            if c % 13 + 1 in bases:
                return True
            return any(up[s] for s in supports[c])

        def exit_(c: int) -> bool:
            if goes_up_now(c) or empty[c % 13 + 1]:
                return True
            return any(may_top(t, c) for t in parents[c])

        changed = True
        while changed:
            changed = False
            for p in self._tab:
                pile = piles[p]
                n = len(pile)
                base = n
                while base > 0 and pile[base - 1] >= 0:
                    base -= 1
                clear = True  # every card above the one looked at may leave
                if base < n:
                    carried = False
                    for i in range(base, n):
                        k = pile[i] % 52
                        carried = carried or exit_(k)
                        if carried and not left[k]:
                            left[k] = True
                            changed = True
                    clear = left[pile[base] % 52]
                for i in range(base - 1, -1, -1):
                    v = pile[i]
                    k = (~v if v < 0 else v) % 52
                    if clear and not exposed[k]:
                        exposed[k] = True
                        changed = True
                    if exposed[k] and not left[k] and exit_(k):
                        left[k] = True
                        changed = True
                    clear = clear and left[k]
            for k in range(52):
                if up[k] or not goes_up_now(k):
                    continue
                if loose[k] or (col[k] >= 0 and (not down[k] or exposed[k])):
                    up[k] = True
                    changed = True
        return [k for k in range(52) if not up[k]]
