"""Each end-of-hand summary fills its box at 960x600, in English and
Türkçe: who won once, why, and the points line by line under headings that say what they
are; no empty band between its rows; a Pişti summary says why a side won, and the cards
each side took do not stand under the points' heading as if they were points."""

from __future__ import annotations

import itertools

import pygame
import pytest
from test_ui_summary_dialog import play_hand
from ui_support import DT, HANDS, key, make_app, open_table

from game.text import phrasebook, say
from game.text.phrasebook import LANGUAGES
from game.text.words import outcome_line
from game.ui import theme
from game.ui.scenes.summary import SummaryScene
from game.ui.summary_rows import Kind


class Blits(pygame.Surface):
    """A screen that remembers where each picture went."""

    def __init__(self, size) -> None:
        super().__init__(size)
        self.rects: list[pygame.Rect] = []

    def blit(self, source, dest, *args, **kwargs):
        rect = super().blit(source, dest, *args, **kwargs)
        self.rects.append(pygame.Rect(rect))
        return rect


@pytest.fixture(params=LANGUAGES)
def app(tmp_path, monkeypatch, request):
    a = make_app(tmp_path, monkeypatch, size=(960, 600), language=request.param)
    phrasebook.set_language(request.param)
    yield a
    a.scene.leave()
    phrasebook.set_language("en")


def summary_of(app, game: str, choices: dict, seed: int) -> SummaryScene:
    play_hand(app, open_table(app, game, choices, seed=seed))
    key(app, pygame.K_DOWN)  # the arrows read it: a real key, and the dialog stays
    app.step(DT)
    return app.scene


@pytest.mark.parametrize(("game", "choices", "seed"), HANDS)
def test_each_summary_fills_its_box_with_who_won_why_and_points_under_headings(
    app, game, choices, seed
):
    summary = summary_of(app, game, choices, seed)
    rows = summary.hand_rows()
    kinds = [r.kind for r in rows]
    words = [r.words() for r in rows]
    assert kinds[0] is Kind.TITLE
    assert words.count(rows[0].words()) == 1
    said = outcome_line(summary.model.state.outcome, summary.model.namer).rstrip(".")
    assert said not in words[1:], "the result is told once, not twice one above the other"
    why = [r for r in rows if r.kind is Kind.LINE]
    assert why, "the summary says why the hand went as it did"
    heads = [i for i, k in enumerate(kinds) if k is Kind.HEAD]
    assert heads
    assert all(kinds[i + 1] in (Kind.CELLS, Kind.TOTAL) for i in heads)

    size, spread = summary._fitted(app.size)
    assert size >= theme.READABLE
    screen = Blits(app.size)
    end = summary._content(screen, size, spread)
    assert end >= summary._bottom(size) - 2 * size, "the rows reach the buttons"
    inside = sorted((r for r in screen.rects if summary.panel.contains(r)), key=lambda r: r.y)
    gaps = [b.y - a.bottom for a, b in itertools.pairwise(inside)]
    assert max(gaps) < 3 * size, f"an empty band of {max(gaps)} px between the rows"


@pytest.mark.parametrize("players", [2, 4])
def test_a_pisti_summary_says_why_and_keeps_cards_taken_out_of_the_points(app, players):
    summary = summary_of(app, "pisti", {"players": players}, 11)
    rows = summary.hand_rows()
    out = summary.model.state.outcome
    lines = [r.heading for r in rows if r.kind is Kind.LINE]
    top = "–".join(str(v) for v in sorted(out.score, reverse=True))
    assert any(top in line for line in lines), "why: who scored the most, and by how much"
    labels = [r.heading for r in rows]
    taken = labels.index(say("summary.cards_won"))
    points = labels.index(say("summary.points_by_line"))
    assert taken < points, "the cards taken are not listed under the points' heading"
    assert rows[points].kind is Kind.HEAD
    assert rows[points + 1].heading == say("score.jacks")
