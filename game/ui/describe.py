"""Events in words for the move log: "West loads 7D onto your pile"."""

from __future__ import annotations

import re

from game.cards import card_text
from game.rules.base import Event

_NO_SUCH_SEAT = re.compile(r"\bno [Ss]eat \d+\b")
_SEAT_WORDS = re.compile(r"\b[Ss]eat (\d+)(?:('s)|( (?:plays|has|holds|wins|is|does)\b))?")


class Namer:
    """Seat names as the human sees them ("You", "West", ...)."""

    def __init__(
        self, names: dict[int, str], human: int, sides: dict[int, int] | None = None
    ) -> None:
        self.names = names
        self.human = human
        self.sides = sides or {s: s for s in names}

    def who(self, seat: int | None) -> str:
        return self.names.get(seat, "Someone") if seat is not None else "The dealer"

    def whose(self, seat: int | None) -> str:
        return "your" if seat == self.human else f"{self.who(seat)}'s"

    def side_name(self, side: int) -> str:
        """A Pişti side by its players: "You", "North", "You & North", "East & West"."""
        seats = sorted(
            (s for s, d in self.sides.items() if d == side), key=lambda s: s != self.human
        )
        return " & ".join(self.who(s) for s in seats) or "Someone"

    def humanize(self, text: str) -> str:
        """An engine sentence with seat numbers turned into names: "Seat 1's discard pile"
        -> "North's discard pile", "seat 0 plays now" -> "you play now"."""
        text = _NO_SUCH_SEAT.sub("no such player", text)

        def name(m: re.Match) -> str:
            seat = int(m[1])
            if m[2]:
                words = self.whose(seat)
            elif m[3]:
                words = self.does(seat, m[3].strip())
            else:
                words = self.who(seat)
            return _in_sentence(words, text, m.start())

        return _SEAT_WORDS.sub(name, text)

    def does(self, seat: int | None, verb: str) -> str:
        """``West plays`` but ``You play``."""
        if seat == self.human:
            plain = {"does": "do", "has": "have", "is": "are"}.get(verb, verb[:-1])
            if verb.endswith("es") and verb[:-2].endswith(("sh", "ch", "ss", "x")):
                plain = verb[:-2]
            return f"You {plain}"
        return f"{self.who(seat)} {verb}"


def _in_sentence(words: str, text: str, at: int) -> str:
    """Capitalise at a sentence start, else keep "you"/"your" in lower case."""
    before = text[:at].rstrip()
    if not before or before.endswith((".", "!", "?")):
        return words[0].upper() + words[1:]
    if words.startswith(("You ", "Your ")) or words in ("You", "Your"):
        return words[0].lower() + words[1:]
    return words


def _seat_of_pile(pid: str | None) -> int | None:
    if not pid or pid.startswith(("found", "won")):
        return None
    digits = pid[len(pid.rstrip("0123456789")) :]
    return int(digits) if digits else None


def _cards(ev: Event) -> str:
    return " ".join(card_text(c) for c in ev.cards[:3]) + (" …" if len(ev.cards) > 3 else "")


def _move(ev: Event, n: Namer) -> str | None:
    dst = ev.dst or ""
    owner = _seat_of_pile(dst)
    if dst.startswith("found"):
        return f"{n.does(ev.seat, 'plays')} {_cards(ev)} to the foundation"
    if dst.startswith("discard") and owner is not None and owner != ev.seat:
        return f"{n.does(ev.seat, 'loads')} {_cards(ev)} onto {n.whose(owner)} pile"
    if dst.startswith("discard"):
        if (ev.src or "").startswith("stock"):
            return f"{n.does(ev.seat, 'flips')} {_cards(ev)}"
        return f"{n.does(ev.seat, 'discards')} {_cards(ev)}"
    if dst == "table":
        return f"{n.does(ev.seat, 'plays')} {_cards(ev)}"
    return None


def describe(ev: Event, n: Namer) -> str | None:
    """One log line, or None for events not worth a line."""
    k = ev.kind
    if k == "move":
        return _move(ev, n)
    if k == "turn":
        if not ev.cards or ev.seat is None:
            return None
        verb = "flips" if (ev.dst or "").startswith("discard") else "turns"
        return f"{n.does(ev.seat, verb)} {_cards(ev)}"
    if k == "recycle":
        return f"{n.does(ev.seat, 'turns')} {n.whose(ev.seat)} discard pile over as a new stock"
    if k == "capture":
        if (ev.dst or "").startswith("stock"):
            victim = _seat_of_pile(ev.src)
            why = f" — {ev.note}" if ev.note else ""
            return f"{n.does(ev.seat, 'wins')} {n.whose(victim)} pile ({len(ev.cards)} cards){why}"
        return f"{n.does(ev.seat, 'takes')} the pile ({len(ev.cards)} cards)"
    if k == "pisti":
        pts = 20 if ev.note == "jack_pisti" else 10
        kind = "Jack pişti" if ev.note == "jack_pisti" else "Pişti"
        return f"{kind}! {n.who(ev.seat)} {'score' if ev.seat == n.human else 'scores'} {pts}"
    if k == "fault":
        return f"{n.who(ev.seat)} faulted" + (f": {ev.note}" if ev.note else "")
    if k == "stop":
        how = "forces the foundation play" if ev.note == "force" else "ends the turn"
        if ev.seat == n.human:
            how = how.replace("forces", "force").replace("ends", "end")
        return f"{n.who(ev.seat)} {'call' if ev.seat == n.human else 'calls'} Stop! and {how}"
    if k == "over":
        return over_text(ev.note, n)
    return None


def over_text(note: str, n: Namer) -> str:
    """The engine's end-of-hand note with seat and side numbers turned into names."""
    m = re.fullmatch(r"Seat (\d+) wins and scores (\d+)", note or "")
    if m:
        seat = int(m[1])
        return (
            f"{n.does(seat, 'wins')} the hand and {'score' if seat == n.human else 'scores'} {m[2]}"
        )
    m = re.fullmatch(r"Side (\d+) wins ([\d-]+)", note or "")
    if m:
        side, points = int(m[1]), m[2].split("-")
        who = n.side_name(side)
        verb = "win" if who.startswith("You") or "&" in who else "wins"
        return f"{who} {verb} the hand with {points[side]} points ({m[2]})"
    m = re.fullmatch(r"Draw ([\d-]+)", note or "")
    if m:
        return f"The hand is a draw ({m[1]})"
    return n.humanize(note or "The hand is over")
