"""The border: the command line accepts only what the files accept (so what it starts
is saved and read back), and keeping a copy of a file on a full disk leaves no half
copy behind and says where the file is."""

from __future__ import annotations

import errno
import json
import shutil
import subprocess

import pytest

from game.__main__ import parse_args
from game.core import files
from game.core.schema import MAX_DEAL, MAX_SEED
from game.session import Session
from game.store import saves, stats
from game.store.files import kept_in_part


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
    assert "error: argument --" in err and argv[-2] in err


def test_what_the_command_line_accepts_at_its_limits_is_saved_and_read_back(tmp_path, monkeypatch):
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    args = parse_args(["--game", "pisti", "--deal", str(MAX_DEAL), "--seed", str(MAX_SEED)])
    session = Session.start(args.game, {"players": 2}, "medium", args.seed, args.deal)
    saves.save_match(session)
    back, problem = saves.load_match()
    assert problem is None and back is not None
    assert back.match.deal_no == MAX_DEAL and back.seed == MAX_SEED


def _half_then_full(src, dst, *args, **kwargs) -> None:
    dst.write(src.read(10))
    raise OSError(errno.ENOSPC, "No space left on device")


def test_a_full_disk_while_keeping_a_copy_removes_the_half_copy_and_says_so(tmp_path, monkeypatch):
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    (tmp_path / stats.FILE_NAME).write_text(json.dumps({"version": 1, "lines": {"x": 1}}))
    monkeypatch.setattr(shutil, "copyfileobj", _half_then_full)
    message = kept_in_part(stats.FILE_NAME, "a line was wrong")
    assert [p.name for p in tmp_path.iterdir()] == [stats.FILE_NAME]
    assert f"kept as {stats.FILE_NAME}" in message and "no copy" in message


@pytest.fixture
def tiny_disk(tmp_path):
    """A real 200 KB tmpfs (root only); skipped where mounting is not permitted."""
    disk = tmp_path / "disk"
    disk.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=200k", "tmpfs", str(disk)], capture_output=True
    )
    if done.returncode != 0:
        pytest.skip("mounting a tmpfs is not permitted here")
    yield disk
    subprocess.run(["umount", str(disk)], check=False)


def test_a_really_full_disk_while_keeping_a_copy_leaves_no_empty_copy(tiny_disk, monkeypatch):
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tiny_disk))
    lines = {f"pisti|{{}}|2|level{i}": {"hands": i} for i in range(2000)}
    (tiny_disk / stats.FILE_NAME).write_text(json.dumps({"version": 1, "lines": lines}))
    size = (tiny_disk / stats.FILE_NAME).stat().st_size
    filler = tiny_disk / "filler"
    with open(filler, "wb") as f, pytest.raises(OSError):
        f.write(b"\0" * (400 * 1024))
        f.flush()
    assert files.keep_copy(tiny_disk / stats.FILE_NAME) is None
    assert [p.name for p in tiny_disk.iterdir() if ".broken-" in p.name] == []
    assert (tiny_disk / stats.FILE_NAME).stat().st_size == size
