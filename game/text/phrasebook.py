"""One phrasebook per language: gettext catalogues keyed by phrase codes.

Every sentence a player reads is looked up here by a code (``log.turn``,
``refusal.foundation_first``) in ``locale/<lang>/LC_MESSAGES/pasha.mo``, compiled
from the ``.po`` file beside it (``python build/make_catalogues.py``). Values
are filled in with ``str.format`` names, so each language orders its words its
own way, and a name may ask for a case ending (``{card:acc}``, ``{who:dat}``: see
``grammar.py``), which a language without them ignores. English is a catalogue like
any other: no sentence lives in the code.
"""

from __future__ import annotations

import contextlib
import gettext
import locale
import os
import re
import string
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import game.games as games
from game.core.cards import RANK_TEXT
from game.text.german import declension, merged, named_after
from game.text.grammar import CASES, Inflect, english_name, plain, plain_name, turkish

DOMAIN = "pasha"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("en", "tr", "de")
NATIVE_NAMES = {"en": "English", "tr": "Türkçe", "de": "Deutsch"}
CASE_FORM = re.compile(r"{\w+:(?:" + "|".join(CASES) + ")}")
SEPARATORS = {"tr": (",", "."), "de": (",", ".")}  # (decimal, thousands); English: (".", ",")


class Phrasebook:
    """The catalogue of one language, and behind it each registered game's own; each game's
    also alone (``_own``), so a game may word a shared key its own way at its own table."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else "en"
        self.games_version = games.version
        self._t = _catalogue(LOCALE_DIR, self.lang)
        self._own: dict[str, gettext.NullTranslations] = {}
        for spec in games.SPECS.values():
            if spec.catalogue is not None:
                self._t.add_fallback(_catalogue(spec.catalogue, self.lang))
                self._own[spec.id] = _catalogue(spec.catalogue, self.lang)
        self.missing: set[str] = set()
        self._said: dict[
            tuple[object, ...], str
        ] = {}  # sentences said before, by key and plain values
        self.inflect: Inflect = plain
        self.merged = _as_is
        self.named_after: Callable[[str, str], str] = (
            english_name if self.lang == "en" else plain_name
        )
        if self.lang == "tr":
            self.inflect = turkish(self._rank_words())
        elif self.lang == "de":
            ranks = self._rank_words(digits=True)
            self.inflect, self.merged = declension(ranks), merged
            self.named_after = named_after(ranks)

    def _rank_words(self, digits: bool = False) -> dict[str, str]:
        """How a card sign's letter is read in this language ("K" -> "papaz"); with
        ``digits``, the numbers' words too (German "7" -> "Sieben")."""
        return {r: self._t.gettext(f"rank.{r}") for r in RANK_TEXT if digits or not r.isdigit()}

    def has(self, key: str) -> bool:
        return self._t.gettext(key) != key

    def has_plural(self, key: str) -> bool:
        """Whether ``key`` has plural forms (is said with :meth:`say_n`)."""
        return self._t.ngettext(key, key, 2) != key

    def say(self, key: str, /, **params: object) -> str:
        """The sentence for ``key`` with its values filled in. A key with plural forms is
        said in the form its ``n`` asks for, as :meth:`say_n` says it (gettext alone would
        give the form for one, whatever ``n``; the code says such keys with ``say_n``)."""
        simple = all(type(v) is str or type(v) is int for v in params.values())
        memo = (key, *params.items()) if simple else None  # (a screen says the same each frame)
        if memo is not None and (said := self._said.get(memo)) is not None:
            return said
        n = params.get("n")
        if type(n) is int and self.has_plural(key):
            said = self.say_n(key, n, **{k: v for k, v in params.items() if k != "n"})
        else:
            text = self._t.gettext(key)
            if text == key:
                self.missing.add(key)
                return self._fill(text, params)  # (not kept: each time is found missing)
            said = self._fill(text, params)
        if memo is not None and key not in self.missing:
            if len(self._said) > 4096:
                self._said.clear()
            self._said[memo] = said
        return said

    def has_in(self, game: str | None, key: str) -> bool:
        own = self._own.get(game) if game is not None else None
        return (own is not None and own.gettext(key) != key) or self.has(key)

    def say_in(self, game: str | None, key: str, /, **params: object) -> str:
        """The sentence for ``key`` as ``game`` words it: its own catalogue first (two games
        may refuse with one code in words of their own), else every catalogue."""
        own = self._own.get(game) if game is not None else None
        text = own.gettext(key) if own is not None else key
        return self._fill(text, params) if text != key else self.say(key, **params)

    def say_n(self, key: str, n: int, /, **params: object) -> str:
        """The sentence for ``key`` in the plural form ``n`` asks for (``{n}`` is filled in);
        for none, ``key.zero`` where the catalogue has one ("Yer boş", not "Yer: 0 kart")."""
        if n == 0 and self.has(key + ".zero"):
            return self.say(key + ".zero", **params)
        text = self._t.ngettext(key, key, n)
        if text == key:
            self.missing.add(key)
        return self._fill(text, {"n": n, **params})

    def _fill(self, text: str, params: dict[str, object]) -> str:
        try:
            if CASE_FORM.search(text):
                return self.merged(_Forms(self.inflect, self.capitalise).vformat(text, (), params))
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text

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
        """A number as the language writes it: "2,000.5"; Turkish "2.000,5"."""
        point, group = SEPARATORS.get(self.lang, (".", ","))
        text = f"{value:,.{digits}f}"
        return text.translate(str.maketrans(".,", point + group))

    def percent(self, fraction: float) -> str:
        """A share as the language writes a percentage: "40%", Turkish "%40"."""
        return self.say("number.percent", n=self.number(100 * fraction, 0))

    def capitalise(self, text: str) -> str:
        """The first letter a capital, as the language writes it ("i" -> "İ" in Turkish)."""
        return self.upper(text[:1]) + text[1:] if text else text


def _catalogue(folder: Path, lang: str) -> gettext.NullTranslations:
    try:
        return gettext.translation(DOMAIN, folder, [lang])
    except OSError:
        return gettext.NullTranslations()


def _as_is(text: str) -> str:
    return text


class _Capital(str):
    """A value named with a capital (``{Card:nom}``): its form begins with a capital too
    ("Der Herz-Bube", where the article is the grammar's)."""


class _Forms(string.Formatter):
    """``str.format`` that reads a case name after the colon as an ending to add."""

    def __init__(self, inflect: Inflect, capitalise: Callable[[str], str]) -> None:
        self.inflect = inflect
        self.capitalise = capitalise

    def get_field(
        self, field_name: str, args: Sequence[Any], kwargs: Mapping[str, Any]
    ) -> tuple[object, str]:
        value, used = super().get_field(field_name, args, kwargs)
        return (_Capital(value) if field_name[:1].isupper() else value), used

    def format_field(self, value: object, format_spec: str) -> str:
        if format_spec in CASES:
            said: str = self.inflect(str(value), format_spec)
            return self.capitalise(said) if isinstance(value, _Capital) else said
        formatted: str = super().format_field(value, format_spec)
        return formatted


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


def reset(lang: str = "en") -> Phrasebook:
    """A fresh phrasebook in ``lang``, as at start: nothing found missing yet, the
    registry's catalogues read again (a test's clean slate)."""
    global _current
    _current = Phrasebook(lang)
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
