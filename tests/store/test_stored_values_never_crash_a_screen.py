"""What the player's database holds can never crash a screen: text a font cannot draw is
refused at the border (the row left out, the player told) or drawn with replacement
characters, and every number has a range the screens can handle. Each test opens the
screen that crashed, with the values that crashed it, put straight into the database
(as a damaged or edited one holds them) or moved in from the previous version's files."""

from __future__ import annotations

import json
import os
import sys

import pygame
import pytest
from store_support import a_record, hand_row, put_rows
from ui_support import DT, click, key, make_app

from game.core.drawable import drawable, path_text
from game.session import Session
from game.store.hands import StatsKey
from game.ui import theme
from game.ui.scenes.history import HistoryScene
from game.ui.scenes.replay import ReplayScene

BAD_TEXTS = ["pi\x00sti", "pi\ud800sti", "a\x01b"]


def frames(app, n: int = 3) -> None:
    for _ in range(n):
        app.step(DT)


def told(app, *words: str) -> bool:
    return any(w in n.lower() for n in app.notices for w in words)


@pytest.mark.parametrize("column", ["game", "level", "options"])
@pytest.mark.parametrize("bad", BAD_TEXTS)
def test_a_history_row_holding_a_control_character_opens_the_history(
    tmp_path, monkeypatch, bad, column
):
    value = json.dumps({bad: 101}) if column == "options" else bad
    put_rows(tmp_path, hand_row(), hand_row(**{column: value}))
    app = make_app(tmp_path, monkeypatch, keep=True)
    scene = app.goto("history")
    frames(app)
    assert isinstance(app.scene, HistoryScene)
    assert len(scene.entries) == 1
    assert told(app, "history", "geçmiş"), "the player is told"
    app.goto("stats")
    frames(app)
    assert list(app.scene.lines) == [StatsKey("pisti", 2, "medium")]


@pytest.mark.parametrize("bad", BAD_TEXTS)
def test_a_count_named_with_a_control_character_is_left_out_and_its_hand_kept(
    tmp_path, monkeypatch, bad
):
    put_rows(tmp_path, hand_row(counts=json.dumps({bad: 1, "pisti": 2})))
    app = make_app(tmp_path, monkeypatch, keep=True)
    app.goto("stats")
    frames(app)
    assert [line.counts for line in app.scene.lines.values()] == [{"pisti": 2}]


@pytest.mark.parametrize("bad", ["\x00", "7\ud800", "\x00H"])
def test_a_history_record_whose_first_move_holds_a_control_character_replays(
    tmp_path, monkeypatch, bad
):
    put_rows(tmp_path, hand_row(a_record([bad])))
    app = make_app(tmp_path, monkeypatch, keep=True)
    scene = app.goto("history")
    frames(app)
    assert len(scene.entries) == 1
    key(app, pygame.K_RETURN)  # its record is read, and judged, when it is opened
    frames(app)
    assert isinstance(app.scene, ReplayScene)
    assert app.scene.problem


@pytest.mark.parametrize("bad", ["\x00", "7\ud800"])
def test_a_record_file_with_a_broken_move_opened_by_path_or_dropped_shows_why(
    tmp_path, monkeypatch, bad
):
    path = tmp_path / "bug.json"
    path.write_text(json.dumps(a_record([bad]), ensure_ascii=True), encoding="utf-8")
    app = make_app(tmp_path, monkeypatch, keep=True)
    scene = app.goto("history")
    frames(app)
    scene.open_file(str(path))
    frames(app)
    assert isinstance(app.scene, ReplayScene)
    assert app.scene.problem
    app.goto("history")
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    frames(app)
    assert isinstance(app.scene, ReplayScene)
    assert app.scene.problem


@pytest.mark.parametrize("bad", ["turn\x00ed>D", "turn\ud800ed>D"])
def test_a_replay_quoting_a_move_that_holds_a_surrogate_passes_it_through_the_gate(
    tmp_path, monkeypatch, caplog, bad
):
    """Found by ``python -m tests.fuzz --screens --cases 100000 --seed 2026``: a record
    whose move holds U+0000 or a lone surrogate, opened by path or dropped, reached the
    font renderer in "The record stops at move k: 'turn?ed>D' is not a move", caught only
    by its last line of defence. The replay's problem is made drawable where it is made."""
    state = Session.start("pisti", {"players": 2}, "medium", seed=5).state
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    record = state.record()
    record["actions"].append(bad)
    path = tmp_path / "bug.json"
    path.write_text(json.dumps(record, ensure_ascii=True), encoding="utf-8")
    app = make_app(tmp_path, monkeypatch, keep=True)
    scene = app.goto("history")
    frames(app)
    theme.rendered.cache_clear()
    with caplog.at_level("WARNING"):
        scene.open_file(str(path))
        frames(app)
        shown = app.scene
        app.goto("history")
        pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
        frames(app)
    for viewer in (shown, app.scene):
        assert isinstance(viewer, ReplayScene)
        assert len(viewer.actions) == 3
        assert "turn\ufffded>D" in viewer.problem
        assert "turn\ufffded>D" in viewer.note
    assert "undrawable" not in caplog.text


@pytest.mark.parametrize("part", ["game", "level", "option"])
@pytest.mark.parametrize("bad", BAD_TEXTS)
def test_a_stats_line_named_with_a_control_character_opens_the_statistics(
    tmp_path, monkeypatch, part, bad
):
    """Moved in from the previous version's file: the line is left out at the door."""
    names = {"game": "pisti", "level": "medium", "option": "target"}
    names[part] = bad
    key_ = f"{names['game']}|{json.dumps({names['option']: 101})}|2|{names['level']}"
    good = "pisti|{}|2|easy"
    lines = {key_: {"hands": 3, "won": 2}, good: {"hands": 1, "won": 1}}
    text = json.dumps({"version": 1, "lines": lines}, ensure_ascii=True)
    (tmp_path / "stats.json").write_text(text, encoding="utf-8")
    app = make_app(tmp_path, monkeypatch, keep=True)
    app.goto("stats")
    frames(app)
    assert list(app.scene.lines) == [StatsKey("pisti", 2, "easy")]
    assert (tmp_path / "stats.json.moved-in").read_text(encoding="utf-8") == text
    assert told(app, "statistics", "istatistik")


@pytest.mark.parametrize("when", [1e300, 1e18, -1e18, -1.0, 2.0**31, "today", None])
def test_a_history_time_out_of_range_opens_the_history(tmp_path, monkeypatch, when):
    put_rows(tmp_path, hand_row(), hand_row(at=when))
    app = make_app(tmp_path, monkeypatch, keep=True)
    scene = app.goto("history")
    frames(app)
    assert isinstance(app.scene, HistoryScene)
    assert len(scene.entries) == 1


def test_history_keeps_a_deal_number_the_menu_allows_and_refuses_one_beyond(tmp_path, monkeypatch):
    put_rows(tmp_path, hand_row(deal=999_999_999), hand_row(deal=10**9))
    app = make_app(tmp_path, monkeypatch, keep=True)
    assert [e.deal for e in app.keeper.entries()] == [999_999_999]
    assert app.notices


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX paths are bytes")
def test_an_export_into_a_folder_named_in_latin_1_says_where_it_went(tmp_path, monkeypatch):
    home = os.path.join(os.fsencode(tmp_path), "caf\xe9".encode("latin-1"))
    try:
        os.mkdir(home)
    except (OSError, UnicodeError):
        pytest.skip("this file system refuses such a name")
    folder = os.fsdecode(home)
    put_rows(folder, hand_row())
    app = make_app(folder, monkeypatch, keep=True)
    scene = app.goto("history")
    frames(app)
    click(app, scene.export_btn.rect.center)
    frames(app)
    assert "caf\ufffd" in scene.message
    assert os.listdir(os.path.join(home, b"exports"))


def test_the_history_path_box_takes_focus_on_click_and_keeps_it(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, keep=True)
    scene = app.goto("history")
    frames(app)
    click(app, scene.path.rect.center)
    frames(app)
    assert scene.path.focused
    for ch in "abc":
        key(app, getattr(pygame, f"K_{ch}"), unicode=ch)
    assert scene.path.text == "abc"
    click(app, (2, 2))
    assert not scene.path.focused


def test_the_text_renderer_draws_what_it_cannot_render_with_replacement_characters(caplog):
    pygame.font.init()
    for words in ["a\x00b", "a\ud800b"]:
        assert theme.rendered(words, 14, (0, 0, 0)).get_width() > 0
        assert theme.fit_text(words, 14, 200) == 14
        assert theme.wrapped(words, 14, (0, 0, 0), 100).get_width() > 0
    assert "undrawable" in caplog.text


def test_the_gate_makes_every_outside_text_drawable():
    assert drawable("pi\x00s\ud800ti\x1b") == "pi\ufffds\ufffdti\ufffd"
    assert drawable("Pişti ♠") == "Pişti ♠"
    assert path_text(os.fsdecode(b"/tmp/caf\xe9")).endswith("caf\ufffd")
