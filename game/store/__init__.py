"""What the game keeps for the player between runs: settings, the match in progress,
statistics and the history of hands. JSON files in the preference folder, each read
through a schema and written atomically; a broken file is set aside, never lost."""
