"""Four-player Pişti speaks of partners as they are (playtest 3): the pop-up of the
face-down cards North takes says North took them, not "you"; the side panel counts a
side's cards won once, as the side's, on one partner's row, so the rows add up to the
cards taken."""

from __future__ import annotations

import functools
import operator
import random
import re
import time

import pytest
from ui_support import DT, Prefers, gesture_for, open_table, rest_of_deck, set_agent, settle

from game.core.types import PileKind
from game.games import SPECS
from game.games.pisti import kinds as pisti
from game.games.pisti.rules import Pisti
from game.text import phrasebook
from game.text.names import Namer
from game.text.words import phrase

SPEC = SPECS["pisti"]
NAMES = {
    "en": Namer({0: "You", 1: "East", 2: "North", 3: "West"}, 0, {0: 0, 1: 1, 2: 0, 3: 1}),
    "tr": Namer({0: "Sen", 1: "Doğu", 2: "Kuzey", 3: "Batı"}, 0, {0: 0, 1: 1, 2: 0, 3: 1}),
    "de": Namer({0: "Du", 1: "Ost", 2: "Nord", 3: "West"}, 0, {0: 0, 1: 1, 2: 0, 3: 1}),
}
WON = {"en": r"won (\d+)", "tr": r"(?:alınan|ikinizin) (\d+)", "de": r"(?:gewonnen|Team) (\d+)"}
SIDE_WON = {"en": "side won 0", "tr": "ikinizin 0", "de": "Team 0"}
YOU_TOOK = {"en": "you", "tr": "Aldığın", "de": " du "}


def rows(state: Pisti, lang: str) -> list[str]:
    piles = state.observation(0).piles
    namer = NAMES[lang] if state.players == 4 else Namer({s: f"S{s}" for s in range(4)}, 0)
    return [
        ", ".join(phrase(p, namer) for p in SPEC.panel_counts(piles, s, state.side_of(s)))
        for s in range(state.players)
    ]


def won_in_rows(lines: list[str], lang: str) -> int:
    return sum(int(n) for line in lines for n in re.findall(WON[lang], line))


@pytest.mark.parametrize("lang", sorted(NAMES))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_panels_cards_won_add_up_to_the_cards_taken(players, lang):
    phrasebook.set_language(lang)
    rng = random.Random(players)
    state = Pisti.new(players, rng=rng)
    while not state.is_over:
        piles = state.observation(0).piles
        taken = sum(len(v) for k, v in piles.items() if k.kind is PileKind.WON)
        assert won_in_rows(rows(state, lang), lang) == taken
        state.apply(rng.choice(state.legal_actions()))
    assert won_in_rows(rows(state, lang), lang) == 52


@pytest.mark.parametrize("lang", sorted(NAMES))
def test_a_side_of_two_shows_its_cards_won_once_as_the_sides(lang):
    phrasebook.set_language(lang)
    state = Pisti.new(4, rng=7)
    you, east, north, west = rows(state, lang)
    side = SIDE_WON[lang]
    assert side in you
    assert side in east
    assert won_in_rows([north, west], lang) == 0
    assert "0" not in north + west


def four_player_deck() -> list[str]:
    """North (seat 2) takes the pile first: 9♠ on 5♥, East's 6♣, North's 6♦."""
    table = ["2C", "3D", "4S", "5H"]
    hands = [["9S", "KD", "QH", "8C"], ["6C", "7C", "7D", "7H"], ["6D", "8D", "8H", "9D"]]
    hands.append(["10C", "10D", "10H", "10S"])
    rest = [
        c
        for c in rest_of_deck(*table, *functools.reduce(operator.iadd, hands, []))
        if not c.startswith("J")
    ]
    jacks = ["JC", "JD", "JH", "JS"]
    return [*table, *functools.reduce(operator.iadd, hands, []), *jacks, *rest]


@pytest.mark.parametrize("lang", sorted(NAMES))
def test_the_face_down_cards_north_takes_are_titled_with_north(app, lang):
    app.set_language(lang)
    state = Pisti.from_setup({"players": 4, "deck": four_player_deck()}, {})
    table = open_table(app, "pisti", {"players": 4}, state)
    set_agent(table, 1, Prefers("6C"))
    set_agent(table, 2, Prefers("6D"))
    settle(app, table)
    gesture_for(app, table, pisti.ACTIONS.parse("9S"))
    titles: list[str] = []
    end = time.monotonic() + 30
    while not (len(table.state.history) >= 3 and titles) and time.monotonic() < end:
        app.step(DT)
        titles += [phrase(p.title, table.model.namer) for p in table.model.hooks.peeks]
        time.sleep(0.001)
    north = table.model.namer.who(2)
    assert titles, titles
    assert all(north in t for t in titles), titles
    you = YOU_TOOK[lang]
    assert not any(you in t for t in titles)
