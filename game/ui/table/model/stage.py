"""The hand as the screen shows it, a part of the table's model: the seats' names, the
layout, the piles as shown, the show that moves cards between them and what it tells
(banners, peeks, cards lit where they landed). Made afresh for each hand."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

from game.core.referee import Referee
from game.core.spec import GameSpec
from game.core.types import DECK
from game.store.settings import Settings
from game.text.log_lines import LogLine
from game.text.names import Seating
from game.ui.table.model.event_show import Hooks, Show
from game.ui.table.model.layout import Layout, seat_positions, table_layout
from game.ui.table.model.shown_piles import ShownTable

LANDED_SECONDS = 0.7
MARK_SECONDS = 1.4  # a card a forced move placed for the player stays marked this long


class _Aging(Protocol):
    age: float


def _older(items: Iterable[_Aging], dt: float) -> None:
    for item in items:
        item.age += dt


class Stage:
    """One hand's table as shown; ``dealing`` while its opening deal is shown, ``synced``
    once the shown piles are the rules' (the show has nothing left to land)."""

    def __init__(
        self,
        spec: GameSpec,
        referee: Referee,
        human: int,
        options: Callable[[], Settings],
        size: tuple[int, int],
        hooks: Hooks,
    ) -> None:
        st = referee.state
        self.spec, self.referee, self.human, self.options = spec, referee, human, options
        sides = {s: st.side_of(s) for s in range(st.players)}
        positions = seat_positions(spec, st.players, human)
        self.seating = Seating.of(positions, human, sides, spec.id)
        self.namer = self.seating.namer()
        self.hooks = hooks
        self.shown = ShownTable.of(st, human)
        self.dealing = False
        self.synced = True
        self.reveal_all = False  # replays: every card face up
        self._counted: tuple | None = None  # the position counted last, and its piles
        self.layout = self._layout(size)
        self.show = Show(self.shown, self.layout, human, self.namer, hooks, st.side_of, spec=spec)
        self.follow_options()

    def deal(self, opening: list, log: Callable[[LogLine], object]) -> None:
        """Show the opening deal, from the deck (or the game's pack)."""
        self.dealing = True
        log(LogLine.said("log.deal"))
        self.show.deal(opening, self.spec.deal_from or DECK)

    def _layout(self, size: tuple[int, int]) -> Layout:
        st, scale = self.referee.state, self.options().card_scale
        sides = dict(self.seating.sides)
        layout = table_layout(self.spec, size, st.players, self.human, st.options, sides, scale)
        if self.dealing:
            layout.add_deck()
        return layout

    def resize(self, size: tuple[int, int]) -> None:
        """A new size, or a new language (the seats' names are worded again)."""
        self.namer = self.show.namer = self.seating.namer()
        self.layout = self.show.layout = self._layout(size)

    def follow_options(self) -> None:
        o, show = self.options(), self.show
        show.pace, show.still, show.show_faults = o.pace, o.reduced_motion, o.show_faults

    def age(self, dt: float) -> None:
        """Banners, peeks and landed cards last their moment."""
        hooks = self.hooks
        for group in (hooks.banners, hooks.peeks, hooks.landed, hooks.marks):
            _older(group, dt)
        hooks.banners[:] = [b for b in hooks.banners if b.age < b.seconds]
        hooks.peeks[:] = [p for p in hooks.peeks if p.age < p.seconds]
        hooks.landed[:] = [c for c in hooks.landed if c.age < LANDED_SECONDS]
        hooks.marks[:] = [c for c in hooks.marks if c.age < MARK_SECONDS]

    def seen_piles(self) -> dict:
        """What the screen shows at rest: the human's view, or every card (replays)."""
        st = self.referee.state
        if self.reveal_all:
            return {k: list(v) for k, v in st.reveal().items()}
        return ShownTable.of(st, self.human).piles

    def counted(self) -> dict:
        """The piles every count on the table reads (the side panel, the seat labels, the
        pile and pack labels, the piles' badges): what the player sees. While cards fly
        (the deal's too) the piles as shown, so a count changes as its card lifts off
        and as it lands, never ahead of it; once they have landed, the rules' piles (which
        the shown ones then are). A card the player drags, or that glides home, has not
        left its pile."""
        if self.dealing or self.show.busy:
            return self.shown.piles
        st = self.referee.state  # worked out afresh once per position (a frame asks often)
        key = (len(st.history), self.human, self.reveal_all)
        kept = self._counted
        if kept is None or kept[0] is not st or kept[1] != key:
            kept = self._counted = (st, key, self.seen_piles())
        return kept[2]

    def count(self, pid) -> int:
        """How many cards ``pid`` holds as the table counts it (:meth:`counted`)."""
        return len(self.counted().get(pid, ()))

    def face_up(self, on: bool) -> None:
        """Replays: every hand face up, or only what the player saw."""
        self.reveal_all = self.show.reveal_all = on
        self.shown.piles = self.seen_piles()

    def landed(self) -> None:
        """The show is over: the deck goes, and the screen shows exactly the rules' piles."""
        if self.dealing:
            self.dealing = False
            self.layout.spots.pop(DECK, None)
            self.shown.piles.pop(DECK, None)
            self.synced = False
        if not self.synced:
            self.synced = True
            fresh = self.seen_piles()
            if fresh != self.shown.piles:
                self.shown.piles = fresh

    def settle(self) -> None:
        """Straight to the position as it is, nothing left to show (a jump)."""
        if self.dealing:
            self.landed()
        self.show.clear()
        self.shown.piles = self.seen_piles()
        self.synced = True

    def land_now(self) -> None:
        """Every card in flight lands at once (hurrying, or the player's input meanwhile)."""
        while self.show.advance(60.0):
            pass
