"""The coach's reasons come from what its search saw: the evaluation counts
what happened in the deals it played out after each move, with the Expert's own values,
from the seat's view only, and the reason names the biggest difference it counted."""

from __future__ import annotations

import random

import pytest
from test_coach_reasons import _after_a_capture, _foundation_choice, _load_choice

from game.ai.coach import move_values, reason
from game.core.agents import SeatView
from game.core.cards import parse_card
from game.core.spec import Phrase, Seen, Verdict
from game.core.types import PLAYS
from game.games import make_agent, new_hand
from game.games.pishe_pasha import coach as pasha_coach
from game.games.pishe_pasha.ai import PLAY_DEALS, ExpertPasha, points_values
from game.games.pishe_pasha.kinds import TURN, load_seat
from game.games.pishe_pasha.moves import T_DISCARD, T_LOAD
from game.games.pisti import coach as pisti_coach
from game.games.pisti.ai import card_classes
from game.games.pisti.search import PLAY
from game.games.pisti.search import evaluate as pisti_search
from game.text.phrasebook import LANGUAGES

QUICK = 0.3


def test_a_lone_card_left_for_a_pisti_is_what_the_search_saw():
    """North leads after You took 5♥ with 5♣: in the deals played out, You take a lone 9♦
    for a pişti more often than a lone 5♦ (two fives are seen, no nine)."""
    state = _after_a_capture()
    verdict = move_values(state, 1, QUICK)
    nine, five = PLAYS[parse_card("9D")], PLAYS[parse_card("5D")]
    assert verdict.seen[nine].rate("pisti_given") > verdict.seen[five].rate("pisti_given") > 0
    assert verdict.seen[nine].most("pisti_given") == (0, parse_card("9D"))
    why = reason(state, 1, nine, five, verdict.seen)
    assert why == Phrase("coach.why.lone_card", {"card": parse_card("9D"), "seat": 0})


def test_a_load_given_to_the_opponent_is_what_the_search_saw():
    """Discarding 7♦ lets North load its 8♠ onto it in every deal played out."""
    state = _load_choice()
    verdict = move_values(state, 0, QUICK)
    kept = verdict.seen[T_DISCARD]
    assert kept.rate("loaded_on_me") >= 1.0
    assert kept.most("loaded_on_me") == (1, parse_card("8S"))
    assert verdict.seen[T_LOAD[1]].rate("loaded_on_me") < kept.rate("loaded_on_me")
    why = reason(state, 0, T_DISCARD, T_LOAD[1], verdict.seen)
    assert why == Phrase("coach.why.gives_load", {"seat": 1, "card": parse_card("8S")})


def test_a_foundation_play_missed_is_the_stop_call_the_search_saw():
    state = _foundation_choice()
    verdict = move_values(state, 0, QUICK)
    found = max(verdict, key=verdict.get)
    assert found is not TURN, "the foundation play is best"
    assert load_seat(found) is None, "the foundation play is best"
    assert verdict.seen[TURN].rate("stopped") == 1.0
    assert verdict.seen[found].rate("stopped") == 0.0
    assert verdict.seen[found].rate("my_up") >= 1.0
    why = reason(state, 0, TURN, found, verdict.seen)
    assert why == Phrase("coach.why.foundation", {"card": parse_card("2C"), "seat": 1})


def test_the_reason_follows_the_counts_not_the_position():
    """The same two moves, with what was seen swapped, get no reason from the counts: the
    reason is read from them, and the position's fallback only speaks when they are silent."""
    state = _load_choice()
    verdict = move_values(state, 0, QUICK)
    seen = verdict.seen
    swapped = {T_DISCARD: seen[T_LOAD[1]], T_LOAD[1]: seen[T_DISCARD]}
    assert pasha_coach.seen_reason(state, T_DISCARD, T_LOAD[1], *swapped.values()) is None
    said = Seen(runs=4)
    said.note("my_up", 5, weight=8)
    made = pasha_coach.seen_reason(state, T_DISCARD, T_LOAD[1], Seen(runs=4), said)
    assert made == Phrase("coach.why.more_up", {"n": 2})


def test_the_coachs_values_are_the_experts_own():
    """Watching the deals changes nothing the search finds: the same values, for the same
    budget, as the Expert's searches."""
    rng = random.Random(7)
    for seed in range(3):
        state = new_hand("pisti", 2 + seed, {}, seed)
        for _ in range(rng.randrange(40)):
            state.apply(rng.choice(state.legal_actions()))
        view = SeatView(state, state.to_move)
        options = card_classes([a.card for a in view.legal_actions()])
        if len(options) < 2:
            continue
        got, _ = pisti_coach.watched_search(view.observation(), options, random.Random(1),
                                            PLAY.scaled(0.1))  # fmt: skip
        assert got == pisti_search(view.observation(), options, random.Random(1), PLAY.scaled(0.1))
    pasha = _a_pishe_choice(3)
    view = SeatView(pasha, pasha.to_move)
    acts = view.legal_actions()
    verdict = pasha_coach.evaluate(view, acts, random.Random(2), 0.1)
    assert isinstance(verdict, Verdict)
    assert dict(verdict) == points_values(view, acts, random.Random(2), 0.1)
    deals = round(PLAY_DEALS * ExpertPasha.spread * 0.1)
    assert all(verdict.seen[a].runs == deals for a in acts), "every deal played is watched"


def _a_pishe_choice(seed: int):
    state = new_hand("pishe-pasha", 2, {"stop_rule": True}, seed)
    agent = make_agent("pishe-pasha", "always-load", 1)
    while len([a for a in state.legal_actions() if not a.is_call]) < 2:
        state.apply(agent.choose(SeatView(state, state.to_move)))
    return state


@pytest.mark.parametrize("game", ["pisti", "pishe-pasha"])
def test_what_the_coach_saw_never_depends_on_hidden_cards(game):
    """Twin positions (the same observation, other hidden cards) give the same counts."""
    rng = random.Random(11)
    if game == "pisti":
        state = new_hand("pisti", 2, {}, 21)
        for _ in range(9):
            state.apply(rng.choice(state.legal_actions()))
    else:
        state = _a_pishe_choice(5)
    seat = state.to_move
    twin = state.resample(seat, rng)
    first, second = move_values(state, seat, 0.1), move_values(twin, seat, 0.1)
    assert first == second
    assert first.seen == second.seen
    assert any(s.counts for s in first.seen.values())


def test_the_reviews_reasons_are_the_ones_its_search_saw():
    """Each mistake of a review carries the reason read from that decision's counts."""
    from test_coach import easy_hand

    from game.ai.coach import review
    from game.games import spec_of

    record = easy_hand("pishe-pasha", 17).record()
    found = review(record, 0, 0.1)
    assert found
    spec = spec_of("pishe-pasha")
    for m in found[:3]:
        state = spec.from_setup(record["setup"], record.get("options") or {})
        for a in record["actions"][: m.index]:
            state.apply(spec.parse_action(a))
        verdict = move_values(state, 0, 0.1)
        assert m.reason == reason(state, 0, m.played, m.better, verdict.seen)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_from_the_counts_is_worded(lang):
    from game.text import set_language
    from game.text.names import Namer
    from game.text.words import phrase

    namer = Namer.for_table({0: "bottom", 1: "top"}, 0, {0: 0, 1: 1})
    said = [
        Phrase("coach.why.more_up", {"n": 1}),
        Phrase("coach.why.more_up", {"n": 3}),
        Phrase("coach.why.wins_more", {"played": 40, "better": 70}),
        Phrase("coach.why.pile_taken", {"card": parse_card("QH"), "seat": 1, "pct": 35}),
        Phrase("coach.why.next_take", {"played": 10, "better": 45}),
    ]
    set_language(lang)
    try:
        for why in said:
            words = phrase(why, namer)
            assert words, words
            assert "{" not in words, words
            assert not words.startswith("coach."), words
            for value in why.params.values():
                if isinstance(value, int) and why.params.get("card") != value:
                    assert str(value) in words or namer.who(value) in words, (words, value)
    finally:
        set_language("en")


def _jack_on_a_small_pile(state):
    """The seat to move could spend its jack on a pile of one or two cards, and holds other
    cards besides: (the jack, the table) or None."""
    from game.core.types import TABLE
    from game.games.pisti.kernel import JACK0, RANK0

    seat = state.to_move
    acts = state.legal_actions()
    table = state.observation(seat).piles[TABLE]
    jacks = [a for a in acts if RANK0[a.card] == JACK0]
    if not jacks or not table or len(table) > 2 or len(acts) < 3:
        return None
    return jacks[0]


def test_a_jack_spent_on_a_small_pile_is_the_bigger_pile_it_took_later():
    """Where the search finds a jack spent on a small pile costly, the reason is the bigger
    pile the same jack took later in the deals played out after the better card."""
    from game.games.pisti.kernel import JACK0, RANK0

    state = new_hand("pisti", 2, {}, 1)
    agents = [make_agent("pisti", "hard", s) for s in range(2)]
    while not state.is_over:
        jack = _jack_on_a_small_pile(state)
        if jack is not None:
            verdict = move_values(state, state.to_move, QUICK)
            best = max(verdict, key=lambda a: (verdict[a], str(a)))
            if RANK0[best.card] != JACK0 and verdict[best] - verdict[jack] > 2.0:
                break
        state.apply(agents[state.to_move].choose(SeatView(state, state.to_move)))
    assert not state.is_over, "no costly jack in this hand"
    spent, kept = verdict.seen[jack], verdict.seen[best]
    assert kept.rate("jack_pile") > spent.rate("jack_pile") + 1.0
    assert reason(state, state.to_move, jack, best, verdict.seen) == Phrase("coach.why.jack_later")


def test_turning_while_a_load_was_there_is_the_load_the_search_made_instead():
    """9♣ on top of your discard pile loads onto North's 8♠: after loading, the deals played
    out show that load made every time; after turning, hardly ever."""
    from conftest import position

    from game.games.pishe_pasha.moves import D_LOAD

    state = position([["KH", "9C"], ["8S"]], to_move=0)
    verdict = move_values(state, 0, QUICK)
    load = verdict.seen[D_LOAD[1]]
    assert load.rate("my_loads") >= 1.0
    assert load.most("my_loads") == (1, parse_card("9C"))
    assert verdict.seen[TURN].rate("my_loads") < 0.5
    why = reason(state, 0, TURN, D_LOAD[1], verdict.seen)
    assert why == Phrase("coach.why.turn_early", {"card": parse_card("9C"), "whose": 1})
