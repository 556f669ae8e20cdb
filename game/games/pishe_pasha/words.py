"""Pishe Pasha's words: its events, outcomes and moves as phrases (worded by the phrasebook),
its banners and sounds."""

from __future__ import annotations

from game.core.cards_left import cards_left
from game.core.spec import Cards, Headline, Owner, Phrase, Seat, Silent, SummaryRow
from game.core.state import GameState
from game.core.types import Action, Event, Outcome
from game.games.pishe_pasha.kinds import ActionKinds, EventKinds, PileKinds, Reasons

E = EventKinds
YOU = (("who", ".you"),)
SOUNDS = {
    E.DEAL: "deal",
    E.TURN: "flip",
    E.RECYCLE: "flip",
    E.MOVE: "place",
    E.UNDO: "slide_back",
    E.STOP_FORCE: "alarm",
    E.STOP_END: "alarm",
}


def describe(ev: Event, faults: bool) -> Phrase | None:
    """The move log's line for one of this game's events."""
    k, who = ev.kind, Seat(ev.seat) if ev.seat is not None else None
    if k is E.MOVE:
        return _move(ev)
    if k is E.TURN:
        return (
            Phrase("log.turn", {"who": who, "card": Cards(ev.cards)}, YOU)
            if ev.cards and who is not None
            else None
        )
    if k is E.RECYCLE:
        return Phrase("log.recycle", {"who": who}, YOU)
    if k is E.FAULT and faults:
        return Phrase("log.fault", {"who": who, "card": ev.detail[0]}, YOU)
    if k is E.FAULT_WAITS and faults:
        return Phrase("log.fault_waits", {"who": who}, YOU)
    if k in (E.STOP_FORCE, E.STOP_END):
        return Phrase(f"log.{k.value}", {"who": who}, YOU)
    return None


def _move(ev: Event) -> Phrase | None:
    dst, seat = ev.dst, ev.seat
    if dst is None or seat is None:
        return None
    params = {"who": Seat(seat), "card": Cards(ev.cards)}
    if dst.kind is PileKinds.FOUNDATION:
        return Phrase("log.to_foundation", params, YOU)
    owner = dst.seat
    if dst.kind is PileKinds.DISCARD and owner is not None and owner != seat:
        params["whose"] = Owner(owner)
        return Phrase("log.load", params, (("who", ".you"), ("whose", ".onto_you")))
    if dst.kind is PileKinds.DISCARD:
        return Phrase("log.discard", params, YOU)
    return None


def describe_outcome(out: Outcome) -> Phrase | None:
    w = out.winner
    if out.reason is Reasons.WENT_OUT and isinstance(w, int):
        return Phrase("outcome.went_out", {"who": Seat(w), "n": out.score[w]}, YOU)
    if out.reason is Reasons.TURN_LIMIT:
        return Phrase("outcome.turn_limit")
    return None


def summary_lines(state: GameState) -> list[Phrase]:
    """Why the hand ended as it did: who got rid of every card first, and what that scores."""
    out = state.outcome
    if out is None:
        return []
    if out.reason is Reasons.TURN_LIMIT:
        return [Phrase("outcome.turn_limit")]
    others = "summary.first_out.one" if state.players == 2 else "summary.first_out.both"
    return [Phrase(others, {"seat": Seat(out.winner)})]


def breakdown(state: GameState) -> list[SummaryRow]:
    """The cards each player had left: the winner's points."""
    return cards_left(state, "summary.left")


def describe_move(state: GameState, action: Action) -> Phrase | None:
    k = action.kind
    if k is ActionKinds.TURN:
        return Phrase("move.turn")
    if action.is_call:
        return Phrase("move.call_end" if k is ActionKinds.STOP_END else "move.call_force")
    if k is ActionKinds.ACCEPT:
        return Phrase("move.accept")
    if k is not ActionKinds.MOVE:
        return None
    where = state.where(action)
    card = Cards((where.card,)) if where.card is not None else "?"
    dst = where.dst
    if dst is not None and dst.kind is PileKinds.FOUNDATION:
        return Phrase("move.to_foundation", {"card": card})
    if dst is not None and dst.seat == state.to_move:
        return Phrase("move.discard", {"card": card})
    whose = Owner(dst.seat) if dst is not None and dst.seat is not None else ""
    return Phrase("move.load", {"card": card, "whose": whose}, ())


def headline(ev: Event) -> Headline | None:
    """A Stop call's banner."""
    if ev.kind not in (E.STOP_FORCE, E.STOP_END) or ev.seat is None:
        return None
    sub = Phrase(f"banner.{ev.kind.value}", {"who": Seat(ev.seat)}, YOU)
    return Headline(Phrase("banner.stop"), sub, alarm=True)


def sound(ev: Event) -> str | None:
    return SOUNDS.get(ev.kind)


joins = Silent.joins  # every event is a step of its own
