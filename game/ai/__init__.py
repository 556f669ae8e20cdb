"""Game-independent AI services built on the games' own players (the coach)."""
