"""Colours and fonts shared by every scene, so the table and its menus look like one thing.

The font is DejaVu Sans, shipped in ``fonts/`` with its licence: made for screens,
kerned, with every letter of English and Turkish and the suit signs. Text is
always drawn into a box: :func:`text` shrinks it until it fits ``width``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import lru_cache

import pygame

from game.core.drawable import renderable

log = logging.getLogger(__name__)

FELT = (22, 92, 58)
FELT_DARK = (14, 66, 42)
FELT_LIGHT = (34, 118, 76)
PANEL = (18, 40, 30)
PANEL_EDGE = (70, 120, 90)
INK = (240, 236, 220)
INK_DIM = (170, 190, 175)
GOLD = (236, 196, 84)
RED = (200, 52, 46)
RED_LIGHT = (236, 90, 80)
GOOD_NEWS = (160, 226, 176)  # a calm green: done, saved, kept
SLOT = (255, 255, 255, 38)
SLOT_EDGE = (255, 255, 255, 70)
HIGHLIGHT = (255, 214, 80)
LEGAL = (120, 230, 140)
HINT = (130, 210, 255)
FORCED = (200, 176, 255)  # a move that played itself for the player: its mark and log line
FORCED_DIM = (160, 146, 200)  # a run of such moves in the log: apart from the player's choices
FOCUS = (255, 255, 255)
SHADOW = (0, 0, 0, 90)
BUTTON = (38, 78, 58)
BUTTON_HOVER = (56, 108, 80)
BUTTON_DOWN = (28, 60, 44)
BUTTON_EDGE = (150, 200, 165)
DISABLED = (90, 110, 100)
MIN_SIZE = 9  # text shrinks to fit its box down to this, on screens below 960x600
READABLE = 14  # no text is asked for smaller: at 960x600 and up, nothing is drawn below

# Tests watch every fitted text: (words, width drawn, width allowed).
on_text: Callable[[str, int, int], None] | None = None


@lru_cache(maxsize=96)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The screen font at a pixel size, cached; pygame's own if ours is missing."""
    from game.assets import AssetError, font_file

    size = max(MIN_SIZE - 1, int(size))
    try:
        return pygame.font.Font(font_file(bold), size)
    except (AssetError, OSError, pygame.error) as err:
        log.warning("the screen font is missing (%s); using pygame's own", err)
        f = pygame.font.Font(None, size)
        f.bold = bold
        return f


def text(
    surface: pygame.Surface,
    words: str,
    size: int,
    colour,
    pos,
    anchor: str = "topleft",
    bold: bool = False,
    width: int | None = None,
) -> pygame.Rect:
    """Draw one line anchored at ``pos``, shrunk to fit ``width``; returns where it went."""
    img, rect = placed(words, size, colour, pos, anchor, bold, width)
    surface.blit(img, rect)
    return rect


def placed(
    words: str,
    size: int,
    colour,
    pos,
    anchor: str = "topleft",
    bold: bool = False,
    width: int | None = None,
) -> tuple[pygame.Surface, pygame.Rect]:
    """The line :func:`text` draws, and where, without drawing it."""
    size = max(READABLE, int(size))
    if width is not None:
        size = fit_text(words, int(size), max(1, int(width)), bold)
    img = rendered(words, int(size), tuple(colour), bold)
    if width is not None and on_text is not None:
        on_text(words, img.get_width(), int(width))
    return img, img.get_rect(**{anchor: pos})


def forget_fonts() -> None:
    """Fonts die with pygame's font module: a new window (after ``pygame.quit``) must not
    reach for the old ones."""
    font.cache_clear()
    from game.assets.art import slots

    slots.forget_fonts()


@lru_cache(maxsize=768)
def rendered(words: str, size: int, colour: tuple, bold: bool = False) -> pygame.Surface:
    """One line of text as a picture, cached: the table redraws the same words every
    frame. Callers must not change the picture (copy it first)."""
    return font(size, bold).render(safe(words), True, colour)


def safe(words: str) -> str:
    """The last line of defence: a text the renderer would refuse (U+0000, a lone
    surrogate) that slipped past the gate is drawn with replacement characters and
    logged, never raised: a screen must not crash on what a file held."""
    fixed = renderable(words)
    if fixed is None:
        return words
    log.warning("undrawable characters replaced in %r", fixed[:80])
    return fixed


@lru_cache(maxsize=1024)
def fit_text(words: str, size: int, width: int, bold: bool = False) -> int:
    """The largest font size not above ``size`` at which ``words`` fits in ``width`` pixels."""
    words = safe(words)
    while size > MIN_SIZE and font(size, bold).size(words)[0] > width:
        size -= 1
    return size


def fits(words: str, size: int, width: int, bold: bool = False) -> bool:
    """Whether ``words`` fit ``width`` pixels at ``size`` without shrinking."""
    return width_of(words, size, bold) <= width


@lru_cache(maxsize=2048)
def width_of(words: str, size: int, bold: bool = False) -> int:
    """How wide ``words`` are at ``size``, cached: the table measures its labels each frame."""
    return font(size, bold).size(words)[0]


def paragraph(
    surface: pygame.Surface, words: str, size: int, colour, box: pygame.Rect, bold: bool = False
) -> pygame.Rect:
    """Words in ``box``: one line when they fit at a readable size, else wrapped onto more
    lines at the largest size whose lines all fit the box's height (left, centred up/down)."""
    width = max(1, box.w)
    size = max(READABLE, int(size))
    words = safe(words)
    one = fit_text(words, size, width, bold)
    if one >= max(MIN_SIZE + 3, size * 3 // 4) or not words:
        return text(surface, words, one, colour, box.midleft, "midleft", bold, width)
    size = int(size)
    while size > MIN_SIZE:
        img = font(size, bold).render(words, True, colour, wraplength=width)
        if img.get_height() <= box.h:
            break
        size -= 1
    img = font(size, bold).render(words, True, colour, wraplength=width)
    if on_text is not None:
        on_text(words, img.get_width(), width)
    rect = img.get_rect(midleft=box.midleft)
    surface.blit(img, rect)
    return rect


def news(good: bool) -> tuple[int, int, int]:
    """The colour of a message to the player: calm for good news, red only for trouble."""
    return GOOD_NEWS if good else RED_LIGHT


def wrap_lines(words: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """``words`` cut into lines no wider than ``width`` where it can, at plain spaces only:
    a no-break space (U+00A0) keeps a quoted move on one line, and a score's dash stays
    between its numbers ("0 – 0" is never cut)."""
    lines: list[str] = []
    for para in words.split("\n"):
        line = ""
        for word in _dashes_held(para.split(" ")):
            trial = f"{line} {word}" if line else word
            if line and fnt.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def _dashes_held(words: list[str]) -> list[str]:
    """Words with an en dash joined to the words either side of it."""
    out: list[str] = []
    for word in words:
        if out and (word == "–" or out[-1].endswith(" –")):
            out[-1] += " " + word
        else:
            out.append(word)
    return out


def wrapped(words: str, size: int, colour, width: int) -> pygame.Surface:
    """A paragraph wrapped to ``width``, left aligned, its font shrunk while a word too
    long for a line would still stick out."""
    width, size = max(1, int(width)), max(READABLE, int(size))
    fnt = font(size)
    words = safe(words)
    lines = wrap_lines(words, fnt, width)
    while size > READABLE and max(fnt.size(line)[0] for line in lines) > width:
        size -= 1
        fnt = font(size)
        lines = wrap_lines(words, fnt, width)
    imgs = [fnt.render(line, True, colour) for line in lines]
    step = fnt.get_linesize()
    out = pygame.Surface(
        (max(1, min(width, max(i.get_width() for i in imgs))), step * len(imgs)), pygame.SRCALPHA
    )
    for n, img in enumerate(imgs):
        out.blit(img, (0, n * step))
    return out


def veil(
    surface: pygame.Surface, rect: pygame.Rect, alpha: int, radius: int = 0, colour=(0, 0, 0)
) -> None:
    """A translucent dark box (draw.rect does not blend on the display surface).

    A square black veil darkens in place (no new surface, even full screen); a rounded
    or coloured one is a small cached picture."""
    rect = pygame.Rect(rect)
    if radius <= 0 and tuple(colour) == (0, 0, 0):
        keep = 255 - alpha
        surface.fill((keep, keep, keep), rect, special_flags=pygame.BLEND_RGB_MULT)
        return
    surface.blit(_veil_box(rect.size, alpha, radius, tuple(colour)), rect)


@lru_cache(maxsize=64)
def _veil_box(size: tuple[int, int], alpha: int, radius: int, colour: tuple) -> pygame.Surface:
    box = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*colour, alpha), box.get_rect(), border_radius=radius)
    return box
