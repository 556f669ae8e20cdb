"""Reading a Pishe Pasha ``setup`` (RULES.md §6): a deal, or a position for tests and the UI."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.cards import CARD_TEXT, brief
from game.core.setup_read import CardLedger, check_sizes, read_card, read_piles, read_stocks
from game.games.pishe_pasha.kernel import fits_single, next_up

POSITION_KEYS = ("discards", "foundations", "turned", "to_move", "turns")


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


def read_pishe_setup(setup: object, single: bool) -> Deal:
    """Pishe Pasha: a deal (stocks, centre for three) or a position (tests, UI)."""
    stocks = read_stocks(setup, (2, 3))
    assert isinstance(setup, dict)
    known = ("stocks", "center", *POSITION_KEYS)
    unknown = [k for k in setup if k not in known]
    if unknown:
        raise ValueError(f"setup has an unknown field {brief(unknown[0])}")
    n = len(stocks)
    single = single or n == 3
    ledger = CardLedger()
    for i, s in enumerate(stocks):
        ledger.add(s, f"setup.stocks[{i}]")
    deal = Deal(stocks=stocks)
    if "center" in setup:
        if n != 3:
            raise ValueError("setup.center is only used with three players")
        deal.center = read_card(setup["center"], "setup.center")
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


def _read_position(setup: dict[str, Any], deal: Deal, ledger: CardLedger, single: bool) -> None:
    n = len(deal.stocks)
    deal.discards = read_piles(setup.get("discards", [[] for _ in range(n)]), "setup.discards", n)
    for i, d in enumerate(deal.discards):
        ledger.add(d, f"setup.discards[{i}]")
    piles = 1 if single else 4
    found = setup.get("foundations")
    if found is None:
        found = [[CARD_TEXT[deal.center]]] if deal.center is not None else [[]] * piles
    elif deal.center is not None:
        raise ValueError("setup.center: in a position the centre card is foundations[0][0]")
    deal.foundations = read_piles(found, "setup.foundations", piles)
    for i, f in enumerate(deal.foundations):
        ledger.add(f, f"setup.foundations[{i}]")
        _check_foundation(f, i, single, n)
    turned = setup.get("turned")
    if turned is not None:
        deal.turned = read_card(turned, "setup.turned")
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
        if players == 2 and pile and not fits_single(pile[0], []):
            raise ValueError(f"{what} must start with an ace")
        for j in range(1, len(pile)):
            if not fits_single(pile[j], pile[:j]):
                raise ValueError(f"{what}[{j}]: {CARD_TEXT[pile[j]]} cannot follow "
                                 f"{CARD_TEXT[pile[j - 1]]} (next rank, any suit)")  # fmt: skip
        return
    suits: list[list[int]] = [[], [], [], []]
    for j, c in enumerate(pile):
        suits[i] = pile[:j]
        want = next_up(suits, 13 * i, False)  # its suit from the ace up
        if c != want:
            expected = CARD_TEXT[want] if want is not None else "no card"
            raise ValueError(f"{what}[{j}]: expected {expected}, not {CARD_TEXT[c]}")
