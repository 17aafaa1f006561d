"""Move generation: the moves each transfer, turn and route rule offers in a state.

Rules are asked by kind (`when: stuck` or not, `auto` or not, this phase); the common shapes
(top card to a foundation, top card built on another pile) take one table look-up per source.
Fill moves come from `fills.py`; `memo.py` remembers generated lists by state.
"""

from __future__ import annotations

from pipeline.engine import compile as K
from pipeline.engine import moves as M
from pipeline.engine.fills import Fills
from pipeline.engine.layout import (
    S_PLAN,
    S_REDEALS,
    S_STEP,
    S_WAIT,
    TransferTab,
    TurnTab,
    _offers,
)
from pipeline.engine.memo import _MISS, GEN_TAGS
from pipeline.engine.moves import HiddenMove, Move, twin_indices

_UNSET: list = []  # the tables of _gen_transfers before they are made (never changed)


class MoveGen(Fills):
    """Which moves the rules offer now (part of `State`: `base.py`)."""

    def _same_empty(self, p: int, shown: set[int]) -> bool:
        """Is empty pile p interchangeable with an empty pile already offered (`symmetry.py`)?
        If not, its group is noted in `shown` (the groups whose first empty pile is offered).
        A pile that a deal still to come reaches is never: the deal order names piles."""
        g = self.t
        c: int = g.eq[p]
        if c < 0:
            return False
        sc = self.sc
        if p in g.pending[sc[S_PLAN]][sc[S_STEP]]:
            return False
        if c in shown:
            return True
        shown.add(c)
        return False

    def _wants(self) -> tuple[list[list[int] | None], list[int]]:
        """Foundation piles by the card key they accept now, and those accepting any card."""
        g = self.t
        piles = self.piles
        sc = self.sc
        want: list[list[int] | None] = [None] * 52  # card key -> foundation piles taking it
        anyp: list[int] = []
        eq = g.has_eq
        shown: set[int] = set()
        for d in g.foundations:
            dp = piles[d]
            keys: list[int]
            if not dp:
                if eq and self._same_empty(d, shown):
                    continue
                b = g.fbase[d]
                if b < 0:  # learnt in play: `first` (any card until then) or `rank_of`
                    known = sc[g.fb0 + g.pile_group[d]]
                    if known == 0 and b == K.BASE_DEALT:
                        continue  # the card that fixes the base is not dealt yet
                    b = known
                if b == K.BASE_ANY:
                    anyp.append(d)
                    continue
                keys = [b - 1, b + 12, b + 25, b + 38]
            else:
                top = dp[-1]
                if top < 0:
                    continue
                n = len(dp)
                last = g.flast[d]
                if last is None:
                    if n >= 13 and g.fdir[d] != "both" and g.fdir[d] != "any":
                        continue
                elif (g.rank[top] == last and (n > 1 or not g.fwrap[d])) or (
                    n >= 13 and g.fdir[d] != "both" and g.fdir[d] != "any"
                ):
                    continue
                bot = dp[0]
                if bot < 0:
                    bot = ~bot
                keys = g.ftab[d][(top % 52) * 4 + g.suit[bot]]
            if g.has_gate and g.fgate[d] >= 0:  # only ranks the pile before it holds
                held = {g.rank[v if v >= 0 else ~v] for v in piles[g.fgate[d]]}
                keys = [k for k in keys if k % 13 + 1 in held]
            one = g.one_pile[d]
            for k in keys:
                lst = want[k]
                # a list of one pile is shared (nobody changes a want list in place)
                want[k] = one if lst is None else [*lst, d]
        self._wcache = (want, anyp)
        return want, anyp

    def _targets(self, skip: int = -1, skip2: int = -1) -> tuple[list[list[int] | None], list[int]]:
        """The piles other than foundations a card may be laid on, by the key of their top
        card (face up), and the empty ones (one of each interchangeable group); piles `skip`
        and `skip2` left out (a caller that changes them and knows no rule it asks lays
        cards there)."""
        g = self.t
        piles = self.piles
        tops: list[list[int] | None] = [None] * 52
        empties: list[int] = []
        eq = g.has_eq
        shown: set[int] = set()
        for q in g.nonfound:
            if q in (skip, skip2):
                continue
            qp = piles[q]
            if not qp:
                if not (eq and self._same_empty(q, shown)):
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
        return tops, empties

    def _block_moves(self, tab, phase: int, out: list, want: list, anyp: list) -> None:
        """The moves of a rule that uses the blocks of `blocks.py` (defined there)."""
        raise NotImplementedError

    def _remove_moves(self, r, out: list) -> None:
        """The moves of a `remove` rule (`blocks.py`)."""
        raise NotImplementedError

    def _playable(self, cid: int) -> bool:
        want, anyp = self._wcache or self._wants()
        return bool(anyp) or want[cid % 52] is not None

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
        k = (self._state_hash() if sk is None else sk) ^ GEN_TAGS[
            stuck * 8 + auto * 4 + first * 2 + np_only
        ]
        out = memo.get(k, _MISS)
        sw = self._switch
        if sw.counting:
            sw.calls += 1
        if out is _MISS:
            out = self._memo_add(k, self._gen_now(phase, stuck, auto, first, np_only))
        return out

    def _gen_now(
        self, phase: int, stuck: bool, auto: bool, first: bool = False, np_only: bool = False
    ) -> list[Move]:
        g = self.t
        gm = g.game  # the `Game` its moves name
        piles = self.piles
        sc = self.sc
        out: list[Move] = []
        # a `batch` vacancy that can be filled: its fills are offered, and nothing that
        # brings new cards (deal, turn, recycle, redeal) until every such vacancy is filled
        held = None
        if g.has_batch and not auto and not stuck:
            held = self._batch(phase)
        if not auto and not held:
            if not stuck:
                if (
                    phase == K.PH_DEAL
                    and g.steps[g.plans[sc[S_PLAN]][sc[S_STEP]]].pause != K.P_NONE
                ):
                    out.append(Move(gm, M.DEAL, -1, g.stock, 0, 0, 0, 0))
                elif (
                    sc[S_WAIT]
                    and piles[g.stock]
                    and g.steps[g.plans[sc[S_PLAN]][sc[S_STEP]]].next_choice
                ):  # next_round: choice - the player deals the next round when they like
                    out.append(Move(gm, M.DEAL, -1, g.stock, 0, 0, 0, 0))
            elif (
                sc[S_WAIT]
                and piles[g.stock]
                and (not np_only or g.steps[g.plans[sc[S_PLAN]][sc[S_STEP]]].next_no_progress)
            ):
                out.append(Move(gm, M.DEAL, -1, g.stock, 0, 0, 0, 0))
        play = phase == K.PH_PLAY
        # where each transfer rule's moves start in `out`, when a `none_of` rule will ask
        # whether they had any (see _any_moves)
        marks: list | None = [] if g.cond and not stuck else None
        if g.transfers:
            self._gen_transfers(phase, stuck, auto, out, np_only, marks=marks)
            if first and out:
                return out
        if marks is not None:
            marks.append((-1, len(out)))
            had = {ri: marks[j + 1][1] > start for j, (ri, start) in enumerate(marks[:-1])}
        if not held and g.turns:
            for tt in g.turn_sel[phase * 8 + stuck * 4 + auto * 2 + np_only]:
                self._turn_moves(tt, out)
        for r in g.routes:
            if _offers(r, phase, stuck, auto, np_only):
                self._route_moves(r, out)
        for r in g.removes:
            if _offers(r, phase, stuck, auto, np_only):
                self._remove_moves(r, out)
        if g.cond and not stuck:
            # rules legal only while none of the rules they name has a legal move
            for r in g.cond:
                if r.auto != auto or not (r.phase == K.PH_ANY or r.phase == phase):
                    continue
                if held and isinstance(r, K.TurnRule):
                    continue
                if not self._any_moves(phase, r.none_of, had):
                    self._rule_moves(phase, r, out)
        if not auto and not stuck and g.optional:
            for f in g.optional:
                if not (f.phase == K.PH_ANY or f.phase == phase):
                    continue
                shown: set[int] = set()
                for p in self._vacancies(f):
                    if not piles[p] and g.has_eq and self._same_empty(p, shown):
                        continue
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
            and sc[S_STEP] >= g.plan_len[sc[S_PLAN]]
        ):
            out.append(Move(gm, M.REDEAL, -1, -1, 0, -1, 0, 0))
        if g.needs_dedupe and len(out) > 1:
            seen = set()
            uniq = []
            for m in out:
                k = m.table_key()
                if k not in seen:
                    seen.add(k)
                    uniq.append(m)
            out = uniq
        return out

    def _turn_moves(self, t: TurnTab, out: list) -> None:
        g = self.t
        gm = g.game  # the `Game` its moves name
        piles = self.piles
        sc = self.sc
        if t.limit >= 0 and sc[g.ru0 + t.index] >= t.limit:
            return
        if piles[t.src]:
            v = piles[t.src][-1]
            out.append(
                Move(
                    g.game,
                    M.TURN,
                    t.index,
                    t.src,
                    len(piles[t.src]) - 1,
                    t.dst,
                    1,
                    ~v if v < 0 else v,
                )
            )
        elif piles[t.dst] and t.recycle and (t.recycle < 0 or sc[g.rc0 + t.index] < t.recycle):
            v = piles[t.dst][-1]
            out.append(Move(gm, M.RECYCLE, t.index, t.dst, 0, t.src, 0, ~v if v < 0 else v))

    def _route_moves(self, r, out: list) -> None:
        g = self.t
        gm = g.game  # the `Game` its moves name
        if r.limit is not None and self.sc[g.ru0 + r.index] >= r.limit:
            return
        for s in r.srcs:
            sp = self.piles[s]
            if sp and (r.chain in (K.CH_NONE, K.CH_RELEASED) or self._chain_ok(sp[-1], r.chain)):
                v = sp[-1]
                if v < 0:
                    out.append(HiddenMove(gm, M.ROUTE, r.index, s, len(sp) - 1, -1, 1, ~v))
                else:
                    out.append(Move(gm, M.ROUTE, r.index, s, len(sp) - 1, -1, 1, v))

    def _rule_moves(self, phase: int, r, out: list) -> None:
        """The moves of one rule, whatever its `when` and `auto` (phase and limit apply)."""
        if not (r.phase == K.PH_ANY or r.phase == phase):
            return
        if isinstance(r, K.TransferRule):
            self._gen_transfers(phase, False, False, out, rules=(r,))
        elif isinstance(r, K.TurnRule):
            self._turn_moves(self.t.turn_tab_of[r.index], out)
        elif isinstance(r, K.RemoveRule):
            self._remove_moves(r, out)
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
            self._rule_moves(phase, self.t.rule_by_index[i], tmp)
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
        only: int = -1,
        tabs: list[TransferTab] | None = None,
        targets: tuple[list[list[int] | None], list[int]] | None = None,
    ) -> None:
        """Append the transfer rules' moves to `out`; with `marks`, note (rule index, start in
        `out`) of each rule looked at; with `only` >= 0, the moves from that pile alone.
        `tabs`: the rules' compiled tables, where a caller asking the same rules many times
        has them at hand; `targets`: `_targets()` of this position, where the caller knows
        the piles it changed since are no target of these rules."""
        g = self.t
        gm = g.game  # the `Game` its moves name
        piles = self.piles
        sc = self.sc
        # made for the first rule that runs: foundation piles by the card key they take,
        # those taking any card, other piles by their top card's key, empty piles
        want: list[list[int] | None] | None = None
        anyp: list[int] = _UNSET
        tops: list[list[int] | None] = _UNSET
        empties: list[int] = _UNSET
        aidx = 1 if phase == K.PH_PLAY else 0
        avail = g.avail
        cap_of = g.capacity
        rank = g.rank
        npiles = g.npiles
        if tabs is None:
            tabs = (
                g.tsel[phase * 4 + stuck * 2 + auto]
                if rules is None
                else [g.ttab_of[r.index] for r in rules]
            )
        for tab in tabs:
            ri: int = tab.index
            if marks is not None:
                marks.append((ri, len(out)))
            if tab.limit >= 0 and sc[g.ru0 + ri] >= tab.limit:
                continue
            if np_only and not tab.no_progress:
                continue
            caps = tab.caps
            if caps:  # every target full: no move (`TransferTab.caps`)
                tg = tab.alltargets
                x = 0
                while x < len(caps) and len(piles[tg[x]]) >= caps[x]:
                    x += 1
                if x == len(caps):
                    continue
            if want is None:
                want, anyp = self._wcache or self._wants()
            if tab.special:
                self._block_moves(tab, phase, out, want, anyp)
                continue
            if tab.fast == 0 and tops is _UNSET:
                tops, empties = self._targets() if targets is None else targets
            fast = tab.fast
            ok = tab.ok
            tsel = tab.sel
            if fast == 1:  # top cards onto foundations: one look-up per source
                for src in tab.srcs:
                    if only >= 0 and src != only:
                        continue
                    sp = piles[src]
                    if sp:
                        top = sp[-1]
                        if top >= 0 and tsel[top % 52]:
                            base = src * npiles
                            fl = want[top % 52]
                            if fl is not None:
                                for d in fl:
                                    if ok[base + d]:
                                        out.append(
                                            Move(gm, M.TRANSFER, ri, src, len(sp) - 1, d, 1, top)
                                        )
                            for d in anyp:
                                if ok[base + d]:
                                    out.append(
                                        Move(gm, M.TRANSFER, ri, src, len(sp) - 1, d, 1, top)
                                    )
                continue
            if fast == 2:  # top cards built on other piles: one look-up per target key
                bonto = tab.onto
                eany = tab.empty_any
                erank = tab.empty_rank
                for src in tab.srcs:
                    if only >= 0 and src != only:
                        continue
                    sp = piles[src]
                    if sp:
                        top = sp[-1]
                        if top >= 0 and tsel[top % 52]:
                            if tops is _UNSET:  # made once a card may move (none: never)
                                tops, empties = self._targets() if targets is None else targets
                            base = src * npiles
                            for tk in bonto[top % 52]:
                                lst = tops[tk]
                                if lst is not None:
                                    for d in lst:
                                        if ok[base + d]:
                                            out.append(
                                                Move(
                                                    gm, M.TRANSFER, ri, src, len(sp) - 1, d, 1, top
                                                )
                                            )
                            if empties and (eany or erank[rank[top]]):
                                for d in empties:
                                    if ok[base + d]:
                                        out.append(
                                            Move(gm, M.TRANSFER, ri, src, len(sp) - 1, d, 1, top)
                                        )
                continue
            sd0 = tab.sd0
            sd1 = tab.sd1
            td0 = tab.td0
            td1 = tab.td1
            onto = tab.onto
            has_onto = tab.has_onto
            follows = tab.follows
            emp = tab.emp
            eany = tab.empty_any
            erank = tab.empty_rank
            high = self._high(tab.base_pile) if tab.empty_high else 0
            top_src = tab.top_src
            cut = self._cut(tab.base_pile) if tab.base_pile >= 0 else None
            run_rule = tab.run
            okp = tab.okp
            srcs = tab.srcs
            for j in range(len(srcs)):
                src = srcs[j]
                if only >= 0 and src != only:
                    continue
                sp = piles[src]
                if not sp:
                    continue
                pb = j * npiles
                if top_src[src]:  # the fast-1 look-up, for this source alone
                    top = sp[-1]
                    if top >= 0:
                        for d in want[top % 52] or ():
                            if okp[pb + d]:
                                out.append(Move(gm, M.TRANSFER, ri, src, len(sp) - 1, d, 1, top))
                        for d in anyp:
                            if okp[pb + d]:
                                out.append(Move(gm, M.TRANSFER, ri, src, len(sp) - 1, d, 1, top))
                    continue
                av = avail[src][aidx]
                if not av:
                    continue
                n = len(sp)
                top = sp[-1]
                hidden = top < 0
                if hidden:
                    if src != g.stock:
                        continue
                    top = ~top
                if av == K.A_TOP and not run_rule and not tsel[top % 52]:
                    continue  # its one candidate, the top card, may not move (`cards`)
                twins: set[int] | None = None
                if av == K.A_TOP and not run_rule:
                    cands = [n - 1]
                    run_mode = True
                else:
                    cands = [n - 1]
                    run_mode = av != K.A_ALL
                    if not run_mode:
                        cands.extend(i for i in range(n - 2, -1, -1) if sp[i] >= 0)
                        twins = twin_indices(sp, cands)
                    elif follows is not None:
                        i = n - 1
                        while (
                            i > 0
                            and sp[i - 1] >= 0
                            and follows[(sp[i] % 52) * 52 + sp[i - 1] % 52]
                            and (cut is None or {rank[sp[i]], rank[sp[i - 1]]} != cut)
                        ):
                            i -= 1
                            cands.append(i)
                        if tab.run_whole:  # the top card, or the whole pile if it is a run
                            cands = [n - 1, 0] if i == 0 and n > 1 else [n - 1]
                first = len(out)
                for i in cands:
                    cid = top if i == n - 1 else sp[i]
                    key = cid % 52
                    if not tsel[key]:
                        continue
                    if not sd0 <= i + 1 <= sd1:
                        continue
                    k = n - i if run_mode else 1
                    if k == 1:
                        fl = want[key]
                        if fl:
                            for d in fl:
                                if okp[pb + d]:
                                    nd = len(piles[d])
                                    cap = cap_of[d]
                                    if td0 <= nd <= td1 and (cap is None or nd < cap):
                                        out.append(Move(gm, M.TRANSFER, ri, src, i, d, 1, cid))
                        if anyp:
                            for d in anyp:
                                if okp[pb + d] and td0 <= len(piles[d]) <= td1:
                                    out.append(Move(gm, M.TRANSFER, ri, src, i, d, 1, cid))
                    if not has_onto:
                        continue
                    for tk in onto[key]:
                        lst = tops[tk]
                        if lst:
                            if cut is not None and {rank[tk], rank[cid]} == cut:
                                continue  # the round of ranks stops at the foundations' base
                            for d in lst:
                                if okp[pb + d]:
                                    nd = len(piles[d])
                                    cap = cap_of[d]
                                    if td0 <= nd <= td1 and (cap is None or nd + k <= cap):
                                        out.append(Move(gm, M.TRANSFER, ri, src, i, d, k, cid))
                    if (
                        empties
                        and emp
                        and td0 == 0
                        and (eany or erank[rank[cid]] or rank[cid] == high)
                    ):
                        for d in empties:
                            if okp[pb + d]:
                                cap = cap_of[d]
                                if cap is None or k <= cap:
                                    out.append(Move(gm, M.TRANSFER, ri, src, i, d, k, cid))
                if twins:
                    for m in out[first:]:
                        if m.idx in twins:
                            m.depth_tag = True
                if hidden:  # the stock's face-down top card: its moves do not name it
                    for jj in range(first, len(out)):
                        m = out[jj]
                        if m.idx == n - 1:
                            out[jj] = HiddenMove(
                                g.game, m.kind, ri, src, m.idx, m.dst, m.count, m.card
                            )

    def _cut(self, f: int) -> set | None:
        """`build.wrap: base`: the two ranks that never follow each other (the base of
        foundation pile f and the rank below it), or None while the base is not known."""
        g = self.t
        b = g.fbase[f]
        if b < 0:
            b = self.sc[g.fb0 + g.pile_group[f]]
        if b <= 0:
            return None
        return {b, 13 if b == 1 else b - 1}

    def _high(self, f: int) -> int:
        """`build.empty: highest`: the rank below the base of foundation pile f (the top of
        the round of ranks), or 0 while the base is not known."""
        g = self.t
        b = g.fbase[f]
        if b < 0:
            b = self.sc[g.fb0 + g.pile_group[f]]
        if b <= 0:
            return 0
        return 13 if b == 1 else b - 1

    def _chain_ok(self, v: int, chain: int) -> bool:
        if v < 0:
            return True
        if chain == K.CH_NOT_PLAYABLE:
            return not self._playable(v)
        return False
