"""The player's settings, kept between runs as JSON in the user's preference folder.

The folder is ``pygame.system.get_pref_path("pasha-pisti", "pasha-pisti")`` unless
``PASHA_PISTI_HOME`` names another (tests use that). A file that cannot be read
is renamed ``settings.json.broken`` and the defaults are used, with a message
for the player: losing preferences must never stop the game from starting.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.record import write_json_atomic

FILE_NAME = "settings.json"
PACES = ("slow", "normal", "fast", "instant")
LEVELS = ("easy", "medium", "hard", "expert")
BACKS = ("red", "blue")


@dataclass
class Settings:
    """Everything the player can choose once and expect to find next time."""

    sound: bool = True
    pace: str = "normal"
    highlights: bool = True
    four_colour: bool = False
    card_back: str = "red"
    fullscreen: bool = False
    stop_window: float = 2.0
    auto_flip_speed: float = 0.5
    last_game: str = "pishe-pasha"
    level: str = "medium"
    game_options: dict[str, dict[str, Any]] = field(default_factory=dict)

    def options_for(self, game: str) -> dict[str, Any]:
        """The menu choices last used for ``game`` (players, match length and rule options)."""
        return dict(self.game_options.get(game, {}))


_CHOICES: dict[str, tuple] = {"pace": PACES, "level": LEVELS, "card_back": BACKS}


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


def _from_dict(data: Any) -> Settings:
    """Build settings from decoded JSON; ValueError names the first bad field."""
    if not isinstance(data, dict):
        raise ValueError("the settings file must hold a JSON object")
    out = Settings()
    for f in fields(Settings):
        if f.name not in data:
            continue
        value, default = data[f.name], getattr(out, f.name)
        if isinstance(default, (bool, str, dict)):
            ok = type(value) is type(default)
        else:
            ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        if not ok or (f.name in _CHOICES and value not in _CHOICES[f.name]):
            raise ValueError(f"setting {f.name!r} cannot be {value!r}")
        setattr(out, f.name, value)
    return out


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and a message for the player (None when all went well)."""
    path = path or settings_path()
    if not path.exists():
        return Settings(), None
    try:
        return _from_dict(json.loads(path.read_text(encoding="utf-8"))), None
    except (OSError, UnicodeDecodeError, ValueError) as err:
        broken = path.with_name(path.name + ".broken")
        with contextlib.suppress(OSError):
            os.replace(path, broken)
        return Settings(), f"Your settings could not be read ({err}); defaults are used."


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write atomically; returns a message if the disk refused (the game goes on)."""
    try:
        write_json_atomic(path or settings_path(), asdict(settings))
    except OSError as err:
        return f"Settings not saved: {err.strerror or err}"
    return None
