"""The player's data in files of their own: History (each hand with its record) and the
statistics, as JSON or CSV (a row per hand or line; nested values as JSON text, a line's
counts as columns of their own), dates in ISO 8601 with the local offset."""

from __future__ import annotations

import contextlib
import csv
import errno
import io
import json
import os
import stat
import time
from dataclasses import asdict
from datetime import datetime
from pathlib import Path
from typing import Any

from game.core.files import write_atomic, write_new
from game.core.order import side_of_seat, yours_first

RESULTS = {1: "won", 0: "drawn", -1: "lost"}


def iso(seconds: float) -> str:
    return datetime.fromtimestamp(seconds).astimezone().isoformat(timespec="seconds")


def history(keeper: Any) -> list[dict[str, Any]]:
    """Every hand, oldest first, with its record; ``score`` by side as the record keeps it,
    ``you`` the player's side in it, and ``score_you_first`` the same score in the order
    History says it (the player's side first, then the others in playing order)."""
    rows = []
    for h in keeper.played():
        match = None if h.match_won is None else RESULTS[1 if h.match_won else -1]
        rows.append({
            "when": iso(h.at), "game": h.key.game, "players": h.key.players,
            "level": h.key.level, "options": h.key.choices, "seat": h.seat,
            "result": RESULTS[h.result], "points": h.points, "score": list(h.score),
            "you": side_of_seat(h.seat, len(h.score)),
            "score_you_first": [v for _, v in yours_first(h.score, h.seat)],
            "deal": h.deal, "took_back": h.took_back, "given_up": h.given_up, "match": match,
            "counts": h.counts, "record": keeper.record(h.id),
        })  # fmt: skip
    return rows


def statistics(lines: dict) -> list[dict[str, Any]]:
    """Every line, in the order of the Statistics screen."""
    order = sorted(lines, key=lambda k: (k.game, k.players, k.level, k.options_text))
    return [
        {"game": k.game, "players": k.players, "level": k.level, "options": k.choices,
         **asdict(lines[k]), "win_rate": round(lines[k].win_rate, 4),
         "average": round(lines[k].average, 2)}
        for k in order
    ]  # fmt: skip


def write(path: str | Path, what: str, rows: list[dict[str, Any]]) -> None:
    """``rows`` in ``path``: CSV if its name ends in ``.csv``, else JSON."""
    write_atomic(path, encoded(path, what, rows))


def encoded(path: str | Path, what: str, rows: list[dict[str, Any]]) -> bytes:
    """``rows`` as the bytes of ``path``'s kind: CSV if its name ends in ``.csv``, else JSON."""
    if str(path).lower().endswith(".csv"):
        return _csv(rows).encode("utf-8", "replace")
    return json_bytes({"exported": iso(time.time()), what: rows})


def json_bytes(obj: Any) -> bytes:
    """JSON for people to read (as :func:`write_json_atomic` writes it)."""
    try:
        return json.dumps(obj, ensure_ascii=False, indent=1, allow_nan=False).encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: every character JSON may escape
        return json.dumps(obj, indent=1, allow_nan=False).encode("ascii")


def _csv(rows: list[dict[str, Any]]) -> str:
    flat = [_flat(row) for row in rows]
    names: dict[str, None] = {}
    for row in flat:
        names.update(dict.fromkeys(row))
    out = io.StringIO()
    writer = csv.DictWriter(out, list(names), lineterminator="\n")
    writer.writeheader()
    writer.writerows(flat)
    return out.getvalue()


def _flat(row: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in row.items():
        if name == "counts":
            out.update({f"count.{k}": v for k, v in value.items()})
        elif isinstance(value, (list, dict)):
            out[name] = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        else:
            out[name] = value
    return out


def to_folder(folder: Path, what: str, rows: list[dict[str, Any]]) -> tuple[Path, Path]:
    """Both forms in the exports folder of the game's ``folder``, named for what and when."""
    stem = time.strftime(f"{what}-%Y%m%d-%H%M%S")
    json_file = new_file(folder, stem, ".json", encoded(".json", what, rows))
    return json_file, new_file(folder, stem, ".csv", encoded(".csv", what, rows))


def exports_folder(folder: Path) -> Path:
    """The game's folder's ``exports``, made if need be: a folder of its own, never a link
    (an export never lands outside the game's folder), OSError saying why not."""
    path = folder / "exports"
    with contextlib.suppress(FileExistsError):
        path.mkdir(parents=True)
    mode = os.lstat(path).st_mode
    if stat.S_ISLNK(mode) or not stat.S_ISDIR(mode):
        what = "a link" if stat.S_ISLNK(mode) else "not a folder"
        raise OSError(errno.EEXIST, f"{path} is {what}: exports are written only in a folder")
    return path


def new_file(folder: Path, stem: str, end: str, data: bytes) -> Path:
    """``data`` in a file of a name no file has (``stem``, then ``stem-2``...), in the
    exports folder of the game's ``folder``: two exports in one second both kept."""
    where = exports_folder(folder)
    for n in range(1, 1000):
        path = where / (stem + (f"-{n}" if n > 1 else "") + end)
        try:
            write_new(path, data)
        except FileExistsError:
            continue
        return path
    raise OSError(errno.EEXIST, f"too many exports named {stem} in {where}")
