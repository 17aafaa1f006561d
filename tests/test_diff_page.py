"""The `pasyans diff --html` page, checked by what a real headless Chromium shows."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from browser import chromium, find
from cli_helpers import run

BROWSER, DRIVER, WHY = find()


@pytest.fixture(scope="module")
def shah_page(tmp_path_factory) -> str:
    out = tmp_path_factory.mktemp("page") / "shah.html"
    from pipeline.cli import main

    assert main(["diff", "shah", "shah.cadogan", "--deals", "2", "--html", str(out)]) == 1
    return str(out)


def test_page_is_self_contained(shah_page: str) -> None:
    html = Path(shah_page).read_text(encoding="utf-8")
    assert "<script" not in html
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html)
    assert "@import" not in html and "url(" not in html
    assert html.count('<tr class="difference"') == 3
    assert 'class="card mark"' in html  # the piles where the readings part, outlined
    assert os.stat(shah_page).st_mode & 0o044  # readable by others, like any page


def test_equal_specs_page_says_so(tmp_path, capsys) -> None:
    out = tmp_path / "same.html"
    code, _, _ = run(capsys, "diff", "clock", "clock", "--html", str(out))
    assert code == 0
    html = out.read_text(encoding="utf-8")
    assert "No difference in the rules" in html and 'class="difference"' not in html


@pytest.mark.skipif(not (BROWSER and DRIVER), reason=WHY or "no browser")
def test_chromium_shows_differences_sentences_and_tables(shah_page: str, tmp_path) -> None:
    with chromium(BROWSER, DRIVER) as b:
        b.get("file://" + shah_page)
        rows = b.run("return [...document.querySelectorAll('tr.difference')].map(r => r.innerText)")
        assert len(rows) == 3
        assert rows[0].startswith("moves.marry.source_depth.min\t2\t3\t")
        assert "среднихъ круговъ" in rows[1] and "средних кругов" in rows[1]
        assert "Marriages are limited to cards in the third circle" in rows[1]
        quotes = b.run(
            "return [...document.querySelectorAll('blockquote')]"
            ".filter(q => q.getBoundingClientRect().height > 0).map(q => q.innerText)"
        )
        assert "«Марьяжъ можно дѣлать только картами среднихъ круговъ»" in quotes
        assert "«Марьяж можно делать только картами средних кругов» (modern spelling)" in quotes
        svgs = b.run(
            "return [...document.querySelectorAll('svg.table')].map(s => {"
            " const r = s.getBoundingClientRect();"
            " return [r.width, r.height, s.querySelectorAll('rect.card').length,"
            "         s.closest('div').querySelector('h3').innerText]; })"
        )
        # first diverging position (A, B), then the opening layouts (A, B)
        assert [s[3] for s in svgs] == ["A", "B", "A: shah", "B: shah (cadogan)"]
        for width, height, cards, _ in svgs:
            assert width > 200 and height > 200 and cards > 8
        behaviour = b.run("return document.querySelector('table.behaviour').innerText")
        assert "A: shah\t" in behaviour and "B − A" in behaviour
        effects = b.run("return document.querySelector('table.effects').innerText")
        assert "moves.marry.source_depth.min\t" in effects
        highlighted = b.run(
            "return [...document.querySelectorAll('pre.spec .hl')].map(e => e.innerText)"
        )
        assert "    source_depth: {min: 2}" in highlighted
        assert "    source_depth: {min: 3}" in highlighted
        (tmp_path / "shot.png").write_bytes(b.screenshot())
        assert (tmp_path / "shot.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("name", "group", "cards"), [("shah", "rays", 24), ("blockade", "columns", 12)]
)
def test_opening_layout_is_the_first_deal_step_laid_out(name: str, group: str, cards: int) -> None:
    from pipeline.diff.page import opening
    from pipeline.engine import compile_game
    from pipeline.spec import load_spec

    spec = load_spec(Path(__file__).resolve().parent.parent / "rules" / f"{name}.yaml")
    game = compile_game(spec)
    state = opening(game, spec.rules, 1)
    count = spec.rules["piles"][group]["count"]
    assert sum(len(state.pile(group, n)) for n in range(1, count + 1)) == cards
    assert state.history == [m for m in state.history if m.notation == "deal"]
