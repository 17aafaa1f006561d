"""Deal area: the dealing steps (rounds, cards per pile, faces, layers, a triangle, the
pause for play while dealing, counting), the reserve's and the cells' deals."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from pipeline.extract.assemble.foundations import Foundations
from pipeline.extract.assemble.layout import Layout, reserve_sentences
from pipeline.extract.assemble.ledger import Cited, Ledger
from pipeline.extract.assemble.stock import Stock


@dataclass(frozen=True)
class Deal:
    """What the deal area hands on."""

    step: dict[str, Any]  # the layout's dealing step (as written in the spec)
    step_id: str
    during: tuple[Cited, ...]  # play while dealing
    after_deal: Cited | None  # "when all the cards have been dealt"
    deal_time: tuple[Cited, ...]  # corner/side cards played as they are dealt
    play_rank: Cited | None  # a rank played while dealing


def _total_shared(led: Ledger, ly: Layout) -> Cited | None:
    """«Десять стопок. … пока 50 карт не будут сданы в расклад»: the cards the whole layout
    gets, shared evenly among its piles (five each), when they part evenly."""
    total = led.first("deal.layout_total", ly.of_layout)
    piles = ly.shape.fact.value.get("count") if ly.shape and len(ly.tab_ids) == 1 else None
    if total is None or not isinstance(piles, int) or piles < 2:
        return None
    if total.fact.value % piles or total.fact.value <= piles:
        return None
    return Cited(replace(total.fact, value=total.fact.value // piles), total.sentence)


def deal(led: Ledger, fd: Foundations, ly: Layout, st: Stock) -> Deal:
    """The dealing step."""
    rounds_c = led.all("deal.round", ly.of_layout)
    until = led.first("deal.until_empty", ly.of_layout)
    per = led.first("deal.per_pile", ly.of_layout)
    said_else = rounds_c or until or led.first("deal.triangle") or led.first("deal.uneven")
    if per is None and not said_else:
        # «28 карт раскладывают в семь колонок»: four each, unless the piles' cards are
        # said otherwise (a triangle, the first piles more)
        per = led.first("deal.even_share", ly.of_layout)
    if per is None and not said_else:
        per = _total_shared(led, ly)
    if per is None and not said_else and ly.noun in ("PACKET", "COLUMN", "CIRCLE"):
        # «Семь стопок. Сдаются в четыре ряда»: rows over piles counted are rounds (with no
        # piles counted, or rows for piles, they say nothing of the cards each)
        per = led.first("deal.rows_said", ly.of_layout)
    more = led.all("deal.more", ly.of_layout)
    if per is not None and more:
        # «… по три карты», then «ещё четыре раза … по одной карте»: the shares added
        extra = sum(c.fact.value for c in more)
        per = Cited(replace(per.fact, value=per.fact.value + extra), per.sentence)
    during = (
        [c for c in ly.avail_cits if c.fact.value == "deal"]
        + led.all("fill.from_hand")
        + led.all("play.during_deal")
    )
    step_id = {
        "CIRCLE": "circles",
        "ROW": "rows",
        "PACKET": "packets",
        "COLUMN": "columns",
    }.get(ly.noun, "places")
    step: dict[str, Any] = {"id": step_id, "to": ly.deal_order or list(ly.tab_ids)}
    after_deal = led.first("shift.after_deal")  # "when all the cards have been dealt"
    deal_time = led.all("deal.corners_anywhere") + led.all("deal.sides_adjacent")
    if until or after_deal:
        step["rounds"] = None
        led.cite(f"deal.{step_id}.rounds", until or after_deal)
    elif rounds_c:
        step["rounds"] = max(c.fact.value for c in rounds_c)
        led.cite(f"deal.{step_id}.rounds", *sorted(rounds_c, key=lambda c: -c.fact.value))
    else:
        led.default(f"deal.{step_id}.rounds", "one card to each pile")
    one_each = led.first("deal.one_each")
    if (
        per
        and (ly.noun in ("COLUMN", "ROW") or one_each)
        and step.get("rounds", 1) in (1, per.fact.value)
    ):
        # «в десять столбцов, по четыре карты в каждом»: columns are dealt a row at a
        # time, one card to each; a packet («по три карты вместе») is dealt whole, unless
        # the text deals it «по одной на каждое место» in rounds
        step["rounds"] = per.fact.value
        led.cite(f"deal.{step_id}.rounds", per, one_each, *more)
    elif per:
        step["per_pile"] = per.fact.value
        led.cite(f"deal.{step_id}.per_pile", per, *more)
    step["face"] = "up"
    faces = led.all("deal.face", ly.of_layout)
    turned = [c for c in faces if c.fact.value == "down-but-last"]
    if turned and {c.fact.value for c in faces} == {"down", "down-but-last"}:
        # «… крапом вверх», then «верхняя карта каждой колонки переворачивается»: a deal face
        # down whose top cards are turned after it, one face, not two readings
        step["face"] = "down-but-last"
        led.cite(f"deal.{step_id}.face", *faces)
    elif face := led.first("deal.face", ly.of_layout):
        step["face"] = face.fact.value
        led.cite(f"deal.{step_id}.face", face)
    else:
        led.default(f"deal.{step_id}.face", "no face named: the cards are dealt face up")
    triangle = led.first("deal.triangle")
    if triangle and step.get("rounds", 1) == 1 and step.get("per_pile", 1) == 1:
        # round r deals to piles r..n: as many rounds as piles («в каждую по одной карте»
        # is each round's card)
        if step.pop("per_pile", None) is not None:
            led.prov.pop(f"deal.{step_id}.per_pile", None)
        step["triangle"] = True
        step["rounds"] = sum(led.piles[t]["count"] for t in ly.tab_ids)
        led.cite(f"deal.{step_id}.triangle", triangle)
        most = led.first("deal.first_most", ly.of_layout)
        last = led.first("deal.last_holds", ly.of_layout)
        if last and 1 < last.fact.value < step["rounds"]:
            # «…, пока в последней стопке не окажется шесть карт»: the last pile gets a card
            # each round, so the rounds are its cards
            step["rounds"] = last.fact.value
            led.cite(f"deal.{step_id}.rounds", last, triangle)
        elif most and 1 < most.fact.value["more"] < step["rounds"]:
            # «первые 3 стопки по 7 карт», then one fewer each: the staircase stops at the
            # most a pile gets, the piles past it as many (the same piles, mirrored)
            step["rounds"] = most.fact.value["more"]
            led.cite(f"deal.{step_id}.rounds", most, triangle)
        else:
            led.cite(f"deal.{step_id}.rounds", triangle)
    step["pause"] = "card" if deal_time else "round" if during else "none"
    if deal_time or during:
        led.cite(f"deal.{step_id}.pause", *deal_time, *during)
    else:
        led.default(f"deal.{step_id}.pause", "no play while dealing: each round is dealt whole")
    stuck_round = led.first("deal.next_round")
    if stuck_round:
        step["next_round"] = "stuck"
        led.cite(f"deal.{step_id}.next_round", stuck_round)
        if "rounds" not in step or step["rounds"] == 1:
            step["rounds"] = None  # rows go on until the pack is dealt
    play_rank = led.first("deal.play_rank")
    if play_rank and play_rank.fact.value:
        step["pause"] = "card"
        led.cite(f"deal.{step_id}.pause", play_rank)
    keep = led.first("deal.keep_order")
    if keep:
        step["skip_empty"] = False
        led.cite(f"deal.{step_id}.skip_empty", keep)
    count_c = led.first("count.deal")
    if count_c and st.match:
        step["count"] = {
            "start": 1,
            "reset": "round",
            "match": "rank",
            "send_to": "exiles",
            "replace": bool(led.first("count.replace")),
        }
        led.cite(f"deal.{step_id}.count.match", st.match, count_c)
        led.cite(f"deal.{step_id}.count.replace", led.first("count.replace"))
        for part, how in (
            ("start", "the count begins at one"),
            ("reset", "the count begins again with each round"),
            ("send_to", "a card that matches its count goes out among the exiles"),
        ):
            led.derive(f"deal.{step_id}.count.{part}", count_c, st.match, how=how)
    led.cite(f"deal.{step_id}.to", ly.shape, *ly.sides, *ly.corners)
    led.spec["deal"] = (
        _layered(led, ly, step, step_id)
        or _face_down_first(led, ly, step, step_id)
        or _uneven(led, ly, step, step_id)
        or _rows_after_deal(led, step, step_id, None if rounds_c else per)
        or _triangle_rows(led, step, step_id)
        or [step]
    )
    if not ly.tab_ids:
        led.spec["deal"] = []
        led.prov = {k: v for k, v in led.prov.items() if not k.startswith("deal.")}
        led.gaps = [g for g in led.gaps if not g.startswith("deal.")]
    elif (all_in := led.first("deal.all_in_stock")) and not _dealt_said(led, ly):
        _none_at_start(led, all_in)
    dealt = led.first("cells.dealt")
    if dealt and st.cells and 0 < dealt.fact.value <= st.cells.fact.value:
        # the cards left over, one to each of the first cells
        to = [f"cells.{i}" for i in range(1, dealt.fact.value + 1)]
        led.spec["deal"].append({"id": "cells", "to": to})
        led.cite("deal.cells.to", dealt)
    if fd.first_dealt:  # the next card dealt is the first foundation card
        led.spec["deal"].append({"id": "base", "to": [f"{fd.found_ids[0]}.1"]})
        led.cite("deal.base.to", fd.first_dealt)
    _reserve_step(led, ly)
    return Deal(
        step=step,
        step_id=step_id,
        during=tuple(during),
        after_deal=after_deal,
        deal_time=tuple(deal_time),
        play_rank=play_rank,
    )


# Facts of the layout's deal at the start (a step of rows dealt when stuck is not one).
_START_DEAL = ("tableau.shape", "tableau.count_said", "deal.per_pile", "deal.round",
               "deal.face", "deal.layers", "deal.uneven", "deal.triangle")  # fmt: skip


def _dealt_said(led: Ledger, ly: Layout) -> bool:
    """Whether a sentence with a word of dealing says the layout's piles or their cards
    («Девять стопок, разложенных …», «На каждую стопку сдаётся по карте»), other than one
    telling rows dealt when play is stuck."""
    stuck = {c.sentence.id for c in led.all("deal.next_round")}
    return any(
        c.dealt and c.sentence.id not in stuck
        for key in _START_DEAL
        for c in led.all(key, ly.of_layout)
    )


def _none_at_start(led: Ledger, all_in: Cited) -> None:
    """«В начале игры все карты помещаются в колоду», and no sentence deals the layout: the
    whole pack starts in the stock and the layout gets no card at the start. A step of rows
    dealt when play is stuck waits for the player from its first round (`next_round:
    choice`: the stock's rows); any other step of the layout is dropped, with its citations
    (a share said of the piles with no word of dealing is what they may hold)."""
    kept: list[dict[str, Any]] = []
    for step in led.spec["deal"]:
        prefix = f"deal.{step['id']}."
        if step.get("next_round") in ("stuck", "choice"):
            kept.append({**step, "next_round": "choice", "rounds": None})
            led.prov.pop(f"{prefix}next_round", None)
            led.cite(f"{prefix}next_round", all_in)
            continue
        led.prov = {k: v for k, v in led.prov.items() if not k.startswith(prefix)}
        led.gaps = [g for g in led.gaps if not g.startswith(prefix)]
    led.spec["deal"] = kept


def _reserve_step(led: Ledger, ly: Layout) -> None:
    """The reserve's deal: each pile its cards, a round at a time, face up; before the
    layout's when its sentence comes first; one pile of the rest last."""
    if ly.reserve is None:
        return
    shape, named = ly.reserve
    counted = led.first("reserve.cards", lambda c: c.sentence.id == named.sentence.id)
    if shape is not None and shape.fact.key == "reserve.counted":
        ids = reserve_sentences(led, shape)
        here = lambda c: c.sentence.id in ids  # noqa: E731
        said = led.first("deal.per_pile", here) or led.first("deal.round", here)
        if not said and not (counted and named is not shape):
            return  # piles counted where no card is dealt to them: empty at the start
    step: dict[str, Any] = {"id": "reserve", "to": ["reserve"], "face": "up"}
    led.default("deal.reserve.face", "no face named: the reserve is dealt face up")
    if shape is None:
        step["rounds"] = counted.fact.value if counted else None  # «тринадцать карт»
        led.spec["deal"].append(step)
        led.cite("deal.reserve.to", named)
        led.cite("deal.reserve.rounds", counted or named)
        return
    ids = reserve_sentences(led, shape)
    mine = lambda c: c.sentence.id in ids  # noqa: E731
    per = led.first("deal.per_pile", mine)
    rounds = led.first("deal.round", mine)
    said = per or rounds
    step["rounds"] = said.fact.value if said else 1
    if not said and counted and named is not shape and shape.fact.key == "reserve.counted":
        # the reserve's cards counted where its piles are not («сдача четырёх карт на
        # резервные стопки» after «Четыре стопки»): shared evenly among them
        said = counted
        step["rounds"] = counted.fact.value // (shape.fact.value.get("count") or 1)
    led.cite("deal.reserve.to", shape, named)
    led.cite("deal.reserve.rounds", said)
    if not said:
        led.default("deal.reserve.rounds", "no count named: one card to each reserve pile")
    order = [c.sentence.id for c in led.facts]
    layout_at = min(
        (order.index(c.sentence.id) for c in led.all("tableau.shape", ly.of_layout)),
        default=len(order),
    )
    first = order.index(shape.sentence.id) < layout_at
    led.spec["deal"] = [step, *led.spec["deal"]] if first else [*led.spec["deal"], step]
    rows = led.first("deal.reserve_rows")
    if rows:
        # «Щелчок по колоде сдаёт по одной карте на каждую из резервных стопок»: the stock
        # deals the reserve a row when the player asks, until it is out
        led.spec["deal"].append(
            {"id": "reserve-rows", "to": ["reserve"], "face": "up", "rounds": None,
             "next_round": "choice"}
        )  # fmt: skip
        for part in ("to", "next_round", "rounds"):
            led.cite(f"deal.reserve-rows.{part}", rows)
        led.default("deal.reserve-rows.face", "no face named: the reserve's rows are dealt face up")


def _layered(
    led: Ledger, ly: Layout, step: dict[str, Any], step_id: str
) -> list[dict[str, Any]] | None:
    """A deal told layer by layer with their faces («десять карт рубашкою вверх, на них
    другие десять, также закрытыми; потом два ряда по десяти открытых карт»): one step
    per run of layers of one face, each a round of every pile; layers said to alternate
    («и так попеременно») go on alternating to the count of cards each pile gets."""
    said = led.first("deal.layers", ly.of_layout)
    step = step
    if not said or step.get("triangle") or "count" in step:
        return None
    faces = list(said.fact.value["faces"])
    total = step.get("per_pile") or step.get("rounds")
    if said.fact.value["alternate"] and total and total > len(faces) >= 2:
        faces += [faces[i % 2] for i in range(len(faces), total)]
    runs: list[list[Any]] = []
    for face in faces:
        if runs and runs[-1][0] == face:
            runs[-1][1] += 1
        else:
            runs.append([face, 1])
    sid = step_id
    prefix = f"deal.{sid}."
    kept = {
        k[len(prefix) :]: v
        for k, v in led.prov.items()
        if k.startswith(prefix)
        and k[len(prefix) :] not in ("rounds", "per_pile", "face", "next_round", "triangle")
    }
    next_round = led.prov.get(f"{prefix}next_round")  # the last layer's, dealt when stuck
    for key in [k for k in led.prov if k.startswith(prefix)]:
        led.prov.pop(key)
        if key in led.gaps:
            led.gaps.remove(key)
    steps = []
    for n, (face, rounds) in enumerate(runs, start=1):
        lid = sid if n == 1 else f"{sid}-{n}"
        lstep = {**step, "id": lid, "rounds": rounds, "face": face}
        lstep.pop("per_pile", None)
        if n < len(runs):
            lstep.pop("next_round", None)
        steps.append(lstep)
        for field_, entry in kept.items():
            led.prov.setdefault(f"deal.{lid}.{field_}", dict(entry))
        if n == len(runs) and next_round:
            led.prov.setdefault(f"deal.{lid}.next_round", dict(next_round))
        led.cite(f"deal.{lid}.face", said)
        led.cite(f"deal.{lid}.rounds", said)
    return steps


def _uneven(
    led: Ledger, ly: Layout, step: dict[str, Any], step_id: str
) -> list[dict[str, Any]] | None:
    """«в первых четырёх колонках по 6 карт, в оставшихся шести – по 5»: every pile gets the
    others' count, a round at a time, and the first piles the cards more, dealt first (under
    the others, face down where the top card alone is open); rows dealt when stuck go on
    from the deal's last round."""
    said = led.first("deal.uneven", ly.of_layout)
    if not said or step.get("triangle") or "count" in step:
        return None
    if "rounds" in step and step["rounds"] is None and not step.get("next_round"):
        return None  # the pack dealt round until it is out: the first piles get more anyway
    first, more, rest = (said.fact.value[k] for k in ("first", "more", "rest"))
    refs = [
        r
        for g in step["to"]
        for r in ([g] if "." in g else [f"{g}.{i}" for i in range(1, _count(led, g) + 1)])
    ]
    if not 0 < first < len(refs) or not 0 <= rest < more:
        return None
    if rest == 0 and step.get("next_round"):
        return None  # the first piles dealt, then rows when stuck: no such deal is read
    face = step["face"]
    extra = {
        **step,
        "id": f"{step_id}-first",
        "to": refs[:first],
        "rounds": more - rest,
        "face": "down" if face == "down-but-last" else face,
    }
    extra.pop("per_pile", None)
    extra.pop("next_round", None)
    if rest == 0:  # «на первые тринадцать по четыре»: the other piles stay empty
        return [{**extra, "id": step_id}]
    main = {**step, "rounds": rest}
    main.pop("per_pile", None)
    steps = [extra, main]
    if main.pop("next_round", None):
        # rows dealt when stuck: their step deals its first round at once, the last card of
        # the deal (open where the top card alone is), the others when no move is left
        rows = {**step, "id": f"{step_id}-rows", "to": list(step["to"]), "rounds": None}
        steps = (
            [extra, {**main, "rounds": rest - 1, "face": extra["face"]}] if rest > 1 else [extra]
        )
        steps.append({**rows, "face": "up" if face == "down-but-last" else face})
        steps[-1].pop("per_pile", None)
        _rows_cited(led, step_id, "rows dealt when stuck go on until the pack is out")
    if led.prov.get(f"deal.{step_id}.rounds", {}).get("origin") == "default":
        led.prov.pop(f"deal.{step_id}.rounds")
        led.gaps.remove(f"deal.{step_id}.rounds")
    led.cite(f"deal.{step_id}.rounds", said)
    led.cite(f"deal.{step_id}-first.to", said)
    led.cite(f"deal.{step_id}-first.rounds", said)
    # the steps split off deal as the step they come from: its face, its pause, its piles
    for new in (s["id"] for s in steps if s["id"] != step_id):
        _cited_alike(led, step_id, new, ("face", "pause", "to"))
    return steps


def _rows_cited(led: Ledger, step_id: str, how: str) -> None:
    """The step of rows split off step `step_id` takes its `next_round` citation, and its
    rounds (none counted: `how` they go on) are derived from it."""
    cited = led.prov.pop(f"deal.{step_id}.next_round", None)
    if cited:
        led.prov[f"deal.{step_id}-rows.next_round"] = cited
        led.prov[f"deal.{step_id}-rows.rounds"] = {**cited, "note": f"derived: {how}"}


def _cited_alike(led: Ledger, step_id: str, new: str, fields: tuple[str, ...]) -> None:
    """Each of `fields` of step `new`, split off step `step_id`, cited as that step's is
    (where it has no citation of its own)."""
    for field_ in fields:
        entry = led.prov.get(f"deal.{step_id}.{field_}")
        if entry is not None:
            led.prov.setdefault(f"deal.{new}.{field_}", dict(entry))


def _triangle_rows(led: Ledger, step: dict[str, Any], step_id: str) -> list[dict[str, Any]] | None:
    """A triangle dealt, then rows from the stock when play needs them («после того, как все
    возможности перекладывания исчерпаны, … ещё один ряд»; a program's `dealRow` beside its
    triangle): the triangle whole at once, then a step of rows whose first round waits too
    (`next_round: choice`, Spiderette's stock: a `stuck` step would deal its first row with
    the layout, which a triangle has no round to take)."""
    if not step.get("triangle") or step.get("next_round") != "stuck":
        return None
    tri = {**step}
    tri.pop("next_round")
    face = step.get("face", "up")
    rows = {
        **step,
        "id": f"{step_id}-rows",
        "rounds": None,
        "face": "up" if face == "down-but-last" else face,
        "next_round": "choice",
    }
    rows.pop("triangle")
    _rows_cited(led, step_id, "rows dealt from the stock go on until the pack is out")
    _cited_alike(led, step_id, f"{step_id}-rows", ("face", "pause", "to", "per_pile", "skip_empty"))
    return [tri, rows]


def _rows_after_deal(
    led: Ledger, step: dict[str, Any], step_id: str, per: Cited | None
) -> list[dict[str, Any]] | None:
    """«в десять стопок (столбцов) по пять карт», then in a sentence of its own «когда ходов
    нет, … сдают по одной карте на каждую стопку»: the cards each (`per`) dealt at once, then
    rows of one card from the stock when stuck. A `stuck` step deals its first round with
    the layout, so the deal is the cards each but one, then the step of rows; not where one
    sentence says both (its share is the rows'), nor rows counted as rounds («в четыре ряда
    по четыре карты»: the rows when stuck go on as those rows), nor a triangle."""
    if step.get("next_round") != "stuck" or step.get("triangle") or "count" in step:
        return None
    total = step.get("per_pile") or step.get("rounds")
    if per is None or not total or total != per.fact.value or total <= 1:
        return None
    said = led.prov.get(f"deal.{step_id}.next_round") or {}
    share = led.prov.get(f"deal.{step_id}.per_pile") or led.prov.get(f"deal.{step_id}.rounds")
    if not said.get("sentence") or not share or per.sentence.id == said["sentence"]:
        return None
    face = step.get("face", "up")
    first = {**step, "rounds": total - 1, "face": "down" if face == "down-but-last" else face}
    first.pop("per_pile", None)
    first.pop("next_round", None)
    rows = {**step, "id": f"{step_id}-rows", "rounds": None}
    rows["face"] = "up" if face == "down-but-last" else face
    rows.pop("per_pile", None)
    _rows_cited(led, step_id, "rows dealt when stuck go on until the pack is out")
    if led.prov.pop(f"deal.{step_id}.per_pile", None) is not None:
        led.prov[f"deal.{step_id}.rounds"] = {
            **share,
            "note": f"derived: {total} cards each, the last the first row dealt when stuck",
        }
    _cited_alike(led, step_id, f"{step_id}-rows", ("face", "pause", "to", "skip_empty"))
    return [first, rows]


def _count(led: Ledger, group: str) -> int:
    return int((led.piles.get(group) or {}).get("count") or 1)


def _face_down_first(
    led: Ledger, ly: Layout, step: dict[str, Any], step_id: str
) -> list[dict[str, Any]] | None:
    """«первые три карты каждого столбца кладутся рубашкою вверх, а четвертая
    открытою»: the text counts the cards face down, so the deal is two steps, K rounds
    face down and the rest face up (cards in layers are dealt in rounds, packets too);
    None where the count does not split the deal (one step, face down but the last)."""
    first = led.first("deal.face_first", ly.of_layout)
    step = step
    if not first or step.get("triangle") or "count" in step:
        return None
    k = first.fact.value
    total = step.get("per_pile") or step.get("rounds", 1)
    if total == 1:
        total = k + 1  # «а верхняя открытою»: one card on top
    if total is not None and total <= k:
        return None
    sid, oid = step_id, f"{step_id}-open"
    down = {**step, "rounds": k, "face": "down"}
    down.pop("per_pile", None)
    down.pop("next_round", None)
    up = {**step, "id": oid, "rounds": None if total is None else total - k, "face": "up"}
    up.pop("per_pile", None)
    prefix = f"deal.{sid}."
    for key in [x for x in led.prov if x.startswith(prefix)]:
        field = key[len(prefix) :]
        if field in ("rounds", "per_pile", "next_round"):  # the open step's now
            entry = led.prov.pop(key)
            if key in led.gaps:
                led.gaps.remove(key)
            if entry.get("origin") != "default":
                moved = "next_round" if field == "next_round" else "rounds"
                led.prov.setdefault(f"deal.{oid}.{moved}", entry)
        elif field != "face":
            led.prov.setdefault(f"deal.{oid}.{field}", dict(led.prov[key]))
    led.cite(f"deal.{sid}.rounds", first)
    led.cite(f"deal.{oid}.face", first)
    led.cite(f"deal.{oid}.rounds", first)
    return [down, up]
