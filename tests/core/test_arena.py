"""The arena: exact duplicate pairing and a sane JSON summary."""

from __future__ import annotations

import json

import pytest
from conftest import STOP, position, suits_up_to, texts

from game.cli import arena
from game.core.agents import BaseAgent, SeatView
from game.core.types import Action
from game.games import SPECS
from game.games.pishe_pasha import kinds as pishe


@pytest.mark.parametrize(
    ("game", "players", "options", "expected"),
    [
        ("pisti", 2, {}, [(0,), (1,)]),
        ("pisti", 4, {}, [(0, 2), (1, 3)]),
        ("pisti", 3, {}, [(0,), (1,), (2,)]),
        ("pishe-pasha", 2, {"foundations": "single"}, [(0,), (1,)]),
        ("pishe-pasha", 3, {}, [(0,), (1,), (2,)]),
        ("pisha-pasha-book", 2, {}, [(0,), (1,)]),
    ],
)
def test_duplicate_hands_share_one_deal_with_seats_swapped(game, players, options, expected):
    for index in range(3):
        hands = arena.deal_set(game, players, options, seed=4, index=index)
        assert [seats for _, seats in hands] == expected
        setups = [state.setup() for state, _ in hands]
        assert all(s == setups[0] for s in setups)
        first = [state.all_cards() for state, _ in hands]
        assert all(cards == first[0] for cards in first)
    other = arena.deal_set(game, players, options, seed=4, index=1)[0][0].setup()
    assert other != arena.deal_set(game, players, options, seed=4, index=0)[0][0].setup()


def test_duplicate_pair_plays_the_same_deal_with_the_sides_swapped(monkeypatch):
    """Record the setup and the seating of every hand the arena actually plays."""
    played = []
    real = arena.play_hand

    def spy(state, agents, times):
        played.append((state.setup(), tuple(a.name for a in agents)))
        return real(state, agents, times)

    monkeypatch.setattr(arena, "play_hand", spy)
    arena.run_deal(("pisti", 2, {}, "hard", "greedy", 9, 0))
    assert len(played) == 2
    assert played[0][0] == played[1][0]
    assert played[0][1] == ("hard", "greedy")
    assert played[1][1] == ("greedy", "hard")


def test_small_arena_run_writes_the_json_summary(tmp_path, capsys):
    out = tmp_path / "arena.json"
    code = arena.main(["--game", "pisti", "--players", "2", "--a", "hard", "--b", "greedy",
                       "--deals", "6", "--seed", "3", "--json", str(out)])  # fmt: skip
    assert code == 0
    data = json.loads(out.read_text())
    assert data["deals"] == 6
    assert data["hands"] == 12
    assert data["wins_a"] + data["wins_b"] + data["draws"] == 12
    lo, hi = data["ci95"]
    assert lo <= data["margin_a"] <= hi
    for key in ("decision_ms_a", "decision_ms_b"):
        assert 0 <= data[key]["median"] <= data[key]["max"] < 1000
    assert data["seconds"] >= 0
    assert "margin A-B per hand" in capsys.readouterr().out
    assert [p.name for p in tmp_path.iterdir()] == ["arena.json"]


def test_arena_jobs_give_the_same_results_as_one_process():
    one = arena.run("pishe-pasha", 3, {}, "medium", "always-load", 4, 2, jobs=1)
    two = arena.run("pishe-pasha", 3, {}, "medium", "always-load", 4, 2, jobs=2)
    for key in ("hands", "wins_a", "wins_b", "draws", "margin_a", "ci95"):
        assert one[key] == two[key]


@pytest.mark.parametrize(
    "argv",
    [
        ["--game", "chess"],
        ["--players", "5"],
        ["--a", "godlike"],
        ["--options", "{bad"],
        ["--options", '{"colour": 1}'],
        ["--deals", "0"],
    ],
)
def test_bad_arena_input_gives_a_message_not_a_traceback(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        arena.main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "error:" in err
    assert "Traceback" not in err


class LoadsItsLastCard(BaseAgent):
    """Loads whatever it can, faults included; never calls Stop."""

    name = "loader"

    def choose(self, view: SeatView) -> Action:
        acts = view.legal_actions()
        return next((a for a in acts if pishe.load_seat(a) is not None), acts[0])


def test_arena_hand_ends_when_nobody_stops_a_winning_fault():
    # Regression: the arena used to raise "every seat of an arena hand has a computer
    # player" when the closing Stop window applied ``accept`` and so ended the hand.
    state = position([["4H"], ["5S"]], suits_up_to(h=3), rest_to=1, options=STOP)
    times: list[list[float]] = [[], []]
    arena.play_hand(state, [LoadsItsLastCard(0), LoadsItsLastCard(1)], times)
    assert state.is_over
    assert state.winner == 0
    assert texts(state.history) == ["discard>1", "accept"]


@pytest.mark.parametrize("game", sorted(SPECS))
def test_the_arena_seats_partnerships_from_the_spec(game):
    from game.games import new_hand, spec_of

    spec = spec_of(game)
    for players in spec.players:
        state = new_hand(game, players, {}, 3)
        seatings = arena.seatings(state)
        assert len(seatings) == spec.teams(players)
        assert sorted(s for seats in seatings for s in seats) == list(range(players))
        for seats in seatings:
            assert len({state.side_of(s) for s in seats}) == 1


@pytest.mark.parametrize(("game", "mean"), [("pisti", True), ("pishe-pasha", False)])
def test_the_arena_weighs_the_other_sides_points_as_the_spec_says(game, mean):
    from game.core.agents import RandomAgent
    from game.games import new_hand

    state = new_hand(game, 3, {}, 11)
    times = [[], [], []]
    arena.play_hand(state, [RandomAgent(s) for s in range(3)], times)
    a, b = arena._points(state, (0,))
    others = state.score[1:]
    assert a == state.score[0]
    assert b == (sum(others) / 2 if mean else sum(others))
