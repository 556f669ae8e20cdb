"""The sides of a hand in the player's order: their own side first, then the others in
playing order after it. A score is kept by side (a seat's own, or a partnership's, the
partners sitting opposite, so seat ``s`` plays for side ``s % sides``); History, its
export and its speech say a score in this one order, as the summary shows it."""

from __future__ import annotations

from collections.abc import Sequence


def side_of_seat(seat: int, sides: int) -> int:
    """The side ``seat`` plays for where there are ``sides`` sides."""
    return seat % sides if sides else seat


def yours_first(score: Sequence[int], seat: int) -> list[tuple[int, int]]:
    """``score`` by side as (side, value) pairs, the side of ``seat`` first, then the
    others in playing order after it."""
    n = len(score)
    if not n:
        return []
    mine = side_of_seat(seat, n)
    return [((mine + k) % n, score[(mine + k) % n]) for k in range(n)]
