"""``pip install .`` (not editable) gives a working ``pasha-pisti`` command, and the wheel
carries every picture, sound, the font and the phrasebooks.

The project is copied first, because building writes ``build/lib`` and ``*.egg-info``
into the source tree and our ``build/`` holds recipes. The fresh venv reuses this
interpreter's packages (pygame-ce, pip, setuptools) through a ``.pth`` line and
``--system-site-packages``, so nothing is downloaded: ``--no-deps
--no-build-isolation``. Then the console script runs its smoke test from a neutral
folder, which proves the entry point and the wheel's assets under ``share/``.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ON_CI = os.environ.get("CI") == "true"


def can_build_wheels() -> bool:
    """The licence in PEP 639's form (``license = "MIT"``) needs setuptools 77 or newer,
    which also builds wheels without the ``wheel`` package."""
    if importlib.util.find_spec("setuptools") is None:
        return False
    import setuptools

    major = int(setuptools.__version__.split(".")[0])
    return major >= 77


def run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{' '.join(cmd)} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def copy_project(dest: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "lib", "bdist.*")
    for name in ("game", "sprites", "sounds", "fonts"):
        shutil.copytree(ROOT / name, dest / name, ignore=ignore)
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        if (ROOT / name).is_file():
            shutil.copy2(ROOT / name, dest / name)


def source_to_build(tmp_path: Path) -> Path:
    """A copy of the project to build in, or a skip where wheels cannot be built offline; on
    CI a failure instead, since a gate that silently skips is no gate."""
    if not can_build_wheels():
        reason = "needs setuptools>=77 to build offline"
        if ON_CI:
            pytest.fail(reason)
        pytest.skip(reason)
    src = tmp_path / "src"
    copy_project(src)
    return src


def neutral_folder(tmp_path: Path) -> Path:
    """An empty folder to run the installed game from, so nothing is found by being near."""
    neutral = tmp_path / "elsewhere"
    neutral.mkdir()
    return neutral


def fresh_venv(venv: Path) -> Path:
    """A venv that sees this interpreter's site-packages (through a ``.pth`` line, not the
    system Python's, which may have no pygame at all); returns its python."""
    make = [sys.executable, "-m", "venv", "--without-pip", "--system-site-packages", str(venv)]
    run(make, venv.parent)
    py = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    site = run([str(py), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], venv)
    ours = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    Path(site.strip(), "_outer_site.pth").write_text("\n".join(sorted(ours)) + "\n")
    return py


@pytest.mark.slow
def test_pip_install_gives_a_console_script_that_passes_its_smoke_test(tmp_path):
    src = source_to_build(tmp_path)
    venv = tmp_path / "venv"
    py = fresh_venv(venv)
    run([str(py), "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation", "."], src)
    script = venv / ("Scripts/pasha-pisti.exe" if os.name == "nt" else "bin/pasha-pisti")
    assert script.is_file(), "pip did not install the pasha-pisti console script"

    neutral = neutral_folder(tmp_path)
    drop = ("PYTHONPATH", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "DISPLAY")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    out = run([str(script), "--smoke-test"], neutral, env)

    assert "smoke test passed" in out
    where = dict(line.split(": ", 1) for line in out.splitlines() if ": " in line)
    for kind in ("game", "sprites", "sounds"):
        assert Path(where[kind]).resolve().is_relative_to(venv.resolve()), (kind, where[kind])
    assert Path(where["sprites"]).parts[-3:] == ("share", "pasha-pisti", "sprites")


SNIPPET = textwrap.dedent(
    """
    import json, os
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    import game.assets as a
    from game.assets.deck import DeckRenderer
    from game.text.phrasebook import LOCALE_DIR, Phrasebook
    sprites, sounds = a.asset_dir("sprites"), a.asset_dir("sounds")
    print(json.dumps({
        "module": a.__file__,
        "sprites": str(sprites),
        "sounds": str(sounds),
        "font": str(a.font_file()),
        "svgs": sorted(str(p.relative_to(sprites)) for p in sprites.rglob("*.svg")),
        "wavs": sorted(p.name for p in sounds.glob("*.wav")),
        "backs": a.back_names(),
        "rendered": len(DeckRenderer().render((56, 78))),
        "turkish": Phrasebook("tr").has("app.title"),
        "locale": str(LOCALE_DIR),
    }))
    """
)


@pytest.mark.slow
def test_wheel_installed_in_fresh_venv_finds_all_sprites_sounds_font_and_phrasebooks(tmp_path):
    src = source_to_build(tmp_path)
    wheels = tmp_path / "wheels"
    build = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q"]
    run([*build, ".", "-w", str(wheels)], src)
    (wheel,) = wheels.glob("*.whl")
    venv = tmp_path / "venv"
    py = fresh_venv(venv)
    run([str(py), "-m", "pip", "install", "--no-deps", "-q", str(wheel)], tmp_path)

    neutral = neutral_folder(tmp_path)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    found = json.loads(run([str(py), "-c", SNIPPET], neutral, env).strip().splitlines()[-1])

    for key in ("module", "sprites", "sounds", "font", "locale"):
        assert Path(found[key]).resolve().is_relative_to(venv.resolve()), key
    source_svgs = sorted(
        str(p.relative_to(ROOT / "sprites")) for p in (ROOT / "sprites").rglob("*.svg")
    )
    assert found["svgs"] == source_svgs
    assert found["wavs"] == sorted(p.name for p in (ROOT / "sounds").glob("*.wav"))
    assert {"red", "blue"} <= set(found["backs"])
    assert found["rendered"] == 53
    assert found["turkish"]
