"""Pişti as the menu, the table and the arena see it (RULES.md §5)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from game.core.agents import Agent, RandomAgent
from game.core.design import CARD_RATIO, LABEL_H, Design
from game.core.spec import Choice, GameSpec, Phrase
from game.core.types import (
    HANDS,
    PACK,
    PLAYS,
    TABLE,
    WONS,
    Action,
    PileId,
)
from game.games.pisti import ai, hints, words
from game.games.pisti.coach import COACH
from game.games.pisti.counts import counts as seat_counts
from game.games.pisti.figures import FIGURES
from game.games.pisti.lessons import LESSONS
from game.games.pisti.rules import Pisti

# The piles a panel counts, as the table hands them over (None: a card face down).
Piles = Mapping[PileId, Sequence[int | None]]


def positions(players: int) -> tuple[str, ...]:
    """Turn order from the human, anticlockwise: right, then top, then left (§5)."""
    return {
        2: ("bottom", "top"),
        3: ("bottom", "right", "left"),
        4: ("bottom", "right", "top", "left"),
    }[players]


def _hand(d: Design, seat: int, where: str, x: float, y: float) -> None:
    """One hand: the human's spread wide, the others' fanned close."""
    if where == "bottom":
        d.pile(HANDS[seat], x, y, fan=(1.15, 0), max_fan=4)
        d.label(seat, x, y + CARD_RATIO + 0.05, 4.45)
    elif where in ("left", "right") and d.width > 9:
        d.pile(HANDS[seat], x, y, fan=(0, 0.3), max_fan=4)
        d.label(seat, x - 0.2, y - LABEL_H - 0.05, 1.4)
    else:
        d.pile(HANDS[seat], x, y, fan=(0.35, 0), max_fan=4)
        d.label(seat, x, y - LABEL_H - 0.1, 3.45)


def _won(d: Design, side: int, x: float, y: float) -> None:
    """A side's captured pile and, under it, the label saying whose it is."""
    d.pile(WONS[side], x, y, stack=True)
    d.area(f"owner{side}", x - 0.1, y + CARD_RATIO + 0.06, 1.2, LABEL_H * 0.8, "owner", side)


def design(pos: dict[int, str], options: dict[str, Any], sides: dict[int, int]) -> Design:
    four = len(pos) == 4
    d = Design(10.2 if four else 8.2, 6.0)
    left = 2.1 if four else 0.5
    d.pile(PACK, left, 2.25, stack=True, peek=(0.45, 0))
    d.pile(TABLE, left + 2.0, 2.25, fan=(0.3, 0), max_fan=8)
    y = 2.25 + CARD_RATIO + 0.05
    d.area("pile_count", left + 2.0, y, 3.1, LABEL_H, "pile_count", counts=TABLE)
    d.area("pack_count", left - 0.1, y, 1.65, LABEL_H, "pack_count", counts=PACK)
    hand_x = (d.width - 4.45) / 2
    top_x = {"top": (d.width - 2.05) / 2, "left": 0.4, "right": d.width - 3.85}
    for seat, where in pos.items():
        if where == "bottom":
            _hand(d, seat, where, hand_x, 4.15)
            _won(d, sides[seat], hand_x + 4.45 + 0.3, 4.15)
        elif four and where in ("left", "right"):
            x = 0.3 if where == "left" else d.width - 1.3
            _hand(d, seat, where, x, 0.75)
            if where == "right":
                _won(d, sides[seat], x, 4.15)
        else:
            x = top_x[where]
            _hand(d, seat, where, x, 0.42)
            if not four:
                _won(d, sides[seat], x + 2.45, 0.42)
    return d


def gesture(src: PileId, dst: PileId, card: int | None, seat: int) -> Action | None:
    """A card of the own hand dropped on the pile is played."""
    if src == HANDS[seat] and dst == TABLE and card is not None:
        return PLAYS[card]
    return None


def panel_counts(piles: Piles, seat: int, side: int) -> list[Phrase]:
    """A seat's hand, and its side's cards won once: on the row of the side's first seat
    (a side is numbered by it), called the side's when two play on it, so the rows add
    up to the cards taken."""
    counts = [Phrase("count.hand", {"n": len(piles.get(HANDS[seat], []))})]
    if seat != side:
        return counts
    partner = seat + 2  # partners sit opposite (RULES.md §5)
    pair = partner < len(HANDS) and HANDS[partner] in piles and WONS[partner] not in piles
    won = {"n": len(piles.get(WONS[side], []))}
    return [*counts, Phrase("count.won.side" if pair else "count.won", won)]


class PistiSpec(GameSpec[Pisti]):
    """Pişti: two, three or four players (partners sit opposite), to 101 or 151."""

    id = "pisti"
    state = Pisti
    choices = (
        Choice("players", (2, 3, 4), engine=False),
        Choice("target", (151, 101)),
        Choice("start_jack", ("turn_next", "to_bottom")),
        Choice("show_bottom", (True, False)),
    )
    rules_figures = FIGURES
    lessons = LESSONS
    smoke = ({"players": 2}, {"players": 3}, {"players": 4})
    agents: ClassVar[dict[str, Callable[[int | None], Agent]]] = {
        "easy": ai.EasyPisti,
        "medium": ai.MediumPisti,
        "hard": ai.HardPisti,
        "expert": ai.ExpertPisti,
        "greedy": ai.GreedyPisti,
        "pimc": ai.PimcPisti,
        "expert-v1": ai.RoundExpertPisti,
        "random": RandomAgent,
    }
    levels = ("easy", "medium", "hard", "expert")
    hint_level = "expert"
    baseline = "greedy"
    coach = COACH
    live_score = True
    deal_from = PACK
    stat_counts = ("pisti", "jack_pisti")
    words = words

    positions = staticmethod(positions)
    design = staticmethod(design)
    panel_counts = staticmethod(panel_counts)
    breakdown = staticmethod(words.breakdown)
    summary_lines = staticmethod(words.summary_lines)
    hint = staticmethod(hints.hint)
    plays_itself = staticmethod(hints.plays_itself)
    gesture = staticmethod(gesture)

    def counts(self, state: Pisti, seat: int) -> dict[str, int]:
        """A method, not a staticmethod: the base names the seat it is given ``side``."""
        return seat_counts(state, seat)

    def teams(self, players: int) -> int:
        return 2 if players == 4 else players

    def others_points(self, points: list[int]) -> float:
        return sum(points) / len(points)

    def match_target(self, choices: dict[str, Any]) -> int | None:
        target: int = choices.get("target", 151)
        return target

    def par_replays(self, players: int, strongest: bool) -> int:
        """From benchmarks/par.py (one core's seconds a replay): the dearest Expert of
        the registry, about 2.9 s against Medium with two players and 4.7 against its own
        level, 2.0 to 2.3 s against Medium with three or four, 5.5 (three) and 6.1 (four)
        against the Expert."""
        if players == 2:
            return 2 if strongest else 3
        return (3 if players == 3 else 2) if strongest else 6

    def variant(self, state: Pisti) -> Phrase:
        return Phrase("variant.players", {"n": state.players})

    def prompt(self, state: Pisti) -> Phrase:
        return Phrase("prompt.play_card")

    def seat_cards(self, piles: Piles, seat: int) -> int:
        return len(piles.get(HANDS[seat], []))
