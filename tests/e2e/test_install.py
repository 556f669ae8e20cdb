"""The game installed three ways, each in a fresh venv, finds every card, sound and the font
through ``importlib.resources`` and passes its own smoke test from a folder outside the
project: a wheel, ``pip install .`` (no sdist) and ``pip install -e .``.

The wheel is installed as pipx would (a venv of its own, started by its console script)
and must be complete: every registered game's words (a game's own ``locale/``
too: a game folder keeping one is added to the copy built, and must land in the wheel),
art and sounds are found in the venv, ``--version`` says pyproject's version, and the
desktop entry it installs starts the venv's own script.

Each builds from a copy of exactly the files git tracks (what a clean clone holds), so a
file left out of git, or a packaging line that only works in this checkout, fails here;
building also writes ``build/lib`` and ``*.egg-info``, which must not land in our
``build/`` recipes. The fresh venv reuses this interpreter's packages (pygame-ce, pip,
setuptools) through a ``.pth`` line and ``--system-site-packages``, so nothing is
downloaded: ``--no-deps --no-build-isolation``.
"""

from __future__ import annotations

import importlib.util
import io
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import textwrap
import tomllib
import zipfile
from gettext import GNUTranslations
from pathlib import Path

import pytest
from desktop_tools import entry_keys, exec_words, validate

from game.games import GAMES, SHIPPED, load
from game.text.phrasebook import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
ON_CI = os.environ.get("CI") == "true"
ASSETS = ("sprites", "sounds", "fonts")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


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


def skip_or_fail(reason: str) -> None:
    """A skip where the tools are missing; on CI a failure, since a gate that silently
    skips is no gate."""
    if ON_CI:
        pytest.fail(reason)
    pytest.skip(reason)


def tracked_files() -> list[str]:
    """The files a clean clone of this checkout would hold (their working-tree versions),
    and the files of a game folder not yet staged (a contributor's new game, which git
    does not ignore), so a new game is in the wheel before its first commit."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        skip_or_fail("needs a git checkout to know the tracked files")
    out = run(["git", "ls-files", "-z"], ROOT)
    out += "\0" + run(["git", "ls-files", "-z", "--others", "--exclude-standard", "game"], ROOT)
    return [name for name in out.split("\0") if name and (ROOT / name).is_file()]


def source_to_build(tmp_path: Path) -> Path:
    """A copy of the project's tracked files to build in."""
    if not can_build_wheels():
        skip_or_fail("needs setuptools>=77 to build offline")
    src = tmp_path / "src"
    for name in tracked_files():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, src / name)
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


SNIPPET = textwrap.dedent(
    """
    import json, os
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    import pygame
    import game.assets as a
    from game.assets.deck import DeckRenderer
    from game.text.phrasebook import LOCALE_DIR, Phrasebook
    found = {"module": a.__file__, "locale": str(LOCALE_DIR), "backs": a.back_names()}
    for kind in a.KINDS:
        folder = a.asset_dir(kind)
        files = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
        found[kind] = {"folder": str(folder), "files": files}
    pygame.font.init()
    found["font_height"] = pygame.font.Font(a.font_file(bold=True), 20).get_height()
    found["rendered"] = len(DeckRenderer().render((56, 78)))
    found["turkish"] = Phrasebook("tr").has("app.title")
    print(json.dumps(found))
    """
)


def installed_env() -> dict[str, str]:
    """This environment without the checkout on the path, headless."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "DISPLAY")}
    return {**env, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def assert_finds_every_asset(py: Path, neutral: Path, within: Path, packaged: bool) -> None:
    """Run from ``neutral``, the installed game finds every tracked picture, sound and font
    file under ``within`` (in ``game/assets/data/<kind>`` when ``packaged``), renders the
    deck, opens the font and reads the Turkish phrasebook."""
    found = json.loads(run([str(py), "-c", SNIPPET], neutral, installed_env()).splitlines()[-1])
    tracked = tracked_files()
    for kind in ASSETS:
        want = sorted(name.split("/", 1)[1] for name in tracked if name.startswith(f"{kind}/"))
        folder = Path(found[kind]["folder"])
        assert found[kind]["files"] == want, kind
        assert folder.resolve().is_relative_to(within.resolve()), (kind, folder)
        where = ("game", "assets", "data", kind) if packaged else (kind,)
        assert folder.parts[-len(where) :] == where, folder
    for key in ("module", "locale"):
        assert Path(found[key]).resolve().is_relative_to(within.resolve()), key
    sprites = found["sprites"]["files"]
    faces = {f"{rank}{suit}.svg" for rank in RANKS for suit in "CDHS"}
    assert faces | {"back-red.svg", "back-blue.svg"} <= {
        f[6:] for f in sprites if f[:6] == "cards/"
    }
    assert faces == {f[9:] for f in sprites if f.startswith("cards-hc/")}, "high contrast"
    assert len([f for f in sprites if f.startswith("cards-4c/")]) == 26, "four colours"
    assert len([f for f in found["sounds"]["files"] if f.endswith(".wav")]) == 9
    assert {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf"} <= set(found["fonts"]["files"])
    assert found["font_height"] > 0
    assert {"red", "blue"} <= set(found["backs"])
    assert found["rendered"] == 53
    assert found["turkish"]


def console_script(venv: Path) -> Path:
    return venv / ("Scripts/pasha-pisti.exe" if os.name == "nt" else "bin/pasha-pisti")


def assert_smoke_test_passes(venv: Path, neutral: Path, within: Path) -> None:
    """The console script's ``--smoke-test``, headless, from a folder outside the project:
    the code, the art, the sounds and every registered game's words come from ``within``."""
    script = console_script(venv)
    assert script.is_file(), "pip did not install the pasha-pisti console script"
    out = run([str(script), "--smoke-test"], neutral, installed_env())
    assert "smoke test passed" in out
    where = dict(line.split(": ", 1) for line in out.splitlines() if ": " in line)
    for kind in ("game", "sprites", "sounds", "words"):
        assert Path(where[kind]).resolve().is_relative_to(within.resolve()), (kind, where[kind])
    for kind in (k for k in where if k.startswith("words ")):  # a game's own catalogue
        assert Path(where[kind]).resolve().is_relative_to(within.resolve()), (kind, where[kind])


PROBE = "game/games/probe_words/locale/tr/LC_MESSAGES/pasha.mo"
PROBE_FILES = (
    "game/games/probe_words/art/cards/back.svg",
    "game/games/probe_words/data/deals.json",
)


def add_a_games_own_catalogue(src: Path) -> None:
    """A game folder that keeps its words in its own ``locale/``, as ARCHITECTURE.md's
    "Adding a game" says it may (copied from the shared catalogue: only its place counts),
    and its own pictures and data in ``art/`` and ``data/``."""
    probe = src / PROBE
    probe.parent.mkdir(parents=True)
    shutil.copy(src / "game/text/locale/tr/LC_MESSAGES/pasha.mo", probe)
    shutil.copy(src / "game/text/locale/tr/LC_MESSAGES/pasha.po", probe.with_suffix(".po"))
    for name in PROBE_FILES:
        (src / name).parent.mkdir(parents=True)
        (src / name).write_text("<svg/>" if name.endswith(".svg") else "{}", encoding="utf-8")


def assert_the_wheel_holds_every_catalogue_and_the_desktop_entry(wheel: Path, src: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    catalogues = {p.relative_to(src).as_posix() for p in (src / "game").rglob("LC_MESSAGES/*")}
    assert PROBE in catalogues, sorted(catalogues - names)
    assert catalogues <= names, sorted(catalogues - names)
    assert set(PROBE_FILES) <= names, "a game's own art and data ship with it"
    desktop = {p.relative_to(src).as_posix() for p in (src / "game" / "desktop").iterdir()}
    assert desktop
    assert desktop <= names


def assert_each_registered_game_is_worded_in_the_wheel(wheel: Path) -> None:
    """Every registered game's name and rules, in every language, from the wheel's own
    compiled catalogues (wherever the game keeps them)."""
    with zipfile.ZipFile(wheel) as z:
        books = [(n.split("/")[-3], GNUTranslations(io.BytesIO(z.read(n))))
                 for n in z.namelist() if n.endswith(".mo")]  # fmt: skip
    for lang in LANGUAGES:
        mine = [book for code, book in books if code == lang]
        for spec in map(load, GAMES):  # the games an installed copy knows
            for key in (spec.title_key, spec.rules_key):
                assert any(b.gettext(key) != key for b in mine), (lang, spec.id, key)


def assert_it_says_its_version_and_installs_its_desktop_entry(venv: Path, tmp_path: Path) -> None:
    """``--version`` is pyproject's; the menu entry it makes starts the venv's script."""
    script = console_script(venv)
    want = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    neutral, xdg = tmp_path / "elsewhere", tmp_path / "xdg"
    said = run([str(script), "--version"], neutral, installed_env())
    assert said == f"pasha-pisti {want['version']}\n"
    env = {**installed_env(), "XDG_DATA_HOME": str(xdg), "LANG": "en_GB.UTF-8"}
    run([str(script), "--install-desktop-entry"], neutral, env)
    entry = xdg / "applications" / "io.github.pashapisti.PashaPisti.desktop"
    validate("desktop", entry)
    words = exec_words(entry_keys(entry.read_text(encoding="utf-8"))["Exec"])
    assert words == [str(script)]
    assert run([*words, "--version"], neutral, installed_env()) == said


def pip_install(py: Path, *args: str, cwd: Path) -> None:
    run([str(py), "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation", *args], cwd)


@pytest.mark.slow
def test_wheel_from_a_clean_copy_installs_and_finds_every_card_sound_and_the_font(tmp_path):
    src = source_to_build(tmp_path)
    add_a_games_own_catalogue(src)
    wheels = tmp_path / "wheels"
    build = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q"]
    run([*build, ".", "-w", str(wheels)], src)
    (wheel,) = wheels.glob("*.whl")
    assert_the_wheel_holds_every_catalogue_and_the_desktop_entry(wheel, src)
    assert_each_registered_game_is_worded_in_the_wheel(wheel)
    venv = tmp_path / "venv"
    py = fresh_venv(venv)
    pip_install(py, str(wheel), cwd=tmp_path)
    shutil.rmtree(src)  # nothing may still be read from the build's folder

    neutral = neutral_folder(tmp_path)
    assert_finds_every_asset(py, neutral, venv, packaged=True)
    assert_smoke_test_passes(venv, neutral, venv)
    assert_it_says_its_version_and_installs_its_desktop_entry(venv, tmp_path)


@pytest.mark.slow
def test_pip_install_dot_finds_the_assets_and_passes_its_smoke_test(tmp_path):
    src = source_to_build(tmp_path)
    venv = tmp_path / "venv"
    py = fresh_venv(venv)
    pip_install(py, ".", cwd=src)

    neutral = neutral_folder(tmp_path)
    assert_finds_every_asset(py, neutral, venv, packaged=True)
    assert_smoke_test_passes(venv, neutral, venv)


@pytest.mark.slow
def test_editable_install_finds_the_assets_in_the_checkout(tmp_path):
    src = source_to_build(tmp_path)
    venv = tmp_path / "venv"
    py = fresh_venv(venv)
    pip_install(py, "-e", ".", cwd=src)

    neutral = neutral_folder(tmp_path)
    assert_finds_every_asset(py, neutral, src, packaged=False)
    assert_smoke_test_passes(venv, neutral, src)


def test_pyprojects_package_data_carries_what_every_game_folder_keeps():
    """The wheel's patterns name each folder a game may keep besides its code, as the
    executable's recipe does (``SHIPPED``): neither can leave one out alone."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = pyproject["tool"]["setuptools"]["package-data"]["game"]
    for kind in SHIPPED:
        assert any(p.startswith(f"games/*/{kind}/") for p in patterns), kind
