"""Foundations area: the foundation groups, the cards that begin them (withdrawn before
the deal, or laid as they come), their direction, suit, last card and wrap."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from pipeline.extract.assemble.ledger import Cited, Ledger, placement
from pipeline.spec.vocab import card_name


@dataclass(frozen=True)
class Foundations:
    """What the foundations area hands on."""

    takes: tuple[Cited, ...]  # the sentences that withdraw cards, each said once
    before_play: Cited | None  # "taken from the pack before the game"
    taken: tuple[tuple[int, int | None], ...]  # (count, rank) withdrawn
    take_cite: Cited | None
    hours: Cited | None  # foundations round a clock face
    found_ids: tuple[str, ...]  # the foundation groups, in order
    first_dealt: Cited | None  # the next card dealt begins the foundations


def foundations(led: Ledger) -> Foundations:
    """Foundation groups, and the cards that start them."""
    # the same cards said twice, in two sentences («четыре туза вынимаются …», «вынув
    # тузов, …») are taken once
    takes: list[Cited] = []
    for c in led.all("setup.take"):
        said = {r for t in takes if t.sentence.id != c.sentence.id for _, r in t.fact.value}
        if not said & {r for _, r in c.fact.value}:
            takes.append(c)
    before_play = led.first("setup.before_play")  # "taken from the pack before the game"
    # «всех королей» with the packs named elsewhere: four of the rank in each pack
    taken_cards: list[tuple[int, int | None]] = [
        (4 * led.spec["decks"] if n is None else n, r) for c in takes for n, r in c.fact.value
    ]
    take_cite = takes[0] if takes else None
    groups = led.all("foundation.group")
    laid = led.all("foundation.cards")
    rows = _rows_taken(laid, takes)
    found_cards = laid[0] if rows else led.first("foundation.cards")
    # «на первую … туза, на вторую двойку …», «туз, двойка, тройка и четверка … в базовый ряд»:
    # one foundation per rank, in order
    each_rank = None if rows else led.first("foundation.one_each")
    counted = led.first("foundation.count")
    if each_rank and counted and counted.fact.value != len(each_rank.fact.value):
        each_rank = None  # fewer or more foundations said than the list names: not their list
    if each_rank:
        found_cards = each_rank
    anaphor = led.first("foundation.anaphor")
    directions = led.all("foundation.direction")
    lasts = led.all("foundation.last")
    suit = led.first("suit.same", led.of_foundations)
    ranks_list = led.first("foundation.ranks")
    hours = led.first("foundation.hours")
    found_ids: list[str] = []

    def foundation_block(direction: str | None, last: int | None) -> dict[str, Any]:
        blk: dict[str, Any] = {"direction": direction or "up", "suit": "same"}
        if last is not None:
            blk["last"] = last
        return blk

    if groups:
        for c in groups:
            g = c.fact.value
            gid = g["direction"] or ("up" if not found_ids else "down")
            gid = gid if gid not in led.piles else f"{gid}-{len(found_ids) + 1}"
            count = g["count"] or next((n for n, r in taken_cards if r == g["base"]), 4)
            if g["count"] is None:
                count = max(
                    1, sum(n for n, r in taken_cards if r == g["base"]) // max(1, len(groups))
                )
            blk = foundation_block(g["direction"], g["last"])
            if g["start"] is not None and g["direction"] == "up" and g["start"] < g["base"]:
                blk["wrap"] = True  # the base is passed over: K, then A, 2 ... (K->A goes on)
            led.piles[gid] = {"role": "foundation", "count": count, "foundation": blk}
            led.setup.append({"take": {"ranks": [g["base"]], "count": count}, "to": gid})
            i = len(led.setup) - 1
            led.cite(f"setup[{i}].take", c, take_cite)
            if g["count"]:
                led.cite(f"piles.{gid}.count", c)
            else:
                led.derive(
                    f"piles.{gid}.count",
                    take_cite,
                    c,
                    how=f"one foundation for each card taken out that begins them ({count})",
                )
            led.cite(f"piles.{gid}.foundation.direction", c)
            if g["last"] is not None:
                led.cite(f"piles.{gid}.foundation.last", c)
            if "wrap" in blk:
                led.cite(f"piles.{gid}.foundation.wrap", c)
            found_ids.append(gid)
    else:
        base_ranks = rows or (found_cards.fact.value if found_cards else [])
        if (
            not base_ranks
            and anaphor
            and taken_cards
            and all(r is not None for _, r in taken_cards)
        ):
            base_ranks = [r for _, r in taken_cards]
        # each base's way as first said (a later win or example sentence does not undo it:
        # «на королях тузы» at the end is the last card, not a way up)
        per_base: dict[int, Cited] = {}
        for dirc in directions:
            if dirc.fact.value["base"]:
                per_base.setdefault(dirc.fact.value["base"], dirc)
        away = {1: "up", 13: "down"}  # aces go up, kings down
        if not base_ranks and (
            len(per_base) == 1
            or all(away.get(r) == c.fact.value["direction"] for r, c in per_base.items())
            or _opposite(per_base)
        ):
            # «на королей кладут дам …», «на тузы в возрастающей, а на королей в убывающей»,
            # «на пятерки кладут четверки, …; на шестерки кладут семерки, …»: the cards the
            # foundations are built on start them
            base_ranks = list(per_base)
            found_cards = per_base[base_ranks[0]] if per_base else found_cards
        # the way said of them all («собрать … по возрастанию»), for rows of several bases
        common = next((c for c in directions if not c.fact.value["base"]), None)
        # «вынимают туза, двойку, тройку и четвёрку любой масти …: это основания»: one card of
        # each of several ranks taken out to begin them is one foundation each
        taken_one_each = (
            len(base_ranks) > 1
            and len(taken_cards) == len(base_ranks)
            and sorted(r or 0 for _, r in taken_cards) == sorted(set(base_ranks))
            and all(n == 1 for n, _ in taken_cards)
        )
        if taken_one_each and not each_rank:
            each_rank = found_cards or take_cite
        if len(base_ranks) > 1 and (per_base or rows or each_rank):
            for r in base_ranks:
                gid = {1: "aces", 13: "kings"}.get(r, f"base-{r}")
                dcit = per_base.get(r) or (common if rows else None)
                # each row's own sentences, where the bases are laid in several
                fc, tc = found_cards, take_cite
                if rows:
                    fc = next(c for c in laid if r in c.fact.value)
                    tc = next((t for t in takes if t.sentence.id == fc.sentence.id), tc)
                # (no way said: up; rows of kings down)
                direction = (
                    dcit.fact.value["direction"] if dcit else (away.get(r, "up") if rows else "up")
                )
                count = sum(n for n, rr in taken_cards if rr == r) or (1 if each_rank else 4)
                last: int | None = 13 if direction == "up" else 1
                blk = foundation_block(direction, last)
                blk["base"] = r
                led.piles[gid] = {"role": "foundation", "count": count, "foundation": blk}
                if any(rr == r for _, rr in taken_cards):
                    led.derive(
                        f"piles.{gid}.count",
                        tc,
                        how=f"one foundation for each card taken out that begins them ({count})",
                    )
                elif each_rank:
                    led.cite(f"piles.{gid}.count", fc)
                else:
                    led.derive(
                        f"piles.{gid}.count",
                        fc,
                        how="one foundation for each suit (four)",
                    )
                led.default(
                    f"piles.{gid}.foundation.last",
                    f"no last card named: built {direction} from "
                    f"{_RANK_WORD.get(r, f'rank {r}')} to the {'king' if last == 13 else 'ace'}",
                )
                led.cite(f"piles.{gid}.foundation.base", fc)
                led.derive(
                    f"piles.{gid}.foundation.base",
                    dcit,
                    anaphor,
                    tc,
                    how="the cards the foundations are built on begin them",
                )
                if taken_cards or not dcit:
                    led.setup.append({"take": {"ranks": [r], "count": count}, "to": gid})
                    led.cite(f"setup[{len(led.setup) - 1}].take", tc or fc)
                else:  # not withdrawn: each foundation is begun by its card when it comes
                    led.cite(f"piles.{gid}.foundation.base", fc)
                if dcit is None and each_rank:
                    led.default(f"piles.{gid}.foundation.direction", "no direction named: built up")
                else:
                    led.cite(f"piles.{gid}.foundation.direction", dcit)
                found_ids.append(gid)
        else:
            dcit = directions[0] if directions else None
            lcit = lasts[0] if lasts else None
            direction = dcit.fact.value["direction"] if dcit else "up"
            last = lcit.fact.value["last"] if lcit else None
            gid = "foundations"
            blk = foundation_block(direction, last)
            count = 0
            if ranks_list and (takes or anaphor):
                # named foundation cards, one of each rank (the Clock)
                ranks = ranks_list.fact.value
                count = len(ranks)
                note = None
                if hours:
                    targets = list(range(1, count + 1))
                    placed = placement(ranks, targets, 52 * led.spec["decks"])
                    if placed is not None:
                        ranks = placed
                        note = (
                            "where each card stands is shown by a figure the scan lacks: the "
                            "named cards are set round the hours in the order the text lists "
                            "them, turned so the foundations need exactly the cards in play "
                            "(the one such turn); suits follow S, H, D, C along the list "
                            "(a choice: any cycle of the suits uses the cards alike)"
                        )
                    blk["targets"] = targets
                    blk["wrap"] = True
                    led.cite(f"piles.{gid}.foundation.targets", hours)
                    led.cite(f"piles.{gid}.foundation.wrap", hours)
                led.derive(
                    f"piles.{gid}.count",
                    ranks_list,
                    how=f"one foundation for each card named to begin them ({count})",
                )
                listed = ranks_list.fact.value
                suit_of = {r: "SHDC"[i % 4] for i, r in enumerate(listed)}
                cards = [card_name(r, suit_of[r]) for r in ranks]
                led.setup.append({"take": {"cards": cards}, "to": gid})
                led.cite("setup[0].take", ranks_list, hours, note=note)
                led.cite("setup[0].to", takes[0] if takes else anaphor)
            elif base_ranks:
                r = base_ranks[0]
                stated = _packs_for(led, led.first("foundation.count"))
                taken = sum(n for n, rr in taken_cards if rr == r)
                count = taken or (stated.fact.value if stated else 0) or 4 * led.spec["decks"]
                blk["base"] = r
                named = led.first(
                    "setup.cards",
                    lambda c: take_cite is not None and c.sentence.id == take_cite.sentence.id,
                )
                come = [
                    c.fact.value["count"]
                    for c in led.all("cond.laid_as_they_come")
                    if c.fact.value["rank"] == r and c.fact.value["count"]
                ]
                if named and taken and not stated and come:
                    # «вынимают туза пик и туза червей …; два остальных туза
                    # присоединяются к ним, как только освободятся»
                    stated = led.first(
                        "cond.laid_as_they_come", lambda c: c.fact.value["rank"] == r
                    )
                    assert stated is not None  # `come` is read from such a fact
                    stated = replace(stated, fact=replace(stated.fact, value=taken + come[0]))
                if stated and 0 < taken < stated.fact.value <= 4 * led.spec["decks"]:
                    # «одного туза вынимают …; прочие семь тузов ставятся рядом, по мере
                    # того как выходят»: the cards taken begin the first foundations
                    count = stated.fact.value
                    to: str | list[str] = [f"{gid}.{i}" for i in range(1, taken + 1)]
                    take: dict[str, Any] = {"ranks": [r], "count": taken}
                    if named and len(named.fact.value) == taken:
                        take = {"cards": list(named.fact.value)}  # «туза пик и туза червей»
                    led.setup.append({"take": take, "to": to})
                    led.cite("setup[0].take", take_cite, before_play)
                    led.cite("setup[0].to", take_cite, found_cards)
                    led.cite(f"piles.{gid}.count", stated)
                elif any(rr == r for _, rr in taken_cards):
                    # taken out of the pack before the deal: they start the foundations
                    led.setup.append({"take": {"ranks": [r], "count": count}, "to": gid})
                    led.cite("setup[0].take", take_cite, found_cards, before_play)
                    led.cite("setup[0].to", found_cards, anaphor)
                    if stated:
                        led.cite(f"piles.{gid}.count", stated)
                    led.derive(
                        f"piles.{gid}.count",
                        take_cite,
                        how=f"one foundation for each card taken out that begins them ({count})",
                    )
                    led.cite(f"piles.{gid}.foundation.base", found_cards)
                    led.derive(
                        f"piles.{gid}.foundation.base",
                        anaphor,
                        take_cite,
                        how="the cards taken out begin them",
                    )
                else:  # not withdrawn: each foundation is begun by its card when it comes
                    led.cite(f"piles.{gid}.foundation.base", found_cards)
                    if stated:
                        led.cite(f"piles.{gid}.count", stated)
                    led.derive(
                        f"piles.{gid}.count",
                        led.first("decks"),
                        found_cards,
                        how=f"one foundation for each such card of the packs ({count})",
                    )
                led.derive(
                    f"piles.{gid}.foundation.base",
                    found_cards,
                    anaphor,
                    take_cite,
                    *directions,
                    how="the cards named to begin them",
                )
            else:
                counted = led.first("foundation.count")  # «всего восемь оснований»
                stated = _packs_for(led, counted)
                if stated is None and counted and counted.fact.value <= 16 and not base_ranks:
                    # «используется одна колода … база — пять стопок»: more foundations than
                    # the packs' aces and no card named to begin them: the count counted stands,
                    # begun by any card
                    stated = counted
                    blk["base"] = "any"
                    blk.pop("last", None)
                    led.default(
                        f"piles.{gid}.foundation.base",
                        f"{counted.fact.value} foundations, more than the packs' aces: any card "
                        "begins them",
                    )
                count = stated.fact.value if stated else 4 * led.spec["decks"]
                if direction == "down" and last in (None, 1) and "base" not in blk:
                    # «на них кладут карты той же масти по убыванию до туза», the cards they
                    # are begun with unnamed: built down to the ace, so begun by the king (an
                    # ace base built down would take nothing)
                    blk["base"] = 13
                    led.default(
                        f"piles.{gid}",
                        "no foundation cards named, built down: one king foundation per suit",
                    )
                else:
                    led.default(
                        f"piles.{gid}", "no foundation cards named: one ace foundation per suit"
                    )
                if stated:
                    led.cite(f"piles.{gid}.count", stated)
            led.piles[gid] = {"role": "foundation", "count": count, "foundation": blk}
            if dcit:
                led.cite(f"piles.{gid}.foundation.direction", dcit)
            else:
                led.default(f"piles.{gid}.foundation.direction", "no direction named: built up")
            if lcit:
                led.cite(f"piles.{gid}.foundation.last", lcit)
                if (
                    dcit is not None
                    and dcit.sentence.id == lcit.sentence.id
                    and lcit.fact.value.get("base") is not None
                    and _past_the_end(blk)
                ):
                    blk["wrap"] = True  # «от королей вверх до дам»: K, A, 2 … Q
                    led.cite(f"piles.{gid}.foundation.wrap", lcit, dcit)
            found_ids.append(gid)
    any_suit = led.first("suit.any", led.of_foundations)
    colours = led.first("foundation.suit")
    wrap = led.first("foundation.wrap")
    same_rank = led.first("foundation.same_rank")
    step = led.first("foundation.step")
    first_dealt = led.first("deal.first_foundation")
    if first_dealt and not (len(found_ids) == 1 and not led.setup):
        first_dealt = None
    if (same_rank or first_dealt) and len(found_ids) == 1 and not led.setup:
        # «три остальные карты того же достоинства», «следующую карту кладут выше: это
        # первая основная карта»: the first card begins them all
        gid = found_ids[0]
        led.piles[gid]["foundation"]["base"] = "first"
        led.piles[gid]["foundation"].pop("last", None)
        led.cite(f"piles.{gid}.foundation.base", same_rank or first_dealt)
    any_base = led.first("foundation.any_base")
    if any_base and not led.setup and not (same_rank or first_dealt):
        for gid in found_ids:  # «начиная с карты любого достоинства»: no rank begins them
            led.piles[gid]["foundation"]["base"] = "any"
            led.piles[gid]["foundation"].pop("last", None)
            led.cite(f"piles.{gid}.foundation.base", any_base)
    for gid in found_ids:
        if step:  # «через одну»: thirteen cards round the ranks, the king followed by the ace
            led.piles[gid]["foundation"]["step"] = step.fact.value
            led.piles[gid]["foundation"].pop("last", None)
            led.cite(f"piles.{gid}.foundation.step", step)
            if not wrap:
                led.piles[gid]["foundation"]["wrap"] = True
                led.cite(f"piles.{gid}.foundation.wrap", step)
        if wrap:  # «за королем следует туз»
            led.piles[gid]["foundation"]["wrap"] = True
            led.cite(f"piles.{gid}.foundation.wrap", wrap)
        if colours:  # «цвета должны чередоваться»
            led.piles[gid]["foundation"]["suit"] = "alternate"
            led.cite(f"piles.{gid}.foundation.suit", colours)
        elif any_suit and not suit:
            led.piles[gid]["foundation"]["suit"] = "any"
            led.cite(f"piles.{gid}.foundation.suit", any_suit)
        elif suit:
            led.cite(f"piles.{gid}.foundation.suit", suit)
        else:
            led.default(f"piles.{gid}.foundation.suit", "suit not stated: same suit")
    return Foundations(
        takes=tuple(takes),
        before_play=before_play,
        taken=tuple(taken_cards),
        take_cite=take_cite,
        hours=hours,
        found_ids=tuple(found_ids),
        first_dealt=first_dealt,
    )


_RANK_WORD = {1: "the ace", 13: "the king"}


def _rows_taken(cards: list[Cited], takes: list[Cited]) -> list[int]:
    """Foundations of different bases, each taken out and laid in its own sentence («все
    тузы … выкладываются в 2 базовых ряда»; «затем … извлекаются 4 двойки … и выкладываются
    в третий базовый ряд»): the ranks of each, in order; [] unless there are two such
    sentences or more, each laying only ranks it takes out, no rank laid twice."""
    if len(cards) < 2:
        return []
    out: list[int] = []
    for c in cards:
        taken = {r for t in takes if t.sentence.id == c.sentence.id for _, r in t.fact.value}
        if not c.fact.value or not set(c.fact.value) <= taken or set(c.fact.value) & set(out):
            return []
        out += c.fact.value
    return out


def _past_the_end(blk: dict[str, Any]) -> bool:
    """A foundation whose last card lies behind its base in its own direction (built up from
    the kings to the queens, down from the queens to the kings) goes round the ranks: the
    way from base to last passes the end of the suit. Read only where one sentence states
    base, way and last together, so that a way misread elsewhere makes no wrap."""
    base, last = blk.get("base"), blk.get("last")
    if not isinstance(base, int) or not isinstance(last, int) or base == last:
        return False
    return last < base if blk["direction"] == "up" else last > base


def _packs_for(led: Ledger, stated: Cited | None) -> Cited | None:
    """The foundations counted, where they need more base cards than the packs hold: with no
    deck line, the fewest packs that give each its card («восемь базовых стопок собираются от
    туза до короля»: two packs); with one, or more than four packs' worth, not this reading
    (None)."""
    if stated is None or stated.fact.value <= 4 * led.spec["decks"]:
        return stated
    if led.first("decks") or stated.fact.value > 16:
        return None
    led.spec["decks"] = -(-stated.fact.value // 4)
    led.prov.pop("decks", None)  # the one-pack default it replaces
    led.gaps = [g for g in led.gaps if g != "decks"]
    led.default("decks", f"no deck line: {led.spec['decks']} packs for the foundations")
    return stated


def _opposite(per_base: dict[int, Cited]) -> bool:
    """Two ranks next to each other, each said as a base with its way, the lower built down
    and the higher up («на пятерки кладут четверки, тройки …», «на шестерки кладут семерки,
    восьмерки …»): two kinds of foundation that part the suit between them. Ways that meet
    are not («на туза можно положить двойку, а на двойку туза» is one pile built either
    way), nor a king and an ace («на короля можно класть туза, а на туза короля»: a wrap);
    aces up and kings down are read above."""
    if len(per_base) != 2:
        return False
    (low, a), (high, b) = sorted(per_base.items())
    return (
        high - low == 1
        and a.fact.value["direction"] == "down"
        and b.fact.value["direction"] == "up"
    )
