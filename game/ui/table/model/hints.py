"""The Expert's suggested move for the human: asked (kept by the model's
:class:`~game.ui.table.model.hint_state.Hints`), in words, and as the piles to light up: the
model's own methods (:class:`HintGiver`).

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
from game.ui.table.model.model_core import ModelCore


@dataclass(frozen=True)
class Marks:
    """What to light up: a card (pile and index; -1 for an empty pile) and a target pile
    (``at``: the card of it the arrow ends on, a card the move takes; -1: its top)."""

    src: PileId | None
    index: int
    target: PileId | None
    call_button: bool = False  # the move is a call: its button lights up
    at: int = -1


class HintGiver(ModelCore):
    """The model's hints: asked for, worded and lit up on the table."""

    def ask_hint(self) -> None:
        """Key H or the Hint button: the Expert's move for the player, asked off the UI thread;
        outside the player's move, the hint line says why there is none."""
        if not self.has_hints:
            self.say(lambda: say("message.no_hints"))
        elif not self.phase.mine:
            self.say(lambda: say("message.hint_your_turn"))
        else:
            self.hints.ask(self.thinker, self.state, self.human, self.options().show_faults)

    def trial(self, action: Action):
        """The events ``action`` would produce, from a copy: the engine says what happens."""
        try:
            return self.state.clone().apply(action)
        except IllegalAction:
            return []

    def hint_text(self, action: Action) -> str:
        """The suggestion as a sentence: "Hint: play the 7 of clubs onto the foundation."."""
        words = self.spec.hint(self.state, action, self.human)
        if words is not None:
            return phrase(words, self.namer)
        return self._play_words(action)

    def hint_words(self, advice: Advice) -> str:
        """The suggestion and why: "Hint: turn the top card of your stock. 5♠ onto North's
        pile would be worse: it loads away 5♠, one card short of its foundation."."""
        said, why = self.hint_text(advice.action), self._why(advice)
        return f"{said} {why}" if why else said

    def _why(self, advice: Advice) -> str:
        """Why the hinted move, as the coach says it: the only move, or what the next best
        move would cost (nothing: a call or a game without a coach, whose words say why)."""
        if advice.only:
            return say("hint.why.only")
        if advice.other is None:
            return ""
        other = move_phrase(self.state, advice.other, self.namer)
        if advice.why is None:
            return current().capitalise(say("hint.why.as_good", other=other))
        why = phrase(advice.why, self.namer)
        if self._about(advice.action, why):  # it says what the hint line already says:
            figure = advice.figure  # the figure behind it, said plainly, is the reason
            if figure is None or figure.key != "coach.why.figure":
                return current().capitalise(say("hint.why.worse", other=other))
            why = phrase(figure, self.namer)
        return current().capitalise(say("hint.why.rather", other=other, why=why))

    def _about(self, action: Action, why: str) -> bool:
        """Whether the reason names the hinted move's own card ("misses taking the pile with
        5♣" after "play 5♣: it takes the pile")."""
        card = self.state.where(action).card
        return card is not None and any(name in why for name in card_params(card).values())

    def _play_words(self, action: Action) -> str:
        card = card_params(self.state.where(action).card)
        capture = next((e for e in self.trial(action) if e.kind is EventKind.CAPTURE), None)
        if capture is not None:
            return say_n("hint.play_capture", len(capture.cards) - 1, **card)
        table = self.shown.piles.get(PileId(PileKind.TABLE), [])
        return say("hint.play_pile" if table else "hint.play_empty", **card)

    def hint_marks(self, action: Action) -> Marks:
        """The card to move and the pile it goes to, as the screen shows them now."""
        if action.is_call:
            return Marks(None, -1, None, call_button=True)
        where = self.state.where(action)
        src = where.src
        pile = self.shown.get(src) if src is not None else []
        index = len(pile) - 1
        if where.card is not None and where.card in pile:
            index = pile.index(where.card)
        clicked = src is not None and self.layout.role(src).clickable  # a click is the move
        for pid in self.layout.spots if where.takes else ():
            if where.takes[0] in self.shown.get(pid):  # it ends on the card to take
                return Marks(src, index, pid, at=self.shown.get(pid).index(where.takes[0]))
        return Marks(src, index, None if clicked else where.dst)
