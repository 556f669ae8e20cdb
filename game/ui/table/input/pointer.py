"""The player's hold on the table in one frame, as the view draws it: a card dragged or
picked up with the keys, where it may go, and the keyboard focus.

The controller keeps these as input comes; each frame the rig takes a :class:`Pointer`
from it and hands it to the view, so the view draws from values and never reads the
controller (nor could change it).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.types import PileId
from game.ui.table.input.gestures import Drag


@dataclass(frozen=True)
class Focus:
    """The keyboard focus: a pile, and a card of it for a fanned hand (else its top)."""

    pile: PileId
    index: int = -1


@dataclass(frozen=True)
class Pointer:
    """What the player holds over the table now (nothing: the default, a table no one
    touches)."""

    drag: Drag | None = None  # a card dragged by the mouse
    lifted: tuple[PileId, int] | None = None  # the card drawn away from its place
    focus: Focus | None = None  # the keyboard focus
    picked: Focus | None = None  # a card picked up with the keys...
    picked_card: int | None = None  # ...and which card it is (None: none lies there)
    targets: tuple[PileId, ...] = ()  # where the card held may go (they light up)
    takes: tuple[int, ...] = ()  # the table cards its moves may take (they light up too)

    @property
    def holding(self) -> tuple[PileId, ...] | None:
        """The drop targets while a card is held (maybe none), or None when none is."""
        held = self.targets or self.drag is not None or self.picked is not None
        return self.targets if held else None
