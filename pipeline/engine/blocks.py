"""The blocks for other families of games: moves the fast paths of `movegen.py` never make.

Each is a field of a move rule or a pile group that a spec names (`rules/README.md` § Blocks
for other families): a pile covered by others (`covered_by`: Pyramid), a group of cards
removed by a relation of ranks (`kind: remove`), a card moved only when outranked on another
top (`beaten_by`: Aces Up), targets at a distance along a row whose gaps close or not
(`pairs: {left: [...]}`: Accordion), whole piles judged by their top card (`run: pile`), a
space judged by its neighbour in a row (`neighbour`: Gaps), a complete run to a foundation
(`run: complete`: Spider) and a run relation apart from the build (`run: {suit: same}`).
A rule using any of them is generated here, plainly, one source and target at a time: these
games have few cards in reach, so clarity costs little.
"""

from __future__ import annotations

from pipeline.engine import compile as K
from pipeline.engine import moves as M
from pipeline.engine.cards import RANK, SUIT
from pipeline.engine.layout import TransferTab
from pipeline.engine.movegen import MoveGen
from pipeline.engine.moves import Move, PairMove


def _higher(a: int, b: int, aces_high: bool) -> bool:
    """Is card a of higher rank than card b?"""
    ra = RANK[a]
    rb = RANK[b]
    if aces_high:
        ra = 14 if ra == 1 else ra
        rb = 14 if rb == 1 else rb
    return ra > rb


class Blocks(MoveGen):
    """Moves of the rules that use the blocks above (part of `State`: `base.py`)."""

    def _covered(self, p: int) -> bool:
        """Does a pile covering pile p (`covered_by`) hold a card?"""
        piles = self.piles
        return any(piles[q] for q in self.t.covered_by[p])

    def _at_distance(self, rule, src: int) -> list[int]:
        """The piles at the rule's distances from `src` along its `from` row; with gaps
        closing, empty piles are not counted (nor are they targets)."""
        line = rule.line
        piles = self.piles
        pos = line.index(src)
        out: list[int] = []
        for k in rule.dist:
            step = 1 if k > 0 else -1
            left = k if k > 0 else -k
            j = pos
            while left > 0:
                j += step
                if j < 0 or j >= len(line):
                    break
                if not rule.close_gaps or piles[line[j]]:
                    left -= 1
            if left == 0:
                out.append(line[j])
        return out

    def _beaten(self, beaten: tuple, src: int, c: int) -> bool:
        """`beaten_by`: does another of the named piles show on top a card of higher rank
        than c, of the suit relation asked?"""
        named, suit, aces_high = beaten
        piles = self.piles
        for q in named:
            if q == src:
                continue
            qp = piles[q]
            if not qp or qp[-1] < 0:
                continue
            t = qp[-1]
            if suit == "same" and SUIT[t] != SUIT[c]:
                continue
            if _higher(t, c, aces_high):
                return True
        return False

    def _neighbour_moves(self, tab: TransferTab, phase: int, out: list) -> bool:
        """A `neighbour` rule with no other block (Gaps): the moves of the general loop of
        `_block_moves`, in its order, found the other way round. That loop judged every
        source against every space (48 x 4 in Gaps, most of a node's time); here each space
        names the card keys it takes from its neighbour's top card (a few), then each source
        is one look-up by its top card's key. False, having added nothing, where a space is a
        foundation (the general loop's other case)."""
        g = self.t
        piles = self.piles
        nbr = tab.nbr
        succ = tab.succ
        cov = g.covered_by
        cap_of = g.capacity
        is_found = g.is_found
        td0: int = tab.td0
        td1: int = tab.td1
        # per card key: the spaces it may fill, in pile order
        fits: list[list[int] | None] = [None] * 52
        some = False
        for d in tab.alltargets:
            if piles[d]:
                continue
            if is_found[d]:
                return False
            if not td0 <= 0 <= td1 or (cov[d] and self._covered(d)):
                continue
            cap = cap_of[d]
            if cap is not None and cap < 1:
                continue
            q = nbr[d]
            if q == -1:
                keys = tab.row_end
            else:
                qp = piles[q]
                if not qp or qp[-1] < 0:
                    continue
                keys = succ[qp[-1] % 52]
            for k in keys:
                lst = fits[k]
                if lst is None:
                    fits[k] = [d]
                else:
                    lst.append(d)
                some = True
        if not some:
            return True
        gm = g.game
        ri: int = tab.index
        aidx = 1 if phase == K.PH_PLAY else 0
        avail = g.avail
        sel = tab.sel
        sd0: int = tab.sd0
        sd1: int = tab.sd1
        npiles: int = g.npiles
        ok_pair = tab.ok
        for src in tab.srcs:
            sp = piles[src]
            if not sp:
                continue
            top = sp[-1]
            if top < 0:
                continue
            key = top % 52
            ds = fits[key]
            if ds is None or not sel[key]:
                continue
            if (cov[src] and self._covered(src)) or not avail[src][aidx]:
                continue
            n = len(sp)
            if not sd0 <= n <= sd1:
                continue
            base = src * npiles
            for d in ds:
                if ok_pair[base + d]:
                    out.append(Move(gm, M.TRANSFER, ri, src, n - 1, d, 1, top))
        return True

    def _block_moves(self, tab: TransferTab, phase: int, out: list, want: list, anyp: list) -> None:
        if tab.nb_plain and self._neighbour_moves(tab, phase, out):
            return
        g = self.t
        gm = g.game
        piles = self.piles
        rule = tab.rule
        ri: int = rule.index
        aidx = 1 if phase == K.PH_PLAY else 0
        sel = rule.sel
        follows = rule.follows
        rf = rule.run_follows if rule.run_follows is not None else follows
        sd0: int = rule.sdepth[0]
        sd1: int = rule.sdepth[1]
        td0: int = rule.tdepth[0]
        td1: int = rule.tdepth[1]
        cov = g.covered_by
        npiles = g.npiles
        ok_pair = tab.ok
        # a `neighbour` rule's targets are spaces: only the empty piles, found once
        spaces = [d for d in tab.alltargets if not piles[d]] if rule.neighbour else []
        for j, src in enumerate(tab.srcs):
            sp = piles[src]
            if not sp or (cov[src] and self._covered(src)):
                continue
            if not g.avail[src][aidx]:
                continue
            n = len(sp)
            top = sp[-1]
            if top < 0:
                continue
            dsts = tab.dlist[j]
            if rule.run_complete:
                self._complete_moves(rule, src, sp, dsts, out, want, anyp)
                continue
            if rule.beaten is not None and not self._beaten(rule.beaten, src, top):
                continue
            # the moving units: (index of the bottom moving card, the card judged)
            units: list[tuple[int, int]] = []
            if rule.run_pile:
                if min(sp) >= 0:
                    units.append((0, top))
            else:
                units.append((n - 1, top))
                if rule.run and rf is not None:
                    i = n - 1
                    while i > 0 and sp[i - 1] >= 0 and rf[(sp[i] % 52) * 52 + sp[i - 1] % 52]:
                        i -= 1
                        units.append((i, sp[i]))
            if rule.dist:
                targets = self._at_distance(rule, src)
            elif rule.neighbour:
                targets = [d for d in spaces if ok_pair[src * npiles + d]]
            else:
                targets = dsts
            for d in targets:
                if d == src or (rule.dist and d not in dsts):
                    continue
                if cov[d] and self._covered(d):
                    continue
                dp = piles[d]
                nd = len(dp)
                if not td0 <= nd <= td1:
                    continue
                cap = g.capacity[d]
                for i, c in units:
                    k = n - i
                    key = c % 52
                    if cap is not None and nd + k > cap:
                        continue
                    if sel is not None and not sel[key]:
                        continue
                    if not sd0 <= i + 1 <= sd1:
                        continue
                    if g.is_found[d]:
                        if k == 1 and (d in (want[key] or ()) or d in anyp):
                            out.append(Move(gm, M.TRANSFER, ri, src, i, d, 1, c))
                        continue
                    if rule.neighbour:
                        if dp:
                            continue
                        q = rule.nbr[d]
                        if q == -1:
                            ok = rule.empty_any or RANK[c] in rule.empty_ranks
                        else:
                            qp = piles[q]
                            ok = (
                                bool(qp)
                                and qp[-1] >= 0
                                and follows is not None
                                and bool(follows[key * 52 + qp[-1] % 52])
                            )
                    elif dp:
                        t = dp[-1]
                        ok = t >= 0 and follows is not None and bool(follows[key * 52 + t % 52])
                    else:
                        ok = rule.empty_any or RANK[c] in rule.empty_ranks
                    if ok:
                        out.append(Move(gm, M.TRANSFER, ri, src, i, d, k, c))

    def _complete_moves(
        self, rule, src: int, sp: list[int], dsts: list[int], out: list, want: list, anyp: list
    ) -> None:
        """`run: complete`: the top 13 cards, face up, are what an empty foundation of the
        rule's targets would take one after another: they go there at once."""
        g = self.t
        n = len(sp)
        i = n - 13
        if i < 0:
            return
        c0 = sp[i]
        if c0 < 0:
            return
        if rule.sel is not None and not rule.sel[c0 % 52]:
            return
        piles = self.piles
        for d in dsts:
            if piles[d] or not (d in (want[c0 % 52] or ()) or d in anyp):
                continue
            tab = g.ftab[d]
            bs = SUIT[c0]
            ok = True
            for j in range(i, n - 1):
                a = sp[j + 1]
                if a < 0 or (a % 52) not in tab[(sp[j] % 52) * 4 + bs]:
                    ok = False
                    break
            if ok:
                out.append(Move(g.game, M.TRANSFER, rule.index, src, i, d, 13, c0))
                return  # one empty foundation is enough: they differ only by name

    def _remove_moves(self, r, out: list) -> None:
        """`kind: remove`: groups of one or two available cards (the face-up top cards of
        uncovered piles of `from`) whose ranks satisfy the rule's relation."""
        g = self.t
        if r.limit is not None and self.sc[g.ru0 + r.index] >= r.limit:
            return
        piles = self.piles
        cov = g.covered_by
        tops: list[int] = []
        where: list[int] = []
        for s in r.srcs:
            sp = piles[s]
            if sp and sp[-1] >= 0 and not (cov[s] and self._covered(s)):
                tops.append(sp[-1])
                where.append(s)
        gm = g.game
        total: int = r.total
        if 1 in r.sizes:
            for a in range(len(tops)):
                c = tops[a]
                if total and RANK[c] == total:
                    s = where[a]
                    out.append(Move(gm, M.REMOVE, r.index, s, len(piles[s]) - 1, r.dst, 1, c))
        if 2 in r.sizes:
            for a in range(len(tops)):
                c = tops[a]
                for b in range(a + 1, len(tops)):
                    e = tops[b]
                    if (total and RANK[c] + RANK[e] == total) or (
                        r.same_rank and RANK[c] == RANK[e]
                    ):
                        s = where[a]
                        out.append(PairMove(gm, r.index, s, len(piles[s]) - 1, where[b], c, e))

    def _rows_in_sequence(self) -> bool:
        """`win: rows-in-sequence`: every card on the rows of the `neighbour` rule lies in
        sequence: a row's first pile holds a rank of `build.empty`, every other card follows
        (by `build`) the card to its left, so nothing follows a space. Where the rule's
        `build.empty` is `none`, other rules fill a row's first pile (Gaps' basic variant:
        the two of the row's suit) and any card they or the deal left there starts it:
        judged by `none`, no row could ever start and no deal be won."""
        r = self.t.seq_rule
        piles = self.piles
        follows = r.follows
        nbr = r.nbr
        starts = bool(r.empty_any or r.empty_ranks)
        for d in range(len(nbr)):
            q = nbr[d]
            dp = piles[d]
            if q == -2 or not dp:
                continue
            c = dp[-1]
            c = ~c if c < 0 else c
            if q == -1:
                if starts and not (r.empty_any or RANK[c] in r.empty_ranks):
                    return False
                continue
            qp = piles[q]
            if not qp:
                return False
            t = qp[-1]
            t = ~t if t < 0 else t
            if not follows[(c % 52) * 52 + t % 52]:
                return False
        return True
