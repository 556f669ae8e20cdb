"""The application icon: two fanned cards and a crown on a felt square (sprites/icon.svg)."""

from __future__ import annotations

import io

import pygame


def _picture(name: str) -> io.BytesIO:
    """``sprites/<name>`` as a file pygame can load (the art may be in an archive)."""
    from game.assets import asset_dir, read_bytes

    return io.BytesIO(read_bytes(asset_dir("sprites") / name))


def window_icon(side: int = 64) -> pygame.Surface:
    """The icon rendered at ``side`` pixels; falls back to the PNG, then to a plain square."""
    from game.assets import AssetError

    try:
        return pygame.image.load_sized_svg(_picture("icon.svg"), (side, side))
    except (AssetError, pygame.error):
        pass
    try:
        return pygame.image.load(_picture("icon.png"), "icon.png")
    except (AssetError, pygame.error):
        surf = pygame.Surface((side, side))
        surf.fill((26, 102, 62))
        return surf


def icon_png(side: int) -> bytes:
    """The icon at ``side`` pixels as a PNG file's bytes, from sprites/icon.svg (the desktop
    entry's icon theme sizes, the macOS app's .icns); AssetError or pygame.error if the
    picture cannot be drawn."""
    surf = pygame.image.load_sized_svg(_picture("icon.svg"), (side, side))
    if surf.get_size() != (side, side):
        surf = pygame.transform.smoothscale(surf, (side, side))
    out = io.BytesIO()
    pygame.image.save(surf, out, "icon.png")
    return out.getvalue()


def set_window_icon(window: pygame.Window) -> None:
    """Give the window our icon (title bar, task bar, Alt+Tab)."""
    window.set_icon(window_icon(64))
