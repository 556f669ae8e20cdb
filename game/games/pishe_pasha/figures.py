"""The rules panel's pictures of Pishe Pasha (RULES.md §2-§3): the layout with its piles
named, a load (7 onto 8, suit ignored), and a fault caught by a Stop call."""

from __future__ import annotations

from game.core.figures import Figure, Placed, Pointer, Tag

ROW = 1.4 + 0.45  # a card and its label

LAYOUT = Figure(
    caption="figure.pp.layout",
    width=4.6,
    height=3 * ROW,
    cards=(
        Placed("back", 0.7, 0),
        Placed("9S", 2.9, 0),
        Placed("3C", 0, ROW),
        Placed("AD", 1.2, ROW),
        Placed("", 2.4, ROW),
        Placed("2S", 3.6, ROW),
        Placed("back", 0.7, 2 * ROW),
        Placed("5H", 2.9, 2 * ROW),
    ),
    tags=(
        Tag("figure.north_stock", 1.2, 1.42),
        Tag("figure.north_discard", 3.4, 1.42),
        Tag("figure.foundations", 2.3, ROW + 1.42),
        Tag("figure.your_stock", 1.2, 2 * ROW + 1.42),
        Tag("figure.your_discard", 3.4, 2 * ROW + 1.42),
    ),
    near=2,
)

LOAD = Figure(
    caption="figure.pp.load",
    width=4.0,
    height=1.4 + 0.45 + 0.9,
    cards=(Placed("8S", 2.6, 0), Placed("7D", 0.4, 0.9)),
    tags=(
        Tag("figure.north_discard", 3.1, 1.42),
        Tag("figure.you_turned", 0.9, 2.32),
        Tag("figure.one_apart", 2.0, 0.05, strong=True),
    ),
    pointers=(Pointer(1, 0),),
    near=3,
)

FAULT = Figure(
    caption="figure.pp.fault",
    width=4.2,
    height=1.4 + 0.45 + 0.6,
    cards=(Placed("3H", 0.2, 0.6), Placed("4H", 2.0, 0.6), Placed("back", 3.2, 0.6)),
    tags=(
        Tag("figure.foundation", 0.7, 2.02),
        Tag("figure.north_discard", 2.5, 2.02),
        Tag("figure.stop", 2.1, 0, strong=True),
    ),
    pointers=(Pointer(1, 0),),
    near=6,
)

FIGURES = (LAYOUT, LOAD, FAULT)
