"""The card table: one hand of a match, played with the mouse against the computer.

Data flows one way: input -> action text -> ``state.check``/``apply`` -> events
-> :class:`Show` (animation, log, sound). The scene only maps gestures to
actions; every rule lives in the engine. Computer seats are asked through
:class:`Opponents` (a worker thread), so the window never freezes.
"""

from __future__ import annotations

from collections import deque

import pygame

from game.cards import card_text
from game.rules import TITLES
from game.rules.base import IllegalAction
from game.rules.match import Match
from game.ui import cardart, table_view
from game.ui.deal import DECK, deal_timeline, deck_spot, is_fresh_deal
from game.ui.describe import Namer
from game.ui.gestures import ClickTimer, Drag, drop_action, legal_targets, pile_kind, play_actions
from game.ui.hint import PULSE_SECONDS, Hint, make_hint
from game.ui.layout import SEAT_NAMES, Layout, table_layout
from game.ui.opponents import Opponents
from game.ui.scene import Scene
from game.ui.show import Hooks, Show
from game.ui.shown import ShownTable
from game.ui.table_controls import TableControls

HAND_END_PAUSE = 0.9
AI_PAUSE = {"slow": 0.6, "normal": 0.25, "fast": 0.08, "instant": 0.0}


class TableScene(Scene):
    """A match in progress, one hand on the table at a time."""

    def __init__(self, app, match: Match, level: str, seed: int | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.level = level
        self.opponents = Opponents(match.game, level, match.players, seed)
        self.log: deque[str] = deque(maxlen=80)
        self.message = ""
        self.message_age = 0.0
        self.drag: Drag | None = None
        self.clicks = ClickTimer()
        self.hover_pos = (0, 0)
        self.stop_wait = 0.0
        self.stop_checked = True
        self.end_timer = 0.0
        self.auto_flip = False
        self.flip_timer = 0.0
        self.hint: Hint | None = None
        self.hint_asked = -1
        self.dealing = False
        self.controls = TableControls(self)
        self.art = cardart.CardArt()
        self._start_hand()

    # ------------------------------------------------------------------ hands
    def _start_hand(self) -> None:
        self.state = self.match.hand
        self.human = self.match.seat_of(0)
        self.hint, self.hint_asked = None, -1
        self.dealing = is_fresh_deal(self.state) and self.app.settings.pace != "instant"
        self.layout = self._layout(self.app.size)
        names = {s: SEAT_NAMES[p] for s, p in self.layout.seat_pos.items()}
        sides = {s: self.state.side_of(s) for s in range(self.state.players)}
        self.namer = Namer(names, self.human, sides)
        self.hooks = Hooks(self.log.append, self.app.audio.play)
        self.shown = ShownTable.of(self.state, self.human)
        self.show = Show(
            self.shown,
            self.layout,
            self.human,
            self.state.game,
            self.namer,
            self.hooks,
            self.state.side_of,
        )
        self.show.pace = self.app.settings.pace
        self.stop_wait, self.stop_checked, self.end_timer = 0.0, True, 0.0
        self.ai_pause = AI_PAUSE.get(self.app.settings.pace, 0.25)
        self.synced = False
        self.over_note = ""
        self.log.append(f"Hand {self.match.hand_no + 1} of {TITLES[self.state.game]}")
        if self.state.game == "pisti":
            self._deal_pisti()
        self.resize(self.app.size)
        if self.dealing:
            self._deal_pishe()
        self.app.write_state(self.state)

    def _deal_pisti(self) -> None:
        """Start from the full pack and animate the opening deal (``opening_events``)."""
        pack = self.shown.get("pack")
        bottom = pack[0] if pack else None
        for pid in list(self.shown.piles):
            self.shown.piles[pid] = []
        self.shown.piles["pack"] = [bottom] + [None] * 51
        self.show.push(self.state.opening_events())

    def _deal_pishe(self) -> None:
        """Cards fly from a deck in the middle to the stocks (RULES.md §2 setup)."""
        n = self.state.players
        each = "17 cards each and one face up to the centre" if n == 3 else "26 cards each"
        self.log.append(f"The deal: {each}, two at a time, then three at a time.")
        self.show.step = deal_timeline(
            self.state, self.shown, self.layout, self.show.seconds, self.app.audio.play
        )

    def _end_deal(self) -> None:
        self.dealing = False
        self.layout.spots.pop(DECK, None)
        self.shown.piles.pop(DECK, None)

    def next_hand(self) -> None:
        self.match.next_hand()
        self._start_hand()

    def restart_hand(self) -> None:
        """A fresh deal of the same hand number (the in-game menu's "New hand")."""
        self.match.hand = self.match._deal()
        self._start_hand()

    def _layout(self, size: tuple[int, int]) -> Layout:
        st = self.state
        sides = {s: st.side_of(s) for s in range(st.players)}
        layout = table_layout(size, st.game, st.players, self.human, st.options, sides)
        if self.dealing:
            layout.spots[DECK] = deck_spot(layout)
        return layout

    # ------------------------------------------------------------------ frame
    @property
    def active(self) -> bool:
        return (
            self.show.busy
            or self.drag is not None
            or self.opponents.thinking
            or self.stop_wait > 0
            or bool(self.hooks.banners)
            or bool(self.hooks.peeks)
            or self.auto_flip
            or self.state.is_over
            or self.message_age < 0.7
            or self.opponents.hint_pending is not None
            or (self.hint is not None and self.hint.age < PULSE_SECONDS)
        )

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = self._layout(size)
        self.show.layout = self.layout
        s = self.app.settings
        self.art.configure(self.layout.card, s.four_colour, s.card_back)
        self.controls.place(self.layout)

    def say(self, text: str) -> None:
        """Show a sentence in the message line (engine sentences get names for seats)."""
        self.message, self.message_age = self.namer.humanize(text), 0.0

    def update(self, dt: float) -> None:
        self.show.pace = self.app.settings.pace
        self.message_age += dt
        self._age_overlays(dt)
        self._poll_hint(dt)
        if self.controls.paused:
            return
        if self.show.advance(dt):
            return
        if self.dealing:
            self._end_deal()
        if not self.synced and self.drag is None:
            self._sync()
        if self.state.is_over:
            self._count_to_summary(dt)
            return
        if self._poll_opponents():
            return
        if not self.stop_checked:
            self._ask_stop_calls()
            return
        self._next_move(dt)

    def _age_overlays(self, dt: float) -> None:
        for b in self.hooks.banners:
            b.age += dt
        for p in self.hooks.peeks:
            p.age += dt
        self.hooks.banners[:] = [b for b in self.hooks.banners if b.age < b.seconds]
        self.hooks.peeks[:] = [p for p in self.hooks.peeks if p.age < p.seconds]

    def _sync(self) -> None:
        self.synced = True
        fresh = ShownTable.of(self.state, self.human).piles
        if fresh != self.shown.piles:
            self.shown.piles = fresh

    def _count_to_summary(self, dt: float) -> None:
        self.end_timer += dt
        pause = HAND_END_PAUSE if self.app.settings.pace != "instant" else 0.0
        if self.end_timer >= pause and not self.hooks.peeks:
            from game.ui.scenes.summary import SummaryScene

            self.match.finish_hand()
            self.app.audio.play("win" if self._human_won() else "lose")
            self.app.switch(SummaryScene(self.app, self), leave=False)

    def _human_won(self) -> bool:
        w = self.state.winner
        return w not in (None, "draw") and w == self.state.side_of(self.human)

    # ------------------------------------------------------------------ turns
    def _next_move(self, dt: float) -> None:
        seat = self.state.to_move
        if seat is None:
            return
        if self.stop_wait > 0 and not self.controls.stop_hovered():
            self.stop_wait = max(0.0, self.stop_wait - dt)
        if seat == self.human:
            self._auto_flip(dt)
            return
        if self.stop_wait > 0:
            return
        if self.ai_pause > 0:
            self.ai_pause -= dt
            return
        self.ai_pause = AI_PAUSE.get(self.app.settings.pace, 0.25)
        self.opponents.ask_move(self.state, seat, self.match.player_at(seat))

    def _auto_flip(self, dt: float) -> None:
        if not (self.auto_flip and self.state.game == "pisha-pasha-book"):
            return
        self.flip_timer += dt
        delay = 1.2 - self.app.settings.auto_flip_speed * 1.15
        if self.flip_timer >= delay:
            self.flip_timer = 0.0
            self.perform("flip")

    def _poll_opponents(self) -> bool:
        """True while an opponent is thinking; applies its answer once it comes."""
        if not self.opponents.thinking:
            return False
        done, answer = self.opponents.answer()
        if not done:
            return True
        if self.opponents.kind == "stop":
            if answer:
                self.perform(answer, by_ai=True)
            return True
        if answer is None or self.state.check(answer) is not None:
            answer = play_actions(self.state)[0]
        self.perform(answer, by_ai=True)
        return True

    def _ask_stop_calls(self) -> None:
        """After a move under the Stop rule: may a computer seat call Stop?"""
        self.stop_checked = True
        window = getattr(self.state, "stop_window", lambda: None)()
        if not window:
            return
        callers = [(s, self.match.player_at(s)) for s in window[1] if s != self.human]
        if callers:
            self.opponents.ask_stop(self.state, callers)

    # ------------------------------------------------------------------ hints
    def request_hint(self) -> None:
        """Key H or the Hint button: ask the Expert for the human's move (off the UI thread)."""
        if self.controls.paused:
            return
        if not self.human_may_act():
            self.say("Hints are for your turn.")
            return
        if self.opponents.hint_pending is not None:
            return
        if self.hint is not None and self.hint.moves == len(self.state.history):
            self.hint.age = 0.0
            return
        self.hint_asked = len(self.state.history)
        self.opponents.ask_hint(self.state, self.human)

    def _poll_hint(self, dt: float) -> None:
        if self.hint is not None:
            self.hint.age += dt
        done, action = self.opponents.hint_answer()
        if not done:
            return
        fresh = self.hint_asked == len(self.state.history) and self.state.to_move == self.human
        if action is None or not fresh or self.state.check(action) is not None:
            return
        self.hint = make_hint(self.state, self.human, action, self.namer)
        self.message = ""

    def perform(
        self, action: str, by_ai: bool = False, starts: dict[int, pygame.Vector2] | None = None
    ) -> bool:
        """Apply an action and queue its events; a refusal becomes the message line."""
        mover = self.state.to_move
        try:
            events = self.state.apply(action)
        except IllegalAction as err:
            self.say(str(err))
            return False
        self.show.push(events, starts)
        self.synced = False
        self.hint = None
        for ev in events:
            if ev.kind == "over":
                self.over_note = ev.note
        self.app.write_state(self.state)
        if self.state.options.get("stop_rule"):
            self.stop_checked = action.startswith("stop ")
            ai_move = by_ai and mover != self.human and not action.startswith("stop ")
            self.stop_wait = self.app.settings.stop_window if ai_move else 0.0
        if not by_ai:
            self.message = ""
        return True

    def human_may_act(self) -> bool:
        return (
            self.state.to_move == self.human
            and not self.show.busy
            and not self.opponents.thinking
            and self.stop_checked
            and not self.controls.paused
        )

    # ------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> None:
        if self.controls.handle(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover_pos = event.pos
            if self.drag:
                self.drag.follow(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag:
            self._release(event.pos)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN):
            self._stock_click()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_h:
            self.request_hint()

    def _press(self, event: pygame.event.Event) -> None:
        self.cancel_drag()
        if not self.human_may_act():
            return
        stock = self.layout.spots.get(f"stock{self.human}")
        if stock is not None and stock.area.collidepoint(event.pos):
            self._stock_click()
            return
        hit = table_view.card_at(self, event.pos)
        if hit is None:
            return
        pid, index = hit
        card = self.shown.get(pid)[index]
        if card is None or not self._movable(pid, index):
            return
        if self.state.game != "pisti" and self.clicks.is_double(event, pid):
            self.perform(f"{pile_kind(pid)}>F")
            return
        self._lift(pid, index, card, event.pos)

    def _movable(self, pid: str, index: int) -> bool:
        h = self.human
        if self.state.game == "pisti":
            return pid == f"hand{h}"
        pile = self.shown.get(pid)
        return pid in (f"turned{h}", f"discard{h}") and index == len(pile) - 1

    def _lift(self, pid: str, index: int, card: int, pointer: tuple[int, int]) -> None:
        pile = self.shown.get(pid)
        spot = self.layout.spots[pid]
        home = pygame.Vector2(spot.card_pos(index, len(pile)))
        pile.pop(index)
        self.drag = Drag(
            card, pid, index, pygame.Vector2(pointer) - home, home.copy(), home, pointer
        )

    def cancel_drag(self) -> None:
        """Put a lifted card straight back (a second press before the release, the menu)."""
        if self.drag is not None:
            drag, self.drag = self.drag, None
            self.shown.get(drag.src).insert(drag.index, drag.card)

    def _stock_click(self) -> None:
        if not self.human_may_act():
            return
        action = "flip" if self.state.game == "pisha-pasha-book" else "turn"
        if self.state.game == "pisti":
            return
        self.perform(action)

    def _release(self, pointer: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        drag.follow(pointer)
        self.shown.get(drag.src).insert(drag.index, drag.card)
        if not drag.moved:
            self.clicks.clicked(drag.src)
            if self.state.game == "pisti":
                self.perform(card_text(drag.card), starts={drag.card: drag.home})
            return
        self.clicks.reset()
        target = table_view.drop_target(self, drag)
        action = (
            drop_action(self.state, self.human, drag.src, target, drag.card) if target else None
        )
        if action is not None and self.state.check(action) is None:
            self.perform(action, starts={drag.card: drag.pos})
            return
        if action is not None:
            self.say(self.state.check(action) or "")
        elif target is not None and target != drag.src:
            self.say("That card cannot go there.")
        self._glide_back(drag)

    def _glide_back(self, drag: Drag) -> None:
        from game.ui.anim import Flight, Timeline

        self.shown.get(drag.src).pop(drag.index)
        secs = max(0.12, self.show.seconds * 0.8) if self.show.seconds else 0.0
        flight = Flight(drag.card, drag.pos, drag.home, secs)
        flight.on_land = lambda: self.shown.get(drag.src).insert(drag.index, drag.card)
        self.show.step = Timeline([flight])
        self.app.audio.play("slide_back")

    def cursor(self) -> int:
        """A hand over what can be picked up or clicked, else the arrow."""
        pos = self.hover_pos
        buttons = self.controls.buttons()
        if self.drag or any(w.visible and w.rect.collidepoint(pos) for w in buttons):
            return pygame.SYSTEM_CURSOR_HAND
        if not self.human_may_act():
            return pygame.SYSTEM_CURSOR_ARROW
        stock = self.layout.spots.get(f"stock{self.human}")
        if stock is not None and stock.area.collidepoint(pos) and self.state.game != "pisti":
            return pygame.SYSTEM_CURSOR_HAND
        hit = table_view.card_at(self, pos)
        if hit and self._movable(*hit) and self._has_target(hit[0]):
            return pygame.SYSTEM_CURSOR_HAND
        return pygame.SYSTEM_CURSOR_ARROW

    def _has_target(self, pid: str) -> bool:
        card = self.shown.top(pid) if self.state.game != "pisti" else None
        if self.state.game == "pisti":
            return True
        return card is not None and bool(legal_targets(self.state, self.human, pid, card))

    def targets_while_dragging(self) -> dict[str, str]:
        if not self.drag:
            return {}
        return legal_targets(self.state, self.human, self.drag.src, self.drag.card)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        table_view.draw(self, surface)
        self.controls.draw(surface)

    def leave(self) -> None:
        self.opponents.close()
