"""The coach names only cards the player could see at the position it judges (playtest 9:
"turning now loses the chance to load Q♦ onto North's discard pile" while North's top
card was Q♥). The cause: a reason named what the search's continuations did most, ties to
the smallest card, so the load made after the better move (Q♦ onto North's new K♠) beat
the better move's own (K♠ onto Q♥); and a continuation's turned cards are a sampled
deal's, never seen by the player."""

from __future__ import annotations

import random

from conftest import cards, position, suits_up_to

from game.core.agents import SeatView
from game.core.spec import Seen
from game.games.pishe_pasha import coach
from game.games.pishe_pasha.kinds import DISCARD, TURN, move

KS, QD, QH = cards("KS", "QD", "QH")


def playtest_187():
    """74-pp-review.png's move 187: the top discard K♠ loads onto North's Q♥ (Q♦ under it)."""
    return position(
        [["10S", "JC", "10H", "JS", "QS", "KD", "QD", "KS"], ["9H", "10D", "JD", "QH"]],
        suits_up_to(c=7, d=4, h=4, s=9),
    )


def face_up(state) -> set[int]:
    """What the player sees: every discard pile, the foundations, a turned card."""
    shown = {c for s in range(state.players) for c in state.discard_pile(s)}
    shown |= {c for pile in state.foundation_piles() for c in pile}
    return shown | ({state.turned} if state.turned is not None else set())


def seen(runs: float, fact: str = "", *pairs: tuple[int, int]) -> Seen:
    s = Seen(runs=runs)
    for pair in pairs:
        s.note(fact, *pair, weight=runs)
    return s


def test_a_missed_load_is_the_better_moves_own_not_the_one_after_it():
    state = playtest_187()
    better = move(DISCARD, DISCARD, 1)
    assert better in state.legal_actions()
    assert TURN in state.legal_actions()
    b = seen(10, "my_loads", (1, KS), (1, QD))  # K♠ onto Q♥, then Q♦ onto that K♠
    why = coach.seen_reason(state, TURN, better, seen(10), b)
    assert why is not None
    assert why.key == "coach.why.turn_early"
    assert (why.params["card"], why.params["whose"]) == (KS, 1)


def test_a_card_from_a_sampled_stock_is_never_named():
    state = playtest_187()
    hidden = next(c for c in range(52) if c not in face_up(state))
    p = seen(10, "loaded_on_me", (1, hidden))  # North turns it in the continuations
    why = coach.seen_reason(state, TURN, move(DISCARD, DISCARD, 1), p, seen(10))
    assert why is None or why.params.get("card") != hidden


def test_the_searchs_reasons_name_only_face_up_cards():
    state = playtest_187()
    view = SeatView(state, 0)
    acts = view.legal_actions()
    verdict = coach.evaluate(view, acts, random.Random(5), 0.2)
    shown = face_up(state)
    why = coach.reason(state, 0, TURN, move(DISCARD, DISCARD, 1), verdict.seen)
    assert why.params.get("card") in (None, KS), why
    for played in acts:
        for better in acts:
            if played != better:
                why = coach.reason(state, 0, played, better, verdict.seen)
                card = why.params.get("card")
                assert card is None or card in shown, (played, better, why)
