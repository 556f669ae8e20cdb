"""At the table, a gesture that means several moves told apart only by the choice each
declares (the duel's 8 led, and the pool card it takes) opens the chooser: the game's
question and a button per choice, keys 1-n, arrows and Enter, Esc to cancel. Meanwhile the
phase is DECIDING and the header, the hint line and the voice follow it. The choice is
also made on the felt: the chooser keeps clear of the pool's cards and keeps them bright,
lights the card the answer in focus takes, a click on a pool card answers, a drop of the
8 onto one makes that move at once, a held 8 lights the cards it may take, and the hint's
arrow ends on the card to take. Real mouse and key events, headless."""

from __future__ import annotations

import pygame
import pytest
from ui_support import DT, centre, click, drag, key, open_table, post, settle, until

from game.core.cards import parse_card
from game.core.types import TABLE, PileId, PileKind
from game.speech import FileBackend
from game.text import say, set_language
from game.ui import theme
from game.ui.table.input.controller import Focus
from game.ui.table.model import says
from game.ui.table.model.phase import Doing
from game.ui.widgets import text_of

from .rules import POOL
from .spec import ID
from .test_an_eight_takes_from_the_pool import dealt

HAND = PileId(PileKind.HAND, 0)
POOL_WORDS = ["9♣", "K♦", "3♥"]  # the pool as it lies: 9♣ K♦ 3♥
KD, THREE_H = parse_card("KD"), parse_card("3H")


def table_of(app, tmp_path, first: str):
    app.voice.use(FileBackend(tmp_path / "said.txt"))
    app.voice.on = True
    t = open_table(app, ID, {}, state=dealt(first, "KH 5H 9D AC"))
    settle(app, t)
    assert t.human == 0
    assert t.state.to_move == 0
    return t


@pytest.fixture
def table(duel, app, tmp_path):
    """The player (seat 0) leads, holding 2♣ 3♣ 4♣ 8♠ (the 8 is the fourth card)."""
    return table_of(app, tmp_path, "8S 2C 3C 4C")


def eight(t) -> tuple[int, int]:
    return centre(t, HAND, 3)


def pool_card(t, card: int) -> pygame.Rect:
    return t.model.card_rects((card,))[card]


def asked_words(t) -> list[str]:
    return [text_of(b.label) for b in t.controls.choices()]


def assert_deciding(t) -> None:
    m = t.model
    assert m.asking is not None
    assert m.phase.doing is Doing.DECIDING
    assert not m.phase.mine
    assert says.status(m) == say("status.your_call") == "Your call"
    assert says.message_line(m)[0] == "Pick one: press 1–3, or Esc to cancel"
    assert asked_words(t) == [*POOL_WORDS, "Cancel"]
    assert t.state.history == [], "nothing is played while the player decides"


def test_a_drag_of_the_eight_to_the_table_asks_which_card_and_a_click_on_one_answers(app, table):
    drag(app, eight(table), table.view.pile_top_rect(TABLE).center)
    assert_deciding(table)
    click(app, table.controls.choices()[2].rect.center)
    assert [str(a) for a in table.state.history][:1] == ["8S=3H"]
    assert table.model.asking is None


def test_a_click_on_the_eight_asks_and_a_number_key_takes_that_card(app, table):
    click(app, eight(table))
    assert_deciding(table)
    key(app, pygame.K_2)
    assert [str(a) for a in table.state.history][:1] == ["8S=KD"]


def test_arrows_and_enter_choose_in_the_chooser(app, table):
    key(app, pygame.K_4)  # the hand's fourth card, by its number
    assert_deciding(table)
    for k in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_UP, pygame.K_TAB):
        key(app, k)
    assert table.controls.ring.current() is table.controls.choices()[1]
    key(app, pygame.K_RETURN)
    assert [str(a) for a in table.state.history][:1] == ["8S=KD"]


def test_esc_cancels_the_chooser_the_card_goes_back_and_nothing_is_played(app, table):
    table.controller.focus = Focus(HAND, 3)
    key(app, pygame.K_RETURN)  # its one place is the table: which card?
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
    assert app.voice.last == (
        "Which pool card does your 8 take? The 9 of clubs. The king of diamonds. "
        "The 3 of hearts. Cancel"
    ), "each card said in full, and the question with its own question mark"
    key(app, pygame.K_ESCAPE)
    set_language("tr")
    click(app, eight(table))
    assert asked_words(table) == [*POOL_WORDS, "Vazgeç"]
    assert app.voice.last.startswith("8'inle havuzdan hangi kartı alıyorsun?")
    assert says.status(table.model) == "Karar senin"


def test_a_drop_of_the_eight_onto_a_pool_card_takes_that_card_without_asking(app, table):
    drag(app, eight(table), pool_card(table, THREE_H).center)
    assert table.model.asking is None
    assert [str(a) for a in table.state.history][:1] == ["8S=3H"]
    assert THREE_H in table.state.piles[HAND]


def test_a_click_on_a_pool_card_answers_the_chooser(app, table):
    click(app, eight(table))
    assert_deciding(table)
    click(app, pool_card(table, KD).center)
    assert table.model.asking is None
    assert [str(a) for a in table.state.history][:1] == ["8S=KD"]


def test_the_chooser_keeps_clear_of_the_pool_and_lights_the_card_in_focus(app, table):
    click(app, eight(table))
    app.step(DT)
    cards = [pool_card(table, c) for c in table.state.piles[POOL]]
    box = table.controls.choices()[0].rect.unionall([b.rect for b in table.controls.choices()])
    assert box.collidelist(cards) < 0, "the buttons cover none of the cards chosen between"
    key(app, pygame.K_DOWN)  # the ring onto the first answer: 9♣
    key(app, pygame.K_DOWN)  # then K♦
    assert table.controls.answer_in_focus() == 1
    app.step(DT)
    screen = app.screen
    ring = pool_card(table, KD).inflate(pool_card(table, KD).w // 8, pool_card(table, KD).w // 8)
    lit = [
        screen.get_at((ring.centerx, ring.top + 1))[:3],
        screen.get_at((ring.left + 1, ring.centery))[:3],
    ]
    assert tuple(theme.LEGAL) in [tuple(c) for c in lit], "the card K♦'s answer takes is lit"
    other = pool_card(table, THREE_H).inflate(
        pool_card(table, KD).w // 8, pool_card(table, KD).w // 8
    )
    assert tuple(screen.get_at((other.centerx, other.top + 1))[:3]) != tuple(theme.LEGAL)


def test_a_held_eight_lights_the_cards_it_may_take(app, table):
    post(pygame.MOUSEBUTTONDOWN, eight(table))
    app.step(DT)
    post(pygame.MOUSEMOTION, (eight(table)[0], eight(table)[1] - 40))
    app.step(DT)
    assert set(table.controller.pointer().takes) == set(table.state.piles[POOL])
    post(pygame.MOUSEBUTTONUP, eight(table))
    app.step(DT)


def test_the_hint_arrow_ends_on_the_pool_card_to_take(duel, app, tmp_path):
    t = table_of(app, tmp_path, "8S 9H 10H AH")  # its weakest card is the 8: it takes K♦
    key(app, pygame.K_h)
    until(app, lambda: t.model.hint is not None, 20, what="the hint")
    assert t.model.hint is not None, t.model.message
    assert str(t.model.hint.action) == "8S=KD"
    card, target = t.view.hint_rects()
    assert card == t.model.card_rects((parse_card("8S"),))[parse_card("8S")]
    assert target == pool_card(t, KD), "the arrow ends on the card to take, not the pile's top"
    assert says.message_line(t.model)[0] == "Hint: lead 8♠ and take K♦ from the pool."


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
