"""`pasyans diff`: what two rule specs say differently (`structural`), how differently they
play (`behaviour`), as text, JSON (`report`) or a self-contained page (`page`)."""

from pipeline.diff.structural import AREAS, Difference, StructuralDiff, diff_specs

__all__ = ["AREAS", "Difference", "StructuralDiff", "diff_specs"]
