"""Canonical state keys: positions that have the same future are stored once.

Two positions that differ only by a permutation of interchangeable piles have the same
future up to that permutation, so the solver stores one key for both (the piles of such a
group are compared as a multiset). Which groups are interchangeable is the engine's one
derivation (`pipeline/engine/symmetry.py`, which also offers one move onto their empty
piles); a group a deal step reaches only once the deal is over (`State.deal_over`). A
position's counters come from `State.scalar_key`: the solver reads no engine internals.

Games in which a move's legality depends on the positions already reached (`no-progress`)
get no symmetry and a key that includes the set of positions on the path (see `KeyMaker`),
or only those that may still be reached where the spec allows telling (`local_key`).
"""

from __future__ import annotations

import random
from typing import Any, Final

from pipeline.engine.native import i64, vec
from pipeline.engine.state import State
from pipeline.engine.symmetry import interchangeable_groups


def summarized_foundations(game) -> frozenset[int]:
    """Foundation piles whose cards below the top never matter again: no rule takes from
    them, so only the bottom card (its suit and base), the top card (what it accepts) and
    the count (completion at 13) decide the future. Golf and Black Hole reach the same
    columns and top card by many orders of play; this makes them one position."""
    rules = game.rules
    taken = {
        r.partition(".")[0]
        for m in (rules.get("moves") or {}).values()
        for r in (m.get("from") or [])
    }
    for f in rules.get("fill") or {}:
        for src in rules["fill"][f].get("sources") or []:
            taken |= {r.partition(".")[0] for r in src.get("from") or []}
    # a pile a gate reads (`gate: previous`) matters by every rank it holds
    gated = {q for q in game.fgate if q >= 0}
    return frozenset(
        p
        for p in game.foundations
        if game.groups[game.pile_group[p]].id not in taken and p not in gated
    )


# win conditions that read of a tableau pile only whether it holds cards
_EMPTINESS_WINS: Final = ("one-pile", "tableau-empty", "all-on-foundations", "foundations-complete")
_PLAIN_TDEPTH: Final = (0, 1 << 30)


def top_only_piles(game) -> frozenset[int]:
    """Tableau piles whose cards below the top never matter again: every rule that takes
    from them moves the whole pile judged by its top card (`run: pile`) onto another such
    pile, and nothing else reads below a top (no capacity, depth, turn, route, removal, fill
    or redeal touches them; the win reads only whether piles hold cards). Buried cards then
    only ever travel buried, so positions with the same tops (and the same piles holding a
    card face down) have the same future: Accordion and Late-Binding reach one row of tops
    by many orders of play. Whole-pile moves check every card face up, hence the flag."""
    rules = game.rules
    win = rules.get("win") or "all-on-foundations"
    if not isinstance(win, str) or win not in _EMPTINESS_WINS or game.redeal is not None:
        return frozenset()
    cand = {p for p in game.tableau if game.capacity[p] is None}
    for t in game.turns:
        cand -= {t.src, t.dst}
    for r in game.routes:
        cand -= set(r.srcs)
    for r in getattr(game, "removes", ()):
        cand -= set(r.srcs)
    for f in game.fills:
        cand -= set(f.piles)
        for src in f.sources:
            cand -= set(src.piles)
    changed = True
    while changed:
        changed = False
        for r in game.transfers:
            for src, dsts in r.pairs:
                if src in cand and (
                    not r.run_pile
                    or r.run_complete
                    or r.beaten is not None
                    or any(d not in cand for d in dsts if d != src)
                ):
                    cand.discard(src)
                    changed = True
                if r.tdepth != _PLAIN_TDEPTH and any(d in cand for d in dsts):
                    cand -= set(dsts)
                    changed = True
    return frozenset(cand)


def closing_rows(game) -> tuple[tuple[int, ...], ...]:
    """Rows of piles that only move whole (`top_only_piles`) whose every rule counts its
    distances along the row over the piles that hold cards (`pairs` with `gaps: close`), so
    an empty pile is no place at all: no rule reads which piles of the row are empty, only
    the order of the others, and the win only counts them. Positions whose rows hold the
    same tops in the same order have the same future wherever the gaps lie: Late-Binding
    reaches one order of tops with its gaps in many places. The row must be dealt before
    play (no pause, no round dealt later) and told apart from other piles."""
    tops = top_only_piles(game)
    lines: set[tuple[int, ...]] = set()
    bad: set[int] = set()
    for r in game.transfers:
        for src, dsts in r.pairs:
            touched = {src, *dsts}
            if not r.dist or not r.close_gaps or r.neighbour or not r.line:
                bad |= touched
                continue
            line = tuple(r.line)
            if not touched <= set(line):
                bad |= touched
                continue
            lines.add(line)
    grouped = {p for g in interchangeable_groups(game) for p in game.group_piles[g]}
    out = []
    for line in lines:
        ps = set(line)
        if not ps <= tops or ps & bad or ps & grouped:
            continue
        if any(ps & set(other) for other in lines if other != line):
            continue
        if any(
            ps & set(st.to) and (st.pause or st.next_stuck or st.next_no_progress or st.next_choice)
            for st in game.steps
        ):
            continue
        out.append(line)
    return tuple(sorted(out))


def suit_blind(rules: dict[str, Any]) -> bool:
    """No rule looks at suits or colours: cards of one rank are interchangeable from the
    deal on (foundations and builds with `suit: any`, no card selector naming suits or
    cards). Solvitaire matches Golf and Black Hole states this way; here it is derived."""
    for g in (rules.get("piles") or {}).values():
        f = g.get("foundation")
        if f and f.get("suit", "same") != "any":
            return False
    for m in (rules.get("moves") or {}).values():
        b = m.get("build")
        if b and b.get("suit") != "any":
            return False
        sel = m.get("cards")
        if sel and (sel.get("cards") or len(sel.get("suits") or "SHDC") < 4):
            return False
        run = m.get("run")
        if isinstance(run, dict) and run.get("suit") != "any":
            return False
        if (m.get("beaten_by") or {}).get("suit", "any") != "any":
            return False
    win = rules.get("win")
    if isinstance(win, dict):
        sel = win.get("except") or {}
        if sel.get("cards") or len(sel.get("suits") or "SHDC") < 4:
            return False
    return True


def epoch_builds(game) -> tuple[list[tuple[int, ...]], tuple[int, ...]] | None:
    """For a history-dependent game: when every move that keeps the deal cursor, the cards
    on the foundations and the stock's length is a build of one top card onto another
    (`onto`, no empty target), per card key the keys it may be built on and the piles such
    builds use; None otherwise. The stock must only shrink (then its length is part of the
    epoch: `KeyMaker.epoch`), and nothing else may move cards: no turn but from the stock,
    no route, no removal, no fill but from the stock. No automatic action may wait for
    `no-progress` (the search's `_subsumed` needs the positions reached to add moves only)."""
    stock = game.stock
    if stock is None or stock < 0 or game.redeal is not None:
        return None
    found = set(game.foundations)
    rules = (*game.transfers, *game.turns, *game.routes, *getattr(game, "removes", ()))
    if any(r.no_progress and r.auto for r in rules):
        return None  # an action forced by the positions reached: more of them, fewer choices
    for t in game.turns:
        if t.src != stock or t.recycle:
            return None
    if game.routes or getattr(game, "removes", ()):
        return None
    for f in game.fills:
        if stock in f.piles:
            return None
        for src in f.sources:
            if any(q != stock for q in src.piles):
                return None
    onto: list[set[int]] = [set() for _ in range(52)]
    for r in game.transfers:
        for src, dsts in r.pairs:
            if stock in dsts:
                return None
            if src == stock or all(d in found for d in dsts):
                continue  # the stock shrinks or a foundation grows: a new epoch
            if src in found:
                return None
            if (
                r.run
                or r.special
                or r.run_pile
                or r.run_whole
                or r.run_complete
                or r.onto is None
                or r.empty_any
                or r.empty_ranks
                or r.empty_high
                or not game.top_only(src)
            ):
                return None
            for k in range(52):
                onto[k].update(t % 52 for t in r.onto[k])
    live = tuple(
        p for p in range(game.npiles) if p not in found and p != stock and p not in game.out_piles
    )
    return [tuple(sorted(o)) for o in onto], live


# the epoch of a position from which no legal move depends on the positions reached
SETTLED: Final = (-1,)
_SETTLED_SALT: Final = 0x5E77_1ED0_7B1D
_ALONE_SALT: Final = 0x1A7E_A10E_5EED
_MASK: Final = (1 << 61) - 1  # terms and sums are kept below 2**61: machine integers when compiled
_TABLES: dict[tuple[int, bool, bool], tuple[vec[i64], vec[i64]]] = {}


def _random_keys(n: int, salt: int) -> list[int]:
    """n fixed pseudo-random 61-bit keys (the same on every machine: Mersenne Twister)."""
    rng = random.Random(salt)
    return [rng.getrandbits(61) for _ in range(n)]


def _key_tables(ncards: int, blind: bool, twins: bool = False) -> tuple[vec[i64], vec[i64]]:
    """Zobrist keys per (depth in a pile, stored value), flat at depth * 2n + n + value (a
    face-down card's value is negative); in a suit-blind game a card's key is its rank's,
    with `twins` its rank and suit's (the copies of one card of several packs share a key;
    face kept). Then the summary keys of a summarized foundation: bottom at n + value,
    top at 3n + value, count at 4n + count. Made once per process."""
    got = _TABLES.get((ncards, blind, twins))
    if got is not None:
        return got
    w = 2 * ncards
    kinds = 26 if blind else 104 if twins else w
    raw = _random_keys((ncards + 2) * kinds + ncards + 1, 0x5EED)

    def kind(v: int) -> int:  # 0 .. kinds - 1
        if blind:
            r = (~v if v < 0 else v) % 13
            return r + 13 if v < 0 else r
        if twins:
            return 52 + (~v) % 52 if v < 0 else v % 52
        return v + ncards

    zob = [0] * (ncards * w)
    for d in range(ncards):
        for v in range(-ncards, ncards):
            zob[d * w + ncards + v] = raw[d * kinds + kind(v)]
    summ = [0] * (2 * w + ncards + 1)
    for v in range(-ncards, ncards):
        summ[ncards + v] = raw[ncards * kinds + kind(v)]
        summ[w + ncards + v] = raw[(ncards + 1) * kinds + kind(v)]
    for c in range(ncards + 1):
        summ[2 * w + c] = raw[(ncards + 2) * kinds + c]
    got = vec[i64](zob), vec[i64](summ)
    _TABLES[(ncards, blind, twins)] = got
    return got


# tabulation hashing of a 61-bit value, 8 bits at a time: the nonlinear step between a
# pile's Zobrist hash (XOR, linear) and the sums (addition) that combine the terms
_TAB: vec[i64] = vec[i64](_random_keys(8 * 256, 0x7AB))


def _content(pile: list[int], summed: bool, nc: i64, w: i64, sk: vec[i64], zob: vec[i64]) -> i64:
    """A pile's content hash, before its place's salt: its bottom, top and height where the
    pile is summed (`KeyMaker._summ`), else every card by its depth (`_key_tables`)."""
    z: i64 = 0
    if summed:
        if pile:
            z = sk[nc + pile[0]] ^ sk[w + nc + pile[-1]] ^ sk[2 * w + len(pile)]
    else:
        i: i64 = nc
        for v in pile:
            z ^= zob[i + v]
            i += w
    return z


def _tabulate(tab: vec[i64], x: i64) -> i64:
    """Tabulation hashing of a 61-bit value, 8 bits at a time (`_TAB`)."""
    return (
        tab[x & 255]
        ^ tab[256 + (x >> 8 & 255)]
        ^ tab[512 + (x >> 16 & 255)]
        ^ tab[768 + (x >> 24 & 255)]
        ^ tab[1024 + (x >> 32 & 255)]
        ^ tab[1280 + (x >> 40 & 255)]
        ^ tab[1536 + (x >> 48 & 255)]
        ^ tab[1792 + (x >> 56)]
    )


class KeyMaker:
    """`position(state)`: a hash of everything that decides a position's future, equal for
    positions that differ by a permutation of interchangeable piles, by which copy of a
    card of several packs lies where (twins), or only in the order of the buried cards of
    a foundation nothing is taken from or of a pile that only ever moves whole
    (`top_only_piles`).

    The hash is kept incrementally along a search. Each pile has a Zobrist hash of its
    contents (the XOR of one random key per depth and card; per rank in a suit-blind game;
    a summarized foundation by its bottom, top and count) and contributes a *term*: that
    hash XOR a random salt, through tabulation hashing. The salt is the pile's own for a
    pile no other is interchangeable with, its group's for the piles of an interchangeable
    group; the terms are added up (modulo 2**61), and a sum is the same for any
    permutation of the piles of a group (a multiset hash). The position's hash is the hash
    of the counters (`scalar_key`) and the sums. `reset(state)` computes every term;
    `advance(state)` after a move rehashes only the piles the move changed
    (`State.changed_piles`), and `retreat()` after `undo` takes that back.

    Hashes, not positions, are stored: two different positions share one by a coincidence
    of about 2**-61 per pair (a search of a million positions: under 10**-6), and
    `benchmarks/key_collisions.py` checks that none occurs against exact keys on every
    shipped spec. Python's own tuple hash would not do for the terms: its rounds (add,
    rotate, multiply) are nearly linear under addition, so sums over two permutations of
    the same contents across differently salted piles come out equal.

    `exact=True` turns every merging off (for checking it). For games with
    history-dependent legality (`no-progress`), the key has no permutations and includes
    the set of positions reached on the path (`enter`/`leave` keep it as an XOR of the
    distinct keys on the path)."""

    def __init__(self, game, state, exact: bool = False, alone_twins: bool = True) -> None:
        self.game = game
        self.history_dependent = bool(getattr(game, "has_np", False))
        plain = exact or self.history_dependent
        groups = {} if plain else interchangeable_groups(game)
        self.groups = groups
        summ = frozenset() if exact else summarized_foundations(game)
        self.summarized = summ
        tops = frozenset() if plain else top_only_piles(game)
        self.top_only = tops
        self._tops = [p in tops for p in range(game.npiles)]
        # rows whose gaps are no places: their piles' contents hashed in the order of the
        # piles that hold cards, at each position (`_hash`), not as terms of the sums
        rows = () if plain else closing_rows(game)
        self.rows = rows
        self._inrow = [any(p in r for r in rows) for p in range(game.npiles)]
        longest = max([len(r) for r in rows] or [0])
        self._rsalt: vec[i64] = vec[i64](_random_keys(longest, 0x20E5))
        gp = game.group_piles
        n: int = game.npiles
        # per pile: the salt of its term in the first sum (its own, or its group's when the
        # group is interchangeable always) and, for the piles of a group interchangeable
        # only once the deal is over, in the third (the group's; their second sum uses
        # their own: the deal still tells them apart)
        salts = _random_keys(n + len(groups), 0x5A17)
        salt = salts[:n]
        salt2 = [0] * n
        after: set[int] = set()
        for gi, (g, when) in enumerate(groups.items()):
            for p in gp[g]:
                if when == "always":
                    salt[p] = salts[n + gi]
                else:
                    salt2[p] = salts[n + gi]
                    after.add(p)
        self._salt: vec[i64] = vec[i64](salt)
        self._salt2: vec[i64] = vec[i64](salt2)
        self._in_after = [p in after for p in range(n)]
        self._has_after = bool(after)
        self._summ = [p in summ for p in range(n)]
        self._npiles = n
        # per pile its term(s), and the sums: [always and fixed piles, after-deal groups
        # told apart, after-deal groups as multisets]
        self._terms: vec[i64] = vec[i64]([0] * n)
        self._terms2: vec[i64] = vec[i64]([0] * n)
        # the sums, machine integers when compiled (a list would box each new value)
        self._s0: i64 = 0
        self._s1: i64 = 0
        self._s2: i64 = 0
        # the counters (`scalar_key`) hashed the same way, each with a salt of its own,
        # summed into `_sc`; a counter's term is made again only when its value changed
        # since the last position hashed (most moves change none)
        slots = state.scalar_slots()
        self._slots: vec[i64] = vec[i64](slots)
        self._cs: vec[i64] = vec[i64](_random_keys(len(slots) + 2, 0x5CA1))
        self._last: vec[i64] = vec[i64]([-1] * len(slots))
        self._cterms: vec[i64] = vec[i64]([0] * len(slots))
        self._sc: i64 = 0  # their sum
        # per move advanced: (pile, term, term2) per pile it changed, then their count,
        # flat on a stack of machine integers (`_top` its height)
        self._undo: vec[i64] = vec[i64]([0] * 256)
        self._top: i64 = 0
        # history-dependent games: per epoch, [XOR of the distinct positions, their counts]
        self._path: dict[tuple, list] = {}
        self._snap: dict[int, list[list[int]]] = {}  # `local_history`: piles per position
        rules = game.rules
        taken = {
            r.partition(".")[0]
            for m in (rules.get("moves") or {}).values()
            for r in m.get("from") or []
        }
        for fr in (rules.get("fill") or {}).values():
            for src in fr.get("sources") or []:
                taken |= {r.partition(".")[0] for r in src.get("from") or []}
        founds = {g.id for g in game.groups if g.role == "foundation"}
        self._monotone = not rules.get("redeal") and not (taken & founds)
        # a `no-progress` move rule may act at any time; a deal step or redeal that waits
        # so, only until the deal is over (`State.deal_over`: no step deals again and no
        # redeal is left)
        move_rules = (game.transfers, game.turns, game.routes, getattr(game, "removes", ()))
        self._np_always = any(r.no_progress for rs in move_rules for r in rs)
        self._founds = tuple(game.foundations)
        self.blind = not exact and suit_blind(game.rules)
        nc: int = game.ncards
        # the copies of one card (several packs) are alike: no rule tells them apart once
        # the setup has placed them (it alone takes copies by deck), so a position and the
        # one with two twins swapped have the same future, up to renaming the twins. Not in
        # history-dependent games: the engine's `no-progress` tells their positions apart.
        self.twins = not plain and not self.blind and nc > 52
        self._nc = nc
        self._w = 2 * nc
        self._zob, self._sumkeys = _key_tables(nc, self.blind, self.twins)
        # ... but once no `no-progress` rule can act again (`SETTLED`) nothing reads the
        # positions reached: there such a game merges twins and interchangeable piles as any
        # other does (`settled`)
        late = self.history_dependent and not exact
        sgroups = interchangeable_groups(game) if late else {}
        stwins = late and not self.blind and nc > 52
        self.settled_merge = stwins or bool(sgroups)
        self._tzob, self._tsum = (
            _key_tables(nc, self.blind, True) if stwins else (self._zob, self._sumkeys)
        )
        ssalt = list(salt)
        gsalts = _random_keys(len(sgroups), 0x5E7A)
        for gi, g in enumerate(sgroups):
            for p in gp[g]:
                ssalt[p] = gsalts[gi]
        self._ssalt: vec[i64] = vec[i64](ssalt)
        self._tab: vec[i64] = _TAB
        # history-dependent games whose moves inside an epoch are builds alone: the key holds
        # only the positions of the path that may still be reached (`local_key`)
        local = (
            None
            if exact or not self.history_dependent or not self._monotone
            else (epoch_builds(game))
        )
        self.local_history = local is not None
        # `local_history` games: a position whose key holds no other position of the path
        # is keyed with its twins merged (`local_key`)
        self.alone_twins = alone_twins and stwins and self.local_history
        # the epoch of a search's root when the game had been played before it (`reset`)
        self._root_epoch: tuple | None = None
        self._onto: list[tuple[int, ...]] = local[0] if local is not None else []
        self._live: tuple[int, ...] = local[1] if local is not None else ()
        self._stock: int = game.stock
        self._stock_shrinks = local is not None

    def _rehash(self, p: int, pile: list[int]) -> None:
        """Replace pile p's term(s) in the sums."""
        z: i64 = 0
        if self._tops[p] and not self._summ[p]:
            if pile:
                sk = self._sumkeys
                w: i64 = self._w
                z = sk[w + self._nc + pile[-1]]
                if min(pile) < 0:
                    z ^= sk[2 * w]
        else:
            z = _content(pile, self._summ[p], self._nc, self._w, self._sumkeys, self._zob)
        if self._inrow[p]:
            self._terms[p] = z  # the content's hash alone: its place is its rank in the row
            return
        tab = self._tab
        t = _tabulate(tab, z ^ self._salt[p])
        if self._in_after[p]:
            self._s1 = (self._s1 - self._terms[p] + t) & _MASK
            t2 = _tabulate(tab, z ^ self._salt2[p])
            self._s2 = (self._s2 - self._terms2[p] + t2) & _MASK
            self._terms2[p] = t2
        else:
            self._s0 = (self._s0 - self._terms[p] + t) & _MASK
        self._terms[p] = t

    def _hash(self, state: State) -> int:
        """The position's hash from the sums and the counters' terms: every part a sum of
        tabulation hashes of distinctly salted values (the after-deal sums through one more,
        salted by whether the deal is over), so one more term of the sum."""
        sc = state.counters()
        slots = self._slots
        last = self._last
        cterms = self._cterms
        tab = self._tab
        cs = self._cs
        tot: i64 = self._sc
        j: i64 = 0
        n: i64 = len(slots)
        while j < n:
            x: i64 = sc[slots[j]]
            if x != last[j]:
                t = _tabulate(tab, (x & _MASK) ^ cs[j])
                tot = (tot - cterms[j] + t) & _MASK
                cterms[j] = t
                last[j] = x
            j += 1
        self._sc = tot
        h: i64 = self._s0 + tot
        if self.rows:
            piles = state.card_piles()
            terms = self._terms
            rs = self._rsalt
            for row in self.rows:
                k: i64 = 0
                for p in row:
                    if piles[p]:
                        h = (h + _tabulate(tab, terms[p] ^ rs[k])) & _MASK
                        k += 1
        if self._has_after:
            if state.deal_over():
                h += _tabulate(tab, self._s2 ^ cs[n])
            else:
                h += _tabulate(tab, self._s1 ^ cs[n + 1])
        return h & _MASK

    def reset(self, state: State) -> int:
        """Every pile's term anew (at the root of a search); the position's hash."""
        self._terms = vec[i64]([0] * self._npiles)
        self._terms2 = vec[i64]([0] * self._npiles)
        self._s0 = self._s1 = self._s2 = 0
        self._top = 0
        self._path = {}
        self._snap = {}
        # positions the game was in before the root are not on the search's path, so in the
        # root's epoch a position may reach one unseen by `local_key`: no twins merged there
        self._root_epoch = self.epoch(state) if self.alone_twins and state.history else None
        piles = state.card_piles()
        for p in range(self._npiles):
            self._rehash(p, piles[p])
        sc = state.counters()
        slots = self._slots
        tot: i64 = 0
        for j in range(len(slots)):
            x: i64 = sc[slots[j]]
            t = _tabulate(self._tab, (x & _MASK) ^ self._cs[j])
            self._cterms[j] = t
            self._last[j] = x
            tot = (tot + t) & _MASK
        self._sc = tot
        return self._hash(state)

    def advance(self, state: State) -> int:
        """After a move: rehash the piles it changed; the position's hash."""
        piles = state.card_piles()
        terms = self._terms
        terms2 = self._terms2
        ch = state.changed_piles()
        top: i64 = self._top
        undo = self._undo
        if top + 3 * len(ch) + 1 > len(undo):  # grow the stack
            bigger = vec[i64]([0] * (2 * len(undo) + 3 * len(ch)))
            for q in range(top):
                bigger[q] = undo[q]
            undo = self._undo = bigger
        base: i64 = top
        for p in ch:
            done = False
            j: i64 = base
            while j < top:
                if undo[j] == p:
                    done = True
                    break
                j += 3
            if not done:
                undo[top] = p
                undo[top + 1] = terms[p]
                undo[top + 2] = terms2[p]
                top += 3
                self._rehash(p, piles[p])
        undo[top] = (top - base) // 3
        self._top = top + 1
        return self._hash(state)

    def counters_hash(self) -> int:
        """The hash of the counters of the position `reset` or `advance` last saw (the
        counters' part of its hash): equal for two positions whose counters are equal."""
        return self._sc

    def retreat(self) -> None:
        """After `undo` of a move `advance` saw: its piles' terms as they were."""
        undo = self._undo
        top: i64 = self._top - 1
        k: i64 = undo[top]
        terms = self._terms
        terms2 = self._terms2
        in_after = self._in_after
        while k > 0:
            top -= 3
            k -= 1
            p = undo[top]
            t = undo[top + 1]
            if self._inrow[p]:
                pass  # a row's pile is in no sum (`_hash`)
            elif in_after[p]:
                t2 = undo[top + 2]
                self._s1 = (self._s1 - terms[p] + t) & _MASK
                self._s2 = (self._s2 - terms2[p] + t2) & _MASK
                terms2[p] = t2
            else:
                self._s0 = (self._s0 - terms[p] + t) & _MASK
            terms[p] = t
        self._top = top

    def position(self, state: State) -> int:
        """The position's hash computed anew, leaving a search's incremental terms alone
        (the same value `reset` and `advance` give)."""
        saved = self._terms, self._terms2, self._path
        snap, root = self._snap, self._root_epoch
        sums = self._s0, self._s1, self._s2, self._top
        try:
            return self.reset(state)
        finally:
            self._snap, self._root_epoch = snap, root
            self._terms, self._terms2, self._path = saved
            self._s0, self._s1, self._s2, self._top = sums

    def key(self, state) -> int:
        return self.key_at(self.position(state), self.epoch(state))

    def epoch(self, state) -> tuple:
        """Which earlier positions can still matter (history-dependent games): with a deal
        cursor that only advances (no redeal) and foundations nothing is taken from, no
        position of another cursor or foundation count is ever reached again, so whether it
        was seen cannot change a legal move from here on. () when that does not hold.
        `SETTLED` once no `no-progress` rule can act again (its deal is over): then no
        legal move depends on the positions reached, and the key is the position's."""
        if not self._np_always and state.deal_over():
            return SETTLED
        if not self._monotone:
            return ()
        piles = state.card_piles()
        if self._stock_shrinks:
            # a stock that only shrinks: no position with more cards in it comes back
            return (
                *state.deal_cursor(),
                sum(len(piles[p]) for p in self._founds),
                len(piles[self._stock]),
            )
        return (*state.deal_cursor(), sum(len(piles[p]) for p in self._founds))

    def key_at(self, pos: int, epoch: tuple = ()) -> int:
        """The key of a position just reached (its `position` hash and `epoch`)."""
        if not self.history_dependent or epoch == SETTLED:
            return pos
        got = self._path.get(epoch)
        if got is None:
            return hash((pos, _mix(pos)))
        h, counts = got
        return hash((pos, h ^ (0 if pos in counts else _mix(pos))))

    def settled(self, pos: int, epoch: tuple, state: State) -> int:
        """In a history-dependent game, the hash of a position whose epoch is `SETTLED`
        with the copies of a card (twins) merged and interchangeable piles compared as a
        multiset, as other games' keys are (`settled_merge`); `pos`, its `position` hash,
        anywhere else.

        Why: such a game's keys tell twins and piles apart only because the engine's
        `no-progress` memory does; once no `no-progress` rule can act again no legal move
        reads it, and a position and one with two twins or two interchangeable piles
        swapped have the same future. The Blockade's rows reading spends most of its search
        after its last row is dealt, where half the positions differ from another only by
        which copy lies where (benchmarks/RESULTS.md, "The book's games decided:
        twenty-third round"). Computed anew, every pile's content by `_content` (a top-only
        pile's whole content: finer than its key's, never merging more); the counters as
        `_hash` last summed them."""
        if not self.settled_merge or epoch != SETTLED:
            return pos
        return self._twins_alike(state, self._ssalt, _SETTLED_SALT)

    def enter(self, pos: int, epoch: tuple = (), state: State | None = None) -> None:
        """A position joins the path (history-dependent games); with `local_history`, the
        state too (its piles are kept for `local_key`)."""
        if epoch == SETTLED:
            return
        got = self._path.get(epoch)
        if got is None:
            got = self._path[epoch] = [0, {}]
        counts = got[1]
        n = counts.get(pos, 0)
        if not n:
            got[0] ^= _mix(pos)
            if self.local_history and state is not None:
                self._snap[pos] = self._snapshot(state)
        counts[pos] = n + 1

    def _snapshot(self, state: State) -> list[list[int]]:
        piles = state.card_piles()
        return [list(piles[p]) for p in self._live]

    def local_key(self, pos: int, epoch: tuple, state: State) -> tuple[int, frozenset[int]]:
        """The key of a position just reached (`local_history` games), and the positions of
        the path it holds (this one included).

        A `no-progress` rule reads the positions reached only through the moves of positions
        still to come, so a position of the path that can never be reached again from here
        is never read: two paths that differ only in such positions have the same future.
        Inside an epoch (`epoch`) the only moves are builds of one top card onto another
        (`epoch_builds`); a position of the path is kept unless it is surely out of reach: in
        some pile, a card above the part the two positions share would have to leave, and it
        never can (`_staying`). Keeping a position that cannot be reached costs merges,
        never soundness."""
        if epoch == SETTLED:
            return pos, frozenset((pos,))
        got = self._path.get(epoch)
        held = [pos]
        x = _mix(pos)
        if got is not None:
            cur = self._snapshot(state)
            stay = self._staying(cur)
            for h in got[1]:
                if h != pos and self._may_reach(self._snap[h], cur, stay):
                    held.append(h)
                    x ^= _mix(h)
        if len(held) == 1 and self.alone_twins and epoch != self._root_epoch:
            return self._twins_merged(state), frozenset(held)
        return hash((pos, x)), frozenset(held)

    def _twins_merged(self, state: State) -> int:
        """The key of a position of a `local_history` game whose key holds no other position
        of the path (`local_key`): its piles hashed with the copies of a card (twins)
        merged, each pile in its own place, and its counters.

        Why it is sound: the positions reached are read only through the moves of positions
        still to come, and from here no position of the path but this one can be reached
        again, so what can happen from here depends on this position alone. Every rule
        reads a card's rank and suit, never which pack it came from, and the engine's
        `no-progress` memory compares positions card by card: swapping two twins throughout
        (the stock's order included) turns every line of play from one position into a
        line from the other, with the same moves legal at each step, so the two positions
        have the same outcome (a win of one is a win of the other). A twin-swapped
        position on the path is then a repetition: the shortest win from it would give a
        shorter one from its ancestor. Piles keep their places (a deal still tells them
        apart); positions holding others of the path keep exact keys (the swap would have to
        be the same in all of them). Where it acts: the Blockade before its last row, where
        many positions differ from one searched already only by which twin lies where
        (benchmarks/RESULTS.md, "The book's games decided: twenty-seventh round")."""
        return self._twins_alike(state, self._salt, _ALONE_SALT)

    def _twins_alike(self, state: State, salt: vec[i64], last: i64) -> int:
        """The position's piles hashed with the copies of a card alike, each pile by
        `_content` under its place's `salt`, and the counters as `_hash` last summed them;
        `last` tells the two uses (`settled`, `_twins_merged`) apart."""
        piles = state.card_piles()
        zob = self._tzob
        sk = self._tsum
        tab = self._tab
        nc: i64 = self._nc
        w: i64 = self._w
        h: i64 = self._sc
        for p in range(self._npiles):
            z = _content(piles[p], self._summ[p], nc, w, sk, zob)
            h = (h + _tabulate(tab, z ^ salt[p])) & _MASK
        return _tabulate(tab, h ^ last)

    def _staying(self, cur: list[list[int]]) -> list[int]:
        """Per pile of `cur`, how many of its cards from the bottom can never move by builds:
        a least fixpoint where a card may move once the cards above it may, onto a card
        that may then be a top (a top now, or one whose cards above may all move). It
        allows more than play does (no order of events), so it never keeps a card that
        could move."""
        onto = self._onto
        stay = [len(p) for p in cur]
        top = [False] * 52
        for pile in cur:
            if pile and pile[-1] >= 0:
                top[pile[-1] % 52] = True
        changed = True
        while changed:
            changed = False
            for j in range(len(cur)):
                pile = cur[j]
                i = stay[j]
                while i:
                    v = pile[i - 1]
                    if v >= 0:
                        top[v % 52] = True
                        free = False
                        for t in onto[v % 52]:
                            if top[t]:
                                free = True
                                break
                        if not free:
                            break
                    i -= 1  # face down: assumed free to move
                if i != stay[j]:
                    stay[j] = i
                    changed = True
                if i and pile[i - 1] >= 0 and not top[pile[i - 1] % 52]:
                    top[pile[i - 1] % 52] = True
                    changed = True
        return stay

    def _may_reach(self, old: list[list[int]], cur: list[list[int]], stay: list[int]) -> bool:
        """Whether position `old` may be reached again from `cur` by builds (`local_key`):
        in every pile the cards above the part the two share may all move (`_staying`)."""
        for j in range(len(cur)):
            a = old[j]
            b = cur[j]
            m = min(len(a), len(b), stay[j])
            c = 0
            while c < m and a[c] == b[c]:
                c += 1
            if c < stay[j] and c < len(b):
                return False
        return True

    def leave(self, pos: int, epoch: tuple = ()) -> None:
        if epoch == SETTLED:
            return
        got = self._path[epoch]
        counts = got[1]
        n = counts[pos] - 1
        if n:
            counts[pos] = n
            return
        del counts[pos]
        got[0] ^= _mix(pos)
        self._snap.pop(pos, None)
        if not counts:
            del self._path[epoch]


def _mix(x: int) -> int:
    """SplitMix64's finalizer: spreads a position hash before it is XORed into a set hash."""
    x &= 0xFFFFFFFFFFFFFFFF
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF
    x = (x ^ (x >> 27)) * 0x94D049BB133111EB & 0xFFFFFFFFFFFFFFFF
    return x ^ (x >> 31)
