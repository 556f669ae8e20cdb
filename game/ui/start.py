"""Opening the game: the window (or a clear refusal when there is no screen), the art
checked before a hand starts, the player's files, and the first scene.

The menu's first frame comes first: the art check (every card rendered small, about a
tenth of a second) and the other scenes' imports run right after it is on screen, before
any input is handled; with ``--game`` the art is checked before the hand is dealt."""

from __future__ import annotations

import argparse
import os
import sys

from game import APP_ID

MOMENT = 0.3  # seconds a start waits for moving in before it shows how far it is


class StartProblem(Exception):
    """The game cannot start; the message tells the player why and what to do."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


def check_art() -> str | None:
    """Every card picture, back and mark is there and can be drawn; else which file is not
    (the caller says how to repair the install)."""
    import pygame

    from game.assets import AssetError, asset_dir, font_file
    from game.assets.art.slots import MARKS
    from game.assets.deck import FACES, DeckRenderer

    try:
        sprites = asset_dir("sprites")
        deck = DeckRenderer(sprites)
        for faces in FACES:
            for card in range(52):
                path = deck.card_file(card, faces)
                img = deck.render_file(path, (20, 28))
                if img.get_at((10, 14)).a == 0:
                    raise AssetError(f"{path} draws nothing")
        for back in ("red", "blue"):
            deck.back((20, 28), back)
        for mark in MARKS:  # the signs on empty foundations
            deck.render_file(sprites / "marks" / f"{mark}.svg", (20, 20))
        font_file()
    except (AssetError, pygame.error, OSError) as err:
        return str(err)
    return None


def open_app(args: argparse.Namespace):
    """The app with its routes and the player's files, on its first scene."""
    window_hints()
    import pygame

    from game.text import say
    from game.ui.app import App, NoDisplay
    from game.ui.scenes import install_routes, preload

    try:
        app = App(args.size, args.state_file)
    except NoDisplay as err:
        raise StartProblem(str(err)) from None
    except pygame.error as err:  # a video driver asked for (SDL_VIDEODRIVER) is not there
        raise StartProblem(f"the game's window cannot be opened: {err}") from None
    if args.lang:
        app.use_language_for_run(args.lang)
    if getattr(args, "speech_log", None):
        app.voice.log_to(args.speech_log)
    if getattr(args, "speech", False) or getattr(args, "speech_log", None):
        app.voice.on = True
    if args.game:
        problem = check_art()
        if problem is not None:
            app.close()
            raise StartProblem(say("start.broken_art", detail=problem))
    install_routes(app)
    moving = _moving_in(app)
    if moving is not None:  # shown moving in; the game opens once the files are in
        app.goto("moving_in", job=moving, then=lambda: _first_scene(app, args, moving))
        app.after_frame += [preload] if args.game else [_art_or_quit, preload]
        return app
    return _first_scene(app, args)


def _moving_in(app):
    """The previous version's files moving in on a thread, when there are any and they
    take more than a moment (a long history takes seconds: the window shows how far it
    is); None when there are none or they are in already (what it told, told)."""
    from game.store import moving_in
    from game.store.settings import settings_dir

    folder = settings_dir()
    if not moving_in.pending(folder):
        return None
    job = moving_in.MovingIn(folder)
    if not job.wait(MOMENT):
        return job
    for notice in job.told:
        app.notice(notice)
    return None


def _first_scene(app, args: argparse.Namespace, moved=None):
    """The player's files opened and the first scene shown: the menu, or ``--game``'s hand."""
    from game.ui.scenes import preload

    for notice in moved.told if moved is not None else []:
        app.notice(notice)
    keep(app)
    if args.game:
        _choose_game(app.settings, args)
    if not args.game:
        app.goto("menu", seed=args.seed)
        if moved is None:
            app.after_frame += [_art_or_quit, preload]
        return app
    speaking, app.voice.on = app.voice.on, False  # the menu is passed through, not said
    menu = app.goto("menu", seed=args.seed)
    menu.start_game(args.deal)  # asked first when it would replace a saved match
    app.voice.on = speaking
    app.voice.entered(app.scene)  # the table, or the menu when a question kept it there
    return app


def window_hints() -> None:
    """Before the window opens: the desktop knows it by the app id (the launcher's icon
    and entry, see game.cli.desktop); on Linux SDL draws through X11's shared memory, not
    an OpenGL texture (which took 50 ms to set up, and was slower per frame, under Xvfb)."""
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", APP_ID)
    os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", APP_ID)
    if sys.platform.startswith("linux"):
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


def _art_or_quit() -> None:
    """The art check after the first frame: a damaged install ends the loop, which names
    the file and says how to repair it (``game.__main__.run_app``)."""
    from game.assets import AssetError

    problem = check_art()
    if problem is not None:
        raise AssetError(problem)


def keep(app):
    """The player's keepings for ``app`` (closing a keeper it had): the store's notices in
    the app's words, the store the scenes call."""
    from game.store.keeper import Keeper

    if app.keeper is not None:
        app.keeper.close()
    k = app.keeper = Keeper(app.notice, pars=True)
    app.after_frame.append(k.warm_up)  # (the statistics folded once the menu is drawn)
    return k


def _choose_game(settings, args: argparse.Namespace) -> None:
    """``--game`` and ``--players`` become the menu's choices, as if picked there: the menu
    starts that game, and shows it behind its question or after the hand. A game with no
    choice of players keeps none: its settings then load clean."""
    from game.games import SPECS

    settings.last_game = args.game
    if args.players is not None:  # (a count the game has: parse_args checked it)
        chosen = {**settings.options_for(args.game), "players": args.players}
        chosen = SPECS[args.game].valid_choices(chosen)
        if chosen:
            settings.game_options[args.game] = chosen
