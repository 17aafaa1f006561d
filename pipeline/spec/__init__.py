"""The rule-spec language (`rules/README.md`): safe loading, validation, canonical form.

from pipeline.spec import load_spec, canonical, spec_hash
spec = load_spec("rules/blockade.yaml")   # SpecError(.errors) when invalid
"""

from __future__ import annotations

from pipeline.spec.loader import load_spec, load_spec_text
from pipeline.spec.model import Spec, canonical, canonical_json, spec_hash

__all__ = ["Spec", "canonical", "canonical_json", "load_spec", "load_spec_text", "spec_hash"]
