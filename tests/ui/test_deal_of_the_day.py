"""The deal of the day: a deal number made from the date, the same for every player of a
game that day (whatever the machine), other cards the next day; the menu offers it."""

from __future__ import annotations

import datetime
import os
import subprocess
import sys

import pygame
from ui_support import DT, menu_for

from game.core.match import deal_of_the_day
from game.ui.scenes.table import TableScene

DAY = datetime.date(2026, 12, 2)
ASK = "import datetime; from game.core.match import deal_of_the_day as d; " \
      "print(d(datetime.date(2026, 12, 2), 'pisti'))"  # fmt: skip


def on_another_machine(**env: str) -> int:
    """The number another process works out for DAY, with its own clock zone, hash seed
    and locale."""
    done = subprocess.run([sys.executable, "-c", ASK], capture_output=True, text=True,
                          env={**os.environ, **env}, check=True)  # fmt: skip
    return int(done.stdout)


def test_the_deal_of_a_day_is_the_same_on_two_machines():
    here = deal_of_the_day(DAY, "pisti")
    there = on_another_machine(TZ="Pacific/Auckland", PYTHONHASHSEED="7", LANG="tr_TR.UTF-8")
    elsewhere = on_another_machine(TZ="America/Los_Angeles", PYTHONHASHSEED="99", LANG="C")
    assert here == there == elsewhere


def test_the_next_day_deals_other_cards_and_each_game_has_its_own():
    days = [deal_of_the_day(DAY + datetime.timedelta(days=i), "pisti") for i in range(30)]
    assert len(set(days)) == 30, "no two days of a month share a deal"
    assert deal_of_the_day(DAY, "pishe-pasha") != deal_of_the_day(DAY, "pisti")
    assert all(0 <= n < 10**9 for n in days)


def test_the_menu_deals_the_deal_of_the_day(app):
    menu = menu_for(app, "pisti", players=2)
    at = menu.day_btn.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=at))
    app.step(DT)
    assert isinstance(app.scene, TableScene)
    assert app.scene.match.deal_no == deal_of_the_day(datetime.date.today(), "pisti")
