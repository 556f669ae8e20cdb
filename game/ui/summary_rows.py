"""The end of a hand as rows of words: what the summary shows, for the ear. Each row is a
heading and a value per side ("Pişti: You 10, North 0"), or a line of its own (the result,
the record); the arrow keys read them one at a time and T all of them. Built from the
hand's data (the game's breakdown, the cards left, the match's totals), never from where
the summary draws them."""

from __future__ import annotations

from dataclasses import dataclass

from game.text import say
from game.text.words import phrase
from game.ui.table import panel


@dataclass(frozen=True)
class Row:
    """A heading and its values, each with the side it belongs to."""

    heading: str
    cells: tuple[tuple[str, str], ...] = ()

    def words(self) -> str:
        values = ", ".join(f"{who} {value}" for who, value in self.cells)
        if not values:
            return self.heading
        return f"{self.heading}: {values}" if self.heading else values


def hand_rows(model, match, results: list[str], stats_line: str) -> list[Row]:
    """The summary read top to bottom: the results, the hand's points line by line (or the
    cards each player had left), the match so far, and the player's record."""
    out = [Row(line.rstrip(".")) for line in results if line]
    out += _points(model, match) or _cards_left(model)
    out += _match(model, match)
    if stats_line:
        out.append(Row(stats_line.rstrip(".")))
    return out


def _points(model, match) -> list[Row]:
    """The game's breakdown: the cards each side took, then each line of points."""
    rows = model.spec.breakdown(model.state)
    if not rows:
        return []
    counts = model.state.breakdown()
    mine = model.state.side_of(model.human)
    sides = sorted(range(len(counts)), key=lambda side: side != mine)  # yours first
    names = [panel.team_name(model, match.team_of_side(s)) for s in sides]

    def row(heading: str, values) -> Row:
        return Row(heading, tuple(zip(names, (str(values[s]) for s in sides), strict=True)))

    out = [Row(say("summary.points_by_line"))]
    out.append(row(say("summary.cards_won"), [c["cards"] for c in counts]))
    out += [row(say(r.key), r.values) for r in rows]
    return out


def _cards_left(model) -> list[Row]:
    """What each player had left, for a game scored by the cards left."""
    st = model.state
    out = [Row(say("panel.cards"))]
    for seat in range(st.players):
        counts = model.spec.panel_counts(model.shown.piles, seat, st.side_of(seat))
        words = ", ".join(phrase(p, model.namer) for p in counts)
        out.append(Row(f"{model.namer.who(seat)}: {words}" if words else model.namer.who(seat)))
    return out


def _match(model, match) -> list[Row]:
    """The match so far: each side's points this hand and in all."""
    head = say("panel.match_to", n=match.target) if match.target else say("panel.match")
    out = [Row(head)]
    for team in range(match.teams):
        pts = match.history[-1][team] if match.history else 0
        who = panel.team_name(model, team)
        out.append(Row(say("summary.team_total", who=who, n=pts, total=match.totals[team])))
    return out
