"""One screen each: main menu, table, hand summary, settings."""
