"""The benchmarks that draw need pygame-ce, which the game's install brings. Started with
an interpreter that lacks it (a bare ``python3 benchmarks/frames.py``), they go on in the
checkout's ``.venv``, made first by the README's own install command if it is not there."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"


def python_of(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_pygame() -> None:
    """Return if pygame-ce can be imported; else run this same command in ``.venv``."""
    if importlib.util.find_spec("pygame") is not None:
        return
    if Path(sys.prefix).resolve() == VENV.resolve():
        sys.exit("pygame-ce is missing from .venv: .venv/bin/pip install -e .")
    python = python_of(VENV)
    if not python.exists():
        say = "pygame-ce is not installed here: making .venv (python3 -m venv .venv && "
        print(say + ".venv/bin/pip install -e .)", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "-e", str(ROOT)], check=True)
    os.execv(str(python), [str(python), *sys.argv])
