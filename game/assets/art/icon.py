"""The application icon: two fanned cards and a crown on a felt square (sprites/icon.svg)."""

from __future__ import annotations

import pygame


def window_icon(side: int = 64) -> pygame.Surface:
    """The icon rendered at ``side`` pixels; falls back to the PNG, then to a plain square."""
    from game.assets import AssetError, asset_dir

    try:
        folder = asset_dir("sprites")
        return pygame.image.load_sized_svg(str(folder / "icon.svg"), (side, side))
    except (AssetError, pygame.error, FileNotFoundError):
        pass
    try:
        return pygame.image.load(str(asset_dir("sprites") / "icon.png"))
    except (AssetError, pygame.error, FileNotFoundError):
        surf = pygame.Surface((side, side))
        surf.fill((26, 102, 62))
        return surf


def icon_png(side: int) -> bytes:
    """The icon at ``side`` pixels as a PNG file's bytes, from sprites/icon.svg (the desktop
    entry's icon theme sizes, the macOS app's .icns); AssetError or pygame.error if the
    picture cannot be drawn."""
    import io

    from game.assets import asset_dir

    surf = pygame.image.load_sized_svg(str(asset_dir("sprites") / "icon.svg"), (side, side))
    if surf.get_size() != (side, side):
        surf = pygame.transform.smoothscale(surf, (side, side))
    out = io.BytesIO()
    pygame.image.save(surf, out, "icon.png")
    return out.getvalue()


def set_window_icon(window: pygame.Window) -> None:
    """Give the window our icon (title bar, task bar, Alt+Tab)."""
    window.set_icon(window_icon(64))
