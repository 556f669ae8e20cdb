"""The shape of the house: no import circles, no game named in the UI, the core
free of pygame, every benchmark still running."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli.deps import cycles, import_graph, main

ROOT = Path(__file__).resolve().parent.parent
GAME_NAMES = re.compile(r"pisti|pishe|book")


def test_the_import_graph_of_game_has_no_circles(capsys):
    graph = import_graph()
    assert len(graph) > 60
    assert cycles(graph) == []
    assert main([]) == 0
    assert "0 circles" in capsys.readouterr().out


def test_the_circle_finder_finds_a_circle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_layers_only_look_down():
    """core below games below the rest; the engines never see the UI or the files."""
    graph = import_graph()
    below = {
        "game.core": set(),
        "game.games": {"game.core"},
        "game.text": {"game.core", "game.games"},  # each game's own phrases, by the registry
    }
    for mod, deps in graph.items():
        for layer, allowed in below.items():
            if mod.startswith(layer + ".") or mod == layer:
                bad = [d for d in deps if not d.startswith((layer, *allowed))]
                assert bad == [], (mod, bad)


PACKAGE = "game.ui.table"
NOT_READ_BY = {  # a part of the table and what it never imports
    "model": ("input", "view", "voice", "rig"),
    "input": ("view", "voice", "rig"),
    "voice": ("view", "rig"),
    "view": ("voice", "rig"),
}


@pytest.mark.parametrize("part", sorted(NOT_READ_BY))
def test_each_part_of_the_table_imports_only_what_lies_below_it(part):
    """The model is what input, view and voice read: it imports none of them, nor the rig
    that joins them, so each can change without touching it; the voice reads the model,
    never the drawing."""
    above = tuple(f"{PACKAGE}.{name}" for name in NOT_READ_BY[part])
    mine = f"{PACKAGE}.{part}"
    bad = {
        mod: sorted(d for d in deps if d.startswith(above))
        for mod, deps in import_graph().items()
        if mod == mine or mod.startswith(mine + ".")
    }
    assert {mod: deps for mod, deps in bad.items() if deps} == {}


def test_the_table_and_each_of_its_parts_is_a_package():
    table = ROOT / "game" / "ui" / "table"
    for folder in (table, *(table / part for part in NOT_READ_BY)):
        assert (folder / "__init__.py").is_file(), folder
    assert sorted(p.name for p in table.glob("*.py")) == ["__init__.py", "rig.py"]


def test_no_file_under_game_ui_names_a_game():
    found = []
    for path in (ROOT / "game" / "ui").rglob("*.py"):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            if GAME_NAMES.search(code) and not code.strip().startswith(('"""', "'")):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert found == []


def test_a_grep_finds_no_game_name_in_the_ui():
    """``grep -rn "pisti\\|pishe\\|book" game/ui/`` finds nothing at all."""
    out = subprocess.run(["grep", "-rn", "--include=*.py", "pisti\\|pishe\\|book", "game/ui/"],
                         cwd=ROOT, capture_output=True, text=True).stdout  # fmt: skip
    assert out == ""


@pytest.mark.parametrize("package", ["game.core", "game.games", "game.text", "game.record",
                                     "game.session", "game.store", "game.ai"])  # fmt: skip
def test_the_pure_layers_never_import_pygame(package):
    code = (
        "import sys, pkgutil, importlib\n"
        f"import {package} as p\n"
        "for m in pkgutil.walk_packages(getattr(p, '__path__', []), p.__name__ + '.'):\n"
        "    importlib.import_module(m.name)\n"
        "print('pygame' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


def test_a_grep_finds_no_games_calls_in_the_shared_table_or_the_core():
    """``grep -rniE "stop|force_btn|end_btn" game/ui game/core`` finds nothing: a call's
    words, key and ways are data its game declares (``GameSpec.calls``), and the shared
    table draws whatever is declared."""
    out = subprocess.run(["grep", "-rniE", "stop|force_btn|end_btn|K_s\\b", "game/ui", "game/core"],
                         cwd=ROOT, capture_output=True, text=True).stdout  # fmt: skip
    assert out == ""


def test_every_game_is_a_spec_class_that_only_overrides_hooks_the_base_declares():
    """A game is a ``GameSpec`` subclass: whatever it sets is one of the base's hooks
    (a misspelt hook would be ignored in silence), and the registry names each in one
    line."""
    from game.core.spec import GameSpec
    from game.games import GAMES, SPECS

    hooks = set(vars(GameSpec)) | set(GameSpec.__annotations__)
    for spec in SPECS.values():
        assert isinstance(spec, GameSpec)
        assert type(spec) is not GameSpec
        own = {name for name in vars(type(spec)) if not name.startswith("__")}
        assert own <= hooks, (spec.id, own - hooks)
    registry = (ROOT / "game" / "games" / "__init__.py").read_text(encoding="utf-8")
    for where in GAMES:
        assert registry.count(where.partition(":")[0]) == 1, where


def test_scenes_never_import_scenes():
    """Scenes meet only through the app's routes (``SCENES``, ``app.goto``): what two of
    them share (a record's moves in words, say) lives beside them, not in one of them."""
    from game.ui.scenes import SCENES

    scenes = {where.partition(":")[0] for where in SCENES.values()}
    graph = import_graph()
    assert scenes <= set(graph)
    assert {m: sorted(graph[m] & scenes) for m in scenes if graph[m] & scenes} == {}


def test_a_draw_is_told_by_is_draw_never_by_its_text():
    """``is DRAW`` everywhere; no code under game/ compares a winner with the
    string "draw" (the text is only what records write)."""
    compared = re.compile(r"(==|!=|\bin\b)[^#]*[\"']draw[\"']|[\"']draw[\"'][^#]*(==|!=)")
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in (ROOT / "game").rglob("*.py")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if compared.search(line.split("#", 1)[0])
    ]
    assert found == []


def test_no_test_lists_every_registered_game_by_hand():
    """A test that loops over games takes them from the registry (``SPECS``,
    ``registered_tables()``), so a game registered is a game tested; a list or tuple
    naming every registered game, as its items or as its tables' games (rows of game,
    choices and perhaps a seed: ``[("pisti", {...}, 5), ...]``), forgets the next."""
    import ast

    from game.games import SPECS

    def first(item: ast.expr) -> ast.expr:
        """A table's game (a row of game, choices and perhaps a seed), else the item."""
        fields = item.elts if isinstance(item, ast.List | ast.Tuple) else []
        table = len(fields) in (2, 3) and isinstance(fields[1], ast.Dict)
        seeded = all(isinstance(f, ast.Constant) and type(f.value) is int for f in fields[2:])
        return fields[0] if table and seeded else item

    found = []
    for path in (ROOT / "tests").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.List | ast.Tuple | ast.Set):
                named = {e.value for e in map(first, node.elts) if isinstance(e, ast.Constant)}
                if set(SPECS) <= named:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def test_no_code_outside_the_games_folders_names_a_registered_game():
    """What the shared code needs of a game (a default, a first game) it takes from the
    registry; a registered game's record name in quotes appears only in its own folder."""
    from game.games import SPECS

    named = re.compile("[\"'](" + "|".join(map(re.escape, SPECS)) + ")[\"']")
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in (ROOT / "game").rglob("*.py")
        if "games" not in path.relative_to(ROOT / "game").parts[:1]
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if named.search(line.split("#", 1)[0])
    ]
    assert found == []


def test_no_private_function_or_constructor_takes_a_parameter_it_never_reads():
    """Unused parameters go. A private helper's or a constructor's parameter
    that its body never reads is a leftover (a callback's or a cache key's is named with
    a leading ``_`` to say it is one on purpose)."""
    import ast

    found = []
    for path in (ROOT / "game").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef):
                continue
            private = node.name.startswith("_") and not node.name.startswith("__")
            stub = all(isinstance(part, ast.Expr | ast.Pass) for part in node.body)
            if stub or not (private or node.name == "__init__"):
                continue  # (a stub only declares a signature: Kind's __init__ is __new__'s)
            read = {n.id for part in node.body for n in ast.walk(part) if isinstance(n, ast.Name)}
            args = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
            found += [
                f"{path.relative_to(ROOT)}:{node.lineno} {node.name}({a.arg})"
                for a in args
                if a.arg not in ("self", "cls") and not a.arg.startswith("_") and a.arg not in read
            ]
    assert found == []


# Built in pieces, so that this file does not match what it looks for.
ISSUE_NUMBER = re.compile(r"(?<![A-Za-z])[Ii]ss" + r"ues?[\s_#-]*\d+")
ITEM_TEST = re.compile(r"test_" + r"item\d")
ROUND_FILE = re.compile(r"test_(hard" + r"ening_|rou" + r"nd)")


def bookkeeping(where: str, text: str) -> list[str]:
    """What in one file (its path ``where``, its source ``text``) names the project's
    history: an issue by its number, a test by an item of one, the file by a round."""
    import ast

    found = [f"{where}:{text.count(chr(10), 0, m.start()) + 1}: {m.group()}"
             for m in ISSUE_NUMBER.finditer(text)]  # fmt: skip
    found += [
        f"{where}:{node.lineno}: {node.name}"
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and ITEM_TEST.match(node.name)
    ]
    return found + ([where] if ROUND_FILE.match(Path(where).name) else [])


def test_no_code_or_test_names_an_issue_by_number_nor_a_test_by_item_or_round():
    """Why a line is there is git's to keep: no .py file under game/, tests/, benchmarks/
    or build/ names an issue by its number, no test function is named for an item of one,
    and no test file for the round that wrote it; each is named for what it covers."""
    found = []
    for folder in ("game", "tests", "benchmarks", "build"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            found += bookkeeping(where, path.read_text(encoding="utf-8"))
    assert found == []


def test_the_bookkeeping_guard_sees_each_kind():
    word, item, hard = "iss" + "ue", "test_" + "item9_each_summary", "tests/test_" + "hardening"
    source = (
        f'"""A docstring ({word} 13; German, {word} 53)."""\n'
        f"# {word.title()} 34: a comment\n"
        f"def test_{word}_36_named(): ...\n"
        f"def {item}(): ...\n"
        "def test_each_summary(): ...\n"
    )
    assert bookkeeping("tests/test_x.py", source) == [
        f"tests/test_x.py:1: {word} 13", f"tests/test_x.py:1: {word} 53",
        f"tests/test_x.py:2: {word.title()} 34", f"tests/test_x.py:3: {word}_36",
        f"tests/test_x.py:4: {item}",
    ]  # fmt: skip
    assert bookkeeping(f"{hard}_start.py", "") == [f"{hard}_start.py"]
    assert bookkeeping("tests/test_" + "round3.py", "") == ["tests/test_" + "round3.py"]
    assert bookkeeping("tests/test_start_up.py", f"# the {word}'s silent choice\n") == []


# the only tests directly in tests/: they hold the whole project, no layer of it
TOP_LEVEL_TESTS = ["test_benchmarks.py", "test_structure.py"]
# the layers' folders (beside them only packages: the tests' own games, the fuzzer)
LAYERS = {"ai", "core", "e2e", "games", "project", "speech", "store", "text", "ui"}


def test_each_test_lies_in_the_folder_of_the_layer_it_tests():
    """tests/ is laid out by layer (core/, games/<game>/, store/, ui/, e2e/, ...): a new
    test file goes in its layer's folder, and only the project-wide ones lie in tests/
    itself. Without ``__init__.py`` in the layer folders pytest imports a test by its
    file's name, so no two test files share one."""
    tests = ROOT / "tests"
    assert sorted(p.name for p in tests.glob("test_*.py")) == TOP_LEVEL_TESTS
    files = sorted(tests.rglob("test_*.py"))
    packages = {p.parent.name for p in tests.glob("*/__init__.py")}
    folders = {p.relative_to(tests).parts[0] for p in files} - set(TOP_LEVEL_TESTS)
    assert folders <= LAYERS | packages
    names = [p.name for p in files]
    assert sorted({n for n in names if names.count(n) > 1}) == []


MODEL = {"m", "model"}  # what the table's code calls its model


def _assigned_on_the_model(source: str) -> list[str]:
    """Each ``m.x = ...`` (``model.x``, ``self.m.x``, tuples too) in ``source``."""

    def is_model(node: ast.expr) -> bool:
        named = isinstance(node, ast.Name) and node.id in MODEL
        return named or (isinstance(node, ast.Attribute) and node.attr in MODEL)

    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        else:
            continue
        for target in targets:
            for t in target.elts if isinstance(target, ast.Tuple) else [target]:
                if isinstance(t, ast.Attribute) and is_model(t.value):
                    found.append(f"{ast.unparse(t)} (line {t.lineno})")
    return found


# The model's own files: its core and the classes it is made of (their ``self`` is the
# model, so what they set on it is the model setting its own state).
TABLE = ROOT / "game" / "ui" / "table"
MODEL_FILES = {
    "table_model.py",
    "model_core.py",
    "clock.py",
    "takebacks.py",
    "hints.py",
}  # in model/
MODEL_CLASSES = {"TableModel", "ModelCore", "TableClock", "TakeBacks", "HintGiver"}


def _builds_on_the_model(source: str) -> list[str]:
    """Each class in ``source`` made from one of the model's classes: its ``self`` would be
    the model, out of the finder's sight."""
    return [
        f"class {node.name} (line {node.lineno})"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ClassDef)
        and any(ast.unparse(b).split(".")[-1] in MODEL_CLASSES for b in node.bases)
    ]


def _hands_on_the_model(source: str) -> list[str]:
    """What in ``source`` reaches into the model: an attribute set, a class of its own."""
    return _assigned_on_the_model(source) + _builds_on_the_model(source)


def test_nothing_outside_the_table_model_sets_its_attributes():
    """The model changes its own state: a scene's decisions come through its director
    (given when the model is made), the input's through the model's methods. Its own
    files are listed by name, and no other file makes a class of the model's."""
    ui = ROOT / "game" / "ui"
    own = {TABLE / "model" / name for name in MODEL_FILES}
    assert all(p.exists() for p in own), "a file of the model's was renamed: list it anew"
    bad = {
        str(p.relative_to(ROOT)): found
        for p in sorted(ui.rglob("*.py"))
        if p not in own and (found := _hands_on_the_model(p.read_text(encoding="utf-8")))
    }
    assert bad == {}


def test_the_model_class_finder_sees_a_class_made_from_the_models():
    source = "class A(ModelCore): ...\nclass B(x.TableModel, C): ...\nclass D(Thing): ...\n"
    assert _builds_on_the_model(source) == ["class A (line 1)", "class B (line 2)"]


def test_the_model_assignment_finder_sees_each_form():
    source = "m.a = 1\nself.model.b += 2\nm.c, x = 3, 4\nself.m.d: int = 5\nself.model = m = 6\n"
    assert _assigned_on_the_model(source) == [
        "m.a (line 1)", "self.model.b (line 2)", "m.c (line 3)", "self.m.d (line 4)",
    ]  # fmt: skip


def _free_functions_over_the_model(source: str) -> list[str]:
    """Each top-level function in ``source`` whose first parameter is a ``TableModel``
    (``m: TableModel``, ``model: "TableModel"``)."""
    found = []
    for node in ast.parse(source).body:
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        params = node.args.posonlyargs + node.args.args
        hint = params[0].annotation if params else None
        if hint is None:
            continue
        named = hint.value if isinstance(hint, ast.Constant) else ast.unparse(hint)
        if isinstance(named, str) and named.split(".")[-1] == "TableModel":
            found.append(f"{node.name} (line {node.lineno})")
    return found


def test_what_the_table_does_to_its_model_is_the_models_own_methods():
    """The clock, the take-backs and the hints are the model's methods (a frame walks into
    the model once): no module of the table has a free function over the model. Those that
    only word or draw it take it as a ``TableReading``, which lets them read and nothing
    more."""
    bad = {
        str(p.relative_to(TABLE)): found
        for p in sorted(TABLE.rglob("*.py"))
        if (found := _free_functions_over_the_model(p.read_text(encoding="utf-8")))
    }
    assert bad == {}


def test_what_the_words_and_drawing_read_of_the_model_is_read_only():
    """Every member of ``TableReading`` is a property, or one of the two questions that
    change nothing: a function given it can set no field of the model and make no move."""
    tree = ast.parse((TABLE / "model" / "reading.py").read_text(encoding="utf-8"))
    (reading,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "TableReading"]
    members = [n for n in reading.body if isinstance(n, ast.FunctionDef)]
    questions = {n.name for n in members if not n.decorator_list}
    assert questions == {"my_actions", "may_hurry"}
    assert all(ast.unparse(d) == "property" for n in members for d in n.decorator_list)
    assert not [n for n in reading.body if isinstance(n, ast.AnnAssign)]  # (writable)


def test_the_free_function_finder_sees_a_function_over_the_model():
    source = (
        "def tick(m: TableModel, dt: float) -> None: ...\n"
        "async def undo(model: 'TableModel') -> bool: ...\n"
        "def hint(m: model.TableModel): ...\n"
        "def other(dt: float, m: TableModel): ...\n"
        "def bare(m): ...\n"
        "class A:\n    def tick(self, m: TableModel): ...\n"
    )
    assert _free_functions_over_the_model(source) == [
        "tick (line 1)", "undo (line 2)", "hint (line 3)",
    ]  # fmt: skip


def test_the_table_view_draws_what_it_is_given_not_the_controller():
    """The view is handed the player's hold on the table (a ``Pointer``) each frame: it
    never reads the controller, so what it draws is the values it was given."""
    graph = import_graph()
    assert "game.ui.table.input.controller" not in graph["game.ui.table.view.table_view"]
    assert "game.ui.table.input.pointer" in graph["game.ui.table.view.table_view"]
