"""Pişti: the rules, the computer players and what the table needs."""
