"""The scalar slots of a state and the per-game tables its hot loop reads.

A state keeps its piles as lists and every other quantity (deal cursor, counters, the piles'
hash) in one flat list of ints, `State.sc`, so a move's snapshot and undo are one list copy.
`prepare` lays that list out for a compiled game and derives, once per game, the tables that
move generation and the memos read (attributes with a leading underscore on the `Game`).
"""

from __future__ import annotations

from operator import itemgetter

from pipeline.engine import cards as C
from pipeline.engine import compile as K
from pipeline.engine import zobrist as Z
from pipeline.engine.symmetry import classes

# scalar slots
S_STEP, S_ROUND, S_POS, S_COUNT, S_WAIT, S_REDEALS, S_PLAN, S_BATCH = range(8)
_NSCALAR = 8


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


def _picker(slots: tuple[int, ...]):
    """`operator.itemgetter(*slots)` for a list of ints, as a function written out for these
    slots: `sc[3]` is one specialized list look-up where itemgetter takes the generic path
    for every item (a third of the instructions; the state and position keys are made at
    every move). `slots` are ints of this module, so the text made here is only indexes."""
    slots = tuple(int(i) for i in slots)
    return eval("lambda sc: (" + "".join(f"sc[{i}], " for i in slots) + ")")


def prepare(g) -> None:
    """Derive the game's hot tables (once: the first state of a game does it)."""
    if hasattr(g, "_ftab"):
        return
    g._ftab = tuple(
        _foundation_table(g, d) if g.role[d] == "foundation" else () for d in range(g.npiles)
    )
    g._fb0 = _NSCALAR
    g._ru0 = g._fb0 + len(g.groups)
    g._rc0 = g._ru0 + g.n_rules
    g._dl0 = g._rc0 + g.n_rules
    g._zslot = g._dl0 + g.npiles  # the piles' Zobrist hash (no-progress games)
    g._nsc = g._zslot + 1
    g._zkeys = Z.new_keys()
    g._memo_on = True  # see _memoized: off once random play shows states rarely repeat
    g._memo_calls = g._memo_misses = 0
    g._memo_trial = True  # counting look-ups until the trial decides (see memo._memo_add)
    g._lim_slots = tuple(g._ru0 + i for i in g.limited_rules)
    # the scalars that decide what happens next: all but the use counts of rules
    # without a limit, which only grow (a state key for memos over states)
    # a position (for no-progress): piles, deal cursor, limited counts, recycles
    # recycle counts matter only to a turn rule with a fixed number of recycles
    rc_slots = tuple(g._rc0 + t.index for t in g.turns if t.recycle > 0)
    g._pos_of = _picker((g._zslot, *range(_NSCALAR), *g._lim_slots, *rc_slots))
    # a position's counters for a search (`State.scalar_key`): all but the piles' hash,
    # the use counts of rules without a limit, the recycle counts without a fixed number
    g._skey = itemgetter(
        *(
            i
            for i in range(g._nsc)
            if i != g._zslot
            and not (g._ru0 <= i < g._rc0 and i not in g._lim_slots)
            and not (g._rc0 <= i < g._dl0 and i not in rc_slots)
        )
    )
    # a state (for the memos): everything that decides what happens next - not the use
    # counts of rules without a limit, nor recycle counts without one (they only grow),
    # nor the first-card slot of a group without `base: first`, nor the dealt count of a
    # pile no deal step reaches (always 0)
    first = {g._fb0 + gi for gi in range(len(g.groups)) if g.groups[gi].role == "foundation"}
    first = {
        s
        for s in first
        if any(g.fbase[p] == K.BASE_FIRST for p in g.group_piles[g.groups[s - g._fb0].id])
    }
    dealt = {g._dl0 + p for st in g.steps for p in st.to}
    g._state_of = _picker(
        (g._zslot, *range(_NSCALAR), *sorted(first), *g._lim_slots, *rc_slots, *sorted(dealt))
    )
    # once the plan's steps are done and no redeal is left, the dealt counts decide nothing
    # more (they are read only for piles a step still to come deals to): the state is the
    # position and the first-card slots, and without those its hash is the position's, so
    # one hash per move serves the memos and `no-progress` (see Memo._state_hash)
    g._post_is_pos = not first
    g._post_of = (
        _picker((g._zslot, *range(_NSCALAR), *sorted(first), *g._lim_slots, *rc_slots))
        if first
        else g._pos_of
    )
    # can the stock ever grow again? (see progress._all_repeat)
    into_stock = (
        any(t.recycle for t in g.turns)
        or (g.redeal is not None and g.redeal.times > 0)
        or any(g.stock in ds for r in g.transfers for _, ds in r.pairs)
        or any(g.stock in r.targets for r in g.routes)
        or any(g.stock in f.piles for f in g.fills)
    )
    g._stock_shrinks = not into_stock
    g._nonfound = tuple(p for p in range(g.npiles) if g.role[p] != "foundation")
    # interchangeable piles (see symmetry.py): moves onto their empty ones are offered once
    g._eq = classes(g)
    g._has_eq = any(c >= 0 for c in g._eq)
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
