"""The labels the table's layout places on the felt: each seat's name (lit while the phase
shows its turn), how many cards a pile or the pack holds, whose won pile is whose. Read-only,
like the view that calls it."""

from __future__ import annotations

import pygame

from game.text import say_n
from game.ui import theme
from game.ui.table import panel, says
from game.ui.table.model import TableModel


def draw(m: TableModel, surface: pygame.Surface) -> None:
    """Every label the layout places: seats, pile and pack counts, won piles' owners."""
    for name, rect in m.layout.areas.items():
        shows, subject = m.layout.shows.get(name, ("", None))
        if shows == "seat_label":
            _seat_label(m, surface, rect, subject)
        elif shows == "pile_count":
            n = len(m.shown.get(m.layout.counts[name]))
            words = say_n("label.pile", n)
            theme.text(
                surface,
                words,
                int(rect.h * 0.8),
                theme.INK,
                rect.midleft,
                "midleft",
                True,
                width=rect.w,
            )
        elif shows == "pack_count":
            pack = m.shown.get(m.layout.counts[name])
            key = "label.pack_bottom" if pack and pack[0] is not None else "label.pack"
            words = say_n(key, len(pack))
            if not theme.fits(words, theme.READABLE, rect.w):  # a small screen:
                words = say_n("label.pack", len(pack))  # the short label, not cut off
            theme.text(
                surface,
                words,
                int(rect.h * 0.8),
                theme.INK_DIM,
                rect.midleft,
                "midleft",
                width=rect.w,
            )
        elif shows == "owner":
            _owner(m, surface, rect, subject)


def _owner_room(m: TableModel, rect: pygame.Rect) -> int:
    """How wide an owner's label may be: a little past its pile, short of the next."""
    layout = m.layout
    others = [
        abs(r.centerx - rect.centerx)
        for n, r in layout.areas.items()
        if layout.shows.get(n, ("",))[0] == "owner" and r != rect and r.y == rect.y
    ]
    return min([rect.w + rect.h, *(d - 10 for d in others)])


def _owner(m: TableModel, surface: pygame.Surface, rect: pygame.Rect, side: int) -> None:
    """Whose won pile this is, under it: in full when it fits at a readable size, else
    just the name, else (a partnership) on two lines."""
    words = panel.won_owner(m, side)
    room = _owner_room(m, rect)
    if not theme.fits(words, theme.READABLE, room):
        words = m.namer.side_name(side)
    if theme.fits(words, theme.READABLE, room) or " " not in words:
        size = int(rect.h * 0.95)
        theme.text(surface, words, size, theme.INK_DIM, rect.center, "center", width=room)
        return
    img = theme.wrapped(words, theme.READABLE, theme.INK_DIM, room)
    surface.blit(img, img.get_rect(midtop=(rect.centerx, rect.y)))


def _seat_label(m: TableModel, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
    phase = m.phase
    words = says.seat_label(m, seat, phase=phase)
    moving = says.lit(m, seat, phase)
    pad = int(rect.h * 0.35)
    if not theme.fits(words, theme.READABLE, rect.w - 2 * pad, True):
        words = says.seat_label(m, seat, counted=False, phase=phase)
    if not theme.fits(words, theme.READABLE, rect.w - 2 * pad, True):
        words = m.namer.who(seat)  # the top bar says who is thinking
    size = theme.fit_text(words, int(rect.h * 0.8), rect.w - 2 * pad, True)
    colour = theme.GOLD if moving else theme.INK_DIM
    img = theme.rendered(words, size, colour, True)
    where = img.get_rect(midleft=(rect.x + pad, rect.centery))
    if moving:
        pill = pygame.Rect(rect.x, rect.y, where.w + 2 * pad, rect.h)
        theme.veil(surface, pill, 130, pill.h // 2)
        pygame.draw.rect(surface, theme.GOLD, pill, 1, border_radius=pill.h // 2)
    surface.blit(img, where)
