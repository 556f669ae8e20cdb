"""Pasha & Pişti: Pishe Pasha and Pişti against computer opponents."""

__version__ = "0.1.0"
TITLE = "Pasha & Pişti"
