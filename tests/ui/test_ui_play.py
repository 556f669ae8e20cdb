"""The table driven by real posted pygame mouse events, headless (SDL dummy drivers).

Each test builds a known position, posts MOUSEBUTTONDOWN/MOTION/UP at the
on-screen positions of the cards and steps the app's own loop, then checks
the rules state. The whole-hand tests let a Medium AI pick the human's
moves but make each one through mouse events, so the UI's gesture mapping
is what plays the hand.
"""

from __future__ import annotations

import pygame
import pytest
from ui_support import (
    DT,
    HANDS,
    centre,
    click,
    drag,
    faulty_opponent_table,
    history,
    holding_2h,
    open_table,
    pid,
    play_hand_by_mouse,
    post,
    rest_of_deck,
    settle,
    step_until_moved,
)

from game.core.cards import CARD_TEXT, parse_card
from game.games.pishe_pasha import kinds as pishe
from game.games.pishe_pasha.rules import PishePasha
from game.text.words import refusal_text
from game.ui.scenes.summary import SummaryScene


def test_drag_turned_card_onto_foundation_plays_it(app):
    table = open_table(app, "pishe-pasha", {"players": 2}, holding_2h())
    settle(app, table)
    drag(app, centre(table, "turned0"), centre(table, "found2"))
    settle(app, table)
    assert history(table) == ["turned>F"]
    assert table.state.report()["foundations"][2] == "2H"
    assert table.model.shown.get(pid("found2"))[-1] == parse_card("2H")


def test_illegal_drop_glides_back_and_says_why(app):
    table = open_table(app, "pishe-pasha", {"players": 2}, holding_2h())
    settle(app, table)
    home = centre(table, "turned0")
    drag(app, home, centre(table, "discard1"))
    assert table.model.show.busy or table.model.shown.get(pid("turned0")) == [parse_card("2H")]
    settle(app, table)
    assert table.state.history == []
    assert table.model.shown.get(pid("turned0")) == [parse_card("2H")]
    why = table.state.check(pishe.ACTIONS.parse("turned>1"))
    assert table.model.message == refusal_text(why, table.model.namer)
    assert table.model.message.startswith("North's discard pile is empty")


def test_drop_on_empty_felt_returns_the_card_without_a_move(app):
    table = open_table(app, "pishe-pasha", {"players": 2}, holding_2h())
    settle(app, table)
    felt = table.model.layout.areas["message"].midtop
    drag(app, centre(table, "turned0"), (felt[0], felt[1] - 5))
    settle(app, table)
    assert table.state.history == []
    assert table.model.shown.get(pid("turned0")) == [parse_card("2H")]


def test_double_click_sends_card_to_its_foundation(app):
    rest = rest_of_deck("AH", "2H", "9C", "10S")
    state = PishePasha.from_piles(
        [rest[:23], rest[23:]], discards=[["2H"], ["10S"]],
        foundations=[[], [], ["AH"], []], turned="9C", to_move=0, options={"stop_rule": True},
    )  # fmt: skip
    table = open_table(app, "pishe-pasha", {"players": 2, "stop_rule": True}, state)
    settle(app, table)
    pos = centre(table, "discard0")
    click(app, pos)
    post(pygame.MOUSEBUTTONDOWN, pos, clicks=2)
    app.step(DT)
    post(pygame.MOUSEBUTTONUP, pos)
    settle(app, table)
    assert history(table) == ["discard>F"]


def test_single_click_plays_a_card_with_one_legal_target(app):
    table = open_table(app, "pishe-pasha", {"players": 2}, holding_2h())
    settle(app, table)
    click(app, centre(table, "turned0"))
    settle(app, table)
    assert history(table) == ["turned>F"]


def test_click_on_stock_turns_its_top_card(app):
    rest = rest_of_deck()
    state = PishePasha.from_piles([rest[:26], rest[26:]], to_move=0)
    table = open_table(app, "pishe-pasha", {"players": 2}, state)
    settle(app, table)
    click(app, centre(table, "stock0"))
    app.step(DT)
    assert history(table)[0] == "turn"
    assert table.state.turned == parse_card(rest[0]) or table.state.history[1:]


def test_a_click_on_the_stock_that_may_not_turn_says_why(app):
    """Holding a turned card, a click on the own stock turns nothing and the hint line
    gives the rules' reason (place the turned card first)."""
    table = open_table(app, "pishe-pasha", {"players": 2}, holding_2h())
    settle(app, table)
    click(app, centre(table, "stock0"))
    app.step(DT)
    assert history(table) == []
    why = table.state.check(pishe.TURN)
    assert why is not None
    assert table.model.message == refusal_text(why, table.model.namer)


def test_pisti_click_on_a_hand_card_plays_it(app):
    table = open_table(app, "pisti", {"players": 2})
    settle(app, table)
    hand = table.model.shown.get(pid(f"hand{table.human}"))
    assert len(hand) == 4
    assert None not in hand
    card = hand[1]
    click(app, centre(table, f"hand{table.human}", 1))
    app.step(DT)
    assert history(table)[0] == CARD_TEXT[card]


def test_legal_targets_light_up_while_dragging(app):
    table = open_table(app, "pishe-pasha", {"players": 2}, holding_2h())
    settle(app, table)
    start = centre(table, "turned0")
    post(pygame.MOUSEBUTTONDOWN, start)
    app.step(DT)
    post(pygame.MOUSEMOTION, (start[0] + 40, start[1] - 60))
    app.step(DT)
    assert table.controller.drag is not None
    assert table.controller.drag.moved
    assert {str(p) for p in table.controller.targets()} == {"found2"}
    post(pygame.MOUSEBUTTONUP, (start[0] + 40, start[1] - 60))
    settle(app, table)


# ----------------------------------------------------------------- whole hands
@pytest.mark.parametrize(("game", "choices", "seed"), HANDS)
def test_whole_hand_played_through_mouse_events(app, game, choices, seed):
    table = open_table(app, game, choices, seed=seed)
    moves = play_hand_by_mouse(app, table)
    assert table.state.is_over
    assert moves > 0
    assert isinstance(app.scene, SummaryScene)
    assert table.match.history, "the hand's score reached the match totals"


# ----------------------------------------------------------------- Stop rule
def test_human_presses_stop_after_a_computer_fault_and_forces_the_play(app):
    table = faulty_opponent_table(app)
    step_until_moved(app, table, 200)
    assert history(table) == ["turned>D"]
    assert table.model.window.open
    assert table.controls.call_btns[0].visible
    click(app, table.controls.call_btns[0].rect.center)
    assert table.model.asking is not None
    click(app, table.controls.choices()[0].rect.center)
    assert history(table) == ["turned>D", "stop 0 force"]
    assert table.state.report()["foundations"][2] == "2H"
    settle(app, table)
    assert any("You call Stop! and force" in line for line in table.model.log_words)


def test_computer_calls_stop_on_a_human_fault(app):
    state = holding_2h({"stop_rule": True}, to_move=0)
    table = open_table(app, "pishe-pasha", {"players": 2, "stop_rule": True}, state,
                       level="expert")  # fmt: skip
    settle(app, table)
    drag(app, centre(table, "turned0"), centre(table, "discard0"))
    settle(app, table)
    assert history(table)[:2] == ["turned>D", "stop 1 force"] or history(table)[:2] == [
        "turned>D",
        "stop 1 end",
    ]
    assert any("STOP" in b.text for b in table.model.hooks.banners) or any(
        "calls Stop" in line for line in table.model.log_words
    )
