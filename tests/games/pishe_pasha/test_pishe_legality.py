"""Pishe Pasha's legality is written once: the legal moves, the refusals, the
engine's fast paths and the rollouts' steps agree, in hand-made positions covering every
pile a move goes from and to, and in any position Hypothesis builds (every variant, the
Stop rule on and off, recycled stocks, faults nobody stopped, the turn limit near)."""

from __future__ import annotations

import random

import pytest
from conftest import STOP, every_pishe_action, position, suits_up_to, texts
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.cards import CARD_TEXT
from game.games.pishe_pasha import kernel as legality
from game.games.pishe_pasha.ai import smart_load
from game.games.pishe_pasha.kernel import TURN_LIMIT, fits
from game.games.pishe_pasha.rules import PishePasha

EVERY = every_pishe_action()
SINGLE = {"foundations": "single"}

# ----------------------------------------------------------------- hand-made positions
# (what the position is, its piles (conftest.position), options, the legal moves in order)
TABLE = [
    ("free, empty discard: only the turn", {"discards": [[], ["9C"]]}, {}, ["turn"]),
    ("free, nothing fits or loads", {"discards": [["5H"], ["9C"]]}, {}, ["turn"]),
    ("free, the top loads (one rank below)", {"discards": [["8H"], ["9C"]]}, {},
     ["discard>1", "turn"]),
    ("free, the top loads (one rank above)", {"discards": [["10H"], ["9C"]]}, {},
     ["discard>1", "turn"]),
    ("free, nothing loads onto an empty pile", {"discards": [["8H"], []]}, {}, ["turn"]),
    ("free, the top fits", {"discards": [["AH"], ["2C"]]}, {}, ["discard>F"]),
    ("free, the top fits, Stop rule", {"discards": [["AH"], ["2C"]]}, STOP,
     ["discard>F", "discard>1", "turn"]),
    ("free, the top fits its suit's pile", {"discards": [["4H"], ["9C"]],
                                            "foundations": suits_up_to(h=3)}, {}, ["discard>F"]),
    ("free, one short of its pile", {"discards": [["5H"], ["9C"]],
                                     "foundations": suits_up_to(h=3)}, {}, ["turn"]),
    ("holding, nothing fits or loads", {"discards": [["9H"], ["9C"]], "turned": "5D"}, {},
     ["turned>D"]),
    ("holding, it loads", {"discards": [["9H"], ["9C"]], "turned": "8D"}, {},
     ["turned>1", "turned>D"]),
    ("holding, it loads onto an empty own pile's opponent", {"discards": [[], ["9C"]],
                                                             "turned": "10D"}, {},
     ["turned>1", "turned>D"]),
    ("holding, it fits", {"discards": [["9H"], ["2C"]], "turned": "AD"}, {}, ["turned>F"]),
    ("holding, it fits, Stop rule: discard first among the faults",
     {"discards": [["9H"], ["2C"]], "turned": "AD"}, STOP, ["turned>F", "turned>D", "turned>1"]),
    ("holding, both fit (a fault stood)", {"discards": [["AH"], ["9C"]], "turned": "AD"}, {},
     ["turned>F", "discard>F"]),
    ("holding, only the top fits (rule 4)", {"discards": [["AH"], ["9C"]], "turned": "8D"}, {},
     ["discard>F"]),
    ("holding, only the top fits, Stop rule", {"discards": [["AH"], ["9C"]], "turned": "8D"},
     STOP, ["discard>F", "turned>D", "turned>1"]),
    ("ace and king are not next to each other", {"discards": [["KH"], ["AC"]]}, {}, ["turn"]),
    ("one foundation: ace and king are", {"discards": [["KH"], ["AC"]],
                                          "foundations": [["AS"]]}, SINGLE,
     ["discard>1", "turn"]),
    ("one foundation: any suit of the next rank fits", {"discards": [["2H"], ["9C"]],
                                                        "foundations": [["AS"]]}, SINGLE,
     ["discard>F"]),
    ("one foundation: after a king an ace", {"discards": [["AH"], ["9C"]],
                                              "foundations": [[r + "S" for r in
                                                               ("A", "2", "3", "4", "5", "6",
                                                                "7", "8", "9", "10", "J", "Q",
                                                                "K")]]}, SINGLE,
     ["discard>F"]),
    ("three players: loads onto either opponent", {"discards": [["8H"], ["9C"], ["7S"]],
                                                   "foundations": [["3D"]]}, {},
     ["discard>1", "discard>2", "turn"]),
    ("three players, holding: loads onto the one it fits", {"discards": [["KH"], ["9C"], ["7S"]],
                                                            "foundations": [["3D"]],
                                                            "turned": "6D"}, {},
     ["turned>2", "turned>D"]),
    ("three players, the second seat: loads onto seats 0 and 2",
     {"discards": [["9H"], ["8C"], ["7S"]], "foundations": [["3D"]], "to_move": 1}, {},
     ["discard>0", "discard>2", "turn"]),
    ("recycled stock: the turn turns the discard pile over",
     {"discards": [["5H", "9D"], ["9C"]], "stocks": [[], ["KS"]], "rest_to": 1}, {}, ["turn"]),
]  # fmt: skip


@pytest.mark.parametrize(("what", "piles", "options", "legal"), TABLE, ids=[r[0] for r in TABLE])
def test_the_legal_moves_of_each_hand_made_position(what, piles, options, legal):
    state = position(**piles, options=options)
    assert texts(state.legal_actions()) == legal
    _agree(state)


def _agree(state: PishePasha) -> None:
    """Every action: refused exactly when it is not offered; each one offered, made through
    the engine's fast path, leaves a position whose offered moves agree with its refusals
    too; and the rollouts' step is the always-load move the engine offers."""
    legal = state.legal_actions()
    calls = state.calls()
    for action in EVERY:
        assert (state.check(action) is None) == (action in legal or action in calls), action
    for action in legal:
        after = state.clone()
        after.apply(action)
        offered = after.legal_actions()
        for other in EVERY:
            allowed = other in offered or other in after.calls()
            assert (after.check(other) is None) == allowed, (action, other)
    if state.plain:
        fast, slow = state.clone(), state.clone()
        fast.play_out(1)
        counts = [state.stock_count(s) + len(state.discard_pile(s)) for s in range(state.players)]
        slow.apply(smart_load(legal, counts if state.players > 2 else None))
        assert (fast.report(), fast.to_move, fast.outcome) == (
            slow.report(),
            slow.to_move,
            slow.outcome,
        )


# ----------------------------------------------------------------- any position
@st.composite
def positions(draw) -> PishePasha:
    """Any position the rules allow: a variant, foundations built part way, the other cards
    spread over the stocks (some empty: a recycle is next), the discard piles and maybe a
    turned card, the seat to move, sometimes near the turn limit."""
    players = draw(st.sampled_from([2, 3]))
    single = players == 3 or draw(st.booleans())
    options = {"foundations": "single" if single else "suits", "stop_rule": draw(st.booleans())}
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    deck = list(range(52))
    rng.shuffle(deck)
    if single:
        found = [_single_pile(deck, rng, players, draw(st.integers(0, 52)))]
    else:
        heights = [draw(st.integers(0, 13)) for _ in range(4)]
        found = [[13 * suit + r for r in range(h)] for suit, h in enumerate(heights)]
    placed = {c for pile in found for c in pile}
    rest = [c for c in deck if c not in placed]
    if len(rest) < players + 1:
        found, rest = [[]] if single else [[], [], [], []], deck
        if players == 3:
            found, rest = [[deck[0]]], deck[1:]
    to_move = draw(st.integers(0, players - 1))
    turned = rest.pop() if draw(st.booleans()) else None
    stocks: list[list[int]] = [[] for _ in range(players)]
    discards: list[list[int]] = [[] for _ in range(players)]
    for seat in range(players):  # every seat keeps a card
        (stocks if rng.random() < 0.5 else discards)[seat].append(rest.pop())
    for card in rest:
        seat = rng.randrange(players)
        (discards if rng.random() < draw_share(rng) else stocks)[seat].append(card)
    turns = TURN_LIMIT - 1 if draw(st.integers(0, 9)) == 0 else 0
    text = [[CARD_TEXT[c] for c in pile] for pile in (*stocks, *discards, *found)]
    return PishePasha.from_piles(
        text[:players],
        text[players : 2 * players],
        text[2 * players :],
        None if turned is None else CARD_TEXT[turned],
        to_move,
        options,
        turns,
    )


def draw_share(rng: random.Random) -> float:
    return rng.choice((0.1, 0.5, 0.9))


def _single_pile(deck: list[int], rng: random.Random, players: int, length: int) -> list[int]:
    """A centre pile of ``length`` cards at most, each the next rank of any suit (K wraps to
    A); two players start it with an ace, three with any card."""
    pool = deck[:]
    length = max(length, players - 2)  # three players: the centre card is always there
    first = rng.choice([c for c in pool if players == 3 or c % 13 == 0])
    pile = [first] if length else []
    pool.remove(first)
    while 0 < len(pile) < length:
        want = (pile[-1] % 13 + 1) % 13
        nexts = [c for c in pool if c % 13 == want]
        if not nexts:
            break
        pile.append(rng.choice(nexts))
        pool.remove(pile[-1])
    return pile


@settings(max_examples=400, deadline=None)
@given(positions())
def test_in_any_position_the_moves_offered_are_the_moves_not_refused(state):
    _agree(state)


@settings(max_examples=200, deadline=None)
@given(positions(), st.integers(0, 2**32 - 1))
def test_along_random_play_from_any_position_the_fast_paths_agree_with_the_refusals(state, seed):
    """Random moves and Stop calls from a built position: after each, the moves the engine
    keeps for the new position (its fast path) are those its full check allows."""
    rng = random.Random(seed)
    for _ in range(60):
        if state.is_over:
            break
        legal, calls = state.legal_actions(), state.calls()
        for action in EVERY:
            assert (state.check(action) is None) == (action in legal or action in calls), action
        state.apply(rng.choice(calls) if calls and rng.random() < 0.3 else rng.choice(legal))


def test_the_pure_rules_list_what_the_full_refusal_allows():
    """legality.legal_moves against legality.refusal directly, on the raw piles: every
    holding, top, pair of fits and loads, both Stop settings, both foundation layouts."""
    rng = random.Random(35)
    checked = 0
    for _ in range(3000):
        players = rng.choice((2, 3))
        single = players == 3 or rng.random() < 0.5
        adj = legality.ADJ_CIRCULAR if single else legality.ADJ_CLASSIC
        fit = bytearray(rng.random() < 0.2 for _ in range(52))
        cards = rng.sample(range(52), 2 * players + 1)
        discards = [[cards[i]] if rng.random() < 0.8 else [] for i in range(players)]
        seat = rng.randrange(players)
        held = cards[-1] if rng.random() < 0.5 else -1
        for stop in (False, True):
            opponents = tuple(o for o in range(players) if o != seat)
            legal, clean = legality.legal_moves(held, discards[seat], opponents, discards,
                                                fit, adj, stop)  # fmt: skip
            allowed = [
                a
                for a in EVERY
                if not a.is_call
                and a.kind.value != "accept"
                and legality.refusal(a, seat, held, discards, fit, adj, single, stop) is None
            ]
            assert set(legal) == set(allowed)
            assert len(legal) == len(allowed)
            own = discards[seat]
            top = own[-1] if own else -1
            faults = {a for a in legal if legality.skipped(a, held, top, fit) >= 0}
            assert set(clean) == set(legal) - faults
            assert not faults or stop
            checked += 1
    assert checked == 6000


def test_the_fit_mask_is_fits_for_every_card():
    rng = random.Random(5)
    for _ in range(500):
        single = rng.random() < 0.5
        if single:
            piles = [_single_pile(list(range(52)), rng, 3, rng.randrange(53))]
        else:
            piles = [[13 * s + r for r in range(rng.randrange(14))] for s in range(4)]
        mask = legality.fit_mask(piles, single)
        assert list(mask) == [int(fits(c, piles, single)) for c in range(52)]
