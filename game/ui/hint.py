"""The Expert's suggested move for the human, in words and as the piles to light up.

The table asks the Expert AI (off the UI thread, see :mod:`game.ui.opponents`)
for an action; this module only turns that action into a sentence and into
(pile, card index, target pile) marks. What a move would do (which pile it
lands on, whether it captures or makes a pişti) comes from the engine, by
trying the move on a copy: this module decides no rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.cards import card_name, parse_card
from game.rules.base import GameState
from game.ui.describe import Namer
from game.ui.gestures import action_source, action_target, pile_seat, trial

PULSE_SECONDS = 1.6


@dataclass
class Hint:
    """A suggestion, valid while the hand's history still has ``moves`` moves."""

    action: str
    moves: int
    text: str
    age: float = 0.0


@dataclass(frozen=True)
class Marks:
    """What to light up: a card (pile and index; index -1 for an empty pile) and a target."""

    src: str | None
    index: int
    target: str | None
    stop_button: bool = False


def make_hint(state: GameState, seat: int, action: str, namer: Namer) -> Hint:
    return Hint(action, len(state.history), hint_text(state, seat, action, namer))


def _piles(state: GameState, seat: int) -> dict[str, list[int | None]]:
    return state.observation(seat).piles


def _top(piles: dict[str, list[int | None]], pid: str | None) -> int | None:
    pile = piles.get(pid or "") or [None]
    return pile[-1]


def hint_text(state: GameState, seat: int, action: str, namer: Namer) -> str:
    """The suggestion as a sentence: "Hint: play the 7 of clubs onto the foundation."."""
    if state.game == "pisha-pasha-book":
        return "Hint: flip — click your stock. This game has no choices: it is pure chance."
    if state.game == "pisti":
        return "Hint: " + _pisti_words(state, seat, action)
    if action.startswith("stop "):
        button = "Force the play" if action.endswith("force") else "End the turn"
        window = getattr(state, "stop_window", lambda: None)()
        who = namer.who(window[0]) if window else "They"
        return f'Hint: press STOP! and choose "{button}": {who} skipped a foundation play.'
    piles = _piles(state, seat)
    if action == "turn":
        if not piles.get(f"stock{seat}"):
            return "Hint: click your stock: your discard pile turns over as a new stock."
        return "Hint: turn the top card of your stock."
    src = action_source(state, seat, action) or ""
    card = _top(piles, src)
    name = card_name(card) if card is not None else "the card"
    from_pile = " from your discard pile" if src.startswith("discard") else ""
    end = action.split(">")[1]
    if end == "F":
        return f"Hint: play {name}{from_pile} onto the foundation."
    if end == "D":
        return f"Hint: discard {name} onto your own pile."
    return f"Hint: load {name}{from_pile} onto {namer.whose(int(end))} pile."


def _pisti_words(state: GameState, seat: int, action: str) -> str:
    """What the card would do, as the engine says it (capture, pişti), in words."""
    name = card_name(parse_card(action))
    events = trial(state, action)
    capture = next((e for e in events if e.kind == "capture" and e.note != "leftover"), None)
    if capture is None:
        where = "onto the pile" if _piles(state, seat).get("table") else "onto the empty table"
        return f"play {name} {where}."
    pisti = next((e.note for e in events if e.kind == "pisti"), None)
    if pisti:
        kind = "a jack pişti (20)" if pisti == "jack_pisti" else "a pişti (10)"
        return f"play {name}: it takes the single card, {kind}!"
    n = len(capture.cards) - 1  # the pile without the card played
    return f"play {name}: it takes the pile ({n} card{'s' if n != 1 else ''})."


def hint_marks(state: GameState, seat: int, action: str, shown: dict[str, list]) -> Marks:
    """The card to move and the pile it goes to, as the screen shows them now."""
    if action.startswith("stop "):
        return Marks(None, -1, None, stop_button=True)
    if state.game == "pisti":
        hand = shown.get(f"hand{seat}", [])
        card = parse_card(action)
        return Marks(f"hand{seat}", hand.index(card) if card in hand else -1, "table")
    if action in ("turn", "flip"):
        stock = f"stock{seat}"
        return Marks(stock, len(shown.get(stock, [])) - 1, None)
    src = action_source(state, seat, action)
    pile = shown.get(src or "", [])
    target = action_target(state, action)
    if target is not None and target.startswith("discard") and pile_seat(target) is None:
        target = None
    return Marks(src, len(pile) - 1, target)
