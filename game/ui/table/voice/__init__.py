"""The table for the ear: what is said as the hand goes and when asked."""
