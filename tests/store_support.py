"""What the store tests share: hands written into a preference folder's database as the
game writes them (or with values changed, as a damaged or edited database holds them),
and the database read back without the game.

Imported by the test files as a plain module (test files never import each other).
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import zlib
from pathlib import Path

from game.session import Session
from game.store.db import FILE_NAME, open_store
from game.store.hands import COLUMNS, INSERT, Hand, StatsKey


def a_record(actions: list[str] | None = None, seed: int = 5) -> dict:
    record = Session.start("pisti", {"players": 2}, "medium", seed=seed).state.record()
    if actions is not None:
        record["actions"] = actions
    return record


def hand_row(record: dict | None = None, **changes) -> tuple:
    """A row of ``hands`` (its :data:`COLUMNS`), a won Pişti hand unless ``changes`` say
    otherwise (any value, valid or not, as an edited database may hold it)."""
    key = StatsKey.of("pisti", 2, "medium", {})
    hand = Hand(key, 0, 1, 10, (10, 3), 7, record or a_record(), at=1_700_000_000.0)
    row = dict(zip(COLUMNS, hand.row(), strict=True))
    row.update(changes)
    return tuple(row[c] for c in COLUMNS)


def put_rows(home: Path, *rows: tuple) -> None:
    """Hands written into the database in ``home`` (made if need be), as they are; a text
    holding a lone surrogate goes in as the bytes it stands for (not UTF-8)."""
    store, told = open_store(Path(home), lambda c: list)
    assert store is not None, told
    with store.change() as c:
        for row in rows:
            marks = ["CAST(? AS TEXT)" if _broken(v) else "?" for v in row]
            sql = INSERT.replace(",".join("?" * len(row)), ",".join(marks))
            c.execute(sql, [v.encode("utf-8", "surrogatepass") if _broken(v) else v for v in row])
    store.close()


def _broken(value: object) -> bool:
    return isinstance(value, str) and any("\ud800" <= ch <= "\udfff" for ch in value)


def db(home: Path) -> contextlib.closing[sqlite3.Connection]:
    """The database in ``home``, opened apart from the game (to look, never to change)."""
    uri = (Path(home) / FILE_NAME).resolve().as_uri() + "?mode=ro"
    return contextlib.closing(sqlite3.connect(uri, uri=True))


def counts(home: Path) -> tuple[int, int]:
    """(hands in History, hands counted in the statistics) as the database holds them."""
    with db(home) as c:
        listed = c.execute("SELECT count(*) FROM hands").fetchone()[0]
        counted = c.execute("SELECT count(*) FROM hands WHERE counted").fetchone()[0]
    return listed, counted


def records(home: Path) -> list[dict]:
    with db(home) as c:
        blobs = [r[0] for r in c.execute("SELECT record FROM hands ORDER BY id")]
    return [json.loads(zlib.decompress(b)) for b in blobs]


def saved(home: Path) -> dict | None:
    """The match in progress as saved, or None."""
    with db(home) as c:
        row = c.execute("SELECT save FROM match").fetchone()
    return json.loads(row[0]) if row else None


def put_save(home: Path, text: str) -> None:
    """The match in progress in ``home``'s database, as it is."""
    store, told = open_store(Path(home), lambda c: list)
    assert store is not None, told
    with store.change() as c:
        c.execute("INSERT OR REPLACE INTO match VALUES (1, ?)", (text,))
    store.close()


TABLES = ("match", "hands", "carried")


def dump(home: Path) -> dict[str, list[tuple]]:
    """Every row the game keeps in ``home``, table by table (to compare before and after)."""
    if not (Path(home) / FILE_NAME).exists():
        return {}
    with db(home) as c:
        return {t: c.execute(f"SELECT * FROM {t}").fetchall() for t in TABLES}
