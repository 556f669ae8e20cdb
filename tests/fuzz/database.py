"""The player's database as a fuzz input: the file the game writes (hands of every variant,
statistics moved in, a match in progress), broken as disks break it (its bytes damaged,
cut short, a page torn) or as an editor or another program would (a cell holding any
value, text that is not UTF-8, a record that is not one, a table dropped, a newer schema,
another program's id). A case's bytes are the whole file, so a failure replays exactly."""

from __future__ import annotations

import contextlib
import json
import random
import sqlite3
import tempfile
import zlib
from functools import lru_cache
from pathlib import Path

from .mutate import ODD_STRINGS, damage, mutant, mutate_actions, wrong_value

COLUMNS = {
    "match": ("save",),
    "hands": ("at", "game", "players", "level", "options", "seat", "result", "points",
              "score", "deal", "took_back", "given_up", "match_won", "counts", "record",
              "counted", "match_id", "hand_no"),
    "carried": ("game", "players", "level", "options", "line"),
}  # fmt: skip
JSON_TEXT = {"save", "options", "score", "counts", "line"}
FILE_NAME = "pasha-pisti.sqlite3"


@lru_cache(maxsize=1)
def seed() -> bytes:
    """A database as the game leaves it, every change checkpointed into the one file."""
    from game.session import Session
    from game.store.keeper import Keeper

    from .seeds import VARIANTS, played, stats

    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        (home / "stats.json").write_text(json.dumps(stats()[0]))  # moves in: carried lines
        keeper = Keeper(lambda code: None, home)
        for i, (game, players, options) in enumerate(VARIANTS):
            choices = {"players": players, **options} if game != "pisha-pasha-book" else {}
            session = Session.start(game, choices, "hard", seed=40 + i)
            session.referee.restart(played(game, players, session.state.options, 700 + i))
            keeper.match_changed(session)  # a finished hand, counted
        session = Session.start("pisti", {"players": 2}, "easy", seed=5)
        for _ in range(5):
            session.referee.state.apply(session.state.legal_actions()[0])
        keeper.match_changed(session)  # the match in progress
        keeper.close()
        return (home / FILE_NAME).read_bytes()


def db_mutant(rng: random.Random, data: bytes) -> bytes:
    """A broken copy of the database ``data``: cells or schema changed, bytes damaged, or
    both."""
    roll = rng.random()
    if roll < 0.7:
        data = _changed(rng, data)
    if roll >= 0.55:
        data = damage(rng, data) if rng.random() < 0.7 else _torn_page(rng, data)
    return data


def _torn_page(rng: random.Random, data: bytes) -> bytes:
    """A page (or part of one) zeroed or filled with noise, as a lying disk leaves it."""
    out = bytearray(data)
    start = rng.randrange(max(1, len(out) // 4096)) * 4096
    n = len(out[start : start + rng.choice((4096, 512, 100))])
    out[start : start + n] = bytes(n) if rng.random() < 0.5 else rng.randbytes(n)
    return bytes(out)


def _changed(rng: random.Random, data: bytes) -> bytes:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "db"
        path.write_bytes(data)
        conn = sqlite3.connect(path, isolation_level=None)
        conn.text_factory = lambda b: b.decode("utf-8", "surrogateescape")
        conn.execute("PRAGMA journal_mode=DELETE")
        conn.execute("PRAGMA synchronous=OFF")
        for _ in range(rng.choice((1, 1, 2, 4))):
            with contextlib.suppress(sqlite3.Error, ValueError, RecursionError):  # (dropped, deep)
                _change(rng, conn)
        conn.close()
        return path.read_bytes()


def _change(rng: random.Random, conn: sqlite3.Connection) -> None:
    kind = rng.randrange(20)
    table = rng.choice(list(COLUMNS))
    if kind == 0:
        conn.execute(f"PRAGMA user_version = {rng.choice((0, 2, 99, -1))}")
    elif kind == 1:
        conn.execute(f"PRAGMA application_id = {rng.choice((0, 1, 0x50415349))}")
    elif kind == 2:
        conn.execute(f"DROP TABLE {table}")
    elif kind == 3:
        conn.execute("CREATE TABLE extra (a)")
    elif kind == 4:
        conn.execute(f"DELETE FROM {table}")
    else:
        name = rng.choice(COLUMNS[table])
        rows = conn.execute(f"SELECT rowid, {name} FROM {table}").fetchall()
        if rows:
            rowid, old = rng.choice(rows)
            value, as_text = _value(rng, name, old)
            mark = "CAST(? AS TEXT)" if as_text else "?"
            conn.execute(f"UPDATE {table} SET {name} = {mark} WHERE rowid = ?", (value, rowid))


def _value(rng: random.Random, name: str, old) -> tuple[object, bool]:
    """Another value for a cell (and whether its bytes go in as text): any type, broken
    JSON text, a broken record, bytes that are not UTF-8."""
    roll = rng.random()
    if name == "record" and isinstance(old, bytes) and roll < 0.6:
        record = json.loads(zlib.decompress(old))
        moves = rng.random() < 0.5
        text = json.dumps(mutate_actions(rng, record)).encode() if moves else mutant(rng, record)
        return (zlib.compress(text) if rng.random() < 0.9 else text), False
    if name in JSON_TEXT and isinstance(old, str) and roll < 0.6:
        return mutant(rng, json.loads(old)), True
    if roll < 0.75:
        noise = rng.choice((b"\xff\xfe", b"pi\xedsti", b"\x00", rng.randbytes(8)))
        return noise, rng.random() < 0.7
    value = wrong_value(rng)
    if isinstance(value, (list, dict)) or (isinstance(value, int) and abs(value) >= 2**63):
        return json.dumps(value), False
    if isinstance(value, str):
        return rng.choice(ODD_STRINGS).encode("utf-8", "surrogatepass"), True
    return value, False
