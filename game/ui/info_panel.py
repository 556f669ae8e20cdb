"""The words around the table: top bar, side panel (scores, cards, log), message line,
seat labels."""

from __future__ import annotations

import time
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.rules import TITLES
from game.ui import theme

if TYPE_CHECKING:
    from game.ui.scenes.table import TableScene


def variant_name(t: TableScene) -> str:
    st = t.state
    if st.game == "pishe-pasha":
        kind = "single foundation" if st.options.get("foundations") == "single" else "classic"
        if st.players == 3:
            kind = "three players"
        return kind + (", Stop rule" if st.options.get("stop_rule") else "")
    if st.game == "pisti":
        return f"{st.players} players"
    return "two players, pure chance"


def team_name(t: TableScene, team: int) -> str:
    """A match team (player index, or partnership in 4-player Pişti) as the human sees it."""
    m = t.match
    members = [p for p in range(m.players) if m.team_of(p) == team]
    names = [t.namer.who(m.seat_of(p)) for p in members]
    return " & ".join(names)


def seat_cards(t: TableScene, seat: int) -> int:
    piles = t.shown.piles
    if t.state.game == "pisti":
        return len(piles.get(f"hand{seat}", []))
    return sum(len(piles.get(f"{k}{seat}", [])) for k in ("stock", "discard", "turned"))


def seat_label(t: TableScene, seat: int) -> str:
    name = t.namer.who(seat)
    st = t.state
    if st.players == 4 and seat != t.human and st.side_of(seat) == st.side_of(t.human):
        name += " (partner)"
    n = seat_cards(t, seat)
    words = f"{name} · {n} card{'s' if n != 1 else ''}"
    if t.opponents.thinking and t.opponents.seat == seat:
        words += " · thinking" + "." * (1 + int(time.monotonic() * 3) % 3)
    elif seat == t.state.to_move and seat == t.human and not t.state.is_over and not t.dealing:
        words += " · your turn"
    return words


def draw(t: TableScene, surface: pygame.Surface) -> None:
    _topbar(t, surface)
    _panel(t, surface)
    _message(t, surface)


def status(t: TableScene) -> str:
    st = t.state
    if st.is_over:
        return "The hand is over"
    if t.dealing:
        return "Dealing…"
    if t.opponents.thinking and t.opponents.kind == "stop":
        return "Opponents may call Stop…"
    seat = st.to_move
    if seat == t.human:
        return "Your turn"
    return f"{t.namer.who(seat)} to move" + (" — thinking…" if t.opponents.thinking else "")


def _topbar(t: TableScene, surface: pygame.Surface) -> None:
    bar = t.layout.areas["topbar"]
    pygame.draw.rect(surface, theme.PANEL, bar)
    pygame.draw.line(surface, theme.PANEL_EDGE, bar.bottomleft, bar.bottomright, 2)
    size = int(bar.h * 0.5)
    title = f"{TITLES[t.state.game]} — {variant_name(t)} — hand {t.match.hand_no + 1}"
    left = t.controls.hint_btn.rect.right + bar.h // 2
    theme.text(surface, title, size, theme.INK, (left, bar.centery), "midleft", True)
    theme.text(
        surface, status(t), size, theme.GOLD, (bar.right - 16, bar.centery), "midright", True
    )


def _section(surface: pygame.Surface, title: str, x: int, y: int, size: int, w: int) -> int:
    theme.text(surface, title.upper(), size, theme.GOLD, (x, y), bold=True)
    y += int(size * 1.1)
    pygame.draw.line(surface, theme.PANEL_EDGE, (x, y), (x + w, y))
    return y + size // 3


def _scores(t: TableScene) -> list[tuple[str, str]]:
    m, st = t.match, t.state
    rows = []
    hand = m.hand_points() if st.game == "pisti" or st.is_over else None
    for team in range(m.teams):
        total = m.totals[team]
        now = f"  (+{hand[team]})" if hand and not len(m.history) > m.hand_no else ""
        rows.append((team_name(t, team), f"{total}{now}"))
    return rows


def _panel(t: TableScene, surface: pygame.Surface) -> None:
    p = t.layout.areas["panel"]
    pygame.draw.rect(surface, theme.PANEL, p)
    pygame.draw.line(surface, theme.PANEL_EDGE, p.topleft, p.bottomleft, 2)
    size = max(15, min(52, p.h // 28))
    x, w = p.x + 14, p.w - 28
    target = t.match.target
    head = "Match score" + (f" (to {target})" if target else "")
    y = _section(surface, head, x, p.y + 12, size, w)
    for name, value in _scores(t):
        fs = theme.fit_text(name, size, int(w * 0.68))
        theme.text(surface, name, fs, theme.INK, (x, y))
        theme.text(surface, value, size, theme.INK, (x + w, y), "topright", True)
        y += int(size * 1.2)
    y = _section(surface, "Cards", x, y + size // 2, size, w)
    for seat in range(t.state.players):
        theme.text(surface, t.namer.who(seat), size, theme.INK_DIM, (x, y))
        theme.text(surface, _cards_line(t, seat), size, theme.INK_DIM, (x + w, y), "topright")
        y += int(size * 1.15)
    y = _section(surface, "Moves", x, y + size // 2, size, w)
    _log(t, surface, pygame.Rect(x, y, w, p.bottom - y - 10), size)


def _cards_line(t: TableScene, seat: int) -> str:
    piles = t.shown.piles
    if t.state.game == "pisti":
        side = t.state.side_of(seat)
        return f"hand {len(piles.get(f'hand{seat}', []))}, won {len(piles.get(f'won{side}', []))}"
    stock = len(piles.get(f"stock{seat}", []))
    disc = len(piles.get(f"discard{seat}", []))
    return f"stock {stock}, discard {disc}"


@lru_cache(maxsize=256)
def _log_line(entry: str, size: int, width: int) -> pygame.Surface:
    """One wrapped log entry, cached (the log is redrawn every frame; its alpha is set
    before each blit)."""
    return theme.font(size).render(entry, True, theme.INK, wraplength=width)


def _log(t: TableScene, surface: pygame.Surface, box: pygame.Rect, size: int) -> None:
    fs = max(13, int(size * 0.85))
    lines: list[pygame.Surface] = []
    height = 0
    for entry in reversed(t.log):
        img = _log_line(entry, fs, box.w)
        if height + img.get_height() > box.h:
            break
        lines.append(img)
        height += img.get_height() + 3
    y = box.y
    for i, img in enumerate(reversed(lines)):
        fade = 110 + int(145 * (i + 1) / len(lines))
        img.set_alpha(fade)
        surface.blit(img, (box.x, y))
        y += img.get_height() + 3


def hint(t: TableScene) -> str:
    """What the human can do now, when there is nothing else to say."""
    st = t.state
    if not t.human_may_act():
        return ""
    if st.game == "pisti":
        return "Click a card in your hand to play it (or drag it onto the pile)."
    if st.game == "pisha-pasha-book":
        return "Click your stock or the Flip button to flip."
    acts = [a for a in st.legal_actions() if not a.startswith("stop ")]
    if acts == ["turn"]:
        return "Click your stock to turn its top card."
    if any(a.startswith("turned") for a in acts):
        return "Place the turned card: drag it to a foundation or a discard pile."
    return "Play from your discard pile, or click your stock to turn a card."


def _message(t: TableScene, surface: pygame.Surface) -> None:
    r = t.layout.areas["message"]
    theme.veil(surface, r, 110)
    size = int(r.h * 0.55)
    if t.message:
        words = t.message
        colour = theme.RED_LIGHT if t.message_age < 0.6 else (255, 200, 190)
    elif t.hint is not None:
        words, colour = t.hint.text, theme.HINT
    elif t.opponents.hint_pending is not None:
        words, colour = "Asking the Expert for a hint…", theme.INK_DIM
    else:
        words, colour = hint(t), theme.INK_DIM
    size = theme.fit_text(words, size, r.w - 24, True)
    theme.text(surface, words, size, colour, (r.x + 14, r.centery), "midleft", True)
