"""Pile references (`group`, `group.N`) expanded to explicit `"group.N"` lists.

The engine never parses a reference: the canonical form holds every reference already
expanded, N counted from 1 as the books count piles.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pipeline.errors import excerpt
from pipeline.spec.problems import KeyPath, Problems
from pipeline.spec.vocab import describe

REF_RE = re.compile(r"^([a-z][a-z0-9-]*)(?:\.([0-9]+))?$")


@dataclass(frozen=True)
class GroupInfo:
    """What reference checks need to know of a pile group."""

    role: str
    count: int


def split_ref(ref: str) -> tuple[str, int]:
    """("group", N) of a canonical `"group.N"` reference."""
    group, _, n = ref.rpartition(".")
    return group, int(n)


def expand(
    value: object, kp: KeyPath, groups: dict[str, GroupInfo], problems: Problems
) -> list[str]:
    """A reference or list of references as `"group.N"` strings, in the order written.

    Unknown groups and pile numbers are reported at the offending item and left out.
    """
    items = value if isinstance(value, list) else [value]
    out: list[str] = []
    for i, item in enumerate(items):
        ikp = (*kp, i) if isinstance(value, list) else kp
        if not isinstance(item, str) or not REF_RE.match(item):
            problems.add(ikp, f"expected a pile reference (group or group.N), got {describe(item)}")
            continue
        m = REF_RE.match(item)
        assert m is not None
        name, num = m.group(1), m.group(2)
        info = groups.get(name)
        if info is None:
            known = ", ".join(groups) or "none"
            problems.add(ikp, f"no pile group {excerpt(name)} (groups: {known})")
            continue
        if num is None:
            out.extend(f"{name}.{n}" for n in range(1, info.count + 1))
            continue
        n = int(num)
        if not 1 <= n <= info.count:
            piles = "1 pile" if info.count == 1 else f"{info.count} piles"
            problems.add(ikp, f"{excerpt(item)}: group {name!r} has {piles}, numbered from 1")
            continue
        out.append(f"{name}.{n}")
    return out
