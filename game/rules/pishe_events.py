"""Pishe Pasha's actions and events, made once at import.

Events are immutable, so the engine hands out shared, precomputed ones and a
move costs no object building. Actions map from their canonical text to a
small tuple ``(kind, seat, end, text)``.
"""

from __future__ import annotations

import re

from game.cards import DECK, card_name
from game.rules.base import Event

MAX_SEATS = 3
TURN, T_FOUND, T_DISCARD, T_LOAD, D_FOUND, D_LOAD, STOP = range(7)

STOCK = tuple(f"stock{s}" for s in range(MAX_SEATS))
DISCARD = tuple(f"discard{s}" for s in range(MAX_SEATS))
TURNED = tuple(f"turned{s}" for s in range(MAX_SEATS))
FOUND = tuple(f"found{i}" for i in range(4))

Action = tuple[int, int, bool, str]

TURN_ACT = "turn"
T_FOUND_ACT = "turned>F"
T_DISCARD_ACT = "turned>D"
D_FOUND_ACT = "discard>F"
T_LOAD_ACT = tuple(f"turned>{n}" for n in range(MAX_SEATS))
D_LOAD_ACT = tuple(f"discard>{n}" for n in range(MAX_SEATS))
STOP_ACTS = tuple((f"stop {n} force", f"stop {n} end") for n in range(MAX_SEATS))


def _action_table() -> dict[str, Action]:
    table: dict[str, Action] = {
        TURN_ACT: (TURN, -1, False, TURN_ACT),
        T_FOUND_ACT: (T_FOUND, -1, False, T_FOUND_ACT),
        T_DISCARD_ACT: (T_DISCARD, -1, False, T_DISCARD_ACT),
        D_FOUND_ACT: (D_FOUND, -1, False, D_FOUND_ACT),
    }
    for n in range(MAX_SEATS):
        table[T_LOAD_ACT[n]] = (T_LOAD, n, False, T_LOAD_ACT[n])
        table[D_LOAD_ACT[n]] = (D_LOAD, n, False, D_LOAD_ACT[n])
        table[STOP_ACTS[n][0]] = (STOP, n, False, STOP_ACTS[n][0])
        table[STOP_ACTS[n][1]] = (STOP, n, True, STOP_ACTS[n][1])
    return table


ACTIONS = _action_table()
_LOWER = {k.lower(): v for k, v in ACTIONS.items()}
_LOAD_RE = re.compile(r"(turned|discard)>(\d+)")
_STOP_RE = re.compile(r"stop (\d+) (force|end)")


def parse_action(action: object) -> Action | None:
    """Any accepted spelling (case, spaces) of an action; None if it is no action at all."""
    if not isinstance(action, str):
        return None
    key = " ".join(action.strip().lower().split()).replace(" >", ">").replace("> ", ">")
    found = _LOWER.get(key)
    if found is not None:
        return found
    m = _LOAD_RE.fullmatch(key)
    if m:
        n = int(m.group(2))
        kind = T_LOAD if m.group(1) == "turned" else D_LOAD
        return (kind, n, False, f"{m.group(1)}>{n}")
    m = _STOP_RE.fullmatch(key)
    if m:
        n = int(m.group(1))
        return (STOP, n, m.group(2) == "end", f"stop {n} {m.group(2)}")
    return None


def _per_card(make) -> tuple:
    return tuple(tuple(make(s, c) for c in DECK) for s in range(MAX_SEATS))


EV_TURN = _per_card(lambda s, c: Event("turn", s, (c,), STOCK[s], TURNED[s]))
EV_T2F_SUITS = _per_card(lambda s, c: Event("move", s, (c,), TURNED[s], FOUND[c // 13]))
EV_T2F_SINGLE = _per_card(lambda s, c: Event("move", s, (c,), TURNED[s], FOUND[0]))
EV_D2F_SUITS = _per_card(lambda s, c: Event("move", s, (c,), DISCARD[s], FOUND[c // 13]))
EV_D2F_SINGLE = _per_card(lambda s, c: Event("move", s, (c,), DISCARD[s], FOUND[0]))
EV_T2D = tuple(
    tuple(tuple(Event("move", s, (c,), TURNED[s], DISCARD[n]) for c in DECK) for n in range(3))
    for s in range(MAX_SEATS)
)
EV_D2D = tuple(
    tuple(tuple(Event("move", s, (c,), DISCARD[s], DISCARD[n]) for c in DECK) for n in range(3))
    for s in range(MAX_SEATS)
)
EV_PASS = tuple(Event("pass", s) for s in range(MAX_SEATS))


def the_card(card: int) -> str:
    """``The 4 of hearts``: a card's name to start a sentence."""
    return "T" + card_name(card)[1:]
