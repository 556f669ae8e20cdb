"""What the scene around a table decides for it: the one typed seam between the table's
model and the scene it sits in (a hand played, a lesson, a replay). The model is given its
director when it is made and asks it, never holding callbacks set on it from outside;
each scene's director is a class of its own (``game/ui/scenes``), most of them built on
the rig's (:class:`game.ui.table.rig.RigDirector`), which knows the table's buttons and voice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.core.types import Action

if TYPE_CHECKING:
    from game.ai.coach import Advice


class TableDirector(Protocol):
    """The scene's side of a table."""

    # ----------------------------------------------------------------- what it is
    @property
    def caption(self) -> str | None:
        """A phrase key the top bar shows in place of the game's (a lesson's title)."""

    @property
    def watching(self) -> bool:
        """Nobody acts at this table (a replay)."""

    @property
    def hurries(self) -> bool:
        """The player may hurry the computer (not while a lesson explains its step)."""

    @property
    def panel_room(self) -> tuple[int, int]:
        """The side panel's top and foot the scene covers (a replay's own boxes)."""

    # ----------------------------------------------------------------- what it holds
    def covered(self) -> bool:
        """An overlay of the scene covers the table: nothing plays meanwhile."""

    def held(self) -> bool:
        """The scene holds the play a moment (a lesson's words being read)."""

    def held_for_good(self) -> bool:
        """The scene holds the play until it is left (a lesson at its end)."""

    def plays_for_me(self) -> bool:
        """The scene plays the player's forced moves for them (a lesson's own steps)."""

    def vet(self, action: Action) -> bool:
        """The scene lets the player's ``action`` be made (a lesson's step asks for one)."""

    def saying_move(self) -> bool:
        """The voice is saying a move: a call window waits for it."""

    # ----------------------------------------------------------------- what it hears
    def on_move(self, action: Action) -> None:
        """The player's ``action`` was made."""

    def on_change(self) -> None:
        """An action was applied (the match is kept)."""

    def on_summary(self) -> None:
        """The hand's end has been shown: the summary's turn."""

    def on_line(self, line: str, seat: int | None) -> None:
        """A move was logged, in words (``seat``: who made it)."""

    def on_told(self) -> None:
        """A setting that remembers words said once has changed (it is saved)."""

    def hint_words(self, advice: Advice) -> str:
        """The hint line's words for the coach's ``advice``."""
