"""What the coach says about a Pişti move: the search's verdict and, in words, why.

:func:`evaluate` weighs one card of each (rank, points) class with the Expert's search
(:func:`watched_search`: the same deals, weights, batches and rollouts as
:func:`game.games.pisti.search.evaluate`, so the same values) and watches, in every deal
it plays, what follows each card: whether it takes the pile, what the next seat's reply
takes (a pişti on a lone card, another pile), whether the seat's own next card takes the pile,
and, when a jack is in hand, how big a pile the jack takes later.
:func:`reason` names the biggest difference the search saw between the card played and
the better one; only when it saw none does it fall back on what the
seat could see (its hand, the pile, every card shown so far). Pure Python.
"""

from __future__ import annotations

import math
import random

from game.core.agents import SeatView
from game.core.spec import Coach, Phrase, Seen, Verdict
from game.core.state import GameState, Observation
from game.core.types import TABLE, Action
from game.games.pisti.ai import card_classes
from game.games.pisti.infer import Reader
from game.games.pisti.model import Sim, greedy_card, knowledge, policy_card, sample_sim
from game.games.pisti.search import (
    PLAY,
    Budget,
    _exact_last_deal,
    _holdings,
    _margin,
    _Tally,
    _unique,
    _world_values,
    class_key,
    draw_worlds,
    rollout_deals,
)
from game.games.pisti.solve import tree_size
from game.games.pisti.tables import JACK0, RANK0

HOLDINGS_WATCHED = 400  # holdings of an exact last deal watched for the reasons, at most


def evaluate(view: SeatView, acts: list[Action], rng: random.Random,
             budget: float) -> Verdict:  # fmt: skip
    """Expected points of each card in hand (cards of one class share a value) and what
    the search saw after each."""
    options = card_classes([a.card for a in acts])
    if len(options) < 2:
        return Verdict()
    values, seen = watched_search(view.observation(), options, rng, PLAY.scaled(budget))
    by_key = {class_key(c): c for c in options}
    return Verdict(
        {a: values[by_key[class_key(a.card)]] for a in acts},
        {a: seen[by_key[class_key(a.card)]] for a in acts},
    )


def watched_search(obs: Observation, options: list[int], rng: random.Random,
                   budget: Budget = PLAY) -> tuple[dict[int, float], dict[int, Seen]]:  # fmt: skip
    """:func:`game.games.pisti.search.evaluate`, step for step, watching each deal it plays:
    the values of each option and what followed it."""
    k = knowledge(obs)
    reader = Reader(obs, k)
    seat = k.seat
    seen = {c: Seen() for c in options}
    if k.pack_size == 0:
        exact = _exact_last_deal(k, reader, options, budget)
        if exact is not None:
            _watch_holdings(k, reader, options, seen)
            return exact, seen
    cards_left = max(1, k.cards_left)
    deals = rollout_deals(budget, len(options), cards_left)
    exact_tree, exact_leaves, most_leaves, deal_cost = budget.exact_room(k.players)
    tree = tree_size(k.hand_sizes, seat) if k.pack_size == 0 else exact_tree + 1
    solve_exact = tree <= exact_tree
    per_deal = tree + deal_cost if solve_exact else len(options) * cards_left
    if solve_exact:
        deals = max(budget.min_deals, min(deals, exact_leaves // per_deal))
    styles = reader.greedy_seats(k.players) if budget.read_style else None
    room = most_leaves if solve_exact else budget.plays_room(k.players)
    tally = _Tally(options)
    used = 0
    for batch in range(max(1, budget.batches)):
        if batch:
            deals = min(deals, (room - used) // per_deal)
            if deals < budget.min_deals or not tally.close(budget.close_z, budget.close_points):
                break
        for world, times in _unique(draw_worlds(k, reader, rng, deals, budget.candidates)):
            if solve_exact:
                values = _world_values(world, options, k.side, seat, True, styles)
                for c in options:
                    _watch(world.copy(), c, styles, seen[c], times, follow_jack=False)
            else:
                values = _watched_rollouts(world, options, k.side, styles, seen, times)
            tally.add(values, times)
        used += deals * per_deal
    return tally.means(), seen


def _watched_rollouts(world: Sim, options: list[int], side: int,
                      styles: tuple[bool, ...] | None, seen: dict[int, Seen],
                      times: int) -> dict[int, float]:  # fmt: skip
    """Each option's margin in one deal, rolled out as the search does, watched."""
    jack_in_hand = any(RANK0[c] == JACK0 for c in world.hands[world.turn])
    out = {}
    for c in options:
        sim = world.copy()
        _watch(sim, c, styles, seen[c], times, follow_jack=jack_in_hand and RANK0[c] != JACK0)
        sim.rollout_as(styles)
        out[c] = _margin(sim.points, side)
    return out


def _watch_holdings(k, reader: Reader, options: list[int], seen: dict[int, Seen]) -> None:
    """What follows each option in the holdings an exact last-deal search weighs (at most
    :data:`HOLDINGS_WATCHED` of them, evenly spread), each by its weight."""
    others = [s for s in range(k.players) if s != k.seat]
    slots = {s: k.hand_sizes[s] - len(k.held.get(s, [])) for s in others}
    pool = [c for c in k.unseen if not any(c in h for h in k.held.values())]
    worlds = [[h[:] for h in hands] for hands in _holdings(pool, others, slots, k)]
    step = max(1, len(worlds) // HOLDINGS_WATCHED)
    worlds = worlds[::step]
    logs = [reader.logp(hands) for hands in worlds]
    top = max(logs)
    base = sample_sim(k, k.seat, random.Random(0))
    for hands, lp in zip(worlds, logs, strict=True):
        weight = math.exp(lp - top)
        if weight < 1e-9:
            continue
        for c in options:
            sim = base.copy()
            sim.hands = [h[:] for h in hands]
            _watch(sim, c, None, seen[c], weight, follow_jack=False)


def _pick(sim: Sim, styles: tuple[bool, ...] | None) -> int:
    """The card the seat to move plays in the search's rollouts (as ``Sim.rollout_as``)."""
    hand = sim.hands[sim.turn]
    if len(hand) == 1:
        return hand[0]
    if styles and styles[sim.turn]:
        return greedy_card(hand, sim.table)
    return policy_card(hand, sim.table, len(sim.table), sim.tval, bool(sim.pack), sim.seen)


def _watch(sim: Sim, card: int, styles: tuple[bool, ...] | None, look: Seen, weight: float,
           follow_jack: bool) -> None:  # fmt: skip
    """Play ``card`` for the seat to move and on, as the rollouts would, to the seat's next
    play, noting what each play takes (the next seat's reply: a pile, a pişti; the seat's
    next play: a pile); with ``follow_jack``, on until the seat plays a jack, noting the
    pile it takes. ``sim`` is left where the watching stopped."""
    me = sim.turn
    look.runs += weight
    taken = _play(sim, card)
    if taken is not None:
        look.note("took", weight=weight)
        look.note("took_points", weight=weight * taken[1])
        if RANK0[card] == JACK0:
            look.note("jack_pile", weight=weight * taken[0])
    reply = True
    mine = 0  # the seat's plays after ``card``
    while not sim.over and (mine == 0 or follow_jack):
        mover = sim.turn
        lone = sim.table[0] if len(sim.table) == 1 else None
        play = _pick(sim, styles)
        taken = _play(sim, play)
        if mover != me:
            if reply and taken is not None and lone is not None and RANK0[play] == RANK0[lone]:
                look.note("pisti_given", mover, lone, weight=weight)
            elif reply and taken is not None:
                look.note("pile_given", mover, weight=weight)
                look.note("given_points", weight=weight * taken[1])
            reply = False
            continue
        mine += 1
        if mine == 1 and taken is not None:
            look.note("next_took", weight=weight)
        if follow_jack and RANK0[play] == JACK0:
            look.note("jack_pile", weight=weight * (taken[0] if taken else 0))
            follow_jack = False


def _play(sim: Sim, card: int) -> tuple[int, int] | None:
    """Play ``card`` for the seat to move; (cards, points) it took from the pile, or None."""
    table = sim.table
    takes = bool(table) and (RANK0[card] == JACK0 or RANK0[card] == RANK0[table[-1]])
    size = len(table)
    side = sim.sides[sim.turn]
    before = sim.points[side]
    sim.play(card)
    return (size, sim.points[side] - before) if takes else None


def unseen_of_rank(state: GameState, seat: int, card: int) -> int:
    """How many cards of ``card``'s rank the seat has not seen (so others may hold)."""
    obs = state.observation(seat)
    info = obs.info
    seen = [c for pile in obs.piles.values() for c in pile if c is not None]
    seen += info["played"] + info["start_face_up"] + info["shown_bottom"]
    ranks = {c for c in seen if RANK0[c] == RANK0[card]}
    return 4 - len(ranks)


def reason(state: GameState, seat: int, played: Action, better: Action,
           seen: dict[Action, Seen] | None = None) -> Phrase:  # fmt: skip
    """Why ``better`` beats ``played`` for ``seat`` (to move in ``state``), in a phrase:
    from what the search saw after each (``seen``), else from what the seat could see."""
    if seen and played in seen and better in seen:
        why = seen_reason(state, seat, played, better, seen[played], seen[better])
        if why is not None:
            return why
    return table_reason(state, seat, played, better)


def seen_reason(state: GameState, seat: int, played: Action, better: Action, p: Seen,
                b: Seen) -> Phrase | None:  # fmt: skip
    """The biggest difference, in points, between the two cards' continuations, in words;
    None when they did not differ in anything a player would name."""
    table = state.observation(seat).piles[TABLE]
    found: list[tuple[float, Phrase]] = []
    if b.rate("took") - p.rate("took") >= 0.5:
        points = 1.0 + b.rate("took_points") - p.rate("took_points")
        found.append((points, Phrase("coach.why.capture", {"card": better.card, "n": len(table)})))
    pisti = p.rate("pisti_given") - b.rate("pisti_given")
    if pisti >= 0.05:
        nxt, _ = p.most("pisti_given")
        lone = Phrase("coach.why.lone_card", {"card": played.card, "seat": nxt})
        found.append((10.0 * pisti, lone))
    given = p.rate("given_points") - b.rate("given_points")
    piles = p.rate("pile_given") - b.rate("pile_given")
    if given >= 0.5 or piles >= 0.15:
        (nxt,) = p.most("pile_given")
        pct = round(100 * p.rate("pile_given"))
        words = {"card": played.card, "seat": nxt, "pct": pct}
        found.append((given + piles, Phrase("coach.why.pile_taken", words)))
    later = b.rate("next_took") - p.rate("next_took")
    if later >= 0.15:
        pcts = {
            "played": round(100 * p.rate("next_took")),
            "better": round(100 * b.rate("next_took")),
        }
        found.append((2.0 * later, Phrase("coach.why.next_take", pcts)))
    bigger = b.rate("jack_pile") - p.rate("jack_pile")
    if RANK0[played.card] == JACK0 and RANK0[better.card] != JACK0 and bigger >= 0.5:
        found.append((0.2 * bigger, Phrase("coach.why.jack_later")))
    return max(found, key=lambda f: f[0])[1] if found else None


def table_reason(state: GameState, seat: int, played: Action, better: Action) -> Phrase:
    """The fallback: why ``better`` beats ``played`` from what the seat could see."""
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
