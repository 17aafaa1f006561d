"""`State`: the piles, the deal cursor and counters, legal moves, apply/undo.

Piles are lists of ints (bottom → top; a face-down card is stored as ``~id``). Every change
is made through three primitives that log an undo record, and every player move keeps the
log of itself *and* of the automatic actions it triggered, so ``undo`` reverts all of them at
once and a record of player moves alone replays exactly. Scalars (deal cursor, counters) live
in one small list that is snapshotted per move.
"""

from __future__ import annotations

from operator import itemgetter

from pipeline.engine import cards as C
from pipeline.engine import compile as K
from pipeline.engine import moves as M
from pipeline.engine import zobrist as Z
from pipeline.engine.moves import Move
from pipeline.engine.rng import derive, shuffle
from pipeline.errors import IllegalMove

RANK = C.RANK
SUIT = C.SUIT
COLOUR = C.COLOUR

# scalar slots
S_STEP, S_ROUND, S_POS, S_COUNT, S_WAIT, S_REDEALS, S_PROGRESS, S_PLAN, S_BATCH = range(9)
_NSCALAR = 9

_MEMO_MAX = 200_000  # entries of a state's move memo before it is emptied
_MEMO_TRIAL = 4_000  # misses a game's memo gets to prove itself (see _memoized)
_MISS = object()

# undo-log op codes
OP_RUN, OP_ONE, OP_FLIP, OP_SET = range(4)


def _foundation_table(game, d: int) -> tuple:
    """For foundation pile d: index top_key*4 + bottom_suit → card keys it accepts next."""
    direction, suit, wrap = game.fdir[d], game.fsuit[d], game.fwrap[d]
    out = []
    for top in range(52):
        r = top % 13 + 1
        ranks = []
        if direction in ("up", "both"):
            if r < 13:
                ranks.append(r + 1)
            elif wrap:
                ranks.append(1)
        if direction in ("down", "both"):
            if r > 1:
                ranks.append(r - 1)
            elif wrap:
                ranks.append(13)
        for bs in range(4):
            if suit == "same":
                suits = [bs]
            elif suit == "any":
                suits = [0, 1, 2, 3]
            elif suit == "alternate":
                suits = [s for s in range(4) if C.COLOUR[13 * s] != C.COLOUR[top]]
            elif suit == "same-colour":
                suits = [s for s in range(4) if C.COLOUR[13 * s] == C.COLOUR[top]]
            else:
                raise ValueError(f"unknown foundation suit rule {suit!r}")
            out.append(tuple(13 * s + rk - 1 for rk in ranks for s in suits))
    return tuple(out)


def _twins(pile: list, idxs) -> set | None:
    """Indices among `idxs` whose card has a twin (same rank and suit) among them: their
    moves name the card's depth (`2S@3`), or two moves would read alike."""
    seen: dict[int, int] = {}
    for i in idxs:
        k = (~pile[i] if pile[i] < 0 else pile[i]) % 52
        seen[k] = seen.get(k, 0) + 1
    if len(seen) == len(idxs):
        return None
    return {i for i in idxs if seen[(~pile[i] if pile[i] < 0 else pile[i]) % 52] > 1}


def _offers(rule, phase: int, stuck: bool, auto: bool, np_only: bool) -> bool:
    """Whether a turn or route rule offers its moves in this generation: of the kind asked
    for (automatic or not, stuck-only or not), in this phase, a `no-progress` rule when only
    those are wanted; `none_of` rules are asked separately (see _gen_now)."""
    return (
        rule.none_of is None
        and rule.auto == auto
        and rule.when_stuck == stuck
        and (rule.phase == K.PH_ANY or rule.phase == phase)
        and (rule.no_progress or not np_only)
    )


class State:
    """One position of a game. Create with ``game.new_state(seed=..., order=...)``."""

    def __init__(self, game, seed: int | None = None, order: list[str] | None = None) -> None:
        self.game = g = game
        self.seed = 0 if seed is None else int(seed)
        self.order = list(order) if order is not None else None
        self.piles: list[list[int]] = [[] for _ in range(g.npiles)]
        self.history: list[Move] = []
        self._log: list[tuple] = []  # per player move: (ops, scalars before, automatic moves)
        self._cache: list[Move] | None = None
        self._wcache: tuple | None = None  # foundations' wants, dropped when they change
        self.loop_stopped = False
        self.route_cycled = False  # did the last route chain stop on a repeated state?
        if not hasattr(g, "_ftab"):
            g._ftab = tuple(
                _foundation_table(g, d) if g.role[d] == "foundation" else ()
                for d in range(g.npiles)
            )
            g._fb0 = _NSCALAR
            g._ru0 = g._fb0 + len(g.groups)
            g._rc0 = g._ru0 + g.n_rules
            g._dl0 = g._rc0 + g.n_rules
            g._zslot = g._dl0 + g.npiles  # the piles' Zobrist hash (no-progress games)
            g._nsc = g._zslot + 1
            g._zkeys = Z.Keys()
            g._memo_on = True  # see _memoized: off once random play shows states rarely repeat
            g._memo_calls = g._memo_misses = 0
            g._lim_slots = tuple(g._ru0 + i for i in g.limited_rules)
            # the scalars that decide what happens next: all but the use counts of rules
            # without a limit, which only grow (a state key for memos over states)
            # a position (for no-progress): piles, deal cursor, limited counts, recycles
            g._pos_of = itemgetter(
                g._zslot,
                *range(_NSCALAR),
                *g._lim_slots,
                *range(g._rc0, g._dl0),
            )
            g._state_of = itemgetter(
                *(i for i in range(g._nsc) if not g._ru0 <= i < g._rc0 or i in g._lim_slots)
            )
            g._nonfound = tuple(p for p in range(g.npiles) if g.role[p] != "foundation")
            g._guard = 50 * g.ncards + 1000
            # contiguous pile index range of each fill group ((-1, -1) if not contiguous)
            g._span = {}
            for f in g.fills:
                ps = f.piles
                ok = ps and list(ps) == list(range(ps[0], ps[0] + len(ps)))
                g._span[f.group] = (ps[0], ps[0] + len(ps)) if ok else (-1, -1)
            g._cond = tuple(
                sorted(
                    (r for r in (*g.transfers, *g.turns, *g.routes) if r.none_of is not None),
                    key=lambda r: r.index,
                )
            )
            g._optional = tuple(f for f in g.fills if not f.immediate and not f.batch)
            # transfer rules by (phase, stuck, auto), so generation skips the others at once
            g._tsel = {
                (ph, st, au): tuple(
                    r
                    for r in g.transfers
                    if r.auto == au
                    and r.none_of is None
                    and r.when_stuck == st
                    and (r.phase == K.PH_ANY or r.phase == ph)
                )
                for ph in (K.PH_DEAL, K.PH_PLAY)
                for st in (False, True)
                for au in (False, True)
            }
        self.sc = [0] * g._nsc
        self.sc[S_PROGRESS] = 1
        for p, cs in g.setup:
            self.piles[p].extend(cs)
            if g.role[p] == "foundation" and g.fbase[p] == K.BASE_FIRST:
                fb = g._fb0 + g.pile_group[p]
                if not self.sc[fb]:
                    self.sc[fb] = RANK[cs[0]]
        if order is not None:
            stock = self._crafted(order)
        else:
            stock = list(g.stock_cards)
            shuffle(stock, self.seed)
        self.piles[g.stock] = [~c for c in stock]
        # `no-progress` only: the piles' hash, kept by the primitives in sc[g._zslot] (so a
        # move's scalar snapshot restores it on undo and after a trial move)
        use_memo = g._memo_on
        self._zk = g._zkeys if g.has_np or use_memo else None
        if self._zk is not None:
            self.sc[g._zslot] = Z.piles_hash(self._zk, self.piles)
        self._start_step()
        self._probing = False
        self._seen: dict[int, int] = {}  # positions reached (for `no-progress`), by hash
        self._seen_keys: list[int] = []
        # (state hash, move key) -> position key after the move and its automatic actions:
        # a pure function of the state (see g._state_of), so it never needs invalidating
        self._probes: dict[tuple, int] = {}
        # state hash and arguments -> moves (see _memoized)
        self._memo: dict[tuple, list | None] | None = {} if use_memo else None
        self._np_phase: int | None = None  # see _settle: the no-progress check still to do
        self._np_state: int | None = None  # and the state's hash then
        self.initial_autos: list[Move] = []
        self._settle([], self.initial_autos)
        # the first position is not yet remembered while it settles: every trial move leads
        # to a position never reached, so its moves need no no-progress check
        self._np_phase = None
        self._remember()

    def _crafted(self, order: list[str]) -> list[int]:
        g = self.game
        left = list(g.stock_cards)
        free = set(left)
        first: list[int] = []
        for name in order:
            try:
                r, s = C.parse_card(name)
            except ValueError as e:
                raise IllegalMove(str(e)) from None
            for d in range(g.decks):
                cid = 52 * d + 13 * s + r - 1
                if cid in free:
                    free.discard(cid)
                    first.append(cid)
                    break
            else:
                raise IllegalMove(f"{name} is not in the stock after setup (or listed twice)")
        dealing = first + [c for c in left if c in free]
        return dealing[::-1]

    # ------------------------------------------------------------ primitives
    def _run(self, a: int, b: int, k: int, ops: list) -> None:
        pa = self.piles[a]
        vals = pa[-k:]
        zk = self._zk
        if zk is not None:
            self._zmove(a, len(pa) - k, b, len(self.piles[b]), vals)
        del pa[-k:]
        self.piles[b].extend(vals)
        ops.append((OP_RUN, a, b, k, vals))
        f = self.game.is_found
        if f[a] or f[b]:
            self._wcache = None

    def _one(self, a: int, ia: int, b: int, bottom: bool, val: int, ops: list) -> None:
        pa = self.piles[a]
        zk = self._zk
        if zk is not None:
            if bottom or ia != len(pa) - 1 or a == b:  # cards shift depth: rehash both piles
                z = self._zpiles(a, b)
            else:
                pb = self.piles[b]
                z = zk[Z.index(a, ia, pa[ia])] ^ zk[Z.index(b, len(pb), val)]
        old = pa.pop(ia)
        if bottom:
            self.piles[b].insert(0, val)
        else:
            self.piles[b].append(val)
        ops.append((OP_ONE, a, ia, b, bottom, old))
        if zk is not None:
            if bottom or ia != len(pa) or a == b:
                z ^= self._zpiles(a, b)
            self.sc[self.game._zslot] ^= z
        f = self.game.is_found
        if f[a] or f[b]:
            self._wcache = None

    def _flip(self, p: int, i: int, ops: list) -> None:
        pile = self.piles[p]
        zk = self._zk
        if zk is not None:
            v = pile[i]
            self.sc[self.game._zslot] ^= zk[Z.index(p, i, v)] ^ zk[Z.index(p, i, ~v)]
        pile[i] = ~pile[i]
        ops.append((OP_FLIP, p, i))
        self._wcache = None

    def _set(self, p: int, cards: list[int], ops: list) -> None:
        ops.append((OP_SET, p, self.piles[p]))
        zk = self._zk
        if zk is not None:
            h = Z.pile_hash(zk, p, self.piles[p]) ^ Z.pile_hash(zk, p, cards)
            self.sc[self.game._zslot] ^= h
        self.piles[p] = cards
        self._wcache = None

    def _zmove(self, a: int, ia: int, b: int, ib: int, vals: list[int]) -> None:
        """Update the piles' hash for `vals` leaving pile a from depth ia for pile b at ib."""
        zk = self._zk
        z = 0
        for j, v in enumerate(vals):
            z ^= zk[Z.index(a, ia + j, v)] ^ zk[Z.index(b, ib + j, v)]
        self.sc[self.game._zslot] ^= z

    def _zpiles(self, a: int, b: int) -> int:
        """Hash of piles a and b together (once when a is b)."""
        zk = self._zk
        h = Z.pile_hash(zk, a, self.piles[a])
        return h if a == b else h ^ Z.pile_hash(zk, b, self.piles[b])

    def _revert(self, ops: list) -> None:
        """Undo logged primitives. The piles' hash is not updated here: it lives in the
        scalars, which every caller restores from its snapshot."""
        self._wcache = None
        piles = self.piles
        for op in reversed(ops):
            code = op[0]
            if code == OP_RUN:
                _, a, b, k, vals = op
                del piles[b][-k:]
                piles[a].extend(vals)
            elif code == OP_ONE:
                _, a, ia, b, bottom, old = op
                if bottom:
                    piles[b].pop(0)
                else:
                    piles[b].pop()
                piles[a].insert(ia, old)
            elif code == OP_FLIP:
                piles[op[1]][op[2]] = ~piles[op[1]][op[2]]
            else:
                piles[op[1]] = op[2]

    def _removed(self, a: int, ops: list) -> None:
        """After cards left pile a: a face-down card now on top of it is turned up."""
        pa = self.piles[a]
        if pa and pa[-1] < 0 and self.game.turn_up[a]:
            self._flip(a, len(pa) - 1, ops)

    def _placed_on(self, d: int, cid: int) -> None:
        g = self.game
        if g.fbase[d] == K.BASE_FIRST and g.role[d] == "foundation":
            fb = g._fb0 + g.pile_group[d]
            if not self.sc[fb]:
                self.sc[fb] = RANK[cid]
                self._wcache = None

    # ------------------------------------------------------------------ deal
    def _plan(self) -> tuple:
        return self.game.plans[self.sc[S_PLAN]]

    def _start_step(self) -> None:
        plan = self._plan()
        sc = self.sc
        if sc[S_STEP] < len(plan):
            step = self.game.steps[plan[sc[S_STEP]]]
            sc[S_COUNT] = step.count.start if step.count else 0

    def _end_step(self, step, ops: list) -> None:
        if step.face == "down-but-last":
            for p in step.to:
                pile = self.piles[p]
                if pile and pile[-1] < 0:
                    self._flip(p, len(pile) - 1, ops)
        sc = self.sc
        sc[S_STEP] += 1
        sc[S_ROUND] = sc[S_POS] = sc[S_WAIT] = 0
        self._start_step()

    def _deal_unit(self, ops: list) -> bool:
        """Deal one pile's packet of the current round; True when the round ended."""
        g = self.game
        sc = self.sc
        step = g.steps[self._plan()[sc[S_STEP]]]
        seq = step.to[sc[S_ROUND] :] if step.triangle else step.to
        st = g.stock
        stock = self.piles[st]
        if step.skip_empty and sc[S_ROUND] > 0:
            piles = self.piles
            dl0 = g._dl0
            if all(not piles[q] and sc[dl0 + q] for q in seq):
                self._end_step(step, ops)
                return True
            while not piles[seq[sc[S_POS]]] and sc[dl0 + seq[sc[S_POS]]]:
                if self._advance(step, seq, stock, ops):
                    return True
        p = seq[sc[S_POS]]
        dl = g._dl0 + p
        down = step.face != "up"
        cnt = step.count
        for _ in range(step.per_pile):
            while stock:
                v = stock[-1]
                cid = ~v if v < 0 else v
                if cnt is not None:
                    c = sc[S_COUNT]
                    if RANK[cid] == c:
                        q = cnt.send_to
                        self._one(
                            st, len(stock) - 1, q, False, ~cid if g.face_down[q] else cid, ops
                        )
                        if cnt.replace:
                            continue
                        sc[S_COUNT] = c % 13 + 1
                        break
                    sc[S_COUNT] = c % 13 + 1
                self._one(st, len(stock) - 1, p, False, ~cid if down else cid, ops)
                sc[dl] += 1
                if not down:
                    self._placed_on(p, cid)
                break
            if not stock:
                break
        return self._advance(step, seq, stock, ops)

    def _advance(self, step, seq: tuple, stock: list, ops: list) -> bool:
        """Move the deal cursor past one pile; True when that ended the round."""
        sc = self.sc
        sc[S_POS] += 1
        if sc[S_POS] >= len(seq):
            sc[S_ROUND] += 1
            sc[S_POS] = 0
            if step.count is not None and step.count.reset_round:
                sc[S_COUNT] = step.count.start
            r = sc[S_ROUND]
            if (
                (step.rounds is not None and r >= step.rounds)
                or not stock
                or (step.triangle and r >= len(step.to))
            ):
                self._end_step(step, ops)
            elif step.next_stuck:
                sc[S_WAIT] = 1
            return True
        if not stock:
            self._end_step(step, ops)
            return True
        return False

    def _deal_round(self, ops: list) -> None:
        step = self.sc[S_STEP]
        while not self._deal_unit(ops) and self.sc[S_STEP] == step:
            pass

    def _phase_code(self) -> int:
        sc = self.sc
        return K.PH_DEAL if sc[S_STEP] < len(self._plan()) and not sc[S_WAIT] else K.PH_PLAY

    @property
    def phase(self) -> str:
        """``deal`` while a deal step is dealing a round, else ``play``."""
        return "deal" if self._phase_code() == K.PH_DEAL else "play"

    # ------------------------------------------------------------ foundations
    def _wants(self) -> tuple[list, list]:
        """Foundation piles by the card key they accept now, and those accepting any card."""
        g = self.game
        piles = self.piles
        sc = self.sc
        want: list = [None] * 52  # card key -> foundation piles taking it now
        anyp: list[int] = []
        for d in g.foundations:
            dp = piles[d]
            if not dp:
                b = g.fbase[d]
                if b == K.BASE_FIRST:
                    b = sc[g._fb0 + g.pile_group[d]]
                if b == K.BASE_ANY:
                    anyp.append(d)
                    continue
                keys = (b - 1, b + 12, b + 25, b + 38)
            else:
                top = dp[-1]
                if top < 0:
                    continue
                n = len(dp)
                last = g.flast[d]
                if last is None:
                    if n >= 13 and g.fdir[d] != "both":
                        continue
                elif (RANK[top] == last and (n > 1 or not g.fwrap[d])) or (
                    n >= 13 and g.fdir[d] != "both"
                ):
                    continue
                bot = dp[0]
                if bot < 0:
                    bot = ~bot
                keys = g._ftab[d][(top % 52) * 4 + SUIT[bot]]
            for k in keys:
                lst = want[k]
                if lst is None:
                    want[k] = [d]
                else:
                    lst.append(d)
        self._wcache = (want, anyp)
        return want, anyp

    def _playable(self, cid: int) -> bool:
        want, anyp = self._wcache or self._wants()
        return bool(anyp) or want[cid % 52] is not None

    # ---------------------------------------------------------------- moves
    def _state_hash(self) -> int:
        """Hash of everything that decides what happens next (see g._state_of)."""
        return hash(self.game._state_of(self.sc))

    def _memoized(self, sk: int | None, key: tuple, make, *args):
        """`make(*args)`, remembered under (state hash `sk`,) + key.

        Random play comes back to the same states again and again (a card moved to and fro,
        a stock gone round), and generating moves is the bulk of a move's cost. The moves of
        a state depend on nothing else (the phase is part of the state), so the memo is never
        invalidated; it is emptied when it grows large, to bound memory. A remembered list is
        shared: nobody changes a list of moves in place. A game whose states do not repeat
        (short games, cards that only go forward) pays for the hashing and gains nothing: if
        its first _MEMO_TRIAL misses come with fewer than 5% hits, the game turns the memo off
        for the states it makes from then on. Results never depend on it, only speed."""
        k = (self._state_hash() if sk is None else sk, *key)
        out = self._memo.get(k, _MISS)
        self.game._memo_calls += 1
        if out is _MISS:
            out = self._memo_add(k, make(*args))
        return out

    def _memo_add(self, k: tuple, out):
        """Store a computed entry of the memo (see _memoized), counting the miss."""
        memo = self._memo
        if len(memo) >= _MEMO_MAX:
            memo.clear()
        memo[k] = out
        g = self.game
        g._memo_misses += 1
        if g._memo_misses == _MEMO_TRIAL and g._memo_calls < _MEMO_TRIAL * 1.05:
            g._memo_on = False
        return out

    def _gen(
        self,
        phase: int,
        stuck: bool,
        auto: bool,
        first: bool = False,
        np_only: bool = False,
        sk: int | None = None,
    ) -> list[Move]:
        """Moves of the rules with this `when` (stuck or not) and this `auto` flag; with
        `np_only`, only the `no-progress` ones among the stuck rules. `sk`: the state's hash
        when the caller knows it."""
        memo = self._memo
        if memo is None:
            return self._gen_now(phase, stuck, auto, first, np_only)
        # _memoized, inlined: this is the hottest look-up
        k = (self._state_hash() if sk is None else sk, stuck, auto, first, np_only)
        out = memo.get(k, _MISS)
        self.game._memo_calls += 1
        if out is _MISS:
            out = self._memo_add(k, self._gen_now(phase, stuck, auto, first, np_only))
        return out

    def _gen_now(
        self, phase: int, stuck: bool, auto: bool, first: bool = False, np_only: bool = False
    ) -> list[Move]:
        g = self.game
        piles = self.piles
        sc = self.sc
        out: list[Move] = []
        plan = g.plans[sc[S_PLAN]]
        # a `batch` vacancy that can be filled: its fills are offered, and nothing that
        # brings new cards (deal, turn, recycle, redeal) until every such vacancy is filled
        held = None
        if g.has_batch and not auto and not stuck:
            held = self._batch(phase)
        if not auto and not held:
            if not stuck:
                if phase == K.PH_DEAL and g.steps[plan[sc[S_STEP]]].pause != K.P_NONE:
                    out.append(Move(g, M.DEAL, -1, g.stock, 0, 0, 0, 0))
            elif (
                sc[S_WAIT]
                and piles[g.stock]
                and (not np_only or g.steps[plan[sc[S_STEP]]].next_no_progress)
            ):
                out.append(Move(g, M.DEAL, -1, g.stock, 0, 0, 0, 0))
        play = phase == K.PH_PLAY
        # where each transfer rule's moves start in `out`, when a `none_of` rule will ask
        # whether they had any (see _any_moves)
        marks: list | None = [] if g._cond and not stuck else None
        if g.transfers:
            self._gen_transfers(phase, stuck, auto, out, np_only, marks=marks)
            if first and out:
                return out
        if marks is not None:
            marks.append((-1, len(out)))
            had = {ri: marks[j + 1][1] > start for j, (ri, start) in enumerate(marks[:-1])}
        if not held:
            for t in g.turns:
                if _offers(t, phase, stuck, auto, np_only):
                    self._turn_moves(t, out)
        for r in g.routes:
            if _offers(r, phase, stuck, auto, np_only):
                self._route_moves(r, out)
        if g._cond and not stuck:
            # rules legal only while none of the rules they name has a legal move
            for r in g._cond:
                if r.auto != auto or not (r.phase == K.PH_ANY or r.phase == phase):
                    continue
                if held and isinstance(r, K.TurnRule):
                    continue
                if not self._any_moves(phase, r.none_of, had):
                    self._rule_moves(phase, r, out)
        if not auto and not stuck and g._optional:
            for f in g._optional:
                if not (f.phase == K.PH_ANY or f.phase == phase):
                    continue
                for p in self._vacancies(f):
                    out.extend(self._fill_cands(f, p, phase))
        if held:
            out.extend(held)
        rd = g.redeal
        if (
            rd is not None
            and not held
            and not (np_only and not rd.when_no_progress)
            and not auto
            and rd.when_stuck == stuck
            and play
            and sc[S_REDEALS] < rd.times
            and sc[S_STEP] >= len(plan)
        ):
            out.append(Move(g, M.REDEAL, -1, -1, 0, -1, 0, 0))
        if g.needs_dedupe and len(out) > 1:
            seen = set()
            uniq = []
            for m in out:
                k = (m.src, m.idx, m.dst, m.count) if m.kind <= M.FILL else m.key()
                if k not in seen:
                    seen.add(k)
                    uniq.append(m)
            out = uniq
        return out

    def _turn_moves(self, t, out: list) -> None:
        g = self.game
        piles = self.piles
        sc = self.sc
        if t.limit is not None and sc[g._ru0 + t.index] >= t.limit:
            return
        if piles[t.src]:
            v = piles[t.src][-1]
            out.append(
                Move(g, M.TURN, t.index, t.src, len(piles[t.src]) - 1, t.dst, 1, ~v if v < 0 else v)
            )
        elif (
            piles[t.dst]
            and t.recycle
            and (
                (t.recycle < 0 and sc[S_PROGRESS])
                or (t.recycle > 0 and sc[g._rc0 + t.index] < t.recycle)
            )
        ):
            v = piles[t.dst][-1]
            out.append(Move(g, M.RECYCLE, t.index, t.dst, 0, t.src, 0, ~v if v < 0 else v))

    def _route_moves(self, r, out: list) -> None:
        g = self.game
        if r.limit is not None and self.sc[g._ru0 + r.index] >= r.limit:
            return
        for s in r.srcs:
            sp = self.piles[s]
            if sp and (r.chain in (K.CH_NONE, K.CH_RELEASED) or self._chain_ok(sp[-1], r.chain)):
                v = sp[-1]
                out.append(Move(g, M.ROUTE, r.index, s, len(sp) - 1, -1, 1, ~v if v < 0 else v))

    def _rule_moves(self, phase: int, r, out: list) -> None:
        """The moves of one rule, whatever its `when` and `auto` (phase and limit apply)."""
        if not (r.phase == K.PH_ANY or r.phase == phase):
            return
        if isinstance(r, K.TransferRule):
            self._gen_transfers(phase, False, False, out, rules=(r,))
        elif isinstance(r, K.TurnRule):
            self._turn_moves(r, out)
        else:
            self._route_moves(r, out)

    def _any_moves(self, phase: int, ids: frozenset, had: dict | None = None) -> bool:
        """Has any of these rules a legal move now? `had`: rule index -> whether that
        transfer rule made moves in this very generation (same state and phase, so the same
        answer; its own `when` had let it run), to save generating them twice."""
        tmp: list[Move] = []
        for i in sorted(ids):
            if had is not None and i in had:
                if had[i]:
                    return True
                continue
            self._rule_moves(phase, self.game.rule_by_index[i], tmp)
            if tmp:
                return True
        return False

    def _gen_transfers(
        self,
        phase: int,
        stuck: bool,
        auto: bool,
        out: list,
        np_only: bool = False,
        rules: tuple | None = None,
        marks: list | None = None,
    ) -> None:
        """Append the transfer rules' moves to `out`; with `marks`, note (rule index, start in
        `out`) of each rule looked at."""
        g = self.game
        piles = self.piles
        sc = self.sc
        want = anyp = tops = empties = None
        aidx = 1 if phase == K.PH_PLAY else 0
        avail = g.avail
        cap_of = g.capacity
        for rule in g._tsel[(phase, stuck, auto)] if rules is None else rules:
            if marks is not None:
                marks.append((rule.index, len(out)))
            if rule.limit is not None and sc[g._ru0 + rule.index] >= rule.limit:
                continue
            if np_only and not rule.no_progress:
                continue
            if want is None:
                want, anyp = self._wcache or self._wants()
                tops = [None] * 52
                empties = []
                for q in g._nonfound:
                    qp = piles[q]
                    if not qp:
                        empties.append(q)
                    else:
                        v = qp[-1]
                        if v >= 0:
                            k = v % 52
                            lst = tops[k]
                            if lst is None:
                                tops[k] = [q]
                            else:
                                lst.append(q)
            ri = rule.index
            fast = rule.fast
            if fast == 1:  # top cards onto foundations: one look-up per source
                for src, dsts in rule.pairs:
                    sp = piles[src]
                    if sp:
                        top = sp[-1]
                        if top >= 0:
                            fl = want[top % 52]
                            if fl:
                                for d in fl:
                                    if d in dsts:
                                        out.append(
                                            Move(g, M.TRANSFER, ri, src, len(sp) - 1, d, 1, top)
                                        )
                            if anyp:
                                for d in anyp:
                                    if d in dsts:
                                        out.append(
                                            Move(g, M.TRANSFER, ri, src, len(sp) - 1, d, 1, top)
                                        )
                continue
            if fast == 2:  # top cards built on other piles: one look-up per target key
                onto = rule.onto
                eany = rule.empty_any
                eranks = rule.empty_ranks
                for src, dsts in rule.pairs:
                    sp = piles[src]
                    if sp:
                        top = sp[-1]
                        if top >= 0:
                            for tk in onto[top % 52]:
                                lst = tops[tk]
                                if lst:
                                    for d in lst:
                                        if d in dsts:
                                            out.append(
                                                Move(g, M.TRANSFER, ri, src, len(sp) - 1, d, 1, top)
                                            )
                            if empties and (eany or RANK[top] in eranks):
                                for d in empties:
                                    if d in dsts:
                                        out.append(
                                            Move(g, M.TRANSFER, ri, src, len(sp) - 1, d, 1, top)
                                        )
                continue
            sel = rule.sel
            sd0, sd1 = rule.sdepth
            td0, td1 = rule.tdepth
            onto = rule.onto
            follows = rule.follows
            ri = rule.index
            emp = rule.empty_any or rule.empty_ranks
            top_srcs = rule.top_srcs
            for src, dsts in rule.pairs:
                sp = piles[src]
                if not sp:
                    continue
                if src in top_srcs:  # the fast-1 look-up, for this source alone
                    top = sp[-1]
                    if top >= 0:
                        for d in want[top % 52] or ():
                            if d in dsts:
                                out.append(Move(g, M.TRANSFER, ri, src, len(sp) - 1, d, 1, top))
                        for d in anyp:
                            if d in dsts:
                                out.append(Move(g, M.TRANSFER, ri, src, len(sp) - 1, d, 1, top))
                    continue
                av = avail[src][aidx]
                if not av:
                    continue
                n = len(sp)
                top = sp[-1]
                if top < 0:
                    if src != g.stock:
                        continue
                    top = ~top
                if av == K.A_TOP and not rule.run:
                    cands = (n - 1,)
                    run_mode = True
                else:
                    cands = [n - 1]
                    run_mode = av != K.A_ALL
                    if not run_mode:
                        cands.extend(i for i in range(n - 2, -1, -1) if sp[i] >= 0)
                        twins = _twins(sp, cands)
                    elif follows is not None:
                        i = n - 1
                        while (
                            i > 0 and sp[i - 1] >= 0 and follows[(sp[i] % 52) * 52 + sp[i - 1] % 52]
                        ):
                            i -= 1
                            cands.append(i)
                first = len(out)
                twins = None if run_mode else twins
                for i in cands:
                    cid = top if i == n - 1 else sp[i]
                    key = cid % 52
                    if sel is not None and not sel[key]:
                        continue
                    if not sd0 <= i + 1 <= sd1:
                        continue
                    k = n - i if run_mode else 1
                    if k == 1:
                        fl = want[key]
                        if fl:
                            for d in fl:
                                if d in dsts:
                                    nd = len(piles[d])
                                    cap = cap_of[d]
                                    if td0 <= nd <= td1 and (cap is None or nd < cap):
                                        out.append(Move(g, M.TRANSFER, ri, src, i, d, 1, cid))
                        if anyp:
                            for d in anyp:
                                if d in dsts and td0 <= len(piles[d]) <= td1:
                                    out.append(Move(g, M.TRANSFER, ri, src, i, d, 1, cid))
                    if onto is None:
                        continue
                    for tk in onto[key]:
                        lst = tops[tk]
                        if lst:
                            for d in lst:
                                if d in dsts:
                                    nd = len(piles[d])
                                    cap = cap_of[d]
                                    if td0 <= nd <= td1 and (cap is None or nd + k <= cap):
                                        out.append(Move(g, M.TRANSFER, ri, src, i, d, k, cid))
                    if (
                        empties
                        and emp
                        and td0 == 0
                        and (rule.empty_any or RANK[cid] in rule.empty_ranks)
                    ):
                        for d in empties:
                            if d in dsts:
                                cap = cap_of[d]
                                if cap is None or k <= cap:
                                    out.append(Move(g, M.TRANSFER, ri, src, i, d, k, cid))
                if twins:
                    for m in out[first:]:
                        if m.idx in twins:
                            m.depth_tag = True

    def _chain_ok(self, v: int, chain: int) -> bool:
        if v < 0:
            return True
        if chain == K.CH_NOT_PLAYABLE:
            return not self._playable(v)
        return False

    # ------------------------------------------------------------------ fill
    def _vacancies(self, f) -> list[int]:
        g = self.game
        sc = self.sc
        piles = self.piles
        up_to = f.up_to
        out = [p for p in f.piles if len(piles[p]) < up_to]
        if not out:
            return out
        pend = g.pending[sc[S_PLAN]][sc[S_STEP]]
        if pend:
            dl0 = g._dl0
            out = [p for p in out if p not in pend or len(piles[p]) < sc[dl0 + p]]
        if f.order == K.O_REVERSE:
            out.reverse()
        elif f.order == K.O_DEPTH:
            out.sort(key=lambda p: len(piles[p]))
        return out

    def _fill_cands(self, f, p: int, phase: int) -> list[Move]:
        g = self.game
        piles = self.piles
        n = len(piles[p])
        cap = g.capacity[p]
        if cap is not None and n >= cap:
            return []
        out: list[Move] = []
        aidx = 1 if phase == K.PH_PLAY else 0
        seen = set()
        for src in f.sources:
            if not (src.phase == K.PH_ANY or src.phase == phase):
                continue
            if src.only_empty and n:
                continue
            if src.position is not None and n + 1 != src.position:
                continue
            lo, hi = src.sdepth
            for q in src.piles:
                qp = piles[q]
                if q == p or not qp:
                    continue
                if q == g.stock:
                    idxs = [len(qp) - 1]
                else:
                    av = g.avail[q][aidx]
                    if not av or (av == K.A_TOP and qp[-1] < 0):
                        continue
                    idxs = (
                        [len(qp) - 1]
                        if av == K.A_TOP
                        else [i for i in range(len(qp) - 1, -1, -1) if qp[i] >= 0]
                    )
                twins = _twins(qp, idxs) if len(idxs) > 1 else None
                for i in idxs:
                    if not lo <= i + 1 <= hi or (q, i) in seen:
                        continue
                    seen.add((q, i))
                    v = qp[i]
                    out.append(Move(g, M.FILL, -1, q, i, p, 1, ~v if v < 0 else v))
                    if twins and i in twins:
                        out[-1].depth_tag = True
        return out

    def _obligation(self, phase: int, sk: int | None = None) -> list[Move] | None:
        """The possible fills of the first vacancy an immediate fill rule must fill now."""
        if self._memo is not None:
            return self._memoized(sk, (), self._obligation_now, phase)
        return self._obligation_now(phase)

    def _obligation_now(self, phase: int) -> list[Move] | None:
        piles = self.piles
        for f in self.game.fills:
            if not f.immediate or not (f.phase == K.PH_ANY or f.phase == phase):
                continue
            lo, hi = self.game._span[f.group]
            if lo >= 0 and min(map(len, piles[lo:hi])) >= f.up_to:
                continue  # no pile short of cards: no vacancy
            for p in self._vacancies(f):
                c = self._fill_cands(f, p, phase)
                if c:
                    return c
        return None

    def _batch(self, phase: int, sk: int | None = None) -> list[Move] | None:
        """The possible fills of the first vacancy (in `order`) of a `batch` fill rule."""
        if self._memo is not None:
            return self._memoized(sk, (None,), self._batch_now, phase)
        return self._batch_now(phase)

    def _batch_now(self, phase: int) -> list[Move] | None:
        piles = self.piles
        for f in self.game.fills:
            if not f.batch or not (f.phase == K.PH_ANY or f.phase == phase):
                continue
            up_to = f.up_to
            for p in f.piles:
                if len(piles[p]) < up_to:
                    break
            else:
                continue
            for p in self._vacancies(f):
                c = self._fill_cands(f, p, phase)
                if c:
                    return c
        return None

    # --------------------------------------------------------------- execute
    def _exec(self, m: Move, ops: list) -> None:
        g = self.game
        sc = self.sc
        piles = self.piles
        kind = m.kind
        if kind <= M.FILL:
            src, dst, i = m.src, m.dst, m.idx
            sp = piles[src]
            k = m.count
            if k == 1 and i == len(sp) - 1 and sp[i] >= 0 and not g.face_down[dst]:
                v = sp.pop()  # the common case, inlined: one face-up top card
                zk = self._zk
                if zk is not None:  # Z.index, inlined
                    v0 = v + Z.VALUE0
                    ds = Z.DEPTH_STRIDE
                    a = src * Z.PILE_STRIDE + i * ds + v0
                    b = dst * Z.PILE_STRIDE + len(piles[dst]) * ds + v0
                    sc[g._zslot] ^= zk[a] ^ zk[b]
                piles[dst].append(v)
                ops.append((OP_RUN, src, dst, 1, [v]))
                if g.is_found[src] or g.is_found[dst]:
                    self._wcache = None
            elif i == len(sp) - k and sp[i] >= 0 and not g.face_down[dst]:
                self._run(src, dst, k, ops)
            else:
                self._one(src, i, dst, False, ~m.card if g.face_down[dst] else m.card, ops)
            if sp and sp[-1] < 0 and g.turn_up[src]:
                self._flip(src, len(sp) - 1, ops)
            if g.has_first:
                self._placed_on(dst, m.card)
            if g.is_feed[src] and not g.is_feed[dst]:
                sc[S_PROGRESS] = 1
            if m.rule >= 0:
                sc[g._ru0 + m.rule] += 1
            elif kind == M.FILL and g.has_batch:
                f = g.fill_of_pile[dst]
                if f is not None and f.batch:
                    sc[S_BATCH] = 1
        elif kind == M.DEAL:
            sc[S_WAIT] = 0
            step = g.steps[self._plan()[sc[S_STEP]]]
            if step.pause == K.P_CARD:
                self._deal_unit(ops)
            else:
                self._deal_round(ops)
        elif kind == M.TURN:
            t = next(t for t in g.turns if t.index == m.rule)
            stock = piles[t.src]
            for _ in range(t.count):
                if not stock:
                    break
                v = stock[-1]
                cid = ~v if v < 0 else v
                self._one(
                    t.src, len(stock) - 1, t.dst, False, ~cid if g.face_down[t.dst] else cid, ops
                )
                self._placed_on(t.dst, cid)
            sc[g._ru0 + m.rule] += 1
        elif kind == M.RECYCLE:
            talon = piles[m.src]
            self._set(m.dst, [~(~v if v < 0 else v) for v in reversed(talon)], ops)
            self._set(m.src, [], ops)
            sc[g._rc0 + m.rule] += 1
            sc[S_PROGRESS] = 0
        elif kind == M.ROUTE:
            self._route(m, ops)
            sc[g._ru0 + m.rule] += 1
        elif kind == M.REDEAL:
            self._redeal(ops)
        else:  # pragma: no cover
            raise AssertionError(kind)

    def _route(self, m: Move, ops: list) -> None:
        g = self.game
        r = next(r for r in g.routes if r.index == m.rule)
        piles = self.piles
        watch = tuple(dict.fromkeys(r.srcs + r.targets))
        seen: set = set()
        s = m.src
        self.route_cycled = False
        while True:
            sp = piles[s]
            v = sp[-1]
            cid = ~v if v < 0 else v
            t = r.targets[RANK[cid] - 1]
            self._one(s, len(sp) - 1, t, r.bottom, cid if r.face_up else ~cid, ops)
            self._removed(s, ops)
            if r.chain == K.CH_NONE:
                return
            tp = piles[t]
            if len(tp) <= 1:
                return  # the receiving pile holds only the routed card: nothing to take
            if r.chain == K.CH_RELEASED:
                sp = piles[s]
                if sp and sp[-1] >= 0 and self._playable(sp[-1]):
                    return  # the card just uncovered fits a foundation: released
            elif not self._chain_ok(tp[-1], r.chain):
                return
            if v < 0 and r.face_up:
                s = t  # a card was turned up: the state cannot repeat
                continue
            sig = tuple(tuple(piles[q]) for q in watch)
            if sig in seen:
                self.route_cycled = True
                return
            seen.add(sig)
            s = t

    def _redeal(self, ops: list) -> None:
        g = self.game
        rd = g.redeal
        sc = self.sc
        piles = self.piles
        dealing: list[int] = []
        for p in rd.gather:
            cs = [~v if v < 0 else v for v in piles[p]]
            if not rd.bottom_first:
                cs.reverse()
            dealing.extend(cs)
            self._set(p, [], ops)
        dealing.extend(~v if v < 0 else v for v in reversed(piles[g.stock]))
        if rd.shuffle:
            shuffle(dealing, derive(self.seed, 1000 + sc[S_REDEALS]))
        self._set(g.stock, [~c for c in reversed(dealing)], ops)
        sc[S_REDEALS] += 1
        sc[S_PLAN] = 1
        sc[S_STEP] = sc[S_ROUND] = sc[S_POS] = sc[S_WAIT] = 0
        for si in rd.steps:
            for p in g.steps[si].to:
                sc[g._dl0 + p] = 0
        self._start_step()

    # ---------------------------------------------------------------- settle
    def _settle(self, ops: list, autos: list | None) -> None:
        """Make every automatic action the rules impose, then cache the legal moves.

        In a `no-progress` game the cached moves may still lack their no-progress check
        (`_np_phase` is then the phase): the check must see the new position remembered, so
        `_finish_np` makes it after the caller has remembered it. Only a lone `deal` needs
        the check here, as it decides whether the engine deals by itself."""
        g = self.game
        self._np_phase = None
        sc = self.sc
        piles = self.piles
        guard = g._guard
        while True:
            guard -= 1
            if guard < 0:
                self.loop_stopped = True
                break
            plan = g.plans[sc[S_PLAN]]
            if sc[S_STEP] < len(plan):
                step = g.steps[plan[sc[S_STEP]]]
                if not piles[g.stock]:
                    self._end_step(step, ops)
                    continue
                if not sc[S_WAIT] and step.pause == K.P_NONE:
                    self._deal_round(ops)
                    continue
                phase = K.PH_PLAY if sc[S_WAIT] else K.PH_DEAL
            else:
                phase = K.PH_PLAY
            # the state's hash for the memos of no-progress games (one state until an action)
            sk = self._state_hash() if self._memo is not None else None
            if g.has_immediate:
                ob = self._obligation(phase, sk)
                if ob:
                    if len(ob) == 1:
                        self._exec(ob[0], ops)
                        if autos is not None:
                            autos.append(ob[0])
                        continue
                    self._cache = ob
                    return
            if g.has_batch:
                bc = self._batch(phase, sk)
                if not bc:
                    if sc[S_BATCH]:
                        sc[S_BATCH] = 0
                        if sk is not None:
                            sk = self._state_hash()
                elif sc[S_BATCH]:
                    if len(bc) == 1:
                        self._exec(bc[0], ops)
                        if autos is not None:
                            autos.append(bc[0])
                        continue
                    self._cache = bc
                    return
            if g.has_auto:
                a = self._gen(phase, False, True, True, sk=sk)
                if a:
                    self._exec(a[0], ops)
                    if autos is not None:
                        autos.append(a[0])
                    continue
            moves = self._gen(phase, False, False, sk=sk)
            if not moves:
                if g.has_auto:
                    a = self._gen(phase, True, True, True, sk=sk)
                    if a:
                        self._exec(a[0], ops)
                        if autos is not None:
                            autos.append(a[0])
                        continue
                moves = self._gen(phase, True, False, sk=sk)
            elif g.has_np and not self._probing:
                if len(moves) > 1 or moves[0].kind != M.DEAL:
                    self._cache = moves
                    self._np_phase = phase
                    self._np_state = sk
                    return
                if self._all_repeat(moves, sk):
                    moves = moves + self._gen(phase, True, False, np_only=True, sk=sk)
            if len(moves) == 1 and moves[0].kind == M.DEAL:
                self._exec(moves[0], ops)
                if autos is not None:
                    autos.append(moves[0])
                continue
            self._cache = moves
            return
        self._cache = []

    # ------------------------------------------------------------ repetition
    def _pos_key(self) -> int:
        """Hash of the position: piles (their Zobrist hash), deal cursor and the counters
        that limit moves."""
        return hash(self.game._pos_of(self.sc))

    def _remember(self) -> None:
        if self.game.has_np:
            k = self._pos_key()
            self._seen[k] = self._seen.get(k, 0) + 1
            self._seen_keys.append(k)

    def _forget(self) -> None:
        if self.game.has_np and self._seen_keys:
            k = self._seen_keys.pop()
            n = self._seen[k] - 1
            if n:
                self._seen[k] = n
            else:
                del self._seen[k]

    def _all_repeat(self, moves: list[Move], sk: int | None = None) -> bool:
        """Does every move lead back to a position this game has already been in?"""
        seen = self._seen
        probes = self._probes
        state = self._state_hash() if sk is None else sk
        for m in moves:
            key = (state, m.kind, m.rule, m.src, m.idx, m.dst, m.count, m.card)
            k = probes.get(key)
            if k is None:
                if len(probes) >= _MEMO_MAX:
                    probes.clear()  # bound memory in a very long game
                k = probes[key] = self._probe(m)
            if k not in seen:
                return False
        return True

    def _probe(self, m: Move) -> int:
        """Position key after move m and its automatic actions; the state is left as it was."""
        sc = self.sc
        keep = (self._cache, self._wcache, self.loop_stopped, self.route_cycled, self._np_phase)
        self._probing = True
        try:
            ops: list = []
            snap = tuple(sc)
            self._exec(m, ops)
            self._settle(ops, None)
            k = self._pos_key()
            self._revert(ops)
            sc[:] = snap
            return k
        finally:
            self._probing = False
            self._cache, self._wcache, self.loop_stopped, self.route_cycled, self._np_phase = keep

    def _finish_np(self) -> None:
        """After a move of a `no-progress` game, once its position is remembered: complete
        the moves `_settle` cached with the no-progress check, or recompute them."""
        phase = self._np_phase
        if phase is None:
            self._cache = None
            return
        self._np_phase = None
        moves = self._cache
        sk = self._np_state
        if not self._all_repeat(moves, sk):
            return
        memo = self._memo
        if memo is None:
            self._cache = moves + self._gen(phase, True, False, np_only=True)
            return
        # the completed list is a function of the state too: kept, not rebuilt every time
        k = (sk, "np")
        out = memo.get(k)
        self.game._memo_calls += 1
        if out is None:
            out = self._memo_add(k, moves + self._gen(phase, True, False, np_only=True, sk=sk))
        self._cache = out

    def _legal(self) -> list[Move]:
        """Legal moves of a settled state (recomputed after undo)."""
        phase = self._phase_code()
        if self.game.fills:
            ob = self._obligation(phase)
            if ob:
                return ob
            if self.game.has_batch and self.sc[S_BATCH]:
                bc = self._batch(phase)
                if bc:
                    return bc
        moves = self._gen(phase, False, False)
        if not moves:
            moves = self._gen(phase, True, False)
        elif self.game.has_np and not self._probing and self._all_repeat(moves):
            moves = moves + self._gen(phase, True, False, np_only=True)
        return moves

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
        if self._cache is None:
            self._cache = self._legal()
        for m in self._cache:
            if m is move or m == move:
                break
        else:
            raise IllegalMove(f"{move.notation!r} is not a legal move now")
        ops: list = []
        snap = tuple(self.sc)
        autos: list[Move] = []
        self._exec(m, ops)
        self._settle(ops, autos)
        self.history.append(m)
        self._log.append((ops, snap, autos))
        if self.game.has_np:
            self._remember()
            self._finish_np()  # the position is now seen: moves may change

    def _step(self, m: Move) -> None:
        """Apply a move known to be legal without keeping history (random playouts)."""
        ops: list = []
        self._exec(m, ops)
        self._settle(ops, None)
        if self.game.has_np:
            self._remember()
            self._finish_np()

    def undo(self) -> Move:
        """Take back the last player move and the automatic actions it triggered."""
        if not self.history:
            raise IllegalMove("nothing to undo")
        ops, snap, _ = self._log.pop()
        self._forget()
        self._revert(ops)
        self.sc = list(snap)
        self._cache = None
        return self.history.pop()

    def automatic_moves(self, n: int | None = None) -> list[Move]:
        """The automatic actions triggered by player move n (default: the last one)."""
        if not self._log:
            return list(self.initial_autos)
        return list(self._log[-1 if n is None else n][2])

    def is_won(self) -> bool:
        g = self.game
        piles = self.piles
        w = g.win
        if w == "all-on-foundations":
            return all(not piles[p] for p in range(g.npiles) if p not in g.out_piles)
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
        g = self.game
        ps = g.group_piles.get(group_id)
        if ps is None:
            raise KeyError(f"no pile group {group_id!r}")
        if not 1 <= n <= len(ps):
            raise KeyError(f"no pile {group_id}.{n}")
        return tuple(C.to_card(v) for v in self.piles[ps[n - 1]])

    def parse_move(self, text: str) -> Move:
        from pipeline.engine.notation import parse_move

        return parse_move(self, text)

    def record(self):
        from pipeline.engine.record import Record

        g = self.game
        return Record(
            g.spec_id,
            g.spec_hash,
            None if self.order is not None else self.seed,
            self.order,
            [m.notation for m in self.history],
        )

    def copy(self) -> State:
        new = object.__new__(State)
        new.__dict__.update(self.__dict__)
        new.piles = [p[:] for p in self.piles]
        new.sc = list(self.sc)
        new.history = list(self.history)
        new._log = list(self._log)
        new._cache = None if self._cache is None else list(self._cache)
        new._seen = dict(self._seen)
        # _memo and _probes are shared: their entries are functions of the state (and seed)
        new._seen_keys = list(self._seen_keys)
        return new

    def cards_in_play(self) -> list[int]:
        """Every card id on the table, face marks removed (tests: each card exactly once)."""
        return [~v if v < 0 else v for pile in self.piles for v in pile]

    def __str__(self) -> str:
        from pipeline.engine.text import state_text

        return state_text(self)
