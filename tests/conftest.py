"""Every test runs headless and silent, so the suite works on CI with no screen or sound card.

The helpers below are shared by the rules tests (import them with ``from conftest import ...``;
test files never import each other). Engines hand out typed values; these turn them into the
text a test can compare: record texts of actions, event kinds, and the English sentences the
phrasebook makes of refusals.

The ``app`` fixture is the UI tests' app (``ui_support.make_app``); a test file that wants
other settings overrides ``app_options``, one that wants more overrides ``app`` itself.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import random
import re
import sys
import threading
import time
from collections.abc import Iterable

import pytest

from game.core.agents import SeatView
from game.core.cards import CARD_TEXT, parse_card
from game.core.state import GameState
from game.core.types import (
    Action,
    Event,
    EventKind,
    IllegalAction,
    Refusal,
)
from game.games.pishe_pasha.kinds import ACTIONS
from game.games.pishe_pasha.moves import D_LOAD, STOPS, T_LOAD
from game.games.pishe_pasha.rules import PishePasha
from game.speech import Backend
from game.text.names import Namer
from game.text.phrasebook import LANGUAGES, set_language
from game.text.words import refusal_text

STOP = {"stop_rule": True}


# ----------------------------------------------------------------- the registry, toy game included
TEST_GAMES = "PASHA_TEST_GAMES"  # "0": only the shipped games (the tests' own are left out)
HERE = os.path.dirname(os.path.abspath(__file__))


def pytest_configure(config):
    """Every game folder the tests keep (a folder here with a ``spec.py`` holding its
    ``SPEC``) joins the registry before any test is collected, so every test that loops
    over registered games meets a game with its own smaller pack, no stocks and no
    lessons, as a contributor's new game would (``PASHA_TEST_GAMES=0``: not)."""
    if os.environ.get(TEST_GAMES) == "0":
        return
    import importlib

    from game import games

    for name in sorted(os.listdir(HERE)):
        if os.path.isfile(os.path.join(HERE, name, "spec.py")):
            games.register(importlib.import_module(f"{name}.spec").SPEC)


def shipped_tables() -> list[tuple[str, dict]]:
    """The tables of the games the registry's own lines name (``GAMES``): what a fresh
    process, the executable or an installed copy knows, whatever this run registered."""
    from game.games import GAMES, load

    return [(spec.id, dict(choices)) for spec in map(load, GAMES) for choices in spec.smoke]


def registered_tables() -> list[tuple[str, dict, int]]:
    """Every registered game's tables (the menu choices its smoke check opens), each with
    its own deal: tests that loop over games take them from here, so a game registered is
    a game tested."""
    from game.games import SPECS

    tables = [(spec.id, dict(choices)) for spec in SPECS.values() for choices in spec.smoke]
    return [(game, choices, deal) for deal, (game, choices) in enumerate(tables, 1)]


RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


# ----------------------------------------------------------------- values as text
def texts(actions: Iterable[Action]) -> list[str]:
    """Actions as their record texts, in the order given."""
    return [str(a) for a in actions]


def kinds(events: Iterable[Event]) -> list[EventKind]:
    return [e.kind for e in events]


def cards(*names: str) -> tuple[int, ...]:
    """Card ints from their texts: events and observations carry ints."""
    return tuple(parse_card(n) for n in names)


def card_texts(ints: Iterable[int | None]) -> list[str | None]:
    return [None if c is None else CARD_TEXT[c] for c in ints]


def words(why: Refusal | IllegalAction | None, namer: Namer | None = None) -> str | None:
    """The English sentence a player reads for a refusal (numbered seats by default,
    as records and reports name them); None stays None so ``check()`` results compare."""
    if why is None:
        return None
    refusal = why.refusal if isinstance(why, IllegalAction) else why
    return refusal_text(refusal, namer or Namer.numbered(4))


def play(state: GameState, *actions: str | Action) -> list[Event]:
    """Apply the actions in order; all their events."""
    events: list[Event] = []
    for a in actions:
        events.extend(state.apply(a))
    return events


def random_move(state: GameState, rng: random.Random, call_chance: float) -> Action:
    """A random legal move, or, with ``call_chance`` while a Stop call is open, a random call:
    random hands must reach the Stop rule's calls as well as the moves."""
    calls = state.calls()
    if calls and rng.random() < call_chance:
        return rng.choice(calls)
    return rng.choice(state.legal_actions())


# ----------------------------------------------------------------- Pishe Pasha positions
def random_positions(game: str, players: int, options: dict, count: int, seed: int,
                     least: int = 1, most: int = 60) -> list[GameState]:  # fmt: skip
    """Mid-hand positions reached by ``least`` to ``most - 1`` random moves (no Stop calls)."""
    from game.games import new_hand

    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = new_hand(game, players, options, rng.randrange(2**32))
        for _ in range(rng.randrange(least, most)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            out.append(state)
    return out


def twin(state: GameState, seat: int, rng: random.Random) -> GameState:
    """A state with the same observation for ``seat`` (history included) but, where the
    seat cannot see them, other hidden cards."""
    for _ in range(30):
        other = state.resample(seat, rng)
        if other.all_cards() != state.all_cards():
            break
    a, b = state.observation(seat), other.observation(seat)
    assert a.piles == b.piles
    assert a.history == b.history
    assert a.info == b.info
    return other


def assert_agents_never_peek(game: str, choices: dict, deal: int, agents=None) -> None:
    """At mid-hand positions of ``game``'s table with ``choices``, each agent
    (``agents(seed)``, else every one the game registers) decides the same from a twin
    position that hides other cards: it decides from its seat's view alone."""
    from game.games import spec_of

    spec = spec_of(game)
    players = choices.get("players", spec.players[0])
    rng = random.Random(5)
    differing = 0
    states = random_positions(game, players, spec.engine_options(choices), 6, deal * 100 + players)
    for i, state in enumerate(states):
        seat = state.to_move
        other = twin(state, seat, rng)
        differing += other.all_cards() != state.all_cards()
        made = agents(i) if agents else [make(i) for make in spec.agents.values()]
        for agent in made:
            a = agent.choose(SeatView(state, seat))
            b = agent.choose(SeatView(other, seat))
            assert a == b, (agent, a, b)
    assert differing > 0, "the twins should really hide different cards"


def count_calls(monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> list[int]:
    """Replace ``owner.name`` by a wrapper that appends to the returned list on each call
    (how tests see how much work a search did)."""
    calls: list[int] = []
    real = getattr(owner, name)

    def counting(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counting)
    return calls


def suits_up_to(c: int = 0, d: int = 0, h: int = 0, s: int = 0) -> list[list[str]]:
    """Four suit foundations built from the ace up to the given rank (0: empty)."""
    tops = (c, d, h, s)
    return [[r + suit for r in RANKS[:top]] for suit, top in zip("CDHS", tops, strict=True)]


def position(
    discards: list[list[str]],
    foundations: list[list[str]] | None = None,
    turned: str | None = None,
    to_move: int = 0,
    stocks: list[list[str]] | None = None,
    options: dict | None = None,
    turns: int = 0,
    rest_to: int | None = None,
) -> PishePasha:
    """A position from the piles named; every other card goes under the given stocks,
    in turn, or all under seat ``rest_to``'s."""
    n = len(discards)
    stocks = [list(s) for s in (stocks or [[] for _ in range(n)])]
    named = {c for pile in (*discards, *(foundations or []), *stocks) for c in pile}
    named |= {turned} if turned else set()
    rest = [t for t in CARD_TEXT if t not in named]
    for i, card in enumerate(rest):
        stocks[i % n if rest_to is None else rest_to].append(card)
    return PishePasha.from_piles(stocks, discards, foundations, turned, to_move, options, turns)


def snapshot(state: GameState) -> tuple:
    """Everything a refused move must leave unchanged."""
    return (
        state.report(),
        state.to_move,
        texts(state.history),
        texts(state.legal_actions()),
        texts(state.calls()),
        state.score,
    )


def every_pishe_action() -> list[Action]:
    """Every Pishe Pasha action text there is, for exhaustive legality checks."""
    names = ("turn", "accept", "turned>F", "turned>D", "discard>F", "discard>D")
    plain = [ACTIONS.parse(t) for t in names]
    calls = [c for pair in STOPS for c in pair]
    return [*plain, *T_LOAD, *D_LOAD, *calls]


# ----------------------------------------------------------------- the order tests run in
ORDER = "PASHA_TEST_ORDER"  # "reverse" or "shuffle:SEED": the order-independence test sets it


def pytest_collection_modifyitems(config, items):
    """Run the tests in reverse or in a shuffled order when ``PASHA_TEST_ORDER`` asks: no
    test may depend on another having run before it
    (``tests/project/test_order_independence.py``)."""
    order = os.environ.get(ORDER, "")
    if order == "reverse":
        items.reverse()
    elif order.startswith("shuffle:"):
        random.Random(order.partition(":")[2]).shuffle(items)


# ----------------------------------------------------------------- each test as if alone
# seconds a thread the test started may take to finish after it
THREADS_END_WITHIN = float(os.environ.get("PASHA_TEST_THREAD_GRACE", "5"))


@pytest.fixture(autouse=True)
def as_if_alone():
    """Every test finds the process as a test run alone would, and leaves it so: the
    registry as it was, a fresh English phrasebook (its language, its catalogues and the
    keys it found missing are one per process, so one test's state would be the next
    one's), and no thread of its own still running. A test that leaves a speaker, a
    thinker or any other thread running fails: a suite of them once crashed the
    interpreter with over a hundred threads alive."""
    import game.games as games
    from game.text import phrasebook

    threads = set(threading.enumerate())
    specs = dict(games.SPECS)
    yield
    if list(games.SPECS.items()) != list(specs.items()):
        games.SPECS.clear()
        games.SPECS.update(specs)
        games.version += 1
    phrasebook.reset()
    ui = sys.modules.get("ui_support")  # (imported only by the UI tests)
    if ui is not None:
        ui.close_apps()
    left = _threads_left(threads)
    if left:
        pytest.fail(f"the test left {len(left)} thread(s) running: {sorted(left)}")


@pytest.fixture(autouse=True)
def no_file_manager(monkeypatch):
    """No test opens the desktop's file manager or a browser (Settings' files set aside):
    ``webbrowser.open`` says none opened, unless a test puts its own in place."""
    monkeypatch.setattr("webbrowser.open", lambda url, *a, **kw: False)


def _threads_left(before: set[threading.Thread]) -> list[str]:
    """The threads started since ``before`` still running after a short grace."""
    deadline = time.monotonic() + THREADS_END_WITHIN
    while True:
        left = [t for t in threading.enumerate() if t not in before and t.is_alive()]
        if not left or time.monotonic() > deadline:
            return [t.name for t in left]
        time.sleep(0.01)


# ----------------------------------------------------------------- the UI tests' app


@pytest.fixture(params=LANGUAGES)
def lang(request) -> str:
    """Each language the game speaks, the phrasebook set to it (``as_if_alone`` sets English
    again after the test)."""
    set_language(request.param)
    return request.param


@pytest.fixture
def app_options() -> dict:
    """``make_app``'s keyword arguments for the ``app`` fixture; a test file overrides this
    fixture to play with other settings (say ``auto_play``) without a fixture of its own."""
    return {}


@pytest.fixture
def app(tmp_path, monkeypatch, app_options):
    """A quick, silent app on the dummy drivers, its files in ``tmp_path``; the scene is left
    afterwards so a table's worker thread never outlives its test."""
    from ui_support import make_app  # here, so the rules tests never load pygame

    a = make_app(tmp_path, monkeypatch, **app_options)
    yield a
    a.scene.leave()


# ----------------------------------------------------------------- a full disk
@pytest.fixture
def tiny_disk(tmp_path):
    """A real 1 MB tmpfs (mounting needs root): room for a few hands' write-ahead log.
    Skipped where it cannot be mounted; the tests that use it have a simulated twin."""
    import subprocess

    disk = tmp_path / "disk"
    disk.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(disk)], capture_output=True
    )
    if done.returncode != 0:
        pytest.skip(f"a tmpfs cannot be mounted here: {done.stderr.decode(errors='replace')}")
    yield disk
    subprocess.run(["umount", "-l", str(disk)], check=False)


def fill_disk(disk) -> None:
    """Fill ``disk`` to its last byte."""
    with open(disk / "filler", "wb", buffering=0) as f:
        for size in (65536, 4096, 512, 1):
            try:
                while True:
                    f.write(b"\0" * size)
            except OSError:
                pass


# ----------------------------------------------------------------- speech
class PerSentence(Backend):
    """A slow voice: ``seconds`` for each sentence of what it is given (a burst of twenty
    moves takes twenty times as long as one), cut short by ``stop``. It notes when it
    started each text."""

    name = "per-sentence"

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.said: list[tuple[float, str]] = []
        self._cut = threading.Event()

    def speak(self, text: str, lang: str, interrupt: bool) -> None:
        self.said.append((time.monotonic(), text))
        self._cut.clear()
        sentences = len(re.findall(r"[.!?](?:\s|$)", text)) or 1
        self._cut.wait(self.seconds * sentences)

    def stop(self) -> None:
        self._cut.set()


@pytest.fixture
def new_speaker():
    """``new_speaker(backend, summarise=None)``: a Speaker closed when the test ends (its thread
    then ended), so no voice of one test speaks on into the next."""
    from game.speech import Speaker

    made: list[Speaker] = []

    def make(backend, summarise=None) -> Speaker:
        made.append(Speaker(backend, summarise))
        return made[-1]

    yield make
    for s in made:
        s.close()
