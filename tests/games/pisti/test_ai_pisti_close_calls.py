"""The Pişti Expert deals again only where its best two cards are too close to tell apart,
and plays a deal drawn twice only once, counting it twice."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from conftest import count_calls, random_positions

from game.games.pisti import search
from game.games.pisti.infer import Reader
from game.games.pisti.model import knowledge
from game.games.pisti.search import (
    PLAY,
    _Tally,
    _unique,
    draw_worlds,
    evaluate,
    rollout_deals,
)

SMALL = replace(PLAY, plays=2000, min_deals=6, max_deals=12, exact_leaves=3000, exact_tree=80)


def _choices(*args, **kwargs):
    """Random Pişti positions with a real choice before the last deal: (obs, k, options)."""
    for state in random_positions(*args, **kwargs):
        obs = state.observation(state.to_move)
        k = knowledge(obs)
        options = sorted({a.card for a in state.legal_actions()})
        if k.pack_size > 0 and len(options) >= 2:
            yield obs, k, options


@pytest.fixture
def played(monkeypatch) -> list[int]:
    """One entry per deal the search plays (``_world_values`` counted)."""
    return count_calls(monkeypatch, search, "_world_values")


def _tally(rows: list[tuple[float, float]]) -> _Tally:
    tally = _Tally([1, 2])
    for a, b in rows:
        tally.add({1: a, 2: b}, 1)
    return tally


def test_a_clear_choice_is_not_dealt_again():
    rng = random.Random(1)
    rows = [(5 + rng.gauss(0, 3), rng.gauss(0, 3)) for _ in range(40)]
    assert not _tally(rows).close(2.0, 0.05)


def test_a_close_uncertain_choice_is_dealt_again():
    rng = random.Random(2)
    rows = [(rng.gauss(0, 3), rng.gauss(0, 3)) for _ in range(40)]
    assert _tally(rows).close(2.0, 0.05)


def test_cards_that_always_score_alike_are_not_dealt_again():
    """Two cards worth the same in every deal: more deals would not tell them apart."""
    rows = [(v, v + 0.001) for v in range(40)]
    assert not _tally(rows).close(2.0, 0.05)


def test_a_deal_drawn_twice_is_played_once_and_counted_twice():
    a, b = object(), object()
    assert _unique([a, b, a, a]) == [(a, 3), (b, 1)]


@pytest.mark.parametrize("players", [2, 4])
def test_counting_repeated_deals_gives_the_mean_over_every_deal_drawn(players):
    """One batch: the values are the plain mean over every deal drawn, repeats included."""
    checked = 0
    for obs, k, options in _choices("pisti", players, {}, 6, seed=5 + players, least=6, most=30):
        budget = replace(SMALL, batches=1)
        got = evaluate(obs, options, random.Random(3), budget)
        deals = rollout_deals(budget, len(options), k.cards_left)
        reader = Reader(obs, k)
        worlds = draw_worlds(k, reader, random.Random(3), deals, budget.candidates)
        styles = reader.greedy_seats(k.players)
        rows = [search._world_values(w, options, k.side, k.seat, False, styles) for w in worlds]
        for c in options:
            assert got[c] == pytest.approx(sum(r[c] for r in rows) / len(rows))
        checked += 1
    assert checked >= 3


def test_only_close_calls_get_more_deals(monkeypatch, played):
    """Over real positions, a later batch of deals comes exactly when the earlier ones left
    the best two cards close, never more than ``batches`` in all; some decisions stop after
    one batch and some deal again."""
    verdicts: list[bool] = []
    real_close = _Tally.close

    def judged(self, z, points):
        verdicts.append(real_close(self, z, points))
        return verdicts[-1]

    monkeypatch.setattr(_Tally, "close", judged)
    budget = replace(SMALL, batches=4, candidates=1)  # no repeats: one play per deal drawn
    one, more = 0, 0
    for obs, k, options in _choices("pisti", 2, {}, 30, seed=21, least=4, most=30):
        deals = rollout_deals(budget, len(options), k.cards_left)
        played.clear()
        verdicts.clear()
        evaluate(obs, options, random.Random(4), budget)
        batches, rest = divmod(len(played), deals)
        assert rest == 0
        assert 1 <= batches <= 4
        assert batches == 1 + sum(verdicts)
        assert batches == 4 or verdicts[-1] is False
        one += batches == 1
        more += batches > 1
    assert one > 0
    assert more > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dealing_again_stops_at_the_ceiling_of_work_for_the_seats(monkeypatch, played, players):
    """However long the best two stay close, the plays over every batch stay under the
    ceiling for the number of seats (three players have their own, lower one), and the
    search uses that room up to less than one more batch."""
    monkeypatch.setattr(_Tally, "close", lambda self, z, points: True)
    budget = replace(SMALL, batches=100, candidates=1, most_plays=12_000, most_plays_3p=5_000)
    room = budget.most_plays_3p if players == 3 else budget.most_plays
    checked = 0
    for obs, k, options in _choices("pisti", players, {}, 16, seed=31 + players, least=4, most=24):
        per_deal = len(options) * k.cards_left
        played.clear()
        evaluate(obs, options, random.Random(6), budget)
        used = len(played) * per_deal
        assert used <= room
        assert room - used < (budget.min_deals + 1) * per_deal
        checked += 1
    assert checked >= 3
