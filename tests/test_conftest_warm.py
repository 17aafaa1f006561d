"""The order in which xdist workers import the test files before their collection
(`conftest.warm_order`): each worker starts at its own share, so a cold start is shared."""

from pathlib import Path

from conftest import warm_order

FILES = [Path(f"test_{c}.py") for c in "abcdefgh"]


def test_worker_k_of_n_starts_k_nths_of_the_way_in() -> None:
    assert warm_order(FILES, "gw1", "2") == FILES[4:] + FILES[:4]
    assert warm_order(FILES, "gw3", "4") == FILES[6:] + FILES[:6]
    assert warm_order(FILES, "gw1", "3") == FILES[2:] + FILES[:2]


def test_the_first_worker_and_a_run_without_xdist_keep_pytests_order() -> None:
    assert warm_order(FILES, "gw0", "2") == []
    assert warm_order(FILES, "", "") == []
    assert warm_order(FILES, "gw1", "1") == []
    assert warm_order(FILES, "master", "2") == []
