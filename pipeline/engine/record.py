"""Game records: spec id and hash, the deal (seed or crafted order) and the player's moves.

A record holds player moves only; replaying them re-runs every automatic action, so the
record is short and replays exactly. JSON, one object::

    {"format": "pasyans-record/1", "spec_id": "blockade", "spec_hash": "…",
     "seed": 7, "order": null, "moves": ["columns.3 QS foundations.2", "deal", …]}
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from pipeline.errors import IllegalMove, RecordError

FORMAT = "pasyans-record/1"


@dataclass
class Record:
    spec_id: str
    spec_hash: str
    seed: int | None
    order: list[str] | None = None
    moves: list[str] = field(default_factory=list)

    def to_json(self) -> str:
        return (
            json.dumps(
                {
                    "format": FORMAT,
                    "spec_id": self.spec_id,
                    "spec_hash": self.spec_hash,
                    "seed": self.seed,
                    "order": self.order,
                    "moves": list(self.moves),
                },
                ensure_ascii=False,
                indent=1,
            )
            + "\n"
        )

    @classmethod
    def from_json(cls, text: str | bytes, path: str | None = None) -> Record:
        """Parse a record; RecordError naming the file for anything corrupt or foreign."""
        try:
            if isinstance(text, bytes):
                text = text.decode("utf-8")
            data = json.loads(text)
        except (UnicodeDecodeError, ValueError) as e:
            raise RecordError(f"not a game record (invalid JSON: {e})", path=path) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f'not a game record (expected "format": "{FORMAT}")', path=path)
        sid, h, seed, order, moves = (
            data.get(k) for k in ("spec_id", "spec_hash", "seed", "order", "moves")
        )
        if not isinstance(sid, str) or not isinstance(h, str):
            raise RecordError("record without spec_id/spec_hash strings", path=path)
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise RecordError("record seed must be an integer or null", path=path)
        if order is not None and (
            not isinstance(order, list) or not all(isinstance(c, str) for c in order)
        ):
            raise RecordError("record order must be a list of card names or null", path=path)
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise RecordError("record moves must be a list of strings", path=path)
        return cls(sid, h, seed, order, moves)


def replay(game, record: Record, path: str | None = None):
    """The state after replaying `record` on `game`; RecordError naming the move number
    when a move is illegal, or when the record is for another spec."""
    if record.spec_id != game.spec_id:
        raise RecordError(f"record is for game {record.spec_id!r}, not {game.spec_id!r}", path=path)
    if record.spec_hash != game.spec_hash:
        raise RecordError(
            f"record was made with another version of spec {game.spec_id!r} "
            f"(hash {record.spec_hash[:12]}…, this spec {game.spec_hash[:12]}…)",
            path=path,
        )
    try:
        state = game.new_state(seed=record.seed, order=record.order)
    except IllegalMove as e:
        raise RecordError(f"record deal: {e.message}", path=path) from None
    for i, text in enumerate(record.moves, 1):
        try:
            state.apply(state.parse_move(text))
        except IllegalMove as e:
            raise RecordError(f"move {i} {text!r}: {e.message}", path=path) from None
    return state
