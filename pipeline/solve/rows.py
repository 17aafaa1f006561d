"""Dead ends of `win: rows-in-sequence` (Gaps): a card that can never move again, misplaced.

The win asks every row to run in sequence from its first place (`blocks._rows_in_sequence`);
the general dead-end proofs (`deadends.py`: cards that must reach a foundation) do not apply
there. `RowDeadEnds` is the proof these games have (see the class).
"""

from __future__ import annotations

from typing import Any

from pipeline.engine.cards import RANK


class RowDeadEnds:
    """Positions of a `rows-in-sequence` game that can never be won: a card that can never
    move again lies where the win cannot have it.

    Which cards may still move is over-estimated by a least fixed point. A card may move
    when a pile it may be laid in (the space after a card it follows, a row's first place
    for a rank the `neighbour` rule starts rows with, a target of another rule whose cards
    it is among) is empty, or holds a card that may move; or when a card it follows may
    move (the space after that card's new place). Sound: take a line of play and the first
    card to move that the set leaves out; where it goes was empty at the start, or was
    emptied by a card that moved before it (in the set), and the card it follows either
    never moved (so it lies where the set looked) or moved before it (in the set); either
    way the rule put it in. A card outside the set stays where it is for good, so the win
    needs the card to its left to follow it there (or, at a row's first place, a rank rows
    start with): if that card is not there, no card it follows may move, or the place is
    held for good by another, the position is lost.

    Gaps: a king with a space after it, whose queen lies where nothing may ever leave the
    place after it, and a six locked behind a wrong card, are proved at once; the search
    otherwise walks every rearrangement of the other spaces first.

    Only where every card lies on the rows, one pack, piles of capacity one, and nothing
    moves but the transfer rules (no stock, turns, routes, removals or fills)."""

    def __init__(self, game: Any) -> None:
        rule = None
        if game.win == "rows-in-sequence":
            rule = next((r for r in game.transfers if r.neighbour), None)
        nbr: list[int] = list(rule.nbr) if rule is not None else []
        places = [d for d in range(len(nbr)) if nbr[d] != -2]
        self.reason = ""
        if rule is None:
            self.reason = "no rows-in-sequence win"
        elif game.decks != 1:
            self.reason = "more than one pack"
        elif game.turns or game.routes or game.removes or game.fills:
            self.reason = "cards move other than by transfer rules"
        elif game.redeal is not None and game.redeal.times != 0:
            self.reason = "a redeal"
        elif any(game.capacity[d] != 1 for d in places):
            self.reason = "a row's place holds more than one card"
        elif any(nbr[s] == -2 for r in game.transfers for s, _ in r.pairs):
            self.reason = "a rule moves cards from off the rows"
        self.enabled: bool = not self.reason
        self.places: list[int] = places
        self.nbr: list[int] = nbr
        npiles: int = game.npiles
        fl: bytes = (rule.follows or b"") if rule is not None else b""
        self.follows: bytes = fl
        # per card key: the keys it follows (by the `neighbour` rule's build)
        self.preds: list[list[int]] = [
            [p for p in range(52) if fl and fl[c * 52 + p]] for c in range(52)
        ]
        # the ranks the rule lays on a row's first place; the ranks the win starts rows with
        lays = [False] * 14
        starts = [True] * 14
        if rule is not None:
            lays = [bool(rule.empty_any or r in rule.empty_ranks) for r in range(14)]
            if not rule.empty_any and rule.empty_ranks:
                starts = lays
        self.lays: list[bool] = lays
        self.starts: list[bool] = starts
        self.firsts: list[int] = [d for d in places if nbr[d] == -1]
        # the other transfer rules: per card key, the piles they may lay it in
        others: list[list[int]] = [[] for _ in range(52)]
        for r in game.transfers:
            if r is rule:
                continue
            dsts = sorted({d for _, ds in r.pairs for d in ds})
            for c in range(52):
                if r.sel is None or r.sel[c]:
                    others[c].extend(d for d in dsts if d not in others[c])
        self.others: list[list[int]] = others
        on_rows = [d < len(nbr) and nbr[d] != -2 for d in range(npiles)]
        # per card key: the cards that follow it; per place: the cards other rules lay there
        self.succs: list[list[int]] = [
            [c for c in range(52) if fl and fl[c * 52 + p]] for p in range(52)
        ]
        by_target: list[list[int]] = [[] for _ in range(npiles)]
        always = [False] * 52  # another rule lays it off the rows: it may always move
        for c in range(52):
            for d in others[c]:
                if on_rows[d]:
                    by_target[d].append(c)
                else:
                    always[c] = True
        self.by_target: list[list[int]] = by_target
        self.always: list[bool] = always
        self.laid_first: list[int] = [c for c in range(52) if lays[RANK[c]]]
        self.stock: int = game.stock
        self.proved = 0  # positions proved lost, over the solver's searches

    def dead(self, piles: list[list[int]]) -> bool:
        """Can this position never be won (see the class)?"""
        if self.stuck(piles) < 0:
            return False
        self.proved += 1
        return True

    def stuck(self, piles: list[list[int]]) -> int:
        """A card (its key) that can never move and lies where the win cannot have it, or
        -1. The fixed point by a work list: the cards the spaces admit now, then what each
        card that may move frees."""
        places = self.places
        if self.stock >= 0 and piles[self.stock]:
            return -1  # cards still to come (none of these games has a stock)
        at = [-1] * len(piles)  # the card key on each place (-1: a space)
        where = [-1] * 52  # the place of each card key (-1: not on the rows)
        for d in places:
            dp = piles[d]
            if dp:
                c = dp[-1]
                if c < 0:
                    return -1
                at[d] = c % 52
                where[c % 52] = d
        nbr = self.nbr
        succs = self.succs
        by_target = self.by_target
        laid_first = self.laid_first
        # a card off the rows never comes back (no rule takes cards from there)
        always = self.always
        moves = [always[c] and where[c] >= 0 for c in range(52)]
        todo: list[int] = [c for c in range(52) if moves[c]]
        for d in places:  # what the places that are empty, or may be emptied, take
            if at[d] >= 0:
                continue
            self._frees(d, at, where, nbr, succs, by_target, laid_first, moves, todo)
        while todo:
            c = todo.pop()
            for s in succs[c]:  # the space after its new place
                if not moves[s]:
                    moves[s] = True
                    todo.append(s)
            d = where[c]
            if d >= 0:  # its place may be emptied
                self._frees(d, at, where, nbr, succs, by_target, laid_first, moves, todo)
        fl = self.follows
        starts = self.starts
        preds = self.preds
        for d in places:
            c = at[d]
            if c < 0 or moves[c]:
                continue
            q = nbr[d]
            if q == -1:
                if not starts[RANK[c]]:
                    return c
                continue
            t = at[q]
            if t >= 0 and fl[c * 52 + t]:
                continue
            if (t < 0 or moves[t]) and any(moves[p] for p in preds[c]):
                continue
            return c
        return -1

    @staticmethod
    def _frees(
        d: int,
        at: list[int],
        where: list[int],
        nbr: list[int],
        succs: list[list[int]],
        by_target: list[list[int]],
        laid_first: list[int],
        moves: list[bool],
        todo: list[int],
    ) -> None:
        """Place d is empty or may be emptied: the cards that may then be laid there may
        move (the card on d itself excepted: it would go nowhere)."""
        q = nbr[d]
        if q >= 0:
            t = at[q]
            if t >= 0:
                for s in succs[t]:
                    if not moves[s] and where[s] != d:
                        moves[s] = True
                        todo.append(s)
        elif q == -1:
            for s in laid_first:
                if not moves[s] and where[s] != d:
                    moves[s] = True
                    todo.append(s)
        for s in by_target[d]:
            if not moves[s] and where[s] != d:
                moves[s] = True
                todo.append(s)
