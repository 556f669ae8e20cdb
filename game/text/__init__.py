"""Words for players: the catalogue of each language (gettext), names, and the sentences
made from the program's values. Everything a player reads comes from here."""

from game.text.phrasebook import (
    LANGUAGES,
    NATIVE_NAMES,
    current,
    number,
    percent,
    say,
    say_n,
    set_language,
    system_language,
)

__all__ = [
    "LANGUAGES",
    "NATIVE_NAMES",
    "current",
    "number",
    "percent",
    "say",
    "say_n",
    "set_language",
    "system_language",
]
