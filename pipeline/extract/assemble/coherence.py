"""A draft checked as a game before it is written: the cards dealt fit the packs, the cards
left in the stock have a move that deals them, each foundation can receive its base. What
fails is a contradiction, listed as a gap with the sentences behind it, never covered by a
default."""

from __future__ import annotations

from typing import Any


def _refs(spec: dict[str, Any], group: str) -> int:
    pile = spec["piles"].get(group) or {}
    return int(pile.get("count", 1) or 1)


def _targets(spec: dict[str, Any], to: Any) -> int:
    refs = to if isinstance(to, list) else [to]
    return sum(1 if "." in r else _refs(spec, r) for r in refs)


def _sentences(prov: dict[str, Any], *prefixes: str) -> str:
    ids = sorted(
        {
            e["sentence"]
            for k, e in prov.items()
            if e.get("origin") == "text" and "sentence" in e and k.startswith(prefixes)
        }
    )
    return f" ({', '.join(ids)})" if ids else " (defaults)"


def dealt(spec: dict[str, Any]) -> tuple[int, int, bool]:
    """(cards in the packs after the setup, cards left after the deal, whether a step deals
    the rest: rounds until the pack is out, or a next round when stuck; such a step's first
    round is part of the deal)."""
    pack = 52 * int(spec.get("decks") or 1)
    taken = 0
    for step in spec.get("setup") or []:
        take = step["take"]
        taken += len(take["cards"]) if take.get("cards") else int(take.get("count") or 0)
    left = pack - taken
    dealt_all = False
    for step in spec.get("deal") or []:
        n = _targets(spec, step["to"])
        rounds = step.get("rounds", 1)
        per = int(step.get("per_pile") or 1)
        if rounds is None or step.get("next_round"):
            dealt_all = True
            if step.get("next_round") and not step.get("triangle"):
                left -= per * n  # its first round is dealt at once, the rest when stuck
            continue
        left -= per * (n * (n + 1) // 2 if step.get("triangle") else n * int(rounds))
    return pack - taken, left, dealt_all


def stock_dealt(spec: dict[str, Any]) -> bool:
    """Whether some move, fill or redeal takes cards from the stock."""
    moves = spec.get("moves") or {}
    from_stock = any(
        "stock" in (m.get("from") if isinstance(m.get("from"), list) else [m.get("from")])
        for m in moves.values()
    )
    fills = any(
        "stock" in src.get("from", [])
        for rule in (spec.get("fill") or {}).values()
        for src in rule.get("sources", [])
    )
    return from_stock or fills or bool(spec.get("redeal"))


def check(spec: dict[str, Any], prov: dict[str, Any]) -> list[str]:
    """The contradictions of a draft, one line each with the sentences they come from."""
    out: list[str] = []
    have, left, dealt_all = dealt(spec)
    if left < 0:
        out.append(
            f"contradiction: the deal needs {have - left} cards, the packs hold {have} after "
            "the cards taken out" + _sentences(prov, "deal", "decks", "piles", "setup")
        )
    if left > 0 and not dealt_all and not stock_dealt(spec):
        out.append(
            f"incoherent: {left} cards stay in the stock and no move deals them"
            + _sentences(prov, "deal", "piles", "moves")
        )
    aside: dict[Any, int] = {}
    for step in spec.get("setup") or []:
        if step["to"] == "out":
            for r in step["take"].get("ranks", []):
                aside[r] = aside.get(r, 0) + int(step["take"].get("count") or 0)
    for gid, pile in spec["piles"].items():
        found = pile.get("foundation")
        if pile.get("role") != "foundation" or not found:
            continue
        base = found.get("base")
        if isinstance(base, int) and 4 * int(spec.get("decks") or 1) - aside.get(base, 0) < int(
            pile.get("count", 1)
        ):
            out.append(
                f"contradiction: {pile.get('count')} foundations {gid} begin with rank {base}, "
                f"the packs hold fewer" + _sentences(prov, f"piles.{gid}", "decks")
            )
    return out


def _value(v: Any) -> str:
    """A fact's value in a message: `2`, `8, 9`, `count 13 PACKET`."""
    if isinstance(v, dict):
        return " ".join(str(x) for k, x in sorted(v.items()))
    return ", ".join(map(str, v)) if isinstance(v, list) else str(v)


def contradictions(conflicts: list[dict[str, Any]]) -> list[str]:
    """Two statements of the text that set one field to different values, one line each
    with both sentences and the value the draft uses (the other may be a variant spec)."""
    out = []
    for c in conflicts:
        kept = c["kept"]
        others = "; ".join(
            f"{_value(o['value'])} ({o['sentence']})" for o in c["other"] if o.get("sentence")
        )
        if not others:
            continue
        where = f" ({kept['sentence']})" if kept.get("sentence") else ""
        out.append(
            f"contradiction: {c['fact']}: {_value(kept['value'])}{where} used, against {others}"
        )
    return out
