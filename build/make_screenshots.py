"""The README's screenshots, taken as a player would see them: the real window on an
X server (Xvfb), captured with ImageMagick's ``import -window root``.

    python build/make_screenshots.py [--out docs/screenshots] [--size 1280x800]

Needs ``Xvfb`` and ``import`` (Debian: xvfb, imagemagick). Hands are played by the
Medium AI in the human's seat, with fixed seeds, so the pictures are the same each time
the rules and art are. Statistics and history come from the hands played here, in a
throw-away preference folder.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARGIN = 200  # the screen is larger than the window, so the window keeps its size


def start_display(size: tuple[int, int]) -> subprocess.Popen:
    """An Xvfb server on a free display number; DISPLAY is set for this process."""
    for number in range(91, 120):
        if not Path(f"/tmp/.X11-unix/X{number}").exists():
            break
    server = subprocess.Popen(
        [
            "Xvfb",
            f":{number}",
            "-screen",
            "0",
            f"{size[0] + MARGIN}x{size[1] + MARGIN}x24",
            "-nolisten",
            "tcp",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(50):
        if Path(f"/tmp/.X11-unix/X{number}").exists():
            break
        time.sleep(0.1)
    os.environ["DISPLAY"] = f":{number}"
    return server


@contextlib.contextmanager
def shooting(out: Path, size: tuple[int, int], prefix: str) -> Iterator[bool]:
    """A screenshot run's world: an Xvfb display and a throw-away preference folder, both
    gone afterwards. Yields False (said on stderr) when Xvfb or ``import`` is missing."""
    missing = [tool for tool in ("Xvfb", "import") if shutil.which(tool) is None]
    if missing:
        print(f"needs {' and '.join(missing)} (Debian: xvfb, imagemagick)", file=sys.stderr)
        yield False
        return
    out.mkdir(parents=True, exist_ok=True)
    server = start_display(size)
    home = tempfile.mkdtemp(prefix=prefix)
    os.environ.update(PASHA_PISTI_HOME=home, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy")
    try:
        yield True
    finally:
        server.terminate()
        shutil.rmtree(home, ignore_errors=True)


class Shooter:
    """The game's app in a real window, stepped here, photographed from the X server."""

    def __init__(self, out: Path, size: tuple[int, int]) -> None:
        import pygame

        from game.store.settings import Settings
        from game.ui.app import App
        from game.ui.scenes import install_routes
        from game.ui.start import keep

        self.pygame = pygame
        self.out = out
        settings = Settings(pace="instant", sound=False, language="en", call_window=0.05)
        self.app = App(size, settings=settings)
        install_routes(self.app)
        keep(self.app)

    def language(self, lang: str) -> None:
        from game.text import set_language

        self.app.settings.language = lang
        set_language(lang)

    def settle(self, seconds: float = 0.3) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.app.dirty = True
            self.app.step(0.02)
            time.sleep(0.01)

    def shot(self, name: str) -> None:
        """Photograph the window once nothing moves and no banner covers the table."""
        self.settle()
        model = getattr(self.app.scene, "model", None)
        end = time.monotonic() + 5
        while model is not None and model.hooks.banners and time.monotonic() < end:
            self.settle(0.1)
        path = self.out / f"{name}.png"
        (x, y), (w, h) = self.app.window.position, self.app.screen.get_size()
        crop = ["-crop", f"{w}x{h}+{x}+{y}", "+repage"]
        subprocess.run(["import", "-window", "root", *crop, str(path)], check=True)
        print(f"wrote {path}")

    def play(self, game: str, choices: dict, seed: int, moves: int = 10_000, level="medium"):
        """A table of a new match; the human's seat plays ``moves`` moves by itself."""
        from game.core.agents import SeatView
        from game.session import Session

        session = Session.start(game, choices, level, seed)
        table = self.app.goto("table", session=session)
        agent = session.spec.make_agent("medium", seed)
        played = 0
        end = time.monotonic() + 120
        while self.app.scene is table and time.monotonic() < end:
            self.app.step(0.02)
            if table.model.human_may_act():
                if played >= moves:
                    break
                table.model.perform(agent.choose(SeatView(table.state, table.human)))
                played += 1
            elif table.model.thinker.busy:
                time.sleep(0.002)
        return table


def take(shooter: Shooter) -> None:
    """Every picture the README shows."""
    app = shooter.app
    shooter.language("en")
    app.goto("menu")
    shooter.shot("menu")
    shooter.play("pishe-pasha", {"players": 2, "stop_rule": True}, 5, moves=14)
    shooter.shot("pishe-pasha")
    shooter.play("pisti", {"players": 4}, 8, moves=5)
    shooter.shot("pisti-4p")
    for seed in (11, 12, 13):
        shooter.play("pisti", {"players": 2}, seed)
    shooter.shot("summary")
    entry = app.goto("history").entries[0]
    record = app.keeper.record(entry.id)
    shooter.shot("history")
    replay = app.goto("replay", record=record, seat=entry.seat)
    replay.jump(18)
    shooter.shot("replay")
    review = app.goto("review", record=record, seat=entry.seat)
    end = time.monotonic() + 120
    while review.pending is not None and time.monotonic() < end:
        shooter.settle(0.2)
    shooter.shot("review")
    app.goto("stats")
    shooter.shot("stats")
    shooter.language("tr")
    app.goto("menu")
    shooter.shot("menu-tr")
    table = shooter.play("pisti", {"players": 2}, 20, moves=5)
    shooter.shot("pisti-tr")
    table.controls.open_menu()
    table.controls.open_rules()
    shooter.shot("rules-tr")
    table.controls.close_panel()
    shooter.play("pisti", {"players": 2}, 21)
    shooter.shot("summary-tr")
    shooter.play("pishe-pasha", {"players": 3}, 7, moves=6)
    shooter.shot("pishe-pasha-3p-tr")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    p.add_argument("--size", default="1280x800")
    args = p.parse_args(argv)
    size = tuple(int(v) for v in args.size.split("x"))
    sys.path.insert(0, str(ROOT))
    with shooting(args.out, size, "screenshots-") as ready:
        if not ready:
            return 1
        shooter = Shooter(args.out, size)
        take(shooter)
        shooter.pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
