"""The package's layering: each part imports only what lies below it, and no import runs in a
circle. Checked over every module of `pipeline/` by parsing its imports (function-level ones
included), so an upward import fails here before anyone reads it.

Bottom to top: the foundation modules (errors, text data, files, statistics, the policy
names), the stages (ocr, spec, normalize, segment, engine, extract), what runs and shows
games (render, report, play, solve, diff), the orchestration (`game_finding`, `ingest`), the
commands and the CLI. The table `ALLOWED` is the rule: a new subpackage or top-level module
gets its row here and in the table of `docs/architecture.md`, which `ALLOWED` may never be
wider than, and the tests fail until it has both.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pipeline"

FOUNDATION = {"pipeline", "errors", "text", "resources", "atomic", "inputs", "stats", "policies"}

# part -> the parts it may import (besides itself)
ALLOWED: dict[str, set[str]] = {
    "pipeline": set(),  # the package's own __init__ (its version)
    "errors": set(),
    "text": set(),
    "resources": set(),
    "stats": set(),
    "policies": set(),
    "atomic": {"errors"},
    "inputs": {"errors"},
    # the stages, in the order the data flows
    "ocr": FOUNDATION,
    "spec": FOUNDATION,
    "normalize": FOUNDATION,
    "segment": FOUNDATION | {"normalize", "spec"},
    "engine": FOUNDATION | {"spec"},
    "extract": FOUNDATION | {"normalize", "segment", "spec", "engine"},
    # running and showing games
    "render": FOUNDATION | {"spec", "engine"},
    "report": FOUNDATION | {"render"},
    "play": FOUNDATION | {"spec", "engine", "render"},
    "solve": FOUNDATION | {"ocr", "spec", "engine", "report"},
    "diff": FOUNDATION | {"ocr", "normalize", "spec", "engine", "render", "report", "solve"},
    # orchestration on top of the stages, then the command line
    "game_finding": FOUNDATION | {"normalize", "segment", "spec", "extract"},
    "ingest": FOUNDATION | {"ocr", "normalize", "segment", "spec", "extract", "game_finding"},
    "commands": FOUNDATION
    | {
        "ocr",
        "spec",
        "normalize",
        "segment",
        "engine",
        "extract",
        "render",
        "report",
        "play",
        "solve",
        "diff",
        "game_finding",
        "ingest",
    },
    "cli": FOUNDATION | {"commands"},
    "__main__": {"cli"},
}


def modules(package: Path) -> dict[str, Path]:
    """Dotted name -> file of every module under `package`."""
    out = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


IMPORTERS = {"import_module", "__import__"}  # importlib's, called by attribute or by name


def computed(name: str, is_package: bool, call: ast.Call) -> str | None:
    """The module an `importlib.import_module(...)` or `__import__(...)` call names, as far as
    its text says: the whole name when it is a literal, else the package its literal start
    (`f"pipeline.commands.{verb}"`, `"pipeline.solve." + m`, `f"{__name__}.{sub}"`) names; None
    when no part of the package can be read from it (a name from a variable, or a start that
    stops short of a part, `"pipeline." + what`)."""
    if not call.args:
        return None
    arg = call.args[0]
    own = name if is_package else name.rsplit(".", 1)[0]
    here = {"__name__": name, "__package__": own}
    pieces = arg.values if isinstance(arg, ast.JoinedStr) else [arg]
    while isinstance(pieces[0], ast.BinOp) and isinstance(pieces[0].op, ast.Add):
        pieces = [pieces[0].left, pieces[0].right, *pieces[1:]]
    start = ""
    whole = True
    for piece in pieces:
        value = piece.value if isinstance(piece, ast.FormattedValue) else piece
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            start += value.value
        elif isinstance(value, ast.Name) and value.id in here and not start:
            start = here[value.id]
        else:
            whole = False
            break
    if start.startswith("."):  # relative, as `import_module(".x", __package__)` is
        return None
    if whole:
        return start
    package = start.rsplit(".", 1)[0] if "." in start else ""
    return package if package and package != name.split(".")[0] else None


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules that module `name` imports, anywhere in its body, by statement
    or by a computed name (`importlib.import_module`); a computed name the check cannot read
    is "?" (reported by `upward`)."""
    top = name.split(".")[0]
    is_package = path.name == "__init__.py"
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - node.level + 1]
                mod = ".".join([*base, *([node.module] if node.module else [])])
            else:
                mod = node.module or ""
            # `from pipeline.solve import policies` imports the module pipeline.solve.policies
            targets = [f"{mod}.{a.name}" if f"{mod}.{a.name}" in known else mod for a in node.names]
        elif isinstance(node, ast.Call) and (
            getattr(node.func, "attr", None) in IMPORTERS
            or getattr(node.func, "id", None) in IMPORTERS
        ):
            target = computed(name, is_package, node)
            if target is None:
                found.add(f"? (line {node.lineno})")
                continue
            targets = [target]
        else:
            continue
        for t in targets:
            while t and t not in known and "." in t:  # `import pipeline.x.y as z`: the module
                t = t.rsplit(".", 1)[0]
            if t.split(".")[0] == top and t in known and t != name:
                found.add(t)
    return found


def part(module: str) -> str:
    """The row of the table a module belongs to: its subpackage or top-level module."""
    bits = module.split(".")
    return bits[1] if len(bits) > 1 else bits[0]


def graph(package: Path) -> dict[str, set[str]]:
    known = modules(package)
    return {name: imports(name, path, known) for name, path in known.items()}


def upward(g: dict[str, set[str]], allowed: dict[str, set[str]]) -> list[str]:
    """Every import that the table does not allow, and every part it has no row for."""
    bad = sorted({f"{part(m)} has no row in the table" for m in g if part(m) not in allowed})
    for m, deps in sorted(g.items()):
        for d in sorted(deps):
            if d.startswith("?"):
                bad.append(f"{m} imports a module by a name the check cannot read {d[2:]}")
                continue
            a, b = part(m), part(d)
            if a != b and a in allowed and b not in allowed[a]:
                bad.append(f"{m} imports {d} ({a} may not import {b})")
    return bad


def circles(g: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out = []
    for start in sorted(g):
        if start in index:
            continue
        work = [(start, iter(sorted(g[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on.add(start)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(g.get(w, ())))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    x = stack.pop()
                    on.discard(x)
                    comp.append(x)
                    if x == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


@pytest.fixture(scope="module")
def pipeline_graph() -> dict[str, set[str]]:
    """The package's import graph, parsed once for the two checks on it."""
    return graph(PACKAGE)


def test_no_part_imports_upward(pipeline_graph: dict[str, set[str]]) -> None:
    assert upward(pipeline_graph, ALLOWED) == []


def test_no_module_imports_in_a_circle(pipeline_graph: dict[str, set[str]]) -> None:
    assert circles(pipeline_graph) == []


def test_the_table_itself_is_one_way() -> None:
    """No part may import, through the table, a part that may import it back."""
    parts = {p: {d for d in ds if d != p} for p, ds in ALLOWED.items()}
    assert circles(parts) == []


def verbs_importing_verbs(g: dict[str, set[str]], verbs: set[str]) -> list[str]:
    """Every verb module (`pipeline.commands.<verb>`) that imports another verb's module: what
    two verbs share lives in a shared module of `commands/` or lower down."""
    mods = {f"pipeline.commands.{v.replace('-', '_')}" for v in verbs}
    return [f"{m} imports {d}" for m in sorted(mods) for d in sorted(g.get(m, set()) & mods)]


def test_no_verb_imports_another(pipeline_graph: dict[str, set[str]]) -> None:
    from pipeline.cli import VERBS

    assert verbs_importing_verbs(pipeline_graph, set(VERBS)) == []
    looser = {**pipeline_graph, "pipeline.commands.play": {"pipeline.commands.show"}}
    assert verbs_importing_verbs(looser, set(VERBS)) == [
        "pipeline.commands.play imports pipeline.commands.show"
    ]


ARCHITECTURE = ROOT / "docs" / "architecture.md"


def documented(page: str) -> dict[str, set[str]]:
    """Part -> the parts it may import, as the table of `docs/architecture.md` says: its
    names in backticks, "the stages" (the rows of that layer), "everything below" (every row
    above), "`errors` at most"; the foundation, which every part may import, left out."""
    rows = []
    for line in page.split("## Packages and layers", 1)[1].splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[1].startswith("`"):
            layer = cells[0] or rows[-1][0]
            names = [re.sub(r"(\.py|/)$", "", n) for n in re.findall(r"`([^`]+)`", cells[1])]
            rows.append((layer, names, cells[3]))
    out: dict[str, set[str]] = {}
    for i, (_, names, may) in enumerate(rows):
        allowed = set(re.findall(r"`([^`/.]+)`", may))
        if "the stages" in may:
            allowed |= {n for layer, ns, _ in rows if layer == "stages" for n in ns}
        if "everything below" in may:
            allowed |= {n for _, ns, _ in rows[:i] for n in ns}
        for name in names:
            out[name] = allowed
    return out


def wider_than(page: dict[str, set[str]], allowed: dict[str, set[str]]) -> list[str]:
    """Every part the table lets import more than the page does, or that the page leaves out."""
    bad = [f"{p} has no row on the page" for p in sorted(set(allowed) - set(page) - {"pipeline"})]
    for part in sorted(set(allowed) & set(page)):
        for extra in sorted(allowed[part] - FOUNDATION - page[part] - {part}):
            bad.append(f"{part} may import {extra} (the page does not say so)")
    return bad


def test_the_table_allows_no_more_than_the_architecture_page_says() -> None:
    """`ALLOWED` is the design's order (docs/architecture.md, ## Packages and layers) or
    narrower: every part has its row on the page, and may import no part the page does not
    let it."""
    page = documented(ARCHITECTURE.read_text(encoding="utf-8"))
    assert wider_than(page, ALLOWED) == []
    looser = {**ALLOWED, "engine": ALLOWED["engine"] | {"solve"}, "new": set()}
    assert wider_than(page, looser) == [
        "new has no row on the page",
        "engine may import solve (the page does not say so)",
    ]


def test_the_page_s_table_is_read_as_written() -> None:
    page = documented(
        "## Packages and layers\n"
        "| layer | part | what it holds | may import |\n|---|---|---|---|\n"
        "| foundation | `errors.py`, `text.py` | x | `errors` at most |\n"
        "| stages | `ocr/` | x | the foundation |\n| | `segment/` | x | `ocr` |\n"
        "| orchestration | `ingest.py` | x | the stages, `game_finding` |\n"
        "| commands | `cli.py` | x | everything below |\n"
    )
    assert page == {
        "errors": {"errors"},
        "text": {"errors"},
        "ocr": set(),
        "segment": {"ocr"},
        "ingest": {"ocr", "segment", "game_finding"},
        "cli": {"errors", "text", "ocr", "segment", "ingest"},
    }


@pytest.fixture
def toy(tmp_path: Path) -> Path:
    """A package of three parts: `low`, `mid` above it, `top` above both."""
    pkg = tmp_path / "toy"
    for sub in ("low", "mid", "top"):
        (pkg / sub).mkdir(parents=True)
        (pkg / sub / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "low" / "a.py").write_text("X = 1\n")
    (pkg / "mid" / "b.py").write_text("from toy.low.a import X\n")
    (pkg / "top" / "c.py").write_text("from ..mid import b\n")
    return pkg


TOY = {"toy": set(), "low": set(), "mid": {"low"}, "top": {"low", "mid"}}


def test_the_checks_pass_a_package_that_keeps_its_layers(toy: Path) -> None:
    g = graph(toy)
    assert g["toy.top.c"] == {"toy.mid.b"} and g["toy.mid.b"] == {"toy.low.a"}
    assert upward(g, TOY) == [] and circles(g) == []


def test_an_upward_import_inside_a_function_is_found(toy: Path) -> None:
    (toy / "low" / "a.py").write_text("def f():\n    from toy.top import c\n    return c\n")
    g = graph(toy)
    assert upward(g, TOY) == ["toy.low.a imports toy.top.c (low may not import top)"]
    assert circles(g) == [["toy.low.a", "toy.mid.b", "toy.top.c"]]


def test_a_circle_within_one_part_and_a_part_without_a_row_are_found(toy: Path) -> None:
    (toy / "mid" / "d.py").write_text("import toy.mid.b\n")
    (toy / "mid" / "b.py").write_text("from toy.low.a import X\nfrom toy.mid import d\n")
    (toy / "new").mkdir()
    (toy / "new" / "__init__.py").write_text("")
    g = graph(toy)
    assert circles(g) == [["toy.mid.b", "toy.mid.d"]]
    assert upward(g, TOY) == ["new has no row in the table"]


def test_a_computed_upward_import_is_found(toy: Path) -> None:
    """`importlib.import_module` with a name built from parts: its literal start names the
    part it reaches; a name the check cannot read (from a variable, or a start that stops at
    the package itself) is refused, as the engine's core once read the solver's modules."""
    (toy / "low" / "a.py").write_text(
        "import importlib\nfrom importlib import import_module\n"
        "def f(m, names):\n"
        "    importlib.import_module(f'toy.top.{m}')\n"
        "    import_module('toy.mid.' + m)\n"
        "    importlib.import_module(f'{__package__}.{m}')\n"
        "    importlib.import_module('_signal')\n"
        "    for n in names:\n"
        "        importlib.import_module(n)\n"
        "    __import__('toy.' + m)\n"
    )
    g = graph(toy)
    assert g["toy.low.a"] == {"toy.top", "toy.mid", "toy.low", "? (line 9)", "? (line 10)"}
    assert upward(g, TOY) == [
        "toy.low.a imports a module by a name the check cannot read (line 10)",
        "toy.low.a imports a module by a name the check cannot read (line 9)",
        "toy.low.a imports toy.mid (low may not import mid)",
        "toy.low.a imports toy.top (low may not import top)",
    ]
    (toy / "top" / "c.py").write_text(
        "import importlib\nB = importlib.import_module('toy.mid.b')\n"
    )
    assert graph(toy)["toy.top.c"] == {"toy.mid.b"}
