"""The smoke test, and the built one-file executable.

The first tests always run: ``python -m game --smoke-test`` must pass, and must fail
with a reason when the art is missing; and the game, run from source with the modules
the executable leaves out made unimportable (``build/exe_contents.py``), must still
play a whole hand of each game and open every screen. The rest test a built executable
and run only when ``PASHA_PISTI_EXE`` names it (CI builds it with ``build/make_exe.py``
after the unit tests, then runs this file again). There the executable must pass its own
smoke test from its bundle (a whole hand of each game included), stay within the size
budget, leave the dev-only packages out, and, started under Xvfb, show the main menu in
a real window. On CI (``CI=true``) a missing tool fails the test instead of skipping it.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from conftest import shipped_tables
from desktop_tools import entry_keys, exec_words, validate
from xvfb import start_xvfb

from game.version import version

ROOT = Path(__file__).resolve().parents[2]
ON_CI = os.environ.get("CI") == "true"
MAX_MB = 30  # build/make_exe.py's budget
SCREEN = (1280, 800)
TITLE = "Pasha & Pişti"


def clean_env(**extra: str) -> dict[str, str]:
    """The environment without SDL drivers or a display: the program must choose its own."""
    drop = ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "DISPLAY", "WAYLAND_DISPLAY", "PYTHONPATH")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(extra)
    return env


def need(reason: str) -> None:
    """Skip for a missing tool, but fail on CI where everything must be there."""
    if ON_CI:
        pytest.fail(f"CI must run this test: {reason}")
    pytest.skip(reason)


def run(cmd: list[str], cwd: Path, env: dict[str, str], timeout: float = 120):
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def found_at(stdout: str, kind: str) -> Path:
    """Where the smoke test says it found ``kind`` (game, sprites or sounds)."""
    for line in stdout.splitlines():
        if line.startswith(f"{kind}: "):
            return Path(line.split(": ", 1)[1])
    raise AssertionError(f"the smoke test did not say where {kind} came from:\n{stdout}")


# ----------------------------------------------------------------- smoke test from source
def test_smoke_test_passes_from_source_without_display_or_drivers(tmp_path):
    done = run([sys.executable, "-m", "game", "--smoke-test"], ROOT, clean_env())
    assert done.returncode == 0, done.stderr
    assert "smoke test passed" in done.stdout
    assert f"{len(shipped_tables())} tables" in done.stdout, "every registered game's tables"
    assert found_at(done.stdout, "sprites") == ROOT / "sprites"


WITHOUT = """
import sys
LEFT_OUT = {left_out!r}

def left_out(name):
    return any(name == x or name.startswith(x + ".") for x in LEFT_OUT)

class AsInTheExecutable:  # a meta path finder that finds what the bundle has not
    def find_spec(self, name, path=None, target=None):
        if left_out(name):
            tried.add(name)
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)

tried, already = set(), sorted(m for m in sys.modules if left_out(m))
sys.meta_path.insert(0, AsInTheExecutable())
import json
from game.cli.smoke import DT, SIZE, run_smoke
code = run_smoke()
import pygame
from game.store.settings import Settings
from game.ui.app import App
from game.ui.scenes import install_routes
pygame.init()
app = App(SIZE, settings=Settings(pace="instant", language="tr"))
install_routes(app)
for route in ("menu", "settings", "stats", "history"):
    app.goto(route)
    app.step(DT)
app.scene.leave()
print(json.dumps({{"code": code, "already": already, "tried": sorted(tried)}}))
"""


# Left out, and tried only where the importer goes on without them: shutil's bz2 and
# lzma, uuid's _uuid, pygame's optional modules (by its __init__ and pygame.quit).
OPTIONAL = {"bz2", "lzma", "_uuid", "pygame.freetype", "pygame.mixer_music", "pygame.pixelarray",
            "pygame.scrap"}  # fmt: skip


@pytest.mark.slow
def test_whole_hands_and_every_screen_need_nothing_the_executable_leaves_out(tmp_path):
    """Run from source, the game cannot import what the Linux executable leaves out, as
    in the bundle: the smoke test (every table, a whole hand of each game and its summary)
    and the screens still work. Only optional imports may try them (``OPTIONAL``)."""
    sys.path.insert(0, str(ROOT / "build"))
    try:
        import exe_contents
    finally:
        sys.path.remove(str(ROOT / "build"))
    left_out = exe_contents.not_imported("linux")
    env = clean_env(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = run([sys.executable, "-c", WITHOUT.format(left_out=left_out)], ROOT, env)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen["code"] == 0, done.stderr
    assert seen["already"] == []
    assert set(seen["tried"]) <= OPTIONAL, "imported beyond an optional try"
    games = {game for game, _ in shipped_tables()}
    assert f"{len(games)} hands to the end" in done.stdout


def test_smoke_test_fails_with_reason_when_the_art_is_missing(tmp_path):
    snippet = (
        "import sys; import game.assets as a; "
        f"a.candidate_dirs = lambda kind: [a.Path({str(tmp_path)!r}) / kind]; "
        "from game.cli.smoke import run_smoke; sys.exit(run_smoke())"
    )
    done = run([sys.executable, "-c", snippet], ROOT, clean_env())
    assert done.returncode == 1
    assert "smoke test failed" in done.stderr
    assert "cannot find the game's sprites" in done.stderr
    assert "Traceback" not in done.stderr


def test_smoke_test_leaves_the_players_settings_alone(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    settings = home / "settings.json"
    settings.write_text('{"last_game": "pisti", "level": "easy"}', encoding="utf-8")
    done = run(
        [sys.executable, "-m", "game", "--smoke-test"], ROOT, clean_env(PASHA_PISTI_HOME=str(home))
    )
    assert done.returncode == 0, done.stderr
    assert settings.read_text(encoding="utf-8") == '{"last_game": "pisti", "level": "easy"}'
    assert sorted(p.name for p in home.iterdir()) == ["settings.json"]


# ----------------------------------------------------------------- the built executable
@pytest.fixture(scope="module")
def exe() -> Path:
    given = os.environ.get("PASHA_PISTI_EXE")
    if not given:
        pytest.skip("set PASHA_PISTI_EXE to a built executable (python build/make_exe.py)")
    path = Path(given)
    if not path.is_absolute():
        path = ROOT / path
    assert path.is_file(), f"PASHA_PISTI_EXE={given} is not a file"
    return path


@pytest.mark.slow
def test_exe_smoke_test_passes_from_its_bundle(exe, tmp_path):
    done = run([str(exe), "--smoke-test"], tmp_path, clean_env())
    assert done.returncode == 0, done.stderr
    assert "smoke test passed" in done.stdout
    tables = shipped_tables()  # every registered game's, without what the bundle leaves out
    assert f"{len(tables)} tables, {len({t[0] for t in tables})} hands to the end" in done.stdout
    for kind in ("game", "sprites", "sounds", "words"):
        assert "_MEI" in str(found_at(done.stdout, kind)), f"{kind} not from the bundle"
    assert found_at(done.stdout, "sprites").parent.name == "assets.zip"  # one file, not 150


def test_exe_is_named_with_its_version_and_says_it(exe, tmp_path):
    assert exe.name.removesuffix(".exe") == f"pasha-pisti-{version()}"
    done = run([str(exe), "--version"], tmp_path, clean_env())
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"pasha-pisti {version()}\n"  # from the metadata it bundles


@pytest.mark.slow
def test_exe_plays_under_a_legacy_locale(exe, tmp_path):
    """The Linux executable has no East Asian codecs and starts Python in UTF-8 mode
    (build/exe_contents.py): a player whose locale is EUC-JP still gets the game."""
    if not sys.platform.startswith("linux"):
        pytest.skip("the codecs are left out of the Linux executable only")
    localedef = shutil.which("localedef")
    if localedef is None or not Path("/usr/share/i18n/charmaps").is_dir():
        need("localedef and the locale sources (Debian's locales)")
    made = run([localedef, "-i", "ja_JP", "-f", "EUC-JP", str(tmp_path / "ja_JP.eucJP")],
               tmp_path, clean_env())  # fmt: skip
    assert made.returncode == 0, made.stderr
    env = clean_env(LOCPATH=str(tmp_path), LC_ALL="ja_JP.eucJP")
    asked = [sys.executable, "-c", "import locale; print(locale.getpreferredencoding())"]
    assert run(asked, tmp_path, env).stdout.strip() == "EUC-JP", "the locale is in effect"
    done = run([str(exe), "--smoke-test"], tmp_path, env)
    assert done.returncode == 0, done.stderr
    assert "smoke test passed" in done.stdout


def test_exe_installs_a_desktop_entry_that_starts_itself(exe, tmp_path):
    xdg = tmp_path / "xdg"
    env = clean_env(XDG_DATA_HOME=str(xdg), LANG="en_GB.UTF-8")
    done = run([str(exe), "--install-desktop-entry"], tmp_path, env)
    assert done.returncode == 0, done.stderr
    entry = xdg / "applications" / "io.github.pashapisti.PashaPisti.desktop"
    validate("desktop", entry)
    keys = entry_keys(entry.read_text(encoding="utf-8"))
    assert exec_words(keys["Exec"]) == [str(exe)]
    assert keys["TryExec"] == str(exe)
    assert (xdg / "metainfo" / "io.github.pashapisti.PashaPisti.metainfo.xml").is_file()
    assert len(list((xdg / "icons" / "hicolor").rglob("*.png"))) == 8
    assert run([str(exe), "--remove-desktop-entry"], tmp_path, env).returncode == 0
    assert not entry.exists()


def test_exe_size_within_budget(exe):
    size_mb = exe.stat().st_size / 1_000_000
    assert size_mb <= MAX_MB, f"{exe.name} is {size_mb:.1f} MB"


def test_exe_bundle_holds_every_asset_and_no_dev_only_package(exe):
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        need("PyInstaller is not installed, so the bundle cannot be read")
    sys.path.insert(0, str(ROOT / "build"))
    try:
        import make_exe
    finally:
        sys.path.remove(str(ROOT / "build"))
    files, modules = make_exe.bundle_contents(exe)
    assert not {m for m in modules if m.split(".")[0] in ("numpy", "pytest", "hypothesis")}
    assert make_exe.expected_assets() <= {f.replace("\\", "/") for f in files}
    assert make_exe.check(exe) == []


# ----------------------------------------------------------------- a real window under Xvfb
def descendants(pid: int) -> list[int]:
    """The process and its children (the one-file bootloader runs the game as a child)."""
    found, todo = [pid], [pid]
    while todo:
        parent = todo.pop()
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == parent:
                found.append(int(entry.name))
                todo.append(int(entry.name))
    return found


def find_window(pid: int, env: dict[str, str], seconds: float = 30) -> str:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for p in descendants(pid):
            cmd = ["timeout", "2", "xdotool", "search", "--sync", "--onlyvisible", "--pid", str(p)]
            out = run(cmd, ROOT, env, timeout=10).stdout.split()
            if out:
                return out[0]
    raise AssertionError(f"no visible window from process {pid} within {seconds:.0f} s")


def looks_like_menu(shot: Path) -> str | None:
    """None when the screenshot shows the menu (felt, gold title, many colours), else why not."""
    img = pygame.image.load(str(shot))
    w, h = img.get_size()
    grid = [img.get_at((x * w // 80, y * h // 50))[:3] for x in range(80) for y in range(50)]
    colours = len(set(grid))
    green = sum(1 for r, g, b in grid if g > r + 25 and g > b + 10) / len(grid)
    title = [img.get_at((x, y))[:3] for x in range(w // 3, 2 * w // 3, 3) for y in range(40, 110)]
    gold = sum(1 for r, g, b in title if r > 190 and g > 150 and b < 120)
    if colours < 150:
        return f"only {colours} colours"
    if green < 0.4:
        return f"felt green covers only {green:.0%}"
    if gold < 50:
        return "no gold title at the top"
    return None


@pytest.mark.slow
@pytest.mark.xvfb
def test_exe_shows_the_main_menu_in_a_real_window(exe, tmp_path):
    for tool in ("Xvfb", "xdotool", "import", "timeout"):
        if shutil.which(tool) is None:
            need(f"{tool} is not installed (apt-get install xvfb xdotool imagemagick)")
    server, display = start_xvfb(SCREEN)
    env = clean_env(DISPLAY=display, SDL_AUDIODRIVER="dummy", PASHA_PISTI_HOME=str(tmp_path))
    log = tmp_path / "stderr.txt"
    with log.open("w") as err:
        game = subprocess.Popen([str(exe)], cwd=tmp_path, env=env, stderr=err)
    try:
        window = find_window(game.pid, env)
        name = run(["timeout", "5", "xdotool", "getwindowname", window], ROOT, env).stdout
        assert name.strip() == TITLE
        shot, problem = tmp_path / "menu.png", "no screenshot"
        for _ in range(20):
            run(["timeout", "10", "import", "-window", "root", str(shot)], ROOT, env)
            problem = looks_like_menu(shot) if shot.is_file() else "no screenshot"
            if problem is None:
                break
            time.sleep(0.5)
        assert problem is None, f"the screen does not show the menu: {problem} ({shot})"
        assert game.poll() is None, "the game exited while showing its menu"
        game.terminate()
        assert game.wait(timeout=15) == 0, log.read_text()
    finally:
        for pid in reversed(descendants(game.pid) if game.poll() is None else []):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        game.wait(timeout=10)
        server.terminate()
        server.wait(timeout=10)
