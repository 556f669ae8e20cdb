"""ARCHITECTURE.md's "Adding a game" is the walk-through a contributor writes a game from:
it names every method a game's state must have and every hook its spec may set, so a
game written from it is whole (a state missing a method the walk-through never named
cannot even be made)."""

from __future__ import annotations

import ast
from pathlib import Path

from game.core.state import GameState

ROOT = Path(__file__).resolve().parents[2]


def walk_through() -> str:
    doc = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    return doc.split("## Adding a game", 1)[1].split("\n## ", 1)[0]


def spec_hooks() -> set[str]:
    """What a game's spec may set or override: the GameSpec class body above its derived
    helpers (which follow from the hooks and are not a game's to write)."""
    source = (ROOT / "game" / "core" / "spec.py").read_text(encoding="utf-8")
    derived = next(
        n for n, line in enumerate(source.splitlines(), 1) if line.strip().endswith(" derived")
    )
    body = next(
        n for n in ast.parse(source).body if isinstance(n, ast.ClassDef) and n.name == "GameSpec"
    )
    names = set()
    for node in body.body:
        if node.lineno > derived:
            break
        if isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign | ast.Assign):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return {n for n in names if not n.startswith("_")}


def test_the_walk_through_names_every_method_a_games_state_must_have():
    text = walk_through()
    needed = set(GameState.__abstractmethods__) | {"new", "from_setup"}
    assert sorted(n for n in needed if f"`{n}`" not in text and f"`{n}(" not in text) == []


def test_the_walk_through_names_every_hook_a_games_spec_may_set():
    text = walk_through()
    hooks = spec_hooks()
    assert {"id", "state", "agents", "design", "choice_words", "describe"} <= hooks
    assert sorted(n for n in hooks if f"`{n}`" not in text) == []
