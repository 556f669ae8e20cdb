"""The table read aloud: every move as the move log words it, the table and the hand as they
start, a new deal, whose turn it is and the player's choice with the moves it offers, the
message line (a refusal's reason), a hint, what opens over the table and
going back to it, each move of the keyboard focus (where the player can play, so), and the
keys that ask: T reads the whole table, C the player's own cards, L the last five moves,
I the hand with its deal number.

The voice never holds the player back: when the player may choose and the voice is behind,
the choice is said first and the moves still waiting are shortened (``heard.summary``).
The player's turn is told before anything of theirs that plays itself.

It only listens: the model calls ``line`` for each logged move, and ``update`` (once a
frame) notices what else changed. Piles are described by their roles, never by a game.
"""

from __future__ import annotations

from collections import deque

import pygame

from game.core.types import EventKind, PileId, PileKind
from game.text import current, say
from game.text.spoken import (
    card_list,
    hand_card_words,
    pile_words,
    sentences,
    spoken,
)
from game.ui.table.input.controller import Focus, TableController
from game.ui.table.model import says
from game.ui.table.model.asking import Asking
from game.ui.table.model.hint_state import Hint
from game.ui.table.model.phase import Doing
from game.ui.table.model.table_model import TableModel
from game.ui.table.voice import heard
from game.ui.voice import Voice
from game.ui.widgets import text_of

LAST_MOVES = 5
OWN_MOVE = 1.0  # seconds after a key within which the player's move is its answer
PLAYS_ITSELF = (Doing.FORCED, Doing.SHOWING)  # the player's move plays itself, or is shown


class TableSpeech:
    """What the table says, through the app's :class:`~game.ui.voice.Voice`."""

    def __init__(
        self, model: TableModel, controller: TableController, voice: Voice, controls=None
    ) -> None:
        self.m = model
        self.c = controller
        self.voice = voice
        self.controls = controls
        self._overlay_shown: object = None
        self.moves: deque[str] = deque(maxlen=LAST_MOVES)
        self.seen: set[int] = set()
        self._show = None
        self._focus: Focus | None = None
        self._picked: Focus | None = None
        self._message = ("", 99.0)
        self._hint: Hint | None = None  # the hint last said
        self._your_turn = False
        self._turn_of: int | None = None  # the seat whose turn was last heard
        self._table_told = False  # the table itself is said with its first hand
        self._asked_at: int | None = None  # the position whose choice was said
        self._hand_size: int | None = None  # the player's hand at rest (a new deal fills it)
        self._start = ""  # the hand's start as said: said with the choice when it waits
        self._keyed_at = -OWN_MOVE  # when the table last took a key
        self._key_frame = False  # a key came since the last update: what changes answers it
        self._answer: list[str] = []  # the answer to that key, said at once as one sentence
        self._answer_moved = False  # it tells a move of the player's: never dropped
        self._matters: dict[str, heard.Matter] = {}  # this hand's moves a catch-up names
        self._summarise = self.summarise

    def keyed(self) -> None:
        """The table took a key: what it does (the move made, the focus moved, a refusal's
        reason) is its answer, said at once, cutting whatever is being said."""
        self._keyed_at, self._key_frame = self.m.elapsed, True

    def _say(self, text: str) -> None:
        """A sentence that answers the key just taken goes into its answer; else it is said
        as a sentence the next one of its kind makes out of date."""
        if self._key_frame:
            self._answer.append(text)
        else:
            self.voice.speak(text)

    def _answered(self, final: bool = True) -> None:
        """The answer gathered so far said; ``final``: the key's frame is over."""
        if self._answer:
            *first, last = self._answer
            words = sentences([*(t.rstrip(". ") for t in first), last])
            moved = self._answer_moved  # (a move of the player's: its subject is theirs)
            who = self._name(self.m.human) if moved else ""
            self.voice.speak(words, interrupt=not moved, subject=who, now=True)
        self._answer, self._answer_moved = [], False
        if final:
            self._key_frame = False

    def left(self) -> None:
        """The table is left: an answer still gathering (the move that ended the hand) is
        said before what the next screen says."""
        self._answered()

    # ----------------------------------------------------------------- listening
    def line(self, text: str, seat: int | None = None) -> None:
        """A move as the ear hears it (its log line's heard form), and the seat that made
        it: said in turn, never cut short by later speech. A move tells whose turn it is
        too, so that turn is not said after it. The seat comes from the log, never from
        the words: a Turkish sentence about the player does not start with their name
        ("7♥ attın")."""
        self.moves.append(text)
        self._matter(text)
        if seat is not None:
            self._turn_of = seat
        if text and seat == self.m.human and self.m.elapsed - self._keyed_at < OWN_MOVE:
            self._answer.append(text)  # (the key's answer: said with it, at once)
            self._answer_moved = True
            return
        self._answered(final=False)  # (what the player's move brought comes after it)
        self.voice.speak(text, interrupt=False, subject=self._name(seat))

    def _matter(self, text: str) -> None:
        """Note what of the move just logged matters to the player in a catch-up."""
        lines = self.m.log.lines
        if lines and lines[-1].heard(self.m.namer) == text:
            what = heard.matter(self.m, lines[-1])
            if what is not None:
                self._matters[spoken(text)] = what

    def saying_move(self) -> bool:
        """A move's words are queued or being said (Read aloud on): a call window waits
        for them, so the player has heard the move before its window ends."""
        return self.voice.telling()

    def _name(self, seat: int | None) -> str:
        return self.m.namer.names.get(seat, "") if seat is not None else ""

    def update(self) -> None:
        """Once a frame, after the model moved on: say what changed."""
        m = self.m
        self.voice.summarise_with(self._summarise)  # (this table's, while it is on screen)
        if m.show is not self._show:
            self._new_hand()
        for pile in m.shown.piles.values():
            self.seen.update(c for c in pile if c is not None)
        self._message_changed()
        self._hint_changed()
        self._focus_changed()  # (a focus said once a move has landed: before the next turn)
        self._deal_changed()
        self._answered(final=False)  # (a move of the player's before the turn it brings)
        self._turn_changed()
        self._overlay_changed()
        self._answered()

    def _new_hand(self) -> None:
        """A hand starts: the table with the first one, then the hand; once in a player's
        life, at the first table, which keys read it. Into a quiet voice the start goes as
        urgent, so the choice that follows comes after it and never cuts it short; behind
        the moves of a voice still speaking, a choice that goes first says it first."""
        self._show, self._your_turn = self.m.show, False
        self._turn_of = self._asked_at = self._hand_size = None
        self.seen.clear()
        self._matters.clear()
        first = not self._table_told
        self._table_told = True
        self._start = heard.hand_words(self.m, first)
        self.voice.speak(self._start, interrupt=False, urgent=self.voice.quiet())
        settings = self.voice.settings
        if (
            first
            and self.m.director.caption is None
            and self.voice.on
            and not settings.speech_keys_told
        ):
            settings.speech_keys_told = True
            self.voice.speak(say("speech.keys_once"), interrupt=False)

    def summarise(self, backlog):
        """The game's summary of moves the voice fell behind on (see ``heard.summary``); the
        turn and the hand's start are said with the urgent choice it follows."""
        said_first = {spoken(say("status.your_turn")), spoken(self._start)}
        return heard.summary(backlog, said_first, self._matters)

    def _message_changed(self) -> None:
        m = self.m
        text, age = m.message, m.message_age
        if text and (text != self._message[0] or age < self._message[1]):
            self._say(text)
        self._message = (text, age)

    def _hint_changed(self) -> None:
        hint = self.m.hint
        if hint is not None and hint is not self._hint:
            self._say(hint.text)
        self._hint = hint

    def _deal_changed(self) -> None:
        """A new deal fills the player's hand (after the first): said once it has landed."""
        m = self.m
        hand = PileId(PileKind.HAND, m.human)
        if hand not in m.layout.spots or m.dealing or not m.phase.at_rest:
            return
        n = len(m.shown.get(hand))
        if self._hand_size is not None and n > self._hand_size:
            self.voice.speak(heard.deal_words(m), interrupt=False)
        self._hand_size = n

    def _turn_changed(self) -> None:
        """Each change of turn once, as the phase shows it. The player's: "Your turn" with the
        choice and the moves it offers when they may choose (said first, the backlog
        shortened, when the voice is behind), or before a move of theirs that plays itself;
        "North's turn" as the table shows it pass to North, unless North's move came first
        (a fast table: the move says whose turn it was)."""
        m = self.m
        phase = m.phase
        if not phase.mine and phase.seat != m.human:
            self._your_turn = False
        if phase.doing in (Doing.OVER, Doing.DEALING, Doing.WATCHING, Doing.PAUSED):
            return
        if phase.doing is Doing.SHOWING and self._dealt_now():
            return  # (cards dealt to a seat are not its turn)
        seat = phase.seat
        if seat == m.human and m.state.to_move == m.human:
            self._turn_of = seat
            if phase.mine:
                self._choice()
            elif phase.doing in PLAYS_ITSELF and not self._your_turn:
                self._your_turn = True  # (plain: a move of theirs never makes it out of date)
                self.voice.speak(say("status.your_turn"), interrupt=False)
        elif seat is not None and seat != m.human and seat != self._turn_of:
            self._turn_of = seat
            whose = m.namer.whose(seat)
            words = say("speech.turn", whose=whose, Whose=current().capitalise(whose))
            self.voice.speak(words, interrupt=False, subject=self._name(seat), turn=True)

    def _dealt_now(self) -> bool:
        """The cards being shown are dealt (the player's hand filling is not their move)."""
        showing = self.m.show.showing or list(self.m.show.queue)[:1]
        return any(e.kind is EventKind.DEAL for e in showing)

    def _choice(self) -> None:
        """A decision waits: once for each position, "Your turn" (the first of this turn, or
        in place of one still waiting when the choice goes first) and the moves offered. A
        move of the player's, or the next choice, makes it out of date."""
        at = len(self.m.state.history)
        if self._asked_at == at:
            return
        self._asked_at = at
        urgent = self.voice.behind()
        words, turn = heard.choice_words(self.m, self.c.key_path), say("status.your_turn")
        if not self._your_turn or (urgent and self.voice.waiting(turn)):
            words = f"{turn}. {words}"  # (said first, it takes the place of the one waiting)
        if urgent and self.voice.waiting(self._start):
            words = f"{self._start}. {words}"  # (the hand's start first, and not said again)
        self._your_turn = True
        name = self._name(self.m.human)
        self.voice.speak(words, interrupt=False, subject=name, turn=True, urgent=urgent)

    def _focus_changed(self) -> None:
        """A card picked up and the focus moved to where it may go: one sentence (after the
        deal, when the piles have their cards). A focus on a pile that cards still fly from
        or to is said once they have landed, as the pile is then ("Your won cards, 4"), not
        as it was ("0 cards") nor as a card that has since left the hand."""
        c, m, parts = self.c, self.m, []
        if m.dealing:
            return
        if c.picked != self._picked:
            self._picked = c.picked
            card = c._card(c.picked) if c.picked is not None else None
            if card is not None:
                parts.append(say("speech.picked", card=card_list([card])))
        landed = c.focus is None or not m.show.touches(c.focus.pile)
        if c.focus != self._focus and landed:
            was, self._focus = self._focus, c.focus
            if c.focus is not None:
                parts.append(self.focus_words(c.focus, was))
        if parts:
            self._say(sentences(parts))

    def _overlay(self) -> tuple[object, str]:
        """What covers the table now (the keys or rules, a question, a call's choices, the
        game menu), and its words. A question's words are the scene's (``spoken_question``,
        said by the app's voice with the answer the focus is on); a panel's are its title and
        how the arrows read it."""
        k, m = self.controls, self.m
        if k is None:
            return None, ""
        if k.question is not None:
            return "question", ""
        if k.panel is not None:
            title = say("button.keys" if k.panel is k.help else "button.rules")
            return k.panel, f"{title}. {k.panel.spoken()}"
        asked = m.asking
        if asked is not None:
            return asked, sentences([asked.question(), *(text_of(b.label) for b in k.choices())])
        if k.menu_open:
            return "menu", say("title.game_menu")
        return None, ""

    def _overlay_changed(self) -> None:
        """An overlay opening says its words; closing back onto the table (not a call's
        choices or a move's, which the move made follows) says so."""
        shown, words = self._overlay()
        if shown == self._overlay_shown:
            return
        was, self._overlay_shown = self._overlay_shown, shown
        if words:
            self._say(words)
        elif shown is None and was is not None and not isinstance(was, Asking):
            back = say("speech.back.table")
            if self.voice.last != back:  # (coming back from Settings said it already)
                self._say(back)

    # ----------------------------------------------------------------- words
    def focus_words(self, f: Focus, was: Focus | None = None) -> str:
        """The pile (or hand card) under the focus; where a picked card may go, so."""
        m = self.m
        cards = m.shown.get(f.pile)
        mine = f.pile.kind is PileKind.HAND and f.pile.seat == m.human
        parts = [self._pile_words(f.pile)]
        if mine and 0 <= f.index < len(cards):
            card = hand_card_words(cards, f.index)
            parts = [card] if was is not None and was.pile == f.pile else [*parts, card]
        c = self.c
        if c.picked is not None and f.pile in c.targets():
            parts.append(say("speech.can_go"))
        elif c.picked is None and m.takes_moves() and c.live(f):  # Tab's first sweep
            parts.append(say("speech.can_play"))
        return sentences(parts)

    def _pile_words(self, pid: PileId) -> str:
        m = self.m
        return pile_words(pid, m.shown.get(pid), m.namer, m.layout.role(pid))

    def _piles(self, own: bool = False, seat: int | None = None):
        spots = sorted(self.m.layout.spots.items(), key=lambda kv: (kv[1].rect.y, kv[1].rect.x))
        for pid, _ in spots:
            if pid.kind is PileKind.DECK or (own and not self.m.layout.role(pid).own):
                continue
            if seat is not None and pid.seat != seat:
                continue
            yield pid

    def table_words(self) -> str:
        """The whole table: whose turn, each seat's cards (as its label counts them, "You ·
        27 cards": what a player has left to shed), every pile, the scores."""
        m = self.m
        parts = [says.status(m), self._seat_cards()]
        parts += [self._pile_words(p) for p in self._piles()]
        scores = ", ".join(f"{who} {points}" for who, points in says.scores(m))
        parts.append(say("speech.scores", scores=scores))
        return sentences(parts)

    def _seat_cards(self) -> str:
        m = self.m
        if m.phase.doing is Doing.DEALING:
            return ""
        seats = sorted(range(m.state.players), key=lambda s: s != m.human)
        counted = m.stage.counted()
        cards = [f"{m.namer.who(s)} {m.spec.seat_cards(counted, s)}" for s in seats]
        return say("speech.seat_cards", cards=", ".join(cards))

    def my_words(self) -> str:
        """The player's own piles, and the order of a stock whose every card they have seen
        (a stock made again from their own pile: a good player remembers it)."""
        m = self.m
        parts = [self._pile_words(p) for p in self._piles(own=True, seat=m.human)]
        stock = PileId(PileKind.STOCK, m.human)
        real = m.state.reveal().get(stock, [])
        if real and all(c in self.seen for c in real):
            parts.append(say("speech.stock_order", cards=card_list(real[::-1], len(real))))
        return sentences(parts)

    def last_moves(self) -> str:
        return sentences(self.moves) if self.moves else say("speech.no_moves")

    def hand_header(self) -> str:
        """The hand with its deal's number (said on request, not at every hand)."""
        return says.title(self.m)

    # ----------------------------------------------------------------- keys
    def _asking(self, event: pygame.event.Event):
        if event.type != pygame.KEYDOWN or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return None
        ask = {
            pygame.K_t: self.table_words,
            pygame.K_c: self.my_words,
            pygame.K_l: self.last_moves,
            pygame.K_i: self.hand_header,
        }
        return ask.get(event.key)

    def asks(self, event: pygame.event.Event) -> bool:
        """Is ``event`` one of the keys that ask what is on the table (T, C, L, I)?"""
        return self._asking(event) is not None

    def key(self, event: pygame.event.Event) -> bool:
        """T, C, L or I: said at once and shown a moment; with Read aloud off, the caption
        says how to switch it on."""
        words = self._asking(event)
        if words is None:
            return False
        self.voice.answer(words() if self.voice.on else "")
        return True
