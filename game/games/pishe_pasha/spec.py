"""Pishe Pasha as the menu, the table and the arena see it (RULES.md §2, §3)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar

from game.core.agents import Agent, RandomAgent
from game.core.design import CARD_RATIO, Design, PileRole
from game.core.spec import Call, CallChoice, Card, Choice, GameSpec, Owner, Phrase, Seat
from game.core.types import DISCARDS, STOCKS, Action, PileId
from game.games.pishe_pasha import ai, words
from game.games.pishe_pasha.coach import COACH
from game.games.pishe_pasha.counts import counts
from game.games.pishe_pasha.figures import FIGURES
from game.games.pishe_pasha.kinds import (
    DISCARD,
    FOUNDATION,
    FOUNDATIONS,
    MOVE,
    TURN,
    TURNEDS,
    ActionKinds,
    PileKinds,
    move,
    stop,
)
from game.games.pishe_pasha.lessons import LESSONS
from game.games.pishe_pasha.rules import PishePasha

SUITS = "CDHS"
TURNED_ROLE = PileRole(slot=False, speech="speech.pile.turned", told="card", own=True)
FOUNDATION_ROLE = PileRole(drop=True, speech="speech.pile.foundation", told="built")


def positions(players: int) -> tuple[str, ...]:
    """Turn order from the human: across the table with two, clockwise with three (§3.2)."""
    return ("bottom", "top") if players == 2 else ("bottom", "left", "right")


def design(pos: dict[int, str], options: dict[str, Any], sides: dict[int, int]) -> Design:
    players = len(pos)
    single = players == 3 or options.get("foundations") == "single"
    stop = bool(options.get("stop_rule"))
    d = _two(pos, single, stop) if players == 2 else _three(pos, stop)
    return _double_clicks(d, pos)


def _row(d: Design, seat: int, x: float, y: float, fan_n: int, dx: float, label_y: float) -> None:
    d.stock_row(seat, x, y, fan_n, dx, label_y, between=(TURNEDS[seat], TURNED_ROLE))


def _double_clicks(d: Design, pos: dict[int, str]) -> Design:
    """A double-clicked turned card or top discard goes to a foundation."""
    found = tuple(p for p in FOUNDATIONS if p in d.piles)
    for seat in pos:
        for pid in (TURNEDS[seat], DISCARDS[seat]):
            d.roles[pid] = replace(d.role(pid), sends=found)
    return d


def _two(pos: dict[int, str], single: bool, stop: bool) -> Design:
    d = Design(8.2 if stop else 6.3, 6.0)
    for seat, where in pos.items():
        y = 0.42 if where == "top" else 4.15
        label_y = 0.02 if where == "top" else y + CARD_RATIO + 0.05
        _row(d, seat, 0.4, y, 8, 0.3, label_y)
    cy = 2.3
    if single:
        d.pile(FOUNDATIONS[0], 1.6 if stop else 2.65, cy, FOUNDATION_ROLE, mark="any")
    else:
        x0 = 0.4 if stop else (d.width - 4.6) / 2
        for i in range(4):
            d.pile(FOUNDATIONS[i], x0 + i * 1.2, cy, FOUNDATION_ROLE, mark=SUITS[i])
    if stop:
        d.area("actions", 5.4, cy + 0.15, 2.4, 1.1, "actions")
    return d


def _three(pos: dict[int, str], stop: bool) -> Design:
    d = Design(9.8, 6.0)
    for seat, where in pos.items():
        if where == "bottom":
            _row(d, seat, 2.75, 4.15, 5, 0.25, 4.15 + CARD_RATIO + 0.05)
        else:
            _row(d, seat, 0.3 if where == "left" else 5.3, 0.42, 5, 0.25, 0.02)
    d.pile(FOUNDATIONS[0], 2.75 if stop else 4.4, 2.3, FOUNDATION_ROLE, mark="any")
    if stop:
        d.area("actions", 4.55, 2.45, 2.4, 1.1, "actions")
    return d


def gesture(src: PileId, dst: PileId, card: int | None, seat: int) -> Action | None:
    """A drag of the turned card or the top discard: to a foundation, to the own discard
    pile (the turned card only) or onto an opponent's pile; a click on the own stock, the
    turn (so a click that may not turn hears why)."""
    if src == dst == STOCKS[seat]:
        return TURN
    if src.kind not in (PileKinds.TURNED, PileKinds.DISCARD) or src.seat != seat or src == dst:
        return None
    if dst.kind is PileKinds.FOUNDATION:
        return move(src.kind, FOUNDATION)
    if dst.kind is not PileKinds.DISCARD:
        return None
    if dst.seat == seat:
        return move(src.kind, DISCARD) if src.kind is PileKinds.TURNED else None
    return move(src.kind, DISCARD, dst.seat)


def hint(state: PishePasha, action: Action, seat: int) -> Phrase:
    """The hint's words: turn (or recycle) the stock, or where the card goes."""
    if action.is_call:
        key = "hint.call.end" if action.kind is ActionKinds.STOP_END else "hint.call.force"
        subject = call_subject(state) if state.calls() else None
        return Phrase(key, {"who": Seat(subject) if subject is not None else ""})
    where = state.where(action)
    if action.kind is ActionKinds.TURN:
        return Phrase("hint.turn" if where.card is not None else "hint.recycle")
    suffix = (
        ".from_discard" if where.src is not None and where.src.kind is PileKinds.DISCARD else ""
    )
    dst, card = where.dst, {"card": where.card}
    if dst is not None and dst.kind is PileKinds.FOUNDATION:
        return Phrase("hint.to_foundation" + suffix, card)
    if dst is not None and dst.seat == seat:
        return Phrase("hint.discard", card)
    return Phrase("hint.load" + suffix, {**card, "whose": dst.seat if dst else None})


def plays_itself(action: Action) -> str | None:
    """A lone move to a pile plays at once; a lone turn of the stock after a beat."""
    if action.kind is MOVE:
        return "now"
    return "beat" if action.kind is ActionKinds.TURN else None


def call_subject(state: PishePasha) -> int | None:
    """The seat whose fault the open Stop calls are about."""
    window = state.stop_window()
    return window[0] if window else None


STOP_CALL = Call(
    button="button.stop",
    key="s",
    question="title.stop_choice",
    choices=(
        CallChoice("button.force", lambda seat: stop(seat, False)),
        CallChoice("button.end_turn", lambda seat: stop(seat, True)),
    ),
    window="status.stop_window",
    prompt="prompt.stop_window",
    keys=("keys.s", "keys.s.what"),
)


def variant(state: PishePasha) -> Phrase:
    if state.players == 3:
        key = "variant.three"
    else:
        key = (
            "variant.single" if state.options.get("foundations") == "single" else "variant.classic"
        )
    return Phrase(key + (".stop" if state.options.get("stop_rule") else ""))


def prompt(state: PishePasha) -> Phrase:
    """The hint line: the moves legal now and no fault, in a line. A compulsory foundation
    play is named alone (with the Stop rule on, anything else is a fault); otherwise the
    loads open now, then the turn of the stock (or its turning over) or the discard."""
    acts = [a for a in state.legal_actions() if state.skipped(a) is None]
    cards = (state.where(a).card for a in acts if a.kind is MOVE and a.dst is FOUNDATION)
    ups = [c for c in cards if c is not None]
    if ups:
        return _must(state, ups)
    if not acts or acts[0].is_call or acts[0].kind is ActionKinds.ACCEPT:
        return Phrase("prompt.move")
    onto = _onto([a.whose for a in acts if a.kind is MOVE and a.whose is not None])
    held = state.turned
    if held is not None:
        params = {"card": Card(held)}
        if onto is None:
            return Phrase("prompt.place_turned.discard", params)
        return Phrase("prompt.place_turned.load", {**params, "onto": onto})
    empty = TURN in acts and state.where(TURN).card is None  # the discard pile turns over
    if onto is None:
        return Phrase("prompt.recycle" if empty else "prompt.turn")
    top = state.where(next(a for a in acts if a.whose is not None)).card
    assert top is not None, "a load's card is face up"
    key = "prompt.load_or_recycle" if empty else "prompt.load_or_turn"
    return Phrase(key, {"card": Card(top), "onto": onto})


def _must(state: PishePasha, ups: list[int]) -> Phrase:
    """The compulsory foundation play: the held card's, the top discard's, or either."""
    if len(ups) == 2:
        return Phrase("prompt.must_foundation.both", {"card": Card(ups[0]), "other": Card(ups[1])})
    held = state.turned
    key = "prompt.must_foundation" + ("" if ups[0] == held else ".from_discard")
    return Phrase(key, {"card": Card(ups[0])})


def _onto(seats: list[int]) -> Phrase | None:
    """Where a load may go: one opponent's discard pile by name, or any of theirs."""
    if not seats:
        return None
    if len(set(seats)) == 1:
        return Phrase("prompt.onto", {"whose": Owner(seats[0])}, ())
    return Phrase("prompt.onto_any")


def seat_cards(piles: dict[PileId, list[int | None]], seat: int) -> int:
    return sum(len(piles.get(p[seat], [])) for p in (STOCKS, DISCARDS, TURNEDS))


def panel_counts(piles: dict[PileId, list[int | None]], seat: int, side: int) -> list[Phrase]:
    return [
        Phrase("count.stock", {"n": len(piles.get(STOCKS[seat], []))}),
        Phrase("count.discard", {"n": len(piles.get(DISCARDS[seat], []))}),
    ]


class PishePashaSpec(GameSpec[PishePasha]):
    """Pishe Pasha: two or three players, four foundations or one, the Stop rule's call."""

    id = "pishe-pasha"
    state = PishePasha
    choices = (
        Choice("players", (2, 3), engine=False),
        Choice(
            "foundations",
            ("suits", "single"),
            shown=lambda c: c.get("players", 2) == 2,
            fixed="single",  # three players share one centre foundation (§3)
        ),
        Choice("stop_rule", (False, True)),
        Choice("match", (None, 50, 100), engine=False),
    )
    rules_figures = FIGURES
    lessons = LESSONS
    smoke = (
        {"players": 2, "foundations": "suits"},
        {"players": 2, "foundations": "single"},
        {"players": 3},
        {"players": 2, "stop_rule": True},
    )
    agents: ClassVar[dict[str, Callable[[int | None], Agent]]] = {
        "easy": ai.EasyPasha,
        "medium": ai.MediumPasha,
        "hard": ai.HardPasha,
        "expert": ai.ExpertPasha,
        "always-load": ai.AlwaysLoad,
        "random": RandomAgent,
    }
    levels = ("easy", "medium", "hard", "expert")
    hint_level = "expert"
    baseline = "always-load"
    coach = COACH
    stat_counts = ("stops_made", "stops_caught")
    calls = (STOP_CALL,)
    old_settings: ClassVar[dict[str, str]] = {
        "stop_window": "call_window"
    }  # its calls' window, before calls were data
    words = words

    def counts(self, state: PishePasha, side: int) -> dict[str, int]:
        """A method, not a staticmethod: the base names the seat it is given ``side``."""
        return counts(state, side)

    def fault(self, state: PishePasha, action: Action) -> bool:
        """A move that leaves a card behind that had to go to a foundation (§2.1)."""
        return not action.is_call and state.skipped(action) is not None

    positions = staticmethod(positions)
    design = staticmethod(design)
    variant = staticmethod(variant)
    prompt = staticmethod(prompt)
    seat_cards = staticmethod(seat_cards)
    panel_counts = staticmethod(panel_counts)
    summary_lines = staticmethod(words.summary_lines)
    breakdown = staticmethod(words.breakdown)
    plays_itself = staticmethod(plays_itself)
    hint = staticmethod(hint)
    gesture = staticmethod(gesture)

    def match_target(self, choices: dict[str, Any]) -> int | None:
        return choices.get("match")

    def par_replays(self, players: int, strongest: bool) -> int:
        """From benchmarks/par.py (one core's seconds a replay): about 0.8 against Medium
        with two players, 0.75 with three; against the Expert 1.6 to 2.8 with two (single
        foundations the longest), 3.3 with three."""
        if players == 3:
            return 4 if strongest else 16
        return 3 if strongest else 7

    def calls_in(self, options: dict[str, Any]) -> bool:
        return bool(options.get("stop_rule"))

    def stat_counts_in(self, options: dict[str, Any]) -> tuple[str, ...]:
        """The Stop calls made and caught count only with the Stop rule."""
        return self.stat_counts if self.calls_in(options) else ()
