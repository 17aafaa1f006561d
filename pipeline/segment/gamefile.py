"""The game file: one YAML document per game (format `pasyans-game/1`, docs/games-format.md).

Plain data only (dicts, lists, strings, ints), dumped with `yaml.safe_dump(allow_unicode=True,
sort_keys=False)` in a fixed key order, so the same corpus gives the same bytes everywhere.
"""

from __future__ import annotations

from typing import Any

import yaml

from pipeline.segment.collate import Game, MUnit
from pipeline.segment.known import KnownGames
from pipeline.text import Span

FORMAT = "pasyans-game/1"


def _span(span: Span) -> dict[str, Any]:
    return {"source": span.source, "start": span.start, "end": span.end}


def _unit_spans(game: Game, unit: MUnit) -> list[dict[str, Any]]:
    by_name = dict(zip(game.names, game.witnesses, strict=True))
    out = []
    for name in sorted(unit.readings):
        sent = unit.readings[name]
        out.append(_span(by_name[name].nt.span(sent.start, sent.end)))
    return out


def _sentence(game: Game, unit: MUnit) -> dict[str, Any]:
    lemma = unit.lemma
    d: dict[str, Any] = {
        "id": unit.id,
        "para": unit.para,
        "text": lemma.text,
        "modern": lemma.modern,
        "spans": _unit_spans(game, unit),
    }
    notes = [{"label": label, "at": at, "span": _span(span)} for label, at, span in lemma.notes]
    if notes:
        d["notes"] = notes
    return d


def _section(game: Game, sec, units: list[MUnit]) -> dict[str, Any]:
    d: dict[str, Any] = {"kind": sec.kind, "key": sec.key}
    if sec.number is not None:
        d["number"] = sec.number
    if sec.decks is not None:
        d["decks"] = sec.decks
    heading = [u for u in units if u.role == "heading"]
    if heading:
        d["heading"] = heading[0].lemma.text
        d["heading_spans"] = _unit_spans(game, heading[0])
    elif sec.heading is not None:
        d["heading"] = " ".join(sec.heading.split())
    d["sentences"] = [_sentence(game, u) for u in units if u.role == "sentence"]
    return d


def _lacunae(game: Game, name: str) -> list[list[str]]:
    """Runs of merged sentences a witness does not hold, as [first id, last id]."""
    runs: list[list[str]] = []
    open_run = False
    for u in game.units:
        if u.role != "sentence":
            continue
        if name in u.readings:
            open_run = False
        elif open_run:
            runs[-1][1] = u.id
        else:
            runs.append([u.id, u.id])
            open_run = True
    return runs


RULE_TEXT = ("rule", "play")  # the section kinds that say how the game is played


def game_to_dict(game: Game, known: KnownGames) -> dict[str, Any]:
    """The documented structure of one game file."""
    ws = game.witnesses
    title = next((w.title for w in ws if w.title), None)
    caption = next((w.caption for w in ws if w.caption), None)
    lead = ws[0]
    partial = []
    if all(w.starts_mid_game for w in ws):
        partial.append("starts-mid-game")
    if all(w.stops_mid_game for w in ws):
        partial.append("stops-mid-game")
    book = lead.book
    sections: list[dict[str, Any]] = []
    rules: dict[str, Any] | None = None
    for sec, units in game.sections:
        d = _section(game, sec, units)
        if sec.kind == "rules":
            d.pop("sentences")
            if d.get("heading") is None:
                d["heading"] = None
            d["rules"] = []
            rules = d
            sections.append(d)
        elif sec.kind == "rule" and rules is not None:
            rules["rules"].append(d)
        else:
            sections.append(d)
    n_sent = sum(1 for u in game.units if u.role == "sentence")
    if not any(sec.kind in RULE_TEXT and units for sec, units in game.sections):
        partial.append("no-rules")  # a title or a deck line alone is not a game to play
    witnesses = []
    for name, w in zip(game.names, ws, strict=True):
        ids = [u.id for u in game.units if name in u.readings and u.role == "sentence"]
        witnesses.append(
            {
                "source": name,
                "file": w.file,
                "orthography": w.nt.orthography,
                "span": _span(w.span()),
                "pages": sorted({f.page for f in w.nt.furniture if f.page}),
                "starts_mid_game": w.starts_mid_game,
                "stops_mid_game": w.stops_mid_game,
                "sentences": len(ids),
                "first": ids[0] if ids else None,
                "last": ids[-1] if ids else None,
                "lacks": _lacunae(game, name),
            }
        )
    return {
        "format": FORMAT,
        "id": game.id,
        "name": lead.name,
        "title": title,
        "caption": caption,
        "book": book,
        "book_title": known.books[book].title if book in known.books else None,
        "id_from": lead.id_from,
        "provisional": lead.provisional,
        "untitled": title is None,
        "partial": partial,
        "orthography": lead.nt.orthography,
        "copy_text": game.names[0],
        "counts": {
            "sections": len(sections),
            "rules": len(rules["rules"]) if rules else 0,
            "sentences": n_sent,
            "apparatus": len(game.apparatus),
        },
        "witnesses": witnesses,
        "sections": sections,
        "apparatus": [
            {
                "at_sentence": e.unit,
                "kind": e.kind,
                **({"label": e.label} if e.label else {}),
                "at": [e.at[0], e.at[1]],
                "lemma": e.lemma,
                "readings": [
                    {
                        "witnesses": r.witnesses,
                        "text": r.text,
                        "spans": [_span(s) for s in r.spans],
                    }
                    for r in e.readings
                ],
            }
            for e in game.apparatus
        ],
    }


def dump(data: dict[str, Any]) -> str:
    """YAML text of a game file (stable: fixed key order, no flow style, wide lines)."""
    return yaml.safe_dump(
        data, allow_unicode=True, sort_keys=False, width=1_000_000, default_flow_style=None
    )
