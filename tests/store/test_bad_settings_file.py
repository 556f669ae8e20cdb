"""Settings: losing preferences never stops the game from starting. Each case is a
``settings.json`` (or a preference folder) written as the player would find it, then the
real app is started on it and made to do what crashed before.
"""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from ui_support import DT, open_table, settle

from game.core.files import STRAY_AGE, remove_stray_temporaries
from game.games import SPECS
from game.session import Session
from game.store import settings as store
from game.store.settings import FIELDS, Settings, load_settings
from game.ui.app import App
from game.ui.scenes import install_routes
from game.ui.start import keep

ROOT = Path(__file__).resolve().parents[2]


def start_app(tmp_path: Path, monkeypatch, content: str | bytes | None = None) -> App:
    """The real app started on this settings file, its routes and keeper installed."""
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    if content is not None:
        data = content.encode() if isinstance(content, str) else content
        (tmp_path / store.FILE_NAME).write_bytes(data)
    app = App((1280, 800))
    install_routes(app)
    keep(app)
    return app


def valid(settings: Settings) -> None:
    for name, field in FIELDS.items():
        value = getattr(settings, name)
        assert field.clean(value) == value, name


def start_from_menu(app: App, game: str):
    """Press Start in the menu for ``game`` with the saved choices; the table it opens."""
    app.settings.last_game = game
    menu = app.goto("menu")
    assert menu.spec.id == game
    menu.start_game()
    assert app.scene.name == "table", app.scene
    for _ in range(5):
        app.step(DT)
    return app.scene


def test_settings_nested_1000_deep_the_game_starts_with_defaults(tmp_path, monkeypatch):
    app = start_app(tmp_path, monkeypatch, '{"a":' * 1000 + "1" + "}" * 1000)
    assert app.settings == Settings()
    assert any("could not be read" in n and "nested" in n for n in app.notices)
    app.goto("menu")
    app.step(DT)
    kept = list(tmp_path.glob("settings.json.broken-*"))
    assert len(kept) == 1
    assert kept[0].read_text().startswith('{"a":{"a":')


class Unsearchable:
    """A folder the game may not look into (mode 000). As root, permissions are not
    enforced, so every call into it fails the way the kernel would fail it for a player."""

    CALLS = ("stat", "lstat", "open", "scandir", "listdir", "mkdir", "rename", "replace",
             "unlink", "rmdir")  # fmt: skip

    def __init__(self, folder: Path, monkeypatch) -> None:
        self.folder = os.fspath(folder)
        folder.mkdir(exist_ok=True)
        if os.geteuid() != 0:
            folder.chmod(0)
            monkeypatch.setattr(self, "undo", lambda: folder.chmod(0o755))
            return
        for name in self.CALLS:
            monkeypatch.setattr(os, name, self._refusing(getattr(os, name)))

    def undo(self) -> None:
        """Nothing to undo as root: the monkeypatch goes at the end of the test."""

    def _inside(self, path) -> bool:
        if isinstance(path, int):
            return False
        p = os.fsdecode(os.fspath(path))
        return p.startswith(self.folder + os.sep)

    def _refusing(self, real):
        def call(*args, **kwargs):
            paths = [a for a in args[:2] if isinstance(a, (str, bytes, os.PathLike))]
            if real.__name__ in ("scandir", "listdir") and paths:
                inside = os.fsdecode(os.fspath(paths[0])).rstrip(os.sep) == self.folder
            else:
                inside = any(self._inside(p) for p in paths)
            if inside:
                raise PermissionError(errno.EACCES, "Permission denied", os.fspath(paths[0]))
            return real(*args, **kwargs)

        call.__name__ = real.__name__
        return call


def test_settings_folder_that_cannot_be_searched_mode_000_the_game_starts(tmp_path, monkeypatch):
    home = tmp_path / "prefs"
    home.mkdir()
    (home / "settings.json").write_text('{"level": "hard"}')
    locked = Unsearchable(home, monkeypatch)
    try:
        app = start_app(home, monkeypatch)
        assert app.settings == Settings()
        assert any("could not be read" in n for n in app.notices), app.notices
        table = start_from_menu(app, "pisti")  # every save fails: notices, never a crash
        settle(app, table)
        app.step(DT)
        assert app.running
        app.scene.leave()
    finally:
        locked.undo()
    assert json.loads((home / "settings.json").read_text()) == {"level": "hard"}


def test_settings_home_that_is_a_regular_file_the_real_program_starts(tmp_path):
    home = tmp_path / "not-a-folder"
    home.write_text("a file where the preference folder should be")
    env = {**os.environ, "PASHA_PISTI_HOME": str(home), "SDL_VIDEODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "-m", "game", "--first-frame-exit"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "first-frame" in done.stdout


def test_settings_game_options_holding_text_instead_of_an_object(tmp_path, monkeypatch):
    app = start_app(tmp_path, monkeypatch, '{"game_options": {"pisti": "x"}, "level": "easy"}')
    assert app.settings.game_options == {}
    assert app.settings.level == "easy"
    table = start_from_menu(app, "pisti")
    assert table.state.players == 2
    app.scene.leave()


BAD_GAME_OPTIONS = [
    ("pisti", "players", 9),
    ("pisti", "players", "two"),
    ("pisti", "players", 0),
    ("pisti", "target", 7),
    ("pisti", "target", "151"),
    ("pisti", "start_jack", "sideways"),
    ("pisti", "show_bottom", "no"),
    ("pishe-pasha", "match", 75),
    ("pishe-pasha", "foundations", "none"),
    ("pishe-pasha", "stop_rule", "false"),
    ("pishe-pasha", "players", 4),
    ("pisha-pasha-book", "players", 3),
]


@pytest.mark.parametrize(("game", "key", "value"), BAD_GAME_OPTIONS)
def test_settings_bad_game_options_value_falls_back_and_start_works(
    tmp_path, monkeypatch, game, key, value
):
    good = {"pisti": {"target": 101}, "pishe-pasha": {"match": 100}, "pisha-pasha-book": {}}
    options = {g: dict(o) for g, o in good.items()}
    options[game][key] = value
    app = start_app(tmp_path, monkeypatch, json.dumps({"game_options": options}))
    kept = app.settings.options_for(game)
    assert key not in kept or kept[key] != value
    if game == "pisti" and key != "target":
        assert kept["target"] == 101  # the good choice beside the bad one is kept
    assert any("left out" in n for n in app.notices)
    table = start_from_menu(app, game)
    assert table.state.players in SPECS[game].players
    if key == "stop_rule":
        assert table.state.options.get("stop_rule") is False
    app.scene.leave()


def test_settings_stop_rule_text_false_does_not_switch_the_rule_on(tmp_path, monkeypatch):
    text = '{"stop_rule": "false", "game_options": {"pishe-pasha": {"stop_rule": "false"}}}'
    settings, problem = load_settings(_file(tmp_path, text))
    assert "stop_rule" not in settings.options_for("pishe-pasha")
    session = Session.start("pishe-pasha", settings.options_for("pishe-pasha"), "easy", 1)
    assert session.state.options["stop_rule"] is False
    assert problem is not None


BAD_NUMBERS = ["NaN", "Infinity", "-Infinity", "1e300", "1e6", "-1", "-0.5", "1" + "0" * 400]


@pytest.mark.parametrize("number", BAD_NUMBERS)
def test_settings_stop_window_and_auto_flip_speed_nan_inf_huge_negative_fall_back(
    tmp_path, monkeypatch, number
):
    """Before: the Settings screen and the book table crashed (``int(g.w * value)``), the
    AI waited out a 1e6 s Stop window, automatic flipping never fired with a negative
    speed. Now both fields fall back to their defaults and everything runs."""
    text = f'{{"call_window": {number}, "auto_flip_speed": {number}, "pace": "instant"}}'
    app = start_app(tmp_path, monkeypatch, text)
    assert app.settings.call_window == Settings().call_window
    assert app.settings.auto_flip_speed == 0.5
    assert app.settings.pace == "instant"
    options = app.settings
    assert 1.0 <= options.call_window <= 6.0
    assert 0.0 <= options.auto_flip_speed <= 1.0
    settings_screen = app.goto("settings")
    settings_screen.draw(app.screen)
    app.step(DT)
    book = open_table(app, "pisha-pasha-book", {"players": 2})
    settle(app, book)
    book.model.auto_on = True
    for _ in range(200):  # four seconds: automatic flipping fires
        app.step(DT)
    assert len(book.state.history) >= 2
    book.leave()
    stop = open_table(app, "pishe-pasha", {"players": 2, "stop_rule": True})
    for _ in range(100):
        app.step(DT)
        assert stop.model.window.seconds <= 6.0
    stop.leave()


def test_settings_one_bad_field_keeps_the_other_fields(tmp_path):
    chosen = {
        "language": "tr",
        "sound": False,
        "pace": "fast",
        "highlights": False,
        "faces": "four_colour",
        "card_back": "blue",
        "card_scale": 1.15,
        "reduced_motion": True,
        "show_faults": True,
        "auto_play": False,
        "take_backs": True,
        "last_game": "pisti",
        "level": "expert",
    }
    bad = {**chosen, "call_window": "slow"}
    settings, problem = load_settings(_file(tmp_path, json.dumps(bad)))
    assert problem.code == "settings_fixed"
    assert problem.detail.startswith("call_window")
    for key, value in chosen.items():
        assert getattr(settings, key) == value, key
    assert settings.call_window == Settings().call_window
    valid(settings)


def test_settings_broken_copy_is_never_overwritten_by_the_next_failure(tmp_path):
    path = tmp_path / store.FILE_NAME
    contents = [b"{broken once", b"[broken twice", b'{"pace": "fast", "level": 7}', b"\xff"]
    for data in contents:  # all within the same second: the names must still differ
        path.write_bytes(data)
        settings, problem = load_settings(path)
        valid(settings)
        assert problem is not None
    kept = sorted(tmp_path.glob("settings.json.broken-*"))
    assert len(kept) == len(contents)
    assert sorted(p.read_bytes() for p in kept) == sorted(contents)


def test_settings_stray_temporaries_from_killed_saves_are_removed_at_start(tmp_path, monkeypatch):
    """Old enough to be no save in progress (another window's): left by a killed save."""
    strays = [tmp_path / f"settings.json.{tag}.tmp" for tag in ("a1b2", "x_9", "zz")]
    for stray in strays:
        stray.write_bytes(b"{" * 10)
    big = tmp_path / "settings.json.big.tmp"
    with big.open("wb") as f:
        f.truncate(9 * 1024 * 1024)
    others = [tmp_path / "notes.tmp", tmp_path / "settings.json"]
    for other in others:
        other.write_text("{}")
    young = tmp_path / "settings.json.now.tmp"
    young.write_text("{")
    then = time.time() - STRAY_AGE - 5
    for path in [*strays, big, *others]:
        os.utime(path, (then, then))
    app = start_app(tmp_path, monkeypatch)
    assert not any(p.exists() for p in [*strays, big])
    assert (tmp_path / "notes.tmp").exists()
    assert (tmp_path / "settings.json").exists()
    assert young.exists(), "a save in progress in another window"
    app.step(DT)
    assert remove_stray_temporaries(tmp_path, ("settings.json",)) == 0


def test_settings_not_saved_is_told_while_the_window_is_open(tmp_path, monkeypatch):
    app = start_app(tmp_path, monkeypatch)

    def disk_refuses(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_refuses)
    screen = app.goto("settings")
    screen.leave_screen()  # leaving the Settings screen saves
    assert app.scene.name == "menu"
    assert app.running
    assert any("Settings not saved" in n and "No space" in n for n in app.notices)
    shown = []
    monkeypatch.setattr("game.ui.theme.on_text", lambda words, w, allowed: shown.append(words))
    app.scene.draw(app.screen)
    app.window.flip()
    assert any("Settings not saved" in words for words in shown)
    assert not list(tmp_path.glob("*.tmp"))


def test_settings_loading_never_raises_and_always_valid_for_every_field_and_wrong_type(tmp_path):
    wrong = [None, True, 0, -1, 1e300, "x", [], {}, "ş", "\ud800"]
    for name in FIELDS:
        for value in wrong:
            text = json.dumps({name: value, "level": "hard"})
            settings, _ = load_settings(_file(tmp_path, text))
            valid(settings)
            assert settings.level == "hard"


def _file(folder: Path, text: str) -> Path:
    path = folder / store.FILE_NAME
    path.write_text(text, encoding="utf-8")
    return path
