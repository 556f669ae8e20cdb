"""Names as the player reads them: seats ("You", "North"), sides, teams and cards."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.core.cards import RANK_TEXT, SUITS
from game.text.phrasebook import current, say

POSITIONS = ("bottom", "top", "left", "right")
SUIT_SIGNS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def card_name(card: int) -> str:
    """``the 4 of hearts`` / ``kupa 4``."""
    rank = say(f"rank.{RANK_TEXT[card % 13]}")
    suit = say(f"suit.{SUITS[card // 13]}")
    return say("card.name", rank=rank, suit=suit)


def card_short(card: int) -> str:
    """``4♥``: the index as printed on the card (the same in every language)."""
    return RANK_TEXT[card % 13] + SUIT_SIGNS[SUITS[card // 13]]


def card_params(card: int | None, prefix: str = "card") -> dict[str, str]:
    """``{card}``, ``{Card}`` (sentence start) and ``{card_short}`` for a sentence; each
    takes its case endings in the catalogue as any value does (``{card:acc}``: "kupa 4'ü")."""
    if card is None:
        return {}
    name = card_name(card)
    return {
        prefix: name,
        prefix.capitalize(): current().capitalise(name),
        f"{prefix}_short": card_short(card),
    }


class Namer:
    """The words for seats and sides at one table, the human's own seat as "you"."""

    def __init__(
        self,
        names: dict[int, str],
        human: int | None = None,
        sides: dict[int, int] | None = None,
        owners: dict[int, str] | None = None,
        game: str | None = None,
    ) -> None:
        """``names``: each seat's name; ``owners``: the same as an owner ("North's");
        ``game``: the game whose events the names word (None: asked of every game)."""
        self.game = game
        self.names = names
        self.owners = owners or {s: say("seat.owner", name=n) for s, n in names.items()}
        self.human = human
        self.sides = sides or {s: s for s in names}

    @classmethod
    def for_table(
        cls, positions: dict[int, str], human: int, sides: dict[int, int], game: str | None = None
    ) -> Namer:
        """Seats named by where they sit: you at the bottom, North, East and West."""
        names = {s: say(f"seat.{pos}") for s, pos in positions.items()}
        owners = {s: say(f"seat.{pos}.owner") for s, pos in positions.items()}
        return cls(names, human, sides, owners, game)

    @classmethod
    def numbered(
        cls, players: int, sides: dict[int, int] | None = None, game: str | None = None
    ) -> Namer:
        """ "Seat 0", "Seat 1": for records and reports, where nobody is "you"."""
        names = {s: say("seat.number", n=s) for s in range(players)}
        owners = {s: say("seat.number.owner", n=s) for s in range(players)}
        return cls(names, None, sides, owners, game)

    def whose(self, seat: int | None) -> str:
        """The seat as an owner: "your", "North's"."""
        return self.owners.get(seat, say("seat.someone.owner")) if seat is not None else ""

    def is_you(self, seat: int | None) -> bool:
        return seat is not None and seat == self.human

    def who(self, seat: int | None) -> str:
        return self.names.get(seat, say("seat.someone")) if seat is not None else say("seat.dealer")

    def pick(self, key: str, seat: int | None) -> str:
        """``key.you`` when the sentence is about the human, else ``key``."""
        return f"{key}.you" if self.is_you(seat) else key

    def seats_of_side(self, side: int) -> list[int]:
        """The side's seats, the human's first."""
        return sorted(
            (s for s, d in self.sides.items() if d == side), key=lambda s: s != self.human
        )

    def side_name(self, side: int) -> str:
        """A side by its players: "You", "North", "You & North", "East & West"."""
        names = [self.who(s) for s in self.seats_of_side(side)]
        return say("names.and", a=names[0], b=names[1]) if len(names) == 2 else names[0]

    def side_is_you(self, side: int) -> bool:
        return self.human is not None and self.sides.get(self.human) == side

    def side_is_pair(self, side: int) -> bool:
        return len(self.seats_of_side(side)) > 1


@dataclass(frozen=True)
class Seating:
    """A table's seats as the player sat at them: where each seat sat, the player's own,
    the sides and the game. Seats change places from hand to hand (Pişti deals in turn), so
    a line of the move log keeps its own hand's seating and is always worded with it."""

    positions: tuple[tuple[int, str], ...]
    human: int
    sides: tuple[tuple[int, int], ...]
    game: str | None = None

    @classmethod
    def of(cls, positions: dict[int, str], human: int, sides: dict[int, int],
           game: str | None = None) -> Seating:  # fmt: skip
        return cls(tuple(sorted(positions.items())), human, tuple(sorted(sides.items())), game)

    def namer(self) -> Namer:
        """The names of this seating, in the language of now."""
        return _namer(self, current().lang)


@lru_cache(maxsize=32)
def _namer(seating: Seating, _lang: str) -> Namer:
    """A seating's names, kept per language (``_lang`` is only the cache's key: the names
    are made in the language of now)."""
    return Namer.for_table(
        dict(seating.positions), seating.human, dict(seating.sides), seating.game
    )
