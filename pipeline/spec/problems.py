"""Collecting every problem of a spec, each placed at the YAML node it is about."""

from __future__ import annotations

from collections.abc import Sequence

from pipeline.errors import SpecError

KeyPath = tuple[str | int, ...]


class Problems:
    """Accumulates located SpecErrors so validation reports all of them, not just the first."""

    def __init__(
        self,
        path: str | None,
        positions: dict[KeyPath, tuple[int, int]],
        key_positions: dict[KeyPath, tuple[int, int]],
    ) -> None:
        self.path = path
        self.positions = positions
        self.key_positions = key_positions
        self.errors: list[SpecError] = []

    def locate(self, key_path: Sequence[str | int], at_key: bool = False) -> tuple[int, int]:
        """The node's own position, else its nearest written ancestor's (a default has none)."""
        kp = tuple(key_path)
        if at_key and kp in self.key_positions:
            return self.key_positions[kp]
        while True:
            if kp in self.positions:
                return self.positions[kp]
            if not kp:
                return (1, 1)  # about the whole file
            kp = kp[:-1]

    def add(self, key_path: Sequence[str | int], message: str, *, at_key: bool = False) -> None:
        line, column = self.locate(key_path, at_key)
        self.errors.append(
            SpecError(message, path=self.path, line=line, column=column, key_path=tuple(key_path))
        )

    def raise_if_any(self) -> None:
        if self.errors:
            errors = sorted(
                self.errors, key=lambda e: (e.line or 0, e.column or 0, str(e.key_path))
            )
            n = len(errors)
            raise SpecError(
                f"{n} problem{'s' if n != 1 else ''} in the spec",
                path=self.path,
                errors=errors,
            )
