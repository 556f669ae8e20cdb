"""Matches: dealer rotation and totals (RULES.md §2 match length, §5 Match)."""

import random

import pytest

from game.rules.match import Match


def finish_randomly(match: Match, rng: random.Random) -> None:
    hand = match.hand
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_actions()))


def test_pisti_match_deal_passes_right_old_seat0_deals_next():
    match = Match("pisti", 3, seed=1)
    rng = random.Random(1)
    assert match.seat_of(0) == 0
    finish_randomly(match, rng)
    match.next_hand()
    assert match.seat_of(0) == 2  # the old seat 0 is now the dealer, seat n-1
    assert match.player_at(0) == 1


def test_pishe_pasha_match_dealer_alternates():
    match = Match("pishe-pasha", 2, seed=2, target=50)
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
    match = Match("pisti", players, {"target": target}, seed=players)
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
    assert best >= target and match.totals.count(best) == 1
    assert match.winner == match.totals.index(best)


def test_pisti_match_partnership_totals_follow_players_not_seats():
    match = Match("pisti", 4, seed=5)
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
    match = Match("pishe-pasha", 2, seed=3)
    finish_randomly(match, random.Random(3))
    match.finish_hand()
    assert match.is_over
    won = match.hand.winner
    assert match.winner == ("draw" if won == "draw" else match.player_at(won))


def test_pishe_pasha_match_target_must_be_50_or_100():
    with pytest.raises(ValueError, match="50 or 100"):
        Match("pishe-pasha", 2, target=70)
