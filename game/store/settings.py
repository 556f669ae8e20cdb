"""The player's settings, kept between runs as JSON in the user's preference folder.

The folder is ``pygame.system.get_pref_path("pasha-pisti", "pasha-pisti")`` unless
``PASHA_PISTI_HOME`` names another (tests use that). Losing preferences must never
stop the game from starting: every field is checked on its own, a bad one falls
back to its default and the good ones are kept; a file that cannot be read at all
is set aside under a name no later failure overwrites, and the player is told.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game.core.files import (
    FileProblem,
    keep_copy,
    read_json,
    remove_stray_temporaries,
    set_aside,
)
from game.core.files import write_json_atomic as _write
from game.core.schema import Field, read_fields
from game.games import SPECS, known_game
from game.text.phrasebook import LANGUAGES, system_language

FILE_NAME = "settings.json"
MAX_BYTES = 1024 * 1024  # a settings file is under 2 kB
PACES = ("slow", "normal", "fast", "instant")
LEVELS = ("easy", "medium", "hard", "expert")
BACKS = ("red", "blue")
FACES = ("classic", "four_colour", "high_contrast")
CARD_SCALES = (1.0, 1.15, 1.3)
COACH_THRESHOLDS = (1.0, 2.0, 5.0)
STOP_WINDOW = (1.0, 6.0)
AUTO_SPEED = (0.0, 1.0)
SPEECH = ("auto", "on", "off")  # auto: on when a screen reader runs at start
WINDOW_WIDTH = (0, 7680)  # 0: not remembered yet (the default size, centred)
WINDOW_HEIGHT = (0, 4320)
WINDOW_PLACE = (-16384, 16384)  # a window may sit left of or above the main screen


@dataclass
class Settings:
    """Everything the player can choose once and expect to find next time."""

    language: str = ""  # "" until chosen: the system's language
    sound: bool = True
    pace: str = "normal"
    highlights: bool = True
    faces: str = "classic"
    card_back: str = "red"
    card_scale: float = 1.0
    reduced_motion: bool = False
    fullscreen: bool = False
    stop_window: float = 2.0
    show_faults: bool = False
    auto_play: bool = True
    hand_keys: bool = True
    take_backs: bool = False
    coach: bool = False
    coach_threshold: float = 2.0
    auto_flip_speed: float = 0.5
    speech: str = "auto"
    last_game: str = "pishe-pasha"
    level: str = "medium"
    lessons_offered: bool = False  # the first start offered the lesson (once, ever)
    game_options: dict[str, dict[str, Any]] = field(default_factory=dict)
    window_width: int = 0
    window_height: int = 0
    window_x: int = 0
    window_y: int = 0

    def window(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """The window's size and position when it last closed, if it was remembered."""
        if self.window_width < 1 or self.window_height < 1:
            return None
        return (self.window_width, self.window_height), (self.window_x, self.window_y)

    def remember_window(self, size: tuple[int, int], position: tuple[int, int]) -> None:
        """Keep the window's size and position for the next start (kept in range)."""
        self.window_width = _within(size[0], WINDOW_WIDTH)
        self.window_height = _within(size[1], WINDOW_HEIGHT)
        self.window_x = _within(position[0], WINDOW_PLACE)
        self.window_y = _within(position[1], WINDOW_PLACE)

    def options_for(self, game: str) -> dict[str, Any]:
        """The menu choices last used for ``game`` (players, match length and rule options)."""
        return dict(self.game_options.get(game, {}))

    @property
    def lang(self) -> str:
        return self.language or system_language()


def _within(value: int, bounds: tuple[int, int]) -> int:
    return max(bounds[0], min(bounds[1], int(value)))


def _game_options(value: dict) -> dict[str, dict[str, Any]]:
    """Per game, only the choices that game has, with values it allows (a bad one is left
    out, so the menu offers that choice's default and keeps the others)."""
    out: dict[str, dict[str, Any]] = {}
    for game, choices in value.items():
        spec = SPECS.get(game)
        if spec is None or not isinstance(choices, dict):
            continue
        kept = valid_choices(spec, choices)
        if kept:
            out[game] = kept
    return out


def valid_choices(spec: Any, choices: dict[str, Any]) -> dict[str, Any]:
    """The menu choices of ``choices`` that ``spec`` offers, with a value it allows (type
    included: ``"false"`` is not ``false``, ``"151"`` is not ``151``)."""
    allowed = {c.key: c.values for c in spec.choices}
    return {k: v for k, v in choices.items() if k in allowed and _member(v, allowed[k])}


def _member(value: Any, values: tuple) -> bool:
    return any(value == v and type(value) is type(v) for v in values)


FIELDS: dict[str, Field] = {
    "language": Field("", str, ("", *LANGUAGES)),
    "sound": Field(True, bool),
    "pace": Field("normal", str, PACES),
    "highlights": Field(True, bool),
    "faces": Field("classic", str, FACES),
    "card_back": Field("red", str, BACKS),
    "card_scale": Field(1.0, float, low=1.0, high=CARD_SCALES[-1]),
    "reduced_motion": Field(False, bool),
    "fullscreen": Field(False, bool),
    "stop_window": Field(2.0, float, low=STOP_WINDOW[0], high=STOP_WINDOW[1]),
    "show_faults": Field(False, bool),
    "auto_play": Field(True, bool),
    "hand_keys": Field(True, bool),
    "take_backs": Field(False, bool),
    "coach": Field(False, bool),
    "coach_threshold": Field(2.0, float, COACH_THRESHOLDS),
    "auto_flip_speed": Field(0.5, float, low=AUTO_SPEED[0], high=AUTO_SPEED[1]),
    "speech": Field("auto", str, SPEECH),
    "last_game": Field("pishe-pasha", str, check=known_game),
    "level": Field("medium", str, LEVELS),
    "lessons_offered": Field(False, bool),
    "game_options": Field({}, dict, check=_game_options),
    "window_width": Field(0, int, low=WINDOW_WIDTH[0], high=WINDOW_WIDTH[1]),
    "window_height": Field(0, int, low=WINDOW_HEIGHT[0], high=WINDOW_HEIGHT[1]),
    "window_x": Field(0, int, low=WINDOW_PLACE[0], high=WINDOW_PLACE[1]),
    "window_y": Field(0, int, low=WINDOW_PLACE[0], high=WINDOW_PLACE[1]),
}
OLD_NAMES = {"four_colour": ("faces", {True: "four_colour", False: "classic"})}


def settings_dir() -> Path:
    """Where the settings live: ``$PASHA_PISTI_HOME`` or SDL's preference path."""
    home = os.environ.get("PASHA_PISTI_HOME")
    if home:
        return Path(home)
    try:
        import pygame

        return Path(pygame.system.get_pref_path("pasha-pisti", "pasha-pisti"))
    except Exception:
        return Path.home() / ".pasha-pisti"


def settings_path() -> Path:
    return settings_dir() / FILE_NAME


def from_data(data: Any) -> tuple[Settings, list[str]]:
    """Settings from decoded JSON: good fields kept, bad ones at their defaults."""
    if isinstance(data, dict):
        data = dict(data)
        for old, (new, mapping) in OLD_NAMES.items():
            if old in data:
                value = data.pop(old)
                data.setdefault(
                    new, mapping.get(value, value) if not isinstance(value, dict) else value
                )
    values, problems = read_fields(data, FIELDS, "the settings file")
    return Settings(**values), problems


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and a message for the player (None when all went well)."""
    path = path or settings_path()
    with contextlib.suppress(OSError):
        remove_stray_temporaries(path.parent, (FILE_NAME,))
    try:
        if not path.exists():
            return Settings(), None
        data = read_json(path, MAX_BYTES, lenient=True)
    except (FileProblem, OSError) as err:
        kept = set_aside(path)
        where = f" (kept as {kept.name})" if kept else ""
        return Settings(), f"settings_unreadable|{err}{where}"
    settings, problems = from_data(data)
    if problems:
        kept = keep_copy(path)  # the next save rewrites the file: keep it as it was
        where = f" (kept as {kept.name})" if kept else ""
        return settings, f"settings_fixed|{problems[0]}{where}"
    return settings, None


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write atomically; returns a problem for the player if the disk refused (the game goes on)."""
    try:
        _write(path or settings_path(), settings_dict(settings), indent=1)
    except (OSError, ValueError) as err:
        return f"settings_not_saved|{getattr(err, 'strerror', None) or err}"
    return None


def settings_dict(settings: Settings) -> dict[str, Any]:
    return asdict(settings)
