"""The table's key help and the shared words about keys and settings name no game: the
number keys play a card of the hand where the player holds one (a game's table says so
by its design, not by a game's name in a shared sentence), at every registered game's
table, in both languages. So is every key whose words speak of what a table may lack: a
double click's destination, the player's stock, a call (a Pişti table spoke of all of them)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from babel.messages.pofile import read_po
from ui_support import HANDS, key, make_app, open_table, settle

from game.core.types import PileId, PileKind
from game.games import SPECS
from game.text import phrasebook, say
from game.text.phrasebook import LANGUAGES

LOCALE = Path(__file__).resolve().parents[2] / "game" / "text" / "locale"


def game_names() -> dict[str, str]:
    """Each registered game's id -> its title in the language set now."""
    return {spec.id: say(spec.title_key) for spec in SPECS.values()}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "choices", "deal"), HANDS)
def test_the_key_help_at_a_games_table_names_no_other_game(
    tmp_path, monkeypatch, game, choices, deal, lang
):
    app = make_app(tmp_path, monkeypatch, size=(960, 600), language=lang)
    try:
        table = open_table(app, game, choices, seed=deal)
        settle(app, table)
        key(app, pygame.K_F1)
        words = "\n".join(table.controls.panel.parts())
        hand = PileId(PileKind.HAND, table.human) in table.model.layout.spots
        numbers = say("keys.numbers.hand.what" if hand else "keys.numbers.what")
        assert f"{say('keys.numbers')}:  {numbers}" in words
        for other, title in game_names().items():
            if other != game:
                assert title not in words, (other, words)
        assert_keys_follow_the_table(table, words)
    finally:
        phrasebook.set_language("en")


def fuller_keys(table) -> dict[str, bool]:
    """Each key's longer words -> whether this table has what they speak of."""
    m = table.model
    return {
        "keys.drag.double.what": any(m.layout.role(p).sends for p in m.layout.spots),
        "keys.enter.next.stock.what": PileId(PileKind.STOCK, table.human) in m.layout.spots,
        "keys.hurry.calls.what": bool(table.controls.calls()),
        "keys.c.stock.what": PileId(PileKind.STOCK, table.human) in m.layout.spots,
    }


def assert_keys_follow_the_table(table, words: str) -> None:
    for fuller, has in fuller_keys(table).items():
        short = fuller.replace(".double", "").replace(".stock", "").replace(".calls", "")
        assert say(fuller if has else short) in words, (fuller, words)
        assert has or say(fuller) not in words, (fuller, words)


@pytest.mark.parametrize(
    ("game", "choices", "has"), [("pishe-pasha", {"stop_rule": True}, True), ("pisti", {}, False)]
)
def test_a_tables_keys_speak_of_what_it_has_and_only_that(app, game, choices, has):
    table = open_table(app, game, choices)
    settle(app, table)
    key(app, pygame.K_F1)
    assert set(fuller_keys(table).values()) == {has}
    assert_keys_follow_the_table(table, "\n".join(table.controls.panel.parts()))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_shared_words_about_keys_and_settings_name_no_game(lang):
    phrasebook.set_language(lang)
    try:
        names = {*game_names().values(), *(w for t in game_names().values() for w in t.split())}
        app_title = say("app.title")
    finally:
        phrasebook.set_language("en")
    with (LOCALE / lang / "LC_MESSAGES" / "pasha.po").open("rb") as f:
        shared = [m for m in read_po(f) if m.id]
    for msg in shared:
        key = msg.id[0] if isinstance(msg.id, tuple) else msg.id
        if not key.startswith(("keys.", "settings.")):
            continue
        texts = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        for text in texts:
            text = text.replace(app_title, "")
            named = [n for n in names if len(n) > 4 and n.lower() in text.lower()]
            assert not named, (key, text)
