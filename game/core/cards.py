"""Cards as small ints, and their text form (RULES.md §1).

A card is an int 0..51: ``suit * 13 + (rank - 1)``, suits in the order C D H S
and ranks A=1 … K=13. Ints keep the engines fast and states cheap to copy;
everything a person or a file sees goes through :func:`card_text` and
:func:`parse_card`.
"""

from __future__ import annotations

import random
import reprlib

SUITS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_TEXT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_NAMES = (
    "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king",
)  # fmt: skip
ACE, JACK, QUEEN, KING = 1, 11, 12, 13
DECK = tuple(range(52))

CARD_TEXT: tuple[str, ...] = tuple(RANK_TEXT[c % 13] + SUITS[c // 13] for c in DECK)
_BY_TEXT: dict[str, int] = {t: c for c, t in enumerate(CARD_TEXT)}
_RANK_ALIASES = {"T": "10", "1": "A"}


class CardError(ValueError):
    """A card's text could not be read; the message says why."""


_BRIEF = reprlib.Repr()
_BRIEF.maxstring = 30
_BRIEF.maxother = 30
_BRIEF.maxlevel = 2


def brief(value: object) -> str:
    """A short ``repr`` that is safe for any value (a huge or deeply nested one too)."""
    return _BRIEF.repr(value)


def rank(card: int) -> int:
    """Rank 1 (ace) … 13 (king)."""
    return card % 13 + 1


def suit(card: int) -> int:
    """Suit index 0..3 in the order C D H S."""
    return card // 13


def make(rank_: int, suit_: int) -> int:
    """The card of this rank (1..13) and suit index (0..3)."""
    return suit_ * 13 + rank_ - 1


def is_red(card: int) -> bool:
    return card // 13 in (1, 2)


def card_text(card: int) -> str:
    """Canonical text form: ``AS``, ``7H``, ``10D``."""
    return CARD_TEXT[card]


def card_name(card: int) -> str:
    """Words for messages: ``the 4 of hearts``."""
    return f"the {RANK_NAMES[card % 13]} of {SUIT_NAMES[card // 13]}"


def parse_card(text: object) -> int:
    """Read a card's text form; accepts lower case and ``T`` for ten."""
    if not isinstance(text, str):
        raise CardError(f"a card must be text like 'AS' or '10D', not {brief(text)}")
    found = _BY_TEXT.get(text)
    if found is not None:
        return found
    t = text.strip().upper()
    if len(t) < 2:
        raise CardError(f"{brief(text)} is not a card (write rank then suit, like 'AS' or '10D')")
    r, s = t[:-1], t[-1]
    r = _RANK_ALIASES.get(r, r)
    if s not in SUITS:
        raise CardError(f"{brief(text)} is not a card: the suit must be one of C, D, H, S")
    if r not in RANK_TEXT:
        raise CardError(f"{brief(text)} is not a card: the rank must be A, 2-10, J, Q or K")
    return _BY_TEXT[r + s]


def parse_cards(items: object, what: str = "cards") -> list[int]:
    """Read a list of card texts, naming the position of a bad one."""
    if not isinstance(items, list):
        raise CardError(f"{what} must be a list of cards")
    out = []
    for i, item in enumerate(items):
        try:
            out.append(parse_card(item))
        except CardError as err:
            raise CardError(f"{what}[{i}]: {err}") from None
    return out


def shuffled_deck(rng: random.Random | int | None = None) -> list[int]:
    """A shuffled pack; an int seeds it, so a seed always gives the same deal."""
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    deck = list(DECK)
    rng.shuffle(deck)
    return deck


def packets(players: int, each: int) -> list[tuple[int, int]]:
    """(seat, cards) in dealing order: two at a time, then three at a time (seed 000)."""
    left = [each] * players
    out: list[tuple[int, int]] = []
    size = 2
    while any(left):
        for seat in range(players):
            k = min(size, left[seat])
            if k:
                out.append((seat, k))
                left[seat] -= k
        size = 3
    return out
