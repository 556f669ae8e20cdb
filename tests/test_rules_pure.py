"""The rules package stays pure Python (DEVELOPERS.md "Architecture")."""

import subprocess
import sys


def test_rules_and_ai_import_no_pygame_in_fresh_interpreter():
    code = (
        "import sys, game.rules, game.rules.match, game.record, game.ai.base\n"
        "bad = sorted(m for m in sys.modules if m == 'pygame' or m.startswith('pygame.'))\n"
        "print(bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
