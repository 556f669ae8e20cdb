"""The Pishe Pasha Expert's rollouts: a whole hand played out, wins weighed above points."""

from __future__ import annotations

from game.cli.arena import deal_set, play_hand
from game.games import make_agent, new_hand
from game.games.pishe_pasha.ai import ROLLOUT_WIN, ExpertPasha, finish


def test_rollout_plays_the_hand_to_its_end_and_scores_the_winner():
    for seed in range(5):
        state = new_hand("pishe-pasha", 2, {}, seed)
        value = finish(state, 0)
        assert state.is_over
        if state.winner == 0:
            assert value == ROLLOUT_WIN + state.score[0]
        else:
            assert value == -ROLLOUT_WIN - state.score[1]


def test_expert_wins_most_duplicate_hands_against_always_load():
    """Each deal twice, seats swapped: the cards' luck cancels, the choices decide."""
    won = hands = 0
    for index in range(4):
        for state, (seat,) in deal_set("pishe-pasha", 2, {}, 5, index):
            agents = [make_agent("pishe-pasha", "always-load", 1, 2) for _ in range(2)]
            agents[seat] = ExpertPasha(index, deals=12)
            play_hand(state, agents, [[], []])
            won += state.winner == seat
            hands += 1
    assert won >= hands - 2, f"{won} of {hands}"
