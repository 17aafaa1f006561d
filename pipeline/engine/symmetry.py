"""Interchangeable piles: piles of one group that no rule of the spec can tell apart.

Eight empty foundations that each take any ace offer eight moves that lead to the same game
up to the names of the piles; the engine offers one (the first empty pile of the group) so
that neither the solver nor the random player spends its effort on copies. A group's piles
are interchangeable when every rule sees the group as a whole:

- the group has at least two piles, the same per-pile values (foundation `last` / `targets`),
  no `adjacent` pairing from or into it, and no route targets in it (those name piles);
- every transfer rule takes all or none of its piles as sources, and offers each source all,
  none, or all but itself of its piles as targets (`pairs: any`); turn rules name none of
  them; route sources take all or none; no `auto` rule touches them (the engine takes
  automatic actions in pile order);
- every fill takes all or none of them as vacancies and as sources; an `immediate` or
  `batch` fill only with `up_to: 1` (its order then only ever ranks empty piles, which are
  equal);
- no pile of it covers or is covered (`covered_by`), and no rule using the blocks of
  `blocks.py` (rows, distances, neighbours, removals) touches it;
- no redeal gathers or deals them (the gathering order and the dealing order name piles),
  and no deal step's `count` sends cards to them.

Two empty piles of such a group are equal as long as no deal still to come in this deal
reaches them (the deal order names piles): the state checks that when it collapses moves.
`classes` gives, per pile, the index of its group when the group is interchangeable, else -1;
`interchangeable_groups` says, per group, whether only once the deal is over (the solver's
canonical keys compare such piles as a multiset: one derivation for both).
"""

from __future__ import annotations


def _whole(piles, group: frozenset) -> bool:
    """Does this pile list take all of the group or none of it?"""
    inter = group.intersection(piles)
    return not inter or inter == group


def _touches(r, group: frozenset) -> bool:
    """Does a move rule take cards from, or put cards on, a pile of the group?"""
    if hasattr(r, "sizes"):  # remove
        return bool(group.intersection(r.srcs)) or r.dst in group
    if hasattr(r, "pairs"):
        return any(s in group or group.intersection(ds) for s, ds in r.pairs)
    if hasattr(r, "targets"):
        return bool(group.intersection(r.srcs) or group.intersection(r.targets))
    return r.src in group or r.dst in group


def _interchangeable(g, gi: int) -> bool:
    group = frozenset(g.group_piles[g.groups[gi].id])
    if len(group) < 2:
        return False
    if len({g.flast[p] for p in group}) > 1 or len({g.fstep[p] for p in group}) > 1:
        return False
    if any(g.adjacent[p] is not None for p in group) or any(
        a in group for a in g.adjacent if a is not None
    ):
        return False
    if any(g.fgate[p] >= 0 for p in group) or any(q in group for q in g.fgate):
        return False  # a gate names the pile before
    if any(g.covered_by[p] for p in group) or any(group.intersection(c) for c in g.covered_by):
        return False  # a cover relation names piles
    for r in (*g.transfers, *g.turns, *g.routes, *g.removes):
        if r.auto and _touches(r, group):
            return False  # automatic actions are taken in pile order: order names piles
        if (getattr(r, "special", False) or hasattr(r, "sizes")) and _touches(r, group):
            return False  # rows, distances, neighbours and removals name piles
    for r in g.transfers:
        if not _whole([s for s, _ in r.pairs], group):
            return False
        for s, ds in r.pairs:
            inter = group.intersection(ds)
            if inter and inter != group and inter != group - {s}:
                return False
    for t in g.turns:
        if t.src in group or t.dst in group:
            return False
    for r in g.routes:
        if group.intersection(r.targets) or not _whole(r.srcs, group):
            return False
    for f in g.fills:
        if not _whole(f.piles, group):
            return False
        if group.intersection(f.piles) and (f.immediate or f.batch) and f.up_to != 1:
            return False
        if not all(_whole(src.piles, group) for src in f.sources):
            return False
    rd = g.redeal
    if rd is not None and rd.times > 0:
        if group.intersection(rd.gather):
            return False
        if any(group.intersection(g.steps[si].to) for si in rd.steps):
            return False
    return not any(st.count is not None and st.count.send_to in group for st in g.steps)


def classes(g) -> tuple[int, ...]:
    """Per pile: its group's index when the group's piles are interchangeable, else -1."""
    ok = {gi for gi in range(len(g.groups)) if _interchangeable(g, gi)}
    return tuple(gi if gi in ok else -1 for gi in g.pile_group)


def interchangeable_groups(g) -> dict[str, str]:
    """Group id -> "always" | "after-deal" for each interchangeable group (`classes`): a
    group some deal step reaches is told apart by the deal (it deals in pile order) until
    the deal is over (`State.deal_over`); the solver compares such piles as a multiset."""
    eq = classes(g)
    dealt = {p for st in g.steps for p in st.to}
    dealt |= {st.count.send_to for st in g.steps if st.count is not None}
    out: dict[str, str] = {}
    for p, gi in enumerate(eq):
        if gi >= 0:
            gid = g.groups[gi].id
            if out.get(gid) != "after-deal":
                out[gid] = "after-deal" if p in dealt else "always"
    return out
