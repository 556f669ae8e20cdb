"""A table designed in card units: where each pile and label goes, before any pixels.

Each game draws its table once in *card units* (a card is 1 wide and
``CARD_RATIO`` high) inside a design box; the UI scales the box to the largest
size that fits the window and centres it. So nothing can overlap at one size
and not another. Pure Python: the games' specs build designs without pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from game.core.types import DISCARDS, STOCKS, PileId, PileKind

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
class PileRole:
    """What a pile is for at the table, whatever the game (KPatience's pile roles): the
    table reads these, never the game's pile kinds, to know what a gesture means there.

    ``told``: how it is read aloud: ``count`` (its cards counted, the top named),
    ``card`` (the one card it holds) or ``built`` (a suit's pile: the suit and the rank
    it is built up to, ``speech`` + ``.empty`` when empty)."""

    clickable: bool = False  # a click is its move (a stock): its cards are never picked up
    drop: bool = False  # a dragged card may be put down on it
    slot: bool = True  # its empty place is outlined on the felt
    slot_words: str | None = None  # the phrase key written in that outline
    sends: tuple[PileId, ...] = ()  # where a double-click sends its card, in this order
    speech: str = "speech.pile.other"  # the phrase key naming it aloud (plural by count)
    told: Literal["count", "card", "built"] = "count"
    own: bool = False  # read among the player's own piles (the C key)


ROLES = {
    PileKind.STOCK: PileRole(
        clickable=True, slot_words="pile.stock", speech="speech.pile.stock", own=True
    ),
    PileKind.DISCARD: PileRole(
        drop=True, slot_words="pile.discard", speech="speech.pile.discard", own=True
    ),
    PileKind.TABLE: PileRole(drop=True, slot_words="pile.table", speech="speech.pile.table"),
    PileKind.WON: PileRole(slot_words="pile.won", speech="speech.pile.won"),
    PileKind.HAND: PileRole(slot=False, speech="speech.pile.hand", own=True),
    PileKind.PACK: PileRole(slot=False, speech="speech.pile.pack"),
    PileKind.DECK: PileRole(slot=False),
}


def default_role(pid: PileId) -> PileRole:
    """The role a pile has unless its game's design gives it another."""
    return ROLES.get(pid.kind, PileRole())


@dataclass(frozen=True)
class Area:
    """A box for words or buttons; ``shows`` says what the table puts there.

    ``seat_label`` (subject: seat), ``pile_count`` and ``pack_count`` (the cards of the
    pile ``counts``, the pack's words saying when its bottom card shows), ``owner``
    (subject: the side whose won pile is above), ``actions`` (the game's buttons).
    """

    x: float
    y: float
    w: float
    h: float
    shows: str
    subject: int | None = None
    counts: PileId | None = None  # the pile whose cards a count label counts


@dataclass
class Design:
    """Piles and areas of one table in card units, inside ``width`` x ``height``."""

    width: float
    height: float
    piles: dict[PileId, PileSpot] = field(default_factory=dict)
    areas: dict[str, Area] = field(default_factory=dict)
    roles: dict[PileId, PileRole] = field(default_factory=dict)  # where not the default

    def pile(
        self, pid: PileId, x: float, y: float, role: PileRole | None = None, **how: Any
    ) -> None:
        self.piles[pid] = PileSpot(x, y, **how)
        if role is not None:
            self.roles[pid] = role

    def role(self, pid: PileId) -> PileRole:
        return self.roles.get(pid) or default_role(pid)

    def area(
        self,
        name: str,
        x: float,
        y: float,
        w: float,
        h: float,
        shows: str,
        subject: int | None = None,
        counts: PileId | None = None,
    ) -> None:
        self.areas[name] = Area(x, y, w, h, shows, subject, counts)

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
        between: tuple[PileId, PileRole] | None = None,
    ) -> float:
        """A seat's stock, a pile ``between`` (if any) and the fanned discard pile; returns
        the row's right edge."""
        self.pile(STOCKS[seat], x, y, stack=True)
        nx = x + 1.2
        if between is not None:
            self.pile(between[0], nx, y, role=between[1])
            nx += 1.2
        self.pile(DISCARDS[seat], nx, y, fan=(dx, 0), max_fan=fan_n)
        right = nx + 1 + dx * (fan_n - 1)
        self.label(seat, x, label_y, right - x)
        return right
