"""Suits alone: a dead-end proof for end games of two packs, one class of cards at a time.

Once no redeal is left, a card of the Dense Column, the Blockade or the Clock moves only from
the top of its pile onto a foundation that takes it or onto the top card of another pile that
a rule lets it be built on, and cards still in the stock only come down on the piles (dealt,
filled or turned); and those rules (in suit) never let a card meet one of another suit. The
cards of other suits still matter (they cover cards), but a win must in particular win each
suit's game *alone*: this module searches those small games exactly and calls a position
lost when one of them is. The argument never counts copies: twin cards are two cards of one
key, and the small game tells them apart as the real one does. Everything is read from the
spec's rules and the position, never from a game's name.

Terms. A *tracked* pile gives only its top card and receives cards only on it
(`blocked.tracked_piles`); the other piles outside the foundations are *loose* (the stock).
Card keys x, y are *related* when some move rule may build x on y between piles (its `onto`
table), or some foundation, from a base it may take (with that base's suit as its bottom
suit), may take y on x or x on y. A *class* is a connected part of the relation (the four
suits where every build and every foundation follows suit). Tracked piles are in one *group*
when exchanging them maps the pairs of every rule acting after the deal onto themselves; one
more group, *lone*, holds piles that may do what a pile of any group may. The *projection* of
a position on a class C: per tracked pile, the cards of C in it, bottom to top, in its group;
per card of C in a loose pile, a pile of that card alone, in the lone group; per foundation,
its state (top, size, bottom suit) where its top is of C or it is empty.

The small game of C: its positions are projections; a move takes the top card x of a pile
onto a foundation that takes it (`Game.foundation_takes`, not past its last rank; an empty
one: a base it may take), or onto the top card y of another pile when some move rule, of any
phase, builds x on y from a pile of the first's group to one of the second's (any pair of
groups for the lone one); it is won when no pile holds a card of C.

Claim, for a spec that passes `reason`, in a position with no redeal left: if the position
can be won, every class's small game can be won from its projection.

Proof. Relate a real position R to a small position S when S is R's projection but for some
stacks of C that lie in lone piles of S instead of on top of R's piles (a card dealt from
the stock and what was built on it). The projection of R is related to it. Take a winning
line of R; each move keeps R related to some S reachable from the last one in zero or one
small moves. A move of a card of another class changes nothing of C (rules lay it only on a
card of its own class, foundations holding one class take no other: both by the relation).
A move of a card x of C from pile P: x is P's top, so the top of P's sequence or of the lone
pile it lies in; it goes onto a foundation that takes it, or onto the top card y of pile Q,
related to x and so of C, the top of Q's sequence or of a lone pile: the small game has that
move (its tables hold every rule's pairs, the lone group's every group's). A deal, fill or
turn lays a card of the stock on a pile: in S it already lies in a lone pile of its own, the
stack relation. A pile's cards below a stack moved to a lone pile are uncovered in S earlier
than in R, which forbids no move. No other event moves a card (`reason`: no route, no move
to an empty pile or of a run, no card taken from a foundation or a tracked pile by a fill,
turn or deal; no redeal left), and every rule's other conditions (depths, phases, limits,
waiting) only forbid moves. The real win leaves no card of C outside the foundations, so the
small line wins. Hence a small game that cannot be won proves the position lost.

The small game is searched exactly: every small position reachable (`_search`) within a
budget; unknown counts as not lost. A search that meets every reachable position without a
win proves them all lost, and a win makes its path won; both are remembered. Within it, a
move of the only card of a pile onto a pile of its own group is left out: in the small game
nothing is ever laid on an empty pile, so the argument of `vacancies.py` holds (a shortest
win never begins with such a move), and reachability of a win is kept.

Why the conditions: a redeal gathers the piles in an order that the cards of other classes
decide; a card moved to an empty pile, or one below the top (runs), has no small move; a
fill or turn taking a tracked pile's card moves a card the small game holds elsewhere; cards
that leave the foundations or are removed, or a win that leaves cards where they lie, break
"every card of C goes up". Cost only (never soundness): the check runs at a stride that grows
while it finds nothing, a small game with more than `LOOSE_MAX` cards still to come is not
searched, and the small positions searched are held to `SMALL_RATIO` per check. All of that,
and what the small searches remember, starts anew with each deal the solver is given
(`reset`), so a deal's answer never depends on the deals solved before it.
"""

from __future__ import annotations

from typing import Any

from pipeline.engine.compile import BASE_ANY, blocks_used
from pipeline.engine.state import State
from pipeline.solve.blocked import tracked_piles
from pipeline.solve.blocked import unsafe_reason as blocked_reason
from pipeline.solve.vacancies import exchange_classes

# a small game's position: per pile group, its sequences sorted; per foundation of the class,
# (top key, size up to 14, bottom suit), or (-1, 0, -1) for an empty one
_Small = tuple[tuple[tuple[tuple[int, ...], ...], ...], tuple[tuple[int, int, int], ...]]

SMALL_BUDGET = 2000  # positions of one small game's search before it is called unknown
# the small searches' positions of one deal are held to this many per check made, plus
# `SMALL_ALLOW`: past that the check answers from what it knows (a measure of cost, never of
# soundness); the allowance lets the first checks of a deal search a few small games fully
SMALL_RATIO = 4
SMALL_ALLOW = 5_000
# a small game with more cards still to come than this is not searched: each is a pile of
# its own that may go anywhere, and such games are seldom lost (a measure of cost)
LOOSE_MAX = 4
STRIDE_MAX = 64
_KEPT = 200_000  # small positions remembered (won or lost) before the memory is cleared


def reason(game: Any) -> str | None:
    """Why the suits-alone proof does not hold for this spec (None: it does, in positions
    `SuitsAlone.applies` accepts)."""
    used = blocks_used(game.rules)
    if used:
        return f"the spec uses {used[0]}"
    why = blocked_reason(game)
    if why is not None:
        return why
    if game.removes:
        return "a rule removes cards from the piles"
    if game.routes:
        return f"route rule {game.routes[0].id!r} moves cards by itself"
    found = set(game.foundations)
    tracked = set(tracked_piles(game))
    for r in game.transfers:
        if r.run or r.run_whole or r.run_pile or r.run_complete:
            return f"move rule {r.id!r} moves runs"
        if r.special or r.dist or r.neighbour or r.beaten is not None:
            return f"move rule {r.id!r} reads the places of piles or other cards"
        for src, dsts in r.pairs:
            for d in dsts:
                if d in found:
                    continue
                if src not in tracked or d not in tracked:
                    return f"move rule {r.id!r} moves cards between piles that are not tracked"
                if r.onto is None or r.empty_any or r.empty_ranks or r.empty_high:
                    return f"move rule {r.id!r} may lay a card on an empty pile"
    for f in game.fills:
        if found & set(f.piles):
            return "a fill lays cards on a foundation"
        for src in f.sources:
            if tracked & set(src.piles):
                return "a fill takes cards from piles that give only their top card"
    for st in game.steps:
        if st.divert or st.count is not None or not set(st.to) <= tracked:
            return f"deal step {st.id!r} lays cards elsewhere than on piles that are tracked"
    for t in game.turns:
        if t.src in tracked:
            return f"turn rule {t.id!r} takes cards from piles that give only their top card"
        if t.dst in found:
            return f"turn rule {t.id!r} lays cards on a foundation"
    cls = card_classes(game)
    if len(set(cls)) < 2:
        return "every card may meet every other (one class)"
    return None


def card_classes(game: Any) -> list[int]:
    """Per card key, its class (the least key of its part of the relation, module doc)."""
    par = list(range(52))

    def find(x: int) -> int:
        while par[x] != x:
            par[x] = par[par[x]]
            x = par[x]
        return x

    def join(a: int, b: int) -> None:
        ra, rb = find(a), find(b)
        if ra != rb:
            par[max(ra, rb)] = min(ra, rb)

    for r in game.transfers:
        if r.onto is not None:
            for k in range(52):
                for t in r.onto[k]:
                    join(k, t % 52)
    for b0, d in _bases(game):
        seen = {b0}
        todo = [b0]
        while todo:
            t = todo.pop()
            for c in game.foundation_takes(d, t, b0 // 13):
                join(t, c)
                if c not in seen:
                    seen.add(c)
                    todo.append(c)
    return [find(k) for k in range(52)]


def _bases(game: Any) -> list[tuple[int, int]]:
    """(base key, foundation) for every base a foundation may start from."""
    out: list[tuple[int, int]] = []
    for d in game.foundations:
        b = game.fbase[d]
        keys = range(52) if b < 0 or b == BASE_ANY else [b - 1 + 13 * s for s in range(4)]
        out += [(k, d) for k in keys]
    return out


def pile_groups(game: Any, piles: tuple[int, ...]) -> list[int]:
    """Per pile of `piles` (ascending), its group: piles that exchanging maps every acting
    rule's pairs onto themselves share one (the least such pile; `vacancies.exchange_classes`)."""
    least: dict[int, int] = {}
    for members in exchange_classes(game, piles, same_role=False):
        for p in members:
            least[p] = members[0]
    return [least[p] for p in piles]


class SuitsAlone:
    """The suits-alone proof (module doc), with the spec's tables made once."""

    def __init__(self, game: Any, budget: int = SMALL_BUDGET) -> None:
        self.game = game
        self.reason: str | None = reason(game)
        self.enabled = self.reason is None
        self.budget = budget
        self.nodes = 0  # small positions searched (a measure, not a result)
        self.proved = 0  # small games found lost
        self.checks = 0  # positions checked
        self.ratio = SMALL_RATIO
        self.allow = SMALL_ALLOW
        # the check runs at every `_stride`-th position it applies to, the stride doubling
        # after 256 checks without a lost small game (up to `STRIDE_MAX`) and back to 1 after
        # one, as the blocked-cards check does: a lost end game is caught a few positions in
        self._stride = 1
        self._tick = 0
        self._quiet = 0
        self._won: set[Any] = set()
        self._lost: set[Any] = set()
        self._unknown: set[Any] = set()
        self.reset()
        if not self.enabled:
            return
        self._tracked: tuple[int, ...] = tracked_piles(game)
        self._found: tuple[int, ...] = tuple(game.foundations)
        self._cls: list[int] = card_classes(game)
        self._classes: list[int] = sorted(set(self._cls))
        groups = pile_groups(game, self._tracked)
        gids = sorted(set(groups))
        self._group: dict[int, int] = {
            p: gids.index(g) for p, g in zip(self._tracked, groups, strict=True)
        }
        # the groups of the tracked piles, and one more (`_lone`) for the cards still to be
        # dealt, filled or turned, each a pile of its own that may do what a card of any
        # group may (module doc)
        ng = len(gids) + 1
        self._ngroups = ng
        self._lone = ng - 1
        tracked = set(self._tracked)
        found = set(self._found)
        nf = len(self._found)
        # per (group, group): per card key, the keys it may be built on from one to the
        # other, for any rule of any phase between any of their piles (more than a rule
        # allows is no harm: the small game only needs every real move)
        onto: list[list[set[int]] | None] = [None] * (ng * ng)
        # per (group, foundation index): whether a card may go up from the group's piles there
        up = [False] * (ng * nf)
        for j in range(nf):
            up[self._lone * nf + j] = True  # a card still to come may go up from anywhere
        for r in game.transfers:
            for src, dsts in r.pairs:
                if src not in tracked:
                    continue
                a = self._group[src]
                for d in dsts:
                    if d in found:
                        j = self._found.index(d)
                        up[a * nf + j] = True
                        continue
                    b = self._group[d]
                    for a2, b2 in ((a, b), (self._lone, b), (a, self._lone), (ng - 1, ng - 1)):
                        tbl = onto[a2 * ng + b2]
                        if tbl is None:
                            tbl = [set() for _ in range(52)]
                            onto[a2 * ng + b2] = tbl
                        for k in range(52):
                            tbl[k].update(t % 52 for t in r.onto[k])
        self._onto: list[tuple[frozenset[int], ...] | None] = [
            None if t is None else tuple(frozenset(s) for s in t) for t in onto
        ]
        self._up = up
        self._loose: tuple[int, ...] = tuple(
            p
            for p in range(game.npiles)
            if p not in tracked and p not in found and p not in game.out_piles
        )
        # per foundation index, the keys it may take as its base when empty
        self._fbases: list[frozenset[int]] = []
        bases = _bases(game)
        for d in self._found:
            self._fbases.append(frozenset(k for k, e in bases if e == d))
        self._flast: list[int | None] = [game.flast[d] for d in self._found]
        self._fwrap: list[bool] = [game.fwrap[d] for d in self._found]
        self._oneway: list[bool] = [game.fdir[d] not in ("both", "any") for d in self._found]

    def reset(self) -> None:
        """Forget every earlier search: a deal's answer must not depend on the deals solved
        before it. The pacing and the cost limit count checks and small positions, and what
        is remembered decides whether a small search ends within its budget (a kid known won
        or lost ends it early), so all of them start anew."""
        self.nodes = 0
        self.proved = 0
        self.checks = 0
        self._stride = 1
        self._tick = 0
        self._quiet = 0
        self._won.clear()
        self._lost.clear()
        self._unknown.clear()

    def applies(self, state: State) -> bool:
        """The piles will never be gathered again: no redeal is left."""
        return self.enabled and state.redeals_over()

    def dead(self, state: State) -> bool:
        """Whether some class's small game is lost (module doc); False where not `applies`
        and at the positions the stride passes over."""
        if not self.applies(state):
            return False
        self._tick += 1
        if self._tick < self._stride:
            return False
        self._tick = 0
        if self.dead_piles(state.card_piles()):
            self._stride = 1
            self._quiet = 0
            return True
        self._quiet += 1
        if self._quiet >= 256 and self._stride < STRIDE_MAX:
            self._stride *= 2
            self._quiet = 0
        return False

    def dead_piles(self, piles: list[list[int]]) -> bool:
        """`dead` of the position with these piles (no redeal left)."""
        self.checks += 1
        for c in self._classes:
            small = self._project(piles, c)
            if small is None:
                continue
            if self._decide(small) is False:
                return True
        return False

    def _project(self, piles: list[list[int]], c: int) -> _Small | None:
        """The projection of the position on class `c` (None: it holds no card outside the
        foundations, or more than `LOOSE_MAX` still to come)."""
        cls = self._cls
        seqs: list[list[tuple[int, ...]]] = [[] for _ in range(self._ngroups)]
        some = False
        for p in self._tracked:
            seq = tuple([k for k in [(~v if v < 0 else v) % 52 for v in piles[p]] if cls[k] == c])
            if seq:
                seqs[self._group[p]].append(seq)
                some = True
        lone = seqs[self._lone]
        for p in self._loose:
            for v in piles[p]:
                k = (~v if v < 0 else v) % 52
                if cls[k] == c:
                    lone.append((k,))
                    if len(lone) > LOOSE_MAX:
                        return None
                    some = True
        if not some:
            return None
        fs: list[tuple[int, int, int]] = []
        for d in self._found:
            pile = piles[d]
            if pile:
                v = pile[-1]
                top = (~v if v < 0 else v) % 52
                if cls[top] == c:
                    n = len(pile)
                    b = pile[0]
                    fs.append((top, n if n < 14 else 14, (~b if b < 0 else b) % 52 // 13))
                else:
                    fs.append((-2, 0, -1))  # another class's: takes none of this one
            else:
                fs.append((-1, 0, -1))
        return tuple(tuple(sorted(s)) for s in seqs), tuple(fs)

    def _full(self, j: int, top: int, n: int) -> bool:
        """Foundation index `j` with `n` cards and key `top` on top takes no more (as the move
        generator has it: its last rank, or 13 cards one way)."""
        last = self._flast[j]
        if last is None:
            return n >= 13 and self._oneway[j]
        return (top % 13 + 1 == last and (n > 1 or not self._fwrap[j])) or (
            n >= 13 and self._oneway[j]
        )

    def _takes(self, j: int, f: tuple[int, int, int], x: int) -> bool:
        top, n, bs = f
        if top == -2:
            return False
        if top == -1:
            return x in self._fbases[j]
        if self._full(j, top, n):
            return False
        return x in self.game.foundation_takes(self._found[j], top, bs)

    def _children(self, small: _Small) -> list[_Small]:
        """The small positions one move away, moves to a foundation last (the search takes
        them from the end: first)."""
        seqs, fs = small
        ups: list[_Small] = []
        shifts: list[_Small] = []
        nf = len(fs)
        ng = self._ngroups
        for a in range(ng):
            for i, seq in enumerate(seqs[a]):
                x = seq[-1]
                rest = seq[:-1]
                for j in range(nf):
                    if self._up[a * nf + j] and self._takes(j, fs[j], x):
                        n = fs[j][1] + 1
                        bs = fs[j][2] if fs[j][0] >= 0 else x // 13
                        nfs = (*fs[:j], (x, n if n < 14 else 14, bs), *fs[j + 1 :])
                        ups.append((_replace(seqs, a, i, rest, -1, -1, ()), nfs))
                for b in range(ng):
                    tbl = self._onto[a * ng + b]
                    if tbl is None or (b == a and not rest):
                        continue  # a card alone in its sequence: kept there (module doc)
                    on = tbl[x]
                    for k, sq in enumerate(seqs[b]):
                        if (a != b or k != i) and sq[-1] in on:
                            shifts.append((_replace(seqs, a, i, rest, b, k, (*sq, x)), fs))
        shifts.reverse()
        ups.reverse()
        return shifts + ups

    def _decide(self, small: _Small) -> bool | None:
        """Whether the small game is won from `small` (None: unknown within the budget)."""
        if small in self._won:
            return True
        if small in self._lost:
            return False
        if small in self._unknown or self.nodes > self.ratio * self.checks + self.allow:
            return None
        got = self._search(small)
        if len(self._won) + len(self._lost) + len(self._unknown) > _KEPT:
            self._won.clear()
            self._lost.clear()
            self._unknown.clear()
        return got

    def _search(self, root: _Small) -> bool | None:
        """Depth-first over every small position reachable from `root`: reachability in a
        one-player game, so a search that meets every one of them without a win proves every
        one of them lost, and a win makes the path to it won."""
        won = self._won
        lost = self._lost
        seen: set[_Small] = {root}
        path: list[_Small] = [root]
        stack: list[list[_Small]] = [self._children(root)]
        n = 1
        while stack:
            kids = stack[-1]
            if not kids:
                stack.pop()
                path.pop()
                continue
            kid = kids.pop()
            if kid in seen or kid in lost:
                continue
            if kid in won or not any(kid[0]):
                won.update(path)
                self.nodes += n
                return True
            seen.add(kid)
            n += 1
            if n > self.budget:
                self._unknown.add(root)
                self.nodes += n
                return None
            path.append(kid)
            stack.append(self._children(kid))
        lost.update(seen)
        self.nodes += n
        self.proved += 1
        return False


def _replace(
    seqs: tuple[tuple[tuple[int, ...], ...], ...],
    a: int,
    i: int,
    rest: tuple[int, ...],
    b: int,
    k: int,
    grown: tuple[int, ...],
) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """`seqs` with group a's sequence i made `rest` (dropped when empty) and, when b >= 0,
    group b's sequence k made `grown`; each group's sequences sorted again."""
    out = list(seqs)
    ga = list(seqs[a])
    if b == a:
        ga[k] = grown
    if rest:
        ga[i] = rest
    else:
        del ga[i]
    out[a] = tuple(sorted(ga))
    if b >= 0 and b != a:
        gb = list(seqs[b])
        gb[k] = grown
        out[b] = tuple(sorted(gb))
    return tuple(out)
