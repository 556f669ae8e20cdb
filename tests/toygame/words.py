"""The duel's words for its events and its end, its sounds and its counts, in its own keys."""

from __future__ import annotations

from game.core.spec import Cards, Phrase, Seat, Side, Silent
from game.core.state import GameState
from game.core.types import Event, EventKind, Outcome, Reason

from .kinds import NAMES
from .rules import Duel

E = EventKind
YOU = (("who", ".you"),)
SOUNDS = {E.DEAL: "deal", E.MOVE: "place", E.CAPTURE: "capture"}


def describe(ev: Event, faults: bool) -> Phrase | None:
    if ev.kind is E.MOVE and ev.seat is not None:
        said = {"who": Seat(ev.seat), "card": Cards(ev.cards)}
        if ev.detail:  # an 8 led, and the suit it named
            return Phrase(f"log.{Duel.game}.name", {**said, "suit": suit_named(ev.detail[0])}, YOU)
        return Phrase(f"log.{Duel.game}.play", said, YOU)
    if ev.kind is E.PASS and ev.seat is not None:
        return Phrase(f"log.{Duel.game}.draw", {"who": Seat(1 - ev.seat)}, YOU)
    if ev.kind is E.CAPTURE and ev.seat is not None:
        return Phrase(f"log.{Duel.game}.trick", {"who": Seat(ev.seat), "n": len(ev.cards)}, YOU)
    return None


def describe_outcome(out: Outcome) -> Phrase | None:
    if out.reason is not Reason.POINTS:
        return None
    if out.is_draw:
        return Phrase(f"outcome.{Duel.game}.draw", {"n": out.score[0]})
    return Phrase(f"outcome.{Duel.game}", {"who": Side(out.winner), "n": max(out.score)}, YOU)


def describe_move(state: GameState, action) -> Phrase | None:
    if action.card is None:
        return Phrase(f"move.{Duel.game}.draw")
    card = {"card": Cards((action.card,))}
    if action.choice is not None:
        return Phrase(f"move.{Duel.game}.name", {**card, "suit": suit_named(action.choice)})
    return Phrase(f"move.{Duel.game}", card)


def suit_named(named: int | str) -> Phrase:
    """A suit an 8 named, in the log's words (by its index or its letter)."""
    return Phrase(f"named.{Duel.game}.{NAMES[named] if isinstance(named, int) else named}")


def sound(ev: Event) -> str | None:
    return SOUNDS.get(ev.kind)


def counts(state: GameState, seat: int) -> dict[str, int]:
    """The statistics' count of a finished duel: the tricks the seat took."""
    return {f"{Duel.game}.tricks": state.score[seat] // 2}


headline = Silent.headline  # no big words over the table
joins = Silent.joins  # every event is a step of its own
