"""Whether the build backend (`hatch_build.py`) works with given hatchling versions: the range
`[build-system] requires` allows is the one checked here, since the backend's metadata hook
uses hatchling's wheel builder (`WheelBuilder`, `core_metadata_constructor`), not a public API.

Run from the repository root (a venv per version under DIR, hatchling from the index):
    python3 benchmarks/hatchling_check.py 1.25.0 1.33.0 [--dir /tmp/hatchling-check]

Per version, in a copy of the committed tree and as under pip (`PIP_BUILD_TRACKER` set, so
hatchling offers no metadata hook of its own): the backend's `prepare_metadata_for_build_wheel`
and then its `build_wheel` (pure: `PASYANS_PURE=1`, no compile); one line a version saying
whether the METADATA the hook wrote is the wheel's own. Exit 1 if any is not.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

CHECK = """
import os, sys, tempfile, zipfile
from pathlib import Path
os.environ["PIP_BUILD_TRACKER"] = os.devnull
os.environ["PASYANS_PURE"] = "1"
sys.path.insert(0, os.getcwd())
import hatch_build
md, wd = tempfile.mkdtemp(), tempfile.mkdtemp()
name = hatch_build.prepare_metadata_for_build_wheel(md)
whl = hatch_build.build_wheel(wd, None, str(Path(md) / name))
with zipfile.ZipFile(Path(wd) / whl) as z:
    same = z.read(f"{name}/METADATA") == (Path(md) / name / "METADATA").read_bytes()
print(whl, "METADATA the wheel's own" if same else "METADATA DIFFERS")
sys.exit(0 if same else 1)
"""


def check(version: str, root: Path) -> bool:
    """Build with hatchling `version` in a venv under `root`; print the line; whether it held."""
    venv = root / f"hatchling-{version}"
    py = venv / "bin" / "python"
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run(
            [str(py), "-m", "pip", "install", "-q", f"hatchling=={version}"],
            check=True,
            stderr=subprocess.DEVNULL,
        )
    with tempfile.TemporaryDirectory(prefix="hatchling-check-") as src:
        tree = subprocess.run(["git", "archive", "HEAD"], cwd=REPO, capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", src], input=tree.stdout, check=True)
        r = subprocess.run([str(py), "-c", CHECK], cwd=src, capture_output=True, text=True)
    last = (r.stdout.strip().splitlines() or r.stderr.strip().splitlines() or ["no output"])[-1]
    print(f"hatchling {version}: {last}", flush=True)
    return r.returncode == 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("versions", nargs="+")
    ap.add_argument("--dir", type=Path, default=Path(tempfile.gettempdir()) / "hatchling-check")
    args = ap.parse_args()
    args.dir.mkdir(parents=True, exist_ok=True)
    results = [check(v, args.dir) for v in args.versions]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
