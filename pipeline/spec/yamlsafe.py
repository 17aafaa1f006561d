"""Safe, bounded YAML reading that keeps every value's line and column.

PyYAML only composes the node tree here (no constructor ever runs on user input), with
libyaml's parser where it reads as PyYAML's Python one does (`_composed`); values are
built from the nodes by hand, so no tag can build an object, every value keeps its position
for error messages, and limits (size, depth, aliases, expanded size) hold before anything
is expanded. Scalars are resolved the YAML 1.2 core way: `true`/`false` only (not `yes`,
`on`), decimal integers and plain decimal floats; everything else is a string.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import ClassVar

import yaml
from yaml.composer import Composer
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import BaseResolver
from yaml.scanner import Scanner

from pipeline.errors import InputError, SpecError, excerpt
from pipeline.inputs import not_utf8_because
from pipeline.spec.vocab import describe

MAX_BYTES = 1_000_000  # a curated spec is a few kilobytes
MAX_DEPTH = 40  # nesting of mappings and lists; the language needs about 6
MAX_ALIASES = 200  # alias references in one file
MAX_NODES = 100_000  # values after expanding aliases (an alias bomb is refused here)

_Y = "tag:yaml.org,2002:"
STR, INT, FLOAT, BOOL, NULL, MAP, SEQ = (
    _Y + t for t in ("str", "int", "float", "bool", "null", "map", "seq")
)
_ALLOWED_TAGS = {STR, INT, FLOAT, BOOL, NULL, MAP, SEQ}

KeyPath = tuple[str | int, ...]


class _Resolver(BaseResolver):
    """YAML 1.2 core-schema implicit types only (no timestamps, no merge keys, no `yes`)."""

    yaml_implicit_resolvers: ClassVar[dict] = {}


_INT_RE = re.compile(r"^[-+]?[0-9]+$")
_FLOAT_RE = re.compile(r"^[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+|[0-9]+(?:\.[0-9]*)?[eE][-+]?[0-9]+)$")
_Resolver.add_implicit_resolver(
    BOOL, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)
_Resolver.add_implicit_resolver(NULL, re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""])
_Resolver.add_implicit_resolver(INT, _INT_RE, list("-+0123456789"))
_Resolver.add_implicit_resolver(FLOAT, _FLOAT_RE, list("-+.0123456789"))


class _Bounded(Exception):
    def __init__(self, message: str, mark: yaml.Mark | None) -> None:
        super().__init__(message)
        self.message = message
        self.mark = mark


class _Bounds(Composer):
    """PyYAML's Composer with depth and alias counting; no Constructor."""

    _depth = 0
    _aliases = 0

    def compose_node(self, parent: Node | None, index: object) -> Node:
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            self._aliases += 1
            if self._aliases > MAX_ALIASES:
                raise _Bounded(f"more than {MAX_ALIASES} aliases", event.start_mark)
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _Bounded(f"nesting deeper than {MAX_DEPTH} levels", event.start_mark)
            return Composer.compose_node(self, parent, index)
        finally:
            self._depth -= 1


class _Loader(_Bounds, Reader, Scanner, Parser, _Resolver):
    """Reader→Scanner→Parser→Composer, all PyYAML's Python: the reader of record."""

    def __init__(self, text: str) -> None:
        Reader.__init__(self, text)
        Scanner.__init__(self)
        Parser.__init__(self)
        Composer.__init__(self)
        _Resolver.__init__(self)


try:  # libyaml's scanner and parser, in PyYAML's binary wheels
    from yaml._yaml import CParser
except ImportError:  # pragma: no cover - a PyYAML built without libyaml
    CParser = None


class _CLoader(_Bounds, *((CParser,) if CParser is not None else ()), _Resolver):  # type: ignore[misc]
    """The same Composer on libyaml's events: about seven times faster to compose, and the
    same tree wherever `_libyaml_reads_alike` lets it read (`_composed`)."""

    def __init__(self, text: str) -> None:
        CParser.__init__(self, text)
        Composer.__init__(self)
        _Resolver.__init__(self)


@dataclass
class Document:
    """Plain values (dict/list/str/int/float/bool/None) plus where each one was written."""

    data: object
    positions: dict[KeyPath, tuple[int, int]] = field(default_factory=dict)
    key_positions: dict[KeyPath, tuple[int, int]] = field(default_factory=dict)


def _tag(tag: str) -> str:
    return "!!" + tag.removeprefix(_Y) if tag.startswith(_Y) else tag


def _pos(mark: yaml.Mark) -> tuple[int, int]:
    return mark.line + 1, mark.column + 1


def _error(message: str, path: str | None, mark: yaml.Mark | None) -> SpecError:
    line, col = _pos(mark) if mark is not None else (1, 1)  # about the whole file
    err = SpecError(message, path=path, line=line, column=col)
    err.errors = [SpecError(message, path=path, line=line, column=col)]
    return err


def decode(data: bytes, path: str | None, max_bytes: int = MAX_BYTES) -> str:
    """UTF-8 text of a spec file. A file that cannot be read as text (too big, not UTF-8)
    is an InputError (exit 2, like a missing file), located at the first bad byte."""
    if len(data) > max_bytes:
        raise InputError(f"file too big: more than {max_bytes} bytes", path=path)
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if (why := not_utf8_because(data)) is not None:
        raise InputError(why, path=path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        start = exc.start
        line_start = data.rfind(b"\n", 0, start) + 1
        line = data.count(b"\n", 0, start) + 1
        column = len(data[line_start:start].decode("utf-8", "replace")) + 1
        msg = f"not UTF-8: byte 0x{data[start]:02x} cannot be decoded"
        raise InputError(msg, path=path, line=line, column=column) from None


def _text_position(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def compose(text: str, path: str | None = None, max_chars: int = MAX_BYTES) -> Node | None:
    """The node tree of one YAML document, every limit and syntax error as a SpecError."""
    return _tree(text, path, max_chars)[0]


def _tree(
    text: str, path: str | None, max_chars: int, fast: bool = True
) -> tuple[Node | None, bool]:
    """`compose`'s tree and whether libyaml read it (`fast`: it may), or its SpecError."""
    if len(text) > max_chars:
        raise _error(f"text too big: {len(text)} characters (the limit is {max_chars})", path, None)
    try:
        return _composed(text) if fast else (_pure(text), False)
    except _Bounded as exc:
        raise _error(exc.message, path, exc.mark) from None
    except yaml.MarkedYAMLError as exc:
        parts = [p for p in (exc.context, exc.problem) if p]
        mark = exc.problem_mark or exc.context_mark
        message = "YAML syntax error: " + ", ".join(parts)
        ctx = exc.context_mark
        if (
            ctx is not None
            and mark is not None
            and (ctx.line, ctx.column) != (mark.line, mark.column)
        ):
            message += f" (it started at line {ctx.line + 1}, column {ctx.column + 1})"
        raise _error(message, path, mark) from None
    except yaml.reader.ReaderError as exc:
        line, col = _text_position(text, exc.position)
        char = exc.character if isinstance(exc.character, int) else ord(exc.character)
        msg = f"character U+{char:04X} is not allowed in YAML"
        err = SpecError(msg, path=path, line=line, column=col)
        err.errors = [SpecError(msg, path=path, line=line, column=col)]
        raise err from None
    except yaml.YAMLError as exc:  # anything else PyYAML can say
        raise _error(f"YAML error: {exc}", path, None) from None
    except RecursionError:
        raise _error("YAML nested too deeply", path, None) from None


@functools.lru_cache(maxsize=256)
def _composed(text: str) -> tuple[Node | None, bool]:
    """The tree of one text, and whether libyaml read it; one parse per text in a process:
    the same spec and game files are read again and again (every verb of a run, every test).
    Safe because `build` only reads the tree; a failed parse raises and is not kept.

    libyaml reads a text only where it reads as PyYAML's Python reader does
    (`_libyaml_reads_alike`), and only what it reads without complaint: any refusal, of the
    syntax or a bound, is the Python reader's, worded and placed as it says."""
    if CParser is not None and _libyaml_reads_alike(text):
        fast = None
        try:
            fast = _CLoader(text)  # refuses a text UTF-8 cannot encode (a lone surrogate)
            return fast.get_single_node(), True
        except Exception:  # refused: the Python reader says why, below
            pass
        finally:
            if fast is not None:
                fast.dispose()
    return _pure(text), False


# what libyaml reads otherwise than PyYAML's Python reader, found by reading mangled texts
# with both (tests/test_spec_yaml.py): a tab anywhere (where each allows one differs); a value
# indicator with nothing after it but blanks, breaks or a comment before `,` `]` `}` (the empty
# value's place: the indicator's end in Python, the next token's start in libyaml); a block
# scalar's header running into a `#` (libyaml reads a comment, Python refuses); a `?` (in a
# flow collection it ends a plain scalar in Python, not in libyaml); a byte-order mark past
# the start
_READ_OTHERWISE = re.compile(r"[\t?\ufeff]|:(?:\s|#[^\n]*(?:\n|$))*[,\]}]|[|>][-+0-9]*#")


def _libyaml_reads_alike(text: str) -> bool:
    """Whether libyaml may read `text`: it holds none of what the two readers were seen to
    read otherwise."""
    return _READ_OTHERWISE.search(text) is None


def _pure(text: str) -> Node | None:
    """The Python reader's tree: of a text libyaml may not read or refused, and again of one
    it read that `build` then refused (the message placed as the Python reader places it)."""
    loader = _Loader(text)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


def _children(node: Node) -> Iterator[Node]:
    if isinstance(node, SequenceNode):
        yield from node.value
    elif isinstance(node, MappingNode):
        for k, v in node.value:
            yield k
            yield v


def _check_size(root: Node, path: str | None, max_nodes: int = MAX_NODES) -> None:
    """Refuse alias bombs and cycles before expanding: expanded sizes with memoisation."""
    sizes: dict[int, int] = {}
    active: set[int] = set()

    def size(node: Node) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in active:
            raise _error(
                "an alias refers to the node that contains it (a cycle)", path, node.start_mark
            )
        active.add(key)
        total = 1
        for child in _children(node):
            total += size(child)
            if total > max_nodes:
                raise _error(
                    f"the document has more than {max_nodes} values once aliases are expanded "
                    "(an alias bomb?)",
                    path,
                    node.start_mark,
                )
        active.discard(key)
        sizes[key] = total
        return total

    size(root)


def _scalar(node: ScalarNode, path: str | None) -> object:
    tag, value = node.tag, node.value
    try:
        if tag == STR:
            return value
        if tag == NULL:
            if value not in ("", "~", "null", "Null", "NULL"):
                raise ValueError
            return None
        if tag == BOOL:
            low = value.lower()
            if low not in ("true", "false"):
                raise ValueError
            return low == "true"
        if tag == INT:
            if not _INT_RE.match(value):
                raise ValueError
            return int(value)
        if tag == FLOAT:
            return float(value)
    except ValueError:
        raise _error(
            f"{excerpt(value)} cannot be read as {tag.removeprefix(_Y)}",
            path,
            node.start_mark,
        ) from None
    raise _error(f"the tag {_tag(tag)!r} is not allowed on a scalar", path, node.start_mark)


def build(root: Node | None, path: str | None = None, max_nodes: int = MAX_NODES) -> Document:
    """Plain values from a composed tree; positions recorded per key path (1-based)."""
    doc = Document(None)
    if root is None:
        return doc
    _check_size(root, path, max_nodes)

    def value(node: Node, kp: KeyPath) -> object:
        if node.tag not in _ALLOWED_TAGS:
            raise _error(
                f"the tag {_tag(node.tag)!r} is not allowed: only plain YAML is read "
                "(strings, numbers, booleans, null, mappings, lists)",
                path,
                node.start_mark,
            )
        doc.positions.setdefault(kp, _pos(node.start_mark))
        if isinstance(node, ScalarNode):
            if node.tag in (MAP, SEQ):
                raise _error(
                    f"the tag {_tag(node.tag)!r} does not fit a scalar", path, node.start_mark
                )
            return _scalar(node, path)
        if isinstance(node, SequenceNode):
            if node.tag != SEQ:
                raise _error(
                    f"the tag {_tag(node.tag)!r} does not fit a list", path, node.start_mark
                )
            return [value(child, (*kp, i)) for i, child in enumerate(node.value)]
        if node.tag != MAP:
            raise _error(
                f"the tag {_tag(node.tag)!r} does not fit a mapping", path, node.start_mark
            )
        out: dict[str, object] = {}
        for knode, vnode in node.value:
            if not isinstance(knode, ScalarNode):
                raise _error(
                    "a key must be a plain name, not a list or mapping", path, knode.start_mark
                )
            key = _scalar(knode, path)
            # a plain key: style None from the Python reader, "" from libyaml's
            if knode.tag == STR and key == "<<" and not knode.style:
                raise _error(
                    "merge keys (<<) are not supported: write the keys out", path, knode.start_mark
                )
            if not isinstance(key, str):
                raise _error(f"a key must be a name, got {describe(key)}", path, knode.start_mark)
            if key in out:
                first = doc.key_positions.get((*kp, key))
                where = f" (first at line {first[0]}, column {first[1]})" if first else ""
                raise _error(f"duplicate key {excerpt(key)}{where}", path, knode.start_mark)
            doc.key_positions[(*kp, key)] = _pos(knode.start_mark)
            out[key] = value(vnode, (*kp, key))
        return out

    doc.data = value(root, ())
    return doc


def load_document(
    text: str, path: str | None = None, *, max_chars: int = MAX_BYTES, max_nodes: int = MAX_NODES
) -> Document:
    """Compose, bound and build one YAML document (other data files than specs, such as
    the game files, pass their own size limits). A tree libyaml read that `build` refuses
    is read again by the Python reader, whose marks the message gives."""
    root, fast = _tree(text, path, max_chars)
    try:
        return build(root, path, max_nodes)
    except SpecError:
        if not fast:
            raise
    return build(_tree(text, path, max_chars, fast=False)[0], path, max_nodes)
