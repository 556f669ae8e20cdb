"""The checks before the tests (lint, format, types, catalogues) are one list: what the
pre-commit hooks run is what ``.ci/run`` runs, and the release workflow lints and type-checks
the same way, so a change that passes at a commit passes in CI and at a release."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def hook_entries() -> list[str]:
    """The ``entry:`` commands of the pre-commit config (a flat file: no YAML reader needed)."""
    text = (ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    return re.findall(r"^\s+entry:\s*(.+?)\s*$", text, re.MULTILINE)


def test_every_pre_commit_hook_is_a_step_of_ci():
    steps = {line.split("  #")[0].strip() for line in (ROOT / ".ci/run").read_text().splitlines()}
    entries = hook_entries()
    assert len(entries) >= 4
    for entry in entries:
        assert entry in steps, f"{entry!r} is a hook but not a step of .ci/run"


def test_the_type_checker_is_configured_in_the_test_extra_and_run_by_the_release():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    test_extra = project["project"]["optional-dependencies"]["test"]
    assert any(dep.startswith("mypy") for dep in test_extra)
    assert project["tool"]["mypy"]["files"] == ["game"]
    assert not project["tool"]["mypy"].get("exclude"), "no package is left out"
    strict = project["tool"]["mypy"]["overrides"][0]
    assert strict["disallow_untyped_defs"]
    assert {"game.core.*", "game.games.*", "game.store.*", "game.text.*"} <= set(strict["module"])
    workflow = (ROOT / ".github/workflows/release.yml").read_text(encoding="utf-8")
    assert re.search(r"^\s+mypy\s*$", workflow, re.MULTILINE), "the release type-checks"


def test_ruff_keeps_functions_simple_and_tests_in_pytest_style():
    lint = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["ruff"]
    assert {"C90", "RUF", "PT"} <= set(lint["lint"]["select"])
    assert lint["lint"]["mccabe"]["max-complexity"] <= 12


def test_every_type_ignore_in_the_game_says_why_beside_it_or_just_above():
    unexplained = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            if "# type: ignore" not in line:
                continue
            after = line.split("# type: ignore", 1)[1]
            above = lines[i - 1].strip() if i else ""
            if "#" not in after and not above.startswith("#"):
                unexplained.append(f"{path.relative_to(ROOT)}:{i + 1}")
    assert unexplained == [], "a type: ignore needs its reason"
