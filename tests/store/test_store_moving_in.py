"""Moving in: the first start of this version on a folder the previous version
wrote (tests/fixtures/previous-version, made by that version's own code) reads its
match, statistics and history into the database in one transaction, keeps the old files
beside it renamed and untouched, and loses nothing: the same statistics, the same hands
in History, the same match under Continue. A broken file is set aside and the rest moves
in; a folder moves in once."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from store_support import counts, db
from ui_support import DT, make_app

from game.store.hands import StatsKey
from game.store.keeper import Keeper
from game.store.settings import load_settings
from game.ui.scenes.table import TableScene

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "previous-version"
OLD = ("match.json", "stats.json", "history.json")


def old_home(tmp_path: Path, name: str) -> Path:
    home = tmp_path / name
    shutil.copytree(FIXTURES / name, home)
    return home


@pytest.fixture
def home(tmp_path) -> Path:
    return old_home(tmp_path, "four-hands")


def test_a_folder_of_the_previous_version_moves_in_with_nothing_lost(home, monkeypatch):
    old = {n: (home / n).read_bytes() for n in OLD}
    settings_before = (home / "settings.json").read_bytes()
    app = make_app(home, monkeypatch, keep=True)
    try:
        assert app.notices == [
            "Your match, statistics and history moved into pasha-pisti.sqlite3; the old "
            "files are kept beside it (their names end in .moved-in)."
        ]
        for name, data in old.items():
            assert not (home / name).exists()
            assert (home / f"{name}.moved-in").read_bytes() == data, "kept, untouched"
        assert not list(home.glob("*.lock"))
        assert not list(home.glob("*.broken*"))
        assert (home / "settings.json").read_bytes() == settings_before
        assert load_settings(home / "settings.json")[1] is None
        lines = json.loads(old["stats.json"])["lines"]
        stats = app.keeper.statistics()
        assert len(stats) == len(lines) == 3
        pisti = stats[StatsKey("pisti", 2, "hard", (("target", 101),))]
        assert vars(pisti) == lines['pisti|{"target": 101}|2|hard']
        three = stats[StatsKey("pishe-pasha", 3, "medium", (("foundations", "single"),))]
        assert vars(three) == lines['pishe-pasha|{"foundations": "single"}|3|medium']
        hands = json.loads(old["history.json"])["hands"]
        entries = app.keeper.entries()[::-1]
        assert [app.keeper.record(e.id) for e in entries] == [h["record"] for h in hands]
        assert [(e.at, e.result, list(e.score)) for e in entries] == [
            (h["when"], h["result"], h["score"]) for h in hands
        ]
        menu = app.goto("menu")
        app.step(DT)
        assert menu._continue_label() == "Continue: Pişti (2 players, to 101), you 24 – 52, hand 2"
        menu.continue_match()
        assert isinstance(app.scene, TableScene)
        assert app.scene.state.record() == json.loads(old["match.json"])["hand"]
        assert app.scene.match.totals == [24, 52]
    finally:
        app.scene.leave()


def test_the_three_player_save_the_previous_version_lost_continues(tmp_path, monkeypatch):
    home = old_home(tmp_path, "three-players")
    hand = json.loads((home / "match.json").read_text())["hand"]
    app = make_app(home, monkeypatch, keep=True)
    try:
        menu = app.goto("menu")
        app.step(DT)
        assert menu.continue_btn.visible
        assert "Pishe Pasha" in menu._continue_label()
        menu.continue_match()
        assert isinstance(app.scene, TableScene)
        assert app.scene.state.record() == hand
        assert app.scene.state.players == 3
    finally:
        app.scene.leave()


def test_a_broken_file_is_set_aside_and_the_rest_moves_in(home):
    (home / "history.json").write_bytes(b"{\x00 not json")
    told: list[str] = []
    keeper = Keeper(told.append, home)
    assert told[0].code == "history_broken"
    assert "kept as history.json.broken-" in told[0].detail
    assert [t.code for t in told[1:]] == ["moved_in"]
    assert [p.read_bytes() for p in home.glob("history.json.broken-*")] == [b"{\x00 not json"]
    assert len(keeper.statistics()) == 3
    assert keeper.entries() == []
    assert keeper.load_match() is not None
    keeper.close()


def test_a_folder_moves_in_once(home):
    Keeper(lambda code: None, home).close()
    before = counts(home)
    for name in OLD:  # the previous version's files again (it was started once more)
        shutil.copy(FIXTURES / "four-hands" / name, home / name)
    told: list[str] = []
    Keeper(told.append, home).close()
    assert told == []
    assert counts(home) == before == (3, 0)
    assert all((home / name).exists() for name in OLD), "left alone, never taken twice"
    with db(home) as c:
        assert c.execute("SELECT count(*) FROM carried").fetchone()[0] == 3


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("stats.json", {"version": 1, "lines": [1, 2]}),  # found by the screens fuzz, case 1747
        ("stats.json", {"version": 2, "lines": {}}),
        ("history.json", {"version": 1, "hands": {"a": 1}}),
        ("history.json", [1]),
        ("match.json", {"version": 1}),
    ],
)
def test_an_old_file_of_the_wrong_shape_is_set_aside_and_told(tmp_path, name, data):
    (tmp_path / name).write_text(json.dumps(data))
    told: list[str] = []
    Keeper(told.append, tmp_path).close()
    assert told, told
    assert told[0].code.endswith("_broken"), told
    assert [json.loads(p.read_text()) for p in tmp_path.glob(f"{name}.broken-*")] == [data]
