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

from collections.abc import Sequence
from typing import Any

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
    return frozenset(p for p in game.foundations if game.groups[game.pile_group[p]].id not in taken)


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
    return True


def _blind_table(ncards: int) -> list[int]:
    """Stored value -> rank code (face kept), indexable by negative (face-down) values."""
    size = 2 * ncards
    t = [0] * size
    for c in range(ncards):
        t[c] = c % 13
        t[size + ~c] = ~(c % 13)
    return t


def _summary(pile: list) -> tuple:
    return (pile[0], pile[-1], len(pile)) if pile else ()


class KeyMaker:
    """`key(state)`: a hash of everything that decides a position's future, equal for
    positions that differ by a permutation of interchangeable piles, or only in the order
    of the buried cards of a foundation nothing is taken from.

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
        self._always = [tuple(gp[g]) for g, when in groups.items() if when == "always"]
        self._after = [tuple(gp[g]) for g, when in groups.items() if when == "after-deal"]
        sym = {p for ps in (*self._always, *self._after) for p in ps}
        self._fixed = tuple(p for p in range(game.npiles) if p not in sym and p not in summ)
        self._fixed_summ = tuple(p for p in game.foundations if p not in sym and p in summ)
        self._after_fixed = tuple(p for ps in self._after for p in ps)
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
        self._tab = _blind_table(game.ncards).__getitem__
        self._blind_cache: dict[tuple, int] = {}
        # the piles of each group in the order `position` reads them, with whether the
        # group's piles are summarized foundations
        self._groups_always = [(ps, ps[0] in summ) for ps in self._always]
        self._groups_after = [(ps, ps[0] in summ) for ps in self._after]

    def _h(self, pile: Sequence[int]) -> int:
        """Hash of one pile's contents (ranks only in a suit-blind game)."""
        t = tuple(pile)
        if not self.blind:
            return hash(t)
        cache = self._blind_cache
        h = cache.get(t)
        if h is None:
            if len(cache) > 1_000_000:
                cache.clear()
            h = cache[t] = hash(tuple(map(self._tab, t)))
        return h

    def _s(self, pile: list) -> tuple:
        """A summarized foundation: bottom, top (ranks only when suit-blind), count."""
        if not pile:
            return ()
        if self.blind:
            return (self._tab(pile[0]), self._tab(pile[-1]), len(pile))
        return (pile[0], pile[-1], len(pile))

    def _hashes(self, piles: list, ps: tuple) -> list[int]:
        """`_h` of several piles, with the loops in C (the solver's hottest code)."""
        ts = list(map(tuple, map(piles.__getitem__, ps)))
        if not self.blind:
            return list(map(hash, ts))
        hs: list[Any] = list(map(self._blind_cache.get, ts))
        if None in hs:
            hs = [self._h(t) if h is None else h for h, t in zip(hs, ts, strict=True)]
        return hs

    def _group(self, piles: list, ps: tuple, summarized: bool) -> tuple:
        if summarized:
            return tuple(sorted(self._s(piles[p]) for p in ps))
        hs = self._hashes(piles, ps)
        hs.sort()
        return tuple(hs)

    def position(self, state) -> int:
        """Hash of the position, canonical (see the class doc)."""
        piles = state.piles
        h = self._h
        parts: list = [state.scalar_key()]
        parts.extend(self._hashes(piles, self._fixed))
        parts.extend([self._s(piles[p]) for p in self._fixed_summ])
        group = self._group
        for ps, summarized in self._groups_always:
            parts.append(group(piles, ps, summarized))
        if self._after:
            if state.deal_over():
                for ps, summarized in self._groups_after:
                    parts.append(group(piles, ps, summarized))
            else:
                parts.append(False)
                for ps, summarized in self._groups_after:
                    one = self._s if summarized else h
                    parts.extend([one(piles[p]) for p in ps])
        return hash(tuple(parts))

    def key(self, state) -> int:
        return self.key_at(self.position(state), self.epoch(state))

    def epoch(self, state) -> tuple:
        """Which earlier positions can still matter (history-dependent games): with a deal
        cursor that only advances (no redeal) and foundations nothing is taken from, no
        position of another cursor or foundation count is ever reached again, so whether it
        was seen cannot change a legal move from here on. () when that does not hold."""
        if not self._monotone:
            return ()
        piles = state.piles
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
