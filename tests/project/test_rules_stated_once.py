"""Each shipped game's rules are stated once, in its kernel (``kernel.py``): the engine,
the fast playouts, the solver, the searches and the coach import it, and no other file of
the game restates a rule the kernel holds (a capture, a pişti's points, which rank a
foundation takes next), so a rule changed in the kernel changes everywhere."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[2] / "game" / "games"

# The files that play the rules, each importing the kernel.
USERS = {
    "pisti": ("rules.py", "model.py", "solve.py", "search.py", "ai.py", "infer.py", "coach.py"),
    "pishe_pasha": ("rules.py", "rollout.py", "ai.py", "coach.py", "setup.py"),
}
# How a restated rule reads: "a jack or a matching rank" taking the pile, a pişti's 10 or
# 20, a rank worked out from a card (Pishe Pasha's foundations build by rank). A rank
# compared alone (an AI preferring a match to a jack) is a choice, not a rule.
RESTATED = {
    "pisti": (r"\b20 if\b", r"in \(top, JACK0\)", r"% 13", r"== ?JACK0 or|or \w+ == JACK0",
              r"== RANK0\[\w+\] or|or RANK0\[\w+\] =="),
    "pishe_pasha": (r"% 13",),
}  # fmt: skip


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}


@pytest.mark.parametrize("game", sorted(USERS))
def test_the_engine_playouts_solver_and_searches_import_the_games_kernel(game):
    folder = GAMES / game
    assert (folder / "kernel.py").is_file()
    kernel = f"game.games.{game}.kernel"
    missing = [name for name in USERS[game] if kernel not in imports_of(folder / name)]
    assert missing == []


@pytest.mark.parametrize("game", sorted(RESTATED))
def test_no_other_file_of_the_game_restates_a_rule_of_its_kernel(game):
    found = []
    for path in sorted((GAMES / game).glob("*.py")):
        if path.name == "kernel.py":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            found += [
                f"{path.name}:{n}: {line.strip()}" for p in RESTATED[game] if re.search(p, code)
            ]
    assert found == []
