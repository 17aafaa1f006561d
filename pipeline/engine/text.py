"""The compact text form of a state: a header line, then one line per pile group."""

from __future__ import annotations

from pipeline.engine import cards as C


def pile_text(pile: list[int]) -> str:
    """`[QS 5H]`; runs of face-down cards shown as `??` or `??×n`."""
    parts: list[str] = []
    down = 0
    for v in pile:
        if v < 0:
            down += 1
            continue
        if down:
            parts.append("??" if down == 1 else f"??×{down}")
            down = 0
        parts.append(C.name(v))
    if down:
        parts.append("??" if down == 1 else f"??×{down}")
    return "[" + " ".join(parts) + "]"


def state_text(state) -> str:
    g = state.game
    status = "won" if state.is_won() else "lost" if state.is_lost() else "in progress"
    head = f"{g.spec_id}{'.' + g.variant if g.variant else ''} phase={state.phase} {status}"
    lines = [head]
    for info in g.groups:
        ps = g.group_piles[info.id]
        lines.append(f"{info.id}: " + " ".join(pile_text(state.piles[p]) for p in ps))
    return "\n".join(lines)
