"""The screens where small windows hurt first, photographed at 960x600 in English and
Türkçe: every game's end-of-hand summary, the menu with each game chosen and a saved
match's Continue bar (the three-player Stop-rule one is the longest), the table's top bar
of each game, the replay with the coach's "Played / Better" legend, and the keys panel
(F1) scrolled to its end.

    python build/small_screen_shots.py [--out /tmp/small-shots] [--size 960x600] [--lang en tr]

The pictures are for looking at (words cut off, overlaps, empty bands), not for git.
Needs ``Xvfb`` and ``import`` (Debian: xvfb, imagemagick).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build"))

from make_screenshots import Shooter, shooting  # noqa: E402

TABLES = (  # (name, game, choices, seed): a summary of each
    ("pishe-pasha", "pishe-pasha", {"players": 2}, 5),
    ("pishe-pasha-3p-stop", "pishe-pasha", {"players": 3, "stop_rule": True}, 7),
    ("book", "pisha-pasha-book", {}, 5),
    ("pisti-2p", "pisti", {"players": 2}, 11),
    ("pisti-3p", "pisti", {"players": 3}, 7),
    ("pisti-4p", "pisti", {"players": 4}, 8),
)


def summaries(shooter: Shooter, lang: str) -> None:
    """Each game's table a few moves in (its top bar), then its summary."""
    for name, game, choices, seed in TABLES:
        shooter.play(game, choices, seed, moves=3)
        shooter.shot(f"{lang}-table-{name}")
        shooter.play(game, choices, seed)
        shooter.shot(f"{lang}-summary-{name}")


def chart(shooter: Shooter, lang: str) -> None:
    """The summary of a match's second hand: the totals beside the chart of the race."""
    from game.core.agents import SeatView

    app = shooter.app
    table = shooter.play("pisti", {"players": 2}, 11)
    app.scene._next()  # Next hand, as its button does
    agent = table.model.spec.make_agent("medium", 11)
    while app.scene is table:
        app.step(0.02)
        if table.model.human_may_act():
            table.model.perform(agent.choose(SeatView(table.state, table.human)))
    shooter.shot(f"{lang}-summary-pisti-2p-chart")


def menus(shooter: Shooter, lang: str) -> None:
    """The menu with each game chosen, a match of it saved (its Continue bar)."""
    app = shooter.app
    for name, game, choices, seed in TABLES:
        shooter.play(game, choices, seed, moves=2)
        app.settings.last_game = game
        app.goto("menu")
        shooter.shot(f"{lang}-menu-{name}")


def keys_panel(shooter: Shooter, lang: str) -> None:
    """The keys panel (F1) of a Stop-rule table, scrolled to its end."""
    pygame = shooter.pygame
    table = shooter.play("pishe-pasha", {"players": 2, "stop_rule": True}, 5, moves=2)
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0)
    pygame.event.post(event)
    shooter.settle(0.2)
    shooter.shot(f"{lang}-keys-top")
    help_panel = table.controls.help
    help_panel.scroll(help_panel.max_offset)
    shooter.shot(f"{lang}-keys-end")


def replay_legend(shooter: Shooter, lang: str) -> None:
    """A replay opened where the coach compares two of the player's moves (as the review
    opens it): its legend at the side panel's foot, and the log above it."""
    app = shooter.app
    table = shooter.play("pisti", {"players": 2}, 11, moves=9)
    state = table.state
    played, better = state.legal_actions()[:2]
    record = state.record()
    k = len(record["actions"])
    record["actions"] = [*record["actions"], str(played)]
    app.goto("replay", record=record, seat=table.human, start=k, compare=(played, better))
    shooter.shot(f"{lang}-replay-legend")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "small-shots")
    p.add_argument("--size", default="960x600")
    p.add_argument("--lang", nargs="+", default=["en", "tr"], choices=("en", "tr"))
    p.add_argument("--only", nargs="+", default=["summaries", "chart", "menus", "keys", "replay"])
    args = p.parse_args(argv)
    size = tuple(int(v) for v in args.size.split("x"))
    parts = {
        "summaries": summaries,
        "chart": chart,
        "menus": menus,
        "keys": keys_panel,
        "replay": replay_legend,
    }
    with shooting(args.out, size, "small-shots-") as ready:
        if not ready:
            return 1
        shooter = Shooter(args.out, size)
        shooter.app.settings.lessons_offered = True
        for lang in args.lang:
            shooter.language(lang)
            for part in args.only:
                parts[part](shooter, lang)
        shooter.pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
