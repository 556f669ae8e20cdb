"""The release workflow (.github/workflows/release.yml) runs only what the
repository has. It runs nowhere but on GitHub, and only for a tag, so a renamed script, a
dropped flag or a lost extra would show first on release day; here every command of every
step is read and what it names is checked: the scripts it runs exist and take the flags it
passes, the executable takes the flags the smoke test passes it, the extras and markers it
asks for are declared, the folders it lints are there. (``.ci/run`` validates the file
against GitHub's workflow schema beside this.)"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
EXE = {"$exe", "${{ matrix.exe }}"}  # how the workflow names the built executable


def workflow() -> dict:
    yaml = pytest.importorskip("ruamel.yaml", reason="comes with check-jsonschema (test extra)")
    return yaml.YAML(typ="safe").load(WORKFLOW.read_text(encoding="utf-8"))


def commands() -> list[list[str]]:
    """Every command line of every step's ``run``, as words; ``$(...)`` inside counts too."""
    found = []
    for job in workflow()["jobs"].values():
        for step in job["steps"]:
            for line in step.get("run", "").replace("\\\n", " ").splitlines():
                found += [shlex.split(inner) for inner in re.findall(r"\$\((.*?)\)", line)]
                line = re.sub(r"\$\(.*?\)", "OUTPUT", line)
                found += [shlex.split(part) for part in line.split(";") if part.strip()]
    return found


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def help_text(args: list[str]) -> str:
    done = subprocess.run(
        [sys.executable, *args, "--help"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, f"{' '.join(args)} --help failed:\n{done.stderr}"
    return done.stdout


def flags(words: list[str]) -> list[str]:
    return [w.split("=")[0] for w in words if w.startswith("--")]


def test_every_script_the_workflow_runs_exists_and_takes_its_flags():
    scripts = [c[1:] for c in commands() if c[0] == "python" and c[1].endswith(".py")]
    assert ["build/make_exe.py"] in scripts, "the executable is built by the recipe in build/"
    for script, *args in scripts:
        assert (ROOT / script).is_file(), script
        known = help_text([script])
        for flag in flags(args):
            assert flag in known, f"{script} has no {flag}"


def test_the_executable_is_given_only_flags_the_game_has():
    runs = [c[1:] for c in commands() if c[0] in EXE]
    assert ["--smoke-test"] in runs, "the release is smoke-tested"
    known = help_text(["-m", "game"])
    for args in runs:
        for flag in flags(args):
            assert flag in known, f"the game has no {flag}"


def test_the_extras_markers_and_folders_it_names_are_the_projects():
    project = pyproject()
    extras = set(project["project"]["optional-dependencies"])
    markers = {m.split(":")[0] for m in project["tool"]["pytest"]["ini_options"]["markers"]}
    checked = 0
    for words in commands():
        if words[:4] == ["python", "-m", "pip", "install"]:
            for spec in words[4:]:
                found = re.fullmatch(r"\.\[(.+)\]", spec)
                checked += bool(found)
                assert found is None or set(found.group(1).split(",")) <= extras, spec
        if words[:3] == ["python", "-m", "pytest"] and "-m" in words[3:]:
            expression = words[words.index("-m", 3) + 1]
            names = set(re.findall(r"\w+", expression)) - {"not", "and", "or"}
            assert names <= markers, expression
            checked += 1
        if words[0] == "ruff":
            for path in words[2:]:
                if not path.startswith("-"):
                    assert (ROOT / path).exists(), path
                    checked += 1
    assert checked >= 4


def test_it_installs_the_validators_the_desktop_entry_tests_need():
    linux = [w for w in commands() if w[:3] == ["sudo", "apt-get", "install"]]
    assert linux
    assert {"desktop-file-utils", "appstream"} <= set(linux[0])
