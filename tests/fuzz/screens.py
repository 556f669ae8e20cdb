"""The screens as a fuzz target: each mutated player file (the database; a saved match,
statistics and history of the previous version, which move in; a record) is put in the
preference folder, and one app in the worker process,
on SDL's dummy driver, opens every screen that shows it: the menu, Continue, Statistics,
History, a replay of each entry, Export, and the record opened by its path and dropped
on the window. Each screen draws a frame. Any exception escaping is a crash a player
would have seen; the alarm catches a screen that never returns. A text that reaches
the font renderer undrawable (caught there by its last line of defence, which logs
it) is a broken promise: every outside text passes the one gate first."""

from __future__ import annotations

import logging
import random
from collections import Counter
from pathlib import Path
from typing import Any

KINDS = ("database", "database", "history", "stats", "save", "record")
FILES = {
    "database": "pasha-pisti.sqlite3",
    "history": "history.json",
    "stats": "stats.json",
    "save": "match.json",
}
REPLAYS = 12  # entries replayed per case: a case stays well under the slow limit
DT = 0.02

_app: Any = None
VISITED: Counter = Counter()  # screens opened in this process (the suite checks each is)


class Ungated(logging.Handler):
    """The texts the renderer had to mend (``theme.safe``) during the case."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.texts: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.msg.startswith("undrawable characters replaced"):
            self.texts.append(record.getMessage())


UNGATED = Ungated()


def app_for(folder: Path):
    """One quick, silent app per worker process (opening a display for every case
    would cost more than the case)."""
    global _app
    if _app is None:
        import pygame

        from game.store.settings import Settings
        from game.ui.app import App
        from game.ui.scenes import install_routes

        pygame.init()
        logging.getLogger("game.ui.theme").addHandler(UNGATED)
        settings = Settings(pace="instant", sound=False, language="en", auto_play=False)
        _app = App((960, 600), settings=settings)
        install_routes(_app)
    return _app


def warm(folder: Path) -> None:
    """Once per process, before any case is timed: the scenes' modules imported and each
    game's table drawn once, so its card art is rendered (about 2 s of CPU the first time,
    which the slow limit would otherwise charge to whichever case opens a table first)."""
    from game.games import SPECS
    from game.session import Session
    from game.ui.scenes import SCENES, scene_class
    from game.ui.start import keep

    app = app_for(folder)
    for name in SCENES:
        scene_class(name)
    keep(app)
    for spec in SPECS.values():
        session = Session.start(spec.id, {}, spec.default_level, seed=1)
        frame(app, app.goto("table", session=session), "warm-up")
    app.goto("menu")
    app.keeper.close()
    VISITED.pop("warm-up", None)


def screens_case(data: bytes, folder: Path, kind: str) -> int:
    """Every screen opened with the file ``data`` as the player's ``kind`` file."""
    import pygame

    from game.ui.start import keep

    path = folder / FILES.get(kind, "bug-report.json")
    path.write_bytes(data)
    app = app_for(folder)
    app.notes.clear()
    UNGATED.texts.clear()
    keep(app)
    frame(app, app.goto("menu"), "menu")
    session = app.keeper.load_match()
    if session is not None:
        frame(app, app.goto("table", session=session), "continue", 3)
    frame(app, app.goto("stats"), "statistics")
    history = app.goto("history")
    frame(app, history, "history")
    for i, entry in enumerate(history.entries[:REPLAYS]):
        record = app.keeper.record(entry.id)
        replay = app.goto("replay", record=record, seat=entry.seat, back=history)
        frame(app, replay, "replay")
        history.selected = i
    if history.entries:
        history = app.goto("history")
        history.export_selected()
        frame(app, history, "export")
    if kind == "record":
        history.open_file(str(path))
        frame(app, app.scene, "opened by path")
        app.goto("history")
        pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
        frame(app, app.scene, "dropped")
    outcome = 0 if not app.notices else 1
    app.goto("menu")
    app.keeper.close()  # before the next case's files replace these
    assert not UNGATED.texts, f"a text reached the renderer past the gate: {UNGATED.texts[0]}"
    return outcome


def frame(app, scene, what: str, n: int = 1) -> None:
    """``n`` frames of ``scene``, counted as a visit to ``what``."""
    VISITED[what] += 1
    for _ in range(n):
        app.step(DT)


def case_bytes(rng: random.Random, sources: dict) -> tuple[str, bytes]:
    """A kind of file and a broken copy of one of its seeds; history records often
    parse but cannot be replayed (their moves changed as the rules would judge)."""
    from .database import db_mutant, seed
    from .mutate import dumps, mutant, mutate_actions

    kind = rng.choice(KINDS)
    if kind == "database":
        return kind, db_mutant(rng, seed())
    docs = sources[kind]()
    doc = docs[rng.randrange(len(docs))]
    if kind == "history" and rng.random() < 0.3 and doc.get("hands"):
        hands = [dict(h) for h in doc["hands"]]
        i = rng.randrange(len(hands))
        hands[i]["record"] = mutate_actions(rng, hands[i]["record"])
        doc = {**doc, "hands": hands}
        if rng.random() < 0.5:
            return kind, dumps(doc).encode("utf-8", "surrogatepass")
    if kind == "record" and rng.random() < 0.4:
        doc = mutate_actions(rng, doc)
        if rng.random() < 0.5:
            return kind, dumps(doc).encode("utf-8", "surrogatepass")
    return kind, mutant(rng, doc)
