"""A Stop-rule hand flows (RULES.md §2.1): one gesture for one meaning (a click plays a
card's one place, a card with several is lifted, two Enters move a card), and the call
window opens as the computer's move begins to show, closes on Space or a click on the
felt, never ends before the move has been said, and a call after the faulting seat's next
move is refused. Real posted mouse and key events on the headless table."""

from __future__ import annotations

import time

import pygame
from conftest import PerSentence
from ui_support import (
    DT,
    Prefers,
    centre,
    click,
    faulty_opponent_table,
    history,
    holding_2h,
    join,
    key,
    north_turns_past_a_fault,
    open_table,
    pid,
    set_agent,
    settle,
    two_places,
)

from game.text.spoken import spoken
from game.ui.table.input.controller import Focus

STOP = {"players": 2, "stop_rule": True}


def test_a_single_click_plays_a_card_with_one_faultless_place_under_the_stop_rule(app):
    """The turned 2H must go onto the AH: discarding it would be a fault the rules allow
    with the Stop rule on, yet one click sends it where it must go."""
    table = open_table(app, "pishe-pasha", STOP, holding_2h({"stop_rule": True}))
    settle(app, table)
    assert len(table.controller.moves_from(pid("turned0"), None)) > 1, "a fault is open too"
    click(app, centre(table, "turned0"))
    assert history(table) == ["turned>F"]


def test_a_click_on_a_card_with_several_places_lifts_it_and_a_click_on_a_place_puts_it(app):
    table = open_table(app, "pishe-pasha", STOP, two_places({"stop_rule": True}))
    settle(app, table)
    c = table.controller
    click(app, centre(table, "turned0"))
    assert history(table) == []
    assert c.picked is not None
    assert c.picked.pile == pid("turned0")
    assert set(c.targets()) == {pid("discard0"), pid("discard1")}, "its places light up"
    click(app, centre(table, "discard1"))
    assert history(table) == ["turned>1"]
    assert c.picked is None


def test_two_enters_move_a_card_with_two_places(app):
    """The first Enter, with no focus yet, lifts the card at once and the focus jumps to
    where it most likely goes (onto North's pile); the second puts it there."""
    table = open_table(app, "pishe-pasha", STOP, two_places({"stop_rule": True}))
    settle(app, table)
    c = table.controller
    assert c.focus is None
    key(app, pygame.K_RETURN)
    assert c.picked is not None
    assert c.focus == Focus(pid("discard1"))
    key(app, pygame.K_RETURN)
    assert history(table) == ["turned>1"]


def test_two_enters_send_a_card_where_it_must_go_and_a_fault_stays_one_tab_away(app):
    """Under the Stop rule the turned 2H could also be discarded (a fault): Enter lifts it
    with the focus on the foundation, Enter puts it there."""
    table = open_table(app, "pishe-pasha", STOP, holding_2h({"stop_rule": True}))
    settle(app, table)
    key(app, pygame.K_RETURN)
    assert table.controller.picked is not None
    key(app, pygame.K_RETURN)
    assert history(table) == ["turned>F"]


def test_one_enter_plays_a_card_whose_one_place_is_all_it_has(app):
    table = open_table(app, "pishe-pasha", {"players": 2}, holding_2h())
    settle(app, table)
    key(app, pygame.K_RETURN)
    assert history(table) == ["turned>F"]


def until(app, table, done, steps: int = 3000) -> None:
    for _ in range(steps):
        if done():
            return
        app.step(DT)
        join(app)  # the worker's and the voice's work done: the next frame sees it
    raise AssertionError("never happened")


def test_the_window_opens_as_the_computers_move_begins_and_a_call_is_taken_mid_flight(app):
    app.settings.pace = "slow"
    table = faulty_opponent_table(app)
    m = table.model
    until(app, table, lambda: bool(table.state.history))
    assert m.show.busy, "the card still flies"
    assert m.window.open
    assert table.controls.call_btns[0].enabled
    click(app, table.controls.call_btns[0].rect.center)
    assert m.asking is not None, "the call is taken while the card flies"
    click(app, table.controls.choices()[0].rect.center)
    assert history(table) == ["turned>D", "stop 0 force"]


def test_the_computer_thinks_its_next_move_while_the_window_runs(app):
    """North faulted and kept its turn: its next move is asked during the window, and made
    only once the window is over, in the frame it ends."""
    app.settings.call_window = 1.0
    table = open_table(app, "pishe-pasha", STOP, north_turns_past_a_fault())
    set_agent(table, 1, Prefers("turn", "turned>D", name="faulty"))
    m = table.model
    until(app, table, lambda: m.window.open)
    n, asked = len(table.state.history), False
    for _ in range(3000):
        before = (m.window.seconds, m.window.grace)
        asked |= m.thinker.busy
        app.step(DT)
        join(app)  # the worker's and the voice's work done: the next frame sees it
        if len(table.state.history) > n:
            break
    assert max(before) <= DT + 1e-9, "made in the frame the window ended, not before"
    assert asked, "North's next move was asked while the window ran"


def felt(table) -> tuple[int, int]:
    """A point of bare felt: no card, no pile, no button."""
    w, h = table.model.size
    for x in range(10, w, 20):
        for y in range(h // 3, 2 * h // 3, 20):
            on_button = any(
                b.visible and b.rect.collidepoint(x, y) for b in table.controls.widgets()
            )
            if table.view.card_at((x, y)) is None and not on_button:
                return x, y
    raise AssertionError("no bare felt")


def test_a_click_on_the_felt_closes_the_window_and_the_move_stands(app):
    table = faulty_opponent_table(app)
    m = table.model
    until(app, table, lambda: m.window.open and not m.show.busy)
    click(app, felt(table))
    assert not m.window.open
    assert m.referee.window_closed
    assert history(table) == ["turned>D"], "the fault stands, no call was made"


def test_space_closes_the_window_at_once(app):
    """North faulted and kept its turn: Space closes the window, the fault stands."""
    app.settings.call_window = 5.0
    table = open_table(app, "pishe-pasha", STOP, north_turns_past_a_fault())
    set_agent(table, 1, Prefers("turn", "turned>D", name="faulty"))
    m = table.model
    until(app, table, lambda: m.window.open)
    assert m.window.seconds > 4
    key(app, pygame.K_SPACE)
    assert not m.window.open
    assert history(table)[0] == "turn"
    assert not any(a.is_call for a in table.state.history), "no call was made"


def test_a_call_after_the_faulting_seats_next_move_is_refused(app):
    """North turned past its 2H (a fault that keeps its turn); the window closes, North
    then plays the 2H up: the fault stands, and Stop now hears why it cannot be called."""
    app.settings.call_window = 1.0
    table = open_table(app, "pishe-pasha", STOP, north_turns_past_a_fault())
    set_agent(table, 1, Prefers("turn", "discard>F", name="faulty"))
    m = table.model
    until(app, table, lambda: m.window.open)
    key(app, pygame.K_SPACE)
    until(app, table, lambda: len(table.state.history) >= 2 and not m.show.busy)
    assert history(table)[:2] == ["turn", "discard>F"]
    key(app, pygame.K_s)
    assert not any(a.is_call for a in table.state.history), "the fault stood"
    assert m.message, "the refusal is said"
    assert m.referee.refusal(m.spec.calls[0].choices[0].make(m.human), m.human) is not None


def test_the_window_never_ends_before_the_moves_words_are_said(app):
    """A slow voice (a second and a half a sentence): the window's own second runs out long
    before North's move has been said, and the window waits for the words."""
    engine = PerSentence(1.5)
    app.voice.use(engine)
    app.voice.on = True
    app.settings.call_window = 1.0
    table = faulty_opponent_table(app)
    app.settings.call_window = 1.0
    m = table.model
    until(app, table, lambda: m.window.open and bool(table.speech.moves))
    line = table.speech.moves[-1]
    held_by_words = False
    for _ in range(4000):
        if not m.window.open:
            break
        held_by_words |= m.window.seconds == 0 and app.voice.waiting(line)
        app.step(DT)
        time.sleep(0.005)  # the voice speaks in real time: this test watches it do so
    assert not m.window.open, "its length ran out while the move was said"
    assert held_by_words, "its length ran out while the move was said"
    assert not app.voice.waiting(line), "the window ended once the move had been said"
    assert any(spoken(line) in text for _, text in engine.said)  # said in full
