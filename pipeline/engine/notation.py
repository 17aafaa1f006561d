"""Reading a move typed by a person: ``columns.3 QS foundations.2``, ``deal``, ``turn``.

Pile names are ``group.N`` (``group`` alone for a one-pile group), cards ``QS``/``10H``/``TH``,
case-insensitive. ``source target`` without the card is accepted when it names exactly one
legal move; a face-down card is only ever moved that way (``stock rays.1``): naming it is
refused as if it were not there. Every refusal says precisely why.
"""

from __future__ import annotations

from pipeline.engine import cards as C
from pipeline.engine import moves as M
from pipeline.errors import IllegalMove, excerpt

_WORDS = ("deal", "turn", "recycle", "redeal", "route")


def _pile(state, tok: str) -> int:
    g = state.game
    p = g.pile_by_name.get(tok)
    if p is None:
        p = g.pile_by_name.get(tok.lower())
    if p is None:
        gid, _, num = tok.partition(".")
        if gid in g.group_piles and num:
            raise IllegalMove(f"no pile {tok!r} (group {gid!r} has {len(g.group_piles[gid])})")
        names = ", ".join(g.group_piles)
        raise IllegalMove(f"no pile {tok!r} (pile groups: {names})")
    return p


def parse_move(state, text: str) -> M.Move:
    """The legal move `text` names; IllegalMove with the reason otherwise."""
    g = state.game
    toks = str(text).split()
    if not toks:
        raise IllegalMove("empty move")
    legal = state.legal_moves()
    by_notation = {m.notation: m for m in legal}
    norm = " ".join(toks)
    if norm in by_notation:
        return by_notation[norm]
    low = [t.lower() for t in toks]
    if len(toks) == 2 and low[1] not in ("turn", "recycle"):
        hidden = {m.notation.lower(): m for m in legal if m.hidden}
        if low[0] + " " + low[1] in hidden:
            return hidden[low[0] + " " + low[1]]
    if (len(toks) == 1 and low[0] in _WORDS) or (len(toks) == 2 and low[1] in ("turn", "recycle")):
        text = " ".join(low)
        if text in by_notation:
            return by_notation[text]
        raise IllegalMove(f"{text!r} is not legal now" + _hint(legal))
    if len(toks) == 3:
        src = _pile(state, toks[0])
        card_tok, _, depth_tok = toks[1].partition("@")
        try:
            r, s = C.parse_card(card_tok)
            depth = int(depth_tok) if depth_tok else None
        except ValueError as e:
            raise IllegalMove(str(e) if not depth_tok else f"bad depth in {toks[1]!r}") from None
        key = 13 * s + r - 1
        if low[2] == "route" or (low[2] in g.rule_ids and any(x.id == low[2] for x in g.routes)):
            for m in legal:
                if m.kind == M.ROUTE and m.src == src and m.card % 52 == key and not m.hidden:
                    return m
            raise IllegalMove(f"{toks[0]} {toks[1]} cannot be routed now" + _hint(legal))
        dst = _pile(state, toks[2])
        found = [
            m
            for m in legal
            if m.kind <= M.FILL
            and not m.hidden
            and m.src == src
            and m.dst == dst
            and m.card % 52 == key
            and (depth is None or m.idx + 1 == depth)
        ]
        if len(found) > 1 and depth is None:
            raise IllegalMove(
                f"{toks[1]} lies twice in {g.pile_name[src]}: name its depth ("
                + ", ".join(m.notation for m in found)
                + ")"
            )
        if found:
            return found[0]
        raise IllegalMove(_why(state, src, key, dst, legal))
    if len(toks) == 2:
        src = _pile(state, toks[0])
        dst = _pile(state, toks[1])
        cands = [m for m in legal if m.kind <= M.FILL and m.src == src and m.dst == dst]
        if len(cands) == 1:
            return cands[0]
        if cands:
            raise IllegalMove(
                f"several moves from {toks[0]} to {toks[1]}: name the card ("
                + ", ".join(m.notation for m in cands)
                + ")"
            )
        raise IllegalMove(
            f"no legal move from {g.pile_name[src]} to {g.pile_name[dst]}" + _hint(legal)
        )
    raise IllegalMove(
        f"cannot read {excerpt(norm)}: expected 'source card target' "
        "(e.g. 'columns.3 QS foundations.2') or one of deal, turn, recycle, redeal"
    )


def _hint(legal: list) -> str:
    if not legal:
        return " (no move is legal now)"
    shown = ", ".join(m.notation for m in legal[:8])
    more = f", … {len(legal) - 8} more" if len(legal) > 8 else ""
    return f" (legal now: {shown}{more})"


def _why(state, src: int, key: int, dst: int, legal: list) -> str:
    g = state.game
    pile = state.piles[src]
    name = C.RANK_NAMES[key % 13] + C.SUITS[key // 13]
    where = [i for i, v in enumerate(pile) if (~v if v < 0 else v) % 52 == key]
    sname, dname = g.pile_name[src], g.pile_name[dst]
    if not where:
        return f"{name} is not in {sname}"
    if all(pile[i] < 0 for i in where):
        return f"{name} is not in {sname}"  # face down: not even its presence is told
    from_src = [m for m in legal if m.src == src and m.card % 52 == key]
    if not from_src:
        if (
            state.legal_moves()
            and state.legal_moves()[0].kind == M.FILL
            and any(m.kind == M.FILL for m in legal)
        ):
            return "a vacancy must be filled first" + _hint(legal)
        return f"{name} in {sname} cannot be moved now" + _hint(legal)
    targets = ", ".join(g.pile_name[m.dst] for m in from_src if m.dst >= 0)
    return f"{dname} does not take {name} now ({name} may go to: {targets})"
