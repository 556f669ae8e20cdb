"""The simplest honest opponent: greedy rules of thumb, nothing hidden looked at.

Pişti: capture when possible (same rank first, then a jack), else play the
least valuable card, keeping jacks. Pishe Pasha: foundation plays first, load
whenever allowed, else turn or discard. Book version: flip. With the Stop
rule it calls Stop (forcing the play) some of the time, and ``fault_rate``
lets it make a fault now and then, like a careless player.
"""

from __future__ import annotations

import random

from game.ai.base import SeatView
from game.cards import JACK, make, parse_card, rank

_VALUE = {make(2, 0): 2, make(10, 1): 3}


def _pisti_value(card: int) -> tuple[int, int]:
    """How much a card is worth keeping: points first, then rank."""
    points = _VALUE.get(card, 1 if rank(card) in (1, JACK) else 0)
    return (1 if rank(card) == JACK else 0, points * 16 + rank(card))


class SimpleAgent:
    """Greedy play; see the module docstring."""

    name = "Simple"

    def __init__(self, seed: int | None = None, fault_rate: float = 0.0, stop_rate: float = 0.6):
        self.rng = random.Random(seed)
        self.fault_rate = fault_rate
        self.stop_rate = stop_rate

    def choose(self, view: SeatView) -> str:
        legal = [a for a in view.legal_actions() if not a.startswith("stop ")]
        if view.game == "pisti":
            return self._pisti(view, legal)
        if view.game == "pishe-pasha":
            return self._pishe(view, legal)
        return legal[0]

    def stop_call(self, view: SeatView) -> str | None:
        calls = [a for a in view.legal_actions() if a.startswith("stop ")]
        forced = [a for a in calls if a.endswith("force")] or calls
        if forced and self.rng.random() < self.stop_rate:
            return forced[0]
        return None

    def _pisti(self, view: SeatView, legal: list[str]) -> str:
        table = view.observation().piles.get("table", [])
        cards = [parse_card(a) for a in legal]
        top = table[-1] if table else None
        if top is not None:
            same = [c for c in cards if rank(c) == rank(top)]
            if same:
                return _text(same[0], legal, cards)
            jacks = [c for c in cards if rank(c) == JACK]
            if jacks:
                return _text(jacks[0], legal, cards)
        return _text(min(cards, key=_pisti_value), legal, cards)

    def _pishe(self, view: SeatView, legal: list[str]) -> str:
        found = [a for a in legal if a.endswith(">F")]
        others = [a for a in legal if not a.endswith(">F")]
        if found and others and self.rng.random() < self.fault_rate:
            return self.rng.choice(others)
        if found:
            return found[0]
        loads = [a for a in legal if a[-1].isdigit() and not a.endswith(f">{view.seat}")]
        if loads:
            return loads[0]
        for preferred in ("turn", "turned>D"):
            if preferred in legal:
                return preferred
        return legal[0]


def _text(card: int, legal: list[str], cards: list[int]) -> str:
    return legal[cards.index(card)]
