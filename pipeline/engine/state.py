"""`State`: one position of a game, and the public API (legal moves, apply, undo).

Piles are lists of ints (bottom → top; a face-down card is stored as ``~id``). Every change
is made through the primitives (`primitives.py`), which log an undo record, and every player
move keeps the log of itself *and* of the automatic actions it triggered, so ``undo`` reverts
all of them at once and a record of player moves alone replays exactly. Scalars (deal cursor,
counters) live in one small list that is snapshotted per move (`layout.py`).

Each mechanic lives in its own module, one class each, chained by single inheritance up to
`State` (`base.py` declares the attributes and says why): `primitives`, `dealing`, `memo`,
`fills`, `movegen` (rules' moves), `blocks` (the blocks for other families), `execute`,
`progress` (no-progress), `settle` (automatic actions), `position` (what a search reads of a
position).
"""

from __future__ import annotations

from pipeline.engine import cards as C
from pipeline.engine import compile as K
from pipeline.engine import zobrist as Z
from pipeline.engine.cards import RANK
from pipeline.engine.layout import MemoSwitch
from pipeline.engine.moves import MACRO, RECYCLE, TURN, MacroMove, Move
from pipeline.engine.notation import parse_move
from pipeline.engine.position import Position, turn_cards
from pipeline.engine.primitives import OP_SET
from pipeline.engine.record import Record
from pipeline.engine.rng import shuffle
from pipeline.engine.text import state_text
from pipeline.errors import IllegalMove


class State(Position):
    """One position of a game. Create with ``game.new_state(seed=..., order=...)``."""

    def __init__(
        self,
        game,
        seed: int | None = None,
        order: list[str] | None = None,
        memo: MemoSwitch | None = None,
    ) -> None:
        if game is None:  # an empty shell that `copy` fills
            return
        self.game = game
        self.t = g = game.tables  # the game's hot tables
        self.seed = 0 if seed is None else int(seed)
        self.order = list(order) if order is not None else None
        self.piles = [[] for _ in range(g.npiles)]
        self.history = []
        self._log = []
        self._ops = []
        self._snaps = []
        self._stop = 0
        self._cache = None
        self._lazy = False  # see Position.lazy_moves
        self._wcache = None  # foundations' wants, dropped when they change
        self.loop_stopped = False
        self.route_cycled = False  # did the last route chain stop on a repeated state?
        self.sc = [0] * g.nsc
        for p, cs in g.setup:
            self.piles[p].extend(cs)
            if g.role[p] == "foundation" and g.fbase[p] == K.BASE_FIRST:
                fb = g.fb0 + g.pile_group[p]
                if not self.sc[fb]:
                    self.sc[fb] = RANK[cs[0]]
            if g.watch[p]:
                self._watched(p)
        if order is not None:
            stock = self._crafted(order)
        else:
            stock = list(g.stock_cards)
            shuffle(stock, self.seed)
        self.piles[g.stock] = [~c for c in stock]
        # `no-progress` only: the piles' hash, kept by the primitives in sc[g.zslot] (so a
        # move's scalar snapshot restores it on undo and after a trial move)
        self._switch = sw = MemoSwitch() if memo is None else memo
        use_memo = sw.on
        self._zk = g.zkeys if g.has_np or use_memo else None
        if self._zk is not None:
            self.sc[g.zslot] = Z.piles_hash(self._zk, self.piles)
        self._start_step()
        self._probing = False
        self._seen = {}
        self._seen_keys = []
        self._probes = {}  # a pure function of the state
        # state hash XOR a tag -> moves (see _memoized)
        self._memo = {} if use_memo else None
        self._np_phase = None  # see _settle: the no-progress check still to do
        self._np_state = None  # and the state's hash then
        self._np_pos = None  # and the position's key, if that hash is it
        self.initial_autos = []
        self._settle([], self.initial_autos)
        # the first position is not yet remembered while it settles: every trial move leads
        # to a position never reached, so its moves need no no-progress check
        self._np_phase = None
        self._remember()

    # ------------------------------------------------------------ public api
    def legal_moves(self) -> list[Move]:
        """Every legal move, in a deterministic order (rule order, then pile order)."""
        if self._cache is None:
            self._cache = self._legal()
        return list(self._cache)

    def apply(self, move: Move | str) -> None:
        """Make a legal move (a Move or its notation), then every automatic action."""
        if isinstance(move, str):
            move = self.parse_move(move)
        if move.kind == MACRO:
            self._apply_macro(move)
            return
        self._do(self._legal_one(move))

    def apply_known(self, move: Move) -> None:
        """Make a move this very position's `legal_moves()` or `moves_of()` gave, without
        looking for it among the legal moves again: a search that has just generated it (the
        turns `pipeline.solve.talon` tries, and the macros it folds them into: their parts
        are made in turn unchecked). Nothing checks a move from elsewhere: use `apply`."""
        if move.kind == MACRO:
            self._apply_macro(move, False)
            return
        self._do(move)

    def _legal_one(self, move: Move) -> Move:
        """The legal move equal to `move` (IllegalMove if there is none)."""
        if self._cache is None:
            self._cache = self._legal()
        for m in self._cache:  # a move from legal_moves() is found by identity, cheaply
            if m is move:
                return m
        for m in self._cache:
            if m == move:
                return m
        raise IllegalMove(f"{move.notation!r} is not a legal move now")

    def _legal_part(self, move: Move) -> Move:
        """`_legal_one` for a macro's part, asking only the part's own rule where that rule
        alone decides (it waits for nothing, and no fill, no-progress or `none_of` rule can
        take the turn from it): a search folds many turns a position, and generating every
        rule's moves after each would cost more than the turns save."""
        g = self.t
        if move.rule < 0 or g.fills or g.has_np or g.cond:
            return self._legal_one(move)
        r = g.rule_by_index[move.rule]
        if r.when_stuck or r.auto:
            return self._legal_one(move)
        out: list[Move] = []
        self._rule_moves(self._phase_code(), r, out)
        for m in out:
            if m == move:
                return m
        raise IllegalMove(f"{move.notation!r} is not a legal move now")

    def _do(self, m: Move) -> None:
        """Make legal move m and every automatic action, keeping what `undo` needs."""
        ops = self._ops
        start = len(ops)
        at = self._snapshot()
        autos: list[Move] = []
        before = self._cache
        self._exec(m, ops)
        self._settle(ops, autos)
        self.history.append(m)
        self._logged(start, at, autos, before)
        if self.t.has_np:
            self._remember()
            self._finish_np()  # the position is now seen: moves may change

    def _apply_macro(self, move: Move, check: bool = True) -> None:
        """Make a macro's parts in turn, each checked as a legal move, then keep them as one
        player move: one log entry (the first part's undo records onward, its scalars, its
        moves before), so `undo` takes them back at once and `changed_piles` names every pile
        they changed."""
        if not isinstance(move, MacroMove):
            raise IllegalMove(f"{move.notation!r} is not a legal move now")
        if self.t.has_np:  # each part would be a position seen; one undo forgets one
            raise IllegalMove(f"{move.notation!r}: no macro moves in a no-progress game")
        if not check:
            self._macro_known(move)
            return
        log = self._log
        mark = len(log)
        h = len(self.history)
        done = 0
        try:
            for p in move.parts:
                self._do(self._legal_part(p) if check else p)
                done += 1
        except IllegalMove:
            for _ in range(done):
                self.undo()
            raise IllegalMove(f"{move.notation!r} is not a legal move now") from None
        tail = self._rewind(move.rewind) if move.rewind >= 0 else []
        start = log[mark]
        at = log[mark + 1]
        before = log[mark + 3]
        autos: list[Move] = []
        for j in range(mark + 2, len(log), 4):
            if log[j]:
                autos.extend(log[j])
        del log[mark:]
        self._logged(start, at, autos, before)
        del self.history[h:]
        self.history.append(MacroMove(move.game, move.parts + tuple(tail)) if tail else move)
        self._stop = at + len(self.sc)

    def _macro_known(self, move: MacroMove) -> None:
        """`_apply_macro` of a macro this position offered (`apply_known`): its parts made
        in turn unchecked, logged as one player move from the start, not part by part and
        then merged. The same piles, counters, log and history as the checked path.

        Why: a part that cannot fail needs no undo of its own, and the bookkeeping of a
        player move per part (the scalars' snapshot, four log entries, a history entry
        made and dropped) was a third of a macro's cost: a search of Klondike draw 2 makes
        two macros every three positions, each of six or seven parts with the rewind."""
        ops = self._ops
        start = len(ops)
        at = self._snapshot()
        sc = self.sc
        autos: list[Move] = []
        before = self._cache
        jump = move.jump
        if jump is not None and self._zk is None:
            # the turns' result set at once (`MacroMove.jump`): two records for undo
            g = self.t
            t = g.turn_by_rule[move.parts[0].rule]
            assert t is not None  # a jump's first part is a turn or recycle of its rule
            piles = self.piles
            for q, cards in ((t.src, jump[0]), (t.dst, jump[1])):
                ops.append(q)  # `_set`'s record
                ops.append(piles[q])
                ops.append(OP_SET)
                piles[q] = list(cards)  # a copy: the piles change in place
                if g.is_found[q]:
                    self._wcache = None
            zs = g.zslot
            for i, d in jump[2]:
                if i != zs:
                    sc[i] = sc[i] + d
            last = move.parts[-1]
            self._exec(last, ops)
            self._settle(ops, autos)
        else:
            for p in move.parts:
                self._exec(p, ops)
                self._settle(ops, autos)
        tail: list[Move] = []
        if move.rewind >= 0:
            if self.t.turns_quiet:
                tail = self._rewind_set(move.rewind, ops, autos)
            else:
                tail = self._rewind(move.rewind, ops, autos)
        self.history.append(MacroMove(move.game, move.parts + tuple(tail)) if tail else move)
        self._logged(start, at, autos, before)

    def _snapshot(self) -> int:
        """Keep the scalars before a player move in `_snaps` (in place where a longer past
        left room: see base.py); where they start, for its log entry."""
        snaps = self._snaps
        at = self._stop
        sc = self.sc
        n = len(sc)
        if at + n <= len(snaps):
            snaps[at : at + n] = sc
        else:
            del snaps[at:]
            snaps.extend(sc)
        self._stop = at + n
        return at

    def _logged(self, start: int, at: int, autos: list[Move], before: list[Move] | None) -> None:
        """A player move's log entry: four entries, no tuple (see base.py): where its undo
        records and its scalars start, its automatic actions (None: none), the moves
        cached before it."""
        log = self._log
        log.append(start)
        log.append(at)
        log.append(autos if autos else None)
        log.append(before)

    def _rewind(
        self, rule: int, ops: list | None = None, autos: list[Move] | None = None
    ) -> list[Move]:
        """Turn the stock of turn rule `rule` round until its talon is empty (the moves made),
        where that loses nothing: with unlimited recycles and no limit on turns, from a full
        stock the turns come back to every split whose talon holds a multiple of the turn's
        count of cards (or all of them), so the two positions have the same future and a
        search keys them as one. Elsewhere (recycles counted, or a split the turns from a
        full stock never show), nothing."""
        g = self.t
        r = g.rule_by_index[rule]
        if r.recycle >= 0 or r.limit is not None:
            return []
        piles = self.piles
        s = len(piles[r.src])
        w = len(piles[r.dst])
        if w == 0 or (s and w % r.count):
            return []
        tail: list[Move] = []
        tab = g.turn_tab_of[rule]
        while True:
            out: list[Move] = []
            self._turn_moves(tab, out)
            if not out:
                break
            m = out[0]
            if ops is None:
                self._do(m)
            else:  # within `_macro_known`'s one player move
                self._exec(m, ops)
                self._settle(ops, autos)
            tail.append(m)
            if m.kind == RECYCLE:
                break
        return tail

    def _rewind_set(self, rule: int, ops: list, autos: list[Move]) -> list[Move]:
        """`_rewind` within `_macro_known` where a turn changes the stock, the talon and
        the turn rule's counters alone (`Tables.turns_quiet`): the turns and the recycle
        worked out on copies of the two piles, which are then set (`_set`: two undo
        records) and the counters moved, then the settling the last turn's would make (the
        turns set nothing off, so the ones between would find nothing). The same piles,
        counters and moves (`tail`) as `_rewind`.

        Why: the rewind follows every play from the talon, a turn per two or three cards
        of the stock, and making each as a move was a twentieth of a Klondike search."""
        g = self.t
        r = g.turn_by_rule[rule]
        assert r is not None  # a macro's rewind names a turn rule
        if r.recycle >= 0 or r.limit >= 0:
            return []
        piles = self.piles
        ts = r.src
        td = r.dst
        stock = piles[ts]
        talon = piles[td]
        s = len(stock)
        w = len(talon)
        if w == 0 or (s and w % r.count):
            return []
        gm = g.game
        count = r.count
        down = g.face_down[td]
        new_stock = list(stock)
        new_talon = list(talon)
        tail: list[Move] = []
        while new_stock:  # `_turn_moves` and `_exec`'s turn, on the copies
            v = new_stock[-1]
            tail.append(Move(gm, TURN, rule, ts, len(new_stock) - 1, td, 1, ~v if v < 0 else v))
            turn_cards(new_stock, new_talon, count, down)
        v = new_talon[-1]  # then the recycle (the talon holds w > 0 cards at least)
        tail.append(Move(gm, RECYCLE, rule, td, 0, ts, 0, ~v if v < 0 else v))
        sc = self.sc
        j = g.ru0 + rule
        sc[j] = sc[j] + len(tail) - 1
        j = g.rc0 + rule
        sc[j] = sc[j] + 1
        self._set(ts, [~(~x if x < 0 else x) for x in reversed(new_talon)], ops)
        self._set(td, [], ops)
        self._settle(ops, autos)
        return tail

    def step(self, m: Move) -> None:
        """Apply a move taken from `legal_moves()` without keeping history: a playout's
        fast path (no undo, no legality check)."""
        ops: list = []
        self._exec(m, ops)
        self._settle(ops, None)
        g = self.t
        if g.has_np:  # _remember, inlined
            k = self._np_pos if self._np_phase is not None else None
            if k is None:
                k = g.pos_key.hash(self.sc)
            seen = self._seen
            seen[k] = seen.get(k, 0) + 1
            self._seen_keys.append(k)
            self._finish_np()

    def undo(self) -> Move:
        """Take back the last player move and the automatic actions it triggered."""
        if not self.history:
            raise IllegalMove("nothing to undo")
        log = self._log
        before = log.pop()
        log.pop()
        log.pop()
        start: int = log.pop()
        self._forget()
        ops = self._ops
        self._revert(ops, start)
        if len(ops) - start <= 12:  # one or two records: cheaper than a slice's deletion
            while len(ops) > start:
                ops.pop()
        else:
            del ops[start:]
        n = len(self.sc)
        k = self._stop - n
        self.sc = self._snaps[k : k + n]
        self._stop = k
        # the moves before the move are those again (they depend on the state alone; in a
        # no-progress game also on the positions seen, so they are made anew there)
        self._cache = None if self.t.has_np else before
        return self.history.pop()

    def automatic_moves(self, n: int | None = None) -> list[Move]:
        """The automatic actions triggered by player move n (default: the last one)."""
        if not self._log:
            return list(self.initial_autos)
        autos = self._log[4 * (-1 if n is None else n) + 2]  # see base.py
        return list(autos) if autos is not None else []

    def is_won(self) -> bool:
        g = self.t
        piles = self.piles
        w = g.win
        if w == "all-on-foundations":
            wx = g.win_except
            if wx is None:
                return all(not piles[p] for p in g.in_piles)
            for p in g.in_piles:  # cards the `except` selector names may stay
                for v in piles[p]:
                    if not wx[(~v if v < 0 else v) % 52]:
                        return False
            return True
        if w == "one-pile":
            return sum(1 for p in g.in_piles if piles[p]) == 1
        if w == "rows-in-sequence":
            return self._rows_in_sequence()
        if w == "tableau-empty":
            return all(not piles[p] for p in g.tableau)
        if w == "all-face-up":
            return all(v >= 0 for pile in piles for v in pile)
        # foundations-complete
        for d in g.foundations:
            dp = piles[d]
            if not dp:
                return False
            last = g.flast[d]
            top = dp[-1]
            top = ~top if top < 0 else top
            if last is None:
                if len(dp) < 13:
                    return False
            elif not (RANK[top] == last and (len(dp) > 1 or not g.fwrap[d])):
                return False
        return True

    def is_lost(self) -> bool:
        """Not won and no legal move left (everything that could be dealt was dealt)."""
        if self._cache is None:
            self._cache = self._legal()
        return not self._cache and not self.is_won()

    def is_terminal(self) -> bool:
        return self.is_won() or self.is_lost()

    def pile(self, group_id: str, n: int = 1) -> tuple[C.Card, ...]:
        """Pile n (from 1) of a group, bottom to top."""
        g = self.t
        ps = g.group_piles.get(group_id)
        if ps is None:
            raise KeyError(f"no pile group {group_id!r}")
        if not 1 <= n <= len(ps):
            raise KeyError(f"no pile {group_id}.{n}")
        return tuple(C.to_card(v) for v in self.piles[ps[n - 1]])

    def parse_move(self, text: str) -> Move:
        return parse_move(self, text)

    def record(self):
        g = self.t
        return Record(
            g.spec_id,
            g.spec_hash,
            None if self.order is not None else self.seed,
            self.order,
            [
                p.notation
                for m in self.history
                for p in (m.parts if isinstance(m, MacroMove) else (m,))
            ],
        )

    def copy(self) -> State:
        new = State(None)
        new.game = self.game
        new.t = self.t
        new.seed = self.seed
        new.order = self.order
        new.piles = [p[:] for p in self.piles]
        new.sc = list(self.sc)
        new.history = list(self.history)
        new._log = list(self._log)
        new._ops = list(self._ops)
        new._snaps = self._snaps[: self._stop]
        new._stop = self._stop
        new._cache = None if self._cache is None else list(self._cache)
        new._lazy = self._lazy
        new._wcache = self._wcache
        new.loop_stopped = self.loop_stopped
        new.route_cycled = self.route_cycled
        new._zk = self._zk
        new._probing = self._probing
        new._seen = dict(self._seen)
        new._seen_keys = list(self._seen_keys)
        # _memo and _probes are shared: their entries are functions of the state (and seed)
        new._probes = self._probes
        new._memo = self._memo
        new._switch = self._switch
        new._np_phase = self._np_phase
        new._np_state = self._np_state
        new._np_pos = self._np_pos
        new.initial_autos = self.initial_autos
        return new

    def cards_in_play(self) -> list[int]:
        """Every card id on the table, face marks removed (tests: each card exactly once)."""
        return [~v if v < 0 else v for pile in self.piles for v in pile]

    def __str__(self) -> str:
        return state_text(self)
