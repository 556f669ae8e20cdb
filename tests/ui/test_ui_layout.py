"""The table layout keeps every pile, label and panel inside the window and apart, at
every window size from a small screen to 4K, for every game, player count and card size."""

from __future__ import annotations

import itertools

import pygame
import pytest
from conftest import registered_tables

from game.core.design import CARD_RATIO
from game.core.types import PileId
from game.games import SPECS
from game.ui.table.model.layout import Spot, seat_positions, table_layout

SIZES = [
    (800, 480),
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
TABLES = [  # every table each registered game opens, and a variant more
    (game, choices.get("players", SPECS[game].players[0]), SPECS[game].engine_options(choices))
    for game, choices, _ in registered_tables()
] + [("pishe-pasha", 3, {"stop_rule": True})]
CASES = [
    (g, n, o, size, human)
    for (g, n, o), size in itertools.product(TABLES, SIZES)
    for human in range(n)
]


def layout_of(game, players, options, size=(1280, 800), human=0, card_scale=1.0):
    state = SPECS[game].new_hand(players, options, 1)
    sides = {s: state.side_of(s) for s in range(players)}
    return table_layout(SPECS[game], size, players, human, options, sides, card_scale)


def _problems(layout) -> list[str]:
    window = pygame.Rect((0, 0), layout.size)
    rects = layout.solid_rects()
    out = [f"{name} {r} leaves the window" for name, r in rects.items() if not window.contains(r)]
    out += [f"{name} is empty" for name, r in rects.items() if r.w <= 0 or r.h <= 0]
    for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
        if a == "table" or b == "table":
            continue
        if ra.colliderect(rb):
            out.append(f"{a} {ra} overlaps {b} {rb}")
    return out


@pytest.mark.parametrize(("game", "players", "options", "size", "human"), CASES)
def test_layout_has_no_overlap_and_stays_inside_the_window(game, players, options, size, human):
    assert _problems(layout_of(game, players, options, size, human)) == []


@pytest.mark.parametrize(("game", "players", "options"), TABLES)
@pytest.mark.parametrize("scale", [1.15, 1.3])
def test_larger_cards_never_overlap_and_are_never_smaller(game, players, options, scale):
    for size in ((1280, 800), (1920, 1080), (960, 600), (2560, 1080)):
        plain = layout_of(game, players, options, size)
        big = layout_of(game, players, options, size, card_scale=scale)
        assert _problems(big) == []
        assert big.card[0] >= plain.card[0]


def test_larger_cards_grow_where_the_window_has_room():
    plain = layout_of("pishe-pasha", 2, {}, (1920, 1200))
    big = layout_of("pishe-pasha", 2, {}, (1920, 1200), card_scale=1.3)
    assert big.card[0] > plain.card[0]


@pytest.mark.parametrize(("game", "players", "options"), TABLES)
def test_layout_has_every_pile_of_the_game(game, players, options):
    """Every pile the game's cards lie in (as its rules reveal them) has its spot, and
    every seat its label, whatever piles the game has."""
    layout = layout_of(game, players, options)
    state = SPECS[game].new_hand(players, options, 1)
    assert set(state.reveal()) <= set(layout.spots)
    assert {f"label{s}" for s in range(players)} <= set(layout.areas)


def test_human_sits_at_the_bottom_in_every_seat():
    for spec in SPECS.values():
        for players in spec.players:
            order = spec.positions(players)
            for human in range(players):
                pos = seat_positions(spec, players, human)
                assert pos[human] == "bottom"
                assert sorted(pos.values()) == sorted(order)


def test_card_size_follows_the_window_and_keeps_its_shape():
    small = layout_of("pishe-pasha", 2, {}, (960, 600))
    big = layout_of("pishe-pasha", 2, {}, (3840, 2160))
    assert big.card[0] > 3 * small.card[0]
    for layout in (small, big):
        w, h = layout.card
        assert abs(h - w * CARD_RATIO) <= 1


def test_fanned_pile_shows_its_top_cards_side_by_side():
    layout = layout_of("pishe-pasha", 2, {})
    spot = layout.spots[PileId.parse("discard0")]
    xs = [spot.card_pos(i, 20)[0] for i in range(20)]
    assert xs[:12] == [xs[0]] * 12
    assert all(b > a for a, b in itertools.pairwise(xs[12:]))
    assert spot.area.contains(pygame.Rect(spot.card_pos(19, 20), layout.card))


def test_a_hand_that_grows_past_its_fan_closes_up_and_every_card_shows():
    """A hand keeps its fan's width as it grows (a game where a player draws): its cards
    close up, each still seen and clickable; other fans show only their top cards."""
    rect = pygame.Rect(100, 50, 40, 56)
    hand = Spot(rect, fan=(30.0, 0.0), max_fan=4, squeeze=True)
    xs = [hand.card_pos(i, 7)[0] for i in range(7)]
    assert hand.first_seen(7) == 0
    assert xs == sorted(set(xs))
    assert xs[0] == 100, "the same span as four"
    assert xs[-1] == hand.card_pos(3, 4)[0] == 190, "the same span as four"
    assert [hand.card_pos(i, 3) for i in range(3)] == [(100, 50), (130, 50), (160, 50)]
    pile = Spot(rect, fan=(30.0, 0.0), max_fan=4)
    assert pile.first_seen(7) == 3
