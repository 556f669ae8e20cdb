"""How long rendering the whole deck takes: the table does this on every window resize.

Prints milliseconds for 52 faces + one back at a few sizes (best of 5 fresh renderers),
plus the felt at 1920x1080. Target: under 150 ms for the deck at 140x196.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._game_venv import ensure_pygame

ensure_pygame()

import pygame  # noqa: E402

from game.assets.art import felt as felt_module  # noqa: E402
from game.assets.deck import FACES, DeckRenderer  # noqa: E402


def best_ms(fn, repeats: int = 5) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return min(times)


def main() -> None:
    pygame.display.init()
    window = pygame.Window(size=(1, 1), hidden=True)
    window.get_surface()  # gives the pixel format the cards are converted to
    for size in ((70, 98), (140, 196), (210, 294), (280, 392)):
        for faces in FACES:
            ms = best_ms(lambda s=size, f=faces: DeckRenderer().render(s, f))
            print(f"deck {size[0]}x{size[1]} {faces:13s}: {ms:6.1f} ms (52 faces + back)")

    def fresh_felt():
        felt_module.felt.cache_clear()
        felt_module.felt((1920, 1080))

    print(f"felt 1920x1080: {best_ms(fresh_felt):.1f} ms")


if __name__ == "__main__":
    main()
