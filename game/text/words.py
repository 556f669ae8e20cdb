"""Sentences from the program's values: events for the move log, refusals, outcomes,
phrases from the games' specs. Every word comes from the phrasebook."""

from __future__ import annotations

from game.core.spec import Phrase
from game.core.types import (
    ActionKind,
    Event,
    Outcome,
    PileKind,
    Reason,
    Refusal,
)
from game.games.book import kinds as book
from game.games.pishe_pasha import kinds as pishe
from game.games.pisti import kinds as pisti
from game.text.names import Namer, card_params, card_short
from game.text.phrasebook import current, say, say_n


class AllEvents(pishe.EventKinds, book.EventKinds, pisti.EventKinds):
    """Every game's event kinds, until each game words its own (issue 25)."""


class AllActions(pishe.ActionKinds, book.ActionKinds):
    """Every game's action kinds, until each game words its own (issue 25)."""


class AllReasons(pishe.Reasons, book.Reasons):
    """Every game's ways of ending, until each game words its own (issue 25)."""


AllPiles = pishe.PileKinds
stop_call = pishe.stop  # the Stop window's calls, until they come through the spec
E = AllEvents


def cards_short(cards: tuple[int, ...], most: int = 3) -> str:
    more = " …" if len(cards) > most else ""
    return " ".join(card_short(c) for c in cards[:most]) + more


def event_line(ev: Event, n: Namer, show_faults: bool = False) -> str | None:
    """One line of the move log, or None for events not worth a line."""
    line = _event_line(ev, n, show_faults)
    return current().capitalise(line) if line else line


def _event_line(ev: Event, n: Namer, show_faults: bool) -> str | None:
    k = ev.kind
    seat = ev.seat
    if k is E.MOVE:
        return _move_line(ev, n)
    if k in (E.TURN, E.FLIP):
        if not ev.cards or seat is None:
            return None
        key = "log.turn" if k is E.TURN else "log.flip"
        return say(n.pick(key, seat), who=n.who(seat), card=cards_short(ev.cards))
    if k is E.RECYCLE:
        return say(n.pick("log.recycle", seat), who=n.who(seat))
    if k is E.CAPTURE and ev.dst is not None and ev.dst.kind is PileKind.STOCK:
        victim = ev.src.seat if ev.src else None
        params = {"who": n.who(seat), "whose": n.whose(victim)}
        params.update(card_params(ev.detail[0], "winner") if ev.detail else {})
        params.update(card_params(ev.detail[1], "loser") if len(ev.detail) > 1 else {})
        key = (
            "log.book_capture.you"
            if n.is_you(seat)
            else ("log.book_capture.yours" if n.is_you(victim) else "log.book_capture")
        )
        return say_n(key, len(ev.cards), **params)
    if k is E.CAPTURE:
        return say_n(n.pick("log.capture", seat), len(ev.cards) - 1, who=n.who(seat))
    if k is E.LEFTOVER:
        side = n.sides.get(seat, seat)
        key = "log.leftover"
        if n.side_is_you(side):
            key += ".you_pair" if n.side_is_pair(side) else ".you"
        return say_n(key, len(ev.cards), who=n.side_name(side))
    if k in (E.PISTI, E.JACK_PISTI):
        return say(n.pick(f"log.{k.value}", seat), who=n.who(seat))
    if k is E.FAULT:
        if not show_faults:
            return None
        return say(n.pick("log.fault", seat), who=n.who(seat), **card_params(ev.detail[0]))
    if k is E.FAULT_WAITS:
        return say(n.pick("log.fault_waits", seat), who=n.who(seat)) if show_faults else None
    if k in (E.STOP_FORCE, E.STOP_END):
        return say(n.pick(f"log.{k.value}", seat), who=n.who(seat))
    if k is E.OVER and ev.outcome is not None:
        return outcome_line(ev.outcome, n)
    return None


def _move_line(ev: Event, n: Namer) -> str | None:
    dst, seat = ev.dst, ev.seat
    if dst is None:
        return None
    cards = cards_short(ev.cards)
    if dst.kind is AllPiles.FOUNDATION:
        return say(n.pick("log.to_foundation", seat), who=n.who(seat), card=cards)
    if dst.kind is PileKind.DISCARD and dst.seat != seat:
        key = (
            "log.load.you"
            if n.is_you(seat)
            else ("log.load.onto_you" if n.is_you(dst.seat) else "log.load")
        )
        return say(key, who=n.who(seat), whose=n.whose(dst.seat), card=cards)
    if dst.kind is PileKind.DISCARD:
        return say(n.pick("log.discard", seat), who=n.who(seat), card=cards)
    if dst.kind is PileKind.TABLE:
        return say(n.pick("log.play", seat), who=n.who(seat), card=cards)
    return None


def outcome_line(out: Outcome, n: Namer) -> str:
    """The end of the hand in one sentence."""
    return current().capitalise(_outcome_line(out, n))


def _outcome_line(out: Outcome, n: Namer) -> str:
    r = out.reason
    score = "–".join(map(str, out.score))
    if r is AllReasons.WENT_OUT:
        w = out.winner
        return say(n.pick("outcome.went_out", w), who=n.who(w), n=out.score[w])
    if r is AllReasons.TURN_LIMIT:
        return say("outcome.turn_limit")
    if r is Reason.POINTS:
        if out.is_draw:
            return say("outcome.points.draw", score=score)
        side = out.winner
        key = "outcome.points"
        if n.side_is_you(side):
            key += ".you_pair" if n.side_is_pair(side) else ".you"
        elif n.side_is_pair(side):
            key += ".pair"
        return say(key, who=n.side_name(side), n=out.score[side], score=score)
    why = say(f"outcome.{r.value}")
    if out.is_draw:
        return say("outcome.book.draw", why=why, n=out.score[0])
    w = out.winner
    if r is AllReasons.NO_CARDS:
        loser = 1 - w
        key = (
            "outcome.no_cards.you"
            if n.is_you(w)
            else ("outcome.no_cards.lost" if n.is_you(loser) else "outcome.no_cards")
        )
        return say(key, who=n.who(w), loser=n.who(loser))
    return say(n.pick("outcome.book.more", w), why=why, who=n.who(w))


def refusal_text(r: Refusal, n: Namer) -> str:
    """Why a move is refused, as a sentence."""
    params: dict[str, object] = {}
    params.update(card_params(r.card))
    params.update(card_params(r.onto, "onto"))
    key = f"refusal.{r.code.value}"
    if r.seat is not None:
        params.update(seat=n.who(r.seat), whose=n.whose(r.seat), Whose=_cap(n.whose(r.seat)))
    if r.mover is not None:
        params["mover"] = n.who(r.mover)
        suffix = ".you_move" if n.is_you(r.mover) else ".you_hold" if n.is_you(r.seat) else ""
        if suffix and current().has(key + suffix):
            key += suffix
    if r.text is not None:
        params["text"] = r.text
    return say(key, **params)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def phrase(p: Phrase, n: Namer | None = None) -> str:
    """A spec's phrase in words: seats, sides and cards named, the rest filled in."""
    params: dict[str, object] = {}
    for key, value in p.params.items():
        if key == "whose" and n is not None and isinstance(value, int):
            params[key] = n.whose(value)
        elif key.startswith("seat") and n is not None and isinstance(value, int):
            params[key] = n.who(value)
        elif key.startswith("side") and n is not None and isinstance(value, int):
            params[key] = n.side_name(value)
        elif key == "card" and isinstance(value, int):
            params.update(card_params(value))
        else:
            params[key] = value
    key = p.key
    seat = p.params.get("seat")
    if n is not None and isinstance(seat, int) and n.is_you(seat):
        key += ".you"
    if "n" in params and isinstance(params["n"], int):
        return say_n(key, params["n"], **{k: v for k, v in params.items() if k != "n"})
    return say(key, **params)


def move_phrase(state, action, n: Namer) -> str:
    """A move of the seat to move as a short phrase, not a sentence ("7♥ to the
    foundation", "turning a card"): for the coach, who weighs moves not yet made."""
    k = action.kind
    if k is AllActions.TURN:
        return say("move.turn")
    if k is AllActions.FLIP:
        return say("move.flip")
    if action.is_call:
        return say("move.call_end" if k is AllActions.STOP_END else "move.call_force")
    if k is ActionKind.ACCEPT:
        return say("move.accept")
    where = state.where(action)
    card = card_short(where.card) if where.card is not None else "?"
    if k is ActionKind.PLAY:
        return say("move.play", card=card)
    dst = where.dst
    if dst is not None and dst.kind is AllPiles.FOUNDATION:
        return say("move.to_foundation", card=card)
    if dst is not None and dst.seat == state.to_move:
        return say("move.discard", card=card)
    return say("move.load", card=card, whose=n.whose(dst.seat if dst else None))
