"""Pile anchors for every layout shape of rules/README.md, cell by cell."""

from __future__ import annotations

import pytest

from pipeline.render.geometry import default_radius, describe, place_group


def anchors(layout: dict, count: int) -> list[tuple[float, float]]:
    return [p.anchor for p in place_group(layout, count)]


def test_point_row_column_steps() -> None:
    assert anchors({"shape": "point", "at": [13, 0]}, 1) == [(13, 0)]
    assert anchors({"shape": "row", "at": [0, 1]}, 3) == [(0, 1), (1, 1), (2, 1)]
    assert anchors({"shape": "row", "at": [1, 0], "step": [2, 0]}, 3) == [(1, 0), (3, 0), (5, 0)]
    assert anchors({"shape": "column", "at": [4, 2]}, 3) == [(4, 2), (4, 3), (4, 4)]


def test_missing_layout_is_a_row_at_the_origin() -> None:
    assert anchors({}, 2) == [(0, 0), (1, 0)]
    assert anchors(None, 1) == [(0, 0)]


def test_grid_fills_rows_of_n() -> None:
    assert anchors({"shape": "grid", "at": [0, 0], "columns": 2}, 5) == [
        (0, 0), (1, 0), (0, 1), (1, 1), (0, 2),
    ]  # fmt: skip


def test_positions_override_the_shape_and_keep_fractions() -> None:
    layout = {"shape": "row", "at": [9, 9], "positions": [[0, 0], [2.5, 1], [0, 5]]}
    assert anchors(layout, 3) == [(0, 0), (2.5, 1), (0, 5)]


def test_ring_of_eight_from_the_top_clockwise() -> None:
    layout = {"shape": "ring", "at": [0, 0], "radius": 1}
    assert anchors(layout, 8) == [
        (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1),
    ]  # fmt: skip


def test_ring_anticlockwise_from_the_left() -> None:
    layout = {"shape": "ring", "at": [5, 5], "radius": 2, "start": 180, "clockwise": False}
    assert anchors(layout, 4) == [(3, 5), (5, 7), (7, 5), (5, 3)]


def test_clock_puts_pile_n_at_hour_n_symmetrically() -> None:
    cells = anchors({"shape": "clock", "at": [0, 0], "radius": 3}, 12)
    assert cells == [
        (2, -3), (3, -2), (3, 0), (3, 2), (2, 3), (0, 3),        # I .. VI
        (-2, 3), (-3, 2), (-3, 0), (-3, -2), (-2, -3), (0, -3),  # VII .. XII
    ]  # fmt: skip


def test_star_rays_run_straight_and_diagonal_in_whole_cells() -> None:
    places = place_group({"shape": "star", "at": [0, 0], "radius": 2}, 8)
    assert [p.anchor for p in places] == [
        (0, -2), (2, -2), (2, 0), (2, 2), (0, 2), (-2, 2), (-2, 0), (-2, -2),
    ]  # fmt: skip
    # the second ray (north-east): depth 1, 2, 3 step outward one diagonal cell each
    ray = places[1]
    assert [ray.along(k, (0, 0), 2) for k in range(3)] == [(2, -2), (3, -3), (4, -4)]


def test_ring_fan_out_steps_away_from_the_centre() -> None:
    places = place_group({"shape": "clock", "at": [0, 0], "radius": 3}, 12)
    three = places[2]  # hour III, straight right
    assert [three.along(k) for k in range(3)] == [(3, 0), (4, 0), (5, 0)]
    twelve = places[11]
    assert [twelve.along(k) for k in range(2)] == [(0, -3), (0, -4)]


@pytest.mark.parametrize(
    ("shape", "count", "radius"),
    [("ring", 8, 1), ("ring", 12, 3), ("clock", 12, 3), ("ring", 13, 4), ("star", 8, 1)],
)
def test_default_radius(shape: str, count: int, radius: int) -> None:
    assert default_radius(shape, count) == radius


def test_default_radius_keeps_twelve_hours_apart() -> None:
    cells = anchors({"shape": "clock", "at": [0, 0]}, 12)
    assert len(set(cells)) == 12


def test_describe_numbering() -> None:
    assert describe({"shape": "row"}, 12) == "left to right"
    assert describe({"shape": "star"}, 8) == "from the top, clockwise"
    assert describe({"shape": "ring", "start": 180, "clockwise": False}, 4) == (
        "round from the left, anticlockwise"
    )
    assert describe({"shape": "clock"}, 12) == "at the hours"
    assert describe({"positions": [[0, 0]]}, 1) == "placed"


def test_null_fields_of_the_canonical_form_mean_defaults() -> None:
    layout = {"shape": "ring", "at": [6, 6], "step": None, "radius": None, "start": None,
              "clockwise": True, "positions": None, "fan": "none"}  # fmt: skip
    assert anchors(layout, 4) == [(6, 5), (7, 6), (6, 7), (5, 6)]
    assert anchors({"shape": "grid", "at": [0, 0], "columns": None, "step": None}, 2) == [
        (0, 0), (1, 0),
    ]  # fmt: skip
    assert describe({"shape": "star", "start": None, "clockwise": True}, 8) == (
        "from the top, clockwise"
    )
