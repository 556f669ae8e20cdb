"""The table's words that follow its phase: the header's status, the seat labels and the
hint line. Each is a function of :attr:`TableModel.phase` (and of what the phase names), so
the header never says "Your turn" unless the player may move, a seat is lit exactly when
the header names its turn, and the hint line speaks of what can be done now."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core.referee import Ask
from game.core.types import Code, Refusal
from game.text import current, say, say_n
from game.text.words import phrase, refusal_text
from game.ui import theme
from game.ui.table.model.phase import Doing, Phase

if TYPE_CHECKING:
    from game.ui.table.model.reading import TableReading


def status(m: TableReading, phase: Phase | None = None) -> str:
    """The header's words for the phase: whose turn, or what the table is doing."""
    ph = phase or m.phase
    doing, seat = ph.doing, ph.seat
    if ph.mine:
        return say("status.your_turn")
    if doing is Doing.DEALING:
        return say("status.dealing")
    if doing is Doing.OVER:
        return say("status.over")
    if doing in (Doing.SHOWING, Doing.THINKING, Doing.CALLING) and seat not in (None, m.human):
        return turn_words(m, seat)  # whether it thinks, plays or waits: one phrase
    if doing is Doing.SHOWING and seat is not None:
        return say("status.showing.you")
    if doing is Doing.CALLING:
        return call_words(m, "window")
    words = {
        Doing.FORCED: "status.forced",
        Doing.COACHING: "message.coach_thinking",
        Doing.DECIDING: "status.your_call",
    }
    return say(words[doing]) if doing in words else ""


def turn_words(m: TableReading, seat: int) -> str:
    """Another seat's turn, in one phrase whatever it is doing ("North's turn"): its label
    says whether it is thinking."""
    whose = m.namer.whose(seat)
    return say("status.turn", whose=whose, Whose=current().capitalise(whose))


def call_words(m: TableReading, part: str) -> str:
    """A part of the words of the call the table offers (its window's name, its prompt)."""
    calls = m.spec.calls if m.calls_in_play else ()
    return say(getattr(calls[0], part)) if calls else ""


def seat_label(m: TableReading, seat: int, counted: bool = True, phase: Phase | None = None) -> str:
    """ "East · 4 cards · thinking...": ``counted`` False leaves the count out (a narrow
    seat; the side panel has it). During the deal a seat is named only: its cards are
    still on their way."""
    ph = phase or m.phase
    name = seat_name(m, seat)
    if ph.doing is Doing.DEALING:
        return name
    n = m.spec.seat_cards(m.stage.counted(), seat)
    words = say_n("label.seat", n, who=name) if counted else name
    return words + _doing(m, seat, ph)


def seat_lines(m: TableReading, seat: int, phase: Phase | None = None) -> tuple[str, str, str]:
    """A narrow seat's label in parts: its name, its cards and what it is doing ("West",
    "4 cards", " · thinking..."); only the name during the deal."""
    ph = phase or m.phase
    if ph.doing is Doing.DEALING:
        return seat_name(m, seat), "", ""
    n = m.spec.seat_cards(m.stage.counted(), seat)
    return seat_name(m, seat), say_n("label.cards", n), _doing(m, seat, ph)


def seat_name(m: TableReading, seat: int) -> str:
    """The seat's name on its label: a partner of the player's is called so."""
    name = m.namer.who(seat)
    side = m.state.side_of(seat)
    if m.namer.side_is_pair(side) and seat != m.human and m.namer.side_is_you(side):
        return say("label.partner", who=name)
    return name


def _doing(m: TableReading, seat: int, ph: Phase) -> str:
    """What a label adds to the seat's cards: the computer is thinking, or it is your turn."""
    thinking = ph.doing is Doing.THINKING and m.thinker.busy and m.thinker.kind is Ask.MOVE
    if thinking and seat == ph.seat:
        return say("label.thinking") + "." * (1 + int(m.elapsed * 3) % 3)
    if ph.mine and seat == m.human:
        return say("label.your_turn")
    return ""


def lit(m: TableReading, seat: int, phase: Phase | None = None) -> bool:
    """Whether a seat's label is lit: the seat whose turn the phase shows."""
    ph = phase or m.phase
    return ph.seat == seat and ph.doing not in (Doing.WATCHING, Doing.OVER, Doing.DEALING)


def prompt(m: TableReading, phase: Phase | None = None) -> str:
    """What the player can do now, when there is nothing else to say: their move's words,
    the call window's, how to hurry the computer, what plays by itself, the question asked."""
    ph = phase or m.phase
    doing = ph.doing
    if doing is Doing.CALLING:
        return call_words(m, "prompt")
    if doing in (Doing.THINKING, Doing.SHOWING) and ph.seat != m.human and m.may_hurry():
        return say("message.hurry_hint")
    if doing is Doing.FORCED and m.director.plays_for_me():
        return say("prompt.plays_for_me")
    if doing is Doing.FORCED:
        return say("prompt.auto" if m.auto_on and m.spec.autoplay else "prompt.forced")
    if doing is Doing.CHOOSING:  # (a capital first: German may begin with the card's article)
        return current().capitalise(phrase(m.spec.prompt(m.state), m.namer))
    if doing is Doing.DECIDING and m.asking is not None:
        n = len(m.asking.answers)
        return say("prompt.asking.two" if n == 2 else "prompt.asking", n=n)
    return ""


def why_not(m: TableReading, phase: Phase) -> Callable[[], str] | None:
    """Why the player's input makes no move now, in the phase's words (None: nothing to
    say, as while a lesson holds the table and says so itself)."""
    doing, seat = phase.doing, phase.seat
    if doing is Doing.OVER:
        return lambda: say("message.hand_over")
    if doing is Doing.CALLING:
        return lambda: call_words(m, "prompt")
    if doing is Doing.COACHING:
        return lambda: say("message.coach_thinking")
    if seat is not None and seat != m.human and doing in (Doing.THINKING, Doing.SHOWING):
        why = Refusal(Code.NOT_YOUR_TURN, seat=m.human, mover=seat)
        return lambda: refusal_text(why, m.namer)
    return None


def message_line(m: TableReading) -> tuple[str, tuple[int, int, int]]:
    """What the hint line says now, and in which colour: a note said in this phase (a
    refusal's reason), else the hint, else the phase's own words. Nothing while an overlay
    covers the table."""
    ph = m.phase
    if ph.doing is Doing.PAUSED:
        return "", theme.INK_DIM
    note = m.message
    if note and ph.doing is Doing.OVER:  # news, not a refusal: nothing was done wrong
        return note, theme.INK
    if note:
        colour = theme.RED_LIGHT if m.message_age < 0.6 else (255, 200, 190)
        return note, colour
    if ph.mine and m.hint is not None:
        return m.hint.text, theme.HINT
    if ph.mine and m.thinker.hint_pending is not None:
        return say("message.asking_hint"), theme.INK_DIM
    return prompt(m, ph), theme.INK_DIM


def team_name(m: TableReading, team: int) -> str:
    """A match team (a player, or a partnership) as the human sees it, the human first."""
    match = m.match
    members = [p for p in range(match.players) if match.team_of(p) == team]
    names = [m.namer.who(match.seat_of(p)) for p in members]
    return say("names.and", a=names[0], b=names[1]) if len(names) == 2 else names[0]


def won_owner(m: TableReading, side: int) -> str:
    """Whose captured pile this is: "Yours", "North's", "You & North", "East & West"."""
    if m.namer.side_is_pair(side):
        return m.namer.side_name(side)
    if m.namer.side_is_you(side):
        return say("label.yours")
    return say("label.won_pile", whose=m.namer.whose(m.namer.seats_of_side(side)[0]))


def title(m: TableReading, short: int = 0) -> str:
    """The game, variant (a game without variants has none), hand and deal number ("Play
    this deal" deals it again); ``short`` 1 leaves out the deal number, 2 the variant too
    (for a top bar too narrow to show it all at a readable size). A replayed record file
    does not know its deal number; a lesson shows its own title instead."""
    if m.director.caption is not None:
        return (
            say(m.director.caption)
            if short
            else say("title.lesson", game=say(m.spec.title_key), lesson=say(m.director.caption))
        )
    if m.match.deal_no is None:
        short = max(short, 1)
    named = m.spec.variant(m.state)
    variant = phrase(named) if named is not None else ""
    keys = ("title.table", "title.table.no_deal") if variant else ("title.table.plain",)
    key = (*keys, "title.table.hand", "title.table.hand")[short]
    return say(
        key,
        game=say(m.spec.title_key),
        variant=variant,
        n=m.match.hand_no + 1,
        deal=m.match.deal_no,
    )


def scores(m: TableReading) -> list[tuple[str, str]]:
    """The match score of each team, its name and total (and this hand's points while
    they are live), the player's team first."""
    match, st = m.match, m.state
    rows = []
    live = m.spec.live_score or st.is_over
    hand = match.hand_points() if live else None
    teams = [match.team_of(match.player_at(s)) for s in playing_order(m)]
    for team in dict.fromkeys(teams):  # the player's team first, then in playing order
        now = f"  (+{hand[team]})" if hand and not match.hand_finished else ""
        rows.append((team_name(m, team), f"{match.totals[team]}{now}"))
    return rows


def playing_order(m: TableReading) -> list[int]:
    """The seats as the panel lists them: the player first, then the others in playing
    order after them."""
    n = m.state.players
    return [(m.human + k) % n for k in range(n)]


def seat_counts(m: TableReading) -> tuple[tuple[str, str], ...]:
    """Each seat's name (a partner marked so) and its cards in the panel's words, the
    player first, then in playing order, as the rules count them (the same count as the
    seat labels and the hand's live points)."""
    piles, side_of = m.stage.counted(), m.state.side_of
    key = (m.spec, m.namer, m.human, current().lang, tuple((k, *v) for k, v in piles.items()))
    if _counts_said[0] == key:  # (the panel asks each frame; the words follow the cards)
        return _counts_said[1]

    def words(seat: int) -> str:
        counts = m.spec.panel_counts(piles, seat, side_of(seat))
        return ", ".join(phrase(p, m.namer) for p in counts)

    said = tuple((seat_name(m, s), words(s)) for s in playing_order(m))
    _counts_said[:] = [key, said]
    return said


_counts_said: list = [None, ()]  # the piles, names and language last counted, and the words
