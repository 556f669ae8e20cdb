"""The border: the command line accepts only what the files accept (so what it starts
is saved and read back), and keeping a copy of the settings on a full disk leaves no
half copy behind."""

from __future__ import annotations

import errno
import json
import shutil

import pytest
from conftest import fill_disk

from game.__main__ import parse_args
from game.core import files
from game.core.files import Notice
from game.core.schema import MAX_DEAL, MAX_SEED
from game.session import Session
from game.store.keeper import Keeper
from game.store.settings import FILE_NAME, load_settings


@pytest.mark.parametrize(
    "argv",
    [
        ["--deal", "-1"],
        ["--deal", str(MAX_DEAL + 1)],
        ["--seed", "1" * 50],
        ["--seed", "-3"],
        ["--players", "0"],
        ["--players", "9"],
        ["--game", "pishe-pasha", "--players", "4"],
    ],
)
def test_a_command_line_number_out_of_range_gets_argparses_error(argv, capsys):
    with pytest.raises(SystemExit) as ended:
        parse_args(argv)
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert "error: argument --" in err
    assert argv[-2] in err


def test_what_the_command_line_accepts_at_its_limits_is_saved_and_read_back(tmp_path, monkeypatch):
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    args = parse_args(["--game", "pisti", "--deal", str(MAX_DEAL), "--seed", str(MAX_SEED)])
    session = Session.start(args.game, {"players": 2}, "medium", args.seed, args.deal)
    told: list[Notice] = []
    Keeper(told.append, tmp_path).match_changed(session)
    back = Keeper(told.append, tmp_path).load_match()
    assert told == []
    assert back is not None
    assert back.match.deal_no == MAX_DEAL
    assert back.seed == MAX_SEED


def _half_then_full(src, dst, *args, **kwargs) -> None:
    dst.write(src.read(10))
    raise OSError(errno.ENOSPC, "No space left on device")


def test_a_full_disk_while_keeping_a_copy_removes_the_half_copy_and_says_so(tmp_path, monkeypatch):
    (tmp_path / FILE_NAME).write_text(json.dumps({"level": "hard", "pace": "warp"}))
    monkeypatch.setattr(shutil, "copyfileobj", _half_then_full)
    settings, message = load_settings(tmp_path / FILE_NAME)
    assert [p.name for p in tmp_path.iterdir()] == [FILE_NAME]
    assert settings.level == "hard"
    assert message.code == "settings_fixed"
    assert message.detail.startswith("pace")
    assert "kept as" not in message, "no copy is named that was not kept"


def test_a_really_full_disk_while_keeping_a_copy_leaves_no_empty_copy(tiny_disk):
    path = tiny_disk / FILE_NAME
    path.write_text(json.dumps({"level": "hard", "pace": "warp", "pad": "x" * 60_000}))
    size = path.stat().st_size
    fill_disk(tiny_disk)
    assert files.keep_copy(path) is None
    assert [p.name for p in tiny_disk.iterdir() if ".broken-" in p.name] == []
    assert path.stat().st_size == size
