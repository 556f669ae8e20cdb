"""What the Pişti table does for the player: the hint's words, and the last card of a deal,
which plays itself (the player's only move)."""

from __future__ import annotations

from game.core.spec import Phrase
from game.core.state import GameState
from game.core.types import Action, IllegalAction
from game.games.pisti.kinds import EventKinds


def bonus(state: GameState, action: Action) -> str:
    """What ``action`` would score beyond the cards: "pisti", "jack_pisti", or ""."""
    try:
        events = state.clone().apply(action)
    except IllegalAction:
        return ""
    special = (EventKinds.JACK_PISTI, EventKinds.PISTI)
    return next((e.kind.value for e in events if e.kind in special), "")


def hint(state: GameState, action: Action, seat: int) -> Phrase | None:
    """A card that makes a pişti (or a jack pişti) is hinted as such; other cards are
    worded by the table, by what they take."""
    kind = bonus(state, action)
    return Phrase(f"hint.play_{kind}", {"card": state.where(action).card}) if kind else None


def plays_itself(action: Action) -> str | None:
    """The last card in hand (the only legal move) plays itself after a beat."""
    return "beat"
