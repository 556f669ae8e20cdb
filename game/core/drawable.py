"""The one gate every outside text passes before a screen draws it.

Text from the player's files, a record, the command line or the operating system
(a folder name) may hold characters no font can draw: U+0000 and other control
characters, lone surrogates (JSON's ``"\\ud800"``, or a path's undecodable bytes as
Python smuggles them). pygame's text drawing refuses some of them outright, so a
screen showing such a text would crash every time it opens. The schema refuses
them at the border (:func:`is_drawable`); what must still be shown (a path, an
error quoting a record) goes through :func:`drawable` first.
"""

from __future__ import annotations

import os
import re

REPLACEMENT = "\ufffd"

# C0 and C1 controls (but tab), DEL, and the surrogate range (never a character alone).
_UNDRAWABLE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\ud800-\udfff]")


def is_drawable(text: str) -> bool:
    """True when every character of ``text`` can be drawn as it is."""
    return _UNDRAWABLE.search(text) is None


def drawable(text: object) -> str:
    """``text`` with each character a font cannot draw replaced by U+FFFD."""
    text = text if isinstance(text, str) else str(text)
    return _UNDRAWABLE.sub(REPLACEMENT, text)


def path_text(path: str | os.PathLike[str]) -> str:
    """A path as drawable text, even when its bytes are valid in no encoding
    (a Latin-1 "café" folder on a UTF-8 system)."""
    raw = os.fsencode(path)
    return drawable(raw.decode("utf-8", "replace"))


# What the font renderer itself refuses (line breaks stay: wrapped paragraphs use them).
_UNRENDERABLE = re.compile("[\x00\ud800-\udfff]")


def renderable(text: str) -> str | None:
    """``text`` made safe for the font renderer, or None when it already is."""
    if _UNRENDERABLE.search(text) is None:
        return None
    return _UNRENDERABLE.sub(REPLACEMENT, text)
