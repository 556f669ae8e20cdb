"""A jack turned up at Pişti's deal is told in the log (playtest 18: J♦ lay face up under
A♠ and the log said only "The deal."), as RULES.md §5 has it: with ``turn_next`` it stays
face up in the pile and the next centre card is turned on top of it; with ``to_bottom``
it goes under the pack and the pack's top card is turned in its place."""

from __future__ import annotations

import pytest
from ui_support import rest_of_deck

from game.core.cards import parse_card
from game.games.pisti.rules import Pisti
from game.text import phrasebook
from game.text.names import Namer, card_short
from game.text.words import event_line

NAMER = Namer({0: "You", 1: "North"}, 0, game="pisti")
WORDS = {  # what each option's line must say, by language
    "en": {
        "turn_next": ("stays face up", "on top"),
        "to_bottom": ("under the pack", "in its place"),
    },
    "tr": {"turn_next": ("açık kalır", "üstüne"), "to_bottom": ("destenin altına", "yerine")},
    "de": {
        "turn_next": ("Aufgedeckt: der J♦.", "bleibt offen", "darauf"),
        "to_bottom": ("Aufgedeckt: der J♦.", "unter den Talon", "an seiner Stelle"),
    },
}


def deal_lines(start_jack: str, table: list[str]) -> list[str]:
    rest = [c for c in rest_of_deck(*table) if c != "KS"] + ["KS"]  # no jack at the bottom
    state = Pisti.from_setup({"players": 2, "deck": [*table, *rest]}, {"start_jack": start_jack})
    lines = (event_line(ev, NAMER, game="pisti") for ev in state.opening_events())
    return [line for line in lines if line]


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_a_jack_turned_up_stays_under_the_next_card_and_the_log_says_so(lang):
    phrasebook.set_language(lang)
    lines = deal_lines("turn_next", ["2C", "3D", "AS", "JD"])
    assert len(lines) == 1, lines
    assert "J♦" in lines[0]
    assert "A♠" in lines[0]
    assert all(w in lines[0] for w in WORDS[lang]["turn_next"]), lines


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_two_jacks_turned_up_are_each_told(lang):
    phrasebook.set_language(lang)
    lines = deal_lines("turn_next", ["2C", "AS", "JH", "JD"])
    assert len(lines) == 2
    assert "J♦" in lines[0]
    assert "J♥" in lines[1]
    assert "A♠" in lines[1]


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_a_jack_sent_under_the_pack_is_told_with_the_card_in_its_place(lang):
    phrasebook.set_language(lang)
    table = ["2C", "3D", "4S", "JD"]
    rest = [c for c in rest_of_deck(*table) if c != "KS"] + ["KS"]
    lines = deal_lines("to_bottom", table)
    assert len(lines) == 1, lines
    assert "J♦" in lines[0]
    assert card_short(parse_card(rest[0])) in lines[0]
    assert all(w in lines[0] for w in WORDS[lang]["to_bottom"]), lines


def test_a_deal_without_a_jack_turned_up_says_nothing_more():
    assert deal_lines("turn_next", ["2C", "3D", "4S", "5H"]) == []
