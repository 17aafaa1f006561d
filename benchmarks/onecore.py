"""Shared by the speed benchmarks: pin the process to one CPU, so a figure is a one-core
figure on every machine (the issues state their speed targets per core)."""

from __future__ import annotations

import os


def pin_one_core() -> int | None:
    """Pin this process to its lowest allowed CPU; the CPU, or None where unsupported."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return cpu
