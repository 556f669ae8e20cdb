"""The summary's chart of a match: each side's running total hand by hand, as a player
reads a chart: a title, a legend naming each side in its colour, a points axis with its
numbers, the hands numbered along the bottom and the target dashed and labelled. Every
word comes from the catalogues; nothing here knows a game."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.text import say
from game.ui import theme


@dataclass(frozen=True)
class Series:
    """One side's line: its name (the legend's words), colour and running totals, the
    first 0 (before hand 1)."""

    name: str
    colour: tuple[int, int, int]
    totals: tuple[int, ...]


def ticks(top: int, most: int = 4) -> list[int]:
    """Round numbers from 0 up to ``top`` for the points axis, at most ``most`` steps:
    steps of 1, 2 or 5 times a power of ten."""
    top, scale = max(1, top), 1
    while True:
        for k in (1, 2, 5):
            if top / (k * scale) <= most:
                return list(range(0, top + 1, k * scale))
        scale *= 10


def hand_ticks(n: int, most: int = 8) -> list[int]:
    """The hands numbered along the bottom: every one, or every k-th when they are many."""
    every = max(1, -(-n // most))
    return [i for i in range(1, n + 1) if i % every == 0 or i == 1]


def draw(surface: pygame.Surface, box: pygame.Rect, series: list[Series], target: int | None,
         size: int) -> list[str]:  # fmt: skip
    """The chart in ``box`` at text ``size``; returns the words it drew, in order (its
    title, the legend, the axes' numbers and names), for the ear and the tests."""
    said: list[str] = []
    small = max(theme.READABLE, int(size * 0.8))
    pygame.draw.rect(surface, theme.FELT_DARK, box, border_radius=6)
    inner = box.inflate(-small, -small // 2)

    def text(words: str, at: tuple[int, int], anchor: str, colour=theme.INK_DIM, bold=False,
             width: int | None = None) -> pygame.Rect:  # fmt: skip
        said.append(words)
        return theme.text(surface, words, small, colour, at, anchor, bold,
                          width=width or inner.w)  # fmt: skip

    title = say("chart.match.title")
    y = text(title, (inner.centerx, inner.y), "midtop", theme.GOLD, True).bottom + 2
    y = _legend(surface, inner, y, series, small, text) + small // 3
    n = max(1, max(len(s.totals) for s in series) - 1)
    top = max([*(max(s.totals) for s in series), target or 0, 1])
    marks = ticks(top)
    top = max(top, marks[-1])
    label_w = max(theme.font(small).size(str(v))[0] for v in (*marks, top)) + small // 2
    plot = pygame.Rect(inner.x + label_w, y + small + 4, 0, 0)  # room for the target label
    plot.w = inner.right - plot.x - small // 2
    plot.h = inner.bottom - plot.y - int(small * 2.6)
    if plot.w < 40 or plot.h < 30:
        return said

    def at(i: float, v: float) -> tuple[float, float]:
        return plot.x + plot.w * i / n, plot.bottom - plot.h * v / top

    _axes(surface, plot, marks, at, text)
    for i in hand_ticks(n):
        x = at(i, 0)[0]
        pygame.draw.line(surface, theme.PANEL_EDGE, (x, plot.bottom), (x, plot.bottom + 4))
        text(str(i), (int(x), plot.bottom + 5), "midtop", width=small * 3)
    text(say("chart.match.hands"), (plot.centerx, plot.bottom + int(small * 1.4)), "midtop")
    if target:
        ty = at(0, target)[1]
        for x in range(plot.x, plot.right, 12):
            pygame.draw.line(surface, theme.INK_DIM, (x, ty), (min(x + 6, plot.right), ty))
        text(say("chart.match.target", n=target), (plot.right, int(ty) - 2), "bottomright",
             width=plot.w // 2)  # fmt: skip
    for s in series:
        pts = [at(i, v) for i, v in enumerate(s.totals)]
        pygame.draw.lines(surface, s.colour, False, pts, 3)
        for p in pts[1:]:
            pygame.draw.circle(surface, s.colour, p, 4)
    return said


def _legend(surface, inner: pygame.Rect, y: int, series: list[Series], small: int,
            text) -> int:  # fmt: skip
    """Each side's colour and name, side by side (or one under another where they do not
    fit a line); returns the y under it."""
    swatch = small
    widths = [swatch + 6 + theme.font(small, True).size(s.name)[0] for s in series]
    one_line = sum(widths) + small * (len(series) - 1) <= inner.w
    x = inner.centerx - (sum(widths) + small * (len(series) - 1)) // 2 if one_line else inner.x
    for s, w in zip(series, widths, strict=True):
        pygame.draw.line(surface, s.colour, (x, y + small // 2), (x + swatch, y + small // 2), 3)
        text(s.name, (x + swatch + 6, y), "topleft", s.colour, True, inner.right - x - swatch - 6)
        if one_line:
            x += w + small
        else:
            y += int(small * 1.2)
    return y + (int(small * 1.2) if one_line else 0)


def _axes(surface, plot: pygame.Rect, marks: list[int], at, text) -> None:
    """The points axis with its numbers and light rules across the plot, and the base line."""
    for v in marks:
        y = at(0, v)[1]
        if v:
            pygame.draw.line(surface, (40, 84, 60), (plot.x, y), (plot.right, y))
        text(str(v), (plot.x - 6, int(y)), "midright", width=plot.x)
    pygame.draw.line(surface, theme.PANEL_EDGE, plot.bottomleft, plot.bottomright, 2)
    pygame.draw.line(surface, theme.PANEL_EDGE, plot.topleft, plot.bottomleft, 2)
