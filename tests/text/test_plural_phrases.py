"""A phrase with plural forms is said with ``say_n``, and one without with ``say``: History's
"Pişti, 2 players" was once looked up with ``say``, found only through gettext's fallback
for plural entries, and shown as "history.game_line" in a whole run of the suite. The code
is read for every literal key, and the phrasebook says a plural key right whichever way it
is asked."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from game.text import phrasebook

ROOT = Path(__file__).resolve().parents[2]
SAYERS = {"say": 0, "say_in": 1}  # the function, and where its key is among the arguments


def plural_keys() -> tuple[set[str], set[str]]:
    """(keys with plural forms, keys without) over every catalogue, the tests' games' too."""
    plural, single = set(), set()
    for po in [*ROOT.glob("game/**/LC_MESSAGES/*.po"), *ROOT.glob("tests/**/LC_MESSAGES/*.po")]:
        with po.open("rb") as f:
            for message in read_po(f):
                if isinstance(message.id, tuple):
                    plural.add(message.id[0])
                elif message.id:
                    single.add(message.id)
    return plural, single


def literal_calls() -> list[tuple[str, str, str]]:
    """(where, function, key) for every say/say_in/say_n call with a literal key."""
    found = []
    here = Path(__file__).resolve()  # this file's own wrong call is made on purpose
    tests = [p for p in ROOT.glob("tests/**/*.py") if p.resolve() != here]
    for path in [*ROOT.glob("game/**/*.py"), *tests]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)
            at = SAYERS.get(name, 0 if name == "say_n" else None)
            if at is None or len(node.args) <= at:
                continue
            key = node.args[at]
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                found.append((f"{path.relative_to(ROOT)}:{node.lineno}", name, key.value))
    return found


def test_no_code_says_a_plural_phrase_with_say_nor_a_single_one_with_say_n():
    plural, single = plural_keys()
    calls = literal_calls()
    assert len(calls) > 100, "the scan found the code's phrases"
    wrong = [
        (where, name, key)
        for where, name, key in calls
        if (name != "say_n" and key in plural) or (name == "say_n" and key in single)
    ]
    assert wrong == []


@pytest.mark.parametrize("lang", phrasebook.LANGUAGES)
def test_a_plural_phrase_asked_for_with_say_is_said_in_its_form_for_n(lang):
    """Every plural key, asked for with ``say(key, n=...)``, comes out as ``say_n`` says it
    (gettext alone gives the form for one: "2 hand with take-backs")."""
    book = phrasebook.Phrasebook(lang)
    plural, _ = plural_keys()
    differ = 0
    for key in sorted(k for k in plural if book.has_plural(k)):
        differ += book.say_n(key, 1) != book.say_n(key, 2)
        for n in (1, 2, 5):
            assert book.say(key, n=n) == book.say_n(key, n), (key, n)
    assert book.missing == set()
    assert lang != "en" or differ > 5, "English has keys whose forms differ"


def test_a_plural_phrase_is_found_after_the_registry_and_the_language_changed():
    """The states a suite passes through (a game joining and leaving, languages switched)
    never lose a plural phrase."""
    import game.games as games

    spec = next(iter(games.SPECS.values()))
    games.unregister(spec.id)
    games.register(spec)
    phrasebook.set_language("tr")
    phrasebook.set_language("en")
    assert phrasebook.say_n("history.game_line", 2, game="Pişti") != "history.game_line"
    assert phrasebook.say("history.game_line", game="Pişti", n=2) == phrasebook.say_n(
        "history.game_line", 2, game="Pişti"
    )
    assert phrasebook.current().missing == set()
