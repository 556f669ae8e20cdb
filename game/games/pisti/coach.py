"""What the coach says about a Pişti move: the search's verdict and, in words, why.

:func:`evaluate` weighs one card of each (rank, points) class with the Expert's
search. :func:`reason` compares the move played with the better one from what the
seat could see (its hand, the pile, every card shown so far): a capture skipped, a
jack spent on a small pile, a lone card the next seat may take for a pişti, a card
on the pile that the next seat is likely to hold. Pure Python.
"""

from __future__ import annotations

import random

from game.core.agents import SeatView
from game.core.spec import Coach, Phrase
from game.core.state import GameState
from game.core.types import TABLE, Action
from game.games.pisti.ai import card_classes
from game.games.pisti.search import PLAY, class_key
from game.games.pisti.search import evaluate as search
from game.games.pisti.tables import JACK0, RANK0


def evaluate(view: SeatView, acts: list[Action], rng: random.Random,
             budget: float) -> dict[Action, float]:  # fmt: skip
    """Expected points of each card in hand (cards of one class share a value)."""
    options = card_classes([a.card for a in acts])
    if len(options) < 2:
        return {}
    values = search(view.observation(), options, rng, PLAY.scaled(budget))
    by_key = {class_key(c): v for c, v in values.items()}
    return {a: by_key[class_key(a.card)] for a in acts}


def unseen_of_rank(state: GameState, seat: int, card: int) -> int:
    """How many cards of ``card``'s rank the seat has not seen (so others may hold)."""
    obs = state.observation(seat)
    info = obs.info
    seen = [c for pile in obs.piles.values() for c in pile if c is not None]
    seen += info["played"] + info["start_face_up"] + info["shown_bottom"]
    ranks = {c for c in seen if RANK0[c] == RANK0[card]}
    return 4 - len(ranks)


def reason(state: GameState, seat: int, played: Action, better: Action) -> Phrase:
    """Why ``better`` beats ``played`` for ``seat`` (to move in ``state``), in a phrase."""
    table = state.observation(seat).piles[TABLE]
    top = table[-1] if table else None
    p, b = played.card, better.card
    nxt = (seat + 1) % state.players

    def takes(card: int) -> bool:
        return top is not None and (RANK0[card] == RANK0[top] or RANK0[card] == JACK0)

    if takes(b) and not takes(p):
        return Phrase("coach.why.capture", {"card": b, "n": len(table)})
    if takes(p) and RANK0[p] == JACK0 and RANK0[b] != JACK0:
        return Phrase("coach.why.jack_later")
    if not takes(p) and unseen_of_rank(state, seat, p) > unseen_of_rank(state, seat, b):
        key = "coach.why.lone_card" if not table else "coach.why.gives_pile"
        return Phrase(key, {"card": p, "seat": nxt})
    return Phrase("coach.why.search")


COACH = Coach(evaluate, reason)
