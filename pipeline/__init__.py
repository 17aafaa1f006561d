"""pasyans: old Russian patience books, from OCR text to playable games."""

import os as _os

__version__ = "0.1.0"

if _os.environ.get("PASYANS_PURE", "") not in ("", "0"):
    # the pure-Python engine even where the compiled core is installed (`engine/core.py`):
    # set before this package is imported, e.g. to compare the two cores on the same deals
    import importlib.machinery as _machinery
    import importlib.util as _util
    import sys as _sys
    from collections.abc import Sequence as _Sequence
    from types import ModuleType as _ModuleType

    class _PythonSources:
        """Import finder: a `pipeline` module compiled beside its `.py` loads from the `.py`."""

        @staticmethod
        def find_spec(
            name: str, path: "_Sequence[str] | None" = None, target: "_ModuleType | None" = None
        ) -> "_machinery.ModuleSpec | None":
            if not name.startswith("pipeline.") or not path:
                return None
            spec = _machinery.PathFinder.find_spec(name, path)
            origin = (spec.origin if spec else None) or ""
            if not origin.endswith(".so"):
                return None
            folder, file = _os.path.split(origin)  # the folder's own name may hold dots
            src = _os.path.join(folder, file.split(".", 1)[0] + ".py")
            if not _os.path.isfile(src):
                return None
            return _util.spec_from_file_location(name, src)

    _sys.meta_path.insert(0, _PythonSources)
