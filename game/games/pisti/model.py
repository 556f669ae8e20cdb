"""A seat's knowledge of a Pişti hand, and a fast simulator for search.

:class:`PistiKnowledge` reads one observation: the seat's hand, the table, the
shown bottom card, what every side has captured (face-down cards it may not know
are None) and the history of plays. Card counting works from it: every card
not known to the seat is *unseen*, and may be in another hand, in the pack, on
the table face down or in another side's face-down bundle.

:class:`Sim` is a bare Pişti hand (RULES.md §5) on plain lists, a hundred times
cheaper than the engine, so the Expert can play thousands of moves per
decision. It only needs what matters for the rest of a hand: hands, pack order,
the pile, captured counts, points so far and the last capturer.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from game.core.state import Observation
from game.core.types import HANDS, PACK, TABLE, WONS
from game.games.pisti.kernel import IS_JACK, JACK0, MAJORITY, PISTI, POINTS, RANK0, TAKES

# greedy's shedding order (cheapest first): non-jacks before jacks, then points, rank, card
GREEDY_RANK = tuple(
    sorted(range(52), key=lambda c: (RANK0[c] == JACK0, POINTS[c], RANK0[c], c)).index(c)
    for c in range(52)
)


def side_map(players: int) -> tuple[int, ...]:
    """Side of each seat: partners opposite with four players."""
    return tuple(s % 2 for s in range(players)) if players == 4 else tuple(range(players))


@dataclass
class PistiKnowledge:
    """Everything one seat knows, in the shape the policies and the sampler need."""

    seat: int
    players: int
    sides: tuple[int, ...]
    hand: list[int]
    hand_sizes: list[int]
    table: list[int | None]
    pack: list[int | None]  # bottom first; the shown bottom card (and moved jacks) known
    captured: list[int]  # cards per side
    last_capture: int | None  # side
    known: set[int]  # cards whose place this seat knows
    public: set[int]  # cards every seat has seen (played, shown)
    unseen: list[int] = field(default_factory=list)
    held: dict[int, list[int]] = field(default_factory=dict)  # seat -> cards all know it holds
    hidden_won: int = 0  # face-down captured cards this seat may not know

    @property
    def side(self) -> int:
        return self.sides[self.seat]

    @property
    def top(self) -> int | None:
        return self.table[-1] if self.table else None

    @property
    def pack_size(self) -> int:
        return len(self.pack)

    @property
    def cards_left(self) -> int:
        """Cards still to be played this hand, by everybody."""
        return len(self.pack) + sum(self.hand_sizes)

    @cached_property
    def public_ranks(self) -> list[int]:
        """Cards every seat has seen, per rank (what the rollout policy counts)."""
        counts = [0] * 13
        for c in self.public:
            counts[RANK0[c]] += 1
        return counts

    @cached_property
    def hidden_in_hands(self) -> int:
        """Unseen cards in the other seats' hands."""
        return sum(n - len(self.held.get(s, ())) for s, n in enumerate(self.hand_sizes)
                   if s != self.seat)  # fmt: skip

    def unseen_of_rank(self) -> list[int]:
        counts = [0] * 13
        for c in self.unseen:
            counts[RANK0[c]] += 1
        return counts

    def table_value(self) -> float:
        """Points in the pile; a face-down card is worth the unseen average."""
        mean = sum(POINTS[c] for c in self.unseen) / len(self.unseen) if self.unseen else 0.0
        return sum(mean if c is None else POINTS[c] for c in self.table)


def _cards(pile: list[int | None] | None) -> list[int]:
    return [c for c in pile or () if c is not None]


def knowledge(obs: Observation) -> PistiKnowledge:
    """Read a Pişti observation (see the engine's ``observation``)."""
    n = obs.players
    sides = side_map(n)
    nsides = max(sides) + 1
    piles = obs.piles
    hand = _cards(piles.get(HANDS[obs.seat]))
    table = list(piles.get(TABLE, []))
    pack = list(piles.get(PACK, []))
    won = [piles.get(WONS[s], []) for s in range(nsides)]
    played = {act.card for act in obs.history if act.card is not None}
    public = played | set(_cards(table)) | set(_cards(pack))
    known = set(hand) | public
    for pile in won:
        known.update(_cards(pile))
    info = obs.info
    captured = info.get("captured")
    if not isinstance(captured, list) or len(captured) != nsides:
        captured = [len(p) for p in won]
    last = info.get("last_capture", info.get("last_capturer"))
    k = PistiKnowledge(
        seat=obs.seat,
        players=n,
        sides=sides,
        hand=hand,
        hand_sizes=[len(piles.get(HANDS[s], [])) for s in range(n)],
        table=table,
        pack=pack,
        captured=list(captured),
        last_capture=last if isinstance(last, int) else None,
        known=known,
        public=public,
    )
    dealer = n - 1
    shown_held = [c for c in info.get("dealer_known", []) if isinstance(c, int)]
    if shown_held and dealer != obs.seat:
        k.held[dealer] = shown_held
        known.update(shown_held)
        public.update(shown_held)
    k.unseen = sorted(set(range(52)) - known)
    k.hidden_won = sum(1 for p in won for c in p if c is None)
    return k


def prob_holds(unseen_total: int, copies: int, hand_size: int) -> float:
    """Chance that a hand of ``hand_size`` unseen cards holds at least one of ``copies``."""
    if copies <= 0 or hand_size <= 0 or unseen_total <= 0:
        return 0.0
    miss = 1.0
    for i in range(min(hand_size, unseen_total)):
        miss *= max(0, unseen_total - copies - i) / (unseen_total - i)
        if miss == 0.0:
            break
    return 1.0 - miss


class Sim:
    """A Pişti hand on plain lists; ``pack[-1]`` is the next card dealt."""

    __slots__ = (
        "count",
        "hands",
        "last",
        "n",
        "pack",
        "points",
        "seen",
        "sides",
        "table",
        "turn",
        "tval",
    )  # fmt: skip
    n: int  # seats
    sides: tuple[int, ...]  # each seat's side
    hands: list[list[int]]
    pack: list[int]  # the next card dealt last
    table: list[int]
    tval: int  # the points lying on the table
    points: list[int]  # per side
    count: list[int]  # cards captured, per side
    last: int | None  # the side that captured last
    turn: int  # the seat to move; -1 once the hand is over
    seen: list[int]  # cards of each rank seen by every seat

    def copy(self) -> Sim:
        s = Sim.__new__(Sim)
        s.n, s.sides, s.turn, s.last, s.tval = self.n, self.sides, self.turn, self.last, self.tval
        s.hands = [h[:] for h in self.hands]
        s.pack = self.pack[:]
        s.table = self.table[:]
        s.points = self.points[:]
        s.count = self.count[:]
        s.seen = self.seen[:]
        return s

    @property
    def over(self) -> bool:
        return self.turn < 0

    def play(self, card: int) -> None:
        """The seat to move plays ``card``; deals and ends the hand as the rules say."""
        p = self.turn
        hand = self.hands[p]
        hand.remove(card)
        table = self.table
        r = RANK0[card]
        last_round = p == self.n - 1 and not hand
        if table and TAKES[card][table[-1]]:
            side = self.sides[p]
            gain = self.tval + POINTS[card]
            if len(table) == 1 and not (last_round and not self.pack):
                gain += PISTI[card][table[0]]
            self.points[side] += gain
            self.count[side] += len(table) + 1
            table.clear()
            self.tval = 0
            self.last = side
        else:
            table.append(card)
            self.tval += POINTS[card]
        self.seen[r] += 1
        if not last_round:
            self.turn = (p + 1) % self.n
        elif self.pack:
            self._deal()
            self.turn = 0
        else:
            self._finish()

    def _deal(self) -> None:
        pack = self.pack
        for h in self.hands:
            h.extend(pack[-4:])
            del pack[-4:]

    def _finish(self) -> None:
        side = self.last if self.last is not None else self.sides[self.n - 1]
        self.points[side] += self.tval
        self.count[side] += len(self.table)
        self.table.clear()
        self.tval = 0
        best = max(self.count)
        if self.count.count(best) == 1:
            self.points[self.count.index(best)] += MAJORITY
        self.turn = -1

    def policy(self) -> int:
        """The rollout policy: a quick Hard player that counts public cards only."""
        hand = self.hands[self.turn]
        if len(hand) == 1:
            return hand[0]
        return policy_card(hand, self.table, len(self.table), self.tval, bool(self.pack),
                            self.seen)  # fmt: skip

    def greedy(self) -> int:
        """The greedy player's card: capture by rank, else with a jack, else shed the cheapest."""
        hand = self.hands[self.turn]
        return hand[0] if len(hand) == 1 else greedy_card(hand, self.table)

    def rollout(self) -> None:
        self.rollout_as(None)

    def rollout_greedy(self) -> None:
        """Finish the hand with every seat playing greedy (the textbook PIMC rollout)."""
        self.rollout_as((True,) * self.n)

    def rollout_as(self, greedy_seats: tuple[bool, ...] | None) -> None:
        """Finish the hand, each seat playing greedy where ``greedy_seats`` says so and the
        fast Hard policy elsewhere (each other seat as the Expert reads it).

        The same plays as ``play(greedy() or policy())`` in a loop, written as one loop on
        local names: the Expert's search spends most of its time here."""
        n, sides, hands, pack, table = self.n, self.sides, self.hands, self.pack, self.table
        points, count, seen = self.points, self.count, self.seen
        greedy_at = greedy_seats or (False,) * n
        tval, last, p = self.tval, self.last, self.turn
        if p < 0:
            return
        while True:
            hand = hands[p]
            size = len(table)
            if len(hand) == 1:
                card = hand[0]
            elif greedy_at[p]:
                card = greedy_card(hand, table)
            else:
                card = policy_card(hand, table, size, tval, bool(pack), seen)
            hand.remove(card)
            r = RANK0[card]
            last_round = p == n - 1 and not hand
            if table and TAKES[card][table[-1]]:
                side = sides[p]
                gain = tval + POINTS[card]
                if size == 1 and not (last_round and not pack):
                    gain += PISTI[card][table[0]]
                points[side] += gain
                count[side] += size + 1
                table.clear()
                tval = 0
                last = side
            else:
                table.append(card)
                tval += POINTS[card]
            seen[r] += 1
            if not last_round:
                p = (p + 1) % n
            elif pack:
                for h in hands:
                    h.extend(pack[-4:])
                    del pack[-4:]
                p = 0
            else:
                self.tval, self.last = tval, last
                self._finish()
                return

    def rollout_round(self) -> None:
        """Play until every hand is empty (the next deal, or the end of the hand)."""
        left = len(self.pack)
        while self.turn >= 0 and len(self.pack) == left:
            self.play(self.policy())

    def cards_to_come(self) -> int:
        return len(self.pack) + sum(len(h) for h in self.hands)


def greedy_card(hand: list[int], table: list[int]) -> int:
    """:meth:`Sim.greedy` for a hand of two cards or more."""
    if table:
        top, jack = table[-1], -1
        for c in hand:  # the first card that takes the pile, a jack only when no other does
            if TAKES[c][top]:
                if not IS_JACK[c]:
                    return c
                if jack < 0:
                    jack = c
        if jack >= 0:
            return jack
    return min(hand, key=GREEDY_RANK.__getitem__)


def policy_card(hand: list[int], table: list[int], size: int, tval: float, dealing: bool,
                seen: Sequence[int]) -> int:  # fmt: skip
    """:meth:`Sim.policy` for a hand of two cards or more (``dealing``: the pack is not
    empty). The rollouts' hot loop: local names, one pass over the hand's ranks."""
    rank0 = RANK0
    if table:
        top = rank0[table[-1]]
        jack = -1
        for c in hand:
            rc = rank0[c]
            if rc == top:
                return c
            if rc == JACK0:
                jack = c
        if jack >= 0 and (tval + 0.12 * size >= 1.4 or size >= 4 or not dealing):
            return jack
        stake = tval + 0.12 * (size + 1)
    else:
        stake = tval + 0.12 * (size + 1) + 10.0  # a lone card on the table: the next seat's pişti
    ranks = [rank0[c] for c in hand]
    points = POINTS
    best, best_cost = hand[0], 1e9
    for i, c in enumerate(hand):
        rc = ranks[i]
        if rc == JACK0:
            cost = 50.0
        else:
            mine = ranks.count(rc)
            pts = points[c]
            cost = 0.25 * (4 - seen[rc] - mine) * (stake + pts) + 0.6 * pts - 0.3 * (mine - 1)
        if cost < best_cost:
            best, best_cost = c, cost
    return best


def sample_sim(k: PistiKnowledge, to_move: int, rng: random.Random) -> Sim:
    """One deal of the unseen cards consistent with ``k``, as a :class:`Sim`."""
    pool = shuffled_unseen(k, rng)
    return sim_from(k, to_move, pool, deal_hands(k, pool))


def shuffled_unseen(k: PistiKnowledge, rng: random.Random) -> list[int]:
    """The unseen cards in a random order: one deal of them, read from the end."""
    pool = k.unseen[:]
    rng.shuffle(pool)
    return pool


def deal_hands(k: PistiKnowledge, pool: list[int]) -> list[list[int]]:
    """Every seat's hand in the deal ``pool`` (the other seats' cards from its end); the
    cheap half of a deal, enough to weigh it before it is built."""
    hands = []
    end = len(pool)
    for seat, size in enumerate(k.hand_sizes):
        if seat == k.seat:
            hands.append(k.hand[:])
            continue
        fixed = k.held.get(seat, [])
        size -= len(fixed)
        hands.append(fixed + pool[end - size : end])
        end -= size
    return hands


def sim_from(k: PistiKnowledge, to_move: int, pool: list[int], hands: list[list[int]]) -> Sim:
    """The deal ``pool`` as a :class:`Sim`, its ``hands`` from :func:`deal_hands`."""
    rest = pool[: len(pool) - k.hidden_in_hands]
    s = Sim.__new__(Sim)
    s.n, s.sides, s.turn = k.players, k.sides, to_move
    s.hands = hands
    table = [rest.pop() if c is None else c for c in k.table]
    s.table = table
    s.tval = sum(POINTS[c] for c in table)
    s.pack = [rest.pop() if c is None else c for c in k.pack]
    s.points = [0] * (max(k.sides) + 1)
    s.count = list(k.captured)
    s.last = k.last_capture
    s.seen = k.public_ranks[:]
    return s
