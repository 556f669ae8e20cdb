"""History and Statistics read each hand's par back after a restart: History beside each
hand's result, Statistics as a skill line, the averages over the last 20 and 100 hands
and a chart with both axes named."""

from __future__ import annotations

import pygame
import pytest
from ui_support import DT, make_app

from game.core.agents import SeatView
from game.session import Session
from game.store.hands import key_of
from game.store.keeper import Keeper, signed


def hands_with_par(home, count: int = 2) -> list:
    """``count`` Pishe Pasha hands played (the person by a stand-in), counted, and each
    one's par worked out and kept, as a game closed afterwards leaves them."""
    keeper, found = Keeper(lambda n: None, home, pars=True), []
    for seed in range(count):
        session = Session.start("pishe-pasha", {"players": 2}, "easy", seed=40 + seed)
        ref, me = session.referee, session.spec.make_agent("easy", 7)
        while not session.state.is_over:
            q = ref.question()
            if q is not None:
                ref.answer(q, q.answer())
            else:
                ref.apply(me.choose(SeatView(session.state, session.human)), session.human)
        keeper.match_changed(session)
        assert keeper.pars.join(240), "the par was worked out"
        found.append((keeper.par_for(session), key_of(session)))
    keeper.close()
    return found


def test_history_and_statistics_show_par_after_a_restart(tmp_path, monkeypatch):
    kept = hands_with_par(tmp_path)
    app = make_app(tmp_path, monkeypatch, size=(960, 600), keep=True)
    history = app.goto("history")
    app.step(DT)
    newest, key = kept[-1]
    assert history.entries[0].id == newest.hand_id
    cells = history._cells(history.entries[0])
    assert f"{signed(newest.against)} ({signed(newest.par.mean)})" in cells
    assert signed(newest.against) in history.spoken_row()
    stats = app.goto("stats")
    app.step(DT)
    lines = stats.par_lines(key)
    mean = sum(p.against for p, _ in kept) / len(kept)
    assert lines[0].startswith("Over your last 2 hands of Pishe Pasha")
    assert ("under the Expert" in lines[0]) == (mean < -0.05)
    assert lines[1] == f"Against par, last 2 hands: {signed(mean)} a hand"
    assert "Against par, hand by hand" in stats.par_chart_words
    assert {"hands, oldest to newest", "points against par"} <= set(stats.par_chart_words)
    assert lines[0].rstrip(".") in stats.spoken_row()


@pytest.mark.parametrize("reach", [1, 3, 41, 45, 49, 401, 4999])
def test_the_par_chart_draws_any_distance_from_par(reach):
    """A line 41 to 49 points from par once gave its axis only the 0 (and a division by
    zero): every distance gets numbered steps and bars inside the chart."""
    from game.ui import par_chart

    pygame.font.init()
    surface = pygame.Surface((400, 240))
    words = par_chart.draw(surface, pygame.Rect(0, 0, 400, 240), [reach, -reach / 2], 16)
    numbers = [w for w in words if w.lstrip("+-").isdigit() and w != "0"]
    assert numbers
    assert max(int(w) for w in numbers) > 0
