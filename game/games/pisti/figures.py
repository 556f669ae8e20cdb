"""The rules panel's pictures of Pişti (RULES.md §5): a capture, a pişti, and the cards
that score."""

from __future__ import annotations

from game.core.figures import Figure, Placed, Pointer, Tag

CAPTURE = Figure(
    caption="figure.pi.capture",
    width=4.2,
    height=1.4 + 0.45 + 0.9,
    cards=(
        Placed("back", 1.6, 0),
        Placed("3C", 1.9, 0),
        Placed("9D", 2.2, 0),
        Placed("KS", 2.5, 0),
        Placed("KH", 0.0, 0.9),
    ),
    tags=(Tag("figure.pile", 2.55, 1.42), Tag("figure.your_card", 0.5, 2.32)),
    pointers=(Pointer(4, 3),),
    near=3,
)

PISTI = Figure(
    caption="figure.pi.pisti",
    width=4.2,
    height=1.4 + 0.45 + 0.9,
    cards=(Placed("7S", 1.9, 0), Placed("7H", 0.0, 0.9)),
    tags=(
        Tag("figure.pile", 2.4, 1.42),
        Tag("figure.your_card", 0.5, 2.32),
        Tag("figure.points", 3.65, 0.55, (("n", 10),), strong=True),
    ),
    pointers=(Pointer(1, 0),),
    near=5,
)

SCORING = Figure(
    caption="figure.pi.scoring",
    width=4.6,
    height=1.4 + 0.45 + 0.5,
    cards=(Placed("JC", 0, 0), Placed("AH", 1.2, 0), Placed("2C", 2.4, 0), Placed("TD", 3.6, 0)),
    tags=(
        Tag("figure.plus", 0.5, 1.42, (("n", 1),), strong=True),
        Tag("figure.plus", 1.7, 1.42, (("n", 1),), strong=True),
        Tag("figure.plus", 2.9, 1.42, (("n", 2),), strong=True),
        Tag("figure.plus", 4.1, 1.42, (("n", 3),), strong=True),
        Tag("figure.more_points", 2.3, 1.95),
    ),
    near=7,
)

FIGURES = (CAPTURE, PISTI, SCORING)
