"""The statistics keep each game's own counts, filled by the game's spec, and a statistics
file written by an earlier version (even one from before the counts were kept together)
moves in with its numbers."""

from __future__ import annotations

import json

import pytest
from conftest import STOP, position, suits_up_to

from game import games
from game.core.files import Notice
from game.core.referee import Referee
from game.session import Session
from game.stats import Line
from game.store.hands import Hand, StatsKey
from game.store.keeper import Keeper

OLD_LINE = {
    "hands": 12, "won": 7, "lost": 5, "drawn": 0, "points": 640, "best": 91, "streak": 2,
    "best_streak": 4, "matches": 1, "matches_won": 1, "pisti": 9, "jack_pisti": 2,
    "stops_made": 0, "stops_caught": 0, "takeback_hands": 1, "takeback_won": 0,
    "last": [1, -1, 1, 1],
}  # fmt: skip
OLD_STOPS = {**OLD_LINE, "pisti": 0, "jack_pisti": 0, "stops_made": 3, "stops_caught": 1}


def moved_in(home, lines: dict) -> tuple[dict, list[str]]:
    (home / "stats.json").write_text(json.dumps({"version": 1, "lines": lines}))
    told: list[Notice] = []
    return Keeper(told.append, home).statistics(), told


def finished(game: str, seed: int, players: int = 2):
    spec = games.spec_of(game)
    state = spec.new_hand(players, {}, seed)
    agents = [spec.make_agent(spec.baseline, seed + s) for s in range(players)]
    return Referee(state, agents).play_out()


def hand_of(state, seat: int = 0) -> Hand:
    """The hand as the keeper counts it for the person in ``seat``."""
    choices = {"players": state.players} if state.game != "pisha-pasha-book" else {}
    session = Session.start(state.game, choices, "easy", seed=1)
    session.match.hand_no = seat  # the person (player 0) sits in this seat
    session.referee.restart(state)
    return Hand.of(session)


def test_an_old_stats_file_keeps_its_pisti_counts(tmp_path):
    lines = {"pisti|{}|2|hard": OLD_LINE, "pishe-pasha|{}|2|hard": OLD_STOPS}
    loaded, told = moved_in(tmp_path, lines)
    assert told == [Notice("moved_in")]
    pisti = loaded[StatsKey("pisti", 2, "hard")]
    assert pisti.counts == {"pisti": 9, "jack_pisti": 2}
    assert (pisti.hands, pisti.won, pisti.best, pisti.last) == (12, 7, 91, [1, -1, 1, 1])
    assert loaded[StatsKey("pishe-pasha", 2, "hard")].counts == {"stops_made": 3, "stops_caught": 1}
    assert Keeper(told.append, tmp_path).statistics() == loaded


def test_a_stats_line_keeps_only_whole_counts_with_short_names(tmp_path):
    line = {**OLD_LINE, "counts": {"pisti": 4, "bad": -1, "x" * 80: 3, "half": 1.5}}
    loaded, told = moved_in(tmp_path, {"pisti|{}|2|hard": line})
    assert loaded[StatsKey("pisti", 2, "hard")].counts == {"pisti": 4}
    assert told[0].code == "stats_fixed"
    assert "stats.json.moved-in" in told[0].detail


def test_a_finished_pisti_hand_adds_its_sides_pisti_to_the_line():
    state = finished("pisti", 11, players=4)
    report = state.report()
    line = Line()
    line.add(hand_of(state, seat=2))
    side = state.side_of(2)
    assert line.counts == {"pisti": report["pisti"][side], "jack_pisti": report["jack_pisti"][side]}


def test_stop_calls_are_counted_by_the_game_for_the_caller_and_the_caught():
    spec = games.spec_of("pishe-pasha")
    state = position([["9C", "4H"], ["5S"]], suits_up_to(h=3), stocks=[["KD"], []], options=STOP)
    state.apply("turn")  # seat 0 skips the 4 of hearts' foundation play
    state.apply("stop 1 force")
    assert spec.counts(state, 1) == {"stops_made": 1, "stops_caught": 0}
    assert spec.counts(state, 0) == {"stops_made": 0, "stops_caught": 1}
    line = Line()
    for _ in range(2):
        line.add(Hand(StatsKey("k", 2, "easy"), 0, -1, 0, counts=spec.counts(state, 0)))
    assert line.counts == {"stops_made": 0, "stops_caught": 2}


def test_a_game_without_counts_adds_none():
    line = Line()
    line.add(hand_of(finished("pisha-pasha-book", 3)))
    assert line.counts == {}
    assert line.hands == 1


@pytest.mark.parametrize("players", [2, 3])
def test_the_line_of_a_pishe_pasha_hand_names_the_foundations_it_was_played_with(players):
    """Three players always play with one foundation: their line says so, as it always did."""
    key = hand_of(finished("pishe-pasha", 5, players)).key
    assert key.choices == ({"foundations": "single"} if players == 3 else {})
