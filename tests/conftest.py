"""Hypothesis draws the same examples on every run by default, so the README's test command
passes or fails the same way on every machine; `PASYANS_TESTS=thorough` explores at random."""

from hypothesis import settings
from thoroughness import THOROUGH

settings.register_profile("quick", derandomize=True, print_blob=True)
settings.register_profile("thorough", print_blob=True)
settings.load_profile("thorough" if THOROUGH else "quick")
