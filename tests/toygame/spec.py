"""The duel as the menu, the table, the arena and the smoke check see it: this file and
the registry line the tests add are all a game needs."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from game.core.agents import RandomAgent
from game.core.design import CARD_RATIO, LABEL_H, Design, PileRole
from game.core.spec import GameSpec, Move, Phrase
from game.core.state import GameState
from game.core.types import HANDS, PACK, PLAYS, TABLE, WONS, Action, PileId

from . import words
from .ai import ThriftyDuel
from .kinds import DRAW_PASS
from .rules import Duel

ID = Duel.game


# The pack both seats draw from: a click on it is the leader's draw and pass.
SHARED_PACK = PileRole(clickable=True, slot=False, speech="speech.pile.pack")


def design(pos: dict[int, str], options: dict[str, Any], sides) -> Design:
    d = Design(8.2, 6.0)
    d.pile(PACK, 0.5, 2.25, SHARED_PACK, stack=True)
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
    """A card dragged from the hand to the table is its play; a click on the pack, the draw."""
    if src == HANDS[seat] and dst == TABLE and card is not None:
        return PLAYS[card]
    return DRAW_PASS if src == dst == PACK else None


def summary_lines(state: GameState) -> list[Phrase]:
    a, b = state.score
    return [Phrase("summary.hicard-duel", {"seat0": 0, "n0": a, "seat1": 1, "n1": b})]


def panel_counts(piles, seat: int, side: int) -> list[Phrase]:
    return [
        Phrase("count.hand", {"n": len(piles.get(HANDS[seat], []))}),
        Phrase("count.won", {"n": len(piles.get(WONS[side], []))}),
    ]


class DuelSpec(GameSpec[Duel]):
    """The duel: only what differs from the defaults."""

    id = ID
    state = Duel
    catalogue = Path(__file__).resolve().parent / "locale"
    agents: ClassVar[dict[str, type]] = {
        "novice": RandomAgent,
        "sharp": ThriftyDuel,
        "random": RandomAgent,
    }
    levels = ("novice", "sharp")  # its own names, with its own words
    hint_level = "sharp"
    live_score = True
    deal_from = PACK
    stat_counts = (f"{ID}.tricks",)
    words = words
    moves = (Move((DRAW_PASS,), f"button.{ID}.draw", "d", (f"keys.{ID}.d", f"keys.{ID}.d.what")),)

    design = staticmethod(design)
    gesture = staticmethod(gesture)
    summary_lines = staticmethod(summary_lines)
    panel_counts = staticmethod(panel_counts)
    counts = staticmethod(words.counts)

    def hint(self, state: Duel, action: Action, seat: int) -> Phrase | None:
        if action.choice is not None:  # an 8 led: the hint names the suit too
            return Phrase(
                f"hint.{ID}.name", {"card": action.card, "suit": words.suit_named(action.choice)}
            )
        return Phrase(f"hint.{ID}.draw") if action.card is None else None

    def variant(self, state: Duel) -> Phrase:
        return Phrase(f"variant.{ID}")

    def prompt(self, state: Duel) -> Phrase:
        return Phrase(f"prompt.{ID}")

    def seat_cards(self, piles: dict[PileId, list], seat: int) -> int:
        return len(piles.get(HANDS[seat], []))


SPEC = DuelSpec()
