"""The table's phase: what the table is doing is one value, derived from the
referee, the show and the table's parts, and everything on screen follows it. First the
phase as a plain value, then its transitions on a real headless table."""

from __future__ import annotations

import pytest
from phase_checks import disagreements
from ui_support import (
    DT,
    HANDS,
    Prefers,
    gesture_for,
    holding_2h,
    join,
    open_table,
    play_hand,
    set_agent,
    settle,
)

from game.ui.table.model.phase import Doing, Facts, Phase, phase_of

YOU, NORTH = 0, 1


def facts(**kw) -> Facts:
    return Facts(**{"human": YOU, "to_move": YOU, **kw})


# ----------------------------------------------------------------- the value
@pytest.mark.parametrize(
    ("kw", "want"),
    [
        ({}, Phase(Doing.CHOOSING, YOU, mine=True)),
        ({"to_move": NORTH}, Phase(Doing.THINKING, NORTH)),
        ({"forced": True}, Phase(Doing.FORCED, YOU)),
        ({"showing": True, "mover": NORTH}, Phase(Doing.SHOWING, NORTH)),
        ({"dealing": True, "showing": True}, Phase(Doing.DEALING)),
        ({"over": True}, Phase(Doing.OVER)),
        ({"over": True, "showing": True, "mover": YOU}, Phase(Doing.SHOWING, YOU)),
        ({"window": True}, Phase(Doing.CALLING, YOU, mine=True)),
        ({"window": True, "to_move": NORTH}, Phase(Doing.CALLING, NORTH)),
        ({"window": True, "only_accept": True}, Phase(Doing.CALLING, None)),
        ({"deciding": True, "window": True}, Phase(Doing.DECIDING, YOU)),
        ({"coaching": True}, Phase(Doing.COACHING, YOU)),
        ({"held": True, "to_move": NORTH}, Phase(Doing.HELD, NORTH)),
        ({"held": True, "for_good": True, "to_move": NORTH}, Phase(Doing.HELD, None)),
        ({"covered": True, "showing": True, "mover": NORTH}, Phase(Doing.PAUSED, YOU)),
        ({"watching": True, "mover": NORTH}, Phase(Doing.WATCHING, NORTH)),
    ],
)
def test_the_phase_is_the_first_fact_that_applies(kw, want):
    assert phase_of(facts(**kw)) == want


def test_only_the_players_choice_and_their_move_in_a_call_window_are_theirs():
    """``mine`` (the one condition for "Your turn") holds in exactly two phases."""
    mine = set()
    names = ["over", "watching", "covered", "held", "dealing", "showing", "coaching",
             "deciding", "window", "only_accept", "forced"]  # fmt: skip
    for bits in range(1 << len(names)):
        for to_move in (YOU, NORTH):
            kw = {n: bool(bits >> i & 1) for i, n in enumerate(names)}
            phase = phase_of(facts(to_move=to_move, **kw))
            if phase.mine:
                mine.add(phase.doing)
                assert phase.seat == YOU
                assert to_move == YOU
    assert mine == {Doing.CHOOSING, Doing.CALLING}


# ----------------------------------------------------------------- transitions at the table
def phases(app, table, until, limit: float = 20.0) -> list[Phase]:
    """The phases the table goes through, each once in a row, until ``until()``."""
    seen: list[Phase] = []
    for _ in range(round(limit / DT)):
        phase = table.model.phase
        if not seen or seen[-1] != phase:
            seen.append(phase)
        if until():
            return seen
        app.step(DT)
        join(app, table)
    raise AssertionError(f"never got there: {seen}")


def test_a_computer_move_goes_thinking_showing_then_the_players_choice(app):
    app.settings.pace = "fast"
    state = holding_2h(to_move=NORTH)
    table = open_table(app, "pishe-pasha", {"players": 2}, state)
    set_agent(table, 1, Prefers("turned>F", "turned>D", "turn"))
    seen = phases(app, table, lambda: table.model.human_may_act())
    doings = [p.doing for p in seen]
    assert doings[0] is Doing.THINKING
    assert seen[0].seat == NORTH
    assert Doing.SHOWING in doings
    assert all(p.seat == NORTH for p in seen if p.doing is Doing.SHOWING)
    assert seen[-1] == Phase(Doing.CHOOSING, YOU, mine=True)
    first_shown = doings.index(Doing.SHOWING)
    assert Doing.THINKING in doings[:first_shown], "it thinks before its cards fly"


def test_the_players_move_is_shown_then_comes_back_to_their_choice(app):
    app.settings.pace = "fast"
    table = open_table(app, "pishe-pasha", {"players": 2}, holding_2h())
    settle(app, table)
    model = table.model
    assert model.phase == Phase(Doing.CHOOSING, YOU, mine=True)
    assert model.perform(model.spec.parse_action("turned>F"))
    assert model.phase == Phase(Doing.SHOWING, YOU), "shown at once, before the next frame"
    seen = phases(app, table, lambda: model.phase.mine)
    assert [p.doing for p in seen] == [Doing.SHOWING, Doing.CHOOSING]


def test_a_computer_move_opens_the_call_window_and_its_end_gives_the_turn_back(app):
    state = holding_2h({"stop_rule": True}, to_move=NORTH)
    app.settings.call_window = 0.3
    table = open_table(app, "pishe-pasha", {"players": 2, "stop_rule": True}, state)
    set_agent(table, 1, Prefers("turned>D", name="faulty"))  # a fault: the window opens
    seen = phases(
        app, table, lambda: table.state.history and table.model.phase.doing is Doing.CHOOSING
    )
    doings = [p.doing for p in seen]
    calling = doings.index(Doing.CALLING)
    assert Doing.SHOWING in doings[:calling]
    assert seen[calling] == Phase(Doing.CALLING, YOU, mine=True), "North passed: yours, and a call"
    assert doings[calling + 1 :] == [Doing.CHOOSING]


def test_the_game_menu_pauses_the_table_and_closing_it_comes_back(app):
    table = open_table(app, "pisti", {"players": 2})
    settle(app, table)
    before = table.model.phase
    table.controls.open_menu()
    assert table.model.phase.doing is Doing.PAUSED
    assert not table.model.human_may_act()
    table.controls.close_menu()
    assert table.model.phase == before


def test_the_deal_then_the_first_turn(app):
    app.settings.pace = "fast"
    table = open_table(app, "pisti", {"players": 2})
    seen = phases(app, table, lambda: table.model.takes_moves())
    assert seen[0] == Phase(Doing.DEALING)
    assert seen[-1].doing in (Doing.CHOOSING, Doing.FORCED)
    assert Doing.DEALING not in [p.doing for p in seen[1:]]


# ----------------------------------------------------------------- every frame agrees
@pytest.mark.parametrize(("game", "choices", "seed"), HANDS)
def test_at_every_frame_of_a_whole_hand_the_header_hint_line_and_buttons_agree_with_the_phase(
    app, game, choices, seed
):
    """A whole hand played by mouse at a pace where cards fly, the player pressing a key
    now and then while they do: after every frame, the screen agrees with the phase (no
    "Your turn" unless the player may move, and so on; see phase_checks)."""
    app.settings.pace = "fast"
    app.settings.auto_play = True
    table = open_table(app, game, choices, seed=seed)
    wrong: list[str] = []
    frames = [0]
    step = app.step

    def frame(dt, *args):
        done = step(dt, *args)
        frames[0] += 1
        if app.scene is table:
            wrong.extend(disagreements(table.rig))
        return done

    app.step = frame
    try:
        play_hand(app, table, gesture_for, agent_seed=seed)
    finally:
        app.step = step
    assert frames[0] > 50
    assert wrong == [], wrong[:5]
