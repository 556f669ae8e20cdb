"""The Expert's suggested move for the human, in words and as the piles to light up.

What a move would do (where it lands, whether it captures or makes a pişti) is
the engine's answer: ``where`` for the piles, a trial move on a copy for the
captures. Nothing here decides a rule or names a game: it reads action kinds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core.types import Action, ActionKind, EventKind, IllegalAction, PileId, PileKind
from game.text import say, say_n
from game.text.names import card_params
from game.text.words import AllActions, AllEvents, AllPiles

if TYPE_CHECKING:
    from game.ui.table.model import TableModel


@dataclass(frozen=True)
class Marks:
    """What to light up: a card (pile and index; -1 for an empty pile) and a target pile."""

    src: PileId | None
    index: int
    target: PileId | None
    stop_button: bool = False


def trial(model: TableModel, action: Action):
    """The events ``action`` would produce, from a copy: the engine says what happens."""
    try:
        return model.state.clone().apply(action)
    except IllegalAction:
        return []


def hint_text(model: TableModel, action: Action) -> str:
    """The suggestion as a sentence: "Hint: play the 7 of clubs onto the foundation."."""
    k = action.kind
    if action.is_call:
        window = model.state.calls()
        who = model.namer.who(_faulter(model)) if window else ""
        return say("hint.call.end" if k is AllActions.STOP_END else "hint.call.force", who=who)
    if k is AllActions.FLIP:
        return say("hint.flip")
    where = model.state.where(action)
    if k is AllActions.TURN:
        return say("hint.turn" if where.card is not None or _stock(model) else "hint.recycle")
    card = card_params(where.card)
    if k is ActionKind.PLAY:
        return _play_words(model, action, card)
    from_discard = where.src is not None and where.src.kind is PileKind.DISCARD
    suffix = ".from_discard" if from_discard else ""
    dst = where.dst
    if dst is not None and dst.kind is AllPiles.FOUNDATION:
        return say("hint.to_foundation" + suffix, **card)
    if dst is not None and dst.seat == model.human:
        return say("hint.discard", **card)
    return say("hint.load" + suffix, whose=model.namer.whose(dst.seat if dst else None), **card)


def _faulter(model: TableModel) -> int | None:
    window = getattr(model.state, "stop_window", lambda: None)()
    return window[0] if window else None


def _stock(model: TableModel) -> bool:
    stock = model.shown.piles.get(PileId(PileKind.STOCK, model.human), [])
    return bool(stock)


def _play_words(model: TableModel, action: Action, card: dict) -> str:
    events = trial(model, action)
    special = next(
        (e.kind for e in events if e.kind in (AllEvents.JACK_PISTI, AllEvents.PISTI)), None
    )
    if special is not None:
        return say(f"hint.play_{special.value}", **card)
    capture = next((e for e in events if e.kind is EventKind.CAPTURE), None)
    if capture is not None:
        return say_n("hint.play_capture", len(capture.cards) - 1, **card)
    table = model.shown.piles.get(PileId(PileKind.TABLE), [])
    return say("hint.play_pile" if table else "hint.play_empty", **card)


def hint_marks(model: TableModel, action: Action) -> Marks:
    """The card to move and the pile it goes to, as the screen shows them now."""
    if action.is_call:
        return Marks(None, -1, None, stop_button=True)
    where = model.state.where(action)
    src = where.src
    pile = model.shown.get(src) if src is not None else []
    index = len(pile) - 1
    if where.card is not None and where.card in pile:
        index = pile.index(where.card)
    target = where.dst
    if action.kind in (AllActions.TURN, AllActions.FLIP):
        target = None
    return Marks(src, index, target)
