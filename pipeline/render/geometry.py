"""Where each pile of a group sits, in abstract card cells, from the group's `layout` block.

Cells are (x, y) with x to the right and y down, one card per cell (rules/README.md,
`layout`). Circular shapes are rounded onto the integer grid symmetrically about their
centre, so a clock face or a star stays mirror-symmetric; rays step by whole cells in
the direction nearest their angle (the 8 rays of the Shah run straight and diagonal).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

RADIAL = frozenset({"ring", "star", "clock"})
Cell = tuple[float, float]


@dataclass(frozen=True, slots=True)
class PilePlace:
    """One pile's anchor cell, and for radial shapes the outward step (±1/0 on the major
    axis) along which `fan: out` (and a star's ray) grows."""

    anchor: Cell
    outward: tuple[float, float] | None = None

    def along(self, k: int, centre: Cell | None = None, radius: float = 0.0) -> Cell:
        """The cell of the (k+1)-th card outward from the anchor (k = 0 is the anchor);
        a pile of a non-radial shape grows downward."""
        if self.outward is None:
            return (self.anchor[0], self.anchor[1] + k)
        dx, dy = self.outward
        if centre is not None:  # a star: whole cells from the centre, no drift
            return (
                centre[0] + _round((radius + k) * dx),
                centre[1] + _round((radius + k) * dy),
            )
        return (self.anchor[0] + _round(k * dx), self.anchor[1] + _round(k * dy))


def _round(v: float) -> int:
    """Round half away from zero, so shapes are symmetric about their centre (after
    dropping float noise: 3·sin 30° is 1.4999999999999998 and must count as 1.5)."""
    v = round(v, 9)
    return int(math.copysign(math.floor(abs(v) + 0.5), v))


def opt(layout: Mapping[str, Any], key: str, default: Any) -> Any:
    """A layout field, or `default` when absent or null (the canonical form fills every
    field, with null for "not given")."""
    value = layout.get(key)
    return default if value is None else value


def _num(v: Any) -> float:
    f = float(v)
    return int(f) if f.is_integer() else f


def _pair(v: Any, default: Cell) -> Cell:
    if isinstance(v, (list, tuple)) and len(v) == 2:
        return (_num(v[0]), _num(v[1]))
    return default


def default_radius(shape: str, count: int) -> float:
    """Radius when the layout gives none: 1 (a star's first circle, a ring of up to 8 piles
    round one cell), else ⌈count/4⌉ so the piles fall on distinct cells (12 hours → 3)."""
    if shape == "star" or count <= 8:
        return 1
    return math.ceil(count / 4)


def _angles(layout: Mapping[str, Any], count: int) -> list[float]:
    shape = layout.get("shape")
    if shape == "clock":  # pile N at hour N, XII at the top
        return [90.0 - 30.0 * ((i + 1) * 12 / count) for i in range(count)]
    start = float(opt(layout, "start", 90))
    sign = -1.0 if opt(layout, "clockwise", True) else 1.0
    return [start + sign * 360.0 * i / count for i in range(count)]


def _chebyshev(angle: float) -> tuple[float, float]:
    """Unit step along `angle` (degrees, 90 = up) scaled so the larger component is ±1."""
    c, s = math.cos(math.radians(angle)), -math.sin(math.radians(angle))
    c, s = round(c, 12), round(s, 12)
    m = max(abs(c), abs(s))
    return (c / m, s / m)


def place_group(layout: Mapping[str, Any] | None, count: int) -> list[PilePlace]:
    """Anchor cells of the `count` piles of a group, in pile order."""
    layout = layout or {}
    at = _pair(layout.get("at"), (0, 0))
    positions = layout.get("positions")
    if isinstance(positions, list) and positions:
        cells = [_pair(p, at) for p in positions]
        cells += [cells[-1]] * (count - len(cells))  # the validator reports a short list
        return [PilePlace(c) for c in cells[:count]]
    shape = opt(layout, "shape", "row")
    if shape in RADIAL:
        radius = float(opt(layout, "radius", default_radius(shape, count)))
        places = []
        for angle in _angles(layout, count):
            step = _chebyshev(angle)
            if shape == "star":
                off = (radius * step[0], radius * step[1])
            else:
                a = math.radians(angle)
                off = (radius * math.cos(a), -radius * math.sin(a))
            places.append(PilePlace((at[0] + _round(off[0]), at[1] + _round(off[1])), step))
        return places
    if shape == "grid":
        columns = max(1, int(opt(layout, "columns", count) or count))
        sx, sy = _pair(layout.get("step"), (1, 1))
        sy = sy or 1
        return [
            PilePlace((at[0] + (i % columns) * sx, at[1] + (i // columns) * sy))
            for i in range(count)
        ]
    default_step = (0, 1) if shape == "column" else (1, 0)
    sx, sy = _pair(layout.get("step"), default_step)
    return [PilePlace((at[0] + i * sx, at[1] + i * sy)) for i in range(count)]


def centre(layout: Mapping[str, Any] | None) -> Cell:
    return _pair((layout or {}).get("at"), (0, 0))


def radius_of(layout: Mapping[str, Any] | None, count: int) -> float:
    layout = layout or {}
    shape = opt(layout, "shape", "row")
    return float(opt(layout, "radius", default_radius(shape, count)))


def fanning(layout: Mapping[str, Any]) -> tuple[str, bool, bool]:
    """How a group's cards lie, alike on the text board and the report's table: its `fan`
    ("none" when not given), whether they are turned sideways, and whether they go out along
    the rays of a ring, star or clock (`radial_cells`; a star's unfanned cards too)."""
    shape = opt(layout, "shape", "row")
    fan = opt(layout, "fan", "none")
    radial = not layout.get("positions") and (
        (shape == "star" and fan in ("none", "out")) or (shape in RADIAL and fan == "out")
    )
    return fan, layout.get("orientation") == "sideways", bool(radial)


def radial_cells(layout: Mapping[str, Any], count: int, place: PilePlace, cards: int) -> list[Cell]:
    """The cells of a pile's `cards` cards along its ray (`fanning`), of a group of `count`
    piles: a star's counted from the centre, whole cells."""
    at = centre(layout) if opt(layout, "shape", "row") == "star" else None
    radius = radius_of(layout, count)
    return [place.along(k, at, radius) for k in range(cards)]


def describe(layout: Mapping[str, Any] | None, count: int) -> str:
    """How the piles of a group are numbered, in words, for the legend under the board."""
    layout = layout or {}
    if layout.get("positions"):
        return "placed"
    shape = opt(layout, "shape", "row")
    turn = "clockwise" if opt(layout, "clockwise", True) else "anticlockwise"
    start = float(opt(layout, "start", 90))
    where = {90.0: "the top", 0.0: "the right", 180.0: "the left", 270.0: "the bottom"}.get(
        start % 360, f"{start:g}°"
    )
    return {
        "point": "one place",
        "row": "left to right",
        "column": "top to bottom",
        "grid": f"by rows of {opt(layout, 'columns', count)}",
        "ring": f"round from {where}, {turn}",
        "star": f"from {where}, {turn}",
        "clock": "at the hours" if count == 12 else "round the clock",
    }.get(shape, "left to right")
