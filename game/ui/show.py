"""Turning rules events into what the player sees and hears, one step at a time.

Data flows one way: the rules return events, :class:`Show` queues them, and
each step takes cards off a pile of the :class:`ShownTable`, flies them to
where they land (turning over on the way when they change face), logs the
move in words and plays its sound. When the queue runs dry the shown table is
replaced by the human's observation (see :mod:`game.ui.shown`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.cards import card_text
from game.rules.base import Event
from game.ui.anim import PACE_SECONDS, Flight, Timeline
from game.ui.describe import Namer, describe
from game.ui.layout import Layout
from game.ui.shown import ShownTable, face_down_pile, shows_face

SOUNDS = {
    "deal": "deal",
    "turn": "flip",
    "recycle": "flip",
    "move": "place",
    "capture": "capture",
    "undo": "slide_back",
    "pisti": "pisti",
    "stop": "stop",
}
CARD_KINDS = ("move", "turn", "recycle", "deal", "capture", "undo")


@dataclass
class Banner:
    """Big text over the table for a moment (a pişti, a Stop call)."""

    text: str
    seconds: float
    colour: tuple = (236, 196, 84)
    sub: str = ""
    age: float = 0.0


@dataclass
class Peek:
    """Face-down cards the human's side just took, shown for a moment."""

    cards: list[int]
    seconds: float
    age: float = 0.0


@dataclass
class Hooks:
    """What the show tells the table about."""

    log: Callable[[str], None]
    sound: Callable[[str], None]
    banners: list[Banner] = field(default_factory=list)
    peeks: list[Peek] = field(default_factory=list)


class Show:
    """The queue of events still to be shown, and the step being shown."""

    def __init__(
        self,
        shown: ShownTable,
        layout: Layout,
        human: int,
        game: str,
        namer: Namer,
        hooks: Hooks,
        side_of: Callable[[int], int],
    ) -> None:
        self.shown = shown
        self.layout = layout
        self.human = human
        self.game = game
        self.namer = namer
        self.hooks = hooks
        self.side_of = side_of
        self.pace = "normal"
        self.queue: deque[Event] = deque()
        self.step: Timeline | None = None
        self.starts: dict[int, pygame.Vector2] = {}

    @property
    def seconds(self) -> float:
        return PACE_SECONDS.get(self.pace, 0.38)

    @property
    def busy(self) -> bool:
        return bool(self.queue) or self.step is not None

    def push(self, events: list[Event], starts: dict[int, pygame.Vector2] | None = None) -> None:
        """Queue events; ``starts`` says where a dragged card really is now."""
        self.queue.extend(events)
        self.starts.update(starts or {})

    def flights(self) -> list[Flight]:
        """Every flight of the current step; landed ones wait where they landed."""
        return list(self.step.flights) if self.step else []

    def advance(self, dt: float) -> bool:
        """Move the show on by ``dt``; True while something is still happening."""
        if self.step is not None:
            self.step.advance(dt)
            if self.step.done:
                self.step = None
        while self.step is None and self.queue:
            self.step = self._start(self.queue.popleft())
            self.step.advance(0.0)
            if self.step.done:
                self.step = None
        return self.busy

    def _start(self, ev: Event) -> Timeline:
        line = describe(ev, self.namer)
        if line and not (ev.kind == "deal" and self.queue and self.queue[0].kind == "deal"):
            self.hooks.log(line)
        if ev.kind in SOUNDS:
            self.hooks.sound(SOUNDS[ev.kind])
        if ev.kind in CARD_KINDS and ev.src and ev.dst:
            return self._card_step(ev)
        return self._other_step(ev)

    def _other_step(self, ev: Event) -> Timeline:
        slow = self.seconds > 0
        if ev.kind == "pisti":
            big = "JACK PİŞTİ!" if ev.note == "jack_pisti" else "PİŞTİ!"
            pts = 20 if ev.note == "jack_pisti" else 10
            self.hooks.banners.append(Banner(big, 1.8, sub=f"{self.namer.who(ev.seat)} +{pts}"))
            return Timeline(wait=0.9 if slow else 0.0)
        if ev.kind == "stop":
            how = "forces the foundation play" if ev.note == "force" else "ends the turn"
            self.hooks.banners.append(
                Banner("STOP!", 2.2, (236, 90, 80), f"{self.namer.who(ev.seat)} {how}")
            )
            return Timeline(wait=0.8 if slow else 0.0)
        if ev.kind == "over":
            return Timeline(wait=0.6 if slow else 0.0)
        return Timeline()

    def _card_step(self, ev: Event) -> Timeline:
        steps = [ev]
        while (
            self.game == "pisha-pasha-book"
            and ev.kind in ("move", "turn")
            and self.queue
            and self.queue[0].kind in ("move", "turn")
            and self.queue[0].seat != ev.seat
        ):
            steps.append(self.queue.popleft())
            line = describe(steps[-1], self.namer)
            if line:
                self.hooks.log(line)
        tl = Timeline()
        for e in steps:
            if e.kind == "capture" and self._peek_first(e):
                tl.wait = max(tl.wait, 1.6 if self.seconds > 0 else 0.0)
            tl.flights.extend(self._fly(e, delay=tl.wait))
        return tl

    def _peek_first(self, ev: Event) -> bool:
        """The human's side takes face-down cards: show them (RULES.md §5)."""
        if ev.src != "table" or self.side_of(ev.seat) != self.side_of(self.human):
            return False
        pile = self.shown.get("table")
        hidden = [c for c, s in zip(ev.cards, pile, strict=False) if s is None]
        if hidden:
            self.hooks.peeks.append(Peek(hidden, 1.8 if self.seconds > 0 else 0.3))
            self.hooks.log("Face-down cards taken: " + " ".join(card_text(c) for c in hidden))
        return bool(hidden)

    def _take(self, ev: Event) -> tuple[list[int | None], list[tuple[float, float]]]:
        """Lift the event's cards off their pile; returns them and where they were."""
        src = ev.src or ""
        spot = self.layout.spots.get(src)
        if ev.kind == "turn" and ev.src == ev.dst:
            taken, idx, n = self.shown.take(src, (), 1)
        elif ev.kind == "recycle":
            taken, idx, n = self.shown.take(src, (), len(self.shown.get(src)))
        else:
            taken, idx, n = self.shown.take(src, tuple(ev.cards))
        where = [spot.card_pos(i, n) if spot else (0.0, 0.0) for i in idx]
        self._from_face = [shows_face(src, i, c) for i, c in zip(idx, taken, strict=False)]
        return taken, where

    def _landing(self, ev: Event, card: int | None) -> int | None:
        dst = ev.dst or ""
        if card is None or face_down_pile(dst):
            return None
        if dst.startswith("hand"):
            return card if dst == f"hand{self.human}" else None
        return card if ev.face_up else None

    def _fly(self, ev: Event, delay: float = 0.0) -> list[Flight]:
        taken, where = self._take(ev)
        cards = list(ev.cards) if ev.cards and len(ev.cards) == len(taken) else taken
        if ev.kind == "recycle":
            cards = [None] * len(taken)
        dst = ev.dst or ""
        bottom = (ev.kind == "capture" and dst.startswith("stock")) or ev.note == "to_bottom"
        landing = [self._landing(ev, c) for c in cards]
        if ev.kind == "recycle":
            landing.reverse()
        spot = self.layout.spots.get(dst)
        pile = self.shown.get(dst)
        m, k = len(pile), len(landing)
        out = []
        stagger = min(0.06, self.seconds / 6) if k > 1 else 0.0
        for j, (shown_card, start) in enumerate(zip(taken, where, strict=False)):
            real = cards[j] if cards[j] is not None else shown_card
            end = spot.rect.topleft if (bottom or spot is None) else spot.card_pos(m + j, m + k)
            face_from = self._from_face[j]
            face_to = shows_face(dst, m + j, landing[j]) if not bottom else dst == "pack"
            begin = self.starts.pop(real, None) if real is not None else None
            out.append(
                Flight(
                    real,
                    pygame.Vector2(begin or start),
                    pygame.Vector2(end),
                    self.seconds,
                    face_from,
                    face_to,
                    delay + j * stagger,
                )
            )
        out_last = out[-1] if out else None
        if out_last:
            out_last.on_land = lambda: self.shown.put(dst, landing, bottom)
        else:
            self.shown.put(dst, landing, bottom)
        return out
