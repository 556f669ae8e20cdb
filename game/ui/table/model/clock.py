"""Time at the table: what happens as frames pass. The show moves its cards on, the
computer waits a moment and then thinks, the call window runs out, the player's forced
move plays itself after a beat, Auto flips, and once a hand's end has been shown the
summary's turn comes. The player may hurry the computer's turn (never a call window).

The clock moves the hand on only through the model's own parts (its pace, its stage, its
call window) and the referee; what the table is doing stays the model's phase.
"""

from __future__ import annotations

from game.core.referee import Ask, Awaiting
from game.core.types import DRAW
from game.ui.table.model.pace import AI_PAUSE, HAND_END_PAUSE
from game.ui.table.model.phase import Doing
from game.ui.table.model.suggestion import PULSE_SECONDS
from game.ui.table.model.table_model import TableModel

MESSAGE_FRESH = 0.7  # a fresh note is drawn brighter this long


def running(m: TableModel) -> bool:
    """Something moves or will soon (the loop then runs at full rate)."""
    hint = m.hints.shown
    return (
        m.phase.moving_on
        or m.show.glide is not None
        or m.window.open
        or bool(m.hooks.banners or m.hooks.peeks or m.hooks.landed)
        or m.state.is_over
        or m.thinker.hint_pending is not None
        or (hint is not None and hint.age < PULSE_SECONDS)
        or m.message_age < MESSAGE_FRESH
    )


def tick(m: TableModel, dt: float) -> None:
    """A frame: the model's parts age and take in the worker's answers, then the hand moves
    on (not while an overlay or a call's choices cover the table)."""
    m.update(dt)
    if m.phase.doing in (Doing.PAUSED, Doing.DECIDING):
        return
    if m.pace.hurrying:
        _hurry_on(m)
    _flow_on(m)
    if m.window.open and not m.director.held():
        _window_runs(m, dt)
    if m.show.advance(dt) or m.hooks.peeks:
        return
    m.stage.landed()
    if m.state.is_over:
        _toward_summary(m, dt)
    elif not m.director.held():
        _move_on(m, dt)


def _move_on(m: TableModel, dt: float) -> None:
    """The rules' turn: a computer's answer (one thought during a call window waits for
    its end), the next question."""
    if m.window.open and m.state.to_move != m.human:
        return
    if m.thinker.busy:
        _poll_answer(m)
        return
    q = m.referee.question()
    if m.state.is_over:
        return
    if q is None:
        if m.referee.person_may_call and not m.window.open:
            _window_over(m)  # a window with no time left (a resumed hand)
        elif m.phase.doing is Doing.FORCED:
            _plays_itself(m, dt)
        return
    pace = m.options().pace
    if q.kind is Ask.MOVE and m.pace.ai_pause > 0:
        m.pace.ai_pause -= dt
        return
    m.pace.ai_pause = AI_PAUSE.get(pace, 0.25)
    m.thinker.ask(q)


def _poll_answer(m: TableModel) -> None:
    got = m.thinker.answer()
    if got is None:
        return
    question, action = got
    events = m.referee.answer(question, action)
    if events:
        m.apply_events(events, m.state.history[-1])
        if question.kind is Ask.MOVE and m.calls_in_play and not m.state.is_over:
            m.window.start(m.options().call_window)


def _window_runs(m: TableModel, dt: float) -> None:
    """The call window's time, from the moment the move began to show: it ends once its
    length has run and the move has been seen (landed, and a grace after) and heard (its
    words said); meanwhile the next computer seat thinks its move."""
    landed = not (m.show.busy or m.hooks.peeks)
    if m.window.tick(dt, landed, m.director.saying_move()):
        _window_over(m)
    elif not m.thinker.busy:
        ahead = m.referee.ahead()
        if ahead is not None:
            m.thinker.ask(ahead)


def let_stand(m: TableModel) -> bool:
    """Space, or a click on the felt, during a call window: it closes now, as if it had
    run out, and the move stands (True: there was one to close)."""
    if not m.window.open:
        return False
    _window_over(m)
    return True


def _window_over(m: TableModel) -> None:
    m.window.shut()
    if m.referee.awaiting is Awaiting.CALLS and m.referee.person_may_call:
        m.apply_events(m.referee.close_window(), None)


def _toward_summary(m: TableModel, dt: float) -> None:
    """The hand's end has been shown: after a pause the player can see, the summary."""
    m.pace.end_timer += dt
    pause = HAND_END_PAUSE if m.options().pace != "instant" else 0.0
    if m.director.watching or m.pace.summed_up or m.pace.end_timer < pause:
        return
    m.pace.summed_up = True
    w = m.state.winner
    won = w is not DRAW and w == m.state.side_of(m.human)
    m.sound("win" if won else "lose")
    m.director.on_summary()


def _plays_itself(m: TableModel, dt: float) -> None:
    """What plays itself: the one-move game's flips (Auto) at its speed, a forced move at
    once or after a beat the player can see (the spec's ``plays_itself``); a forced move
    right after the player's own moves on without a beat, so a run of them flows as one."""
    action, p = m.my_actions()[0], m.pace
    if m.auto_on and m.spec.autoplay:
        p.auto_timer += dt
        due = p.auto_timer >= 1.2 - m.options().auto_flip_speed * 1.15
    elif m.spec.plays_itself(action) == "now" or _runs_on(m):
        due = True
    else:
        p.turn_beat += dt
        due = p.turn_beat >= AI_PAUSE.get(m.options().pace, 0.25)
    if due:
        p.auto_timer = p.turn_beat = 0.0
        m.perform(action)


def _flow_on(m: TableModel) -> None:
    """A run of the player's forced moves flows as one: while the last of them is shown,
    the next one is made, and its cards fly the moment the others land."""
    show = m.show
    if not show.step_forced or show.queue or m.state.is_over or m.director.held() or m.coach.busy:
        return
    if m.state.to_move == m.human and m.referee.question() is None and m.plays_itself():
        m.perform(m.state.legal_actions()[0])


def _runs_on(m: TableModel) -> bool:
    """The last move made was the player's own (not a call): their turn runs on."""
    past = m.referee.past
    return bool(past) and past[-1].by == m.human and not past[-1].action.is_call


# ---------------------------------------------------------------------- hurrying
def computer_playing(m: TableModel) -> bool:
    """A computer seat is to move (or its move is still being shown): hurrying applies."""
    st, d = m.state, m.director
    if d.watching or not d.hurries or st.is_over or d.covered() or m.dealing:
        return False
    return st.to_move is not None and st.to_move != m.human


def may_hurry(m: TableModel) -> bool:
    """The computer plays and no call window runs: the player may hurry it."""
    return computer_playing(m) and not m.window.open and not m.pace.hurrying


def hurry(m: TableModel) -> bool:
    """The player asks to see the computer's current turn finished at once: its cards land
    without flying and it moves without pausing. A call window still runs its full time,
    so hurrying never costs the player a call."""
    if not computer_playing(m) or m.window.open:
        return False
    m.pace.hurrying = True
    return True


def _hurry_on(m: TableModel) -> None:
    if not computer_playing(m) and not m.show.busy:
        m.pace.hurrying = False
        return
    m.stage.land_now()
    m.pace.ai_pause = 0.0
