"""The hint's arrow covers no pile's count badge and no pile's label (the playtest: in
Pişti it ran through "Pile: 4 cards"; in Pishe Pasha its head sat on a discard's badge)."""

from __future__ import annotations

import pygame
import pytest
from ui_support import DT, key, open_table, pisti_deck, rest_of_deck, settle, until

from game.games.pishe_pasha.rules import PishePasha
from game.games.pisti.rules import Pisti
from game.text import say_n
from game.ui import theme


@pytest.fixture(params=[("en", (1150, 750)), ("tr", (1150, 750)), ("en", (960, 600))])
def app_options(request) -> dict:
    lang, size = request.param
    return {"size": size, "language": lang}


def drawn_arrow(app, table) -> tuple[list[pygame.Vector2], list[pygame.Rect]]:
    """Ask for a hint with the H key; the points of the arrow the next frame draws (its
    dots and its head's corners, in the hint's colour), and where it draws the badges (the
    piles' counts, the hand's keys) and the pile's and the pack's labels."""
    key(app, pygame.K_h)
    until(app, lambda: table.model.hint is not None, 20, what="the hint")
    points: list[pygame.Vector2] = []
    badges: list[pygame.Rect] = []
    circle, polygon, rect = pygame.draw.circle, pygame.draw.polygon, pygame.draw.rect
    card = table.model.layout.card

    def dot(surface, colour, centre, radius, *args, **kwargs):
        if tuple(colour)[:3] == theme.HINT:
            points.append(pygame.Vector2(centre))
        return circle(surface, colour, centre, radius, *args, **kwargs)

    def head(surface, colour, corners, *args, **kwargs):
        if tuple(colour)[:3] == theme.HINT:
            points.extend(pygame.Vector2(p) for p in corners)
        return polygon(surface, colour, corners, *args, **kwargs)

    def pill(surface, colour, box, *args, **kwargs):
        box = pygame.Rect(box)
        if tuple(colour)[:3] == theme.GOLD and box.w < card[0] // 2 and box.h < card[1] // 4:
            badges.append(box)
        return rect(surface, colour, box, *args, **kwargs)

    def label(surface, words, *args, **kwargs):
        at = text(surface, words, *args, **kwargs)
        if words in (
            say_n("label.pile", 4),
            say_n("label.pack_bottom", 40),
            say_n("label.pack", 40),
        ):
            badges.append(at)
        return at

    text = theme.text
    pygame.draw.circle, pygame.draw.polygon, pygame.draw.rect = dot, head, pill
    theme.text = label
    try:
        app.dirty = True
        app.step(DT)
        table.view._table_part(pygame.Surface(app.size), (), None)  # the cached piles' badges
    finally:
        pygame.draw.circle, pygame.draw.polygon, pygame.draw.rect = circle, polygon, rect
        theme.text = text
    assert points, "no arrow drawn"
    return points, badges


@pytest.mark.parametrize(
    "hand",
    [
        ["6D", "8C", "JC", "KS"],
        ["JC", "6D", "8C", "KS"],
        ["6D", "JC", "8C", "KS"],
        ["2H", "6D", "8C", "JC"],
    ],
)
def test_the_hint_arrow_to_the_pile_crosses_neither_its_label_nor_its_badge(app, hand):
    deck = pisti_deck(["5H", "3D", "4S", "2C"], hand, ["9D", "6C", "7C", "8H"])
    table = open_table(
        app, "pisti", {"players": 2}, Pisti.from_setup({"players": 2, "deck": deck}, {})
    )
    settle(app, table)
    path, taken = drawn_arrow(app, table)
    assert len(taken) == 8, taken  # the pack's and the pile's labels and badges, 4 hand keys
    near = table.model.layout.card[0] // 10  # a dot's radius and a little air
    covered = [p for p in path for box in taken if box.inflate(2 * near, 2 * near).collidepoint(p)]
    assert not covered, covered[:3]


def test_the_hint_arrow_to_a_discard_pile_ends_clear_of_its_badge(app):
    """Pishe Pasha (the playtest's 66): loading 7♣ onto North's 8♦, whose count badge sits
    on the bottom corner the arrow used to end on."""
    used = ["AD", "AS", "7H", "8D", "6C", "5C", "7C"]
    rest = rest_of_deck(*used)
    state = PishePasha.from_piles(
        [rest[:21], rest[21:45]],
        discards=[["6C", "5C"], ["7H", "8D"]],
        foundations=[[], ["AD"], [], ["AS"]],
        turned="7C",
    )
    table = open_table(app, "pishe-pasha", {"players": 2}, state)
    settle(app, table)
    path, taken = drawn_arrow(app, table)
    assert str(table.model.hint.action).startswith("turned>"), table.model.hint.text
    near = table.model.layout.card[0] // 10
    covered = [p for p in path for box in taken if box.inflate(2 * near, 2 * near).collidepoint(p)]
    assert not covered, covered[:3]
