"""The opening deal of Pishe Pasha, shown as cards flying from a deck in the middle.

The engine just splits a shuffled pack (RULES.md §2); the screen shows the
dealer's way: two cards at a time, then three at a time, to each seat in turn,
seat 0 first. With three players the last card goes face up to the centre
foundation (§3.2). The deck is a pile of the shown table (``deck``) with a spot
of its own only while the deal lasts; each flight takes its card off the deck
when it starts and lays it on the stock when it lands.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.rules.base import GameState
from game.ui.anim import Flight, Timeline, ease_in_out
from game.ui.layout import Layout, Spot
from game.ui.shown import ShownTable

DECK = "deck"
STOCK_SIZE = {2: 26, 3: 17}


def packets(players: int, each: int) -> list[tuple[int, int]]:
    """(seat, cards) in dealing order: two at a time, then three at a time."""
    left = [each] * players
    out: list[tuple[int, int]] = []
    size = 2
    while any(left):
        for seat in range(players):
            k = min(size, left[seat])
            if k:
                out.append((seat, k))
                left[seat] -= k
        size = 3
    return out


def is_fresh_deal(state: GameState) -> bool:
    """A Pishe Pasha hand nobody has touched yet (positions set up by tests are not)."""
    if state.game != "pishe-pasha" or state.history:
        return False
    piles = state.observation(0).piles
    n = state.players
    stocks_full = all(len(piles.get(f"stock{s}", [])) == STOCK_SIZE.get(n) for s in range(n))
    empty = not any(piles.get(f"discard{s}") or piles.get(f"turned{s}") for s in range(n))
    return stocks_full and empty


def deck_spot(layout: Layout) -> Spot:
    """Where the deck lies: beside a single foundation, else amid the four."""
    found = [s.rect for pid, s in layout.spots.items() if pid.startswith("found")]
    rect = found[0].copy()
    if len(found) == 1:
        rect.x -= int(layout.unit * 1.3)
    else:
        rect.center = found[0].unionall(found).center
    return Spot(rect, stack=True)


def deal_timeline(
    state: GameState,
    shown: ShownTable,
    layout: Layout,
    seconds: float,
    sound: Callable[[str], None],
) -> Timeline:
    """Empty the stocks on screen, fill the deck and fly every card to its stock."""
    n = state.players
    piles = state.observation(0).piles
    centre = piles.get("found0", [None])[-1] if n == 3 else None
    for s in range(n):
        shown.piles[f"stock{s}"] = []
    if n == 3:
        shown.piles["found0"] = []
    deck = shown.piles[DECK] = [None] * 52
    spot = layout.spots[DECK]
    fly, gap = max(0.1, seconds * 0.55), seconds * 0.3
    flights, counts, at, left = [], [0] * n, 0.0, len(deck)
    for seat, k in packets(n, STOCK_SIZE[n]):
        target = layout.spots[f"stock{seat}"]
        for j in range(k):
            start = pygame.Vector2(spot.card_pos(left - 1, left))
            left -= 1
            end = pygame.Vector2(target.card_pos(counts[seat], counts[seat] + 1))
            counts[seat] += 1
            flights.append(
                _flight(None, start, end, fly, at + j * gap * 0.3, shown, f"stock{seat}")
            )
            if j == 0:
                flights[-1].on_start = _chain(flights[-1].on_start, lambda: sound("deal"))
        at += gap
    if centre is not None:
        found = layout.spots["found0"]
        start = pygame.Vector2(spot.rect.topleft)
        flights.append(
            _flight(
                centre, start, pygame.Vector2(found.rect.topleft), fly * 1.6, at, shown, "found0"
            )
        )
        flights[-1].face_to = True
        flights[-1].ease = ease_in_out
    return Timeline(flights)


def _flight(
    card: int | None,
    start: pygame.Vector2,
    end: pygame.Vector2,
    secs: float,
    delay: float,
    shown: ShownTable,
    dst: str,
) -> Flight:
    f = Flight(card, start, end, secs, face_from=False, face_to=False, delay=delay)
    f.on_start = lambda: shown.get(DECK).pop() if shown.get(DECK) else None
    f.on_land = lambda: shown.put(dst, [card])
    return f


def _chain(first: Callable[[], None] | None, then: Callable[[], None]) -> Callable[[], None]:
    def both() -> None:
        if first:
            first()
        then()

    return both
