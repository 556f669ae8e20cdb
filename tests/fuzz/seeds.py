"""Valid files to mutate: records of every game and variant, settings, a saved match, and
the previous version's statistics and history files (as that version wrote them), made
by the game's own code where it still writes them. The database: ``database.seed``."""

from __future__ import annotations

import json
import random
from functools import lru_cache
from typing import Any

VARIANTS: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("pishe-pasha", 2, {}),
    ("pishe-pasha", 2, {"foundations": "single"}),
    ("pishe-pasha", 2, {"stop_rule": True}),
    ("pishe-pasha", 3, {}),
    ("pisha-pasha-book", 2, {}),
    ("pisti", 2, {}),
    ("pisti", 3, {"start_jack": "to_bottom"}),
    ("pisti", 4, {"show_bottom": False, "target": 101}),
)


def played(game: str, players: int, options: dict, seed: int, moves: int | None = None):
    """A hand with ``moves`` random legal moves made, or played out. Stop calls are among them,
    as they are record actions too (RULES.md §6). Shared with ``test_record.py``."""
    from game.games import new_hand

    rng = random.Random(seed)
    state = new_hand(game, players, options, rng)
    n = 0
    while not state.is_over and (moves is None or n < moves):
        calls = state.calls()
        state.apply(rng.choice(calls if calls and rng.random() < 0.3 else state.legal_actions()))
        n += 1
    return state


def _plain(obj: Any) -> Any:
    return json.loads(json.dumps(obj))


# The stores stamp a save and a history entry with the time now: the seeds stamp a fixed
# time instead, so a case's bytes depend on its seed and number only, never on the hour
# its process started (a failure found in a long run is made again by ``case_bytes``).
WHEN = 1_795_000_000.25


@lru_cache(maxsize=1)
def records() -> tuple[dict, ...]:
    """Every variant at its start, part way and played out."""
    out = []
    for i, (game, players, options) in enumerate(VARIANTS):
        for moves in (0, 12, None):
            out.append(_plain(played(game, players, options, 100 + i, moves).record()))
    return tuple(out)


@lru_cache(maxsize=1)
def settings() -> tuple[dict, ...]:
    """The defaults, and settings with every field changed to another valid value."""
    from game.store.settings import Settings, settings_dict

    changed = Settings(
        language="tr",
        sound=False,
        pace="fast",
        highlights=False,
        faces="high_contrast",
        card_back="blue",
        card_scale=1.3,
        reduced_motion=True,
        fullscreen=True,
        call_window=4.5,
        show_faults=True,
        auto_play=False,
        take_backs=True,
        auto_flip_speed=0.9,
        last_game="pisti",
        level="expert",
        game_options={
            "pisti": {"players": 4, "target": 101, "start_jack": "to_bottom", "show_bottom": False},
            "pishe-pasha": {"players": 2, "foundations": "single", "stop_rule": True, "match": 50},
            "pisha-pasha-book": {"players": 2},
        },
    )
    return (_plain(settings_dict(Settings())), _plain(settings_dict(changed)))


@lru_cache(maxsize=1)
def saves() -> tuple[dict, ...]:
    """Saved matches of each registered game's tables, part way through a hand and between
    hands."""
    from game.games import SPECS
    from game.session import Session

    out = []
    tables = [(s, choices) for s in SPECS.values() for choices in s.smoke]
    for spec, choices in tables:
        session = Session.start(spec.id, choices, spec.default_level, seed=5)
        rng = random.Random(7)
        for _ in range(15):
            st = session.state
            if st.is_over:
                break
            session.referee.state.apply(rng.choice(st.legal_actions()))
        for advance in (False, True):
            out.append({**_plain(session.to_save(advance=advance)), "saved": WHEN})
    return tuple(out)


def _old_key(game: str, options: dict, players: int, level: str) -> str:
    return f"{game}|{json.dumps(options, sort_keys=True)}|{players}|{level}"


@lru_cache(maxsize=1)
def stats() -> tuple[dict, ...]:
    """The previous version's statistics after a few counted hands of different games."""
    from dataclasses import asdict

    from game.core.state import non_default_options
    from game.games import SPECS
    from game.stats import Line
    from game.store.hands import Hand, StatsKey

    lines: dict[str, Line] = {}
    for i, (game, players, options) in enumerate(VARIANTS):
        state = played(game, players, options, 300 + i, None)
        key = _old_key(game, non_default_options(type(state), state.options), players, "medium")
        hand = Hand(StatsKey(game, players, "medium"), 0, 1, state.score[0],
                    counts=dict(SPECS[game].counts(state, 0)), took_back=i % 3 == 0,
                    match_won=i % 2 == 0)  # fmt: skip
        lines.setdefault(key, Line()).add(hand)
    lines_data = {k: _plain(asdict(v)) for k, v in lines.items()}
    return ({"version": 1, "saved": 1.5e9, "lines": lines_data},)


@lru_cache(maxsize=1)
def history() -> tuple[dict, ...]:
    """The previous version's history of a few finished hands."""
    hands = []
    for i, (game, players, options) in enumerate(VARIANTS[:6]):
        state = played(game, players, options, 500 + i, None)
        hands.append({
            "when": WHEN + i * 3600.5, "game": game, "players": players, "level": "hard",
            "seat": 0, "result": 1, "score": list(state.score),
            "record": _plain(state.record()), "deal": i,
        })  # fmt: skip
    return ({"version": 1, "hands": hands},)
