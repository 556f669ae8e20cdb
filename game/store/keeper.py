"""What the game keeps for the player as a match goes on, apart from any screen: the match
saved after every move; a hand counted the moment it ends, in one transaction with the
match's next state (a kill leaves it counted once, or not yet ended); statistics and
History read back from the hands. Nothing the disk refuses stops the game: the player is
told once (``notice``: a :class:`Notice` the app words) and play goes on. Of two windows
on one folder, both count their hands; the match in progress is the one holding it
(:meth:`Store.claim_match`): the other plays without saving its match, and says so once."""

from __future__ import annotations

import contextlib
import copy
import json
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.core.files import FileProblem, Notice, parse_json
from game.session import Session
from game.stats import Line, fold
from game.store import hands, moving_in, pars, waiting
from game.store.db import BUSY_SECONDS, Store, StoreError, open_store
from game.store.exporting import Exporting
from game.store.hands import Hand, StatsKey
from game.store.pars import HandPar, Job, ParWork
from game.store.settings import settings_dir
from game.store.warm import Folded, Warm
from game.text import number, say, say_n
from game.text.words import variant_words

MAX_SAVE = 3 * 1024 * 1024
FRAME_WAIT = 0.03  # seconds a move waits for another window's write: within a frame
# seconds a finished hand waits: once a hand, and long enough for another window's own
# hand end (a transaction synced to the disk, which a loaded machine can slow past a frame)
HAND_WAIT = 0.2
MAX_ROWID = 2**63 - 1  # SQLite's largest rowid
PAGE = 200  # hands History reads at a time: many screens' worth, a few milliseconds


class Keeper:
    """The database and the policy around it, for one window."""

    def __init__(self, notice: Callable[[Notice], None], folder: Path | None = None,
                 pars: bool = False) -> None:  # fmt: skip
        """``pars``: work out each hand's par (the app's keeper does; a keeper that does
        not leaves the hands it counts to the next one that does)."""
        self.notice = notice
        self.pars = ParWork()
        self._work_pars = pars
        self._found: dict[int, HandPar] = {}  # the pars this window worked out
        self._hand_ids: dict[tuple[str, int, int], int] = {}  # hands counted: their rows
        self.folder = folder or settings_dir()
        self.store: Store | None
        self.store, told = open_store(self.folder, moving_in.mover(self.folder))
        self._said = set() if self.store and self.store.writable else {"not_kept"}  # told why
        self._counted: set[tuple[str, int, int]] = set()  # the hands this window counted
        self._folded: Folded | None = None  # the statistics folded so far
        self._warm: Warm | None = None  # the first fold, on its thread (warm_up)
        self._closed = False  # (a window's keeper replaced before its first frame: no fold)
        self._exports: list[Exporting] = []  # each written on a thread of its own
        for code in told:
            notice(code)
        self._waiting: list[tuple[Any, ...]] = waiting.read(self.folder) if self.store else []
        self._write_waiting()
        session = self.load_match()
        self._saved = session.summary() if session is not None else None
        self._pars_missing()

    def _once(self, notice: Notice) -> None:
        """Each thing told once; a hand waiting and a match not kept are one thing (the
        disk, the file or another program refuses): told once, by whichever comes first."""
        said = "not_kept" if notice.code == "hand_waiting" else notice.code
        if said not in self._said:
            self._said.add(said)
            self.notice(notice)

    def _change(
        self, write: Callable[[sqlite3.Connection], Any], durable: bool = False,
        wait: float = BUSY_SECONDS, told: str = "not_kept",
    ) -> bool:  # fmt: skip
        """One transaction; False (the player told once) when the database refused it."""
        if self.store is None:
            return False
        try:
            with self.store.change(durable, wait) as c:
                write(c)
        except StoreError as err:
            self._once(Notice(told, str(err)))
            return False
        return True

    # ----------------------------------------------------------------- hands that wait
    def _wait(self, row: tuple[Any, ...]) -> None:
        """A hand the database refused now, kept in memory and in the file beside it, to
        be written by the next change that can be made (this run's or the next's)."""
        self._waiting.append(row)
        with contextlib.suppress(OSError, ValueError):
            waiting.keep(self.folder, self._waiting)

    def _write_waiting(self) -> None:
        """The hands that waited, written (each once: a hand's key is unique)."""
        if not self._waiting or self.store is None or not self.store.writable:
            return
        rows = list(self._waiting)
        if self._change(
            lambda c: c.executemany(hands.INSERT, rows), True, FRAME_WAIT, "hand_waiting"
        ):
            self._waiting = []
            waiting.done(self.folder)

    def _read(self, told: str, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        try:
            return self.store.read(sql, *args) if self.store is not None else []
        except StoreError as err:
            self._once(Notice(told, str(err)))
            return []

    def _owns_match(self) -> bool:
        owns = self.store is not None and self.store.claim_match()
        if not owns and self.store is not None and self.store.writable:
            self._once(Notice("match_elsewhere"))
        return owns

    # ----------------------------------------------------------------- the match
    def match_changed(self, session: Session) -> None:
        """After every move; a move that ends the hand counts it."""
        m = session.match
        if session.state.is_over:
            if (session.id, m.hand_no, m.deal_no) not in self._counted:  # (counted once)
                self._counted.add((session.id, m.hand_no, m.deal_no))
                m.finish_hand()  # (whoever asked first: it adds the hand to the totals once)
                hand = Hand.of(session)
                hand_id = self._count(hand, None if m.is_over else _save(session, advance=True))
                if hand_id and self._work_pars:
                    self._hand_ids[(session.id, m.hand_no, m.deal_no)] = hand_id
                    self.pars.want(Job(hand_id, hand.record, hand.seat, hand.key.level))
        elif self._owns_match() and self._change(
            lambda c: _put(c, _save(session)), wait=FRAME_WAIT
        ):
            self._saved = session.summary()
        self._write_waiting()

    # ----------------------------------------------------------------- par
    def _pars_missing(self) -> None:
        """Every hand still without its par (a start after a kill, or an older
        version's hands) is worked out again, newest first, behind the new ones."""
        if self.store is None or not self.store.writable or not self._work_pars:
            return
        rows = self._read("history_fixed", pars.MISSING, pars.AT_START)
        for job in pars.jobs(rows, hands.unpacked):
            self.pars.want(job, first=False)

    def keep_pars(self) -> list[HandPar]:
        """Write the pars worked out since the last call, each in a transaction of its
        own (on this, the keeper's, thread); the ones written."""
        kept = []
        for found in self.pars.done():
            self._found[found.hand_id] = found
            if self._change(_keeping(found)):
                kept.append(found)
        return kept

    def par_of_hand(self, hand_id: int) -> HandPar | None:
        """A hand's par, once worked out and kept."""
        self.keep_pars()
        rows = self._read("history_fixed", f"SELECT {pars.LISTED} FROM par WHERE hand_id = ?",
                          hand_id)  # fmt: skip
        return pars.read_par(rows[0]) if rows else None

    def pars_of(self, first: int = 0, last: int = MAX_ROWID) -> dict[int, HandPar]:
        """The kept pars of the hands whose rows run from ``first`` to ``last``, by row."""
        self.keep_pars()
        sql = f"SELECT {pars.LISTED} FROM par WHERE hand_id BETWEEN ? AND ?"
        rows = self._read("history_fixed", sql, first, last)
        return {p.hand_id: p for p in map(pars.read_par, rows) if p is not None}

    def against_par(self, key: StatsKey) -> list[float]:
        """A line's counted hands that have their par: the player's result against it
        (above +, under -), hand by hand in play order."""
        self.keep_pars()
        sql = """SELECT p.mine - p.mean FROM hands h JOIN par p ON p.hand_id = h.id
                 WHERE h.counted AND h.game = ? AND h.players = ? AND h.level = ?
                 AND h.options = ? ORDER BY h.id"""  # fmt: skip
        rows = self._read("stats_fixed", sql, key.game, key.players, key.level, key.options_text)
        return [float(v) for (v,) in rows if type(v) in (int, float) and abs(v) < 10_000]

    def par_for(self, session: Session) -> HandPar | None:
        """The par of the hand ``session`` just finished, once it is ready (None while
        it is worked out, or for a hand not counted here)."""
        m = session.match
        hand_id = self._hand_ids.get((session.id, m.hand_no, m.deal_no))
        if hand_id is None:
            return None
        self.keep_pars()
        return self._found.get(hand_id)

    def par_line(self, session: Session) -> str:
        """The summary's line on par: what the Expert made of the player's cards and how
        the player's own result compares; while it is worked out, that it is; empty for a
        hand whose par this window does not work out."""
        m = session.match
        if (session.id, m.hand_no, m.deal_no) not in self._hand_ids:
            return ""
        found = self.par_for(session)
        return say("summary.par.working") if found is None else par_words(found)

    def hand_abandoned(self, session: Session) -> None:
        """A hand given up half way counts as lost; the table deals the next deal."""
        after = _save(session, redeal=session.match.deal_no + 1)
        self._count(Hand.of(session, given_up=True), after)

    def _count(self, hand: Hand, after: str | None) -> int:
        """The hand's row and the match's next state (``after``; None: the match is over),
        together and on the disk, or neither; the row's id (0: not written)."""
        owner = self._owns_match()
        written: list[int] = []

        row = hand.row()
        self._write_waiting()

        def write(c: sqlite3.Connection) -> None:
            cursor = c.execute(hands.INSERT, row)
            written.append(cursor.lastrowid or 0 if cursor.rowcount == 1 else 0)
            if owner:
                _put(c, after)

        done = self._change(write, True, HAND_WAIT, "hand_waiting")
        if done and owner:
            self._saved = None if after is None else _session(after).summary()
        elif not done and self.store is not None and self.store.writable:
            self._wait(row)
        return written[0] if done and written else 0

    def saved_match(self) -> dict[str, Any] | None:
        """What the menu says of the match under Continue."""
        return self._saved

    def load_match(self) -> Session | None:
        """The saved match; a save that cannot be played on is set aside in the database."""
        rows = self._read("save_broken", "SELECT save FROM match")
        try:
            if rows:
                return self._told_level(_session(rows[0][0]))
        except ValueError as err:
            why = str(err)[:200]
        self._saved = None
        if not rows:
            return None
        aside = "INSERT INTO match_aside SELECT ?, ?, save FROM match"

        def set_aside(c: sqlite3.Connection) -> None:
            c.execute(aside, (time.time(), why))
            _put(c, None)

        kept = self._change(set_aside)
        self.notice(Notice("save_broken", why + (" (kept as match_aside)" if kept else "")))
        return None

    def _told_level(self, session: Session) -> Session:
        """A save at a level its game does not have plays on at the default: said once."""
        if session.level_lost is not None:
            self._once(Notice("level_unknown", f"{session.level_lost[:40]!r}"))
        return session

    # ----------------------------------------------------------------- what was played
    def played(self, where: str = "1", *args: Any, order: str = "id") -> list[Hand]:
        """The hands ``where`` says (their records are read when opened: :meth:`record`)."""
        sql = f"SELECT {hands.LISTED} FROM hands WHERE {where} ORDER BY {order}"
        return self._valid(self._read("history_fixed", sql, *args))

    def _valid(self, rows: list[tuple[Any, ...]]) -> list[Hand]:
        """The hands of ``rows`` the game can show; the player told once of the others."""
        found = [h for h in map(hands.read_hand, rows) if h is not None]
        if len(found) < len(rows):
            self._once(
                Notice(
                    "history_fixed", f"{len(rows) - len(found)} of {len(rows)} hands are not valid"
                )
            )
        return found

    def entries(self) -> list[Hand]:
        """Every hand, newest first."""
        return self.played(order="id DESC")

    def page(self, before: int | None = None, size: int = PAGE) -> tuple[list[Hand], int]:
        """History a page at a time, newest first: the hands of the ``size`` rows below
        row ``before`` (None: the newest), and the row the next page starts below (0: no
        more). A screen reads what it shows: History opens as fast at 200,000 hands as at 10."""
        below_sql = "1" if before is None else "id < ?"
        sql = f"SELECT {hands.LISTED} FROM hands WHERE {below_sql} ORDER BY id DESC LIMIT ?"
        rows = self._read("history_fixed", sql, *([] if before is None else [before]), size)
        below = rows[-1][0] if len(rows) == size and type(rows[-1][0]) is int else 0
        return self._valid(rows), below

    def record(self, hand_id: int) -> dict[str, Any]:
        """A hand's record as it was played (empty if it cannot be read)."""
        rows = self._read("history_fixed", "SELECT record FROM hands WHERE id = ?", hand_id)
        return hands.unpacked(rows[0][0]) if rows else {}

    def statistics(self, key: StatsKey | None = None) -> dict[StatsKey, Line]:
        """Every line (or ``key``'s), folded from the counted hands in play order. The fold
        is kept, and a later call folds only the hands counted since, whichever window
        counted them: a hand's end costs the same at 10 hands and at 200,000."""
        lines = self._folded_lines()
        if key is not None:
            lines = {key: lines[key]} if key in lines else {}
        return copy.deepcopy(lines)

    def warm_up(self) -> None:
        """The statistics folded on a thread of their own (the app asks once its first
        frame is on screen, so the fold never slows it): the first summary or Statistics
        screen then finds them folded, however long the history."""
        idle = self._warm is None and self._folded is None
        if self.store is not None and not self._closed and idle:
            self._warm = Warm(self.store.path)

    def _folded_lines(self) -> dict[StatsKey, Line]:
        """The kept fold (the one the window's opening made on its thread, at first)
        brought up to date: the hands added since (a range of rowids, whichever window
        added them), or folded again from the start when the statistics were reset
        meanwhile (the first hand folded no longer counted, or the lines moved in gone)."""
        top = self._one("SELECT MAX(id) FROM hands") or 0
        carried = self._one("SELECT COUNT(*) FROM carried") or 0
        if self._folded is None and self._warm is not None:
            self._folded, self._warm = self._adopt(self._warm.take()), None
        f = self._folded
        if f is not None:
            still = f.first is None or self._one("SELECT counted FROM hands WHERE id = ?", f.first)
            if still and f.carried == carried and top >= f.last:
                new = self.played("counted AND id > ? AND id <= ?", f.last, top)
                f.lines, f.last = fold(new, f.lines), top
                f.first = f.first if f.first is not None or not new else new[0].id
                return f.lines
        rows = self._read("stats_fixed", "SELECT * FROM carried")
        lines, bad = hands.carried(rows)
        if bad:
            self._once(Notice("stats_fixed", f"{bad} of {len(rows)} lines moved in are not valid"))
        played = self.played("counted AND id <= ?", top)
        self._folded = Folded(played[0].id if played else None, top, len(rows), fold(played, lines))
        return self._folded.lines

    def _adopt(self, f: Folded | None) -> Folded | None:
        """The opening's fold, with what it found not valid said as a read here says it."""
        if f is not None and f.bad_hands[0]:
            self._once(Notice("history_fixed", "{} of {} hands are not valid".format(*f.bad_hands)))
        if f is not None and f.bad_carried[0]:
            bad = "{} of {} lines moved in are not valid".format(*f.bad_carried)
            self._once(Notice("stats_fixed", bad))
        return f

    def _one(self, sql: str, *args: Any) -> Any:
        rows = self._read("stats_fixed", sql, *args)
        return rows[0][0] if rows else None

    def reset_statistics(self) -> None:
        """Statistics start again; History keeps every hand."""
        self._folded = None
        self._change(
            lambda c: (c.execute("UPDATE hands SET counted = 0"), c.execute("DELETE FROM carried"))
        )

    def stats_line(self, session: Session) -> str:
        """The summary's line: the player's record in this game, variant and level, named
        as Statistics names the line (its streak counts that line's hands only)."""
        key = hands.key_of(session)
        line = self.statistics(key).get(key)
        if line is None or not line.hands:
            return ""
        return say("summary.stats_line", level=say(f"level.{session.level}"), won=line.won,
                   n=line.hands, streak=line.streak, best=line.best_streak,
                   line=variant_words(key.game, key.choices, key.players))  # fmt: skip

    def export(self, what: str) -> Exporting:
        """History or the statistics being written as JSON and CSV in the exports folder,
        on a thread of the export's own (ended, or abandoned, when the keeper closes)."""
        self._exports = [job for job in self._exports if not job.done]
        lines = None if what == "history" else self.statistics()
        path = None if self.store is None else self.store.path
        self._exports.append(Exporting(self.folder, path, what, lines))
        return self._exports[-1]

    def close(self) -> None:
        """The pars' thread stopped, what it found kept, any hand still waiting written,
        then the database closed."""
        self._closed = True
        self.pars.close()
        for job in self._exports:
            job.close()
        if self._warm is not None:
            self._warm.close()
        if self.store is not None and self.store.writable:
            self.keep_pars()
        self._write_waiting()
        if self.store is not None:
            self.store.close()


WIDE = 1.0  # points: a par less sure than this says its 95% interval beside it


def signed(value: float) -> str:
    """A result as the summary writes it: "+14", "-3", "+2.5" (the language's decimals)."""
    digits = 0 if abs(value - round(value)) < 0.05 else 1
    text = number(abs(value), digits)
    sign = ("+" if value > 0 else "-") if text.strip("0.,") else ""
    return sign + text


def against_words(against: float) -> str:
    """ "3 under par", "2.5 over par", "at par"."""
    digits = 0 if abs(against - round(against)) < 0.05 else 1
    amount = number(abs(against), digits)
    if amount.strip("0.,") == "":
        return say("par.at")
    key = "par.over" if against > 0 else "par.under"
    return say_n(key, max(1, round(abs(against))), n=amount)


def par_words(found: HandPar) -> str:
    """The summary's sentence on a hand's par."""
    p = found.par
    values = {"par": signed(p.mean), "mine": signed(found.mine),
              "against": against_words(found.against)}  # fmt: skip
    if p.replays > 1 and p.half_width >= WIDE:
        return say("summary.par_wide", wide=number(p.half_width, 1), **values)
    return say("summary.par", **values)


def _keeping(found: HandPar) -> Callable[[sqlite3.Connection], None]:
    """The write that keeps one par (a function of its own: each binds its own par)."""
    return lambda c: pars.keep(c, found)


def _put(c: sqlite3.Connection, save: str | None) -> None:
    """The match's save in place of the last one (None: the match is over)."""
    if save is None:
        c.execute("DELETE FROM match")
    else:
        c.execute("INSERT OR REPLACE INTO match VALUES (1, ?)", (save,))


def _save(session: Session, **fresh: Any) -> str:
    """The match's save as the database keeps it (``fresh``: see :meth:`Session.to_save`)."""
    return json.dumps(session.to_save(**fresh), allow_nan=False)


def _session(text: Any) -> Session:
    """The match a saved text holds, where it was; ValueError says what is wrong."""
    if not isinstance(text, str) or len(text) > MAX_SAVE:
        raise ValueError("the saved match is not the text of a save")
    try:
        return Session.from_save(parse_json(text, "the saved match"))
    except FileProblem as err:
        raise ValueError(str(err)) from None
