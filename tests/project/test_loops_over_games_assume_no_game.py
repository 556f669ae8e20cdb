"""A test that loops over the registered games holds for any game a contributor adds: it
names no card count (a game's pack is its own, ``state.CARDS``), no game's pile kinds (a
game's piles are its own) and no number of games. Such a test is one that names the
registry (``SPECS``, ``registered_tables``) or a module-level list made from it."""

from __future__ import annotations

import ast
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
REGISTRY = {"SPECS", "registered_tables"}
PILE_KINDS = {"STOCKS", "DISCARDS", "FOUNDATIONS", "STOCK", "DISCARD", "FOUNDATION"}


def names_in(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} | {
        n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)
    }


def looping_tests(tree: ast.Module) -> list[ast.FunctionDef]:
    """The module's test functions that take their games from the registry."""
    fed = set(REGISTRY)
    for node in tree.body:  # module-level lists made from the registry (TABLES, CASES)
        if isinstance(node, ast.Assign) and names_in(node.value) & fed:
            fed |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return [
        f
        for f in tree.body
        if isinstance(f, ast.FunctionDef)
        and f.name.startswith("test_")
        and (names_in(f) | {n for d in f.decorator_list for n in names_in(d)}) & fed
    ]


def assumptions(f: ast.FunctionDef) -> list[str]:
    out = [f"names {n}" for n in sorted(names_in(f) & PILE_KINDS)]
    out += [f"counts {n.value} cards" for n in ast.walk(f)
            if isinstance(n, ast.Constant) and n.value == 52]  # fmt: skip
    for n in ast.walk(f):  # len(SPECS) == 3: a number of games
        counted = isinstance(n, ast.Compare) and names_in(n) & REGISTRY
        if counted and any(isinstance(c, ast.Constant) and c.value for c in n.comparators):
            out.append("counts the games")
    return out


def found(source: str) -> list[str]:
    tree = ast.parse(source)
    return [f"{f.name}: {why}" for f in looping_tests(tree) for why in assumptions(f)]


def test_no_test_that_loops_over_games_assumes_a_pack_piles_or_a_count_of_games():
    bad = [
        f"{path.relative_to(HERE)}: {line}"
        for path in sorted(HERE.rglob("test_*.py"))
        for line in found(path.read_text(encoding="utf-8"))
    ]
    assert bad == []


def test_the_guard_sees_each_assumption():
    """The guard itself: a loop over games naming 52 cards, stocks, or three games."""
    source = """
TABLES = [t for t in registered_tables()]
@pytest.mark.parametrize("game", TABLES)
def test_a(game):
    assert len(cards) == 52 and STOCKS
def test_b():
    assert len(SPECS) == 3
def test_c():
    assert 52
"""
    assert found(source) == ["test_a: names STOCKS", "test_a: counts 52 cards",
                             "test_b: counts the games"]  # fmt: skip
