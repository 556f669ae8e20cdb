"""A match being played by a person against the computer: the game, its choices, the
opponents, the referee; and its save, so it can be continued after the window closed.

Pure Python: the table drives a session, the tests drive one without a screen.
A save holds the match (choices, seeds, totals and the current hand as a record; the
finished hands are kept by the store), so restoring replays the same cards to the same move;
computer players decide from their seed and what they see, so they then play
exactly as they would have.
"""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass, field
from typing import Any

from game import record
from game.core.cards import brief
from game.core.match import Match, deal_seed
from game.core.referee import Referee
from game.core.schema import MAX_DEAL, MAX_SEED, Field, require
from game.core.spec import GameSpec
from game.core.state import GameState
from game.games import known_game, spec_of

SAVE_VERSION = 2  # 2: the match has an id; its finished hands are no longer in the save
MAX_FUTURE = 100_000  # moves taken back a save may hold (a hand is far shorter)
HINT_SEED = 97


@dataclass
class Session:
    """One match: its spec, choices, opponents' level and seeds, the match and referee."""

    spec: GameSpec
    choices: dict[str, Any]
    level: str
    seed: int  # the opponents' seed (each player adds its number)
    match: Match
    referee: Referee
    took_back: bool = False  # a take-back happened in this hand
    redo_lost: bool = False  # the save's moves taken back could not be made again here
    level_lost: str | None = None  # a save's level this game does not have (it plays the default)
    id: str = field(default_factory=lambda: uuid.uuid4().hex)  # the match's, kept in its save

    @classmethod
    def start(
        cls,
        game: str,
        choices: dict[str, Any],
        level: str,
        seed: int | None = None,
        deal_no: int | None = None,
    ) -> Session:
        """A new match from the menu's choices; ValueError names a bad one."""
        spec = spec_of(game)
        if level not in spec.agents:
            known = ", ".join(spec.agents)
            raise ValueError(f"{game} has no level {brief(level)} (choose {known})")
        full = {**spec.defaults(), **{k: v for k, v in choices.items() if k in spec.defaults()}}
        players = int(full.get("players", spec.players[0]))
        if players not in spec.players:
            raise ValueError(f"{game} is played by {spec.players} players, not {players}")
        base = int(time.time()) if seed is None else seed
        match = Match(spec, players, full, seed=base, target=spec.match_target(full))
        if deal_no is not None:
            match.redeal(deal_no)
        return cls.around(spec, full, level, base, match)

    @classmethod
    def around(cls, spec: GameSpec, choices: dict, level: str, seed: int, match: Match) -> Session:
        """The session of ``match``; a level the game does not have (a save's, made by another
        version) becomes its default, and ``level_lost`` keeps the one asked for."""
        lost, level = (None, level) if level in spec.agents else (level, spec.default_level)
        agents = [None] + [spec.make_agent(level, seed + p) for p in range(1, match.players)]
        session = cls(spec, choices, level, seed, match, Referee.for_match(match, agents))
        session.level_lost = lost
        return session

    def hint_agent(self):
        """The game's hint agent (None: the game gives no hints)."""
        level = self.spec.hint_level
        return None if level is None else self.spec.make_agent(level, self.seed + HINT_SEED)

    @property
    def state(self) -> GameState:
        return self.referee.state

    @property
    def human(self) -> int:
        return self.match.seat_of(0)

    def next_hand(self) -> GameState:
        self.took_back = False
        return self.referee.next_hand()

    def deal_again(self, deal_no: int) -> GameState:
        """The current hand replaced by the numbered deal (same game and options)."""
        state = self.match.redeal(deal_no)
        self.referee.restart(state)
        self.took_back = False
        return state

    # ----------------------------------------------------------------- saving
    def to_save(self, advance: bool = False, redeal: int | None = None) -> dict[str, Any]:
        """Everything needed to continue this match later, as plain JSON. With a fresh hand
        in place of this one: ``advance``, the next hand (what Continue finds once this one
        is finished); ``redeal``, the deal numbered so (what follows a hand given up)."""
        m = self.match
        data: dict[str, Any] = {
            "version": SAVE_VERSION,
            "id": self.id,
            "game": self.spec.id,
            "choices": dict(self.choices),
            "level": self.level,
            "seed": self.seed,
            "match": {
                "seed": m.seed,
                "hand_no": m.hand_no,
                "deal_no": m.deal_no,
                "totals": list(m.totals),
                "history": [list(h) for h in m.history],
            },
            "hand": self.state.record(),
            "referee": self.referee.describe(),
            "took_back": self.took_back or self.referee.took_back,
            "saved": time.time(),
        }
        if advance or redeal is not None:
            hand_no = m.hand_no + advance
            deal = deal_seed(m.seed, hand_no) if advance else redeal
            hand = self.spec.new_hand(m.players, m.options, deal)
            data["match"].update(hand_no=hand_no, deal_no=deal)
            data.update(hand=hand.record(), referee={}, took_back=False)
        return data

    @classmethod
    def from_save(cls, data: Any) -> Session:
        """A session exactly where the save left it, checked whole against its game (a
        save that loads is one the table can play on); ValueError says what is wrong."""
        try:
            session = cls._from_checked(check_save(data))
        except (KeyError, TypeError, IndexError, AttributeError, RecursionError) as err:
            raise ValueError(f"{type(err).__name__}: {err}") from None
        if session.state.options != session.match.options:
            raise ValueError("the save's hand was played with other options than its match")
        return session

    @classmethod
    def _from_checked(cls, data: dict[str, Any]) -> Session:
        spec = spec_of(data["game"])
        info = data["match"]
        choices = data["choices"]
        players = int(choices.get("players", spec.players[0]))
        match = Match(spec, players, choices, seed=info["seed"], target=spec.match_target(choices))
        match.hand_no = info["hand_no"]
        match.deal_no = info["deal_no"]
        match.totals = list(info["totals"])
        match.history = [list(h) for h in info["history"]]
        hand = data["hand"]
        match.hand = spec.from_setup(hand["setup"], hand.get("options", {}))
        session = cls.around(spec, choices, data["level"], data["seed"], match)
        session.referee.replay([spec.parse_action(a) for a in hand["actions"]])
        session.id = data["id"]
        session.took_back = bool(data["took_back"])
        session.referee.window_closed = bool(data["referee"].get("window_closed", False))
        session.referee.calls_asked = bool(data["referee"].get("calls_asked", False))
        future = data["referee"].get("future", [])
        session.redo_lost = bool(future) and not session.referee.restore_future(
            future, data["referee"].get("spans")
        )
        return session

    def summary(self) -> dict[str, Any]:
        """What the menu says of a saved match: game, variant (a Phrase; None for a game
        without variants), target, score, hand number, and whether anything was played
        yet (else nothing is lost by replacing it), and whether a hand is in play (a move
        made, the hand not over: replacing the match gives it up)."""
        m, st = self.match, self.state
        return {
            "game": self.spec.id,
            "variant": self.spec.variant(self.state),
            "target": m.target,
            "totals": list(m.totals),
            "hand": m.hand_no + 1,
            "players": m.players,
            "played": m.hand_no > 0 or bool(st.history),
            "in_play": hand_in_play(st),
        }


def hand_in_play(state: GameState) -> bool:
    """A move has been made and the hand is not over: leaving it for good gives it up (kept
    in History as given up, counted as a lost hand)."""
    return bool(state.history) and not state.is_over


def replay_record(spec: GameSpec, record: dict[str, Any]) -> GameState:
    """A hand from its record, every action applied; ValueError if it does not replay."""
    state = spec.from_setup(record["setup"], record.get("options", {}))
    for text in record["actions"]:
        state.apply(spec.parse_action(text))
    return state


_MATCH = {
    "seed": Field(0, int, low=0, high=MAX_SEED),
    "hand_no": Field(0, int, low=0, high=10_000),
    "deal_no": Field(0, int, low=0, high=MAX_DEAL),
    "totals": Field([], list),
    "history": Field([], list),
}
_SAVE = {
    "version": Field(SAVE_VERSION, int),
    "game": Field("", str, check=known_game),
    "choices": Field({}, dict),
    "level": Field("", str),
    "seed": Field(0, int, low=0, high=MAX_SEED),
    "match": Field({}, dict),
    "id": Field("", str, check=lambda v: _match_id(v)),
    "hand": Field({}, dict),
    "referee": Field({}, dict),
    "took_back": Field(False, bool),
    "saved": Field(0.0, float),
}


def _match_id(value: str) -> str:
    if not 1 <= len(value) <= 64 or not value.isalnum():
        raise ValueError("must be 1 to 64 letters and digits")
    return value


def migrate(data: Any) -> Any:
    """Bring an older save up to date: version 1 kept the match's finished hands (the
    store keeps them now) and had no id (one is made)."""
    if isinstance(data, dict) and data.get("version") == 1:
        data = {k: v for k, v in data.items() if k != "finished"}
        data.update(version=2, id=uuid.uuid4().hex)
    return data


def _check_future(future: Any, players: int) -> None:
    """The moves taken back, as the save keeps them: [move text, seat] pairs."""
    if not isinstance(future, list) or len(future) > MAX_FUTURE:
        raise ValueError(f"the save's moves taken back must be a list of at most {MAX_FUTURE}")
    for pair in future:
        ok = isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str)
        if not ok or type(pair[1]) is not int or not 0 <= pair[1] < players:
            raise ValueError(f"the save's moves taken back hold {brief(pair)}, not [move, seat]")


def check_save(data: Any) -> dict[str, Any]:
    """A save's fields checked, and checked against its game (choices, players, teams, its
    hand's record); ValueError names the first problem."""
    data = migrate(data)
    if isinstance(data, dict) and data.get("version") != SAVE_VERSION:
        raise ValueError(f"a save of version {brief(data.get('version'))} cannot be read")
    out = require(data, _SAVE, "the save")
    info = out["match"] = require(out["match"], _MATCH, "the save's match")
    spec, choices = spec_of(out["game"]), out["choices"]
    if spec.valid_choices(choices) != choices:
        raise ValueError(f"the save's choices {brief(choices)} are not all {spec.id} choices")
    players = choices.get("players", spec.players[0])
    if players not in spec.players:
        raise ValueError(f"{spec.id} is not played by {brief(players)} players")
    teams = spec.teams(players)
    for points in (info["totals"], *info["history"]):
        if not isinstance(points, list) or [type(p) for p in points] != [int] * teams:
            raise ValueError(f"the save's totals and each hand's must be {teams} whole numbers")
    if len(info["history"]) > info["hand_no"] + 1:
        raise ValueError("the save's history holds more hands than were played")
    flags = [out["referee"].get(n, False) for n in ("window_closed", "calls_asked")]
    if any(type(flag) is not bool for flag in flags):
        raise ValueError("the save's referee must say true or false")
    _check_future(out["referee"].get("future", []), players)
    try:
        state, _ = record.parse(out["hand"])
    except record.RecordError as err:
        raise ValueError(f"the save's hand: {err}") from None
    if state.game != spec.id or state.players != players:
        raise ValueError("the save's hand is not a hand of this match")
    return out
