"""Goal area: the win, the book's claims as notes, the frames (conditions the spec
assumes) cited on the fields they confirm, and the variant specs of the readings not used."""

from __future__ import annotations

import copy

from pipeline.extract.assemble.foundations import Foundations
from pipeline.extract.assemble.ledger import Assembly, Ledger, has_path
from pipeline.extract.vocabulary import FRAMES


def frames(led: Ledger) -> None:
    """A frame (`vocabulary.FRAMES`: a condition the spec assumes, «когда ходов нет»)
    cites its words on the field it confirms, where the draft has that field: its usual
    value is then the text's, not a default. Elsewhere it says nothing."""
    for c in led.facts:
        path = FRAMES.get(c.fact.key)
        if path is None:
            continue
        head, _, rest = path.partition(".*")
        if rest or path.endswith(".*"):
            node = led.spec.get(head)
            first = (
                node[0].get("id")
                if isinstance(node, list) and node
                else next(iter(node or {}), None)
            )
            if first is None:
                continue
            path = f"{head}.{first}{rest}"
        if not has_path(led.spec, path):
            continue
        if led.prov.get(path, {}).get("origin") == "default":
            led.prov.pop(path)
            led.gaps = [g for g in led.gaps if g != path]
        led.cite(path, c)


def goal(led: Ledger, fd: Foundations) -> Assembly:
    """Win condition, notes, and the variant specs of the readings not used."""
    led.spec["win"] = "foundations-complete" if fd.hours else "all-on-foundations"
    said = led.first("win.foundations")
    cleared = led.first("win.cleared")
    face_up = led.first("win.face_up")
    if cleared and not said:  # «убрать все карты со стола»: the layout emptied (Golf, Pyramid)
        led.spec["win"] = "tableau-empty"
        led.cite("win", cleared)
    elif face_up and not said:  # «все карты открыты»: every card turned face up (the Clock)
        led.spec["win"] = "all-face-up"
        led.cite("win", face_up)
    elif said:
        led.cite("win", said)
    else:
        led.default("win", "won when every card is on the foundations")
    claims = led.all("claim.difficulty")
    notes = ["Draft extracted by the grammar stage (pasyans extract); not reviewed."]
    said_in: dict[str, list[str]] = {}
    for c in claims:
        said_in.setdefault(c.sentence.id, []).append(c.fact.value)
    for sid, values in said_in.items():
        notes.append(f"The book says: {', '.join(values)} ({sid}).")
        led.used.setdefault(sid, []).append("notes")
    led.spec["notes"] = "\n".join(notes) + "\n"

    result = Assembly(
        spec=led.spec,
        provenance=led.prov,
        conflicts=led.conflicts,
        used=led.used,
        gaps=led.gaps,
    )
    for v in led.variants:
        alt = copy.deepcopy(led.spec)
        alt["variant"] = f"extracted-{v['label']}"
        for path, value in v["paths"].items():
            node = alt
            *head, last = path.split(".")
            for k in head:
                node = node[k]
            node[last] = dict(value)
        result.variants.append({**v, "spec": alt})
    return result
