"""Reading a Pishe Pasha or book-version ``setup`` (RULES.md §6), with messages naming the field.

A record may come from a hand-edited file, so every mistake is reported as a
``ValueError`` that says which field is wrong and how, never a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.cards import CARD_TEXT, CardError, parse_card, parse_cards

POSITION_KEYS = ("discards", "foundations", "turned", "to_move", "turns")


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


@dataclass
class Deal:
    """A validated setup: stocks top card first, ints."""

    stocks: list[list[int]]
    center: int | None = None
    discards: list[list[int]] | None = None  # a position (tests, UI): bottom first
    foundations: list[list[int]] | None = None
    turned: int | None = None
    to_move: int = 0
    turns: int = 0

    @property
    def is_position(self) -> bool:
        return self.discards is not None


def _card(value: object, what: str) -> int:
    try:
        return parse_card(value)
    except CardError as err:
        raise ValueError(f"{what}: {err}") from None


def _cards(items: object, what: str) -> list[int]:
    try:
        return parse_cards(items, what)
    except CardError as err:
        raise ValueError(str(err)) from None


def _piles(value: object, what: str, count: int) -> list[list[int]]:
    if not isinstance(value, list) or len(value) != count:
        raise ValueError(f"{what} must be a list of {count} piles")
    return [_cards(p, f"{what}[{i}]") for i, p in enumerate(value)]


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
    return [_cards(s, f"setup.stocks[{i}]") for i, s in enumerate(stocks)]


def check_sizes(stocks: list[list[int]], size: int) -> None:
    for i, s in enumerate(stocks):
        if len(s) != size:
            raise ValueError(
                f"setup.stocks[{i}] has {len(s)} cards; with {len(stocks)} players "
                f"each stock has {size}"
            )


def read_book_setup(setup: object) -> list[list[int]]:
    """Book version: two stocks of 26, all 52 cards once."""
    stocks = read_stocks(setup, (2,))
    assert isinstance(setup, dict)
    unknown = [k for k in setup if k != "stocks"]
    if unknown:
        raise ValueError(f"setup has an unknown field {unknown[0]!r} (only 'stocks')")
    ledger = CardLedger()
    for i, s in enumerate(stocks):
        ledger.add(s, f"setup.stocks[{i}]")
    ledger.check_complete("setup.stocks")
    check_sizes(stocks, 26)
    return stocks


def read_pishe_setup(setup: object, single: bool) -> Deal:
    """Pishe Pasha: a deal (stocks, centre for three) or a position (tests, UI)."""
    stocks = read_stocks(setup, (2, 3))
    assert isinstance(setup, dict)
    known = ("stocks", "center", *POSITION_KEYS)
    unknown = [k for k in setup if k not in known]
    if unknown:
        raise ValueError(f"setup has an unknown field {unknown[0]!r}")
    n = len(stocks)
    single = single or n == 3
    ledger = CardLedger()
    for i, s in enumerate(stocks):
        ledger.add(s, f"setup.stocks[{i}]")
    deal = Deal(stocks=stocks)
    if "center" in setup:
        if n != 3:
            raise ValueError("setup.center is only used with three players")
        deal.center = _card(setup["center"], "setup.center")
        ledger.add_one(deal.center, "setup.center")
    if any(k in setup for k in POSITION_KEYS):
        _read_position(setup, deal, ledger, single)
        ledger.check_complete("setup")
        return deal
    if n == 3 and deal.center is None:
        raise ValueError("setup.center is missing: three players need a centre card")
    ledger.check_complete("setup.stocks")
    check_sizes(stocks, 26 if n == 2 else 17)
    return deal


def _read_position(setup: dict, deal: Deal, ledger: CardLedger, single: bool) -> None:
    n = len(deal.stocks)
    deal.discards = _piles(setup.get("discards", [[] for _ in range(n)]), "setup.discards", n)
    for i, d in enumerate(deal.discards):
        ledger.add(d, f"setup.discards[{i}]")
    piles = 1 if single else 4
    found = setup.get("foundations")
    if found is None:
        found = [[CARD_TEXT[deal.center]]] if deal.center is not None else [[]] * piles
    elif deal.center is not None:
        raise ValueError("setup.center: in a position the centre card is foundations[0][0]")
    deal.foundations = _piles(found, "setup.foundations", piles)
    for i, f in enumerate(deal.foundations):
        ledger.add(f, f"setup.foundations[{i}]")
        _check_foundation(f, i, single, n)
    turned = setup.get("turned")
    if turned is not None:
        deal.turned = _card(turned, "setup.turned")
        ledger.add_one(deal.turned, "setup.turned")
    to_move, turns = setup.get("to_move", 0), setup.get("turns", 0)
    if type(to_move) is not int or not 0 <= to_move < n:
        raise ValueError(f"setup.to_move must be a seat number 0..{n - 1}")
    if type(turns) is not int or not 0 <= turns < 2000:
        raise ValueError("setup.turns must be a whole number of turns below 2000")
    deal.to_move, deal.turns = to_move, turns
    for s in range(n):
        held = deal.turned is not None and s == to_move
        if not deal.stocks[s] and not deal.discards[s] and not held:
            raise ValueError(f"setup: seat {s} has no cards left, so the hand would be over")


def _check_foundation(pile: list[int], i: int, single: bool, players: int) -> None:
    what = f"setup.foundations[{i}]"
    if single:
        if players == 3 and not pile:
            raise ValueError(f"{what} must start with the centre card (three players)")
        if players == 2 and pile and pile[0] % 13 != 0:
            raise ValueError(f"{what} must start with an ace")
        for j in range(1, len(pile)):
            if pile[j] % 13 != (pile[j - 1] % 13 + 1) % 13:
                raise ValueError(f"{what}[{j}]: {CARD_TEXT[pile[j]]} cannot follow "
                                 f"{CARD_TEXT[pile[j - 1]]} (next rank, any suit)")  # fmt: skip
        return
    for j, c in enumerate(pile):
        if c != i * 13 + j:
            raise ValueError(f"{what}[{j}]: expected {CARD_TEXT[i * 13 + j]}, not {CARD_TEXT[c]}")
