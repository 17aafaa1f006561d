"""The shared report pieces (`pipeline.report`): the interval bar's geometry and the page."""

from __future__ import annotations

import re

from pipeline.report.interval import interval_bar
from pipeline.report.page import CSS, document


def _rect(svg: str, cls: str) -> tuple[float, float]:
    m = re.search(rf'<rect class="{cls}" x="([-\d.]+)" y="\d+" width="([\d.]+)"', svg)
    assert m, cls
    return float(m.group(1)), float(m.group(2))


def test_a_rate_bar_puts_interval_bounds_and_mark_on_a_0_to_1_scale() -> None:
    svg = interval_bar((0.2, 0.5), 0.3, bounds=(0.1, 0.9), mark=0.75, width=300)
    assert _rect(svg, "ci") == (60.0, 90.0)
    assert _rect(svg, "bounds") == (30.0, 240.0)
    assert _rect(svg, "published") == (224.0, 2.0)
    assert 'class="zero"' not in svg


def test_a_difference_bar_is_centred_on_zero() -> None:
    svg = interval_bar((-0.5, 0.25), 0.0, low=-1.0, width=200)
    assert _rect(svg, "zero") == (99.5, 1.0)
    assert _rect(svg, "ci") == (50.0, 75.0)


def test_no_decided_deal_draws_no_interval() -> None:
    svg = interval_bar(None, None, bounds=(0.0, 1.0))
    assert 'class="ci"' not in svg and 'class="bounds"' in svg


def test_a_page_is_one_self_contained_file() -> None:
    page = document("a <b> & c", ["<p>body</p>"], heading="Heading")
    assert page.startswith("<!DOCTYPE html>") and page.endswith("</html>\n")
    assert "<title>a &lt;b&gt; &amp; c</title>" in page and "<h1>Heading</h1>" in page
    assert "<script" not in page and "url(" not in CSS and "@import" not in CSS
