"""Each game's words, banners, sounds and flights come from its spec's hooks: the shared
words layer only names seats, sides and cards and picks the reader's form of a key."""

from __future__ import annotations

import itertools

from conftest import registered_tables
from ui_support import open_table, settle

from game import games
from game.assets.sounds import SOUND_NAMES
from game.core.referee import Referee
from game.core.spec import Cards, Headline, Owner, Phrase, Seat, Side, SideOf, Words
from game.core.types import Event, EventKind
from game.games.book.kinds import EventKinds as BookEvents
from game.text import say
from game.text.names import Namer
from game.text.words import phrase

TWO = Namer({0: "You", 1: "North"}, human=0)
FOUR = Namer({0: "You", 1: "East", 2: "North", 3: "West"}, 0, {0: 0, 1: 1, 2: 0, 3: 1})


def played(game: str, seed: int, players: int = 2) -> list[Event]:
    spec = games.spec_of(game)
    state = spec.new_hand(players, {}, seed)
    agents = [spec.make_agent(spec.baseline, s) for s in range(players)]
    referee = Referee(state, agents)
    events = list(state.opening_events())
    while not referee.state.is_over:
        events += referee.step()
    return events


def test_a_phrase_takes_the_form_of_its_key_for_the_seat_the_reader_holds():
    params = {"who": Seat(1), "whose": Owner(0), "card": Cards((3, 16, 29, 42))}
    load = Phrase("log.load", params, (("who", ".you"), ("whose", ".onto_you")))
    assert phrase(load, TWO) == say(
        "log.load.onto_you", who="North", whose="your", card="4♣ 4♦ 4♥ …"
    )
    mine = load._replace(params={**params, "who": Seat(0), "whose": Owner(1)})
    assert phrase(mine, TWO) == say("log.load.you", who="You", whose="North's", card="4♣ 4♦ 4♥ …")


def test_a_sides_phrase_says_you_and_your_partner_or_names_the_other_pair():
    points = (("who", ".you"), ("who", ".pair"))
    won = Phrase("outcome.points", {"who": Side(0), "n": 30, "score": "30–12"}, points)
    assert phrase(won, FOUR) == say(
        "outcome.points.you_pair", who="You & North", n=30, score="30–12"
    )
    lost = won._replace(params={"who": Side(1), "n": 30, "score": "12–30"})
    assert phrase(lost, FOUR) == say("outcome.points.pair", who="East & West", n=30, score="12–30")
    leftover = Phrase("log.leftover", {"who": SideOf(2), "n": 3}, (("who", ".you"),))
    assert phrase(leftover, FOUR) == phrase(
        leftover._replace(params={"who": Side(0), "n": 3}), FOUR
    )


def test_every_sound_a_game_asks_for_is_one_of_the_games_sound_files():
    for game, choices, _ in registered_tables():
        spec = games.spec_of(game)
        players = choices.get("players", spec.players[0])
        asked = {spec.sound(e) for e in played(game, 3, players)} - {None}
        assert asked, game
        assert asked <= set(SOUND_NAMES), game


def test_the_books_two_flips_of_a_round_fly_together_and_no_other_games_events_do():
    book = games.spec_of("pisha-pasha-book")
    flips = [e for e in played("pisha-pasha-book", 5) if e.kind is BookEvents.FLIP]
    assert book.joins(flips[0], flips[1])
    assert not book.joins(flips[0], flips[0])
    for game in (g for g in games.SPECS if g != "pisha-pasha-book"):
        events = played(game, 5)
        spec = games.spec_of(game)
        assert not any(spec.joins(a, b) for a, b in itertools.pairwise(events))


def test_the_tables_banner_is_the_headline_its_games_spec_gives(app):
    class Headlined(type(games.spec_of("pisti"))):
        def headline(self, ev: Event) -> Headline | None:
            if ev.kind is EventKind.CAPTURE:
                who = {"who": Seat(ev.seat), "n": 7}
                return Headline(Phrase("banner.stop"), Phrase("banner.points", who, ()))
            return None

    table = open_table(app, "pisti", {"players": 2})
    table.model.show.game = Headlined()
    settle(app, table, limit=120.0)
    table.model.show.push([Event(EventKind.CAPTURE, 1, (3, 16), None, None)])
    settle(app, table)
    assert ("STOP!", "North +7") in [(b.text, b.sub) for b in table.model.hooks.banners]


def test_a_phrase_may_name_any_number_of_cards():
    """A log line stops at three cards; a phrase that must name them all (an answer saying
    which cards a capture takes) says so, and names every one."""
    five = (3, 16, 29, 42, 4)
    every = Phrase("log.load", {"who": Seat(1), "whose": Owner(1), "card": Cards(five, None)})
    assert phrase(every, TWO) == say("log.load", who="North", whose="North's",
                                     card="4♣ 4♦ 4♥ 4♠ 5♣")  # fmt: skip
    three = every._replace(params={**every.params, "card": Cards(five)})
    assert phrase(three, TWO) == say("log.load", who="North", whose="North's", card="4♣ 4♦ 4♥ …")
    assert Cards(five, None) == Cards(five) == five


def test_every_games_words_answer_every_hook():
    """A game's words are one surface: every hook of ``Words`` (the type checker holds the
    shipped games to it; this holds any registered game, the tests' own too)."""
    hooks = [name for name in vars(Words) if not name.startswith("_")]
    assert len(hooks) == 6
    for spec in games.SPECS.values():
        assert all(callable(getattr(spec.words, h, None)) for h in hooks), spec.id
