"""Reading the card lists of a record's ``setup``, with messages naming the field.

Shared by the games whose setup is a list of stocks. A record may come from a
hand-edited file, so every mistake is a ``ValueError`` saying which field is
wrong and how, never a traceback.
"""

from __future__ import annotations

from game.core.cards import CARD_TEXT, CardError, parse_card, parse_cards


class CardLedger:
    """Where each card was seen, so a duplicate or a missing card can be named."""

    def __init__(self) -> None:
        self.where: dict[int, str] = {}

    def add(self, cards: list[int], what: str) -> None:
        for i, c in enumerate(cards):
            self.add_one(c, f"{what}[{i}]")

    def add_one(self, card: int, place: str) -> None:
        if card in self.where:
            raise ValueError(f"{CARD_TEXT[card]} appears twice: {self.where[card]} and {place}")
        self.where[card] = place

    def check_complete(self, what: str) -> None:
        count = len(self.where)
        if count == 52:
            return
        missing = [CARD_TEXT[c] for c in range(52) if c not in self.where]
        if len(missing) == 1:
            gap = f"{missing[0]} is missing"
        elif len(missing) <= 4:
            gap = f"{', '.join(missing[:-1])} and {missing[-1]} are missing"
        else:
            gap = f"{len(missing)} are missing ({', '.join(missing[:4])}, ...)"
        raise ValueError(f"{what}: {count} cards: {gap}")


def read_card(value: object, what: str) -> int:
    try:
        return parse_card(value)
    except CardError as err:
        raise ValueError(f"{what}: {err}") from None


def read_cards(items: object, what: str) -> list[int]:
    try:
        return parse_cards(items, what)
    except CardError as err:
        raise ValueError(str(err)) from None


def read_piles(value: object, what: str, count: int) -> list[list[int]]:
    if not isinstance(value, list) or len(value) != count:
        raise ValueError(f"{what} must be a list of {count} piles")
    return [read_cards(p, f"{what}[{i}]") for i, p in enumerate(value)]


def read_stocks(setup: object, counts: tuple[int, ...]) -> list[list[int]]:
    """The ``stocks`` field: a list of ``len in counts`` lists of card texts."""
    if not isinstance(setup, dict):
        raise ValueError("setup must be an object with a 'stocks' field")
    if "stocks" not in setup:
        raise ValueError("setup.stocks is missing")
    stocks = setup["stocks"]
    allowed = " or ".join(map(str, counts))
    if not isinstance(stocks, list) or len(stocks) not in counts:
        got = len(stocks) if isinstance(stocks, list) else type(stocks).__name__
        raise ValueError(f"setup.stocks must be a list of {allowed} stocks (got {got})")
    return [read_cards(s, f"setup.stocks[{i}]") for i, s in enumerate(stocks)]


def check_sizes(stocks: list[list[int]], size: int) -> None:
    for i, s in enumerate(stocks):
        if len(s) != size:
            raise ValueError(
                f"setup.stocks[{i}] has {len(s)} cards; with {len(stocks)} players "
                f"each stock has {size}"
            )
