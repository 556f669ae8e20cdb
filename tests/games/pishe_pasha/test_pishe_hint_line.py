"""Pishe Pasha's hint line names the moves that are legal now and no fault (playtest 2):
the compulsory foundation play alone when there is one, a load when one is open, the turn
of the stock or its turning over only when the stock may be clicked. Each position's line
is read in every language, and every move it names is a kind of move legal there."""

from __future__ import annotations

import re

import pytest
from conftest import position, suits_up_to

from game.games.pishe_pasha.kinds import FOUNDATION, MOVE, TURN, PileKinds
from game.games.pishe_pasha.spec import prompt
from game.text import phrasebook
from game.text.names import Namer
from game.text.words import phrase

VERBS = {  # a move the line names, by the words that name it in each language
    "en": {
        "turn": r"turn (a|its top) card",
        "recycle": r"turn your discards? (pile )?over",
        "load": r"\bload\b",
        "foundation": r"foundation",
        "discard": r"onto your own discard pile",
    },
    "tr": {
        "turn": r"kart(ı)? açmak",
        "recycle": r"yeni deste",
        "load": r"yükle",
        "foundation": r"temel",
        "discard": r"kendi ıskartana",
    },
    "de": {
        "turn": r"aufzudecken",
        "recycle": r"ablage um\b|umzudrehen",
        "load": r"\blade\b|\bladen\b",
        "foundation": r"grundstapel",
        "discard": r"deine eigene ablage",
    },
}
STOP = {"stop_rule": True}
POSITIONS = {  # name: (position, the moves the line must name)
    "top discard must go up, stock empty (lesson 16)": (
        position([["9S", "3C"], ["4D"]], suits_up_to(c=2), rest_to=1),
        {"foundation"},
    ),
    "turned card fits": (position([[], []], suits_up_to(h=1), turned="2H"), {"foundation"}),
    "turned card and top discard both fit": (
        position([["AC"], []], suits_up_to(h=1), turned="2H"),
        {"foundation"},
    ),
    "top discard must go up though a load is open (Stop rule)": (
        position([["AC"], ["2D"]], suits_up_to(), options=STOP),
        {"foundation"},
    ),
    "turned card fits though a load is open (Stop rule)": (
        position([[], ["3H"]], suits_up_to(h=1), turned="2H", options=STOP),
        {"foundation"},
    ),
    "holding, a load open": (
        position([["9C"], ["6S"]], suits_up_to(), turned="5D"),
        {"load", "discard"},
    ),
    "holding, no load": (position([["9C"], ["KS"]], suits_up_to(), turned="5D"), {"discard"}),
    "free, a load open": (position([["7C"], ["8H"]], suits_up_to()), {"load", "turn"}),
    "free, a load open, stock empty": (
        position([["7C"], ["8H"]], suits_up_to(), rest_to=1),
        {"load", "recycle"},
    ),
    "free, nothing to load": (position([["7C"], ["KS"]], suits_up_to()), {"turn"}),
    "three players, holding, both opponents take it": (
        position([["9C"], ["6S"], ["4H"]], [["KD"]], turned="5D"),
        {"load", "discard"},
    ),
}
NAMER = Namer({0: "You", 1: "North", 2: "East"}, 0, owners={0: "your", 1: "North's", 2: "East's"})


def legal_verbs(state) -> set[str]:
    """The kinds of move legal now and no fault, as the line's verbs."""
    verbs = set()
    for a in state.legal_actions():
        if state.skipped(a) is not None:
            continue
        if a is TURN or a.kind is TURN.kind:
            verbs.add("turn" if state.where(a).card is not None else "recycle")
        elif a.kind is MOVE and a.dst is FOUNDATION:
            verbs.add("foundation")
        elif a.kind is MOVE and a.whose is not None:
            verbs.add("load")
        elif a.kind is MOVE and a.src is PileKinds.TURNED:
            verbs.add("discard")
    return verbs


@pytest.mark.parametrize("lang", sorted(VERBS))
@pytest.mark.parametrize("name", list(POSITIONS))
def test_the_hint_line_names_exactly_the_moves_legal_now(name, lang):
    state, named = POSITIONS[name]
    assert legal_verbs(state) == named, "the position is the one its name says"
    phrasebook.set_language(lang)
    line = phrase(prompt(state), NAMER)
    said = {verb for verb, words in VERBS[lang].items() if re.search(words, line, re.I)}
    assert said == named, line
    assert "{" not in line, line


def test_the_compulsory_card_and_the_load_target_are_named():
    state, _ = POSITIONS["top discard must go up, stock empty (lesson 16)"]
    assert "3♣" in phrase(prompt(state), NAMER)
    state, _ = POSITIONS["free, a load open"]
    assert "North's" in phrase(prompt(state), NAMER)
