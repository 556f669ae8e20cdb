"""Which Pishe Pasha cards fit a foundation or load onto a pile (RULES.md §2, §3).

Pure functions in the style of KPatience's ``fits``/``loads`` checks, plus the
lookup tables the engine uses in its hot loop (a random hand is hundreds of
moves, and the AI plays thousands of them per decision).
"""

from __future__ import annotations

from collections.abc import Sequence

KING0 = 12  # rank index of a king (rank - 1)


def adjacent(a: int, b: int, circular: bool) -> bool:
    """Ranks one apart, suits ignored; ``circular`` makes the ace touch the king too."""
    d = abs(a % 13 - b % 13)
    return d == 1 or (circular and d == 12)


def loads(card: int, onto: int | None, circular: bool) -> bool:
    """``card`` may be loaded onto a discard pile whose top is ``onto`` (None: empty pile)."""
    return onto is not None and adjacent(card, onto, circular)


def fits_suits(card: int, piles: Sequence[Sequence[int]]) -> bool:
    """Four suit foundations (C D H S): an ace, or one above the top of its suit's pile."""
    return card % 13 == len(piles[card // 13])


def fits_single(card: int, pile: Sequence[int]) -> bool:
    """One foundation of any suit: starts with an ace, then the next rank, K wraps to A."""
    if not pile:
        return card % 13 == 0
    return card % 13 == (pile[-1] % 13 + 1) % 13


def fits(card: int, piles: Sequence[Sequence[int]], single: bool) -> bool:
    """RULES.md "fits a foundation" for either foundation layout."""
    return fits_single(card, piles[0]) if single else fits_suits(card, piles)


def adjacency_table(circular: bool) -> tuple[bytes, ...]:
    """``table[a][b]`` is 1 when card ``a`` loads onto a top card ``b``."""
    return tuple(bytes(adjacent(a, b, circular) for b in range(52)) for a in range(52))


ADJ_CLASSIC = adjacency_table(False)
ADJ_CIRCULAR = adjacency_table(True)


def fit_mask(piles: Sequence[Sequence[int]], single: bool) -> bytearray:
    """``mask[c]`` is 1 when card ``c`` fits now (cards already played may show 1 too)."""
    return bytearray(fits(c, piles, single) for c in range(52))


def update_fit_mask(mask: bytearray, card: int, single: bool) -> None:
    """Keep ``mask`` right after ``card`` went onto a foundation."""
    r = card % 13
    if single:
        nxt = (r + 1) % 13
        for base in (0, 13, 26, 39):
            mask[base + r] = 0
            mask[base + nxt] = 1
    else:
        mask[card] = 0
        if r != KING0:
            mask[card + 1] = 1
