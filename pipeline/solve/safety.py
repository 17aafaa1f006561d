"""Dominance pruning: when playing a card to a foundation can never be a mistake.

The claim, for a spec that passes `safe_foundation_rules`: let card c be the top of a pile
and playable to a foundation, and let every card that any rule could build onto c be on a
foundation already. Then any sequence of moves that wins from the position also wins (or wins
sooner) after c is played first, so the solver may play it and consider nothing else.

Proof sketch (why each condition is needed): after c goes up, replay the winning sequence
skipping c's own moves. A move onto c cannot occur in it (the cards that could lie on c are
on foundations, and cards never leave a foundation: no rule takes from one). Every other
move stays legal: the only difference is that c no longer covers the card under it, which
only adds moves. Adding moves is harmless only when no move's legality depends on others
being absent (`when: stuck`, `no-progress`, `none_of`, deals waiting for `stuck`), when the
engine does not act by itself on what is available (`auto` rules), when no rule
counts uses (`limit`) or depths (`source_depth`, `target_depth`), and when removing a card
from a pile changes no later deal (`skip_empty`, counting) and no turn of the stock (a
talon turned over in threes groups its cards differently without c: cards from the stock
and the talons are never pruned). The foundation c goes
to must be the only one that could ever take it, which holds for foundations built up in
suit from a fixed base without wrap, in one pack. With two packs the twin of c competes for
the same places, and the one-pack argument fails: such specs get no pruning. A foundation
whose base is the rank of the first card played (`base: first`) or that wraps K-A is one
such place once the base is known: c is pruned only when some foundation of its group holds
a card.

Fills (Canfield's spaces refilled from the reserve) act by themselves, on the empty piles and
with the top cards of their sources. They see the same thing in both lines when every fill
refills only empty piles (`up_to: 1`), no move lays a card on a fill's source (so c never
lies on one) and c is neither on a fill's source nor alone in a pile a fill refills: c never
lies alone in a pile before its own move (it moves only with the cards under it), so the same
piles are empty at the same times and the sources show the same tops.
"""

from __future__ import annotations

from typing import Any

from pipeline.engine.compile import follows_table
from pipeline.engine.moves import TRANSFER

_TRIVIAL_DEPTH = (None, {"min": None, "max": None})


def unsafe_reason(rules: dict[str, Any]) -> str | None:
    """Why foundation moves cannot be pruned for this spec (None: they can)."""
    if (rules.get("decks") or 1) != 1:
        return "more than one pack: twin cards compete for the same foundations"
    fill_sources: set[str] = set()
    for gid, f in (rules.get("fill") or {}).items():
        if (f.get("up_to") or 1) != 1:
            return f"the fill rule of {gid!r} refills piles that still hold cards"
        fill_sources |= {r.partition(".")[0] for s in f.get("sources") or [] for r in s["from"]}
    if rules.get("redeal"):
        return "a redeal gathers the piles as they are"
    piles = rules.get("piles") or {}
    founds = {gid for gid, g in piles.items() if g.get("role") == "foundation"}
    for gid in founds:
        f = piles[gid].get("foundation") or {}
        base = f.get("base", 1)
        if base != "first" and (not isinstance(base, int) or isinstance(base, bool)):
            return f"foundation group {gid!r} has no fixed base rank"
        if f.get("direction", "up") != "up" or f.get("suit", "same") != "same":
            return f"foundation group {gid!r} is not built up in suit"
        last = f.get("last")
        if f.get("targets") or (last is not None and (f.get("wrap") or (base, last) != (1, 13))):
            return f"foundation group {gid!r} stops early"
    for step in rules.get("deal") or []:
        if step.get("skip_empty") or step.get("count") or step.get("next_round", "auto") != "auto":
            return f"deal step {step.get('id')!r} depends on what the piles hold"
    for rid, m in (rules.get("moves") or {}).items():
        when = m.get("when", "always")
        if when != "always":
            return f"move rule {rid!r} depends on other moves being absent"
        if m.get("auto"):
            return f"move rule {rid!r} is made by the engine"
        if m.get("limit") is not None:
            return f"move rule {rid!r} has a limit"
        if m.get("kind") == "route":
            return f"move rule {rid!r} routes cards"
        depths = (m.get("source_depth"), m.get("target_depth"))
        if any(d not in _TRIVIAL_DEPTH for d in depths):
            return f"move rule {rid!r} depends on depths"
        if any(r.partition(".")[0] in founds for r in m.get("from") or []):
            return f"move rule {rid!r} takes cards from a foundation"
        if any(r.partition(".")[0] in fill_sources for r in m.get("to") or []):
            return f"move rule {rid!r} lays cards on a pile a fill takes from"
    return None


def builders(game) -> tuple[frozenset, ...] | None:
    """Per card key c: the card keys some rule could lay on c in a pile (None: unsafe spec)."""
    rules = game.rules
    if unsafe_reason(rules) is not None:
        return None
    piles = rules.get("piles") or {}
    onto: list[set[int]] = [set() for _ in range(52)]
    for m in (rules.get("moves") or {}).values():
        if m.get("kind", "transfer") != "transfer":
            continue
        targets = [r.partition(".")[0] for r in m.get("to") or []]
        open_targets = [
            t
            for t in targets
            if piles[t].get("role") != "foundation" and piles[t].get("capacity") not in (0, 1)
        ]
        if not open_targets:
            continue  # nothing is ever laid on a card in a one-card place or a foundation
        b = m.get("build")
        if b is None:
            for lo in range(52):
                onto[lo].update(range(52))
            continue
        table = follows_table(b["direction"], b["suit"], bool(b.get("wrap")))
        for up in range(52):
            for lo in range(52):
                if table[up * 52 + lo]:
                    onto[lo].add(up)
    return tuple(frozenset(s) for s in onto)


class SafeMoves:
    """Picks a provably safe foundation move among a state's legal moves (see module doc)."""

    def __init__(self, game) -> None:
        self.game = game
        self.reason = unsafe_reason(game.rules)
        self.onto = builders(game) if self.reason is None else None
        self._found = set(game.foundations)
        turned = {r.dst for r in getattr(game, "turns", ())}
        fills = getattr(game, "fills", ())
        self._bad_src = (
            turned | {game.stock} | {q for f in fills for s in f.sources for q in s.piles}
        )
        self._refilled = frozenset(p for f in fills for p in f.piles)
        # foundations whose base is known only once a card lies on one of the group
        self._unset: dict[int, tuple[int, ...]] = {}
        for gid, g in (game.rules.get("piles") or {}).items():
            if g.get("role") == "foundation" and (g.get("foundation") or {}).get("base") == "first":
                group = tuple(game.group_piles[gid])
                self._unset.update(dict.fromkeys(group, group))

    @property
    def enabled(self) -> bool:
        return self.onto is not None

    def pick(self, state, moves: list):
        """The first safe move to a foundation, or None."""
        found = self._found
        onto = self.onto
        up = None
        piles = state.piles
        for m in moves:
            if m.kind != TRANSFER or m.dst not in found or m.src in self._bad_src:
                continue
            if m.src in self._refilled and len(piles[m.src]) < 2:
                continue  # its pile would be refilled now, not when c goes up in a win
            group = self._unset.get(m.dst)
            if group is not None and not any(piles[d] for d in group):
                continue  # c would choose the base
            if up is None:
                up = {v % 52 for d in found for v in piles[d]}
            if onto[m.card % 52] <= up:
                return m
        return None
