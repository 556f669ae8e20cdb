"""A table designed in card units: where each pile and label goes, before any pixels.

Each game draws its table once in *card units* (a card is 1 wide and
``CARD_RATIO`` high) inside a design box; the UI scales the box to the largest
size that fits the window and centres it. So nothing can overlap at one size
and not another. Pure Python: the games' specs build designs without pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.types import DISCARDS, STOCKS, PileId

CARD_RATIO = 1.4
LABEL_H = 0.3


@dataclass(frozen=True)
class PileSpot:
    """One pile: its base card's top-left, how its top cards fan out, how it looks."""

    x: float
    y: float
    fan: tuple[float, float] = (0.0, 0.0)
    max_fan: int = 1
    stack: bool = False  # a face-down heap drawn with depth
    peek: tuple[float, float] | None = None  # where the bottom card peeks out (Pişti pack)
    mark: str | None = None  # an empty foundation's sign: "C", "D", "H", "S" or "any"


@dataclass(frozen=True)
class Area:
    """A box for words or buttons; ``shows`` says what the table puts there.

    ``seat_label`` (subject: seat), ``pile_count`` (subject: none, the centre pile),
    ``pack_count``, ``owner`` (subject: the side whose won pile is above),
    ``actions`` (the game's buttons: Stop!, Flip).
    """

    x: float
    y: float
    w: float
    h: float
    shows: str
    subject: int | None = None


@dataclass
class Design:
    """Piles and areas of one table in card units, inside ``width`` x ``height``."""

    width: float
    height: float
    piles: dict[PileId, PileSpot] = field(default_factory=dict)
    areas: dict[str, Area] = field(default_factory=dict)

    def pile(self, pid: PileId, x: float, y: float, **how) -> None:
        self.piles[pid] = PileSpot(x, y, **how)

    def area(
        self,
        name: str,
        x: float,
        y: float,
        w: float,
        h: float,
        shows: str,
        subject: int | None = None,
    ) -> None:
        self.areas[name] = Area(x, y, w, h, shows, subject)

    def label(self, seat: int, x: float, y: float, w: float) -> None:
        self.area(f"label{seat}", x, y, w, LABEL_H, "seat_label", seat)

    def stock_row(
        self,
        seat: int,
        x: float,
        y: float,
        fan_n: int,
        dx: float,
        label_y: float,
        beside: PileId | None = None,
    ) -> float:
        """A seat's stock, the pile ``beside`` it if any (a turned card), and its fanned
        discard pile; returns the row's right edge."""
        self.pile(STOCKS[seat], x, y, stack=True)
        nx = x + 1.2
        if beside is not None:
            self.pile(beside, nx, y)
            nx += 1.2
        self.pile(DISCARDS[seat], nx, y, fan=(dx, 0), max_fan=fan_n)
        right = nx + 1 + dx * (fan_n - 1)
        self.label(seat, x, label_y, right - x)
        return right
