"""Game records, RULES.md §6: load, validate, replay, save, report, exit codes."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import record
from game.cards import CARD_TEXT, shuffled_deck
from game.rules import new_hand

CASES = [
    ("pishe-pasha", 2, {}),
    ("pishe-pasha", 2, {"foundations": "single"}),
    ("pishe-pasha", 2, {"stop_rule": True}),
    ("pishe-pasha", 3, {}),
    ("pisha-pasha-book", 2, {}),
    ("pisti", 2, {}),
    ("pisti", 3, {"start_jack": "to_bottom"}),
    ("pisti", 4, {"show_bottom": False, "target": 101}),
]


def random_hand(game, players, options, seed, moves=None):
    rng = random.Random(seed)
    state = new_hand(game, players, options, rng)
    n = 0
    while not state.is_over and (moves is None or n < moves):
        state.apply(rng.choice(state.legal_actions()))
        n += 1
    return state


def run_cli(tmp_path, data, raw=None):
    path = tmp_path / "rec.json"
    path.write_text(raw if raw is not None else json.dumps(data), encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "game.record", str(path)], capture_output=True, text=True
    )
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc.returncode, json.loads(proc.stdout)


def pishe_record(actions):
    deck = [CARD_TEXT[c] for c in shuffled_deck(7)]
    return {"game": "pishe-pasha", "setup": {"stocks": [deck[:26], deck[26:]]}, "actions": actions}


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_record_round_trip_replays_to_same_state(tmp_path, game, players, options):
    state = random_hand(game, players, options, seed=11, moves=60)
    path = tmp_path / "save.json"
    record.save(state, path)
    again = record.load_state(path)
    assert again.report() == state.report()
    assert again.to_move == state.to_move
    assert again.history == state.history


@settings(max_examples=25, deadline=None)
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**32 - 1), moves=st.integers(0, 400))
def test_record_any_saved_hand_replays_identically(case, seed, moves):
    game, players, options = case
    state = random_hand(game, players, options, seed, moves)
    data = json.loads(json.dumps(state.record()))
    result = record.replay(data)
    assert result.status == record.OK, result.error
    assert result.state.report() == state.report()
    assert result.report()["score"] == list(state.score)


def test_record_cli_reports_a_good_record(tmp_path):
    state = random_hand("pishe-pasha", 2, {}, seed=3, moves=5)
    code, out = run_cli(tmp_path, state.record())
    assert code == 0
    assert out["ok"] is True and out["applied"] == 5 and out["error"] is None
    assert out["to_move"] == state.to_move
    assert set(out["state"]) >= {"foundations", "discards", "stocks", "turned"}


def test_record_cli_reports_a_finished_hand(tmp_path):
    state = random_hand("pisti", 2, {}, seed=5)
    code, out = run_cli(tmp_path, state.record())
    assert code == 0 and out["over"] is True and out["to_move"] is None
    assert out["winner"] == state.winner
    assert sum(out["score"]) >= 13


def test_record_cli_illegal_action_exit_1(tmp_path):
    code, out = run_cli(tmp_path, pishe_record(["turned>F"]))
    assert code == 1
    assert out["ok"] is False and out["applied"] == 0
    assert out["error"] and "Traceback" not in out["error"]


def test_record_cli_unknown_action_exit_1(tmp_path):
    code, out = run_cli(tmp_path, pishe_record(["jump"]))
    assert code == 1 and out["applied"] == 0 and out["error"]


@pytest.mark.parametrize(
    ("mutate", "words"),
    [
        (lambda r: None, "JSON"),
        (lambda r: r.update(game="poker"), "poker"),
        (lambda r: r.update(colour="red"), "colour"),
        (lambda r: r.pop("setup"), "setup"),
        (lambda r: r.update(options={"jokers": True}), "jokers"),
        (lambda r: r.update(options={"stop_rule": "yes"}), "stop_rule"),
        (lambda r: r["setup"]["stocks"][0].pop(), "stocks"),
        (lambda r: r["setup"]["stocks"][0].__setitem__(0, r["setup"]["stocks"][1][0]), "twice"),
        (lambda r: r["setup"]["stocks"][0].__setitem__(3, "1X"), "1X"),
        (lambda r: r.update(actions="turn"), "actions"),
    ],
    ids=["not-json", "game", "field", "missing", "option", "option-value", "51-cards",
         "card-twice", "bad-card", "actions"],
)  # fmt: skip
def test_record_cli_invalid_record_exit_2(tmp_path, mutate, words):
    data = pishe_record(["turn"])
    raw = "{not json" if words == "JSON" else None
    mutate(data)
    code, out = run_cli(tmp_path, data, raw)
    assert code == 2
    assert out["ok"] is False
    assert words.lower() in out["error"].lower(), out["error"]


def test_record_cli_pisti_jack_at_bottom_exit_2(tmp_path):
    deck = [CARD_TEXT[c] for c in shuffled_deck(9) if CARD_TEXT[c] != "JS"] + ["JS"]
    data = {"game": "pisti", "setup": {"players": 2, "deck": deck}, "actions": []}
    code, out = run_cli(tmp_path, data)
    assert code == 2 and "jack" in out["error"].lower()


def test_record_cli_missing_file_exit_2(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "game.record", str(tmp_path / "nope.json")],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2 and json.loads(proc.stdout)["ok"] is False


def test_record_save_is_atomic_and_keeps_old_file_on_failure(tmp_path, monkeypatch):
    path = tmp_path / "save.json"
    state = random_hand("pisti", 2, {}, seed=1, moves=3)
    record.save(state, path)
    before = path.read_text()

    def broken_dump(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(record.json, "dump", broken_dump)
    with pytest.raises(OSError):
        record.save(random_hand("pisti", 2, {}, seed=2, moves=3), path)
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]
