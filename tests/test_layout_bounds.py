"""Layout numbers are bounded (schema and whole-group reach), and drawing costs what the
cards cost: a valid spec with far-apart coordinates draws at once and compactly."""

from __future__ import annotations

import time

from test_spec_errors import edit, problems

from pipeline.render.canvas import MAX_GAP, Canvas
from pipeline.render.style import Style


def test_anchor_beyond_the_table_is_refused():
    src = edit(
        "columns: {role: tableau, count: 4}",
        "columns: {role: tableau, count: 4, layout: {at: [1000000000, 0]}}",
    )
    assert problems(src) == [
        ("piles.columns.layout.at[0]", 10, 52, "expected at most 500, got the integer 1000000000")
    ]


def test_radius_step_and_positions_are_bounded():
    src = edit(
        "columns: {role: tableau, count: 4}",
        "columns: {role: tableau, count: 4, layout: {shape: star, radius: 1000000}}\n"
        "  more: {role: reserve, count: 1, layout: {step: [100000000, 0]}}\n"
        "  far: {role: reserve, count: 1, layout: {positions: [[-100000000, 0]]}}",
    )
    assert [(k, m) for k, _, _, m in problems(src)] == [
        ("piles.columns.layout.radius", "expected at most 100, got the integer 1000000"),
        ("piles.more.layout.step[0]", "expected at most 50, got the integer 100000000"),
        ("piles.far.layout.positions[0][0]", "expected at least -500, got the integer -100000000"),
    ]


def test_a_row_whose_last_pile_leaves_the_table_is_refused():
    src = edit(
        "columns: {role: tableau, count: 4}",
        "columns: {role: tableau, count: 4, layout: {at: [400, 0], step: [50, 0]}}",
    )
    assert problems(src) == [
        (
            "piles.columns.layout",
            10,
            46,
            "the piles reach 550 cells from the table's origin; a table is at most 500 cells "
            "each way",
        )
    ]


def test_a_star_reaching_past_the_table_is_refused():
    src = edit(
        "columns: {role: tableau, count: 4}",
        "columns: {role: tableau, count: 4, layout: {shape: star, at: [450, 0], radius: 100}}",
    )
    assert [m for *_, m in problems(src)] == [
        "the piles reach 550 cells from the table's origin; a table is at most 500 cells each way"
    ]


def test_canvas_keeps_at_most_max_gap_empty_cells_between_used_ones():
    canvas = Canvas()
    canvas.put(-500, -500, [(("A", None),)])
    canvas.put(500, 500, [(("B", None),)])
    start = time.process_time()
    lines = canvas.lines(Style())
    assert time.process_time() - start < 5  # a bound on hanging, not a speed measure
    assert len(lines) == MAX_GAP + 2
    assert lines[0] == "A"
    assert lines[-1].endswith("B") and len(lines[-1]) == 1 + MAX_GAP * 4 + 2


def test_canvas_fills_short_gaps_as_before():
    canvas = Canvas()
    canvas.put(0, 0, [(("A", None),)])
    canvas.put(3, 0, [(("B", None),)])
    assert canvas.lines(Style()) == ["A" + " " * 9 + "B"]
