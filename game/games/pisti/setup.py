"""Reading a Pişti record's setup and laying the table from a deck (RULES.md §5, §6)."""

from __future__ import annotations

from typing import Any

from game.core.cards import brief, card_name, parse_cards
from game.games.pisti.kernel import IS_JACK
from game.games.pisti.tables import TEXT

_FIELDS = ("players", "deck")


def validate_setup(setup: Any, start_jack: str) -> tuple[int, tuple[int, ...]]:
    """``(players, deck)`` from a setup dict; ValueError naming the bad field otherwise."""
    if not isinstance(setup, dict):
        raise ValueError("setup must be an object with 'players' and 'deck'")
    extra = [k for k in setup if k not in _FIELDS]
    if extra:
        raise ValueError(
            f"setup has an unknown field {brief(extra[0])} (Pişti needs players and deck)"
        )
    players = setup.get("players")
    if type(players) is not int or players not in (2, 3, 4):
        raise ValueError(f"setup.players must be 2, 3 or 4, not {brief(players)}")
    raw = setup.get("deck")
    if not isinstance(raw, list):
        raise ValueError("setup.deck must be a list of the 52 cards in dealing order")
    if len(raw) != 52:
        raise ValueError(f"setup.deck has {len(raw)} cards; it must hold all 52")
    deck = parse_cards(raw, "setup.deck")
    seen: set[int] = set()
    for i, card in enumerate(deck):
        if card in seen:
            raise ValueError(f"setup.deck[{i}]: {TEXT[card]} ({card_name(card)}) is there twice")
        seen.add(card)
    if IS_JACK[deck[51]]:
        raise ValueError(
            f"setup.deck[51] is {TEXT[deck[51]]}: the last card is the shown bottom card "
            "and must not be a jack"
        )
    if start_jack == "turn_next" and all(IS_JACK[c] for c in deck[:4]):
        raise ValueError(
            "setup.deck[0..3] are the four jacks: with start_jack 'turn_next' "
            "this hand would be redealt"
        )
    return players, tuple(deck)


def build_table(
    deck: tuple[int, ...], start_jack: str
) -> tuple[list[int], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """``(table, face_up, moved_jacks, stream)`` for a valid deck.

    ``table`` is bottom first, its face-down cards first and then ``face_up``
    (the cards turned at the start, the top of the pile last). ``stream`` is
    the 48 cards the players get, in dealing order: under ``to_bottom`` it ends
    with the jacks put under the pack, the last one moved being the bottom card.
    """
    if start_jack == "turn_next":
        k = 0
        while IS_JACK[deck[3 - k]]:
            k += 1
        up = tuple(deck[3 - i] for i in range(k + 1))
        return list(deck[: 3 - k]) + list(up), up, (), deck[4:]
    k = 0
    while IS_JACK[deck[3 + k]]:
        k += 1
    moved = deck[3 : 3 + k]
    up = (deck[3 + k],)
    return [deck[0], deck[1], deck[2], deck[3 + k]], up, moved, deck[4 + k :] + moved
