"""The replay viewer: a hand's record shown on the table, move by move.

Step forward and back, play and pause at the chosen pace, jump to any move with
the slider, and show every hand face up or only what the player saw. The table is
the same model and view as in play, with nobody to move: the viewer makes each
recorded move through the referee, so the log, the animation and the sounds are
the game's own. A record that cannot be shown says why, in the record checker's words.
"""

from __future__ import annotations

from functools import partial

import pygame

from game.core.drawable import drawable
from game.core.match import Match
from game.core.referee import Referee
from game.core.spec import GameSpec
from game.core.types import Action
from game.games import spec_of
from game.record import OK, replay
from game.session import replay_record
from game.store.settings import Settings, settings_dir
from game.text import say
from game.text.log_lines import event_lines
from game.ui import cardart, theme
from game.ui.record_words import NBSP, move_number, move_words
from game.ui.scene import Scene
from game.ui.table.input.pointer import Pointer
from game.ui.table.model.hint_state import PULSE_SECONDS
from game.ui.table.rig import RigDirector, TableRig
from game.ui.table.view import hint_arrow
from game.ui.widgets import Button, Cycler, FocusRing, Slider, text_of

PACES = ("slow", "normal", "fast")
COMPARE = (theme.RED_LIGHT, theme.HINT)  # the move played, the better move (the hint's colour)
LEGEND = ("replay.played", "replay.better")
DELAY = {"slow": 1.4, "normal": 0.7, "fast": 0.25}


class ReplayDirector(RigDirector):
    """A replay's table: nobody acts, each move is said as it is shown, and the scene's
    own boxes cover the side panel's top and foot (``panel_room``)."""

    watching = True


class ReplayScene(Scene):
    """One record on the table; ``seat`` is the player whose view "as seen" shows;
    ``deal`` the hand's deal number where known (a record file does not say it)."""

    name = "replay"

    def __init__(
        self,
        app,
        record: dict,
        seat: int = 0,
        back: Scene | None = None,
        start: int = 0,
        deal: int | None = None,
        compare: tuple[Action, Action] | None = None,
    ) -> None:
        super().__init__(app)
        self.record = record
        self.deal = deal
        self.compare = compare  # (move played, better move) at ``start``: the coach's arrows
        self.compare_at = start
        self.back_to = back
        self.seat = seat
        self.rig: TableRig | None = None
        self.art = cardart.CardArt()
        checked = replay(record)
        # the error quotes the record (a move as written there): drawable before shown
        self.problem = None if checked.status == OK else drawable(checked.error)
        if checked.state is None:
            self.problem = self.problem or "?"
            self.actions: list[Action] = []
        else:
            self.spec: GameSpec = spec_of(record["game"])
            self.actions = [self.spec.parse_action(a) for a in record["actions"][: checked.applied]]
            self.options = Settings(
                pace="normal", highlights=False, auto_play=False, call_window=0.0
            )
            self._build(0)
        self.playing = False
        self.timer = 0.0
        self.pace = "normal"
        self._controls()
        if self.model is not None and self.problem:
            broken = move_number(len(self.actions))
            self.note = say("replay.broken_at", k=broken, detail=self.problem)
        if self.model is not None and start:
            self.jump(start)

    def leave(self) -> None:
        if self.rig is not None:
            self.rig.leave()

    # ----------------------------------------------------------------- the table
    def _build(self, moves: int) -> None:
        """A table at move ``moves`` of the record, nobody to play."""
        spec = self.spec
        state = replay_record(
            spec, {**self.record, "actions": [str(a) for a in self.actions[:moves]]}
        )
        players = state.players
        match = Match(spec, players, state.options, seed=0, target=None)
        # a record that does not say its deal is replayed under none (the panel says so); a
        # played match always has its number, hence the core's int
        match.deal_no = self.deal  # type: ignore[assignment]
        match.hand_no = (-self.seat) % players
        match.hand = state
        referee = Referee(state, [None] * players, match)
        if self.rig is not None:
            self.rig.leave()
        self.director = ReplayDirector()
        self.rig = TableRig(
            self.app, spec, match, referee, lambda: self.options, self.director, art=self.art
        )
        self.model.settle()
        self.k = moves

    model = property(lambda self: self.rig.model if self.rig is not None else None)
    view = property(lambda self: self.rig.view)

    def _controls(self) -> None:
        n = max(1, len(self.actions))
        self.first_btn = Button("|◀", lambda: self.jump(0), help_text=lambda: say("replay.first"))
        self.back_btn = Button("◀", self.step_back, help_text=lambda: say("replay.back"))
        self.play_btn = Button(
            lambda: "❚❚" if self.playing else "▶", self.toggle, help_text=lambda: say("replay.play")
        )
        self.next_btn = Button("▶|", self.step, help_text=lambda: say("replay.next"))
        self.last_btn = Button("▶▶|", lambda: self.jump(len(self.actions)))
        self.slider = Slider(
            lambda: self.move_says("replay.move"),
            0.0,
            lambda v: self.jump(round(v * n)),
        )
        self.faces = Button(
            lambda: say(
                "replay.show_seen"
                if self.model and self.model.stage.reveal_all
                else "replay.show_all"
            ),
            self._toggle_faces,
        )
        self.pace_box = Cycler(
            "", PACES, [partial(say, f"settings.pace.{p}") for p in PACES], "normal", self._pace
        )
        self.pace_box.label_frac = 0.0
        self.export_btn = Button(lambda: say("button.export"), self.export)
        self.close_btn = Button(lambda: say("button.back"), self.leave_screen)
        self.widgets_all = [
            self.first_btn,
            self.back_btn,
            self.play_btn,
            self.next_btn,
            self.last_btn,
            self.slider,
            self.faces,
            self.pace_box,
            self.export_btn,
            self.close_btn,
        ]
        self.ring = FocusRing(lambda: self.widgets_all if self.model else [self.close_btn])
        self.note = ""
        self.note_good = False  # a note is trouble (red) unless it tells of something done

    def _toggle_faces(self) -> None:
        stage = self.model.stage
        stage.face_up(not stage.reveal_all)
        self.app.speak(say("speech.replay.all" if stage.reveal_all else "speech.replay.seen"))

    def _pace(self, pace: str) -> None:
        self.pace = pace
        self.options.pace = pace

    # ----------------------------------------------------------------- moving
    def step(self) -> bool:
        """The next recorded move, shown as it was played (past the last: says so)."""
        if self.model is None or self.k >= len(self.actions):
            self._at_end(forward=True)
            return False
        action = self.actions[self.k]
        state = self.model.state
        by = action.by(state.to_move)
        events = self.model.referee.apply(action, by)
        self.model.apply_events(events, action)
        self.k += 1
        return True

    def step_back(self) -> None:
        self.jump(self.k - 1)

    def _at_end(self, forward: bool) -> None:
        """Asked to go past the last move or before the first: the table stays, and the
        voice says where it is instead of falling silent or saying the same move again."""
        self.playing = False
        if self.model is not None and self.app.scene is self:
            self.app.speak(say("speech.replay.last" if forward else "speech.replay.first"))

    def jump(self, k: int) -> None:
        """Straight to the position after ``k`` moves, without animation (and, read aloud,
        the move number and the move that led there); from an end towards or past itself,
        that it is the end."""
        if self.rig is None:
            return
        n = len(self.actions)
        at_first, at_last = self.k == 0 and k <= 0, self.k == n and k >= n
        if at_first or at_last:
            self._at_end(forward=not at_first)
            return
        k = max(0, min(n, k))
        reveal = self.model.stage.reveal_all
        self._build(k)
        self.model.stage.face_up(reveal)
        self.rig.resize(self.app.size)
        if self.app.scene is self and self.app.voice.on:
            self.app.speak(self.position_words())

    def shown_move(self) -> int:
        """The number of the move the screen is about (:func:`move_number`, as the review
        counts): where the review opened it, the move judged, about to be made; else the
        last move made (0: none yet)."""
        if self.judging:
            return move_number(self.compare_at)
        return move_number(self.k - 1) if self.k else 0

    @property
    def judging(self) -> bool:
        """At the position the review opened: the move judged is still to be made."""
        return self.compare is not None and self.k == self.compare_at

    def move_says(self, key: str) -> str:
        """``key``'s words for the move shown: "before move 17" where the judged move is
        still to be made, so no two positions ever bear one number."""
        key = f"{key}.before" if self.judging else key
        return say(key, k=self.shown_move(), n=len(self.actions))

    # ----------------------------------------------------------------- read aloud
    def last_move_words(self) -> str:
        """The move that led to the position shown, as the ear hears it from the log (a step
        forward says the same words)."""
        if self.model is None or self.k == 0:
            return ""
        before = [str(a) for a in self.actions[: self.k - 1]]
        state = replay_record(self.spec, {**self.record, "actions": before})
        events = state.apply(self.actions[self.k - 1])
        namer = self.model.namer
        lines = event_lines(events, namer, self.model.show.show_faults)
        return ". ".join(w for w in (line.heard(namer) for line in lines) if w)

    def position_words(self) -> str:
        """ "Move 12 of 40. North plays the 7 of hearts"; where the review opened the viewer,
        the move played and the better one too."""
        parts = [self.move_says("speech.replay.move")]
        parts.append(self.last_move_words())
        if self.judging and self.compare is not None:
            parts += [
                say(key, move=move_words(self.record, self.k, action, self.seat))
                for action, key in zip(self.compare, LEGEND, strict=True)
            ]
        return ". ".join(p for p in parts if p).replace(NBSP, " ")

    def spoken(self) -> str:
        """What the viewer says as it comes on screen."""
        if self.model is None:
            return ". ".join((say("replay.broken"), self.problem or ""))
        parts = [say("speech.scene.replay"), self.position_words(), self.note]
        return ". ".join(p for p in parts if p)

    def toggle(self) -> None:
        """Play or pause; at the last move, nothing to play: said so."""
        if not self.playing and self.model is not None and self.k >= len(self.actions):
            self._at_end(forward=True)
            return
        self.playing = not self.playing and self.k < len(self.actions)
        self.timer = 0.0

    def export(self) -> None:
        """The hand as a record file in the preference folder's ``exports``."""
        import time

        from game import export

        try:
            stem, data = time.strftime("hand-%Y%m%d-%H%M%S"), export.json_bytes(self.record)
            path = export.new_file(settings_dir(), stem, ".json", data)
            self.note = say("replay.exported", path=str(path))
            self.note_good = True
        except OSError as err:
            self.note = say("replay.export_failed", detail=err.strerror or str(err))
            self.note_good = False
        self.app.speak(self.note)

    def leave_screen(self) -> None:
        if self.back_to is not None:
            self.app.show(self.back_to)
        else:
            self.app.goto("history")

    # ----------------------------------------------------------------- frame
    @property
    def active(self) -> bool:
        return self.playing or (self.model is not None and self.model.show.busy)

    def resize(self, size: tuple[int, int]) -> None:
        """Moving through the hand along the message line; the other controls at the top of
        the side panel, where the match score would be."""
        w, h = size
        if self.rig is not None:
            self.rig.resize(size)
            bar = self.model.layout.areas["message"]
            side = self.model.layout.areas["panel"]
        else:
            bar = pygame.Rect(0, h - 60, w, 50)
            side = pygame.Rect(w // 2 - 120, h - 160, 240, 140)
        x, y, bh = bar.x + 6, bar.y + 3, bar.h - 6
        readable = theme.font(theme.READABLE, True).size(text_of(self.last_btn.label))[0]
        small = max(int(bh * 1.7), readable + max(14, bh // 2) + 2)
        for b in (self.first_btn, self.back_btn, self.play_btn, self.next_btn, self.last_btn):
            b.rect = pygame.Rect(x, y, small, bh)
            x += small + 4
        self.slider.rect = pygame.Rect(x + 8, y, bar.right - x - 16, bh)
        self.slider.label_frac = 0.3
        row = max(26, min(44, side.h // 14))
        gap = row // 4
        self.side_box = pygame.Rect(side.x, side.y, side.w, 4 * (row + gap) + gap * 3)
        inner = self.side_box.inflate(-16, -2 * gap)
        for i, wdg in enumerate((self.faces, self.pace_box, self.export_btn, self.close_btn)):
            wdg.rect = pygame.Rect(inner.x, inner.y + i * (row + gap), inner.w, row)
        if self.model is None:
            self.close_btn.rect = pygame.Rect(w // 2 - 110, h - 80, 220, 44)

    def update(self, dt: float) -> None:
        if self.rig is None:
            return
        self.slider.value = self.k / max(1, len(self.actions))
        self.rig.update(dt)
        if not self.playing or self.model.show.busy:
            return
        self.timer += dt
        if self.timer >= DELAY[self.pace]:
            self.timer = 0.0
            self.step()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.leave_screen()
                return
            keys = {
                pygame.K_HOME: lambda: self.jump(0),
                pygame.K_END: lambda: self.jump(len(self.actions)),
                pygame.K_PAGEUP: lambda: self.jump(self.k - 10),
                pygame.K_PAGEDOWN: lambda: self.jump(self.k + 10),
            }
            if self.model is not None and event.key in keys:
                keys[event.key]()
                return
            if self.model is not None and not self.ring.shown:
                if event.key == pygame.K_RIGHT:
                    self.step()
                    return
                if event.key == pygame.K_LEFT:
                    self.step_back()
                    return
                if event.key == pygame.K_SPACE:
                    self.toggle()
                    return
        if self.ring.handle(event):
            return
        for w in self.widgets_all if self.model is not None else [self.close_btn]:
            if w.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        self.ring.sync()
        if self.model is None:
            self._draw_problem(surface)
            return
        comparing = self.judging
        side = self.model.layout.areas["panel"]
        foot = self._legend_box().h + 12 if comparing else 0
        self.director.panel_room = (self.side_box.bottom - side.y + 6, foot)  # the log between
        self.view.draw(surface, Pointer())  # nothing is held over a replay: it takes no input
        bar = self.model.layout.areas["message"]
        theme.veil(surface, bar, 160)
        if comparing:
            self._draw_compare(surface)
        pygame.draw.rect(surface, theme.PANEL, self.side_box)
        pygame.draw.line(
            surface, theme.PANEL_EDGE, self.side_box.bottomleft, self.side_box.bottomright, 2
        )
        for w in self.widgets_all:
            w.draw(surface)
        top = self.model.layout.areas["topbar"]
        words = self.note or self.move_says("replay.title")
        theme.text(
            surface,
            words,
            int(top.h * 0.45),
            theme.news(self.note_good) if self.note else theme.HINT,
            (top.right - 16, top.centery),
            "midright",
            True,
            width=top.w // 3,
        )

    def _legend_size(self) -> int:
        return max(15, int(self.model.layout.areas["topbar"].h * 0.42))

    def _legend_box(self) -> pygame.Rect:
        """The legend's place at the side panel's foot (the move log ends above it)."""
        side, high = self.model.layout.areas["panel"], int(self._legend_size() * 3.2)
        return pygame.Rect(side.x + 6, side.bottom - high - 6, side.w - 12, high)

    def _draw_compare(self, surface: pygame.Surface) -> None:
        """The coach's two moves: the one played and the better one, each with its arrow
        (or ring, for a move without a target) and a line of legend at the side panel's foot."""
        card = self.model.layout.card
        size = self._legend_size()
        lines = []
        clear = self.view.hint_clear_of()  # the arrows go round badges and labels ("Yer boş")
        if self.compare is None:
            return
        for action, colour, key in zip(self.compare, COMPARE, LEGEND, strict=True):
            src, dst = self.view.move_rects(action)
            for rect in (src, dst):
                if rect is not None:
                    hint_arrow.ring(surface, rect, card, 1.0, colour)
            if src is not None and dst is not None:
                hint_arrow.arrow(surface, src, dst, card, PULSE_SECONDS, colour, clear)
            words = say(key, move=move_words(self.record, self.k, action, self.seat))
            lines.append((theme.rendered(words, size, colour), colour))
        box = self._legend_box()
        theme.veil(surface, box, 150, 8)
        for i, (img, colour) in enumerate(lines):
            y = box.y + box.h * (0.28 + 0.46 * i)
            pygame.draw.circle(surface, colour, (box.x + size * 0.6, y), max(4, size // 3))
            if img.get_width() > box.w - size * 1.6:
                img = pygame.transform.smoothscale_by(img, (box.w - size * 1.6) / img.get_width())
            surface.blit(img, img.get_rect(midleft=(box.x + size * 1.2, y)))

    def _draw_problem(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(cardart.felt((w, h)), (0, 0))
        theme.text(
            surface,
            say("replay.broken"),
            int(h * 0.05),
            theme.GOLD,
            (w // 2, h // 4),
            "center",
            True,
            width=w - 80,
        )
        img = theme.wrapped(self.problem or "", int(h * 0.03), theme.RED_LIGHT, int(w * 0.7))
        surface.blit(img, img.get_rect(midtop=(w // 2, h // 3)))
        self.close_btn.draw(surface)
