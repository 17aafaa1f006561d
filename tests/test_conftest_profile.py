"""The Hypothesis profile the conftest loads where tests run (`conftest.pytest_configure`):
the same examples on every run unless `PASYANS_TESTS=thorough`, and no deadline. The xdist
controller skips it; a worker, or a run without xdist, must not."""

from hypothesis import settings
from thoroughness import THOROUGH


def test_the_tests_run_under_the_conftest_s_profile() -> None:
    now = settings()
    assert now.derandomize is (not THOROUGH)
    assert now.deadline is None
    assert now.print_blob is True
