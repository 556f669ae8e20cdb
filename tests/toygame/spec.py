"""The duel as the menu, the table, the arena and the smoke check see it: this file and
the registry line the tests add are all a game needs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.core.agents import RandomAgent
from game.core.design import CARD_RATIO, LABEL_H, Design
from game.core.spec import GameSpec, Phrase
from game.core.state import GameState
from game.core.types import HANDS, PACK, PLAYS, TABLE, WONS, Action, PileId

from . import words
from .ai import ThriftyDuel
from .rules import Duel

ID = Duel.game


def design(players: int, pos: dict[int, str], options: dict[str, Any], sides) -> Design:
    d = Design(8.2, 6.0)
    d.pile(PACK, 0.5, 2.25, stack=True)
    d.pile(TABLE, 2.5, 2.25, fan=(0.3, 0), max_fan=2)
    d.area("pack_count", 0.4, 2.25 + CARD_RATIO + 0.05, 1.65, LABEL_H, "pack_count", counts=PACK)
    for seat, where in pos.items():
        y = 4.15 if where == "bottom" else 0.42
        d.pile(HANDS[seat], 1.7, y, fan=(1.15, 0), max_fan=4)
        label_y = y + CARD_RATIO + 0.05 if where == "bottom" else y - LABEL_H - 0.1
        d.label(seat, 1.7, max(0.02, label_y), 4.45)
        d.pile(WONS[seat], 6.7, y, stack=True)
    return d


def gesture(src: PileId, dst: PileId, card: int | None, seat: int) -> Action | None:
    if src == HANDS[seat] and dst == TABLE and card is not None:
        return PLAYS[card]
    return None


def summary_lines(state: GameState) -> list[Phrase]:
    a, b = state.score
    return [Phrase("summary.hicard-duel", {"seat0": 0, "n0": a, "seat1": 1, "n1": b})]


def panel_counts(piles, seat: int, side: int) -> list[Phrase]:
    return [
        Phrase("count.hand", {"n": len(piles.get(HANDS[seat], []))}),
        Phrase("count.won", {"n": len(piles.get(WONS[side], []))}),
    ]


SPEC = GameSpec(
    id=ID,
    state=Duel,
    agents={"easy": RandomAgent, "medium": ThriftyDuel, "hard": ThriftyDuel, "random": RandomAgent},
    baseline="random",
    levels=("easy", "medium", "hard"),
    positions=lambda players: ("bottom", "top"),
    design=design,
    choices=(),
    rules_key=f"rules.{ID}",
    variant=lambda state: Phrase(f"variant.{ID}"),
    prompt=lambda state, seat: Phrase(f"prompt.{ID}"),
    seat_cards=lambda piles, seat: len(piles.get(HANDS[seat], [])),
    panel_counts=panel_counts,
    summary_lines=summary_lines,
    gesture=gesture,
    live_score=True,
    deal_from=PACK,
    catalogue=Path(__file__).resolve().parent / "locale",
    smoke=({},),
    describe=words.describe,
    describe_outcome=words.describe_outcome,
    describe_move=words.describe_move,
    sound=words.sound,
    counts=words.counts,
    stat_counts=(f"{ID}.tricks",),
)
