"""Drawing the hint: a glow and a ring around the card to move, a ring on the pile it
goes to, and a dotted arrow between them that marches while the hint is new."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import pygame

from game.assets.art.glow import corner_radius
from game.ui import theme
from game.ui.table.model.hint_state import PULSE_SECONDS


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
) -> pygame.Rect:
    """A bright rounded outline just outside a card; returns where it went."""
    grow = max(3, card[0] // 22)
    width = max(3, card[0] // 28)
    box = rect.inflate(2 * grow, 2 * grow)
    colour = _mix(colour, (255, 255, 255), 0.35 * (1 - k))
    return pygame.draw.rect(surface, colour, box, width, border_radius=corner_radius(card) + grow)


def arrow(
    surface: pygame.Surface,
    src: pygame.Rect,
    dst: pygame.Rect,
    card: tuple[int, int],
    age: float,
    colour: tuple[int, int, int] = theme.HINT,
    avoid: Sequence[pygame.Rect] = (),
) -> pygame.Rect | None:
    """A dotted arc bowing upwards from the card's edge to the target's edge, with a head
    (in the hint's colour unless told: the review shows two moves, the rules pictures one),
    routed round what it must not cover (``avoid``: count badges, pile labels), else cut
    short before it. Returns what it covered (None: nothing drawn)."""
    if (pygame.Vector2(dst.center) - pygame.Vector2(src.center)).length() < 1:
        return None
    head = max(8.0, card[0] * 0.16)
    r = max(2, round(card[0] * 0.03))
    curve = route(src, dst, card, avoid, head * 0.55 + r + 2, surface.get_rect())
    lengths = [0.0]
    for u, v in itertools.pairwise(curve):
        lengths.append(lengths[-1] + (v - u).length())
    total = lengths[-1]
    if total < head * 1.2:
        return None
    step = max(6.0, card[0] * 0.13)
    s = (age * step * 2.5) % step if age < PULSE_SECONDS else 0.0
    j = 0
    drawn: list[pygame.Rect] = []
    while s < total - head * 0.9:
        while lengths[j + 1] < s:
            j += 1
        p = curve[j].lerp(curve[j + 1], (s - lengths[j]) / max(1e-6, lengths[j + 1] - lengths[j]))
        drawn.append(pygame.draw.circle(surface, (0, 0, 0), (p.x + 1, p.y + 2), r))
        drawn.append(pygame.draw.circle(surface, colour, p, r))
        s += step
    p2 = curve[-1]
    u = (p2 - curve[-4]).normalize()
    side = pygame.Vector2(-u.y, u.x) * head * 0.55
    base = p2 - u * head
    points = [p2, base + side, base - side]
    drawn.append(pygame.draw.polygon(surface, (0, 0, 0), [(p.x + 1, p.y + 2) for p in points]))
    return pygame.draw.polygon(surface, colour, points).unionall(drawn)


def route(
    src: pygame.Rect,
    dst: pygame.Rect,
    card: tuple[int, int],
    avoid: Sequence[pygame.Rect] = (),
    width: float = 0.0,
    bounds: pygame.Rect | None = None,
) -> list[pygame.Vector2]:
    """The arrow's path from ``src`` to ``dst``: the plain arc bowing upwards where it
    covers nothing in ``avoid``, else the shortest arc between the cards' sides that
    covers none of it nor crosses the two cards, else the plain arc cut short before the
    first thing it would cover."""
    gap = card[0] * 0.08
    plain = _plain(src, dst, card, gap)
    if not avoid:
        return plain
    blocked = [r.inflate(2 * width, 2 * width) for r in avoid]
    cards = [src.inflate(-4, -4), dst.inflate(-4, -4)]
    arcs = [plain, *sorted(_arcs(src, dst, gap), key=_length)]
    for curve in arcs:
        if _clear(curve, blocked, cards, bounds):
            return curve
    cut = next((i for i, p in enumerate(plain) if _hits(p, blocked)), len(plain))
    return plain[: max(cut - 1, 2)]


def _plain(src, dst, card, gap) -> list[pygame.Vector2]:
    """The arc bowing upwards between the cards' edges (straight when they are close)."""
    a, b = pygame.Vector2(src.center), pygame.Vector2(dst.center)
    normal = pygame.Vector2(-(b - a).y, (b - a).x).normalize()
    if normal.y > 0 or (normal.y == 0 and normal.x < 0):
        normal = -normal
    near = (_edge(dst, a, gap) - _edge(src, b, gap)).length() < card[0] * 1.2
    ctrl = (a + b) / 2 + normal * (b - a).length() * (0.0 if near else 0.22)
    return _curve(_edge(src, ctrl, gap), ctrl, _edge(dst, ctrl, gap))


def _arcs(src: pygame.Rect, dst: pygame.Rect, gap: float) -> list[list[pygame.Vector2]]:
    """Arcs from the middle of each side of ``src`` to the middle of each side of
    ``dst``, straight and bowed either way."""
    out = []
    for p0 in _sides(src, gap):
        for p2 in _sides(dst, gap):
            d = p2 - p0
            if d.length() < 1:
                continue
            normal = pygame.Vector2(-d.y, d.x)
            for bow in (0.0, 0.25, -0.25, 0.5, -0.5):
                out.append(_curve(p0, (p0 + p2) / 2 + normal * bow, p2))
    return out


def _sides(rect: pygame.Rect, gap: float) -> list[pygame.Vector2]:
    return [
        pygame.Vector2(rect.centerx, rect.top - gap),
        pygame.Vector2(rect.right + gap, rect.centery),
        pygame.Vector2(rect.left - gap, rect.centery),
        pygame.Vector2(rect.centerx, rect.bottom + gap),
    ]


def _curve(p0, ctrl, p2) -> list[pygame.Vector2]:
    return [_bezier(p0, ctrl, p2, i / 48) for i in range(49)]


def _length(curve: list[pygame.Vector2]) -> float:
    return sum((v - u).length() for u, v in itertools.pairwise(curve))


def _hits(p: pygame.Vector2, rects: list[pygame.Rect]) -> bool:
    return any(r.collidepoint(p) for r in rects)


def _clear(curve, blocked, cards, bounds) -> bool:
    """Whether a path covers nothing blocked, stays in ``bounds`` and, between its ends,
    crosses neither card."""
    if bounds is not None and not all(bounds.collidepoint(p) for p in curve):
        return False
    return not any(_hits(p, blocked) for p in curve) and not any(
        _hits(p, cards) for p in curve[3:-3]
    )


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
