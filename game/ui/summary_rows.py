"""The end of a hand as rows of words: what the summary shows and what the ear hears, one
list for both. Each row is a heading and a value per side ("Pişti: You 10, North 0"), or
a line of its own (the result, why, the record); its kind says how the summary draws it.
The arrow keys read the rows one at a time and T all of them. Built from the hand's data
(the game's breakdown, the match's totals), never from where the summary draws them."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from game.text import say
from game.text.words import phrase
from game.ui.table.model import says


class Kind(enum.Enum):
    """How a row is drawn."""

    TITLE = "title"  # who won (the match's outcome once it is over), in large letters
    LINE = "line"  # a sentence under it: the hand's result, why
    HEAD = "head"  # a section's heading, over a rule
    CELLS = "cells"  # a label and a value in each side's column
    TOTAL = "total"  # the same, in bold: a section's total
    NOTE = "note"  # the player's record against these opponents


@dataclass(frozen=True)
class Row:
    """A heading and its values, each with the side it belongs to."""

    heading: str
    cells: tuple[tuple[str, str], ...] = ()
    kind: Kind = Kind.LINE

    def words(self) -> str:
        values = ", ".join(f"{who} {value}".strip() for who, value in self.cells)
        if not values:
            return self.heading.rstrip(".")
        return f"{self.heading}: {values}" if self.heading else values


def hand_rows(model, match, results: list[str], notes: list[str]) -> list[Row]:
    """The summary top to bottom: the first of the results as its title and the others
    under it, the hand's points line by line (or the cards each player had left), the
    match so far, and the notes under them (the hand's par, the player's record)."""
    said = [line for line in results if line]
    out = [Row(line, kind=Kind.TITLE if i == 0 else Kind.LINE) for i, line in enumerate(said)]
    out += _points(model, match) or _cards_left(model)
    out += _match(model, match)
    out += [Row(note, kind=Kind.NOTE) for note in notes if note]
    return out


def columns(model, match) -> list[tuple[int, int]]:
    """Each column's (team, side), the player's first: the points and the match share them."""
    mine = match.team_of(0)
    sides = {match.team_of_side(s): s for s in range(model.state.sides)}
    return [(t, sides.get(t, t)) for t in sorted(range(match.teams), key=lambda t: t != mine)]


def _points(model, match) -> list[Row]:
    """The game's breakdown: its headings and its lines, a value in each side's column."""
    rows = model.spec.breakdown(model.state)
    cols = columns(model, match)
    names = [says.team_name(model, team) for team, _ in cols]
    out = []
    for r in rows:
        if not r.values:
            out.append(Row(say(r.key), kind=Kind.HEAD))
            continue
        cells = tuple(zip(names, (str(r.values[side]) for _, side in cols), strict=True))
        out.append(Row(say(r.key), cells, Kind.TOTAL if r.total else Kind.CELLS))
    return out


def _cards_left(model) -> list[Row]:
    """What each player had left, for a game that gives no breakdown of its own."""
    st = model.state
    out = [Row(say("panel.cards"), kind=Kind.HEAD)]
    for seat in range(st.players):
        counts = model.spec.panel_counts(model.shown.piles, seat, st.side_of(seat))
        words = ", ".join(phrase(p, model.namer) for p in counts)
        out.append(Row(model.namer.who(seat), (("", words),), Kind.CELLS))
    return out


def _match(model, match) -> list[Row]:
    """The match so far: each side's points this hand and in all."""
    head = say("panel.match_to", n=match.target) if match.target else say("panel.match")
    cols = columns(model, match)
    names = [says.team_name(model, team) for team, _ in cols]
    hand = [f"+{match.history[-1][t] if match.history else 0}" for t, _ in cols]
    total = [str(match.totals[t]) for t, _ in cols]
    return [
        Row(head, kind=Kind.HEAD),
        Row(say("summary.col.hand"), tuple(zip(names, hand, strict=True)), Kind.CELLS),
        Row(say("summary.col.total"), tuple(zip(names, total, strict=True)), Kind.TOTAL),
    ]
