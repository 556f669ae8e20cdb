"""Entry point: ``python -m game`` or the ``pasha-pisti`` console script."""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import stat
import sys
import tempfile
from pathlib import Path

from game.core.files import Notice
from game.core.schema import MAX_DEAL, MAX_SEED
from game.games import SPECS

MAX_SIZE = 7680


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, not {text!r}") from None
    if w < 1 or h < 1:
        raise argparse.ArgumentTypeError(f"size must be positive, not {text!r}")
    return min(w, MAX_SIZE), min(h, MAX_SIZE)


def _whole(name: str, low: int, high: int):
    """An argparse type for a whole number in the range the saved files accept, so
    whatever the command line starts can be saved and read back."""

    def parse(text: str) -> int:
        try:
            value = int(text) if len(text) <= 30 else None
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"{name} must be a whole number from {low:,} to {high:,}, not {text[:40]!r}"
            )
        return value

    parse.__name__ = name  # argparse names the type in its messages
    return parse


def _writable(text: str) -> str:
    """An argparse type for a file the game writes, refused at the door (exit 2, never a
    traceback): only a regular file, never through a symbolic link, never a FIFO, a device
    or a folder, never one of the game's own files (its database and logs, the settings, a
    backup), in a folder that exists (or can be made) and can be written."""
    path = Path(text)
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        mode = stat.S_IFREG
    except OSError as err:
        raise argparse.ArgumentTypeError(f"{text} cannot be reached ({err.strerror})") from None
    if stat.S_ISLNK(mode):
        raise argparse.ArgumentTypeError(f"{text} is a symbolic link: name the file itself")
    if not stat.S_ISREG(mode):
        what = "a folder" if stat.S_ISDIR(mode) else "not a regular file"
        raise argparse.ArgumentTypeError(f"{text} is {what}")
    from game.store.db import own_file
    from game.store.settings import settings_dir

    own = own_file(path, settings_dir())
    if own is not None:
        raise argparse.ArgumentTypeError(
            f"{text} is the game's own {own} file, which keeps your match, statistics and "
            "history: name another file"
        )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=path.parent).close()
    except OSError as err:
        why = err.strerror or err
        raise argparse.ArgumentTypeError(
            f"the folder of {text} cannot be written ({why})"
        ) from None
    return text


class _Help(argparse.HelpFormatter):
    """``--help``: each game by its id and its English title, looked up only when asked, so
    a start never loads the phrasebook for it."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.dest != "game":
            return action.help
        from game.text.phrasebook import Phrasebook

        book = Phrasebook("en")
        named = ", ".join(f"{s.id} for {book.say(s.title_key)}" for s in SPECS.values())
        return f"{action.help}: {named}".replace("%", "%%")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="pasha-pisti", description="Pishe Pasha and Pişti.", formatter_class=_Help
    )
    p.add_argument(
        "--size",
        type=_size,
        default=None,
        help="window size, e.g. 1280x800 (default: the size it had when last closed)",
    )
    p.add_argument(
        "--game", choices=sorted(SPECS), metavar="GAME", help="skip the menu and start this game"
    )
    counts = sorted({n for spec in SPECS.values() for n in spec.players})
    p.add_argument(
        "--players",
        type=_whole("players", counts[0], counts[-1]),
        help="number of players for --game",
    )
    p.add_argument(
        "--seed",
        type=_whole("seed", 0, MAX_SEED),
        help="seed the deals (the same seed, the same cards)",
    )
    p.add_argument(
        "--deal", type=_whole("deal", 0, MAX_DEAL), help="play this numbered deal (with --game)"
    )
    from game.text.phrasebook import LANGUAGES  # (the game needs its words anyway)

    p.add_argument("--lang", choices=LANGUAGES, help="the language, for this run")
    p.add_argument(
        "--state-file",
        metavar="PATH",
        type=_writable,
        help="write the hand's record and report as JSON after every move",
    )
    p.add_argument(
        "--speech", action="store_true", help="read the game aloud (also F2 in the game)"
    )
    p.add_argument(
        "--speech-log",
        metavar="FILE",
        type=_writable,
        help="read aloud into FILE, a line for each sentence after its time (for tests)",
    )
    p.add_argument(
        "--export-history",
        metavar="FILE",
        type=_writable,
        help="write every finished hand to FILE (CSV if it ends in .csv, else JSON) and exit",
    )
    p.add_argument(
        "--smoke-test",
        action="store_true",
        help="check headless that the art, sounds and every table work, then exit",
    )
    p.add_argument("--verbose", action="store_true", help="log what the game does, for bug reports")
    p.add_argument(
        "--first-frame-exit",
        action="store_true",
        help="exit after drawing the first frame (startup benchmark)",
    )
    _install_flags(p)
    args = p.parse_args(argv)
    if args.players is not None and args.game and args.players not in SPECS[args.game].players:
        p.error(f"argument --players: {args.game} is played by {SPECS[args.game].players} players")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    configure_logging(args.verbose)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.desktop_entry:
        from game.cli.desktop import main as desktop_entry

        return desktop_entry(args.desktop_entry)
    if args.smoke_test:
        from game.cli.smoke import run_smoke

        return run_smoke()
    if args.export_history:
        return export_history(args.export_history)
    from game.ui.start import StartProblem, open_app

    try:
        app = open_app(args)
    except StartProblem as err:
        _say(f"pasha-pisti: {err}")
        return err.code
    if args.first_frame_exit:
        from game.cli.smoke import first_frame_exit

        return first_frame_exit(app)
    return run_app(app)


class _PrintVersion(argparse.Action):
    """``--version``: the version is looked up only when asked, so a start never pays."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs) -> None:
        super().__init__(option_strings, dest, nargs=0, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        from game.version import version

        if sys.stdout is not None:  # (None in the windowed Windows build)
            print(f"{parser.prog} {version()}", flush=True)
        parser.exit()


def _install_flags(p: argparse.ArgumentParser) -> None:
    """What this copy is, and putting it in (or out of) the desktop's menu."""
    p.add_argument("--version", action=_PrintVersion, help="print the version and exit")
    entry = p.add_mutually_exclusive_group()
    entry.add_argument(
        "--install-desktop-entry",
        dest="desktop_entry",
        action="store_const",
        const="install",
        help="add the game, with its icon, to your desktop's menu (Linux), and exit",
    )
    entry.add_argument(
        "--remove-desktop-entry",
        dest="desktop_entry",
        action="store_const",
        const="remove",
        help="take the game's entry out of your desktop's menu, and exit",
    )


def export_history(path: str) -> int:
    """``--export-history FILE``: History from the player's database, without a window."""
    from game import export
    from game.store.keeper import Keeper

    told: list[Notice] = []
    keeper = Keeper(told.append)
    try:
        rows = export.history(keeper)
        export.write(path, "hands", rows)
    except (OSError, ValueError) as err:
        _say(f"pasha-pisti: {path}: {getattr(err, 'strerror', None) or err}")
        return 2
    finally:
        keeper.close()
    from game.text import say

    for notice in told:
        _say(f"pasha-pisti: {say(f'notice.{notice.code}', detail=notice.detail)}")
    print(f"{len(rows)} hands written to {path}")
    return 0


def configure_logging(verbose: bool) -> None:
    """The one place logging is set up: warnings only, unless ``--verbose`` asks for all."""
    logging.basicConfig(
        level=logging.DEBUG if verbose else logging.WARNING,
        format="pasha-pisti: %(levelname)s %(name)s: %(message)s",
        force=True,
    )


def run_app(app) -> int:
    """The loop; if the game's pictures break while it runs (a card file deleted or
    damaged mid-game), say which and how to repair, and exit 1: every move was saved,
    so the match waits under Continue. Any other error is a bug and keeps its traceback,
    after the settings are saved."""
    import pygame

    from game.assets import AssetError
    from game.text.phrasebook import say

    try:
        app.run()
    except (AssetError, pygame.error, OSError) as err:  # OSError: an art file gone
        _rescue(app)
        _say(f"pasha-pisti: {say('start.broken_art', detail=str(err))}")
        if app.keeper is not None and app.keeper.saved_match() is not None:
            _say(f"pasha-pisti: {say('notice.match_kept')}")
        return 1
    except Exception:
        _rescue(app)
        raise
    return 0


def _rescue(app) -> None:
    """Keep what the player changed in the settings; never fail while failing."""
    with contextlib.suppress(Exception):
        app.save_settings()


def _say(text: str) -> None:
    stream = sys.stderr
    if stream is not None:
        stream.write(text.encode(stream.encoding or "utf-8", "replace").decode(
            stream.encoding or "utf-8", "replace") + "\n")  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
