"""The table model's core: one match in progress, and what the table is doing (its phase).

Data flows one way: the controller turns input into actions, the model hands them to the
:class:`~game.core.referee.Referee`, the referee's events go to the stage's show
(animation, log, sound), and the view draws it all. The model decides no rule: it asks the
referee whose move it is; the computer players' questions are answered on the
:class:`Thinker`'s thread. Its parts have names: the hand as shown (:class:`Stage`), the
log, the call window, the coach's gate, the hints and the pace; :attr:`ModelCore.phase`
is derived from them each time it is read. What the table does with them over time (the
clock, the take-backs, the hints) are the model's other classes, each in its own file;
:class:`~game.ui.table.model.table_model.TableModel` is all of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace

import pygame

from game.core.match import Match
from game.core.referee import Referee
from game.core.spec import GameSpec
from game.core.state import GameState
from game.core.types import Action, ActionKind, Event, IllegalAction
from game.store.settings import Settings
from game.text.log_lines import LogLine, Term
from game.text.words import refusal_text
from game.ui.table.model.asking import Asking, call_asked, choices_asked
from game.ui.table.model.call_window import CallWindow
from game.ui.table.model.coach_gate import QUESTIONS_A_HAND, CoachGate
from game.ui.table.model.director import TableDirector
from game.ui.table.model.event_show import Hooks
from game.ui.table.model.hint_state import Hint, Hints
from game.ui.table.model.log import MoveLog, Reader, hand_head, hand_lines, move_line, span_line
from game.ui.table.model.pace import Pace
from game.ui.table.model.phase import Doing, Facts, Note, Phase, forced_how, phase_of
from game.ui.table.model.stage import Stage
from game.ui.table.model.thinker import Thinker


class ModelCore:
    """A match at the table, one hand at a time: its parts, its phase and the player's
    moves. What its scene decides (its overlays, a lesson holding or vetting moves, who
    hears the moves) the model asks its ``director``, given when it is made
    (:class:`~game.ui.table.model.director.TableDirector`)."""

    def __init__(
        self,
        spec: GameSpec,
        match: Match,
        referee: Referee,
        thinker: Thinker,
        options: Callable[[], Settings],
        sound: Callable[[str], None],
        size: tuple[int, int],
        director: TableDirector,
    ) -> None:
        self.spec, self.match, self.referee, self.thinker = spec, match, referee, thinker
        self.options, self.sound, self.size = options, sound, size
        self.director = director
        self.log, self.window, self.coach = MoveLog(), CallWindow(), CoachGate()
        self.hints, self.pace = Hints(), Pace()
        self.note: Note | None = None
        self.asking: Asking | None = None  # a question over the table: the phase DECIDING
        self.auto_on = False  # Auto flips
        self.vetoed = False  # the last move tried was refused by ``vet`` (a lesson's step)
        self.waits_at: int | None = None  # a take-back's position: nothing plays itself there
        self._frame_phase: Phase | None = None  # the phase while a frame is drawn (one_phase)
        self.elapsed = 0.0  # the table's own clock: seconds of frames, what its timings read
        self.start_hand()

    # ------------------------------------------------------------------ hands
    @property
    def state(self):
        return self.referee.state

    def start_hand(self) -> None:
        """Lay out the current hand of the match and show its deal."""
        st = self.state
        self.human = self.match.seat_of(0)
        hooks = Hooks(self._logged, self.sound)
        self.stage = Stage(self.spec, self.referee, self.human, self.options, self.size, hooks)
        self.hints.forget()
        self.window.shut()
        self.asking = None
        self.coach = CoachGate()  # its questions are counted by the hand
        self.pace.new_hand(self.options().pace)
        self.ended, self.note = st.is_over, None
        self.log.new_hand(self.stage.seating)
        opening = st.opening_events()
        if opening and not st.history and self.options().pace != "instant":
            self.log.add(hand_head(self.match, self.spec))
            self.stage.deal(opening, self.log.add)
        else:
            self.log.this_hand(self.hand_lines())

    def _logged(self, line: LogLine) -> None:
        """A move's line from the show: kept as values, and said in its words for the ear
        (Read aloud).
        After the first line of a move that played itself in the player's life, a line
        says why and where to switch it off (a setting remembers it was said)."""
        self.log.add(line)
        self.director.on_line(line.heard(self.namer), line.actor)
        if line.forced and not self.options().forced_told:
            self.options().forced_told = True
            first = LogLine.said("log.forced.first", setting=Term("settings.auto_play"))
            first = replace(first, forced=line.forced)
            self.log.aside(first)
            self.director.on_line(first.words(self.namer), None)
            self.director.on_told()

    def hand_lines(self, said: LogLine | None = None) -> list[LogLine]:
        """This hand's log as it reads once every move so far has been shown, then ``said``;
        while moves taken back wait to be made again, the last line says which."""
        st, head = self.state, hand_head(self.match, self.spec)
        seat = None if self.director.watching else self.human
        reader = Reader(self.namer, seat, self.show.show_faults, self.options().auto_play)
        lines = hand_lines(self.spec, st.record(), st.history, head, reader)
        lines += [said] if said is not None else []
        future, spans = self.referee.future, self.referee.spans
        if future and not self.director.watching:
            taken = move_line(st, future[0][0], self.namer)
            lines.append(span_line("log.taken_back", taken, spans[0] if spans else 1))
        return lines

    def settle(self) -> None:
        """Straight to the position as it is (a replay's jump): the log up to this move."""
        if self.dealing:
            self.log.this_hand(self.hand_lines())
        self.stage.settle()

    def restart(self, state: GameState) -> None:
        """Play another hand in place of the current one (a numbered deal, a resumed hand)."""
        self.referee.restart(state)
        self.thinker.forget()
        self.start_hand()

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.stage.resize(size)

    # the hand as shown, read by the view, the controller and the voice
    show = property(lambda self: self.stage.show)
    shown = property(lambda self: self.stage.shown)
    layout = property(lambda self: self.stage.layout)
    namer = property(lambda self: self.stage.namer)
    hooks = property(lambda self: self.stage.hooks)
    dealing = property(lambda self: self.stage.dealing)

    def card_rects(self, cards: tuple[int, ...]) -> dict[int, pygame.Rect]:
        """Where the table shows each of ``cards`` that lies in sight on a pile (what a
        chooser lights, keeps clear of, and takes a drop or a click on)."""
        rects = {}
        for pid, spot in self.layout.spots.items():
            pile = self.shown.get(pid)
            for i in range(spot.first_seen(len(pile)), len(pile)):
                if pile[i] in cards:
                    rects[pile[i]] = pygame.Rect(spot.card_pos(i, len(pile)), self.layout.card)
        return rects

    @property
    def log_words(self) -> list[str]:
        """The move log in the language of now."""
        return self.log.words(self.namer)

    # ------------------------------------------------------------------ the phase
    @property
    def phase(self) -> Phase:
        """What the table is doing now, derived afresh from its parts (kept only while a
        frame is drawn: see :meth:`one_phase`)."""
        if self._frame_phase is not None:
            return self._frame_phase
        st = self.state
        acts = self._legal() if st.to_move == self.human and not st.is_over else []
        auto = self.auto_on and self.spec.autoplay
        return phase_of(
            Facts(
                human=self.human,
                to_move=st.to_move,
                over=st.is_over,
                watching=self.director.watching,
                covered=self.director.covered(),
                held=self.director.held(),
                for_good=self.director.held_for_good(),
                dealing=self.dealing,
                showing=self.show.busy or bool(self.hooks.peeks),
                mover=self.show.mover,
                coaching=self.coach.busy,
                deciding=self.asking is not None,
                window=self.window.open,
                only_accept=[a.kind for a in acts] == [ActionKind.ACCEPT],
                forced=bool(acts)
                and not self.waits_after_take_back()
                and (auto or self.director.plays_for_me() or self.plays_itself(acts)),
            )
        )

    @contextmanager
    def one_phase(self) -> Iterator[None]:
        """While a frame is drawn: the phase worked out once. Drawing changes nothing at
        the table, yet its labels, lines and buttons ask for the phase a score of times."""
        outer = self._frame_phase
        self._frame_phase = self.phase
        try:
            yield
        finally:
            self._frame_phase = outer

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
        return [a for a in self.state.calls() if a.actor == self.human]

    @property
    def calls_in_play(self) -> bool:
        return self.spec.calls_in(self.state.options)

    def plays_itself(self, acts: list[Action] | None = None) -> bool:
        """The human's one legal move is forced and will play itself (the setting "Play
        forced moves for me", never with calls in play): the table does not ask."""
        if self.waits_after_take_back():
            return False
        acts = self.state.legal_actions() if acts is None else acts
        return forced_how(self.spec, self.state, acts, self.options().auto_play) is not None

    def waits_after_take_back(self) -> bool:
        """A take-back returned here: the player makes this move again themselves, never
        the table for them (Auto and "Play forced moves for me" wait)."""
        return self.waits_at is not None and self.waits_at == len(self.state.history)

    # ------------------------------------------------------------------ the hint line
    def say(self, words: str | Callable[[], str]) -> None:
        """A note for the hint line, kept while the table stays in this phase; give it as
        a function to have it worded anew after a change of language."""
        self.note = Note(words if callable(words) else (lambda: words), self.phase.doing)

    def unsay(self, note: Note | None) -> None:
        """The hint line's ``note`` goes, if it is still the one shown."""
        if self.note is note:
            self.note = None

    def offer(self, asking: Asking) -> None:
        """Ask the player which (a call's ways, a gesture's choices): the phase DECIDING."""
        self.asking = asking

    def set_auto(self, on: bool) -> None:
        """Auto play on or off (a one-move game's own button)."""
        self.auto_on = on

    def taken_back(self, waits: bool) -> None:
        """A take-back (``waits``: the player makes this move again themselves, nothing
        plays itself here) or a move made again (nothing waits)."""
        self.waits_at = len(self.state.history) if waits else None

    def veto_seen(self) -> bool:
        """Whether the last move tried was a lesson's veto, once (the lesson says why)."""
        vetoed, self.vetoed = self.vetoed, False
        return vetoed

    def answer(self, index: int | None) -> None:
        """The player's answer to the question asked (None: Cancel, nothing is played)."""
        asked, self.asking = self.asking, None
        if asked is not None and index is not None and 0 <= index < len(asked.answers):
            self.perform(asked.answers[index].action)

    def press_call(self, index: int = 0) -> None:
        """The button (or key) of the game's ``index``-th call, pressable while its window
        runs: with nothing to call the rules say why; one way to call is made at once; more
        are offered (the window waits meanwhile)."""
        mine = [c.make(self.human) for c in self.spec.calls[index].choices]
        if not any(a in self.my_calls() for a in mine):
            self.refuse(mine[0])
        elif len(mine) == 1:
            self.perform(mine[0])
        else:
            self.offer(call_asked(self.spec.calls[index], self.human))

    def press_move(self, index: int) -> None:
        """The button (or key) of the game's ``index``-th move with no pile: its one legal
        action is made, several are offered under their choices, and with none the rules
        say why not."""
        move = self.spec.moves[index]
        mine = self.my_actions()
        legal = [a for a in move.actions if a in mine]
        if not legal:
            self.refuse(move.actions[0])
        elif len(legal) > 1:
            self.offer(choices_asked(self.spec, self.state, self.namer, legal))
        else:
            self.perform(legal[0])

    def refuse(self, action: Action | str) -> None:
        why = self.referee.refusal(action, self.human)
        if why is not None:
            self.say(lambda: refusal_text(why, self.namer))

    @property
    def message(self) -> str:
        note = self.note
        return note.words() if note is not None and note.doing is self.phase.doing else ""

    @property
    def message_age(self) -> float:
        return self.note.age if self.note is not None else 99.0

    @property
    def hint(self) -> Hint | None:
        return self.hints.shown

    @property
    def has_hints(self) -> bool:
        """Only a game that names its hint agent gives hints."""
        return self.spec.hint_level is not None

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        """The parts' share of a frame (the clock runs the rest): notes and pictures age,
        the worker thread's hints and verdicts come in."""
        self.elapsed += dt
        self.stage.follow_options()
        self.stage.age(dt)
        if self.note is not None:
            self.note.age += dt
            if self.note.doing is not self.phase.doing:
                self.note = None
        fits = lambda a: self.referee.refusal(a, self.human) is None  # noqa: E731
        if self.hints.poll(
            self.thinker, dt, len(self.state.history), fits, self.director.hint_words
        ):
            self.note = None
        action = self.coach.verdict(len(self.state.history), self.coach_threshold)
        if self.coach.kept_news:
            self.coach.kept_news = False
            self.log.aside(LogLine.said("log.coach_keeps", n=QUESTIONS_A_HAND))
        if action is not None:
            self.perform(action, confirmed=True)

    # ------------------------------------------------------------------ the human
    def perform(self, action: Action, starts: dict | None = None, confirmed: bool = False) -> bool:
        """The human's move or call; a refusal becomes the hint line's note. In coach mode
        a move with a choice is weighed first (off the UI thread) and may be questioned.
        The one move that plays itself (the phase is FORCED for it) is marked so, on the
        table and in the log, however it was made."""
        self.vetoed = not self.director.vet(action)  # a lesson refused it, and says why itself
        if self.vetoed or self._coach_first(action, confirmed):
            return False
        forced = forced_how(self.spec, self.state, self._legal(), self.options().auto_play)
        quick = not forced and self._had_to(action)
        try:
            events = self.referee.apply(action, self.human)
        except IllegalAction as err:
            why = err.refusal
            self.say(lambda: refusal_text(why, self.namer))
            return False
        self.window.shut()
        self.pace.turn_beat, self.note = 0.0, None
        self.apply_events(events, action, starts, forced or "", mine=True, quick=quick)
        self.director.on_move(action)
        return True

    def _had_to(self, action: Action) -> bool:
        """``action`` is the player's one move that is no fault: a forced move, made by the
        player because calls are in play (it flies as fast as one played for them)."""
        if action.is_call or not self.calls_in_play:
            return False
        clean = [a for a in self._legal() if not self.spec.fault(self.state, a)]
        return clean == [action]

    def apply_events(self, events: list[Event], action: Action | None,
                     starts: dict | None = None, forced: str = "",
                     mine: bool = False, quick: bool = False) -> None:  # fmt: skip
        """Events of an applied action go to the show (``mine``: the player's own move,
        played for them when ``forced``); a fault's fate goes to the log; the hand is
        scored the moment the rules end it (its summary waits for the show)."""
        if not events:
            return
        self.log.moved(events, action)
        mover = None
        if mine and action is not None:
            mover = action.actor if action.is_call and action.actor is not None else self.human
        self.show.push(events, starts, forced, mover, quick)
        self.stage.synced = False
        self.hints.shown = None
        self.director.on_change()
        if self.state.is_over and not self.ended:
            self.ended = True
            if not self.director.watching:
                self.match.finish_hand()

    @property
    def coach_threshold(self) -> float:
        """The loss, in points, over which coach mode asks: the player's setting, and never
        less than the game's coach can tell from noise (``Coach.quiet``)."""
        quiet = self.spec.coach.quiet if self.spec.coach is not None else 0.0
        return max(self.options().coach_threshold, quiet)

    def _coach_first(self, action: Action, confirmed: bool) -> bool:
        """Hand the move to the coach; True when the move now waits for its verdict."""
        if confirmed or not self.options().coach or action.is_call or self.coach.busy:
            return False
        if self.referee.refusal(action, self.human) is not None or len(self.my_actions()) < 2:
            return False
        from game.ai.coach import ASSESS_BUDGET, move_values

        future = self.thinker.submit(move_values, self.state.clone(), self.human, ASSESS_BUDGET)
        self.coach.weigh(action, len(self.state.history), future)
        return True

    def coach_answered(self, make: bool) -> None:
        """The player's answer to the coach's question: make the move anyway, or not."""
        action = self.coach.answered()
        if make and action is not None:
            self.perform(action, confirmed=True)

    def play_forced_now(self) -> bool:
        """The player's input while their one move plays itself: it plays at once."""
        return self.phase.doing is Doing.FORCED and self.perform(self._legal()[0])
