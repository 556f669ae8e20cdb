"""A hand's par: the Expert plays the player's cards on the same deal, against the same
opponents, and its mean result is the par the player's own is read against."""

from __future__ import annotations

import statistics

import pytest

from game.ai import par as par_mod
from game.ai.par import Par, agent_seed, expert_level, par_of, played_result, replay_once
from game.core.agents import SeatView
from game.games import SPECS, new_hand, spec_of


def finished_record(game: str, players: int, options: dict, deal: int, level: str) -> dict:
    """A hand of ``deal`` played to the end by ``level`` at every seat, as its record."""
    spec = spec_of(game)
    state = new_hand(game, players, options, deal)
    agents = [spec.make_agent(level, deal + s) for s in range(players)]
    par_mod.play_out(state, agents)
    return state.record()


def every_table() -> list[tuple[str, int, dict]]:
    out = []
    for game, spec in SPECS.items():
        for smoke in spec.smoke:
            out.append((game, smoke.get("players", 2), spec.engine_options(smoke)))
    return out


def test_the_same_deal_and_seed_give_the_same_par():
    record = finished_record("pisti", 2, {}, 11, "easy")
    first = par_of(record, 0, "easy", replays=2, seed=5)
    again = par_of(record, 0, "easy", replays=2, seed=5)
    assert first == again
    assert first.replays == 2


def test_the_replays_seeds_are_independent_of_each_other_and_of_the_seat():
    record = finished_record("pisti", 2, {}, 12, "easy")
    seeds = {agent_seed(record, 5, r, s) for r in range(4) for s in range(2)}
    assert len(seeds) == 8, "each replay and seat its own seed"
    other = finished_record("pisti", 2, {}, 13, "easy")
    assert agent_seed(other, 5, 0, 0) != agent_seed(record, 5, 0, 0), "and each deal"


def test_a_replay_deals_the_cards_of_the_hand_not_new_ones():
    """Every replay starts from the record's setup: the Expert holds the player's cards."""
    record = finished_record("pishe-pasha", 2, {}, 14, "easy")
    state = spec_of("pishe-pasha").from_setup(record["setup"], record["options"])
    assert state.setup() == record["setup"]
    # the Expert at seat 0 sees exactly the hand's first view of seat 0
    seen = SeatView(state, 0).observation()
    again = spec_of("pishe-pasha").from_setup(record["setup"], record["options"])
    assert SeatView(again, 0).observation() == seen


def test_the_par_of_a_game_nobody_chooses_in_is_the_result_itself():
    record = finished_record("pisha-pasha-book", 2, {}, 15, "flip")
    par = par_of(record, 0, "flip")
    assert par.spread == 0
    assert par.mean == played_result(record, 0)


@pytest.mark.parametrize(("game", "players", "options"), every_table())
def test_every_game_and_variant_of_the_registry_has_a_par(game, players, options):
    spec = spec_of(game)
    record = finished_record(game, players, options, 16, spec.default_level)
    level = "easy" if "easy" in spec.agents else spec.default_level
    result = replay_once(record, 0, level, 1, 0)
    assert result == replay_once(record, 0, level, 1, 0), "the same seeds, the same result"


def test_a_par_stops_between_two_decisions_when_asked():
    record = finished_record("pisti", 2, {}, 17, "easy")
    asked = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 3

    assert par_of(record, 0, "expert", replays=2, stop=stop) is None
    assert len(asked) == 4, "it stopped at the fourth decision, not after the hand"


def test_the_interval_is_students_for_few_replays():
    p = Par.of([10.0, 14.0, 12.0, 16.0])
    sd = statistics.stdev([10.0, 14.0, 12.0, 16.0])
    assert p.mean == 13.0
    assert p.spread == sd
    assert p.half_width == pytest.approx(3.182 * sd / 2)
    assert Par.of([7.0]).half_width == 0


def test_each_game_says_how_many_replays_its_par_takes():
    for game, spec in SPECS.items():
        for players in spec.players:
            weaker = par_mod.replays_for(spec, players, spec.default_level)
            strongest = par_mod.replays_for(spec, players, expert_level(spec))
            assert 1 <= strongest <= weaker, (game, players)


@pytest.mark.slow
def test_an_expert_at_the_players_seat_is_at_par_on_average_over_200_deals():
    """The Expert's own play of a deal, scored against that deal's par, averages zero
    within its 95% interval. The cheapest honest setting: Pishe Pasha with two players
    against Easy (its Expert is the quickest to search), the par of one replay with its
    own seeds, and the hand it is held to played by the same Expert with other seeds
    (two draws of one player on one deal, as a player who plays like the Expert is)."""
    diffs = []
    for deal in range(200):
        record = new_hand("pishe-pasha", 2, {}, 10_000 + deal).record()
        mine = replay_once(record, 0, "easy", seed=1, replay=0)
        par = par_of(record, 0, "easy", replays=1, seed=2)
        diffs.append(mine - par.mean)
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    print(f"Expert minus par over 200 deals: {mean:+.2f} ± {half:.2f} (95%)")
    assert abs(mean) <= half, f"Expert minus par {mean:+.2f} ± {half:.2f} over 200 deals"


@pytest.mark.parametrize(
    ("costs", "against", "kind"),
    [
        (5.0, -5.0, "adds_up"),  # the decisions are the whole distance from par
        (4.0, -5.0, "adds_up"),  # roughly: within three tenths of the larger
        (0.0, 0.5, "adds_up"),  # no costly decision, and over par
        (0.0, -0.8, "adds_up"),  # within a point of nothing
        (5.0, -12.0, "drawn_against"),  # further under par than the decisions cost
        (0.0, -6.0, "drawn_against"),
        (5.0, 2.0, "drawn_for"),  # over par despite them: the cards made up for it
        (9.0, -3.0, "drawn_for"),
    ],
)
def test_the_reviews_decisions_are_read_against_the_distance_from_par(costs, against, kind):
    assert par_mod.decisions_against_par(costs, against) == kind
