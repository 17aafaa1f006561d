"""A draft checked as a game before it is written: the cards dealt fit the packs, the cards
left in the stock have a move that deals them, each foundation can receive its base. What
fails is a contradiction, listed as a gap with the sentences behind it, never covered by a
default."""

from __future__ import annotations

from typing import Any

from pipeline.extract.assemble.derived import references
from pipeline.spec.vocab import parse_rank


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


def _set_out(spec: dict[str, Any]) -> int:
    """Cards the setup puts where `all-on-foundations` does not look (an `out` or `inert`
    pile, as the engine's `out_piles`): no foundation needs them."""
    piles = spec.get("piles") or {}
    out = 0
    for step in spec.get("setup") or []:
        to = step.get("to")
        targets = to if isinstance(to, list) else [to]
        if all(t == "out" or (piles.get(t) or {}).get("role") in ("out", "inert") for t in targets):
            take = step["take"]
            out += len(take["cards"]) if take.get("cards") else int(take.get("count") or 0)
    return out


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


def _span(found: dict[str, Any]) -> int | None:
    """Cards one foundation holds when complete (base to last, or round the suit), or None
    where the draft leaves it open (a base chosen in play, a step other than one)."""
    if int(found.get("step", 1) or 1) != 1 or found.get("targets"):
        return None
    if found.get("wrap"):
        return 13
    base = found.get("base", "A")
    b = None if base in ("any", "first") or isinstance(base, dict) else parse_rank(base)
    last = parse_rank(found["last"]) if found.get("last") is not None else None
    down = found.get("direction", "up") == "down"
    if b is None:
        return None
    if last is None:
        return b if down else 14 - b
    return b - last + 1 if down else last - b + 1


def foundations_hold(spec: dict[str, Any], cards: int) -> str | None:
    """Where every card must reach the foundations (`win: all-on-foundations`), whether they
    can hold the cards of the packs: the count of foundations times the cards each holds
    when complete. A line naming the shortfall, or None."""
    if spec.get("win", "all-on-foundations") != "all-on-foundations":
        return None
    held = 0
    groups = []
    for gid, pile in spec["piles"].items():
        found = pile.get("foundation")
        if pile.get("role") != "foundation":
            continue
        span = _span(found or {})
        if span is None or span <= 0:
            return None
        count = int(pile.get("count", 1) or 1)
        held += count * span
        groups.append(f"{count} {gid} of {span} cards")
    if not groups or held >= cards:
        return None
    return (
        f"incoherent: the foundations ({', '.join(groups)}) hold {held} cards, the packs "
        f"{cards}, and the game is won with every card on the foundations"
    )


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
    short = foundations_hold(spec, 52 * int(spec.get("decks") or 1) - _set_out(spec))
    if short:
        out.append(short + _sentences(prov, "piles", "decks", "win"))
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


# Fields that only say what a group is (its role follows from what named it) and the parts
# of the draft that are not rules.
_NOT_RULES = frozenset({"spec", "id", "variant", "title", "source", "notes", "provenance"})
_STRUCTURE = frozenset({"role", "layout", "id", "kind"})


def _fields(node: Any, path: tuple[str, ...]) -> list[tuple[tuple[str, ...], Any]]:
    """The leaf fields of a draft as paths (deal steps by their id, other items by their
    index, as provenance names them); an empty list or mapping is no field."""
    if isinstance(node, dict):
        return [
            x
            for k, v in node.items()
            if not (not path and k in _NOT_RULES) and k not in _STRUCTURE
            for x in _fields(v, (*path, str(k)))
        ]
    if isinstance(node, list) and node and all(isinstance(x, dict) and "id" in x for x in node):
        return [x for step in node for x in _fields(step, (*path, str(step["id"])))]
    if isinstance(node, list) and node and path and all(isinstance(x, dict) for x in node):
        # items by index (`setup[1].take`, `fill.piles.sources[0].from`), as provenance
        # names them
        return [
            x
            for i, item in enumerate(node)
            for x in _fields(item, (*path[:-1], f"{path[-1]}[{i}]"))
        ]
    if isinstance(node, list | dict) and not node:
        return []
    return [(path, node)]


def _shown(value: Any) -> str:
    if isinstance(value, list) and all(isinstance(x, dict) for x in value):
        return f"{len(value)} {'entry' if len(value) == 1 else 'entries'}"
    if isinstance(value, list):
        return "[" + ", ".join(map(str, value)) + "]"
    return (
        "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
    )


def unmarked(spec: dict[str, Any], prov: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The draft's rule fields that no provenance entry covers, each with the entry to add.
    A field naming piles that sentences named is cited by them (`derived.references`);
    any other — neither the text's words nor a default the assembler chose and said — is
    marked `origin: default`, a note with the value, so that `extract` prints every value no
    sentence gives. A field is covered by an entry for it or for a part of the draft above
    it."""
    said = [tuple(k.split(".")) for k in prov]
    bare = [
        (path, value)
        for path, value in _fields(spec, ())
        if not any(path[: len(k)] == k for k in said)
    ]
    cited = references(bare, prov, spec)
    out: dict[str, dict[str, Any]] = {}
    for path, value in bare:
        key = ".".join(path)
        out[key] = cited.get(key) or {
            "origin": "default",
            "note": f"no sentence cited for it: {_shown(value)}",
        }
    return out
