"""Pictures for the rules panel, as data: cards laid out in card units, with labels and
arrows, a caption, and the rules paragraph they sit beside.

A game's folder lists its figures (``figures.py``) and hands them to the UI through
``GameSpec.rules_figures``; one widget in game/ui draws every game's figures with the
game's own card art. A card unit is a card's width; a card is ``CARD_RATIO`` high.
Pure data, no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Placed:
    """A card at (x, y), its top-left corner: a card text ("7D"), ``"back"`` for a
    face-down card, or ``""`` for an empty pile's place."""

    card: str
    x: float
    y: float


@dataclass(frozen=True)
class Tag:
    """Words centred at (x, y) (their top), from the phrasebook; ``strong`` stands out."""

    key: str
    x: float
    y: float
    params: tuple[tuple[str, Any], ...] = ()
    strong: bool = False


@dataclass(frozen=True)
class Pointer:
    """An arrow from one placed card to another (indexes into the figure's cards)."""

    src: int
    dst: int


@dataclass(frozen=True)
class Figure:
    """One picture: its caption's phrase key, its size in card units, what it shows, and
    the rules paragraph (counted from 0 at blank lines) it illustrates."""

    caption: str
    width: float
    height: float
    cards: tuple[Placed, ...]
    tags: tuple[Tag, ...] = ()
    pointers: tuple[Pointer, ...] = ()
    near: int = 0
