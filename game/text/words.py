"""Sentences from the program's values: events for the move log, refusals, outcomes,
phrases from the games' specs. Every word comes from the phrasebook.

Each game words its own events, outcomes and moves as :class:`Phrase` values through its
spec; this module only words phrases: names for seats and sides, cards, the form of a key
for the reader ("you"), plurals. A line is asked of the table's game (the namer's, or one
given); without one, of each registered game in turn, the first answer kept.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from game.core.spec import AnySpec, Card, Cards, Owner, Phrase, Seat, Side, SideOf
from game.core.state import GameState
from game.core.types import Action, Event, EventKind, Outcome, Refusal
from game.games import SPECS, ask
from game.text.names import Namer, card_params, card_short
from game.text.phrasebook import current, say, say_n

T = TypeVar("T")
Game = str | AnySpec | None


def cards_short(cards: tuple[int, ...], most: int | None = 3) -> str:
    """The cards' short names; past ``most`` (None: no limit), an ellipsis."""
    shown = cards if most is None else cards[:most]
    more = " …" if len(shown) < len(cards) else ""
    return " ".join(card_short(c) for c in shown) + more


def _ask(n: Namer | None, game: Game, question: Callable[[AnySpec], T | None]) -> T | None:
    """The table's game's answer (given, or the namer's), else the first game's that answers."""
    return ask(game if game is not None else getattr(n, "game", None), question)


def event_line(
    ev: Event, n: Namer, show_faults: bool = False, game: Game = None, form: str = ""
) -> str | None:
    """One line of the move log, or None for events not worth a line; ``form``: the
    line's form for the ear where its key has one (``.heard``: card and target first)."""
    if ev.kind is EventKind.OVER:
        return outcome_line(ev.outcome, n, game) if ev.outcome is not None else None
    said = _ask(n, game, lambda spec: spec.describe(ev, show_faults))
    return current().capitalise(phrase(said, n, form)) if said is not None else None


@dataclass(frozen=True)
class Brief:
    """A move of the player's as a run of moves that played themselves lists it: its
    phrase key (``<line key>.brief``: "{card} to the foundation", "turned {card}"), the
    phrase's other values worded, and its cards as shown ("6♥")."""

    key: str
    rest: tuple[tuple[str, Any], ...]
    cards: tuple[str, ...]

    def alike(self, other: Brief) -> bool:
        """The same move but for its cards: listed together ("6♥, 7♥ to the foundation")."""
        return (self.key, self.rest) == (other.key, other.rest)

    def words(self, cards: list[str]) -> str:
        return say(self.key, card=", ".join(cards), **dict(self.rest))


def event_brief(ev: Event, n: Namer, game: Game = None) -> Brief | None:
    """The event as a run of forced moves lists it, or None where its game has no brief
    words for it (the run then quotes its whole line)."""
    said = _ask(n, game, lambda spec: spec.describe(ev, False))
    key = f"{said.key}.brief" if said is not None else ""
    if said is None or not current().has(key):
        return None
    card = said.params.get("card", ())
    cards = tuple(card) if isinstance(card, tuple) else (int(card),)
    rest: dict[str, Any] = {}
    for name, value in said.params.items():
        if name not in ("card", "who"):
            rest.update(_worded(name, value, n))
    return Brief(key, tuple(sorted(rest.items())), tuple(map(card_short, cards)))


def outcome_line(out: Outcome, n: Namer, game: Game = None) -> str:
    """The end of the hand in one sentence."""
    said = _ask(n, game, lambda spec: spec.describe_outcome(out))
    line = phrase(said, n) if said is not None else "–".join(map(str, out.score))
    return current().capitalise(line)


def move_phrase(state: GameState, action: Action, n: Namer, game: Game = None) -> str:
    """A move of the seat to move as a short phrase, not a sentence ("7♥ to the
    foundation", "turning a card"): for the coach, who weighs moves not yet made."""
    said = _ask(n, game or state.game, lambda spec: spec.describe_move(state, action))
    return phrase(said, n) if said is not None else str(action)


def refusal_text(r: Refusal, n: Namer) -> str:
    """Why a move is refused, as a sentence, in the words of the table's game where it has
    its own (codes are one family, so a game rewords a code in its own catalogue)."""
    book, game = current(), getattr(n, "game", None)
    params: dict[str, object] = {}
    params.update(card_params(r.card))
    params.update(card_params(r.onto, "onto"))
    key = f"refusal.{r.code.value}"
    if r.seat is not None:
        whose = n.whose(r.seat)
        params.update(seat=n.who(r.seat), whose=whose, Whose=book.capitalise(whose))
    if r.mover is not None:
        params["mover"] = n.who(r.mover)
        suffix = ".you_move" if n.is_you(r.mover) else ".you_hold" if n.is_you(r.seat) else ""
        if suffix and book.has_in(game, key + suffix):
            key += suffix
    if r.text is not None:
        params["text"] = r.text
    return book.say_in(game, key, **params)


def variant_words(game: str, options: dict[str, Any], players: int) -> str:
    """ "Pishe Pasha, 2 players, Stop rule": a line of statistics, or a hand of History,
    named by its game and its options (the number of players only for a game played by
    more than one number); short enough to wrap in two lines of the table's first
    column in every language."""
    spec = SPECS.get(game)
    parts = [say(f"game.{game}") if spec else game]
    if spec is None or len(spec.players) > 1:
        parts.append(say_n("stats.players", players))
    for key, value in sorted(options.items()):
        if value is True:  # a rule in play is named, as a player says it: "Stop rule"
            parts.append(say(f"choice.{key}"))
        elif value is False:
            parts.append(say(f"choice.{key}") + ": " + say("option.off"))
        else:
            parts.append(say(f"choice.{key}.{value}"))
    return ", ".join(parts)


def when(timestamp: float) -> str:
    """A moment as the language writes it: "2026-11-27 03:05", Turkish "27.11.2026 03:05"."""
    try:
        t = time.localtime(timestamp)
    except (OverflowError, OSError, ValueError):
        return "–"
    parts = zip(("year", "month", "day", "hour", "minute"), t[:5], strict=True)
    return say("format.when", **{name: f"{value:02d}" for name, value in parts})


def phrase(p: Phrase, n: Namer | None = None, form: str = "") -> str:
    """A phrase in words: seats, sides and cards named, the key's form for the reader
    (then ``form``, where the catalogue has it), the plural its ``n`` asks for."""
    params: dict[str, Any] = {}
    for name, value in p.params.items():
        params.update(_worded(name, value, n))
    key = p.key + (_ending(p, n) if n is not None else "")
    if form and (current().has(key + form) or current().has_plural(key + form)):
        key += form
    count = params.get("n")
    if isinstance(count, int) and current().has_plural(key):
        return say_n(key, count, **{k: v for k, v in params.items() if k != "n"})
    return say(key, **params)


def _worded(name: str, value: Any, n: Namer | None) -> dict[str, Any]:
    """The sentence's values for one of a phrase's values."""
    if isinstance(value, Phrase):
        return {name: phrase(value, n)}
    if isinstance(value, Cards):
        return {name: cards_short(value, value.most)}
    if isinstance(value, Card) or (name == "card" and isinstance(value, int)):
        return card_params(value, name)
    if isinstance(value, float):  # a figure, as the language writes it ("3,1"; "0,04")
        return {name: current().number(value, 1 if abs(value) >= 0.1 or not value else 2)}
    if n is None or not isinstance(value, int):
        return {name: value}
    if isinstance(value, SideOf):
        value = Side(n.sides.get(value, value))
    if isinstance(value, Owner) or name == "whose":
        return {name: n.whose(value)}
    if isinstance(value, Side) or name.startswith("side"):
        return {name: n.side_name(value)}
    if isinstance(value, Seat) or name.startswith("seat"):
        return {name: n.who(value)}
    return {name: value}


def _ending(p: Phrase, n: Namer) -> str:
    """The key's ending for the reader: the first of the phrase's ``you`` pairs that fits."""
    for name, ending in p.you:
        value = p.params.get(name)
        if not isinstance(value, int) or isinstance(value, bool):
            continue
        if isinstance(value, SideOf):
            value = Side(n.sides.get(value, value))
        if isinstance(value, Side):
            if ending.startswith(".you") and n.side_is_you(value):
                return ending + ("_pair" if n.side_is_pair(value) else "")
            if not ending.startswith(".you") and not n.side_is_you(value) and n.side_is_pair(value):
                return ending
        elif n.is_you(value):
            return ending
    return ""
