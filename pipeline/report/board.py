"""A table drawn as SVG: every pile where its group's `layout` puts it, like the books' plates.

Cells are the same abstract card cells the terminal board uses (`pipeline.render.geometry`);
here a cell is a card-sized box. Works on any state with `pile(group, n)` and a game with
`groups` (id, role, count, layout).
"""

from __future__ import annotations

from html import escape
from typing import Any

from pipeline.render.geometry import fanning, place_group, radial_cells

CW, CH = 40, 56  # card box
SX, SY = 50, 66  # one cell
FAN = 16  # offset of a fanned card
SUIT = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK = {1: "A", 11: "J", 12: "Q", 13: "K"}


def _card(
    x: float, y: float, card: Any | None, sideways: bool, count: int = 0, mark: bool = False
) -> str:
    w, h = (CH, CW) if sideways else (CW, CH)
    x0, y0 = x + (CW - w) / 2, y + (CH - h) / 2
    m = " mark" if mark else ""
    box = f'x="{x0:g}" y="{y0:g}" width="{w}" height="{h}" rx="4"'
    if card is None:
        return f'<rect class="empty{m}" {box}/>'
    if not card.face_up:
        body = f'<rect class="back{m}" {box}/>'
    else:
        red = card.suit in ("H", "D")
        label = f"{RANK.get(card.rank, card.rank)}{SUIT[card.suit]}"
        body = (
            f'<rect class="card{m}" {box}/>'
            f'<text class="{"red" if red else "black"}" x="{x0 + 4:g}" y="{y0 + 15:g}">'
            f"{escape(label)}</text>"
        )
    if count > 1:
        body += f'<text class="count" x="{x0 + w - 3:g}" y="{y0 + h - 4:g}">×{count}</text>'
    return body


def table_svg(state: Any, game: Any, title: str = "", marks: frozenset = frozenset()) -> str:
    """The whole table as one `<svg>` element (no external resources); the piles named in
    `marks` (`rays.2`, `stock`) are outlined."""
    items: list[tuple[float, float, Any, bool, int, bool]] = []
    labels: list[tuple[float, float, str]] = []
    unplaced: list[str] = []
    for g in game.groups:
        layout = dict(g.layout or {})
        if not layout.get("positions") and layout.get("at") is None:
            unplaced.append(g.id)
            continue
        piles = [state.pile(g.id, n) for n in range(1, g.count + 1)]
        fan, turned, radial_out = fanning(layout)
        places = place_group(layout, g.count)
        labels.append((*places[0].anchor, g.id))
        for n, (place, cards) in enumerate(zip(places, piles, strict=True), 1):
            ax, ay = place.anchor
            mk = (g.id if g.count == 1 else f"{g.id}.{n}") in marks
            if not cards:
                items.append((ax * SX, ay * SY, None, turned, 0, mk))
            elif radial_out:
                cells = radial_cells(layout, g.count, place, len(cards))
                for card, (cx, cy) in zip(cards, cells, strict=True):
                    items.append((cx * SX, cy * SY, card, turned, 0, mk))
            elif fan in ("down", "out"):
                for k, card in enumerate(cards):
                    items.append((ax * SX, ay * SY + k * FAN, card, turned, 0, mk))
            elif fan == "right":
                for k, card in enumerate(cards):
                    items.append((ax * SX + k * FAN, ay * SY, card, turned, 0, mk))
            else:
                items.append((ax * SX, ay * SY, cards[-1], turned, len(cards), mk))
    if not items:
        items.append((0, 0, None, False, 0, False))
    min_x = min(i[0] for i in items) - 10
    min_y = min(i[1] for i in items) - 24
    max_x = max(i[0] for i in items) + CH + 10
    max_y = max(i[1] for i in items) + CH + 10
    w, h = max_x - min_x, max_y - min_y
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="table" role="img" '
        f'viewBox="{min_x:g} {min_y:g} {w:g} {h:g}" width="{w:g}" height="{h:g}">',
        f"<title>{escape(title)}</title>",
    ]
    parts += [_card(*i) for i in items]
    for x, y, text in labels:
        parts.append(f'<text class="group" x="{x * SX:g}" y="{y * SY - 6:g}">{escape(text)}</text>')
    if unplaced:
        parts.append(
            f'<text class="group" x="{min_x + 4:g}" y="{max_y - 2:g}">'
            f"not on the table: {escape(', '.join(unplaced))}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)
