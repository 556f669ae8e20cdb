"""What the UI tests share: an app on the dummy video driver, tables opened through a
session, and real input posted to pygame's queue and handled by the app's own step.

Imported by the UI test files as a plain module (test files never import each other).
"""

from __future__ import annotations

import contextlib
import time
from concurrent import futures

import pygame
import pytest
from conftest import registered_tables

from game.core.agents import SeatView
from game.core.cards import CARD_TEXT, parse_card
from game.core.types import Action, ActionKind, PileId, PileKind
from game.games import spec_of
from game.games.pishe_pasha.rules import PishePasha
from game.session import Session
from game.store.settings import Settings
from game.ui import theme
from game.ui.app import App
from game.ui.scenes import install_routes
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.summary import SummaryScene
from game.ui.scenes.table import TableScene
from game.ui.start import keep as keep_for
from game.ui.table.input.controller import Focus

DT = 0.02
OPEN: list[App] = []  # every app make_app made: conftest closes them when the test ends


def _firsts() -> set[str]:
    """The first table of each game (the quick loop's); the others run in the full suite."""
    seen: set[str] = set()
    return {f"{g}-{c}" for g, c, _ in registered_tables() if not (g in seen or seen.add(g))}


HANDS = [
    pytest.param(
        *h, id=f"{h[0]}-{h[1]}", marks=() if f"{h[0]}-{h[1]}" in _firsts() else pytest.mark.slow
    )
    for h in registered_tables()
]


def make_app(tmp_path, monkeypatch, size=(1280, 800), keep: bool = False, **settings) -> App:
    """An app with its routes, quick and silent, its files in ``tmp_path``."""
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    base = {
        "pace": "instant",
        "call_window": 0.05,
        "sound": False,
        "language": "en",
        "auto_play": False,
    }
    app = App(size, settings=Settings(**{**base, **settings}))
    OPEN.append(app)
    install_routes(app)
    if keep:
        keep_for(app)
    return app


def pretend_saved(app: App, monkeypatch, info: dict) -> None:
    """The app's keepings answer that ``info`` is the match saved, whatever their files
    hold (a keeper is opened in the test's folder where the app had none)."""
    if app.keeper is None:
        keep_for(app)
    monkeypatch.setattr(app.keeper, "saved_match", lambda: info)


def release(app: App) -> None:
    """Release what ``app`` still holds, as quitting the game would: its scenes' worker
    threads and its voice's (so no thread outlives the test)."""
    app.leave_scenes()
    app.voice.close()
    if app.keeper is not None:  # the pars' thread stops, as quitting stops it
        app.keeper.pars.close()
    # the window too, while SDL is up: one left to the collector after a later test's
    # pygame.quit would close whichever window then had its old address
    with contextlib.suppress(pygame.error):
        app.window.destroy()


def close_apps() -> None:
    """Release every app make_app made (conftest, as each test ends)."""
    while OPEN:
        release(OPEN.pop())


def menu_for(app: App, game: str, **choices) -> MenuScene:
    """The menu opened on ``game`` with these options remembered, one frame drawn."""
    app.settings.last_game = game
    app.settings.game_options[game] = choices
    menu = app.goto("menu")
    app.step(DT)
    return menu


def drawn_colours(app: App, monkeypatch) -> dict[str, tuple]:
    """Every text drawn in the next frame, with its colour."""
    seen: dict[str, tuple] = {}
    real = theme.rendered

    def watch(words, size, colour, bold=False):
        seen[words] = colour
        return real(words, size, colour, bold)

    monkeypatch.setattr(theme, "rendered", watch)
    app.dirty = True
    app.step(DT)
    return seen


def pid(text: str) -> PileId:
    return PileId.parse(text)


def open_table(app: App, game: str, choices: dict, state=None, level: str | None = None,
               seed: int = 3) -> TableScene:  # fmt: skip
    """A table of a fresh match (at ``level``, else the game's default), or of a given
    position (``state``)."""
    session = Session.start(game, choices, level or spec_of(game).default_level, seed)
    if state is not None:
        session.referee.restart(state)
    return app.goto("table", session=session)


def history(table: TableScene) -> list[str]:
    """The moves made so far as record texts, which a test compares with plain strings."""
    return [str(a) for a in table.state.history]


def set_agent(table: TableScene, player: int, agent) -> None:
    """Replace a computer player (tests script their opponents)."""
    table.model.referee.agents[player] = agent


def settle(app: App, table: TableScene, limit: float = 120.0) -> None:
    """Step the table's clock (``limit`` seconds of its frames at most) until the table is
    at the player's move (theirs to choose, or playing itself), the hand is over, or the
    table is gone; the computer's thinking is joined, not waited for on a clock. (A
    computer's whole turn at Pishe Pasha, its cards flying, can take a minute of frames.)"""
    for _ in range(round(limit / DT)):
        app.step(DT)
        if app.scene is not table or table.model.takes_moves():
            return
        if table.state.is_over and not table.model.show.busy:
            return
        join(app, table)
    raise AssertionError("the table never settled")


def join(app: App, table=None) -> None:
    """The table's worker thread done with what it was given, so the next frame takes its
    answers in (``table``: the scene's own, a table or a lesson, by default). The voice
    alone keeps real time: while the table waits for it to tell a move, its thread is
    given a moment, as the game's own loop gives it between frames."""
    model = getattr(table or app.scene, "model", None)
    thinker = getattr(model, "thinker", None)
    if thinker is not None:
        thinker.wait()
    director = getattr(model, "director", None)
    if director is not None and director.saying_move():
        time.sleep(0.001)


def until(app: App, done, seconds: float = 60.0, each=None, what: str = "it") -> float:
    """Step the table's clock until ``done()``, ``seconds`` of its frames at most, the
    worker and the voice joined between frames (``each()`` after every frame); the
    simulated seconds it took."""
    for n in range(round(seconds / DT) + 1):
        if done():
            return n * DT
        app.step(DT)
        if each is not None:
            each()
        join(app)
    raise AssertionError(f"{what} never happened")


def pause(app: App, seconds: float = 0.5) -> None:
    """``seconds`` of the table's frames with nothing done: a pause, as a person makes
    (the next click on the card clicked last is then no double click)."""
    for _ in range(round(seconds / DT)):
        app.step(DT)


def step_until_moved(app: App, table: TableScene, steps: int) -> None:
    """Step, ``steps`` at most, until a first move is made and shown and no one is thinking:
    where a computer's fault opens the Stop window, the test then looks at that window."""
    for _ in range(steps):
        app.step(DT)
        model = table.model
        if table.state.history and not model.show.busy and not model.thinker.busy:
            return
        join(app, table)


def centre(table: TableScene, name: str, index: int = -1) -> tuple[int, int]:
    p = pid(name) if isinstance(name, str) else name
    rects = table.view.card_rects(p)
    if not rects:
        return table.model.layout.spots[p].rect.center
    return dict(rects)[index if index >= 0 else rects[-1][0]].center


def post(kind: int, pos: tuple[int, int], **extra) -> None:
    if kind == pygame.MOUSEMOTION:
        pygame.event.post(pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    else:
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, **extra))


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    post(pygame.MOUSEBUTTONDOWN, start)
    app.step(DT)
    for k in (1, 2, 3):
        x = start[0] + (end[0] - start[0]) * k // 3
        y = start[1] + (end[1] - start[1]) * k // 3
        post(pygame.MOUSEMOTION, (x, y))
        app.step(DT)
    post(pygame.MOUSEBUTTONUP, end)
    app.step(DT)


def click(app: App, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos)
    app.step(DT)
    post(pygame.MOUSEBUTTONUP, pos)
    app.step(DT)


def key(app: App, k: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode,
                                         scancode=0))  # fmt: skip
    app.step(DT)


def right_arrow(widget) -> tuple[int, int]:
    return widget.rect.right - widget.rect.h // 2, widget.rect.centery


def rest_of_deck(*used: str) -> list[str]:
    taken = {parse_card(c) for c in used}
    return [CARD_TEXT[c] for c in range(52) if c not in taken]


def pisti_deck(table: list[str], hand0: list[str], hand1: list[str]) -> list[str]:
    """A two-player Pişti deck: the table's four cards, then each seat's first packet, then
    the rest (the shown bottom card last, never a jack)."""
    rest = rest_of_deck(*table, *hand0, *hand1)
    rest.sort(key=lambda c: c.startswith("J"))
    rest.reverse()
    return [*table, *hand0, *hand1, *rest]


def holding_2h(options: dict | None = None, to_move: int = 0) -> PishePasha:
    """Seat ``to_move`` holds a turned 2H, AH is on the hearts foundation, discards empty."""
    rest = rest_of_deck("AH", "2H")
    return PishePasha.from_piles(
        [rest[:24], rest[24:]],
        foundations=[[], [], ["AH"], []],
        turned="2H",
        to_move=to_move,
        options=options,
    )


def two_places(options: dict) -> PishePasha:
    """The player holds a turned 5C: it loads onto North's 4D or goes onto their own pile."""
    rest = rest_of_deck("5C", "4D")
    return PishePasha.from_piles(
        [rest[:24], rest[24:]], discards=[[], ["4D"]], turned="5C", options=options
    )


def clicked(table: TableScene, where) -> bool:
    """A move made on its source pile alone (a stock turned, a book flipped)."""
    return table.model.layout.role(where.src).clickable


def gesture_for(app: App, table: TableScene, action: Action) -> None:
    """Make ``action`` with the mouse, the way a player would: click what has one move,
    drag the rest to where it goes."""
    where = table.state.where(action)
    if clicked(table, where):
        click(app, centre(table, where.src))
        return
    moves = table.controller.moves_from(where.src, where.card)
    pile = table.model.shown.get(where.src)
    index = pile.index(where.card) if where.card in pile else -1
    one = table.controller.one_place(moves)
    alone = len(moves) == 1 and where.src.kind is not PileKind.DISCARD
    if one == [action] and (alone or table.model.calls_in_play):
        click(app, centre(table, where.src, index))  # its one place (never a fault)
        return
    drag(app, centre(table, where.src, index), table.view.pile_top_rect(where.dst).center)


def tab_to(app: App, table: TableScene, want: Focus) -> None:
    """Tab until the focus is on ``want`` (the focus order is the reading order)."""
    for _ in range(80):
        if table.controller.focus == want:
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {want}")


def keys_for(app: App, table: TableScene, action: Action) -> None:
    """Make ``action`` with the keyboard only, the way a player would: a hand's card by
    its number, a pile clicked by Space (or Tab to it and Enter), any other move by Tab
    and Enter to pick the card up and Tab and Space to put it down."""
    where = table.state.where(action)
    if action.kind is ActionKind.PLAY:
        hand = table.model.shown.get(where.src)
        key(app, getattr(pygame, f"K_{hand.index(where.card) + 1}"))
        return
    if clicked(table, where):
        if table.controller.focus is None:
            key(app, pygame.K_SPACE)
        else:
            tab_to(app, table, Focus(where.src))
            key(app, pygame.K_RETURN)
        return
    tab_to(app, table, Focus(where.src))
    moves = len(table.state.history)
    key(app, pygame.K_RETURN)
    if len(table.state.history) > moves or table.model.asking is not None:
        return  # a card with one place to go went there at the first key, as one click
    assert table.controller.picked is not None, "Enter picks the card up"
    assert where.dst in table.controller.targets(), "its legal places light up"
    tab_to(app, table, Focus(where.dst))
    key(app, pygame.K_SPACE)
    assert table.controller.picked is None
    assert where.src.seat == table.human


def answer_asked(app: App, table: TableScene, action: Action, by_keys: bool) -> None:
    """When the gesture meant several moves and the table asks which, answer with
    ``action``'s: its number key, or a click on its button."""
    asked = table.model.asking
    if asked is None:
        return
    n = [a.action for a in asked.answers].index(action)
    if by_keys:
        key(app, getattr(pygame, f"K_{n + 1}"))
    else:
        click(app, table.controls.choices()[n].rect.center)


def play_hand(app: App, table: TableScene, gesture, agent_seed: int = 11, limit: int = 3000,
              after=None) -> int:  # fmt: skip
    """Play the human's seat to the end of the hand: a Medium player chooses each move and
    ``gesture(app, table, action)`` makes it with real input; each must land as exactly that
    move, and then ``after(moves so far)`` runs if given. Returns how many moves the human
    made once the table gives way to the summary."""
    spec = table.model.spec
    agent = spec.make_agent(spec.default_level, agent_seed)
    moves = 0
    for _ in range(limit):
        settle(app, table)
        if app.scene is not table:
            return moves
        if table.state.is_over:
            continue
        action = agent.choose(SeatView(table.state, table.human))
        before = len(table.state.history)
        gesture(app, table, action)
        answer_asked(app, table, action, by_keys=gesture is keys_for)
        got = [str(a) for a in table.state.history[before : before + 1]]
        assert got == [str(action)], (str(action), table.model.message)
        moves += 1
        if after is not None:
            after(moves)
    raise AssertionError("the hand did not end")


def play_hand_by_mouse(app: App, table: TableScene, limit: int = 3000) -> int:
    """A whole hand for the human made with mouse clicks and drags only."""
    return play_hand(app, table, gesture_for, limit=limit)


def offers(app, game: str) -> dict:
    """What the menu shows for ``game``: its levels (when shown), Learn to play, the first
    start's offer of a lesson (reachable by Tab)."""
    menu = app.goto("menu")
    menu.game.set_value(game)
    menu._game_changed(game)
    return {
        "levels": tuple(menu.level.values) if menu.level.visible else (),
        "learn": menu.learn_btn.visible and menu.learn_btn in menu.ring._live(),
        "offer": bool(menu.offered) and all(b in menu.ring._live() for b in menu.offered),
    }


def assert_offers_what_it_declares(app, spec) -> None:
    """The menu offers the game's own levels and Learn to play only with lessons; the hint
    asks the agent the game names (none: no hints); Review follows only with a coach."""
    first_start = not app.settings.lessons_offered
    assert offers(app, spec.id) == {
        "levels": spec.levels,
        "learn": bool(spec.lessons),
        "offer": bool(spec.lessons) and first_start,
    }
    hinter = Session.start(spec.id, {}, spec.default_level, 1).hint_agent()
    if spec.hint_level is None:
        assert hinter is None
    else:
        assert type(hinter) is type(spec.make_agent(spec.hint_level))
    table = open_table(app, spec.id, {})
    assert SummaryScene(app, table).review_btn.visible == (spec.coach is not None)


# ----------------------------------------------------------------- scripted opponents
class Prefers:
    """A scripted computer player: the first of the ``wanted`` move texts that is legal,
    else its first legal move, and never a Stop call. Tests use it to play a known card or
    to make a fault on purpose (say ``turned>D`` while the turned card fits a foundation)."""

    def __init__(self, *wanted: str, name: str = "scripted") -> None:
        self.wanted = wanted
        self.name = name

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        return next((a for w in self.wanted for a in legal if str(a) == w), legal[0])

    def call(self, view: SeatView):
        return None


def north_turns_past_a_fault() -> PishePasha:
    """North to move with the 2H on top of its discards, fitting the foundation: turning a
    card instead is a fault that keeps North's turn (with Prefers("turn", "turned>D"))."""
    rest = rest_of_deck("AH", "2H")
    return PishePasha.from_piles(
        [rest[:24], rest[24:49]], discards=[[], [rest[49], "2H"]],
        foundations=[[], [], ["AH"], []], to_move=1, options={"stop_rule": True},
    )  # fmt: skip


def faulty_opponent_table(app: App) -> TableScene:
    """North holds 2H, which fits the foundation, and will discard it instead (a Stop fault);
    the Stop window stays open 5 s, long enough for a test to act in it."""
    state = holding_2h({"stop_rule": True}, to_move=1)
    app.settings.call_window = 5.0
    table = open_table(app, "pishe-pasha", {"players": 2, "stop_rule": True}, state)
    set_agent(table, 1, Prefers("turned>D", name="faulty"))
    return table


def drawn_words(app: App, monkeypatch) -> list[str]:
    """Every text the next frame draws, in order (through ``theme.text``)."""
    from game.ui import theme

    said: list[str] = []
    real = theme.text

    def spy(surface, words, *args, **kwargs):
        said.append(words)
        return real(surface, words, *args, **kwargs)

    monkeypatch.setattr(theme, "text", spy)
    app.dirty = True
    app.step(DT)
    monkeypatch.setattr(theme, "text", real)
    return said


def wait_review(app: App, scene, limit: float = 120.0) -> None:
    """The coach's review joined (its thread is as slow as the machine is loaded, so no
    count of frames is enough), then the frame that takes it in."""
    if scene.pending is not None:
        futures.wait([scene.pending], timeout=limit)
    app.step(DT)
    assert scene.pending is None
