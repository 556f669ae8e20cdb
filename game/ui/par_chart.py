"""Statistics' chart of a line's hands against par: a bar per hand (above par up, under
par down) from the oldest on the left to the newest, the zero line that is par, and both
axes named and numbered. Every word comes from the catalogues; nothing here knows a game."""

from __future__ import annotations

import pygame

from game.text import say
from game.ui import theme
from game.ui.match_chart import hand_ticks, ticks

ABOVE, UNDER = (120, 230, 140), (236, 90, 80)


def draw(surface: pygame.Surface, box: pygame.Rect, against: list[float], size: int) -> list[str]:
    """The chart in ``box``; the words it drew, in order (title, axes' numbers and names)."""
    said: list[str] = []
    small = max(theme.READABLE, int(size * 0.8))

    def text(words: str, at: tuple[int, int], anchor: str, colour=theme.INK_DIM,
             bold=False) -> pygame.Rect:  # fmt: skip
        said.append(words)
        return theme.text(surface, words, small, colour, at, anchor, bold, width=box.w)

    top = text(say("stats.chart.par"), (box.centerx, box.y), "midtop", theme.GOLD, True).bottom
    top = text(say("stats.chart.par.y"), (box.x, top), "topleft").bottom  # the y axis's name
    x_name = text(say("stats.chart.par.x"), (box.centerx, box.bottom), "midbottom")
    reach = max(1, round(max((abs(a) for a in against), default=1)))
    steps = ticks(reach, 3)  # (at most 3 steps a side; never only the 0)
    f = theme.font(small)
    label_w = max(f.size(f"{v:+d}")[0] for v in (-steps[-1], steps[-1]))
    plot = pygame.Rect(box.x + label_w + 8, top + small // 2, 0, 0)
    plot.w = box.right - plot.x - 4
    plot.h = x_name.y - small - 4 - plot.y
    if plot.h < small or plot.w < small:
        return said
    scale = plot.h / (2 * max(reach, steps[-1]))  # the tallest bar stays inside
    mid = plot.centery
    for value in sorted({-v for v in steps} | set(steps)):
        at = round(mid - value * scale)
        pygame.draw.line(surface, theme.PANEL_EDGE, (plot.x, at), (plot.right, at))
        text(f"{value:+d}" if value else "0", (plot.x - 4, at), "midright")
    pygame.draw.line(surface, theme.INK, (plot.x, mid), (plot.right, mid), 2)
    n = max(1, len(against))
    bw = plot.w / n
    for i, points in enumerate(against):
        h = round(abs(points) * scale)
        left = round(plot.x + i * bw)
        rect = pygame.Rect(left, mid - h if points > 0 else mid, max(1, round(bw) - 1), max(1, h))
        pygame.draw.rect(surface, ABOVE if points >= 0 else UNDER, rect)
    for hand in hand_ticks(len(against), 5) if against else []:
        text(str(hand), (round(plot.x + (hand - 0.5) * bw), plot.bottom + 2), "midtop")
    return said
