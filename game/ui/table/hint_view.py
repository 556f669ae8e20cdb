"""Drawing the hint: a glow and a ring around the card to move, a ring on the pile it
goes to, and a dotted arrow between them that marches while the hint is new."""

from __future__ import annotations

import math

import pygame

from game.assets.art.glow import corner_radius
from game.ui import theme
from game.ui.table.suggestion import PULSE_SECONDS


def strength(age: float) -> float:
    """1 once the hint has settled; a slow throb while it is new."""
    if age >= PULSE_SECONDS:
        return 1.0
    return 0.6 + 0.4 * abs(math.cos(age * math.pi * 1.9))


def ring(
    surface: pygame.Surface,
    rect: pygame.Rect,
    card: tuple[int, int],
    k: float,
    colour: tuple[int, int, int] = theme.HINT,
) -> None:
    """A bright rounded outline just outside a card."""
    grow = max(3, card[0] // 22)
    width = max(3, card[0] // 28)
    box = rect.inflate(2 * grow, 2 * grow)
    colour = _mix(colour, (255, 255, 255), 0.35 * (1 - k))
    pygame.draw.rect(surface, colour, box, width, border_radius=corner_radius(card) + grow)


def arrow(
    surface: pygame.Surface,
    src: pygame.Rect,
    dst: pygame.Rect,
    card: tuple[int, int],
    age: float,
    colour: tuple[int, int, int] = theme.HINT,
) -> None:
    """A dotted arc bowing upwards from the card's edge to the target's edge, with a head
    (in the hint's colour unless told: the review shows two moves, the rules pictures one)."""
    a, b = pygame.Vector2(src.center), pygame.Vector2(dst.center)
    if (b - a).length() < 1:
        return
    normal = pygame.Vector2(-(b - a).y, (b - a).x).normalize()
    if normal.y > 0 or (normal.y == 0 and normal.x < 0):
        normal = -normal
    gap = card[0] * 0.08
    near = (_edge(dst, a, gap) - _edge(src, b, gap)).length() < card[0] * 1.2
    ctrl = (a + b) / 2 + normal * (b - a).length() * (0.0 if near else 0.22)
    p0, p2 = _edge(src, ctrl, gap), _edge(dst, ctrl, gap)
    curve = [_bezier(p0, ctrl, p2, i / 48) for i in range(49)]
    lengths = [0.0]
    for u, v in zip(curve, curve[1:], strict=False):
        lengths.append(lengths[-1] + (v - u).length())
    total = lengths[-1]
    head = max(8.0, card[0] * 0.16)
    if total < head * 1.2:
        return
    step = max(6.0, card[0] * 0.13)
    r = max(2, round(card[0] * 0.03))
    s = (age * step * 2.5) % step if age < PULSE_SECONDS else 0.0
    j = 0
    while s < total - head * 0.9:
        while lengths[j + 1] < s:
            j += 1
        p = curve[j].lerp(curve[j + 1], (s - lengths[j]) / max(1e-6, lengths[j + 1] - lengths[j]))
        pygame.draw.circle(surface, (0, 0, 0), (p.x + 1, p.y + 2), r)
        pygame.draw.circle(surface, colour, p, r)
        s += step
    u = (p2 - curve[-4]).normalize()
    side = pygame.Vector2(-u.y, u.x) * head * 0.55
    base = p2 - u * head
    points = [p2, base + side, base - side]
    pygame.draw.polygon(surface, (0, 0, 0), [(p.x + 1, p.y + 2) for p in points])
    pygame.draw.polygon(surface, colour, points)


def _bezier(a: pygame.Vector2, c: pygame.Vector2, b: pygame.Vector2, k: float) -> pygame.Vector2:
    return a * (1 - k) ** 2 + c * (2 * k * (1 - k)) + b * k * k


def _edge(rect: pygame.Rect, towards: pygame.Vector2, gap: float) -> pygame.Vector2:
    """Where the line from ``rect``'s centre to ``towards`` leaves the rect, plus ``gap``."""
    c = pygame.Vector2(rect.center)
    d = towards - c
    if d.length() == 0:
        return c
    tx = (rect.w / 2) / abs(d.x) if d.x else math.inf
    ty = (rect.h / 2) / abs(d.y) if d.y else math.inf
    t = min(tx, ty)
    return c + d * t + d.normalize() * gap


def _mix(a, b, k: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * k) for x, y in zip(a, b, strict=True))
