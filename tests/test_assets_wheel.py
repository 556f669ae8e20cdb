"""The wheel carries the art: build it, install it into a fresh venv, find every file.

The build runs on a copy of the project, because setuptools writes ``build/lib`` and
``*.egg-info`` into the source tree, and our ``build/`` folder holds recipes.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SNIPPET = textwrap.dedent(
    """
    import json, os
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    import game.assets as a
    sprites, sounds = a.asset_dir("sprites"), a.asset_dir("sounds")
    print(json.dumps({
        "module": a.__file__,
        "sprites": str(sprites),
        "sounds": str(sounds),
        "svgs": sorted(str(p.relative_to(sprites)) for p in sprites.rglob("*.svg")),
        "wavs": sorted(p.name for p in sounds.glob("*.wav")),
        "backs": a.back_names(),
        "rendered": len(a.CardArt().render((56, 78))),
    }))
    """
)


def run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{' '.join(cmd)} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_wheel_installed_in_fresh_venv_finds_all_sprites_and_sounds(tmp_path):
    src = tmp_path / "src"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "lib", "bdist.*")
    for name in ("game", "sprites", "sounds"):
        shutil.copytree(ROOT / name, src / name, ignore=ignore)
    for name in ("pyproject.toml", "README.md"):
        if (ROOT / name).is_file():
            shutil.copy2(ROOT / name, src / name)
    wheels = tmp_path / "wheels"
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", ".", "-w", str(wheels)], src)
    (wheel,) = wheels.glob("*.whl")

    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], tmp_path)
    py = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    run([str(py), "-m", "pip", "install", "--no-deps", "-q", str(wheel)], tmp_path)

    neutral = tmp_path / "elsewhere"
    neutral.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    found = json.loads(run([str(py), "-c", SNIPPET], neutral, env).strip().splitlines()[-1])

    assert Path(found["module"]).resolve().is_relative_to(venv.resolve())
    assert Path(found["sprites"]).resolve().is_relative_to(venv.resolve())
    assert Path(found["sounds"]).resolve().is_relative_to(venv.resolve())
    source_svgs = sorted(
        str(p.relative_to(ROOT / "sprites")) for p in (ROOT / "sprites").rglob("*.svg")
    )
    assert found["svgs"] == source_svgs
    assert found["wavs"] == sorted(p.name for p in (ROOT / "sounds").glob("*.wav"))
    assert {"red", "blue"} <= set(found["backs"])
    assert found["rendered"] == 53
