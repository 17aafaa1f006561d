"""What a search needs to know of a position, without reading the engine's internals.

A solver reads a position's cards (`card_piles`), keys positions by their piles and by the
counters that decide what happens next (`scalar_key`, or `counters` at `scalar_slots`),
tells apart the piles a deal still reaches (`deal_over`), asks which positions of the deal
cursor can come back (`deal_cursor`), which piles the last move changed (`changed_piles`)
and whether a foundation takes a card (`foundation_takes`), and turns off what only random
play needs (`lazy_moves`, `drop_memo`).
With `legal_moves`, `apply`, `undo`, `is_won` and `is_lost` of `State` that is the whole of
what `pipeline.solve` reads of a state; of the game it reads the compiled rules (`Game`'s
tables) and `Game.foundation_table`. The layout of the counters (`layout.py`) stays the
engine's own: these read it for the solver.
"""

from __future__ import annotations

from pipeline.engine import compile as K
from pipeline.engine.layout import S_PLAN, S_POS, S_REDEALS, S_ROUND, S_STEP
from pipeline.engine.settle import Settle


class Position(Settle):
    """The search interface of a position (part of `State`: `base.py`)."""

    def card_piles(self) -> list[list[int]]:
        """Every pile, by pile index (`Game.pile_name`), bottom → top, as card ids (`cards`:
        deck * 52 + suit * 13 + rank - 1); a face-down card is ~id (negative). The state's own
        lists, for speed: read only, and valid until the next move or undo changes them."""
        return self.piles

    def scalar_key(self) -> tuple[int, ...]:
        """The counters that decide what happens next: with the piles, everything a
        position's future depends on. Not the piles' own hash, nor the use counts of rules
        without a limit, nor the recycle counts of turn rules without a fixed number of
        recycles (they only grow: with them every pass through the stock would be a new
        position)."""
        return self.t.skey(self.sc)

    def scalar_slots(self) -> tuple[int, ...]:
        """Where `scalar_key`'s counters are in `counters()`, in its order."""
        return self.t.skey_slots

    def counters(self) -> list[int]:
        """The state's counters (read only): a search that hashes `scalar_key` itself reads
        `counters()[i]` for each i of `scalar_slots()` instead of making the tuple."""
        return self.sc

    def moves_of(self, rules: list) -> list:
        """The moves of these rules alone (compiled rules, `Game.rule_by_index`), their
        `when` not consulted: for a search that knows no other rule's moves changed (the
        turns `pipeline.solve.talon` folds change only what the talon offers)."""
        out: list = []
        phase = self._phase_code()
        for r in rules:
            self._rule_moves(phase, r, out)
        return out

    def moves_along(
        self,
        rules: tuple,
        src: int,
        dst: int,
        splits: list[tuple[list[int], list[int], list[tuple[int, int]]]],
        apart: bool = False,
    ) -> list[list]:
        """For each split (cards of pile `src`, cards of pile `dst`, counter changes as (slot,
        amount)): the moves from pile `dst` that these transfer rules offer in the position
        with the two piles holding those cards and the counters moved so, their `when` not
        consulted; the state itself as before on return. For a search that knows what each
        run of the stock's turns makes of the stock, the talon and their counters
        (`pipeline.solve.talon`) and asks what the talon then offers without making the
        turns. The lists are read, never changed or kept.

        `apart`: the caller knows that no rule lays cards on `src` or `dst`, nor on a pile
        interchangeable with them (`pipeline.solve.talon.reason`); then the piles the moves
        may go to are the same at every split, and their table (`_targets`) is made once
        here, not once per split."""
        own = self.piles
        sc = self.sc
        s0 = own[src]
        d0 = own[dst]
        phase = self._phase_code()
        live = tuple(r for r in rules if r.phase == K.PH_ANY or r.phase == phase)
        g = self.t
        tabs = [g.ttab_of[r.index] for r in live]
        targets = None
        if apart and any(t.fast != 1 for t in tabs):
            targets = self._targets(src, dst)
        outs: list[list] = []
        try:
            for sp, dp, counters in splits:
                own[src] = sp
                own[dst] = dp
                for i, d in counters:
                    sc[i] = sc[i] + d
                out: list = []
                if live:
                    self._gen_transfers(
                        phase, False, False, out, only=dst, tabs=tabs, targets=targets
                    )
                for i, d in counters:
                    sc[i] = sc[i] - d
                outs.append(out)
        finally:
            own[src] = s0
            own[dst] = d0
        return outs

    def turns_alone(self) -> bool:
        """Whether a turn of the stock can set off nothing by itself: no automatic rule, no
        batch of fills, no no-progress rule; no fill the engine makes that takes from or
        lays on the stock or the talon; no base read from a first card laid on either.
        Then a turn changes its two piles and its rule's counters alone, whatever the rest
        of the table holds.

        Why fills and bases so narrowly: a turn changes only the stock and the talon, so a
        fill the engine makes from other piles into others sees the same vacancies and
        sources after it as before (and was made already: the engine makes it at once),
        and a base is fixed only by a card landing on a foundation or on a pile a
        `rank_of` watches. Canfield (its reserve refills the columns at once, its base is
        the first foundation card) keeps the reach cached so."""
        g = self.t
        if g.has_auto or g.has_batch or g.has_np:
            return False
        ends: set[int] = set()
        for t in g.turns:
            ends.add(t.src)
            ends.add(t.dst)
        for f in g.fills:
            if f.immediate and (
                any(p in ends for p in f.piles)
                or any(p in ends for s in f.sources for p in s.piles)
            ):
                return False
        if g.has_first:
            for p in ends:
                if g.watch[p] or (g.fbase[p] == K.BASE_FIRST and g.role[p] == "foundation"):
                    return False
        return True

    def foundation_takes(self, card: int) -> bool:
        """Whether some foundation takes card id `card` now, whichever pile it is in: for a
        search that asks what a card would do once uncovered (`pipeline.solve.swaps`)."""
        return self._playable(card)

    def deal_over(self) -> bool:
        """No deal step will deal again: the plan's steps are done and no redeal is left."""
        g = self.t
        sc = self.sc
        return sc[S_STEP] >= g.plan_len[sc[S_PLAN]] and sc[S_REDEALS] >= g.redeal_times

    def redeals_over(self) -> bool:
        """No redeal is left: the piles will never be gathered again (the plan's steps may
        still be dealing; a game without redeals is always so)."""
        return self.sc[S_REDEALS] >= self.t.redeal_times

    def lazy_moves(self, on: bool = True) -> bool:
        """Make the legal moves after a move only when they are asked for (or again at once,
        `on=False`); returns the previous setting. A search throws most positions away
        unexpanded (seen before, or proved lost), and their moves were wasted work. Nothing
        else changes (the engine still makes every automatic action at once); random
        playouts need the eager default."""
        was = self._lazy
        self._lazy = on
        if not on and self._cache is None:
            self._cache = self._legal()
        return was

    def drop_memo(self) -> None:
        """Stop remembering generated moves by state, for good (this state only): a search
        with a table of positions expands a state once, so the memo only misses, and its
        state hash and the piles' hash it reads cost a part of every move. A game with
        `no-progress` keeps it (its probes look the moves of earlier states up)."""
        if self.t.has_np or self._memo is None:
            return
        self._memo = None
        self._zk = None  # the piles' hash is kept for the memo alone here

    def deal_cursor(self) -> tuple[int, int, int, int]:
        """Where the deal stands: plan, step, round, position in the round."""
        sc = self.sc
        return sc[S_PLAN], sc[S_STEP], sc[S_ROUND], sc[S_POS]

    def changed_piles(self) -> list[int]:
        """The piles the last player move changed, its automatic actions included (read from
        its undo log: every change goes through the primitives); a pile may be named more
        than once, none before the first move. A search that keeps a hash per pile rehashes
        only these."""
        log = self._log
        if not log:
            return []
        return self._touched(self._ops, log[-4])  # from where its records start (base.py)
