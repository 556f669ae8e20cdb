"""Each target takes the bytes of one broken file, hands them to the game's own reader and
checks the promise that reader makes. A broken promise is an ``AssertionError`` whose
message says which; any other exception escaping is a crash (a traceback a player saw).
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
from dataclasses import fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.core.files import Notice


def _strict_json(line: str) -> Any:
    def refuse(name: str) -> Any:
        raise AssertionError(f"the report holds {name}, which is not JSON")

    return json.loads(line, parse_constant=refuse)


def _finite(obj: Any, where: str) -> None:
    """No NaN or infinity anywhere in ``obj`` (they cannot be written back as JSON)."""
    todo = [obj]
    while todo:
        o = todo.pop()
        if isinstance(o, float):
            assert math.isfinite(o), f"{where} holds {o}"
        elif isinstance(o, dict):
            todo.extend(o.values())
        elif isinstance(o, (list, tuple)):
            todo.extend(o)


# ----------------------------------------------------------------- records
def record_case(data: bytes, folder: Path) -> int:
    """``python -m game.record FILE`` in-process: exit 0/1/2, one JSON line, nothing else."""
    from game import record

    path = folder / "record.json"
    path.write_bytes(data)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = record.main([str(path)])
    assert code in (0, 1, 2), f"exit code {code}"
    assert err.getvalue() == "", f"stderr: {err.getvalue()[:300]}"
    lines = out.getvalue().splitlines()
    assert len(lines) == 1, f"{len(lines)} lines on stdout"
    report = _strict_json(lines[0])
    assert report["ok"] is (code == 0), "ok disagrees with the exit code"
    assert (report["error"] is None) is (code == 0), "an error without a failure, or none"
    if code == 2:
        assert report["applied"] == 0
        assert report["state"] == {}
    return code


# ----------------------------------------------------------------- settings
def settings_case(data: bytes, folder: Path) -> int:
    """Loading never raises and always yields valid settings; the original is never lost;
    what was loaded can be saved and loads again the same."""
    from game.store import settings as store

    path = folder / store.FILE_NAME
    path.write_bytes(data)
    stray = folder / f"{store.FILE_NAME}.k2j4h.tmp"
    stray.write_bytes(b"{half a sa")
    os.utime(stray, (1e9, 1e9))  # left by a save killed long ago
    loaded, problem = store.load_settings(path)
    assert not stray.exists(), "a stray temporary file was left"
    for f in fields(store.Settings):
        value = getattr(loaded, f.name)
        assert store.FIELDS[f.name].clean(value) == value, f"{f.name} = {value!r:.60} is not valid"
    again, problems = store.from_data(store.settings_dict(loaded))
    assert problems == [], f"the loaded settings do not pass their own schema: {problems}"
    _finite(store.settings_dict(loaded), "the settings")
    if problem is not None:
        assert problem.code in ("settings_unreadable", "settings_fixed"), problem
        kept = [p for p in folder.iterdir() if p.name.startswith(f"{store.FILE_NAME}.broken")]
        originals = [p for p in kept if p.read_bytes() == data]
        assert originals, "the player's original file was not kept"
    assert store.save_settings(loaded, path) is None, "the loaded settings cannot be saved"
    reloaded, again = store.load_settings(path)
    assert again is None, f"saved and loaded again differ: {again}"
    assert reloaded == loaded, f"saved and loaded again differ: {again}"
    return 0 if problem is None else 1


# ----------------------------------------------------------------- the database
def _keeper(folder: Path, told: list[Notice]):
    from game.store.keeper import Keeper

    return Keeper(told.append, folder)


def _readable(keeper) -> None:
    """What the screens read from a keeper, read: every value passed the border."""
    from game.core.drawable import is_drawable

    for key, line in keeper.statistics().items():
        texts = (key.game, key.level, *map(str, key.choices), *map(str, key.choices.values()))
        assert all(is_drawable(t) for t in texts), f"an undrawable key: {key}"
        assert all(
            type(getattr(line, f.name)) is int
            for f in fields(line)
            if f.name not in ("last", "counts")
        )
        _ = line.win_rate, line.average
    for hand in keeper.entries():
        assert is_drawable(hand.key.game)
        assert is_drawable(hand.key.level)
        assert 0 <= hand.at <= 2**31
        assert isinstance(keeper.record(hand.id), dict)


def save_case(data: bytes, folder: Path) -> int:
    """A saved match in the database that cannot be played on is set aside in it (kept
    whole) with a message; one that loads can be played on, saved and loaded again."""
    told: list[Notice] = []
    keeper = _keeper(folder, told)
    with keeper.store.change() as c:  # the bytes as they are, UTF-8 or not
        c.execute("INSERT INTO match VALUES (1, CAST(? AS TEXT))", (data,))
    try:
        session = keeper.load_match()
        if session is None:
            assert told, told
            assert told[-1].code == "save_broken", told
            aside = keeper.store.read("SELECT CAST(save AS BLOB) FROM match_aside")
            assert [row[0] for row in aside] == [data], "the broken save was not kept whole"
            return 2
        st = session.state
        assert st.players == session.match.players, "the hand and the match disagree on players"
        assert len(session.match.totals) == session.match.teams
        if not st.is_over:
            assert st.legal_actions(), "a hand in play with no legal move"
            st.clone().apply(st.legal_actions()[0])
        session.summary()
        session.match.hand_points()
        again = json.loads(json.dumps(session.to_save(), allow_nan=False))
        if not st.is_over:
            keeper.match_changed(session)
            back = keeper.load_match()
            assert back is not None, f"a loaded save does not load again: {told}"
            assert back.to_save() | {"saved": 0} == again | {"saved": 0}
        return 0
    finally:
        keeper.close()


def _moving_in(data: bytes, folder: Path, name: str) -> int:
    """A file of the previous version moves in, or is set aside (kept as it was) with a
    message; either way the game starts and what moved in can be read."""
    (folder / name).write_bytes(data)
    told: list[Notice] = []
    keeper = _keeper(folder, told)
    try:
        _readable(keeper)
    finally:
        keeper.close()
    kept = [p for p in folder.iterdir() if p.name.startswith(name + ".")]
    assert any(p.read_bytes() == data for p in kept), f"{name} was not kept: {told}"
    return 0 if [t.code for t in told] == ["moved_in"] else 1


def stats_case(data: bytes, folder: Path) -> int:
    return _moving_in(data, folder, "stats.json")


def history_case(data: bytes, folder: Path) -> int:
    return _moving_in(data, folder, "history.json")


def database_case(data: bytes, folder: Path) -> int:
    """A damaged, edited or foreign database never crashes the game and is never
    overwritten: it is used, set aside whole (what could be read kept), or read only."""
    from game.store.db import FILE_NAME

    path = folder / FILE_NAME
    path.write_bytes(data)
    told: list[Notice] = []
    keeper = _keeper(folder, told)
    try:
        _readable(keeper)
        keeper.load_match()
    finally:
        keeper.close()
    codes = [t.code for t in told]
    if "db_set_aside" in codes:
        kept = [p for p in folder.iterdir() if p.name.startswith(FILE_NAME + ".broken")]
        assert any(p.read_bytes() == data for p in kept), "the damaged database was not kept"
    if "db_newer" in codes:
        assert path.read_bytes() == data, "a newer version's database was changed"
    return 0 if not told else 1


def screens_case(data: bytes, folder: Path) -> int:
    """Every screen opens and draws with the file (``KIND\\n`` then its bytes)."""
    from .screens import screens_case as visit

    kind, _, body = data.partition(b"\n")
    return visit(body, folder, kind.decode())


def screens_warm(folder: Path) -> None:
    from .screens import warm

    warm(folder)


WARM = {"screens": screens_warm}  # set up once per process, untimed, before a target's cases

TARGETS = {
    "record": record_case,
    "settings": settings_case,
    "save": save_case,
    "stats": stats_case,
    "history": history_case,
    "database": database_case,
    "screens": screens_case,
}


def use_home(folder: Path) -> None:
    """The stores read and write in ``folder`` (the preference folder of the run)."""
    os.environ["PASHA_PISTI_HOME"] = str(folder)
