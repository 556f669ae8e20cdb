"""The duel is a whole game (its rules, computer player, spec and words) in at most 300
lines of code, as ``wc -l`` counts them: what a contributor writes for a game is small,
because the core derives the rest from what the game declares."""

from __future__ import annotations

from pathlib import Path

FOLDER = Path(__file__).parent
MOST = 300


def test_the_duel_is_at_most_300_lines_of_code():
    code = [p for p in FOLDER.glob("*.py") if not p.name.startswith(("test_", "conftest"))]
    assert {"rules.py", "ai.py", "spec.py", "words.py"} <= {p.name for p in code}
    lines = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in code)
    assert lines <= MOST, f"{lines} lines: the duel has grown past what a game should need"
