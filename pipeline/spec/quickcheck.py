"""A yes/no schema check compiled from `rules/schema.json`: the fast path of `validate_schema`.

jsonschema walks the schema anew for every value, building a validator object per step and
resolving every `$ref` through its registry; for a draft spec of the grammar stage that walk
costs more than parsing the whole text. Nearly every spec the pipeline checks is valid, and
for a valid spec the only answer is "no problems". So the schema is compiled once into
nested closures that answer yes or no; only a spec they reject goes through jsonschema, which
finds and words its problems exactly as before.

The closures say exactly what jsonschema's Draft 2020-12 validator says (its answers are
negated under `not` and `if`, so "no" when unsure would not be safe): its type rules (a bool
is no number, 1.0 is an integer, only a list is an array), `re.search` for `pattern`, its
equality for `enum` and `const` (True is not 1). A schema using a keyword or form not
written here compiles to no quick check at all: every spec then goes through jsonschema.
"""

from __future__ import annotations

import numbers
import re
from collections.abc import Callable
from typing import Any


def _equal(one: Any, two: Any) -> bool:
    """jsonschema's equality (True is not 1), which answers strings itself: jsonschema is
    imported only for other values (importing it is a third of `pasyans extract`'s imports)."""
    if one is two:
        return True
    if isinstance(one, str) or isinstance(two, str):
        return one == two
    from jsonschema._utils import equal

    return bool(equal(one, two))


Check = Callable[[Any], bool]

# Keywords that only annotate: they never make a value invalid.
_ANNOTATIONS = frozenset(
    {"description", "default", "title", "x-expected", "$schema", "$defs", "$comment", "examples"}
)


def _is_integer(x: Any) -> bool:
    if isinstance(x, bool):
        return False
    return isinstance(x, int) or (isinstance(x, float) and x.is_integer())


def _is_number(x: Any) -> bool:
    if type(x) is int or type(x) is float:  # the usual case, without the ABC check
        return True
    return isinstance(x, numbers.Number) and not isinstance(x, bool)


class _Unsupported(Exception):
    """The schema says something this module does not compile."""


_TYPES: dict[str, Check] = {
    "object": lambda x: isinstance(x, dict),
    "array": lambda x: isinstance(x, list),
    "string": lambda x: isinstance(x, str),
    "integer": _is_integer,
    "number": _is_number,
    "boolean": lambda x: isinstance(x, bool),
    "null": lambda x: x is None,
}


def _never(x: Any) -> bool:
    return False


def _always(x: Any) -> bool:
    return True


class _Compiler:
    def __init__(self, root: dict[str, Any]) -> None:
        self.root = root
        self.refs: dict[str, Check] = {}

    def ref(self, pointer: str) -> Check:
        """A `#/$defs/name` reference, compiled once (a cycle resolves at call time)."""
        if pointer not in self.refs:
            if not pointer.startswith("#/"):
                raise _Unsupported(pointer)
            self.refs[pointer] = _never  # placeholder while compiling a recursive one
            node: Any = self.root
            for part in pointer[2:].split("/"):
                part = part.replace("~1", "/").replace("~0", "~")
                if not isinstance(node, dict) or part not in node:
                    raise _Unsupported(pointer)
                node = node[part]
            compiled = self.compile(node)
            self.refs[pointer] = compiled
        refs = self.refs
        return lambda x: refs[pointer](x)

    def compile(self, schema: Any) -> Check:
        if schema is True:
            return _always
        if schema is False:
            return _never
        if not isinstance(schema, dict):
            raise _Unsupported(repr(schema))
        checks: list[Check] = []
        for key, value in schema.items():
            if key in _ANNOTATIONS or key in ("then", "else"):
                continue
            make = getattr(self, "_" + key.replace("$", "dollar_"), None)
            if make is None:
                raise _Unsupported(key)
            check = make(value, schema)
            if check is not None:
                checks.append(check)
        if not checks:
            return _always
        if len(checks) == 1:
            return checks[0]
        every = tuple(checks)

        def all_of(x: Any) -> bool:
            for c in every:  # noqa: SIM110 (all() of a generator is slower here)
                if not c(x):
                    return False
            return True

        return all_of

    # -- keywords (each returns a check, or None when it constrains nothing) --------------
    def _dollar_ref(self, value: str, schema: dict) -> Check:
        return self.ref(value)

    def _type(self, value: str | list[str], schema: dict) -> Check:
        names = [value] if isinstance(value, str) else list(value)
        if any(n not in _TYPES for n in names):
            raise _Unsupported(f"type {value}")
        tests = [_TYPES[n] for n in names]
        if len(tests) == 1:
            return tests[0]
        return lambda x: any(t(x) for t in tests)

    def _enum(self, value: list, schema: dict) -> Check:
        return lambda x: any(_equal(x, v) for v in value)

    def _const(self, value: Any, schema: dict) -> Check:
        return lambda x: _equal(x, value)

    def _pattern(self, value: str, schema: dict) -> Check:
        rx = re.compile(value)
        return lambda x: not isinstance(x, str) or rx.search(x) is not None

    def _minimum(self, value: float, schema: dict) -> Check:
        return lambda x: not _is_number(x) or not x < value

    def _maximum(self, value: float, schema: dict) -> Check:
        return lambda x: not _is_number(x) or not x > value

    def _minLength(self, value: int, schema: dict) -> Check:
        return lambda x: not isinstance(x, str) or len(x) >= value

    def _uniqueItems(self, value: bool, schema: dict) -> Check | None:
        if not value:
            return None

        def check(x: Any) -> bool:
            if not isinstance(x, list):
                return True
            if all(type(v) is str for v in x):
                return len(set(x)) == len(x)
            from jsonschema._utils import uniq  # other values: jsonschema's own equality

            return bool(uniq(x))

        return check

    def _minItems(self, value: int, schema: dict) -> Check:
        return lambda x: not isinstance(x, list) or len(x) >= value

    def _maxItems(self, value: int, schema: dict) -> Check:
        return lambda x: not isinstance(x, list) or len(x) <= value

    def _minProperties(self, value: int, schema: dict) -> Check:
        return lambda x: not isinstance(x, dict) or len(x) >= value

    def _required(self, value: list[str], schema: dict) -> Check:
        return lambda x: not isinstance(x, dict) or all(k in x for k in value)

    def _properties(self, value: dict[str, Any], schema: dict) -> Check:
        props = {k: self.compile(v) for k, v in value.items()}
        items = tuple(props.items())

        def check(x: Any) -> bool:
            if not isinstance(x, dict):
                return True
            if len(x) < len(items):  # the fewer keys: a draft's mapping names few of them
                for k, v in x.items():
                    c = props.get(k)
                    if c is not None and not c(v):
                        return False
                return True
            for k, c in items:  # noqa: SIM110
                if k in x and not c(x[k]):
                    return False
            return True

        return check

    def _additionalProperties(self, value: Any, schema: dict) -> Check:
        if "patternProperties" in schema:
            raise _Unsupported("patternProperties")
        known = frozenset(schema.get("properties", {}))
        extra = self.compile(value)
        if extra is _always:
            return _always

        def check(x: Any) -> bool:
            if not isinstance(x, dict):
                return True
            for k, v in x.items():  # noqa: SIM110
                if k not in known and not extra(v):
                    return False
            return True

        return check

    def _items(self, value: Any, schema: dict) -> Check:
        if "prefixItems" in schema or isinstance(value, list):
            raise _Unsupported("prefixItems")
        each = self.compile(value)

        def check(x: Any) -> bool:
            if not isinstance(x, list):
                return True
            for v in x:  # noqa: SIM110
                if not each(v):
                    return False
            return True

        return check

    def _propertyNames(self, value: Any, schema: dict) -> Check:
        each = self.compile(value)
        return lambda x: not isinstance(x, dict) or all(each(k) for k in x)

    def _anyOf(self, value: list, schema: dict) -> Check:
        subs = [self.compile(s) for s in value]
        return lambda x: any(c(x) for c in subs)

    def _allOf(self, value: list, schema: dict) -> Check:
        subs = [self.compile(s) for s in value]
        return lambda x: all(c(x) for c in subs)

    def _oneOf(self, value: list, schema: dict) -> Check:
        subs = [self.compile(s) for s in value]
        return lambda x: sum(1 for c in subs if c(x)) == 1

    def _not(self, value: Any, schema: dict) -> Check:
        sub = self.compile(value)
        return lambda x: not sub(x)

    def _if(self, value: Any, schema: dict) -> Check | None:
        cond = self.compile(value)
        then = self.compile(schema["then"]) if "then" in schema else _always
        other = self.compile(schema["else"]) if "else" in schema else _always
        return lambda x: then(x) if cond(x) else other(x)


def compile_schema(schema: dict[str, Any]) -> Check | None:
    """A function telling whether a value is valid against `schema`; None when the schema
    uses something not compiled here."""
    try:
        return _Compiler(schema).compile(schema)
    except _Unsupported:
        return None
