"""Tweens driven by the frame's ``dt``: cards gliding, flipping and fading.

Nothing here knows about rules: a :class:`Flight` moves one card picture from
one point to another over a duration, optionally turning it over half way.
A :class:`Timeline` holds the flights of the step being shown and says when
it is finished, so the table can show the next step.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

PACE_SECONDS = {"slow": 0.7, "normal": 0.38, "fast": 0.18, "instant": 0.0}


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 0.5 - math.cos(math.pi * t) / 2


@dataclass
class Flight:
    """One card moving from ``start`` to ``end`` (top-left points, pixels)."""

    card: int | None
    start: pygame.Vector2
    end: pygame.Vector2
    duration: float
    face_from: bool = True
    face_to: bool = True
    delay: float = 0.0
    elapsed: float = 0.0
    ease: Callable[[float], float] = ease_out_cubic
    on_land: Callable[[], None] | None = None
    landed: bool = False
    on_start: Callable[[], None] | None = None  # takes the card off its pile (the deal)
    started: bool = False
    on_move: Callable[[], None] | None = None  # as it starts to move (its line to the log)

    @property
    def t(self) -> float:
        if self.duration <= 0:
            return 1.0
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))

    def advance(self, dt: float) -> None:
        self.elapsed += dt
        if not self.started and self.elapsed >= self.delay:
            self.started = True
            if self.on_start:
                self.on_start()
            if self.on_move:
                self.on_move()
        if self.t >= 1.0 and not self.landed:
            self.landed = True
            if self.on_land:
                self.on_land()

    @property
    def hidden(self) -> bool:
        """A card still lying on its pile until its flight starts is not drawn as a flight."""
        return self.on_start is not None and not self.started

    @property
    def pos(self) -> pygame.Vector2:
        return self.start.lerp(self.end, self.ease(self.t))

    @property
    def face_up(self) -> bool:
        return self.face_to if self.t >= 0.5 else self.face_from

    @property
    def squash(self) -> float:
        """Horizontal scale while turning over (1 when no flip)."""
        if self.face_from == self.face_to:
            return 1.0
        return max(0.08, abs(math.cos(math.pi * self.t)))

    @property
    def lift(self) -> float:
        """How high above the table the card seems (for its shadow), 0..1."""
        return math.sin(math.pi * self.t)


@dataclass
class Timeline:
    """The flights and timed waits of one step of the show."""

    flights: list[Flight] = field(default_factory=list)
    wait: float = 0.0

    def advance(self, dt: float) -> None:
        for f in self.flights:
            f.advance(dt)
        self.wait = max(0.0, self.wait - dt)

    @property
    def done(self) -> bool:
        return self.wait <= 0 and all(f.landed for f in self.flights)
