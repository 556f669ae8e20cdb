"""The duel's words for its events, its moves and its end, and its sounds, in its own keys."""

from __future__ import annotations

from game.core.spec import Cards, Phrase, Seat, Side, Silent
from game.core.state import GameState
from game.core.types import Action, Event, Outcome
from game.core.types import EventKind as E

from .rules import POOL, Duel, taken

ID, YOU = Duel.game, (("who", ".you"),)
SAID = {E.MOVE: "play", E.PASS: "draw", E.CAPTURE: "trick"}
SOUNDS = {E.DEAL: "deal", E.MOVE: "place", E.CAPTURE: "capture"}


class DuelWords(Silent):
    """What the duel says; no headlines over the table, every event a step of its own."""

    @staticmethod
    def describe(ev: Event, faults: bool) -> Phrase | None:
        if ev.kind not in SAID or ev.seat is None:
            return None
        seat = 1 - ev.seat if ev.kind is E.PASS else ev.seat  # who passed the lead
        said = {"who": Seat(seat), "card": Cards(ev.cards), "n": len(ev.cards)}
        return Phrase(f"log.{ID}.{'take' if ev.src == POOL else SAID[ev.kind]}", said, YOU)

    @staticmethod
    def describe_outcome(out: Outcome) -> Phrase | None:
        if out.is_draw:
            return Phrase(f"outcome.{ID}.draw", {"n": out.score[0]})
        return Phrase(f"outcome.{ID}", {"who": Side(out.winner), "n": max(out.score)}, YOU)

    @staticmethod
    def describe_move(state: GameState, action: Action, key: str = "move") -> Phrase | None:
        """A move as its words (or, ``key="hint"``, the hint) say it: a draw, a card, an 8
        and the pool card it takes."""
        if action.card is None:
            return Phrase(f"{key}.{ID}.draw")
        said = {"card": Cards((action.card,)), "taken": Cards(taken(action))}
        return Phrase(f"{key}.{ID}{'.take' if taken(action) else ''}", said)

    @staticmethod
    def sound(ev: Event) -> str | None:
        return SOUNDS.get(ev.kind)
