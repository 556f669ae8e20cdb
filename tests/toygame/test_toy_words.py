"""The duel words its own events, end and moves, and chooses its own sounds, through the
hooks of its spec alone."""

from __future__ import annotations

from game.core.referee import Referee
from game.core.types import DRAW, TABLE, EventKind, Outcome, Reason
from game.stats import Line
from game.store.hands import Hand, StatsKey
from game.text import say, set_language
from game.text.names import Namer, card_short
from game.text.words import event_line, move_phrase, outcome_line

from .spec import ID, SPEC


def played_events(seed: int):
    state = SPEC.new_hand(2, {}, seed)
    referee = Referee(state, [SPEC.make_agent("sharp", 1), SPEC.make_agent("novice", 2)])
    events = []
    while not referee.state.is_over:
        events += referee.step()
    return referee.state, events


def test_the_toy_game_words_its_own_events(duel):
    state, events = played_events(3)
    you = Namer({0: "You", 1: "North"}, human=0, game=ID)
    lines = [event_line(e, you) for e in events]
    first = events[0]
    who = "You lead" if first.seat == 0 else "North leads"
    assert lines[0] == f"{who} with {card_short(first.cards[0])}"
    tricks = [e.kind is EventKind.CAPTURE and e.src == TABLE for e in events]
    takes = [line for trick, line in zip(tricks, lines, strict=True) if trick]
    assert takes
    assert all("take" in line and "trick (2 cards)" in line for line in takes)
    assert lines[-1] == outcome_line(state.outcome, you)
    set_language("tr")
    assert "eli aldı" in event_line(
        next(e for e in events if e.kind is EventKind.CAPTURE and e.seat == 1), you
    )


def test_the_toy_games_end_is_said_from_the_readers_side(duel):
    you = Namer({0: "You", 1: "North"}, human=0, game=ID)
    assert (
        outcome_line(Outcome(0, Reason.POINTS, (30, 22)), you) == "You win the duel with 30 cards"
    )
    assert (
        outcome_line(Outcome(1, Reason.POINTS, (22, 30)), you)
        == "North wins the duel with 30 cards"
    )
    assert (
        outcome_line(Outcome(DRAW, Reason.POINTS, (26, 26)), you) == "A drawn duel: 26 cards each"
    )


def test_the_toy_game_names_a_move_not_yet_made_and_its_sounds(duel):
    state = SPEC.new_hand(2, {}, 8)
    action = state.legal_actions()[0]
    assert move_phrase(state, action, Namer.numbered(2)).startswith("leading with ")
    state, events = played_events(8)
    sounds = {e.kind: SPEC.sound(e) for e in events}
    assert sounds[EventKind.MOVE] == "place"
    assert sounds[EventKind.CAPTURE] == "capture"


def test_the_toy_games_statistics_count_its_tricks_by_its_own_phrase(duel):
    state, _ = played_events(6)
    line = Line()
    line.add(Hand(StatsKey("k", 2, "easy"), 1, 1, state.score[1], counts=SPEC.counts(state, 1)))
    assert line.counts == {f"{ID}.tricks": state.score[1] // 2}
    (name,) = SPEC.stat_counts
    assert say(f"stats.count.{name}", n=4) == "tricks 4"
