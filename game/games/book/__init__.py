"""Pisha Pasha, the book version: the rules, the one-move player and its table."""
