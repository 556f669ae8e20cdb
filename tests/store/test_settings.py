"""Settings survive a restart; a broken settings file is set aside, never fatal; one bad
value costs only itself."""

from __future__ import annotations

import json

from ui_support import make_app

from game.store.settings import (
    Settings,
    from_data,
    load_settings,
    save_settings,
    settings_dict,
    settings_path,
)


def test_settings_round_trip_through_the_preference_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    s = Settings(
        sound=False,
        pace="fast",
        faces="four_colour",
        card_back="blue",
        last_game="pisti",
        language="tr",
        take_backs=True,
        card_scale=1.15,
        game_options={"pisti": {"players": 4, "target": 101}},
    )
    assert save_settings(s) is None
    assert settings_path() == tmp_path / "settings.json"
    loaded, problem = load_settings()
    assert problem is None
    assert loaded == s


def test_missing_settings_file_gives_defaults(tmp_path, monkeypatch):
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    loaded, problem = load_settings()
    assert loaded == Settings()
    assert problem is None


def test_broken_settings_file_is_set_aside_and_reported(tmp_path, monkeypatch):
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    path = tmp_path / "settings.json"
    path.write_text("{ not json", encoding="utf-8")
    loaded, problem = load_settings()
    assert loaded == Settings()
    assert problem
    assert problem.code == "settings_unreadable"
    assert not path.exists()
    (kept,) = tmp_path.glob("settings.json.broken-*")
    assert kept.read_text(encoding="utf-8") == "{ not json"


def test_a_bad_value_falls_back_alone_and_the_others_are_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    data = {"pace": "warp", "card_back": "blue", "sound": False}
    (tmp_path / "settings.json").write_text(json.dumps(data), encoding="utf-8")
    loaded, problem = load_settings()
    assert loaded.pace == "normal"
    assert loaded.card_back == "blue"
    assert loaded.sound is False
    assert problem
    assert "pace" in problem.detail


def test_the_old_four_colour_switch_becomes_the_face_style(tmp_path, monkeypatch):
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps({"four_colour": True}), encoding="utf-8")
    loaded, problem = load_settings()
    assert loaded.faces == "four_colour"
    assert problem is None


def test_the_old_stop_window_setting_is_read_as_the_call_window(tmp_path, monkeypatch):
    """The setting is named for any game's calls now; a file written before keeps
    its value, and it is saved under the new name."""
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    old = json.dumps({"stop_window": 4.5})
    (tmp_path / "settings.json").write_text(old, encoding="utf-8")
    loaded, problem = load_settings()
    assert loaded.call_window == 4.5
    assert problem is None
    save_settings(loaded)
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert saved["call_window"] == 4.5
    assert "stop_window" not in saved


def test_settings_write_is_atomic_and_leaves_no_temporary_files(tmp_path, monkeypatch):
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    save_settings(Settings(pace="slow"))
    save_settings(Settings(pace="fast"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]
    assert json.loads((tmp_path / "settings.json").read_text())["pace"] == "fast"


def test_app_shows_the_broken_settings_message_and_starts(tmp_path, monkeypatch):
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    (tmp_path / "settings.json").write_text("[1, 2", encoding="utf-8")
    from game.ui.app import App
    from game.ui.scenes import install_routes

    app = App((1280, 800))
    install_routes(app)
    app.goto("menu")
    assert app.step(0.02)
    assert app.notices
    assert "defaults are used" in app.notices[-1]
    assert list(tmp_path.glob("settings.json.broken-*"))
    app.scene.leave()


def test_settings_are_saved_when_the_settings_screen_closes(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    scene = app.goto("settings")
    app.settings.pace = "slow"
    scene.leave_screen()
    assert json.loads((tmp_path / "settings.json").read_text())["pace"] == "slow"
    app.scene.leave()


def test_a_settings_file_the_previous_version_wrote_loads_with_every_value(tmp_path):
    """The keys and their order as the game wrote them before the settings were declared
    once: every value is kept, nothing is reported."""
    old = {
        "language": "tr", "sound": False, "pace": "fast", "highlights": False,
        "faces": "high_contrast", "card_back": "blue", "card_scale": 1.3,
        "reduced_motion": True, "fullscreen": True, "call_window": 4.5, "show_faults": True,
        "auto_play": False, "hand_keys": False, "take_backs": True, "coach": True,
        "coach_threshold": 5.0, "auto_flip_speed": 0.8, "speech": "on", "last_game": "pisti",
        "level": "expert", "lessons_offered": True,
        "game_options": {"pisti": {"players": 4}}, "window_width": 1000,
        "window_height": 700, "window_x": 20, "window_y": -30,
    }  # fmt: skip
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(old, indent=1), encoding="utf-8")
    loaded, problem = load_settings(path)
    assert problem is None
    since = {k: v for k, v in settings_dict(Settings()).items() if k not in old}  # at default
    assert settings_dict(loaded) == {**old, **since}
    assert save_settings(loaded, path) is None
    assert json.loads(path.read_text(encoding="utf-8")) == {**old, **since}


def test_a_games_old_name_for_a_setting_is_read_as_its_name_now():
    """Pishe Pasha's table once called its calls' window "stop_window": the game declares
    the old name, and the shared settings read it as ``call_window``."""
    settings, problems = from_data({"stop_window": 3.5})
    assert settings.call_window == 3.5
    assert not problems
