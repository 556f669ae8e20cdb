"""A screenshot of every step of every lesson, in every language, as a player sees it:
the real window on an X server (Xvfb), opened from the menu's Learn to play, each step
photographed with ImageMagick's ``import -window root`` once the table is at rest, then
Skip (N) pressed, as a player would, to go on.

    python build/lesson_shots.py [--out /tmp/lesson-shots] [--size 960x600] [--lang en tr]

The pictures are for looking at (text that overflows, a glow on the wrong pile), not for
git: the README shows three of them, copied by hand to docs/screenshots/. Needs ``Xvfb``
and ``import`` (Debian: xvfb, imagemagick).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build"))

from make_screenshots import Shooter, shooting  # noqa: E402

STEP_LIMIT = 60.0  # seconds one step may take before the run gives up on it


def post_click(shooter: Shooter, pos: tuple[int, int]) -> None:
    """A click, then the pointer moved off the table (no hover left on the next screen)."""
    pygame = shooter.pygame
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
        shooter.app.step(0.02)
    away = (shooter.app.screen.get_width() // 2, 2)
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(0, 0), buttons=(0, 0, 0))
    pygame.event.post(motion)
    shooter.app.step(0.02)


def post_key(shooter: Shooter, key: int) -> None:
    pygame = shooter.pygame
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    shooter.app.step(0.02)


def open_lessons(shooter: Shooter, game: str) -> None:
    """Menu, the game chosen, Learn to play, and the first lesson when there are several."""
    app = shooter.app
    app.settings.last_game = game
    menu = app.goto("menu")
    shooter.settle(0.3)
    post_click(shooter, menu.learn_btn.rect.center)
    shooter.settle(0.3)
    if app.scene is menu and menu.lesson_pick:
        post_click(shooter, menu.lesson_pick[0].rect.center)
    shooter.settle(0.3)


def at_rest(scene) -> bool:
    """Nothing moves, and a step that waits for the player's move has it to make."""
    from game.core.lesson import Wait

    m = scene.model
    if m.show.busy or m.thinker.busy or not (scene.here or scene.finished):
        return False
    playing = not scene.finished and scene.step.wait in (Wait.MOVE, Wait.FINISH)
    return not playing or m.human_may_act() or m.state.is_over


def walk(shooter: Shooter, game: str, lang: str) -> list[Path]:
    """Every step of the game's lessons, one picture each, the lessons one after another
    (Skip step on a lesson's last page opens the next lesson)."""
    from game.core.lesson import Wait

    app = shooter.app
    shots: list[Path] = []
    open_lessons(shooter, game)
    scene, shot = None, set()
    end = time.monotonic() + STEP_LIMIT
    while app.scene.name == "lesson" and time.monotonic() < end:
        if app.scene is not scene:
            scene, shot = app.scene, set()
        shooter.settle(0.02)  # frame by frame: a step the computer plays may be short
        k = scene.k
        watching = not scene.finished and scene.step.wait is Wait.WATCH
        if k not in shot:
            # a step the computer plays is photographed while it plays (it ends by itself)
            if (watching and scene.here) or at_rest(scene):
                shooter.settle(0.3 if watching else 0.5)
                name = f"{lang}-{scene.lesson.id}-{k + 1:02d}"
                shooter.shot(name)
                shots.append(shooter.out / f"{name}.png")
                shot.add(k)
                end = time.monotonic() + STEP_LIMIT
        elif not watching and at_rest(scene):
            post_key(shooter, shooter.pygame.K_n)
    return shots


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "lesson-shots")
    p.add_argument("--size", default="960x600")
    from game.text.phrasebook import LANGUAGES

    p.add_argument("--lang", nargs="+", default=list(LANGUAGES), choices=LANGUAGES)
    args = p.parse_args(argv)
    size = tuple(int(v) for v in args.size.split("x"))
    with shooting(args.out, size, "lesson-shots-") as ready:
        if not ready:
            return 1
        from game.games import SPECS

        shooter = Shooter(args.out, size)
        shooter.app.settings.pace = "normal"
        shooter.app.settings.lessons_offered = True
        for lang in args.lang:
            shooter.language(lang)
            for game, spec in SPECS.items():
                if spec.lessons:
                    print(f"{lang} {game}: {len(walk(shooter, game, lang))} steps")
        shooter.pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
