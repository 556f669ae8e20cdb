"""The book version's words: its events, outcomes and moves as phrases (worded by the
phrasebook), its sounds, and which of its events fly together."""

from __future__ import annotations

from game.core.cards_left import cards_left
from game.core.spec import Card, Cards, Owner, Phrase, Seat, Silent, SummaryRow
from game.core.state import GameState
from game.core.types import Action, Event, Outcome, PileKind
from game.games.book.kinds import ActionKinds, EventKinds, Reasons

E = EventKinds
YOU = (("who", ".you"),)
SOUNDS = {E.DEAL: "deal", E.FLIP: "flip", E.RECYCLE: "flip", E.CAPTURE: "capture"}
ENDS = (
    Reasons.NO_CARDS,
    Reasons.STALEMATE_NO_MATCH,
    Reasons.STALEMATE_REPEAT,
    Reasons.STALEMATE_LIMIT,
)


def describe(ev: Event, faults: bool) -> Phrase | None:
    """The move log's line for one of this game's events."""
    k, who = ev.kind, Seat(ev.seat) if ev.seat is not None else None
    if k is E.FLIP:
        return (
            Phrase("log.flip", {"who": who, "card": Cards(ev.cards)}, YOU)
            if ev.cards and who is not None
            else None
        )
    if k is E.RECYCLE:
        return Phrase("log.recycle", {"who": who}, YOU)
    if k is E.CAPTURE and ev.dst is not None and ev.dst.kind is PileKind.STOCK:
        return _capture(ev)
    return None


def _capture(ev: Event) -> Phrase:
    """A pile won: who won whose, and the cards that decided it."""
    victim = ev.src.seat if ev.src else None
    assert ev.seat is not None  # a capture is always some seat's
    params: dict[str, object] = {
        "who": Seat(ev.seat),
        "whose": Owner(victim) if victim is not None else "",
    }
    params.update(zip(("winner", "loser"), map(Card, ev.detail[:2]), strict=False))
    params["n"] = len(ev.cards)
    return Phrase("log.book_capture", params, (("who", ".you"), ("whose", ".yours")))


def describe_outcome(out: Outcome) -> Phrase | None:
    if out.reason not in ENDS:
        return None
    why = Phrase(f"outcome.{out.reason.value}")
    w = out.winner
    if not isinstance(w, int):  # the same test as ``out.is_draw``, narrowing ``w`` to a seat
        return Phrase("outcome.book.draw", {"why": why, "n": out.score[0]})
    if out.reason is Reasons.NO_CARDS:
        params = {"who": Seat(w), "loser": Seat(1 - w)}
        return Phrase("outcome.no_cards", params, (("who", ".you"), ("loser", ".lost")))
    return Phrase("outcome.book.more", {"why": why, "who": Seat(w)}, YOU)


def summary_lines(state: GameState) -> list[Phrase]:
    """Why the hand ended as it did: a player ran out of cards, or a stalemate."""
    out = state.outcome
    if out is None:
        return []
    if out.reason is Reasons.NO_CARDS and isinstance(out.winner, int):
        return [Phrase("summary.no_cards", {"seat": Seat(1 - out.winner)})]
    said = describe_outcome(out)
    return [said] if said is not None else []


def breakdown(state: GameState) -> list[SummaryRow]:
    """The cards each player holds: the hand's points."""
    return cards_left(state, "summary.held")


def describe_move(state: GameState, action: Action) -> Phrase | None:
    return Phrase("move.flip") if action.kind is ActionKinds.FLIP else None


def joins(first: Event, then: Event) -> bool:
    """Both seats' flips of a round fly together."""
    return first.kind is E.FLIP and then.kind is E.FLIP and then.seat != first.seat


def sound(ev: Event) -> str | None:
    return SOUNDS.get(ev.kind)


headline = Silent.headline  # no big words over the table
