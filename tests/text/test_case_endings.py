"""Cards and names take their Turkish case endings by rule: vowel harmony, the
buffer consonant and the apostrophe, for every rank said as players say it, for the seats
and for "Sen"; the catalogue asks for them as ``{card:acc}``, and English ignores them.
German asks the same way and gets the article and the declined noun: "den
Herz-Buben", "dem Karo-König", "des Pik-Asses", "die Herz-Sieben"."""

from __future__ import annotations

import time

import pytest

from game.core.cards import RANK_TEXT
from game.core.spec import Card, Phrase
from game.core.types import Refusal
from game.games.pishe_pasha.kinds import Codes
from game.text import phrasebook
from game.text.grammar import CASES, number_word
from game.text.names import Namer, card_params
from game.text.spoken import spoken
from game.text.words import phrase, refusal_text, when

HEARTS = 26  # kupa: the card ``HEARTS + rank - 1``
TURKISH = tuple(c for c in CASES if c != "nom")  # the nominative is the word as it is

# every rank in every form: accusative, dative, locative, ablative, genitive
RANK_FORMS = {
    "A": ("ası", "asa", "asta", "astan", "asın"),
    "2": ("2'yi", "2'ye", "2'de", "2'den", "2'nin"),
    "3": ("3'ü", "3'e", "3'te", "3'ten", "3'ün"),
    "4": ("4'ü", "4'e", "4'te", "4'ten", "4'ün"),
    "5": ("5'i", "5'e", "5'te", "5'ten", "5'in"),
    "6": ("6'yı", "6'ya", "6'da", "6'dan", "6'nın"),
    "7": ("7'yi", "7'ye", "7'de", "7'den", "7'nin"),
    "8": ("8'i", "8'e", "8'de", "8'den", "8'in"),
    "9": ("9'u", "9'a", "9'da", "9'dan", "9'un"),
    "10": ("10'u", "10'a", "10'da", "10'dan", "10'un"),
    "J": ("valeyi", "valeye", "valede", "valeden", "valenin"),
    "Q": ("kızı", "kıza", "kızda", "kızdan", "kızın"),
    "K": ("papazı", "papaza", "papazda", "papazdan", "papazın"),
}
# the review's table (accusative, dative); "as" is a common noun, so "ası", not "as'ı"
REVIEW_TABLE = {
    "A": ("ası", "asa"), "2": ("2'yi", "2'ye"), "3": ("3'ü", "3'e"), "4": ("4'ü", "4'e"),
    "5": ("5'i", "5'e"), "6": ("6'yı", "6'ya"), "7": ("7'yi", "7'ye"), "8": ("8'i", "8'e"),
    "9": ("9'u", "9'a"), "10": ("10'u", "10'a"), "J": ("valeyi", "valeye"),
    "Q": ("kızı", "kıza"), "K": ("papazı", "papaza"),
}  # fmt: skip
SEAT_FORMS = {
    "Kuzey": ("Kuzey'i", "Kuzey'e", "Kuzey'de", "Kuzey'den", "Kuzey'in"),
    "Doğu": ("Doğu'yu", "Doğu'ya", "Doğu'da", "Doğu'dan", "Doğu'nun"),
    "Batı": ("Batı'yı", "Batı'ya", "Batı'da", "Batı'dan", "Batı'nın"),
    "Güney": ("Güney'i", "Güney'e", "Güney'de", "Güney'den", "Güney'in"),
    "Sen": ("Seni", "Sana", "Sende", "Senden", "Senin"),
    "sen": ("seni", "sana", "sende", "senden", "senin"),
}


@pytest.fixture
def tr():
    book = phrasebook.set_language("tr")
    yield book
    phrasebook.set_language("en")


def form(book, value: str, case: str) -> str:
    """``value`` in ``case``, asked the way a catalogue asks."""
    return book._fill("{x:" + case + "}", {"x": value})


@pytest.mark.parametrize("rank", RANK_TEXT)
@pytest.mark.parametrize("case", TURKISH)
def test_every_rank_takes_every_case_ending_by_rule(tr, rank, case):
    want = RANK_FORMS[rank][TURKISH.index(case)]
    word = tr.say(f"rank.{rank}")
    assert form(tr, word, case) == want
    assert form(tr, card_params(HEARTS + RANK_TEXT.index(rank))["card"], case) == "kupa " + want
    ending = want.split("'")[1] if "'" in want else want[len(word) :]
    assert form(tr, rank + "♥", case) == f"{rank}♥'{ending}"  # a sign: the word said aloud


@pytest.mark.parametrize("rank", RANK_TEXT)
def test_the_reviews_suffix_table(tr, rank):
    name = card_params(HEARTS + RANK_TEXT.index(rank))["card"]
    acc, dat = REVIEW_TABLE[rank]
    assert (form(tr, name, "acc"), form(tr, name, "dat")) == ("kupa " + acc, "kupa " + dat)


@pytest.mark.parametrize("seat", SEAT_FORMS)
def test_seat_names_and_you_take_their_endings(tr, seat):
    assert tuple(form(tr, seat, case) for case in TURKISH) == SEAT_FORMS[seat]
    assert form(tr, seat, "nom") == seat


def test_numbers_take_the_ending_of_their_last_word_said(tr):
    assert [number_word(n) for n in (0, 1, 10, 40, 101, 151, 2000, 1500)] == [
        "sıfır", "bir", "on", "kırk", "bir", "bir", "bin", "yüz",
    ]  # fmt: skip
    assert form(tr, "101", "dat") == "101'e"
    assert form(tr, "151", "dat") == "151'e"
    assert form(tr, "2.000", "acc") == "2.000'i"
    assert form(tr, "%40", "acc") == "%40'ı"
    assert form(tr, "S", "dat") == "S'ye"  # a letter, said "se"
    assert form(tr, "Pishe Pasha", "acc") == "Pishe Pasha'yı"
    assert form(tr, "dağıtan", "dat") == "dağıtana"
    assert form(tr, "biri", "gen") == "birinin"


def test_english_ignores_the_forms():
    en = phrasebook.set_language("en")
    for case in CASES:
        assert form(en, "the 4 of hearts", case) == "the 4 of hearts"
    assert en.say("hint.play_pile", **card_params(HEARTS + 3)) == (
        "Hint: play the 4 of hearts onto the pile."
    )


def test_the_lines_the_review_lists_read_naturally(tr):
    namer = Namer.for_table({0: "bottom", 1: "top"}, 0, {0: 0, 1: 1})
    kupa4, karo_papaz = HEARTS + 3, 13 + 12
    assert tr.say("hint.play_pile", **card_params(kupa4)) == "İpucu: kupa 4'ü yere at."
    assert phrase(Phrase("hint.load", {"card": Card(kupa4), "whose": 1}), namer) == (
        "İpucu: kupa 4'ü Kuzey'in ıskartasına yükle."
    )
    refused = refusal_text(Refusal(Codes.NOT_ADJACENT, card=kupa4, onto=karo_papaz), namer)
    assert refused.startswith("Kupa 4, karo papaza yüklenemez:")
    said = phrase(Phrase("coach.why.missed_load", {"card": 13 + 12, "whose": 1}), namer)
    assert said == "K♦'ı Kuzey'in ıskartasına yükleyebilirdin"
    assert spoken(said) == "Karo papazı Kuzey'in ıskartasına yükleyebilirdin"
    won = tr.say_n("log.book_capture.you", 4, whose="Kuzey'in", winner_short="9♥",
                   loser_short="5♥")  # fmt: skip
    assert won.endswith("aynı renkte 9♥, 5♥'ten büyük")
    assert spoken("İpucu: 4♥'ü at, A♠'ı değil") == "İpucu: kupa 4'ü at, maça ası değil"


def test_a_capital_at_the_start_is_a_turkish_capital(tr):
    namer = Namer({0: "Sen", 1: "ikinci"}, 0, owners={0: "senin", 1: "ikincinin"})
    said = refusal_text(Refusal(Codes.LOAD_EMPTY, seat=1), namer)
    assert said.startswith("İkincinin ıskartası boş")


def test_turkish_says_one_card_and_an_empty_table_in_their_own_words(tr):
    assert tr.say_n("label.pile", 0) == "Yer boş"
    assert tr.say_n("label.pile", 3) == "Yer: 3 kart"
    assert tr.say_n("log.capture.you", 1, card="K♥") == "K♥ ile yerdeki kartı aldın"
    assert tr.say_n("log.capture.you", 5, card="K♥") == "K♥ ile yerdeki kartları aldın (5 kart)"
    assert tr.say_n("log.leftover", 1, who="Kuzey") == "Yerde kalan kartı son alan Kuzey aldı"
    assert phrasebook.Phrasebook("en").say_n("label.pile", 0) == "Pile: empty"


def test_dates_and_numbers_are_written_as_each_language_writes_them(tr):
    moment = time.mktime((2026, 11, 27, 3, 5, 0, 0, 0, -1))
    assert when(moment) == "27.11.2026 03:05"
    assert tr.number(2000.5) == "2.000,5"
    assert tr.percent(0.44) == "%44"
    assert when(1e300) == "–"  # a time no calendar holds
    phrasebook.set_language("en")
    assert when(moment) == "2026-11-27 03:05"
    assert phrasebook.current().number(2000.5) == "2,000.5"


# ----------------------------------------------------------------- German
GERMAN = ("nom", "acc", "dat", "gen")
GERMAN_RANKS = {  # the article and the noun of a rank in each case
    "A": (("das", "Ass"), ("das", "Ass"), ("dem", "Ass"), ("des", "Asses")),
    "J": (("der", "Bube"), ("den", "Buben"), ("dem", "Buben"), ("des", "Buben")),
    "Q": (("die", "Dame"), ("die", "Dame"), ("der", "Dame"), ("der", "Dame")),
    "K": (("der", "König"), ("den", "König"), ("dem", "König"), ("des", "Königs")),
}
NUMBERS = dict(zip(RANK_TEXT[1:10], ("Zwei", "Drei", "Vier", "Fünf", "Sechs", "Sieben",
                                     "Acht", "Neun", "Zehn"), strict=True))  # fmt: skip
GERMAN_NAMES = {  # nominative, accusative, dative, genitive
    "Du": ("Du", "dich", "dir", "deiner"),
    "jemand": ("jemand", "jemanden", "jemandem", "jemandes"),
    "Nord": ("Nord",) * 4,
    "Platz 2": ("Platz 2",) * 4,
    "der Geber": ("der Geber", "den Geber", "dem Geber", "des Gebers"),
    "Du & Nord": ("Du & Nord", "dich & Nord", "dir & Nord", "deiner & Nord"),
}


@pytest.fixture
def de():
    book = phrasebook.set_language("de")
    yield book
    phrasebook.set_language("en")


def german_forms(rank: str) -> tuple[tuple[str, str], ...]:
    if rank in GERMAN_RANKS:
        return GERMAN_RANKS[rank]
    word = NUMBERS[rank]  # every number card is feminine: die Sieben
    return (("die", word), ("die", word), ("der", word), ("der", word))


@pytest.mark.parametrize("rank", RANK_TEXT)
@pytest.mark.parametrize("case", GERMAN)
def test_every_german_card_takes_its_article_and_case_by_rule(de, rank, case):
    article, noun = german_forms(rank)[GERMAN.index(case)]
    card = HEARTS + RANK_TEXT.index(rank)
    assert card_params(card)["card"] == "Herz-" + german_forms(rank)[0][1]
    assert form(de, card_params(card)["card"], case) == f"{article} Herz-{noun}"
    assert form(de, de.say(f"rank.{rank}"), case) == f"{article} {noun}"
    sign = rank + "♥"  # an index takes its card's article, and is said in its case
    assert form(de, sign, case) == f"{article} {sign}"
    assert spoken(form(de, sign, case)) == f"{article.capitalize()} Herz-{noun}"


@pytest.mark.parametrize("name", GERMAN_NAMES)
def test_german_pronouns_and_names_take_their_cases(de, name):
    assert tuple(form(de, name, case) for case in GERMAN) == GERMAN_NAMES[name]


def test_a_capital_name_gives_the_article_a_capital_and_prepositions_merge(de):
    hearts_jack = card_params(HEARTS + 10)
    assert de._fill("{Card:nom} passt.", hearts_jack) == "Der Herz-Bube passt."
    assert de._fill("{Card:acc}", hearts_jack) == "Den Herz-Buben"
    assert de._fill("zu {x:dat}, zu {y:dat}", {"x": "König", "y": "Dame"}) == (
        "zum König, zur Dame"
    )
    assert de._fill("Von {x:dat} bei {x:dat} in {x:dat} an {x:dat}", {"x": "Ass"}) == (
        "Vom Ass beim Ass im Ass am Ass"
    )
    assert de._fill("von {x:dat}", {"x": "Dame"}) == "von der Dame"  # (no "vonr")
    assert de._fill("{x:acc} und {y}", {"x": "7♥ 8♦", "y": "Bube"}) == "7♥ 8♦ und Bube"


def test_english_and_turkish_ignore_the_nominative(tr):
    assert form(tr, "kupa 4", "nom") == "kupa 4"
    assert form(phrasebook.Phrasebook("en"), "the 4 of hearts", "nom") == "the 4 of hearts"


def test_german_writes_numbers_percentages_and_dates_as_germans_do(de):
    assert de.number(2000.5) == "2.000,5"
    assert de.number(1234567, 0) == "1.234.567"
    assert de.percent(0.53) == "53\u00a0%"  # a space that never breaks the line
    assert when(time.mktime((2026, 12, 2, 14, 5, 0, 0, 0, -1))) == "02.12.2026 14:05"
    assert de.say_n("label.pile", 0) == "Stapel: leer"
    assert (de.say_n("label.pile", 1), de.say_n("label.pile", 4)) == (
        "Stapel: 1 Karte",
        "Stapel: 4 Karten",
    )
    assert de.upper("Buben-Pişti und Straße") == "BUBEN-PIŞTI UND STRASSE"
