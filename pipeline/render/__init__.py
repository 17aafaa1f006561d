"""Text rendering of a game's table, in the shape its spec's `layout` blocks describe."""

from pipeline.render.board import legend, pile_map, render, result, status_line
from pipeline.render.style import Style, color_wanted

__all__ = ["Style", "color_wanted", "legend", "pile_map", "render", "result", "status_line"]
