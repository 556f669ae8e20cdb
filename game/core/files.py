"""Reading and writing the player's files safely: JSON only, atomic writes, size limits.

Every file the game reads comes from outside (a record from a bug report, a
settings file edited by hand, a save from an older version), so reading refuses
what is not a small regular file of sane JSON before parsing it, and writing
replaces a file only once the new one is complete on disk.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import re
import shutil
import stat
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

MAX_BYTES = 4 * 1024 * 1024  # no file of ours comes near this
MAX_DEPTH = 40  # nesting of arrays and objects
MAX_NUMBER_DIGITS = 30
TMP_SUFFIX = ".tmp"


class Notice(NamedTuple):
    """A message for the player about what the game keeps for them: the phrase
    ``notice.<code>``, with ``detail`` (what went wrong, where) in its words."""

    code: str
    detail: str = ""


class FileProblem(ValueError):
    """The file cannot be used; the message says why in plain words."""


def read_text(path: str | os.PathLike[str], limit: int = MAX_BYTES) -> str:
    """A regular file's text, refusing folders, devices, FIFOs and oversized files."""
    p = Path(path)
    try:
        mode = os.stat(p).st_mode
        if not stat.S_ISREG(mode):
            what = "a folder" if stat.S_ISDIR(mode) else "not a regular file"
            raise FileProblem(f"cannot read {_name(p)}: it is {what}")
        with os.fdopen(os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as f:
            data = f.read(limit + 1)
    except OSError as err:
        raise FileProblem(f"cannot read {_name(p)}: {err.strerror or err}") from None
    if len(data) > limit:
        raise FileProblem(f"{_name(p)} is too large (the limit is {limit:,} bytes)")
    try:
        return data.removeprefix(b"\xef\xbb\xbf").decode("utf-8")
    except UnicodeDecodeError as err:
        raise FileProblem(f"{_name(p)} is not UTF-8 text (byte {err.start})") from None


def parse_json(text: str, what: str = "the file", lenient: bool = False) -> Any:
    """Decode JSON, refusing deep nesting and huge numbers. Strict (records, saves):
    NaN, Infinity and duplicate keys are refused too. Lenient (settings): they are
    let through for the schema to judge field by field, the last duplicate winning."""
    outside = _STRINGS.sub('""', text)  # the structure and numbers, strings emptied
    _check_depth(outside, what)
    numbers: dict[str, Any] = {}
    if _LONG_DIGITS.search(outside) or _LONG_EXPONENT.search(outside):
        numbers = {  # only then are the checks of each number (slow: one call each) needed
            "parse_int": _lenient_int if lenient else _bounded_int,
            "parse_float": float if lenient else _bounded_float,
        }
    with _refused(what):
        return json.loads(
            text,
            parse_constant=float if lenient else _no_constant,
            object_pairs_hook=None if lenient else _unique_keys,
            **numbers,
        )


@contextlib.contextmanager
def _refused(what: str) -> Iterator[None]:
    """A decoding error as the player's words: the file, and where and why it fails."""
    try:
        yield
    except FileProblem:
        raise
    except json.JSONDecodeError as err:
        raise FileProblem(
            f"{what} is not valid JSON (line {err.lineno}, column {err.colno}: {err.msg})"
        ) from None
    except (ValueError, RecursionError) as err:
        raise FileProblem(f"{what}: {err}") from None


def read_json(path: str | os.PathLike[str], limit: int = MAX_BYTES, lenient: bool = False) -> Any:
    return parse_json(read_text(path, limit), _name(Path(path)), lenient)


def read_json_items(path: str | os.PathLike[str], limit: int = MAX_BYTES) -> Any:
    """As :func:`read_json` reads it (strictly), for a file of one object holding long
    arrays: each array's items decoded and checked one at a time, so another thread (the
    window) runs between them: ``json.loads`` holds the interpreter through a 20 MB file
    for a second or more."""
    text, what = read_text(path, limit), _name(Path(path))
    if not text.lstrip(" \t\n\r").startswith("{"):
        return parse_json(text, what)  # (not an object: not a file of this kind)
    with _refused(what):
        return _object_of_items(text, what)


_PLAIN = json.JSONDecoder()
BATCH = 64 * 1024  # characters of items read at a time: a few milliseconds each
_SPACE = re.compile(r"[ \t\n\r]*")


def _object_of_items(text: str, what: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    at = _after(text, 0, "{")
    while text[at : at + 1] != "}" or out:
        key, at = _PLAIN.raw_decode(text, at)
        if not isinstance(key, str):
            raise json.JSONDecodeError(
                "Expecting property name enclosed in double quotes", text, at
            )
        at = _after(text, at, ":")
        value, at = _items(text, at + 1, what) if text[at : at + 1] == "[" else _one(text, at, what)
        if key in out:
            raise ValueError(f"the key {key[:30]!r} appears twice in one object")
        out[key] = value
        if text[_skip(text, at) : _skip(text, at) + 1] != ",":
            break
        at = _after(text, at, ",")
    at = _after(text, at, "}")
    if at != len(text):
        raise json.JSONDecodeError("Extra data", text, at)
    return out


def _items(text: str, at: int, what: str) -> tuple[list[Any], int]:
    """An array's items from just after its ``[``: each item's end found by the plain
    decoder, then read by :func:`parse_json` a batch of about :data:`BATCH` characters at
    a time (a file of a million tiny items reads as fast as a few large ones)."""
    items: list[Any] = []
    at = start = _skip(text, at)
    if text[at : at + 1] == "]":
        return items, _skip(text, at + 1)
    while True:
        _, at = _PLAIN.raw_decode(text, at)
        at = _skip(text, at)
        more = text[at : at + 1] == ","
        if not more or at - start >= BATCH:
            items += parse_json("[[" + text[start:at] + "]]", what)[0]  # (nested as in the file)
            start = -1
        if not more:
            break
        at = _skip(text, at + 1)
        start = at if start < 0 else start
    return items, _after(text, at, "]")


def _one(text: str, at: int, what: str) -> tuple[Any, int]:
    """The value at ``at``, found by the plain decoder and read by :func:`parse_json`
    (nested one level, as it is in the file's object)."""
    _, end = _PLAIN.raw_decode(text, at)
    return parse_json("[" + text[at:end] + "]", what)[0], end


def _skip(text: str, at: int) -> int:
    found = _SPACE.match(text, at)  # (a pattern of spaces that may be none: it always matches)
    return found.end() if found is not None else at


def _after(text: str, at: int, mark: str) -> int:
    """Past ``mark`` (after any spaces) and the spaces after it."""
    at = _skip(text, at)
    if text[at : at + 1] != mark:
        raise json.JSONDecodeError(f"Expecting {mark!r}", text, at)
    return _skip(text, at + 1)


# JSON strings; an unclosed one runs to the end, so every scan below stays linear.
_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_LONG_DIGITS = re.compile(f"[0-9]{{{MAX_NUMBER_DIGITS + 1}}}")
_LONG_EXPONENT = re.compile(r"[eE][-+]?[0-9]{3}")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _check_depth(outside: str, what: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH before json.loads recurses on it (``outside``:
    the text with its strings emptied). One pass at C speed: milliseconds for 4 MB."""
    if outside.count("[") + outside.count("{") <= MAX_DEPTH:
        return
    brackets = _NOT_BRACKETS.sub("", outside)
    if max(itertools.accumulate(map(_DEPTH_STEP.__getitem__, brackets))) > MAX_DEPTH:
        raise FileProblem(f"{what} is nested more than {MAX_DEPTH} levels deep")


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


def write_json_atomic(path: str | os.PathLike[str], obj: Any, indent: int | None = None) -> None:
    """Write JSON atomically (:func:`write_atomic`); ``indent`` for files people read. A lone
    surrogate ("\ud800") cannot be UTF-8: then JSON escapes every character it may."""
    text = json.dumps(obj, ensure_ascii=False, indent=indent, allow_nan=False)
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        data = json.dumps(obj, indent=indent, allow_nan=False).encode("ascii")
    write_atomic(path, data)


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write a file so that a crash leaves either the old one or the new one, never half.
    The temporary file has a name of its own (two windows may save their settings at
    once); one a kill left behind is removed by :func:`remove_stray_temporaries`."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = _temporary(path, data)
    try:
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _temporary(path: Path, data: bytes) -> str:
    """``data`` on the disk in a temporary file of a name of its own beside ``path``."""
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=TMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return tmp


def write_new(path: str | os.PathLike[str], data: bytes) -> None:
    """Write a file that did not exist, whole or not at all: never over another file
    (FileExistsError when one is there, even one made a moment before by another window)."""
    tmp = _temporary(Path(path), data)
    try:
        os.link(tmp, path)  # (fails if the name is taken: never replaces it)
    finally:
        Path(tmp).unlink(missing_ok=True)


def set_aside(path: str | os.PathLike[str]) -> Path | None:
    """Move a broken file out of the way under a name no later failure overwrites
    (``settings.json.broken-20261122-204512``, then ``-2``, ``-3``...)."""
    return _keep(Path(path), os.rename)


def keep_copy(path: str | os.PathLike[str]) -> Path | None:
    """Copy a file the game is about to rewrite in part (some values were not valid)
    under the same kind of name, so what the player had is never lost."""
    return _keep(Path(path), _copy_new)


def _copy_new(src: Path, dst: Path) -> None:
    """A whole copy or none: one cut short (a full disk) is removed, not left empty."""
    try:
        with open(src, "rb") as f, open(dst, "xb") as out:  # "x": never over another copy
            shutil.copyfileobj(f, out)
            out.flush()
            os.fsync(out.fileno())
    except FileExistsError:
        raise
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(dst)
        raise


def kept_aside(folder: str | os.PathLike[str]) -> list[Path]:
    """The copies :func:`set_aside` and :func:`keep_copy` made in ``folder``, oldest first:
    what the player had, kept for them to look at."""
    with contextlib.suppress(OSError):
        found = [Path(e.path) for e in os.scandir(folder) if ".broken-" in e.name]
        return sorted(found, key=lambda p: p.name.rsplit(".broken-", 1)[1])
    return []


def _keep(path: Path, how: Callable[[Path, Path], object]) -> Path | None:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        target = path.with_name(f"{path.name}.broken-{stamp}" + (f"-{n}" if n > 1 else ""))
        if os.path.lexists(target):
            continue
        try:
            how(path, target)
        except FileExistsError:
            continue
        except OSError:
            return None
        return target
    return None


STRAY_AGE = 60.0  # seconds: a save takes milliseconds, so an older temporary is a stray


def remove_stray_temporaries(folder: str | os.PathLike[str], names: tuple[str, ...]) -> int:
    """Delete ``NAME.*.tmp`` files older than :data:`STRAY_AGE` (left by saves that were
    killed; a younger one may be another window's save in progress); returns how many."""
    gone = 0
    old = time.time() - STRAY_AGE
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            if entry.name.endswith(TMP_SUFFIX) and entry.name.startswith(
                tuple(n + "." for n in names)
            ):
                with contextlib.suppress(OSError):
                    if entry.stat(follow_symlinks=False).st_mtime < old:
                        os.unlink(entry.path)
                        gone += 1
    return gone


def _name(path: Path) -> str:
    """A file's name as printable text, even when its bytes are not valid in any encoding."""
    return os.fsencode(path.name).decode("utf-8", "replace")
