"""The Stop rule at the table (RULES.md §2.1): a fault with the last card waits on the
Stop window, and nothing on screen gives a fault away until someone calls Stop or the
window closes, unless the player asked to be shown faults."""

from __future__ import annotations

import pytest
from ui_support import (
    DT,
    Prefers,
    click,
    faulty_opponent_table,
    history,
    holding_2h,
    join,
    north_turns_past_a_fault,
    open_table,
    rest_of_deck,
    set_agent,
    settle,
    step_until_moved,
)

from game.games.pishe_pasha.rules import PishePasha
from game.ui import theme
from game.ui.scenes.summary import SummaryScene
from game.ui.table.model import says

STOP = {"players": 2, "stop_rule": True}


def last_card_fault_table(app):
    """North holds its last card, 2H: it fits the foundation (AH) and loads onto your 3C."""
    rest = rest_of_deck("AH", "2H", "3C")
    state = PishePasha.from_piles(
        [rest, []], discards=[["3C"], []], foundations=[[], [], ["AH"], []],
        turned="2H", to_move=1, options={"stop_rule": True},
    )  # fmt: skip
    app.settings.call_window = 5.0
    table = open_table(app, "pishe-pasha", STOP, state)
    set_agent(table, 1, Prefers("turned>0", name="loads"))
    step_until_moved(app, table, 300)
    return table


def test_a_computer_fault_with_its_last_card_opens_the_window_instead_of_winning(app):
    table = last_card_fault_table(app)
    assert history(table) == ["turned>0"]
    assert not table.state.is_over
    assert not isinstance(app.scene, SummaryScene)
    assert table.model.window.open
    assert table.controls.call_btns[0].visible
    assert [str(a) for a in table.state.legal_actions()] == ["accept"]


def test_the_human_catches_a_last_card_fault_with_the_stop_button(app):
    table = last_card_fault_table(app)
    click(app, table.controls.call_btns[0].rect.center)
    assert table.model.asking is not None
    click(app, table.controls.choices()[0].rect.center)
    assert history(table) == ["turned>0", "stop 0 force"]
    assert table.state.report()["foundations"][2] == "2H"
    for _ in range(200):
        app.step(DT)
        if isinstance(app.scene, SummaryScene):
            break
    assert table.state.winner == 1, "forced to the foundation, the 2H was North's last card"
    assert isinstance(app.scene, SummaryScene)
    assert any("You call Stop! and force" in line for line in table.model.log_words)


def test_stop_and_end_takes_the_last_card_back_and_the_hand_goes_on(app):
    table = last_card_fault_table(app)
    click(app, table.controls.call_btns[0].rect.center)
    click(app, table.controls.choices()[1].rect.center)
    assert history(table) == ["turned>0", "stop 0 end"]
    assert not table.state.is_over
    assert table.state.to_move == 0
    settle(app, table)
    assert table.model.human_may_act()


def test_when_the_window_closes_without_a_call_the_fault_stands_and_wins(app):
    table = last_card_fault_table(app)
    app.settings.call_window = 0.2
    table.model.window.seconds = 0.2
    for _ in range(300):
        app.step(DT)
        if isinstance(app.scene, SummaryScene):
            break
    assert history(table) == ["turned>0", "accept"]
    assert table.state.winner == 1
    assert any("fault went unnoticed" in line for line in table.model.log_words)


def shown_words(table) -> list[str]:
    """Every sentence on screen that could tell of a fault: log, message line, status,
    hint, seat labels and banners."""
    m = table.model
    words = [*list(m.log_words), says.message_line(m)[0], says.status(m)]
    words += [says.seat_label(m, s) for s in range(m.state.players)]
    words += [b.text + " " + b.sub for b in m.hooks.banners]
    if m.hint is not None:
        words.append(m.hint.text)
    return words


@pytest.mark.parametrize("show_faults", [False, True])
def test_nothing_on_screen_tells_of_a_computer_fault_unless_faults_are_shown(app, show_faults):
    state = north_turns_past_a_fault()
    app.settings.call_window = 1.0
    app.settings.show_faults = show_faults
    table = open_table(app, "pishe-pasha", STOP, state)
    # North turns a card while its top discard fits the foundation: a fault that keeps the turn
    set_agent(table, 1, Prefers("turn", "turned>D", name="faulty"))
    during: list[str] = []
    for _ in range(400):
        app.step(DT)
        if table.state.history:
            during += shown_words(table)
        if table.state.to_move == 0 and not table.model.window.open and table.state.history:
            break
        join(app)  # the worker's and the voice's work done: the next frame sees it
    assert history(table)[:1] == ["turn"]
    # the call window's own words come after every computer move, fault or not (see
    # test_the_call_windows_words_follow_a_move_that_is_no_fault_too): they tell nothing
    window_words = {says.call_words(table.model, "prompt"), says.call_words(table.model, "window")}
    before_end = [w for w in during if "unnoticed" not in w and w not in window_words]
    telling = [w for w in before_end if "fault" in w.lower() or "STOP" in w or "Stop" in w]
    if show_faults:
        assert telling, "with faults shown, the log says so"
    else:
        assert telling == [], telling
        assert any("fault went unnoticed" in line for line in table.model.log_words)
        assert window_words & set(during), "the window was open, with its own words"


def test_the_call_windows_words_follow_a_move_that_is_no_fault_too(app):
    """North plays its turned 2H up, no fault: the window opens all the same, with the same
    header and hint line as after a fault, so neither gives a fault away."""
    state = holding_2h({"stop_rule": True}, to_move=1)
    app.settings.call_window = 1.0
    table = open_table(app, "pishe-pasha", STOP, state)
    set_agent(table, 1, Prefers("turned>F", name="faultless"))
    seen: set[str] = set()
    for _ in range(400):
        app.step(DT)
        if table.model.window.open:
            seen |= {says.message_line(table.model)[0], says.status(table.model)}
        if table.state.history and table.state.to_move == 0 and not table.model.window.open:
            break
        join(app)  # the worker's and the voice's work done: the next frame sees it
    assert history(table)[:1] == ["turned>F"]
    assert says.call_words(table.model, "prompt") in seen


def test_the_stop_button_is_drawn_disabled_and_does_nothing_until_its_window_opens(app):
    """Outside a window the button looks like the table's other disabled buttons and a
    click on it makes nothing; after the computer's move the window opens and it lights."""
    state = holding_2h({"stop_rule": True})
    table = open_table(app, "pishe-pasha", {"players": 2, "stop_rule": True}, state)
    settle(app, table)
    button = table.controls.call_btns[0]
    inside = (button.rect.centerx, button.rect.y + 4)
    app.dirty = True
    app.step(DT)
    assert button.visible
    assert not button.enabled
    assert app.screen.get_at(inside)[:3] == theme.DISABLED
    click(app, button.rect.center)
    assert table.model.asking is None
    assert not table.model.message
    assert history(table) == []

    table = faulty_opponent_table(app)
    for _ in range(2000):
        if table.model.window.open:
            break
        app.step(DT)
        join(app)  # the worker's and the voice's work done: the next frame sees it
    button = table.controls.call_btns[0]
    app.dirty = True
    app.step(DT)
    assert button.enabled
    assert app.screen.get_at(inside)[:3] in (theme.RED, theme.RED_LIGHT)
    click(app, button.rect.center)
    assert table.model.asking is not None
