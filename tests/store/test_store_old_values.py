"""Old files with values out of range are refused line by line, like other bad lines: a
previous version's history with one enormous score moves in without that hand (it once
stopped every start with OverflowError, and ``--export-history`` too), and an old line of
statistics no play can give (9 won in 3 hands: a 300% win rate) is not moved in."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from game.__main__ import main
from game.store.keeper import Keeper

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "previous-version" / "four-hands"


def old_home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    shutil.copytree(FIXTURE, home)
    return home


def edited(path: Path, change) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def test_a_hand_with_an_enormous_score_is_refused_and_the_rest_move_in(tmp_path, monkeypatch):
    home = old_home(tmp_path)
    hands = len(json.loads((home / "history.json").read_text())["hands"])
    edited(home / "history.json", lambda d: d["hands"][0].update(score=[10**25, 3]))
    told = []
    keeper = Keeper(told.append, home)
    assert "history_fixed" in [n.code for n in told], told
    assert len(keeper.entries()) == hands - 1
    keeper.close()
    monkeypatch.setenv("PASHA_PISTI_HOME", str(home))
    assert main(["--export-history", str(tmp_path / "out.json")]) == 0


def test_an_old_line_of_more_hands_won_than_played_is_refused(tmp_path):
    home = old_home(tmp_path)

    def nine_of_three(data: dict) -> None:
        line = next(iter(data["lines"].values()))
        line.update(hands=3, won=9, lost=0, drawn=0, streak=1, best_streak=1)

    edited(home / "stats.json", nine_of_three)
    told = []
    keeper = Keeper(told.append, home)
    lines = keeper.statistics()
    keeper.close()
    assert "stats_fixed" in [n.code for n in told], told
    assert lines
    assert all(0 <= line.win_rate <= 1 for line in lines.values())
    assert all(line.won <= line.hands for line in lines.values())
