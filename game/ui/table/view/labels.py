"""The labels the table's layout places on the felt: each seat's name (lit while the phase
shows its turn), how many cards a pile or the pack holds, whose won pile is whose. Read-only,
like the view that calls it."""

from __future__ import annotations

import pygame

from game.text import say_n
from game.ui import theme
from game.ui.table.model import says
from game.ui.table.model.reading import TableReading


def draw(
    m: TableReading, surface: pygame.Surface, painted: list[pygame.Rect] | None = None
) -> dict[str, pygame.Rect]:
    """Every label the layout places: seats, pile and pack counts, won piles' owners.
    Returns where each seat's and count's words went (and adds to ``painted`` where
    everything it drew went, a lit seat's pill and the owners' words too)."""
    drawn = {}
    painted = [] if painted is None else painted
    for name, rect in m.layout.areas.items():
        shows, subject = m.layout.shows.get(name, ("", None))
        if shows == "seat_label":
            drawn[name] = _seat_label(m, surface, name, _named(subject, name), painted)
        elif shows == "pile_count":
            n = m.stage.count(m.layout.counts[name])
            words = say_n("label.pile", n)
            drawn[name] = theme.text(
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
            pack = m.stage.counted().get(m.layout.counts[name], [])
            key = "label.pack_bottom" if pack and pack[0] is not None else "label.pack"
            words = say_n(key, len(pack))
            if not theme.fits(words, theme.READABLE, rect.w):  # a small screen:
                words = say_n("label.pack", len(pack))  # the short label, not cut off
            drawn[name] = theme.text(
                surface,
                words,
                int(rect.h * 0.8),
                theme.INK_DIM,
                rect.midleft,
                "midleft",
                width=rect.w,
            )
        elif shows == "owner":
            painted.append(_owner(m, surface, rect, _named(subject, name)))
    painted += drawn.values()
    return drawn


def _owner_room(m: TableReading, rect: pygame.Rect) -> int:
    """How wide an owner's label may be: a little past its pile, short of the next."""
    layout = m.layout
    others = [
        abs(r.centerx - rect.centerx)
        for n, r in layout.areas.items()
        if layout.shows.get(n, ("",))[0] == "owner" and r != rect and r.y == rect.y
    ]
    return min([rect.w + rect.h, *(d - 10 for d in others)])


def _owner(m: TableReading, surface: pygame.Surface, rect: pygame.Rect, side: int) -> pygame.Rect:
    """Whose won pile this is, under it: in full when it fits at a readable size, else
    just the name, else (a partnership) on two lines. Returns where it went."""
    words = says.won_owner(m, side)
    room = _owner_room(m, rect)
    if not theme.fits(words, theme.READABLE, room):
        words = m.namer.side_name(side)
    if theme.fits(words, theme.READABLE, room) or " " not in words:
        size = int(rect.h * 0.95)
        return theme.text(surface, words, size, theme.INK_DIM, rect.center, "center", width=room)
    img = theme.wrapped(words, theme.READABLE, theme.INK_DIM, room)
    return surface.blit(img, img.get_rect(midtop=(rect.centerx, rect.y)))


def _seat_label(
    m: TableReading, surface: pygame.Surface, name: str, seat: int, painted: list[pygame.Rect]
) -> pygame.Rect:
    """The seat's name, cards and what it is doing: on one line where it fits at the
    label's size, else on two growing up from it where the felt is clear (a narrow side
    seat), else on one line shrunk, and at the last the name alone (the top bar says who
    is thinking). Returns where its words went (its pill, when lit, added to ``painted``)."""
    rect = m.layout.areas[name]
    moving = says.lit(m, seat, m.phase)
    size, pad, room = _label_room(rect)
    lines = label_lines(m, name)
    size = min(theme.fit_text(line, size, room, True) for line in lines)
    colour = theme.GOLD if moving else theme.INK_DIM
    imgs = [theme.rendered(line, size, colour, True) for line in lines]
    block = pygame.Rect(rect.x, rect.bottom - rect.h * len(lines), rect.w, rect.h * len(lines))
    if moving:
        pill = pygame.Rect(rect.x, block.y, max(i.get_width() for i in imgs) + 2 * pad, block.h)
        theme.veil(surface, pill, 130, rect.h // 2)
        pygame.draw.rect(surface, theme.GOLD, pill, 1, border_radius=rect.h // 2)
        painted.append(pill)
    at = [img.get_rect(midleft=(rect.x + pad, block.y + rect.h * i + rect.h // 2))
          for i, img in enumerate(imgs)]  # fmt: skip
    surface.blits(list(zip(imgs, at, strict=True)))
    return at[0].unionall(at[1:])


def _label_room(rect: pygame.Rect) -> tuple[int, int, int]:
    """A seat label's font size, its padding and the width its words may take."""
    pad = int(rect.h * 0.35)
    return int(rect.h * 0.8), pad, rect.w - 2 * pad


def _named(subject: int | None, name: str) -> int:
    """The seat or side an area's words are about (a seat's label and an owner's words
    each name theirs)."""
    assert subject is not None, name
    return subject


def label_lines(m: TableReading, name: str) -> list[str]:
    """The lines of the seat label ``name``: the first form that fits (see
    :func:`_seat_label`)."""
    seat = _named(m.layout.shows[name][1], name)
    size, _, room = _label_room(m.layout.areas[name])
    words = says.seat_label(m, seat, phase=m.phase)
    if theme.fits(words, size, room, True):
        return [words]
    who, cards, doing = says.seat_lines(m, seat, m.phase)
    for second in (cards + doing, cards) if cards else ():
        two = [who, second]
        if all(theme.fits(line, size, room, True) for line in two) and _clear(m, name, 2):
            return two
    for one in (words, says.seat_label(m, seat, counted=False, phase=m.phase)):
        if theme.fits(one, theme.READABLE, room, True):
            return [one]
    return [m.namer.who(seat)]


def _clear(m: TableReading, name: str, lines: int) -> bool:
    """Whether the label ``name`` on ``lines`` lines, growing up from its area, stays on
    the felt and clear of every pile and every other area on it (worked out once per
    layout: a layout's places never move)."""
    if _cleared[0] is not m.layout:
        _cleared[:] = [m.layout, {}]
    known = _cleared[1]
    if (name, lines) not in known:
        known[name, lines] = _clear_now(m, name, lines)
    return known[name, lines]


_cleared: list = [None, {}]  # the layout last asked about, and its answers


def _clear_now(m: TableReading, name: str, lines: int) -> bool:
    rect = m.layout.areas[name]
    block = pygame.Rect(rect.x, rect.bottom - rect.h * lines, rect.w, rect.h * lines)
    felt = m.layout.areas["table"]
    others = [r for n, r in m.layout.solid_rects().items() if n not in (name, "table")]
    return felt.contains(block) and block.collidelist(others) < 0
