"""The green baize behind everything: soft mottling, a vignette and a fine grain.

A tiny surface holds the colour, mottling and vignette; smoothscale blows it up to the
window (that blur *is* the softness), then a small grain tile is added on top. About
20 ms at 1920x1080 here, and cached per window size.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

BASE = (26, 102, 62)
SMALL = (48, 27)
GRAIN = 64


def _mottled(colour: tuple[int, int, int], rng: random.Random) -> pygame.Surface:
    """Base colour, darker towards the edges, with gentle blotches."""
    w, h = SMALL
    surf = pygame.Surface(SMALL)
    for y in range(h):
        for x in range(w):
            dx, dy = (x + 0.5) / w - 0.5, (y + 0.5) / h - 0.45
            shade = 1.06 - 0.75 * (dx * dx * 1.1 + dy * dy * 1.6) + rng.uniform(-0.035, 0.035)
            surf.set_at((x, y), tuple(max(0, min(255, round(c * shade))) for c in colour))
    return surf


@lru_cache(maxsize=2)
def _grain(seed: int) -> pygame.Surface:
    """A tile of faint speckle, added to the felt so it never looks like a flat fill."""
    rng = random.Random(seed)
    tile = pygame.Surface((GRAIN, GRAIN))
    for y in range(GRAIN):
        for x in range(GRAIN):
            v = int(rng.random() ** 3 * 14)
            tile.set_at((x, y), (v, v + 2, v))
    return tile


@lru_cache(maxsize=4)
def felt(size: tuple[int, int], colour: tuple[int, int, int] = BASE) -> pygame.Surface:
    """The table background at ``size``; same size and colour give the same (cached) surface."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    rng = random.Random(1993)
    surf = pygame.transform.smoothscale(_mottled(colour, rng), (w, h))
    surf.fill((7, 7, 7), special_flags=pygame.BLEND_RGB_SUB)
    tile = _grain(7)
    surf.fblits(
        [(tile, (x, y)) for y in range(0, h, GRAIN) for x in range(0, w, GRAIN)],
        pygame.BLEND_RGB_ADD,
    )
    return surf


def vignette_strength(size: tuple[int, int]) -> float:
    """How much darker the corners are than the centre (0..1), for tests and tuning."""
    surf = felt(size)
    centre = surf.get_at((size[0] // 2, size[1] // 2))
    corner = surf.get_at((2, 2))
    return 1 - math.fsum(corner[:3]) / max(1.0, math.fsum(centre[:3]))
