"""Drawing the table, and finding what is drawn where (for the controller's hit tests).

The view reads the model and the buttons, and is handed the player's hold on the table
(:class:`~game.ui.table.input.pointer.Pointer`: a card dragged or picked up, the focus) with
each frame; it never changes any of them. It draws by the piles' roles, never by game.
"""

from __future__ import annotations

import pygame

from game.core.types import Action, PileId, PileKind
from game.text import say
from game.text.words import phrase
from game.ui import cardart, theme
from game.ui.layer import Layer
from game.ui.table.input.buttons import TableControls
from game.ui.table.input.gestures import Drag
from game.ui.table.input.pointer import Focus, Pointer
from game.ui.table.model.shown_piles import shows_face
from game.ui.table.model.table_model import TableModel
from game.ui.table.view import banners, hint_arrow, labels, marks, panel
from game.ui.widgets import Button

BADGED = (PileKind.TABLE, PileKind.DISCARD)  # piles that show their count on a badge

Glow = tuple  # (rect, colour, drop[, strength]): the arguments of TableView._glow
Painted = list[pygame.Rect]  # where a frame drew over the table layer


def cover(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Rects that cover all of ``rects``, with fewer pixels twice: one inside another (a card
    inside its shadow, cards landed on one another) is dropped, and two that overlap become
    their union where that has no more pixels than both. Copying each is a large blit."""
    out: list[pygame.Rect] = []
    for rect in sorted(rects, key=lambda r: r.w * r.h, reverse=True):
        if rect.w <= 0 or rect.h <= 0:
            continue
        for i in rect.collidelistall(out):
            kept = out[i]
            both = kept.union(rect)
            if both.w * both.h <= kept.w * kept.h + rect.w * rect.h:
                out[i] = both
                break
        else:
            out.append(rect)
    return out


class TableView:
    """Draws one table; answers where cards are."""

    def __init__(self, model: TableModel, art: cardart.CardArt) -> None:
        self.m = model
        self.art = art
        self.controls: TableControls | None = None
        self._background: tuple | None = None
        self._cards = Layer()
        self._panel = Layer()
        self._bars = panel.Bars()
        self._under_words = 0  # counts the table layer's redraws under the message line
        self.label_words: dict[str, pygame.Rect] = {}  # where each seat's and count's words went
        self.banner_box: pygame.Rect | None = None  # the last banner drawn, and its words
        self.banner_words: list[pygame.Rect] = []
        self.mark_tags: list[pygame.Rect] = []  # where the "played for you" tags went
        self._lifted: tuple[PileId, int] | None = None  # this frame's card away from its place
        self.painted: Painted = []  # where the last frame drew over the table layer
        self._changed: Painted | None = None  # the table layer's redrawn parts (None: all)
        self._laid_on: tuple | None = None  # the surface (and layout) the last frame went on

    # ----------------------------------------------------------------- where things are
    @property
    def layout(self):
        return self.m.layout

    def card_rects(self, pid: PileId) -> list[tuple[int, pygame.Rect]]:
        """(index, rect) of each card of a pile that can be seen, bottom to top."""
        spot = self.layout.spots[pid]
        pile = self.m.shown.get(pid)
        n = len(pile)
        cards = range(spot.first_seen(n), n)
        return [(i, pygame.Rect(spot.card_pos(i, n), self.layout.card)) for i in cards]

    def card_at(self, pos: tuple[int, int]) -> tuple[PileId, int] | None:
        """The pile and index of the topmost card under ``pos`` (an empty stock counts)."""
        for pid in self.layout.spots:
            for i, rect in reversed(self.card_rects(pid)):
                if rect.collidepoint(pos):
                    return pid, i
        for pid, spot in self.layout.spots.items():
            if self.layout.role(pid).clickable and spot.area.collidepoint(pos):
                return pid, -1
        return None

    def card_home(self, pid: PileId, index: int) -> tuple[float, float]:
        spot = self.layout.spots[pid]
        n = len(self.m.shown.get(pid))
        return spot.card_pos(index, max(n, index + 1))

    def drop_target(self, rect: pygame.Rect, src: PileId) -> PileId | None:
        """The pile the dragged card overlaps most (piles that can take cards only)."""
        best, best_area = None, 0
        for pid, spot in self.layout.spots.items():
            if not self.layout.role(pid).drop and pid != src:
                continue
            n = len(self.m.shown.get(pid))
            target = spot.rect.union(pygame.Rect(spot.top_pos(max(0, n - 1)), self.layout.card))
            clip = rect.clip(target)
            if clip.w * clip.h > best_area:
                best, best_area = pid, clip.w * clip.h
        return best

    def pile_top_rect(self, pid: PileId) -> pygame.Rect:
        spot = self.layout.spots[pid]
        n = len(self.m.shown.get(pid))
        return pygame.Rect(spot.card_pos(max(0, n - 1), max(1, n)), self.layout.card)

    def hint_rects(self) -> tuple[pygame.Rect | None, pygame.Rect | None]:
        """Where the hint glows: the card to move and the pile it goes to (None: nothing)."""
        hint = self.m.hint
        if hint is None:
            return None, None
        return self.move_rects(hint.action)

    def move_rects(self, action: Action) -> tuple[pygame.Rect | None, pygame.Rect | None]:
        """The card a move of the seat to move takes and the pile it goes to (None: none)."""
        marks = self.m.hint_marks(action)
        card, src, dst = None, marks.src, marks.target
        if src is not None and src in self.layout.spots:
            rects = dict(self.card_rects(src))
            card = rects.get(marks.index, self.layout.spots[src].rect)
        if dst is None or dst not in self.layout.spots:
            return card, None
        return card, dict(self.card_rects(dst)).get(marks.at, self.pile_top_rect(dst))

    def focus_rect(self, focus: Focus | None) -> pygame.Rect | None:
        """Where the keyboard ``focus`` is framed (None: nowhere to frame)."""
        if focus is None or focus.pile not in self.layout.spots:
            return None
        pile = self.m.shown.get(focus.pile)
        index = focus.index if 0 <= focus.index < len(pile) else len(pile) - 1
        if index < 0:  # an empty place is framed only where a click does something
            clickable = self.layout.role(focus.pile).clickable
            return self.layout.spots[focus.pile].rect.copy() if clickable else None
        return pygame.Rect(self.card_home(focus.pile, index), self.layout.card)

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, pointer: Pointer, again: bool = False) -> None:
        """One frame of the table, with what the player holds over it (``pointer``, given
        each frame). ``again``: the surface still holds this view's last frame
        and nothing was drawn over it since (the scene knows: see ``App.shows_alone``); then
        only what that frame drew over the table layer, and what changed in the layer, is
        laid afresh, not the whole window. Every overlay is drawn each frame all the same,
        and where it goes is kept (:attr:`painted`) for the next frame to clear."""
        with self.m.one_phase():
            holding, self._lifted = pointer.holding, pointer.lifted
            table = self._table(holding)
            whole = self._lay(surface, table, again)
            line = self.layout.areas["message"]
            if self._changed is None or line.collidelist(self._changed) >= 0:
                self._under_words += 1
            before = None if whole else self.painted
            self.painted = self._overlays(surface, pointer, before, table)

    def _overlays(
        self,
        surface: pygame.Surface,
        pointer: Pointer,
        before: Painted | None,
        table: pygame.Surface | None = None,
    ) -> Painted:
        """Everything over the table layer, in order; returns where it went. ``before``:
        where the last frame drew, on a screen that still shows it (None: laid whole);
        ``table``: the table layer, which the message line's picture is made from."""
        holding = pointer.holding
        out = [self._glow(surface, *glow) for glow in self._glows(holding, behind=False)]
        for rect in self.m.card_rects(pointer.takes).values():
            out.append(self._glow(surface, rect, theme.LEGAL, True))
        if self.m.hint is not None and holding is None:
            out += self._hint_marks(surface)
        out += self._landed(surface)
        self.mark_tags = marks.draw(self.m, self.pile_top_rect, surface, out)
        self.label_words = labels.draw(self.m, surface, out)
        out += self._hand_keys(surface) + self._flights(surface)
        out += self._picked(surface, pointer) + self._drag(surface, pointer.drag)
        out += self._focus(surface, pointer.focus) + self._peeks(surface) + self._banners(surface)
        over = None if before is None else before + out  # what may lie on the side panel
        felt = None if table is None else (table, self._under_words, out)
        out += panel.draw(self.m, self.controls, surface, self._panel, over, felt, self._bars)
        return out

    def _lay(self, surface: pygame.Surface, table: pygame.Surface, again: bool) -> bool:
        """The table layer onto ``surface``: all of it, or (``again``, on the surface and
        layout of the last frame, the layer not redrawn whole) only where the last frame's
        overlays lay and where the layer changed. The top bar and the side panel are left
        out: they are drawn whole and opaque over it every frame. True: laid whole."""
        laid_on = (id(surface), surface.get_size(), id(self.layout), self.layout.size)
        changed, before, self._laid_on = self._changed, self._laid_on, laid_on
        if not again or changed is None or before != laid_on:
            surface.blit(table, (0, 0))
            return True
        areas = self.layout.areas
        room = areas["table"].union(areas["message"])  # the window less top bar and panel
        for rect in cover([room.clip(r) for r in self.painted + changed]):
            surface.blit(table, rect, rect)
        return False

    def _table(self, holding: tuple[PileId, ...] | None) -> pygame.Surface:
        """The felt, the glows behind cards and the cards lying still, as one layer.
        When only some piles or glows changed, only their places are drawn again; when a
        pile's place comes or goes (the deck after the deal), all of it is."""
        glows = tuple(self._glows(holding, behind=True))
        piles = {pid: (tuple(self.m.shown.get(pid)), self._lifted_from(pid))
                 for pid in self.layout.spots}  # fmt: skip
        art = (self.art.size, self.art.faces, self.art.back_name)
        base = (id(self.layout), tuple(self.layout.spots), self.layout.size, art)

        def draw(layer: pygame.Surface, old: object) -> None:
            if not isinstance(old, tuple) or old[0] != base:
                self._table_part(layer, glows, None)
                self._changed = None
                return
            dirty = []
            for pid, now in piles.items():
                if old[1][pid] != now:
                    dirty += self._moved(pid, old[1][pid], now)
            if glows != old[2]:
                reach = 2 * cardart.reach(self.layout.card)
                dirty += [pygame.Rect(g[0]).inflate(reach, reach) for g in old[2] + glows]
            dirty = cover(dirty)
            for rect in dirty:
                self._table_part(layer, glows, rect)
            self._changed = dirty

        self._changed = []  # (unless the layer is redrawn)
        return self._cards.get((base, piles, glows), self.layout.size, draw)

    def _lifted_from(self, pid: PileId) -> int | None:
        """The index of the card lifted from ``pid`` (dragged, gliding home, picked up with the
        keys): it is drawn away from its place, not in it too."""
        lifted = self._lifted
        if lifted is None or lifted[0] != pid:
            return None
        n = len(self.m.shown.get(pid))
        return lifted[1] % n if n and -n <= lifted[1] < n else None

    def _table_part(self, layer: pygame.Surface, glows: tuple, clip: pygame.Rect | None) -> None:
        """Draw the table layer again, all of it or only inside ``clip``."""
        layer.set_clip(clip)
        area = clip or layer.get_rect()
        layer.blit(self._felt(), area, area)
        for glow in glows:
            self._glow(layer, *glow)
        for pid in self.layout.spots:
            if clip is None or self._bounds(pid).colliderect(clip):
                self._pile(layer, pid)
        layer.set_clip(None)

    def _bounds(self, pid: PileId) -> pygame.Rect:
        """Everything a pile can cover, its shadows included."""
        reach = cardart.reach(self.layout.card)
        return self.layout.spots[pid].area.inflate(2 * reach, 2 * reach)

    def _felt(self) -> pygame.Surface:
        """The felt with the empty piles' places on it, made once per layout."""
        key = (id(self.layout), tuple(self.layout.spots), self.layout.size)
        if self._background is None or self._background[0] != key:
            image = cardart.felt(self.layout.size).copy()
            for pid, spot in self.layout.spots.items():
                role = self.layout.role(pid)
                if not role.slot:
                    continue
                words = say(role.slot_words) if role.slot_words else None
                image.blit(cardart.slot(self.layout.card, spot.mark, words), spot.rect)
            self._background = (key, image)
        return self._background[1]

    def _pile(self, surface: pygame.Surface, pid: PileId) -> None:
        pile = self.m.shown.get(pid)
        if not pile:
            return
        for rect, card, face, shadowed in self._pile_cards(
            pid, tuple(pile), self._lifted_from(pid)
        ):
            picture = self.art.picture(card, face)
            if shadowed:
                self._shadowed(surface, rect.topleft, 0.25, (picture, rect.topleft))
            surface.blit(picture, rect)
        if self.layout.spots[pid].stack or pid.kind in BADGED:
            self._badge(surface, pid, self.m.stage.count(pid))

    def _pile_cards(
        self, pid: PileId, pile: tuple, lifted: int | None
    ) -> list[tuple[pygame.Rect, int | None, bool, bool | None]]:
        """What a pile of ``pile`` draws, bottom first: each card's rect, value, whether
        face up and whether shadowed (None: the pack's bottom card, a face, unshadowed)."""
        spot = self.layout.spots[pid]
        n = len(pile)
        out: list[tuple[pygame.Rect, int | None, bool, bool | None]] = []
        is_pack = pid.kind is PileKind.PACK
        if is_pack and n and pile[0] is not None:
            out.append((spot.rect, pile[0], True, None))
        for i in range(spot.first_seen(n), n):
            if (spot.stack and i % 4 != 3 and i != n - 1) or i == lifted:
                continue
            rect = pygame.Rect(spot.card_pos(i, n), self.layout.card)
            if is_pack and spot.peek and (i > 0 or pile[0] is None):
                rect = rect.move(spot.peek)
            elif is_pack and i == 0:
                continue
            out.append((rect, pile[i], shows_face(pid, i, pile[i]), i == n - 1 or not spot.stack))
        return out

    def _moved(self, pid: PileId, old: tuple, now: tuple) -> list[pygame.Rect]:
        """Where a pile's drawing changed from ``old`` to ``now`` (its cards, and which is
        lifted): each card drawn otherwise (by its place in the order), with its shadow,
        and its count badge."""
        was, will = self._pile_cards(pid, *old), self._pile_cards(pid, *now)
        reach = 2 * cardart.reach(self.layout.card)
        out = [
            pygame.Rect(item[0]).inflate(reach, reach)
            for k in range(max(len(was), len(will)))
            if (a := was[k] if k < len(was) else None) != (b := will[k] if k < len(will) else None)
            for item in (a, b)
            if item is not None
        ]
        if self.layout.spots[pid].stack or pid.kind in BADGED:
            out.append(self.badge(pid, 888)[1].inflate(4, 4))  # (as wide as any count)
        return out

    def _shadowed(
        self,
        surface: pygame.Surface,
        pos,
        strength: float,
        card: tuple[pygame.Surface, tuple[float, float]] | None = None,
    ) -> pygame.Rect:
        """A card's shadow at ``pos``; returns where it went. ``card``: the picture drawn
        over it next and where: the shadow is laid only round what that picture hides."""
        img, off = cardart.shadow(self.layout.card, round(strength, 2))
        at = pygame.Rect((pos[0] + off[0], pos[1] + off[1]), img.get_size())
        inside = cardart.solid_inside(card[0]) if card is not None else None
        if card is None or inside is None:
            return surface.blit(img, at)
        hole = inside.move(pygame.Rect(card[1], (0, 0)).topleft).clip(at)
        if not hole.w or not hole.h:
            return surface.blit(img, at)
        for part in (
            (at.x, at.y, at.w, hole.y - at.y),
            (at.x, hole.bottom, at.w, at.bottom - hole.bottom),
            (at.x, hole.y, hole.x - at.x, hole.h),
            (hole.right, hole.y, at.right - hole.right, hole.h),
        ):
            strip = pygame.Rect(part)
            if strip.w > 0 and strip.h > 0:
                surface.blit(img, strip, strip.move(-at.x, -at.y))
        return at.clip(surface.get_clip())

    def _badge(self, surface: pygame.Surface, pid: PileId, n: int) -> None:
        """The number of cards in a pile, on its top card's corner."""
        img, pill = self.badge(pid, n)
        theme.veil(surface, pill, 190, pill.h // 2)
        pygame.draw.rect(surface, theme.GOLD, pill, 1, border_radius=pill.h // 2)
        surface.blit(img, img.get_rect(center=pill.center))

    def badge(self, pid: PileId, n: int) -> tuple[pygame.Surface, pygame.Rect]:
        """A pile's count badge: its figure and where its pill goes."""
        spot = self.layout.spots[pid]
        size = max(11, self.layout.card[0] // 5)
        img = theme.rendered(str(n), size, theme.INK, True)
        pill = img.get_rect().inflate(size // 2, size // 6)
        pill.w = max(pill.w, pill.h)
        if spot.stack:
            base = spot.rect.move(spot.peek) if spot.peek else spot.rect
            pill.bottomright = (base.right - 3, base.bottom - 3)
        else:
            pill.bottomleft = (spot.rect.x + 3, spot.rect.bottom - 3)
        return img, pill

    def hint_clear_of(self) -> list[pygame.Rect]:
        """What the hint's arrow must not cover: every count badge and every label's words
        (as last drawn; a won pile's owner by its area)."""
        out = list(self.label_words.values())
        out += [
            r for n, r in self.layout.areas.items() if self.layout.shows.get(n, ("",))[0] == "owner"
        ]
        for pid, spot in self.layout.spots.items():
            n = self.m.stage.count(pid)
            if n and self.m.shown.get(pid) and (spot.stack or pid.kind in BADGED):
                out.append(self.badge(pid, n)[1])
        return out

    def _glow(
        self, surface, rect: pygame.Rect, colour, drop: bool, strength: float = 1.0
    ) -> pygame.Rect:
        img, pad = cardart.halo(self.layout.card, colour, drop)
        if strength < 1:
            img = img.copy()
            img.set_alpha(int(255 * strength))
        return surface.blit(img, (rect.x - pad, rect.y - pad))

    def _glows(self, holding: tuple[PileId, ...] | None, behind: bool) -> list[Glow]:
        """Drop targets while a card is held; the hint; or the one compulsory play."""
        if holding is not None:
            return [] if behind else [(self.pile_top_rect(p), theme.LEGAL, True) for p in holding]
        if self.m.hint is not None:
            k = round(hint_arrow.strength(self.m.hint.age), 2)
            rects = self.hint_rects() if behind else ()
            return [(r, theme.HINT, False, k) for r in rects if r is not None]
        if not self.m.options().highlights:
            return []
        acts = self.m.my_actions()
        if len(acts) != 1:
            return []
        where = self.m.state.where(acts[0])
        if where.src is None or where.src not in self.layout.spots:
            return []
        src = self.pile_top_rect(where.src)
        if self.layout.role(where.src).clickable:  # a click on the pile is the move
            if not self.m.shown.get(where.src):  # nothing to glow behind: ring its place
                return [] if behind else [(src, theme.HIGHLIGHT, True)]
            return [(src, theme.HIGHLIGHT, False)] if behind else []
        if not self.m.shown.get(where.src):
            return []
        if behind:
            return [(src, theme.HIGHLIGHT, False)]
        if where.dst in self.layout.spots:
            return [(self.pile_top_rect(where.dst), theme.LEGAL, True)]
        return []

    def _hint_marks(self, surface: pygame.Surface) -> Painted:
        """The hint's rings and arrow, over the cards."""
        hint = self.m.hint
        if hint is None:
            return []
        out = []
        k = hint_arrow.strength(hint.age)
        card, target = self.hint_rects()
        for rect in (card, target):
            if rect is not None:
                out.append(hint_arrow.ring(surface, rect, self.layout.card, k))
        if card is not None and target is not None:
            clear = self.hint_clear_of()
            arrow = hint_arrow.arrow(surface, card, target, self.layout.card, hint.age, avoid=clear)
            out += [arrow] if arrow is not None else []
        for btn in self.buttons_for(hint.action):
            box = btn.rect.inflate(10, 10)
            out.append(pygame.draw.rect(surface, theme.HINT, box, 3, border_radius=box.h // 4))
        return out

    def buttons_for(self, action: Action) -> list[Button]:
        """The buttons that make ``action`` (lit by a hint, a lesson's step): a call's among
        whose choices it is, a move's among whose actions it is."""
        if self.controls is None:
            return []
        spec, controls = self.m.spec, self.controls
        if action.is_call and action.actor is not None:
            made = [{c.make(action.actor) for c in call.choices} for call in spec.calls]
            buttons = controls.call_btns
        else:
            made = [set(move.actions) for move in spec.moves]
            buttons = controls.move_btns
        return [b for b, acts in zip(buttons, made, strict=True) if b.visible and action in acts]

    def _landed(self, surface: pygame.Surface) -> Painted:
        """Reduced motion: cards that just moved glow a moment where they landed."""
        out = []
        for item in self.m.hooks.landed:
            if item.pile in self.layout.spots and self.m.shown.get(item.pile):
                k = max(0.0, 1 - item.age / 0.7)
                top = self.pile_top_rect(item.pile)
                out.append(self._glow(surface, top, theme.HIGHLIGHT, False, k))
        return out

    def _flights(self, surface: pygame.Surface) -> Painted:
        w, h = self.layout.card
        out = []
        for f in self.m.show.flights():
            if f.hidden:
                continue
            pos = f.pos
            img = self.art.picture(f.card, f.face_up)
            if f.squash < 1:
                img = pygame.transform.scale(img, (max(1, int(w * f.squash)), h))
            x = pos.x + (w - img.get_width()) / 2
            if not f.landed:
                lifted = (x + f.lift * w * 0.06, pos.y + f.lift * w * 0.08)
                whole = f.squash >= 1  # (a card turning over is drawn anew each frame)
                out.append(
                    self._shadowed(surface, lifted, 0.7, (img, (x, pos.y)) if whole else None)
                )
            out.append(surface.blit(img, (x, pos.y)))
        return out

    def _drag(self, surface: pygame.Surface, d: Drag | None) -> Painted:
        if d is None:
            return []
        lift = self.layout.card[0] * 0.06
        face = self.art.face(d.card)
        return [
            self._shadowed(
                surface, (d.pos.x + lift, d.pos.y + lift * 1.4), 1.0, (face, (d.pos.x, d.pos.y))
            ),
            self._glow(surface, pygame.Rect(d.pos, self.layout.card), theme.HIGHLIGHT, False),
            surface.blit(face, d.pos),
        ]

    def _picked(self, surface: pygame.Surface, pointer: Pointer) -> Painted:
        """A card picked up with the keyboard is lifted, face up, with a glow behind it,
        until it is put down."""
        picked, card = pointer.picked, pointer.picked_card
        if picked is None or picked.pile not in self.layout.spots or card is None:
            return []
        w, h = self.layout.card
        home = self.card_home(picked.pile, picked.index)
        rect = pygame.Rect(home, self.layout.card).move(0, -h // 8)
        face = self.art.face(card)
        return [
            self._shadowed(
                surface, (rect.x + w * 0.06, rect.y + w * 0.08), 1.0, (face, rect.topleft)
            ),
            self._glow(surface, rect, theme.HIGHLIGHT, False),
            surface.blit(face, rect),
        ]

    def _hand_keys(self, surface: pygame.Surface) -> Painted:
        """Small badges with the number keys (1, 2, ...) on the cards of the player's hand."""
        hand = PileId(PileKind.HAND, self.m.human)
        shown = self.m.options().hand_keys and not self.m.director.watching
        if not shown or hand not in self.layout.spots:
            return []
        out = []
        size = max(theme.READABLE, self.layout.card[0] // 6)
        for i, rect in self.card_rects(hand)[:9]:
            if i == self._lifted_from(hand):
                continue
            img = theme.rendered(str(i + 1), size, theme.INK, True)
            pill = img.get_rect().inflate(size // 2, size // 6)
            pill.w = max(pill.w, pill.h)
            pill.midbottom = (rect.centerx, rect.bottom - rect.h // 14)
            theme.veil(surface, pill, 190, pill.h // 2)
            pygame.draw.rect(surface, theme.GOLD, pill, 1, border_radius=pill.h // 2)
            out += [pill, surface.blit(img, img.get_rect(center=pill.center))]
        return out

    def _focus(self, surface: pygame.Surface, focus: Focus | None) -> Painted:
        rect = self.focus_rect(focus)
        if rect is None:
            return []
        box = rect.inflate(10, 10)
        radius = max(6, rect.w // 10)
        return [pygame.draw.rect(surface, theme.FOCUS, box, 4, border_radius=radius)]

    def _peeks(self, surface: pygame.Surface) -> Painted:
        """The face-down cards a capture took, shown to their taker over the table pile
        under a title, on a dark box with a margin all round, kept on the felt."""
        table = self.layout.spots.get(PileId(PileKind.TABLE))
        if table is None:
            return []
        out = []
        w, h = self.layout.card
        felt = self.layout.areas["table"]
        pad = max(6, round(h * 0.07))
        for p in self.m.hooks.peeks:
            words = phrase(p.title, self.m.namer)
            size = theme.fit_text(words, max(theme.READABLE, int(h * 0.13)), felt.w - 4 * pad, True)
            title = theme.rendered(words, size, theme.GOLD, True)
            fan = round((len(p.cards) - 1) * w * 0.7 + w)
            box = pygame.Rect(0, 0, max(fan, title.get_width()) + 2 * pad, h + title.get_height())
            box.h += 3 * pad
            box.midtop = (
                table.rect.centerx,
                table.rect.y - h * 0.35 - title.get_height() - 2 * pad,
            )
            box = box.clamp(felt)
            theme.veil(surface, box, 180, 12)
            at = theme.text(
                surface, words, size, theme.GOLD, (box.centerx, box.y + pad), "midtop", True
            )
            x0, y = box.centerx - fan / 2, at.bottom + pad
            out += [box, at]
            for i, c in enumerate(p.cards):
                out.append(surface.blit(self.art.face(c), (x0 + i * w * 0.7, y)))
        return out

    def _banners(self, surface: pygame.Surface) -> Painted:
        """The last of a game's big words over the table (see :mod:`banners`)."""
        calls = self.controls.call_btns if self.controls else []
        buttons = [b.rect for b in calls if b.visible]
        out = []
        for b in self.m.hooks.banners[-1:]:
            self.banner_box, self.banner_words = banners.draw(surface, b, self.layout, buttons)
            out += [self.banner_box, *self.banner_words]
        return out
