"""The rules stay pure Python (DEVELOPERS.md "Architecture"): no pygame below the UI."""

import subprocess
import sys

PURE = ("game.core", "game.games", "game.text")
ALSO = ("game.record", "game.cli.arena")


def test_rules_records_and_ai_import_no_pygame_in_fresh_interpreter():
    """Every module of the core, the games (rules, specs, AI) and the phrasebook, and the
    record checker and the arena, imported in a new interpreter: pygame stays unloaded."""
    code = (
        "import importlib, pkgutil, sys\n"
        f"names = list({ALSO!r})\n"
        f"for root in {PURE!r}:\n"
        "    pkg = importlib.import_module(root)\n"
        "    names += [m.name for m in pkgutil.walk_packages(pkg.__path__, root + '.')]\n"
        "for name in names:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m == 'pygame' or m.startswith('pygame.'))\n"
        "print(len(names), bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    count = int(proc.stdout.split()[0])
    assert count >= 30, proc.stdout  # the walk really found the modules
