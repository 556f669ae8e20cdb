"""A match: hands one after another, the deal rotating, totals kept (RULES.md §2, §5).

Seats are numbered in turn order within a hand, so they move as the deal
rotates. A *player* is a fixed person at the table (player 0 is the human).
In hand ``h`` player ``p`` sits in seat ``(p - h) % n``: the old seat 0 deals
the next hand, which is Pişti's "deal passes to the right" and Pishe Pasha's
alternating dealer. A *team* is a fixed partnership in 4-player Pişti
(players 0 and 2 against 1 and 3), otherwise the player alone; totals are per team.

Each hand's deal comes from the match seed and the hand number alone, so a
numbered deal can be dealt again and a saved match resumes with the same cards.
"""

from __future__ import annotations

import datetime
import hashlib
import random
from typing import Any

from game.core.spec import AnySpec
from game.core.state import GameState
from game.core.types import DRAW, Draw, Winner


def deal_seed(seed: int, hand_no: int) -> int:
    """The seed of hand ``hand_no`` of the match with ``seed``: a deal number."""
    return random.Random(f"deal:{seed}:{hand_no}").randrange(10**9)


def deal_of_the_day(day: datetime.date, game: str) -> int:
    """The deal number of ``day`` in ``game``: made from the date and the game's name
    alone (a hash, never the clock's time or the machine), so every player of the game
    gets the same cards that day, and other cards the next; friends compare their play of
    it against its par."""
    text = f"deal-of-the-day|{game}|{day.isoformat()}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") % 10**9


class Match:
    """The running totals and the current hand of one match."""

    def __init__(self, spec: AnySpec, players: int = 2, options: dict[str, Any] | None = None,
                 seed: int | None = None, target: int | None = None) -> None:  # fmt: skip
        self.spec = spec
        self.game = spec.id
        self.players = players
        self.options = spec.engine_options(options or {})
        self.target = target
        self.seed = random.randrange(2**31) if seed is None else seed
        self.hand_no = 0
        self.teams = spec.teams(players)
        self.totals = [0] * self.teams
        self.history: list[list[int]] = []  # per finished hand, points per team
        self.deal_no = deal_seed(self.seed, 0)
        self.hand: GameState = self._deal()
        # as the game plays them with this many players (three always use one foundation)
        self.options = dict(self.hand.options)

    def _deal(self) -> GameState:
        hand: GameState = self.spec.new_hand(self.players, self.options, self.deal_no)
        return hand

    def redeal(self, deal_no: int) -> GameState:
        """Replace the current hand by the numbered deal ``deal_no`` (same game and options)."""
        self.deal_no = deal_no
        self.hand = self._deal()
        return self.hand

    def seat_of(self, player: int) -> int:
        return (player - self.hand_no) % self.players

    def player_at(self, seat: int) -> int:
        return (seat + self.hand_no) % self.players

    def team_of(self, player: int) -> int:
        return player % self.teams

    def team_of_side(self, side: int) -> int:
        """The team that plays as ``side`` in the current hand."""
        if self.teams == self.players:
            return self.player_at(side)
        return (side + self.hand_no) % 2

    def hand_points(self) -> list[int]:
        """The current hand's score, per team."""
        points = [0] * self.teams
        for side, value in enumerate(self.hand.score):
            points[self.team_of_side(side)] += value
        return points

    @property
    def hand_finished(self) -> bool:
        """The current hand is over and counted."""
        return len(self.history) > self.hand_no

    def finish_hand(self) -> list[int]:
        """Add the finished hand to the totals (once); returns its points per team."""
        if not self.hand.is_over:
            raise ValueError("the hand is not over yet")
        if self.hand_finished:
            return self.history[self.hand_no]
        points = self.hand_points()
        self.history.append(points)
        self.totals = [t + p for t, p in zip(self.totals, points, strict=True)]
        return points

    def next_hand(self) -> GameState:
        """Deal the next hand, the deal rotated; the finished one is scored first."""
        if self.is_over:
            raise ValueError("the match is over")
        self.finish_hand()
        self.hand_no += 1
        self.deal_no = deal_seed(self.seed, self.hand_no)
        self.hand = self._deal()
        return self.hand

    @property
    def is_over(self) -> bool:
        """Over once a finished hand leaves a single leader at or over the target."""
        if not self.hand_finished:
            return False
        if self.target is None:
            return True
        best = max(self.totals)
        return best >= self.target and self.totals.count(best) == 1

    @property
    def winner(self) -> Winner:
        """The winning team; DRAW for a drawn single hand; None while playing."""
        if not self.is_over:
            return None
        if self.target is None:
            won = self.hand.winner
            return won if won is None or isinstance(won, Draw) else self.team_of_side(won)
        best = max(self.totals)
        if self.totals.count(best) > 1:
            return DRAW
        return self.totals.index(best)
