"""The stock seen as a sequence: the turns that reach a card and its play, as one move.

A search that expands one position per card turned from the stock meets each arrangement of
the rest of the table once per card of the stock (Klondike: a few dozen times), and most of
those positions differ only in which card the talon shows. Bjarnason, Fern and Tadepalli
(2007) and Blake & Gent's Solvitaire search Klondike with the stock and talon read as one
sequence instead: a move turns as many cards as it takes to reach a card and plays it. Here
that is a fold of the legal moves, for any spec whose stock is turned onto a talon (any
count a turn, any number of recycles), read from the rules and checked by the engine as it
goes, never from a game's name.

The claim, for a spec that passes `reason` and a position whose deal is over: a search that
offers, in place of the turn and recycle moves, every sequence of turns followed by a move
that was not legal before them (`fold`), wins exactly the positions the plain search wins.
Proof sketch. Under `reason`, a turn changes the stock, the talon and the turn's counters
alone (the engine checks each turn it folds: `changed_piles`), nothing else takes from or
lays on the stock or the talon, no rule waits for other moves being absent, and no
automatic action reads the talon; so every other move is legal, and does the same, before
and after a turn, except the moves a turn makes legal (a play from the talon). Take a
winning line: move each run of turns forward past the moves that do not need it, to just
before the first move it made legal; a run that makes no later move legal is dropped (the
win condition reads no stock or talon: `all-on-foundations` and `foundations-complete`
hold only once the stock is empty, `tableau-empty` reads neither). Every run of turns is
then followed by the move it made legal: a macro. A run that passes the same split of the
sequence twice (a stock and a talon as long as before: with nothing played, the split says
where every card is) has used more of the turns' counters for the same cards: the shorter
run leaves at least as many moves. So the fold stops at the first split seen again, or
when no turn is legal. Win, loss and every proof of the search carry over; a macro is a
`MacroMove`, whose record lists its parts, so a win found with macros replays move by move.

The reach cached. Where a turn cannot set anything off by itself (`Position.turns_alone`: no
automatic rule, no batch of fills, no no-progress rule, no fill the engine makes from or
into the stock or the talon, no base read from a first card laid on either: Canfield's
reserve fills the columns and its base is the deal's), the splits the turns reach, and the
turns that reach each, are a function of the stock, the talon and the counters the turns
read alone (`Position.turn_slots`: none where the stock goes round without end, as in the
Klondikes and Canfield): `_reach` works them out once for each such triple, as one operation
of the engine on copies of the two piles (`Position.turns_ahead`), and keeps what they lead
to; each position then asks only what the talon offers at each split, with no turn made
(`Position.moves_along`; where the talon's rules move its top card alone, read by that card).
The same moves in the same order as making the turns (`tests/test_solve_talon_cache.py`,
`benchmarks/stock_cache_check.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from pipeline.engine.compile import blocks_used
from pipeline.engine.moves import RECYCLE, TURN, MacroMove, Move
from pipeline.engine.state import State

# the stock reaches kept (`StockSequence._reach`) before the table is cleared: a search meets
# a few thousand stocks and talons; this bounds the memory of a long one
REACH_ENTRIES = 20_000

# the wins that read only the foundations and the tableau, never the stock or the talon
PLAIN_WINS = ("all-on-foundations", "foundations-complete", "tableau-empty")


def pile_groups(refs: Any) -> set[str]:
    """The pile groups a move's or fill's `from`/`to` references name (`tableau.3` -> tableau)."""
    if refs is None:
        return set()
    if isinstance(refs, str):
        refs = [refs]
    return {str(r).partition(".")[0] for r in refs}


def reason(rules: Mapping[str, Any]) -> str | None:
    """Why the stock cannot be seen as a sequence in this spec (None: it can, once the deal
    is over)."""
    moves = rules.get("moves") or {}
    turns = [(rid, m) for rid, m in moves.items() if m.get("kind") == "turn"]
    if not turns:
        return "no rule turns the stock onto a talon"
    if len(turns) > 1:
        return "more than one rule turns cards"
    tid, turn = turns[0]
    if turn.get("auto"):
        return f"turn rule {tid!r} is made by the engine"
    ends = pile_groups(turn.get("from")) | pile_groups(turn.get("to"))
    win = rules.get("win") or "all-on-foundations"
    if isinstance(win, dict) or win not in PLAIN_WINS:
        return "the win condition may read the stock or the talon"
    used = blocks_used(rules)
    if used:  # covers and comparisons with other tops may read the talon's top card
        return f"the spec uses {used[0]}"
    for rid, m in moves.items():
        when = m.get("when", "always")
        if when != "always":
            return f"move rule {rid!r} depends on other moves being absent"
        if rid == tid:
            continue
        if pile_groups(m.get("to")) & ends:
            return f"move rule {rid!r} lays cards on the stock or the talon"
        src = pile_groups(m.get("from"))
        if m.get("auto") and src & ends:
            return f"move rule {rid!r} plays from the talon by itself"
        if src & pile_groups(turn.get("from")):
            return f"move rule {rid!r} takes from the stock"
    for gid, f in (rules.get("fill") or {}).items():
        if gid in ends:
            return f"the fill rule of {gid!r} lays cards on the stock or the talon"
        timing = f.get("timing", "immediate")
        chosen = timing == "optional" or (
            isinstance(timing, dict) and timing.get("play", "immediate") == "optional"
        )
        for s in f.get("sources") or []:
            src = pile_groups(s.get("from"))
            if src & pile_groups(turn.get("from")):
                return f"the fill rule of {gid!r} takes from the stock"
            if src & ends and not chosen:
                return f"the fill rule of {gid!r} takes from the talon by itself"
    return None


class StockSequence:
    """Folds a position's turns into the plays they lead to (see the module doc)."""

    def __init__(self, game: Any, cache: bool = True) -> None:
        self.game = game
        self.reason = reason(game.rules)
        self.enabled = self.reason is None
        turn = game.turns[0] if self.enabled and game.turns else None
        self._rule = turn.index if turn is not None else -1
        self._stock = turn.src if turn is not None else -1
        self._talon = turn.dst if turn is not None else -1
        # after a turn only the rules that take from the talon can offer a new move (and
        # the turn rule its next turn); a fill from the talon (a player's choice, `reason`)
        # is asked with every rule
        talon = self._talon
        fills = any(talon in s.piles for f in game.fills for s in f.sources)
        self._rules: list | None = None
        if turn is not None and not fills:
            self._rules = [turn] + [
                r for r in game.transfers if any(src == talon for src, _ in r.pairs)
            ]
        # with unlimited recycles each play is followed by turning the stock round to its
        # start where that loses nothing (`State._rewind`): positions that differ only in
        # where the talon was left become one
        self._rewind = (
            turn.index if turn is not None and turn.recycle < 0 and turn.limit is None else -1
        )
        # with a limited number of passes, a card turned past may stay under the talon for
        # good: the restarts keep the plays in order, fewest turns first (`Solver._shuffle`)
        self.ordered = turn is not None and turn.recycle >= 0
        self.count = turn.count if turn is not None else 0  # cards a turn moves
        self.folded = 0  # positions whose turns were folded (a measure, not a result)
        # the turns' reach by stock, talon and counters (`_reach`), where a turn cannot set
        # anything else off (`Position.turns_alone`, asked at the first fold)
        self.cache = cache
        self._reaches: dict[tuple, _Reach] = {}
        self._alone: int = -1  # -1: not asked yet; 0 or 1: the answer
        self._plays = () if self._rules is None else tuple(self._rules[1:])
        self.hits = 0  # folds that found the stock's reach cached (a measure)
        self._tslots: tuple[int, ...] | None = None  # `Position.turn_slots`, at the first reach

    def fold(self, state: State, moves: list[Move]) -> list[Move]:
        """`moves` with the turn and recycle moves replaced by the macros they lead to; the
        moves as they are where the fold does not hold (the deal not over, or a turn that
        changed another pile)."""
        rule = self._rule
        turn: Move | None = None
        for m in moves:
            if (m.kind == TURN or m.kind == RECYCLE) and m.rule == rule:
                turn = m
                break
        if turn is None or not state.deal_over():
            return moves
        base = set()
        out: list[Move] = []
        talon = self._talon
        rewind = self._rewind
        game = self.game
        for m in moves:
            if m is not turn:
                base.add(m.table_key())
                out.append(m if rewind < 0 or m.src != talon else MacroMove(game, (m,), rewind))
        if self.cache and self._rules is not None:
            if self._alone < 0:
                self._alone = 1 if state.turns_alone() else 0
            if self._alone:
                return self._fold_cached(state, turn, base, out)
        rules = self._rules
        macros: list[Move] = []

        def offer(parts: tuple[Move, ...]) -> Move | None:
            # every move the split offers that no split before it did, as a macro
            nxt: Move | None = None
            for m in state.legal_moves() if rules is None else state.moves_of(rules):
                if (m.kind == TURN or m.kind == RECYCLE) and m.rule == rule:
                    if nxt is None:
                        nxt = m
                elif (k := m.table_key()) not in base:
                    base.add(k)
                    macros.append(MacroMove(game, (*parts, m), rewind))
            return nxt

        if not self._walk(state, turn, offer):
            return moves  # an automatic action answered the turn
        self.folded += 1
        out.extend(macros)
        return out

    def _walk(
        self, state: State, turn: Move, at: Callable[[tuple[Move, ...]], Move | None]
    ) -> bool:
        """Makes the turns from `turn` on and takes them back: at each split of the stock not
        seen before, `at` gets the turns made so far and answers the next turn (None: stop);
        the walk stops too at the first split seen again (module doc). The one home of the
        turn loop, for the plain fold and the cached reach. False, with every turn taken
        back, where a turn changed a pile besides the stock and the talon (an automatic
        action answered it: the fold does not hold)."""
        stock = self._stock
        talon = self._talon
        piles = state.card_piles()
        seen = {(len(piles[stock]), len(piles[talon]))}
        parts: list[Move] = []
        applied = 0
        nxt: Move | None = turn
        try:
            while nxt is not None:
                state.apply_known(nxt)
                applied += 1
                parts.append(nxt)
                for p in state.changed_piles():
                    if p != stock and p != talon:
                        return False
                piles = state.card_piles()
                split = (len(piles[stock]), len(piles[talon]))
                if split in seen:
                    break
                seen.add(split)
                nxt = at(tuple(parts))
        finally:
            for _ in range(applied):
                state.undo()
        return True

    def _reach(self, state: State, turn: Move) -> _Reach:
        """The splits of the stock that the turns from this position reach, in the fold's
        order, each as the turns and (the stock and the talon then, the counters' changes at
        `scalar_slots`): worked out by the engine without making the turns
        (`Position.turns_ahead`), once per stock, talon and the counters the turns read
        (`Position.turn_slots`), and kept.

        Why: the turns read and change the stock, the talon and the turn rule's counters
        alone (`turns_alone`, `reason`), so where they lead is a function of those, the same
        for every arrangement of the rest of the table; a search meets the same stock and
        talon at thousands of positions, and the turns made and taken back at each were
        most of the fold's cost. What the talon then offers still depends on the table and
        is asked at each position (`Position.moves_along`)."""
        piles = state.card_piles()
        stock = self._stock
        talon = self._talon
        # one flat tuple (a nested one is hashed anew at each look-up): the stock, a
        # separator no card id takes, the talon, the counters the turns read (none where
        # they neither have a limit nor count recycles: `Position.turn_slots`)
        tslots = self._tslots
        if tslots is None:
            tslots = self._tslots = state.turn_slots(self._rule)
        if tslots:
            sc = state.counters()
            key = (*piles[stock], _APART, *piles[talon], *[sc[i] for i in tslots])
        else:
            key = (*piles[stock], _APART, *piles[talon])
        got = self._reaches.get(key)
        if got is not None:
            self.hits += 1
            return got
        slots = state.scalar_slots()
        kept = set(slots)
        out = _Reach()
        # `turns_alone`: the turns made as one operation on copies of the two piles
        for parts, sp, tp, changes in state.turns_ahead(turn):
            out.parts.append(parts)
            # the counters `scalar_key` reads, in its order, for `moves_along`
            moved = sorted((c for c in changes if c[0] in kept), key=lambda c: slots.index(c[0]))
            out.splits.append((sp, tp, moved))
            # every counter the turns moved, for the engine to set them (`MacroMove.jump`)
            out.jumps.append((sp, tp, changes))
        if len(self._reaches) >= REACH_ENTRIES:
            self._reaches.clear()
        self._reaches[key] = out
        return out

    def _fold_cached(self, state: State, turn: Move, base: set[Any], out: list[Move]) -> list[Move]:
        """`fold` with the turns' reach cached (`_reach`): the same moves in the same order.
        `base` and `out` are the moves without the turn, as `fold` set them out."""
        stock = self._stock
        talon = self._talon
        rewind = self._rewind
        game = self.game
        reach = self._reach(state, turn)
        # `reason` holds: no rule lays cards on the stock or the talon (nor on their groups)
        offered = state.moves_along(self._plays, stock, talon, reach.splits, apart=True)
        parts_of = reach.parts
        jumps = reach.jumps
        for j in range(len(offered)):
            plays = offered[j]
            if not plays:
                continue
            parts = parts_of[j]
            for m in plays:
                k = m.table_key()
                if k not in base:
                    base.add(k)
                    out.append(MacroMove(game, (*parts, m), rewind, jumps[j]))
        self.folded += 1
        return out


_APART: Final = -(1 << 20)  # in a reach's key, between the stock and the talon: no card's value


class _Reach:
    """What the turns from one stock, talon and counters reach (`StockSequence._reach`):
    per split, in the fold's order, the turns that reach it (`parts`) and the stock, the
    talon and the counters' changes there, as `Position.moves_along` reads them
    (`splits`), and the same with every counter the turns changed, for the engine to
    make the macro without the turns (`jumps`, `MacroMove.jump`: `turns_alone` holds
    wherever the reach is cached); all kept as made, so a fold that finds them cached
    builds nothing."""

    def __init__(self) -> None:
        self.parts: list[tuple[Move, ...]] = []
        self.splits: list[tuple[list[int], list[int], list[tuple[int, int]]]] = []
        self.jumps: list[tuple[list[int], list[int], list[tuple[int, int]]]] = []
