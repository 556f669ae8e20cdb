"""At the table, a gesture that means several moves told apart only by the choice each
declares (the duel's 8 led, and the suit it names) opens the chooser: the game's question
and a button per choice, keys 1-n, arrows and Enter, Esc to cancel. Meanwhile the phase is
DECIDING and the header, the hint line and the voice follow it. Real mouse and key events,
headless."""

from __future__ import annotations

import pygame
import pytest
from ui_support import DT, centre, click, drag, key, open_table, post, settle

from game.core.cards import CARD_TEXT, parse_card
from game.core.types import TABLE, PileId, PileKind
from game.speech import FileBackend
from game.text import say, set_language
from game.ui.table.input.controller import Focus
from game.ui.table.model import says
from game.ui.table.model.phase import Doing
from game.ui.widgets import text_of

from .rules import Duel
from .spec import ID

HAND = PileId(PileKind.HAND, 0)
SUITS = ["♣ Clubs", "♦ Diamonds", "♥ Hearts", "♠ Spades"]


@pytest.fixture
def table(duel, app, tmp_path):
    """The player (seat 0) leads, holding 2♣ 3♣ 4♣ 8♠ (the 8 is the fourth card)."""
    hands = [parse_card(c) for c in ["2C", "3C", "4C", "8S", "KD", "5H", "9D", "AC"]]
    deck = [CARD_TEXT[c] for c in hands + [c for c in Duel.CARDS if c not in hands]]
    app.voice.use(FileBackend(tmp_path / "said.txt"))
    app.voice.on = True
    t = open_table(app, ID, {}, state=Duel.from_setup({"deck": deck}))
    settle(app, t)
    assert t.human == 0
    assert t.state.to_move == 0
    return t


def eight(t) -> tuple[int, int]:
    return centre(t, HAND, 3)


def asked_words(t) -> list[str]:
    return [text_of(b.label) for b in t.controls.choices()]


def assert_deciding(t) -> None:
    m = t.model
    assert m.asking is not None
    assert m.phase.doing is Doing.DECIDING
    assert not m.phase.mine
    assert says.status(m) == say("status.your_call") == "Your call"
    assert says.message_line(m)[0] == "Pick one: press 1–4, or Esc to cancel"
    assert asked_words(t) == [*SUITS, "Cancel"]
    assert t.state.history == [], "nothing is played while the player decides"


def test_a_drag_of_the_eight_asks_its_suit_and_a_click_on_hearts_plays_8s_eq_h(app, table):
    drag(app, eight(table), table.view.pile_top_rect(TABLE).center)
    assert_deciding(table)
    click(app, table.controls.choices()[2].rect.center)
    assert [str(a) for a in table.state.history] == ["8S=H"]
    assert table.model.asking is None


def test_a_click_on_the_eight_asks_and_a_number_key_names_the_suit(app, table):
    click(app, eight(table))
    assert_deciding(table)
    key(app, pygame.K_4)
    assert [str(a) for a in table.state.history] == ["8S=S"]


def test_arrows_and_enter_choose_in_the_chooser(app, table):
    key(app, pygame.K_4)  # the hand's fourth card, by its number
    assert_deciding(table)
    for k in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_UP, pygame.K_TAB):
        key(app, k)
    assert table.controls.ring.current() is table.controls.choices()[1]
    key(app, pygame.K_RETURN)
    assert [str(a) for a in table.state.history] == ["8S=D"]


def test_esc_cancels_the_chooser_the_card_goes_back_and_nothing_is_played(app, table):
    controller = table.controller
    controller.focus = Focus(HAND, 3)
    key(app, pygame.K_RETURN)  # its one place is the table: which suit?
    assert_deciding(table)
    key(app, pygame.K_ESCAPE)
    m = table.model
    assert m.asking is None
    assert table.state.history == []
    assert m.phase.doing is Doing.CHOOSING
    assert parse_card("8S") in m.shown.get(HAND)
    assert not m.shown.get(TABLE)
    assert not table.controls.overlay_open(), "Esc cancels the question, no menu opens"


def test_a_card_with_one_move_plays_at_once_without_asking(app, table):
    click(app, centre(table, HAND, 0))
    assert [str(a) for a in table.state.history] == ["2C"]
    assert table.model.asking is None


def test_the_voice_says_the_question_and_the_choices_in_either_language(app, table):
    click(app, eight(table))
    assert app.voice.last == "Your 8 names a suit. " + ". ".join([*SUITS, "Cancel"])
    key(app, pygame.K_ESCAPE)
    set_language("tr")
    click(app, eight(table))
    assert asked_words(table) == ["♣ Sinek", "♦ Karo", "♥ Kupa", "♠ Maça", "Vazgeç"]
    assert app.voice.last.startswith("8'in bir renk söylüyor. ♣ Sinek")
    assert says.status(table.model) == "Karar senin"


@pytest.mark.parametrize("sdl_counts", [False, True], ids=["timed", "sdl_clicks"])
@pytest.mark.parametrize("cancel", ["esc", "cancel_button"])
def test_a_quick_click_after_the_chooser_is_cancelled_is_a_single_click_that_asks_again(
    app, table, cancel, sdl_counts
):
    """Click the 8, cancel the chooser (Esc or its Cancel button), click the 8 again at
    once: a fresh single click, so the chooser asks again (no double click, no silence),
    whether the double click is timed here or counted by SDL (``event.clicks``, which
    knows nothing of the chooser between the two)."""
    at = eight(table)
    for n in (1, 2):
        if sdl_counts:  # handed to the app as SDL delivers it, not posted back through SDL
            app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1, clicks=n)])
        else:
            post(pygame.MOUSEBUTTONDOWN, at)
            app.step(DT)
        post(pygame.MOUSEBUTTONUP, at)
        app.step(DT)
        assert_deciding(table)
        if cancel == "esc":
            key(app, pygame.K_ESCAPE)
        else:
            click(app, table.controls.choices()[-1].rect.center)
        assert table.model.asking is None
        assert table.state.history == []
