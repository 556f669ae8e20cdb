"""A picture of the whole deck on the felt, for checking the art by eye.

    python -m game.cli.sheet FILE.png [--sizes 70x98,210x294]
    python -m game.cli.sheet --list      (where the art, sounds and font were found)


For each size: the four suits of the classic deck, clubs and diamonds of the four-colour
deck, the backs, then the table art (slots, drop highlight, selection glow) and a fanned
hand showing the shadows.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pygame

from game.assets.art.felt import felt
from game.assets.art.glow import card_glow, card_shadow, drop_highlight, pad, shadow_offset
from game.assets.art.slots import slot
from game.core.cards import make


def parse_sizes(text: str) -> list[tuple[int, int]]:
    """``"70x98,210x294"`` -> ``[(70, 98), (210, 294)]`` with a clear error for bad input."""
    sizes = []
    for part in text.split(","):
        try:
            w, h = (int(v) for v in part.lower().split("x"))
        except ValueError:
            raise ValueError(f"bad size {part!r}: write WIDTHxHEIGHT, e.g. 70x98") from None
        if not (8 <= w <= 2000 and 8 <= h <= 2000):
            raise ValueError(f"size {part!r} is out of range (8..2000 pixels a side)")
        sizes.append((w, h))
    return sizes


Item = tuple[str, int | str | None] | None  # a picture's kind and what it shows; None: a gap


def _rows() -> list[list[Item]]:
    classic: list[list[Item]] = [[("c", make(r, s)) for r in range(1, 14)] for s in range(4)]
    four: list[list[Item]] = [[("4", make(r, s)) for r in range(1, 14)] for s in (0, 1)]
    extras: list[Item] = [
        ("back", "red"),
        ("back", "blue"),
        None,
        ("slot", "H"),
        ("slot", "A"),
        ("slot", "any"),
        ("drop", None),
        ("glow", make(13, 3)),
        None,
        ("fan", None),
    ]
    return classic + four + [extras]


def _section(art, size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    gap = max(8, w // 6)
    rows = _rows()
    sheet = pygame.Surface((gap + 13 * (w + gap), gap + len(rows) * (h + gap)), pygame.SRCALPHA)
    faces = {False: art.faces(size), True: art.faces(size, four_colour=True)}
    p = pad(size)
    for j, row in enumerate(rows):
        for i, item in enumerate(row):
            if item is None:
                continue
            x, y = gap + i * (w + gap), gap + j * (h + gap)
            kind, value = item
            if kind in ("c", "4", "back", "glow"):
                dx, dy = shadow_offset(size)
                sheet.blit(card_shadow(size), (x - p + dx, y - p + dy))
            if kind == "glow":
                sheet.blit(card_glow(size), (x - p, y - p))
            if kind in ("c", "4", "glow"):
                sheet.blit(faces[kind == "4"][value], (x, y))
            elif kind == "back":
                sheet.blit(art.back(size, value), (x, y))
            elif kind == "slot":
                sheet.blit(slot(size, value, "Pasha" if value == "A" else None), (x, y))
            elif kind == "drop":
                sheet.blit(slot(size, "S"), (x, y))
                sheet.blit(drop_highlight(size), (x - p, y - p))
            elif kind == "fan":
                _fan(sheet, faces[False], size, x, y)
    return sheet


def _fan(sheet, faces, size, x, y) -> None:
    """Five cards overlapping as in a hand, to see the shadows separate them."""
    w, _ = size
    p = pad(size)
    dx, dy = shadow_offset(size)
    for k, card in enumerate((make(1, 3), make(10, 2), make(11, 0), make(12, 1), make(13, 2))):
        cx = x + k * w // 3
        sheet.blit(card_shadow(size), (cx - p + dx, y - p + dy))
        sheet.blit(faces[card], (cx, y))


def write_sheet(path: Path, sizes: list[tuple[int, int]]) -> None:
    """Render every size's section onto one felt picture and save it as PNG (atomically)."""
    from game.assets.deck import DeckRenderer

    if not pygame.display.get_init():
        pygame.display.init()
    art = DeckRenderer()
    sections = [_section(art, size) for size in sizes]
    width = max(s.get_width() for s in sections)
    height = sum(s.get_height() for s in sections)
    out = felt((width, height)).copy()
    y = 0
    for s in sections:
        out.blit(s, (0, y))
        y += s.get_height()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".sheet-", suffix=".png")
    os.close(fd)
    try:
        pygame.image.save(out, tmp)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def main(argv: list[str] | None = None) -> int:
    import argparse
    import sys

    from game.assets import KINDS, AssetError, asset_dir, files_in

    parser = argparse.ArgumentParser(prog="python -m game.cli.sheet", description=__doc__)
    parser.add_argument("sheet", nargs="?", metavar="FILE.png", help="write a contact sheet")
    parser.add_argument("--sizes", default="70x98,210x294", help="card sizes (WxH,WxH)")
    parser.add_argument("--list", action="store_true", help="print where the assets were found")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    try:
        if args.list or not args.sheet:
            for kind in KINDS:
                folder = asset_dir(kind)
                count = sum(1 for _ in files_in(folder))
                print(f"{kind}: {folder} ({count} files)")
        if args.sheet:
            write_sheet(Path(args.sheet), parse_sizes(args.sizes))
            print(f"wrote {args.sheet}")
    except (AssetError, ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
