"""The move log reads like the hand: the "played for you" mark belongs to the moves that
played themselves, once each; a run of them is one row ("Played for you: 6♥, 7♥ to the
foundation; turned 9♣"), drawn apart from the player's own decisions, which stand out; a
result or a score is never marked; New hand leaves a line saying the hand was given up.
Whole hands on the headless table, the rows read back as the panel shows them, in English
and Türkçe."""

from __future__ import annotations

import itertools

import pygame
import pytest
from conftest import cards
from ui_support import DT, click, gesture_for, open_table, play_hand, settle

from game.core.types import DISCARDS, STOCKS, Event
from game.games.pishe_pasha.kinds import FOUNDATIONS, TURNEDS
from game.games.pishe_pasha.kinds import EventKinds as PP
from game.text import set_language
from game.text.log_lines import LogLine, rows, run_words
from game.text.names import Namer
from game.ui import theme
from game.ui.table.view import panel

MARK = {"en": "Played for you:", "tr": "Senin yerine oynandı:"}


@pytest.fixture
def app_options() -> dict:
    return {"auto_play": True}


def played_hand(app, game: str, seed: int = 5):
    table = open_table(app, game, {"players": 2}, seed=seed)
    play_hand(app, table, gesture_for)
    return table


def shown_rows(table, lang: str):
    set_language(lang)
    m = table.model
    return m.log.rows(m.namer)


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_the_played_for_you_mark_belongs_to_moves_only_once(app, lang):
    table = played_hand(app, "pishe-pasha")
    m = table.model
    marked = [line for line in m.log.lines if line.forced]
    assert marked, "moves played themselves"
    for line in marked:
        if line.event is None:  # the once-in-a-life word on why moves play themselves
            assert line.key == "log.forced.first"
            continue
        ev = line.event
        assert ev.seat == m.human, ev
        assert ev.src is not None, ev
        assert ev.src.seat == m.human, ev
    for row in shown_rows(table, lang):
        assert row.words.count(MARK[lang]) <= 1, row.words
        assert row.words.count("(") == row.words.count(")") <= 1, row.words
        if MARK[lang] in row.words:
            assert row.words.startswith(MARK[lang])
            assert row.look == "forced"


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_a_run_of_moves_that_played_themselves_reads_as_one_line(app, lang):
    table = played_hand(app, "pishe-pasha")
    shown = shown_rows(table, lang)
    runs = [r for r in shown if r.words.startswith(MARK[lang])]
    assert any("; " in r.words for r in runs), [r.words for r in runs]
    for before, after in itertools.pairwise(shown):
        both = before.words.startswith(MARK[lang]) and after.words.startswith(MARK[lang])
        assert not both, (before.words, after.words)
    assert len(shown) < len(table.model.log.lines), "the runs took fewer rows than moves"


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Played for you: 6♥, 7♥ to the foundation; turned 9♣"),
        ("tr", "Senin yerine oynandı: 6♥, 7♥ temele; 9♣ açıldı"),
    ],
)
def test_moves_alike_in_a_run_are_listed_together(lang, words):
    set_language(lang)
    namer = Namer.for_table({0: "south", 1: "north"}, 0, {0: 0, 1: 1}, "pishe-pasha")
    found = FOUNDATIONS[2]
    run = [
        LogLine.of_event(Event(PP.MOVE, 0, cards("6H"), TURNEDS[0], found), forced="now"),
        LogLine.of_event(Event(PP.MOVE, 0, cards("7H"), DISCARDS[0], found), forced="now"),
        LogLine.of_event(Event(PP.TURN, 0, cards("9C"), STOCKS[0], TURNEDS[0]), forced="beat"),
    ]
    assert run_words(run, namer) == words
    assert [r.words for r in rows(run, namer)] == [words]
    set_language("en")


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_the_players_decisions_stand_out_from_the_moves_that_played_themselves(app, lang):
    table = played_hand(app, "pishe-pasha")
    m = table.model
    shown = shown_rows(table, lang)
    chosen = [r for r in shown if r.look == "chosen"]
    assert chosen, "the player made choices"
    you = {"en": "You ", "tr": ""}[lang]
    assert all(r.words.startswith(you) for r in chosen), chosen
    norths = [line for line in m.log.lines if line.actor is not None and line.actor != m.human]
    assert norths
    assert not any(line.chosen or line.forced for line in norths)
    size, width = 16, 300
    looks = {look: panel._log_line("You load 8♠ onto North's pile", size, width, look)
             for look in ("chosen", "forced", "")}  # fmt: skip
    assert looks["chosen"].get_at((1, looks["chosen"].get_height() // 2))[:3] == theme.GOLD
    assert looks[""].get_at((1, looks[""].get_height() // 2)).a == 0
    colours = {look: _ink(img) for look, img in looks.items()}
    assert colours["forced"] == theme.FORCED_DIM
    assert colours[""] == theme.INK
    assert colours["chosen"] == theme.INK


def _ink(img: pygame.Surface) -> tuple:
    """The brightest colour drawn on a rendered line (its ink, not its edges)."""
    seen = {}
    for x in range(img.get_width()):
        for y in range(img.get_height()):
            c = img.get_at((x, y))
            if c.a == 255:
                seen[tuple(c)[:3]] = seen.get(tuple(c)[:3], 0) + 1
    inks = [c for c in seen if c != theme.GOLD]
    return max(inks, key=lambda c: seen[c])


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_results_and_scoring_lines_are_never_tagged(app, lang):
    table = played_hand(app, "pisti", seed=5)
    m = table.model
    for line in m.log.lines:
        ev = line.event
        if ev is None or line.forced == "":
            continue
        assert ev.kind.value == "move", ev  # the card played, never a capture, score or end
    shown = shown_rows(table, lang)
    results = [r for r in shown if r.words == shown[-1].words]
    assert results
    assert results[-1].look == ""
    assert MARK[lang] not in results[-1].words
    taken = {"en": "take the pile", "tr": "aldın"}[lang]
    captures = [r for r in shown if taken in r.words]
    assert captures
    assert all(MARK[lang] not in r.words and r.look != "forced" for r in captures)


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_the_log_made_again_from_the_record_reads_as_it_was_played(app, lang):
    """A resumed hand's log (made again from its record) marks the same rows."""
    table = played_hand(app, "pishe-pasha")
    m = table.model
    live = [(r.words, r.look) for r in shown_rows(table, lang)]
    m.log.this_hand(m.hand_lines())
    assert [(r.words, r.look) for r in shown_rows(table, lang)] == live


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "You gave up hand 1: it counts as a lost hand and stays in History."),
        ("tr", "1. eli bıraktın: kaybedilmiş el sayılır ve Geçmiş'te kalır."),
    ],
)
def test_new_hand_leaves_a_line_saying_it_gave_the_hand_up(app, lang, words):
    table = open_table(app, "pishe-pasha", {"players": 2}, seed=5)
    settle(app, table)
    if not table.state.history:
        table.model.perform(table.model.my_actions()[0])
    settle(app, table)
    click(app, table.controls.menu_btn.rect.center)
    new_hand = table.controls.pause_items[1]
    click(app, new_hand.rect.center)
    assert table.controls.question is not None, "a hand in play is given up: asked first"
    click(app, table.controls.yes_btn.rect.center)
    app.step(DT)
    assert table.model.match.deal_no is not None
    set_language(lang)
    shown = [r.words for r in table.model.log.rows(table.model.namer)]
    given = shown.index(words)
    assert shown[given + 1].startswith({"en": "Hand 1 of", "tr": "Pishe Pasha"}[lang]), shown
    set_language("en")
