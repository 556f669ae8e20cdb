"""Case endings by rule, for the languages that have them: a catalogue writes ``{card:acc}``
or ``{who:dat}`` and the phrasebook fills in "kupa 4'ü" or "Kuzey'e" (English ignores the
form and writes the word as it is; German's articles and declensions are ``german.py``'s).
The nominative, ``nom``, is the word as it is in Turkish; German gives a card its article.

Turkish: the last word of the value takes the ending, by vowel harmony (two-way for
-(y)A, four-way for -(y)I), with the buffer consonant after a vowel (y; n for the
genitive), a t for d after a voiceless consonant (3'te, asta) and an apostrophe after
digits, card signs and proper names (Kuzey'e, 10'a, K♥'ı). Digits and card signs take the
harmony of the word said aloud (4 is "dört": 4'ü; K♥ is "papaz": K♥'ı), letters that of
their names (S'ye). Pronouns ("sen", "biri") have their own forms. Consonant softening
(kitap -> kitabı) is not done: no common noun the game inflects ends in p, ç, t or k
(after an apostrophe nothing softens: 4'ü, 3'ü).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

CASES = ("acc", "dat", "loc", "abl", "gen", "nom")
Inflect = Callable[[str, str], str]

VOWELS = "aeıioöuü"
BACK = "aıou"
VOICELESS = "fstkçşhp"
FOUR_WAY = {"a": "ı", "ı": "ı", "o": "u", "u": "u", "e": "i", "i": "i", "ö": "ü", "ü": "ü"}
ONES = ("sıfır", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz")
TENS = ("", "on", "yirmi", "otuz", "kırk", "elli", "altmış", "yetmiş", "seksen", "doksan")
PRONOUNS = {
    "sen": ("seni", "sana", "sende", "senden", "senin"),
    "ben": ("beni", "bana", "bende", "benden", "benim"),
    "biz": ("bizi", "bize", "bizde", "bizden", "bizim"),
    "siz": ("sizi", "size", "sizde", "sizden", "sizin"),
    "o": ("onu", "ona", "onda", "ondan", "onun"),
    "biri": ("birini", "birine", "birinde", "birinden", "birinin"),
}
SUIT_SIGNS = "♣♦♥♠"
NUMBER = re.compile(r"^%?\d[\d.]*(?:,(\d+))?$")
CARD_SIGN = re.compile(rf"^(10|[2-9AJQK])[{SUIT_SIGNS}]$")
TRAILING = "!?.…)»\"'"


def plain(word: str, case: str) -> str:
    """A language without case endings: the word as it is."""
    return word


def plain_name(before: str, name: str) -> str:
    """A language whose card names read the same whatever words come before them."""
    return name


DETERMINERS = {"the", "your", "my", "its", "his", "her", "their", "our", "a", "an", "this"}
# words that come between "your" and a card ("your own 3♣", "North's turned 9♦")
BETWEEN = {"own", "kept", "turned", "top", "next", "last", "first", "other", "lone", "new"}


def english_name(before: str, name: str) -> str:
    """An English card name after a word that already says whose or which card ("your 7♠",
    "the 7♥", "North's 9♠", "your own 3♣", "the kept 3♥"): without its own "the" ("your 7
    of spades", never "your the 7 of spades")."""
    words = [w.lower() for w in before.split()]
    if words and words[-1] in BETWEEN:  # "your own 3♣": the word that says whose is before
        words.pop()
    last = words[-1] if words else ""
    if name.startswith("the ") and (last in DETERMINERS or last.endswith(("'s", "’s"))):
        return name[len("the ") :]
    return name


def turkish(rank_words: Mapping[str, str]) -> Inflect:
    """Turkish endings; ``rank_words`` says how a card sign's letter is read ("K" -> "papaz")."""

    def inflect(text: str, case: str) -> str:
        head, _, word = text.rpartition(" ")
        core = word.rstrip(TRAILING)  # STOP!'a: the ending follows a name's own "!"
        if not core or case not in CASES or case == "nom":
            return text
        return (head + " " if head else "") + _ending(word, core, case, rank_words)

    return inflect


def _ending(word: str, core: str, case: str, rank_words: Mapping[str, str]) -> str:
    """``word`` with the case's ending, as ``core`` (the word without "!") asks for."""
    low = lower(core)
    if low in PRONOUNS and core == word:
        form = PRONOUNS[low][CASES.index(case)]
        return word[0] + form[1:] if word[:1].isupper() else form
    said, named = _said(core, rank_words)
    if said is None:
        return word
    suffix = _suffix(said, case)
    if named:
        return f"{word}'{suffix}"
    return word + suffix


def _said(word: str, rank_words: Mapping[str, str]) -> tuple[str | None, bool]:
    """How the word ends aloud, and whether it takes an apostrophe (digits, signs, names)."""
    sign = CARD_SIGN.match(word)
    if sign:
        rank = sign.group(1)
        return (number_word(int(rank)) if rank.isdigit() else rank_words.get(rank)), True
    number = NUMBER.match(word)
    if number:
        digits = number.group(1) or word.strip("%").split(",")[0].replace(".", "")
        return number_word(int(digits)), True
    if not any(c in VOWELS for c in lower(word)):
        return "se", True  # letters, said "se", "be": S'ye, sn'ye
    return word, word[:1].isupper()


def _suffix(said: str, case: str) -> str:
    low = lower(said)
    vowel = next((c for c in reversed(low) if c in VOWELS), "e")
    ends_vowel = low[-1] in VOWELS
    a = "a" if vowel in BACK else "e"
    i = FOUR_WAY[vowel]
    d = "t" if low[-1] in VOICELESS else "d"
    return {
        "acc": ("y" if ends_vowel else "") + i,
        "dat": ("y" if ends_vowel else "") + a,
        "loc": d + a,
        "abl": d + a + "n",
        "gen": ("n" if ends_vowel else "") + i + "n",
    }[case]


def number_word(n: int) -> str:
    """The last word of ``n`` said in Turkish, which its endings follow: 151 -> "bir"."""
    if n == 0:
        return ONES[0]
    for unit, word in ((10**9, "milyar"), (10**6, "milyon"), (1000, "bin"), (100, "yüz")):
        if n % unit == 0:
            return word
    return ONES[n % 10] if n % 10 else TENS[n // 10 % 10]


def lower(text: str) -> str:
    """Lower case as Turkish writes it (I -> ı, İ -> i)."""
    return text.replace("I", "ı").replace("İ", "i").lower()
