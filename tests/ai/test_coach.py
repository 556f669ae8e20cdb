"""The coach: it finds the known mistakes of constructed positions, says
nothing when the best moves were played, and sees only what the seat saw."""

from __future__ import annotations

import random
import time

import pytest

from game.ai.coach import Mistake, assess, move_values, review
from game.core.agents import SeatView
from game.core.types import PLAYS
from game.games import make_agent, new_hand
from game.games.pisti import kinds as pisti
from game.games.pisti.kernel import JACK0, RANK0
from game.games.pisti.model import knowledge

QUICK = 0.3  # a fraction of the Expert's budget: the verdicts below are not close calls


def _play_until(players: int, seed: int, wanted, limit: int = 300):
    """Hands of Hard players, stopped at the first position where ``wanted(state)`` holds."""
    rng = random.Random(seed)
    for _ in range(limit):
        state = new_hand("pisti", players, {}, rng.randrange(2**32))
        agents = [make_agent("pisti", "hard", s) for s in range(players)]
        while not state.is_over:
            found = wanted(state)
            if found:
                return state, found
            seat = state.to_move
            state.apply(agents[seat].choose(SeatView(state, seat)))
    raise AssertionError("no such position in the hands tried")


def _pisti_chance(state):
    """The seat to move can take a lone card by rank (a pişti) or throw a card away."""
    seat = state.to_move
    k = knowledge(state.observation(seat))
    if len(k.table) != 1 or k.table[0] is None or k.cards_left <= 1:
        return None
    top = RANK0[k.table[0]]
    capture = [c for c in k.hand if RANK0[c] == top and top != JACK0]
    away = [c for c in k.hand if RANK0[c] not in (top, JACK0)]
    return (capture[0], away[0]) if capture and away else None


def test_throwing_away_a_pisti_is_a_costly_mistake():
    state, (capture, away) = _play_until(2, 1, _pisti_chance)
    seat = state.to_move
    assert assess(state, seat, PLAYS[capture], QUICK) == pytest.approx(0.0, abs=0.3)
    loss = assess(state, seat, PLAYS[away], QUICK)
    assert loss is not None, loss
    assert loss > 5.0, loss


def _known_lead(state):
    """Two players, last deal, empty table, the opponent's hand known (this side took the
    face-down cards): one card the opponent can take for a pişti, one it cannot."""
    seat = state.to_move
    obs = state.observation(seat)
    k = knowledge(obs)
    info = obs.info
    opp = 1 - seat
    if k.pack_size or k.table or info["first_capturer"] != k.side:
        return None
    if len(k.hand) < 2 or k.hand_sizes[opp] < 2:
        return None
    held = {RANK0[c] for c in k.unseen}  # with the face-down cards known: the opponent's hand
    if JACK0 in held:
        return None
    risky = [c for c in k.hand if RANK0[c] in held and RANK0[c] != JACK0]
    safe = [c for c in k.hand if RANK0[c] not in held and RANK0[c] != JACK0]
    return (risky[0], safe[0]) if risky and safe else None


def test_leading_a_card_the_opponent_is_known_to_match_is_flagged():
    state, (risky, safe) = _play_until(2, 2, _known_lead)
    seat = state.to_move
    values = move_values(state, seat, QUICK)
    bad = assess(state, seat, PLAYS[risky], QUICK)
    good = assess(state, seat, PLAYS[safe], QUICK)
    assert bad is not None
    assert good is not None
    assert bad > good + 5.0, (bad, good, values)
    assert max(values, key=values.get) != PLAYS[risky]


def test_no_choice_no_verdict():
    state = new_hand("pisti", 2, {}, 3)
    seat = state.to_move
    assert assess(state, 1 - seat, state.legal_actions()[0]) is None  # not its move
    assert move_values(state, 1 - seat) == {}
    book = new_hand("pisha-pasha-book", 2, {}, 3)
    assert assess(book, book.to_move, "flip") is None


def _best_hand(seat: int, budget: float, blunder: bool = False,
               deal: int = 2026) -> tuple[dict, int | None]:  # fmt: skip
    """A two-player hand where ``seat`` plays the coach's best move every time, except
    one blunder (a pişti thrown away) at its first chance when ``blunder``."""
    state = new_hand("pisti", 2, {}, deal)
    other = make_agent("pisti", "hard", 5)
    made = None
    while not state.is_over:
        mover = state.to_move
        if mover != seat:
            state.apply(other.choose(SeatView(state, mover)))
            continue
        chance = _pisti_chance(state) if blunder and made is None else None
        if chance:
            made = len(state.history)
            state.apply(PLAYS[chance[1]])
            continue
        values = move_values(state, seat, budget)
        if not values:
            state.apply(state.legal_actions()[0])
            continue
        state.apply(sorted(values.items(), key=lambda kv: (-kv[1], str(kv[0])))[0][0])
    return state.record(), made


def test_a_hand_of_best_moves_has_nothing_to_review():
    record, _ = _best_hand(0, QUICK)
    assert review(record, 0, QUICK) == []


@pytest.mark.slow
def test_the_review_finds_the_pisti_thrown_away():
    for deal in range(20):
        record, blunder = _best_hand(1, QUICK, blunder=True, deal=deal)
        if blunder is not None:
            break
    assert blunder is not None
    found = review(record, 1, QUICK)
    assert found, "the blunder costs points"
    assert all(isinstance(m, Mistake) for m in found)
    assert [m.loss for m in found] == sorted((m.loss for m in found), reverse=True)
    worst = found[0]
    assert worst.index == blunder
    assert worst.loss > 5.0
    assert str(worst.played) == record["actions"][blunder]
    lone = pisti.ACTIONS.parse(record["actions"][blunder - 1]).card  # the card laid before it
    assert RANK0[worst.better.card] == RANK0[lone], "the better move takes the pişti"
    assert worst.values[0][0] == worst.better


def test_the_coach_never_sees_hidden_cards():
    """Twin positions (same observation, other hidden cards) get the same verdicts."""
    rng = random.Random(4)
    for i in range(4):
        state = new_hand("pisti", 2, {}, 100 + i)
        for _ in range(5 + 3 * i):
            state.apply(rng.choice(state.legal_actions()))
        seat = state.to_move
        other = state.resample(seat, rng)
        assert move_values(state, seat, QUICK) == move_values(other, seat, QUICK)
    pasha = new_hand("pishe-pasha", 2, {}, 8)
    agent = make_agent("pishe-pasha", "always-load", 1)
    while len(pasha.legal_actions()) < 2:
        pasha.apply(agent.choose(SeatView(pasha, pasha.to_move)))
    seat = pasha.to_move
    twin = pasha.resample(seat, rng)
    assert move_values(pasha, seat, 0.1) == move_values(twin, seat, 0.1)


def easy_hand(game: str, seed: int):
    """A whole two-player hand between Easy players."""
    state = new_hand(game, 2, {}, seed)
    agents = [make_agent(game, "easy", s) for s in range(2)]
    while not state.is_over:
        state.apply(agents[state.to_move].choose(SeatView(state, state.to_move)))
    return state


def test_a_pishe_pasha_review_is_sorted_deterministic_and_legal():
    record = easy_hand("pishe-pasha", 17).record()
    first = review(record, 0, 0.1)
    assert first == review(record, 0, 0.1)
    assert [m.loss for m in first] == sorted((m.loss for m in first), reverse=True)
    for m in first:
        assert m.played != m.better
        assert m.loss > 0
        assert record["actions"][m.index] == str(m.played)


@pytest.mark.slow
def test_a_whole_pisti_hand_reviews_in_seconds():
    state = easy_hand("pisti", 31)
    start = time.perf_counter()
    found = review(state.record(), 0)
    took = time.perf_counter() - start
    assert took < 30, f"{took:.1f} s"
    assert all(m.loss > 0 for m in found)
