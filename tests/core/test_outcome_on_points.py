"""A hand that ends on points: the most points wins alone, a tie for the most is a draw,
whatever the number of seats."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.core.types import DRAW, Outcome, Reason


@given(st.lists(st.integers(0, 60), min_size=2, max_size=4))
def test_the_most_points_wins_alone_and_a_tie_for_the_most_is_a_draw(score):
    out = Outcome.on_points(score)
    assert out.reason is Reason.POINTS
    assert out.score == tuple(score)
    best = max(score)
    if score.count(best) > 1:
        assert out.winner is DRAW
    else:
        assert out.winner == score.index(best)


def test_two_seats_as_a_duel_ends():
    assert Outcome.on_points([12, 30]).winner == 1
    assert Outcome.on_points((22, 22)).is_draw
