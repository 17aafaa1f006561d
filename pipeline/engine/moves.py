"""`Move`: one thing a player (or the engine) can do, with its typed notation.

A move is a few small ints (kind, rule, source pile, card index, target pile, card count)
plus the card it concerns; its notation is built only when someone asks for it, so the
random-playout loop never formats strings.
"""

from __future__ import annotations

from typing import Final

from pipeline.engine import cards as C

TRANSFER: Final = 0
FILL: Final = 1
DEAL: Final = 2
TURN: Final = 3
RECYCLE: Final = 4
ROUTE: Final = 5
REDEAL: Final = 6
REMOVE: Final = 7
MACRO: Final = 8
KIND_NAMES = ("transfer", "fill", "deal", "turn", "recycle", "route", "redeal", "remove", "macro")


class Move:
    """A legal move. Compare with ``==``; type it as ``move.notation``."""

    hidden = False  # the moving card is face down: its notation does not name it

    __slots__ = (
        "_notation",
        "card",
        "count",
        "depth_tag",
        "dst",
        "game",
        "idx",
        "kind",
        "rule",
        "src",
    )

    def __init__(
        self, game, kind: int, rule: int, src: int, idx: int, dst: int, count: int, card: int
    ) -> None:
        self.game = game
        self.kind = kind
        self.rule = rule  # index into game.rule_ids, -1 for fills, deals and redeals
        self.src = src
        self.idx = idx  # index of the (bottom) moving card in the source pile
        self.dst = dst
        self.count = count  # cards moved (a run), 1 otherwise
        self.card = card  # card id (never negative)
        self.depth_tag = False  # name the card's depth too (a twin is available in the pile)
        self._notation: str | None = None

    def key(self) -> tuple:
        return (self.kind, self.rule, self.src, self.idx, self.dst, self.count, self.card)

    def table_key(self) -> tuple:
        """The move as the table sees it: a transfer or fill by the cards it moves, from and
        to where, whichever rule offers it (two rules offering it make one move); any other
        move by its `key`."""
        if self.kind <= FILL:
            return (self.src, self.idx, self.dst, self.count)
        return self.key()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    @property
    def kind_name(self) -> str:
        return KIND_NAMES[self.kind]

    @property
    def rule_id(self) -> str | None:
        return self.game.rule_ids[self.rule] if self.rule >= 0 else None

    @property
    def notation(self) -> str:
        """What a person types: ``columns.3 QS foundations.2``, ``deal``, ``turn``,
        ``recycle``, ``redeal``, ``exiles 5H route``; ``fan 2S@3 up.2`` names the depth when
        a twin of the card is also available in that pile; ``stock rays.1`` for a face-down
        card (`HiddenMove`)."""
        if self._notation is None:
            self._notation = notation(self)
        return self._notation

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"<Move {self.notation}>"


class HiddenMove(Move):
    """A move of a face-down card (a fill or transfer from the stock, a route from a face-down
    pile): the player chooses it without seeing the card, so its notation leaves the card
    out (``stock rays.1``, ``hours.13 route``). Equal to the `Move` with the same fields."""

    __slots__ = ()
    hidden = True


class PairMove(Move):
    """A `remove` move of two cards: the first at (`src`, `idx`), the second the top card
    `card2` of pile `dst` (a remove move of one card is a plain `Move` with `count` 1)."""

    __slots__ = ("card2",)

    def __init__(
        self, game, rule: int, src: int, idx: int, dst: int, card: int, card2: int
    ) -> None:
        super().__init__(game, REMOVE, rule, src, idx, dst, 2, card)
        self.card2 = card2


class MacroMove(Move):
    """Several moves made as one (`State.apply` makes them in turn and `undo` takes them back
    at once): a search that folds the stock's turns into the play they lead to (the stock
    seen as a sequence, `pipeline.solve.talon`) expands one position per play, not one per
    card turned. Its fields are those of its last part (the play); a record lists the parts,
    so a game won with macros replays move by move. `rewind`: the index of a turn rule whose
    stock the engine then turns round to its start where that loses nothing
    (`State._rewind`), -1 for none. `jump`: where the parts before the last are turns of
    the stock that change nothing but the stock, the talon and the counters, what they
    leave: (the stock, the talon, the counters' changes as (slot, amount)), so the engine
    sets those instead of making the turns (`State._macro_known`); None: make them."""

    __slots__ = ("jump", "parts", "rewind")

    def __init__(
        self,
        game,
        parts: tuple[Move, ...],
        rewind: int = -1,
        jump: tuple[list[int], list[int], list[tuple[int, int]]] | None = None,
    ) -> None:
        last = parts[-1]
        super().__init__(
            game, MACRO, last.rule, last.src, last.idx, last.dst, last.count, last.card
        )
        self.parts = parts
        self.rewind = rewind
        self.jump = jump

    def key(self) -> tuple:
        return (MACRO, *(p.key() for p in self.parts))


def notation(m: Move) -> str:
    g = m.game
    k = m.kind
    if isinstance(m, MacroMove):
        return ", ".join(p.notation for p in m.parts)
    if m.hidden:
        if k == ROUTE:
            word = "route" if len(g.routes) == 1 else g.rule_ids[m.rule]
            return f"{g.pile_name[m.src]} {word}"
        return f"{g.pile_name[m.src]} {g.pile_name[m.dst]}"
    if k in (TRANSFER, FILL):
        card = C.name(m.card) + (f"@{m.idx + 1}" if m.depth_tag else "")
        return f"{g.pile_name[m.src]} {card} {g.pile_name[m.dst]}"
    if k == DEAL:
        return "deal"
    if k == REDEAL:
        return "redeal"
    if k in (TURN, RECYCLE):
        word = "turn" if k == TURN else "recycle"
        if len(g.turns) > 1:
            return f"{g.rule_ids[m.rule]} {word}"
        return word
    if k == ROUTE:
        word = "route" if len(g.routes) == 1 else g.rule_ids[m.rule]
        return f"{g.pile_name[m.src]} {C.name(m.card)} {word}"
    if k == REMOVE:
        word = "remove" if len(g.removes) == 1 else g.rule_ids[m.rule]
        first = f"{g.pile_name[m.src]} {C.name(m.card)}"
        if isinstance(m, PairMove):
            return f"{first} {g.pile_name[m.dst]} {C.name(m.card2)} {word}"
        return f"{first} {word}"
    raise ValueError(f"unknown move kind {k}")


def twin_indices(pile: list, idxs) -> set | None:
    """Indices among `idxs` whose card has a twin (same rank and suit) among them: their
    moves name the card's depth (`2S@3`), or two moves would read alike."""
    seen: dict[int, int] = {}
    for i in idxs:
        k = (~pile[i] if pile[i] < 0 else pile[i]) % 52
        seen[k] = seen.get(k, 0) + 1
    if len(seen) == len(idxs):
        return None
    return {i for i in idxs if seen[(~pile[i] if pile[i] < 0 else pile[i]) % 52] > 1}
