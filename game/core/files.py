"""Reading and writing the player's files safely: JSON only, atomic writes, size limits.

Every file the game reads comes from outside (a record from a bug report, a
settings file edited by hand, a save from an older version), so reading refuses
what is not a small regular file of sane JSON before parsing it, and writing
replaces a file only once the new one is complete on disk.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

MAX_BYTES = 4 * 1024 * 1024  # no file of ours comes near this
MAX_DEPTH = 40  # nesting of arrays and objects
MAX_NUMBER_DIGITS = 30
TMP_SUFFIX = ".tmp"


class FileProblem(ValueError):
    """The file cannot be used; the message says why in plain words."""


def read_text(path: str | os.PathLike, limit: int = MAX_BYTES) -> str:
    """A regular file's text, refusing folders, devices, FIFOs and oversized files."""
    p = Path(path)
    try:
        info = os.stat(p)
    except OSError as err:
        raise FileProblem(f"cannot read {_name(p)}: {err.strerror or err}") from None
    if not stat.S_ISREG(info.st_mode):
        what = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
        raise FileProblem(f"cannot read {_name(p)}: it is {what}")
    if info.st_size > limit:
        raise FileProblem(
            f"{_name(p)} is too large ({info.st_size:,} bytes; the limit is {limit:,})"
        )
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            data = f.read(limit + 1)
    except OSError as err:
        raise FileProblem(f"cannot read {_name(p)}: {err.strerror or err}") from None
    if len(data) > limit:
        raise FileProblem(f"{_name(p)} is too large (the limit is {limit:,} bytes)")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise FileProblem(f"{_name(p)} is not UTF-8 text (byte {err.start})") from None


def parse_json(text: str, what: str = "the file", lenient: bool = False) -> Any:
    """Decode JSON, refusing deep nesting and huge numbers. Strict (records, saves):
    NaN, Infinity and duplicate keys are refused too. Lenient (settings): they are
    let through for the schema to judge field by field, the last duplicate winning."""
    _check_depth(text, what)
    try:
        return json.loads(
            text,
            parse_constant=float if lenient else _no_constant,
            parse_int=_lenient_int if lenient else _bounded_int,
            parse_float=float if lenient else _bounded_float,
            object_pairs_hook=None if lenient else _unique_keys,
        )
    except json.JSONDecodeError as err:
        raise FileProblem(
            f"{what} is not valid JSON (line {err.lineno}, column {err.colno}: {err.msg})"
        ) from None
    except (ValueError, RecursionError) as err:
        raise FileProblem(f"{what}: {err}") from None


def read_json(path: str | os.PathLike, limit: int = MAX_BYTES, lenient: bool = False) -> Any:
    return parse_json(read_text(path, limit), _name(Path(path)), lenient)


def _check_depth(text: str, what: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH before json.loads can recurse on it."""
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise FileProblem(f"{what} is nested more than {MAX_DEPTH} levels deep")
        elif ch in "]}":
            depth -= 1


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise ValueError(f"a number with {len(text):,} digits is too long")
    return int(text)


def _lenient_int(text: str) -> int | float:
    """A number too long to be meant is infinity: the schema refuses that one field."""
    return float("inf") if len(text.lstrip("-")) > MAX_NUMBER_DIGITS else int(text)


def _bounded_float(text: str) -> float:
    if len(text) > MAX_NUMBER_DIGITS + 10:
        raise ValueError(f"a number written with {len(text):,} characters is too long")
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"{text[:20]} is too large a number")
    return value


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {key[:30]!r} appears twice in one object")
        out[key] = value
    return out


def write_json_atomic(path: str | os.PathLike, obj: Any) -> None:
    """Write JSON so that a crash leaves either the old file or the new one, never half."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=TMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(obj, f, ensure_ascii=False, indent=1, allow_nan=False)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def set_aside(path: str | os.PathLike) -> Path | None:
    """Move a broken file out of the way under a name no later failure overwrites
    (``settings.json.broken-20261122-204512``, then ``-2``, ``-3``...)."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        suffix = f".broken-{stamp}" + (f"-{n}" if n > 1 else "")
        target = path.with_name(path.name + suffix)
        if target.exists():
            continue
        try:
            os.rename(path, target)
        except OSError:
            return None
        return target
    return None


def remove_stray_temporaries(folder: str | os.PathLike, names: tuple[str, ...]) -> int:
    """Delete ``NAME.*.tmp`` left by saves that were killed; returns how many went."""
    gone = 0
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            if entry.name.endswith(TMP_SUFFIX) and entry.name.startswith(
                tuple(n + "." for n in names)
            ):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)
                    gone += 1
    return gone


def _name(path: Path) -> str:
    """A file's name as printable text, even when its bytes are not valid in any encoding."""
    return os.fsencode(path.name).decode("utf-8", "replace")
