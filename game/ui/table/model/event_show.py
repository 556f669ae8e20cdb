"""Turning rules events into what the player sees and hears, one step at a time.

Data flows one way: the referee returns events, :class:`Show` queues them, and
each step takes cards off a pile of the :class:`ShownTable`, flies them to
where they land (turning over on the way when they change face), logs the
move in words and plays its sound; what an event sounds like, which big words it shows
and which events fly together, the game's spec says. When the queue runs dry the shown table is
replaced by the human's observation (see :mod:`game.ui.table.model.shown_piles`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.core.spec import GameSpec, Headline, Phrase, Seat
from game.core.types import Event, EventKind, PileId, PileKind
from game.games import ask
from game.text.log_lines import LogLine, move_events
from game.text.names import Namer
from game.text.words import event_line, phrase
from game.ui.anim import PACE_SECONDS, Flight, Timeline
from game.ui.table.model.layout import Layout
from game.ui.table.model.log import hidden_taken, peek_line
from game.ui.table.model.shown_piles import ShownTable, face_down_pile, shows_face

E = EventKind
GLOW_SECONDS = 0.7  # reduced motion: how long a card that moved is lit
FORCED_FLIGHT = 0.4  # the player's forced moves fly in this share of a flight's time


@dataclass
class Banner:
    """Big text over the table for a moment (a game's headline event)."""

    text: str
    seconds: float
    colour: tuple = (236, 196, 84)
    sub: str = ""
    age: float = 0.0


@dataclass
class Peek:
    """Face-down cards the human's side just took, shown for a moment, titled with who
    took them (the player, or a partner)."""

    cards: list[int]
    seconds: float
    seat: int
    age: float = 0.0

    @property
    def title(self) -> Phrase:
        return Phrase("label.peek", {"who": Seat(self.seat)}, (("who", ".you"),))


@dataclass
class Landed:
    """Reduced motion: a card that just arrived, lit for a moment instead of flying."""

    pile: PileId
    card: int | None
    age: float = 0.0


@dataclass
class Hooks:
    """What the show tells the table about; ``marks``: cards a forced move just placed for
    the player (marked a moment where they landed)."""

    log: Callable[[LogLine], None]  # a line of the move log, worded when drawn
    sound: Callable[[str], None]
    banners: list[Banner] = field(default_factory=list)
    peeks: list[Peek] = field(default_factory=list)
    landed: list[Landed] = field(default_factory=list)
    marks: list[Landed] = field(default_factory=list)


class Show:
    """The queue of events still to be shown, and the step being shown."""

    def __init__(
        self,
        shown: ShownTable,
        layout: Layout,
        human: int,
        namer: Namer,
        hooks: Hooks,
        side_of: Callable[[int], int],
        spec: GameSpec | None = None,
    ) -> None:
        """``spec``: the table's game (None: the namer's, else each game's first answer)."""
        self.shown = shown
        self.layout = layout
        self.human = human
        self.namer = namer
        self.hooks = hooks
        self.side_of = side_of
        self.game: GameSpec | str | None = spec or namer.game
        self.pace = "normal"
        self.still = False  # reduced motion: cards appear where they land, lit a moment
        self.show_faults = False
        self.reveal_all = False  # replays shown face up: every hand's cards land face up
        self.queue: deque[Event] = deque()
        self.step: Timeline | None = None
        self.glide: Timeline | None = None  # a dropped card gliding home: no move, not busy
        self.starts: dict[int, pygame.Vector2] = {}
        self.seat: int | None = None  # whose move is being shown
        self.showing: list[Event] = []  # the events of the step being shown
        self.forced: dict[int, str] = {}  # id of a queued event of a forced move: how forced
        self.chosen: set[int] = set()  # ids of queued events of a move the player chose
        self.step_forced = ""  # the step being started is a forced move's
        self.quick: set[int] = set()  # ids of queued events of a move the player had to make
        self.step_quick = False  # the step being started is one (it flies as a forced move)

    @property
    def seconds(self) -> float:
        """A flight's time at the pace; the player's forced move flies faster."""
        if self.still:
            return 0.0
        quick = self.step_forced or self.step_quick
        return PACE_SECONDS.get(self.pace, 0.38) * (FORCED_FLIGHT if quick else 1.0)

    @property
    def busy(self) -> bool:
        return bool(self.queue) or self.step is not None

    @property
    def mover(self) -> int | None:
        """The seat whose move is being shown, or is next to be shown; None when idle."""
        if self.step is None:
            first = next((e.seat for e in self.queue if e.seat is not None), None)
            return first if first is not None else self.seat if self.queue else None
        return self.seat

    def touches(self, pid: PileId) -> bool:
        """Cards are still on their way from or to ``pid`` (being shown, or waiting to be):
        what the pile shows is not yet what it holds."""
        return any(pid in (e.src, e.dst) for e in (*self.showing, *self.queue))

    def push(self, events: list[Event], starts: dict[int, pygame.Vector2] | None = None,
             forced: str = "", mover: int | None = None,
             quick: bool = False) -> None:  # fmt: skip
        """Queue events; ``starts`` says where a dragged card really is now; ``mover``: the
        events are the player's move (``mover`` the seat that made it), which played itself
        (``forced``: it flies faster, its line says so and its card is marked where it
        lands) or was chosen (its line stands out); ``quick``: the player made a move they
        had to make (with calls in play nothing plays itself), which flies as fast as a
        forced one. Only the move's own events are marked, not what follows from them."""
        self.queue.extend(events)
        self.starts.update(starts or {})
        own = move_events(events, mover) if mover is not None else []
        if quick:
            self.quick.update(id(ev) for ev in own)
        if forced:
            self.forced.update((id(ev), forced) for ev in own)
        else:
            self.chosen.update(id(ev) for ev in own)

    def deal(self, opening: list[Event], source: PileId) -> None:
        """The opening deal: every card starts face down in ``source`` (the deck, or the
        pack with its bottom card shown), and flies from there."""
        keep = self.shown.piles.get(source, [])
        bottom = keep[0] if keep else None
        for pid in list(self.shown.piles):
            self.shown.piles[pid] = []
        self.shown.piles[source] = [bottom] + [None] * 51
        if source.kind is PileKind.DECK:
            self.layout.add_deck()
        self.push(opening)

    def clear(self) -> None:
        self.queue.clear()
        self.step = self.glide = None
        self.showing = []
        self.starts.clear()
        self.forced.clear()
        self.chosen.clear()
        self.quick.clear()

    def flights(self) -> list[Flight]:
        """Every flight of the current step (landed ones wait where they landed), and a
        dropped card gliding home."""
        steps = [t for t in (self.step, self.glide) if t is not None]
        return [f for t in steps for f in t.flights]

    def advance(self, dt: float) -> bool:
        """Move the show on by ``dt``; True while something is still happening."""
        if self.glide is not None:
            self.glide.advance(dt)
            if self.glide.done:
                self.glide = None
        if self.step is not None:
            self.step.advance(dt)
            if self.step.done:
                self.step, self.showing, self.step_forced = None, [], ""
        while self.step is None and self.queue:
            self.showing = [self.queue[0]]
            self.step = self._start(self.queue.popleft())
            self.step.advance(0.0)
            if self.step.done:
                self.step, self.showing, self.step_forced = None, [], ""
        return self.busy

    def _start(self, ev: Event) -> Timeline:
        if ev.seat is not None:
            self.seat = ev.seat
        self.step_forced = self.forced.pop(id(ev), "")
        self.step_quick = id(ev) in self.quick
        self.quick.discard(id(ev))
        sound = ask(self.game, lambda spec: spec.sound(ev))
        if sound is not None and not (ev.kind is E.DEAL and self._more_deals()):
            self.hooks.sound(sound)
        headline = ask(self.game, lambda spec: spec.headline(ev))
        if headline is None and ev.src is not None and ev.dst is not None:
            return self._card_step(ev)  # its line comes as its first card starts to move
        self._log(ev, self.step_forced)
        if headline is not None:
            return self._headline_step(headline)
        return self._other_step(ev)

    def _log(self, ev: Event, forced: str) -> None:
        chosen = id(ev) in self.chosen
        self.chosen.discard(id(ev))
        if event_line(ev, self.namer, self.show_faults, self.game):
            self.hooks.log(LogLine.of_event(ev, self.show_faults, forced, chosen))

    def _more_deals(self) -> bool:
        return bool(self.queue) and self.queue[0].kind is E.DEAL and self.seconds <= 0

    def _headline_step(self, headline: Headline) -> Timeline:
        """The game's big words for the event; an alarm (red) stays a little longer."""
        big, sub = phrase(headline.text, self.namer), phrase(headline.sub, self.namer)
        if headline.alarm:
            self.hooks.banners.append(Banner(big, 2.2, (236, 90, 80), sub))
        else:
            self.hooks.banners.append(Banner(big, 1.8, sub=sub))
        wait = 0.8 if headline.alarm else 0.9
        return Timeline(wait=wait if self.seconds > 0 else 0.0)

    def _other_step(self, ev: Event) -> Timeline:
        if ev.kind is E.OVER:
            return Timeline(wait=0.6 if self.seconds > 0 else 0.0)
        return Timeline()

    def _joins(self, first: Event, then: Event) -> bool:
        """Whether the game shows ``then`` in the same step as ``first``."""
        return bool(ask(self.game, lambda spec: spec.joins(first, then) or None))

    def _card_step(self, ev: Event) -> Timeline:
        """The event's cards fly, with the events the game shows with it; each event's
        line comes to the log as its first card starts to move (after a peek at the
        face-down cards taken, which is shown first), never while it is still held."""
        steps, marks = [ev], [self.step_forced]
        while self.queue and self._joins(ev, self.queue[0]):
            steps.append(self.queue.popleft())
            marks.append(self.forced.pop(id(steps[-1]), ""))
        self.showing = steps
        tl = Timeline()
        for e, forced in zip(steps, marks, strict=True):
            if e.kind is E.CAPTURE and self._peek_first(e):
                tl.wait = max(tl.wait, 1.6 if self.pace != "instant" else 0.0)
            flights = self._fly(e, delay=tl.wait)
            tl.flights.extend(flights)
            self._log_as_it_moves(e, forced, flights)
        return tl

    def _log_as_it_moves(self, ev: Event, forced: str, flights: list[Flight]) -> None:
        """The event's line once the first of its cards starts to fly (now, if none does)."""
        first = min(flights, key=lambda f: f.delay, default=None)
        if first is None or first.delay <= 0:
            self._log(ev, forced)
        else:
            first.on_move = lambda: self._log(ev, forced)

    def _peek_first(self, ev: Event) -> bool:
        """The human's side takes face-down cards: show them (RULES.md §5)."""
        pile = self.shown.get(ev.src) if ev.src is not None else []
        hidden = hidden_taken(ev, pile, self.side_of(self.human), self.side_of)
        if hidden and ev.seat is not None:
            seconds = 1.8 if self.pace != "instant" else 0.3
            self.hooks.peeks.append(Peek(hidden, seconds, ev.seat))
            self.hooks.log(peek_line(hidden))
        return bool(hidden)

    def _take(self, ev: Event) -> tuple[list[int | None], list[tuple[float, float]]]:
        """Lift the event's cards off their pile; returns them and where they were."""
        src = ev.src
        assert src is not None, "a card that moves leaves a pile"
        spot = self.layout.spots.get(src)
        if ev.kind is E.REVEAL:
            taken, idx, n = self.shown.take(src, (), 1)
        elif ev.kind is E.RECYCLE:
            taken, idx, n = self.shown.take(src, (), len(self.shown.get(src)))
        else:
            taken, idx, n = self.shown.take(src, tuple(ev.cards), len(ev.cards))
        where = [spot.card_pos(i, n) if spot else (0.0, 0.0) for i in idx]
        self._taken_at = list(idx)
        self._from_face = [shows_face(src, i, c) for i, c in zip(idx, taken, strict=False)]
        return taken, where

    def _landing(self, ev: Event, card: int | None) -> int | None:
        dst = ev.dst
        if card is None or dst is None or face_down_pile(dst):
            return None
        if dst.kind is PileKind.HAND:
            return card if dst.seat == self.human or self.reveal_all else None
        return card if ev.face_up else None

    def _fly(self, ev: Event, delay: float = 0.0) -> list[Flight]:
        taken, where = self._take(ev)
        cards: list[int | None] = (
            list(ev.cards) if ev.cards and len(ev.cards) == len(taken) else taken
        )
        if ev.kind is E.RECYCLE:
            cards = [None] * len(taken)
        dst = ev.dst
        assert dst is not None, "a card that moves lands on a pile"
        bottom = (ev.kind is E.CAPTURE and dst.kind is PileKind.STOCK) or ev.kind.under
        landing = [self._landing(ev, c) for c in cards]
        if ev.kind is E.RECYCLE:
            landing.reverse()
        spot = self.layout.spots.get(dst)
        pile = self.shown.get(dst)
        m, k = len(pile), len(landing)
        seconds = self.seconds
        if ev.kind is E.DEAL and seconds > 0:
            seconds = max(0.1, seconds * 0.55)
        out = []
        stagger = min(0.06, seconds / 6) if k > 1 else 0.0
        for j, (shown_card, start) in enumerate(zip(taken, where, strict=False)):
            real = cards[j] if cards[j] is not None else shown_card
            if spot is None:  # a pile the table does not lay out: the corner
                end: tuple[float, float] = (0.0, 0.0)
            else:
                end = spot.rect.topleft if bottom else spot.card_pos(m + j, m + k)
            face_to = (
                shows_face(dst, m + j, landing[j])
                if not bottom
                else dst == PileId(PileKind.PACK) and ev.face_up
            )
            begin = self.starts.pop(real, None) if real is not None else None
            out.append(
                Flight(
                    real,
                    pygame.Vector2(begin or start),
                    pygame.Vector2(end),
                    seconds,
                    self._from_face[j],
                    face_to,
                    delay + j * stagger,
                )
            )
        if self.still:
            self.hooks.landed[:] = [Landed(dst, c) for c in landing[-1:]]
        forced = self.step_forced

        def land() -> None:
            self.shown.put(dst, landing, bottom)
            if forced:
                self.hooks.marks[:] = [Landed(dst, c) for c in landing[-1:]]

        if out:
            out[-1].on_land = land
        else:
            land()
        if out and delay > 0 and ev.src != dst:
            self._lie_until_moved(ev, taken, out[0])
        return out

    def _lie_until_moved(self, ev: Event, taken: list[int | None], first: Flight) -> None:
        """Cards whose flight waits (a peek at face-down cards first) lie on their pile, and
        are counted there, until the first of them starts to move."""
        src = ev.src
        assert src is not None, "a card that moves leaves a pile"
        pile = self.shown.get(src)
        for i, card in sorted(zip(self._taken_at, taken, strict=True)):
            pile.insert(i, card)

        def lift() -> None:
            self.shown.take(src, tuple(ev.cards), len(taken))

        first.on_start = lift
