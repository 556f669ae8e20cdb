"""The Expert's suggested move for the human: asked (kept by the model's
:class:`~game.ui.table.model.suggestion.Hints`), in words, and as the piles to light up.

What a move would do is the game's answer: its spec's ``hint`` words the move
(and may try it on a copy to see what it takes), ``where`` gives the piles to
light up. Nothing here decides a rule or names a game: a card played that the
game does not word itself is worded by what it captures.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.coach import Advice
from game.core.types import Action, EventKind, IllegalAction, PileId, PileKind
from game.text import current, say, say_n
from game.text.names import card_params
from game.text.words import move_phrase, phrase
from game.ui.table.model.table_model import TableModel


@dataclass(frozen=True)
class Marks:
    """What to light up: a card (pile and index; -1 for an empty pile) and a target pile."""

    src: PileId | None
    index: int
    target: PileId | None
    call_button: bool = False  # the move is a call: its button lights up


def ask_hint(m: TableModel) -> None:
    """Key H or the Hint button: the Expert's move for the player, asked off the UI thread;
    outside the player's move, the hint line says why there is none."""
    if not m.has_hints:
        m.say(lambda: say("message.no_hints"))
    elif not m.phase.mine:
        m.say(lambda: say("message.hint_your_turn"))
    else:
        m.hints.ask(m.thinker, m.state, m.human, m.options().show_faults)


def trial(model: TableModel, action: Action):
    """The events ``action`` would produce, from a copy: the engine says what happens."""
    try:
        return model.state.clone().apply(action)
    except IllegalAction:
        return []


def hint_text(model: TableModel, action: Action) -> str:
    """The suggestion as a sentence: "Hint: play the 7 of clubs onto the foundation."."""
    words = model.spec.hint(model.state, action, model.human)
    if words is not None:
        return phrase(words, model.namer)
    return _play_words(model, action)


def hint_words(model: TableModel, advice: Advice) -> str:
    """The suggestion and why: "Hint: turn the top card of your stock. 5♠ onto North's
    pile would be worse: it loads away 5♠, one card short of its foundation."."""
    said, why = hint_text(model, advice.action), _why(model, advice)
    return f"{said} {why}" if why else said


def _why(model: TableModel, advice: Advice) -> str:
    """Why the hinted move, as the coach says it: the only move, or what the next best
    move would cost (nothing: a call or a game without a coach, whose words say why)."""
    if advice.only:
        return say("hint.why.only")
    if advice.other is None:
        return ""
    other = move_phrase(model.state, advice.other, model.namer)
    if advice.why is None:
        return current().capitalise(say("hint.why.as_good", other=other))
    why = phrase(advice.why, model.namer)
    if _about(model, advice.action, why):  # it says what the hint line already says:
        figure = advice.figure  # the figure behind it, said plainly, is the reason
        if figure is None or figure.key != "coach.why.figure":
            return current().capitalise(say("hint.why.worse", other=other))
        why = phrase(figure, model.namer)
    return current().capitalise(say("hint.why.rather", other=other, why=why))


def _about(model: TableModel, action: Action, why: str) -> bool:
    """Whether the reason names the hinted move's own card ("misses taking the pile with
    5♣" after "play 5♣: it takes the pile")."""
    card = model.state.where(action).card
    return card is not None and any(name in why for name in card_params(card).values())


def _play_words(model: TableModel, action: Action) -> str:
    card = card_params(model.state.where(action).card)
    capture = next((e for e in trial(model, action) if e.kind is EventKind.CAPTURE), None)
    if capture is not None:
        return say_n("hint.play_capture", len(capture.cards) - 1, **card)
    table = model.shown.piles.get(PileId(PileKind.TABLE), [])
    return say("hint.play_pile" if table else "hint.play_empty", **card)


def hint_marks(model: TableModel, action: Action) -> Marks:
    """The card to move and the pile it goes to, as the screen shows them now."""
    if action.is_call:
        return Marks(None, -1, None, call_button=True)
    where = model.state.where(action)
    src = where.src
    pile = model.shown.get(src) if src is not None else []
    index = len(pile) - 1
    if where.card is not None and where.card in pile:
        index = pile.index(where.card)
    clicked = src is not None and model.layout.role(src).clickable  # a click is the move
    return Marks(src, index, None if clicked else where.dst)
