"""Par: what the Expert makes of a player's cards, so a hand's result can be read apart
from the luck of its deal (duplicate scoring, played alone).

After a hand, :func:`par_of` deals the very same cards again from the hand's own record
(its setup fixes every card, the stock's order included) and plays the player's seat
with the game's Expert, every other seat with the level the player faced, to the end,
:func:`replays_for` times. What the deal does not fix, the computer players' own
choices between moves they value alike, comes from independent seeds, one set a
replay, made from the deal and the replay's number alone: the same deal and seed give
the same par on every machine. The Expert is asked through the referee like any
computer player, so it sees only its seat's view.

A *result* is the seat's side's points minus the other sides' (combined as the game's
``others_points`` says, the arena's margin), so a deal that gives nobody much is not
mistaken for a hand played badly. Pure Python, no pygame: the app works it out on a
thread of its own while the summary shows.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.core.agents import Agent
from game.core.referee import Referee
from game.core.spec import GameSpec
from game.core.state import GameState
from game.games import spec_of

PAR_SEED = 52_052  # the seed of the par everyone's game works out (a test may pick its own)
# Student's t for a 95% interval of a mean of n replays (n - 1 degrees of freedom);
# from 30 on, the normal 1.96 is near enough.
T95 = (0.0, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201,
       2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069,
       2.064, 2.060, 2.056, 2.052, 2.048, 2.045)  # fmt: skip


@dataclass(frozen=True)
class Par:
    """The Expert's mean result on a deal, the spread of its replays and the 95%
    interval of that mean."""

    mean: float
    spread: float  # the replays' standard deviation (0 for a single replay)
    low: float
    high: float
    results: tuple[float, ...]

    @property
    def replays(self) -> int:
        return len(self.results)

    @property
    def half_width(self) -> float:
        """Half the interval's width: the par is this close to the Expert's true mean,
        95 times in 100."""
        return (self.high - self.low) / 2

    def to_json(self) -> str:
        return json.dumps({"results": list(self.results)})

    @classmethod
    def of(cls, results: list[float] | tuple[float, ...]) -> Par:
        """The par of some replays' results (at least one)."""
        if not results:
            raise ValueError("a par needs at least one replay")
        n = len(results)
        mean = math.fsum(results) / n
        # the sample's spread by hand: the executable leaves out ``statistics`` (and the
        # ``decimal`` it brings)
        spread = math.sqrt(math.fsum((r - mean) ** 2 for r in results) / (n - 1)) if n > 1 else 0.0
        half = (T95[n - 1] if n < len(T95) else 1.96) * spread / math.sqrt(n) if n > 1 else 0.0
        return cls(mean, spread, mean - half, mean + half, tuple(float(r) for r in results))


def expert_level(spec: GameSpec) -> str:
    """The level par is played at: the agent the game's hints ask (its Expert), else the
    strongest it offers, else its default (a game nobody chooses in plays one way)."""
    if spec.hint_level is not None:
        return spec.hint_level
    return spec.levels[-1] if spec.levels else spec.default_level


def replays_for(spec: GameSpec, players: int, level: str) -> int:
    """How many replays a hand of ``players`` players against ``level`` gets (the game
    says, from ``benchmarks/par.py``): fewer where the opponents search as long as the
    Expert does."""
    return max(1, spec.par_replays(players, level == expert_level(spec)))


def result_of(state: GameState, seat: int) -> float:
    """A finished hand's result for ``seat``: its side's points minus the others'."""
    score = list(state.score)
    side = state.side_of(seat)
    others = [p for x, p in enumerate(score) if x != side]
    return float(score[side] - spec_of(state.game).others_points(others))


def played_result(record: dict[str, Any], seat: int) -> float:
    """The result ``seat`` made in the hand a (finished) record holds."""
    spec = spec_of(record["game"])
    state = spec.from_setup(record["setup"], record.get("options", {}))
    for text in record["actions"]:
        state.apply(spec.parse_action(text))
    if not state.is_over:
        raise ValueError("the hand of this record is not over")
    return result_of(state, seat)


def deal_key(record: dict[str, Any]) -> str:
    """A stable text of the deal a record starts from (its game, options and setup)."""
    fixed = {k: record.get(k) for k in ("game", "options", "setup")}
    return json.dumps(fixed, sort_keys=True, separators=(",", ":"))


def agent_seed(record: dict[str, Any], seed: int, replay: int, seat: int) -> int:
    """The seed of ``seat``'s computer player in replay ``replay``: from the deal, the
    par's seed and the replay alone."""
    text = f"par|{seed}|{replay}|{seat}|{deal_key(record)}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def replay_once(record: dict[str, Any], seat: int, level: str, seed: int, replay: int,
                expert: str | None = None,
                stop: Callable[[], bool] | None = None) -> float | None:  # fmt: skip
    """One replay of the record's deal: the Expert (or ``expert``) at ``seat``, ``level``
    at the other seats; the seat's result (None if ``stop()`` turned true meanwhile)."""
    spec = spec_of(record["game"])
    state = spec.from_setup(record["setup"], record.get("options", {}))
    best = expert or expert_level(spec)
    agents: list[Agent] = [
        spec.make_agent(best if s == seat else level, agent_seed(record, seed, replay, s))
        for s in range(state.players)
    ]
    if play_out(state, agents, stop) is None:
        return None
    return result_of(state, seat)


def play_out(state: GameState, agents: list[Agent],
             stop: Callable[[], bool] | None = None) -> GameState | None:  # fmt: skip
    """Play a hand to its end through the referee, every seat a computer player; None
    if ``stop()`` turned true between two decisions."""
    referee = Referee(state, agents)
    while not state.is_over:
        if stop is not None and stop():
            return None
        question = referee.question()
        if question is None:
            if state.is_over:  # closing a call window ended the hand
                break
            raise RuntimeError("every seat of a par's replay has a computer player")
        referee.answer(question, question.answer())
    return state


def par_of(record: dict[str, Any], seat: int, level: str, replays: int | None = None,
           seed: int = PAR_SEED, expert: str | None = None,
           stop: Callable[[], bool] | None = None) -> Par | None:  # fmt: skip
    """The par of the hand a record holds, for the player at ``seat`` who faced
    ``level``; None if ``stop()`` turned true between replays (the app is closing)."""
    if replays is None:
        spec = spec_of(record["game"])
        state = spec.from_setup(record["setup"], record.get("options", {}))
        replays = replays_for(spec, state.players, level)
    results = []
    for i in range(replays):
        result = replay_once(record, seat, level, seed, i, expert, stop)
        if result is None:
            return None
        results.append(result)
    return Par.of(results)


# How close the coach's costs and the distance from par must be to "add up, roughly": a
# point, or three tenths of the larger of the two (the coach's figures are averages over
# the deals it played out, the par a mean over a few replays).
ROUGHLY_POINTS = 1.0
ROUGHLY = 0.3


def decisions_against_par(costs: float, against: float) -> str:
    """How the coach's listed decisions (``costs``: their points lost, added up) compare
    with the hand's result against par (``against``: under par is negative).

    ``"adds_up"``: the decisions are, roughly, the distance from par. ``"drawn_against"``:
    the player finished further under par than the decisions cost, so the rest was the
    cards drawn after them. ``"drawn_for"``: the decisions cost more than the player fell
    short, so the cards drawn after them made up the difference."""
    short = max(0.0, -against)
    if abs(short - costs) <= max(ROUGHLY_POINTS, ROUGHLY * max(costs, short)):
        return "adds_up"
    return "drawn_against" if short > costs else "drawn_for"
