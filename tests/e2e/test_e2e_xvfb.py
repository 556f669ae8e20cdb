"""End to end in a real X window: the real program under Xvfb, driven by xdotool.

``python -m game --game pishe-pasha --seed N --state-file F --size 1280x800`` runs on
its own X server; the test reads the state file to know the deal, works out from
``game.ui.table.model.layout`` where the piles are on screen, clicks the stock with the real
mouse, then drags the turned card onto its foundation with ``mousedown``, several
``mousemove``s and ``mouseup``, and checks in the state file that the engine made
exactly those moves. A screenshot of the X screen (ImageMagick's ``import``) must
show the table, not a blank screen.

Without Xvfb, xdotool or import the test is skipped, except on CI (``CI`` set),
where it fails: a quality gate that silently skips is no gate. ``E2E_SHOT=path.png``
keeps the screenshot for a look.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from xvfb import need_tools, read_state, run, start_xvfb, stop, wait_for

from game.core.cards import card_text, parse_card, suit
from game.games import SPECS
from game.games.pishe_pasha import kinds as pishe
from game.games.pishe_pasha.kinds import TURN
from game.session import Session, replay_record
from game.ui.table.model.layout import table_layout

ROOT = Path(__file__).resolve().parents[2]
SIZE = (1280, 800)


def seed_with_an_ace_first(limit: int = 200) -> int:
    """A deal where the human moves first and the first turned card goes to a foundation."""
    for seed in range(1, limit):
        state = Session.start("pishe-pasha", {}, "medium", seed).state
        if state.to_move != 0 or state.legal_actions() != [TURN]:
            continue
        state.apply(TURN)
        if pishe.ACTIONS.parse("turned>F") in state.legal_actions():
            return seed
    raise AssertionError("no deal in the first seeds turns an ace first")


def screen_rects(record: dict) -> dict[str, pygame.Rect]:
    """Where the piles are in the window, computed the way the table lays them out."""
    spec = SPECS[record["game"]]
    state = replay_record(spec, record)
    sides = {s: state.side_of(s) for s in range(state.players)}
    layout = table_layout(spec, SIZE, state.players, 0, state.options, sides)
    return {str(pid): spot.rect for pid, spot in layout.spots.items()}


class Desktop:
    """The X server, the game on it, and the mouse."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.xvfb: subprocess.Popen | None = None
        self.game: subprocess.Popen | None = None
        self.env: dict[str, str] = {}
        self.window = ""

    def start(self, seed: int, state_file: Path, game: str = "pishe-pasha",
              **settings) -> None:  # fmt: skip
        self.xvfb, display = start_xvfb((1600, 1000))
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        env.update(
            DISPLAY=display,
            SDL_AUDIODRIVER="dummy",
            PASHA_PISTI_HOME=str(self.tmp / "home"),
            PYGAME_HIDE_SUPPORT_PROMPT="1",
        )
        self.env = env
        home = self.tmp / "home"
        home.mkdir(parents=True, exist_ok=True)
        chosen = {"auto_play": False, "language": "en", **settings}
        (home / "settings.json").write_text(json.dumps(chosen))
        args = ["--game", game, "--seed", str(seed), "--state-file", str(state_file)]
        self.game = subprocess.Popen(
            [sys.executable, "-m", "game", *args, "--size", f"{SIZE[0]}x{SIZE[1]}"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=open(self.tmp / "game.err", "w"),  # noqa: SIM115 - closed with the process
        )
        out = run(
            ["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(self.game.pid)], env, 30
        )
        self.window = out.split()[0]

    def geometry(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """The window's position on the screen and its size."""
        out = run(["xdotool", "getwindowgeometry", "--shell", self.window], self.env)
        v = dict(line.split("=", 1) for line in out.split() if "=" in line)
        return (int(v["X"]), int(v["Y"])), (int(v["WIDTH"]), int(v["HEIGHT"]))

    def click(self, pos: tuple[int, int]) -> None:
        w = self.window
        run(
            [
                "xdotool",
                "mousemove",
                "--window",
                w,
                *map(str, pos),
                "sleep",
                "0.1",
                "mousedown",
                "1",
                "sleep",
                "0.08",
                "mouseup",
                "1",
            ],
            self.env,
        )

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        w = self.window
        cmd = ["xdotool", "mousemove", "--window", w, *map(str, start), "sleep", "0.1"]
        cmd += ["mousedown", "1", "sleep", "0.1"]
        for k in range(1, 7):
            x = start[0] + (end[0] - start[0]) * k // 6
            y = start[1] + (end[1] - start[1]) * k // 6
            cmd += ["mousemove", "--window", w, str(x), str(y), "sleep", "0.05"]
        cmd += ["sleep", "0.1", "mouseup", "1"]
        run(cmd, self.env)

    def screenshot(self, path: Path) -> None:
        run(["import", "-window", "root", str(path)], self.env, 20)

    def close(self) -> None:
        stop(self.game)
        stop(self.xvfb)


pytestmark = [pytest.mark.xvfb, pytest.mark.slow]  # a real window: the full run


@pytest.fixture
def desktop(tmp_path):
    d = Desktop(tmp_path)
    yield d
    d.close()


def test_real_window_click_and_drag_play_the_first_ace_to_its_foundation(desktop, tmp_path):
    need_tools()
    seed = seed_with_an_ace_first()
    state_file = tmp_path / "state.json"
    desktop.start(seed, state_file)
    where, size = desktop.geometry()
    assert size == SIZE

    first = wait_for("the state file", lambda: read_state(state_file))
    assert first["record"]["actions"] == []
    assert first["report"]["to_move"] == 0
    rects = screen_rects(first["record"])

    def actions() -> list[str]:
        data = read_state(state_file)
        return data["record"]["actions"] if data else []

    stock = rects["stock0"].center
    desktop.click(stock)
    wait_for(
        "the stock click to turn a card",
        lambda: actions() == ["turn"],
        20,
        lambda: desktop.click(stock),
    )
    turned = read_state(state_file)["report"]["state"]["turned"]
    ace = parse_card(turned)
    assert card_text(ace).startswith("A")

    start, target = rects["turned0"].center, rects[f"found{suit(ace)}"].center

    def drag_again() -> None:
        if actions() == ["turn"]:
            desktop.drag(start, target)

    desktop.drag(start, target)
    wait_for("the drag to reach the engine", lambda: len(actions()) >= 2, 20, drag_again)
    data = read_state(state_file)
    assert data["record"]["actions"][:2] == ["turn", "turned>F"]
    assert data["report"]["state"]["foundations"][suit(ace)] == card_text(ace)
    assert desktop.game.poll() is None, (tmp_path / "game.err").read_text()

    shot = Path(os.environ.get("E2E_SHOT", tmp_path / "shot.png"))
    desktop.screenshot(shot)
    picture = pygame.image.load(str(shot))
    window = picture.subsurface(pygame.Rect(where, SIZE).clip(picture.get_rect()))
    colours = {
        window.get_at((x, y))[:3] for x in range(0, SIZE[0], 16) for y in range(0, SIZE[1], 16)
    }
    assert len(colours) > 50, "the screenshot is blank"
    felt = [window.get_at((24, y))[:3] for y in range(200, 600, 40)]
    assert all(g > r + 20 and g > b for r, g, b in felt), f"no green felt left of the piles: {felt}"
    ace_face = window.get_at(rects[f"found{suit(ace)}"].center)[:3]
    assert ace_face not in felt, "the ace is not drawn on its foundation"


def test_real_window_a_key_pressed_while_norths_card_flies_plays_the_players_card(
    desktop, tmp_path
):
    """Where timing matters: the real program at the slow pace, its player
    pressing 1 again and again. A press while North's card flies lands it at once and plays
    the player's first card (such a press used to be thrown away, "Wait a moment"), so the
    player's card follows North's by far less than North's card takes to fly."""
    import time

    from game.ui.anim import PACE_SECONDS

    need_tools()
    state_file = tmp_path / "state.json"
    desktop.start(7, state_file, game="pisti", pace="slow")
    _, size = desktop.geometry()
    wait_for("the state file", lambda: read_state(state_file))
    human = 0  # the player sits at seat 0 in the first hand
    centre = [str(size[0] // 2), str(size[1] // 2)]
    run(["xdotool", "mousemove", "--window", desktop.window, *centre], desktop.env)
    seen: list[tuple[float, int, int | None]] = []  # (when, moves made, seat to move)
    gaps: list[float] = []
    end = time.monotonic() + 40
    while time.monotonic() < end and len(gaps) < 2:
        run(["xdotool", "key", "1"], desktop.env)
        data = read_state(state_file)
        if data is None:
            continue
        moves, to_move = len(data["record"]["actions"]), data["report"]["to_move"]
        if not seen or seen[-1][1] != moves:
            seen.append((time.monotonic(), moves, to_move))
            if len(seen) >= 3 and seen[-2][1] == moves - 1 and seen[-2][2] == human:
                gaps.append(seen[-1][0] - seen[-2][0])  # North's move, then the player's
    assert desktop.game.poll() is None, (tmp_path / "game.err").read_text()
    assert len(gaps) >= 2, seen
    assert min(gaps) < PACE_SECONDS["slow"] * 0.7, gaps
