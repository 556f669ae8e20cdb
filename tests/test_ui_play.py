"""The table driven by real posted pygame mouse events, headless (SDL dummy drivers).

Each test builds a known position, posts MOUSEBUTTONDOWN/MOTION/UP at the
on-screen positions of the cards and steps the app's own loop, then checks
the rules state. The whole-hand tests let a Medium AI pick the human's
moves but make each one through mouse events, so the UI's gesture mapping
is what plays the hand.
"""

from __future__ import annotations

import time

import pygame
import pytest

from game.ai import make_agent
from game.ai.base import SeatView
from game.cards import CARD_TEXT, parse_card
from game.rules import PishePasha
from game.settings import Settings
from game.ui import table_view
from game.ui.app import App
from game.ui.gestures import action_source, action_target
from game.ui.scenes.menu import match_for
from game.ui.scenes.summary import SummaryScene
from game.ui.scenes.table import TableScene

DT = 0.02


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    a = App((1280, 800), settings=Settings(pace="instant", stop_window=0.05, sound=False))
    yield a
    a.scene.leave()


def open_table(app: App, game: str, choices: dict, state=None, level="medium", seed=3):
    match = match_for(game, choices, seed)
    if state is not None:
        match.hand = state
    table = TableScene(app, match, level, seed)
    app.switch(table)
    return table


def settle(app: App, table: TableScene, limit: float = 10.0) -> None:
    """Step until the human may act, the hand is over, or the table is gone."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        app.step(DT)
        if app.scene is not table or table.human_may_act():
            return
        if table.state.is_over and not table.show.busy:
            return
        if table.opponents.thinking:
            time.sleep(0.001)
    raise AssertionError("the table never settled")


def centre(table: TableScene, pid: str, index: int = -1) -> tuple[int, int]:
    rects = table_view.card_rects(table, pid)
    if not rects:
        return table.layout.spots[pid].rect.center
    return dict(rects)[index if index >= 0 else rects[-1][0]].center


def post(kind: int, pos: tuple[int, int], **extra) -> None:
    if kind == pygame.MOUSEMOTION:
        pygame.event.post(pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    else:
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, **extra))


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    post(pygame.MOUSEBUTTONDOWN, start)
    app.step(DT)
    for k in (1, 2, 3):
        x = start[0] + (end[0] - start[0]) * k // 3
        y = start[1] + (end[1] - start[1]) * k // 3
        post(pygame.MOUSEMOTION, (x, y))
        app.step(DT)
    post(pygame.MOUSEBUTTONUP, end)
    app.step(DT)


def click(app: App, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos)
    app.step(DT)
    post(pygame.MOUSEBUTTONUP, pos)
    app.step(DT)


def rest_of_deck(*used: str) -> list[str]:
    taken = {parse_card(c) for c in used}
    return [CARD_TEXT[c] for c in range(52) if c not in taken]


def holding_2h() -> PishePasha:
    """Seat 0 holds a turned 2H, AH is on the hearts foundation, both discards empty."""
    rest = rest_of_deck("AH", "2H")
    return PishePasha.from_piles(
        [rest[:24], rest[24:]], foundations=[[], [], ["AH"], []], turned="2H", to_move=0
    )


def test_drag_turned_card_onto_foundation_plays_it(app):
    table = open_table(app, "pishe-pasha", {"players": 2}, holding_2h())
    settle(app, table)
    drag(app, centre(table, "turned0"), centre(table, "found2"))
    settle(app, table)
    assert table.state.history == ["turned>F"]
    assert table.state.report()["foundations"][2] == "2H"
    assert table.shown.get("found2")[-1] == parse_card("2H")


def test_illegal_drop_glides_back_and_says_why(app):
    table = open_table(app, "pishe-pasha", {"players": 2}, holding_2h())
    settle(app, table)
    home = centre(table, "turned0")
    drag(app, home, centre(table, "discard1"))
    assert table.show.busy or table.shown.get("turned0") == [parse_card("2H")]
    settle(app, table)
    assert table.state.history == []
    assert table.shown.get("turned0") == [parse_card("2H")]
    assert table.message == table.namer.humanize(table.state.check("turned>1"))
    assert table.message.startswith("North's discard pile is empty")


def test_drop_on_empty_felt_returns_the_card_without_a_move(app):
    table = open_table(app, "pishe-pasha", {"players": 2}, holding_2h())
    settle(app, table)
    felt = table.layout.areas["message"].midtop
    drag(app, centre(table, "turned0"), (felt[0], felt[1] - 5))
    settle(app, table)
    assert table.state.history == []
    assert table.shown.get("turned0") == [parse_card("2H")]


def test_double_click_sends_card_to_its_foundation(app):
    table = open_table(app, "pishe-pasha", {"players": 2}, holding_2h())
    settle(app, table)
    pos = centre(table, "turned0")
    click(app, pos)
    post(pygame.MOUSEBUTTONDOWN, pos, clicks=2)
    app.step(DT)
    post(pygame.MOUSEBUTTONUP, pos)
    settle(app, table)
    assert table.state.history == ["turned>F"]


def test_click_on_stock_turns_its_top_card(app):
    rest = rest_of_deck()
    state = PishePasha.from_piles([rest[:26], rest[26:]], to_move=0)
    table = open_table(app, "pishe-pasha", {"players": 2}, state)
    settle(app, table)
    click(app, centre(table, "stock0"))
    app.step(DT)
    assert table.state.history[0] == "turn"
    assert table.state.turned == parse_card(rest[0]) or table.state.history[1:]


def test_pisti_click_on_a_hand_card_plays_it(app):
    table = open_table(app, "pisti", {"players": 2})
    settle(app, table)
    hand = table.shown.get(f"hand{table.human}")
    assert len(hand) == 4 and None not in hand
    card = hand[1]
    click(app, centre(table, f"hand{table.human}", 1))
    app.step(DT)
    assert table.state.history[0] == CARD_TEXT[card]


def test_legal_targets_light_up_while_dragging(app):
    table = open_table(app, "pishe-pasha", {"players": 2}, holding_2h())
    settle(app, table)
    start = centre(table, "turned0")
    post(pygame.MOUSEBUTTONDOWN, start)
    app.step(DT)
    post(pygame.MOUSEMOTION, (start[0] + 40, start[1] - 60))
    app.step(DT)
    assert table.drag is not None and table.drag.moved
    assert set(table.targets_while_dragging()) == {"found2"}
    post(pygame.MOUSEBUTTONUP, (start[0] + 40, start[1] - 60))
    settle(app, table)


# ----------------------------------------------------------------- whole hands
def gesture_for(app: App, table: TableScene, action: str) -> None:
    """Make ``action`` with the mouse, the way a player would."""
    st, h = table.state, table.human
    if st.game == "pisti":
        hand = table.shown.get(f"hand{h}")
        click(app, centre(table, f"hand{h}", hand.index(parse_card(action))))
    elif action in ("turn", "flip"):
        click(app, centre(table, f"stock{h}"))
    else:
        src = action_source(st, h, action)
        target = action_target(st, action)
        drag(app, centre(table, src), table_view.pile_top_rect(table, target).center)


def play_hand_by_mouse(app: App, table: TableScene, limit: int = 3000) -> int:
    agent = make_agent(table.state.game, "medium", 11, table.state.players)
    moves = 0
    for _ in range(limit):
        settle(app, table)
        if app.scene is not table:
            return moves
        if table.state.is_over:
            continue
        action = agent.choose(SeatView(table.state, table.human))
        before = len(table.state.history)
        gesture_for(app, table, action)
        assert table.state.history[before : before + 1] == [action], (action, table.message)
        moves += 1
    raise AssertionError("the hand did not end")


HANDS = [
    ("pishe-pasha", {"players": 2}, 1),
    ("pishe-pasha", {"players": 2, "foundations": "single"}, 2),
    ("pishe-pasha", {"players": 3}, 3),
    ("pishe-pasha", {"players": 2, "stop_rule": True}, 4),
    ("pisha-pasha-book", {}, 5),
    ("pisti", {"players": 2}, 6),
    ("pisti", {"players": 3}, 7),
    ("pisti", {"players": 4}, 8),
]


@pytest.mark.parametrize(("game", "choices", "seed"), HANDS, ids=[f"{g}-{c}" for g, c, _ in HANDS])
def test_whole_hand_played_through_mouse_events(app, game, choices, seed):
    table = open_table(app, game, choices, seed=seed)
    moves = play_hand_by_mouse(app, table)
    assert table.state.is_over
    assert moves > 0
    assert isinstance(app.scene, SummaryScene)
    assert table.match.history, "the hand's score reached the match totals"


# ----------------------------------------------------------------- Stop rule
class FaultyAgent:
    """Discards a turned card that fits the foundation: a Stop-rule fault."""

    name = "faulty"

    def choose(self, view: SeatView) -> str:
        legal = view.legal_actions()
        return "turned>D" if "turned>D" in legal else [a for a in legal if "stop" not in a][0]

    def stop_call(self, view: SeatView) -> str | None:
        return None


def faulty_opponent_table(app: App) -> TableScene:
    """North holds 2H, which fits the foundation, and will discard it instead (a Stop fault)."""
    rest = rest_of_deck("AH", "2H")
    state = PishePasha.from_piles(
        [rest[:24], rest[24:]],
        foundations=[[], [], ["AH"], []],
        turned="2H",
        to_move=1,
        options={"stop_rule": True},
    )
    app.settings.stop_window = 5.0
    table = open_table(app, "pishe-pasha", {"players": 2, "stop_rule": True}, state)
    table.opponents.agents[1] = FaultyAgent()
    return table


def test_human_presses_stop_after_a_computer_fault_and_forces_the_play(app):
    table = faulty_opponent_table(app)
    for _ in range(200):
        app.step(DT)
        if table.state.history and not table.show.busy and not table.opponents.thinking:
            break
        time.sleep(0.001)
    assert table.state.history == ["turned>D"]
    assert table.stop_wait > 0 and table.controls.stop_btn.visible
    click(app, table.controls.stop_btn.rect.center)
    assert table.controls.choosing
    click(app, table.controls.force_btn.rect.center)
    assert table.state.history == ["turned>D", "stop 0 force"]
    assert table.state.report()["foundations"][2] == "2H"
    settle(app, table)
    assert any("You call Stop! and force" in line for line in table.log)


def test_computer_calls_stop_on_a_human_fault(app):
    rest = rest_of_deck("AH", "2H")
    state = PishePasha.from_piles(
        [rest[:24], rest[24:]],
        foundations=[[], [], ["AH"], []],
        turned="2H",
        to_move=0,
        options={"stop_rule": True},
    )
    table = open_table(app, "pishe-pasha", {"players": 2, "stop_rule": True}, state, level="expert")
    settle(app, table)
    drag(app, centre(table, "turned0"), centre(table, "discard0"))
    settle(app, table)
    assert table.state.history[:2] == ["turned>D", "stop 1 force"]
    assert any("STOP" in b.text for b in table.hooks.banners) or any(
        "calls Stop" in line for line in table.log
    )
