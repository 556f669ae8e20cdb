"""The fuzz campaign: every file the game reads, mutated every way a disk, an editor or an
older version can break it, and fed to the code that reads it.

Targets: game records (``python -m game.record``, run in-process through
:func:`game.record.main`, plus a few real subprocesses), ``settings.json``, the player's
database (``pasha-pisti.sqlite3``: its bytes damaged, its cells and schema changed), the
saved match in it, and the previous version's ``stats.json`` and ``history.json`` moving
in; and the screens (``--screens``): each mutated file put in the preference folder of one
app on SDL's dummy driver, which opens every screen that shows it. Each case must end in
under 2 s without a traceback; the record checker may only exit 0, 1 or 2 and always
prints one line of JSON; the stores must always hand back usable values and never lose
or overwrite the player's file.

``pytest tests/fuzz`` runs a few thousand cases with a fixed seed (CI);
``python -m tests.fuzz --long`` runs a million (see ``python -m tests.fuzz --help``),
and ``FUZZ_CASES=N pytest tests/fuzz`` scales the pytest run to N cases.
"""
