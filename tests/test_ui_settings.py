"""Settings survive a restart, and a broken settings file is set aside, never fatal."""

from __future__ import annotations

import json

from game.settings import Settings, load_settings, save_settings, settings_path


def test_settings_round_trip_through_the_preference_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    s = Settings(
        sound=False,
        pace="fast",
        four_colour=True,
        card_back="blue",
        last_game="pisti",
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
    assert loaded == Settings() and problem is None


def test_broken_settings_file_is_renamed_and_reported(tmp_path, monkeypatch):
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    path = tmp_path / "settings.json"
    path.write_text("{ not json", encoding="utf-8")
    loaded, problem = load_settings()
    assert loaded == Settings()
    assert problem and "could not be read" in problem
    assert not path.exists()
    assert (tmp_path / "settings.json.broken").read_text(encoding="utf-8") == "{ not json"


def test_settings_with_a_bad_value_are_set_aside(tmp_path, monkeypatch):
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps({"pace": "warp"}), encoding="utf-8")
    loaded, problem = load_settings()
    assert loaded.pace == "normal"
    assert "pace" in problem
    assert (tmp_path / "settings.json.broken").exists()


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
    from game.ui.scenes.menu import MenuScene

    app = App((1280, 800))
    app.switch(MenuScene(app))
    assert app.step(0.02)
    assert app.notice and "defaults" in app.notice
    assert (tmp_path / "settings.json.broken").exists()
