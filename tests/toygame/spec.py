"""The duel as the menu, the table, the arena and the smoke check see it: this file and
the registry line the tests add are all a game needs."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from game.core.agents import RandomAgent
from game.core.design import CARD_RATIO, LABEL_H, Design, PileRole
from game.core.spec import Cards, GameSpec, Move, Phrase
from game.core.types import HANDS, PACK, PLAYS, TABLE, WONS, Action, PileId

from .ai import ThriftyDuel
from .rules import DRAW_PASS, POOL, Duel, taken
from .words import DuelWords

ID = Duel.game
SHARED_PACK = PileRole(clickable=True, slot=False, speech="speech.pile.pack")  # a click: draw
THE_POOL = PileRole(slot_words=f"pile.{ID}.pool", speech=f"speech.pile.{ID}.pool")


class DuelSpec(GameSpec[Duel]):
    """The duel: only what differs from the defaults."""

    id, state, words = ID, Duel, DuelWords()
    catalogue = Path(__file__).resolve().parent / "locale"
    agents: ClassVar = {"novice": RandomAgent, "sharp": ThriftyDuel, "random": RandomAgent}
    levels, hint_level = ("novice", "sharp"), "sharp"  # its own names, with its own words
    live_score, deal_from, stat_counts = True, PACK, (f"{ID}.tricks",)
    moves = (Move((DRAW_PASS,), f"button.{ID}.draw", "d", (f"keys.{ID}.d", f"keys.{ID}.d.what")),)

    def design(self, pos: dict[int, str], options: dict[str, Any], sides: dict[int, int]) -> Design:
        d = Design(8.2, 6.0)
        d.pile(PACK, 0.5, 2.25, SHARED_PACK, stack=True)
        d.area(
            "pack_count", 0.4, 2.25 + CARD_RATIO + 0.05, 1.65, LABEL_H, "pack_count", counts=PACK
        )
        d.pile(TABLE, 2.3, 2.25, fan=(0.3, 0), max_fan=2)
        d.pile(POOL, 4.3, 2.25, THE_POOL, fan=(1.15, 0), max_fan=3)
        for seat, where in pos.items():
            y = 4.15 if where == "bottom" else 0.42
            d.pile(HANDS[seat], 1.7, y, fan=(1.15, 0), max_fan=4)
            label_y = y + CARD_RATIO + 0.05 if where == "bottom" else y - LABEL_H - 0.1
            d.label(seat, 1.7, max(0.02, label_y), 4.45)
            d.pile(WONS[seat], 6.7, y, stack=True)
        return d

    def gesture(self, src: PileId, dst: PileId, card: int | None, seat: int) -> Action | None:
        """A card dragged from the hand to the table is its play; a click on the pack, the draw."""
        if src == HANDS[seat] and dst == TABLE and card is not None:
            return PLAYS[card]
        return DRAW_PASS if src == dst == PACK else None

    def hint(self, state: Duel, action: Action, seat: int) -> Phrase | None:
        """A draw and an 8 led are hinted in the duel's words; another card, generically."""
        return (
            self.words.describe_move(state, action, "hint")
            if action.choice or action.card is None
            else None
        )

    def choice_words(self, action: Action) -> Phrase:
        return Phrase(f"choose.{ID}.take", {"card": Cards(taken(action))})

    def summary_lines(self, state: Duel) -> list[Phrase]:
        (a, b) = state.score
        return [Phrase(f"summary.{ID}", {"seat0": 0, "n0": a, "seat1": 1, "n1": b})]

    def seat_cards(self, piles: dict[PileId, list[Any]], seat: int) -> int:
        return len(piles.get(HANDS[seat], []))

    def counts(self, state: Duel, side: int) -> dict[str, int]:
        """The statistics' count of a finished duel: the tricks the side took."""
        return {f"{ID}.tricks": state.score[side] // 2}


SPEC = DuelSpec()
