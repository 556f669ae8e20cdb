"""History reads the hands it shows, a page at a time, newest first: a long history opens
as fast as a short one, and scrolling down by keys or wheel reads on, in order, with
each hand's par, until the oldest hand; a damaged row costs only itself."""

from __future__ import annotations

import pygame
from store_support import hand_row, put_rows
from ui_support import DT, key, make_app

from game.ai.par import Par
from game.store import pars
from game.store.keeper import PAGE
from game.store.pars import HandPar
from game.ui.scenes.history import HistoryScene

HANDS = PAGE * 2 + 37  # three pages, the last one short


def many_hands(home, n: int = HANDS, bad: tuple[int, ...] = ()) -> None:
    """``n`` hands, dealt 1 to n in the order played; those in ``bad`` with a seat the
    game has not."""
    put_rows(home, *(hand_row(deal=d, match_id=f"m{d}", **({"seat": 9} if d in bad else {}))
                     for d in range(1, n + 1)))  # fmt: skip


def opened(tmp_path, monkeypatch) -> HistoryScene:
    app = make_app(tmp_path, monkeypatch, keep=True)
    scene = app.goto("history")
    app.step(DT)
    assert isinstance(scene, HistoryScene)
    return scene


def test_history_opens_on_its_first_page_only(tmp_path, monkeypatch):
    many_hands(tmp_path)
    scene = opened(tmp_path, monkeypatch)
    assert len(scene.entries) == PAGE
    assert [e.deal for e in scene.entries[:3]] == [HANDS, HANDS - 1, HANDS - 2], "newest first"


def test_the_keys_read_on_to_the_oldest_hand_in_order(tmp_path, monkeypatch):
    many_hands(tmp_path)
    scene = opened(tmp_path, monkeypatch)
    for _ in range(HANDS + 5):  # past the end: the last hand stays selected
        key(scene.app, pygame.K_DOWN)
        scene.app.step(DT)
    assert [e.deal for e in scene.entries] == list(range(HANDS, 0, -1))
    assert scene.entries[scene.selected].deal == 1
    assert str(1) in scene.spoken_row()


def test_the_wheel_reads_on_as_it_scrolls(tmp_path, monkeypatch):
    many_hands(tmp_path)
    scene = opened(tmp_path, monkeypatch)
    for _ in range(PAGE):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        scene.app.step(DT)
    assert len(scene.entries) > PAGE
    assert scene.top == PAGE, "one row a notch, past the first page"
    shown = scene.entries[scene.top : scene.top + scene.visible_rows()]
    assert [e.deal for e in shown] == list(range(HANDS - PAGE, HANDS - PAGE - len(shown), -1))


def test_a_page_holding_damaged_rows_reads_on_past_them(tmp_path, monkeypatch):
    bad = tuple(range(HANDS - PAGE - 10, HANDS + 1))  # the whole first page and more
    many_hands(tmp_path, bad=bad)
    scene = opened(tmp_path, monkeypatch)
    assert scene.entries, "the hands below the damage are shown"
    assert scene.entries[0].deal == bad[0] - 1
    assert scene.replay_btn.enabled
    assert scene.app.notices


def test_a_hands_par_is_read_with_its_page(tmp_path, monkeypatch):
    many_hands(tmp_path)
    app = make_app(tmp_path, monkeypatch, keep=True)
    oldest = app.keeper.page(None, HANDS)[0][-1]
    par = HandPar(oldest.id, 4.0, Par(1.5, 1.0, 0.5, 2.5, (1.0, 2.0)))
    with app.keeper.store.change() as c:
        c.execute(pars.INSERT, par.row())
    scene = app.goto("history")
    assert oldest.id not in scene.pars, "not read before its page"
    for _ in range(HANDS):
        key(app, pygame.K_DOWN)
    app.step(DT)
    assert scene.entries[scene.selected].id == oldest.id
    assert "+2.5" in scene.spoken_row(), "its par read with its page, said as the row shows it"
