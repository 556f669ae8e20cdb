"""Mouse gestures to action strings, and back to the piles an action touches.

The UI decides nothing about the rules: a drag from a pile onto another is
mapped to the action text of RULES.md §6 and the engine is asked about it.
Legal drop targets are simply the piles whose action is in ``legal_actions()``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import pygame

from game.cards import card_text
from game.rules.base import Event, GameState, IllegalAction

DRAG_THRESHOLD = 5
DOUBLE_CLICK = 0.4


def pile_seat(pid: str) -> int | None:
    digits = pid[len(pid.rstrip("0123456789")) :]
    return int(digits) if digits else None


def pile_kind(pid: str) -> str:
    return pid.rstrip("0123456789")


def play_actions(state: GameState) -> list[str]:
    """The legal moves of the seat to move, without Stop calls."""
    return [a for a in state.legal_actions() if not a.startswith("stop ")]


def drop_action(state: GameState, seat: int, src: str, dst: str, card: int) -> str | None:
    """The action a drag of ``card`` from ``src`` onto ``dst`` means (None: it means nothing)."""
    if state.game == "pisti":
        return card_text(card) if src == f"hand{seat}" and dst in ("table", src) else None
    kind = pile_kind(src)
    if kind not in ("turned", "discard") or pile_seat(src) != seat:
        return None
    if dst.startswith("found"):
        return f"{kind}>F"
    if pile_kind(dst) == "discard":
        owner = pile_seat(dst)
        return f"{kind}>D" if owner == seat else f"{kind}>{owner}"
    return None


def trial(state: GameState, action: str) -> list[Event]:
    """The events ``action`` would produce, from a copy: the engine says where cards go."""
    try:
        return state.clone().apply(action)
    except IllegalAction:
        return []


def action_target(state: GameState, action: str) -> str | None:
    """The pile an action puts its card on (for highlighting legal drops)."""
    if ">" not in action and state.game != "pisti":
        return None
    return next((ev.dst for ev in trial(state, action) if ev.kind == "move"), None)


def action_source(state: GameState, seat: int, action: str) -> str | None:
    """The pile whose top card an action moves."""
    if state.game == "pisti":
        return f"hand{seat}"
    if ">" in action:
        return f"{action.split('>')[0]}{seat}"
    return None


def legal_targets(state: GameState, seat: int, src: str, card: int) -> dict[str, str]:
    """Target pile -> action, for every legal place ``card`` from ``src`` may go."""
    out = {}
    for action in play_actions(state):
        if state.game == "pisti":
            if action == card_text(card):
                out["table"] = action
        elif action_source(state, seat, action) == src:
            target = action_target(state, action)
            if target:
                out[target] = action
    return out


@dataclass
class Drag:
    """A card lifted by the mouse: where it came from and where it is."""

    card: int
    src: str
    index: int
    grab: pygame.Vector2  # pointer minus card top-left at the press
    pos: pygame.Vector2  # card top-left now
    home: pygame.Vector2  # where it lies in its pile
    press: tuple[int, int]
    moved: bool = False

    def follow(self, pointer: tuple[int, int]) -> None:
        if not self.moved:
            dx, dy = pointer[0] - self.press[0], pointer[1] - self.press[1]
            self.moved = dx * dx + dy * dy >= DRAG_THRESHOLD**2
        self.pos = pygame.Vector2(pointer) - self.grab


class ClickTimer:
    """Double clicks: ``event.clicks`` where SDL gives it, else a press within 0.4 s of a
    click (press and release without dragging) on the same pile."""

    def __init__(self) -> None:
        self.last_pid: str | None = None
        self.last_time = -10.0

    def clicked(self, pid: str) -> None:
        self.last_pid, self.last_time = pid, time.monotonic()

    def reset(self) -> None:
        self.last_pid, self.last_time = None, -10.0

    def is_double(self, event: pygame.event.Event, pid: str) -> bool:
        clicks = getattr(event, "clicks", None)
        recent = pid == self.last_pid and time.monotonic() - self.last_time <= DOUBLE_CLICK
        double = (clicks is not None and clicks >= 2) or recent
        if double:
            self.reset()
        return double
