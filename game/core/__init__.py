"""The pure core: cards, moves, the state interface, the referee, matches and records."""
