"""The table layout keeps every pile, label and panel inside the window and apart,
at every window size from the minimum to 4K, for every game and player count."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.ui.layout import CARD_RATIO, POSITIONS, table_layout

SIZES = [
    (960, 600),
    (1024, 768),
    (1280, 800),
    (1366, 768),
    (1600, 900),
    (1920, 1080),
    (2560, 1440),
    (3840, 2160),
    (960, 1400),
    (3000, 700),
]
TABLES = [
    ("pishe-pasha", 2, {"foundations": "suits"}),
    ("pishe-pasha", 2, {"foundations": "single"}),
    ("pishe-pasha", 3, {}),
    ("pisha-pasha-book", 2, {}),
    ("pisti", 2, {}),
    ("pisti", 3, {}),
    ("pisti", 4, {}),
]
CASES = [
    (g, n, o, size, human)
    for (g, n, o), size in itertools.product(TABLES, SIZES)
    for human in range(n)
]


def _problems(layout) -> list[str]:
    window = pygame.Rect((0, 0), layout.size)
    rects = layout.solid_rects()
    out = [f"{name} {r} leaves the window" for name, r in rects.items() if not window.contains(r)]
    out += [f"{name} is empty" for name, r in rects.items() if r.w <= 0 or r.h <= 0]
    for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
        if ra.colliderect(rb):
            out.append(f"{a} {ra} overlaps {b} {rb}")
    return out


@pytest.mark.parametrize(("game", "players", "options", "size", "human"), CASES)
def test_layout_has_no_overlap_and_stays_inside_the_window(game, players, options, size, human):
    layout = table_layout(size, game, players, human, options)
    assert _problems(layout) == []


@pytest.mark.parametrize(("game", "players", "options"), TABLES)
def test_layout_has_every_pile_of_the_game(game, players, options):
    layout = table_layout((1280, 800), game, players, 0, options)
    spots = set(layout.spots)
    for s in range(players):
        assert f"label{s}" in layout.areas
        if game == "pisti":
            assert f"hand{s}" in spots
        else:
            assert {f"stock{s}", f"discard{s}"} <= spots
    if game == "pisti":
        assert {"pack", "table"} <= spots
        assert {f"won{side}" for side in range(2 if players == 4 else players)} <= spots


def test_human_sits_at_the_bottom_in_every_seat():
    for (game, players), order in POSITIONS.items():
        for human in range(players):
            layout = table_layout((1280, 800), game, players, human)
            assert layout.seat_pos[human] == "bottom"
            assert sorted(layout.seat_pos.values()) == sorted(order)


def test_card_size_follows_the_window_and_keeps_its_shape():
    small = table_layout((960, 600), "pishe-pasha", 2)
    big = table_layout((3840, 2160), "pishe-pasha", 2)
    assert big.card[0] > 3 * small.card[0]
    for layout in (small, big):
        w, h = layout.card
        assert abs(h - w * CARD_RATIO) <= 1


def test_fanned_pile_shows_its_top_cards_side_by_side():
    layout = table_layout((1280, 800), "pishe-pasha", 2)
    spot = layout.spots["discard0"]
    xs = [spot.card_pos(i, 20)[0] for i in range(20)]
    assert xs[:12] == [xs[0]] * 12
    assert all(b > a for a, b in zip(xs[12:], xs[13:], strict=False))
    assert spot.area.contains(pygame.Rect(spot.card_pos(19, 20), layout.card))
