"""Reading saved games and move lists: a JSON record, or one move per line.

Files are only ever read here, so a refused file is left byte for byte as it was.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pipeline.errors import IllegalMove, InputError, RecordError, UsageError
from pipeline.play.loading import DEFAULT_SEED


def _read_text(path: str, what: str) -> str:
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise InputError(f"no such {what}", path=path) from None
    except IsADirectoryError:
        raise InputError(f"not a {what} (a directory)", path=path) from None
    except OSError as err:
        raise InputError(f"cannot read {what}: {err.strerror or err}", path=path) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise RecordError(f"not a {what}: not UTF-8 text (byte {err.start})", path=path) from None


def read_record(game: Any, path: str) -> tuple[Any, Any]:
    """A saved game of this spec, replayed: (record, state). RecordError for a corrupt
    file, a save of another game or another version of the rules, or a move that no
    longer replays."""
    text = _read_text(path, "saved game")
    from pipeline.engine.record import Record, replay

    record = Record.from_json(text, path)
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
    try:
        data = json.loads(target.read_bytes().decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
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
                f"move {notation!r} is illegal: {reason}", path=path, line=lineno
            ) from None
    return state, seed
