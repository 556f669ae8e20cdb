"""Where everything goes on the table: pure functions from window size and game to rects.

Each table is designed once in *card units* (a card is 1 wide and ``CARD_RATIO``
high) inside a design box; the box is scaled to the largest size that fits the
table area and centred. So nothing can overlap at one size and not another,
and card art is rendered at the exact pixel size the scale gives.
The human always sits at the bottom; other seats take positions around the
table in the game's turn direction (RULES.md §3.2, §5).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

CARD_RATIO = 1.4
LABEL_H = 0.3

# position of each seat counted from the human's, in turn order
POSITIONS: dict[tuple[str, int], tuple[str, ...]] = {
    ("pishe-pasha", 2): ("bottom", "top"),
    ("pishe-pasha", 3): ("bottom", "left", "right"),  # clockwise
    ("pisha-pasha-book", 2): ("bottom", "top"),
    ("pisti", 2): ("bottom", "top"),
    ("pisti", 3): ("bottom", "right", "left"),  # anticlockwise
    ("pisti", 4): ("bottom", "right", "top", "left"),
}
SEAT_NAMES = {"bottom": "You", "top": "North", "left": "West", "right": "East"}


@dataclass
class Spot:
    """Where one pile lies: its base card rect and how its top cards fan out."""

    rect: pygame.Rect
    fan: tuple[float, float] = (0.0, 0.0)
    max_fan: int = 1
    stack: bool = False
    peek: tuple[float, float] | None = None  # Pişti pack: where the shown bottom card peeks out

    def card_pos(self, i: int, n: int) -> tuple[float, float]:
        """Top-left of card ``i`` (0 = bottom) of a pile of ``n``."""
        x, y = self.rect.topleft
        if self.stack:
            d = min(i // 4, 6)
            return x - d, y - d
        k = min(n, self.max_fan)
        j = i - (n - k)
        if j <= 0:
            return float(x), float(y)
        return x + self.fan[0] * j, y + self.fan[1] * j

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
    """Named rects of one window size: piles, seat labels and screen areas."""

    size: tuple[int, int]
    card: tuple[int, int]
    spots: dict[str, Spot] = field(default_factory=dict)
    areas: dict[str, pygame.Rect] = field(default_factory=dict)
    seat_pos: dict[int, str] = field(default_factory=dict)
    unit: float = 1.0

    def solid_rects(self) -> dict[str, pygame.Rect]:
        """Every rect that must stay inside the window and clear of the others."""
        out = {f"pile:{k}": s.area for k, s in self.spots.items()}
        out.update(self.areas)
        return out


class _Design:
    """Collects piles and areas in card units before they are scaled."""

    def __init__(self, width: float, height: float) -> None:
        self.width, self.height = width, height
        self.spots: dict[str, tuple] = {}
        self.areas: dict[str, tuple[float, float, float, float]] = {}

    def pile(
        self,
        pid: str,
        x: float,
        y: float,
        fan=(0.0, 0.0),
        max_fan: int = 1,
        stack: bool = False,
        peek=None,
    ) -> None:
        self.spots[pid] = (x, y, fan, max_fan, stack, peek)

    def area(self, name: str, x: float, y: float, w: float, h: float) -> None:
        self.areas[name] = (x, y, w, h)

    def label(self, seat: int, x: float, y: float, w: float) -> None:
        self.area(f"label{seat}", x, y, w, LABEL_H)


def seat_positions(game: str, players: int, human: int) -> dict[int, str]:
    """Seat -> position name, the human's seat at the bottom."""
    order = POSITIONS[(game, players)]
    return {s: order[(s - human) % players] for s in range(players)}


def _pishe_row(
    d: _Design,
    seat: int,
    x: float,
    y: float,
    fan_n: int,
    dx: float,
    label_y: float,
    turned: bool = True,
) -> float:
    """Stock, turned card and fanned discard of one seat; returns the row's right edge."""
    d.pile(f"stock{seat}", x, y, stack=True)
    nx = x + 1.2
    if turned:
        d.pile(f"turned{seat}", nx, y)
        nx += 1.2
    d.pile(f"discard{seat}", nx, y, fan=(dx, 0), max_fan=fan_n)
    right = nx + 1 + dx * (fan_n - 1)
    d.label(seat, x, label_y, right - x)
    return right


def _design_pishe(
    players: int, pos: dict[int, str], single: bool, book: bool, stop: bool
) -> _Design:
    h = CARD_RATIO
    if players == 2:
        wide = book or stop
        d = _Design(8.2 if wide else 6.3, 6.0)
        for seat, where in pos.items():
            y = 0.42 if where == "top" else 4.15
            label_y = 0.02 if where == "top" else y + h + 0.05
            _pishe_row(d, seat, 0.4, y, 8, 0.3, label_y, turned=not book)
        cy = 2.3
        if book:
            d.area("action", 0.4, cy + 0.15, 7.4, 1.1)
            return d
        if single:
            d.pile("found0", 1.6 if wide else 2.65, cy)
        else:
            x0 = 0.4 if wide else (d.width - 4.6) / 2
            for i in range(4):
                d.pile(f"found{i}", x0 + i * 1.2, cy)
        if stop:
            d.area("action", 5.4, cy + 0.15, 2.4, 1.1)
        return d
    d = _Design(9.8, 6.0)
    for seat, where in pos.items():
        if where == "bottom":
            _pishe_row(d, seat, 2.75, 4.15, 5, 0.25, 4.15 + h + 0.05)
        else:
            x = 0.3 if where == "left" else 5.3
            _pishe_row(d, seat, x, 0.42, 5, 0.25, 0.02)
    d.pile("found0", 2.75 if stop else 4.4, 2.3)
    if stop:
        d.area("action", 4.55, 2.45, 2.4, 1.1)
    return d


def _pisti_hand(d: _Design, seat: int, where: str, x: float, y: float) -> None:
    """One Pişti hand: the human's spread wide, the others' fanned close."""
    if where == "bottom":
        d.pile(f"hand{seat}", x, y, fan=(1.15, 0), max_fan=4)
        d.label(seat, x, y + CARD_RATIO + 0.05, 4.45)
    elif where in ("left", "right") and d.width > 9:
        d.pile(f"hand{seat}", x, y, fan=(0, 0.3), max_fan=4)
        d.label(seat, x - 0.2, y - LABEL_H - 0.05, 1.4)
    else:
        d.pile(f"hand{seat}", x, y, fan=(0.35, 0), max_fan=4)
        d.label(seat, x, y - LABEL_H - 0.1, 3.45)


def _won(d: _Design, side: int, x: float, y: float) -> None:
    """A side's captured pile and, under it, the label saying whose it is."""
    d.pile(f"won{side}", x, y, stack=True)
    d.area(f"won_label{side}", x - 0.1, y + CARD_RATIO + 0.06, 1.2, LABEL_H * 0.8)


def _design_pisti(players: int, pos: dict[int, str], sides: dict[int, int]) -> _Design:
    h = CARD_RATIO
    four = players == 4
    d = _Design(10.2 if four else 8.2, 6.0)
    left = 2.1 if four else 0.5
    d.pile("pack", left, 2.25, stack=True, peek=(0.45, 0))
    d.pile("table", left + 2.0, 2.25, fan=(0.3, 0), max_fan=8)
    d.area("count", left + 2.0, 2.25 + h + 0.05, 3.1, LABEL_H)
    d.area("bottom_label", left - 0.1, 2.25 + h + 0.05, 1.65, LABEL_H)
    hand_x = (d.width - 4.45) / 2
    top_x = {"top": (d.width - 2.05) / 2, "left": 0.4, "right": d.width - 3.85}
    for seat, where in pos.items():
        if where == "bottom":
            _pisti_hand(d, seat, where, hand_x, 4.15)
            _won(d, sides[seat], hand_x + 4.45 + 0.3, 4.15)
        elif four and where in ("left", "right"):
            x = 0.3 if where == "left" else d.width - 1.3
            _pisti_hand(d, seat, where, x, 0.75)
            if where == "right":
                _won(d, sides[seat], x, 4.15)
        else:
            x = top_x[where]
            _pisti_hand(d, seat, where, x, 0.42)
            if not four:
                _won(d, sides[seat], x + 2.45, 0.42)
    return d


def design(game: str, players: int, human: int, options: dict, sides: dict[int, int]) -> _Design:
    """The design box of one table in card units."""
    pos = seat_positions(game, players, human)
    if game == "pisti":
        return _design_pisti(players, pos, sides)
    single = players == 3 or options.get("foundations") == "single"
    stop = bool(options.get("stop_rule"))
    return _design_pishe(players, pos, single, game == "pisha-pasha-book", stop)


def bars(size: tuple[int, int]) -> dict[str, pygame.Rect]:
    """The screen areas around the table: top bar, side panel, message line, table."""
    w, h = size
    top = max(34, min(110, int(h * 0.052)))
    msg = max(30, min(96, int(h * 0.046)))
    panel = max(220, min(760, int(w * 0.2)))
    return {
        "topbar": pygame.Rect(0, 0, w, top),
        "panel": pygame.Rect(w - panel, top, panel, h - top),
        "message": pygame.Rect(0, h - msg, w - panel, msg),
        "table": pygame.Rect(0, top, w - panel, h - top - msg),
    }


def table_layout(
    size: tuple[int, int],
    game: str,
    players: int,
    human: int = 0,
    options: dict | None = None,
    sides: dict[int, int] | None = None,
) -> Layout:
    """Every rect of a table at this window size."""
    sides = sides or {s: (s % 2 if players == 4 else s) for s in range(players)}
    d = design(game, players, human, options or {}, sides)
    screen = bars(size)
    table = screen.pop("table")
    unit = min(table.w / d.width, table.h / d.height)
    card = (int(unit), int(round(int(unit) * CARD_RATIO)))
    ox = table.x + (table.w - unit * d.width) / 2
    oy = table.y + (table.h - unit * d.height) / 2

    def px(x: float, y: float) -> tuple[int, int]:
        return int(ox + x * unit), int(oy + y * unit)

    out = Layout(size, card, unit=unit, seat_pos=seat_positions(game, players, human))
    for pid, (x, y, fan, max_fan, stack, peek) in d.spots.items():
        rect = pygame.Rect(px(x, y), card)
        peek_px = (peek[0] * unit, peek[1] * unit) if peek else None
        out.spots[pid] = Spot(rect, (fan[0] * unit, fan[1] * unit), max_fan, stack, peek_px)
    for name, (x, y, w, h) in d.areas.items():
        out.areas[name] = pygame.Rect(px(x, y), (int(w * unit), int(h * unit)))
    out.areas.update(screen)
    return out
