"""Game records, RULES.md §6: load, validate, replay, save, report, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import STOP, position, suits_up_to, texts
from fuzz.seeds import VARIANTS, played
from hypothesis import given, settings
from hypothesis import strategies as st

from game import record
from game.core import files
from game.core.cards import CARD_TEXT, shuffled_deck


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


@pytest.mark.parametrize(("game", "players", "options"), VARIANTS)
def test_record_round_trip_replays_to_same_state(tmp_path, game, players, options):
    state = played(game, players, options, seed=11, moves=60)
    path = tmp_path / "save.json"
    record.save(state, path)
    again = record.load_state(path)
    assert again.report() == state.report()
    assert again.to_move == state.to_move
    assert again.history == state.history
    assert texts(again.history) == record.load(path)["actions"]


@settings(max_examples=25, deadline=None)
@given(case=st.sampled_from(VARIANTS), seed=st.integers(0, 2**32 - 1), moves=st.integers(0, 400))
def test_record_any_saved_hand_replays_identically(case, seed, moves):
    game, players, options = case
    state = played(game, players, options, seed, moves)
    data = json.loads(json.dumps(state.record()))
    result = record.replay(data)
    assert result.status == record.OK, result.error
    assert result.state.report() == state.report()
    assert result.report()["score"] == list(state.score)


def test_record_cli_reports_a_good_record(tmp_path):
    state = played("pishe-pasha", 2, {}, seed=3, moves=5)
    code, out = run_cli(tmp_path, state.record())
    assert code == 0
    assert out["ok"] is True
    assert out["applied"] == 5
    assert out["error"] is None
    assert out["to_move"] == state.to_move
    assert set(out["state"]) >= {"foundations", "discards", "stocks", "turned"}


def test_record_cli_reports_a_finished_hand(tmp_path):
    state = played("pisti", 2, {}, seed=5)
    code, out = run_cli(tmp_path, state.record())
    assert code == 0
    assert out["over"] is True
    assert out["to_move"] is None
    assert out["winner"] == state.winner
    assert sum(out["score"]) >= 13


def test_record_cli_illegal_action_exit_1(tmp_path):
    code, out = run_cli(tmp_path, pishe_record(["turned>F"]))
    assert code == 1
    assert out["ok"] is False
    assert out["applied"] == 0
    assert out["error"]
    assert "Traceback" not in out["error"]


def test_record_cli_unknown_action_exit_1(tmp_path):
    code, out = run_cli(tmp_path, pishe_record(["jump"]))
    assert code == 1
    assert out["applied"] == 0
    assert out["error"] == "'jump' is not a move in this game."


def test_record_error_says_why_in_words_a_player_understands():
    """RULES.md §6: the error of an illegal action is the phrasebook's sentence."""
    state = position([["9C", "4H"], ["5S"]], suits_up_to(h=3))
    data = {**state.record(), "actions": ["turn"]}
    result = record.replay(data)
    assert (result.status, result.applied) == (record.ILLEGAL, 0)
    assert result.error == "The 4 of hearts must go to the foundation first."
    report = result.report()
    assert report["ok"] is False
    assert report["to_move"] == 0
    assert report["over"] is False


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
    assert code == 2
    assert "jack" in out["error"].lower()


def test_record_cli_missing_file_exit_2(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "game.record", str(tmp_path / "nope.json")],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2
    assert json.loads(proc.stdout)["ok"] is False


def test_record_save_is_atomic_and_keeps_old_file_on_failure(tmp_path, monkeypatch):
    path = tmp_path / "save.json"
    state = played("pisti", 2, {}, seed=1, moves=3)
    record.save(state, path)
    before = path.read_text()

    def disk_full(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(files.os, "fsync", disk_full)  # inside write_json_atomic
    with pytest.raises(OSError, match="disk full"):
        record.save(played("pisti", 2, {}, seed=2, moves=3), path)
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


# ----------------------------------------------------------------- records from before the
# rules corrections of RULES.md §2.1 and §4: they still load; the report says where they
# first go wrong, or they replay.


def pile(text: str) -> list[str]:
    """A stock written as one line of card texts, top card first."""
    return text.split()


# The book version, seed 5, as the engine recorded it when a captured pile went under the
# stock top card down (the old orientation): seat 1 won after 73 flips.
OLD_BOOK_GOES_WRONG = {
    "game": "pisha-pasha-book",
    "options": {},
    "setup": {
        "stocks": [
            pile("QC 6D 10C KH 5S 2H JS JH QS KS 10S KD 2S 7H 3H 6H 5D 9D 2D 8D 7D 5C 3C AH KC 9H"),
            pile("6C 9C AD 7S QH AC 10H 7C QD 4S 5H JD 8C JC 4C 8S 3D 4H 2C 8H 3S 6S 10D 9S 4D AS"),
        ]
    },
    "actions": ["flip"] * 73,
}
# Seed 4, the old way: seat 1 won after 43 flips.
OLD_BOOK_REPLAYS = {
    "game": "pisha-pasha-book",
    "options": {},
    "setup": {
        "stocks": [
            pile("QH 10D AS 9D 4D KS 3H QS 4S 5S 8C AD JH KH 2S KC JC 3C 7H 2H 7S 6S 4H QD 10S 3S"),
            pile("8D AH AC 6H 9C JS QC 5D JD 9H 8H 2D 4C 6D 10H 9S 2C 5C 6C 10C 5H KD 8S 7C 7D 3D"),
        ]
    },
    "actions": ["flip"] * 43,
}


def test_record_old_book_record_says_where_it_first_goes_wrong(tmp_path):
    # With captures landing bottom card down (RULES.md §4) this deal ends after 50 flips;
    # the old record's 51st flip is where it first goes wrong.
    result = record.replay(OLD_BOOK_GOES_WRONG)
    assert (result.status, result.applied) == (record.ILLEGAL, 50)
    assert result.error == "The hand is over."
    report = result.report()
    assert report["ok"] is False
    assert report["over"] is True
    assert report["to_move"] is None
    assert report["winner"] == 1
    assert report["score"] == [0, 52]
    code, out = run_cli(tmp_path, OLD_BOOK_GOES_WRONG)
    assert code == 1
    assert out == json.loads(json.dumps(report))


def test_record_old_book_record_replays_where_the_new_hand_is_longer():
    result = record.replay(OLD_BOOK_REPLAYS)
    assert (result.status, result.applied, result.error) == (record.OK, 43, None)
    report = result.report()
    assert report["ok"] is True
    assert report["over"] is False
    assert report["to_move"] == 0
    assert sum(report["score"]) == 52
    state = result.state
    while not state.is_over:  # the hand goes on under the new rule, to its own end
        state.apply("flip")
    assert len(state.history) > 43
    assert sorted(state.all_cards()) == list(range(52))


def test_record_old_pishe_record_of_a_winning_fault_loads_and_waits_for_accept():
    # Before "a fault never wins at once" (RULES.md §2.1) this record ended the hand: seat 0
    # loaded its last card although it fitted, and won at once. Now it replays to the open
    # Stop window, and "accept" gives the old result.
    state = position([["4H"], ["5S"]], suits_up_to(h=3), rest_to=1, options=STOP)
    old = {**state.record(), "actions": ["discard>1"]}
    assert old["options"] == {"stop_rule": True}
    result = record.replay(json.loads(json.dumps(old)))
    assert (result.status, result.applied) == (record.OK, 1)
    report = result.report()
    assert report["over"] is False
    assert report["winner"] is None
    assert report["to_move"] == 1
    assert texts(result.state.legal_actions()) == ["accept"]
    accepted = record.replay({**old, "actions": ["discard>1", "accept"]}).report()
    assert accepted["ok"] is True
    assert accepted["over"] is True
    assert accepted["winner"] == 0
    assert accepted["score"] == [49, 0]
