"""Precomputed tables for the Pişti engine (RULES.md §5).

Everything the hot path needs is looked up, never computed: card texts, the
text of every accepted spelling of an action, the points a card is worth,
the order hands are kept in, and the pile ids events carry.
"""

from __future__ import annotations

from game.core.cards import CARD_TEXT, JACK

TEXT: tuple[str, ...] = CARD_TEXT
RANK0: tuple[int, ...] = tuple(c % 13 for c in range(52))
JACK0 = JACK - 1
IS_JACK: tuple[bool, ...] = tuple(r == JACK0 for r in RANK0)
TWO_CLUBS = 1
TEN_DIAMONDS = 13 + 9

POINTS: tuple[int, ...] = tuple(
    (1 if RANK0[c] in (0, JACK0) else 0)
    + (2 if c == TWO_CLUBS else 0)
    + (3 if c == TEN_DIAMONDS else 0)
    for c in range(52)
)
CARD_POINTS_TOTAL = sum(POINTS)  # 13
MAJORITY = 3
PISTI_POINTS = 10
JACK_PISTI_POINTS = 20

# Hands are kept in the order of their texts, so legal_actions() is sorted for free.
_ORDER = sorted(range(52), key=CARD_TEXT.__getitem__)
KEY: tuple[int, ...] = tuple(_ORDER.index(c) for c in range(52))


ONE: tuple[tuple[int, ...], ...] = tuple((c,) for c in range(52))


def sides_of(players: int) -> tuple[int, ...]:
    """Side of each seat: partners opposite with 4 players, else each alone."""
    return tuple(s % 2 for s in range(4)) if players == 4 else tuple(range(players))
