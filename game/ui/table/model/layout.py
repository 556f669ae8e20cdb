"""Where everything goes on the table, in pixels: a game's design scaled to the window.

Each game designs its table once in card units (:mod:`game.core.design`); this
module scales that box to the largest size that fits the table area, centres
it, and adds the screen's own areas (top bar, side panel, message line). A
larger card size spreads the design over the spare room the window has and
ends where piles would touch. The human always sits at the bottom.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.core.design import CARD_RATIO, Design, PileRole, default_role
from game.core.spec import GameSpec
from game.core.types import DECK, PileId, PileKind
from game.ui.caption import foot_height

DECK_SPOT = (0.5, 0.4)  # the deck lies here while cards are dealt (fractions of the table)


@dataclass
class Spot:
    """Where one pile lies: its base card rect and how its top cards fan out."""

    rect: pygame.Rect
    fan: tuple[float, float] = (0.0, 0.0)
    max_fan: int = 1
    stack: bool = False
    peek: tuple[float, float] | None = None  # where the bottom card peeks out
    mark: str | None = None  # the sign on an empty foundation
    squeeze: bool = False  # every card shows (a hand): past max_fan they close up, not hide

    def card_pos(self, i: int, n: int) -> tuple[float, float]:
        """Top-left of card ``i`` (0 = bottom) of a pile of ``n``."""
        x, y = self.rect.topleft
        if self.stack:
            d = min(i // 4, 6)
            return x - d, y - d
        if self.squeeze and n > self.max_fan:
            step = (self.max_fan - 1) / (n - 1)  # the fan's span, shared by all n cards
            return x + self.fan[0] * i * step, y + self.fan[1] * i * step
        k = min(n, self.max_fan)
        j = i - (n - k)
        if j <= 0:
            return float(x), float(y)
        return x + self.fan[0] * j, y + self.fan[1] * j

    def first_seen(self, n: int) -> int:
        """The lowest card of a pile of ``n`` that shows (a fan shows its top ones)."""
        return 0 if self.stack or self.squeeze else max(0, n - self.max_fan)

    def top_pos(self, n: int) -> tuple[float, float]:
        """Where the next card laid on a pile of ``n`` lands."""
        return self.card_pos(n, n + 1)

    @property
    def area(self) -> pygame.Rect:
        """Everything the pile can ever cover (for hit tests and the overlap check)."""
        r = self.rect.copy()
        if self.stack:
            r = r.union(self.rect.move(-6, -6))
        if self.max_fan > 1:
            far = self.rect.move(self.fan[0] * (self.max_fan - 1), self.fan[1] * (self.max_fan - 1))
            r = r.union(far)
        if self.peek:
            r = r.union(self.rect.move(*self.peek))
        return r


@dataclass
class Layout:
    """Pile spots and named areas of one window size."""

    size: tuple[int, int]
    card: tuple[int, int]
    spots: dict[PileId, Spot] = field(default_factory=dict)
    areas: dict[str, pygame.Rect] = field(default_factory=dict)
    shows: dict[str, tuple[str, int | None]] = field(default_factory=dict)  # area -> what
    seat_pos: dict[int, str] = field(default_factory=dict)
    unit: float = 1.0
    roles: dict[PileId, PileRole] = field(default_factory=dict)  # where not the default
    counts: dict[str, PileId] = field(default_factory=dict)  # label area -> pile it counts

    def role(self, pid: PileId) -> PileRole:
        """What the pile is for: clicked, dropped on, double-clicked, read aloud."""
        return self.roles.get(pid) or default_role(pid)

    def solid_rects(self) -> dict[str, pygame.Rect]:
        """Every rect that must stay inside the window and clear of the others."""
        out = {f"pile:{k}": s.area for k, s in self.spots.items() if k != DECK}
        out.update(self.areas)
        return out

    def add_deck(self) -> None:
        """A spot for the whole pack while the opening deal is shown."""
        table = self.areas["table"]
        rect = pygame.Rect((0, 0), self.card)
        rect.center = (
            int(table.x + table.w * DECK_SPOT[0]),
            int(table.y + table.h * DECK_SPOT[1]),
        )
        self.spots[DECK] = Spot(rect, stack=True)


def seat_positions(spec: GameSpec, players: int, human: int) -> dict[int, str]:
    """Seat -> position name, the human's seat at the bottom."""
    order = spec.positions(players)
    return {s: order[(s - human) % players] for s in range(players)}


def bars(size: tuple[int, int]) -> dict[str, pygame.Rect]:
    """The screen areas around the table: top bar, side panel, message line, table."""
    w, h = size
    top = max(30, min(110, int(h * 0.052)))
    msg = foot_height(h)  # the caption covers it, clear of the seat labels
    panel = max(180, min(760, int(w * 0.2)))
    return {
        "topbar": pygame.Rect(0, 0, w, top),
        "panel": pygame.Rect(w - panel, top, panel, h - top),
        "message": pygame.Rect(0, h - msg, w - panel, msg),
        "table": pygame.Rect(0, top, w - panel, h - top - msg),
    }


def table_layout(
    spec: GameSpec,
    size: tuple[int, int],
    players: int,
    human: int = 0,
    options: dict | None = None,
    sides: dict[int, int] | None = None,
    card_scale: float = 1.0,
) -> Layout:
    """Every rect of a table at this window size; ``card_scale`` above 1 asks for bigger
    cards, as far as the window's spare room allows without piles touching."""
    sides = sides or {s: s for s in range(players)}
    pos = seat_positions(spec, players, human)
    design = spec.design(pos, options or {}, sides)
    scale = max(1.0, card_scale)
    best = _scaled(design, size, pos, 1.0)
    if scale > 1.0:
        lo, hi = 1.0, scale
        for _ in range(8):
            mid = (lo + hi) / 2
            trial = _scaled(design, size, pos, mid)
            if _fits(trial):
                lo, best = mid, trial
            else:
                hi = mid
        trial = _scaled(design, size, pos, scale)
        if _fits(trial):
            best = trial
    return best


def _scaled(design: Design, size: tuple[int, int], pos: dict[int, str], k: float) -> Layout:
    """The design with cards ``k`` times the fitting size, its positions spread to use the
    table's room in each direction (and squeezed where there is none)."""
    screen = bars(size)
    table = screen["table"]
    unit = min(table.w / design.width, table.h / design.height)
    card_w = max(1, int(unit * k))
    card = (card_w, max(1, round(card_w * CARD_RATIO)))
    span_x = min(table.w, design.width * unit * k)
    span_y = min(table.h, design.height * unit * k)
    sx = (span_x - (k - 1) * unit) / design.width
    sy = (span_y - (k - 1) * unit * CARD_RATIO) / design.height
    ox = table.x + (table.w - span_x) / 2
    oy = table.y + (table.h - span_y) / 2

    def px(x: float, y: float) -> tuple[int, int]:
        return int(ox + x * sx), int(oy + y * sy)

    out = Layout(size, card, unit=unit * k, seat_pos=pos, roles=dict(design.roles))
    for pid, p in design.piles.items():
        rect = pygame.Rect(px(p.x, p.y), card)
        fan = (p.fan[0] * unit * k, p.fan[1] * unit * k)
        peek = (p.peek[0] * unit * k, p.peek[1] * unit * k) if p.peek else None
        squeeze = pid.kind is PileKind.HAND
        out.spots[pid] = Spot(rect, fan, p.max_fan, p.stack, peek, p.mark, squeeze)
    for name, a in design.areas.items():
        w = a.w * sx + (k - 1) * unit * (a.w > 1.5)
        out.areas[name] = pygame.Rect(px(a.x, a.y), (int(w), int(a.h * unit * max(1.0, k * 0.9))))
        out.shows[name] = (a.shows, a.subject)
        if a.counts is not None:
            out.counts[name] = a.counts
    out.areas.update(screen)
    return out


def _fits(layout: Layout) -> bool:
    """No two solid rects of the table overlap and all stay inside the table area."""
    table = layout.areas["table"]
    rects = [r for n, r in layout.solid_rects().items() if n not in _SCREEN]
    if not all(table.contains(r) for r in rects):
        return False
    return not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])


_SCREEN = ("topbar", "panel", "message", "table")
