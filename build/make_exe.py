"""Build the one-file executable into dist/ (the only file there).

    python build/make_exe.py

PyInstaller's work folder goes to .build-work/ (ignored), never into this
recipe folder. numpy and other dev-only packages are excluded by the spec.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "build" / "pasha_pisti.spec"
DIST = ROOT / "dist"
WORK = ROOT / ".build-work"


def build() -> Path:
    """Run PyInstaller on the spec and return the executable's path."""
    shutil.rmtree(DIST, ignore_errors=True)
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
           "--distpath", str(DIST), "--workpath", str(WORK), str(SPEC)]  # fmt: skip
    subprocess.run(cmd, cwd=ROOT, check=True)
    files = [p for p in DIST.iterdir()]
    if len(files) != 1 or not files[0].is_file():
        raise SystemExit(f"expected one executable in dist/, found {[p.name for p in files]}")
    return files[0]


def main() -> int:
    try:
        exe = build()
    except subprocess.CalledProcessError as err:
        print(f"PyInstaller failed (exit {err.returncode})", file=sys.stderr)
        return 1
    size_mb = exe.stat().st_size / 1_000_000
    print(f"built {exe.relative_to(ROOT)}: {size_mb:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
