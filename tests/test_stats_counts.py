"""The statistics keep each game's own counts, filled by the game's spec, and a file
written before the counts were kept together still loads with its numbers."""

from __future__ import annotations

import json

import pytest
from conftest import STOP, position, suits_up_to

from game import games
from game.core.referee import Referee
from game.store import stats

OLD_LINE = {
    "hands": 12, "won": 7, "lost": 5, "drawn": 0, "points": 640, "best": 91, "streak": 2,
    "best_streak": 4, "matches": 1, "matches_won": 1, "pisti": 9, "jack_pisti": 2,
    "stops_made": 0, "stops_caught": 0, "takeback_hands": 1, "takeback_won": 0,
    "last": [1, -1, 1, 1],
}  # fmt: skip
OLD_STOPS = {**OLD_LINE, "pisti": 0, "jack_pisti": 0, "stops_made": 3, "stops_caught": 1}


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    return tmp_path


def finished(game: str, seed: int, players: int = 2):
    spec = games.spec_of(game)
    state = spec.new_hand(players, {}, seed)
    agents = [spec.make_agent(spec.baseline, seed + s) for s in range(players)]
    return Referee(state, agents).play_out()


def test_an_old_stats_file_keeps_its_pisti_counts(home):
    lines = {"pisti|{}|2|hard": OLD_LINE, "pishe-pasha|{}|2|hard": OLD_STOPS}
    (home / stats.FILE_NAME).write_text(json.dumps({"version": 1, "lines": lines}))
    loaded, problem = stats.Stats.load()
    assert problem is None
    pisti = loaded.lines["pisti|{}|2|hard"]
    assert pisti.counts == {"pisti": 9, "jack_pisti": 2}
    assert (pisti.hands, pisti.won, pisti.best, pisti.last) == (12, 7, 91, [1, -1, 1, 1])
    assert loaded.lines["pishe-pasha|{}|2|hard"].counts == {"stops_made": 3, "stops_caught": 1}
    loaded.save()
    again, problem = stats.Stats.load()
    assert problem is None and again.lines == loaded.lines


def test_a_stats_line_keeps_only_whole_counts_with_short_names(home):
    line = {**OLD_LINE, "counts": {"pisti": 4, "bad": -1, "x" * 80: 3, "half": 1.5}}
    (home / stats.FILE_NAME).write_text(
        json.dumps({"version": 1, "lines": {"pisti|{}|2|hard": line}})
    )
    loaded, problem = stats.Stats.load()
    assert loaded.lines["pisti|{}|2|hard"].counts == {"pisti": 4}
    assert problem is not None  # the file is kept as it was before the next save


def test_a_finished_pisti_hand_adds_its_sides_pisti_to_the_line():
    book = stats.Stats()
    state = finished("pisti", 11, players=4)
    report = state.report()
    book.count_hand("k", state, state.side_of(2), 2, took_back=False, team_points=0)
    side = state.side_of(2)
    assert book.lines["k"].counts == {
        "pisti": report["pisti"][side],
        "jack_pisti": report["jack_pisti"][side],
    }


def test_stop_calls_are_counted_by_the_game_for_the_caller_and_the_caught():
    spec = games.spec_of("pishe-pasha")
    state = position([["9C", "4H"], ["5S"]], suits_up_to(h=3), stocks=[["KD"], []], options=STOP)
    state.apply("turn")  # seat 0 skips the 4 of hearts' foundation play
    state.apply("stop 1 force")
    assert spec.counts(state, 1) == {"stops_made": 1, "stops_caught": 0}
    assert spec.counts(state, 0) == {"stops_made": 0, "stops_caught": 1}
    book = stats.Stats()
    book.count_hand("k", state, 0, 0, took_back=False, team_points=0)
    book.count_hand("k", state, 0, 0, took_back=False, team_points=0)
    assert book.lines["k"].counts == {"stops_made": 0, "stops_caught": 2}


def test_a_game_without_counts_adds_none():
    book = stats.Stats()
    book.count_hand("k", finished("pisha-pasha-book", 3), 0, 0, took_back=False, team_points=0)
    assert book.lines["k"].counts == {} and book.lines["k"].hands == 1
