"""The Pişti Expert's reading of the other seats, its exact last deal, and the
pimc baseline: honest (hidden cards never change a decision), legal, and right."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest
from conftest import random_positions, twin

from game.core.agents import SeatView
from game.core.referee import Referee
from game.games import make_agent, new_hand
from game.games.pisti.ai import ExpertPisti, PimcPisti
from game.games.pisti.infer import Reader, current_deal
from game.games.pisti.kernel import JACK0, RANK0
from game.games.pisti.model import Sim, knowledge, sample_sim
from game.games.pisti.search import PLAY, evaluate
from game.games.pisti.solve import LastDeal, tree_size

SMALL = replace(PLAY, plays=2000, min_deals=4, max_deals=12, exact_leaves=3000, exact_tree=80)


# ----------------------------------------------------------------- honesty


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hidden_cards_never_change_the_expert_or_pimc(players):
    rng = random.Random(players)
    differing = 0
    states = random_positions("pisti", players, {}, 6, seed=40 + players, least=5, most=46)
    for i, state in enumerate(states):
        seat = state.to_move
        other = twin(state, seat, rng)
        differing += other.all_cards() != state.all_cards()
        for agent in (ExpertPisti(i, SMALL), PimcPisti(i, deals=4)):
            assert agent.choose(SeatView(state, seat)) == agent.choose(SeatView(other, seat))
    assert differing > 0, "the twins should really hide different cards"


def test_the_reading_weighs_twins_alike_and_sees_only_the_observation():
    """The reader's plays and weights come from the observation: twins get the same ones,
    and so do the search's values."""
    rng = random.Random(9)
    for state in random_positions("pisti", 2, {}, 8, seed=77, least=9, most=46):
        seat = state.to_move
        other = twin(state, seat, rng)
        oa, ob = state.observation(seat), other.observation(seat)
        ka, kb = knowledge(oa), knowledge(ob)
        ra, rb = Reader(oa, ka), Reader(ob, kb)
        assert ra.plays == rb.plays
        worlds = [sample_sim(ka, seat, random.Random(s)) for s in range(5)]
        assert [ra.logp(w.hands) for w in worlds] == [rb.logp(w.hands) for w in worlds]
        cards = [a.card for a in state.legal_actions()]
        va = evaluate(oa, cards, random.Random(1), SMALL)
        vb = evaluate(ob, cards, random.Random(1), SMALL)
        assert va == vb


# ----------------------------------------------------------------- legality


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {"start_jack": "to_bottom"}), (4, {"show_bottom": False}), (2, {"start_jack":
     "to_bottom", "show_bottom": False}), (3, {}), (4, {})],
)  # fmt: skip
def test_pimc_and_the_expert_play_only_legal_moves(players, options):
    rng = random.Random(f"{players}{options}")
    for hand in range(2):
        state = new_hand("pisti", players, options, rng.randrange(2**32))
        agents = [
            ExpertPisti(hand + s, SMALL) if (s + hand) % 2 else PimcPisti(hand + s, deals=3)
            for s in range(players)
        ]
        while not state.is_over:
            seat = state.to_move
            action = agents[seat].choose(SeatView(state, seat))
            assert action in state.legal_actions()
            state.apply(action)
        assert sorted(state.all_cards()) == list(range(52))


def test_pimc_is_registered_for_the_arena():
    agent = make_agent("pisti", "pimc", 3)
    assert isinstance(agent, PimcPisti)
    assert agent.deals == 64
    state = new_hand("pisti", 2, {}, 5)
    Referee(state, [agent, make_agent("pisti", "greedy", 1)]).play_out()
    assert state.is_over


# ----------------------------------------------------------------- reading the plays


def _declined(players: int, seed: int):
    """A position where the seat to move saw another seat decline a capture."""
    rng = random.Random(seed)
    for _ in range(400):
        state = new_hand("pisti", players, {}, rng.randrange(2**32))
        agents = [make_agent("pisti", "hard", s) for s in range(players)]
        while not state.is_over:
            seat = state.to_move
            obs = state.observation(seat)
            for p in Reader(obs, knowledge(obs)).plays:
                if p.top >= 0 and RANK0[p.card] not in (p.top, JACK0):
                    return state, p
            state.apply(agents[seat].choose(SeatView(state, seat)))
    raise AssertionError("no declined capture found")


@pytest.mark.parametrize("players", [2, 4])
def test_a_seat_that_let_a_capture_pass_is_read_as_holding_neither_rank_nor_jack(players):
    """The partner too, with four players: a pass says "no card of that rank, no jack"."""
    state, p = _declined(players, 5 + players)
    seat = state.to_move
    obs = state.observation(seat)
    k = knowledge(obs)
    reader = Reader(obs, k)
    rng = random.Random(1)
    weights, holds = [], []
    for _ in range(600):
        w = sample_sim(k, seat, rng)
        weights.append(reader.logp(w.hands))
        holds.append(any(RANK0[c] in (p.top, JACK0) for c in w.hands[p.seat]))
    top = max(weights)
    ws = [math.exp(x - top) for x in weights]
    uniform = sum(holds) / len(holds)
    read = sum(w for w, h in zip(ws, holds, strict=True) if h) / sum(ws)
    assert uniform > 0.05
    assert read < uniform / 2, (uniform, read)


def _styles_read_in_the_last_deal(levels: list[str], hands: int) -> list[tuple[bool, ...]]:
    """What seat 0's reader makes of every seat's style at its first play of the last deal,
    over ``hands`` hands played by ``levels``."""
    out = []
    for h in range(hands):
        state = new_hand("pisti", len(levels), {}, 900 + h)
        agents = [make_agent("pisti", lv, h * 10 + s) for s, lv in enumerate(levels)]
        while not state.is_over:
            obs = state.observation(0)
            if state.to_move == 0 and knowledge(obs).pack_size == 0:
                out.append(Reader(obs, knowledge(obs)).greedy_seats(len(levels)))
                break
            state.apply(agents[state.to_move].choose(SeatView(state, state.to_move)))
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_greedy_players_are_rolled_out_greedily_and_careful_ones_by_the_policy(players):
    """The rollouts play a seat greedily only where greedy foretold its earlier plays better
    than the rollout policy: greedy and easy seats, not hard or pimc ones (pimc searches
    with greedy rollouts, yet plays far more like the policy)."""
    styles = _styles_read_in_the_last_deal(["hard", "greedy", "easy", "pimc"][:players], 12)
    assert len(styles) == 12
    assert all(not s[0] for s in styles)  # the reader's own seat
    assert sum(s[1] for s in styles) >= 10  # greedy
    if players == 4:
        assert sum(s[2] for s in styles) >= 8  # easy: greedy with slips
        assert sum(s[3] for s in styles) <= 3  # pimc
    careful = _styles_read_in_the_last_deal(["hard", "hard", "medium", "pimc"][:players], 12)
    assert sum(s[1] for s in careful) <= 2


def test_the_current_deal_holds_only_this_deals_plays_with_what_each_seat_held_later():
    state = new_hand("pisti", 2, {}, 12)
    agents = [make_agent("pisti", "hard", s) for s in range(2)]
    for _ in range(8 + 5):  # a whole deal, then five plays of the next
        state.apply(agents[state.to_move].choose(SeatView(state, state.to_move)))
    obs = state.observation(state.to_move)
    plays = current_deal(obs, knowledge(obs))
    history = [a.card for a in state.history]
    assert [p.card for p in plays] == history[8:]
    assert [p.seat for p in plays] == [0, 1, 0, 1, 0]
    assert plays[0].later == (history[10], history[12])
    assert plays[1].later == (history[11],)
    assert all(p.pack == 48 - 16 for p in plays)


# ----------------------------------------------------------------- the exact last deal


def _brute(sim: Sim, side: int) -> float:
    """Plain minimax over every card (two sides), by copying: the reference."""
    if sim.over:
        others = [p for s, p in enumerate(sim.points) if s != side]
        return sim.points[side] - sum(others) / len(others)
    mover = sim.sides[sim.turn]
    vals = []
    for c in set(sim.hands[sim.turn]):
        child = sim.copy()
        child.play(c)
        vals.append(_brute(child, side))
    return max(vals) if mover == side else min(vals)


@pytest.mark.parametrize("players", [2, 4])
def test_the_last_deal_search_agrees_with_plain_minimax(players):
    rng = random.Random(players)
    checked = 0
    while checked < 12:
        state = new_hand("pisti", players, {}, rng.randrange(2**32))
        while state.observation(0).info["deals_left"] or len(state.history) % 4 != rng.randrange(4):
            state.apply(rng.choice(state.legal_actions()))
            if state.is_over:
                break
        if state.is_over:
            continue
        seat = state.to_move
        k = knowledge(state.observation(seat))
        if tree_size(k.hand_sizes, seat) > 5000 or any(c is None for c in k.table):
            continue
        world = sample_sim(k, seat, random.Random(3))
        values = LastDeal(world, k.side).values(seat)
        for card, value in values.items():
            child = world.copy()
            child.play(card)
            assert value == pytest.approx(_brute(child, k.side)), (card, value)
        checked += 1


def test_tree_size_counts_the_orders_of_play():
    assert tree_size([2, 2], 0) == 2 * 2 * 1 * 1
    assert tree_size([1, 2], 1) == 2 * 1 * 1
    assert tree_size([4, 4, 4, 4], 0) == 24**4
