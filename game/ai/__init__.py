"""Computer opponents. :func:`make_agent` is the one door the UI and the arena use.

Every AI gets only a :class:`SeatView` (its seat's observation, the legal
actions and ``resample``), so none can see hidden cards.
"""

from __future__ import annotations

from game.ai.base import Agent, SeatView
from game.ai.levels import BASELINES, LEVELS, levels_for, make_agent

__all__ = ["BASELINES", "LEVELS", "Agent", "SeatView", "levels_for", "make_agent"]
