"""``--smoke-test``: prove that this copy of the game starts, finds its art and plays.

A frozen executable or an installed wheel can break in ways the unit tests never
see (a missing picture, a sound or a game's catalogue left out of the bundle, a module
PyInstaller did not pick up), so this runs the real program headless: it renders every
card face in both colour schemes and every back, finds every registered game's words in
each language, loads every sound, draws the menu,
then opens each game's table through the menu's own Start and lets the
computer play a few moves there through the app's step loop, and the first table of
each game to the end of the hand and its summary (so an executable proves it can finish
a hand with what it carries). Exit 0 means all of that worked; otherwise the reason is
printed on stderr.

``--first-frame-exit`` (for ``benchmarks/startup.py``) draws the first frame,
prints ``first-frame <unix time>``, then ``ready <unix time>`` once the work left for
after the first frame is done, and exits.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import sys
import tempfile
import time
import traceback
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

SIZE = (1280, 800)
DT = 0.02
SECONDS_PER_TABLE = 20.0
MOVES_WANTED = 6
AI_MOVES_WANTED = 3
CARD_SIZES = ((70, 98), (140, 196))
MIN_COLOURS = 40


def tables() -> list[tuple[str, str, dict[str, Any]]]:
    """(name, game, menu choices) of every table to open: each game names its own."""
    from game.games import SPECS

    return [
        (f"{spec.id} {choices}" if choices else spec.id, spec.id, choices)
        for spec in SPECS.values()
        for choices in spec.smoke
    ]


class SmokeFailure(Exception):
    """A check failed; the message is the reason shown to whoever ran the test."""


def _say(text: str, err: bool = False) -> None:
    """Print, even from a windowed Windows build where the streams are None."""
    stream = sys.stderr if err else sys.stdout
    if stream is not None:
        print(text, file=stream, flush=True)


def _headless() -> None:
    """Dummy video and audio unless the caller chose drivers; must run before pygame starts."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _distinct_colours(surface) -> set[tuple[int, int, int]]:
    """Colours on a 64x40 grid of the frame: a blank or broken frame has very few."""
    w, h = surface.get_size()
    return {
        tuple(surface.get_at((x * w // 64, y * h // 40)))[:3] for x in range(64) for y in range(40)
    }


def _check_frame(surface, what: str) -> None:
    colours = _distinct_colours(surface)
    if len(colours) < MIN_COLOURS:
        raise SmokeFailure(f"{what} looks blank: only {len(colours)} colours on screen")


def check_art() -> tuple[Traversable, int]:
    """Render every face (both colour schemes, two sizes), every back and the icon."""
    import pygame

    from game.assets import AssetError, asset_dir, back_names, font_file, read_bytes
    from game.assets.deck import FACES, DeckRenderer

    try:
        sprites = asset_dir("sprites")
        font_file()
        deck = DeckRenderer(sprites)
        backs = back_names(sprites)
        if not {"red", "blue"} <= set(backs):
            raise SmokeFailure(f"card backs red and blue expected, found {backs}")
        count = 0
        for size in CARD_SIZES:
            for faces in FACES:
                for back in backs:
                    pictures = deck.render(size, faces, back)
                    for key, img in pictures.items():
                        _check_picture(img, size, f"card {key} at {size}")
                    count += len(pictures)
        icon = deck.render_file(sprites / "icon.svg", (64, 64))
        _check_picture(icon, (64, 64), "icon.svg")
        pygame.image.load(io.BytesIO(read_bytes(sprites / "icon.png")), "icon.png")
    except (AssetError, pygame.error, OSError) as exc:
        raise SmokeFailure(f"art: {exc}") from exc
    return sprites, count


def _check_picture(img, size: tuple[int, int], what: str) -> None:
    if img.get_size() != tuple(size):
        raise SmokeFailure(f"{what} came out {img.get_size()}, not {size}")
    if img.get_at((size[0] // 2, size[1] // 2)).a == 0:
        raise SmokeFailure(f"{what} is empty in the middle")


def check_words() -> list[tuple[str, Path]]:
    """Every registered game's words in every language: its catalogue (the shared one, and
    the game's own ``locale/`` if it keeps one) is found, and its name, description,
    rules, options, levels and lessons are in it. Returns (what, folder) for each."""
    import gettext

    from game.games import SPECS
    from game.text import set_language
    from game.text.phrasebook import DOMAIN, LANGUAGES, LOCALE_DIR

    found = [("words", LOCALE_DIR)]
    for spec in SPECS.values():
        if spec.catalogue is not None:
            found.append((f"words {spec.id}", spec.catalogue))
    for lang in LANGUAGES:
        for what, folder in found:
            if gettext.find(DOMAIN, folder, [lang]) is None:
                raise SmokeFailure(f"{what}: no {lang} catalogue in {folder}")
        words = set_language(lang)
        for spec in SPECS.values():
            keys = [spec.title_key, f"{spec.title_key}.about", spec.rules_key]
            keys += [f"choice.{c.key}" for c in spec.choices]
            keys += [f"level.{level}" for level in spec.levels]
            keys += [lesson.title for lesson in spec.lessons]
            missing = [k for k in keys if not words.has(k)]
            if missing:
                raise SmokeFailure(f"{spec.id} has no {lang} words for {', '.join(missing)}")
    set_language("en")
    return found


def check_sounds() -> tuple[Traversable, int]:
    """Start the mixer (dummy driver when headless) and load and play every effect."""
    import pygame

    from game.assets import AssetError, asset_dir, read_bytes
    from game.assets.sounds import SOUND_NAMES

    try:
        folder = asset_dir("sounds")
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
        for name in SOUND_NAMES:
            sound = pygame.mixer.Sound(file=io.BytesIO(read_bytes(folder / f"{name}.wav")))
            if sound.get_length() <= 0:
                raise SmokeFailure(f"sound {name}.wav is empty")
            sound.set_volume(0.0)
            sound.play()
    except (AssetError, pygame.error, OSError) as exc:
        driver = os.environ.get("SDL_AUDIODRIVER", "")
        raise SmokeFailure(f"sound (SDL_AUDIODRIVER={driver!r}): {exc}") from exc
    return folder, len(SOUND_NAMES)


def open_table(app, game: str, choices: dict[str, Any], seed: int):
    """Choose ``game`` and its options as the menu would remember them, and press Start."""
    app.settings.last_game = game
    app.settings.game_options[game] = dict(choices)
    menu = app.goto("menu", seed=seed)
    app.step(DT)
    if menu.game.value != game:
        raise SmokeFailure(f"the menu shows {menu.game.value!r}, not {game!r}")
    _click(app, menu.start.rect.center)
    table = app.scene
    if getattr(table, "name", "") != "table":
        raise SmokeFailure(f"Start opened {type(table).__name__}, not the table")
    players = int(choices.get("players", 2))
    if table.state.game != game or table.state.players != players:
        raise SmokeFailure(
            f"Start dealt {table.state.game} for {table.state.players}, not {game} for {players}"
        )
    return table


def _click(app, pos: tuple[int, int]) -> None:
    """A real left click, posted to the queue and handled by the app's own step."""
    import pygame

    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
        app.step(DT)


def play_a_few_moves(app, table, name: str, to_the_end: bool = False) -> int:
    """Step the app; the referee asks the computer seats, a Medium agent plays ours (and
    lets each call window pass); ``to_the_end``, until the hand's summary is shown."""
    from game.core.agents import SeatView

    model = table.model
    ours = model.spec.make_agent(model.spec.default_level, 7)
    human_moves = 0
    end = time.monotonic() + SECONDS_PER_TABLE
    while time.monotonic() < end:
        app.step(max(DT, model.window.seconds))  # a call window open for us passes in one frame
        moves = len(table.state.history)
        ai_wanted = 0 if not model.spec.levels else AI_MOVES_WANTED
        enough = moves >= MOVES_WANTED and moves - human_moves >= ai_wanted and not to_the_end
        if enough or app.scene is not table:
            _check_frame(app.screen, f"the {name} table" if enough else f"{name}'s end")
            if to_the_end and getattr(app.scene, "name", "") != "summary":
                raise SmokeFailure(f"{name}: the hand ended on {app.scene.name}, not its summary")
            return moves
        if model.human_may_act() and not table.state.is_over:
            action = ours.choose(SeatView(table.state, table.human))
            if not model.perform(action):
                raise SmokeFailure(f"{name}: the table refused {action}: {model.message}")
            human_moves += 1
        elif model.thinker.busy:
            time.sleep(0.001)
    raise SmokeFailure(
        f"{name}: only {len(table.state.history)} moves ({human_moves} ours) "
        f"in {SECONDS_PER_TABLE:.0f} s"
    )


def check_tables(app) -> int:
    """Every table a few moves, the first of each game to the end of its hand."""
    total, finished = 0, set()
    for i, (name, game, choices) in enumerate(tables()):
        table = open_table(app, game, choices, seed=101 + i)
        total += play_a_few_moves(app, table, name, to_the_end=game not in finished)
        finished.add(game)
    return total


def check_app() -> int:
    """The real App and menu, then every table; returns the moves made."""

    from game import TITLE
    from game.store.settings import Settings
    from game.ui.app import App
    from game.ui.scenes import install_routes

    app = App(SIZE, settings=Settings(pace="instant", sound=True, language="en"))
    install_routes(app)
    try:
        if app.window.title != TITLE:
            raise SmokeFailure(f"window title is {app.window.title!r}")
        app.goto("menu")
        if not app.step(0.0):
            raise SmokeFailure("the menu quit on its first frame")
        _check_frame(app.screen, "the main menu")
        app.audio.play("deal")
        return check_tables(app)
    finally:
        with contextlib.suppress(Exception):
            app.scene.leave()


def run_smoke() -> int:
    """Every check in turn; 0 when all pass, 1 with the reason on stderr otherwise."""
    _headless()
    started = time.monotonic()
    home = tempfile.mkdtemp(prefix="pasha-pisti-smoke-")
    old_home = os.environ.get("PASHA_PISTI_HOME")
    os.environ["PASHA_PISTI_HOME"] = home
    try:
        import pygame

        pygame.init()
        sprites, pictures = check_art()
        words = check_words()
        sounds, effects = check_sounds()
        moves = check_app()
    except SmokeFailure as exc:
        _say(f"smoke test failed: {exc}", err=True)
        return 1
    except Exception as exc:
        _say("".join(traceback.format_exception(exc)), err=True)
        _say(f"smoke test failed: {type(exc).__name__}: {exc}", err=True)
        return 1
    finally:
        _restore_home(old_home, home)
        with contextlib.suppress(Exception):
            pygame.quit()
    import game

    _say(f"game: {Path(game.__file__).parent}")
    _say(f"sprites: {sprites}")
    _say(f"sounds: {sounds}")
    for what, folder in words:
        _say(f"{what}: {folder}")
    seconds = time.monotonic() - started
    _say(
        f"smoke test passed: {pictures} card pictures, {effects} sounds, "
        f"{len(tables())} tables, {len({t[1] for t in tables()})} hands to the end, "
        f"{moves} moves played in {seconds:.1f} s"
    )
    return 0


def _restore_home(old: str | None, temp: str) -> None:
    if old is None:
        os.environ.pop("PASHA_PISTI_HOME", None)
    else:
        os.environ["PASHA_PISTI_HOME"] = old
    shutil.rmtree(temp, ignore_errors=True)


def first_frame_exit(app) -> int:
    """Draw one frame and say when, then do the work queued for after it (the art check,
    the other scenes' imports) and say when the game was ready for input; leave without
    saving anything (startup benchmark)."""
    import pygame

    from game.assets import AssetError

    later, app.after_frame = app.after_frame, []
    app.step(0.0)
    _say(f"first-frame {time.time():.6f}")
    try:
        for work in later:
            work()
    except AssetError as err:  # the art check after the first frame
        _say(f"pasha-pisti: {err}", err=True)
        return 1
    finally:
        app.scene.leave()
        pygame.quit()
    _say(f"ready {time.time():.6f}")
    return 0
