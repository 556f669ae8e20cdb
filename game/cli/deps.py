"""The import graph of the ``game`` package, and its circles: ``python -m game.cli.deps``.

Every import counts: those inside functions (a lazy import is still a dependency) and
those under ``if TYPE_CHECKING:`` (a circle of types still ties two modules together, and
one of them cannot be understood without the other). Prints each layer's modules and any
circle, and exits 1 when there is one.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(tree: ast.AST, here: str, is_package: bool) -> set[str]:
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = here.split(".")
                keep = len(parts) - node.level + (1 if is_package else 0)
                base = ".".join(parts[:keep] + ([base] if base else []))
            out.add(base)
            out.update(f"{base}.{a.name}" for a in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return out


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Module -> the modules of ``game`` it imports."""
    files = {module_name(p): p for p in root.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found = _imports(tree, name, path.name == "__init__.py")
        graph[name] = {m for m in found if m in files and m != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def strong(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    for v in sorted(graph):
        if v not in index:
            strong(v)
    return out


def layer(name: str) -> str:
    parts = name.split(".")
    return ".".join(parts[:2]) if len(parts) > 1 else name


def main(argv: list[str] | None = None) -> int:
    graph = import_graph()
    layers: dict[str, set[str]] = {}
    for mod, deps in graph.items():
        here = layers.setdefault(layer(mod), set())
        here.update(layer(d) for d in deps if layer(d) != layer(mod))
    for name in sorted(layers):
        print(f"{name:<14} -> {', '.join(sorted(layers[name])) or '(nothing of ours)'}")
    found = cycles(graph)
    for group in found:
        print("circle: " + " <-> ".join(group))
    print(f"{len(graph)} modules, {sum(map(len, graph.values()))} imports, {len(found)} circles")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
