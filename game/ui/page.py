"""What the pages around the table share: the felt with a title, and dark boxes on it."""

from __future__ import annotations

import functools

import pygame

from game.core.drawable import path_text
from game.text import number, say, say_n
from game.ui import cardart, theme

BOX_TINT = (10, 30, 20)


def backdrop(surface: pygame.Surface, title: str, size: float = 0.055, y: float = 0.07) -> None:
    """The felt and the page's title (``size`` and ``y`` as fractions of the height)."""
    w, h = surface.get_size()
    surface.blit(cardart.felt((w, h)), (0, 0))
    theme.text(
        surface, title, int(h * size), theme.GOLD, (w // 2, int(h * y)), "center", True,
        width=w // 2,
    )  # fmt: skip


def box(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 190, radius: int = 12) -> None:
    """A dark panel with an edge, for lists and forms to stand out from the felt."""
    theme.veil(surface, rect, alpha, radius, BOX_TINT)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 2, border_radius=radius)


class Export:
    """The player's ``what`` (history, statistics) being written as JSON and CSV in the
    exports folder, on the keeper's thread for it: :meth:`said` is how far it is while it
    runs, then where it went (or why not), with whether that is good news."""

    def __init__(self, app, what: str) -> None:
        self.job, self._said = None, None
        if app.keeper is None:
            self._said = _failed("nothing is kept in this window")
        else:
            self.job = app.keeper.export(what)

    @property
    def running(self) -> bool:
        return self._said is None and self.job is not None and not self.job.done

    def said(self) -> tuple[str, bool]:
        job = self.job
        if self._said is None and job is not None and job.done:
            if job.paths is None:
                self._said = _failed(job.error or "")
            else:
                json, csv = (path_text(p) for p in job.paths)
                self._said = say("export.saved", json=json, csv=csv), True
        if self._said is not None or job is None:
            return self._said or ("", False)
        done, total = job.progress
        if not total:
            return say("export.working"), True
        words = say_n("export.working.hands", total, done=number(done, 0), total=number(total, 0))
        return words, True


def exported(
    app, export: Export | None, shown: tuple[str, bool]
) -> tuple[str, bool, Export | None]:
    """A page's message once a frame: an export's progress, then its words (said aloud)
    once it has ended, and the export it still follows (None once it has ended). The
    window is drawn again only when the words change: the export keeps the cores."""
    if export is None:
        return (*shown, None)
    said = export.said()
    if said != shown:
        app.dirty = True
    if export.running:
        return (*said, export)
    app.speak(said[0], interrupt=False)
    return (*said, None)


def _failed(detail: str) -> tuple[str, bool]:
    return say("export.failed", detail=detail), False


def message(surface: pygame.Surface, words: str, good: bool) -> None:
    """A page's last message, at its foot."""
    w, h = surface.get_size()
    colour = theme.news(good)
    theme.text(surface, words, int(h * 0.026), colour, (w // 2, h - 12), "midbottom", width=w - 40)


def card_fans(surface: pygame.Surface, margin: int, art, settings):
    """A few cards fanned either side of a title, for looks, in the ``margin`` beside the
    page's panel; returns the card art used (kept by the caller for the next frame)."""
    w, h = surface.get_size()
    cw = max(24, min(int(h * 0.1), int(margin / 2.5)))
    size = (cw, int(cw * 1.4))
    if art is None or art.size != size:
        art = cardart.CardArt()
        art.configure(size, settings.faces, settings.card_back)
    step = cw * 0.35
    left = margin - cw * 0.75 - 3 * step
    right = w - margin + cw * 0.75
    for x0, cards in ((left, (12, 25, 38, 51)), (right, (10, 23, 36, 49))):
        for i, card in enumerate(cards):
            img = pygame.transform.rotozoom(art.face(card), 18 - i * 12, 1)
            surface.blit(img, img.get_rect(center=(x0 + i * step, h * 0.11)))
    return art


def opening(surface: pygame.Surface, words: str, rect: pygame.Rect, size: int) -> None:
    """A game's rules (their title line left out), where the menu has no options of the
    game to show: whole, at the largest size from ``size`` down to the smallest readable
    one at which they fit ``rect``; where they cannot, as many lines as fit at ``size``,
    the paragraph cut short ending in "…"."""
    size = _whole_at(words, rect.size, size) or size
    fnt, y = theme.font(size), rect.y
    for part in words.split("\n\n")[1:]:
        lines = theme.wrap_lines(theme.safe(part.strip()), fnt, rect.w)
        room = (rect.bottom - y) // fnt.get_linesize()
        if room < len(lines):
            lines = _cut(lines[: max(0, room)], fnt, rect.w)
        if not lines:
            return
        img = theme.wrapped("\n".join(lines), size, theme.INK, rect.w)
        surface.blit(img, (rect.x, y))
        y += img.get_height() + size // 2


@functools.lru_cache(maxsize=16)
def _whole_at(words: str, room: tuple[int, int], size: int) -> int | None:
    """The largest text size, ``size`` at most, at which ``opening`` shows ``words`` whole."""
    parts = [theme.safe(p.strip()) for p in words.split("\n\n")[1:]]
    for s in range(size, theme.READABLE - 1, -1):
        fnt = theme.font(s)
        lines = sum(len(theme.wrap_lines(p, fnt, room[0])) for p in parts)
        if lines * fnt.get_linesize() + (len(parts) - 1) * (s // 2) <= room[1]:
            return s
    return None


def _cut(lines: list[str], fnt: pygame.font.Font, width: int) -> list[str]:
    """A paragraph's first lines, the last ending in "…" (a word fewer where it must)."""
    if not lines:
        return []
    last = lines[-1]
    while " " in last and fnt.size(last + " …")[0] > width:
        last = last.rpartition(" ")[0]
    return [*lines[:-1], last + " …"]


def bar_height(words: str, width: int, high: int) -> int:
    """A button bar's height: one line, or two at the smallest text size when ``words`` (a
    long saved match's) would have to shrink below it on one."""
    if theme.fits(words, theme.READABLE, width - max(14, high // 2), True):
        return high
    return max(high, theme.font(theme.READABLE, True).get_linesize() * 2 + 6)
