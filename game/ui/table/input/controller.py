"""Mouse and keyboard at the table, turned into actions for the model.

A card is dragged from a pile onto another, clicked, double-clicked, or picked
up and put down with the keyboard; each gesture means the legal action whose
piles (``where``) match it; when several moves match that only the choices they
declare tell apart (an 8 and the suit it names), the table asks which. A gesture that
matches no legal action asks the game's spec what it would mean, so the engine can say
why it is refused. Nothing here knows a game: only piles, their roles (a click on a
stock is its move), cards and the choices moves declare.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.core.state import Where
from game.core.types import Action, PileId, PileKind
from game.text import say
from game.ui.table.input.gestures import ClickTimer, Drag
from game.ui.table.input.pointer import Focus, Pointer
from game.ui.table.model import says
from game.ui.table.model.asking import choices_asked, told_apart_by_choice
from game.ui.table.model.table_model import TableModel


@dataclass(frozen=True)
class KeyPath:
    """The keys that make a move from where the focus is now, as :meth:`activate` and the
    number keys handle them (said to a player who cannot see the table): a button's move,
    its letter; else its number key; else Tab to ``src`` (unless the focus is there),
    Enter, and, for a card picked up, Enter again where the focus then goes (``twice``) or
    Tab to ``dst`` and Enter."""

    number: int | None = None
    letter: str | None = None  # the key of a move its button makes
    src: PileId | None = None
    tab: bool = False
    twice: bool = False
    dst: PileId | None = None


class TableController:
    """Input at the table: drags, clicks, keys and the keyboard focus."""

    def __init__(
        self, model: TableModel, card_at: Callable, drop_target: Callable, card_home: Callable
    ) -> None:
        """``card_at(pos)``, ``drop_target(rect)``, ``card_home(pid, index)``: the view's
        hit tests, so the controller never computes where things are drawn."""
        self.m = model
        self.card_at = card_at
        self.drop_target = drop_target
        self.card_home = card_home
        self.drag: Drag | None = None
        self.clicks = ClickTimer(lambda: self.m.elapsed)
        self.hover = (0, 0)
        self.focus: Focus | None = None
        self.picked: Focus | None = None  # a card picked up with the keyboard
        self._told: tuple | None = None  # a note about the focus, and the focus it spoke of
        self._gliding: tuple[PileId, int] | None = None  # the card a glide takes home

    # ----------------------------------------------------------------- moves
    def moves_from(self, src: PileId, card: int | None) -> list[tuple[Action, PileId | None]]:
        """(action, target pile) of each legal move taking ``card`` from ``src``."""
        out = []
        for a in self.m.my_actions():
            w = self.m.state.where(a)
            if w.src == src and (card is None or w.card is None or w.card == card):
                out.append((a, w.dst))
        return out

    def targets(self) -> dict[PileId, Action]:
        """Legal places for the card being dragged or picked up (they light up)."""
        held = self._held()
        if held is None:
            return {}
        src, card = held
        return {dst: a for a, dst in self.moves_from(src, card) if dst is not None and dst != src}

    def takes(self) -> tuple[int, ...]:
        """The table cards the held card's moves may take, where the player chooses."""
        held = self._held()
        moves = self.moves_from(*held) if held is not None else []
        return tuple(dict.fromkeys(c for a, _ in moves for c in self.m.state.where(a).takes))

    def _held(self) -> tuple[PileId, int | None] | None:
        if self.drag is not None and self.drag.moved:
            return self.drag.src, self.drag.card
        if self.picked is not None:
            return self.picked.pile, self._card(self.picked)
        return None

    def _card(self, f: Focus) -> int | None:
        pile = self.m.shown.get(f.pile)
        if not pile:
            return None
        return pile[f.index if 0 <= f.index < len(pile) else -1]

    def movable(self, pid: PileId, index: int) -> bool:
        """A card the human may pick up now: the source of some legal move."""
        pile = self.m.shown.get(pid)
        if not pile or self._clickable(pid) or not -len(pile) <= index < len(pile):
            return False
        card = pile[index]
        if pid.kind is not PileKind.HAND and index != len(pile) - 1:
            return False
        return bool(self.moves_from(pid, card))

    def _clickable(self, pid: PileId) -> bool:
        return self.m.layout.role(pid).clickable

    def click_moves(self, pid: PileId) -> bool:
        """A click on ``pid`` makes a move of the player's: their own pile's or a shared
        one's (a pack both draw from), never another seat's."""
        return pid.seat in (None, self.m.human) and bool(self.moves_from(pid, None))

    def _meant(self, src: PileId, dst: PileId, card: int | None) -> list[Action]:
        """The legal actions a drop means (onto their pile, or onto a pile holding cards
        they take), else what the game says it would mean."""
        moves = self.moves_from(src, card)
        there = set(self.m.shown.get(dst))
        legal = [a for a, target in moves if target == dst]
        legal = legal or [a for a, _ in moves if there & set(self.m.state.where(a).takes)]
        return legal or [a for a in (self.m.spec.gesture(src, dst, card, self.m.human),) if a]

    def _play(self, actions: list[Action], starts: dict | None = None) -> bool:
        """The move a gesture means; of several told apart only by their declared choices,
        the player is asked which (True: a move made, or asked about)."""
        if told_apart_by_choice(actions):
            self.m.offer(choices_asked(self.m.spec, self.m.state, self.m.namer, actions))
            self.clicks.reset()  # however it is answered, the next click is a fresh one
            return True
        return bool(actions) and self.m.perform(actions[0], starts)

    def put_down(
        self, src: PileId, dst: PileId | None, card: int | None, starts: dict | None = None
    ) -> bool:
        """A card taken from ``src`` goes onto ``dst``: the move (or which, asked: the card
        goes back meanwhile), or the refusal's words."""
        meant = self._meant(src, dst, card) if dst is not None else []
        if told_apart_by_choice(meant):
            self._play(meant)  # asked which: the card goes back meanwhile
            return False
        action = meant[0] if meant else None
        if action is not None and action in (*self.m.my_actions(), *self.m.my_calls()):
            return self.m.perform(action, starts)  # (the rules check it as they make it)
        if action is not None:
            self.m.refuse(action)
        elif dst is not None and dst != src:
            self.m.say(lambda: say("message.cannot_go_there"))
        return False

    def click(self, pid: PileId, index: int, double: bool = False) -> bool:
        """A click on a pile: its one move (the stock's turn, a card with one place to go),
        or, double-clicked, the move to where its role sends a card (a foundation)."""
        if not self.m.takes_moves():
            return False
        pile = self.m.shown.get(pid)
        card = pile[index] if pile and -len(pile) <= index < len(pile) else None
        moves = self.moves_from(pid, card)
        if double:
            sends = self.m.layout.role(pid).sends
            found = [a for a, dst in moves if dst is not None and dst in sends]
            if found:
                to = self.m.state.where(found[0]).dst
                return self._play([a for a, dst in moves if dst == to])
            return self._refused(pid, sends[0] if sends else None, card)
        if not moves:  # a click on a stock that may not move hears why
            return self._refused(pid, pid, card) if self._clickable(pid) else False
        acts = self.one_place(moves, faults_too=self._clickable(pid))
        return bool(acts) and self._play(acts)

    def one_place(
        self, moves: list[tuple[Action, PileId | None]], faults_too: bool = False
    ) -> list[Action]:
        """The moves a single click makes: those to the card's one place (one move, or
        several told apart only by a choice, asked). A click never makes a fault (a move
        others may call, with calls in play): a card whose one place is not a fault goes
        there however many faults it could also make; a card with several places, none.
        A stock's click is its one move, a fault or not (``faults_too``)."""
        fault = self.m.spec.fault
        clean = [(a, dst) for a, dst in moves if faults_too or not fault(self.m.state, a)]
        acts = [a for a, _ in clean]
        if len(acts) == 1:
            return acts
        one_place = len({dst for _, dst in clean}) == 1
        return acts if one_place and told_apart_by_choice(acts) else []

    def _refused(self, src: PileId, dst: PileId | None, card: int | None) -> bool:
        """What the game says a gesture means, refused with the rules' reason; False."""
        meant = self.m.spec.gesture(src, dst, card, self.m.human) if dst is not None else None
        if meant is not None:
            self.m.refuse(meant)
        return False

    def stock_click(self) -> bool:
        """Space or Enter with no keyboard focus: the move a click on a pile makes (the stock's)."""
        first, where = self._first(), self.m.state.where
        acts = [a for a in self.m.my_actions() if where(a) == first]
        return first is not None and self._play(acts)

    # ----------------------------------------------------------------- the mouse
    def press(self, pos: tuple[int, int], event: pygame.event.Event) -> None:
        """A press: a card lifted by a click goes where the press is (a place it may go),
        a press on the felt lets a call window's move stand or finishes the computer's
        turn, a press on a card starts a drag (or a click, once released)."""
        self.cancel_drag()
        picked, self.picked = self.picked, None
        hit = self.card_at(pos)
        if not self.m.takes_moves():
            if hit is None and not self.m.let_stand():
                self.m.hurry()  # a click on the bare felt finishes the computer's turn
            return
        if picked is not None and self._put_picked(picked, pos):
            return
        if hit is None:
            self.m.let_stand()
            return
        pid, index = hit
        if self._clickable(pid):
            self.click(pid, index)
            return
        card = self.m.shown.get(pid)[index]
        if card is None or not self.movable(pid, index):
            return
        if self.clicks.is_double(event, pid, card):
            self.click(pid, index, double=True)
            return
        home = pygame.Vector2(self.card_home(pid, index))
        self.drag = Drag(card, pid, index, pygame.Vector2(pos) - home, home.copy(), home, pos)

    def motion(self, pos: tuple[int, int]) -> None:
        self.hover = pos
        if self.drag:
            self.drag.follow(pos)

    def release(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        if drag is None:
            return
        drag.follow(pos)
        if not drag.moved:
            self.clicks.clicked(drag.src, drag.card)
            if not self.click(drag.src, drag.index) and self.moves_from(drag.src, drag.card):
                self.picked = Focus(drag.src, drag.index)  # several places: lifted, they light
            return
        self.clicks.reset()
        rect = pygame.Rect(drag.pos, self.m.layout.card)
        if not self._dropped(drag.src, drag.card, rect, {drag.card: drag.pos}):
            self.glide_back(drag)

    def _dropped(
        self, src: PileId, card: int | None, rect: pygame.Rect, starts: dict | None = None
    ) -> bool:
        """A card from ``src`` put down at ``rect``: onto a table card that only some of
        its moves take, that move (or which of those, asked); else onto the pile it
        overlaps most. True: a move made."""
        taking = self._taking(src, card, rect.center)
        if len(taking) > 1:
            self._play(taking)  # asked which of those: the card goes back meanwhile
            return False
        if taking:
            return self.m.perform(taking[0], starts)
        return self.put_down(src, self.drop_target(rect, src), card, starts)

    def _taking(self, src: PileId, card: int | None, pos: tuple[int, int]) -> list[Action]:
        """The card's moves that take the table card under ``pos``, when only some of its
        moves do (a drop onto one of the cards a choice is between chooses among them)."""
        under = self.card_at(pos)
        if under is None or card is None:
            return []
        pile = self.m.shown.get(under[0])
        hit = pile[under[1]] if 0 <= under[1] < len(pile) else None
        moves = [a for a, _ in self.moves_from(src, card)]
        taking = [a for a in moves if hit is not None and hit in self.m.state.where(a).takes]
        return taking if len(taking) < len(moves) else []

    def _put_picked(self, picked: Focus, pos: tuple[int, int]) -> bool:
        """A card lifted by a click, then a press on another place: it goes there (or the
        rules say why not); True when the press was used so."""
        src, card = picked.pile, self._card(picked)
        dst = self.drop_target(pygame.Rect(pos, (1, 1)), src)
        if (dst is None or dst == src) and not self._taking(src, card, pos):
            return False
        self.clicks.reset()
        self._dropped(src, card, pygame.Rect(pos, (1, 1)))
        return True

    def cancel_drag(self) -> None:
        """Put a lifted card straight back (a second press before the release, the menu)."""
        self.drag = None

    def pointer(self) -> Pointer:
        """What the player holds over the table now, for the view to draw (the rig asks
        once a frame)."""
        picked = self.picked
        return Pointer(
            drag=self.drag,
            lifted=self.lifted(),
            focus=self.focus,
            picked=picked,
            picked_card=self._card(picked) if picked is not None else None,
            targets=tuple(self.targets()),
            takes=self.takes(),
        )

    def lifted(self) -> tuple[PileId, int] | None:
        """The card drawn away from its place, which keeps it in its pile meanwhile (the rest
        of the pile stays put): dragged, gliding home or picked up with the keys."""
        if self.drag is not None:
            return self.drag.src, self.drag.index
        if self.m.show.glide is not None and self._gliding is not None:
            return self._gliding
        return (self.picked.pile, self.picked.index) if self.picked is not None else None

    def glide_back(self, drag: Drag) -> None:
        from game.ui.anim import Flight, Timeline

        secs = max(0.12, self.m.show.seconds * 0.8) if self.m.show.seconds else 0.0
        self.m.show.glide = Timeline([Flight(drag.card, drag.pos, drag.home, secs)])
        self._gliding = (drag.src, drag.index)
        self.m.sound("slide_back")

    # ----------------------------------------------------------------- the keyboard
    def focus_order(self) -> list[Focus]:
        """Every place the focus can go: first where something can happen now, then (a
        second sweep, for reading) the rest, each in reading order; the hand card by card."""
        places = self._places()
        live = [f for f in places if self.live(f)]
        first = live.index(self._likeliest(live)) if live else 0
        return live[first:] + live[:first] + [f for f in places if f not in live]

    def _places(self) -> list[Focus]:
        spots = sorted(self.m.layout.spots.items(), key=lambda kv: (kv[1].rect.y, kv[1].rect.x))
        out = []
        for pid, _ in spots:
            if pid.kind is PileKind.HAND and pid.seat == self.m.human:
                out += [Focus(pid, i) for i in range(len(self.m.shown.get(pid)))]
            elif pid.kind not in (PileKind.DECK,):
                out.append(Focus(pid))
        return out

    def live(self, f: Focus) -> bool:
        """Something can happen at ``f`` now: a picked card may go there, or a move starts there."""
        if self.picked is not None:
            return f.pile in self.targets() or f == self.picked
        pile = self.m.shown.get(f.pile)
        if self._clickable(f.pile):
            return self.click_moves(f.pile)
        index = f.index if f.index >= 0 else len(pile) - 1
        return index >= 0 and self.movable(f.pile, index)

    def move_focus(self, step: int) -> None:
        order = self.focus_order()
        if not order:
            return
        if self.focus not in order:
            self.focus = self.best_focus() or order[0]
            return
        self.focus = order[(order.index(self.focus) + step) % len(order)]

    def best_focus(self) -> Focus | None:
        """Where the player's next action most likely is: a card that must be placed or can
        move (the turned card, the top discard, the hand), else the player's stock."""
        places = [f for f in self._places() if self.live(f)]
        if not places:
            return None
        return self.focus if self.focus in places else self._likeliest(places)

    def _likeliest(self, live: list[Focus]) -> Focus:
        """Of the live places, a card that can move comes before turning the stock."""
        cards = [f for f in live if not self._clickable(f.pile)]
        return (cards or live)[0]

    def follow_play(self) -> None:
        """After a move: a shown focus goes where the next action most likely is."""
        if self.focus is not None and self.picked is None and self.m.takes_moves():
            self.focus = self.best_focus() or self.focus

    def settle_focus(self) -> None:
        """Once no card flies from or to the focused pile: a focus on a card that has gone
        (the hand's last card, played) moves to the pile's top card, or the pile itself;
        a focus on a place gone from the table, to the likeliest place."""
        f = self.focus
        if f is None or self.m.show.touches(f.pile):
            return
        if f.pile not in self.m.layout.spots:
            self.focus = self.best_focus()
            return
        n = len(self.m.shown.get(f.pile))
        if f.index >= n:
            self.focus = Focus(f.pile, n - 1 if n else -1)

    def focus_towards(self, dx: int, dy: int) -> None:
        """Arrow keys: the nearest live place in that direction, else the nearest at all."""
        order = self.focus_order()
        if self.focus not in order:
            self.move_focus(1)
            return
        live = [f for f in order if self.live(f)]
        best = self._nearest(live, dx, dy) or self._nearest(order, dx, dy)
        if best is not None:
            self.focus = best

    def _nearest(self, places: list[Focus], dx: int, dy: int) -> Focus | None:
        if self.focus is None:
            return None
        here = pygame.Vector2(self._centre(self.focus))
        best, best_d = None, 1e18
        for f in places:
            v = pygame.Vector2(self._centre(f)) - here
            along = v.x * dx + v.y * dy
            if f == self.focus or along <= 0:
                continue
            across = abs(v.x * dy) + abs(v.y * dx)
            d = along + 2.5 * across
            if d < best_d:
                best, best_d = f, d
        return best

    def _centre(self, f: Focus) -> tuple[float, float]:
        pile = self.m.shown.get(f.pile)
        index = f.index if f.index >= 0 else max(0, len(pile) - 1)
        x, y = self.card_home(f.pile, index)
        w, h = self.m.layout.card
        return x + w / 2, y + h / 2

    def activate(self) -> None:
        """Enter or Space: the obvious next thing. A card with one place to go goes there;
        one with several is picked up at once (the focus goes to where it most likely goes,
        so a second press puts it there); put the picked card down, turn the stock; with
        no focus, turn the stock (as its click does) or go to the card that can move;
        during a call window, let the move stand; during the
        computer's turn, hurry it. When nothing can be done, say why."""
        if not self.m.takes_moves():
            if not self.m.let_stand():
                self._why_not()
            return
        if self.focus is None:
            if self.stock_click():
                return
            self.focus = self.best_focus()
            if self.focus is None or self._clickable(self.focus.pile):
                return  # the first key shows where to play; a card that can move goes on
        f = self.focus
        assert f is not None  # a focus was found above, or the key returned
        if self.picked is not None:
            self._put_picked_down(f)
            return
        self._activate_focus(f)

    def _put_picked_down(self, f: Focus) -> None:
        """The picked card goes where the focus is (back where it was: put back)."""
        assert self.picked is not None
        src, card = self.picked.pile, self._card(self.picked)
        self.picked = None
        if f.pile != src:
            self.put_down(src, f.pile, card)
        else:
            self._tell("message.card_put_back")

    def _activate_focus(self, f: Focus) -> None:
        """The focused pile's one move, or its card picked up, or why nothing can be done."""
        pile = self.m.shown.get(f.pile)
        index = f.index if 0 <= f.index < len(pile) else len(pile) - 1
        only = None if self.live(f) else self._only_click()
        if only is not None:  # the hint line's "press Space": the one move there is
            self.focus = f = Focus(only)
            index = -1
        if self._clickable(f.pile):
            if not self.click(f.pile, index):
                self._nothing_here()
            return
        if index >= 0 and self.movable(f.pile, index):
            moves = self.moves_from(f.pile, pile[index])
            if len({dst for _, dst in moves}) == 1 and self.click(f.pile, index):
                return  # one place to go at all (no fault either): one key
            self.picked = Focus(f.pile, index)
            self.focus = self._likely_target() or self.focus
            return
        self._nothing_here()

    def _only_click(self) -> PileId | None:
        """The pile whose click makes every move the player has (their stock, when turning
        is all they can do), or None."""
        where = self.m.state.where
        srcs = {where(a).src for a in self.m.my_actions()}
        src = srcs.pop() if len(srcs) == 1 else None
        return src if src is not None and self._clickable(src) and self.click_moves(src) else None

    def key_path(self, action: Action) -> KeyPath | None:
        """The keys that make ``action`` now (None: a call, or a move the keys cannot make,
        which its own key or button makes)."""
        letter = next((mv.key for mv in self.m.spec.moves if action in mv.actions), None)
        if letter is not None:
            return KeyPath(letter=letter)
        where = self.m.state.where(action)
        src = where.src
        if action.is_call or src is None or src not in self.m.layout.spots:
            return None
        pile = self.m.shown.get(src)
        index = pile.index(where.card) if where.card in pile else len(pile) - 1
        moves = self.moves_from(src, where.card)
        clickable = self._clickable(src)
        one = action in self.one_place(moves, faults_too=clickable)
        hand = src.kind is PileKind.HAND and src.seat == self.m.human
        if hand and index < 9 and one:
            return KeyPath(number=index + 1)
        here = Focus(src, index if hand else -1)
        if self.focus is None and self._first() is not None:  # Enter turns the stock
            tab = not (clickable and self._first() == where)
        else:  # Enter acts on the focus, or on where it would go first
            tab = (self.focus or self.best_focus()) != here
        if clickable or (one and len({dst for _, dst in moves}) == 1):
            return KeyPath(src=src, tab=tab)
        targets = {dst: a for a, dst in moves if dst is not None and dst != src}
        likely = self._likely_target(targets)
        twice = likely is not None and likely.pile == where.dst
        return KeyPath(src=src, tab=tab, twice=twice, dst=None if twice else where.dst)

    def _first(self) -> Where | None:
        """What Enter with no focus makes: a click's move (the stock's turn: stock_click)."""
        where = self.m.state.where
        acts = [a for a in self.m.my_actions() if (w := where(a)).src and self._clickable(w.src)]
        return where(acts[0]) if acts else None

    def _likely_target(self, targets: dict[PileId, Action] | None = None) -> Focus | None:
        """Where the picked card most likely goes: a place that is no fault, where the hint
        sends it, else a place that is not the player's own (a card is got rid of), else
        the first legal one (``targets``: the places of a card not yet picked up)."""
        hint = self.m.hint
        hinted = self.m.state.where(hint.action).dst if hint and not hint.action.is_call else None
        targets = self.targets() if targets is None else targets
        if not targets:
            return None
        fault = self.m.spec.fault
        clean = {p for p, a in targets.items() if not fault(self.m.state, a)}
        return Focus(
            min(targets, key=lambda p: (p not in clean, p != hinted, p.seat == self.m.human))
        )

    def _nothing_here(self) -> None:
        """The focused place has no move: say so, and move the focus where there is one.
        A move a lesson refused is a move all the same: the lesson says why, alone."""
        if self.m.veto_seen():
            return
        self.m.say(lambda: say("message.nothing_here"))
        self.focus = self.best_focus() or self.focus

    def _why_not(self, hurry: bool = True) -> None:
        """Enter or Space while the player may not move: hurry the computer, or the phase
        says why."""
        m = self.m
        if hurry and m.hurry():
            return
        why = says.why_not(m, m.phase)
        if why is not None:
            m.say(why)

    def number_key(self, n: int) -> None:
        """1-9: the n-th card of the human's hand is clicked (played when it has one move)."""
        pid = PileId(PileKind.HAND, self.m.human)
        hand = self.m.shown.get(pid) if pid in self.m.layout.spots else []
        if 0 <= n < len(hand):
            self.focus = Focus(pid, n)
            if not self.m.takes_moves():
                self._why_not(hurry=False)
            elif not self.click(pid, n):
                self._nothing_here()

    def escape(self) -> bool:
        """Esc: put a keyboard-picked card down, else clear the focus (True when that is
        all it did); a mouse drag is put back, and the game menu may open too."""
        self.cancel_drag()
        if self.picked is not None:
            self.picked = None
            self._tell("message.card_put_back")
            return True
        if self.focus is not None:
            self.focus = None
            self._tell("message.focus_cleared")
            return True
        return False

    def _tell(self, key: str) -> None:
        """A note about the focus or the picked card, true only while they stay as it says."""
        self.m.say(lambda: say(key))
        self._told = (self.m.note, self.focus, self.picked)

    def forget_stale_note(self) -> None:
        """A note about the focus goes once the focus or the picked card has changed."""
        if self._told is None:
            return
        note, focus, picked = self._told
        if self.m.note is not note:
            self._told = None
        elif (self.focus, self.picked) != (focus, picked):
            self.m.unsay(note)
            self._told = None
