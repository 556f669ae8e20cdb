"""A game words its refusals itself: a code of its own, worded in its own catalogue, and a
code it shares with another game (by its text) worded its own way at its own table, while
the other game's table keeps the other game's words."""

from __future__ import annotations

import random

import pytest
from ui_support import centre, click, open_table, settle

from game.core.cards import parse_card
from game.core.types import PACK, Refusal
from game.text import current, say, set_language
from game.text.names import Namer, card_params
from game.text.words import refusal_text

from .rules import DRAW_PASS, Codes
from .spec import ID, SPEC


def namer(game: str) -> Namer:
    return Namer({0: "You", 1: "North"}, human=0, game=game)


OWN = {
    "en": ("The duel is played from your hand, and", "Only the leader draws"),
    "tr": ("Düelloda elindeki kartlarla oynarsın;", "Yalnızca ilk kartı"),
}


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_a_code_two_games_share_is_worded_by_each_table_s_own_game(duel, lang):
    set_language(lang)
    held = Refusal(Codes.NOT_HELD, card=parse_card("7H"))
    mine, theirs = refusal_text(held, namer(ID)), refusal_text(held, namer("pisti"))
    assert mine.startswith(OWN[lang][0])
    assert card_params(held.card)["card"] in mine
    assert theirs == say("refusal.not_held", **card_params(held.card))
    assert not theirs.startswith(OWN[lang][0])


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_the_duel_s_own_refusal_is_worded_from_its_own_catalogue(duel, lang):
    set_language(lang)
    state = SPEC.new_hand(2, {}, 12)
    state.apply(state.legal_actions()[0])  # seat 0 leads: seat 1 answers and may not draw
    why = state.check(DRAW_PASS)
    assert why == Refusal(Codes.NO_DRAW)
    assert refusal_text(why, namer(ID)).startswith(OWN[lang][1])
    assert "refusal.no_draw" not in current().missing


def test_a_click_on_the_pack_while_answering_shows_the_duel_s_own_reason(duel, app):
    """The table words the refusal through its game: a draw while answering is refused in
    the duel's own words on the hint line."""
    state, rng = SPEC.new_hand(2, {}, 5), random.Random(5)
    while not (state.to_move == 0 and DRAW_PASS not in state.legal_actions()):
        state.apply(rng.choice(state.legal_actions()))
    table = open_table(app, ID, {}, state=state)
    settle(app, table)
    assert table.model.takes_moves()
    click(app, centre(table, PACK))
    assert table.state.history == state.history, "nothing was played"
    assert table.model.message.startswith(OWN["en"][1])
