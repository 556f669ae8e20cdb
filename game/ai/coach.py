"""The coach: where a player's points went, judged by the Expert's search.

* :func:`review` replays a finished hand's record and, for each decision of one
  seat that had a real choice, evaluates every legal move with the Expert's
  search from that seat's observation at that moment (a larger budget than in
  play). It returns the decisions where the move played loses expected points
  against the best one, worst first.
* :func:`assess` does the same for one move about to be made ("coach mode").
* :func:`reason` says why the better move is better, in the game's own words: from
  what the search saw after each move (its :class:`~game.core.spec.Seen`) when given.

Each game brings its judging through its spec (``GameSpec.coach``): the search
that values the moves and the reasons a player understands.

The coach sees what the seat saw and nothing more: it only ever gets a
:class:`~game.core.agents.SeatView` (the observation, the legal moves and
``resample``), never the hidden cards. Each evaluation draws from an rng seeded
by the public observation, so the same position always gets the same verdict.
Pure Python, no pygame: the table runs it on a worker thread.

Values are expected points from the position on, for the seat's side: in
Pişti its points minus the other sides' mean (the arena's margin); in Pishe
Pasha the points it wins minus the points the others win.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.core.agents import SeatView, decision_rng
from game.core.spec import Phrase, Seen, Verdict
from game.core.state import GameState
from game.core.types import Action, IllegalAction
from game.games import spec_of

COACH_SEED = 1_000_003
THRESHOLD = 0.25  # expected points: smaller differences are search noise, not mistakes
REVIEW_BUDGET = 3.0  # times the Expert's budget in play: a review may take its time
ASSESS_BUDGET = 1.0  # a warning before a move must come as fast as the Expert's own move
EVEN = 1e-9  # two moves valued this close are as good as each other


@dataclass(frozen=True)
class Mistake:
    """A decision where the move played was worse than the best one the search found."""

    index: int  # the action's number in the record (0 = the first action)
    seat: int
    played: Action
    better: Action
    loss: float  # expected points lost against ``better``
    values: tuple[tuple[Action, float], ...]  # every legal move and its value, best first
    reason: Phrase = Phrase("coach.why.search")  # why ``better`` is better, in words
    deals: int = 0  # the deals the search played ``better`` out in, for its figure


def reason(state: GameState, seat: int, played: Action, better: Action,
           seen: dict[Action, Seen] | None = None, gain: float = 0.0) -> Phrase:  # fmt: skip
    """Why ``better`` beats ``played``, in the game's own words (its spec's coach): from
    ``seen``, what the search saw after each move (a :class:`Verdict`'s), when it shows
    a difference; else from the position; and where neither names a reason, the figure
    itself, said plainly (``gain``: the points ``better`` scored more)."""
    coach = spec_of(state.game).coach
    why = Phrase("coach.why.search")
    if coach is not None:
        with contextlib.suppress(IllegalAction, ValueError):  # a wording problem must not
            why = coach.reason(state, seat, played, better, seen or {})  # lose the review
    return figure(state, better, seen or {}, gain) if why.key == "coach.why.search" else why


def figure(state: GameState, better: Action, seen: dict[Action, Seen], gain: float) -> Phrase:
    """Only a figure to go by: how many deals the search played out and how many points
    more ``better`` scored in them ("in 200 deals played out, 7♥ onto North's pile scored
    3.1 points more")."""
    deals = deals_seen(seen, better)
    if not deals or gain <= 0:
        return Phrase("coach.why.search")
    try:
        said = spec_of(state.game).describe_move(state, better)
    except (IllegalAction, ValueError):
        said = None
    move = said if said is not None else str(better)
    return Phrase("coach.why.figure", {"n": deals, "better": move, "points": float(gain)})


def deals_seen(seen: dict[Action, Seen], better: Action) -> int:
    """How many deals the search played ``better`` out in (0: it saw none)."""
    return seen[better].deals if better in seen else 0


def move_values(state: GameState, seat: int,
                budget: float = REVIEW_BUDGET) -> Verdict:  # fmt: skip
    """Expected points of each legal move of ``seat`` (to move), from its view only, and
    what the search saw after each; empty when it has no choice or the game has no
    choices to judge."""
    if state.is_over or state.to_move != seat:
        return Verdict()
    coach = spec_of(state.game).coach
    if coach is None:
        return Verdict()
    view = SeatView(state, seat)
    acts = view.legal_actions()
    if len(acts) < 2:
        return Verdict()
    rng = decision_rng(COACH_SEED, view.observation(), "coach")
    return coach.evaluate(view, acts, rng, budget)


def assess(state: GameState, seat: int, action: Action | str,
           budget: float = ASSESS_BUDGET) -> float | None:  # fmt: skip
    """Expected points ``action`` loses against the best move of ``seat``; None when the
    seat has no choice (or it is not its move, or the move is not legal)."""
    act = state.ACTIONS.parse(action)
    values = move_values(state, seat, budget)
    if not values or act not in values:
        return None
    best = max(values.values())
    if len(set(values.values())) == 1:
        return 0.0
    return max(0.0, best - values[act])


@dataclass(frozen=True)
class Advice:
    """A move suggested to a seat (a hint) and why: ``only``, it is the seat's only move;
    else ``other``, the next best move the coach found, and ``why`` it is worse (None:
    the search saw no difference), with the figure behind it. A call, or a game without
    a coach, has neither: its words are the game's."""

    action: Action
    only: bool = False
    other: Action | None = None
    why: Phrase | None = None
    figure: Phrase | None = None  # the search's figure, said plainly (:func:`figure`)


def advise(state: GameState, seat: int, budget: float = ASSESS_BUDGET) -> Advice | None:
    """The coach's best move for ``seat`` (to move) and why, from what its search saw
    after it and after the next best move; None when the game has no coach to judge it."""
    acts = state.legal_actions()
    if len(acts) == 1:
        return Advice(acts[0], only=True)
    values = move_values(state, seat, budget)
    if len(values) < 2:
        return None
    ranked = sorted(values.items(), key=lambda kv: (-kv[1], str(kv[0])))
    (best, top), (other, second) = ranked[0], ranked[1]
    if top - second <= EVEN:
        return Advice(best, other=other)
    why = reason(state, seat, other, best, values.seen, top - second)
    return Advice(best, other=other, why=why, figure=figure(state, best, values.seen, top - second))


def review(record: dict[str, Any], seat: int, budget: float = REVIEW_BUDGET,
           threshold: float = THRESHOLD,
           progress: Callable[[int, int], None] | None = None) -> list[Mistake]:  # fmt: skip
    """Replay a hand's record and list ``seat``'s costly decisions, worst first.

    ``progress(done, total)`` is called after each action (for a progress bar).
    ValueError when the record cannot be replayed.
    """
    spec = spec_of(record.get("game"))
    state = spec.from_setup(record["setup"], record.get("options") or {})
    actions = [spec.parse_action(a) for a in record["actions"]]
    out: list[Mistake] = []
    for index, action in enumerate(actions):
        if state.to_move == seat and not action.is_call:
            values = move_values(state, seat, budget)
            if values and action in values:
                ranked = sorted(values.items(), key=lambda kv: (-kv[1], str(kv[0])))
                better, best = ranked[0]
                loss = best - values[action]
                if loss > threshold and better != action:
                    why = reason(state, seat, action, better, values.seen, loss)
                    deals = deals_seen(values.seen, better)
                    out.append(Mistake(index, seat, action, better, loss, tuple(ranked), why,
                                       deals))  # fmt: skip
        state.apply(action)
        if progress is not None:
            progress(index + 1, len(actions))
    out.sort(key=lambda m: (-m.loss, m.index))
    return out
