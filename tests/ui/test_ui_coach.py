"""The coach at the table: the review after a hand lists the player's costly
decisions, worst first, and shows each position; coach mode asks before a costly move."""

from __future__ import annotations

import pytest
from ui_support import (
    DT,
    click,
    make_app,
    open_table,
    pid,
    pisti_deck,
    settle,
    until,
    wait_review,
)

from game.core.agents import SeatView
from game.core.types import Action
from game.games.pisti import kinds as pisti
from game.games.pisti.rules import Pisti
from game.text.phrasebook import LANGUAGES
from game.ui import theme
from game.ui.record_words import move_words
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.review import ReviewScene
from game.ui.scenes.summary import SummaryScene


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, keep=True)
    yield a
    a.scene.leave()


class Worst:
    """A player who throws the card that gives most away: a pişti chance for the other."""

    def choose(self, view: SeatView) -> Action:
        acts = view.legal_actions()
        return acts[-1]


def finish(app, table, agent=None) -> None:
    agent = agent or table.model.spec.make_agent("easy", 9)
    for _ in range(400):
        settle(app, table)
        if app.scene is not table:
            return
        if not table.state.is_over:
            table.model.perform(agent.choose(SeatView(table.state, table.human)))


@pytest.mark.slow
def test_the_review_lists_costly_decisions_worst_first_and_shows_them(app):
    table = open_table(app, "pisti", {"players": 2}, seed=31)
    finish(app, table, Worst())
    summary = app.scene
    assert isinstance(summary, SummaryScene)
    assert summary.review_btn.visible
    click(app, summary.review_btn.rect.center)
    review = app.scene
    assert isinstance(review, ReviewScene)
    wait_review(app, review)
    assert review.mistakes, "throwing the worst card all hand costs points somewhere"
    losses = [m.loss for m in review.mistakes]
    assert losses == sorted(losses, reverse=True)
    assert all(m.loss > 0 for m in review.mistakes)
    assert review.lines[0].startswith("Move ")
    assert len(review.reasons) == len(review.lines)
    assert all(r.startswith("Why: ") and len(r) > 10 for r in review.reasons)
    click(app, review.open_btn.rect.center)
    viewer = app.scene
    assert isinstance(viewer, ReplayScene)
    assert viewer.k == review.mistakes[0].index
    assert not viewer.model.stage.reveal_all, "the position as the player saw it"
    viewer.leave_screen()
    assert app.scene is review


def ask_the_coach(app, played: str = "QH"):
    """Coach mode on, a table where playing ``played`` throws a capture of 5♥ away: the
    question waiting."""
    app.settings.coach = True
    app.settings.coach_threshold = 1.0
    deck = pisti_deck(["2C", "3D", "4S", "5H"], ["5C", "9S", "KD", "QH"], ["9D", "6C", "7C", "8C"])
    state = Pisti.from_setup({"players": 2, "deck": deck}, {})
    table = open_table(app, "pisti", {"players": 2}, state)
    settle(app, table)
    table.model.perform(pisti.ACTIONS.parse(played))
    until(app, lambda: table.controls.question is not None, what="the coach's question")
    return table


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_coach_question_stays_in_its_box_and_keeps_each_move_on_one_line(
    tmp_path, monkeypatch, lang
):
    from game.text import set_language
    from game.ui import theme

    small = make_app(tmp_path, monkeypatch, size=(960, 600), keep=True)
    set_language(lang)
    try:
        table = ask_the_coach(small)
        calls: list[list[str]] = []
        real = theme.wrap_lines
        monkeypatch.setattr(theme, "wrap_lines", lambda *a: calls.append(real(*a)) or calls[-1])
        small.dirty = True
        small.step(DT)
        c = table.controls
        assert small.screen.get_rect().contains(c.overlay_box)
        assert c.overlay_box.contains(c.overlay_text.inflate(8, 0)), (c.overlay_box, c.overlay_text)
        record = table.state.record()
        index = len(record["actions"])
        for move in ("QH", "5C"):
            words = move_words(record, index, pisti.ACTIONS.parse(move), table.human)
            assert " " not in words
            assert "\u00a0" in words
            assert any(words in line for line in calls[-1]), (words, calls[-1])
    finally:
        set_language("en")
        small.scene.leave()


def test_coach_mode_asks_before_throwing_away_a_capture(app):
    app.settings.coach = True
    app.settings.coach_threshold = 1.0
    deck = pisti_deck(["2C", "3D", "4S", "5H"], ["5C", "9S", "KD", "QH"], ["9D", "6C", "7C", "8C"])
    state = Pisti.from_setup({"players": 2, "deck": deck}, {})
    table = open_table(app, "pisti", {"players": 2}, state)
    settle(app, table)
    hand = table.model.shown.get(pid("hand0"))
    from game.core.cards import parse_card

    table.model.perform(pisti.ACTIONS.parse("QH"))
    until(app, lambda: table.controls.question is not None, what="the coach's question")
    assert table.state.history == [], "the move waits for the coach"
    assert table.controls.question is not None
    words = table.controls.question[0]()
    assert "Play it anyway?" in words
    assert "5♣" in words
    assert "misses taking the pile" in words, "the coach says why"
    click(app, table.controls.no_btn.rect.center)
    assert table.state.history == []
    assert table.model.coach.warning is None
    assert parse_card("5C") in hand
    table.model.perform(pisti.ACTIONS.parse("5C"))
    until(app, lambda: table.state.history, what="the move")
    assert [str(a) for a in table.state.history][:1] == ["5C"], "a good move goes through"


def test_show_this_position_draws_the_move_played_and_the_better_one(app):
    deck = pisti_deck(["2C", "3D", "4S", "5H"], ["5C", "9S", "KD", "QH"], ["9D", "6C", "7C", "8C"])
    state = Pisti.from_setup({"players": 2, "deck": deck}, {})
    for move in ("9S", "6C"):
        state.apply(pisti.ACTIONS.parse(move))
    record = state.record()
    played, better = pisti.ACTIONS.parse("QH"), pisti.ACTIONS.parse("KD")
    app.goto("replay", record=record, seat=0, start=2, compare=(played, better))
    viewer = app.scene
    assert isinstance(viewer, ReplayScene)
    assert viewer.k == 2
    app.dirty = True
    app.step(DT)
    for action in (played, better):
        card, pile = viewer.view.move_rects(action)
        assert card is not None, action
        assert pile is not None, action
    assert {theme.RED_LIGHT, theme.HINT} <= colours(app.screen), "two arrows, two colours"
    viewer.step_back()
    app.dirty = True
    app.step(DT)
    assert theme.RED_LIGHT not in colours(app.screen), "the arrows belong to the position"


def colours(screen) -> set:
    w, h = screen.get_size()
    return {tuple(screen.get_at((x, y)))[:3] for x in range(0, w, 2) for y in range(0, h, 2)}
