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
from typing import Any


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
        assert report["applied"] == 0 and report["state"] == {}
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
    loaded, problem = store.load_settings(path)
    assert not stray.exists(), "a stray temporary file was left"
    for f in fields(store.Settings):
        value = getattr(loaded, f.name)
        assert store.FIELDS[f.name].clean(value) == value, f"{f.name} = {value!r:.60} is not valid"
    again, problems = store.from_data(store.settings_dict(loaded))
    assert problems == [], f"the loaded settings do not pass their own schema: {problems}"
    _finite(store.settings_dict(loaded), "the settings")
    if problem is not None:
        code = problem.split("|", 1)[0]
        assert code in ("settings_unreadable", "settings_fixed"), problem
        kept = [p for p in folder.iterdir() if p.name.startswith(f"{store.FILE_NAME}.broken")]
        originals = [p for p in kept if p.read_bytes() == data]
        assert originals, "the player's original file was not kept"
    assert store.save_settings(loaded, path) is None, "the loaded settings cannot be saved"
    reloaded, again = store.load_settings(path)
    assert again is None and reloaded == loaded, f"saved and loaded again differ: {again}"
    return 0 if problem is None else 1


# ----------------------------------------------------------------- saves, stats, history
def save_case(data: bytes, folder: Path) -> int:
    """A broken save is set aside with a message; a save that loads can be played on."""
    from game.store import saves

    (folder / saves.FILE_NAME).write_bytes(data)
    session, problem = saves.load_match()
    if session is None:
        if problem is not None:
            assert not (folder / saves.FILE_NAME).exists(), "a broken save was left in place"
            kept = [p for p in folder.iterdir() if p.name.startswith(f"{saves.FILE_NAME}.broken")]
            assert any(p.read_bytes() == data for p in kept), "the broken save was not kept"
        return 2
    assert problem is None
    st = session.state
    assert st.players == session.match.players, "the hand and the match disagree on players"
    assert len(session.match.totals) == session.match.teams
    if not st.is_over:
        assert st.legal_actions(), "a hand in play with no legal move"
        st.clone().apply(st.legal_actions()[0])
    session.summary()
    session.match.hand_points()
    again = json.loads(json.dumps(session.to_save(), allow_nan=False))
    saves.save_match(session)
    back, problem = saves.load_match()
    assert problem is None and back is not None, f"a loaded save does not load again: {problem}"
    assert back.to_save() | {"saved": 0} == again | {"saved": 0}
    return 0


def stats_case(data: bytes, folder: Path) -> int:
    """Statistics load or start again (the old file kept); what loads counts and saves."""
    from game.store import stats

    (folder / stats.FILE_NAME).write_bytes(data)
    loaded, problem = stats.Stats.load()
    _kept_if(problem, folder, stats.FILE_NAME, data)
    for key, line in loaded.lines.items():
        stats.split_key(key)
        for f in fields(stats.Line):
            value = getattr(line, f.name)
            assert stats.LINE_FIELDS[f.name].clean(value) == value, f"{key}: {f.name}={value!r}"
        _ = line.win_rate, line.average
    loaded.save()
    back, again = stats.Stats.load()
    assert again is None and back.lines == loaded.lines, f"saved statistics differ: {again}"
    return 0 if problem is None else 1


def history_case(data: bytes, folder: Path) -> int:
    """History loads or starts again (the old file kept); each entry is a valid record."""
    from game import record
    from game.store import history

    (folder / history.FILE_NAME).write_bytes(data)
    loaded, problem = history.History.load()
    _kept_if(problem, folder, history.FILE_NAME, data)
    for entry in loaded.entries:
        record.parse(entry.record)
    loaded.save()
    back, again = history.History.load()
    assert again is None and back.entries == loaded.entries, f"saved history differs: {again}"
    return 0 if problem is None else 1


def _kept_if(problem: str | None, folder: Path, name: str, data: bytes) -> None:
    """When a store reports a problem, the player's file is kept as it was, somewhere."""
    if problem is None:
        return
    kept = [p for p in folder.iterdir() if p.name.startswith(f"{name}.broken")]
    assert any(p.read_bytes() == data for p in kept), f"{name} was not kept: {problem}"


def screens_case(data: bytes, folder: Path) -> int:
    """Every screen opens and draws with the file (``KIND\\n`` then its bytes)."""
    from .screens import screens_case as visit

    kind, _, body = data.partition(b"\n")
    return visit(body, folder, kind.decode())


TARGETS = {
    "record": record_case,
    "settings": settings_case,
    "save": save_case,
    "stats": stats_case,
    "history": history_case,
    "screens": screens_case,
}


def use_home(folder: Path) -> None:
    """The stores read and write in ``folder`` (the preference folder of the run)."""
    os.environ["PASHA_PISTI_HOME"] = str(folder)
