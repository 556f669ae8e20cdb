"""Reading desktop entries as a desktop does, and the freedesktop validators, for the tests
of the menu entry (the source files, an installed entry, one made by a wheel or the
executable)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

VALIDATORS = {
    "desktop": ["desktop-file-validate"],
    "metainfo": ["appstreamcli", "validate", "--no-net", "--explain"],
}


def entry_keys(text: str) -> dict[str, str]:
    """The ``[Desktop Entry]`` group's keys and their raw values."""
    keys, group = {}, None
    for line in text.splitlines():
        if line.startswith("["):
            group = line.strip("[]")
        elif "=" in line and group == "Desktop Entry" and not line.startswith("#"):
            key, value = line.split("=", 1)
            keys[key.strip()] = value.strip()
    return keys


def unescape(value: str) -> str:
    """A string value's escapes (``\\s \\n \\t \\r \\\\``), as the spec reads them."""
    out, chars = [], iter(value)
    for c in chars:
        if c == "\\":
            nxt = next(chars, "")
            out.append({"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}.get(nxt, nxt))
        else:
            out.append(c)
    return "".join(out)


def exec_words(value: str) -> list[str]:
    """The program and arguments an ``Exec`` value starts, quoting as the spec has it."""
    text, words, word, quoted, started = unescape(value), [], [], False, False
    chars = iter(text)
    for c in chars:
        if quoted:
            if c == "\\":
                word.append(next(chars, ""))
            elif c == '"':
                quoted = False
            else:
                word.append(c)
        elif c == '"':
            quoted = started = True
        elif c == " ":
            if started:
                words.append("".join(word))
            word, started = [], False
        else:
            word.append(c)
            started = True
    if started:
        words.append("".join(word))
    return [w.replace("%%", "%") for w in words]


def validate(kind: str, path: Path) -> None:
    """Run the freedesktop validator for ``kind`` (``desktop`` or ``metainfo``) on ``path``;
    a skip where it is not installed, a failure on CI's Linux, which installs it."""
    tool = VALIDATORS[kind]
    if shutil.which(tool[0]) is None:
        why = f"{tool[0]} is not installed (Debian: desktop-file-utils, appstream)"
        on_ci = os.environ.get("CI", "").lower() not in ("", "0", "false", "no")
        if on_ci and sys.platform.startswith("linux"):
            pytest.fail(why)
        pytest.skip(why)
    done = subprocess.run([*tool, str(path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"{tool[0]} {path.name}:\n{done.stdout}\n{done.stderr}"
