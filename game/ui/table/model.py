"""The table's model: one match in progress, what the screen shows of it, and its phase.

Data flows one way: the controller turns input into actions, the model hands
them to the :class:`~game.core.referee.Referee`, the referee's events go to the
:class:`Show` (animation, log, sound), and the view draws the model. The model
decides no rule: it asks the referee whose move it is, and the computer
players' questions are answered on the :class:`Thinker`'s thread.

With calls in play (the Stop rule), a short window follows every computer move,
fault or not, so its appearance gives nothing away; computer opponents wait
while it runs. No word on screen says a move was a fault until someone calls
Stop or the window closes, unless the player asked to be shown faults.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.core.match import Match
from game.core.referee import Phase as Rules
from game.core.referee import Referee
from game.core.spec import GameSpec
from game.core.types import (
    DECK,
    Action,
    ActionKind,
    Event,
    IllegalAction,
)
from game.store.settings import Settings
from game.text import say
from game.text.log_lines import LogLine, Term, event_lines
from game.text.names import Namer
from game.text.words import refusal_text
from game.ui.table.layout import Layout, seat_positions, table_layout
from game.ui.table.phase import Doing, Facts, Phase, phase_of
from game.ui.table.show import Hooks, Show
from game.ui.table.shown import ShownTable
from game.ui.table.thinker import Thinker

HAND_END_PAUSE = 0.9
AI_PAUSE = {"slow": 0.6, "normal": 0.25, "fast": 0.08, "instant": 0.0}
MESSAGE_FRESH = 0.7
PULSE_SECONDS = 1.6


LOG_KEPT = 120  # lines of earlier hands kept when a hand starts


def fault_lines(
    fault: int | None, events: list[Event], action: Action | None
) -> tuple[list[LogLine], int | None]:
    """A fault nobody called goes to the log once the next move is made; returns those
    lines and the seat whose fault is open after ``events``."""
    said = []
    if fault is not None and (action is None or not action.is_call):
        said.append(LogLine.said("log.fault_unnoticed", seat=fault))
    fault = None
    for ev in events:
        if ev.kind.fault:
            fault = ev.seat
    return said, fault


@dataclass
class Hint:
    """A suggestion for the human, valid while the hand still has ``moves`` moves."""

    action: Action
    moves: int
    text: str
    age: float = 0.0


class TableModel:
    """A match at the table, one hand at a time."""

    def __init__(
        self,
        spec: GameSpec,
        match: Match,
        referee: Referee,
        thinker: Thinker,
        options: Callable[[], Settings],
        sound: Callable[[str], None],
        size: tuple[int, int],
    ) -> None:
        self.spec = spec
        self.match = match
        self.referee = referee
        self.thinker = thinker
        self.options = options
        self.sound = sound
        self.size = size
        self.lines: list[LogLine] = []  # the move log, worded when drawn
        self.hand_from = 0  # where this hand's lines start
        self.on_change: Callable[[], None] = lambda: None  # after every applied action
        self.on_hand_over: Callable[[], None] = lambda: None
        # each move's words as logged, and the seat that made it (None: no seat's doing)
        self.on_line: Callable[[str, int | None], None] = lambda line, seat: None
        self.message = ""
        self.message_age = 99.0
        self.caption: str | None = None  # a phrase key the top bar shows instead (a lesson's title)
        self.hint: Hint | None = None
        self.hint_words: Callable[[Action], str] = str  # the scene gives the hint's words
        self.hint_asked = -1
        self.paused = False
        self.choosing = False  # the Stop dialog (force or end) is open
        self.window = 0.0  # seconds left of the human's Stop window
        self.window_hold = False  # the pointer rests on the Stop button: the window waits
        self.auto_on = False
        self.auto_timer = 0.0
        self.turn_beat = 0.0  # seconds the table has waited before turning a forced stock
        self.hurrying = False  # the player asked to see the computer's turn finished at once
        self.end_timer = 0.0
        self.fault_seat: int | None = None
        self.counted = False
        self.reveal_all = False  # replays: every card face up
        self.watching = False  # replays: nobody acts at this table
        self.coaching = None  # (action, moves, future): the coach weighs a move
        self.warning = None  # (action, points lost, better action, what the search saw)
        self.start_hand()

    # ------------------------------------------------------------------ hands
    @property
    def state(self):
        return self.referee.state

    def start_hand(self) -> None:
        """Lay out the current hand of the match and show its deal."""
        st = self.state
        self.human = self.match.seat_of(0)
        self.hint, self.hint_asked = None, -1
        self.sides = {s: st.side_of(s) for s in range(st.players)}
        self.namer = self._namer()
        self.hooks = Hooks(self._logged, self.sound)
        self.shown = ShownTable.of(st, self.human)
        self.layout = self._layout(self.size)
        self.show = Show(
            self.shown, self.layout, self.human, self.namer, self.hooks, st.side_of, spec=self.spec
        )
        self._follow_options()
        self.window, self.end_timer, self.fault_seat, self.counted = 0.0, 0.0, None, False
        self.hurrying, self.turn_beat = False, 0.0
        self.ai_pause = AI_PAUSE.get(self.options().pace, 0.25)
        self.synced = True
        del self.lines[: max(0, len(self.lines) - LOG_KEPT)]
        self.hand_from = len(self.lines)
        opening = st.opening_events()
        self.dealing = bool(opening) and not st.history and self.options().pace != "instant"
        if self.dealing:
            self.lines.append(self._hand_line())
            self._deal(opening)
        else:
            self.lines.extend(self.hand_lines())

    def _logged(self, line: LogLine) -> None:
        """A move's line from the show: kept as values, and said as words (Read aloud)."""
        self.lines.append(line)
        self.on_line(line.words(self.namer), line.actor)

    def _deal(self, opening: list[Event]) -> None:
        """Every card starts in the deck (or the pack), then the deal is shown."""
        source = self.spec.deal_from or DECK
        keep = self.shown.piles.get(source, [])
        bottom = keep[0] if keep else None
        for pid in list(self.shown.piles):
            self.shown.piles[pid] = []
        self.shown.piles[source] = [bottom] + [None] * 51
        if source == DECK:
            self.layout.add_deck()
        self.lines.append(LogLine.said("log.deal"))
        self.show.push(opening)

    def _namer(self) -> Namer:
        positions = seat_positions(self.spec, self.state.players, self.human)
        return Namer.for_table(positions, self.human, self.sides, self.spec.id)

    @property
    def log(self) -> list[str]:
        """The move log in the language and seat names of now."""
        return [line.words(self.namer) for line in self.lines]

    def _hand_line(self) -> LogLine:
        deal = self.match.deal_no
        return LogLine.said(
            "log.hand" if deal is not None else "log.hand.no_deal",
            n=self.match.hand_no + 1,
            game=Term(self.spec.title_key),
            deal=deal,
        )

    def hand_lines(self) -> list[LogLine]:
        """This hand's log as it reads once every move so far has been shown: made again
        from the hand's record (a resumed hand, a take-back, a replay's jump)."""
        record = self.state.record()
        state = self.spec.from_setup(record["setup"], record.get("options") or {})
        lines = [self._hand_line()]
        opening = state.opening_events()
        if opening:
            lines.append(LogLine.said("log.deal"))
            lines += event_lines(opening, self.namer, self.show.show_faults)
        fault = None
        for action in self.state.history:
            events = state.apply(action)
            said, fault = fault_lines(fault, events, action)
            lines += said + event_lines(events, self.namer, self.show.show_faults)
        return lines

    def settle(self) -> None:
        """Straight to the position as it is, nothing left to show (a replay's jump): the
        cards where they lie, the log up to this move."""
        if self.dealing:
            self._end_deal()
            del self.lines[self.hand_from :]
            self.lines += self.hand_lines()
        self.show.clear()
        self.shown.piles = self.seen_piles()
        self.synced = True

    def _end_deal(self) -> None:
        self.dealing = False
        self.layout.spots.pop(DECK, None)
        self.shown.piles.pop(DECK, None)
        self.synced = False

    def next_hand(self) -> None:
        self.referee.next_hand()
        self.thinker.forget()
        self.start_hand()
        self.on_change()

    def restart(self, state: Any) -> None:
        """Play another hand in place of the current one (a numbered deal, a resumed hand)."""
        self.referee.restart(state)
        self.thinker.forget()
        self.start_hand()

    def _layout(self, size: tuple[int, int]) -> Layout:
        st = self.state
        layout = table_layout(
            self.spec,
            size,
            st.players,
            self.human,
            st.options,
            self.sides,
            self.options().card_scale,
        )
        if getattr(self, "dealing", False):
            layout.add_deck()
        return layout

    def resize(self, size: tuple[int, int]) -> None:
        """A new size, or a new language (the seats' names are worded again)."""
        self.size = size
        self.namer = self.show.namer = self._namer()
        self.layout = self._layout(size)
        self.show.layout = self.layout

    def _follow_options(self) -> None:
        o = self.options()
        self.show.pace = o.pace
        self.show.still = o.reduced_motion
        self.show.show_faults = o.show_faults

    # ------------------------------------------------------------------ queries
    @property
    def calls_in_play(self) -> bool:
        return self.spec.calls_in(self.state.options)

    @property
    def phase(self) -> Phase:
        """What the table is doing now, derived afresh from its parts (never stored)."""
        st = self.state
        acts = self._legal() if st.to_move == self.human and not st.is_over else []
        auto = self.auto_on and self.spec.autoplay
        return phase_of(
            Facts(
                human=self.human,
                to_move=st.to_move,
                over=st.is_over,
                watching=self.watching,
                covered=self.paused,
                dealing=self.dealing,
                showing=self.show.busy or bool(self.hooks.peeks),
                mover=self.show.mover,
                coaching=self.coaching is not None or self.warning is not None,
                deciding=self.choosing,
                window=self.window > 0,
                only_accept=[a.kind for a in acts] == [ActionKind.ACCEPT],
                forced=bool(acts) and (auto or self.plays_itself(acts)),
            )
        )

    def _legal(self) -> list[Action]:
        """The legal moves now, worked out once per position (the phase asks each frame)."""
        key = (id(self.state), len(self.state.history))
        if getattr(self, "_legal_at", (None,))[0] != key:
            self._legal_at = (key, self.state.legal_actions())
        return self._legal_at[1]

    def human_may_act(self) -> bool:
        """The player may make a move now: the phase says it is theirs."""
        return self.phase.mine

    def takes_moves(self) -> bool:
        """The player's input makes a move now: their own choice, or the one move that
        would play itself anyway (a click plays it at once)."""
        phase = self.phase
        return phase.mine or phase.doing is Doing.FORCED

    def my_actions(self) -> list[Action]:
        """The moves the player's input can make now (none while it is not their move)."""
        return self._legal() if self.takes_moves() else []

    def my_calls(self) -> list[Action]:
        return [a for a in self.state.calls() if a.seat == self.human]

    @property
    def active(self) -> bool:
        """Something moves or will soon: the loop runs at full rate."""
        return (
            self.show.busy
            or self.thinker.busy
            or self.window > 0
            or bool(self.hooks.banners or self.hooks.peeks or self.hooks.landed)
            or self.auto_on
            or self.turn_beat > 0
            or self.state.is_over
            or self.message_age < MESSAGE_FRESH
            or self.thinker.hint_pending is not None
            or (self.hint is not None and self.hint.age < PULSE_SECONDS)
            or (self.state.to_move is not None and not self.referee.is_person(self.state.to_move))
        )

    def say(self, text: str) -> None:
        self.message, self.message_age = text, 0.0

    def refuse(self, action: Action | str) -> None:
        why = self.referee.refusal(action, self.human)
        if why is not None:
            self.say(refusal_text(why, self.namer))

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self._follow_options()
        self.message_age += dt
        self._age(dt)
        self._poll_hint(dt)
        self._poll_coach()
        if self.paused or self.choosing:
            return
        if self.hurrying:
            self._hurry_on()
        if self.show.advance(dt):
            return
        if self.dealing:
            self._end_deal()
        if not self.synced:
            self._sync()
        if self.state.is_over:
            self._toward_summary(dt)
            return
        if self.thinker.busy:
            self._poll_answer()
            return
        if self.window > 0:
            self._run_window(dt)
            if self.window > 0 and self.state.to_move != self.human:
                return
        self._next(dt)

    # ------------------------------------------------------------------ hurrying
    def computer_playing(self) -> bool:
        """A computer seat is to move (or its move is still being shown): hurrying applies."""
        st = self.state
        if self.watching or st.is_over or self.paused or self.dealing:
            return False
        return st.to_move is not None and st.to_move != self.human

    def may_hurry(self) -> bool:
        """The computer plays and no Stop window runs: the player may hurry it."""
        return self.computer_playing() and self.window <= 0 and not self.hurrying

    def hurry(self) -> bool:
        """The player asks to see the computer's current turn finished at once: its cards
        land without flying and it moves without pausing. A Stop window still runs its full
        time, so hurrying never costs the player a catch."""
        if not self.computer_playing() or self.window > 0:
            return False
        self.hurrying = True
        return True

    def _hurry_on(self) -> None:
        if not self.computer_playing() and not self.show.busy:
            self.hurrying = False
            return
        while self.show.advance(60.0):
            pass
        self.ai_pause = 0.0

    def _age(self, dt: float) -> None:
        for group in (self.hooks.banners, self.hooks.peeks):
            for item in group:
                item.age += dt
            group[:] = [i for i in group if i.age < i.seconds]
        for item in self.hooks.landed:
            item.age += dt
        self.hooks.landed[:] = [i for i in self.hooks.landed if i.age < 0.7]

    def _sync(self) -> None:
        """The show is over: the screen shows exactly what the human may know."""
        self.synced = True
        fresh = self.seen_piles()
        if fresh != self.shown.piles:
            self.shown.piles = fresh

    def seen_piles(self) -> dict:
        """What the screen shows at rest: the human's view, or every card (replays)."""
        if self.reveal_all:
            return {k: list(v) for k, v in self.state.reveal().items()}
        return ShownTable.of(self.state, self.human).piles

    def _toward_summary(self, dt: float) -> None:
        self.end_timer += dt
        pause = HAND_END_PAUSE if self.options().pace != "instant" else 0.0
        if self.end_timer >= pause and not self.hooks.peeks and not self.counted:
            self.counted = True
            self.match.finish_hand()
            w = self.state.winner
            won = w not in (None, "draw") and w == self.state.side_of(self.human)
            self.sound("win" if won else "lose")
            self.on_hand_over()

    def _run_window(self, dt: float) -> None:
        if not self.window_hold:
            self.window = max(0.0, self.window - dt)
        if self.window <= 0:
            self._window_over()

    def _window_over(self) -> None:
        self.window = 0.0
        if self.referee.phase is Rules.CALLS and self.referee.person_may_call:
            self._apply_events(self.referee.close_window(), None)

    def _next(self, dt: float) -> None:
        q = self.referee.question()
        if self.state.is_over:
            return
        if q is None:
            if self.phase.doing is Doing.FORCED:
                self._auto(dt)
            return
        if q.kind == "move" and self.ai_pause > 0:
            self.ai_pause -= dt
            return
        self.ai_pause = AI_PAUSE.get(self.options().pace, 0.25)
        self.thinker.ask(q)

    def _poll_answer(self) -> None:
        got = self.thinker.answer()
        if got is None:
            return
        question, action = got
        events = self.referee.answer(question, action)
        if events:
            made = self.state.history[-1]
            self._apply_events(events, made)
            if question.kind == "move" and self.calls_in_play and not self.state.is_over:
                self.window = self.options().call_window

    # ------------------------------------------------------------------ the human
    def perform(self, action: Action, starts: dict | None = None, confirmed: bool = False) -> bool:
        """The human's move or call; a refusal becomes the message line. In coach mode a
        move with a choice is weighed first (off the UI thread) and may be questioned."""
        if self._coach_first(action, confirmed):
            return False
        try:
            events = self.referee.apply(action, self.human)
        except IllegalAction as err:
            self.say(refusal_text(err.refusal, self.namer))
            return False
        self.window, self.turn_beat = 0.0, 0.0
        self.message = ""
        self._apply_events(events, action, starts)
        return True

    def _apply_events(
        self, events: list[Event], action: Action | None, starts: dict | None = None
    ) -> None:
        """Events of an applied action go to the show; a fault's fate goes to the log."""
        if not events:
            return
        said, self.fault_seat = fault_lines(self.fault_seat, events, action)
        self.lines += said
        self.show.push(events, starts)
        self.synced = False
        self.hint = None
        self.on_change()

    def _coach_first(self, action: Action, confirmed: bool) -> bool:
        """Hand the move to the coach; True when the move now waits for its verdict."""
        o = self.options()
        if confirmed or not o.coach or action.is_call or self.coaching is not None:
            return False
        if self.referee.refusal(action, self.human) is not None or len(self.my_actions()) < 2:
            return False
        from game.ai.coach import ASSESS_BUDGET, move_values

        state = self.state.clone()
        future = self.thinker.submit(move_values, state, self.human, ASSESS_BUDGET)
        self.coaching = (action, len(self.state.history), future)
        self.say(say("message.coach_thinking"))
        return True

    def _poll_coach(self) -> None:
        if self.coaching is None or not self.coaching[2].done():
            return
        action, moves, future = self.coaching
        self.coaching = None
        self.message = ""
        if moves != len(self.state.history):
            return
        try:
            values = future.result()
        except Exception:
            values = {}
        if values and action in values:
            better = max(values, key=lambda a: (values[a], str(a)))
            loss = values[better] - values[action]
            if loss > self.options().coach_threshold and better != action:
                self.warning = (action, loss, better, getattr(values, "seen", {}))
                return
        self.perform(action, confirmed=True)

    def press_stop(self) -> None:
        """Stop! is always pressable, so it never gives a fault away."""
        if not self.my_calls():
            call = self.spec.call(self.human, False)
            if call is not None:
                self.refuse(call)
            return
        self.choosing = True

    def choose_call(self, end: bool | None) -> None:
        """The Stop dialog's answer: force (False), end (True) or cancel (None)."""
        self.choosing = False
        call = None if end is None else self.spec.call(self.human, end)
        if call is not None:
            self.perform(call)

    def undo(self) -> bool:
        """Take back the human's last move (a setting); the computer moves after it go too."""
        if not self.options().take_backs:
            self.say(say("message.no_take_backs"))
            return False
        before = list(self.state.history)
        if not self.referee.undo(self.human):
            self.say(say("message.nothing_to_undo"))
            return False
        taken = before[len(self.state.history)]
        self._jump(LogLine.said("log.taken_back", move=self._move_line(taken)))
        return True

    def redo(self) -> bool:
        if not self.options().take_backs or not self.referee.can_redo():
            return False
        again = self._move_line(self.referee.future[0][0])
        self.referee.redo(self.human)
        self._jump(LogLine.said("log.made_again", move=again))
        return True

    def _move_line(self, action: Action) -> LogLine | str:
        """The log's line for ``action`` made now (what a take-back names)."""
        lines = event_lines(self.state.clone().apply(action), self.namer)
        return lines[0] if lines else str(action)

    def _jump(self, line: LogLine) -> None:
        """The hand moved without animation (take-back, redo): show it as it is now."""
        self.thinker.forget()
        self.show.clear()
        self.hooks.banners.clear()
        self.window, self.fault_seat, self.hint = 0.0, None, None
        self.shown.piles = self.seen_piles()
        del self.lines[self.hand_from :]
        self.lines += self.hand_lines()
        self.lines.append(line)
        self.on_change()

    def _auto(self, dt: float) -> None:
        """Play what plays itself: the one-move game's flips (Auto), forced moves (a setting)."""
        acts = self.state.legal_actions()
        if self.auto_on and self.spec.autoplay:
            self.auto_timer += dt
            if self.auto_timer >= 1.2 - self.options().auto_flip_speed * 1.15:
                self.auto_timer = 0.0
                self.perform(acts[0])
            return
        if not self.plays_itself(acts):
            return
        if self.spec.plays_itself(acts[0]) == "now":
            self.perform(acts[0])
        else:
            self._forced_turn(acts[0], dt)

    def plays_itself(self, acts: list[Action] | None = None) -> bool:
        """The human's one legal move is forced and will play itself (the setting "Play
        forced moves for me", never with the Stop rule): the table does not ask."""
        acts = self.state.legal_actions() if acts is None else acts
        if not self.options().auto_play or len(acts) != 1 or self.calls_in_play:
            return False
        return self.spec.plays_itself(acts[0]) is not None

    def _forced_turn(self, action: Action, dt: float) -> None:
        """Turning is the only legal move: it plays itself after a beat the player can see
        (the pace of the computer's moves), so the player is asked only at a real choice."""
        self.turn_beat += dt
        if self.turn_beat >= AI_PAUSE.get(self.options().pace, 0.25):
            self.turn_beat = 0.0
            self.perform(action)

    # ------------------------------------------------------------------ hints
    def request_hint(self) -> None:
        """Key H or the Hint button: ask the Expert for the human's move (off the UI thread)."""
        if self.paused:
            return
        if not self.has_hints:
            self.say(say("message.no_hints"))
            return
        if not self.human_may_act():
            self.say(say("message.hint_your_turn"))
            return
        if self.thinker.hint_pending is not None:
            return
        if self.hint is not None and self.hint.moves == len(self.state.history):
            self.hint.age = 0.0
            return
        self.hint_asked = len(self.state.history)
        self.thinker.ask_hint(self.state, self.human, self.options().show_faults)

    def _poll_hint(self, dt: float) -> None:
        if self.hint is not None:
            self.hint.age += dt
        done, action = self.thinker.hint_answer()
        if not done or action is None:
            return
        fresh = self.hint_asked == len(self.state.history)
        if not fresh or self.referee.refusal(action, self.human) is not None:
            return
        self.hint = Hint(action, len(self.state.history), self.hint_words(action))
        self.message = ""

    @property
    def has_hints(self) -> bool:
        """A game where the player never chooses (no levels to offer) has nothing to hint."""
        return bool(self.spec.levels)

    def seat_name(self, seat: int) -> str:
        return self.namer.who(seat)
