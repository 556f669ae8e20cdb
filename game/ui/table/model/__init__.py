"""What the table is doing and what it holds: the hand, its phase, the show of its
events, its clock, take-backs and hints. It imports nothing from input, view or voice."""
