"""Pişti's words: its events, outcomes and moves as phrases (worded by the phrasebook), its
banners and sounds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.spec import Cards, Headline, Phrase, Seat, Side, SideOf, Silent, SummaryRow
from game.core.state import GameState
from game.core.types import Action, ActionKind, Event, Outcome, PileKind, Reason
from game.games.pisti.kinds import EventKinds

if TYPE_CHECKING:
    from game.games.pisti.rules import Pisti

E = EventKinds
YOU = (("who", ".you"),)
PAIRS = (("who", ".you"), ("who", ".pair"))  # a side: you, your side, or two others
SOUNDS = {
    E.DEAL: "deal",
    E.REVEAL: "flip",
    E.MOVE: "place",
    E.TO_BOTTOM: "place",
    E.CAPTURE: "capture",
    E.LEFTOVER: "capture",
    E.PISTI: "fanfare",
    E.JACK_PISTI: "fanfare",
}
BONUS = {E.PISTI: 10, E.JACK_PISTI: 20}
BREAKDOWN = ("jacks", "aces", "two_clubs", "ten_diamonds", "majority", "pisti", "jack_pisti")


def describe(ev: Event, faults: bool) -> Phrase | None:
    """The move log's line for a move, a capture, the last cards and a pişti."""
    k, who = ev.kind, Seat(ev.seat) if ev.seat is not None else None
    if k is E.MOVE and ev.dst is not None and ev.dst.kind is PileKind.TABLE:
        return Phrase("log.play", {"who": who, "card": Cards(ev.cards)}, YOU)
    if k is E.CAPTURE and ev.dst is not None and ev.dst.kind is not PileKind.STOCK:
        params = {"who": who, "n": len(ev.cards) - 1, "card": Cards(ev.cards[-1:])}
        return Phrase("log.capture", params, YOU)  # (the card that takes the pile comes last)
    if k is E.LEFTOVER:
        assert ev.seat is not None  # the last cards go to a seat's side
        return Phrase(
            "log.leftover", {"who": SideOf(ev.seat), "n": len(ev.cards)}, (("who", ".you"),)
        )
    if k in BONUS:
        return Phrase(f"log.{k.value}", {"who": who}, YOU)
    if k in (E.REVEAL, E.TO_BOTTOM) and ev.detail:
        return _start_jack(ev)
    return None


def _start_jack(ev: Event) -> Phrase:
    """A jack turned up at the deal (RULES.md §5): it stays face up with the next card
    turned on top (``turn_next``), or goes under the pack for the dealer's last deal with
    the pack's top card turned in its place (``to_bottom``)."""
    key = "log.deal.jack_up" if ev.kind is E.REVEAL else "log.deal.jack_bottom"
    return Phrase(key, {"card": Cards(ev.cards), "next": Cards(ev.detail)}, ())


def ranked_score(score: tuple[int, ...]) -> str:
    """The points most first ("12–5"), so the winner's stand before the line reads on."""
    return "–".join(map(str, sorted(score, reverse=True)))


def describe_outcome(out: Outcome) -> Phrase | None:
    if out.reason is not Reason.POINTS:
        return None
    score = ranked_score(out.score)
    if out.is_draw:
        return Phrase("outcome.points.draw", {"score": score})
    side = out.winner
    assert isinstance(side, int)  # not a draw
    params = {"who": Side(side), "n": out.score[side], "score": score}
    return Phrase("outcome.points", params, PAIRS)


def summary_lines(state: Pisti) -> list[Phrase]:
    """Why the hand ended as it did: who scored the most, and the line of points where
    the winner gained most on the runner-up."""
    out = state.outcome
    if out is None or out.reason is not Reason.POINTS:
        return []
    ranked = sorted(range(len(out.score)), key=lambda s: -out.score[s])  # the winner first
    score = ranked_score(out.score)
    if out.is_draw:
        return [Phrase("summary.why.draw", {"score": score})]
    w, runner = ranked[0], ranked[1]
    rows = state.breakdown()
    key = max(BREAKDOWN, key=lambda k: rows[w][k] - rows[runner][k])
    line = {"line": Phrase(f"score.{key}"), "a": rows[w][key], "b": rows[runner][key]}
    return [
        Phrase("summary.why.points", {"who": Side(w), "score": score}, PAIRS),
        Phrase("summary.why.line", line),
    ]


def breakdown(state: Pisti) -> list[SummaryRow]:
    """The cards each side took (what "most cards" counts), then the points line by line
    under their heading, and the hand's total."""
    rows = state.breakdown()
    return [
        SummaryRow("summary.cards_won", tuple(r["cards"] for r in rows)),
        SummaryRow("summary.points_by_line", ()),
        *(SummaryRow(f"score.{key}", tuple(r[key] for r in rows)) for key in BREAKDOWN),
        SummaryRow("score.total", tuple(r["total"] for r in rows), total=True),
    ]


def describe_move(state: GameState, action: Action) -> Phrase | None:
    if action.kind is not ActionKind.PLAY or action.card is None:
        return None
    return Phrase("move.play", {"card": Cards((action.card,))})


def headline(ev: Event) -> Headline | None:
    """A pişti's banner: its name and the points it brings."""
    if ev.kind not in BONUS:
        return None
    assert ev.seat is not None  # a seat made the pişti
    sub = Phrase("banner.points", {"who": Seat(ev.seat), "n": BONUS[ev.kind]}, ())
    return Headline(Phrase(f"banner.{ev.kind.value}"), sub)


def sound(ev: Event) -> str | None:
    return SOUNDS.get(ev.kind)


joins = Silent.joins  # every event is a step of its own
