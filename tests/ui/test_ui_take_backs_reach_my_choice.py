"""Take-backs in the player's terms, with real keys and clicks on the headless table: Undo
goes back to before the player's last choice, the forced moves and the computer's moves
after it going with it, the log says so in one line, nothing replays the move by itself,
and Redo makes the same span again. Where Undo cannot act it is drawn disabled, and Ctrl+Z
or a click on it says why in one line."""

from __future__ import annotations

import pygame
import pytest
from ui_support import DT, answer_asked, click, gesture_for, join, key, make_app, open_table, settle

from game.core.agents import SeatView
from game.text import say
from game.ui.table.model.phase import Doing

CTRL = pygame.KMOD_CTRL

VARIANTS = [
    ("pishe-pasha", {"players": 2}),
    ("pishe-pasha", {"players": 3}),
    ("pishe-pasha", {"players": 2, "stop_rule": True}),
    ("pisti", {"players": 2}),
    ("pisti", {"players": 3}),
]


def _last_choice(table) -> int | None:
    """Where in the hand's past the player's last choice is (None: they have made none)."""
    past, me = table.model.referee.past, table.human
    found = [i for i, snap in enumerate(past) if snap.is_move_of(me, choice=True)]
    return found[-1] if found else None


def _span_is_rich(table, game: str, auto_play: bool) -> bool:
    """The moves after the player's last choice hold a computer's move and, where the game
    has them, a forced move of the player's (played for them, or by them with auto-play off)."""
    at = _last_choice(table)
    if at is None or table.state.is_over:
        return False
    after = table.model.referee.past[at + 1 :]
    theirs = any(s.by != table.human for s in after)
    forced = any(s.by == table.human and not s.had_choice for s in after)
    return theirs and (forced or game == "pisti")


def _play_until_rich(app, table, game: str, auto_play: bool, limit: int = 120) -> None:
    """Play the player's moves by mouse (a Medium player choosing) until the player is to
    move with a choice of theirs behind them that computer moves (and forced ones) followed."""
    spec = table.model.spec
    agent = spec.make_agent(spec.default_level, 7)
    for _ in range(limit):
        settle(app, table)
        assert not table.state.is_over, "the hand ended before the span was there"
        if _span_is_rich(table, game, auto_play) and table.model.phase.mine:
            return
        action = agent.choose(SeatView(table.state, table.human))
        gesture_for(app, table, action)
        answer_asked(app, table, action, by_keys=False)
    raise AssertionError("no choice followed by forced and computer moves")


def _settle_a_while(app, table, seconds: float = 0.6) -> None:
    """Frames go by, time for anything that would play itself to play."""
    for _ in range(round(seconds / DT)):  # of the table's frames
        app.step(DT)
        join(app)  # the worker's and the voice's work done: the next frame sees it


@pytest.mark.parametrize("auto_play", [True, False], ids=["auto-play", "no-auto-play"])
@pytest.mark.parametrize(("game", "choices"), VARIANTS, ids=lambda v: str(v))
def test_undo_goes_back_to_my_last_choice_and_redo_makes_the_same_span(
    tmp_path, monkeypatch, game, choices, auto_play
):
    app = make_app(tmp_path, monkeypatch, auto_play=auto_play)
    table = open_table(app, game, choices, seed=21)
    _play_until_rich(app, table, game, auto_play)
    at = _last_choice(table)
    everything = [str(a) for a in table.state.history]
    span = len(table.model.referee.past) - at
    mine = table.model.referee.past[at]
    assert table.controls.undo_btn.visible
    assert table.controls.undo_btn.enabled

    key(app, pygame.K_z, CTRL)

    assert [str(a) for a in table.state.history] == everything[:at]
    assert table.state.to_move == table.human
    assert str(mine.action) in [str(a) for a in table.state.legal_actions()]
    line = table.model.log_words[-1]
    assert line.startswith("Taken back: ")
    assert line.endswith(f", and the {span - 1} moves after it" if span > 2 else "after it")
    assert sum(w.startswith("Taken back") for w in table.model.log_words) == 1
    _settle_a_while(app, table)
    assert [str(a) for a in table.state.history] == everything[:at], "nothing replays itself"
    assert table.model.phase.doing is Doing.CHOOSING
    assert table.model.phase.mine

    key(app, pygame.K_y, CTRL)

    assert [str(a) for a in table.state.history] == everything
    assert table.model.log_words[-1].startswith("Made again: ")
    assert not any(w.startswith("Taken back") for w in table.model.log_words)
    table.leave()


def test_the_undo_button_takes_back_like_ctrl_z(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, auto_play=True)
    table = open_table(app, "pishe-pasha", {"players": 2}, seed=21)
    _play_until_rich(app, table, "pishe-pasha", True)
    at = _last_choice(table)
    everything = [str(a) for a in table.state.history]
    click(app, table.controls.undo_btn.rect.center)
    assert [str(a) for a in table.state.history] == everything[:at]
    table.leave()


def _message_after(app, table, do) -> str:
    before = [str(a) for a in table.state.history]
    do()
    assert [str(a) for a in table.state.history] == before, "nothing was taken back"
    return table.model.message


def test_take_backs_off_undo_is_drawn_disabled_and_says_where_to_switch_them_on(
    tmp_path, monkeypatch
):
    app = make_app(tmp_path, monkeypatch, take_backs=False)
    table = open_table(app, "pisti", {"players": 2}, seed=9)
    _play_until_rich(app, table, "pisti", False)
    btn = table.controls.undo_btn
    app.step(DT)
    assert btn.visible
    assert not btn.enabled
    why = say("message.no_take_backs")
    assert "Settings" in why
    assert "Take-backs" in why
    assert _message_after(app, table, lambda: key(app, pygame.K_z, CTRL)) == why
    table.model.note = None
    assert _message_after(app, table, lambda: click(app, btn.rect.center)) == why
    table.leave()


def test_take_backs_are_on_by_default():
    from game.store.settings import Settings

    assert Settings().take_backs


def test_nothing_of_mine_yet_undo_is_disabled_and_says_so(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    table = open_table(app, "pisti", {"players": 2}, seed=9)
    settle(app, table)
    assert not table.model.referee.can_undo(table.human)
    assert not table.controls.undo_btn.enabled
    said = _message_after(app, table, lambda: key(app, pygame.K_z, CTRL))
    assert said == say("message.nothing_to_undo")
    table.leave()


def test_only_forced_moves_so_far_undo_says_there_is_no_choice_to_take_back(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)  # auto-play off: the player makes them by hand
    table = open_table(app, "pishe-pasha", {"players": 2}, seed=21)
    spec = table.model.spec
    agent = spec.make_agent(spec.default_level, 7)
    for _ in range(40):
        settle(app, table)
        past = table.model.referee.past
        mine = [s for s in past if s.is_move_of(table.human)]
        if mine and not any(s.had_choice for s in mine) and table.model.phase.mine:
            break
        if any(s.is_move_of(table.human, choice=True) for s in past):
            pytest.fail("a choice came before a forced move of the player's")
        gesture_for(app, table, agent.choose(SeatView(table.state, table.human)))
    assert not table.controls.undo_btn.enabled
    said = _message_after(app, table, lambda: key(app, pygame.K_z, CTRL))
    assert said == say("message.undo_only_forced")
    table.leave()


def test_the_computer_moving_undo_is_disabled_and_a_click_does_not_hurry_it(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, pace="slow")
    table = open_table(app, "pisti", {"players": 2}, seed=9)
    spec = table.model.spec
    agent = spec.make_agent(spec.default_level, 7)
    settle(app, table, limit=20)
    gesture_for(app, table, agent.choose(SeatView(table.state, table.human)))
    for _ in range(400):
        app.step(DT)
        if table.model.phase.doing is Doing.THINKING:
            break
    assert table.model.phase.doing is Doing.THINKING
    btn = table.controls.undo_btn
    assert btn.visible
    assert not btn.enabled
    why = say("message.undo_computer_moving")
    assert _message_after(app, table, lambda: click(app, btn.rect.center)) == why
    assert table.model.phase.doing is Doing.THINKING, "the click did not finish its turn"
    assert _message_after(app, table, lambda: key(app, pygame.K_z, CTRL)) == why
    table.leave()
