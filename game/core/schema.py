"""One small schema for every file the game reads: records' neighbours, settings, saves,
statistics, history. Each field says its type, its allowed values or range, and its
default; reading keeps every good field and puts the default in place of a bad one,
noting what was wrong, so one bad value never costs the player the rest.

Checks are strict where JSON is loose: ``true`` is a bool and ``"false"`` is not,
``1`` is not a bool, numbers must be finite and in range.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.core.cards import brief
from game.core.drawable import is_drawable

# Ranges the code using the numbers can handle, shared by the files and the command line.
MAX_DEAL = 999_999_999  # the menu's deal numbers
MAX_SEED = 2**62  # an opponent's seed adds its seat: still a 64-bit whole number
MAX_COUNT = 10**12  # no statistic counts more hands than this
MAX_WHEN = 2**31 - 1  # seconds since 1970: time.localtime accepts these on every platform


@dataclass(frozen=True)
class Field:
    """One field: its default, its type, and the values or range it may take."""

    default: Any
    kind: type | tuple[type, ...]
    choices: tuple[Any, ...] | None = None
    low: float | None = None
    high: float | None = None
    check: Callable[[Any], Any] | None = None  # cleans a value or raises ValueError

    def clean(self, value: Any) -> Any:
        """The value if it is valid (cleaned), else ValueError saying why."""
        if not _is_kind(value, self.kind):
            raise ValueError(f"must be {_kind_name(self.kind)}, not {brief(value)}")
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError(f"must be a finite number, not {value}")
        if isinstance(value, str) and not is_drawable(value):
            raise ValueError("must be text, not one holding control or broken characters")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(brief(c) for c in self.choices)
            raise ValueError(f"cannot be {brief(value)} (choose {allowed})")
        if self.low is not None and value < self.low:
            raise ValueError(f"must be at least {self.low}, not {brief(value)}")
        if self.high is not None and value > self.high:
            raise ValueError(f"must be at most {self.high}, not {brief(value)}")
        if type(value) is int and _wants_float(self.kind):
            value = float(value)  # 2 in a file means 2.0; keep the type the game expects
        return self.check(value) if self.check else value


def _wants_float(kind: type | tuple[type, ...]) -> bool:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return float in kinds and int not in kinds


def _is_kind(value: Any, kind: type | tuple[type, ...]) -> bool:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    for k in kinds:
        if k is bool and type(value) is bool:
            return True
        if k is int and type(value) is int:
            return True
        if k is float and type(value) in (int, float):
            return True
        if k not in (bool, int, float) and isinstance(value, k):
            return True
        if k is type(None) and value is None:
            return True
    return False


def _kind_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    names = {
        bool: "true or false",
        int: "a whole number",
        float: "a number",
        str: "text",
        dict: "an object",
        list: "a list",
        type(None): "null",
    }
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def read_fields(
    data: Any, fields: dict[str, Field], what: str = "the file"
) -> tuple[dict[str, Any], list[str]]:
    """Every field of ``fields`` from ``data``: the valid ones as given, the others (and
    the missing ones) at their defaults. Returns the values and the problems found."""
    out = {name: f.default for name, f in fields.items()}
    if not isinstance(data, dict):
        return out, [f"{what} must hold a JSON object, not {type(data).__name__}"]
    problems = []
    for name, f in fields.items():
        if name not in data:
            continue
        try:
            out[name] = f.clean(data[name])
        except ValueError as err:
            problems.append(f"{name} {err}")
            continue
        if f.check is not None and out[name] != data[name]:
            problems.append(f"{name} held values that are not valid; they were left out")
    unknown = [k for k in data if k not in fields]
    if unknown:
        problems.append(f"unknown setting {brief(unknown[0])} was ignored")
    return out, problems


def require(data: Any, fields: dict[str, Field], what: str) -> dict[str, Any]:
    """Like :func:`read_fields`, but any problem is a ValueError (saves must be whole)."""
    values, problems = read_fields(data, fields, what)
    problems = [p for p in problems if not p.startswith("unknown setting")]
    missing = [n for n in fields if not isinstance(data, dict) or n not in data]
    if problems or missing:
        raise ValueError(problems[0] if problems else f"{what} lacks {missing[0]}")
    return values
