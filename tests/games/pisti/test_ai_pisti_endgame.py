"""The Pişti Expert searches the drawn deals of the last deal exactly once their trees are
small enough; with four players that starts from three cards a hand."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from conftest import count_calls, random_positions

from game.games.pisti import search
from game.games.pisti.model import knowledge
from game.games.pisti.search import PLAY, evaluate
from game.games.pisti.solve import tree_size

QUICK = replace(PLAY, min_deals=4, max_deals=8, batches=1, exact_leaves_4p=8 * 1600)


@pytest.fixture
def solved(monkeypatch) -> list[int]:
    """One entry per deal the search solves exactly (``LastDeal`` built)."""
    return count_calls(monkeypatch, search, "LastDeal")


def _after_36_plays(players: int, seed: int):
    """Positions 36 plays into a hand: the last deal has begun for three and four players
    and it is the first seat's turn again (four players: three cards a hand)."""
    for state in random_positions("pisti", players, {}, 3, seed, least=36, most=37):
        obs = state.observation(state.to_move)
        options = sorted({a.card for a in state.legal_actions()})
        yield obs, knowledge(obs), options


def test_four_players_solve_the_drawn_deals_from_three_cards_a_hand(solved):
    for obs, k, options in _after_36_plays(4, seed=5):
        assert k.pack_size == 0
        assert k.hand_sizes == [3, 3, 3, 3]
        assert k.seat == 0
        assert tree_size(k.hand_sizes, k.seat) > PLAY.exact_tree  # rolled out before
        solved.clear()
        values = evaluate(obs, options, random.Random(1), QUICK)
        assert set(values) == set(options)
        assert 4 <= len(solved) <= 8  # every deal drawn (at least the fewest) is solved


def test_three_players_still_roll_out_the_start_of_the_last_deal(solved):
    for obs, k, options in _after_36_plays(3, seed=6):
        assert k.pack_size == 0
        assert k.hand_sizes == [4, 4, 4]
        evaluate(obs, options, random.Random(1), QUICK)
    assert solved == []


def test_two_and_three_players_keep_the_exact_search_they_were_measured_with():
    for players in (2, 3):
        assert PLAY.exact_room(players) == (PLAY.exact_tree, PLAY.exact_leaves,
                                            PLAY.most_leaves, 0)  # fmt: skip
    tree, leaves, most, deal = PLAY.exact_room(4)
    assert tree >= tree_size([3, 3, 4, 4], 2)
    assert most >= leaves > 0
    assert deal > 0
