"""Table art drawn at run time: felt, empty-pile slots, glows, shadows and the window icon.

Every function here returns a cached surface for a given size; the caller blits it and
must not draw on it. Card faces and backs come from ``game.assets.CardArt``.
"""
