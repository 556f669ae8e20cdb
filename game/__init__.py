"""Pasha & Pişti: Pishe Pasha and Pişti against computer opponents.

The version has one place, pyproject.toml: ``game.version.version()`` reads it."""

TITLE = "Pasha & Pişti"
APP_ID = "io.github.pashapisti.PashaPisti"  # the desktop entry, icon and metainfo
