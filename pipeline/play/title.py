"""The one-line name of what is on the table."""

from __future__ import annotations

from typing import Any


def title(game: Any, seed: int | None) -> str:
    """`shah (cadogan) · seed 7`: what is on the table and how to deal it again."""
    name = str(game.spec_id)
    variant = getattr(game, "variant", None)
    if variant:
        name += f" ({variant})"
    return name if seed is None else f"{name} · seed {seed}"
