"""The player's settings, kept between runs as JSON in the user's preference folder.

Each setting is declared once, as a field of :class:`Settings` whose metadata (an
:class:`About`) says how the file checks it, whether the table reads it, and its row on
the Settings screen (kind, label and explanation): the store, the table and the screen
all read that one declaration.

The folder is ``pygame.system.get_pref_path("pasha-pisti", "pasha-pisti")`` unless
``PASHA_PISTI_HOME`` names another (tests use that). Losing preferences must never
stop the game from starting: every field is checked on its own, a bad one falls
back to its default and the good ones are kept; a file that cannot be read at all
is set aside under a name no later failure overwrites, and the player is told.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Literal

from game.core.files import (
    FileProblem,
    Notice,
    keep_copy,
    read_json,
    remove_stray_temporaries,
    set_aside,
)
from game.core.files import write_json_atomic as _write
from game.core.schema import Field, read_fields
from game.games import SPECS, known_game
from game.text import NATIVE_NAMES, say, say_n
from game.text.phrasebook import LANGUAGES, system_language

FILE_NAME = "settings.json"
MAX_BYTES = 1024 * 1024  # a settings file is under 2 kB
CARD_SCALES = (1.0, 1.15, 1.3)
WINDOW_WIDTH = (0, 7680)  # 0: not remembered yet (the default size, centred)
WINDOW_HEIGHT = (0, 4320)
WINDOW_PLACE = (-16384, 16384)  # a window may sit left of or above the main screen

Row = Literal["", "toggle", "choice", "slider"]


@dataclass(frozen=True)
class About:
    """What one setting is beside its value: how its file checks it, whether the table
    reads it, and its row on the Settings screen ("" for none).

    A choice row offers ``values`` (the schema's choices unless given: the file may allow
    more, like "" for the system's language), each worded by ``words`` or else by the
    phrase ``<label>.<value>``. A slider's label phrase takes the value as ``n``; it moves
    over the schema's range in steps of ``step``. ``help`` is the label's key + ``.help``.
    """

    schema: Field
    row: Row = ""
    label: str = ""
    table: bool = False
    values: tuple[Any, ...] = ()
    words: Callable[[Any], str] | None = None
    step: float = 0.1

    @property
    def help(self) -> str:
        return f"{self.label}.help"

    @property
    def choices(self) -> tuple[Any, ...]:
        return self.values or self.schema.choices or ()

    def word(self, value: Any) -> str:
        """A choice's value in the player's words."""
        return self.words(value) if self.words else say(f"{self.label}.{value}")


def setting(
    default: Any,
    kind: type,
    choices: tuple[Any, ...] | None = None,
    low: float | None = None,
    high: float | None = None,
    check: Callable[[Any], Any] | None = None,
    **about: Any,
) -> Any:
    """A field of :class:`Settings` with its :class:`About` (schema first, then the rest)."""
    meta = {"about": About(Field(default, kind, choices, low, high, check), **about)}
    if isinstance(default, dict):
        return dataclasses.field(default_factory=dict, metadata=meta)
    return dataclasses.field(default=default, metadata=meta)


def _game_options(value: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Per game, only the choices that game has, with values it allows (a bad one is left
    out, so the menu offers that choice's default and keeps the others)."""
    out: dict[str, dict[str, Any]] = {}
    for game, choices in value.items():
        spec = SPECS.get(game)
        if spec is None or not isinstance(choices, dict):
            continue
        kept = spec.valid_choices(choices)
        if kept:
            out[game] = kept
    return out


FIRST = next(iter(SPECS.values()))  # the menu's first game: the one a first start shows


def _offered_level(level: Any) -> Any:
    """A level some registered game's menu offers (each game names its own levels)."""
    if not any(level in spec.levels for spec in SPECS.values()):
        raise ValueError(f"cannot be {level!r:.40} (no game offers it)")
    return level


def _card_size(scale: float) -> str:
    return say(f"settings.card_size.{int(scale * 100)}")


def _points(threshold: float) -> str:
    return say_n("settings.coach_threshold.value", int(threshold))


SPEECH = ("auto", "on", "off")  # Read aloud: auto is on when a screen reader runs at start


@dataclass
class Settings:
    """Everything the player can choose once and expect to find next time, in the order
    of the Settings screen's rows."""

    language: str = setting(
        "", str, ("", *LANGUAGES), row="choice", label="settings.language",
        values=LANGUAGES, words=NATIVE_NAMES.__getitem__,
    )  # fmt: skip
    sound: bool = setting(True, bool, row="toggle", label="settings.sound")
    pace: str = setting(
        "normal", str, ("slow", "normal", "fast", "instant"), row="choice",
        label="settings.pace", table=True,
    )  # fmt: skip
    reduced_motion: bool = setting(
        False, bool, row="toggle", label="settings.reduced_motion", table=True
    )
    card_scale: float = setting(
        1.0, float, low=CARD_SCALES[0], high=CARD_SCALES[-1], row="choice",
        label="settings.card_size", table=True, values=CARD_SCALES, words=_card_size,
    )  # fmt: skip
    faces: str = setting(
        "classic", str, ("classic", "four_colour", "high_contrast"), row="choice",
        label="settings.faces",
    )  # fmt: skip
    card_back: str = setting("red", str, ("red", "blue"), row="choice", label="settings.back")
    highlights: bool = setting(True, bool, row="toggle", label="settings.highlights", table=True)
    auto_play: bool = setting(True, bool, row="toggle", label="settings.auto_play", table=True)
    hand_keys: bool = setting(True, bool, row="toggle", label="settings.hand_keys", table=True)
    take_backs: bool = setting(True, bool, row="toggle", label="settings.take_backs", table=True)
    coach: bool = setting(False, bool, row="toggle", label="settings.coach", table=True)
    coach_threshold: float = setting(
        2.0, float, (1.0, 2.0, 5.0), row="choice", label="settings.coach_threshold",
        table=True, words=_points,
    )  # fmt: skip
    show_faults: bool = setting(False, bool, row="toggle", label="settings.show_faults", table=True)
    # seconds a person has to call after a computer move (games whose spec has calls_in)
    call_window: float = setting(
        1.1, float, low=1.0, high=6.0, row="slider", label="settings.call_window", table=True
    )
    fullscreen: bool = setting(False, bool, row="toggle", label="settings.fullscreen")
    speech: str = setting("auto", str, SPEECH, row="toggle", label="settings.speech")
    auto_flip_speed: float = setting(0.5, float, low=0.0, high=1.0, table=True)
    last_game: str = setting(FIRST.id, str, check=known_game)
    level: str = setting(FIRST.default_level, str, check=_offered_level)
    lessons_offered: bool = setting(False, bool)  # the first start offered the lesson (once)
    speech_keys_told: bool = setting(False, bool)  # the first table read aloud named T, C, F1
    forced_told: bool = setting(False, bool)  # the log said once why forced moves play themselves
    game_options: dict[str, dict[str, Any]] = setting({}, dict, check=_game_options)
    window_width: int = setting(0, int, low=WINDOW_WIDTH[0], high=WINDOW_WIDTH[1])
    window_height: int = setting(0, int, low=WINDOW_HEIGHT[0], high=WINDOW_HEIGHT[1])
    window_x: int = setting(0, int, low=WINDOW_PLACE[0], high=WINDOW_PLACE[1])
    window_y: int = setting(0, int, low=WINDOW_PLACE[0], high=WINDOW_PLACE[1])

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

    def holding(self, **values: Any) -> Settings:
        """A copy for a table that holds some settings fixed (a lesson never plays by
        itself, a replay's table has no call window); only settings a table reads."""
        wrong = sorted(set(values) - set(TABLE))
        if wrong:
            raise TypeError(f"a table reads no setting {wrong[0]!r}")
        return dataclasses.replace(self, **values)


def about(field: dataclasses.Field[Any]) -> About:
    """What a field of :class:`Settings` is (its metadata)."""
    about: About = field.metadata["about"]
    return about


def schema(kind: type[Settings] = Settings) -> dict[str, Field]:
    """Every setting's schema by name: what the file's fields are checked against."""
    return {f.name: about(f).schema for f in dataclasses.fields(kind)}


def rows(kind: type[Settings] = Settings) -> list[tuple[str, About]]:
    """The settings the Settings screen shows, in its order: (name, about)."""
    return [(f.name, about(f)) for f in dataclasses.fields(kind) if about(f).row]


FIELDS = schema()  # the file's schema, derived from the declarations above
TABLE = tuple(f.name for f in dataclasses.fields(Settings) if about(f).table)
OLD_NAMES = {  # a setting's old name: (its name now, old values -> new ones)
    "four_colour": ("faces", {True: "four_colour", False: "classic"}),
}


def old_names() -> dict[str, tuple[str, dict[Any, Any]]]:
    """The settings' old names, the shared ones and those each game once used."""
    games: dict[str, tuple[str, dict[Any, Any]]] = {
        old: (new, {}) for s in SPECS.values() for old, new in s.old_settings.items()
    }
    return {**OLD_NAMES, **games}


def _within(value: int, bounds: tuple[int, int]) -> int:
    return max(bounds[0], min(bounds[1], int(value)))


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
        for old, (new, mapping) in old_names().items():
            if old in data:
                value = data.pop(old)
                data.setdefault(
                    new, mapping.get(value, value) if not isinstance(value, dict) else value
                )
    values, problems = read_fields(data, schema(), "the settings file")
    return Settings(**values), problems


def load_settings(path: Path | None = None) -> tuple[Settings, Notice | None]:
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
        return Settings(), Notice("settings_unreadable", f"{err}{where}")
    settings, problems = from_data(data)
    if problems:
        kept = keep_copy(path)  # the next save rewrites the file: keep it as it was
        where = f" (kept as {kept.name})" if kept else ""
        return settings, Notice("settings_fixed", f"{problems[0]}{where}")
    return settings, None


def save_settings(settings: Settings, path: Path | None = None) -> Notice | None:
    """Write atomically; returns a problem for the player if the disk refused (the game goes on)."""
    try:
        _write(path or settings_path(), settings_dict(settings), indent=1)
    except (OSError, ValueError) as err:
        return Notice("settings_not_saved", str(getattr(err, "strerror", None) or err))
    return None


def settings_dict(settings: Settings) -> dict[str, Any]:
    return asdict(settings)
