"""Every benchmark still runs: each script in ``benchmarks/`` is started as the
README starts it, for one short iteration, and must finish and print its figures."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BRIEF = {  # the arguments of a short run, and a word the output must hold
    "ai_speed.py": (["1"], "ms"),
    "book_endings.py": (["20"], "stalemates"),
    "coach_noise.py": (["1", "--game", "pisti"], "threshold"),
    "frames.py": (["--hands", "0", "--idle", "0.2", "--size", "960x600"], "idle loop"),
    "hand_inputs.py": (["1", "--only", "pisti 2p"], "inputs"),
    "moving_in.py": (["--mb", "0.5", "--runs", "1"], "between two frames"),
    "par.py": (["1", "--only", "pisha-pasha-book 2p"], "replays"),
    "pasha_ceiling.py": (["--deals", "2", "--randoms", "1"], "%"),
    "pishe_speed.py": (["0.2"], "/s"),
    "pisti_model_fit.py": (["2"], "MODELS"),
    "pisti_speed.py": (["0.2"], "/s"),
    "playouts.py": (["0.1"], "hands/s"),
    "render_deck.py": ([], "ms"),
    "startup.py": (["--runs", "1", "--video", "dummy"], "first"),
    "store.py": (
        [
            "--moves",
            "50",
            "--hands",
            "3",
            "--size-hands",
            "200",
            "--history",
            "10",
            "300",
            "--history-hands",
            "2",
        ],
        "a hand's end",
    ),
}


def test_every_benchmark_has_a_short_run_here():
    scripts = {p.name for p in (ROOT / "benchmarks").glob("*.py") if p.name[0] != "_"}  # (helpers)
    assert scripts == set(BRIEF), "a benchmark without a short run in this test would rot"


@pytest.mark.slow
@pytest.mark.parametrize("script", sorted(BRIEF))
def test_benchmark_runs_for_one_short_iteration(script):
    args, word = BRIEF[script]
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert word in done.stdout, done.stdout


@pytest.mark.parametrize("script", sorted(BRIEF))
def test_benchmark_loads_from_anywhere_without_its_folder_on_the_path(script, tmp_path):
    """Before: ``frames.py`` and ``render_deck.py`` imported their helper as a top-level
    module, found only when the script's own folder was on the path, so loading them any
    other way (``runpy``, ``python -m benchmarks.frames``) failed on import."""
    path = ROOT / "benchmarks" / script
    load = f"import runpy; runpy.run_path({str(path)!r}, run_name='loaded')"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PASHA_PISTI_HOME": str(tmp_path), "PYTHONPATH": ""}  # fmt: skip
    done = subprocess.run([sys.executable, "-c", load], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr


@pytest.mark.slow
def test_frames_measure_two_checkouts_side_by_side():
    """The 4K target is judged beside an older commit in one run: ``--against`` runs both
    (here this checkout twice) and prints each figure's medians and their ratio."""
    script = str(ROOT / "benchmarks" / "frames.py")
    args = ["--hands", "0", "--idle", "0.2", "--size", "960x600", "--against", str(ROOT)]
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, script, *args, "--rounds", "1"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "side by side" in done.stdout, done.stdout
    assert "cpu p99" in done.stdout, done.stdout
