"""The fields of a Pishe Pasha hand, typed once for the class and its mixins.

``PishePasha`` is one record (``rules.FIELDS``) split over mixins by subject: the views, the
Stop rule and the rollouts read the same fields and call a few of the state's own moves.
They inherit this declaration so the type checker knows those names where each is used;
it adds nothing at run time (annotations only, and no slots of its own).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

from game.core.types import Action, Event, Outcome, Winner
from game.games.pishe_pasha.kernel import Moves

if TYPE_CHECKING:
    from game.games.pishe_pasha.setup import Deal

# an open Stop window: the fault, its seat, its card, where it went, a recycled stock, turns
Window = tuple[Action, int, int, int, "tuple[int, ...] | None", int]


class PisheFields:
    """What every part of a Pishe Pasha hand may read (see ``rules.FIELDS``)."""

    if not TYPE_CHECKING:  # the fields' slots are PishePasha's; the checker reads them here
        __slots__ = ()

    game: str
    players: int
    options: dict[str, Any]
    history: list[Action]
    _single: bool  # one centre foundation
    _stop: bool  # the Stop rule
    _adj: tuple[bytes, ...]  # ``_adj[a][b]``: card a loads onto a top card b
    _opp: tuple[tuple[int, ...], ...]  # each seat's opponents
    _deal: Deal
    _ev_t2f: tuple[tuple[Event, ...], ...]  # per seat and card: a turned card to a foundation
    _ev_d2f: tuple[tuple[Event, ...], ...]  # per seat and card: a discard to a foundation
    _stocks: list[list[int]]  # bottom first: ``stock[-1]`` is the top
    _discards: list[list[int]]
    _found: list[list[int]]
    _fit: bytearray  # ``_fit[c]``: card c fits a foundation now
    _unseen: list[int]  # per stock, how many of its bottom cards nobody has seen
    _turned: int  # the card the seat to move holds, -1 for none
    _seat: int
    _turns: int
    _outcome: Outcome | None
    _window: Window | None  # the Stop window open
    _waiting: bool  # a fault emptied its seat: only ``accept`` or a Stop call now
    _legal: Moves | None
    _clean: Moves | None

    if TYPE_CHECKING:

        @property
        def to_move(self) -> int | None: ...
        @property
        def winner(self) -> Winner: ...
        @property
        def score(self) -> list[int]: ...
        def skipped(self, action: Action) -> int | None: ...
        def stop_window(self) -> tuple[int, list[int]] | None: ...
        def clone(self) -> Self: ...
        def _has_cards(self, s: int) -> bool: ...
        def _shift(self, a: Action) -> list[Event]: ...
        def _pass_to(self, seat: int) -> list[Event]: ...
        def _win(self, s: int) -> Event: ...
        def _undo(self, window: Window) -> list[Event]: ...
