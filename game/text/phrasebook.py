"""One phrasebook per language: gettext catalogues keyed by phrase codes.

Every sentence a player reads is looked up here by a code (``log.turn``,
``refusal.foundation_first``) in ``locale/<lang>/LC_MESSAGES/pasha.mo``, compiled
from the ``.po`` file beside it (``python build/make_catalogues.py``). Values
are filled in with ``str.format`` names, so each language orders its words its
own way. English is a catalogue like any other: no sentence lives in the code.
"""

from __future__ import annotations

import contextlib
import gettext
import locale
import os
from pathlib import Path

import game.games as games

DOMAIN = "pasha"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("en", "tr")
NATIVE_NAMES = {"en": "English", "tr": "Türkçe"}


class Phrasebook:
    """The catalogue of one language, and behind it each registered game's own."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else "en"
        self.games_version = games.version
        self._t = _catalogue(LOCALE_DIR, self.lang)
        for spec in games.SPECS.values():
            if spec.catalogue is not None:
                self._t.add_fallback(_catalogue(spec.catalogue, self.lang))
        self.missing: set[str] = set()

    def has(self, key: str) -> bool:
        return self._t.gettext(key) != key

    def has_plural(self, key: str) -> bool:
        """Whether ``key`` has plural forms (is said with :meth:`say_n`)."""
        return self._t.ngettext(key, key, 2) != key

    def say(self, key: str, /, **params: object) -> str:
        """The sentence for ``key`` with its values filled in."""
        text = self._t.gettext(key)
        if text == key:
            self.missing.add(key)
        return _fill(text, params)

    def say_n(self, key: str, n: int, /, **params: object) -> str:
        """The sentence for ``key`` in the plural form ``n`` asks for (``{n}`` is filled in)."""
        text = self._t.ngettext(key, key, n)
        if text == key:
            self.missing.add(key)
        return _fill(text, {"n": n, **params})

    def upper(self, text: str) -> str:
        """Capitals as the language writes them (Turkish: i -> İ, ı -> I)."""
        if self.lang == "tr":
            text = text.replace("i", "İ").replace("ı", "I")
        return text.upper()

    def lower(self, text: str) -> str:
        if self.lang == "tr":
            text = text.replace("I", "ı").replace("İ", "i")
        return text.lower()

    def number(self, value: float, digits: int = 1) -> str:
        """A number as the language writes it (Turkish: a decimal comma)."""
        text = f"{value:.{digits}f}"
        return text.replace(".", ",") if self.lang == "tr" else text

    def percent(self, fraction: float) -> str:
        """A share as the language writes a percentage: "40%", Turkish "%40"."""
        return self.say("number.percent", n=self.number(100 * fraction, 0))

    def capitalise(self, text: str) -> str:
        return self.upper(text[:1]) + text[1:] if text else text


def _catalogue(folder: Path, lang: str) -> gettext.NullTranslations:
    try:
        return gettext.translation(DOMAIN, folder, [lang])
    except OSError:
        return gettext.NullTranslations()


def _fill(text: str, params: dict[str, object]) -> str:
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text


def system_language() -> str:
    """The player's language from the environment or the system, if we have it; else English."""
    names = [os.environ.get(v, "") for v in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    with contextlib.suppress(ValueError):
        names.append(locale.getlocale()[0] or "")
    for name in names:
        for part in name.split(":"):
            code = part.split("_")[0].split(".")[0].lower()
            if code in LANGUAGES:
                return code
    return "en"


_current = Phrasebook("en")


def current() -> Phrasebook:
    """The phrasebook in use, made again when a game joined or left the registry."""
    global _current
    if _current.games_version != games.version:
        _current = Phrasebook(_current.lang)
    return _current


def set_language(lang: str) -> Phrasebook:
    """Switch every later sentence to ``lang`` (unknown codes fall back to English)."""
    global _current
    if lang != _current.lang:
        _current = Phrasebook(lang)
    return _current


def say(key: str, /, **params: object) -> str:
    return current().say(key, **params)


def say_n(key: str, n: int, /, **params: object) -> str:
    return current().say_n(key, n, **params)


def number(value: float, digits: int = 1) -> str:
    return current().number(value, digits)


def percent(fraction: float) -> str:
    return current().percent(fraction)
