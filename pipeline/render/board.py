"""The whole table as text: every group drawn where its `layout` puts it, then the
numbering legend and one status line (stock, talon, phase, result).

Works on anything with `pile(group, n)`, `phase`, `is_won()`, `is_lost()` and a game with
`groups`, so it needs no engine internals (tests drive it with a small fake state).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pipeline.render.canvas import Canvas, draw
from pipeline.render.geometry import describe, fanning, place_group, radial_cells
from pipeline.render.glyphs import Token, card_token, empty_token, pile_token, plain, sideways
from pipeline.render.style import Style


def _has_place(layout: dict) -> bool:
    return bool(layout.get("positions")) or layout.get("at") is not None


def _fan_line(cards: Sequence[Any], style: Style) -> Token:
    """A pile spread to the right: every card, one space apart."""
    out: list = []
    for i, card in enumerate(cards):
        if i:
            out.append((" ", None))
        out.extend(card_token(card, style))
    return tuple(out)


def draw_group(canvas: Canvas, group: Any, piles: list[Sequence[Any]], style: Style) -> None:
    """Put the piles of one group on the canvas where its layout says."""
    layout = dict(group.layout or {})
    count = len(piles)
    places = place_group(layout, count)
    fan, turned, radial_out = fanning(layout)

    def finish(token: Token) -> Token:
        return sideways(token) if turned else token

    for place, cards in zip(places, piles, strict=True):
        if radial_out:
            if not cards:
                canvas.put(*place.anchor, [finish(empty_token())])
                continue
            cells = radial_cells(layout, count, place, len(cards))
            for card, cell in zip(cards, cells, strict=True):
                canvas.put(*cell, [finish(card_token(card, style))])
        elif fan in ("down", "out"):
            block = [finish(card_token(c, style)) for c in cards] or [finish(empty_token())]
            canvas.put(*place.anchor, block)
        elif fan == "right":
            canvas.put(*place.anchor, [finish(_fan_line(cards, style) or empty_token())])
        else:
            canvas.put(*place.anchor, [finish(pile_token(cards, style))])


def unplaced_line(group: Any, piles: list[Sequence[Any]], style: Style) -> str:
    """A group whose layout gives no position, on a line of its own under the table:
    `talon: 7♥×3`."""
    tokens: list = [(f"{group.id}:", None)]
    for cards in piles:
        tokens.append((" ", None))
        tokens.extend(pile_token(cards, style))
    return draw(tokens, style)


def status_line(state: Any, game: Any) -> str:
    """`stock 52 · talon 3 · phase deal · in progress`."""
    parts = []
    for role in ("stock", "talon"):
        groups = [g for g in game.groups if g.role == role]
        if groups:
            n = sum(len(state.pile(g.id, i)) for g in groups for i in range(1, g.count + 1))
            parts.append(f"{role} {n}")
    parts.append(f"phase {state.phase}")
    parts.append(result(state))
    return " · ".join(parts)


def result(state: Any) -> str:
    """`won`, `lost` or `in progress`: the words `play --moves` prints."""
    if state.is_won():
        return "won"
    if state.is_lost():
        return "lost"
    return "in progress"


def legend(game: Any) -> str:
    """How piles are numbered, to name them in a move: `rays.1-8 from the top, clockwise`."""
    parts = []
    for g in game.groups:
        if g.count > 1:
            parts.append(f"{g.id}.1-{g.count} {describe(g.layout, g.count)}")
    return "piles: " + "; ".join(parts) if parts else ""


def render(
    state: Any,
    game: Any,
    style: Style | None = None,
    *,
    title: str | None = None,
    show_legend: bool = True,
) -> str:
    """The table after the deal (or at any point of play), ready to print."""
    style = style or Style()
    canvas = Canvas()
    unplaced = []
    for g in game.groups:
        piles = [state.pile(g.id, n) for n in range(1, g.count + 1)]
        if _has_place(dict(g.layout or {})):
            draw_group(canvas, g, piles, style)
        else:
            unplaced.append(unplaced_line(g, piles, style))
    lines = []
    if title:
        lines.append(title)
    lines.extend(canvas.lines(style))
    lines.extend(unplaced)
    if show_legend and (text := legend(game)):
        lines.append(text)
    lines.append(status_line(state, game))
    text = "\n".join(lines) + "\n"
    return text.replace("·", "-") if style.ascii else text  # the lines' separator: plain ASCII


def pile_map(game: Any, style: Style | None = None) -> str:
    """The table with each pile's name where the pile lies (`rays.3`, `stock`): what to
    type in a move when the numbering of a star or of placed flanks is not obvious."""
    style = style or Style()
    canvas = Canvas()
    elsewhere = []
    for g in game.groups:
        layout = dict(g.layout or {})
        if not _has_place(layout):
            elsewhere.append(g.id)
            continue
        turned = layout.get("orientation") == "sideways"
        for n, place in enumerate(place_group(layout, g.count), 1):
            token: Token = ((f"{g.id}.{n}" if g.count > 1 else g.id, None),)
            canvas.put(*place.anchor, [sideways(token) if turned else token])
    lines = canvas.lines(style)
    if elsewhere:
        lines.append("not on the table: " + ", ".join(elsewhere))
    return "\n".join(lines) + "\n"


__all__ = ["draw", "draw_group", "legend", "pile_map", "plain", "render", "result", "status_line"]
