"""The Pishe Pasha Expert's rollouts: a whole hand played out, wins weighed above points."""

from __future__ import annotations

from game.cli.arena import deal_set, play_hand
from game.games import make_agent, new_hand
from game.games.pishe_pasha.ai import ROLLOUT_WIN, ExpertPasha, finish, finish_looking


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
            agents = [make_agent("pishe-pasha", "always-load", 1) for _ in range(2)]
            agents[seat] = ExpertPasha(index, deals=12)
            play_hand(state, agents, [[], []])
            won += state.winner == seat
            hands += 1
    assert won >= hands - 2, f"{won} of {hands}"


def test_looking_rollout_plays_to_the_end_and_scores_like_finish():
    for players, seed in ((2, 0), (2, 1), (3, 2)):
        state = new_hand("pishe-pasha", players, {}, seed)
        value = finish_looking(state, 0)
        assert state.is_over
        if state.winner == 0:
            assert value == ROLLOUT_WIN + state.score[0]
        else:
            assert value == -ROLLOUT_WIN - max(state.score)


def test_looking_rollout_wins_more_deals_than_always_load():
    """Choosing its own loads by a playout per option beats loading every time, on the
    very same deals (seat 0 against always-load, every card known to the rollout)."""
    plain = looking = 0
    for seed in range(40):
        a = new_hand("pishe-pasha", 2, {}, seed)
        b = a.clone()
        plain += finish(a, 0) > ROLLOUT_WIN
        looking += finish_looking(b, 0) > ROLLOUT_WIN
    assert looking >= plain + 10, (looking, plain)
