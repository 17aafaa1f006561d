"""docs/cli.md against the command line itself: each verb's synopsis (the line under its
`### pasyans VERB` heading) names every option the verb's parser takes, with the same choices,
and no option it does not take, so the page cannot fall behind a new option or policy."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from pipeline.cli import VERBS, build_parser

PAGE = Path(__file__).resolve().parent.parent / "docs" / "cli.md"


def synopsis(page: str, verb: str) -> str:
    """The verb's synopsis: the first line under its heading that starts `pasyans VERB`."""
    after = page.split(f"\n### pasyans {verb}\n", 1)[1]
    for line in after.splitlines():
        line = line.strip().strip("`")
        if line.startswith(f"pasyans {verb}"):
            return line
    raise AssertionError(f"no synopsis under ### pasyans {verb}")


def differences(line: str, parser: argparse.ArgumentParser) -> list[str]:
    """What the synopsis leaves out or says otherwise than the parser: an option missing, a
    choice list that differs, an option the parser does not have."""
    out = []
    named = set(re.findall(r"(?<![\w-])(--?[a-zA-Z][\w-]*)", line))
    known = set()
    for action in parser._actions:
        strings = [s for s in action.option_strings if s not in ("-h", "--help")]
        known |= set(strings)
        if not strings or action.help == argparse.SUPPRESS:  # a hidden option (tests')
            continue
        said = [s for s in strings if s in named]
        if not said:
            out.append(f"{strings[-1]} missing")
            continue
        if action.choices:
            m = re.search(rf"(?<![\w-]){re.escape(said[0])}\s+([\w|-]+)", line)
            choices = set(m.group(1).split("|")) if m else set()
            if choices != set(action.choices):
                out.append(f"{said[0]} {'|'.join(action.choices)}, not {m and m.group(1)}")
    out += [f"{s} is no option" for s in sorted(named - known)]
    return out


@pytest.fixture(scope="module")
def parsers() -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


@pytest.mark.parametrize("verb", list(VERBS))
def test_each_verb_s_synopsis_names_its_options(verb: str, parsers) -> None:
    line = synopsis(PAGE.read_text(encoding="utf-8"), verb)
    assert differences(line, parsers[verb]) == []


def test_a_synopsis_behind_its_parser_is_found(parsers) -> None:
    line = "pasyans diff A B [--json] [--deals N] [--seed S] [--policy random|greedy] [--bogus]"
    assert differences(line, parsers["diff"]) == [
        "--policy random|solver|restarts|beam|greedy|hindsight|playouts, not random|greedy",
        "--max-moves missing",
        "--html missing",
        "--bogus is no option",
    ]


def test_simulate_s_budget_help_gives_every_policy_its_default(parsers) -> None:
    from pipeline.policies import POLICIES

    budget = next(a for a in parsers["simulate"]._actions if "--budget" in a.option_strings)
    said = {
        name: int(n)
        for names, n in re.findall(r"([\w, ]+): [^;\[]+\[(\d+)\]", budget.help or "")
        for name in names.strip().split(", ")
    }
    assert said == {name: p.budget for name, p in POLICIES.items()}


def test_the_page_counts_the_compiled_modules_as_the_build_lists_them() -> None:
    from pipeline.engine.core import sources

    page = PAGE.read_text(encoding="utf-8")
    n = len(sources())
    assert re.findall(r"hot modules \((\d+) of them", page) == [str(n)]
    assert re.findall(r"compiled core \(mypyc, (\d+) modules\)", page) == [str(n)]
