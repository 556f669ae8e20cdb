"""Pişti's rules stated once (RULES.md §5): what a card is worth, what it takes, and what
a pişti scores. The engine (``rules.py``), the simulator its rollouts play
(``model.py``), the exact search of the last deal (``solve.py``) and the Expert's search
(``search.py``) all look these up, so a rule changed here changes everywhere.

The rules are tables, built here from the plain statements below them, because the hot
loops play millions of cards: a lookup is as cheap as the comparison it replaces.
"""

from __future__ import annotations

from game.core.cards import JACK

RANK0: tuple[int, ...] = tuple(c % 13 for c in range(52))  # rank index: ace 0 ... king 12
JACK0 = JACK - 1
IS_JACK: tuple[bool, ...] = tuple(r == JACK0 for r in RANK0)
TWO_CLUBS = 1
TEN_DIAMONDS = 13 + 9
MAJORITY = 3  # the side that took the most cards scores these
PISTI_POINTS = 10
JACK_PISTI_POINTS = 20


def worth(card: int) -> int:
    """A card's points: aces and jacks 1, the 2 of clubs 2, the 10 of diamonds 3."""
    return (RANK0[card] in (0, JACK0)) + 2 * (card == TWO_CLUBS) + 3 * (card == TEN_DIAMONDS)


def rank_takes(rank: int, top: int) -> bool:
    """A card of ``rank`` played onto a pile whose top is of rank ``top`` takes the pile:
    the ranks match, or it is a jack."""
    return rank in (JACK0, top)


def rank_pisti(rank: int) -> int:
    """What a pişti scores, made by a card of ``rank`` taking a lone card of its own rank
    (not on the hand's last card, which the caller knows): a jack's 20, another's 10."""
    return JACK_PISTI_POINTS if rank == JACK0 else PISTI_POINTS


def takes(card: int, top: int) -> bool:
    """``card`` played onto a pile whose top card is ``top`` takes it."""
    return rank_takes(RANK0[card], RANK0[top])


def pisti_bonus(card: int, lone: int) -> int:
    """What taking a pile of one card, ``lone``, with ``card`` adds: a pişti's points when
    their ranks match, nothing when a jack takes another rank."""
    return rank_pisti(RANK0[card]) if RANK0[card] == RANK0[lone] else 0


POINTS: tuple[int, ...] = tuple(worth(c) for c in range(52))
CARD_POINTS_TOTAL = sum(POINTS)  # 13
TAKES: tuple[tuple[bool, ...], ...] = tuple(
    tuple(takes(c, t) for t in range(52)) for c in range(52)
)
PISTI: tuple[tuple[int, ...], ...] = tuple(
    tuple(pisti_bonus(c, t) for t in range(52)) for c in range(52)
)
RANK_TAKES: tuple[tuple[bool, ...], ...] = tuple(
    tuple(rank_takes(r, t) for t in range(13)) for r in range(13)
)
RANK_PISTI: tuple[int, ...] = tuple(rank_pisti(r) for r in range(13))
