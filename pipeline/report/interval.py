"""A win rate drawn with its uncertainty: one SVG bar a table cell holds.

On a scale from `low` to `high` (0 to 1 for a rate, -1 to 1 for a difference of two): the
bounds that count unknown deals lost or won (tan), the 95 % interval (blue), the estimate
(a dark tick), a published figure (red) and, on a scale through 0, the zero (grey).
"""

from __future__ import annotations

WIDTH = 300
LEGEND = (
    "Bars: tan, from the 95 % Wilson lower end of the share won with every unknown deal lost "
    "to the upper end with every unknown deal won; blue and a dark tick, the rate over decided "
    "deals and its 95 % interval, drawn only when at most 5 % of deals are unknown; red: the "
    "published figure."
)


def interval_bar(
    ci: tuple[float, float] | None,
    rate: float | None = None,
    *,
    bounds: tuple[float, float] | None = None,
    mark: float | None = None,
    low: float = 0.0,
    high: float = 1.0,
    width: int = WIDTH,
) -> str:
    """The bar of one rate (module doc); `ci` None when no deal was decided."""

    def x(v: float) -> float:
        return (v - low) / (high - low) * width

    parts = [
        f'<svg class="interval" width="{width}" height="18" viewBox="0 0 {width} 18" '
        'role="img" xmlns="http://www.w3.org/2000/svg">',
        f'<rect x="0" y="8" width="{width}" height="2" fill="#ccc"/>',
    ]
    if low < 0 < high:
        parts.append(
            f'<rect class="zero" x="{x(0) - 0.5:.1f}" y="2" width="1" height="14" fill="#999"/>'
        )
    if bounds is not None:
        lo, hi = bounds
        parts.append(
            f'<rect class="bounds" x="{x(lo):.1f}" y="5" width="{max(1, x(hi) - x(lo)):.1f}" '
            'height="8" fill="#e3c9a0"/>'
        )
    if ci is not None:
        lo, hi = ci
        parts.append(
            f'<rect class="ci" x="{x(lo):.1f}" y="3" width="{max(1, x(hi) - x(lo)):.1f}" '
            'height="12" fill="#5a8fd0" fill-opacity="0.7"/>'
        )
    if rate is not None:
        parts.append(f'<rect x="{x(rate) - 1:.1f}" y="1" width="2" height="16" fill="#123"/>')
    if mark is not None:
        parts.append(
            f'<rect class="published" x="{x(mark) - 1:.1f}" y="0" width="2" height="18" '
            'fill="#c0392b"/>'
        )
    parts.append("</svg>")
    return "".join(parts)
