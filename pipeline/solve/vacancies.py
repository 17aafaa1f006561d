"""Piles emptied for good: a card alone in its pile is not moved onto another pile.

Where nothing can ever again lay a card on an empty pile (no rule builds on one, no fill can
act, no deal or redeal is left), a move that takes the only card of a pile P onto the top card
y of another pile Q gains nothing the position did not have: the card and whatever is built
on it later were as free in P, and y is covered. The Dense Column's last deal, the Blockade's
and the Clock's end games (the stock used up) spend much of their search shuttling cards out
of one-card piles; this leaves those moves out. Everything is read from the spec's rules and
the position, never from a game's name, and nothing counts packs: it holds with twins.

Terms. The *group*: the piles that are not foundations, the stock or a talon, give only their
top card (`Game.top_only`), hold any number of cards, are no fill's source, and that no route,
turn, run move or rule reading depths touches. P and Q are *alike* when exchanging them maps
every rule that can act after the deal (the `play` and `any` phases) onto itself: whatever a
rule may move from (or onto) P, it may move from (or onto) Q, to (or from) the same piles;
and they have the same role (a win by an empty tableau sees S in P as it sees it on Q).

Claim, for a spec that passes `reason`, in a position where the deal is over (no deal step or
redeal will lay cards again) and no fill of a group pile can act (its sources are empty and
nothing lays cards on them): for a move m of the only card x of a group pile P onto the top
y of an alike group pile Q, any line of n moves that wins after m has a counterpart of n moves
that wins without m. So a shortest win never begins with m, and the search may leave m out.

Proof. Call two positions *related* when they are the same but for a stack S of cards (x at
its bottom): in one, S lies on y in Q and P is empty; in the other, S is all of P and y is
Q's top. The positions after and before m are related (S = x). Take the first move of a line
from the first of two related positions: if it lays a card on S's top (in Q), the other
position lays it on S's top in P (P and Q alike, the same card below: the rule reads only
cards); if it takes S's top, the other takes it from P; if that empties S, both positions are
now equal (P empty, Q showing y); any other move touches neither P, Q's stack, nor y (y is
covered, and nothing is laid on the empty P: no rule builds on an empty pile of the group and
no fill or deal lays cards any more) and is the same move. Each counterpart is legal because
the rules read only the moving card, the card it goes onto and the piles' places, and those
are the same up to exchanging P and Q; the second position only has y uncovered besides,
which adds moves and removes none, since no rule waits for other moves' absence, counts its
uses or is made by the engine. A win comes in both at once (the
foundations are the same, and S lies in piles of one role), so the counterpart wins in n moves.
With safe-move pruning (its line is no longer) and dead ends (only lost positions are cut)
a shortest win's moves stay in the search.

Why the conditions: a card could be laid on the emptied P (a build on an empty pile, a fill,
a deal), which the other position has no room for; a redeal gathers the piles as they are; a
rule that waits, counts or is automatic could see y uncovered; runs and depths read the
cards below the moving one, which differ between P and Q.
"""

from __future__ import annotations

from typing import Any

from pipeline.engine.compile import PH_DEAL, blocks_used
from pipeline.engine.moves import TRANSFER, Move
from pipeline.engine.state import State
from pipeline.solve.talon import PLAIN_WINS

_NO_DEPTH = (0, 1 << 30)


def active(game: Any) -> list[Any]:
    """The transfer rules that may act once the deal is over."""
    return [r for r in game.transfers if r.phase != PH_DEAL]


def rule_edges(game: Any) -> list[frozenset[tuple[int, int]]]:
    """Per acting rule, its (source, target) pile pairs."""
    return [frozenset((s, d) for s, ds in r.pairs for d in ds) for r in active(game) if r.pairs]


def chosen(r: Any) -> str | None:
    """Why a transfer rule is not a move the player makes whenever it is legal (None: it is):
    a reduction that leaves its moves out must also see it made, or not made, by the engine
    or by the absence of other moves."""
    if r.auto:
        return f"move rule {r.id!r} is made by the engine"
    if r.when_stuck or r.no_progress or r.none_of is not None:
        return f"move rule {r.id!r} depends on other moves being absent"
    return None


def reason(game: Any) -> str | None:
    """Why moves out of one-card piles may not be left out in this spec (None: they may,
    in the positions `Vacancies.prune` accepts)."""
    used = blocks_used(game.rules)
    if used:
        return f"the spec uses {used[0]}"
    if game.win not in PLAIN_WINS or game.win_except is not None:
        return "the win condition may leave cards where they lie"
    if game.removes:
        return "a rule removes cards from the piles"
    for r in active(game):
        if why := chosen(r):
            return why
        if r.limit is not None:
            return f"move rule {r.id!r} counts its uses"
        if r.special or r.dist or r.neighbour or r.beaten is not None:
            return f"move rule {r.id!r} reads the places of piles or other cards"
    if len(group_piles(game)) < 2:
        return "no two piles give only their top card and never take one when empty"
    return None


def group_piles(game: Any) -> tuple[int, ...]:
    """The piles a card alone may be kept in (see the module doc)."""
    found = set(game.foundations)
    bad = {game.stock, *game.out_piles, *found}
    for t in game.turns:
        bad |= {t.src, t.dst}
    for rt in game.routes:
        bad |= {*rt.srcs, *rt.targets}
    for f in game.fills:
        for s in f.sources:
            bad |= set(s.piles)
    for r in active(game):
        touched = {s for s, _ in r.pairs} | {d for _, ds in r.pairs for d in ds}
        if r.run or r.run_whole or r.run_pile or r.run_complete:
            bad |= touched
        if r.sdepth != _NO_DEPTH or r.tdepth != _NO_DEPTH:
            bad |= touched
        if r.empty_any or r.empty_ranks or r.empty_high:
            bad |= {d for _, ds in r.pairs for d in ds}
    return tuple(
        p
        for p in range(game.npiles)
        if p not in bad and game.top_only(p) and game.capacity[p] is None
    )


def exchange_classes(game: Any, piles: tuple[int, ...], same_role: bool) -> list[list[int]]:
    """`piles` (ascending) in classes: piles p and q share one when exchanging them maps
    every acting rule's pairs onto themselves (`same_role`: and they have one role). One
    home for the question the vacancies (`_alike`) and the suits-alone groups (`alone.py`)
    ask. The exchanges that keep the rules are a group ((p r) = (p q)(q r)(p q)), so each
    pile is compared with the first pile of each class found so far, not with every pile:
    O(piles x classes) comparisons, each O(the piles p and q touch) (`_swaps_keep`): a
    table of 400 piles asked 80,000 pairs, each against every rule's pairs."""
    adjacency = _adjacency(rule_edges(game))
    role = game.role
    classes: list[list[int]] = []
    for p in piles:
        for members in classes:
            q = members[0]
            if (not same_role or role[p] == role[q]) and _swaps_keep(adjacency, p, q):
                members.append(p)
                break
        else:
            classes.append([p])
    return classes


def _swaps_keep(
    adjacency: list[tuple[dict[int, frozenset[int]], dict[int, frozenset[int]]]], p: int, q: int
) -> bool:
    """Whether exchanging p and q maps every rule's pairs onto themselves, read from each
    rule's targets and sources per pile (`_adjacency`): it keeps a rule's pairs when it
    maps p's targets onto q's and p's sources onto q's (pairs touching neither stay as
    they are)."""
    empty: frozenset[int] = frozenset()
    for ways in adjacency:
        for side in ways:
            a, b = side.get(p, empty), side.get(q, empty)
            if (a ^ b) - {p, q} or (p in a) != (q in b) or (q in a) != (p in b):
                return False
    return True


def _adjacency(
    edges: list[frozenset[tuple[int, int]]],
) -> list[tuple[dict[int, frozenset[int]], dict[int, frozenset[int]]]]:
    """Per rule, (targets of each source pile, sources of each target pile)."""
    out = []
    for e in edges:
        to: dict[int, set[int]] = {}
        back: dict[int, set[int]] = {}
        for s, d in e:
            to.setdefault(s, set()).add(d)
            back.setdefault(d, set()).add(s)
        out.append(
            (
                {k: frozenset(v) for k, v in to.items()},
                {k: frozenset(v) for k, v in back.items()},
            )
        )
    return out


def _alike(game: Any, group: tuple[int, ...]) -> bytearray:
    """Per pair (P, Q) of group piles, 1 when they are alike: of one role, and exchanging
    them maps every acting rule onto itself (`exchange_classes`)."""
    n = game.npiles
    out = bytearray(n * n)
    for members in exchange_classes(game, group, same_role=True):
        for p in members:
            for q in members:
                if p != q:
                    out[p * n + q] = 1
    return out


class Vacancies:
    """Leaves out moves of a card alone in its pile onto another pile (see the module doc)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.reason = reason(game)
        self.enabled = self.reason is None
        self.pruned = 0  # moves left out (a measure, not a result)
        n = game.npiles
        self._n = n
        self._group = bytearray(n)
        self._alike = bytearray(n * n)
        self._fill_srcs: tuple[int, ...] = ()
        self._fills_end = True
        if not self.enabled:
            return
        group = group_piles(game)
        for p in group:
            self._group[p] = 1
        self._alike = _alike(game, group)
        # fills of group piles: they can no longer act once their sources are empty and
        # nothing lays cards on them (deals and redeals are over where `prune` acts)
        gset = set(group)
        srcs = {q for f in game.fills if gset & set(f.piles) for s in f.sources for q in s.piles}
        self._fill_srcs = tuple(sorted(srcs))
        into: set[int] = {t.dst for t in game.turns}
        into |= {t.src for t in game.turns if t.recycle}  # the talon turned back over
        into |= {d for r in game.transfers for _, ds in r.pairs for d in ds}
        into |= {d for rt in game.routes for d in rt.targets}
        into |= {p for f in game.fills for p in f.piles}
        self._fills_end = not (into & srcs)

    def prune(self, state: State, moves: list[Move]) -> list[Move]:
        """`moves` without the moves of a card alone in its pile onto an alike pile; all of
        them while a deal, a redeal or a fill may still lay cards on the piles."""
        if not self.enabled or not state.deal_over():
            return moves
        piles = state.card_piles()
        if self._fill_srcs:
            if not self._fills_end:
                return moves
            for q in self._fill_srcs:
                if piles[q]:
                    return moves
        group = self._group
        alike = self._alike
        n = self._n
        out: list[Move] | None = None
        for j, m in enumerate(moves):
            src = m.src
            dst = m.dst
            if (
                m.kind == TRANSFER
                and src >= 0
                and dst >= 0
                and group[src]
                and group[dst]
                and alike[src * n + dst]
                and len(piles[src]) == 1
                and piles[dst]
            ):
                if out is None:
                    out = moves[:j]
                self.pruned += 1
            elif out is not None:
                out.append(m)
        return moves if out is None else out
