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
from pipeline.engine import moves as M
from pipeline.engine.layout import S_PLAN, S_POS, S_REDEALS, S_ROUND, S_STEP, TransferTab
from pipeline.engine.moves import Move
from pipeline.engine.settle import Settle


def turn_cards(stock: list[int], talon: list[int], count: int, down: bool) -> None:
    """One turn on two plain lists: up to `count` cards from the stock's top onto the talon,
    face down there when `down` (a card's id, or its complement when face down). Shared by
    the turns worked out ahead (`Position.turns_ahead`) and the rewind set at once
    (`State._rewind_set`), which both turn copies of the piles, not the piles."""
    for _ in range(count):
        if not stock:
            break
        w = stock.pop()
        cid = ~w if w < 0 else w
        talon.append(~cid if down else cid)


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
        if apart and all((t.fast == 1 or t.fast == 2) and t.limit < 0 for t in tabs):
            return self._tops_along(tabs, dst, splits, targets)
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

    def _tops_along(
        self,
        tabs: list[TransferTab],
        dst: int,
        splits: list[tuple[list[int], list[int], list[tuple[int, int]]]],
        targets: tuple[list[list[int] | None], list[int]] | None,
    ) -> list[list]:
        """`moves_along` where every rule moves the top card alone, by a table look-up
        (`TransferTab.fast` 1: onto foundations, 2: onto other piles' tops or empty piles)
        and counts no uses: a split's moves are then a function of the talon's top card
        and the targets, which no split changes (`apart`); so each split is read by its
        top card, with no piles set, no counters moved and no generation entered. The same
        moves in the same order as `_gen_transfers` with `only` (its fast-1 and fast-2
        branches, which this mirrors).

        Why: a search of Klondike asks this at every position for every split of the stock
        (a dozen or more), and the per-split generation was a tenth of a position's cost."""
        g = self.t
        gm = g.game
        want, anyp = self._wcache or self._wants()
        tops: list[list[int] | None] = []
        empties: list[int] = []
        if targets is not None:
            tops, empties = targets
        npiles = g.npiles
        rank = g.rank
        base = dst * npiles
        live: list[TransferTab] = [t for t in tabs if dst in t.srcs]
        caps_full: list[bool] = []
        for tab in live:  # `TransferTab.caps`: every target full, no move (no split changes it)
            caps = tab.caps
            full = False
            if caps:
                tg = tab.alltargets
                x = 0
                while x < len(caps) and len(self.piles[tg[x]]) >= caps[x]:
                    x += 1
                full = x == len(caps)
            caps_full.append(full)
        outs: list[list] = []
        none: list = []  # shared by the splits that offer nothing (the lists are read only)
        for _sp, dp, _counters in splits:
            out = none
            top = dp[-1] if dp else -1
            if top >= 0:
                key = top % 52
                i = len(dp) - 1
                for n in range(len(live)):
                    tab = live[n]
                    if caps_full[n] or not tab.sel[key]:
                        continue
                    ri = tab.index
                    ok = tab.ok
                    if tab.fast == 1:
                        fl = want[key]
                        if fl is not None:
                            for d in fl:
                                if ok[base + d]:
                                    if out is none:
                                        out = []
                                    out.append(Move(gm, M.TRANSFER, ri, dst, i, d, 1, top))
                        for d in anyp:
                            if ok[base + d]:
                                if out is none:
                                    out = []
                                out.append(Move(gm, M.TRANSFER, ri, dst, i, d, 1, top))
                    else:
                        for tk in tab.onto[key]:
                            lst = tops[tk]
                            if lst is not None:
                                for d in lst:
                                    if ok[base + d]:
                                        if out is none:
                                            out = []
                                        out.append(Move(gm, M.TRANSFER, ri, dst, i, d, 1, top))
                        if empties and (tab.empty_any or tab.empty_rank[rank[top]]):
                            for d in empties:
                                if ok[base + d]:
                                    if out is none:
                                        out = []
                                    out.append(Move(gm, M.TRANSFER, ri, dst, i, d, 1, top))
            outs.append(out)
        return outs

    def turns_ahead(
        self, turn: Move
    ) -> list[tuple[tuple[Move, ...], list[int], list[int], list[tuple[int, int]]]]:
        """The splits of the stock that the turns from `turn` (a turn or recycle move this
        position offers) reach, made on copies of the stock and the talon, the state
        unchanged: for each split not seen before, in order, (the turns that reach it, the
        stock, the talon, every counter the turns changed as (slot, amount), by slot). It
        stops at the first split seen again (lengths of the stock and the talon) or where
        no turn is legal. What `_exec` and `_turn_moves` make of the turns, where a turn
        changes its two piles and its rule's counters alone (`turns_alone`) and the piles'
        hash is not kept (`drop_memo`: its counter is not among the changes).

        Why: a search that folds the stock's turns (`pipeline.solve.talon`) walked them as
        player moves, each made, logged and taken back, at every stock it met; as one
        operation on two lists they cost a tenth as much."""
        g = self.t
        gm = g.game
        ri = turn.rule
        tt = g.turn_by_rule[ri]
        assert tt is not None  # a turn or recycle move names its turn rule
        ts = tt.src
        td = tt.dst
        count = tt.count
        limit = tt.limit
        recycle = tt.recycle
        down = g.face_down[td]
        uslot = g.ru0 + ri
        rslot = g.rc0 + ri
        uses = self.sc[uslot]
        recs = self.sc[rslot]
        stock = list(self.piles[ts])
        talon = list(self.piles[td])
        seen = {(len(stock), len(talon))}
        parts: list[Move] = []
        out: list[tuple[tuple[Move, ...], list[int], list[int], list[tuple[int, int]]]] = []
        nt = 0
        nr = 0
        nxt: Move | None = turn
        while nxt is not None:
            if nxt.kind == M.TURN:
                turn_cards(stock, talon, count, down)
                nt += 1
            else:
                stock = [~(~v if v < 0 else v) for v in reversed(talon)]
                talon = []
                nr += 1
            parts.append(nxt)
            split = (len(stock), len(talon))
            if split in seen:
                break
            seen.add(split)
            changes: list[tuple[int, int]] = []
            if nt:
                changes.append((uslot, nt))
            if nr:
                changes.append((rslot, nr))
            if len(changes) == 2 and rslot < uslot:
                changes.reverse()
            out.append((tuple(parts), list(stock), list(talon), changes))
            nxt = None  # the next turn, as `_turn_moves` offers it
            if limit >= 0 and uses + nt >= limit:
                pass
            elif stock:
                v = stock[-1]
                nxt = Move(gm, M.TURN, ri, ts, len(stock) - 1, td, 1, ~v if v < 0 else v)
            elif talon and recycle and (recycle < 0 or recs + nr < recycle):
                v = talon[-1]
                nxt = Move(gm, M.RECYCLE, ri, td, 0, ts, 0, ~v if v < 0 else v)
        return out

    def turn_slots(self, rule: int) -> tuple[int, ...]:
        """Where in `counters()` the counters are that the turns of turn rule `rule` read:
        its uses where it has a limit, its recycles where they are counted. With the stock
        and the talon, all that `turns_ahead` reads: a search keys what the turns reach by
        those alone, not by every counter of `scalar_key`."""
        g = self.t
        tt = g.turn_by_rule[rule]
        assert tt is not None  # names a turn rule
        out: list[int] = []
        if tt.limit >= 0:
            out.append(g.ru0 + rule)
        if tt.recycle > 0:
            out.append(g.rc0 + rule)
        return tuple(out)

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
        return self.t.turns_quiet  # `layout.turns_quiet`: made once per game

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
