"""The scene protocol: one screen at a time (menu, table, summary, settings)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

if TYPE_CHECKING:
    from game.core.files import Notice
    from game.session import Session
    from game.store.keeper import Keeper
    from game.store.settings import Settings
    from game.ui.audio import Audio
    from game.ui.voice import Voice


class Host(Protocol):
    """The app as its scenes see it (:class:`game.ui.app.App` is the one): its window's
    size, the player's settings and keepings, its voice and sound, and the ways to go to
    another scene. A protocol, since the app imports the scenes and not the other way."""

    settings: Settings
    keeper: Keeper | None
    voice: Voice
    audio: Audio
    scene: Scene
    routes: dict[str, Callable[..., Scene]]
    dirty: bool
    screen: pygame.Surface

    @property
    def size(self) -> tuple[int, int]: ...
    @property
    def notices(self) -> list[str]: ...
    @property
    def notice_good(self) -> bool: ...
    def notice(self, notice: Notice) -> None: ...
    def goto(self, name: str, leave: bool = True, **kwargs: Any) -> Scene: ...
    def show(self, scene: Scene, leave: bool = True, back: bool = False) -> None: ...
    def speak(self, text: str, interrupt: bool = True) -> None: ...
    def setting(self, name: str) -> Any: ...
    def change_setting(self, name: str, value: Any) -> None: ...
    def setting_note(self, name: str) -> str: ...
    def setting_blocked(self, name: str) -> str | None: ...
    def match_changed(self, session: Session) -> None: ...
    def give_up_hand(self, session: Session) -> bool: ...
    def use_language_for_run(self, lang: str) -> None: ...
    def save_settings(self) -> None: ...
    def quit(self) -> None: ...
    def shows_alone(self, scene: Scene) -> bool: ...


class Scene:
    """A screen. ``active`` is True while something moves (the loop then runs at full rate).
    ``back_to``: the scene it was opened over and returns to, if any."""

    back_to: Scene | None = None
    name = ""  # its route's name; ``speech.scene.<name>`` is its title for the ear
    selected: int | None = None  # the row of its list the voice reads (None: no list)

    def __init__(self, app: Host) -> None:
        self.app = app

    def spoken(self) -> str:
        """What the voice says as the scene comes on screen ("": its title)."""
        return ""

    def spoken_question(self) -> tuple[str, str] | None:
        """A question open over the scene and the answer the focus is on (None: none)."""
        return None

    def spoken_row(self) -> str:
        """The selected row of its list, for the ear ("": nothing to read)."""
        return ""

    @property
    def active(self) -> bool:
        return False

    def resize(self, size: tuple[int, int]) -> None:
        """Recompute every rect for a new window size."""

    def handle(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole screen."""

    def leave(self) -> None:
        """Release what the scene holds (threads) when another replaces it."""

    @property
    def beneath(self) -> Scene | None:
        """The scene this one is drawn over and goes back to (a summary's finished table,
        Settings opened at the table): left with it when both are left for good."""
        return self.back_to
