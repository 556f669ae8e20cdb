"""A quick, clear hand: forced moves that say so and fly faster, the last card
of a Pişti deal that plays itself, hints that say why, a coach that asks only about clear
losses, two presses to move a card by keyboard, take-backs that keep their place, and a
coach dialog that answers to Enter at once."""

from __future__ import annotations

import statistics

import pygame
import pytest
from ui_support import (
    DT,
    Prefers,
    centre,
    click,
    gesture_for,
    history,
    holding_2h,
    key,
    make_app,
    open_table,
    pause,
    pid,
    pisti_deck,
    set_agent,
    settle,
    two_places,
    until,
)

from game.ai.coach import Advice
from game.core.agents import SeatView
from game.core.cards import parse_card
from game.core.spec import Phrase
from game.games.pisti.rules import Pisti
from game.session import Session

COACHED = (["2C", "3D", "4S", "5H"], ["5C", "9S", "KD", "QH"], ["9D", "6C", "7C", "8C"])


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, keep=True, auto_play=True)
    yield a
    a.scene.leave()


def pisti_table(app, table, hand0, hand1, opponent: str | None = None):
    deck = pisti_deck(table, hand0, hand1)
    state = Pisti.from_setup({"players": 2, "deck": deck}, {})
    scene = open_table(app, "pisti", {"players": 2}, state)
    if opponent is not None:
        set_agent(scene, 1, Prefers(opponent))
    settle(app, scene)
    return scene


def click_card(app, table, card: str) -> None:
    hand = table.model.shown.get(pid(f"hand{table.human}"))
    click(app, centre(table, f"hand{table.human}", hand.index(parse_card(card))))


def log_words(table) -> list[str]:
    return table.model.log.words(table.model.namer)[table.model.log.hand_from :]


# ----------------------------------------------------------------- the last card of a deal
def test_the_last_card_plays_itself_marked_played_for_you_told_once(app):
    table = pisti_table(app, ["2C", "3D", "4S", "5H"], ["6C", "7D", "8S", "9H"],
                        ["KC", "KD", "KS", "QH"])  # fmt: skip
    marked = []
    for card in ("6C", "7D", "8S"):
        settle(app, table)
        assert table.model.human_may_act()
        click_card(app, table, card)
    assert app.settings.forced_told is False

    def watched() -> bool:
        marked.extend(table.model.hooks.marks)
        return len(table.state.history) >= 8 and not table.model.show.busy

    until(app, watched)
    assert history(table)[6] == "9H", "the last card went without a click"
    words = log_words(table)
    forced = [w for w in words if w.startswith("Played for you:")]
    assert forced == ["Played for you: 9♥"], words
    assert [line.forced for line in table.model.log.lines if line.forced], "its own colour"
    assert any(m.card == parse_card("9H") for m in marked), "the card is marked where it lands"
    assert app.settings.forced_told is True
    first = [w for w in words if "Settings" in w]
    assert len(first) == 1
    assert "Auto-play forced moves" in first[0]


# ----------------------------------------------------------------- hints that say why
def wait_hint(app, table) -> str:
    key(app, pygame.K_h)
    until(app, lambda: table.model.hint is not None, 60.0)
    return table.model.hint.text


def test_a_hint_says_why_in_plain_words(app):
    table = pisti_table(app, *COACHED)
    words = wait_hint(app, table)
    assert words.startswith("Hint: play the 5 of clubs: it takes the pile"), words
    rest = words.split("Playing K♦ would be worse: ", 1)[-1]
    assert rest.startswith("in the "), "the figure is why"
    assert "playing 5♣ scored" in rest, "the figure is why"
    assert words.count("pile") == 1, "nothing that says again what the hint says"


def test_a_reason_is_given_unless_it_only_says_again_what_the_hint_says(app):
    table = pisti_table(app, *COACHED)
    model = table.model
    five = next(
        a for a in table.state.legal_actions() if table.state.where(a).card == parse_card("5C")
    )
    king = next(
        a for a in table.state.legal_actions() if table.state.where(a).card == parse_card("KD")
    )
    again = Advice(
        five, other=king, why=Phrase("coach.why.capture", {"card": parse_card("5C"), "n": 4})
    )
    assert model.hint_words(again).endswith("would be worse."), "no figure to give"
    shown = Phrase("coach.why.figure", {"n": 50, "better": "playing 5♣", "points": 1.5})
    again = Advice(five, other=king, why=again.why, figure=shown)
    assert model.hint_words(again).endswith(
        "would be worse: in the 50 deals the coach played out from here, playing 5♣ scored 1.5"
        " points more on average."
    )
    other = Advice(five, other=king, why=Phrase("coach.why.jack_later"))
    assert model.hint_words(other).endswith(
        "would be worse: the jack would take a bigger pile later."
    )


def test_a_hint_for_the_only_move_says_it_is_the_only_one(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, keep=True)  # forced moves wait for the player
    try:
        table = open_table(app, "pishe-pasha", {"players": 2}, holding_2h())
        settle(app, table)
        assert len(table.state.legal_actions()) == 1
        assert wait_hint(app, table).endswith("It is your only move."), table.model.hint.text
    finally:
        app.scene.leave()


# ----------------------------------------------------------------- two presses move a card
def test_two_enter_presses_pick_a_card_up_and_put_it_where_it_goes(tmp_path, monkeypatch):
    """The turned 5C may load onto North's 4D or go onto the player's own pile: with the
    focus on it, Enter lifts it and the focus goes where it most likely goes, Enter puts it
    there (a card with one place goes at the first Enter, as one click sends it)."""
    app = make_app(tmp_path, monkeypatch, keep=True)
    try:
        table = open_table(app, "pishe-pasha", {"players": 2}, two_places({}))
        settle(app, table)
        key(app, pygame.K_TAB)  # the focus shows, then goes to the turned card
        while str(table.controller.focus.pile) != "turned0":
            key(app, pygame.K_TAB)
        assert table.controller.picked is None
        assert not table.state.history
        key(app, pygame.K_RETURN)
        assert table.controller.picked is not None, "the first Enter picks the card up"
        assert str(table.controller.focus.pile) == "discard1", "the focus is where it goes"
        key(app, pygame.K_RETURN)
        assert history(table) == ["turned>1"]
    finally:
        app.scene.leave()


# ----------------------------------------------------------------- the coach dialog
def coach_asks(app, table, card: str) -> None:
    app.settings.coach = True
    pause(app)  # a pause, as a person makes: not a double click on the same card
    click_card(app, table, card)
    until(app, lambda: table.controls.question is not None, 60.0)


def test_the_coach_dialog_answers_enter_at_once_and_leaves_no_focus(app):
    table = pisti_table(app, *COACHED)
    coach_asks(app, table, "QH")
    c = table.controls
    assert c.ring.current() is c.no_btn, "the dialog opens with the keyboard's focus"
    key(app, pygame.K_RETURN)
    assert c.question is None, "Enter said no at once"
    assert table.state.history == [], "Enter said no at once"
    app.dirty = True
    app.step(DT)
    assert c.ring.current() is None
    assert not any(w.focused for w in c.bar_widgets()), "no focus ring left on the bar"
    coach_asks(app, table, "QH")
    key(app, pygame.K_TAB)
    assert c.ring.current() is c.yes_btn
    key(app, pygame.K_RETURN)
    until(app, lambda: bool(table.state.history))
    assert history(table)[0] == "QH"
    assert not c.menu_btn.focused


def test_a_missed_pisti_is_called_a_pisti(app):
    table = pisti_table(app, ["2C", "3D", "4S", "5H"], ["5C", "9S", "KD", "QH"],
                        ["9D", "6C", "7C", "8C"], opponent="9D")  # fmt: skip
    click_card(app, table, "5C")
    until(app, lambda: len(table.state.history) >= 2 and table.model.human_may_act())
    assert history(table)[:2] == ["5C", "9D"]
    coach_asks(app, table, "KD")
    words = table.controls.question[0]()
    assert "misses a pişti (10 points)" in words, words
    assert "9♠" in words, words


# ----------------------------------------------------------------- take-backs
def test_a_take_back_removes_only_its_lines_and_redo_survives_continue(app):
    app.settings.take_backs = True
    table = pisti_table(app, *COACHED, opponent="9D")
    click_card(app, table, "5C")  # takes the pile: the face-down cards are shown in the log
    until(app, lambda: len(table.state.history) == 2 and table.model.human_may_act())
    before = log_words(table)
    assert any(w.startswith("Face-down cards taken") for w in before), before
    pause(app)
    click_card(app, table, "9S")
    until(app, lambda: len(table.state.history) == 4 and table.model.human_may_act())
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert history(table) == ["5C", "9D"]
    after = log_words(table)
    assert after[:-1] == before, "only the move taken back lost its lines"
    assert after[-1].startswith("Taken back"), after[-1]
    assert "9♠" in after[-1], after[-1]
    controls = table.controls
    key(app, pygame.K_ESCAPE)
    while controls.ring.current() is not controls.pause_items[5]:
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    menu = app.scene
    assert menu is not table
    assert menu.continue_btn.visible
    click(app, menu.continue_btn.rect.center)
    table = app.scene
    settle(app, table)
    assert history(table) == ["5C", "9D"]
    assert log_words(table)[-1] == after[-1], "the line saying what was taken back is there"
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert history(table)[:3] == ["5C", "9D", "9S"], "Ctrl+Y makes it again after Continue"


def test_moves_taken_back_that_cannot_be_kept_are_said_so(app):
    app.settings.take_backs = True
    table = pisti_table(app, *COACHED, opponent="9D")
    click_card(app, table, "5C")
    until(app, lambda: len(table.state.history) == 2 and table.model.human_may_act())
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert table.model.referee.can_redo()
    data = table.session.to_save()
    assert data["referee"]["future"] == [["5C", 0], ["9D", 1]]
    data["referee"]["future"] = [["9D", 0]]  # a save that no longer fits its hand
    again = Session.from_save(data)
    assert again.redo_lost
    assert not again.referee.can_redo()
    table = app.goto("table", session=again)
    settle(app, table)
    assert log_words(table)[-1].startswith("The moves you took back could not be kept")
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert history(table) == []


# ----------------------------------------------------------------- coach mode's questions
@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 4, 5])  # 3 and 4: hands where Hard lost more than twice
def test_coach_mode_asks_at_most_twice_in_a_hand_the_hard_level_plays(app, seed):
    app.settings.coach = True  # at the setting's default: 2 points
    table = open_table(app, "pishe-pasha", {"players": 2}, seed=seed)
    hard = table.model.spec.make_agent("hard", 5)
    asked = []
    while True:
        settle(app, table, 60.0)
        if app.scene is not table:
            break
        if table.state.is_over or table.model.plays_itself():
            app.step(DT)
            continue
        action = hard.choose(SeatView(table.state, table.human))
        moves = len(table.state.history)
        gesture_for(app, table, action)

        def answered(moves: int = moves) -> bool:
            return len(table.state.history) > moves or table.controls.question is not None

        until(app, answered, 60.0)
        if table.controls.question is not None:
            asked.append(table.controls.question[0]())
            click(app, table.controls.yes_btn.rect.center)
    assert len(asked) <= 2, "\n".join(asked)
    assert all("points" in words for words in asked), "it says how much"


# ----------------------------------------------------------------- forced moves fly faster
def test_the_players_forced_moves_fly_faster_than_the_moves_they_choose(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, keep=True, auto_play=True, pace="normal")
    table = open_table(app, "pishe-pasha", {"players": 2}, seed=5)
    steps: list[list] = []  # each of the player's steps shown: [step, forced, flight time]
    step = app.step

    def timed(dt: float, first=None):
        show = table.model.show
        mine = show.step is not None and show.step.flights and show.seat == table.human
        if mine and (not steps or steps[-1][0] is not show.step):
            longest = max(f.duration for f in show.step.flights)
            steps.append([show.step, bool(show.step_forced), longest])
        return step(dt, first)

    app.step = timed
    try:
        agent = table.model.spec.make_agent("medium", 5)
        while len({forced for _, forced, _ in steps}) < 2 or len(steps) < 12:
            settle(app, table, 30.0)
            assert app.scene is table
            assert not table.state.is_over
            if table.model.plays_itself():
                app.step(DT)
                continue
            gesture_for(app, table, agent.choose(SeatView(table.state, table.human)))
    finally:
        app.scene.leave()
    forced = [s for _, f, s in steps if f]
    chosen = [s for _, f, s in steps if not f]
    assert statistics.median(forced) < statistics.median(chosen), (forced, chosen)
