"""Records: every crash the fuzzing found in ``python -m game.record`` and the
loader, reproduced and shown handled. Before, each printed a traceback and exited 1, which
a caller reads as "illegal action"; now a file that is not a valid record exits 2 with a
message, an illegal move exits 1, and nothing ever prints a traceback.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from memory_peak import PEAK

from game import record
from game.core.cards import CARD_TEXT, shuffled_deck
from game.core.types import IllegalAction
from game.games import new_hand
from game.games.pishe_pasha import kinds as pishe_kinds

ROOT = Path(__file__).resolve().parents[2]


def pishe(actions: list[str]) -> dict:
    deck = [CARD_TEXT[c] for c in shuffled_deck(7)]
    return {"game": "pishe-pasha", "setup": {"stocks": [deck[:26], deck[26:]]}, "actions": actions}


def check(path: Path, capsys) -> tuple[int, dict]:
    """The checker in-process: its exit code and its one line of JSON, nothing on stderr."""
    code = record.main([str(path)])
    out = capsys.readouterr()
    assert out.err == ""
    lines = out.out.splitlines()
    assert len(lines) == 1
    return code, json.loads(lines[0])


def write(tmp_path: Path, text: str | bytes) -> Path:
    path = tmp_path / "record.json"
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return path


def cli(path: Path | bytes, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game.record", path],
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, **env},
        timeout=60,
    )


def test_record_json_nested_1000_deep_exits_2_not_recursion_error(tmp_path, capsys):
    code, report = check(write(tmp_path, "[" * 1000 + "]" * 1000), capsys)
    assert code == 2
    assert "nested more than" in report["error"]


def test_record_nested_1000_deep_inside_a_field_exits_2(tmp_path, capsys):
    text = json.dumps(pishe([])).replace('"actions": []', '"actions": ' + "[" * 1000 + "]" * 1000)
    code, report = check(write(tmp_path, text), capsys)
    assert code == 2
    assert "nested" in report["error"]


def test_record_integer_literal_over_4300_digits_exits_2_not_value_error(tmp_path, capsys):
    text = json.dumps(pishe([])).replace("{", '{"n": ' + "7" * 5000 + ",", 1)
    code, report = check(write(tmp_path, text), capsys)
    assert code == 2
    assert "too long" in report["error"]


def test_record_card_field_holding_a_deeply_nested_value_exits_2(tmp_path, capsys):
    data = pishe([])
    nested: object = "AS"
    for _ in range(30):
        nested = [nested]
    data["setup"]["stocks"][0][0] = nested  # about as deep as a file may nest
    code, report = check(write(tmp_path, json.dumps(data)), capsys)
    assert code == 2
    assert "setup.stocks[0][0]" in report["error"]
    assert len(report["error"]) < 300  # the message shows the value briefly


@pytest.mark.parametrize(
    "action",
    ["discard>" + "9" * 40, "turned>" + "9" * 5000, "stop " + "1" * 40 + " force", "stop 10 end"],
)
def test_record_huge_seat_number_in_an_action_is_an_illegal_action_exit_1(tmp_path, capsys, action):
    with pytest.raises(ValueError, match=r"not a move|does not exist"):
        pishe_kinds.ACTIONS.parse(action)
    state = record.replay(pishe([])).state
    with pytest.raises(IllegalAction):
        state.apply(action)
    code, report = check(write(tmp_path, json.dumps(pishe([action]))), capsys)
    assert code == 1
    assert report["applied"] == 0
    assert "is not a move" in report["error"]


@pytest.mark.parametrize("breaker", ["\x85", "\u2028", "\u2029", "\x0b", "\x1e"])
def test_record_move_holding_a_line_break_character_still_reports_one_line(
    tmp_path, capsys, breaker
):
    """Found by the long fuzz run: a move quoted in the error held U+0085 (NEL)."""
    code, report = check(write(tmp_path, json.dumps(pishe([f"Ǫ{breaker}x"]))), capsys)
    assert code == 1
    assert f"Ǫ{breaker}x" in report["error"]


def test_record_message_with_pisti_in_a_cp1252_console_is_valid_json(tmp_path):
    state = new_hand("pisti", 2, {}, 3)
    data = state.record()
    data["actions"] = ["turn"]  # "'turn' is not a move in Pişti" names the game
    path = write(tmp_path, json.dumps(data))
    for encoding in ("cp1252", "ascii", "utf-8"):
        done = cli(path, PYTHONIOENCODING=encoding)
        assert done.stderr == b"", done.stderr.decode(errors="replace")
        assert done.returncode == 1
        report = json.loads(done.stdout.decode(encoding))
        assert report["ok"] is False
        assert report["applied"] == 0


def test_record_file_name_with_an_undecodable_byte_is_reported(tmp_path):
    name = bytes(tmp_path) + b"/rec\xff.json"
    Path(os.fsdecode(name)).write_bytes(b"[1,")
    done = cli(name, PYTHONIOENCODING="cp1252")
    assert (done.returncode, done.stderr) == (2, b"")
    assert "rec\ufffd.json is not valid JSON" in json.loads(done.stdout)["error"]


def test_record_dev_zero_is_refused_at_once_not_memory_error(capsys):
    start = time.monotonic()
    code, report = check(Path("/dev/zero"), capsys)
    assert code == 2
    assert "not a regular file" in report["error"]
    assert time.monotonic() - start < 1


def test_record_fifo_is_refused_without_blocking(tmp_path, capsys):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    result: list = []
    worker = threading.Thread(target=lambda: result.append(record.main([str(fifo)])), daemon=True)
    worker.start()
    worker.join(5)
    if worker.is_alive():  # unblock it before failing, so the run can end
        with open(fifo, "wb"):
            pass
        pytest.fail("reading a FIFO blocked")
    assert result == [2]
    assert "not a regular file" in json.loads(capsys.readouterr().out)["error"]


def test_record_a_folder_is_refused(tmp_path, capsys):
    code, report = check(tmp_path, capsys)
    assert code == 2
    assert "a folder" in report["error"]


def test_record_of_100_mb_is_refused_at_once_in_little_memory(tmp_path):
    """Before: 7.5 s and 1.15 GB. Now the size is checked before a byte is read."""
    path = tmp_path / "big.json"
    with path.open("w") as f:
        f.write('{"game": "pishe-pasha", "setup": {}, "actions": [')
        chunk = '"turn", ' * 131072  # 1 MB at a time: the test itself stays small
        for _ in range(100):
            f.write(chunk)
        f.write('"turn"]}')
    snippet = PEAK + (
        "import time; from game import record; t = time.monotonic(); "
        f"code = record.main([{str(path)!r}]); "
        "print(code, time.monotonic() - t, peak_kb())"
    )
    done = subprocess.run(
        [sys.executable, "-c", snippet], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert done.stderr == ""
    report, summary = done.stdout.splitlines()
    code, seconds, max_kb = summary.split()
    assert int(code) == 2
    assert "too large" in json.loads(report)["error"]
    assert float(seconds) < 0.5
    assert int(max_kb) < 200 * 1024  # the interpreter and the rules, not the file


def test_record_over_the_size_limit_exits_2_with_the_limit_named(tmp_path, capsys):
    data = pishe(["turn"] * (record.MAX_RECORD_BYTES // 6))
    code, report = check(write(tmp_path, json.dumps(data)), capsys)
    assert code == 2
    assert "too large" in report["error"]
    assert "limit" in report["error"]


def test_record_with_more_actions_than_any_hand_has_exits_2(tmp_path, capsys):
    data = pishe(["turn"] * (record.MAX_ACTIONS + 1))
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data, separators=(",", ":")))
    if path.stat().st_size > record.MAX_RECORD_BYTES:
        pytest.skip("the size limit refuses it first")
    code, report = check(path, capsys)
    assert code == 2
    assert "moves" in report["error"]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"game": NaN, "setup": {}, "actions": []}', "NaN"),
        ('{"game": "pisti", "game": "pisti", "setup": {}, "actions": []}', "twice"),
        ('{"game": "pishe-pasha", "setup": {}, "actions": [1e999]}', "too large"),
        ("", "not valid JSON"),
        ("\ufeff", "not valid JSON"),
    ],
)
def test_record_json_that_python_accepts_but_json_does_not_exits_2(tmp_path, capsys, text, words):
    code, report = check(write(tmp_path, text), capsys)
    assert code == 2
    assert words in report["error"]


def test_record_invalid_utf8_exits_2(tmp_path, capsys):
    code, report = check(write(tmp_path, b'{"game": "pi\xfeti"}'), capsys)
    assert code == 2
    assert "UTF-8" in report["error"]


def test_record_with_a_bom_is_read(tmp_path, capsys):
    code, report = check(write(tmp_path, b"\xef\xbb\xbf" + json.dumps(pishe([])).encode()), capsys)
    assert code == 0
    assert report["ok"] is True
