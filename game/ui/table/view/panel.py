"""The words around the table: top bar, side panel (scores, cards, log), message line.
Read-only: everything comes from the model and the catalogue; what follows the phase
(status, seat labels, the hint line) from :mod:`game.ui.table.model.says`."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.text import current, say
from game.ui import theme
from game.ui.layer import Layer
from game.ui.table.model.says import message_line, scores, seat_counts, status, title

if TYPE_CHECKING:
    from game.ui.table.input.buttons import TableControls
    from game.ui.table.model.reading import TableReading


LOG_SHOWN = 60  # the most log lines the panel can show


class Bars:
    """The cached pictures of the top bar and of the message line."""

    def __init__(self) -> None:
        self.top = Layer()
        self.message = Layer()


Felt = tuple[pygame.Surface, object, list[pygame.Rect]]  # the table layer, its version, overlays


def draw(
    m: TableReading,
    controls: TableControls | None,
    surface: pygame.Surface,
    layer: Layer,
    over: list[pygame.Rect] | None = None,
    felt: Felt | None = None,
    bars: Bars | None = None,
) -> list[pygame.Rect]:
    """The top bar, the side panel and the message line. ``over``: the surface still
    shows the bar and the panel as they were, but where these rects lie (what was drawn
    over them since); None: it is laid whole. ``felt``: the table layer under the message
    line, a token that changes when its pixels there do, and where this frame drew over
    the table (None: the message line is drawn onto the surface as it is); ``layer`` and
    ``bars``: the panel's picture and the bars' (None: fresh ones). Returns where
    it drew beyond the top bar's and the panel's own areas (those it covers, opaque): the
    message line, which lies over the felt, and whatever might reach past a bar."""
    bars = bars or Bars()
    out = _topbar(m, controls, surface, bars.top, over)  # (its edge on the panel's top row)
    _panel(m, surface, layer, None if over is None else over + out)
    return out + _message(m, surface, bars.message, felt)


def _laid(
    surface: pygame.Surface,
    image: pygame.Surface,
    at: pygame.Rect,
    over: list[pygame.Rect] | None,
    whole: bool,
) -> None:
    """A cached part laid at ``at``: whole, or only where ``over`` covered it."""
    if over is None or whole:
        surface.blit(image, at)
        return
    for i in at.collidelistall(over):
        part = at.clip(over[i])
        surface.blit(image, part, part.move(-at.x, -at.y))


def _topbar(
    m: TableReading,
    controls: TableControls | None,
    surface: pygame.Surface,
    layer: Layer,
    over: list[pygame.Rect] | None,
) -> list[pygame.Rect]:
    """The title and the status on the bar, drawn into a layer only when they change."""
    bar = m.layout.areas["topbar"]
    size = int(bar.h * 0.48)
    left = (controls.rightmost_top() if controls else bar.x) + bar.h // 2
    right_words = status(m)
    right_w = theme.width_of(right_words, size, True)
    room = bar.right - 16 - right_w - bar.h // 2 - left
    words = next(
        (t for t in (title(m, k) for k in range(3)) if theme.fits(t, theme.READABLE, room, True)),
        None,
    )
    words = title(m, 2) if words is None else words

    y = bar.centery - bar.y  # (on the bar's own picture)
    lines = (
        theme.placed(words, size, theme.INK, (left - bar.x, y), "midleft", True, max(40, room)),
        theme.placed(right_words, size, theme.GOLD, (bar.w - 16, y), "midright", True, bar.w // 3),
    )

    def draw(image: pygame.Surface, _old: object) -> None:
        image.fill(theme.PANEL)
        image.blits(lines)

    draws = layer.draws
    image = layer.get((tuple(bar), words, right_words, left, room), bar.size, draw)
    _laid(surface, image, bar, over, layer.draws != draws)
    return [pygame.draw.line(surface, theme.PANEL_EDGE, bar.bottomleft, bar.bottomright, 2)]


def _section(surface: pygame.Surface, title_text: str, x: int, y: int, size: int, w: int) -> int:
    theme.text(surface, current().upper(title_text), size, theme.GOLD, (x, y), bold=True, width=w)
    y += int(size * 1.1)
    pygame.draw.line(surface, theme.PANEL_EDGE, (x, y), (x + w, y))
    return y + size // 3


def counts_layout(counts: tuple[tuple[str, str], ...], size: int, w: int) -> tuple[bool, int]:
    """One layout for every seat's cards row: each on one line beside its name where all
    fit so at a readable size, else each under its name; and the one size they all take."""
    beside = int(w * 0.64)
    stacked = not all(theme.fits(words, theme.READABLE, beside) for _, words in counts)
    room = w if stacked else beside
    return stacked, max(theme.READABLE, min(theme.fit_text(t, size, room) for _, t in counts))


def _panel(
    m: TableReading, surface: pygame.Surface, layer: Layer, over: list[pygame.Rect] | None
) -> None:
    """The side panel: match scores, cards per seat and the move log, drawn into a
    layer that is redrawn only when one of its words changes, and laid whole only then
    (or when ``over`` is None): else only where something covers it (a large blit)."""
    p = m.layout.areas["panel"]
    target = m.match.target
    # "Match score (to 151)", or "Match score" over "to 151" where that is too wide
    head = (say("panel.match_to", n=target), say("panel.match"), say("menu.target", n=target))
    head = head if target else (say("panel.match"), "", "")
    counts = seat_counts(m)
    content = (
        head,
        tuple(scores(m)),
        counts,
        tuple((row.words, row.look) for row in m.log.rows(m.namer, LOG_SHOWN)),
        m.director.panel_room,
    )

    lang = current().lang
    rows = (0, p.h)  # the rows of the picture drawn again (when it is)

    def draw(panel: pygame.Surface, old: object) -> None:
        """The panel drawn again: only the log, or only what is above it, when the rest is
        as the picture holds it; else whole."""
        nonlocal rows
        r = panel.get_rect()
        kept = layer.data if isinstance(layer.data, tuple) else None
        if kept and isinstance(old, tuple) and old[1] == lang and old[0][4] == content[4]:
            was, (top, end) = old[0], kept
            if was[:3] == content[:3]:  # the log alone
                panel.set_clip((0, top, r.w, r.h - top))
                _bare(panel, r)
                now = _log(content[3], panel, _log_box(r, top, content[4]), _size(r))
                panel.set_clip(None)
                layer.data, rows = (top, max(top, now)), (top, max(end, now))
                return
            if was[3] == content[3]:  # all but the log
                panel.set_clip((0, 0, r.w, top))
                y = _upper(panel, r, *content[:3], content[4])
                panel.set_clip(None)
                if y == top:
                    rows = (0, top)
                    return
        layer.data = _panel_body(panel, r, *content)
        rows = (0, max(layer.data[1], kept[1])) if kept else (0, r.h)

    draws = layer.draws
    image = layer.get((content, lang), p.size, draw)
    drawn = layer.draws != draws
    if drawn and over is not None:
        # below the words of both pictures the panel is bare: only the rows between change
        band = pygame.Rect(0, rows[0], p.w, min(p.h, rows[1]) - rows[0])
        surface.blit(image, band.move(p.topleft), band)
        drawn = False
    _laid(surface, image, p, over, drawn)


def _size(p: pygame.Rect) -> int:
    return max(13, min(48, p.h // 30))


def _bare(surface: pygame.Surface, p: pygame.Rect) -> None:
    surface.fill(theme.PANEL)
    pygame.draw.line(surface, theme.PANEL_EDGE, p.topleft, p.bottomleft, 2)


def _log_box(p: pygame.Rect, y: int, covered: tuple[int, int]) -> pygame.Rect:
    """Where the log goes, from ``y`` down: only between what a scene draws over the panel."""
    top, foot = covered
    y = max(y, p.y + top)
    return pygame.Rect(p.x + 14, y, p.w - 28, p.bottom - y - 10 - foot)


def _panel_body(
    surface: pygame.Surface,
    p: pygame.Rect,
    head: tuple[str, str, str],
    scores: tuple[tuple[str, str], ...],
    counts: tuple[tuple[str, str], ...],
    log: tuple[tuple[str, str], ...],
    covered: tuple[int, int],
) -> tuple[int, int]:
    """The panel drawn whole; returns where its log begins and how far its words reach
    (below, the panel is bare)."""
    y = _upper(surface, p, head, scores, counts, covered)
    return y, max(y, _log(log, surface, _log_box(p, y, covered), _size(p)))


def _upper(
    surface: pygame.Surface,
    p: pygame.Rect,
    head: tuple[str, str, str],
    scores: tuple[tuple[str, str], ...],
    counts: tuple[tuple[str, str], ...],
    covered: tuple[int, int],
) -> int:
    """The bare panel and all on it but the log's lines: scores, cards, the log's title;
    returns where the log begins."""
    _bare(surface, p)
    size = _size(p)
    x, w = p.x + 14, p.w - 28
    whole, short, target = head
    fits = theme.fits(current().upper(whole), theme.READABLE, w, True)
    target = "" if fits else target
    y = _section(surface, whole if fits or not target else short, x, p.y + 12, size, w)
    if target:  # "MATCH SCORE" over "to 151" when both do not fit on one line
        theme.text(surface, target, size, theme.INK_DIM, (x, y), width=w)
        y += int(size * 1.2)
    widths = [theme.font(size, True).size(value)[0] for _, value in scores]
    stacked = any(  # every score under its name, when one name and score do not fit a line
        not theme.fits(name, theme.READABLE, w - vw - 8)
        for (name, _), vw in zip(scores, widths, strict=True)
    )
    for (name, value), vw in zip(scores, widths, strict=True):
        if stacked:
            theme.text(surface, name, size, theme.INK, (x, y), width=w)
            y += int(size * 1.15)
            name = ""
        theme.text(surface, name, size, theme.INK, (x, y), width=w - vw - 8)
        theme.text(surface, value, size, theme.INK, (x + w, y), "topright", True, width=w // 2)
        y += int(size * 1.25)
    y = _section(surface, say("panel.cards"), x, y + size // 2, size, w)
    stacked, small = counts_layout(counts, max(theme.READABLE, int(size * 0.9)), w)
    room = w if stacked else int(w * 0.64)
    for who, words in counts:
        theme.text(surface, who, small, theme.INK_DIM, (x, y), width=w if stacked else w - room)
        if stacked:  # the counts under the name
            y += int(size * 1.1)
        theme.text(surface, words, small, theme.INK_DIM, (x + w, y), "topright", width=room)
        y += int(size * 1.2)
    y = _section(surface, say("panel.moves"), x, y + size // 2, size, w)
    return max(y, p.y + covered[0])


@lru_cache(maxsize=256)
def _log_line(entry: str, size: int, width: int, look: str) -> pygame.Surface:
    """One wrapped log entry, cached (its alpha is set before each blit): the player's own
    decision stands out (bold, bright, a gold bar before it); a run of moves that played
    themselves is drawn apart, in a dimmer colour of its own; the rest in plain ink."""
    if look == "chosen":
        bar = max(3, size // 4)
        words = theme.font(size, True).render(entry, True, theme.INK, wraplength=width - 2 * bar)
        img = pygame.Surface((width, words.get_height()), pygame.SRCALPHA)
        pygame.draw.rect(img, theme.GOLD, (0, 1, bar, words.get_height() - 2))
        img.blit(words, (2 * bar, 0))
        return img
    colour = theme.FORCED_DIM if look == "forced" else theme.INK
    return theme.font(size).render(entry, True, colour, wraplength=width)


def _log(log: tuple[tuple[str, str], ...], surface: pygame.Surface, box: pygame.Rect,
         size: int) -> int:  # fmt: skip
    """The latest lines that fit ``box``, fading upward; returns how far down they reach."""
    fs = max(12, int(size * 0.85))
    lines: list[pygame.Surface] = []
    height = 0
    for entry, look in reversed(log):
        img = _log_line(entry, fs, box.w, look)
        if height + img.get_height() > box.h:
            break
        lines.append(img)
        height += img.get_height() + 3
    y = box.y
    for i, img in enumerate(reversed(lines)):
        img.set_alpha(110 + int(145 * (i + 1) / len(lines)))
        surface.blit(img, (box.x, y))
        y += img.get_height() + 3
    return y


def _message(
    m: TableReading, surface: pygame.Surface, layer: Layer, felt: Felt | None
) -> list[pygame.Rect]:
    """The hint line, veiled over the felt. Where nothing was drawn over it this frame it
    is the table layer there, veiled, with its words: a picture kept until one of them
    changes; else it is veiled on the surface as it is."""
    r = m.layout.areas["message"]
    words, colour = message_line(m)
    size = int(r.h * 0.55)
    if felt is None or r.collidelist(felt[2]) >= 0:
        theme.veil(surface, r, 110)
        box = pygame.Rect(r.x + 14, r.y + 1, r.w - 24, r.h - 2)
        return [r, theme.paragraph(surface, words, size, colour, box, True)]
    table, version, _ = felt

    def draw(image: pygame.Surface, _old: object) -> None:
        image.blit(table, (0, 0), r)
        theme.veil(image, image.get_rect(), 110)
        box = pygame.Rect(14, 1, r.w - 24, r.h - 2)
        layer.data = theme.paragraph(image, words, size, colour, box, True).move(r.topleft)

    key = (tuple(r), words, colour, id(table), version)
    image = layer.get(key, r.size, draw)
    if not isinstance(layer.data, pygame.Rect) or not r.contains(layer.data):
        return _message(m, surface, layer, None)  # (words past the line: drawn as they are)
    surface.blit(image, r)
    return [r, layer.data]
