"""German cases by rule: a catalogue writes ``{card:acc}`` or ``{whose:dat}`` and the
phrasebook fills in "den Herz-Buben" or "dir" (the Turkish endings are ``grammar.py``'s).

A card named in a case takes its definite article, chosen by the gender of its rank
(der König, der Bube, die Dame, das Ass, and every number card feminine: die Sieben), and
its noun declined: a masculine noun in -e is weak (der Bube, den/dem/des Buben), the other
masculines and neuters add -s or -es in the genitive (des Königs, des Asses). A card's
index takes the article of the card it names ("den J♥", "die 7♥"), and a voice reading
"den J♥" aloud says "den Herz-Buben" (``named_after``). The pronouns "du" and "jemand" have
their own forms (dich, dir; jemanden, jemandem); an article phrase ("der Geber") changes
its article; seats' names (Nord, Platz 1) stay as they are. The nominative (``nom``) is
the article and the noun, for a card at the head of a sentence ("{Card:nom} muss …").
After the forms are filled in, a preposition and an article the grammar added merge as
German writes them: "zu dem" -> "zum", "zu der" -> "zur", "von dem" -> "vom", "an dem" ->
"am", "in dem" -> "im", "bei dem" -> "beim".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from game.text.grammar import Inflect

FORMS = ("nom", "acc", "dat", "gen")
ARTICLES = {
    "m": ("der", "den", "dem", "des"),
    "f": ("die", "die", "der", "der"),
    "n": ("das", "das", "dem", "des"),
}
RANK_GENDER = {"A": "n", "K": "m", "Q": "f", "J": "m"}  # the numbers: "die Sieben"
PRONOUNS = {
    "du": ("du", "dich", "dir", "deiner"),
    "jemand": ("jemand", "jemanden", "jemandem", "jemandes"),
}
CARD_SIGN = re.compile(r"^(10|[2-9AJQK])[♣♦♥♠]$")
MERGED = re.compile(r"\b([Zz]u|[Vv]on|[Aa]n|[Ii]n|[Bb]ei) (dem|der)\b")
MERGES = {
    ("zu", "dem"): "zum",
    ("zu", "der"): "zur",
    ("von", "dem"): "vom",
    ("an", "dem"): "am",
    ("in", "dem"): "im",
    ("bei", "dem"): "beim",
}
DETERMINERS = ("d", "ein", "dein", "sein", "kein", "dies", "jed")  # + -en, -em, -es: den, deinem
ENDS = (("en", 1), ("em", 2), ("es", 3))  # accusative, dative, genitive
AFTER = {stem + end: case for stem in DETERMINERS for end, case in ENDS}


def declined(noun: str, gender: str) -> tuple[str, str, str, str]:
    """A noun's nominative, accusative, dative and genitive singular: weak masculines in -e
    take -n (Bube -> Buben), other masculines and neuters -s or -es in the genitive."""
    if gender == "f":
        return (noun,) * 4
    if gender == "m" and noun.endswith("e"):
        return noun, noun + "n", noun + "n", noun + "n"
    genitive = noun + ("es" if noun[-1:] in "sßxz" else "s")
    return noun, noun, noun, genitive


def declension(rank_words: Mapping[str, str]) -> Inflect:
    """German cases; ``rank_words`` are the ranks as the catalogue names them ("J" ->
    "Bube"), whose genders the rank signs give."""
    nouns = {
        word: (RANK_GENDER.get(rank, "f"), declined(word, RANK_GENDER.get(rank, "f")))
        for rank, word in rank_words.items()
    }

    def inflect(text: str, case: str) -> str:
        if case not in FORMS:
            return text
        if " & " in text:  # a side: "Du & Nord" -> "dir & Nord"
            return " & ".join(inflect(part, case) for part in text.split(" & "))
        return _form(text, FORMS.index(case), nouns)

    return inflect


def _form(text: str, i: int, nouns: Mapping[str, tuple[str, tuple[str, ...]]]) -> str:
    """``text`` in the case numbered ``i`` (nominative, accusative, dative, genitive)."""
    if text.lower() in PRONOUNS:
        return PRONOUNS[text.lower()][i] if i else text
    sign = CARD_SIGN.match(text)
    if sign:
        return f"{ARTICLES[RANK_GENDER.get(sign.group(1), 'f')][i]} {text}"
    if text.startswith("der "):  # a masculine noun with its article: "der Geber"
        return f"{ARTICLES['m'][i]} {declined(text[4:], 'm')[i]}"
    head, dash, noun = text.rpartition("-")
    if noun in nouns:
        gender, forms = nouns[noun]
        return f"{ARTICLES[gender][i]} {head}{dash}{forms[i]}"
    return text


def merged(text: str) -> str:
    """A preposition and its article as one word where German writes them so: "zum"."""

    def merge(m: re.Match[str]) -> str:
        word: str | None = MERGES.get((m[1].lower(), m[2]))
        if word is None:
            return m[0]
        return word.capitalize() if m[1][0].isupper() else word

    return MERGED.sub(merge, text)


def named_after(rank_words: Mapping[str, str]) -> Callable[[str, str], str]:
    """A card's name as said after the words before it: after "den", "dem", "des", "deinen"
    and the like (what a written "den J♥" carries) its noun takes that case ("den
    Herz-Buben")."""
    genders = {word: RANK_GENDER.get(rank, "f") for rank, word in rank_words.items()}

    def name_after(before: str, name: str) -> str:
        words = before.split()
        i = AFTER.get(words[-1].lower()) if words else None
        head, dash, noun = name.rpartition("-")
        if i is None or noun not in genders:
            return name
        return head + dash + declined(noun, genders[noun])[i]

    return name_after
