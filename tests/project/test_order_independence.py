"""No test depends on the ones before it: a sample of the suite passes in reverse and in a
shuffled order (``PASHA_TEST_ORDER``, read by ``conftest.pytest_collection_modifyitems``).
The sample holds the tests that change what a process shares (the registry, the
phrasebook and its language, speakers and their threads) beside the ones that read it:
the screen sweep in both languages once found two History phrases missing only after the
whole suite had run before it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = (
    "tests/text/test_plural_phrases.py",
    "tests/text/test_smoke_words.py",
    "tests/speech/test_speech.py",
    "tests/ui/test_ui_speech.py",
    "tests/ui/test_ui_speech_screens.py",
    "tests/text/test_phrasebook.py",
)


@pytest.mark.slow
@pytest.mark.parametrize("order", ["reverse", "shuffle:2026", "shuffle:1202"])
def test_a_sample_of_the_suite_passes_in_any_order(order):
    assert collected(order) != collected("")
    assert sorted(collected(order)) == sorted(collected(""))
    done = pytest_run(order)
    tail = "\n".join(done.stdout.splitlines()[-30:])
    assert done.returncode == 0, f"{order}:\n{tail}\n{done.stderr[-2000:]}"
    assert " passed" in tail.splitlines()[-1]
    assert "failed" not in tail


def pytest_run(order: str, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PASHA_TEST_ORDER": order, "SDL_VIDEODRIVER": "dummy"}
    env["SDL_AUDIODRIVER"] = "dummy"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args, *SAMPLE],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=1500,
    )  # fmt: skip


def collected(order: str) -> list[str]:
    """The sample's tests in the order a run in ``order`` takes them."""
    lines = pytest_run(order, "--collect-only").stdout.splitlines()
    return [line for line in lines if "::" in line]
