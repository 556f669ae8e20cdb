"""Valid files to mutate: records of every game and variant, settings, a saved match,
statistics and history, made by the game's own code so they are exactly what it writes."""

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
    """Saved matches of each game, part way through a hand and between hands."""
    from game.session import Session

    out = []
    for game, choices in (
        ("pishe-pasha", {"players": 2, "stop_rule": True, "match": 50}),
        ("pishe-pasha", {"players": 3}),
        ("pisha-pasha-book", {}),
        ("pisti", {"players": 4, "target": 101}),
        ("pisti", {"players": 2}),
    ):
        session = Session.start(game, choices, "easy", seed=5)
        rng = random.Random(7)
        for _ in range(15):
            st = session.state
            if st.is_over:
                break
            session.referee.state.apply(rng.choice(st.legal_actions()))
        for advance in (False, True):
            out.append({**_plain(session.to_save(advance=advance)), "saved": WHEN})
    return tuple(out)


@lru_cache(maxsize=1)
def stats() -> tuple[dict, ...]:
    """Statistics after a few counted hands of different games."""
    from game.store.stats import VERSION, Stats, key_of

    s = Stats()
    for i, (game, players, options) in enumerate(VARIANTS):
        state = played(game, players, options, 300 + i, None)
        key = key_of(game, state.options, players, "medium", type(state))
        s.count_hand(key, state, 0, 0, took_back=i % 3 == 0, team_points=state.score[0])
        s.count_match(key, won=i % 2 == 0)
    lines = {k: _plain(v.__dict__) for k, v in s.lines.items()}
    return ({"version": VERSION, "saved": 1.5e9, "lines": lines},)


@lru_cache(maxsize=1)
def history() -> tuple[dict, ...]:
    """A history of a few finished hands."""
    from dataclasses import asdict

    from game.store.history import VERSION, History

    h = History()
    for i, (game, players, options) in enumerate(VARIANTS[:6]):
        state = played(game, players, options, 500 + i, None)
        h.add(History.entry(state.record(), game, players, "hard", 0, 1, list(state.score), i))
    hands = [_plain(asdict(e)) | {"when": WHEN + i * 3600.5} for i, e in enumerate(h.entries)]
    return ({"version": VERSION, "hands": hands},)
