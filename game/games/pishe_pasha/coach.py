"""What the coach says about a Pishe Pasha move: the search's verdict and, in words, why.

:func:`evaluate` is the Expert's points search (:func:`~game.games.pishe_pasha.ai.points_values`).
:func:`reason` compares the move played with the better one on the open piles only:
a foundation play skipped (a fault the opponent can stop), a discard that gives an
opponent a load, a load missed, a card turned while a load was there, a card loaded
away that was one card short of its foundation. Turning is never
played out here: the stock's next card is hidden. Pure Python.
"""

from __future__ import annotations

import random

from game.core.agents import SeatView
from game.core.spec import Coach, Phrase
from game.core.state import GameState
from game.core.types import Action
from game.games.pishe_pasha.kinds import ActionKinds, load_seat
from game.games.pishe_pasha.legality import loads


def evaluate(view: SeatView, acts: list[Action], rng: random.Random,
             budget: float) -> dict[Action, float]:  # fmt: skip
    from game.games.pishe_pasha.ai import points_values

    if len(acts) < 2:
        return {}
    return points_values(view, acts, rng, budget)


def _top(state, seat: int) -> int | None:
    pile = state.discard_pile(seat)
    return pile[-1] if pile else None


def _loads_given(state, seat: int, action: Action) -> list[tuple[int, int]]:
    """After ``action``, the (opponent, card) pairs whose open top card loads onto the
    seat's discard pile; empty for a turn (its card is not known yet)."""
    if action.kind is not ActionKinds.MOVE:
        return []
    after = state.clone()
    after.apply(action)
    mine = _top(after, seat)
    if mine is None:
        return []
    tops = {opp: _top(after, opp) for opp in range(state.players) if opp != seat}
    return [
        (opp, card)
        for opp, card in tops.items()
        if card is not None and loads(card, mine, after._single)
    ]


def reason(state: GameState, seat: int, played: Action, better: Action) -> Phrase:
    """Why ``better`` beats ``played`` for ``seat`` (to move in ``state``), in a phrase."""
    nxt = (seat + 1) % state.players
    if state._stop and state._is_fault(played):
        return Phrase("coach.why.foundation", {"card": state._missed(played), "seat": nxt})
    given = set(_loads_given(state, seat, played)) - set(_loads_given(state, seat, better))
    if given:
        opp, card = min(given)
        return Phrase("coach.why.gives_load", {"seat": opp, "card": card})
    onto = load_seat(better)
    if onto is not None and load_seat(played) is None:
        card = state.where(better).card
        key = "coach.why.turn_early" if played.kind is ActionKinds.TURN else "coach.why.missed_load"
        return Phrase(key, {"card": card, "whose": onto})
    moved = state.where(played).card if load_seat(played) is not None else None
    if moved is not None and load_seat(better) is None and _one_short(state, moved):
        return Phrase("coach.why.keep", {"card": moved})
    return Phrase("coach.why.search")


def _one_short(state, card: int) -> bool:
    """Whether ``card`` would fit its foundation once one more card is played there."""
    piles = state.foundation_piles()
    single = len(piles) == 1
    pile = piles[0] if single else piles[card // 13]
    need = pile[-1] % 13 + 1 if pile else 0  # the rank the foundation takes next
    if single:
        return card % 13 == (need + 1) % 13
    return need + 1 < 13 and card % 13 == need + 1


COACH = Coach(evaluate, reason)
