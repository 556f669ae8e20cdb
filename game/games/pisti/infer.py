"""Reading the other seats' plays: which hidden deals make what they did likely.

Every card a seat held in an earlier deal has been played and seen, so the only
hidden cards a seat's play tells anything about are the cards it still holds
from the current deal. For each play made in the current deal the reader keeps
the public position the player saw (the pile, the cards it had seen, the hand
sizes) and the cards that seat played later in the deal (it held them too).
Given a guess of the seat's current hand, a model of play then says how likely
each of those plays was; a deal of the unseen cards is weighted by the product
over every other seat (the partner included).

The model of play is a softmax over the Hard level's scores, mixed with a small
uniform share so a surprising play never rules a deal out completely. Its two
constants were fitted by maximum likelihood to the plays of the Hard and pimc
levels (``benchmarks/pisti_model_fit.py``). A seat that let a lone 7 sit when it
held a 7 or a jack is then very unlikely, a world where a seat kept a jack while
shedding a low card onto a big pile a little less so.

Everything here reads the observation only: the history of plays, the cards
turned at the deal, the shown bottom card and the cards the observer knows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from operator import mul

from game.core.state import Observation
from game.core.types import WONS
from game.games.pisti.kernel import IS_JACK, JACK0, POINTS, RANK0, RANK_PISTI, RANK_TAKES, TAKES
from game.games.pisti.model import (
    PistiKnowledge,
    greedy_card,
    policy_card,
    prob_holds,
)

MAJORITY_PER_CARD = 0.12  # as in Hard's scores
NOISE = 0.04  # uniform share of every model of play
# One model of play per kind of player, each fitted to one level's plays: the logit
# weights of FEATURES (``benchmarks/pisti_model_fit.py``). A seat is read as a mixture
# of them, trusted by how well each explained its plays in the earlier deals.
MODELS: dict[str, tuple[float, ...]] = {
    "hard": (1.543, -0.071, -3.791, 0.908, 0.000, -0.127, 3.674, -1.376, -0.468, -1.195, 1.322),
    "pimc": (0.389, 2.053, -1.146, -0.201, 0.143, 0.195, -0.079, -0.204, -1.005, -0.252, 0.330),
    "greedy": (0.108, 4.376, -1.405, 0.609, 0.377, -0.099, 1.124, -3.887, -0.136, -0.061, 0.120),
    "medium": (1.710, 0.013, -2.739, 0.917, 0.000, 0.507, 1.393, -3.218, -1.621, -1.915, 0.365),
}
# logit weights of the features below, fitted to the plays of hard, pimc, greedy and medium
# together (``benchmarks/pisti_model_fit.py``); a single model of play
WEIGHTS: tuple[float, ...] = (0.566, 2.078, -1.932, 0.015, 0.017, 0.013, 2.308, -1.045, -1.170,
                              -0.573, 0.366)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Seen:
    """One play of the current deal and the public position its player saw."""

    seat: int
    card: int
    deal: int  # 0 for the first deal
    later: tuple[int, ...]  # cards the same seat played later in this deal
    top: int  # rank of the pile's top card, -1 for an empty pile
    size: int  # cards in the pile
    value: float  # points in the pile (a face-down card at the unseen mean)
    seen: tuple[int, ...]  # per rank, cards the player had seen (its own hand excluded)
    nseen: int  # how many cards the player had seen
    shown: tuple[int, ...]  # shown bottom cards (counted in ``seen``; the dealer may hold them)
    next_size: int  # hand size of the next seat
    pack: int  # cards still in the pack
    remaining: int  # cards still to be played by everybody, the pack included


def current_deal(obs: Observation, k: PistiKnowledge) -> list[Seen]:
    """The plays of the current deal, each with the position its player saw."""
    per = 4 * obs.players
    deal = len(obs.info["played"]) // per
    return [p for p in all_plays(obs, k) if p.deal == deal]


def all_plays(obs: Observation, k: PistiKnowledge) -> list[Seen]:
    """Every play of the hand so far, each with the position its player saw; in a deal
    already over, ``(card, *later)`` is the whole hand its player held."""
    n = obs.players
    per = 4 * n
    info = obs.info
    played: list[int] = list(info["played"])
    nfd = info["face_down"]
    up = list(info["start_face_up"])
    shown = [c for c in info["shown_bottom"] if isinstance(c, int)]
    base_seen = [0] * 13
    for c in (*up, *shown):
        base_seen[RANK0[c]] += 1
    nbase = len(up) + len(shown)
    # cards the observer knows among the face-down ones (its side took them)
    first = info.get("first_capturer")
    fd_known: list[int] = []
    if first is not None:
        fd_known = [c for c in obs.piles[WONS[first]][:nfd] if c is not None]
    unseen_mean = sum(POINTS[c] for c in k.unseen) / len(k.unseen) if k.unseen else 0.0
    table: list[int | None] = [None] * nfd + up
    first_side: int | None = None
    seen = base_seen[:]
    nseen = nbase
    out: list[Seen] = []
    for i, c in enumerate(played):
        seat = i % n
        deal, j = divmod(i, per)
        start = deal * per
        later = tuple(played[q] for q in range(i + n, min(start + per, len(played)), n))
        s_seen, s_n = seen, nseen
        if first_side is not None and first_side == k.sides[seat]:
            s_seen = seen[:]
            for d in fd_known:
                s_seen[RANK0[d]] += 1
            s_n = nseen + nfd
        nxt = (seat + 1) % n
        next_played = sum(1 for q in range(j) if (start + q) % n == nxt)
        pack = 48 - per * (deal + 1)
        hands_left = per - j
        out.append(
            Seen(
                seat=seat,
                card=c,
                deal=deal,
                later=later,
                top=RANK0[table[-1]] if table and table[-1] is not None else -1,
                size=len(table),
                value=sum(unseen_mean if d is None else POINTS[d] for d in table),
                seen=tuple(s_seen),
                nseen=s_n,
                shown=tuple(shown),
                next_size=4 - next_played,
                pack=pack,
                remaining=pack + hands_left,
            )
        )
        r = RANK0[c]
        face = table[-1] if table else None  # a face-down top: only a jack surely takes it
        if table and (IS_JACK[c] if face is None else TAKES[c][face]):
            if first_side is None:
                first_side = k.sides[seat]
            table = []
        else:
            table.append(c)
        if c not in shown:
            seen[r] += 1
            nseen += 1
    return out


FEATURES = (
    "hard",  # Hard's score of the class (points)
    "capture",  # takes the pile (by rank or with a jack)
    "jack_capture",  # takes a non-jack pile with a jack
    "gain",  # points taken by the capture
    "pisti",  # the capture is a pişti
    "risk",  # a card left on the pile: chance the next seat takes it times the pile's points
    "lone",  # a card left alone on an empty table: chance the next seat makes a pişti on it
    "shed_points",  # points of a card left on the pile
    "shed_jack",  # a jack left on an empty table
    "alive",  # copies of the rank still unseen by the player (a card left on the pile)
    "pairs",  # other cards of the same rank in the player's hand
)


def class_features(
    hand: tuple[int, ...] | list[int], p: Seen
) -> dict[tuple[int, int], list[float]]:
    """The features of each (rank, points) class in ``hand`` in the position ``p``.

    ``hard`` is the same formula as :func:`game.games.pisti.ai.hard_scores`, from
    the player's public view (its own hand known, everything else unseen).
    """
    in_hand = [0] * 13
    seen = p.seen
    nseen = p.nseen
    for d in hand:
        in_hand[RANK0[d]] += 1
        if d in p.shown:
            seen = (*seen[: RANK0[d]], seen[RANK0[d]] - 1, *seen[RANK0[d] + 1 :])
            nseen -= 1
    total = 52 - nseen - len(hand)
    opp = p.next_size
    top = p.top
    size = p.size
    value = p.value
    last_card = p.pack == 0 and p.remaining == 1
    jack_keep = 1.0 + 2.5 * min(1.0, p.remaining / 24)
    p_jack = prob_holds(total, 4 - seen[JACK0] - in_hand[JACK0], opp)
    out: dict[tuple[int, int], list[float]] = {}
    for c in hand:
        key = (RANK0[c], POINTS[c])
        if key in out:
            continue
        r = key[0]
        mine = in_hand[r]
        if top >= 0 and RANK_TAKES[r][top]:
            gain = value + POINTS[c] + MAJORITY_PER_CARD * (size + 1)
            pisti = size == 1 and r == top and not last_card
            hard = gain + RANK_PISTI[r] * pisti
            jack_cap = r == JACK0 and top != JACK0
            if jack_cap:
                hard -= jack_keep
            out[key] = [hard + 0.3, 1.0, float(jack_cap), gain, float(pisti), 0.0, 0.0, 0.0,
                        0.0, 0.0, mine - 1.0]  # fmt: skip
            continue
        pile = value + POINTS[c] + MAJORITY_PER_CARD * (size + 1)
        alive = 4 - seen[r] - mine
        p_rank = prob_holds(total, alive, opp)
        loss = p_rank * pile
        if size == 0:
            loss += p_rank * RANK_PISTI[r]
        elif r != JACK0:
            loss += (1 - p_rank) * p_jack * (pile if pile >= 1.5 or size >= 2 else 0.3 * pile)
        hard = -loss
        if r == JACK0:
            hard -= jack_keep
        hard += 0.15 * (mine - 1)
        out[key] = [hard, 0.0, 0.0, 0.0, 0.0, p_rank * pile, p_rank * (size == 0), POINTS[c],
                    float(r == JACK0), float(alive), mine - 1.0]  # fmt: skip
    return out


def class_scores(hand: tuple[int, ...] | list[int], p: Seen) -> dict[tuple[int, int], float]:
    """Hard's score of each (rank, points) class in ``hand`` in the position ``p``."""
    return {key: f[0] for key, f in class_features(hand, p).items()}


def play_logp(hand: tuple[int, ...] | list[int], p: Seen, weights: tuple[float, ...] = WEIGHTS,
              noise: float = NOISE) -> float:  # fmt: skip
    """log P(the seat played ``p.card``'s class | it held ``hand``) under the model of play."""
    return play_logps(hand, p, (weights,), noise)[0]


Weights = tuple[float, ...]


def play_logps(hand: tuple[int, ...] | list[int], p: Seen, models: tuple[Weights, ...],
               noise: float = NOISE) -> list[float]:  # fmt: skip
    """:func:`play_logp` under each model's weights (the features are worked out once)."""
    feats = class_features(hand, p)
    rows = list(feats.values())
    played = list(feats).index((RANK0[p.card], POINTS[p.card]))
    share = noise / len(rows)
    out = []
    for weights in models:
        logits = [sum(map(mul, weights, f)) for f in rows]
        top = max(logits)
        z = 0.0
        for v in logits:
            z += math.exp(v - top)
        out.append(math.log((1 - noise) * math.exp(logits[played] - top) / z + share))
    return out


def foretold(p: Seen) -> tuple[bool, bool]:
    """Whether the greedy rule and whether the rollout policy pick the class of the card
    played in ``p``, a play of a deal already over (``(card, *later)`` is the hand held)."""
    hand = [p.card, *p.later]
    table = [p.top] * p.size  # the top card's rank (a card id of that rank) is all they read
    played = (RANK0[p.card], POINTS[p.card])
    greedy = hand[0] if len(hand) == 1 else greedy_card(hand, table)
    policy = hand[0] if len(hand) == 1 else policy_card(hand, table, p.size, p.value,
                                                          p.pack > 0, p.seen)  # fmt: skip
    return (RANK0[greedy], POINTS[greedy]) == played, (RANK0[policy], POINTS[policy]) == played


def _logsumexp(xs: list[float]) -> float:
    top = max(xs)
    return top + math.log(sum(math.exp(x - top) for x in xs))


class Reader:
    """The plays of the hand, ready to weigh guesses of the other seats' hands.

    Each other seat's way of playing is a mixture of the models of play in
    :data:`MODELS`; the earlier deals of the hand, whose hands are all known now,
    say how much to trust each model for that seat (its posterior). A guess of
    the seat's current hand is then weighed by the mixture's likelihood of the
    plays it made in this deal.
    """

    def __init__(self, obs: Observation, k: PistiKnowledge,
                 models: dict[str, tuple[float, ...]] | None = None,
                 noise: float = NOISE) -> None:  # fmt: skip
        models = MODELS if models is None else models
        self.names = list(models)
        self.models = tuple(models.values())
        self.noise = noise
        plays = all_plays(obs, k)
        deal = len(obs.info["played"]) // (4 * obs.players)
        self.plays = [p for p in plays if p.seat != k.seat and p.deal == deal]
        self.by_seat: dict[int, list[Seen]] = {}
        for p in self.plays:
            self.by_seat.setdefault(p.seat, []).append(p)
        # per seat, from the deals already over: the log posterior of each model, and the
        # plays greedy foretold minus those the rollout policy foretold
        self.log_prior: dict[int, list[float]] = {}
        self.greedy_hits: dict[int, int] = {}
        m = len(self.models)
        for p in plays:
            if p.seat == k.seat or p.deal == deal:
                continue
            prior = self.log_prior.setdefault(p.seat, [0.0] * m)
            for i, lp in enumerate(play_logps((p.card, *p.later), p, self.models, noise)):
                prior[i] += lp
            greedy, policy = foretold(p)
            self.greedy_hits[p.seat] = self.greedy_hits.get(p.seat, 0) + greedy - policy
        for seat, prior in self.log_prior.items():
            z = _logsumexp(prior)
            self.log_prior[seat] = [x - z for x in prior]
        self._cache: dict[tuple[int, tuple[int, ...]], float] = {}

    @property
    def informative(self) -> bool:
        return bool(self.plays)

    def greedy_seats(self, players: int) -> tuple[bool, ...]:
        """Per seat, whether the greedy rule foretold its plays in the earlier deals of the
        hand better than the rollout policy did (whole hands are known once a deal is over);
        the Expert's rollouts then play it greedily. Measured: search players (pimc, the
        Expert) match the rollout policy far more often than greedy, even where the models
        of play call them greedy-like, so it is the foretelling that decides."""
        return tuple(self.greedy_hits.get(seat, 0) > 0 for seat in range(players))

    def seat_logp(self, seat: int, hand: list[int]) -> float:
        """log-likelihood of ``seat``'s plays in this deal if it now holds ``hand``."""
        plays = self.by_seat.get(seat)
        if not plays:
            return 0.0
        key = (seat, tuple(sorted(hand)))
        got = self._cache.get(key)
        if got is not None:
            return got
        m = len(self.models)
        totals = list(self.log_prior.get(seat, [-math.log(m)] * m))
        for p in plays:
            for i, lp in enumerate(play_logps((p.card, *p.later, *hand), p, self.models,
                                              self.noise)):  # fmt: skip
                totals[i] += lp
        value = _logsumexp(totals)
        self._cache[key] = value
        return value

    def logp(self, hands: list[list[int]]) -> float:
        """log-likelihood of every other seat's plays in this deal given their hands."""
        return sum(self.seat_logp(seat, hands[seat]) for seat in self.by_seat)
