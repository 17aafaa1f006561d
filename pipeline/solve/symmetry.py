"""Canonical state keys: positions that have the same future are stored once.

Two positions that differ only by a permutation of interchangeable piles have the same
future up to that permutation, so the solver stores one key for both (the piles of such a
group are compared as a multiset). Which groups are interchangeable is the engine's one
derivation (`pipeline/engine/symmetry.py`, which also offers one move onto their empty
piles); a group a deal step reaches only once the deal is over (`State.deal_over`). A
position's counters come from `State.scalar_key`: the solver reads no engine internals.

Games in which a move's legality depends on the positions already reached (`no-progress`)
get no symmetry and a key that includes the set of positions on the path (see `KeyMaker`).
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


_MASK: Final = (1 << 61) - 1  # terms and sums are kept below 2**61: machine integers when compiled
_TABLES: dict[tuple[int, bool], tuple[vec[i64], vec[i64]]] = {}


def _random_keys(n: int, salt: int) -> list[int]:
    """n fixed pseudo-random 61-bit keys (the same on every machine: Mersenne Twister)."""
    rng = random.Random(salt)
    return [rng.getrandbits(61) for _ in range(n)]


def _key_tables(ncards: int, blind: bool) -> tuple[vec[i64], vec[i64]]:
    """Zobrist keys per (depth in a pile, stored value), flat at depth * 2n + n + value (a
    face-down card's value is negative); in a suit-blind game a card's key is its rank's
    (face kept). Then the summary keys of a summarized foundation: bottom at n + value,
    top at 3n + value, count at 4n + count. Made once per process."""
    got = _TABLES.get((ncards, blind))
    if got is not None:
        return got
    w = 2 * ncards
    kinds = 26 if blind else w
    raw = _random_keys((ncards + 2) * kinds + ncards + 1, 0x5EED)

    def kind(v: int) -> int:  # 0 .. kinds - 1
        if not blind:
            return v + ncards
        r = (~v if v < 0 else v) % 13
        return r + 13 if v < 0 else r

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
    _TABLES[(ncards, blind)] = got
    return got


# tabulation hashing of a 61-bit value, 8 bits at a time: the nonlinear step between a
# pile's Zobrist hash (XOR, linear) and the sums (addition) that combine the terms
_TAB: vec[i64] = vec[i64](_random_keys(8 * 256, 0x7AB))


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
    positions that differ by a permutation of interchangeable piles, or only in the order
    of the buried cards of a foundation nothing is taken from.

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

    def __init__(self, game, state, exact: bool = False) -> None:
        self.game = game
        self.history_dependent = bool(getattr(game, "has_np", False))
        plain = exact or self.history_dependent
        groups = {} if plain else interchangeable_groups(game)
        self.groups = groups
        summ = frozenset() if exact else summarized_foundations(game)
        self.summarized = summ
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
        self._founds = tuple(game.foundations)
        self.blind = not exact and suit_blind(game.rules)
        nc: int = game.ncards
        self._nc = nc
        self._w = 2 * nc
        self._zob, self._sumkeys = _key_tables(nc, self.blind)
        self._tab: vec[i64] = _TAB

    def _rehash(self, p: int, pile: list[int]) -> None:
        """Replace pile p's term(s) in the sums."""
        nc: i64 = self._nc
        z: i64 = 0
        if self._summ[p]:
            if pile:
                sk = self._sumkeys
                w: i64 = self._w
                z = sk[nc + pile[0]] ^ sk[w + nc + pile[-1]] ^ sk[2 * w + len(pile)]
        else:
            zob = self._zob
            i: i64 = nc
            w = self._w
            for v in pile:
                z ^= zob[i + v]
                i += w
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
            if in_after[p]:
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
        sums = self._s0, self._s1, self._s2, self._top
        try:
            return self.reset(state)
        finally:
            self._terms, self._terms2, self._path = saved
            self._s0, self._s1, self._s2, self._top = sums

    def key(self, state) -> int:
        return self.key_at(self.position(state), self.epoch(state))

    def epoch(self, state) -> tuple:
        """Which earlier positions can still matter (history-dependent games): with a deal
        cursor that only advances (no redeal) and foundations nothing is taken from, no
        position of another cursor or foundation count is ever reached again, so whether it
        was seen cannot change a legal move from here on. () when that does not hold."""
        if not self._monotone:
            return ()
        piles = state.card_piles()
        return (*state.deal_cursor(), sum(len(piles[p]) for p in self._founds))

    def key_at(self, pos: int, epoch: tuple = ()) -> int:
        """The key of a position just reached (its `position` hash and `epoch`)."""
        if not self.history_dependent:
            return pos
        got = self._path.get(epoch)
        if got is None:
            return hash((pos, _mix(pos)))
        h, counts = got
        return hash((pos, h ^ (0 if pos in counts else _mix(pos))))

    def enter(self, pos: int, epoch: tuple = ()) -> None:
        """A position joins the path (history-dependent games)."""
        got = self._path.get(epoch)
        if got is None:
            got = self._path[epoch] = [0, {}]
        counts = got[1]
        n = counts.get(pos, 0)
        if not n:
            got[0] ^= _mix(pos)
        counts[pos] = n + 1

    def leave(self, pos: int, epoch: tuple = ()) -> None:
        got = self._path[epoch]
        counts = got[1]
        n = counts[pos] - 1
        if n:
            counts[pos] = n
            return
        del counts[pos]
        got[0] ^= _mix(pos)
        if not counts:
            del self._path[epoch]


def _mix(x: int) -> int:
    """SplitMix64's finalizer: spreads a position hash before it is XORed into a set hash."""
    x &= 0xFFFFFFFFFFFFFFFF
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF
    x = (x ^ (x >> 27)) * 0x94D049BB133111EB & 0xFFFFFFFFFFFFFFFF
    return x ^ (x >> 31)
