"""Drawing the table and finding what is under the pointer.

Reads the scene (layout, shown piles, flights, drag) and never changes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import cardart, hint_view, info_panel, theme
from game.ui.gestures import Drag, action_source, action_target, pile_kind, play_actions
from game.ui.hint import Marks, hint_marks
from game.ui.shown import shows_face

if TYPE_CHECKING:
    from game.ui.scenes.table import TableScene

DROP_KINDS = ("found", "discard", "table")


# ----------------------------------------------------------------- hit tests
def card_rects(t: TableScene, pid: str) -> list[tuple[int, pygame.Rect]]:
    """(index, rect) of each card of a pile that can be seen, bottom to top."""
    spot = t.layout.spots[pid]
    pile = t.shown.get(pid)
    n = len(pile)
    first = 0 if spot.stack else max(0, n - spot.max_fan)
    return [(i, pygame.Rect(spot.card_pos(i, n), t.layout.card)) for i in range(first, n)]


def card_at(t: TableScene, pos: tuple[int, int]) -> tuple[str, int] | None:
    """The pile and index of the topmost card under ``pos``."""
    for pid in t.layout.spots:
        for i, rect in reversed(card_rects(t, pid)):
            if rect.collidepoint(pos):
                return pid, i
    return None


def drop_target(t: TableScene, drag: Drag) -> str | None:
    """The pile the dragged card overlaps most (piles that can take cards only)."""
    rect = pygame.Rect(drag.pos, t.layout.card)
    best, best_area = None, 0
    for pid, spot in t.layout.spots.items():
        if pile_kind(pid) not in DROP_KINDS and pid != drag.src:
            continue
        target = spot.rect.union(
            pygame.Rect(spot.top_pos(max(0, len(t.shown.get(pid)) - 1)), t.layout.card)
        )
        clip = rect.clip(target)
        if clip.w * clip.h > best_area:
            best, best_area = pid, clip.w * clip.h
    return best


def pile_top_rect(t: TableScene, pid: str) -> pygame.Rect:
    spot = t.layout.spots[pid]
    n = len(t.shown.get(pid))
    return pygame.Rect(spot.card_pos(max(0, n - 1), max(1, n)), t.layout.card)


# ----------------------------------------------------------------- drawing
def draw(t: TableScene, surface: pygame.Surface) -> None:
    surface.blit(_background(t), (0, 0))
    _highlights(t, surface, behind=True)
    for pid in t.layout.spots:
        _pile(t, surface, pid)
    _highlights(t, surface, behind=False)
    _labels(t, surface)
    _flights(t, surface)
    _drag(t, surface)
    _peeks(t, surface)
    _banners(t, surface)
    info_panel.draw(t, surface)


def _slot_mark(t: TableScene, pid: str) -> str | None:
    if pid.startswith("found"):
        single = len([p for p in t.layout.spots if p.startswith("found")]) == 1
        return "any" if single else "CDHS"[int(pid[5:])]
    return None


_BACKGROUND: list = [None, (), None]  # the layout, its piles, the picture made for them


def _background(t: TableScene) -> pygame.Surface:
    """The felt with the empty piles' places on it, made once per layout (a resize makes
    a new one), so a frame starts with one blit instead of a dozen."""
    layout, piles, image = _BACKGROUND
    if layout is not t.layout or piles != tuple(t.layout.spots) or image is None:
        image = cardart.felt(t.layout.size).copy()
        _slots(t, image)
        _BACKGROUND[:] = [t.layout, tuple(t.layout.spots), image]
    return image


def _slots(t: TableScene, surface: pygame.Surface) -> None:
    names = {"stock": "Stock", "discard": "Discard", "table": "Pile", "won": "Won"}
    for pid, spot in t.layout.spots.items():
        kind = pile_kind(pid)
        if kind in ("hand", "turned", "pack", "deck"):
            continue
        surface.blit(cardart.slot(t.layout.card, _slot_mark(t, pid), names.get(kind)), spot.rect)


def _pile(t: TableScene, surface: pygame.Surface, pid: str) -> None:
    pile = t.shown.get(pid)
    spot = t.layout.spots[pid]
    n = len(pile)
    if not n:
        return
    if pid == "pack" and pile[0] is not None:
        surface.blit(t.art.face(pile[0]), spot.rect)
    for i, rect in card_rects(t, pid):
        if spot.stack and i % 4 != 3 and i != n - 1:
            continue
        if pid == "pack" and spot.peek and (i > 0 or pile[0] is None):
            rect = rect.move(spot.peek)
        elif pid == "pack" and i == 0:
            continue
        if i == n - 1 or not spot.stack:
            _shadowed(t, surface, rect.topleft, 0.25)
        surface.blit(t.art.picture(pile[i], shows_face(pid, i, pile[i])), rect)
    if spot.stack or pile_kind(pid) in ("table", "discard"):
        _badge(t, surface, pid, n)


def _shadowed(t: TableScene, surface: pygame.Surface, pos, strength: float) -> None:
    img, off = cardart.shadow(t.layout.card, round(strength, 2))
    surface.blit(img, (pos[0] + off[0], pos[1] + off[1]))


def _badge(t: TableScene, surface: pygame.Surface, pid: str, n: int) -> None:
    """The number of cards in a pile, on its top card's bottom-right corner."""
    spot = t.layout.spots[pid]
    size = max(12, t.layout.card[0] // 5)
    img = theme.font(size, True).render(str(n), True, theme.INK)
    pill = img.get_rect().inflate(size // 2, size // 6)
    pill.w = max(pill.w, pill.h)
    if spot.stack:
        base = spot.rect.move(spot.peek) if spot.peek else spot.rect
        pill.bottomright = (base.right - 3, base.bottom - 3)
    else:
        pill.bottomleft = (spot.rect.x + 3, spot.rect.bottom - 3)
    theme.veil(surface, pill, 190, pill.h // 2)
    pygame.draw.rect(surface, theme.GOLD, pill, 1, border_radius=pill.h // 2)
    surface.blit(img, img.get_rect(center=pill.center))


def _glow(
    t: TableScene,
    surface: pygame.Surface,
    rect: pygame.Rect,
    colour,
    drop: bool,
    strength: float = 1.0,
) -> None:
    img, pad = cardart.halo(t.layout.card, colour, drop)
    if strength < 1:
        img = img.copy()
        img.set_alpha(int(255 * strength))
    surface.blit(img, (rect.x - pad, rect.y - pad))


def _target_rect(t: TableScene, pid: str) -> pygame.Rect:
    spot = t.layout.spots[pid]
    n = len(t.shown.get(pid))
    return pygame.Rect(spot.card_pos(n, n + 1) if n else spot.rect.topleft, t.layout.card)


def hint_rects(t: TableScene) -> tuple[pygame.Rect | None, pygame.Rect | None]:
    """Where the hint glows: the card to move and the pile it goes to (None: nothing)."""
    if t.hint is None:
        return None, None
    marks = hint_marks(t.state, t.human, t.hint.action, t.shown.piles)
    return _hint_card_rect(t, marks), (
        pile_top_rect(t, marks.target) if marks.target in t.layout.spots else None
    )


def _hint_card_rect(t: TableScene, marks: Marks) -> pygame.Rect | None:
    if marks.src not in t.layout.spots:
        return None
    rects = dict(card_rects(t, marks.src))
    return rects.get(marks.index, t.layout.spots[marks.src].rect)


def _hint(t: TableScene, surface: pygame.Surface, behind: bool) -> None:
    """The Expert's suggestion: glows behind the card and its target, rings and an
    arrow over them."""
    hint = t.hint
    k = hint_view.strength(hint.age)
    card, target = hint_rects(t)
    if behind:
        for rect in (card, target):
            if rect is not None:
                _glow(t, surface, rect, theme.HINT, False, k)
        return
    for rect in (card, target):
        if rect is not None:
            hint_view.ring(surface, rect, t.layout.card, k)
    if card is not None and target is not None:
        hint_view.arrow(surface, card, target, t.layout.card, hint.age)
    stop = t.controls.stop_btn
    if hint.action.startswith("stop ") and stop.visible:
        box = stop.rect.inflate(10, 10)
        pygame.draw.rect(surface, theme.HINT, box, 3, border_radius=box.h // 4)


def _highlights(t: TableScene, surface: pygame.Surface, behind: bool) -> None:
    """Selection glows go behind the cards, drop marks over them."""
    if t.drag:
        for pid in t.targets_while_dragging() if not behind else ():
            _glow(t, surface, pile_top_rect(t, pid), theme.LEGAL, True)
        return
    if t.hint is not None:
        _hint(t, surface, behind)
        return
    if not (t.app.settings.highlights and t.human_may_act()):
        return
    acts = play_actions(t.state)
    if len(acts) != 1 or t.state.game == "pisti":
        return
    src = action_source(t.state, t.human, acts[0])
    colour = theme.HIGHLIGHT
    if src and t.shown.get(src):
        target = action_target(t.state, acts[0])
        if behind:
            _glow(t, surface, pile_top_rect(t, src), colour, False)
        elif target in t.layout.spots:
            _glow(t, surface, pile_top_rect(t, target), theme.LEGAL, True)
    elif acts[0] in ("turn", "flip") and behind:
        _glow(t, surface, pile_top_rect(t, f"stock{t.human}"), colour, False)


def _labels(t: TableScene, surface: pygame.Surface) -> None:
    for seat in range(t.state.players):
        rect = t.layout.areas.get(f"label{seat}")
        if rect is None:
            continue
        words = info_panel.seat_label(t, seat)
        moving = t.state.to_move == seat and not t.state.is_over
        pad = int(rect.h * 0.35)
        size = theme.fit_text(words, int(rect.h * 0.8), rect.w - 2 * pad, True)
        colour = theme.GOLD if moving else theme.INK_DIM
        img = theme.font(size, True).render(words, True, colour)
        where = img.get_rect(midleft=(rect.x + pad, rect.centery))
        if moving:
            pill = pygame.Rect(rect.x, rect.y, where.w + 2 * pad, rect.h)
            theme.veil(surface, pill, 130, pill.h // 2)
            pygame.draw.rect(surface, theme.GOLD, pill, 1, border_radius=pill.h // 2)
        surface.blit(img, where)
    _pisti_labels(t, surface)


def _pisti_labels(t: TableScene, surface: pygame.Surface) -> None:
    count = t.layout.areas.get("count")
    if count is None:
        return
    n = len(t.shown.get("table"))
    size = int(count.h * 0.8)
    theme.text(
        surface,
        f"Pile: {n} card{'s' if n != 1 else ''}",
        size,
        theme.INK,
        count.midleft,
        "midleft",
        True,
    )
    pack = t.shown.get("pack")
    label = t.layout.areas["bottom_label"]
    shown = pack and pack[0] is not None
    words = f"Pack {len(pack)}" + (" · bottom card" if shown else "")
    size = theme.fit_text(words, size, label.w)
    theme.text(surface, words, size, theme.INK_DIM, label.midleft, "midleft")
    _won_labels(t, surface)


def won_owner(t: TableScene, side: int) -> str:
    """Whose captured pile this is: "Yours", "North's", "You & North", "East & West"."""
    if t.state.players == 4:
        return t.namer.side_name(side)
    if side == t.state.side_of(t.human):
        return "Yours"
    return f"{t.namer.side_name(side)}'s"


def _won_labels(t: TableScene, surface: pygame.Surface) -> None:
    for name, rect in t.layout.areas.items():
        if not name.startswith("won_label"):
            continue
        words = won_owner(t, int(name[9:]))
        size = theme.fit_text(words, int(rect.h * 0.95), rect.w)
        theme.text(surface, words, size, theme.INK_DIM, rect.center, "center")


def _flights(t: TableScene, surface: pygame.Surface) -> None:
    w, h = t.layout.card
    for f in t.show.flights():
        if f.hidden:
            continue
        pos = f.pos
        img = t.art.picture(f.card, f.face_up)
        if f.squash < 1:
            img = pygame.transform.scale(img, (max(1, int(w * f.squash)), h))
        x = pos.x + (w - img.get_width()) / 2
        if not f.landed:
            _shadowed(t, surface, (x + f.lift * w * 0.06, pos.y + f.lift * w * 0.08), 0.7)
        surface.blit(img, (x, pos.y))


def _drag(t: TableScene, surface: pygame.Surface) -> None:
    d = t.drag
    if d is None:
        return
    lift = t.layout.card[0] * 0.06
    _shadowed(t, surface, (d.pos.x + lift, d.pos.y + lift * 1.4), 1.0)
    _glow(t, surface, pygame.Rect(d.pos, t.layout.card), theme.HIGHLIGHT, False)
    surface.blit(t.art.face(d.card), d.pos)


def _peeks(t: TableScene, surface: pygame.Surface) -> None:
    for p in t.hooks.peeks:
        w, h = t.layout.card
        k = len(p.cards)
        x0 = t.layout.spots["table"].rect.centerx - (k * w * 0.7) / 2
        y = t.layout.spots["table"].rect.y - h * 0.35
        box = pygame.Rect(x0 - w * 0.2, y - h * 0.3, k * w * 0.7 + w * 0.7, h * 1.45)
        theme.veil(surface, box, 180, 12)
        theme.text(
            surface,
            "The face-down cards you took",
            int(h * 0.13),
            theme.GOLD,
            (box.centerx, box.y + h * 0.03),
            "midtop",
            True,
        )
        for i, c in enumerate(p.cards):
            surface.blit(t.art.face(c), (x0 + i * w * 0.7, y))


def _banners(t: TableScene, surface: pygame.Surface) -> None:
    area = t.layout.areas["message"].union(t.layout.areas["topbar"])
    cx = t.layout.areas["message"].centerx
    cy = (area.top + area.bottom) // 2
    for b in t.hooks.banners[-1:]:
        k = min(1.0, b.age * 5) * min(1.0, (b.seconds - b.age) * 3)
        size = int(t.layout.card[1] * 0.5 * (0.8 + 0.2 * k))
        img = theme.font(size, True).render(b.text, True, b.colour)
        img.set_alpha(int(255 * k))
        rect = img.get_rect(center=(cx, cy - size // 3))
        back = rect.inflate(size, size * 0.9)
        if b.sub:
            back.h += size // 2
        veil = pygame.Surface(back.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (0, 0, 0, int(160 * k)), veil.get_rect(), border_radius=18)
        surface.blit(veil, back)
        surface.blit(img, rect)
        if b.sub:
            sub = theme.font(size // 3, True).render(b.sub, True, theme.INK)
            sub.set_alpha(int(255 * k))
            surface.blit(sub, sub.get_rect(midtop=(cx, rect.bottom + 4)))
