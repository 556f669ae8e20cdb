"""What the game keeps for the player, hooked to the app: the match saved after every
move, the statistics and the history counted when a hand ends. A file that fails never
halts the game: its problem becomes a notice in the player's language.

Two windows may share one preference folder. Statistics and history are read, added
to and written back under the operating system's lock on ``stats.json``, so each
finished hand is counted once whatever the other window did meanwhile. The match in
progress belongs to the window holding the lock on ``match.json``; another window
plays without saving its match, and says so."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

from game.core.files import locked, try_hold
from game.store import history, saves, stats
from game.text import say

log = logging.getLogger(__name__)


class Keeper:
    """Loads the player's files at start and writes them as the match goes on."""

    def __init__(self, app) -> None:
        self.app = app
        self._reload()
        self.owner = try_hold(saves.home() / saves.FILE_NAME)
        self._told_elsewhere = False
        self._saved = self._peek()
        for name in (
            "match_changed",
            "hand_over",
            "hand_abandoned",
            "saved_match",
            "load_match",
            "stats_line",
            "closing",
        ):
            app.hooks[name] = getattr(self, name)
        app.keeper = self

    def _reload(self) -> None:
        """Statistics and history as on disk now (call holding the lock to add to them)."""
        with locked(saves.home() / stats.FILE_NAME):
            self._reload_unlocked()

    def _owns_match(self) -> bool:
        """True while this window holds the match; another window's match is not touched."""
        if self.owner is None:
            self.owner = try_hold(saves.home() / saves.FILE_NAME)
        if self.owner is None and not self._told_elsewhere:
            self._told_elsewhere = True
            self.app.notice("match_elsewhere")
        return self.owner is not None

    def _notice(self, problem: str | None, what: str) -> None:
        if problem:
            code = problem if problem.startswith(f"{what}_") else f"{what}_broken|{problem}"
            self.app.notice(code)

    def _peek(self) -> dict[str, Any] | None:
        session, problem = saves.load_match()
        self._notice(problem, "save")
        return session.summary() if session is not None else None

    # ----------------------------------------------------------------- the match
    def match_changed(self, session) -> None:
        st = session.state
        if st.is_over and session.match.hand_finished and session.match.is_over:
            return
        if not self._owns_match():
            return
        try:
            saves.save_match(session)
        except OSError as err:
            self.app.notice(f"save_failed|{err.strerror or err}")
        self._saved = session.summary()

    def saved_match(self) -> dict[str, Any] | None:
        return self._saved

    def load_match(self):
        session, problem = saves.load_match()
        self._notice(problem, "save")
        if session is None:
            self._saved = None
        return session

    def closing(self) -> None:
        """Nothing to do: every move was saved as it was made."""

    # ----------------------------------------------------------------- counting
    def key(self, session) -> str:
        st = session.state
        return stats.key_of(session.spec.id, st.options, st.players, session.level, type(st))

    def hand_over(self, session) -> None:
        with locked(saves.home() / stats.FILE_NAME):
            self._reload_unlocked()
            self._count_hand(session)
            self._write()
        self._after_hand(session)

    def _reload_unlocked(self) -> None:
        self.stats, problem = stats.Stats.load()
        self._notice(problem, "stats")
        self.history, problem = history.History.load()
        self._notice(problem, "history")

    def _count_hand(self, session) -> None:
        st, m = session.state, session.match
        side = st.side_of(session.human)
        points = m.hand_points()[m.team_of(0)]
        took_back = session.took_back or session.referee.took_back
        key = self.key(session)
        self.stats.count_hand(key, st, side, session.human, took_back, points)
        w = st.winner
        result = 0 if w in (None, "draw") else (1 if w == side else -1)
        self.history.add(
            history.History.entry(
                st.record(),
                session.spec.id,
                st.players,
                session.level,
                session.human,
                result,
                list(st.score),
                m.deal_no,
            )
        )
        if m.is_over and m.target:
            self.stats.count_match(key, m.winner == m.team_of(0))

    def _after_hand(self, session) -> None:
        m = session.match
        if not self._owns_match():
            return
        if m.is_over:
            saves.clear_match()
            self._saved = None
        else:
            with contextlib.suppress(OSError):
                from game.core.files import write_json_atomic

                write_json_atomic(saves.home() / saves.FILE_NAME, session.to_save(advance=True))
            self._saved = self._peek()  # the menu's Continue: the next hand, as saved

    def hand_abandoned(self, session) -> None:
        with locked(saves.home() / stats.FILE_NAME):
            self._reload_unlocked()
            self._count_abandoned(session)
            self._write()

    def _count_abandoned(self, session) -> None:
        st = session.state
        self.stats.count_hand(
            self.key(session),
            st,
            st.side_of(session.human),
            session.human,
            session.took_back,
            0,
            abandoned=True,
        )

    def _write(self) -> None:
        for what, obj in (("stats", self.stats), ("history", self.history)):
            try:
                obj.save()
            except OSError as err:
                self.app.notice(f"{what}_not_saved|{err.strerror or err}")

    def stats_line(self, session) -> str:
        line = self.stats.lines.get(self.key(session))
        if line is None or not line.hands:
            return ""
        return say(
            "summary.stats_line",
            level=say(f"level.{session.level}"),
            won=line.won,
            n=line.hands,
            streak=line.streak,
            best=line.best_streak,
        )
