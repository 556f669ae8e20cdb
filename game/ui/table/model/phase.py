"""What the table is doing now, as one value that every label, button, key and lesson
step follows.

The phase is never stored: :func:`phase_of` derives it from the facts of the moment
(the show, the referee, the call window, the coach, what covers the table), so the header,
the hint line, the seat labels, the buttons, the keys, the voice and a lesson's steps can
never disagree about it. ``seat`` is whose turn the table shows (while a move is being
shown, its mover's, though the rules have already moved on); ``mine`` says whether the
player may make a move now, the one condition under which anything says "Your turn".

No pygame here: the phase and its transitions are tested as plain values.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass


class Doing(enum.Enum):
    """What the table is doing, from what covers it down to the player's own choice."""

    WATCHING = "watching"  # a replay: nobody acts at this table
    PAUSED = "paused"  # the game menu, a panel or a question covers the table
    DEALING = "dealing"  # the opening deal is being shown
    SHOWING = "showing"  # a move is being shown: cards fly, big words, a peek
    OVER = "over"  # the hand is over and its last move shown
    HELD = "held"  # a lesson holds the table while its step is read
    COACHING = "coaching"  # the coach weighs the player's move, or asks about it
    DECIDING = "deciding"  # the player picks a call's way or a move's declared choice
    CALLING = "calling"  # a call window is open to the player, on a timer
    THINKING = "thinking"  # a computer seat is to move: its pause, then its thought
    FORCED = "forced"  # the player's one move plays itself
    CHOOSING = "choosing"  # the player's choice: a move to make


@dataclass(frozen=True)
class Facts:
    """Everything the phase depends on, read once from the table's parts."""

    human: int
    to_move: int | None
    over: bool = False
    watching: bool = False
    covered: bool = False  # an overlay of the table's own covers it
    held: bool = False  # a lesson holds the table
    for_good: bool = False  # ... for good: the lesson is over and nobody is to move
    dealing: bool = False
    showing: bool = False  # the show has cards in flight or words up
    mover: int | None = None  # the seat whose move is being shown
    coaching: bool = False
    deciding: bool = False
    window: bool = False  # the call window runs for the player
    only_accept: bool = False  # the player's one move is letting the window close
    forced: bool = False  # the player's one move plays itself (or Auto plays it)


@dataclass(frozen=True)
class Phase:
    """What the table is doing (``doing``), whose turn it shows (``seat``, None: nobody's),
    and whether the player may make a move now (``mine``)."""

    doing: Doing
    seat: int | None = None
    mine: bool = False

    @property
    def at_rest(self) -> bool:
        """Nothing is being shown: the cards lie where the rules have them."""
        return self.doing not in (Doing.DEALING, Doing.SHOWING)

    @property
    def moving_on(self) -> bool:
        """The table moves on by itself (a deal, a move shown, a computer's turn)."""
        return self.doing in (Doing.DEALING, Doing.SHOWING, Doing.THINKING, Doing.FORCED)


def phase_of(f: Facts) -> Phase:
    """The phase the facts make; the first that applies wins, from what covers the table
    down to the player's own choice."""
    if f.watching:
        return Phase(Doing.WATCHING, f.mover)
    if f.covered:
        return Phase(Doing.PAUSED, f.to_move)
    if f.dealing:
        return Phase(Doing.DEALING)
    if f.showing:
        return Phase(Doing.SHOWING, f.mover)
    if f.over:
        return Phase(Doing.OVER)
    if f.held:
        return Phase(Doing.HELD, None if f.for_good else f.to_move)
    if f.coaching:
        return Phase(Doing.COACHING, f.human)
    if f.deciding:
        return Phase(Doing.DECIDING, f.human)
    yours = f.to_move == f.human
    if f.window or (yours and f.only_accept):
        mover = f.to_move if not (yours and f.only_accept) else None
        return Phase(Doing.CALLING, mover, mine=yours and not f.only_accept)
    if not yours:
        return Phase(Doing.THINKING, f.to_move)
    if f.forced:
        return Phase(Doing.FORCED, f.human)
    return Phase(Doing.CHOOSING, f.human, mine=True)


def forced_how(spec, state, acts: list, auto_play: bool) -> str | None:
    """How the one legal move ``acts`` holds plays itself for the player (the game's
    ``plays_itself``: "now" or after a "beat"), or None: it does not (the setting "Play
    forced moves for me" off, a choice, calls in play)."""
    if not auto_play or len(acts) != 1 or spec.calls_in(state.options):
        return None
    return spec.plays_itself(acts[0])


@dataclass
class Note:
    """A sentence for the hint line (a refusal's reason, a word of help), worded when read,
    so a change of language rewords it. It belongs to the phase it was said in and goes
    when the table moves on to another."""

    words: Callable[[], str]
    doing: Doing
    age: float = 0.0
