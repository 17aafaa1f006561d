"""Whole-spec consistency checks on the canonical rules: the stock, card counts, the win.

These need the resolved form (expanded pile references, integer ranks), and each reports at
the key path of the value that makes the spec inconsistent.
"""

from __future__ import annotations

from collections import Counter

from pipeline.spec.problems import KeyPath, Problems
from pipeline.spec.refs import split_ref
from pipeline.spec.vocab import ALL_RANKS, SUITS, card_name, parse_card


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _decks_hold(decks: int) -> str:
    return "1 deck holds" if decks == 1 else f"{decks} decks hold"


def check_whole(rules: dict, raw: dict, p: Problems) -> None:
    """Every whole-spec check; `raw` tells which values were written (for positions)."""
    check_stock(rules["piles"], p)
    check_cards(rules, raw, p)
    check_roles(rules, p)
    check_wrap_base(rules, p)
    win = rules["win"]
    if win == "rows-in-sequence" and not any(m.get("neighbour") for m in rules["moves"].values()):
        p.add(("win",), "win: rows-in-sequence needs a move rule with `neighbour`")
    if isinstance(win, dict):
        win = win.get("condition")
    if win in ("all-on-foundations", "foundations-complete") and not any(
        g["role"] == "foundation" for g in rules["piles"].values()
    ):
        p.add(("win",), f"win: {win} needs a foundation group")


def check_wrap_base(rules: dict, p: Problems) -> None:
    """`build.wrap: base` counts ranks from the foundations' base: there must be one base."""
    founds = [g["foundation"]["base"] for g in rules["piles"].values() if g["role"] == "foundation"]
    for rid, m in (rules.get("moves") or {}).items():
        b = m.get("build") or {}
        if b.get("wrap") != "base":
            continue
        if len(founds) != 1 or founds[0] == "any":
            p.add(
                ("moves", rid, "build", "wrap"),
                "wrap: base needs exactly one foundation group, with a base rank or 'first'",
            )


def check_stock(piles: dict[str, dict], p: Problems) -> None:
    """Exactly one stock group, of one pile: every deal and turn draws from it."""
    stocks = [gid for gid, g in piles.items() if g["role"] == "stock"]
    if not stocks:
        p.add(("piles",), "no group has role: stock (exactly one stock pile is needed)")
    elif len(stocks) > 1:
        for gid in stocks[1:]:
            p.add(
                ("piles", gid, "role"),
                f"a second stock group ({stocks[0]!r} is one); exactly one stock pile is allowed",
            )
    elif piles[stocks[0]]["count"] != 1:
        p.add(
            ("piles", stocks[0], "count"),
            f"the stock group has {piles[stocks[0]]['count']} piles; it must be one pile",
        )


def check_cards(rules: dict, raw: dict, p: Problems) -> None:
    """Setup never takes cards the decks do not hold; setup counts fit their piles;
    foundations that start empty can find enough base cards (else the game is unwinnable)."""
    decks = rules["decks"]
    left: Counter[tuple[int, str]] = Counter({(r, s): decks for r in ALL_RANKS for s in SUITS})
    filled: set[str] = set()
    for i, step in enumerate(rules["setup"]):
        kp: KeyPath = ("setup", i)
        take = step["take"]
        if "cards" in take:
            n = len(take["cards"])
            for j, name in enumerate(take["cards"]):
                card = parse_card(name)
                assert card is not None
                if left[card] == 0:
                    p.add(
                        (*kp, "take", "cards", j),
                        f"{name}: {_decks_hold(decks)} {decks} {name}, all taken already",
                    )
                else:
                    left[card] -= 1
        else:
            kinds = [(r, s) for s in take["suits"] for r in take["ranks"]]
            there = sum(left[c] for c in kinds)
            want = take["count"] if take["count"] is not None else there
            if want > there:
                held = decks * len(kinds)
                more = "" if there == held else f" ({held - there} taken by earlier steps)"
                p.add(
                    (*kp, "take", "count") if "count" in raw["setup"][i]["take"] else (*kp, "take"),
                    f"takes {_plural(want, 'card')} but {_decks_hold(decks)} {held} such "
                    f"cards{more}",
                )
            # take in deck order: suit by suit, rank by rank
            need = want
            for s in SUITS:
                for r in ALL_RANKS:
                    if need and (r, s) in kinds:
                        got = min(need, left[(r, s)])
                        left[(r, s)] -= got
                        need -= got
            n = want
        to = step["to"]
        filled.update(to)
        if len(to) > 1 and n != len(to):
            p.add(
                (*kp, "to"),
                f"{_plural(n, 'card')} for {len(to)} piles: with several "
                "target piles, setup puts one card on each",
            )
    for step in rules["deal"]:
        filled.update(step["to"])
    need_base: Counter[int] = Counter()
    where: dict[int, str] = {}
    for gid, g in rules["piles"].items():
        f = g["foundation"]
        if f is None or not isinstance(f["base"], int):
            continue
        empty = sum(1 for n in range(1, g["count"] + 1) if f"{gid}.{n}" not in filled)
        if empty:
            need_base[f["base"]] += empty
            where.setdefault(f["base"], gid)
    for rank, n in need_base.items():
        there = sum(left[(rank, s)] for s in SUITS)
        if n > there:
            gid = where[rank]
            p.add(
                ("piles", gid, "foundation", "base"),
                f"{n} foundations start empty on base {card_name(rank, '')} but "
                f"{_plural(decks, 'deck')} leave only {there} such cards: the game could "
                "never be won",
            )


_FIXED = ("out", "inert")  # cards placed there never move (rules/README.md, roles)


def check_roles(rules: dict, p: Problems) -> None:
    """Pile references that contradict their group's role: moving cards of `out` or `inert`
    piles, putting cards back on the stock, gathering piles whose cards stay put."""
    piles = rules["piles"]

    def roles(refs: list[str]) -> dict[str, str]:
        out: dict[str, str] = {}
        for ref in refs:
            gid = split_ref(ref)[0]
            out.setdefault(gid, piles[gid]["role"])
        return out

    def refuse(kp: KeyPath, refs: list[str], banned: tuple[str, ...], why: str) -> None:
        for gid, role in roles(refs).items():
            if role in banned:
                p.add(kp, f"{gid!r} has role {role}: {why}")

    for mid, m in rules["moves"].items():
        refuse(("moves", mid, "from"), m["from"], _FIXED, "its cards never move")
        refuse(("moves", mid, "to"), m["to"], (*_FIXED, "stock"), "no move puts cards there")
        if m.get("kind") == "turn" and m.get("recycle"):
            refuse(
                ("moves", mid, "recycle"),
                m["to"],
                ("foundation",),
                "a recycle would turn its cards back into the stock (cards on a foundation "
                "stay there; a won game would go on); recycle only a talon",
            )
    for i, step in enumerate(rules["deal"]):
        refuse(("deal", i, "to"), step["to"], ("stock",), "a deal step deals from the stock")
    for gid, fill in rules["fill"].items():
        for i, src in enumerate(fill["sources"]):
            refuse(("fill", gid, "sources", i, "from"), src["from"], _FIXED, "its cards never move")
    if rules["redeal"] is not None:
        refuse(
            ("redeal", "gather"),
            rules["redeal"]["gather"],
            ("foundation", *_FIXED),
            "its cards stay where they are at a redeal",
        )
