"""The scalar slots of a state, the per-game tables its hot loop reads, and the memo switch.

A state keeps its piles as lists and every other quantity (deal cursor, counters, the piles'
hash) in one flat list of ints, `State.sc`, so a move's snapshot and undo are one list copy.
`Tables` lays that list out for a compiled game and derives, once per game (when
`compile_game` builds the `Game`), the tables that move generation and the memos read.
`MemoSwitch` is the one piece of mutable state states may share: whether they remember their
moves, owned by whoever makes the states.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Final, cast

from pipeline.engine import cards as C
from pipeline.engine import compile as K
from pipeline.engine import zobrist as Z
from pipeline.engine.symmetry import classes

# scalar slots
S_STEP: Final = 0
S_ROUND: Final = 1
S_POS: Final = 2
S_COUNT: Final = 3
S_WAIT: Final = 4
S_REDEALS: Final = 5
S_PLAN: Final = 6
S_BATCH: Final = 7
_NSCALAR: Final = 8


def _foundation_table(game, d: int) -> tuple:
    """For foundation pile d: index top_key*4 + bottom_suit → card keys it accepts next."""
    direction, suit, wrap = game.fdir[d], game.fsuit[d], game.fwrap[d]
    step = game.fstep[d]  # ranks from a top card to the next; with wrap, modulo 13
    out = []
    for top in range(52):
        r = top % 13 + 1
        ranks = []
        if direction in ("up", "both"):
            if r + step <= 13:
                ranks.append(r + step)
            elif wrap:
                ranks.append(r + step - 13)
        if direction == "any":  # a discard pile: every rank, in any order
            ranks = list(range(1, 14))
        if direction in ("down", "both"):
            if r - step >= 1:
                ranks.append(r - step)
            elif wrap:
                ranks.append(r - step + 13)
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


# compiled by mypyc (the optional core) rather than run by the interpreter
_COMPILED: Final = not __file__.endswith(".py")


class Picker:
    """The hash of some scalar slots: ``hash`` of the tuple `_picker`'s function makes of them
    (the same value). Interpreted, that function is the fastest way; compiled, calling it is a
    call into the interpreter (about 1,200 instructions for a state's twenty slots), so the
    tuple is made here, the slots read as the objects they are (no unboxing of the piles'
    61-bit hash)."""

    def __init__(self, slots: tuple[int, ...]) -> None:
        self.slots: list[int] = [int(i) for i in slots]
        self.pick: Any = _picker(slots)

    def hash(self, sc: list[int]) -> int:
        if _COMPILED:
            objs = cast(list[Any], sc)
            return hash(tuple([objs[i] for i in self.slots]))
        return hash(self.pick(sc))


class TransferTab:
    """A transfer rule's fields and tables, typed for the hot loop (`MoveGen._gen_transfers`):
    compiled, a rule's NamedTuple fields are read generically, and its `pairs` (a tuple of
    (source, frozenset of targets)) is unpacked and searched generically at every source; here
    the sources are a list of ints and "may source s go to target d" one list element."""

    def __init__(self, rule: Any, npiles: int, capacity: list[int | None] | None = None) -> None:
        self.rule = rule  # the `TransferRule` (the generic path reads the rest from it)
        self.index: int = rule.index
        self.fast: int = rule.fast
        self.limit: int = -1 if rule.limit is None else rule.limit
        self.no_progress: bool = rule.no_progress
        self.srcs: list[int] = [s for s, _ in rule.pairs]
        # per card key: may it move (`cards`)?
        self.sel: list[bool] = [rule.sel is None or bool(rule.sel[k]) for k in range(52)]
        ok = [False] * (npiles * npiles)  # ok[s * npiles + d]: s may go to d
        for s, ds in rule.pairs:
            for d in ds:
                ok[s * npiles + d] = True
        self.ok: list[bool] = ok
        # per card key: the target keys it may be built on (fast 2)
        self.onto: list[list[int]] = [list(x) for x in rule.onto] if rule.onto else []
        self.empty_any: bool = rule.empty_any
        self.empty_rank: list[bool] = [r in rule.empty_ranks for r in range(14)]
        self.special: bool = rule.special
        # per source (in `srcs` order) its targets in pile order (`blocks.py`)
        self.dlist: list[list[int]] = [sorted(ds) for _, ds in rule.pairs]
        # every target of the rule, in pile order (a `neighbour` rule looks at the empty ones)
        self.alltargets: list[int] = sorted({d for _, ds in rule.pairs for d in ds})
        # every target holds at most so many cards (>= 1; else empty): when each is full the
        # rule has no move, found without a look at its sources (Gaps' basic variant: a two
        # to each row's first place, nearly always taken)
        caps = [None if capacity is None else capacity[d] for d in self.alltargets]
        self.caps: list[int] = (
            [c for c in caps if c is not None]
            if caps and all(c is not None and c >= 1 for c in caps)
            else []
        )
        # the general path's fields (any rule that is neither fast nor special), typed
        # okp[j * npiles + d]: the j-th pair's source may go to d (`ok` by pair, not by pile,
        # so a source named twice keeps each pair's own targets)
        okp = [False] * (len(rule.pairs) * npiles)
        for j, (_, ds) in enumerate(rule.pairs):
            for d in ds:
                okp[j * npiles + d] = True
        self.okp: list[bool] = okp
        self.sd0: int = rule.sdepth[0]
        self.sd1: int = rule.sdepth[1]
        self.td0: int = rule.tdepth[0]
        self.td1: int = rule.tdepth[1]
        self.has_onto: bool = rule.onto is not None
        self.follows: bytes | None = rule.follows
        self.emp: bool = bool(rule.empty_any or rule.empty_ranks or rule.empty_high)
        self.empty_high: bool = rule.empty_high
        self.base_pile: int = rule.base_pile
        self.run: bool = rule.run
        self.run_whole: bool = rule.run_whole
        self.top_src: list[bool] = [p in rule.top_srcs for p in range(npiles)]
        # a `neighbour` rule with no other block (`blocks.Blocks._neighbour_moves`): its
        # spaces judged first, then one look-up per source; per pile the pile its space is
        # judged against (-1: a row's end, -2: not a target); per card key the keys that may
        # fill the space after it, and whether it may fill a row's end
        self.nb_plain: bool = bool(rule.neighbour) and not (
            rule.dist
            or rule.run_pile
            or rule.run_complete
            or rule.run_follows
            or rule.beaten is not None
            or rule.run
        )
        self.nbr: list[int] = list(rule.nbr)
        fl = rule.follows
        self.succ: list[list[int]] = [
            [c for c in range(52) if fl is not None and fl[c * 52 + t]] for t in range(52)
        ]
        self.row_end: list[int] = [
            c for c in range(52) if rule.empty_any or (c % 13) + 1 in rule.empty_ranks
        ]


class TurnTab:
    """A turn rule's fields, typed for move generation (a rule is a NamedTuple, whose fields
    the compiled core reads generically)."""

    def __init__(self, rule: Any) -> None:
        self.rule = rule
        self.index: int = rule.index
        self.src: int = rule.src
        self.dst: int = rule.dst
        self.count: int = rule.count
        self.limit: int = -1 if rule.limit is None else rule.limit
        self.recycle: int = rule.recycle


def _offers(rule: Any, phase: int, stuck: bool, auto: bool, np_only: bool) -> bool:
    """Whether a turn or route rule offers its moves in a generation: of the kind asked
    for (automatic or not, stuck-only or not), in this phase, a `no-progress` rule when only
    those are wanted; `none_of` rules are asked separately (see MoveGen._gen_now)."""
    return (
        rule.none_of is None
        and rule.auto == auto
        and rule.when_stuck == stuck
        and (rule.phase == K.PH_ANY or rule.phase == phase)
        and (rule.no_progress or not np_only)
    )


def turns_quiet(g: Any) -> bool:
    """Whether a turn of the stock can set off nothing by itself (`Position.turns_alone`,
    which says why): no automatic rule, no batch of fills, no no-progress rule; no fill the
    engine makes that takes from or lays on the stock or the talon; no base read from a
    first card laid on either. `g`: the compiled `Game`."""
    if g.has_auto or g.has_batch or g.has_np:
        return False
    ends: set[int] = set()
    for t in g.turns:
        ends.add(t.src)
        ends.add(t.dst)
    for f in g.fills:
        if f.immediate and (
            any(p in ends for p in f.piles) or any(p in ends for s in f.sources for p in s.piles)
        ):
            return False
    if g.has_first:
        for p in ends:
            if g.watch[p] or (g.fbase[p] == K.BASE_FIRST and g.role[p] == "foundation"):
                return False
    return True


class MemoSwitch:
    """Whether new states remember their generated moves by state (`memo.py`), decided by a
    trial: after the first _MEMO_TRIAL misses of the states that share this switch, with fewer
    than 5 % hits the memo is off for the states made with it from then on.

    The caller owns it: a run of playouts of one game passes one switch to every state it
    makes (`playout.play_one`), so a game whose states rarely repeat stops paying for the
    memo; a state made without one gets a switch of its own. Results never depend on it, only
    speed. `MemoSwitch(on=False)` makes states without the memo."""

    def __init__(self, on: bool = True) -> None:
        self.on: bool = on
        self.counting: bool = on  # the trial still counts look-ups and misses
        self.calls: int = 0
        self.misses: int = 0


class Tables:
    """The tables of one game that a state reads at every move, typed: the compiled rules'
    (copied under the same names, read here as fields) and those derived from them for the
    hot loop. Built once, by `Game.__init__` (`compile_game`); read only from then on: a state
    reads them as `self.t`, and nothing is added to them or to the `Game` afterwards.

    A plain object to the Python engine; to the compiled core a native class, whose fields are
    read directly where an attribute of the `Game` (a Python object) is a dictionary
    look-up."""

    def __init__(self, g: Any) -> None:
        self.game = g
        # the compiled rules
        self.npiles: int = g.npiles
        self.ncards: int = g.ncards
        self.stock: int = g.stock
        self.decks: int = g.decks
        self.win: str = g.win
        self.spec_id: str = g.spec_id
        self.spec_hash: str = g.spec_hash
        self.has_np: bool = g.has_np
        self.has_batch: bool = g.has_batch
        self.has_auto: bool = g.has_auto
        self.has_first: bool = g.has_first
        self.has_immediate: bool = g.has_immediate
        self.needs_dedupe: bool = g.needs_dedupe
        self.is_found: tuple[bool, ...] = g.is_found
        self.face_down: list[bool] = g.face_down
        self.turn_up: list[bool] = g.turn_up
        self.pile_group: list[int] = g.pile_group
        self.fbase: list[int] = g.fbase
        self.fwrap: list[bool] = g.fwrap
        self.flast: list[int | None] = g.flast
        self.fdir: list[str] = g.fdir
        self.fstep: list[int] = g.fstep
        self.fgate: list[int] = g.fgate
        self.has_gate: bool = any(q >= 0 for q in g.fgate)
        self.watch: list[tuple[tuple[int, int], ...]] = g.watch
        self.capacity: list[int | None] = g.capacity
        self.avail: list[tuple[int, int]] = g.avail
        self.role: list[str] = g.role
        self.pile_name: list[str] = g.pile_name
        self.rule_ids: list[str] = g.rule_ids
        self.foundations: tuple[int, ...] = g.foundations
        self.tableau: tuple[int, ...] = g.tableau
        self.out_piles: frozenset[int] = g.out_piles
        # the piles `all-on-foundations` requires empty (is_won, at every move of a search)
        self.in_piles: list[int] = [p for p in range(g.npiles) if p not in g.out_piles]
        self.stock_cards: tuple[int, ...] = g.stock_cards
        self.steps: tuple[Any, ...] = g.steps
        self.plans: Any = g.plans
        self.pending: Any = g.pending
        self.redeal: Any = g.redeal
        self.rule_by_index: dict[int, Any] = g.rule_by_index
        self.routes: list[Any] = g.routes
        self.turns: list[Any] = g.turns
        self.transfers: list[Any] = g.transfers
        # the blocks of other families (`blocks.py`)
        self.removes: list[Any] = g.removes
        self.covered_by: tuple[tuple[int, ...], ...] = g.covered_by
        wx = g.win_except
        self.win_except: list[bool] | None = (
            None if wx is None else [bool(wx[k]) for k in range(52)]
        )
        # the rule whose rows `win: rows-in-sequence` reads
        self.seq_rule: Any = next((r for r in g.transfers if r.neighbour), None)
        self.fills: tuple[Any, ...] = g.fills
        self.fill_of_pile: list[Any] = g.fill_of_pile
        self.setup: tuple[Any, ...] = g.setup
        self.group_piles: dict[str, Any] = g.group_piles
        # a turn of the stock can set off nothing by itself (`Position.turns_alone`)
        self.turns_quiet: bool = turns_quiet(g)

        # foundation pile d: card key * 4 + bottom suit -> the card keys it accepts next
        # (`Game.foundation_table`), and the same as lists for the hot loop
        self.found_takes: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            _foundation_table(g, d) if g.role[d] == "foundation" else () for d in range(g.npiles)
        )
        self.ftab: list[list[list[int]]] = [[list(k) for k in tab] for tab in self.found_takes]
        # where the scalar slots beyond the fixed ones start: the first card of each group
        # (`base: first`), the use counts and recycle counts of rules, the dealt count of
        # each pile, the piles' Zobrist hash (no-progress games and the memo)
        self.fb0: int = _NSCALAR
        self.ru0: int = self.fb0 + len(g.groups)
        self.rc0: int = self.ru0 + g.n_rules
        self.dl0: int = self.rc0 + g.n_rules
        self.zslot: int = self.dl0 + g.npiles
        self.nsc: int = self.zslot + 1
        self.zkeys: Z.Keys = Z.new_keys(g.ncards, g.npiles)
        lim_slots = tuple(self.ru0 + i for i in g.limited_rules)
        # a position (for no-progress): piles, deal cursor, limited counts, recycles;
        # recycle counts matter only to a turn rule with a fixed number of recycles
        rc_slots = tuple(self.rc0 + t.index for t in g.turns if t.recycle > 0)
        # the deal's counters; the redeal count only while it is limited (with `times:
        # unlimited` a position after any number of redeals is the same position)
        unlimited = g.redeal is not None and g.redeal.times >= K.UNLIMITED
        scalars = tuple(i for i in range(_NSCALAR) if not (unlimited and i == S_REDEALS))
        pos_slots = (self.zslot, *scalars, *lim_slots, *rc_slots)
        # a position's counters for a search (`State.scalar_key`): all but the piles' hash,
        # the use counts of rules without a limit, the recycle counts without a fixed number
        self.skey_slots: tuple[int, ...] = tuple(
            i
            for i in range(self.nsc)
            if i != self.zslot
            and not (unlimited and i == S_REDEALS)
            and not (self.ru0 <= i < self.rc0 and i not in lim_slots)
            and not (self.rc0 <= i < self.dl0 and i not in rc_slots)
        )
        self.skey: Any = itemgetter(*self.skey_slots)
        # a state (for the memos): everything that decides what happens next - not the use
        # counts of rules without a limit, nor recycle counts without one (they only grow),
        # nor the first-card slot of a group without `base: first`, nor the dealt count of a
        # pile no deal step reaches (always 0)
        first = {self.fb0 + gi for gi in range(len(g.groups)) if g.groups[gi].role == "foundation"}
        first = {
            s
            for s in first
            if any(g.fbase[p] < 0 for p in g.group_piles[g.groups[s - self.fb0].id])
        }
        dealt = {self.dl0 + p for st in g.steps for p in st.to}
        state_slots = (
            self.zslot,
            *scalars,
            *sorted(first),
            *lim_slots,
            *rc_slots,
            *sorted(dealt),
        )
        # once the plan's steps are done and no redeal is left, the dealt counts decide nothing
        # more (they are read only for piles a step still to come deals to): the state is the
        # position and the first-card slots, and without those its hash is the position's, so
        # one hash per move serves the memos and `no-progress` (see Memo._state_hash)
        self.post_is_pos: bool = not first
        post_slots = (
            (self.zslot, *scalars, *sorted(first), *lim_slots, *rc_slots) if first else pos_slots
        )
        # the hashes of those slots, made by compiled code in the compiled core (`Picker`)
        self.pos_key = Picker(pos_slots)
        self.state_key = Picker(state_slots)
        self.post_key = Picker(post_slots)
        # can the stock ever grow again? (see progress._all_repeat)
        into_stock = (
            any(t.recycle for t in g.turns)
            or (g.redeal is not None and g.redeal.times > 0)
            or any(g.stock in ds for r in g.transfers for _, ds in r.pairs)
            or any(g.stock in r.targets for r in g.routes)
            or any(g.stock in f.piles for f in g.fills)
        )
        self.stock_shrinks: bool = not into_stock
        self.nonfound: tuple[int, ...] = tuple(
            p for p in range(g.npiles) if g.role[p] != "foundation"
        )
        # interchangeable piles (see symmetry.py): moves onto their empty ones are offered once
        self.eq: tuple[int, ...] = classes(g)
        self.has_eq: bool = any(c >= 0 for c in self.eq)
        self.guard: int = 50 * g.ncards + 1000  # automatic actions in a row before a loop stop
        # contiguous pile index range of each fill group ((-1, -1) if not contiguous)
        span: dict[str, tuple[int, int]] = {}
        for f in g.fills:
            ps = f.piles
            ok = ps and list(ps) == list(range(ps[0], ps[0] + len(ps)))
            span[f.group] = (ps[0], ps[0] + len(ps)) if ok else (-1, -1)
        self.span: dict[str, tuple[int, int]] = span
        # the rules offered only when none of some others is (`when: {none_of: ...}`)
        self.cond: tuple[Any, ...] = tuple(
            sorted(
                (r for r in (*g.transfers, *g.turns, *g.routes) if r.none_of is not None),
                key=lambda r: r.index,
            )
        )
        self.optional: tuple[Any, ...] = tuple(
            f for f in g.fills if not f.immediate and not f.batch
        )
        # transfer rules by phase * 4 + stuck * 2 + auto, so generation skips the others at
        # once, typed (`TransferTab`); by rule index
        tabs = {r.index: TransferTab(r, g.npiles, g.capacity) for r in g.transfers}
        self.ttab_of: dict[int, TransferTab] = tabs
        self.tsel: list[list[TransferTab]] = [
            [
                tabs[r.index]
                for r in g.transfers
                if r.auto == au
                and r.none_of is None
                and r.when_stuck == st
                and (r.phase == K.PH_ANY or r.phase == ph)
            ]
            for ph in (K.PH_DEAL, K.PH_PLAY)
            for st in (False, True)
            for au in (False, True)
        ]
        # the turn rules that offer their moves, by phase * 8 + stuck * 4 + auto * 2 +
        # np_only (`_offers`), typed; by rule index
        turn_tabs = {t.index: TurnTab(t) for t in g.turns}
        self.turn_tab_of: dict[int, TurnTab] = turn_tabs
        self.turn_by_rule: list[TurnTab | None] = [turn_tabs.get(i) for i in range(g.n_rules)]
        self.turn_sel: list[list[TurnTab]] = [
            [turn_tabs[t.index] for t in g.turns if _offers(t, ph, st, au, npo)]
            for ph in (K.PH_DEAL, K.PH_PLAY)
            for st in (False, True)
            for au in (False, True)
            for npo in (False, True)
        ]
        # the length of each deal plan, and how many redeals there are (-1: no redeal)
        self.plan_len: list[int] = [len(p) for p in g.plans]
        self.redeal_times: int = -1 if g.redeal is None else g.redeal.times
        # per pile the one-element list [pile], shared by the foundations' wants (read only)
        self.one_pile: list[list[int]] = [[p] for p in range(g.npiles)]
        self.rank: list[int] = list(C.RANK)  # the card tables, typed
        self.suit: list[int] = list(C.SUIT)
