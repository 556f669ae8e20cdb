"""Matches: dealer rotation and totals (RULES.md §2 match length, §5 Match)."""

import random

import pytest

from game.core.match import Match, deal_seed
from game.core.types import DRAW
from game.games import SPECS, new_hand

PISTI = SPECS["pisti"]
PISHE = SPECS["pishe-pasha"]


def finish_randomly(match: Match, rng: random.Random) -> None:
    hand = match.hand
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_actions()))


def test_pisti_match_deal_passes_right_old_seat0_deals_next():
    match = Match(PISTI, 3, seed=1, target=PISTI.match_target({}))
    rng = random.Random(1)
    assert match.seat_of(0) == 0
    finish_randomly(match, rng)
    match.next_hand()
    assert match.seat_of(0) == 2  # the old seat 0 is now the dealer, seat n-1
    assert match.player_at(0) == 1


def test_pishe_pasha_match_dealer_alternates():
    match = Match(PISHE, 2, seed=2, target=50)
    rng = random.Random(2)
    seats = []
    for _ in range(3):
        seats.append(match.seat_of(0))
        finish_randomly(match, rng)
        if match.is_over:
            break
        match.next_hand()
    assert seats[:2] == [0, 1]


@pytest.mark.parametrize(("players", "target"), [(2, 101), (4, 151)])
def test_pisti_match_to_target_totals_add_up(players, target):
    # The match's target now comes from the menu's choices through the spec (it used to be
    # read from the Pişti options by the match itself).
    choices = {"target": target}
    match = Match(PISTI, players, choices, seed=players, target=PISTI.match_target(choices))
    assert match.target == target
    assert match.options["target"] == target
    rng = random.Random(players)
    for _ in range(200):
        finish_randomly(match, rng)
        match.finish_hand()
        if match.is_over:
            break
        match.next_hand()
    assert match.is_over
    assert match.totals == [sum(col) for col in zip(*match.history, strict=True)]
    best = max(match.totals)
    assert best >= target
    assert match.totals.count(best) == 1
    assert match.winner == match.totals.index(best)


def test_pisti_match_partnership_totals_follow_players_not_seats():
    match = Match(PISTI, 4, seed=5, target=PISTI.match_target({}))
    rng = random.Random(5)
    finish_randomly(match, rng)
    first = match.finish_hand()
    assert first == [match.hand.score[match.seat_of(0) % 2], match.hand.score[match.seat_of(1) % 2]]
    match.next_hand()
    finish_randomly(match, rng)
    second = match.finish_hand()
    assert second[0] == match.hand.score[match.seat_of(0) % 2]
    assert second[1] == match.hand.score[match.seat_of(1) % 2]


def test_single_hand_match_ends_after_one_hand():
    match = Match(PISHE, 2, seed=3)
    finish_randomly(match, random.Random(3))
    match.finish_hand()
    assert match.is_over
    won = match.hand.winner
    assert match.winner == (DRAW if won is DRAW else match.player_at(won))


def test_match_finish_hand_counts_once_and_only_a_finished_hand():
    match = Match(PISHE, 2, seed=4, target=100)
    with pytest.raises(ValueError, match="not over"):
        match.finish_hand()
    finish_randomly(match, random.Random(4))
    first = match.finish_hand()
    assert match.finish_hand() == first
    assert match.totals == first


def test_match_deals_come_from_the_seed_and_the_hand_number():
    """A numbered deal can be dealt again, and a saved match resumes with the same cards."""
    a, b = Match(PISHE, 2, seed=9, target=50), Match(PISHE, 2, seed=9, target=50)
    assert a.hand.setup() == b.hand.setup()
    assert a.hand.setup() == new_hand("pishe-pasha", 2, None, deal_seed(9, 0)).setup()
    finish_randomly(a, random.Random(1))
    if not a.is_over:
        a.next_hand()
        assert a.hand.setup() == new_hand("pishe-pasha", 2, None, deal_seed(9, 1)).setup()
    again = b.redeal(deal_seed(9, 0))
    assert again.setup() == Match(PISHE, 2, seed=9).hand.setup()


def test_pishe_pasha_match_lengths_are_single_hands_50_or_100():
    # The match itself no longer checks the target (Match(..., target=70) used to raise
    # "50 or 100"): the menu offers the lengths of RULES.md §2, and the spec turns the
    # choice into the target.
    match_choice = next(c for c in PISHE.choices if c.key == "match")
    assert match_choice.values == (None, 50, 100)
    assert not match_choice.engine
    assert [PISHE.match_target({"match": v}) for v in match_choice.values] == [None, 50, 100]
    assert PISTI.match_target({}) == 151
    assert PISTI.match_target({"target": 101}) == 101
    with pytest.raises(ValueError, match="target"):
        Match(PISTI, 2, {"target": 120})
