"""Precomputed tables for the Pişti engine beside its rules (``kernel.py``).

Everything the hot path needs is looked up, never computed: card texts, the order
hands are kept in, and the one-card tuples events carry.
"""

from __future__ import annotations

from game.core.cards import CARD_TEXT

TEXT: tuple[str, ...] = CARD_TEXT

# Hands are kept in the order of their texts, so legal_actions() is sorted for free.
_ORDER = sorted(range(52), key=CARD_TEXT.__getitem__)
KEY: tuple[int, ...] = tuple(_ORDER.index(c) for c in range(52))


ONE: tuple[tuple[int, ...], ...] = tuple((c,) for c in range(52))


def sides_of(players: int) -> tuple[int, ...]:
    """Side of each seat: partners opposite with 4 players, else each alone."""
    return tuple(s % 2 for s in range(4)) if players == 4 else tuple(range(players))
