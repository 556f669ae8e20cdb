"""Reading and writing the player's files safely: JSON only, atomic writes, size limits.

Every file the game reads comes from outside (a record from a bug report, a
settings file edited by hand, a save from an older version), so reading refuses
what is not a small regular file of sane JSON before parsing it, and writing
replaces a file only once the new one is complete on disk.
"""

from __future__ import annotations

import contextlib
import errno
import itertools
import json
import os
import re
import shutil
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
    outside = _STRINGS.sub('""', text)  # the structure and numbers, strings emptied
    _check_depth(outside, what)
    numbers: dict[str, Any] = {}
    if _LONG_DIGITS.search(outside) or _LONG_EXPONENT.search(outside):
        numbers = {  # only then are the checks of each number (slow: one call each) needed
            "parse_int": _lenient_int if lenient else _bounded_int,
            "parse_float": float if lenient else _bounded_float,
        }
    try:
        return json.loads(
            text,
            parse_constant=float if lenient else _no_constant,
            object_pairs_hook=None if lenient else _unique_keys,
            **numbers,
        )
    except json.JSONDecodeError as err:
        raise FileProblem(
            f"{what} is not valid JSON (line {err.lineno}, column {err.colno}: {err.msg})"
        ) from None
    except (ValueError, RecursionError) as err:
        raise FileProblem(f"{what}: {err}") from None


def read_json(path: str | os.PathLike, limit: int = MAX_BYTES, lenient: bool = False) -> Any:
    return parse_json(read_text(path, limit), _name(Path(path)), lenient)


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


def write_json_atomic(path: str | os.PathLike, obj: Any, indent: int | None = None) -> None:
    """Write JSON so that a crash leaves either the old file or the new one, never half.
    ``indent`` for files people read (settings, records); without it the encoder runs at
    C speed (the match is saved after every move).

    The temporary file has a name of its own (two windows may write one file at once)
    and is locked until it has replaced ``path``, so another window cleaning up the
    temporaries of killed saves (:func:`remove_stray_temporaries`) leaves it alone."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = _own_temporary(path)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            try:
                _dump(obj, f, indent, ascii_only=False)
            except UnicodeEncodeError:  # a lone surrogate ("\ud800"): JSON escapes it
                f.seek(0)
                f.truncate()
                _dump(obj, f, indent, ascii_only=True)
            f.flush()
            os.fsync(f.fileno())
            if os.name != "nt":  # renamed still open and locked (Windows cannot)
                os.replace(tmp, path)
        if os.name == "nt":
            os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


BUSY = {errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, errno.EDEADLK}  # a lock another holds


def _own_temporary(path: Path) -> tuple[int, str]:
    """A new temporary file beside ``path`` (``NAME.<random>.tmp``), open and locked. A
    cleaner can take it for a stray in the instant between its making and its lock: then
    the cleaner holds the lock, or the name no longer leads to it, and another is made."""
    for _ in range(100):
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=TMP_SUFFIX, dir=path.parent)
        try:
            _lock_fd(fd, wait=False)
            keep = True
        except OSError as err:  # held (a cleaner judging it), or a folder without locks
            keep = err.errno not in BUSY
        if keep and _names(tmp, fd):
            return fd, tmp
        os.close(fd)
    raise OSError(f"cannot keep a temporary file beside {_name(path)}")


def _names(name: str, fd: int) -> bool:
    """True when ``name`` is the file open as ``fd`` (not gone, not another file since)."""
    try:
        there, held = os.stat(name, follow_symlinks=False), os.fstat(fd)
    except OSError:
        return False
    return (there.st_dev, there.st_ino) == (held.st_dev, held.st_ino)


def _dump(obj: Any, f, indent: int | None, ascii_only: bool) -> None:
    if indent is None:
        f.write(json.dumps(obj, ensure_ascii=ascii_only, allow_nan=False))
    else:
        json.dump(obj, f, ensure_ascii=ascii_only, indent=indent, allow_nan=False)


def set_aside(path: str | os.PathLike) -> Path | None:
    """Move a broken file out of the way under a name no later failure overwrites
    (``settings.json.broken-20261122-204512``, then ``-2``, ``-3``...)."""
    return _keep(Path(path), os.rename)


def keep_copy(path: str | os.PathLike) -> Path | None:
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


def _keep(path: Path, how) -> Path | None:
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


STRAY_AGE = 60.0  # seconds: on Windows, a temporary this old is no save in progress


def remove_stray_temporaries(folder: str | os.PathLike, names: tuple[str, ...]) -> int:
    """Delete ``NAME.*.tmp`` left by saves that were killed; returns how many went. A
    temporary another window is writing now is locked by it (see
    :func:`write_json_atomic`) and is left alone: only the dead leave theirs unlocked."""
    gone = 0
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            if entry.name.endswith(TMP_SUFFIX) and entry.name.startswith(
                tuple(n + "." for n in names)
            ):
                with contextlib.suppress(OSError):
                    if _remove_if_abandoned(entry):
                        gone += 1
    return gone


def _remove_if_abandoned(entry: os.DirEntry) -> bool:
    """Delete the temporary ``entry`` when no process is writing it: its writer's lock is
    free (the writer ended, however it ended). It is deleted while this holds that lock, so
    a writer that made it an instant ago and locks it only now finds its name gone and
    makes another (:func:`_own_temporary`). Anything but a file (a link, a folder) was
    never one of ours and is left to ``unlink`` to judge."""
    if entry.is_symlink() or not entry.is_file():
        os.unlink(entry.path)
        return True
    fd = os.open(entry.path, os.O_RDWR | getattr(os, "O_NONBLOCK", 0))
    try:
        try:
            _lock_fd(fd, wait=False)
        except OSError:
            return False  # held: a save in progress
        if not _names(entry.path, fd):
            return False  # renamed into place (or replaced) since it was listed
        if os.name != "nt":
            os.unlink(entry.path)
            return True
        # Windows deletes no open file, and its writers let go before their rename:
        # only an old temporary is a stray there
        stale = time.time() - os.fstat(fd).st_mtime > STRAY_AGE
    finally:
        os.close(fd)
    if stale:
        os.unlink(entry.path)
    return stale


def _name(path: Path) -> str:
    """A file's name as printable text, even when its bytes are not valid in any encoding."""
    return os.fsencode(path.name).decode("utf-8", "replace")


@contextlib.contextmanager
def locked(path: str | os.PathLike):
    """Hold the operating system's lock on ``path`` + ``.lock`` for a read-merge-write:
    two windows on one preference folder then take turns, so neither rewrites a file
    from what it read before the other wrote. Waits for the other window (a write takes
    milliseconds); where the folder cannot hold a lock file, goes on without one."""
    handle = _open_lock(path)
    try:
        if handle is not None:
            _lock(handle, wait=True)
        yield
    finally:
        if handle is not None:
            handle.close()  # closing releases the lock


def try_hold(path: str | os.PathLike):
    """The lock on ``path`` + ``.lock`` without waiting: an open handle to keep (the lock
    lasts while it is open, and ends with the process however it ends), or None when
    another process holds it. A folder that cannot hold a lock file gives True: nobody
    else can hold it either."""
    handle = _open_lock(path)
    if handle is None:
        return True
    try:
        _lock(handle, wait=False)
    except OSError:
        handle.close()
        return None
    return handle


def _open_lock(path: str | os.PathLike):
    lock = Path(os.fspath(path) + ".lock")
    try:
        lock.parent.mkdir(parents=True, exist_ok=True)
        return open(lock, "a+b")
    except OSError:
        return None


def _lock(handle, wait: bool) -> None:
    _lock_fd(handle.fileno(), wait)


def _lock_fd(fd: int, wait: bool) -> None:
    """The operating system's exclusive lock on the open file ``fd`` (raises OSError when
    ``wait`` is False and another holds it). It ends when the file is closed."""
    if os.name == "nt":
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        mode = msvcrt.LK_LOCK if wait else msvcrt.LK_NBLCK
        while True:
            try:
                msvcrt.locking(fd, mode, 1)
                return
            except OSError:
                if not wait:
                    raise
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
