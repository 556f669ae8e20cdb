"""While the window still shows the table's last frame, the table lays afresh only where
that frame drew over its cards and where the cards changed. Every such frame must be, pixel
for pixel, the frame drawn whole: cards dealt, dragged and played, the hint, the keyboard's
focus, the game menu, a window resized, cards played for the player, landing glows."""

from __future__ import annotations

import pygame
import pytest
from ui_support import DT, click, drag, join, key, make_app, open_table, post, settle, until

from game.core.agents import SeatView
from game.core.types import PileId, PileKind
from game.ui.table.rig import RiggedScene
from game.ui.table.view.table_view import TableView


def drawn_whole(app) -> pygame.Surface:
    """The frame on screen drawn again, whole, on a surface of its own: what the screen
    must show. What the tables keep of the screen (where their last frame drew) is put back
    as it was, so the next frame is drawn as the game would draw it."""
    scenes = (app.scene, getattr(app.scene, "table", None))  # (a summary over its table)
    rigs = [s.rig for s in scenes if isinstance(s, RiggedScene)]
    kept = [(r, r.view.painted, r.view._laid_on, r.view._changed, r._overlaid) for r in rigs]
    out = app.screen.copy()
    out.fill((255, 0, 255))  # (what a frame forgets to draw shows)
    app.scene.draw(out)
    for rig, painted, laid_on, changed, overlaid in kept:
        rig.view.painted, rig.view._laid_on, rig.view._changed = painted, laid_on, changed
        rig._overlaid = overlaid
    return out


def differing(a: pygame.Surface, b: pygame.Surface) -> pygame.Rect:
    """The box round every pixel that differs (for the message)."""
    w, h = a.get_size()
    rows = [
        y
        for y in range(h)
        if pygame.image.tobytes(a.subsurface(0, y, w, 1), "RGB")
        != pygame.image.tobytes(b.subsurface(0, y, w, 1), "RGB")
    ]
    cols = [
        x
        for x in range(w)
        if pygame.image.tobytes(a.subsurface(x, rows[0], 1, rows[-1] - rows[0] + 1), "RGB")
        != pygame.image.tobytes(b.subsurface(x, rows[0], 1, rows[-1] - rows[0] + 1), "RGB")
    ]
    return pygame.Rect(cols[0], rows[0], cols[-1] - cols[0] + 1, rows[-1] - rows[0] + 1)


class Frames:
    """The app's step, every frame drawn and compared with the same frame drawn whole;
    counts the frames the table laid only in part."""

    def __init__(self, app, monkeypatch) -> None:
        self.app, self.real = app, app.step
        self.compared = self.in_part = 0
        self.what = "the first frame"
        monkeypatch.setattr(app, "step", self.step)
        laid = TableView._lay

        def lay(view, surface, table, again) -> bool:
            whole = laid(view, surface, table, again)
            self.in_part += not whole
            return whole

        monkeypatch.setattr(TableView, "_lay", lay)

    def step(self, dt: float, first=None) -> bool:
        self.app.dirty = True  # (a frame every step: each is compared)
        running = self.real(dt, first)
        assert self.app.voice.caption is None, "a caption is drawn over the frame"
        shown, whole = self.app.screen, drawn_whole(self.app)
        if pygame.image.tobytes(shown, "RGB") != pygame.image.tobytes(whole, "RGB"):
            where = differing(shown, whole)
            raise AssertionError(f"{self.what}: the frame drawn in part differs at {where}")
        self.compared += 1
        return running


def some_frames(app, n: int) -> None:
    for _ in range(n):
        app.step(DT)
        join(app)  # the worker's and the voice's work done: the next frame sees it


def hand_of(table) -> PileId:
    return PileId(PileKind.HAND, table.human)


def test_a_deal_a_drag_the_hint_the_focus_the_menu_and_a_resize_look_as_drawn_whole(
    tmp_path, monkeypatch
):
    app = make_app(tmp_path, monkeypatch, pace="normal")
    frames = Frames(app, monkeypatch)
    frames.what = "the deal"
    table = open_table(app, "pisti", {"players": 4})
    some_frames(app, 30)  # the cards flying out
    settle(app, table, 60)
    assert table.model.human_may_act()

    frames.what = "the focus"
    for _ in range(4):
        key(app, pygame.K_TAB)

    frames.what = "a card dragged"
    rects = table.view.card_rects(hand_of(table))
    start = rects[0][1].center
    end = table.view.pile_top_rect(PileId(PileKind.TABLE)).center
    post(pygame.MOUSEBUTTONDOWN, start)
    app.step(DT)
    for k in range(1, 7):
        x, y = start[0] + (end[0] - start[0]) * k // 6, start[1] + (end[1] - start[1]) * k // 6
        post(pygame.MOUSEMOTION, (x, y))
        app.step(DT)
    post(pygame.MOUSEMOTION, (start[0] - 40, start[1] - 200))  # back off the pile: no move
    app.step(DT)
    post(pygame.MOUSEBUTTONUP, (start[0] - 40, start[1] - 200))
    some_frames(app, 20)  # it glides home

    frames.what = "the hint"
    key(app, pygame.K_h)
    until(app, lambda: table.model.hint is not None, 30, what="the hint")
    assert table.model.hint is not None
    some_frames(app, 20)  # its arrow marching, its glow throbbing

    frames.what = "the game menu"
    click(app, table.controls.menu_btn.rect.center)
    assert table.controls.menu_open
    some_frames(app, 2)
    key(app, pygame.K_ESCAPE)
    some_frames(app, 2)

    frames.what = "a card played"
    drag(app, table.view.card_rects(hand_of(table))[0][1].center, end)
    some_frames(app, 40)  # the others' cards flying in

    frames.what = "a resize"
    app.window.size = (1100, 720)
    post(pygame.VIDEORESIZE, (0, 0), size=(1100, 720), w=1100, h=720)
    some_frames(app, 5)
    assert table.model.layout.size == (1100, 720)
    assert frames.in_part > 60, "most frames were drawn in part"


@pytest.mark.parametrize(
    ("game", "choices", "reduced_motion"),
    [
        ("pishe-pasha", {"players": 2}, False),
        ("pishe-pasha", {"players": 2, "stop_rule": True}, True),  # call buttons on the felt
        ("pisha-pasha-book", {}, False),  # the flip button, Auto and its speed on the felt
    ],
)
def test_moves_played_for_the_player_and_cards_landing_look_as_drawn_whole(
    tmp_path, monkeypatch, game, choices, reduced_motion
):
    app = make_app(tmp_path, monkeypatch, pace="fast", auto_play=True,
                   reduced_motion=reduced_motion)  # fmt: skip
    frames = Frames(app, monkeypatch)
    frames.what = f"a hand of {game} {choices}"
    table = open_table(app, game, choices, seed=4)
    agent = table.model.spec.make_agent("easy", 5)
    for _ in range(500):
        if app.scene is not table or table.state.is_over:
            break
        if table.model.human_may_act():
            table.model.perform(agent.choose(SeatView(table.state, table.human)))
        some_frames(app, 1)
    assert frames.in_part > 100, "most frames were drawn in part"
