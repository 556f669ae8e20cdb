"""A hand that flows: forced turns play themselves, the computer's turn can be
hurried without costing a Stop catch, and the keyboard focus follows play, so that every
key press does something or says why."""

from __future__ import annotations

import pygame
import pytest
from ui_support import (
    DT,
    Prefers,
    click,
    faulty_opponent_table,
    key,
    north_turns_past_a_fault,
    open_table,
    pid,
    rest_of_deck,
    set_agent,
    settle,
    until,
)

from game.core.agents import SeatView
from game.core.types import ActionKind
from game.games.book import kinds as book
from game.games.pishe_pasha import kinds as pishe
from game.games.pishe_pasha.rules import PishePasha
from game.text import say
from game.text.phrasebook import LANGUAGES
from game.ui.scenes.summary import SummaryScene
from game.ui.table.input.controller import Focus
from game.ui.table.model import says

TWO = {"players": 2}


def position(discards=None, turned=None, to_move: int = 0, options=None) -> PishePasha:
    """Two seats; the given discards (bottom first) and turned card, the rest in the stocks."""
    discards = discards or [[], []]
    used = [c for pile in discards for c in pile] + ([turned] if turned else [])
    rest = rest_of_deck(*used)
    half = len(rest) // 2
    return PishePasha.from_piles(
        [rest[:half], rest[half:]], discards=discards, turned=turned, to_move=to_move,
        options=options,
    )  # fmt: skip


def table_at(app, state, options=None):
    table = open_table(app, "pishe-pasha", {**TWO, **(options or {})}, state)
    settle(app, table)
    return table


def steps(app, seconds: float) -> None:
    for _ in range(round(seconds / DT)):
        app.step(DT)


# ----------------------------------------------------------------- forced turns
def test_a_forced_turn_plays_itself_after_a_visible_beat(app):
    app.settings.auto_play, app.settings.pace = True, "normal"
    table = table_at(app, position())
    assert [a.kind for a in table.state.legal_actions()] == [pishe.ActionKinds.TURN]
    app.step(DT)
    assert table.state.history == [], "the turn waits a beat the player can see"
    steps(app, 0.4)
    assert table.state.history[0].kind is pishe.ActionKinds.TURN


def test_no_automatic_turn_when_turning_is_not_the_only_legal_move(app):
    app.settings.auto_play, app.settings.pace = True, "normal"
    table = table_at(app, position([["5C"], ["4D"]]))
    assert len(table.state.legal_actions()) == 2
    steps(app, 1.5)
    assert table.state.history == []
    assert table.model.human_may_act()


def test_no_automatic_turn_with_the_stop_rule_on(app):
    app.settings.auto_play = True
    table = table_at(app, position(options={"stop_rule": True}), {"stop_rule": True})
    assert [a.kind for a in table.state.legal_actions()] == [pishe.ActionKinds.TURN]
    steps(app, 1.5)
    assert table.state.history == []


def test_no_automatic_turn_when_forced_moves_are_not_played_for_you(app):
    table = table_at(app, position())
    steps(app, 1.0)
    assert table.state.history == []


# ----------------------------------------------------------------- hurrying the computer
def run_until(app, table, done, limit: float = 10.0) -> float:
    """Step until ``done()``; the simulated seconds it took (the computer's thinking on its
    thread joined between frames)."""
    return until(app, done, limit)


def test_hurrying_a_computer_turn_with_the_stop_rule_on_still_opens_the_window_after_its_fault(
    app,
):
    app.settings.pace = "slow"
    table = faulty_opponent_table(app)
    app.step(DT)
    assert says.prompt(table.model) == say("message.hurry_hint")
    key(app, pygame.K_SPACE)
    assert table.model.pace.hurrying
    took = run_until(app, table, lambda: table.model.window.open)
    assert [str(a) for a in table.state.history] == ["turned>D"]
    assert took < 0.6, "no pause before the move and no flight"
    assert table.model.window.seconds > 4.5, "the Stop window keeps its whole time"
    assert says.prompt(table.model) != say("message.hurry_hint"), "the window is not hurried"
    assert table.model.my_calls(), "the fault can still be caught"
    key(app, pygame.K_s)
    assert table.model.asking is not None


def bare_felt(table) -> tuple[int, int]:
    """A point of the table where no card and no button lies."""
    area = table.model.layout.areas["table"]
    widgets = [w.rect for w in table.controls.widgets() if w.visible]
    for y in range(area.top + 5, area.bottom, 17):
        for x in range(area.left + 5, area.right, 17):
            if table.view.card_at((x, y)) is None and not any(
                r.collidepoint(x, y) for r in widgets
            ):
                return x, y
    raise AssertionError("no bare felt")


def test_a_click_on_the_bare_felt_finishes_the_computers_turn_at_once(app):
    app.settings.pace = "slow"
    state = position([[], ["5C"]], to_move=1)
    table = open_table(app, "pishe-pasha", TWO, state)
    set_agent(table, 1, Prefers("turn", name="turner"))
    app.step(DT)
    click(app, bare_felt(table))
    assert table.model.pace.hurrying
    took = run_until(app, table, table.model.human_may_act)
    north = [a for a in table.state.history]
    assert len(north) >= 2, "a turn of several moves"
    assert took < 0.3 * len(north), "slow pace would take 1.3 s a move"


def test_the_keys_list_tells_how_to_hurry_the_computer(app):
    table = table_at(app, position())
    key(app, pygame.K_F1)
    body = table.controls.help.body()
    assert say("keys.hurry") in body
    assert say("keys.hurry.what") in body


# ----------------------------------------------------------------- the keyboard
def tab_to(app, table, want: Focus) -> None:
    for _ in range(40):
        if table.controller.focus == want:
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {want}")


def test_after_a_keyboard_load_space_turns_the_stock(app):
    table = table_at(app, position([[], ["4D"]], turned="5C"))
    tab_to(app, table, Focus(pid("turned0")))
    key(app, pygame.K_RETURN)
    assert table.controller.focus == Focus(pid("discard1")), "the load is offered first"
    key(app, pygame.K_SPACE)
    settle(app, table)
    assert [str(a) for a in table.state.history] == ["turned>1"]
    assert table.controller.focus == Focus(pid("stock0"))
    key(app, pygame.K_SPACE)
    assert [a.kind for a in table.state.history][-1] is pishe.ActionKinds.TURN


def test_after_a_keyboard_load_the_focus_goes_to_a_discard_that_can_load_again(app):
    table = table_at(app, position([["6H"], ["4D"]], turned="5C"))
    tab_to(app, table, Focus(pid("turned0")))
    key(app, pygame.K_RETURN)
    key(app, pygame.K_SPACE)
    settle(app, table)
    assert table.controller.focus == Focus(pid("discard0"))


def test_enter_on_a_pile_where_nothing_can_happen_says_why_and_moves_the_focus(app):
    table = table_at(app, position([["5C"], ["4D"]]))
    c = table.controller
    table.controller.focus = Focus(pid("discard1"))
    key(app, pygame.K_RETURN)
    assert table.model.message == say("message.nothing_here")
    assert c.live(c.focus)


def test_space_while_the_call_window_runs_and_north_is_to_move_lets_the_move_stand(app):
    """North faulted and kept the turn: the window waits for the player's call, and Space
    (no move of theirs to make) closes it at once: the fault stands, no call is made."""
    state = north_turns_past_a_fault()
    app.settings.call_window = 5.0
    table = open_table(app, "pishe-pasha", {"players": 2, "stop_rule": True}, state)
    set_agent(table, 1, Prefers("turn", "turned>D", name="faulty"))
    run_until(app, table, lambda: table.model.window.open)
    assert table.state.to_move == 1
    assert not table.model.human_may_act()
    n = len(table.state.history)
    key(app, pygame.K_SPACE)
    assert not table.model.window.open
    assert table.state.history[n - 1].kind is pishe.ActionKinds.TURN, "the fault stands"
    assert not any(a.is_call for a in table.state.history), "no call was made"


def test_escape_puts_the_card_down_then_clears_the_focus_then_opens_the_menu(app):
    table = table_at(app, position([[], ["4D"]], turned="5C"))
    tab_to(app, table, Focus(pid("turned0")))
    key(app, pygame.K_RETURN)
    c = table.controller
    assert c.picked is not None
    key(app, pygame.K_ESCAPE)
    assert c.picked is None
    assert c.focus is not None
    assert not table.controls.menu_open
    key(app, pygame.K_ESCAPE)
    assert c.focus is None
    assert not table.controls.menu_open
    key(app, pygame.K_ESCAPE)
    assert table.controls.menu_open


def test_tab_skips_piles_where_nothing_can_happen(app):
    table = table_at(app, position([["5C"], ["4D"]]))
    c = table.controller
    live = [f for f in c.focus_order() if c.live(f)]
    assert set(live) == {Focus(pid("discard0")), Focus(pid("stock0"))}
    seen = []
    for _ in live:
        key(app, pygame.K_TAB)
        seen.append(c.focus)
    assert set(seen) == set(live), "the first sweep visits only where a move starts"
    key(app, pygame.K_TAB)
    assert not c.live(c.focus), "the second sweep visits the rest, for reading"


def test_the_picked_up_card_is_drawn_lifted_with_its_face_showing(app):
    table = table_at(app, position([[], ["4D"]], turned="5C"))
    tab_to(app, table, Focus(pid("turned0")))
    key(app, pygame.K_RETURN)
    app.step(DT)
    w, h = table.model.layout.card
    home = table.view.card_home(pid("turned0"), 0)
    lifted = pygame.Rect(home, (w, h)).move(0, -h // 8)
    face = table.art.face(table.controller._card(table.controller.picked))
    points = [(w // 2, h // 2), (w // 4, h // 3), (3 * w // 4, 2 * h // 3), (w // 5, h // 8)]
    for x, y in points:
        assert app.screen.get_at((lifted.x + x, lifted.y + y)) == face.get_at((x, y))


def test_the_hand_keys_show_on_the_hand_unless_switched_off(app):
    table = open_table(app, "pisti", TWO)
    settle(app, table)
    hand = table.view.card_rects(pid("hand0"))
    _index, rect = hand[0]
    spot = (rect.centerx, rect.bottom - rect.h // 14 - 3)
    with_keys = app.screen.get_at(spot)
    app.settings.hand_keys = False
    app.dirty = True
    app.step(DT)
    assert app.screen.get_at(spot) != with_keys


# ----------------------------------------------------------------- a whole hand by keys
def keys_for(app, table, action) -> None:
    """The keys a player presses for ``action`` when the focus follows play."""
    c = table.controller
    where = table.state.where(action)
    if c.focus is None:
        key(app, pygame.K_TAB)
    tab_to(app, table, Focus(where.src))
    key(app, pygame.K_SPACE)
    if action.kind in (pishe.ActionKinds.TURN, book.ActionKinds.FLIP, ActionKind.PLAY):
        return
    tab_to(app, table, Focus(where.dst))
    key(app, pygame.K_SPACE)


def test_a_whole_pishe_pasha_hand_by_keys_with_no_key_press_that_changes_nothing_and_says_nothing(
    app,
):
    app.settings.auto_play = True
    table = open_table(app, "pishe-pasha", TWO, seed=1)
    silent = []
    original = key

    def watched(app_, k, mod=0, unicode=""):
        c, m = table.controller, table.model
        before = (len(table.state.history), c.focus, c.picked, m.pace.hurrying)
        m.note = None
        original(app_, k, mod, unicode)
        after = (len(table.state.history), c.focus, c.picked, m.pace.hurrying)
        if before == after and m.message_age > 1.0:
            silent.append((pygame.key.name(k), before))

    globals()["key"] = watched
    try:
        agent = table.model.spec.make_agent("medium", 21)
        for _ in range(3000):
            settle(app, table)
            if app.scene is not table:
                break
            if table.state.is_over:
                continue
            action = agent.choose(SeatView(table.state, table.human))
            before = len(table.state.history)
            keys_for(app, table, action)
            assert [str(a) for a in table.state.history[before : before + 1]] == [str(action)]
    finally:
        globals()["key"] = original
    assert isinstance(app.scene, SummaryScene)
    assert silent == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_settings_can_hide_the_hand_keys_with_a_help_line_in_both_languages(app, language):
    from game.ui.widgets import text_of

    app.set_language(language)
    app.goto("settings", back_to=None)
    rows = {text_of(r.label): r for r in app.scene.rows}
    row = rows[say("settings.hand_keys")]
    assert text_of(row.help) == say("settings.hand_keys.help")
    assert row.value is True
    for _ in range(40):
        if app.scene.ring.current() is row:
            break
        key(app, pygame.K_TAB)
    key(app, pygame.K_RIGHT)
    assert app.settings.hand_keys is False
    app.set_language("en")
