"""What the game keeps for the player as a match goes on, apart from any screen: the match
saved after every move; a hand counted the moment it ends, in one transaction with the
match's next state (so a kill leaves it counted once, or not yet ended); statistics and
History read back from the hands. Nothing the disk refuses stops the game: the player is
told once (``notice``, a ``code|detail`` the app words) and play goes on.

Two windows may share one preference folder. Both count their hands; the match in
progress belongs to the window holding it (:meth:`Store.claim_match`), and the other
plays without saving its match, and says so once."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.session import Session
from game.store import export, hands, moving_in, saves
from game.store.db import Store, StoreError, open_store
from game.store.hands import Hand, Line, StatsKey
from game.store.settings import settings_dir
from game.text import say

RECORD_LIMIT = 8 * 1024 * 1024  # a record unpacked: far above any hand's


class Keeper:
    """The database and the policy around it, for one window."""

    def __init__(self, notice: Callable[[str], None], folder: Path | None = None) -> None:
        self.notice = notice
        self.folder = folder or settings_dir()
        self.store: Store | None
        self.store, told = open_store(self.folder, moving_in.mover(self.folder))
        self._said: set[str] = set()
        if self.store is None or not self.store.writable:
            self._said.add("not_kept")  # the door said why, once
        for code in told:
            notice(code)
        self._saved = self._peek()

    def _once(self, code: str) -> None:
        name = code.partition("|")[0]
        if name not in self._said:
            self._said.add(name)
            self.notice(code)

    def _change(self, write: Callable[[sqlite3.Connection], Any], durable: bool = False) -> bool:
        """One transaction; False (the player told once) when the database refused it."""
        if self.store is None or not self.store.writable:
            return False
        try:
            with self.store.change(durable) as c:
                write(c)
        except StoreError as err:
            self._once(f"not_kept|{err}")
            return False
        return True

    def _read(self, what: str, sql: str, *args: Any) -> list[tuple]:
        try:
            return self.store.read(sql, *args) if self.store is not None else []
        except StoreError as err:
            self._once(f"{what}_fixed|{err}")
            return []

    def _owns_match(self) -> bool:
        if self.store is None or not self.store.writable:
            return False
        if self.store.claim_match():
            return True
        self._once("match_elsewhere")
        return False

    # ----------------------------------------------------------------- the match
    def match_changed(self, session: Session) -> None:
        """After every move; a move that ends the hand counts it."""
        if session.state.is_over:
            self._hand_ended(session)
        elif self._owns_match() and self._change(_put_match(saves.save_text(session))):
            self._saved = session.summary()

    def _hand_ended(self, session: Session) -> None:
        m = session.match
        if m.hand_finished:
            return  # counted when it ended
        m.finish_hand()
        after = None if m.is_over else saves.save_text(session, advance=True)
        self._count(Hand.of(session), after)

    def hand_abandoned(self, session: Session) -> None:
        """A hand given up half way counts as lost; the table deals the next deal."""
        after = saves.save_text(session, redeal=session.match.deal_no + 1)
        self._count(Hand.of(session, given_up=True), after)

    def _count(self, hand: Hand, after: str | None) -> None:
        """The hand's row and the match's next state (``after``; None: the match is over),
        together and on the disk, or neither."""
        owner = self._owns_match()

        def write(c: sqlite3.Connection) -> None:
            c.execute(hands.INSERT, hand.row())
            if owner:
                _put_match(after)(c)

        if self._change(write, durable=True) and owner:
            self._saved = None if after is None else saves.session_of(after).summary()

    def saved_match(self) -> dict[str, Any] | None:
        """What the menu says of the match under Continue."""
        return self._saved

    def _peek(self) -> dict[str, Any] | None:
        session = self.load_match()
        return session.summary() if session is not None else None

    def load_match(self) -> Session | None:
        """The saved match; a save that cannot be played on is set aside in the database."""
        rows = self._read("save", "SELECT save FROM match")
        if not rows:
            self._saved = None
            return None
        try:
            return saves.session_of(rows[0][0])
        except ValueError as err:
            why = str(err)[:200]
        self._saved = None
        aside = "INSERT INTO match_aside SELECT ?, ?, save FROM match"
        kept = self._change(
            lambda c: (c.execute(aside, (time.time(), why)), c.execute("DELETE FROM match"))
        )
        self.notice(f"save_broken|{why}" + (" (kept as match_aside)" if kept else ""))
        return None

    # ----------------------------------------------------------------- what was played
    def played(self, where: str = "1", *args: Any, order: str = "id") -> list[Hand]:
        """The hands ``where`` says (their records are read when opened: :meth:`record`)."""
        sql = f"SELECT {hands.LISTED} FROM hands WHERE {where} ORDER BY {order}"
        rows = self._read("history", sql, *args)
        found = [h for h in map(hands.read_hand, rows) if h is not None]
        if len(found) < len(rows):
            self._once(f"history_fixed|{len(rows) - len(found)} of {len(rows)} hands are not valid")
        return found

    def statistics(self, key: StatsKey | None = None) -> dict[StatsKey, Line]:
        """Every line (or ``key``'s), folded from the counted hands in play order."""
        where, args = "1", ()
        if key is not None:
            where = "game = ? AND players = ? AND level = ? AND options = ?"
            args = (key.game, key.players, key.level, key.options_text)
        counted = self.played(f"counted AND {where}", *args)
        carried = self._read("stats", f"SELECT * FROM carried WHERE {where}", *args)
        lines, bad = hands.statistics(counted, carried)
        if bad:
            self._once(f"stats_fixed|{bad} of {len(carried)} lines moved in are not valid")
        return lines

    def reset_statistics(self) -> None:
        """Statistics start again; History keeps every hand."""
        self._change(
            lambda c: (c.execute("UPDATE hands SET counted = 0"), c.execute("DELETE FROM carried"))
        )

    def entries(self) -> list[Hand]:
        """History: every hand, newest first."""
        return self.played(order="id DESC")

    def record(self, hand_id: int) -> dict:
        """A hand's record as it was played (empty if it cannot be read)."""
        rows = self._read("history", "SELECT record FROM hands WHERE id = ?", hand_id)
        data = hands.unpack(rows[0][0], RECORD_LIMIT) if rows else None
        return data if isinstance(data, dict) else {}

    def export(self, what: str) -> tuple[Path, Path]:
        """History or the statistics as JSON and CSV in the exports folder (OSError)."""
        rows = export.history(self) if what == "history" else export.statistics(self.statistics())
        return export.to_folder(self.folder / "exports", what, rows)

    def stats_line(self, session: Session) -> str:
        """The summary's line: the player's record in this game, variant and level."""
        key = hands.key_of(session)
        line = self.statistics(key).get(key)
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

    def close(self) -> None:
        if self.store is not None:
            self.store.close()


def _put_match(save: str | None) -> Callable[[sqlite3.Connection], Any]:
    """The match's save in place of the last one (None: the match is over)."""
    if save is None:
        return lambda c: c.execute("DELETE FROM match")
    return lambda c: c.execute("INSERT OR REPLACE INTO match VALUES (1, ?)", (save,))
