"""German sentences with card names in every case, as the game makes them: each
is a catalogue entry filled in through the phrasebook and its grammar the way the table
fills it (``phrase``, ``refusal_text``, ``pile_words``), then, where a voice says it,
read aloud (``spoken``), and compared with the German a German player would write."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.core.spec import Card, Cards, Owner, Phrase, Seat, Side, SideOf
from game.core.types import PileId, PileKind, Refusal
from game.games.pishe_pasha.kinds import Codes
from game.text import phrasebook
from game.text.names import Namer, card_params
from game.text.spoken import pile_words, spoken
from game.text.words import phrase, refusal_text

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 13, 26, 39
A, J, Q, K = 0, 10, 11, 12
YOU = (("who", ".you"),)


@pytest.fixture(autouse=True)
def german():
    phrasebook.set_language("de")
    yield
    phrasebook.set_language("en")


def duel() -> Namer:
    """Pishe Pasha for two: you at the bottom, North at the top."""
    return Namer.for_table({0: "bottom", 1: "top"}, 0, {0: 0, 1: 1})


def four() -> Namer:
    """Pişti for four: you and North against East and West."""
    positions = {0: "bottom", 1: "right", 2: "top", 3: "left"}
    return Namer.for_table(positions, 0, {0: 0, 1: 1, 2: 0, 3: 1})


def line(
    key: str, params: dict, you=YOU, namer: Callable[[], Namer] | None = None
) -> Callable[[], str]:
    """A logged line as the move log writes it (a capital first), made in the test (in the
    test's language)."""
    return lambda: phrasebook.current().capitalise(
        phrase(Phrase(key, params, you), (namer or duel)())
    )


def sign(*cards: int) -> Cards:
    return Cards(cards)


def card(c: int) -> Callable[[], dict[str, str]]:
    """A card's names for a sentence, made in the test's language."""
    return lambda: card_params(c)


# (written, said aloud): None where the written line is what is said
LINES = [
    (
        line(
            "log.load",
            {"who": Seat(1), "card": sign(HEARTS + J), "whose": Owner(0)},
            (("who", ".you"), ("whose", ".onto_you")),
        ),
        "Nord lädt den J♥ auf deine Ablage",
        "Nord lädt den Herz-Buben auf deine Ablage",
    ),
    (
        line(
            "log.load",
            {"who": Seat(0), "card": sign(SPADES + Q), "whose": Owner(1)},
            (("who", ".you"), ("whose", ".onto_you")),
        ),
        "Du lädst die Q♠ auf die Ablage von Nord",
        "Du lädst die Pik-Dame auf die Ablage von Nord",
    ),
    (
        line("log.capture", {"who": Seat(2), "n": 5, "card": sign(DIAMONDS + K)}, namer=four),
        "Nord nimmt mit dem K♦ 5 Karten",
        "Nord nimmt mit dem Karo-König 5 Karten",
    ),
    (
        line("log.capture", {"who": Seat(1), "n": 1, "card": sign(CLUBS + A)}, namer=four),
        "Ost nimmt mit dem A♣ 1 Karte",
        "Ost nimmt mit dem Kreuz-Ass 1 Karte",
    ),
    (
        line("log.capture", {"who": Seat(0), "n": 3, "card": sign(HEARTS + 6)}, namer=four),
        "Du nimmst mit der 7♥ 3 Karten",
        "Du nimmst mit der Herz-Sieben 3 Karten",
    ),
    (
        line("log.capture", {"who": Seat(3), "n": 2, "card": sign(SPADES + J)}, namer=four),
        "West nimmt mit dem J♠ 2 Karten",
        "West nimmt mit dem Pik-Buben 2 Karten",
    ),
    (
        line("log.play", {"who": Seat(1), "card": sign(SPADES + A)}, namer=four),
        "Ost spielt das A♠",
        "Ost spielt das Pik-Ass",
    ),
    (
        line("log.play", {"who": Seat(0), "card": sign(CLUBS + J)}, namer=four),
        "Du spielst den J♣",
        "Du spielst den Kreuz-Buben",
    ),
    (
        line("log.play", {"who": Seat(2), "card": sign(DIAMONDS + 9)}, namer=four),
        "Nord spielt die 10♦",
        "Nord spielt die Karo-Zehn",
    ),
    (
        line("log.turn", {"who": Seat(1), "card": sign(DIAMONDS + Q)}),
        "Nord deckt die Q♦ auf",
        "Nord deckt die Karo-Dame auf",
    ),
    (
        line("log.turn", {"who": Seat(0), "card": sign(HEARTS + K)}),
        "Du deckst den K♥ auf",
        "Du deckst den Herz-König auf",
    ),
    (
        line("log.to_foundation", {"who": Seat(1), "card": sign(HEARTS + A)}),
        "Nord legt das A♥ auf den Grundstapel",
        "Nord legt das Herz-Ass auf den Grundstapel",
    ),
    (
        line("log.to_foundation", {"who": Seat(0), "card": sign(CLUBS + J)}),
        "Du legst den J♣ auf den Grundstapel",
        "Du legst den Kreuz-Buben auf den Grundstapel",
    ),
    (
        line("log.discard", {"who": Seat(0), "card": sign(DIAMONDS + 8)}),
        "Du legst die 9♦ ab",
        "Du legst die Karo-Neun ab",
    ),
    (
        line("log.fault", {"who": Seat(1), "card": HEARTS + 1}),
        "Nord macht einen Fehler: die Herz-Zwei hätte zuerst auf den Grundstapel gehört",
        None,
    ),
    (
        line("log.fault", {"who": Seat(0), "card": SPADES + K}),
        "Du machst einen Fehler: der Pik-König hätte zuerst auf den Grundstapel gehört",
        None,
    ),
    (
        line(
            "log.book_capture",
            {"who": Seat(0), "n": 4, "whose": Owner(1), "winner_short": "K♥", "loser_short": "J♥"},
            (("who", ".you"), ("whose", ".yours")),
        ),
        "Du gewinnst die Ablage von Nord (4 Karten): gleiche Farbe, der K♥ schlägt den J♥",
        "Du gewinnst die Ablage von Nord (4 Karten): gleiche Farbe, der Herz-König schlägt den "
        "Herz-Buben",
    ),
    (
        line(
            "log.book_capture",
            {"who": Seat(1), "n": 1, "whose": Owner(0), "winner_short": "A♠", "loser_short": "Q♠"},
            (("who", ".you"), ("whose", ".yours")),
        ),
        "Nord gewinnt deine Ablage (1 Karte): gleiche Farbe, das A♠ schlägt die Q♠",
        "Nord gewinnt deine Ablage (1 Karte): gleiche Farbe, das Pik-Ass schlägt die Pik-Dame",
    ),
    (
        line("log.deal.jack_up", {"card": sign(SPADES + J), "next": sign(DIAMONDS + 6)}, ()),
        "Aufgedeckt: der J♠. Ein Bube bleibt offen auf dem Stapel liegen, und die nächste Karte, "
        "die 7♦, wird darauf aufgedeckt.",
        "Aufgedeckt: der Pik-Bube. Ein Bube bleibt offen auf dem Stapel liegen, und die nächste "
        "Karte, die Karo-Sieben, wird darauf aufgedeckt.",
    ),
    (
        line("log.leftover", {"who": SideOf(1), "n": 3}, namer=four),
        "Die letzten 3 Karten auf dem Stapel gehen an Ost & West",
        None,
    ),
    (
        line("log.leftover", {"who": SideOf(0), "n": 1}, (("who", ".you"),), namer=four),
        "Die letzte Karte auf dem Stapel geht an euch",
        None,
    ),
    (
        line("log.leftover", {"who": SideOf(0), "n": 2}, (("who", ".you"),)),
        "Die letzten 2 Karten auf dem Stapel gehen an dich",
        None,
    ),
    (line("log.pisti", {"who": Seat(2)}, namer=four), "Pişti! 10 Punkte für Nord", None),
    (line("log.jack_pisti", {"who": Seat(0)}, namer=four), "Buben-Pişti! 20 Punkte für dich", None),
    (
        line(
            "outcome.points",
            {"who": Side(0), "n": 57, "score": "57–34"},
            (("who", ".you"), ("who", ".pair")),
            namer=four,
        ),
        "Du & Nord: Ihr gewinnt die Runde mit 57 Punkten (57–34)",
        "Du & Nord: Ihr gewinnt die Runde mit 57 Punkten (57 – 34)",
    ),
    (
        line(
            "outcome.points",
            {"who": Side(1), "n": 61, "score": "61–30"},
            (("who", ".you"), ("who", ".pair")),
            namer=four,
        ),
        "Ost & West gewinnen die Runde mit 61 Punkten (61–30)",
        "Ost & West gewinnen die Runde mit 61 Punkten (61 – 30)",
    ),
    (
        lambda: phrase(Phrase("move.play", {"card": sign(HEARTS + J)})),
        "den J♥ spielen",
        "Den Herz-Buben spielen",
    ),
    (
        lambda: phrase(
            Phrase("move.load", {"card": sign(HEARTS + Q), "whose": Owner(1)}, ()), duel()
        ),
        "die Q♥ auf die Ablage von Nord laden",
        "Die Herz-Dame auf die Ablage von Nord laden",
    ),
    (
        lambda: phrase(Phrase("move.to_foundation", {"card": sign(CLUBS + A)})),
        "das A♣ auf den Grundstapel legen",
        "Das Kreuz-Ass auf den Grundstapel legen",
    ),
]

HINTS = [  # a full name, through the hint's phrase
    ("hint.play_pile", {"card": Card(HEARTS + 6)}, "Tipp: Leg die Herz-Sieben auf den Stapel."),
    (
        "hint.play_capture",
        {"card": Card(DIAMONDS + K), "n": 5},
        "Tipp: Spiel den Karo-König: Damit nimmst du den Stapel (5 Karten).",
    ),
    (
        "hint.play_jack_pisti",
        {"card": Card(HEARTS + J)},
        "Tipp: Spiel den Herz-Buben: Damit nimmst du den einzelnen Buben, ein Buben-Pişti (20)!",
    ),
    (
        "hint.play_pisti",
        {"card": Card(CLUBS + 8)},
        "Tipp: Spiel die Kreuz-Neun: Damit nimmst du die einzelne Karte, ein Pişti (10)!",
    ),
    ("hint.play_empty", {"card": Card(SPADES + A)}, "Tipp: Leg das Pik-Ass auf den leeren Tisch."),
    (
        "hint.to_foundation",
        {"card": Card(CLUBS + A)},
        "Tipp: Leg das Kreuz-Ass auf den Grundstapel.",
    ),
    (
        "hint.load",
        {"card": Card(SPADES + Q), "whose": 1},
        "Tipp: Lade die Pik-Dame auf die Ablage von Nord.",
    ),
    (
        "hint.load.from_discard",
        {"card": Card(CLUBS + J), "whose": 1},
        "Tipp: Lade den Kreuz-Buben von deiner Ablage auf die Ablage von Nord.",
    ),
    (
        "hint.discard",
        {"card": Card(CLUBS + 9)},
        "Tipp: Leg die Kreuz-Zehn auf deine eigene Ablage.",
    ),
    (
        "coach.why.capture",
        {"card": Card(CLUBS + K), "n": 4},
        "damit verpasst du, mit dem K♣ den Stapel zu nehmen (4 Karten)",
    ),
    (
        "coach.why.gives_load",
        {"seat": 1, "card": Card(DIAMONDS + J)},
        "damit gibst du Nord eine Karte zum Laden: der J♦ passt auf deine Ablage",
    ),
    (
        "coach.why.missed_load",
        {"card": Card(DIAMONDS + K), "whose": 1},
        "damit verpasst du, den K♦ auf die Ablage von Nord zu laden",
    ),
    (
        "coach.why.lone_card",
        {"card": Card(SPADES + 8), "seat": 1},
        "damit liegt die 9♠ allein auf dem Stapel: Nord kann ein Pişti machen",
    ),
    (
        "coach.why.pile_taken",
        {"card": Card(SPADES + 6), "seat": 1, "pct": 40},
        "nach der 7♠ nimmt Nord den Stapel (40\u00a0% der Verteilungen, die der Trainer "
        "ausprobiert hat)",
    ),
    (
        "coach.why.keep",
        {"card": Card(HEARTS + 2)},
        "damit lädst du die 3♥ weg, obwohl der Grundstapel nur noch eine Karte davon entfernt ist",
    ),
]

REFUSALS = [
    (
        Refusal(Codes.NOT_ADJACENT, card=HEARTS + J, onto=SPADES + Q),
        "Der Herz-Bube lässt sich nicht auf die Pik-Dame laden: Geladen wird nur einen Rang höher "
        "oder tiefer, egal in welcher Farbe.",
    ),
    (
        Refusal(Codes.FOUNDATION_FIRST, card=DIAMONDS + K),
        "Der Karo-König muss zuerst auf den Grundstapel.",
    ),
    (
        Refusal(Codes.TURNED_FITS, card=HEARTS + A),
        "Das Herz-Ass passt auf den Grundstapel: Leg die Karte zuerst dorthin.",
    ),
    (Refusal(Codes.NO_FIT, card=SPADES + Q), "Die Pik-Dame passt auf keinen Grundstapel."),
    (
        Refusal(Codes.HOLDING, card=CLUBS + J),
        "Du hältst noch den Kreuz-Buben: Bring diese Karte erst unter, bevor du eine weitere "
        "aufdeckst.",
    ),
    (
        Refusal(Codes.LOAD_EMPTY, seat=1),
        "Die Ablage von Nord ist leer: Darauf lässt sich nichts laden.",
    ),
]

SAID = [  # what the voice and the screen say of piles and picks (the prompt line gives a
    # prompt its capital: "Das A♦ ist aufgedeckt …")
    ("speech.pile.foundation", {"suit": "Herz", "rank": "Fünf"}, "Grundstapel Herz, bis zur Fünf"),
    ("speech.pile.foundation", {"suit": "Pik", "rank": "König"}, "Grundstapel Pik, bis zum König"),
    ("speech.pile.foundation", {"suit": "Karo", "rank": "Ass"}, "Grundstapel Karo, bis zum Ass"),
    ("speech.top", card(HEARTS + Q), "oben die Herz-Dame"),
    ("speech.bottom", card(DIAMONDS + 5), "ganz unten die Karo-Sechs"),
    (
        "speech.picked",
        card(HEARTS + J),
        "Du hast den Herz-Buben aufgenommen: Wähl das Ziel, dann Eingabe",
    ),
    (
        "prompt.must_foundation",
        {"card_short": "A♦"},
        "das A♦ ist aufgedeckt und muss auf den Grundstapel (einmal anklicken).",
    ),
    (
        "prompt.must_foundation.both",
        {"card_short": "K♥", "other_short": "Q♣"},
        "der K♥ und die Q♣ passen auf den Grundstapel: eine anklicken.",
    ),
    (
        "prompt.place_turned.load",
        {"card_short": "J♣", "onto": "auf die Ablage von Nord"},
        "Wohin mit dem J♣: auf die Ablage von Nord laden oder auf deine eigene Ablage?",
    ),
    ("refusal.not_held", card(DIAMONDS + 8), "Du hast die Karo-Neun nicht auf der Hand."),
    ("refusal.already_played", card(SPADES + J), "Der Pik-Bube ist schon gespielt worden."),
]


@pytest.mark.parametrize(("written", "want", "aloud"), LINES, ids=[w for _, w, _ in LINES])
def test_a_logged_line_and_a_move_read_as_german_writes_and_says_them(written, want, aloud):
    written = written()
    assert written == want
    assert spoken(written) == (aloud or want)


@pytest.mark.parametrize(("key", "params", "want"), HINTS, ids=[k for k, _, _ in HINTS])
def test_hints_and_the_coachs_reasons(key, params, want):
    assert phrase(Phrase(key, params), duel()) == want


@pytest.mark.parametrize(("refusal", "want"), REFUSALS, ids=[w[:30] for _, w in REFUSALS])
def test_refusals_name_the_card_with_its_article_at_the_head_of_the_sentence(refusal, want):
    assert refusal_text(refusal, duel()) == want


@pytest.mark.parametrize(("key", "params", "want"), SAID, ids=[w[:30] for _, _, w in SAID])
def test_what_the_table_says_of_its_piles_and_cards(key, params, want):
    assert phrasebook.say(key, **(params() if callable(params) else params)) == want


def test_piles_are_named_with_their_owner_after_them():
    namer = duel()
    stock, discard = PileId(PileKind.STOCK, 1), PileId(PileKind.DISCARD, 1)
    assert pile_words(stock, [None] * 14, namer) == "Vorrat von Nord, 14 Karten"
    assert pile_words(discard, [SPADES + 6, HEARTS + J], namer) == (
        "Ablage von Nord, 2 Karten, oben der Herz-Bube"
    )
    assert pile_words(PileId(PileKind.STOCK, 0), [None], namer) == "Dein Vorrat, 1 Karte"


def test_there_are_at_least_forty_sentences_with_cards_in_every_case_the_catalogue_uses():
    """Nominative, accusative and dative; the genitive, which no sentence of the game asks
    for, is in test_case_endings.py ("des Pik-Asses")."""
    sentences = [*LINES, *HINTS, *REFUSALS, *SAID]
    assert len(sentences) >= 40
    wanted = " ".join(x for s in sentences for x in s if isinstance(x, str))
    text = " " + wanted.replace("Der ", " der ").replace("Die ", " die ").replace("Das ", " das ")
    for article in (" der ", " den ", " dem ", " die ", " das "):  # (der: nominative and dative)
        assert article in text, article
