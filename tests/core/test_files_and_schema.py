"""The border every file crosses: ``game.core.files`` (reading, parsing, writing,
setting aside) and ``game.core.schema`` (one schema per file, per-field fallback), tested
on their own."""

from __future__ import annotations

import contextlib
import math
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.core import files
from game.core.files import (
    MAX_DEPTH,
    FileProblem,
    Notice,
    keep_copy,
    parse_json,
    read_json,
    read_text,
    remove_stray_temporaries,
    set_aside,
    write_json_atomic,
)
from game.core.schema import Field, read_fields, require


# ----------------------------------------------------------------- parse_json
def test_schema_nesting_is_counted_outside_strings_only():
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    with pytest.raises(FileProblem, match="nested more than"):
        parse_json("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert parse_json('["' + "[" * 500 + '"]') == ["[" * 500]
    assert parse_json('["\\"' + "{" * 500 + '"]') == ['"' + "{" * 500]


@pytest.mark.parametrize(
    "text",
    [
        '"' + '\\"' * 400_000,  # an unclosed string full of escapes: still linear
        "[" * 50 + '"' + '\\"' * 400_000,
        "[" + "[]," * 300_000 + "[]]",
        "[" + "1," * 1_000_000 + "1]",
    ],
)
def test_schema_checks_stay_fast_on_hostile_text(text):
    start = time.perf_counter()
    with contextlib.suppress(FileProblem):
        parse_json(text)
    assert time.perf_counter() - start < 2.0  # what the fuzz campaign calls a hang


def test_schema_numbers_strict_and_lenient():
    for text, words in [
        ("[1" + "0" * 40 + "]", "too long"),
        ("[1e999]", "too large"),
        ("[NaN]", "NaN"),
        ("[-Infinity]", "Infinity"),
        ('{"a": 1, "a": 2}', "twice"),
        ("[" + "7" * 5000 + "]", "too long"),
    ]:
        with pytest.raises(FileProblem, match=words):
            parse_json(text)
    lenient = parse_json(
        '{"a": NaN, "b": 1e999, "c": 1' + "0" * 40 + ', "d": 2, "d": 3}', "x", True
    )
    assert math.isnan(lenient["a"])
    assert lenient["b"] == lenient["c"] == math.inf
    assert lenient["d"] == 3
    assert parse_json("[1" + "0" * 29 + ", 1.5e99]") == [10**29, 1.5e99]


# ----------------------------------------------------------------- reading
def test_schema_read_text_refuses_what_is_not_a_small_regular_file(tmp_path):
    with pytest.raises(FileProblem, match="a folder"):
        read_text(tmp_path)
    with pytest.raises(FileProblem, match="not a regular file"):
        read_text("/dev/zero")
    big = tmp_path / "big"
    big.write_bytes(b" " * 101)
    with pytest.raises(FileProblem, match="too large"):
        read_text(big, limit=100)
    with pytest.raises(FileProblem, match="cannot read"):
        read_text(tmp_path / "missing")
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf[1]")
    assert read_json(bom) == [1]


# ----------------------------------------------------------------- writing and keeping
def test_schema_write_is_atomic_and_survives_a_lone_surrogate(tmp_path):
    path = tmp_path / "f.json"
    write_json_atomic(path, {"a": "\ud800ş"})
    assert read_json(path) == {"a": "\ud800ş"}
    write_json_atomic(path, {"a": "\udfff"}, indent=1)
    assert read_json(path) == {"a": "\udfff"}
    with pytest.raises(ValueError, match="not JSON compliant"):
        write_json_atomic(path, {"a": float("nan")})
    assert read_json(path) == {"a": "\udfff"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.json"]


def test_schema_set_aside_and_keep_copy_never_overwrite(tmp_path):
    path = tmp_path / "stats.json"
    names = []
    for i in range(5):
        path.write_text(str(i))
        kept = set_aside(path) if i in (0, 2) else keep_copy(path)
        names.append(kept.name)
    assert len(set(names)) == 5
    assert all(n.startswith("stats.json.broken-") for n in names)
    assert sorted((tmp_path / n).read_text() for n in names) == ["0", "1", "2", "3", "4"]
    assert path.read_text() == "4"  # a copy leaves the file in place
    assert set_aside(tmp_path / "missing") is None


def _aged(path: Path, seconds: float) -> Path:
    then = time.time() - seconds
    os.utime(path, (then, then))
    return path


def test_schema_remove_stray_temporaries_only_touches_its_own_old_ones(tmp_path):
    """A temporary older than a save takes was left by a killed save; a young one may be
    another window's save in progress and is left alone."""
    ours = [tmp_path / "settings.json.abc.tmp", tmp_path / "match.json.x.tmp"]
    theirs = [tmp_path / "settings.json", tmp_path / "other.json.abc.tmp", tmp_path / "a.tmp"]
    young = tmp_path / "settings.json.new.tmp"
    for p in ours + theirs + [young]:
        p.write_text("x")
        if p is not young:
            _aged(p, files.STRAY_AGE + 5)
    assert remove_stray_temporaries(tmp_path, ("settings.json", "match.json")) == 2
    assert [p.exists() for p in ours + theirs] == [False, False, True, True, True]
    assert young.exists()
    assert remove_stray_temporaries(tmp_path / "nowhere", ("settings.json",)) == 0


WRITER = """
import sys
from pathlib import Path
from game.core.files import read_json, remove_stray_temporaries, write_json_atomic
path, who = Path(sys.argv[1]), sys.argv[2]
for i in range(300):
    write_json_atomic(path, {"who": who, "i": i, "pad": "x" * 20000})
    remove_stray_temporaries(path.parent, (path.name,))  # what every start does
    read_json(path)
"""


def test_two_writers_of_one_file_never_delete_each_others_temporary(tmp_path):
    """Two processes save one file atomically (two windows saving their settings), each
    cleaning up strays between its saves: each temporary has its own name and none is
    old enough to be taken for a stray, so neither save ever fails or tears the file."""
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    path = tmp_path / "settings.json"
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path), who],
            env=env,
            stderr=subprocess.PIPE,
            text=True,
        )
        for who in "ab"
    ]
    errors = [p.communicate(timeout=120)[1] for p in procs]
    assert [p.returncode for p in procs] == [0, 0], "\n".join(errors)[-2000:]
    assert read_json(path)["i"] == 299
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


# ----------------------------------------------------------------- fields
FIELDS = {
    "on": Field(True, bool),
    "n": Field(2, int, low=2, high=4),
    "x": Field(0.5, float, low=0.0, high=1.0),
    "pick": Field("a", str, ("a", "b")),
    "name": Field("", str),
    "evens": Field([], list, check=lambda v: [i for i in v if type(i) is int and i % 2 == 0]),
}


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("on", "false"),
        ("on", 1),
        ("on", None),
        ("n", True),
        ("n", 2.0),
        ("n", 5),
        ("n", "3"),
        ("x", math.nan),
        ("x", math.inf),
        ("x", 1e300),
        ("x", -0.5),
        ("pick", "c"),
        ("pick", ["a"]),
        ("name", "\ud800"),
        ("name", 7),
    ],
)
def test_schema_a_bad_field_takes_its_default_and_the_others_are_kept(name, value):
    good = {"on": False, "n": 3, "x": 0.25, "pick": "b", "name": "ş", "evens": [2]}
    values, problems = read_fields({**good, name: value}, FIELDS)
    assert values == {**good, name: FIELDS[name].default}
    assert len(problems) == 1
    assert problems[0].startswith(name)
    with pytest.raises(ValueError, match=name):
        require({**good, name: value}, FIELDS, "the save")


def test_schema_whole_numbers_are_numbers_and_dropped_values_are_reported():
    values, problems = read_fields({"x": 1, "evens": [2, 3, "4", 6]}, FIELDS)
    assert values["x"] == 1.0
    assert type(values["x"]) is float
    assert values["evens"] == [2, 6]
    assert problems == ["evens held values that are not valid; they were left out"]


def test_schema_unknown_and_missing_fields(tmp_path):
    values, problems = read_fields({"zzz": 1}, FIELDS)
    assert values == {k: f.default for k, f in FIELDS.items()}
    assert problems == ["unknown setting 'zzz' was ignored"]
    with pytest.raises(ValueError, match="lacks"):
        require({}, FIELDS, "the save")
    assert read_fields([1], FIELDS)[1] == ["the file must hold a JSON object, not list"]


def test_schema_every_store_reads_through_the_same_border(tmp_path):
    """The settings and the previous version's files moving in refuse hostile text the
    same way (the fuzz campaign tries many more); each is kept as it was."""
    from game.store.keeper import Keeper
    from game.store.settings import load_settings

    hostile = "[" * 1000 + "]" * 1000
    for name in ("match.json", "stats.json", "history.json"):
        (tmp_path / name).write_text(hostile)
    (tmp_path / "settings.json").write_text(hostile)
    told: list[Notice] = []
    Keeper(told.append, tmp_path).close()
    _, settings_problem = load_settings(tmp_path / "settings.json")
    for problem in [*told[:3], settings_problem]:
        assert "nested more than" in problem.detail, told
    for name in ("match.json", "stats.json", "history.json", "settings.json"):
        assert not (tmp_path / name).exists()
        assert [p.read_text() for p in tmp_path.glob(name + ".broken-*")] == [hostile]
