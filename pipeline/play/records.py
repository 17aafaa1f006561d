"""Reading saved games and move lists: a JSON record, or one move per line.

Files are only ever read here, so a refused file is left byte for byte as it was.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pipeline.engine.rng import DEFAULT_SEED, MAX_SEED
from pipeline.errors import IllegalMove, InputError, RecordError, UsageError, excerpt
from pipeline.inputs import is_regular_file, not_utf8_because, read_input

MAX_BYTES = 4_000_000  # a record of 100,000 moves; /dev/zero must not fill the memory


def _read_text(path: str, what: str, limit: int | None = None) -> str:
    """The UTF-8 text of a file the player named, read at most `limit` bytes far."""
    limit = MAX_BYTES if limit is None else limit
    data = read_input(path, limit, what, missing=f"no such {what}")
    if len(data) > limit:
        raise InputError(f"not a {what}: larger than {limit:,} bytes", path=path)
    if (why := not_utf8_because(data)) is not None:
        raise InputError(f"not a {what}: {why}", path=path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise InputError(f"not a {what}: not UTF-8 text (byte {err.start})", path=path) from None
    if (nul := data.find(b"\0")) >= 0:  # no move or record holds one: binary data
        raise InputError(f"not a {what}: a NUL byte at byte {nul} (binary data?)", path=path)
    return text


def read_record(game: Any, path: str) -> tuple[Any, Any]:
    """A saved game of this spec, replayed: (record, state). RecordError for a corrupt
    file, a save of another game or another version of the rules, or a move that no
    longer replays."""
    text = _read_text(path, "saved game")
    from pipeline.engine.record import Record, replay

    try:
        record = Record.from_json(text, path)
    except RecursionError:  # json recurses per level; a file nested 100,000 deep stops here
        raise RecordError("not a game record (JSON nested too deeply)", path=path) from None
    if record.seed is not None and not 0 <= record.seed <= MAX_SEED:
        raise RecordError("record seed out of range (a seed is 0 … 2**64-1)", path=path)
    if record.spec_id != game.spec_id:
        raise RecordError(f"a saved game of {record.spec_id!r}, not of {game.spec_id!r}", path=path)
    return record, replay(game, record, path=path)


RECORD_FORMAT_PREFIX = "pasyans-record/"


def overwrite_refusal(path: str) -> str | None:
    """Why `save` must not write `path`, or None. A save may replace a saved game (of any
    spec) but never another file: `save rules/shah.yaml` would destroy a spec."""
    target = Path(path)
    if not target.exists():
        return None
    if target.is_dir():
        return "it is a directory"
    if not is_regular_file(target):
        return "it is not a regular file"
    try:
        data = json.loads(read_input(target, MAX_BYTES).decode("utf-8"))
    except (InputError, OSError, UnicodeDecodeError, ValueError, RecursionError):
        data = None
    if isinstance(data, dict) and str(data.get("format", "")).startswith(RECORD_FORMAT_PREFIX):
        return None
    return "the file exists and is not a saved game; it was not overwritten"


def is_json(text: str) -> bool:
    return text.lstrip("\ufeff \t\r\n").startswith("{")


def replay_moves_file(game: Any, path: str, seed: int | None) -> tuple[Any, int | None]:
    """The state after every move of `path`, and the seed it was dealt with.

    A JSON record replays with its own seed (a different `--seed` is a usage error); a
    text file holds one move notation per line, `#` starting a comment, dealt with
    `seed` (default 1, as everywhere). An illegal move is an IllegalMove naming the line
    and the move."""
    text = _read_text(path, "moves file")
    if is_json(text):
        record, state = read_record(game, path)
        if seed is not None and record.seed is not None and record.seed != seed:
            raise UsageError(
                f"the record was dealt with seed {record.seed}; --seed {seed} disagrees",
                path=path,
            )
        return state, record.seed
    if seed is None:
        seed = DEFAULT_SEED  # as `show` and interactive play deal without --seed
    state = game.new_state(seed=seed)
    for lineno, raw in enumerate(text.splitlines(), 1):
        notation = raw.split("#", 1)[0].strip()
        if not notation:
            continue
        try:
            state.apply(state.parse_move(notation))
        except (IllegalMove, ValueError) as err:
            reason = getattr(err, "message", str(err))
            raise IllegalMove(
                f"move {excerpt(notation)} is illegal: {reason}", path=path, line=lineno
            ) from None
    return state, seed
